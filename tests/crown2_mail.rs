//! A crown-2 game by mail through the real Postfix, to a crowned monarch blown up by a mined
//! stone (docs/rules/crown-2.md, test 17): each stone committed as it enters and listed in
//! both players' mails, the mine shown to its owner alone, a refused `*` answered to its sender
//! alone, the stone's commitment opened when it is taken and every secret at the end; the
//! archive verified by `herald verify` and by the verifier written from README alone.

use crate::support;

use std::process::Command;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let round = club.answer_latest(who, text);
    (round.alice, round.bob)
}

#[test]
fn a_crown_2_game_by_mail_to_a_crowned_monarch_blown_up() {
    let club = Club::start();
    let id = club.new_game_of("crown-2");
    play(&club, ALICE, "crown king");
    play(&club, BOB, "crown queen");

    // 1. d4 e5 2. Qd2 a6 3. Qd3 a5 4. Qc4 a4 5. Qc5 Bxc5: White's uncrowned queen falls, its
    // note opens, and White's stones are free.
    let opening = ["d4", "e5", "Qd2", "a6", "Qd3", "a5", "Qc4", "a4", "Qc5", "Bxc5"];
    for (i, text) in opening.iter().enumerate() {
        let who = if i % 2 == 0 { ALICE } else { BOB };
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let alice_now = club.latest(ALICE).body();
    assert!(alice_now.contains("white.crown = king"), "{alice_now}");
    assert!(alice_now.contains("Your stones: 3 in reserve"), "{alice_now}");

    // Black's stones are not free: Bob's drop is refused to Bob alone.
    let (alice, bob) = play(&club, ALICE, "S@c3,e7*");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("6. S@c3,e7") && !body.contains("S@c3,e7*"), "{body}");
        assert!(
            support::mime::new_commitment(&body, "white.stone1").is_some()
                && support::mime::new_commitment(&body, "white.stone2").is_some(),
            "{body}"
        );
    }
    assert!(alice[0].body().contains("Your stones: c3 plain, e7 mined, 1 in reserve (plain)."), "{}", alice[0].body());
    assert!(!bob[0].body().contains("mined"), "{}", bob[0].body());
    let (alice, bob) = play(&club, BOB, "S@h6");
    assert_eq!((alice.len(), bob.len()), (0, 1));
    let refusal = support::mime::unwrapped(&bob[0].body());
    assert!(refusal.contains("your stones enter after your uncrowned monarch falls"), "{refusal}");
    play(&club, BOB, "Nf6");

    // A second mine is refused to Alice alone; the third stone enters plain.
    let (alice, bob) = play(&club, ALICE, "S@h3*");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("already entered"), "{}", alice[0].body());
    let (alice, bob) = play(&club, ALICE, "S@h3");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    assert!(support::mime::new_commitment(&bob[0].body(), "white.stone3").is_some(), "{}", bob[0].body());

    // 7...Qxe7: Black's crowned queen takes the mined stone and is blown up. White wins.
    let (alice, bob) = play(&club, BOB, "Qxe7");
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("1-0"), "{body}");
        let prose = support::mime::unwrapped(&body);
        assert!(prose.contains("White wins: Black's crowned monarch was blown up by a mined stone"), "{body}");
        assert!(prose.contains("White's stone on e7 was mined: Black's crowned queen was blown up."), "{body}");
        for opened in ["white.stone1 = plain", "white.stone2 = mined", "white.stone3 = plain", "black.crown = queen"] {
            assert!(body.contains(opened), "the end opens every secret ({opened}): {body}");
        }
    }

    // The archive verifies offline, by herald and by the stranger's verifier.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let path = club.dir().join("crown-2-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified"), "{verified}");
    assert!(verified.contains("3 secret(s) committed during the game"), "{verified}");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));

    // The mined stone was opened with the capture, the plain ones at the end; none of their
    // nonces, nor the mine, reached Bob before.
    let json: serde_json::Value = serde_json::from_str(&archive).unwrap();
    let commitment =
        |label: &str| json["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap().clone();
    let moves = json["moves"].as_array().unwrap().len() as u64;
    assert_eq!(commitment("white.stone2")["revealed_at_ply"], moves);
    assert_eq!(commitment("white.stone1")["committed_at_ply"], 11);
    assert_eq!(commitment("white.stone3")["committed_at_ply"], 13);
    let bob_mails = club.mails(BOB);
    for label in ["white.stone1", "white.stone2", "white.stone3"] {
        let nonce = commitment(label)["nonce"].as_str().unwrap().to_string();
        for mail in &bob_mails[..bob_mails.len() - 1] {
            let text = mail.readable();
            assert!(!text.contains(&nonce), "{label}'s nonce leaked to Bob: {}", mail.subject());
            assert!(!text.contains(&format!("{label} = ")), "{label} leaked to Bob: {}", mail.subject());
            assert!(!text.contains("e7 mined"), "the mine leaked to Bob: {}", mail.subject());
        }
    }
}
