//! The clock: every mail shows the reply-by date, and the daemon's passes hold players to
//! it. With the defaults (3 days per move, a reminder 24 hours before, `on_timeout:
//! forfeit`), the player to move is reminded once and then loses on time; with `remind`
//! they are told once that the time ran out and the game waits. A move resets the clock;
//! a move waiting in the inbox when the pass begins counts. Real parts: a SQLite file,
//! Maildirs on disk, the daemon's own pass, a clock set by the test.

use crate::support;

use herald::config::{Games, OnTimeout};
use herald::mail::reader::{ReadLimits, read_mail};
use herald::referee::archive::{self, Archive};
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";
const HOUR: i64 = 3600;

/// Subject and decoded body of a raw mail.
fn read(raw: &[u8]) -> (String, String) {
    let mail = read_mail(raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

/// The mails `who` got after the first `before`.
fn new_mails(table: &Table, who: &str, before: usize) -> Vec<(String, String)> {
    table.mails(who)[before..].iter().map(|raw| read(raw)).collect()
}

fn counts(table: &Table) -> (usize, usize) {
    (table.mails(ALICE).len(), table.mails(BOB).len())
}

fn status(table: &mut Table, id: i64) -> (String, Option<String>) {
    let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    (record.status.as_str().to_string(), record.result.map(|r| format!("{} {}", r.score, r.reason)))
}

#[test]
fn the_player_to_move_is_reminded_once_and_then_loses_on_time() {
    let mut table = Table::new("deadline-forfeit");
    let id = table.new_game("chess");
    table.reply(ALICE, "e4");
    // Bob's deadline: three days from Alice's move, as his mail says.
    let (_, body) = read(table.mails(BOB).last().unwrap());
    assert!(body.contains("It is your move (1...). Please reply by 2026-11-24 12:01"), "{body}");
    let before = counts(&table);

    // 47 hours on, the deadline is 25 hours away: nothing yet.
    assert_eq!(table.pass_after(47 * HOUR).deadlines, 0);
    assert_eq!(counts(&table), before);

    // 48 hours on, 24 hours are left: Bob, and only Bob, is reminded.
    assert_eq!(table.pass_after(HOUR).deadlines, 1);
    let reminders = new_mails(&table, BOB, before.1);
    assert_eq!(reminders.len(), 1);
    let (subject, body) = &reminders[0];
    assert!(subject.contains("reminder, your move (1...)"), "{subject}");
    assert!(body.contains("A reminder: your move is due by 2026-11-24 12:01"), "{body}");
    assert!(body.contains("If no move arrives by then, you lose the game on time."), "{body}");
    assert_eq!(table.mails(ALICE).len(), before.0, "Alice is not on the clock");

    // Once per deadline.
    assert_eq!(table.pass_after(12 * HOUR).deadlines, 0);
    assert_eq!(counts(&table), (before.0, before.1 + 1));
    assert_eq!(status(&mut table, id), ("active".to_string(), None));

    // A minute past the deadline: Bob has lost on time, and both are told.
    assert_eq!(table.pass_after(12 * HOUR).deadlines, 1);
    assert_eq!(status(&mut table, id), ("finished".to_string(), Some("1-0 White wins on time".to_string())));
    for (who, seen) in [(ALICE, before.0), (BOB, before.1 + 1)] {
        let mails = new_mails(&table, who, seen);
        assert_eq!(mails.len(), 1, "{who}");
        let (subject, body) = &mails[0];
        assert!(subject.contains("1-0 White wins on time"), "{subject}");
        assert!(body.contains("The game is over: the time for a move ran out."), "{body}");
    }
    // A finished game is off the clock; a late move changes nothing.
    assert_eq!(table.pass_after(24 * HOUR).deadlines, 0);
    table.reply(BOB, "e5");
    assert_eq!(status(&mut table, id).1.as_deref(), Some("1-0 White wins on time"));

    // The archive verifies: a loss on time is one the referee may record for the side to move.
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("chess").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    support::archive_schema::check_archive(&archive);
    let report = archive::verify(&archive);
    assert!(report.ok(), "{report:?}");
    // Not for the side that was not to move.
    let mut forged = archive.clone();
    let result = forged.result.as_mut().unwrap();
    (result.score, result.reason) = ("0-1".into(), "Black wins on time".into());
    forged.chain_head = herald::referee::chain::close(&forged.moves.last().unwrap().hash, "0-1", "Black wins on time");
    let report = archive::verify(&forged);
    assert!(!report.ok(), "{report:?}");
    assert!(report.failed.iter().any(|f| f.contains("a loss on time of the side to move")), "{report:?}");
}

#[test]
fn a_move_starts_a_new_clock_with_its_own_reminder() {
    let mut table = Table::new("deadline-reset");
    let id = table.new_game("chess");
    table.reply(ALICE, "e4");
    assert_eq!(table.pass_after(50 * HOUR).deadlines, 1, "Bob is reminded");
    table.reply(BOB, "e5");
    // Alice's new deadline is three days after Bob's move; Bob's reminder does not count.
    let before = counts(&table);
    assert_eq!(table.pass_after(47 * HOUR).deadlines, 0);
    assert_eq!(table.pass_after(HOUR).deadlines, 1);
    assert_eq!(new_mails(&table, ALICE, before.0).len(), 1);
    assert_eq!(table.mails(BOB).len(), before.1);
    assert_eq!(status(&mut table, id).0, "active");
}

#[test]
fn a_move_waiting_in_the_inbox_when_the_pass_begins_is_in_time() {
    let mut table = Table::new("deadline-inbox");
    let id = table.new_game("chess");
    table.reply(ALICE, "e4");
    table.clock.advance(72 * HOUR - 5 * 60);
    table.reply_to_inbox(BOB, "e5");
    // The pass runs after the deadline, but reads the inbox first.
    let pass = table.pass_after(10 * 60);
    assert_eq!(pass.handled.len(), 1);
    assert_eq!(status(&mut table, id), ("active".to_string(), None));
    let moves = table.service.store().read(|tx| tx.moves(id)).unwrap();
    assert_eq!(moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(), ["e4", "e5"]);
}

#[test]
fn with_on_timeout_remind_the_player_is_told_once_and_the_game_waits() {
    let games = Games { on_timeout: OnTimeout::Remind, reminder_hours: 0, ..Games::default() };
    let mut table = Table::with_games("deadline-remind", games);
    let id = table.new_game("chess");
    table.reply(ALICE, "e4");
    let before = counts(&table);
    // No reminder before the deadline (reminder_hours: 0).
    assert_eq!(table.pass_after(71 * HOUR).deadlines, 0);
    assert_eq!(table.pass_after(2 * HOUR).deadlines, 1);
    let mails = new_mails(&table, BOB, before.1);
    assert_eq!(mails.len(), 1);
    let (subject, body) = &mails[0];
    assert!(subject.contains("time is up, your move (1...)"), "{subject}");
    assert!(body.contains("Your time for your move ran out at 2026-11-24 12:01"), "{body}");
    assert!(!body.contains("lose the game on time"), "{body}");
    assert_eq!(table.mails(ALICE).len(), before.0);
    assert_eq!(table.pass_after(48 * HOUR).deadlines, 0, "told once");
    assert_eq!(status(&mut table, id), ("active".to_string(), None));
    // The game goes on.
    table.reply(BOB, "e5");
    assert_eq!(table.service.store().read(|tx| tx.moves(id)).unwrap().len(), 2);
}

/// Before the first move of Crown, the clock runs against whoever has not yet chosen their
/// crowned monarch; missing that deadline loses nothing (no move was missed), so they are
/// only told.
#[test]
fn before_the_first_move_only_who_still_owes_a_secret_choice_is_on_the_clock() {
    let mut table = Table::new("deadline-setup");
    let id = table.new_game("crown");
    table.reply(ALICE, "crown king");
    let before = counts(&table);
    assert_eq!(table.pass_after(49 * HOUR).deadlines, 1);
    let mails = new_mails(&table, BOB, before.1);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].1.contains("A reminder: your secret choice is due by"), "{}", mails[0].1);
    assert!(!mails[0].1.contains("lose the game on time"), "{}", mails[0].1);
    assert_eq!(table.mails(ALICE).len(), before.0, "Alice has chosen");
    assert_eq!(table.pass_after(24 * HOUR).deadlines, 1);
    let mails = new_mails(&table, BOB, before.1 + 1);
    assert!(mails[0].1.contains("Your time for your secret choice ran out"), "{}", mails[0].1);
    assert_eq!(status(&mut table, id), ("active".to_string(), None));
}

