//! The one gate (README "How players talk to herald", "Authenticated senders"): every mail that
//! changes anything is a verified player's or entrant's, checked the same way, and whoever
//! else writes gets at most one answer a day. Each test here is a class of mail that once went
//! around the check: a withdrawal with the victim's entry token, a second From above a signed
//! one, a forged `Authentication-Results` below the club's own, forged joins and forged
//! resignations that made herald mail a victim again and again.
//!
//! A club in one process (real SQLite file, real Maildirs): `Authentication-Results` fields are
//! written into the mails here as the club's receiving server would write them
//! (tests/sender_authentication.rs has the real OpenDKIM).

use crate::support;

use herald::config::{ConfirmGameEnding, Required};
use herald::mail::reader::{ReadLimits, read_mail};
use herald::mail::reply::compose_reply;
use herald::referee::records::Player;
use herald::service::{Ingested, NewTournament};
use herald::tournament::Tournament;
use support::table::Table;

const ANN: &str = "ann@players.test";
const BEN: &str = "ben@players.test";
const ALICE: &str = "alice@players.test";
const TRUSTED: &str = "mx.club.test";

fn subject(raw: &[u8]) -> String {
    read_mail(raw, &ReadLimits::default()).unwrap().subject
}

/// A club that confirms every game's end from unauthenticated mail (the default), and, with
/// `require`, requires it of every mail, as its server `mx.club.test` finds it.
fn club(name: &str, require: Required) -> Table {
    let mut table = Table::new(name);
    let mut config = table.service.config().clone();
    config.inbox.authentication.confirm_game_ending = ConfirmGameEnding::Unauthenticated;
    config.inbox.authentication.trusted_authserv_id = Some(TRUSTED.into());
    config.inbox.authentication.require = require;
    table.reopen(config);
    table
}

/// The terms of a round robin of chess, `name`, of `rounds` rounds.
fn round_robin(name: &str, rounds: u32) -> Tournament {
    Tournament { rounds, rated: false, ..support::tournament::terms(name) }
}

/// A running round robin of Ann, Ben and Cy; its number.
fn running_tournament(table: &mut Table) -> i64 {
    let players = [ANN, BEN, "cy@players.test"].map(|e| Player { email: e.into(), name: None }).to_vec();
    let id = table.service.create_tournament(NewTournament { terms: round_robin("Gate Cup", 3), players }).unwrap();
    table.service.start_tournament(id).unwrap();
    table.pass_after(0);
    id
}

/// The latest tournament mail `who` got (its Subject carries their entry token).
fn latest_tournament_mail(table: &Table, who: &str) -> Vec<u8> {
    table.mails(who).into_iter().rev().find(|m| subject(m).contains("Gate Cup")).expect("a tournament mail")
}

/// `from` answers `mail` with `text`; the referee handles it and sends.
fn answer(table: &mut Table, mail: &[u8], from: &str, text: &str) -> Ingested {
    answer_with(table, mail, from, text, |raw| raw)
}

/// As [`answer`], the reply's bytes first changed by `edit` (headers a server or a forger adds).
fn answer_with(
    table: &mut Table,
    mail: &[u8],
    from: &str,
    text: &str,
    edit: impl FnOnce(String) -> String,
) -> Ingested {
    let reply = String::from_utf8(compose_reply(mail, from, text).unwrap()).unwrap();
    table.clock.advance(60);
    let handled = table.service.ingest(edit(reply).as_bytes(), None).unwrap();
    table.pass_after(0);
    handled
}

fn withdrawn(table: &mut Table, tournament: i64, who: &str) -> bool {
    let entries = table.service.store().read(|tx| tx.entries(tournament)).unwrap();
    entries.iter().find(|e| e.entrant.email == who).expect("entered").entrant.withdrawn_after.is_some()
}

