//! A game with a time bank, a vacation and conditional moves, played to its end by mail
//! through the club's own Postfix (tests/support/club.rs): the players' replies go through
//! Postfix into herald's inbox Maildir, and every herald command runs under libfaketime
//! (Debian's `faketime`) at the moment the test says, so that days pass in the game while the
//! test takes seconds. Nothing in herald knows: it reads the time as it always does.
//!
//! The deadlines are worked out by hand as in tests/time_controls.rs: the bank holds 2 days at
//! the start, each move adds 2 (at most 5), a move is charged the days after the one it
//! reached the player, and vacation days are not counted.

use crate::support;

use std::process::{Command, Stdio};

use support::club::{ALICE, BOB, Club, ClubOptions, Inbound, Mail, herald_bin, output_text};

/// Runs a herald command of `club` as if it were `when` (UTC, "2026-11-21 12:00:00"); its
/// standard output.
#[track_caller]
fn herald_at(club: &Club, when: &str, args: &[&str]) -> String {
    let out = Command::new("faketime")
        .args(["-m", "-f", &format!("@{when}")])
        .arg(herald_bin())
        .args(args)
        .env("HERALD_CONFIG", club.config_path())
        .env("TZ", "UTC")
        .env("FAKETIME_DONT_FAKE_MONOTONIC", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run faketime (Debian's faketime package)");
    assert!(out.status.success(), "herald {args:?} at {when}:\n{}", output_text(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `who` replies `text` to their latest mail; at `when` herald's pass reads it and answers.
/// Returns the latest mail of each player afterwards.
#[track_caller]
fn reply_at(club: &Club, who: &str, text: &str, when: &str) -> (Mail, Mail) {
    let latest = club.latest(who);
    club.reply(who, &latest, text);
    club.settle();
    herald_at(club, when, &["serve", "--once"]);
    club.settle();
    (club.latest(ALICE), club.latest(BOB))
}

#[track_caller]
fn says(mail: &Mail, expected: &str) {
    support::mime::says(&mail.body(), expected);
}

#[test]
fn a_game_with_a_time_bank_a_vacation_and_conditional_moves_is_played_to_its_end_by_mail() {
    let club = Club::with(ClubOptions { inbound: Inbound::Maildir, ..ClubOptions::default() });
    let start = "2026-11-21 12:00:00";
    let id = herald_at(
        &club,
        start,
        &[
            "game",
            "new",
            "--white",
            ALICE,
            "--black",
            BOB,
            "--white-name",
            "Alice",
            "--black-name",
            "Bob",
            "--time-control",
            "2 days per move, at most 5 banked",
        ],
    );
    assert_eq!(id.trim(), "1");
    herald_at(&club, start, &["serve", "--once"]);
    club.settle();
    let invitation = club.latest(ALICE);
    says(&invitation, "Please reply by the end of 2026-11-23 (UTC).");
    says(&invitation, "Your bank: 2 days.");

    // Alice moves the same day: her bank holds 2 + 2.
    let (_, bob) = reply_at(&club, ALICE, "1. e4", "2026-11-21 12:05:00");
    says(&bob, "Alice played 1. e4.");
    says(&bob, "Your bank: 2 days.");
    says(&bob, "Alice's bank: 4 days.");
    says(&bob, "Please reply by the end of 2026-11-23 (UTC).");

    // Bob, on the clock, takes three days from tomorrow: the 22nd to the 24th do not count,
    // so his two days are the 25th and the 26th. Alice is told.
    let (alice, bob) = reply_at(&club, BOB, "vacation 3", "2026-11-21 12:10:00");
    says(&bob, "Your vacation is recorded: from 2026-11-22 to 2026-11-24, 3 days.");
    says(&bob, "#1 chess against Alice: on your clock, due by the end of 2026-11-26 (UTC)");
    says(&bob, "Vacation days left in 2026: 32 of 35.");
    assert!(alice.subject().contains("Bob on vacation"), "{}", alice.subject());
    says(&alice, "Bob is on vacation from 2026-11-22 to 2026-11-24");

    // He moves during his vacation, on the 23rd: nothing is charged (the 25th and 26th are
    // still ahead), and two days are added. Then he is back: his vacation ends that day.
    let (alice, _) = reply_at(&club, BOB, "1... e5", "2026-11-23 09:00:00");
    says(&alice, "Bob played 1... e5.");
    says(&alice, "Bob's bank: 4 days.");
    says(&alice, "Bob's vacation: 2026-11-22 to 2026-11-24; their clock stands still on those days.");
    let (alice, bob) = reply_at(&club, BOB, "back", "2026-11-23 09:05:00");
    says(&bob, "Welcome back. Your vacation ends today, 2026-11-23, after 2 days");
    says(&bob, "Vacation days left in 2026: 33 of 35.");
    says(&alice, "Bob is back from vacation");
    // Alice's clock was not touched: her four days after the 23rd.
    says(&alice, "Please reply by the end of 2026-11-27 (UTC).");

    // Alice leaves conditional moves with her second move: Bob never sees them.
    let (alice, bob) = reply_at(&club, ALICE, "2. Qh5 if 2... Nc6 3. Bc4\nif 2... g6 3. Qf3", "2026-11-23 10:00:00");
    says(&alice, "Your conditional moves, which Bob does not see");
    says(&alice, "    if 2... Nc6 3. Bc4\n    if 2... g6 3. Qf3\n");
    says(&bob, "Alice played 2. Qh5.");
    for hidden in ["Bc4", "Qf3", "conditional moves, which"] {
        assert!(!bob.body().contains(hidden), "Bob learns of {hidden}:\n{}", bob.body());
    }
    // Bob's move is one a line waits for: Alice's 3. Bc4 is played when his mail is read, on
    // the 24th, the day it reached her, so it is charged nothing and her bank fills to its cap
    // of five; Bob's clock runs from then.
    let (alice, bob) = reply_at(&club, BOB, "2... Nc6", "2026-11-24 08:00:00");
    says(&alice, "    3. Bc4, your conditional move\n");
    says(&bob, "Then conditional moves were played at once:\n    3. Bc4, Alice's conditional move\n");
    says(&bob, "It is your move (3...)");
    says(&alice, "Your bank: 5 days.");
    assert!(!bob.body().contains("Qf3"), "the line not used stays hidden:\n{}", bob.body());
    let (alice, bob) = reply_at(&club, BOB, "3... Nf6", "2026-11-26 18:00:00");
    // Bob's bank was full (five, as Alice's); he took the 25th and 26th: 5 - 2 + 2.
    says(&alice, "Bob's bank: 5 days.");
    says(&bob, "Alice is to move (4.)");
    let (alice, bob) = reply_at(&club, ALICE, "4. Qxf7#", "2026-11-27 07:00:00");
    for mail in [&alice, &bob] {
        assert!(mail.subject().contains("1-0 White wins by checkmate"), "{}", mail.subject());
    }
    let listed = club.herald_ok(&["game", "list"]);
    assert!(listed.contains("1-0 White wins by checkmate"), "{listed}");
    // The archive verifies: the clock is no part of it.
    let dir = club.dir().join("archive.json");
    std::fs::write(&dir, club.herald_ok(&["game", "export", "1", "--json"])).unwrap();
    assert!(club.herald_ok(&["verify", dir.to_str().unwrap()]).contains("verified"));
    let leave = club.herald_ok(&["player", "leave", BOB, "--year", "2026"]);
    assert!(
        leave.contains("35 vacation days in 2026 (0 granted by the director), 2 taken or booked, 33 left"),
        "{leave}"
    );
}
