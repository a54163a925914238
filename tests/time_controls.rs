//! Correspondence time controls and vacations, on an injected clock (tests/support/table.rs: a
//! real SQLite file and Maildirs, players replying as mail clients do, the daemon's own pass).
//!
//! Every deadline and clock below is worked out by hand from README's "The clock", on a
//! calendar: the game begins on Saturday 2026-11-21 at noon (UTC, the club's zone), each reply
//! comes a minute after the clock is set. In the controls counted in days, the day a move
//! reaches a player is not counted and each later day is, so N days after a move made on the
//! 21st run to the end of the (21 + N)th, and a vacation's days are skipped.

use crate::support;
use crate::support::mime::says;

use herald::clock::{Clock, TimeControl, Timestamp};
use herald::config::Games;
use herald::mail::reader::{ReadLimits, read_mail};
use herald::referee::records::Player;
use herald::service::NewTournament;
use herald::tournament::{Finish, Points, Tournament};
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

fn ts(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn control(text: &str) -> TimeControl {
    text.parse().unwrap()
}

/// Sets the table's clock to `when` (never back).
fn set(table: &Table, when: &str) {
    let now = table.clock.now();
    let seconds = now.duration_until(ts(when)).as_secs();
    assert!(seconds >= 0, "the clock never goes back ({now} to {when})");
    table.clock.advance(seconds);
}

/// At `when`, a daemon's pass: how many games the clock acted on.
fn pass_at(table: &mut Table, when: &str) -> usize {
    set(table, when);
    table.pass_after(0).deadlines
}

/// Subject and body of `who`'s latest mail.
fn latest(table: &Table, who: &str) -> (String, String) {
    let raw = table.mails(who).pop().expect("a mail");
    let mail = read_mail(&raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

fn deadline(table: &mut Table, id: i64) -> Option<Timestamp> {
    table.service.store().read(|tx| tx.game(id)).unwrap().unwrap().deadline
}

fn clocks(table: &mut Table, id: i64) -> [Option<u32>; 2] {
    table.service.store().read(|tx| tx.game(id)).unwrap().unwrap().clocks
}

fn result(table: &mut Table, id: i64) -> Option<String> {
    let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    record.result.map(|r| format!("{} {}", r.score, r.reason))
}

/// ICCF's control, two moves in five days: each move is charged the days after the one it
/// reached the player, and at each player's second, fourth ... move five days are added to
/// what is left.
#[test]
fn an_iccf_control_charges_calendar_days_and_carries_the_saved_days_over_each_control() {
    let mut table = Table::new("iccf");
    let id = table.new_game_with("chess", control("2 moves in 5 days"));
    // Alice's five days are the 22nd to the 26th.
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-27T00:00:00Z")));
    let (_, body) = latest(&table, ALICE);
    says(&body, "Please reply by the end of 2026-11-26 (UTC).");
    says(&body, "Time control: 2 moves in 5 days; the days not used are carried over to the next 2 moves.");
    says(&body, "Your clock: 5 days left for the moves up to move 2.");
    says(&body, "Bob's clock: 5 days left for the moves up to move 2.");

    // Alice answers the same day: nothing is charged. Bob's five days run from the 21st too.
    table.reply(ALICE, "e4");
    assert_eq!(clocks(&mut table, id), [Some(5), Some(5)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-27T00:00:00Z")));

    // Bob answers on the 24th: the 22nd, 23rd and 24th are charged, 2 days are left, and his
    // first move completes no control. Alice's five run from the 24th: the 25th to the 29th.
    set(&table, "2026-11-24T09:00:00Z");
    table.reply(BOB, "e5");
    assert_eq!(clocks(&mut table, id), [Some(5), Some(2)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-30T00:00:00Z")));
    says(&latest(&table, ALICE).1, "Bob's clock: 2 days left for the moves up to move 2.");

    // Alice's second move on the 28th: four days charged, one left, and the control at move 2
    // adds five: six, for moves 3 and 4. Bob has the 29th and the 30th.
    set(&table, "2026-11-28T20:00:00Z");
    table.reply(ALICE, "Nf3");
    assert_eq!(clocks(&mut table, id), [Some(6), Some(2)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-12-01T00:00:00Z")));
    let (_, body) = latest(&table, BOB);
    says(&body, "Your clock: 2 days left for the moves up to move 2.");
    says(&body, "Alice's clock: 6 days left for the moves up to move 4.");

    // A move at the last minute, 23:59 on the 30th, is in time: nothing is left, and the
    // control adds five. Alice's six days are December 1st to 6th.
    set(&table, "2026-11-30T23:58:00Z");
    table.reply(BOB, "Nc6");
    assert_eq!(result(&mut table, id), None);
    assert_eq!(clocks(&mut table, id), [Some(6), Some(5)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-12-07T00:00:00Z")));

    // Alice lets it run: she is reminded 24 hours before the end of the 6th, and at midnight
    // she has lost on time.
    assert_eq!(pass_at(&mut table, "2026-12-05T23:59:00Z"), 0);
    assert_eq!(pass_at(&mut table, "2026-12-06T00:00:00Z"), 1);
    let (subject, body) = latest(&table, ALICE);
    says(&subject, "reminder, your move (3.)");
    says(&body, "A reminder: your move is due by the end of 2026-12-06 (UTC).");
    says(&body, "Your clock: 0 days left for the moves up to move 4.");
    assert_eq!(pass_at(&mut table, "2026-12-06T23:59:59Z"), 0);
    assert_eq!(result(&mut table, id), None);
    assert_eq!(pass_at(&mut table, "2026-12-07T00:00:00Z"), 1);
    assert_eq!(result(&mut table, id).as_deref(), Some("0-1 Black wins on time"));
}

/// A bank of two days per move, at most five: the bank starts with two, each move adds two
/// to what is left, and the bank never holds more than five.
#[test]
fn a_bank_adds_its_increment_after_each_move_up_to_its_cap() {
    let mut table = Table::new("bank");
    let id = table.new_game_with("chess", control("2 days per move, at most 5 banked"));
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-24T00:00:00Z")));
    let (_, body) = latest(&table, ALICE);
    says(
        &body,
        "Time control: 2 days per move, at most 5 banked: each move adds 2 days to the mover's bank, which never \
         holds more than 5 days.",
    );
    says(&body, "Your bank: 2 days.");
    says(&body, "Bob's bank: 2 days.");

    // Three moves on the 21st, none charged: 2 + 2, 2 + 2, then 4 + 2 held to the cap.
    table.reply(ALICE, "e4");
    table.reply(BOB, "e5");
    table.reply(ALICE, "Nf3");
    assert_eq!(clocks(&mut table, id), [Some(5), Some(4)]);
    // Bob's four days: the 22nd to the 25th.
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-26T00:00:00Z")));

    // Bob on the 23rd: two charged, two left, two added. Alice's five: the 24th to the 28th.
    set(&table, "2026-11-23T10:00:00Z");
    table.reply(BOB, "Nc6");
    assert_eq!(clocks(&mut table, id), [Some(5), Some(4)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-29T00:00:00Z")));

    // Alice at 23:59 on the 28th: her bank is empty, and her move adds two. Bob's four: the
    // 29th to December 2nd.
    set(&table, "2026-11-28T23:58:00Z");
    table.reply(ALICE, "Bb5");
    assert_eq!(clocks(&mut table, id), [Some(2), Some(4)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-12-03T00:00:00Z")));
    let (_, body) = latest(&table, BOB);
    says(&body, "Your bank: 4 days.");
    says(&body, "Alice's bank: 2 days.");

    // Bob on December 1st: one day left (the 2nd), two added. Alice's two: the 2nd and 3rd.
    set(&table, "2026-12-01T10:00:00Z");
    table.reply(BOB, "a6");
    assert_eq!(clocks(&mut table, id), [Some(2), Some(3)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-12-04T00:00:00Z")));
    assert_eq!(pass_at(&mut table, "2026-12-03T00:00:00Z"), 1, "the reminder");
    assert_eq!(pass_at(&mut table, "2026-12-04T00:00:00Z"), 1);
    assert_eq!(result(&mut table, id).as_deref(), Some("0-1 Black wins on time"));
}

/// Three days per move (the club's default) and a vacation: whole vacation days inside the
/// time for a move push its deadline on by 24 hours each; the opponent is told; `back` ends
/// the vacation on its day, and a vacation not begun is cancelled.
#[test]
fn a_vacation_stops_the_players_clock_and_back_ends_it_the_next_day() {
    let mut table = Table::new("vacation-per-move");
    let id = table.new_game("chess");
    table.reply(ALICE, "e4");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-24T12:01:00Z")));

    // Bob, on the clock, takes three days from tomorrow: the 22nd to the 24th, all inside
    // his 72 hours, so his deadline moves three days on.
    table.reply(BOB, "vacation 3");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-27T12:01:00Z")));
    let (subject, body) = latest(&table, BOB);
    says(&subject, "your vacation");
    says(&body, "Your vacation is recorded: from 2026-11-22 to 2026-11-24, 3 days.");
    says(&body, "Vacation days left in 2026: 32 of 35.");
    says(&body, "#1 chess against Alice: on your clock, due by 2026-11-27 12:01 UTC");
    let (subject, body) = latest(&table, ALICE);
    says(&subject, "Bob on vacation");
    says(&body, "Bob is on vacation from 2026-11-22 to 2026-11-24");
    says(&body, "Bob's vacation: 2026-11-22 to 2026-11-24; their clock stands still on those days.");

    // Back on the first day: the vacation is that day alone, one day on.
    set(&table, "2026-11-22T10:00:00Z");
    table.reply(BOB, "back");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-25T12:01:00Z")));
    let (subject, body) = latest(&table, BOB);
    says(&subject, "back from vacation");
    says(&body, "Welcome back. Your vacation ends today, 2026-11-22, after 1 day");
    says(&body, "Vacation days left in 2026: 34 of 35.");
    says(&latest(&table, ALICE).1, "Bob is back from vacation");

    // A vacation booked and cancelled the same day changes nothing.
    set(&table, "2026-11-23T10:00:00Z");
    table.reply(BOB, "vacation 2");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-27T12:01:00Z")), "the 24th and 25th are skipped");
    table.reply(BOB, "back");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-25T12:01:00Z")));
    says(&latest(&table, BOB).1, "Your vacation from 2026-11-24 to 2026-11-25 is cancelled");
    says(&latest(&table, ALICE).1, "Bob cancelled the vacation from 2026-11-24 to 2026-11-25.");
    let report = table.service.leave_report(BOB, None).unwrap();
    assert_eq!((report.allowed, report.taken), (35, 1));

    // Reminders and the loss on time go on from the moved deadline.
    assert_eq!(pass_at(&mut table, "2026-11-24T12:00:00Z"), 0);
    assert_eq!(pass_at(&mut table, "2026-11-24T12:01:00Z"), 1);
    says(&latest(&table, BOB).1, "A reminder: your move is due by 2026-11-25 12:01 UTC");
    assert_eq!(pass_at(&mut table, "2026-11-25T12:01:00Z"), 1);
    assert_eq!(result(&mut table, id).as_deref(), Some("1-0 White wins on time"));
}

/// Only the vacationing player's clock stands still: the opponent's runs on and may run out
/// during the vacation. And a vacation begins tomorrow: it cannot save a clock that runs out
/// today.
#[test]
fn a_vacation_stops_only_its_players_clock_and_not_today() {
    let games = Games { reminder_hours: 0, ..Games::default() };
    let mut table = Table::with_games("vacation-opponent", games.clone());
    let id = table.new_game_with("chess", control("2 moves in 2 days"));
    // Alice has the 22nd and 23rd. Bob, not on the clock, goes away from the 22nd to the 26th.
    table.reply(BOB, "vacation 5");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-24T00:00:00Z")));
    says(&latest(&table, ALICE).1, "Bob is on vacation from 2026-11-22 to 2026-11-26");
    assert_eq!(pass_at(&mut table, "2026-11-24T00:00:00Z"), 1);
    assert_eq!(result(&mut table, id).as_deref(), Some("0-1 Black wins on time"));
    says(&latest(&table, BOB).0, "0-1 Black wins on time");

    let mut table = Table::with_games("vacation-too-late", games);
    let id = table.new_game_with("chess", control("2 moves in 2 days"));
    // Alice spends both her days; Bob answers at once. Alice has nothing left: her move is due
    // on the day his reached her, the 23rd, and a vacation from the 24th does not move that.
    set(&table, "2026-11-23T10:00:00Z");
    table.reply(ALICE, "e4");
    table.reply(BOB, "e5");
    assert_eq!(clocks(&mut table, id), [Some(0), Some(2)]);
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-24T00:00:00Z")));
    table.reply(ALICE, "vacation 3");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-11-24T00:00:00Z")));
    says(&latest(&table, ALICE).1, "#1 chess against Bob: on your clock, due by the end of 2026-11-23 (UTC)");
    assert_eq!(pass_at(&mut table, "2026-11-24T00:00:00Z"), 1);
    assert_eq!(result(&mut table, id).as_deref(), Some("0-1 Black wins on time"));
}

/// A move that reaches a player on vacation counts as received on their first day back, and
/// the vacation days are not charged.
#[test]
fn a_move_that_arrives_during_a_vacation_is_received_on_the_first_day_back() {
    let mut table = Table::new("vacation-receipt");
    let id = table.new_game_with("chess", control("10 moves in 20 days"));
    table.reply(BOB, "vacation 3");
    // Bob is away from the 22nd to the 24th; Alice moves on the 23rd (two days charged: 18
    // left). Bob's move counts as received on the 25th: his twenty days are the 26th to
    // December 15th.
    set(&table, "2026-11-23T10:00:00Z");
    table.reply(ALICE, "d4");
    assert_eq!(deadline(&mut table, id), Some(ts("2026-12-16T00:00:00Z")));
    let (_, body) = latest(&table, BOB);
    // 21 counted days are left after today, the 23rd: the 25th, his first day back, and the
    // twenty after it.
    says(&body, "Your clock: 21 days left for the moves up to move 10.");
    // He answers on the 27th: the 26th and 27th are charged.
    set(&table, "2026-11-27T10:00:00Z");
    table.reply(BOB, "d5");
    assert_eq!(clocks(&mut table, id), [Some(18), Some(18)]);
}

/// A vacation takes days of the calendar year they fall in: the club's allowance (here 10),
/// and what the director grants. Beyond it a vacation is refused with the days left, and
/// nothing changes; a new year has its allowance whole. The command works from any game of
/// the player's, finished ones too.
#[test]
fn a_vacation_beyond_the_years_allowance_is_refused_with_the_days_left() {
    let games = Games { vacation_days_per_year: 10, ..Games::default() };
    let mut table = Table::with_games("vacation-allowance", games);
    let id = table.new_game("chess");
    table.reply(ALICE, "resign");
    assert!(result(&mut table, id).is_some());

    table.reply(BOB, "vacation 7");
    says(&latest(&table, BOB).1, "Vacation days left in 2026: 3 of 10.");
    set(&table, "2026-11-30T10:00:00Z");
    let before = table.mails(ALICE).len();
    table.reply(BOB, "vacation 5");
    let (subject, body) = latest(&table, BOB);
    says(&subject, "[herald #1]");
    says(
        &body,
        "A vacation from 2026-12-01 to 2026-12-05 would take 5 vacation days in 2026, but you have 3 left there (10 \
         in 2026, 7 of them taken or booked). Nothing was changed.",
    );
    assert_eq!(table.mails(ALICE).len(), before, "a refusal tells nobody else");
    let report = table.service.leave_report(BOB, None).unwrap();
    assert_eq!((report.year, report.allowed, report.taken, report.vacations.len()), (2026, 10, 7, 1));

    // The director grants two days more; now it fits, to the last day.
    let report = table.service.grant_leave(BOB, None, 2).unwrap();
    assert_eq!((report.allowed, report.granted, report.taken), (12, 2, 7));
    table.reply(BOB, "vacation 5");
    says(&latest(&table, BOB).1, "Vacation days left in 2026: 0 of 12.");

    // Other refusals say what to write.
    table.reply(BOB, "vacation");
    says(&latest(&table, BOB).1, "Write the days of your vacation after the word");
    set(&table, "2026-12-10T10:00:00Z");
    table.reply(BOB, "back");
    says(&latest(&table, BOB).1, "You are not on vacation, and none is booked: nothing to end.");

    // From the 29th of December, seven days are three in 2026 (none left) and four in 2027.
    set(&table, "2026-12-28T10:00:00Z");
    table.reply(BOB, "vacation 7");
    says(&latest(&table, BOB).1, "would take 3 vacation days in 2026, but you have 0 left there");
    // The calendar year begins anew on January 1st.
    set(&table, "2027-01-01T10:00:00Z");
    table.reply(BOB, "vacation 7");
    let (_, body) = latest(&table, BOB);
    says(&body, "Your vacation is recorded: from 2027-01-02 to 2027-01-08, 7 days.");
    says(&body, "Vacation days left in 2027: 3 of 10.");
    let report = table.service.leave_report(BOB, Some(2026)).unwrap();
    assert_eq!((report.allowed, report.taken), (12, 12));
}

/// A tournament game under a time control that runs out is lost on time in the tournament's
/// tables: `+`/`-` in the crosstable, "(time)" in the round's results, and in the TRF the
/// result codes of a game played, with herald's line saying it was lost on time.
#[test]
fn a_tournament_game_lost_on_time_shows_as_such() {
    let mut table = Table::new("tournament-time");
    let players = ["ann@players.test", "ben@players.test"].map(|e| Player { email: e.into(), name: None }).to_vec();
    let terms =
        Tournament { time_control: Some(control("2 moves in 3 days")), ..support::tournament::terms("Clock Cup") };
    let t = table.service.create_tournament(NewTournament { terms, players }).unwrap();
    table.service.start_tournament(t).unwrap();
    table.pass_after(0);
    let pairing = table.service.store().read(|tx| tx.pairings(t)).unwrap()[0].clone();
    let game = pairing.game.unwrap();
    let record = table.service.store().read(|tx| tx.game(game)).unwrap().unwrap();
    assert_eq!(record.time_control, Some(control("2 moves in 3 days")));
    // White's three days: the 22nd to the 24th.
    assert_eq!(record.deadline, Some(ts("2026-11-25T00:00:00Z")));
    assert_eq!(pass_at(&mut table, "2026-11-24T00:00:00Z"), 1);
    assert_eq!(pass_at(&mut table, "2026-11-25T00:00:00Z"), 1);
    assert_eq!(result(&mut table, game).as_deref(), Some("0-1 Black wins on time"));
    let pairing = table.service.store().read(|tx| tx.pairings(t)).unwrap()[0].clone();
    let score = pairing.score.unwrap();
    assert_eq!((score.white, score.black, score.finish), (Points::ZERO, Points::ONE, Finish::OnTime));

    let config = table.write_config();
    let herald = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
            .arg("--config")
            .arg(&config)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let crosstable = herald(&["tournament", "crosstable", &t.to_string()]);
    let white = pairing.white;
    let entries = table.service.store().read(|tx| tx.entries(t)).unwrap();
    let email = |n: u32| entries.iter().find(|e| e.entrant.number == n).unwrap().entrant.email.clone();
    let row_of = |email: String| crosstable.lines().find(|l| l.contains(&email)).unwrap().to_string();
    // The crosstable's row of each player: the loser's mark against the winner is `-`, the
    // winner's `+` (and `x` against themselves).
    assert!(row_of(email(white)).contains(" - x "), "White lost on time: {crosstable}");
    assert!(row_of(email(pairing.black.unwrap())).contains(" x + "), "Black won on time: {crosstable}");
    let trf = herald(&["tournament", "export", &t.to_string(), "--trf"]);
    says(&trf, &format!("HRP 1 {white} {} 0 1 time", pairing.black.unwrap()));
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), 2, "{trf}");
    let final_mail = latest(&table, "ann@players.test");
    says(&final_mail.0, "final crosstable");
}

/// A database left by the herald before time controls (schema version 8) is migrated, and its
/// games go on as they did: one that kept no days per move of its own has the club's
/// `games.days_per_move`, one that kept its own (a tournament's `--days-per-move`) has those,
/// each counted exactly from the move, and their mails show the reply-by date as before.
#[test]
fn games_from_before_time_controls_keep_their_days_per_move() {
    let mut table = Table::new("migration-9");
    let clubs = table.new_game("chess");
    let own = table.new_game("chess");
    // The database as herald at version 8 left it: without what migrations 9 and later add,
    // the games' rows as that herald wrote them (days_per_move NULL, or a tournament game's
    // own days).
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute_batch(
        "ALTER TABLE outbox ADD COLUMN bytes BLOB NOT NULL DEFAULT X'';
         UPDATE outbox SET bytes = (SELECT bytes FROM outbox_bodies WHERE outbox_bodies.id = outbox.id)
             WHERE id IN (SELECT id FROM outbox_bodies);
         DROP TABLE outbox_bodies;
         ALTER TABLE players DROP COLUMN language;
         ALTER TABLE tournaments DROP COLUMN language;
         ALTER TABLE players DROP COLUMN plain_text;
         ALTER TABLE players DROP COLUMN time_zone;
         ALTER TABLE players DROP COLUMN notation;
         DROP TABLE conditional_moves;
         ALTER TABLE games DROP COLUMN time_control;
         ALTER TABLE games DROP COLUMN white_clock;
         ALTER TABLE games DROP COLUMN black_clock;
         ALTER TABLE tournaments DROP COLUMN time_control;
         ALTER TABLE games DROP COLUMN white_address_nonce;
         ALTER TABLE games DROP COLUMN black_address_nonce;
         DROP TABLE vacations;
         DROP TABLE leave_grants;
         PRAGMA user_version = 8;",
    )
    .unwrap();
    db.execute("UPDATE games SET days_per_move = 5 WHERE id = ?1", [own]).unwrap();
    drop(db);
    let config = table.service.config().clone();
    table.reopen(config);
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    let version: i64 = db.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, herald::store::SCHEMA_VERSION as i64);
    let record = |table: &mut Table, id| table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    assert_eq!((record(&mut table, clubs).time_control, record(&mut table, clubs).clocks), (None, [None, None]));
    assert_eq!(record(&mut table, own).time_control, Some(TimeControl::PerMove { days: 5 }));

    table.reply_in(ALICE, clubs, "e4");
    assert_eq!(deadline(&mut table, clubs), Some(ts("2026-11-24T12:01:00Z")), "the club's three days");
    table.reply_in(ALICE, own, "d4");
    assert_eq!(deadline(&mut table, own), Some(ts("2026-11-26T12:02:00Z")), "the game's own five days");
    let (_, body) = latest(&table, BOB);
    says(&body, "It is your move (1...). Please reply by 2026-11-26 12:02 UTC.");
    assert!(!body.contains("Time control:") && !body.contains("clock:"), "{body}");
    // Vacations reach them too: Bob's two days from tomorrow move both his deadlines on.
    table.reply(BOB, "vacation 2");
    assert_eq!(deadline(&mut table, clubs), Some(ts("2026-11-26T12:01:00Z")));
    assert_eq!(deadline(&mut table, own), Some(ts("2026-11-28T12:02:00Z")));
    assert_eq!(pass_at(&mut table, "2026-11-25T12:01:00Z"), 1, "the reminder");
    assert_eq!(pass_at(&mut table, "2026-11-26T12:01:00Z"), 1);
    assert_eq!(result(&mut table, clubs).as_deref(), Some("1-0 White wins on time"));
}
