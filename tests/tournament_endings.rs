//! Every way a tournament's last game can end — a move that mates, a `resign` mail, the clock,
//! the director's decision, a withdrawal by the command line and one by mail — on 2-, 3- and
//! 4-player round robins and on a 5-player Swiss: each ends the tournament once, with the
//! final crosstable queued exactly once per entrant, the mailing player answered, and nothing
//! recorded as failed. And a mail herald fails on that carries an entry token (a reply to a
//! tournament's mail) is answered with the apology when it comes from the entrant the token
//! was made for, and from nobody else.
//!
//! In one process on an injected clock (tests/support/table.rs): a real SQLite file and
//! Maildirs; the withdrawal by the command line runs the `herald` binary on the same database.

use crate::support;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::Command;

use herald::clock::Clock;
use herald::mail::reader::{ReadLimits, read_mail};
use herald::mail::reply::compose_reply;
use herald::referee::records::{Player, Verdict};
use herald::service::{Ingested, NewTournament};
use herald::tournament::withdrawal::WithdrawalPolicy;
use herald::tournament::{Points, Stage, System, Tournament};
use support::table::Table;

const PLAYERS: [&str; 5] =
    ["ann@players.test", "ben@players.test", "cy@players.test", "di@players.test", "eve@players.test"];
const HOUR: i64 = 3600;

/// A tournament's shape.
#[derive(Clone, Copy, Debug)]
enum Format {
    /// A round robin of this many players (every game starts at once).
    RoundRobin(usize),
    /// A Swiss of this many players and rounds (each round paired when the one before ends).
    Swiss(usize, u32),
}

/// How the tournament's last game ends.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Black mates by mail (the fool's mate: f3 e5 g4 Qh4#).
    Mate,
    /// White resigns by mail.
    Resign,
    /// White, to move, lets the clock run out: the daemon's passes remind, then forfeit.
    Clock,
    /// The director adjudicates a draw.
    Director,
    /// The director withdraws White with `herald tournament withdraw`.
    WithdrawByCli,
    /// White replies `withdraw` to a tournament mail.
    WithdrawByMail,
}

const ENDINGS: [Ending; 6] =
    [Ending::Mate, Ending::Resign, Ending::Clock, Ending::Director, Ending::WithdrawByCli, Ending::WithdrawByMail];

/// Subject and decoded body of a raw mail.
fn read(raw: &[u8]) -> (String, String) {
    let mail = read_mail(raw, &ReadLimits::default()).unwrap();
    (mail.subject, mail.body)
}

fn subjects(table: &Table, who: &str) -> Vec<String> {
    table.mails(who).iter().map(|raw| read(raw).0).collect()
}

/// Makes and starts tournament `format` of the first players, with the club's default time
/// control; its number. Invitations are sent.
fn start(table: &mut Table, format: Format, withdrawal: WithdrawalPolicy) -> i64 {
    let (system, players, rounds) = match format {
        Format::RoundRobin(n) => (System::RoundRobin, n, 0),
        Format::Swiss(n, rounds) => (System::Swiss, n, rounds),
    };
    let terms = Tournament { system, rounds, withdrawal, ..support::tournament::terms("Endings Cup") };
    let players = PLAYERS[..players].iter().map(|e| Player { email: e.to_string(), name: None }).collect();
    let id = table.service.create_tournament(NewTournament { terms, players }).unwrap();
    table.service.start_tournament(id).unwrap();
    table.pass_after(0);
    id
}

/// The tournament's games still in play: (game, white, black).
fn in_play(table: &mut Table, id: i64) -> Vec<(i64, String, String)> {
    let pairings = table.service.store().read(|tx| tx.pairings(id)).unwrap();
    let entries = table.service.store().read(|tx| tx.entries(id)).unwrap();
    let email = |n: u32| entries.iter().find(|e| e.entrant.number == n).unwrap().entrant.email.clone();
    let mut games = Vec::new();
    for p in pairings.iter().filter(|p| p.score.is_none()) {
        let (Some(game), Some(black)) = (p.game, p.black) else { continue };
        let record = table.service.store().read(|tx| tx.game(game)).unwrap().unwrap();
        if record.status.as_str() == "active" {
            games.push((game, email(p.white), email(black)));
        }
    }
    games
}

