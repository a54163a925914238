//! A player's preferences by mail (README, "How players talk to herald"). Their own time zone:
//! `zone NAME` makes the times in all their games' mails show in it, the opponent's stay the
//! club's, a name the time zone database does not know is refused and changes nothing, `zone
//! club` goes back. Their mails' format: `format text` for plain text alone, in all their
//! games, `format html` for the board picture again.
//! On a real SQLite file and Maildirs (tests/support/table.rs), players replying as mail
//! clients do.
//!
//! The times are worked out by hand: the club's zone is UTC, games begin on Saturday
//! 2026-11-21 at 12:00 UTC; Europe/Berlin is UTC+1 (CET) in November. With the club's three
//! days per move, a first move is due by 2026-11-24 12:00 UTC, 13:00 CET; in "2 moves in 5
//! days", counted in the club's days, by the end of 2026-11-26 (UTC), which is 2026-11-27
//! 01:00 CET.

use crate::support;
use crate::support::mime::says;

use herald::mail::reader::{ReadLimits, read_mail};
use herald::referee::records::Player;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// Subject and body of `who`'s latest mail.
fn latest(table: &Table, who: &str) -> (String, String) {
    let raw = table.mails(who).pop().expect("a mail");
    let mail = read_mail(&raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

/// The body of `who`'s latest mail of game `game`.
fn latest_of(table: &Table, who: &str, game: i64) -> String {
    read_mail(&table.latest_in(who, game), &ReadLimits::default()).unwrap().body
}

#[test]
fn a_players_time_zone_shows_in_all_their_games_and_only_theirs() {
    let mut table = Table::new("zone");
    let per_move = table.new_game("chess");
    let in_days = table.new_game_with("chess", "2 moves in 5 days".parse().unwrap());

    // Lower case is the same zone, spelt as the time zone database spells it.
    table.reply(ALICE, "zone europe/berlin");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{in_days}] chess: your time zone, your move (1.)"));
    says(&body, "Your time zone is now Europe/Berlin: the times in the mails of all your games are shown");
    says(&body, "Days are still counted in the club's calendar (UTC).");
    says(&body, "It is your move (1.). Please reply by the end of 2026-11-26 (UTC), 2026-11-27 01:00 CET your time.");
    let bob_before = table.mails(BOB).len();

    // Her other game, and her list of games, show her zone too.
    table.reply(ALICE, "games");
    let (_, body) = latest(&table, ALICE);
    says(&body, &format!("#{per_move} chess against Bob: your move (1.), due by 2026-11-24 13:00 CET"));
    says(
        &body,
        &format!(
            "#{in_days} chess against Bob: your move (1.), due by the end of 2026-11-26 (UTC), 2026-11-27 01:00 CET your time"
        ),
    );
    table.reply(ALICE, &format!("board {per_move}"));
    says(&latest(&table, ALICE).1, "Please reply by 2026-11-24 13:00 CET.");
    assert_eq!(table.mails(BOB).len(), bob_before, "Bob is not told");

    // Bob's times stay the club's. Alice's move, her fourth reply, reaches him at 12:04 UTC (a
    // minute per reply since 12:00); his three days run from then.
    table.reply(ALICE, "e4");
    let (_, body) = latest(&table, BOB);
    says(&body, "Please reply by 2026-11-24 12:04 UTC.");
    assert!(!body.contains("CET") && !body.contains("your time"), "Alice's zone shows in Bob's mail:\n{body}");

    // A game that begins later shows it from the invitation on.
    let alice = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let bob = Player { email: BOB.into(), name: Some("Bob".into()) };
    let later = table.service.new_game("chess", alice, bob).unwrap();
    table.pass_after(0);
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{later}]"));
    says(&body, "Please reply by 2026-11-24 13:04 CET.");

    // A name the database does not know is refused, and changes nothing.
    table.reply(ALICE, "zone Mars/Olympus");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, "not accepted");
    says(&body, "I know no time zone \"Mars/Olympus\"");
    says(&body, "Please reply by 2026-11-24 13:04 CET.");

    // `zone club` goes back to the club's.
    table.reply(ALICE, "zone club");
    let (_, body) = latest(&table, ALICE);
    says(&body, "The mails of all your games show the club's times again (UTC).");
    says(&body, "Please reply by 2026-11-24 12:04 UTC.");
}

/// The moves of a game written by hand in each notation: 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+
/// 4. Be2 Bg4 5. Nf3 Nc6 6. O-O (a capture, a check, castling). ICCF numbers: files a..h are
/// 1..8, castling is the king's move.
const SAN: [&str; 11] = ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "Bg4", "Nf3", "Nc6", "O-O"];
const LONG: &str = "Moves: 1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-e5+ 4. Bf1-e2 Bc8-g4 5. Ng1-f3 Nb8-c6 6. O-O";
const ICCF: &str = "Moves: 1. 5254 4745 2. 5445 4845 3. 2133 4555 4. 6152 3874 5. 7163 2836 6. 5171";

