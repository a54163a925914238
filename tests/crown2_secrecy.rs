//! Crown-2's mine stays secret, tested by difference (docs/rules/crown-2.md, "The secrecy
//! test"): the referee core plays the same game twice, with the same moves and the same
//! nonces, once with White's mined stone on c3 (`S@c3*,f3`) and once on f3 (`S@c3,f3*`). Until
//! a mined stone is captured, every mail Black gets, every view of the public observer and the
//! site's pages must be the same in both, byte for byte, but for the hashes (the commitments of
//! the two stones differ with their values, and the chain heads with them; none reveals
//! anything without its nonce). The script captures the third stone, plain in both, whose
//! commitment opens to the same value and nonce in both, and stops before c3 or f3 is touched.
//! A drop refused for its `*` is answered to White alone.

use crate::support;

use std::cell::Cell;

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::referee::Referee;
use herald::referee::records::{GameRecord, MoveRecord, OutgoingRecord, Player};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::site::{self, GamePage, Site};
use herald::variants::{self, Observer};
use support::core::{club_settings, player_mail};
use support::hashes::mask_hashes;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The readable text of a mail as sent: headers, decoded text parts, and its picture by digest.
fn text(mail: &OutgoingRecord) -> String {
    support::mime::readable(&mail.message().expect("the mail as sent"))
}

/// What anyone but White could see after each step: Bob's new mails, the public view, and the
/// site's pages of the game.
fn outsider(record: &GameRecord, moves: &[MoveRecord], bob: &[&OutgoingRecord]) -> Vec<String> {
    let mut seen: Vec<String> = bob.iter().map(|m| text(m)).collect();
    let game = variants::by_id("crown-2").unwrap().restore(&record.snapshot).unwrap();
    seen.push(format!("{:?}", game.view(Observer::Public)));
    let page = GamePage { record: record.clone(), moves: moves.to_vec(), tournament: None };
    let files = site::render(&Site::new("Club", Vec::new(), vec![page])).unwrap();
    seen.extend(files.into_iter().map(|f| format!("{}\n{}", f.name, f.contents)));
    seen
}

/// Plays the script with White's first drop written `first_drop`; returns what outsiders saw
/// after each step, until a mined stone is captured, and the mails White got.
fn play(first_drop: &str) -> (Vec<String>, Vec<String>) {
    let settings = club_settings();
    let templates = Templates::built_in();
    let tokens = Tokens::new(b"the same secret");
    let counter = Cell::new(0u8);
    let nonces = || {
        counter.set(counter.get() + 1);
        [counter.get(); 16]
    };
    let referee = Referee::new(&settings, &templates, &tokens, &nonces);
    let now: Timestamp = "2026-11-26T12:00:00Z".parse().unwrap();
    let variant = variants::by_id("crown-2").unwrap();
    let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let black = Player { email: BOB.into(), name: Some("Bob".into()) };
    let effects = referee.start_game(1, variant, white, black, now).unwrap();
    let mut record: GameRecord = effects.game.unwrap();
    let mut moves: Vec<MoveRecord> = Vec::new();
    let mut seen = Vec::new();
    let mut alice = Vec::new();
    // 5...Bxc5 takes White's uncrowned queen: White's stones are free. White drops two, the
    // mine among them; a second `*` is refused; the third stone, plain, enters on h3, and
    // Black's pawn takes it (9...gxh3).
    let script: Vec<(&str, &str)> = vec![
        (ALICE, "crown king"),
        (BOB, "crown queen"),
        (ALICE, "d4"),
        (BOB, "e5"),
        (ALICE, "Qd2"),
        (BOB, "a6"),
        (ALICE, "Qd3"),
        (BOB, "a5"),
        (ALICE, "Qc4"),
        (BOB, "a4"),
        (ALICE, "Qc5"),
        (BOB, "Bxc5"),
        (ALICE, first_drop),
        (BOB, "Nf6"),
        (ALICE, "S@h3*"),
        (BOB, "board"),
        (ALICE, "S@h3"),
        (BOB, "g5"),
        (ALICE, "Nd2"),
        (BOB, "g4"),
        (ALICE, "Nb3"),
        (BOB, "gxh3"),
    ];
    for (n, (who, body)) in script.into_iter().enumerate() {
        let color = if who == ALICE { Color::White } else { Color::Black };
        let mail = player_mail(n as u32, who, &tokens.token(1, color), "Re: game", body);
        let decision = referee.handle_mail(&mail, Some(record.clone()), now).unwrap();
        if let Some(game) = decision.effects.game {
            record = game;
        }
        moves.extend(decision.effects.moves);
        let mined_taken = record
            .commitments
            .iter()
            .any(|c| c.revealed && c.commitment.label.starts_with("white.stone") && c.commitment.value == "mined");
        assert!(!mined_taken, "the script never takes the mined stone");
        let bob: Vec<&OutgoingRecord> = decision.effects.mails.iter().filter(|m| m.recipient == BOB).collect();
        seen.push(format!("after mail {n} from {who}:"));
        seen.extend(outsider(&record, &moves, &bob));
        alice.extend(decision.effects.mails.iter().filter(|m| m.recipient == ALICE).map(text));
    }
    // The script did what it says: three White stones entered, the third was taken and
    // opened as plain.
    let stones: Vec<(&str, bool)> = record
        .commitments
        .iter()
        .filter(|c| c.commitment.label.starts_with("white.stone"))
        .map(|c| (c.commitment.label.as_str(), c.revealed))
        .collect();
    assert_eq!(stones, [("white.stone1", false), ("white.stone2", false), ("white.stone3", true)]);
    (seen, alice)
}

#[test]
fn black_cannot_tell_which_stone_is_mined() {
    let (on_c3, alice_c3) = play("S@c3*,f3");
    let (on_f3, alice_f3) = play("S@c3,f3*");
    assert_eq!(on_c3.len(), on_f3.len(), "the outsiders see as much either way");
    for (i, (a, b)) in on_c3.iter().zip(&on_f3).enumerate() {
        assert_eq!(mask_hashes(a), mask_hashes(b), "item {i} differs with the mine");
    }
    // The test can fail: White's own mails do say where the mine is.
    let told = |mails: &[String], square: &str| mails.iter().any(|m| m.contains(&format!("{square} mined")));
    assert!(told(&alice_c3, "c3") && !told(&alice_c3, "f3"));
    assert!(told(&alice_f3, "f3") && !told(&alice_f3, "c3"));
    // The refused `*` was answered to White alone, saying why.
    assert!(alice_c3.iter().any(|m| m.contains("already entered")));
    assert!(on_c3.iter().all(|m| !m.contains("already entered")));
}
