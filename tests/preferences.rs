//! A player's own time zone by mail (README, "How players talk to herald"): `zone NAME` makes
//! the times in all their games' mails show in it, the opponent's stay the club's, a name the
//! time zone database does not know is refused and changes nothing, `zone club` goes back.
//! On a real SQLite file and Maildirs (tests/support/table.rs), players replying as mail
//! clients do.
//!
//! The times are worked out by hand: the club's zone is UTC, games begin on Saturday
//! 2026-11-21 at 12:00 UTC; Europe/Berlin is UTC+1 (CET) in November. With the club's three
//! days per move, a first move is due by 2026-11-24 12:00 UTC, 13:00 CET; in "2 moves in 5
//! days", counted in the club's days, by the end of 2026-11-26 (UTC), which is 2026-11-27
//! 01:00 CET.

mod support;

use herald::mail::reader::{ReadLimits, read_mail};
use herald::referee::records::Player;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// Subject and body of `who`'s latest mail.
fn latest(table: &Table, who: &str) -> (String, String) {
    let raw = table.mails(who).pop().expect("a mail");
    let mail = read_mail(&raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

#[track_caller]
fn says(text: &str, expected: &str) {
    assert!(text.contains(expected), "expected {expected:?} in:\n{text}");
}

#[test]
fn a_players_time_zone_shows_in_all_their_games_and_only_theirs() {
    let mut table = Table::new("zone");
    let per_move = table.new_game("chess");
    let in_days = table.new_game_with("chess", "2 moves in 5 days".parse().unwrap());

    // Lower case is the same zone, spelt as the time zone database spells it.
    table.reply(ALICE, "zone europe/berlin");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{in_days}] chess: your time zone, your move (1.)"));
    says(&body, "Your time zone is now Europe/Berlin: the times in the mails of all your games are shown");
    says(&body, "Days are still counted in the club's calendar (UTC).");
    says(&body, "It is your move (1.). Please reply by the end of 2026-11-26 (UTC), 2026-11-27 01:00 CET your time.");
    let bob_before = table.mails(BOB).len();

    // Her other game, and her list of games, show her zone too.
    table.reply(ALICE, "games");
    let (_, body) = latest(&table, ALICE);
    says(&body, &format!("#{per_move} chess against Bob: your move (1.), due by 2026-11-24 13:00 CET"));
    says(
        &body,
        &format!(
            "#{in_days} chess against Bob: your move (1.), due by the end of 2026-11-26 (UTC), 2026-11-27 01:00 CET your time"
        ),
    );
    table.reply(ALICE, &format!("board {per_move}"));
    says(&latest(&table, ALICE).1, "Please reply by 2026-11-24 13:00 CET.");
    assert_eq!(table.mails(BOB).len(), bob_before, "Bob is not told");

    // Bob's times stay the club's. Alice's move, her fourth reply, reaches him at 12:04 UTC (a
    // minute per reply since 12:00); his three days run from then.
    table.reply(ALICE, "e4");
    let (_, body) = latest(&table, BOB);
    says(&body, "Please reply by 2026-11-24 12:04 UTC.");
    assert!(!body.contains("CET") && !body.contains("your time"), "Alice's zone shows in Bob's mail:\n{body}");

    // A game that begins later shows it from the invitation on.
    let alice = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let bob = Player { email: BOB.into(), name: Some("Bob".into()) };
    let later = table.service.new_game("chess", alice, bob).unwrap();
    table.pass_after(0);
    let (subject, body) = latest(&table, ALICE);
    says(&subject, &format!("[herald #{later}]"));
    says(&body, "Please reply by 2026-11-24 13:04 CET.");

    // A name the database does not know is refused, and changes nothing.
    table.reply(ALICE, "zone Mars/Olympus");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, "not accepted");
    says(&body, "I know no time zone \"Mars/Olympus\"");
    says(&body, "Please reply by 2026-11-24 13:04 CET.");

    // `zone club` goes back to the club's.
    table.reply(ALICE, "zone club");
    let (_, body) = latest(&table, ALICE);
    says(&body, "The mails of all your games show the club's times again (UTC).");
    says(&body, "Please reply by 2026-11-24 12:04 UTC.");
}