#[test]
fn a_withdrawal_with_the_victims_entry_token_needs_her_confirmation() {
    // The entry token sits in the Subject and Reply-To of every tournament mail Ann gets: a Cc
    // or a forward shows it. A forger who writes her From with it asks; only Ann can confirm.
    let mut table = club("gate-withdraw", Required::None);
    let id = running_tournament(&mut table);
    let begins = latest_tournament_mail(&table, ANN);
    let before = table.mails(ANN).len();
    for _ in 0..3 {
        answer(&mut table, &begins, ANN, "withdraw");
    }
    assert!(!withdrawn(&mut table, id, ANN), "an unconfirmed withdrawal withdrew Ann");
    let asked: Vec<_> = table.mails(ANN)[before..].to_vec();
    assert_eq!(
        asked.len(),
        1,
        "one request while one waits: {:?}",
        asked.iter().map(|m| subject(m)).collect::<Vec<_>>()
    );
    let request = subject(&asked[0]);
    assert!(request.contains("please confirm your withdrawal [confirm:"), "{request}");
    assert!(table.mails(BEN).iter().all(|m| !subject(m).contains("withdrawn")), "Ben heard nothing yet");

    // Ben's own code confirms nothing of Ann's: his request, answered in her name, is refused.
    let ben_begins = latest_tournament_mail(&table, BEN);
    answer(&mut table, &ben_begins, BEN, "withdraw");
    let ben_request = table.mails(BEN).pop().unwrap();
    let forged = String::from_utf8(compose_reply(&ben_request, ANN, "withdraw").unwrap()).unwrap();
    let ann_token = subject(&begins).rsplit_once("[ref:").unwrap().1.trim_end_matches(']').to_string();
    let ben_token = subject(&ben_request).rsplit_once("[ref:").unwrap().1.trim_end_matches(']').to_string();
    table.clock.advance(60);
    table.service.ingest(forged.replace(&ben_token, &ann_token).as_bytes(), None).unwrap();
    table.pass_after(0);
    assert!(!withdrawn(&mut table, id, ANN) && !withdrawn(&mut table, id, BEN));

    // Ann answers her request: she is withdrawn.
    let before = table.mails(ANN).len();
    answer(&mut table, &asked[0], ANN, "withdraw");
    assert!(withdrawn(&mut table, id, ANN));
    assert!(table.mails(ANN)[before..].iter().any(|m| subject(m).contains("you have withdrawn")));
}

#[test]
fn a_withdrawal_without_the_authentication_the_club_requires_is_a_strangers() {
    let mut table = club("gate-withdraw-dkim", Required::Dkim);
    let id = running_tournament(&mut table);
    let begins = latest_tournament_mail(&table, ANN);
    let handled = answer(&mut table, &begins, ANN, "withdraw");
    assert_eq!(handled, Ingested::Handled(herald::referee::records::Verdict::Unverified));
    assert!(!withdrawn(&mut table, id, ANN));
    // Signed as the club's server found it, the same withdrawal is Ann's (and needs no
    // confirmation: the mail was authenticated).
    let signed = |raw: String| format!("Authentication-Results: {TRUSTED}; dkim=pass header.d=players.test\r\n{raw}");
    answer_with(&mut table, &begins, ANN, "withdraw", signed);
    assert!(withdrawn(&mut table, id, ANN));
}

/// Alice's latest mail of game `id`.
fn latest_game_mail(table: &Table, id: i64) -> Vec<u8> {
    table.latest_in(ALICE, id)
}

#[test]
fn a_mail_with_two_authors_is_never_authenticated() {
    // Mallory has a mailbox at Alice's provider: her own mail to the referee is signed for
    // players.test and passes. With a second From (or a second mailbox in From) naming Alice
    // above hers, herald would read Alice while the verifier judged Mallory.
    let mut table = club("gate-two-from", Required::Dkim);
    let id = table.new_game("chess");
    let invitation = latest_game_mail(&table, id);
    let pass = format!("Authentication-Results: {TRUSTED}; dkim=pass header.d=players.test\r\n");
    let moves = |table: &mut Table| table.service.store().read(|tx| tx.game(id)).unwrap().unwrap().snapshot;
    let start = moves(&mut table);
    let two_fields = |raw: String| {
        format!(
            "{pass}{}",
            raw.replacen(
                "From: alice@players.test\r\n",
                "From: alice@players.test\r\nFrom: mallory@players.test\r\n",
                1
            )
        )
    };
    answer_with(&mut table, &invitation, ALICE, "e4", two_fields);
    let two_mailboxes = |raw: String| {
        format!(
            "{pass}{}",
            raw.replacen("From: alice@players.test\r\n", "From: alice@players.test, mallory@players.test\r\n", 1)
        )
    };
    answer_with(&mut table, &invitation, ALICE, "e4", two_mailboxes);
    assert_eq!(moves(&mut table), start, "a mail with two authors played a move");
    // The same mail with one author is Alice's.
    answer_with(&mut table, &invitation, ALICE, "e4", |raw| format!("{pass}{raw}"));
    assert_ne!(moves(&mut table), start);
}

#[test]
fn a_pass_below_the_servers_own_fail_is_the_senders_writing() {
    let mut table = club("gate-ar-order", Required::Dkim);
    let id = table.new_game("chess");
    let invitation = latest_game_mail(&table, id);
    let moves = |table: &mut Table| table.service.store().read(|tx| tx.game(id)).unwrap().unwrap().snapshot;
    let start = moves(&mut table);
    // What the club's server wrote sits above its Received field; below it, what came with the
    // mail, whoever wrote it.
    let forged = |raw: String| {
        format!(
            "Authentication-Results: {TRUSTED}; dkim=fail header.d=players.test\r\n\
             Received: from evil.test by {TRUSTED}\r\n\
             Authentication-Results: {TRUSTED}; dkim=pass header.d=players.test\r\n{raw}"
        )
    };
    answer_with(&mut table, &invitation, ALICE, "e4", forged);
    assert_eq!(moves(&mut table), start, "a forged pass below the server's fail played a move");
    let genuine = |raw: String| {
        format!(
            "Authentication-Results: {TRUSTED}; dkim=pass header.d=players.test\r\n\
             Received: from mail.players.test by {TRUSTED}\r\n{raw}"
        )
    };
    answer_with(&mut table, &invitation, ALICE, "e4", genuine);
    assert_ne!(moves(&mut table), start);
}