/// A game whose stored state cannot be read stops neither the daemon nor the other games'
/// clocks.
#[test]
fn a_broken_game_does_not_stop_the_other_clocks() {
    let mut table = Table::new("deadline-broken");
    let broken = table.new_game("chess");
    let sound = table.new_game("chess");
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute("UPDATE games SET snapshot = 'not a snapshot' WHERE id = ?1", [broken]).unwrap();
    assert_eq!(table.pass_after(49 * HOUR).deadlines, 1, "only the sound game's White is reminded");
    let pass = table.pass_after(24 * HOUR);
    assert_eq!(pass.deadlines, 1, "only the sound game was decided");
    assert_eq!(status(&mut table, sound), ("finished".to_string(), Some("0-1 Black wins on time".to_string())));
    assert_eq!(status(&mut table, broken).0, "active");
}

/// A deadline that passed while nobody looked (the daemon was down, or the club has just
/// upgraded from a herald that did not enforce deadlines) costs nobody the game by surprise:
/// the player is reminded first, with `reminder_hours` from then, and only then loses.
#[test]
fn a_deadline_that_passed_unseen_is_moved_after_a_reminder() {
    let mut table = Table::new("deadline-unseen");
    let id = table.new_game("chess");
    let before = counts(&table);
    // The daemon comes back a day after White's deadline (2026-11-24 12:00).
    assert_eq!(table.pass_after(96 * HOUR).deadlines, 1);
    assert_eq!(status(&mut table, id), ("active".to_string(), None));
    let mails = new_mails(&table, ALICE, before.0);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].1.contains("A reminder: your move is due by 2026-11-26 12:00"), "{}", mails[0].1);
    assert!(mails[0].1.contains("If no move arrives by then, you lose the game on time."), "{}", mails[0].1);
    assert_eq!(table.pass_after(23 * HOUR).deadlines, 0);
    assert_eq!(table.pass_after(2 * HOUR).deadlines, 1);
    assert_eq!(status(&mut table, id), ("finished".to_string(), Some("0-1 Black wins on time".to_string())));
}
