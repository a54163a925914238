//! Crown-3 keeps its hidden square secret, tested by difference (docs/rules/crown-3.md, "The
//! secrecy test"): the same game is played twice by the referee core, with the same moves and
//! the same nonces, once with White's crown hidden on d5 and once on e6. Then 34 plies
//! follow that stop on neither square, cross both and stop next to both. Until the square is
//! found, every mail to Black, every view of the public (the sea-battle grid included), the
//! game's PGN and its page and archive on the club's site must be byte for byte the same in
//! both games once the commitment hashes and chain heads are masked (they differ with the
//! value and reveal nothing without the nonce). White's own mails may differ only where they
//! name White's square: the notice and the grid's `C`. Whatever a template, a notice, a
//! check mark or the grid might let slip, this finds it without having to guess its words.

use crate::support;

use std::cell::Cell;

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::referee::export::{self, PgnHeader};
use herald::referee::records::{GameRecord, MoveRecord, OutgoingRecord, Player, Verdict};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::referee::{Decision, Referee, Settings};
use herald::site::{self, GamePage, Site};
use herald::variants::{self, Observer, diagram};
use support::core::{club_settings, player_mail};
use support::hashes::mask_hashes;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The two squares White's crown is hidden on, one per game.
const SQUARES: [&str; 2] = ["d5", "e6"];

/// The readable text of a mail as sent: headers, decoded text parts, and its picture by digest.
fn text(mail: &OutgoingRecord) -> String {
    support::mime::readable(&mail.message().expect("the mail as sent"))
}

/// What one mail of the script gave everyone to read.
struct Step {
    who: &'static str,
    said: String,
    verdict: Verdict,
    to_white: Vec<String>,
    to_black: Vec<String>,
    /// The public's view now: the board as `herald game show` draws it, the move list, the
    /// notices, the whole `View`, and the PGN export.
    public: String,
    /// Every file of the club's site for this game (page, archive, index).
    site: Vec<(String, String)>,
    /// The event log's details of this mail.
    events: Vec<String>,
    /// The game's record after the mail.
    record: GameRecord,
}

