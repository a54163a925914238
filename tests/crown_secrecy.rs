//! Secrets stay secret, tested by difference: the same Crown game is played twice by the
//! referee core, with the same moves and the same nonces, once with White's king crowned and
//! once with White's queen. Until White's note is opened, every mail Black gets must be the
//! same in both games, byte for byte, except for the commitment hashes (which differ because
//! the values do, and which reveal nothing without the nonce). Whatever a template, a view,
//! a notice or a check mark might let slip, this finds it without having to guess its words.

use crate::support;

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::referee::Referee;
use herald::referee::records::{GameRecord, OutgoingRecord, Player};
use herald::referee::templates::Templates;
use herald::referee::token::Tokens;
use herald::variants;
use support::core::player_mail;
use support::hashes::mask_hashes;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The readable text of a mail as sent: headers, decoded text parts, and its picture by digest.
fn text(mail: &OutgoingRecord) -> String {
    support::mime::readable(&mail.message().expect("the mail as sent"))
}

/// Plays `script` in a game of `variant` with White's crown on `white_crown`; returns every mail
/// Bob got, in order, until White's note is opened.
fn bob_mails(variant: &str, white_crown: &str, script: &[(&str, &str)]) -> Vec<String> {
    bob_mails_in(None, variant, white_crown, script)
}

/// [`bob_mails`], with the club's language `language` (`referee.language`).
fn bob_mails_in(language: Option<&str>, variant: &str, white_crown: &str, script: &[(&str, &str)]) -> Vec<String> {
    let settings = {
        let referee = herald::config::Referee {
            address: "referee@club.test".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,

            commitments_url: None,
            language: language.map(str::to_string),
        };
        herald::config::Config { referee, ..herald::config::Config::default() }.settings()
    };
    let templates = Templates::built_in();
    let tokens = Tokens::new(b"the same secret");
    let nonce_counter = std::cell::Cell::new(0u8);
    let nonces = || {
        nonce_counter.set(nonce_counter.get() + 1);
        [nonce_counter.get(); 16]
    };
    let referee = Referee::new(&settings, &templates, &tokens, &nonces);
    let now: Timestamp = "2026-11-21T12:00:00Z".parse().unwrap();
    let crown = variants::by_id(variant).unwrap();
    let white = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let black = Player { email: BOB.into(), name: Some("Bob".into()) };
    let effects = referee.start_game(1, crown, white, black, now).unwrap();
    let mut record: GameRecord = effects.game.unwrap();
    let mut seen: Vec<String> = effects.mails.iter().filter(|m| m.recipient == BOB).map(text).collect();
    let full_script: Vec<(&str, String)> = [(ALICE, format!("crown {white_crown}")), (BOB, "crown queen".to_string())]
        .into_iter()
        .chain(script.iter().map(|&(who, t)| (who, t.to_string())))
        .collect();
    for (n, (who, body)) in full_script.iter().enumerate() {
        let color = if *who == ALICE { Color::White } else { Color::Black };
        let token = tokens.token(1, color);
        let mail = player_mail(n as u32, who, &token, "Re: game", body);
        let decision = referee.handle_mail(&mail, Some(record.clone()), now).unwrap();
        if let Some(game) = decision.effects.game {
            record = game;
        }
        let opened = record.commitments.iter().any(|c| c.commitment.label == "white.crown" && c.revealed);
        if opened {
            break;
        }
        seen.extend(decision.effects.mails.iter().filter(|m| m.recipient == BOB).map(text));
    }
    seen
}

/// 2...Bb4 and 4...Bxd2: Black's bishop attacks and then stands next to White's king and
/// queen; 3. Qe2 moves White's queen next to it. Refusals, help and the board are asked for
/// too, so every kind of mail is compared.
const BISHOP_NEXT_TO_THE_MONARCHS: &[(&str, &str)] = &[
    (ALICE, "e4"),
    (BOB, "e5"),
    (ALICE, "Nf3"),
    (BOB, "Bb4"),
    (ALICE, "d4"),
    (BOB, "Ke7"),
    (BOB, "board"),
    (BOB, "Bxd2"),
    (ALICE, "Qe2"),
    (BOB, "help"),
    (BOB, "Bxe1"),
];

