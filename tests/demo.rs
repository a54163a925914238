//! `herald demo --variant V`: for every variant, a game by mail through the whole pipeline,
//! ended, its archive verified; and what the demo is for, checked in what it prints: the
//! Crown game's notes committed and opened so that `sha256sum` agrees, Secret Intelligence's
//! moves ciphered for the opponent until the end.

use std::process::Command;

use crate::support;

use support::tempdir;

/// Runs `herald demo --variant variant` in a fresh folder; its standard output.
fn demo(variant: Option<&str>) -> String {
    let dir = tempdir::TempDir::new("hdemo").unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_herald"));
    command.arg("demo").arg("--dir").arg(dir.path());
    if let Some(variant) = variant {
        command.args(["--variant", variant]);
    }
    let output = command.output().expect("herald runs");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{variant:?}: {}\n{stdout}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// The printed mails to `player`, in order: each from its rule line to the next.
fn mails_to<'a>(out: &'a str, player: &str) -> Vec<&'a str> {
    let rule = "=".repeat(78);
    out.split(&format!("{rule}\nMail "))
        .skip(1)
        .filter(|mail| mail.split_once('\n').is_some_and(|(head, _)| head.ends_with(&format!("to {player}"))))
        .collect()
}

/// What each player wrote, as the demo prints it (`>>> alice@... replies: e4`).
fn replies<'a>(out: &'a str, player: &str) -> Vec<&'a str> {
    out.lines().filter_map(|l| l.strip_prefix(&format!(">>> {player} replies: "))).collect()
}

#[test]
fn every_variant_plays_to_an_end_and_its_archive_verifies() {
    let ids: Vec<String> = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_herald")).arg("variants").output().expect("herald runs").stdout,
    )
    .unwrap()
    .lines()
    .map(|l| l.split_whitespace().next().unwrap().to_string())
    .collect();
    assert!(ids.len() >= 18, "{ids:?}");
    for id in &ids {
        let out = demo(Some(id));
        assert!(out.trim_end().ends_with("\nverified"), "{id}: {out}");
        assert!(!out.contains("FAILED"), "{id}: {out}");
        // Moves by both, then the end: each player's last mail gives the result.
        assert!(replies(&out, "bob@players.example").len() >= 3, "{id}: {out}");
        for player in ["alice@players.example", "bob@players.example"] {
            let mails = mails_to(&out, player);
            let last = mails.last().unwrap_or_else(|| panic!("{id}: no mail to {player}"));
            assert!(["1-0", "0-1", "1/2-1/2"].iter().any(|r| last.contains(r)), "{id}: {player}'s last mail: {last}");
        }
    }
}

/// Without `--variant`: Crown. Black's note opens when his uncrowned king falls (3. Bxe8),
/// White's at the end; each opening's `printf ... | sha256sum` line, run by the real
/// `sha256sum`, gives the commitment both players were sent before the first move.
#[test]
fn the_default_demo_is_a_crown_game_whose_notes_open_and_check_out() {
    let out = demo(None);
    assert!(out.starts_with("herald demo: Crown game"), "{out}");
    let alice = mails_to(&out, "alice@players.example");
    let first_move = alice.iter().position(|m| m.contains("Bob played 1...")).expect("Bob's first move reaches Alice");
    for (label, value) in [("black.crown", "queen"), ("white.crown", "king")] {
        let opened = format!("{label} = {value}, nonce ");
        let (line, commitment, check) = support::mime::opening(&out, label).unwrap_or_else(|| panic!("{label}: {out}"));
        assert!(line.starts_with(&opened), "{line}");
        let commitment = commitment.as_str();
        assert_eq!(commitment.len(), 64, "{line}");
        // The commitment was mailed before the first move, and the value was not.
        assert!(alice[..first_move].iter().any(|m| m.contains(commitment)), "{label}'s commitment came late");
        assert!(alice[..first_move].iter().all(|m| !m.contains(&opened)), "{label} opened early");
        let hash = Command::new("sh").arg("-c").arg(check.trim()).output().expect("sh runs").stdout;
        assert_eq!(String::from_utf8(hash).unwrap().split_whitespace().next(), Some(commitment), "{check}");
    }
    // Black's note opens with 3. Bxe8, before the end.
    let bxe8 = alice.iter().position(|m| m.contains("Bxe8")).unwrap();
    assert!(alice[bxe8..alice.len() - 1].iter().any(|m| m.contains("black.crown = queen")), "{out}");
}

/// Secret Intelligence: Alice's mails never show Bob's moves as he wrote them until the game
/// is over; she reads ciphered entries instead.
#[test]
fn the_secret_intelligence_demo_ciphers_the_opponents_moves() {
    let out = demo(Some("secret-intelligence"));
    let bob_moves: Vec<&str> =
        replies(&out, "bob@players.example").into_iter().filter(|m| !m.starts_with("seed")).collect();
    assert_eq!(bob_moves.len(), 3, "{out}");
    let alice = mails_to(&out, "alice@players.example");
    for mail in &alice[..alice.len() - 1] {
        for mv in &bob_moves {
            assert!(!mail.contains(mv), "Bob's {mv} reached Alice unciphered:\n{mail}");
        }
    }
    assert!(alice.iter().any(|m| m.contains("Bob played 1... ") && m.contains(':')), "{out}");
}