/// One game of crown-3 on the referee core, Alice (White) against Bob (Black), and everything
/// its script gave everyone to read.
fn play(script: &[(&'static str, String)]) -> Vec<Step> {
    let settings: Settings = club_settings();
    let templates = Templates::built_in();
    let tokens = Tokens::new(b"the same secret");
    let counter = Cell::new(0u8);
    let nonces = || {
        counter.set(counter.get() + 1);
        [counter.get(); 16]
    };
    let referee = Referee::new(&settings, &templates, &tokens, &nonces);
    let crown3 = variants::by_id("crown-3").expect("crown-3 is a variant");
    let mut now: Timestamp = "2026-11-21T12:00:00Z".parse().unwrap();
    let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let black = Player { email: BOB.into(), name: Some("Bob".into()) };
    let effects = referee.start_game(1, crown3, white, black, now).unwrap();
    let mut record = effects.game.unwrap();
    let mut moves: Vec<MoveRecord> = Vec::new();
    let mut steps = Vec::new();
    for (n, (who, said)) in script.iter().enumerate() {
        let color = if *who == ALICE { Color::White } else { Color::Black };
        let token = tokens.token(1, color);
        let mail = player_mail(n as u32, who, &token, "Re: [herald #1] crown-3", said);
        let decision: Decision = referee.handle_mail(&mail, Some(record.clone()), now).unwrap();
        if let Some(game) = &decision.effects.game {
            record = game.clone();
        }
        moves.extend(decision.effects.moves.iter().cloned());
        now = now.checked_add(jiff::SignedDuration::from_mins(10)).unwrap();
        let to = |addr: &str| decision.effects.mails.iter().filter(|m| m.recipient == addr).map(text).collect();
        steps.push(Step {
            who,
            said: said.clone(),
            verdict: decision.verdict,
            to_white: to(ALICE),
            to_black: to(BOB),
            public: public(&record),
            site: site_files(&record, &moves),
            events: decision.effects.events.iter().map(|e| e.detail.clone()).collect(),
            record: record.clone(),
        });
    }
    steps
}

/// What anyone who is not a player may see of the game now.
fn public(record: &GameRecord) -> String {
    let variant = variants::by_id(&record.variant).unwrap();
    let game = variant.restore(&record.snapshot).unwrap();
    let view = game.view(Observer::Public);
    let header = PgnHeader {
        event: "herald game #1".into(),
        site: "referee@club.test".into(),
        date: "2026.11.21".into(),
        round: "-".into(),
        white: "Alice".into(),
        black: "Bob".into(),
        result: record.result.as_ref().map(|r| (r.score.clone(), r.reason.clone())),
    };
    format!(
        "{}\nMoves: {}\n{}\n{view:?}\n{}",
        diagram::render(&view, Color::White),
        diagram::move_list(&view),
        view.notices.join("\n"),
        export::pgn(&header, game.as_ref(), Observer::Public)
    )
}

/// The club's site with this one game on it.
fn site_files(record: &GameRecord, moves: &[MoveRecord]) -> Vec<(String, String)> {
    let page = GamePage { record: record.clone(), moves: moves.to_vec(), tournament: None };
    let site = Site::new("The club", Vec::new(), vec![page]);
    site::render(&site).expect("the site renders").into_iter().map(|f| (f.name, f.contents)).collect()
}

/// The script: White's queen (uncrowned: White crowned the king) falls at 3... Nxe2, White
/// tries to hide its crown under its own king, then hides it (on `square`), and the game goes
/// on for 33 plies that never stop on d5 or e6. 7. Bxf7 and 8. Bb3 cross both squares, 5...
/// Bg4 and 8... e5 cross e6, 21... Rd6 crosses d5; 5... Nf6, 7... Kd7, 8... e5, 9. d4, 11. c4,
/// 12. c5, 12... Ne4, 13. cxd6, 14. Ne5, 15... Rf5, 19... Qe7, 20... Rd4 and 21... Rd6 stop
/// next to one or both. Along the way Black asks for the board and the help and tries to hide
/// a crown it may not hide, White tries a second hide, and 17... Rxe4 attacks White's king,
/// an ordinary piece now (no check mark). Then 22. a3 and 22... Rd5, which finds the crown in
/// the first game and is a miss in the second.
fn script(square: &str) -> Vec<(&'static str, String)> {
    let lines: &[(&'static str, &str)] = &[
        (ALICE, "crown king"),
        (BOB, "crown queen"),
        (ALICE, "e3"),
        (BOB, "Nc6"),
        (ALICE, "Qe2"),
        (BOB, "Nd4"),
        (ALICE, "Nf3"),
        (BOB, "Nxe2"),
        (ALICE, "Bxe2"),
        (BOB, "d6"),
        (ALICE, "hide e1"),
        (ALICE, "HIDE"),
        (BOB, "Bg4"),
        (ALICE, "Bc4"),
        (BOB, "Nf6"),
        (ALICE, "Bxf7"),
        (BOB, "Kd7"),
        (ALICE, "Bb3"),
        (BOB, "hide d5"),
        (BOB, "e5"),
        (ALICE, "d4"),
        (BOB, "exd4"),
        (ALICE, "exd4"),
        (BOB, "board"),
        (BOB, "Be7"),
        (ALICE, "c4"),
        (BOB, "Rf8"),
        (ALICE, "c5"),
        (BOB, "Ne4"),
        (ALICE, "cxd6"),
        (BOB, "Bxd6"),
        (ALICE, "Ne5"),
        (BOB, "Bxe5"),
        (ALICE, "dxe5"),
        (BOB, "Rf5"),
        (ALICE, "Bc2"),
        (BOB, "help"),
        (BOB, "Rxe5"),
        (ALICE, "Bxe4"),
        (BOB, "Rxe4"),
        (ALICE, "hide e5"),
        (ALICE, "Kf1"),
        (BOB, "Bh3"),
        (ALICE, "gxh3"),
        (BOB, "Qe7"),
        (ALICE, "Nc3"),
        (BOB, "Rd4"),
        (ALICE, "board"),
        (ALICE, "Nb5"),
        (BOB, "Rd6"),
        (ALICE, "a3"),
        (BOB, "Rd5"),
    ];
    lines
        .iter()
        .map(|&(who, said)| (who, if said == "HIDE" { format!("hide {square}") } else { said.to_string() }))
        .collect()
}

/// The ply of each move of the script (from 1), or `None` for a mail that played none.
fn plies(steps: &[Step]) -> Vec<Option<usize>> {
    let mut ply = 0;
    steps
        .iter()
        .map(|s| {
            (s.verdict == Verdict::Move).then(|| {
                ply += 1;
                ply
            })
        })
        .collect()
}

/// Whether White's hidden crown has been opened, or the game is over, after this step.
fn ended(step: &Step) -> bool {
    step.record.result.is_some()
        || step.record.commitments.iter().any(|c| c.commitment.label == "white.hidden-crown" && c.revealed)
}

/// White's mail with what names White's square put back to a common form: the notice, and the
/// `C` of the grid of White's crown (its only `C`; every other cell is `x` or `.`). Returns
/// the text, and the file and rank of the `C`, read from the grid's labels, if there was one.
fn without_white_square(mail: &str, square: &str) -> (String, Option<(char, char)>) {
    let notice = format!("Your crown is hidden on {square}.");
    let mut lines: Vec<String> =
        mail.replace(&notice, "Your crown is hidden on <square>.").split('\n').map(str::to_string).collect();
    let mut found = None;
    // The grid is in the text part and again in the HTML part: each shows the same C.
    let starts: Vec<usize> =
        lines.iter().enumerate().filter(|(_, l)| l.starts_with("White's hidden crown:")).map(|(i, _)| i).collect();
    for start in starts {
        let mut in_grid = None;
        // The file labels, then eight ranks, each "5  . . C . . . . .  5".
        let files: Vec<char> = lines[start + 1].split_whitespace().filter_map(|w| w.chars().next()).collect();
        assert_eq!(files.len(), 8, "{mail}");
        for line in &mut lines[start + 2..start + 10] {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!((words.len(), words[0]), (10, words[9]), "a rank of the grid, labelled on both sides: {line}");
            if let Some(i) = words[1..9].iter().position(|c| *c == "C") {
                assert!(in_grid.is_none(), "one C in the grid:\n{mail}");
                in_grid = Some((files[i], words[0].chars().next().unwrap()));
                *line = line.replacen(" C", " .", 1);
            }
        }
        assert!(found.is_none() || found == in_grid, "every copy of the grid shows the same C:\n{mail}");
        found = in_grid;
    }
    (lines.join("\n"), found)
}

#[test]
fn black_and_the_public_cannot_tell_where_white_hid_the_crown() {
    let games: Vec<Vec<Step>> = SQUARES.iter().map(|sq| play(&script(sq))).collect();
    let (d5, e6) = (&games[0], &games[1]);
    let plies = plies(d5);
    assert_eq!(plies, self::plies(e6), "the same mails are moves in both games");

    // The hide was a move in both games, after the refused `hide e1`.
    let hide = d5.iter().position(|s| s.said.starts_with("hide d5")).unwrap();
    assert_eq!(d5[hide].verdict, Verdict::Move);
    assert_eq!(d5[hide - 1].verdict, Verdict::Rejected, "hide e1: the king stands there");
    // The find: 22... Rd5 in the first game, the script's last mail. Everything before it is
    // compared.
    let found = d5.iter().position(ended).expect("Rd5 finds White's crown in the first game");
    assert_eq!(found, d5.len() - 1);
    assert!(!e6.iter().any(ended), "nothing ends the second game");
    // 5. hide is ply 9; 34 plies follow it before 22... Rd5 (ply 44), all of them compared.
    assert_eq!((plies[hide], plies[found]), (Some(9), Some(44)));
    assert_eq!(plies[hide + 1..found].iter().flatten().count(), 34);

    for (i, (a, b)) in d5[..found].iter().zip(&e6[..found]).enumerate() {
        let what = format!("mail {i} ({} {:?})", a.who, a.said.replace("d5", "SQUARE"));
        assert_eq!(a.verdict, b.verdict, "{what}");
        assert_eq!(a.to_black.len(), b.to_black.len(), "{what}: Black gets as many mails either way");
        for (x, y) in a.to_black.iter().zip(&b.to_black) {
            assert_eq!(mask_hashes(x), mask_hashes(y), "{what}: the mail to Black differs with White's square");
        }
        assert_eq!(mask_hashes(&a.public), mask_hashes(&b.public), "{what}: the public's view differs");
        assert_eq!(a.site.len(), b.site.len());
        for ((name, x), (_, y)) in a.site.iter().zip(&b.site) {
            assert_eq!(mask_hashes(x), mask_hashes(y), "{what}: the site's {name} differs");
        }
        assert_eq!(a.events, b.events, "{what}: the event log differs");
        for (events, square) in [(&a.events, "d5"), (&b.events, "e6")] {
            assert!(events.iter().all(|e| !e.contains(square)), "{what}: the log names the square: {events:?}");
        }
        // White's own mails name White's square only in the notice and the grid's C.
        assert_eq!(a.to_white.len(), b.to_white.len(), "{what}");
        for (x, y) in a.to_white.iter().zip(&b.to_white) {
            let (x, c_in_d5) = without_white_square(&mask_hashes(x), "d5");
            let (y, c_in_e6) = without_white_square(&mask_hashes(y), "e6");
            assert_eq!(x, y, "{what}: White's mails differ beyond the notice and the C");
            if i >= hide {
                assert_eq!((c_in_d5, c_in_e6), (Some(('d', '5')), Some(('e', '6'))), "{what}");
            } else {
                assert_eq!((c_in_d5, c_in_e6), (None, None), "{what}: no crown is hidden yet");
            }
        }
    }

    // What is compared holds what the rules page promises, so that the comparison is of the
    // real thing: the grid of misses in every mail after the hide, the notices, no check mark.
    let after_hide = &d5[hide];
    for mail in after_hide.to_black.iter().chain(&after_hide.to_white).chain(std::iter::once(&after_hide.public)) {
        assert!(mail.contains("White's hidden crown: 30 of 64 squares ruled out (x), 34 unsearched (.)"), "{mail}");
    }
    for mail in after_hide.to_black.iter().chain(&after_hide.to_white) {
        assert!(support::mime::new_commitment(mail, "white.hidden-crown").is_some(), "{mail}");
    }
    assert!(after_hide.to_white[0].contains("Your crown is hidden on d5."), "{}", after_hide.to_white[0]);
    assert!(after_hide.to_black[0].contains("White's crown is hidden."), "{}", after_hide.to_black[0]);
    assert!(after_hide.public.contains("White's crown is hidden."), "{}", after_hide.public);
    let rxe4 = d5.iter().position(|s| s.said == "Rxe4").unwrap();
    assert!(d5[rxe4].to_white[0].contains("Bob played 17... Rxe4."), "{}", d5[rxe4].to_white[0]);
    let last_compared = &d5[found - 1];
    assert!(last_compared.public.contains("21. Nb5 Rd6 22. a3"), "{}", last_compared.public);
    // The site's page keeps the grid's lines (a notice of several lines is preformatted).
    let page = &last_compared.site.iter().find(|(name, _)| name == "game-1.html").unwrap().1;
    assert!(page.contains("<pre>White&#x27;s hidden crown: "), "{page}");

    // The refusals went to the sender alone.
    for steps in &games {
        for said in ["hide e1", "hide e5"] {
            let refused = steps.iter().find(|s| s.said == said).unwrap();
            assert_eq!(refused.verdict, Verdict::Rejected, "{said}");
            assert_eq!((refused.to_white.len(), refused.to_black.len()), (1, 0), "{said} is answered to White only");
        }
        let black_hide = steps.iter().find(|s| s.said == "hide d5" && s.who == BOB).unwrap();
        assert_eq!((black_hide.to_white.len(), black_hide.to_black.len()), (0, 1));
        assert!(black_hide.to_black[0].contains("uncrowned monarch has fallen"), "{}", black_hide.to_black[0]);
    }
    let refused = &d5[hide - 1].to_white[0];
    assert!(refused.contains("e1 is not free"), "{refused}");

    // 22... Rd5: the find in the first game, opened with the move; a miss in the second.
    let (find, miss) = (&d5[found], &e6[found]);
    let opened = find.record.commitments.iter().find(|c| c.commitment.label == "white.hidden-crown").unwrap();
    assert_eq!((opened.revealed, opened.revealed_at_ply), (true, Some(plies[found].unwrap() as u32)));
    assert_eq!(find.record.result.as_ref().map(|r| r.score.as_str()), Some("0-1"));
    for mail in find.to_black.iter().chain(&find.to_white) {
        assert!(mail.contains("Black found White's crown on d5."), "{mail}");
        assert!(mail.contains("white.hidden-crown = d5"), "{mail}");
    }
    assert!(miss.record.result.is_none());
    assert!(miss.to_black[0].contains("White's hidden crown: "), "{}", miss.to_black[0]);
    // What Black reads: the text of each part, without the mail's headers or its parts' own
    // ("Content-Transfer-Encoding: base64" holds an "e6" of its own).
    let body = |mail: &String| {
        let text: Vec<&str> =
            mail.split_once("\n\n").unwrap().1.lines().filter(|l| !l.starts_with("Content-")).collect();
        mask_hashes(&text.join("\n"))
    };
    assert!(!miss.to_black.iter().any(|m| body(m).contains("e6")), "the miss names no square of White's");
}
