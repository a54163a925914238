//! Crown by mail through the real Postfix: secret choices asked privately, committed and sent
//! to both players before the first move, opened when the rules say and at the end — and
//! never visible in any mail before that.

use crate::support;

use std::process::Command;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let round = club.answer_latest(who, text);
    (round.alice, round.bob)
}

/// Runs the `printf ... | sha256sum` line a mail gives for checking a reveal.
fn run_check(line: &str) -> String {
    let out = Command::new("sh").arg("-c").arg(line.trim()).output().expect("sh runs");
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap_or_default().to_string()
}

#[test]
fn a_crown_game_by_mail_keeps_each_secret_until_the_rules_open_it() {
    let club = Club::start();
    let id = club.new_game_of("crown");
    for who in [ALICE, BOB] {
        let invitation = club.latest(who).body();
        // The choice is asked in a paragraph, which may break it over lines.
        assert!(support::mime::unwrapped(&invitation).contains("crown king or crown queen"), "{invitation}");
        assert!(!invitation.contains("It is your move"), "{invitation}");
    }

    // No move before both have chosen.
    let (alice, bob) = play(&club, ALICE, "e4");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("The game has not begun"), "{}", alice[0].body());

    // Alice chooses: only she hears of it. A second choice is refused.
    let (alice, bob) = play(&club, ALICE, "crown king");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("Your secret choice is recorded"), "{}", alice[0].body());
    let (alice, _) = play(&club, ALICE, "crown queen");
    assert!(alice[0].subject().contains("not accepted"), "{}", alice[0].subject());

    // Bob chooses: the game begins and both get both commitments, and nothing more.
    let (alice, bob) = play(&club, BOB, "crown queen");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("the game begins"), "{body}");
        assert!(body.contains("white.crown: ") && body.contains("black.crown: "), "{body}");
        assert!(!body.contains("revealed"), "{body}");
    }

    // 1. e4 d5 2. Bb5 a6 3. Bxe8: White takes Black's uncrowned king; Black's note opens.
    for (who, text) in [(ALICE, "e4"), (BOB, "d5"), (ALICE, "Bb5"), (BOB, "a6")] {
        let (alice, bob) = play(&club, who, text);
        assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    }
    let (alice, bob) = play(&club, ALICE, "Bxe8");
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("black.crown = queen"), "{body}");
        assert!(!body.contains("white.crown = "), "{body}");
        // The mail's own check command reproduces the commitment it lists.
        let (listed, shown, check) = support::mime::opening(&body, "black.crown").unwrap();
        assert!(listed.starts_with("black.crown = queen"), "{listed}");
        let hash = run_check(&check);
        assert_eq!(hash.len(), 64);
        assert_eq!(shown, hash, "{check}");
    }
    // Black's remaining monarch, the crowned queen, now plays under check rules; the game goes on.
    let (alice, bob) = play(&club, BOB, "Qxe8");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    let (alice, bob) = play(&club, ALICE, "resign");
    for mail in [&alice[0], &bob[0]] {
        let body = mail.body();
        assert!(body.contains("0-1"), "{body}");
        assert!(body.contains("white.crown = king"), "the end opens every secret: {body}");
    }

    // The archive verifies offline.
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let path = club.dir().join("crown-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified"), "{verified}");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));

    // No mail before an opening named the opened value or showed the nonce.
    let json: serde_json::Value = serde_json::from_str(&archive).unwrap();
    let nonce = |label: &str| {
        json["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap()["nonce"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (white_nonce, black_nonce) = (nonce("white.crown"), nonce("black.crown"));
    let bob_mails = club.mails(BOB);
    let alice_mails = club.mails(ALICE);
    // Bob learns White's note only in the last mail; Alice learns Black's at 3. Bxe8.
    for mail in &bob_mails[..bob_mails.len() - 1] {
        let text = mail.readable();
        assert!(!text.contains(&white_nonce), "White's nonce leaked to Bob: {}", mail.subject());
        assert!(!text.contains("white.crown = "), "White's note leaked to Bob: {}", mail.subject());
        assert!(!text.contains("(revealed: king)"), "{}", mail.subject());
    }
    let reveal_at = alice_mails.iter().position(|m| m.body().contains("black.crown = queen")).unwrap();
    for mail in &alice_mails[..reveal_at] {
        let text = mail.readable();
        assert!(!text.contains(&black_nonce), "Black's nonce leaked to Alice: {}", mail.subject());
        assert!(!text.contains("black.crown = "), "Black's note leaked to Alice: {}", mail.subject());
        assert!(!text.contains("(revealed: queen)"), "{}", mail.subject());
    }
}

/// A club that says where its site is gets mails that link to the site's page on commitments
/// (`site.url`, then `commitments.html`), where the commitments are listed and where one opens.
#[test]
fn the_mails_link_to_the_sites_page_on_commitments() {
    let club = Club::with(support::club::ClubOptions {
        extra_config: "site:\n  url: https://chess.club.test/herald/\n".into(),
        ..support::club::ClubOptions::default()
    });
    club.new_game_of("crown");
    play(&club, ALICE, "crown king");
    let (alice, bob) = play(&club, BOB, "crown queen");
    let page = "https://chess.club.test/herald/commitments.html";
    for mail in [&alice[0], &bob[0]] {
        support::mime::says(&mail.body(), &format!("Commitments (what they are: {page}):"));
    }
    // Bb5xe8 takes Black's uncrowned king, which opens his note.
    for (who, text) in [(ALICE, "e4"), (BOB, "d5"), (ALICE, "Bb5"), (BOB, "a6")] {
        play(&club, who, text);
    }
    let (alice, _) = play(&club, ALICE, "Bxe8");
    support::mime::says(&alice[0].body(), &format!("see {page} for how to check it"));
}
