//! Crown-4 by mail through the real Postfix, to the capture of the crowned half: the notes
//! asked privately and committed before the first move, White's uncrowned queen captured and
//! its note opened, White's split typed with its crowned half starred and committed with the
//! move, that secret never shown to Black until the knight takes the crowned half, then opened
//! to both; the archive verified by `herald verify` and by the verifier written from README.

use crate::support;

use std::process::Command;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let latest = club.latest(who);
    let round = club.round(|| {
        club.reply(who, &latest, text);
    });
    (round.alice.clone(), round.bob.clone())
}

/// Everything a mail shows a reader: its headers as sent and each part decoded.
fn readable(mail: &Mail) -> String {
    support::mime::readable(&mail.raw)
}

/// Runs the `printf ... | sha256sum` line a mail gives for checking a reveal.
fn run_check(line: &str) -> String {
    let out = Command::new("sh").arg("-c").arg(line.trim()).output().expect("sh runs");
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap_or_default().to_string()
}

#[test]
fn a_crown_4_game_by_mail_to_the_capture_of_the_crowned_half() {
    let club = Club::start();
    let id = club.new_game_of("crown-4");
    play(&club, ALICE, "crown king");
    let (alice, bob) = play(&club, BOB, "crown queen");
    assert_eq!((alice.len(), bob.len()), (1, 1));

    // 1. e4 d5 2. Qe2 d4 3. Qe3 dxe3: Black's pawn takes White's uncrowned queen.
    for (who, text) in [(ALICE, "e4"), (BOB, "d5"), (ALICE, "Qe2"), (BOB, "d4"), (ALICE, "Qe3")] {
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let (alice, bob) = play(&club, BOB, "dxe3");
    assert!(
        alice[0].body().contains("Your uncrowned monarch fell: your next move splits your king"),
        "{}",
        alice[0].body()
    );
    assert!(bob[0].body().contains("White's king must split at White's next move."), "{}", bob[0].body());
    assert!(bob[0].body().contains("white.crown = king"), "{}", bob[0].body());

    // Any other move is refused while the split is due; the split is typed with its star.
    let (alice, bob) = play(&club, ALICE, "Ke2");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(support::mime::unwrapped(&alice[0].body()).contains("must split your king"), "{}", alice[0].body());
    let (alice, bob) = play(&club, ALICE, "split We1 Fe2*");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    assert!(alice[0].body().contains("Your crown is on the F half on e2."), "{}", alice[0].body());
    let mut hashes = Vec::new();
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("4. W@e1,F@e2") && !body.contains("F@e2*"), "{body}");
        // The move's new commitment, then the game's list with the move that made it.
        let hash = support::mime::new_commitment(&body, "white.crowned-half").unwrap_or_else(|| panic!("{body}"));
        let listed = support::mime::listed_commitment(&body, "white.crowned-half");
        assert_eq!(listed, Some(("white.crowned-half, made with 4. W@e1,F@e2: sealed".into(), hash.clone())), "{body}");
        hashes.push(hash);
    }
    assert_eq!(hashes[0], hashes[1], "both players get the same hash");
    assert!(bob[0].body().contains("White's crown is on one of its halves."), "{}", bob[0].body());

    // The knight comes to d4, where it attacks the F half, and takes it: Black wins.
    for (who, text) in [(BOB, "Nc6"), (ALICE, "Nf3"), (BOB, "Nd4"), (ALICE, "a3")] {
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
        for mail in [&alice[0], &bob[0]] {
            assert!(!mail.body().contains(&format!("{text}+")), "no check while the crowned half is sealed");
        }
    }
    let (alice, bob) = play(&club, BOB, "Nxe2");
    assert!(alice[0].body().contains("You lost the crowned F half."), "{}", alice[0].body());
    assert!(bob[0].body().contains("White lost the crowned F half."), "{}", bob[0].body());
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("0-1, Black wins by capturing the royal piece"), "{body}");
        assert!(body.contains("white.crowned-half = F"), "{body}");
        assert!(body.contains("black.crown = queen"), "the end opens every secret: {body}");
        // The mail's own check command reproduces the commitment it lists.
        let (listed, shown, check) = support::mime::opening(&body, "white.crowned-half").unwrap();
        assert!(listed.starts_with("white.crowned-half = F"), "{listed}");
        let hash = run_check(&check);
        assert_eq!(hash.len(), 64);
        assert_eq!(shown, hash, "{check}");
    }

    // The archive verifies offline, by herald and by the verifier written from README alone.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let path = club.dir().join("crown-4-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified"), "{verified}");
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
    let json: serde_json::Value = serde_json::from_str(&archive).unwrap();
    let half = json["commitments"].as_array().unwrap().iter().find(|c| c["label"] == "white.crowned-half").unwrap();
    assert_eq!((half["committed_at_ply"].as_u64(), half["value"].as_str()), (Some(7), Some("F")));
    assert_eq!(half["revealed_at_ply"].as_u64(), Some(12));

    // No mail to Bob before the capture named the crowned half or showed its nonce.
    let nonce = half["nonce"].as_str().unwrap().to_string();
    let bob_mails = club.mails(BOB);
    for mail in &bob_mails[..bob_mails.len() - 1] {
        let text = readable(mail);
        assert!(!text.contains(&nonce), "the crowned half's nonce leaked to Bob: {}", mail.subject());
        assert!(!text.contains("white.crowned-half = "), "the crowned half leaked to Bob: {}", mail.subject());
        assert!(!text.contains(" half on "), "a half's square named to Bob: {}", mail.subject());
    }
}