/// A first mail (no reply) from `from` to the referee.
fn first_mail(from: &str, n: u32, text: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: referee@club.test\r\nSubject: hello\r\nDate: Tue, 24 Nov 2026 12:00:00 +0000\r\n\
         Message-ID: <first.{n}@players.test>\r\n\r\n{text}\r\n"
    )
    .into_bytes()
}

#[test]
fn a_stranger_gets_one_answer_a_day_whatever_they_ask() {
    // Forged joins in the victim's name, for a tournament that does not exist and one that
    // takes no entries, then an unverified mail: the victim gets one answer, not four.
    let mut table = club("gate-strangers", Required::None);
    running_tournament(&mut table);
    let victim = "victim@players.test";
    let texts = [
        "join Nowhere Open".to_string(),
        "join Nowhere Open again".to_string(),
        "join Gate Cup".to_string(),
        "e4".to_string(),
        format!("join {}", "x".repeat(21_000)),
    ];
    for (n, text) in texts.iter().enumerate() {
        table.clock.advance(60);
        table.service.ingest(&first_mail(victim, n as u32, text), None).unwrap();
    }
    table.pass_after(0);
    assert_eq!(table.mails(victim).len(), 1, "one answer a day to an address that speaks for nobody");
    // A day later, one more.
    table.clock.advance(24 * 3600);
    table.service.ingest(&first_mail(victim, 99, "join Nowhere Open"), None).unwrap();
    table.pass_after(0);
    assert_eq!(table.mails(victim).len(), 2);
}

#[test]
fn a_join_held_back_by_the_limit_enters_nobody_and_a_later_join_asks_again() {
    let mut table = club("gate-join-later", Required::None);
    let open = running_tournament_open(&mut table);
    let newcomer = "newcomer@players.test";
    // An answer today already (to an unverified mail): the join's request is held back.
    table.service.ingest(&first_mail(newcomer, 1, "e4"), None).unwrap();
    table.clock.advance(60);
    table.service.ingest(&first_mail(newcomer, 2, "join Open Cup"), None).unwrap();
    table.pass_after(0);
    assert_eq!(table.mails(newcomer).len(), 1);
    let entered = |table: &mut Table| {
        table.service.store().read(|tx| tx.entries(open)).unwrap().iter().any(|e| e.entrant.email == newcomer)
    };
    assert!(!entered(&mut table), "an entry noted whose request never went out");
    table.clock.advance(24 * 3600);
    table.service.ingest(&first_mail(newcomer, 3, "join Open Cup"), None).unwrap();
    table.pass_after(0);
    assert!(entered(&mut table));
    assert!(subject(&table.mails(newcomer).pop().unwrap()).contains("please confirm your entry"));
}

/// An open tournament taking entries by mail; its number.
fn running_tournament_open(table: &mut Table) -> i64 {
    let terms = round_robin("Open Cup", 1);
    let id = table.service.create_tournament(NewTournament { terms, players: Vec::new() }).unwrap();
    table.service.open_tournament(id).unwrap();
    id
}

#[test]
fn forged_resignations_give_the_player_one_request_while_it_waits() {
    let mut table = club("gate-resign", Required::None);
    let id = table.new_game("chess");
    let invitation = latest_game_mail(&table, id);
    let before = table.mails(ALICE).len();
    for _ in 0..3 {
        answer(&mut table, &invitation, ALICE, "resign");
    }
    let asked = table.mails(ALICE)[before..].to_vec();
    assert_eq!(asked.len(), 1, "{:?}", asked.iter().map(|m| subject(m)).collect::<Vec<_>>());
    assert!(subject(&asked[0]).contains("[confirm:"));
    // After a move the request is stale, and a new one is asked once again.
    answer(&mut table, &invitation, ALICE, "e4");
    let bob_news = table.latest_in("bob@players.test", id);
    answer(&mut table, &bob_news, "bob@players.test", "e5");
    let latest = latest_game_mail(&table, id);
    let before = table.mails(ALICE).len();
    answer(&mut table, &latest, ALICE, "resign");
    answer(&mut table, &latest, ALICE, "resign");
    assert_eq!(table.mails(ALICE).len() - before, 1);
}
