//! Crown with ninjas by mail through the real Postfix, to the end: a game made with `--with
//! ninja`, the notes asked privately and committed before the first move, Black's ninja
//! dropped, passing and leaving over the edge, White's ninja dropped beside Black's monarchs,
//! and a double capture whose first step takes Black's uncrowned queen (opening the note) and
//! whose second takes the king, crowned: White wins. Every mail shows where the ninjas are; the
//! archive verifies with `herald verify` and with the verifier written from README alone.

use crate::support;

use std::process::Command;

use support::club::{ALICE, BOB, Club, Mail};

/// Everything a mail shows a reader: its headers as sent and each part decoded.
fn readable(mail: &Mail) -> String {
    support::mime::readable(&mail.raw)
}

#[test]
fn a_crown_game_with_ninjas_by_mail_to_a_double_capture_of_both_monarchs() {
    let club = Club::start();
    let id = club.new_game_with(&["--variant", "crown", "--with", "ninja"]);
    for who in [ALICE, BOB] {
        let invitation = club.latest(who).body();
        support::mime::says(&invitation, "Crown with ninjas");
        support::mime::says(&invitation, "Ninjas: White's in reserve; Black's in reserve.");
        support::mime::says(&invitation, "crown king");
    }
    club.play(ALICE, "crown king");
    let (alice, bob) = club.play(BOB, "crown king");
    assert_eq!((alice.len(), bob.len()), (1, 1));

    // 1. e4 J@h5 2. Nf3 Jh5-h5 3. J@c6 Jh5-off: Black's ninja drops, passes and goes back to
    // reserve over the edge; White's drops beside Black's pawns.
    for (who, text) in [(ALICE, "e4"), (BOB, "J@h5"), (ALICE, "Nf3"), (BOB, "Jh5-h5"), (ALICE, "J@c6")] {
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    // A drop while the ninja is on the board is refused, to Black alone.
    let (alice, bob) = club.play(BOB, "J@a6");
    assert_eq!((alice.len(), bob.len()), (0, 1));
    assert!(bob[0].body().contains("your ninja is on h5, not in reserve"), "{}", bob[0].body());
    let (alice, _) = club.play(BOB, "Jh5-off");
    assert!(alice[0].body().contains("Ninjas: White's on c6; Black's in reserve."), "{}", alice[0].body());

    // 4. Jc6xd7 J@e3: White's ninja takes the d-pawn and stands beside both Black monarchs;
    // Black's drops two king steps from both White monarchs. No check mark: no crown is known.
    for (who, text) in [(ALICE, "Jc6xd7"), (BOB, "J@e3")] {
        let (alice, bob) = club.play(who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
        assert!(!alice[0].body().contains(&format!("{text}+")), "no check while the crowns are secret");
    }
    assert!(club.latest(ALICE).body().contains("Ninjas: White's on d7; Black's on e3."));

    // 5. Jd7xd8xe8: the first step takes the uncrowned queen, the second the king, crowned.
    let (alice, bob) = club.play(ALICE, "Jxd8xe8");
    for mail in [&alice[0], &bob[0]] {
        assert!(mail.subject().contains("1-0"), "{}", mail.subject());
        let body = mail.body();
        support::mime::says(&body, "1. e4 J@h5 2. Nf3 Jh5-h5 3. J@c6 Jh5-off 4. Jc6xd7 J@e3 5. Jd7xd8xe8");
        support::mime::says(&body, "1-0, White wins by capturing the royal piece");
        assert!(body.contains("black.crown = king") && body.contains("white.crown = king"), "{body}");
    }

    // The archive verifies offline, by herald and by the verifier written from README alone.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let json: serde_json::Value = serde_json::from_str(&archive).unwrap();
    assert_eq!(json["variant"], "crown+ninja");
    assert_eq!(json["start"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w ADEHadeh - 0 1");
    assert_eq!(json["moves"].as_array().unwrap().len(), 9);
    let note = json["commitments"].as_array().unwrap().iter().find(|c| c["label"] == "black.crown").unwrap();
    assert_eq!((note["value"].as_str(), note["revealed_at_ply"].as_u64()), (Some("king"), Some(9)));
    let path = club.dir().join("crown-ninja-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    support::mime::says(&verified, "verified");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));

    // No mail to Bob before the last named White's crown.
    let nonce = json["commitments"].as_array().unwrap().iter().find(|c| c["label"] == "white.crown").unwrap()["nonce"]
        .as_str()
        .unwrap()
        .to_string();
    let bob_mails = club.mails(BOB);
    for mail in &bob_mails[..bob_mails.len() - 1] {
        let text = readable(mail);
        assert!(!text.contains(&nonce), "White's nonce leaked to Bob: {}", mail.subject());
        assert!(!text.contains("white.crown = "), "White's crown leaked to Bob: {}", mail.subject());
    }
}