#[test]
fn black_cannot_tell_which_monarch_white_crowned() {
    let script = BISHOP_NEXT_TO_THE_MONARCHS;
    let king = bob_mails("crown", "king", script);
    let queen = bob_mails("crown", "queen", script);
    assert!(king.len() >= 8, "Bob got {} mails", king.len());
    assert_eq!(king.len(), queen.len(), "Black gets as many mails either way");
    for (i, (k, q)) in king.iter().zip(&queen).enumerate() {
        assert_eq!(mask_hashes(k), mask_hashes(q), "mail {i} to Black differs with White's crown");
    }
}

/// The same in Russian and in German: every word of the mails is said otherwise, and still
/// nothing differs. (The mails are checked to be in the language, so that a fallback to
/// English cannot pass for it.)
#[test]
fn black_cannot_tell_which_monarch_white_crowned_in_other_languages() {
    let script = BISHOP_NEXT_TO_THE_MONARCHS;
    let languages = herald::language::Languages::shipped();
    for code in ["ru", "de"] {
        let hello = languages.get(code).unwrap().say("hello", &[("name", "Bob".into())]);
        let king = bob_mails_in(Some(code), "crown", "king", script);
        let queen = bob_mails_in(Some(code), "crown", "queen", script);
        assert!(king.len() >= 8, "{code}: Bob got {} mails", king.len());
        assert!(king.iter().all(|m| m.contains(&hello)), "{code}: {}", king[0]);
        assert_eq!(king.len(), queen.len(), "{code}: Black gets as many mails either way");
        for (i, (k, q)) in king.iter().zip(&queen).enumerate() {
            assert_eq!(mask_hashes(k), mask_hashes(q), "{code}: mail {i} to Black differs with White's crown");
        }
    }
}

/// The same with the ninja (`crown+ninja`, docs/rules/ninja.md, "The secrecy test"): Black's
/// ninja drops two king steps from both White monarchs, passes there, takes two pieces beside
/// the queen in one move, takes the a1 rook and leaves over the edge, drops again and takes
/// the pawn on d2 with its first step, stepping back; White's ninja drops, takes beside Black's
/// king and passes there. Every mail to Black is the same until the ninja takes the queen on
/// d1, which opens White's note.
#[test]
fn black_cannot_tell_which_monarch_white_crowned_with_ninjas() {
    let script: &[(&str, &str)] = &[
        (ALICE, "e4"),
        (BOB, "J@d3"),
        (ALICE, "Nf3"),
        (BOB, "Jd3-d3"),
        (ALICE, "J@e5"),
        (BOB, "Jd3xc2xb1"),
        (ALICE, "Je5xf7"),
        (BOB, "board"),
        (BOB, "Jb1xa1-off"),
        (ALICE, "Be2"),
        (BOB, "J@c3"),
        (ALICE, "Jf7-f7"),
        (BOB, "help"),
        (BOB, "Jc3xd2-c3"),
        (ALICE, "a3"),
        (BOB, "Jc3xd1"),
    ];
    let king = bob_mails("crown+ninja", "king", script);
    let queen = bob_mails("crown+ninja", "queen", script);
    assert!(king.len() >= 14, "Bob got {} mails", king.len());
    // Every move was played: the last mail before the note opened shows them all.
    let last = king.last().unwrap();
    let moves = "3. J@e5 Jd3xc2xb1 4. Je5xf7 Jb1xa1-off 5. Be2 J@c3 6. Jf7-f7 Jc3xd2-c3 7. a3";
    assert!(support::mime::unwrapped(last).contains(moves), "{last}");
    assert!(last.contains("Ninjas: White's on f7; Black's on c3."), "{last}");
    assert_eq!(king.len(), queen.len(), "Black gets as many mails either way");
    for (i, (k, q)) in king.iter().zip(&queen).enumerate() {
        assert_eq!(mask_hashes(k), mask_hashes(q), "mail {i} to Black differs with White's crown");
    }
}