/// The director ends every game but the tournament's last, round after round (a Swiss pairs
/// its next round by itself); the last game, in play: (game, white, black).
fn down_to_the_last_game(table: &mut Table, id: i64) -> (i64, String, String) {
    loop {
        let t = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
        let pairings = table.service.store().read(|tx| tx.pairings(id)).unwrap();
        let latest = herald::tournament::director::latest_round(&pairings);
        let games = in_play(table, id);
        if latest == t.rounds && games.len() == 1 {
            return games[0].clone();
        }
        let (game, _, _) = games.first().cloned().expect("a game in play before the last");
        table.service.direct_game(game, Points::ONE, Points::ZERO, false).unwrap();
        table.pass_after(0);
    }
}

/// `who` answers their latest mail of game `game` with `text`; how herald handled it.
fn say(table: &mut Table, who: &str, game: i64, text: &str) -> Ingested {
    let tag = format!("[herald #{game}]");
    let latest = table.mails(who).into_iter().rev().find(|raw| read(raw).0.contains(&tag)).expect("a mail of the game");
    let mail = compose_reply(&latest, who, text).unwrap();
    deliver(table, &mail)
}

/// `who`'s reply `text` to their latest tournament mail (one that is no game's, so it carries
/// their entry token), as their mail client writes it.
fn tournament_reply(table: &Table, who: &str, text: &str) -> Vec<u8> {
    // A tournament's own mail carries the entry token as `[ref:t...]` (an answer to a stranger
    // carries no token at all).
    let latest = table.mails(who).into_iter().rev().find(|raw| read(raw).0.contains("[ref:t"));
    compose_reply(&latest.expect("a tournament mail"), who, text).unwrap()
}

/// Ingests `raw` a minute on and runs a daemon's pass; how herald handled it.
fn deliver(table: &mut Table, raw: &[u8]) -> Ingested {
    table.clock.advance(60);
    let handled = table.service.ingest(raw, None).expect("every mail is handled, never handed back");
    table.pass_after(0);
    handled
}

/// `who` withdraws by replying `withdraw` to their latest tournament mail; how herald handled
/// it. One function, so that a withdrawal that comes to need a confirmation by reply is
/// changed here alone.
fn withdraw_by_mail(table: &mut Table, who: &str) -> Ingested {
    let mail = tournament_reply(table, who, "withdraw");
    deliver(table, &mail)
}

