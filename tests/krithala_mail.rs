//! The Crown of Krithala by mail through the real Postfix: the page's sample game, with the
//! crowns on the board and in words in every mail, a transfer, a drop and a pick-up typed as
//! players type them, a move the crown's rules refuse with the reason, and the end by the
//! capture of a crown, whose archive `herald verify` checks offline.

use crate::support;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let latest = club.latest(who);
    let round = club.round(|| {
        club.reply(who, &latest, text);
    });
    (round.alice.clone(), round.bob.clone())
}

#[test]
fn a_crown_of_krithala_game_by_mail_ends_with_a_crown_captured() {
    let club = Club::start();
    let id = club.new_game_of("krithala");
    let invitation = club.latest(ALICE).body();
    assert!(invitation.contains("Crown of Krithala"), "{invitation}");
    // Both crowns under their Kings, on the board and in words; the crown's notation in the
    // help.
    assert!(invitation.contains("R  N  B  Q  K* B  N  R"), "{invitation}");
    assert!(invitation.contains("r  n  b  q  k* b  n  r"), "{invitation}");
    assert!(invitation.contains("White's crown: on the King e1."), "{invitation}");
    assert!(invitation.contains("Black's crown: on the King e8."), "{invitation}");

    // The sample game up to Black's sixth move; a transfer, then the Queen's moves with the
    // crown, the third dropping it.
    let moves = ["e4", "e5", "Nf3", "Nc6", "K>d1", "Nf6", "Qe2", "Bc5", "Qc4", "d6", "Qb3", "Be6"];
    for (i, text) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let bob_sees = club.latest(BOB).body();
    assert!(
        bob_sees.contains("1. e4 e5 2. Nf3 Nc6 3. K>d1 Nf6 4. Qe2 Bc5 5. Qc4 d6 6. Qb3@c4 Be6"),
        "the third move is recorded with its forced drop: {bob_sees}"
    );
    let alice_sees = club.latest(ALICE).body();
    assert!(
        alice_sees.contains("White's crown: lying on c4, dropped by the Queen b3, which may not pick it up."),
        "{alice_sees}"
    );
    assert!(alice_sees.contains("Your crown is attacked."), "{alice_sees}");
    assert!(!bob_sees.contains("Your crown is attacked."), "{bob_sees}");
    // White's lying crown on c4, from Alice's side and from Bob's.
    assert!(alice_sees.contains("4  .  .  O  .  P  .  .  .   4"), "{alice_sees}");
    assert!(bob_sees.contains("4  .  .  .  P  .  O  .  .   4"), "{bob_sees}");

    // The Queen may not stop where it dropped the crown: refused with the reason, and only
    // Alice hears of it.
    let (alice, bob) = play(&club, ALICE, "Qc4");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("dropped your crown on c4"), "{}", alice[0].body());

    // 7. Bc4^: the Bishop picks the crown up where it stops; 7... Bxc4 takes it: 0-1.
    let (alice, bob) = play(&club, ALICE, "Bc4^");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    assert!(bob[0].body().contains("7. Bc4^"), "{}", bob[0].body());
    let (alice, bob) = play(&club, BOB, "Bxc4");
    for mail in [&alice[0], &bob[0]] {
        assert!(mail.subject().contains("0-1"), "{}", mail.subject());
        assert!(mail.body().contains("Black wins by capturing the crown"), "{}", mail.body());
    }

    // The archive verifies offline.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    assert!(archive.contains("\"variant\": \"krithala\""), "{archive}");
    let path = club.dir().join("krithala-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified"), "{verified}");
    assert!(verified.contains("Black wins by capturing the crown"), "{verified}");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
}
