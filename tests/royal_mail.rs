//! Royal Chess by mail through the real Postfix: moves in the seed's numeric notation, a
//! castling with a Guard move, and mails that show the 10x8 board and the numeric move list.

use crate::support;

use support::club::{ALICE, BOB, Club};

#[test]
fn a_royal_chess_game_by_mail_in_numeric_notation() {
    let club = Club::start();
    let _id = club.new_game_of("royal");
    let invitation = club.latest(ALICE).body();
    assert!(invitation.contains("Royal Chess"), "{invitation}");
    // The 10x8 board: ten files, and White's back rank from the seed's order R G N B Q K B N G' R
    // (the King's Guard shown as H).
    // Files are labelled as the notation numbers them, 1 to 9 and 0; the example move is one
    // of the variant's own (the seed's first), not SAN.
    assert!(invitation.contains("1 2 3 4 5 6 7 8 9 0"), "{invitation}");
    assert!(!invitation.contains("a b c d e f g h i j"), "{invitation}");
    assert!(invitation.contains("    1. 54\n"), "{invitation}");
    assert!(!invitation.contains("Nf3"), "{invitation}");
    assert!(invitation.contains("R G N B Q K B N H R"), "{invitation}");
    assert!(invitation.contains("r g n b q k b n h r"), "{invitation}");
    assert!(!invitation.contains(" k  "), "{invitation}");

    // The opening of the seed's sample game, up to White's castling with a Guard move.
    let moves = ["54", "N-76", "44", "86", "N-43", "B-87", "B-85", "C8", "Q-42", "36", "C3-G4"];
    for (i, text) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let after = club.latest(BOB).body();
    assert!(after.contains("1. 54 N-76 2. 44 86 3. N-43 B-87 4. B-85 C8 5. Q-42 36 6. C3-G4"), "{after}");
    // Guard on 41, King on 31, Rook on 51 (d1, c1, e1); the Queen went to d2, White's first
    // rank is then: empty, empty, K, G, R, empty, B, N, H, R. Alice sees it from White's side,
    // Bob from Black's.
    let white_view = club.latest(ALICE).body();
    assert!(white_view.contains("1  . . K G R . B N H R  1"), "{white_view}");
    assert!(after.contains("1  R H N B . R G K . .  1"), "{after}");
    // Black castled to 88 (h8) with the Rook to 78 (g8).
    assert!(white_view.contains("8  r g n b q . r k h .  8"), "{white_view}");
    assert!(after.contains("Position record: BM 6 / r g n b q 1 r k g', "), "{after}");

    // An algebraic move is read too (e7-e5 is 55), and written in numeric notation.
    let (alice, _) = club.play(BOB, "e5");
    assert!(alice[0].body().contains("6. C3-G4 55"), "{}", alice[0].body());

    // A move the rules forbid is refused with a reason: the King castled already.
    let (alice, bob) = club.play(ALICE, "C8");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("cannot castle"), "{}", alice[0].body());

    // Black resigns: 1-0.
    let (alice, bob) = club.play(BOB, "resign");
    for mail in [&alice[0], &bob[0]] {
        assert!(mail.subject().contains("1-0"), "{}", mail.subject());
    }
}