#[test]
fn a_players_notation_shows_in_their_mails_of_chess_and_capablanca_only() {
    let mut table = Table::new("notation");
    let capablanca = table.new_game("capablanca");
    let chess = table.new_game("chess");
    table.reply(ALICE, "notation long");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{chess}] chess: your notation, "));
    says(&body, "Your moves are now shown in long algebraic notation (Ng1-f3, e4xd5, O-O)");
    assert!(!body.contains("keeps its own"), "{body}");
    table.reply(BOB, "Notation ICCF.");
    says(&latest(&table, BOB).1, "Your moves are now shown in ICCF numeric notation");
    table.reply(BOB, "notation fancy");
    let (subject, body) = latest(&table, BOB);
    says(&subject, "not accepted");
    says(&body, "I know no notation \"fancy\"");

    // The players write their moves as they like; each reads them in their own notation.
    for (i, san) in SAN.iter().enumerate() {
        table.reply(if i % 2 == 0 { ALICE } else { BOB }, san);
    }
    let (_, alice) = latest(&table, ALICE);
    says(&alice, "Your move 6. O-O is recorded.");
    says(&alice, LONG);
    let (_, bob) = latest(&table, BOB);
    says(&bob, "Alice played 6. 5171.");
    says(&bob, ICCF);
    says(&bob, "Last move: 6. 5171");
    // The archive keeps the variant's own notation.
    let archive = table.service.archive(chess).unwrap();
    let recorded: Vec<String> = archive.moves.iter().map(|m| m.notation.clone()).collect();
    assert_eq!(recorded, SAN);

    // Capablanca's 10x8 board has no ICCF numbers: Bob reads its moves as the variant writes
    // them; Alice reads them in long algebraic notation.
    table.reply_in(ALICE, capablanca, "e4");
    let (_, bob) = latest(&table, BOB);
    says(&bob, "Alice played 1. e4.");
    says(&latest_of(&table, ALICE, capablanca), "Moves: 1. e2-e4");
    table.reply_in(BOB, capablanca, "notation iccf");
    says(&latest_of(&table, BOB, capablanca), "This game's variant keeps its own.");
}

#[test]
fn a_player_may_have_mails_of_plain_text_alone() {
    let mut table = Table::new("format");
    let first = table.new_game("chess");
    let with_picture = vec!["text/plain".to_string(), "text/html".to_string(), "image/png".to_string()];
    assert_eq!(
        support::mime::part_types(&table.mails(ALICE).pop().unwrap()),
        with_picture,
        "the picture is there by default"
    );

    table.reply(ALICE, "format text");
    let raw = table.mails(ALICE).pop().unwrap();
    assert_eq!(support::mime::part_types(&raw), vec!["text/plain".to_string()], "the answer is already text alone");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{first}] chess: your mail format, your move (1.)"));
    says(&body, "From now on my mails to you, in all your games, are plain text alone");

    // Her moves' mails, and a new game's, are text alone; Bob's keep the picture.
    table.reply(ALICE, "e4");
    assert_eq!(support::mime::part_types(&table.mails(ALICE).pop().unwrap()), vec!["text/plain".to_string()]);
    assert_eq!(support::mime::part_types(&table.mails(BOB).pop().unwrap()), with_picture);
    let second = table.new_game("chess");
    assert_eq!(support::mime::part_types(&table.latest_in(ALICE, second)), vec!["text/plain".to_string()]);
    assert_eq!(support::mime::part_types(&table.latest_in(BOB, second)), with_picture);

    // A word that names no format is refused and changes nothing.
    table.reply(ALICE, "format pdf");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, "not accepted");
    says(&body, "I know no mail format \"pdf\"");
    let stored = table.service.store().read(|tx| tx.preferences_of(ALICE)).unwrap();
    assert!(stored.plain_text, "still text alone");

    table.reply(ALICE, "format html");
    let raw = table.mails(ALICE).pop().unwrap();
    assert_eq!(support::mime::part_types(&raw), with_picture);
    says(&latest(&table, ALICE).1, "carry the board drawn as a picture");
    let stored = table.service.store().read(|tx| tx.preferences_of(ALICE)).unwrap();
    assert!(!stored.plain_text);
}

#[test]
fn what_a_player_writes_is_only_text_in_the_html() {
    let mut table = Table::new("format-hostile");
    table.new_game("chess");
    table.reply(ALICE, "<img src=x onerror=alert(1)> & \"quotes\"");
    let raw = table.mails(ALICE).pop().unwrap();
    let html = support::mime::html(&raw).expect("a refusal shows the board too");
    says(&html, "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;");
    assert!(!html.contains("<img src=x"), "{html}");
    // Exactly one image, the board, by cid.
    assert_eq!(html.matches("<img ").count(), 1, "{html}");
}
