//! Chess with ninjas by mail through the real Postfix: a game made with `--with ninja`, a
//! drop, a double capture that gives check, the captured ninja's drop refused, Black's ninja
//! dropped, leaving over the edge and dropped again, and a mate; each mail shows where the
//! ninjas are, and the archive verifies with `herald verify` and with the verifier written
//! from README alone.

use crate::support;

use support::club::{ALICE, BOB, Club};

#[test]
fn a_game_with_ninjas_by_mail_from_drop_to_mate() {
    let club = Club::start();

    // Only the variants with a ninja take one, and the refusal names them.
    let refused =
        club.herald(&["game", "new", "--variant", "royal", "--with", "ninja", "--white", ALICE, "--black", BOB]);
    assert!(!refused.status.success());
    let said = support::club::output_text(&refused);
    assert!(said.contains("royal is not played with the ninja") && said.contains("chess, capablanca"), "{said}");
    // A tournament's games have ninjas too.
    club.herald_ok(&[
        "tournament",
        "new",
        "--name",
        "Ninja Cup",
        "--variant",
        "capablanca",
        "--with",
        "ninja",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ]);
    assert!(club.herald_ok(&["tournament", "list"]).contains("capablanca+ninja"));

    let id = club.new_game_with(&["--variant", "chess", "--with", "ninja"]);
    for who in [ALICE, BOB] {
        let invitation = club.latest(who).body();
        support::mime::says(&invitation, "Chess with ninjas");
        support::mime::says(&invitation, "Ninjas: White's in reserve; Black's in reserve.");
    }

    // 1. J@e4 Nc6 2. Nc3 d5 3. Je4xd5xc6+: the ninja takes the pawn on its first step and
    // the knight on its second, checking the king on e8 from two steps away.
    for (who, text) in [(ALICE, "J@e4"), (BOB, "Nc6"), (ALICE, "Nc3"), (BOB, "d5")] {
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let board = club.latest(BOB).body();
    support::mime::says(&board, "Ninjas: White's on e4; Black's in reserve.");
    let (_, bob) = club.play(ALICE, "Jxd5xc6");
    let body = bob[0].body();
    support::mime::says(&body, "3. Je4xd5xc6+");
    support::mime::says(&body, "You are in check.");
    // The only answer is the b-pawn's capture: the ninja is gone for good.
    club.play(BOB, "bxc6");
    let (alice, bob) = club.play(ALICE, "J@e5");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("your ninja was captured: it is gone for good"), "{}", alice[0].body());

    // Black drops its ninja on the h-file, leaves over the edge, and drops it again.
    for (who, text) in [(ALICE, "a3"), (BOB, "J*h5"), (ALICE, "a4"), (BOB, "Jh5-off")] {
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let board = club.latest(ALICE).body();
    support::mime::says(&board, "Ninjas: White's captured; Black's in reserve.");
    for (who, text) in [(ALICE, "f3"), (BOB, "J@a6"), (ALICE, "g4"), (BOB, "e5"), (ALICE, "h3")] {
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    // The queen mates: no drop can block it, White's ninja being gone.
    let (alice, bob) = club.play(BOB, "Qh4");
    for mail in [&alice[0], &bob[0]] {
        assert!(mail.subject().contains("0-1"), "{}", mail.subject());
        let body = mail.body();
        support::mime::says(
            &body,
            "1. J@e4 Nc6 2. Nc3 d5 3. Je4xd5xc6+ bxc6 4. a3 J@h5 5. a4 Jh5-off 6. f3 J@a6 7. g4 e5 8. h3 Qh4#",
        );
    }

    // The archive verifies offline, by herald and by the verifier written from README alone.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let json: serde_json::Value = serde_json::from_str(&archive).unwrap();
    assert_eq!(json["variant"], "chess+ninja");
    assert_eq!(json["start"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w KQkq - 0 1");
    assert_eq!(json["moves"].as_array().unwrap().len(), 16);
    let path = club.dir().join("ninja-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    support::mime::says(&verified, "verified");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let stranger = std::process::Command::new("python3").arg(script).arg(&path).output().unwrap();
    assert!(stranger.status.success(), "{}", support::club::output_text(&stranger));
}
