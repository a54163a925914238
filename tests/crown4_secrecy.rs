//! Crown-4's crowned half stays secret, tested by difference: the same game is played twice
//! by the referee core, with the same mails and the same nonces, once with White's W half
//! crowned at the split and once with the F half. Until a half is captured, every mail Black
//! gets and every Public view of the game must be the same in both, byte for byte, except for
//! the commitment hashes (which differ because the values do, and reveal nothing without the
//! nonce). After the split both halves stand attacked for more than twenty plies — a pawn
//! beside the W half, a knight on the F half — so a check mark, a "you are in check" or a
//! notice that depended on the secret would show.

use crate::support;

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::referee::Referee;
use herald::referee::records::{GameRecord, OutgoingRecord, Player, Verdict};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::variants::{self, Observer};
use support::core::{club_settings, player_mail};
use support::hashes::mask_hashes;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The readable text of a mail as sent: headers, decoded text parts, and its picture by digest.
fn text(mail: &OutgoingRecord) -> String {
    support::mime::readable(&mail.message().expect("the mail as sent"))
}

/// What one game shows until White's crowned half is opened.
struct Seen {
    /// Every mail to Bob, in order.
    bob: Vec<String>,
    /// Every mail to Alice, in order.
    alice: Vec<String>,
    /// The Public view after each mail handled, as text.
    public: Vec<String>,
    /// The verdict of each mail handled.
    verdicts: Vec<Verdict>,
}

/// Plays `script` (each entry: who writes, what) with White's split written as `split`;
/// stops when White's crowned half is opened.
fn play(split: &str, script: &[(&str, &str)]) -> Seen {
    let settings = club_settings();
    let templates = Templates::built_in();
    let tokens = Tokens::new(b"the same secret");
    let nonce_counter = std::cell::Cell::new(0u8);
    let nonces = || {
        nonce_counter.set(nonce_counter.get() + 1);
        [nonce_counter.get(); 16]
    };
    let referee = Referee::new(&settings, &templates, &tokens, &nonces);
    let now: Timestamp = "2026-11-21T12:00:00Z".parse().unwrap();
    let crown4 = variants::by_id("crown-4").unwrap();
    let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let black = Player { email: BOB.into(), name: Some("Bob".into()) };
    let effects = referee.start_game(1, crown4, white, black, now).unwrap();
    let mut record: GameRecord = effects.game.unwrap();
    let to = |mails: &[OutgoingRecord], who: &str| -> Vec<String> {
        mails.iter().filter(|m| m.recipient == who).map(text).collect()
    };
    let mut seen = Seen {
        bob: to(&effects.mails, BOB),
        alice: to(&effects.mails, ALICE),
        public: Vec::new(),
        verdicts: Vec::new(),
    };
    for (n, &(who, body)) in script.iter().enumerate() {
        let body = if body == "SPLIT" { split } else { body };
        let color = if who == ALICE { Color::White } else { Color::Black };
        let mail = player_mail(n as u32, who, &tokens.token(1, color), "Re: game", body);
        let decision = referee.handle_mail(&mail, Some(record.clone()), now).unwrap();
        if let Some(game) = decision.effects.game {
            record = game;
        }
        if record.commitments.iter().any(|c| c.commitment.label == "white.crowned-half" && c.revealed) {
            break;
        }
        seen.verdicts.push(decision.verdict);
        seen.bob.extend(to(&decision.effects.mails, BOB));
        seen.alice.extend(to(&decision.effects.mails, ALICE));
        let game = crown4.restore(&record.snapshot).unwrap();
        seen.public.push(format!("{:?}", game.view(Observer::Public)));
    }
    seen
}

/// Black's queen-crowned pawn takes White's uncrowned queen (3... dxe3), White's king splits
/// on e1 and e2; then the f2 pawn attacks the W half on e1 and the knight on d4 the F half on
/// e2 for 26 plies, with the board and the help asked for and a refused move on each side.
/// Last, the knight takes the F half.
const SCRIPT: &[(&str, &str)] = &[
    (ALICE, "crown king"),
    (BOB, "crown queen"),
    (ALICE, "e4"),
    (BOB, "d5"),
    (ALICE, "Qe2"),
    (BOB, "d4"),
    (ALICE, "Qe3"),
    (BOB, "dxe3"),
    (ALICE, "SPLIT"),
    (BOB, "exf2"),
    (ALICE, "Nf3"),
    (BOB, "Nc6"),
    (ALICE, "a3"),
    (BOB, "Nd4"),
    (BOB, "board"),
    (ALICE, "Nc3"),
    (BOB, "a6"),
    (ALICE, "Wd2"),
    (ALICE, "Rb1"),
    (BOB, "b5"),
    (ALICE, "Ra1"),
    (BOB, "help"),
    (BOB, "Bb7"),
    (ALICE, "d3"),
    (BOB, "Wd7"),
    (BOB, "e6"),
    (ALICE, "Bd2"),
    (BOB, "Bd6"),
    (ALICE, "Rb1"),
    (BOB, "Qd7"),
    (ALICE, "Ra1"),
    (BOB, "Qe7"),
    (ALICE, "h3"),
    (BOB, "h6"),
    (ALICE, "h4"),
    (BOB, "h5"),
    (ALICE, "Rh3"),
    (BOB, "g6"),
    (ALICE, "Rg3"),
    (BOB, "Rh7"),
    (ALICE, "Rh3"),
    (BOB, "Rh8"),
    (ALICE, "board"),
    (ALICE, "Rb1"),
    (BOB, "Nxe2"),
];

#[test]
fn black_cannot_tell_which_half_white_crowned() {
    let w = play("W@e1*,F@e2", SCRIPT);
    let f = play("W@e1,F@e2*", SCRIPT);
    // Every move but the two refused ones (Wd2, Wd7) was played, up to the capture.
    let refused: Vec<usize> =
        w.verdicts.iter().enumerate().filter(|(_, v)| **v != Verdict::Move).map(|(i, _)| i).collect();
    let commands: Vec<usize> = SCRIPT
        .iter()
        .enumerate()
        .filter(|(_, (_, t))| matches!(*t, "crown king" | "crown queen" | "board" | "help" | "Wd2" | "Wd7"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(refused, commands, "{:?}", w.verdicts);
    assert_eq!(w.verdicts.len(), SCRIPT.len() - 1, "the game stopped before the last capture");
    assert_eq!(w.verdicts, f.verdicts);

    assert_eq!(w.bob.len(), f.bob.len(), "Black gets as many mails either way");
    assert!(w.bob.len() >= 30, "Bob got {} mails", w.bob.len());
    for (i, (a, b)) in w.bob.iter().zip(&f.bob).enumerate() {
        assert_eq!(mask_hashes(a), mask_hashes(b), "mail {i} to Black differs with White's crowned half");
        assert!(!a.contains(" half on ") && !a.contains("crown: the"), "mail {i} to Black names the half: {a}");
    }
    assert_eq!(w.public, f.public, "the Public view differs with White's crowned half");
    // What the test would find: Alice's own mails do name her crowned half.
    let told =
        |seen: &Seen, half: &str| seen.alice.iter().any(|m| m.contains(&format!("Your crown is on the {half} half")));
    assert!(told(&w, "W") && told(&f, "F"));
    assert!(w.alice.iter().zip(&f.alice).any(|(a, b)| mask_hashes(a) != mask_hashes(b)));
}