/// `herald --config ... tournament withdraw ID EMAIL` on the table's database, as the
/// director runs it, at the table's time (under libfaketime, Debian's `faketime`, so that the
/// mails it queues are due at the table's next pass); its exit status must be 0.
fn withdraw_by_cli(table: &mut Table, id: i64, who: &str) {
    let config = table.write_config();
    table.clock.advance(60);
    let when = table.clock.now().strftime("%Y-%m-%d %H:%M:%S").to_string();
    let out = Command::new("faketime")
        .args(["-m", "-f", &format!("@{when}")])
        .arg(env!("CARGO_BIN_EXE_herald"))
        .env("TZ", "UTC")
        .env("FAKETIME_DONT_FAKE_MONOTONIC", "1")
        .arg("--config")
        .arg(&config)
        .args(["tournament", "withdraw", &id.to_string(), who])
        .output()
        .expect("run faketime (Debian's faketime package)");
    assert!(
        out.status.success(),
        "herald tournament withdraw exited {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    table.pass_after(0);
}

/// How many rows of the database's `table` meet `condition`.
fn count(table: &Table, sql_table: &str, condition: &str) -> i64 {
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.query_row(&format!("SELECT count(*) FROM {sql_table} WHERE {condition}"), [], |r| r.get(0)).unwrap()
}

/// Plays tournament `format` down to its last game and ends that game by `ending`, checking
/// everything a tournament's end owes.
fn end_last_game(format: Format, ending: Ending, withdrawal: WithdrawalPolicy) {
    let mut table = Table::new("endings");
    let id = start(&mut table, format, withdrawal);
    let (game, white, black) = down_to_the_last_game(&mut table, id);
    assert_eq!(table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap().stage, Stage::Running);

    // Who mailed, how many mails they had before their last one, and what their answer says.
    let mut mailed: Option<(String, usize, &str)> = None;
    match ending {
        Ending::Mate => {
            for (who, text) in [(&white, "f3"), (&black, "e5"), (&white, "g4")] {
                assert_eq!(say(&mut table, who, game, text), Ingested::Handled(Verdict::Move));
            }
            mailed = Some((black.clone(), table.mails(&black).len(), "0-1"));
            assert_eq!(say(&mut table, &black, game, "Qh4#"), Ingested::Handled(Verdict::Move));
        }
        Ending::Resign => {
            mailed = Some((white.clone(), table.mails(&white).len(), "0-1"));
            assert_eq!(say(&mut table, &white, game, "resign"), Ingested::Handled(Verdict::Resigned));
        }
        Ending::Clock => {
            // Three days per move: a reminder a day before the deadline, then the loss.
            table.pass_after(60 * HOUR);
            table.pass_after(13 * HOUR);
            let record = table.service.store().read(|tx| tx.game(game)).unwrap().unwrap();
            let result = record.result.expect("White lost on time");
            assert_eq!((result.score.as_str(), result.reason.as_str()), ("0-1", "Black wins on time"));
        }
        Ending::Director => {
            table.service.direct_game(game, Points(500), Points(500), false).unwrap();
            table.pass_after(0);
        }
        Ending::WithdrawByCli => withdraw_by_cli(&mut table, id, &white),
        Ending::WithdrawByMail => {
            mailed = Some((white.clone(), table.mails(&white).len(), "you have withdrawn"));
            assert_eq!(withdraw_by_mail(&mut table, &white), Ingested::Handled(Verdict::Entry));
        }
    }

    let t = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
    assert_eq!(t.stage, Stage::Finished, "the last game is over, so is the tournament");
    assert!(in_play(&mut table, id).is_empty());
    let entrants: Vec<String> =
        table.service.store().read(|tx| tx.entries(id)).unwrap().into_iter().map(|e| e.entrant.email).collect();
    let players = match format {
        Format::RoundRobin(n) | Format::Swiss(n, _) => n,
    };
    assert_eq!(entrants.len(), players);
    let finals = format!("message_id LIKE 'herald.t{id}.final.%'");
    assert_eq!(count(&table, "outbox", &finals), entrants.len() as i64, "one final crosstable per entrant, queued");
    for who in &entrants {
        let queued = count(&table, "outbox", &format!("{finals} AND recipient = '{who}'"));
        assert_eq!(queued, 1, "{who}'s final crosstable is queued once");
        let got = subjects(&table, who).iter().filter(|s| s.contains("final crosstable")).count();
        assert_eq!(got, 1, "{who} got the final crosstable once");
    }
    if let Some((who, before, says)) = mailed {
        let answers = &subjects(&table, &who)[before..];
        assert!(answers.iter().any(|s| s.contains(says)), "{who}'s mail is answered ({says}): {answers:?}");
        assert!(answers.iter().all(|s| !s.contains("could not be handled")), "{answers:?}");
    }
    assert_eq!(count(&table, "inbox", "outcome = 'failed'"), 0, "no mail was recorded as failed");
    assert_eq!(count(&table, "events", "kind = 'failed'"), 0, "no failure was logged");
    assert_eq!(count(&table, "outbox", "status <> 'sent'"), 0, "every mail went out");
}

/// Every ending of `format`'s last game, each in a club of its own; all are tried, and every
/// one that fails is named.
fn every_ending(format: Format, endings: &[(Ending, WithdrawalPolicy)]) {
    let failed: Vec<String> = endings
        .iter()
        .filter_map(|&(ending, policy)| {
            catch_unwind(AssertUnwindSafe(|| end_last_game(format, ending, policy))).err().map(|panic| {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                format!("{ending:?} ({}): {why}", policy.as_str())
            })
        })
        .collect();
    assert!(failed.is_empty(), "{format:?}: the last game's endings that failed:\n{}", failed.join("\n"));
}

fn forfeiting(endings: &[Ending]) -> Vec<(Ending, WithdrawalPolicy)> {
    endings.iter().map(|&e| (e, WithdrawalPolicy::ForfeitRemaining)).collect()
}

#[test]
fn every_ending_of_a_two_player_round_robins_only_game_ends_it_once() {
    // Under the annulment rule a player who withdraws before finishing half their games has
    // them all annulled: the game stops without a result, and the tournament still ends once.
    let mut endings = forfeiting(&ENDINGS);
    endings.push((Ending::WithdrawByCli, WithdrawalPolicy::AnnulIfUnderHalf));
    endings.push((Ending::WithdrawByMail, WithdrawalPolicy::AnnulIfUnderHalf));
    every_ending(Format::RoundRobin(2), &endings);
}

#[test]
fn every_ending_of_a_three_player_round_robins_last_game_ends_it_once() {
    every_ending(Format::RoundRobin(3), &forfeiting(&ENDINGS));
}

#[test]
fn every_ending_of_a_four_player_round_robins_last_game_ends_it_once() {
    every_ending(Format::RoundRobin(4), &forfeiting(&ENDINGS));
}

#[test]
fn every_ending_of_a_swiss_last_game_ends_it_once() {
    // Five players: a bye in every round.
    every_ending(Format::Swiss(5, 2), &forfeiting(&ENDINGS));
}

const MALLORY: &str = "mallory@players.test";
const APOLOGY: &str = "herald: your mail could not be handled";

/// `raw` as if `from` had sent it: the same mail, another From (so another delivery).
fn sent_by(raw: &[u8], who: &str, from: &str) -> Vec<u8> {
    let text = String::from_utf8(raw.to_vec()).unwrap();
    let forged = text.replace(&format!("From: {who}\r\n"), &format!("From: {from}\r\n"));
    assert_ne!(forged, text);
    forged.into_bytes()
}

/// Nothing the withdrawal would have changed did change: `who` still plays, their game goes
/// on, the tournament runs.
fn nothing_changed(table: &mut Table, id: i64, who: &str) {
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    let withdrawn: Option<u32> = db
        .query_row(
            "SELECT e.withdrawn_after FROM entrants e JOIN players p ON p.id = e.player_id
             WHERE e.tournament_id = ?1 AND p.email = ?2",
            rusqlite::params![id, who],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(withdrawn, None, "{who} has not withdrawn");
    let active: i64 = db.query_row("SELECT count(*) FROM games WHERE status = 'active'", [], |r| r.get(0)).unwrap();
    assert_eq!(active, 1, "the game goes on");
}

/// The apology `who` got last (after their first `before` mails): exactly one, with `why`,
/// and its reference is the one the operator's log shows.
fn apologised(table: &mut Table, who: &str, before: usize, why: &str) {
    let answers = &table.mails(who)[before..];
    assert_eq!(answers.len(), 1, "{who} is answered once");
    let (subject, body) = read(&answers[0]);
    assert_eq!(subject, APOLOGY);
    assert!(body.contains(why) && body.contains("Nothing was changed"), "{body}");
    let reference = body.split("reference ").nth(1).unwrap().split(')').next().unwrap().to_string();
    let log = table.log();
    assert!(log.iter().any(|line| line.starts_with("failed: ") && line.contains(&reference)), "{log:?}");
}

/// A reply to a tournament's mail that herald fails on (the club's templates folder breaks
/// the tournament's mail and the stranger's answer alike) is answered with the apology when it
/// comes from the entrant its entry token was made for; the same mail from another entrant of
/// the same tournament, or from a stranger, fails the same way and gets nothing.
#[test]
fn a_failed_reply_to_a_tournament_mail_is_answered_to_its_entrant_alone() {
    let mut table = Table::new("entry-failed");
    let id = start(&mut table, Format::RoundRobin(2), WithdrawalPolicy::ForfeitRemaining);
    let (ann, ben) = (PLAYERS[0], PLAYERS[1]);
    let dir = table.root.join("templates");
    std::fs::create_dir_all(&dir).unwrap();
    for broken in ["tournament.txt", "unverified.txt"] {
        std::fs::write(dir.join(broken), "Subject: no\n\n{% include \"missing.txt\" %}\n").unwrap();
    }
    let mut config = table.service.config().clone();
    config.templates = Some(dir);
    table.reopen(config);

    let from_ann = tournament_reply(&table, ann, "withdraw");
    for other in [ben, MALLORY] {
        let before = table.mails(other).len();
        assert_eq!(deliver(&mut table, &sent_by(&from_ann, ann, other)), Ingested::Handled(Verdict::Failed));
        assert_eq!(table.mails(other).len(), before, "{other} is not the entrant Ann's token names: nothing");
    }
    let before = table.mails(ann).len();
    assert_eq!(deliver(&mut table, &from_ann), Ingested::Handled(Verdict::Failed));
    apologised(&mut table, ann, before, "one of the club's mail templates is broken");
    nothing_changed(&mut table, id, ann);
    // The same delivery again is recognised, and not answered again.
    assert_eq!(deliver(&mut table, &from_ann), Ingested::Duplicate);
    assert_eq!(table.mails(ann).len(), before + 1);
}

/// A tournament row that cannot be read back (written by SQL into the real file): the
/// entrant's reply fails on it and is answered, in words that say what went wrong.
#[test]
fn a_reply_that_fails_on_a_corrupt_tournament_is_answered_to_its_entrant() {
    let mut table = Table::new("entry-corrupt");
    let id = start(&mut table, Format::RoundRobin(2), WithdrawalPolicy::ForfeitRemaining);
    let ann = PLAYERS[0];
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute("UPDATE tournaments SET tiebreaks = 'coin-toss' WHERE id = ?1", [id]).unwrap();
    let before = table.mails(ann).len();
    let from_ann = tournament_reply(&table, ann, "withdraw");
    assert_eq!(deliver(&mut table, &from_ann), Ingested::Handled(Verdict::Failed));
    apologised(&mut table, ann, before, "the club's stored records could not be read");
    nothing_changed(&mut table, id, ann);
}

/// Where the club requires DKIM, the apology goes only to a mail the club's server
/// authenticated: the token and the From alone are what anyone who saw a tournament mail can
/// write.
#[test]
fn the_apology_goes_only_to_a_sender_authenticated_as_the_club_requires() {
    let mut table = Table::new("entry-failed-dkim");
    let id = start(&mut table, Format::RoundRobin(2), WithdrawalPolicy::ForfeitRemaining);
    let ann = PLAYERS[0];
    let mut config = table.service.config().clone();
    config.inbox.authentication.trusted_authserv_id = Some("mx.club.test".into());
    config.inbox.authentication.require = herald::config::Required::Dkim;
    table.reopen(config);
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute("UPDATE tournaments SET tiebreaks = 'coin-toss' WHERE id = ?1", [id]).unwrap();

    let before = table.mails(ann).len();
    let unsigned = tournament_reply(&table, ann, "withdraw");
    deliver(&mut table, &unsigned);
    let answers: Vec<String> = subjects(&table, ann)[before..].to_vec();
    assert!(answers.iter().all(|s| s != APOLOGY), "an unauthenticated mail is no verified sender's: {answers:?}");

    let before = table.mails(ann).len();
    let mut signed = b"Authentication-Results: mx.club.test; dkim=pass header.d=players.test\r\n".to_vec();
    signed.extend(tournament_reply(&table, ann, "withdraw"));
    assert_eq!(deliver(&mut table, &signed), Ingested::Handled(Verdict::Failed));
    apologised(&mut table, ann, before, "the club's stored records could not be read");
    nothing_changed(&mut table, id, ann);
}
