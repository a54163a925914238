//! The daemon's batches, on real parts (a SQLite file, Maildirs on disk): mails waiting
//! together are committed together, yet each is all or nothing on its own — a duplicate in
//! the same batch is handled once, and a mail that cannot be handled is set aside without
//! undoing the others. The answers of one batch are sent while the next is read, each once,
//! and what the sender noted as sent is never sent again, even by the next process.

use crate::support;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use herald::clock::SystemClock;
use herald::config::{Config, Inbox, Outgoing, Referee, Transport};
use herald::mail::maildir::Maildir;
use herald::mail::reply::compose_reply;
use herald::mail::transport;
use herald::referee::records::Player;
use herald::service::Service;
use herald::store::OutboxStatus;
use support::tempdir::TempDir;

fn player(email: &str) -> Player {
    Player { email: email.into(), name: None }
}

fn files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

/// Mails the Maildir sink delivered, over every recipient's Maildir under `root`.
fn delivered(root: &Path) -> usize {
    std::fs::read_dir(root).unwrap().flatten().map(|e| files(&e.path().join("new"))).sum()
}

fn club_config(root: &Path) -> Config {
    Config {
        referee: Referee {
            address: "referee@club.test".into(),
            name: "herald".into(),
            domain: None,
            director: None,
            commitments_url: None,
            language: None,
        },
        database: root.join("herald.db"),
        inbox: Inbox { maildir: Some(root.join("inbox")), ..Inbox::default() },
        outgoing: Outgoing { transport: Transport::Maildir { path: root.join("sent") }, ..Default::default() },
        ..Config::default()
    }
}

/// A club made in `root` and opened: its service, its send lock and its transport.
fn open_club(root: &Path) -> (Service, herald::service::SendLock, Box<dyn herald::mail::transport::Transport>) {
    let config = club_config(root);
    Service::init(&config).unwrap();
    let service = Service::open(config.clone(), Arc::new(SystemClock)).unwrap();
    let lock = service.try_send_lock().unwrap().expect("the send lock is free");
    (service, lock, transport::from_config(&config.outgoing.transport).unwrap())
}

/// Message-IDs of the mails the Maildir sink delivered.
fn delivered_ids(root: &Path) -> Vec<String> {
    let mut ids = Vec::new();
    for recipient in std::fs::read_dir(root).unwrap().flatten() {
        for mail in std::fs::read_dir(recipient.path().join("new")).unwrap().flatten() {
            let raw = std::fs::read(mail.path()).unwrap();
            let headers = String::from_utf8_lossy(&raw);
            let id = headers.lines().find_map(|l| l.strip_prefix("Message-ID: ")).expect("a Message-ID");
            ids.push(id.to_string());
        }
    }
    ids
}

/// Starts `n` games whose White players have each answered the invitation with 1. e4,
/// waiting in the inbox; the invitations are sent.
fn games_with_a_move_waiting(service: &mut Service, lock: &herald::service::SendLock, root: &Path, n: usize) {
    let sink = transport::from_config(&service.config().outgoing.transport).unwrap();
    let inbox = Maildir::create(&root.join("inbox")).unwrap();
    for i in 0..n {
        let (white, black) = (format!("w{i}@players.test"), format!("b{i}@players.test"));
        service.new_game("chess", player(&white), player(&black)).unwrap();
    }
    let invitations = service.store().read(|tx| tx.outbox(false)).unwrap();
    service.send_due(lock, sink.as_ref()).unwrap();
    for row in invitations.iter().filter(|row| row.recipient.starts_with('w')) {
        inbox.deliver(&compose_reply(&row.bytes, &row.recipient, "1. e4").unwrap()).unwrap();
    }
}

#[test]
fn the_answers_of_every_batch_are_sent_once_while_the_next_batch_is_read() {
    let root = TempDir::new("herald-batches").unwrap();
    let (mut service, lock, sink) = open_club(root.path());
    let games = 2 * herald::service::INBOX_BATCH + 7;
    games_with_a_move_waiting(&mut service, &lock, root.path(), games);
    let invitations = delivered_ids(&root.path().join("sent")).len();
    assert_eq!(invitations, 2 * games);

    let pass = service.serve_pass(&lock, sink.as_ref(), &AtomicBool::new(false)).unwrap();
    assert_eq!(pass.batches.len(), 3);
    assert_eq!((pass.handled.len(), pass.sent.sent, pass.sent.retrying, pass.sent.dead), (games, 2 * games, 0, 0));

    // Every answer arrived, once: two per move, all Message-IDs distinct.
    let mut ids = delivered_ids(&root.path().join("sent"));
    assert_eq!(ids.len(), invitations + 2 * games);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), invitations + 2 * games, "a Message-ID was delivered twice");
    // The outbox says so: each row sent after one attempt, and the journal is folded in.
    let outbox = service.store().read(|tx| tx.outbox(false)).unwrap();
    assert_eq!(outbox.len(), 4 * games);
    for row in &outbox {
        assert_eq!((row.status, row.attempts), (OutboxStatus::Sent, 1), "{row:?}");
    }
    let journal = root.path().join("herald.db.sent");
    assert_eq!(std::fs::metadata(&journal).map(|m| m.len()).unwrap_or(0), 0, "the sent journal is folded and emptied");
    // A second pass finds nothing to do.
    let again = service.serve_pass(&lock, sink.as_ref(), &AtomicBool::new(false)).unwrap();
    assert_eq!((again.handled.len(), again.sent.sent), (0, 0));
    assert_eq!(delivered_ids(&root.path().join("sent")).len(), invitations + 2 * games);
}

/// A sender that died after the relay took a mail, and after noting it in the sent journal
/// but before folding the note into the outbox, left that mail "pending" in the database.
/// The next sender reads the journal first and does not send it again.
#[test]
fn a_mail_noted_as_sent_by_a_sender_that_died_is_not_sent_again() {
    let root = TempDir::new("herald-journal").unwrap();
    let (mut service, lock, sink) = open_club(root.path());
    service.new_game("chess", player("w@players.test"), player("b@players.test")).unwrap();
    let pending = service.store().read(|tx| tx.outbox(true)).unwrap();
    assert_eq!(pending.len(), 2, "the two invitations wait");
    // What the dead sender wrote: the first invitation's note (row id, time sent,
    // Message-ID). And a note left from another database (one restored from a backup, say):
    // the second invitation's row number with another mail's Message-ID, which must not
    // count.
    let notes = format!(
        "{} 1700000000 {}\n{} 1700000000 herald.9.black.p0.0123@elsewhere.test\n",
        pending[1].id, pending[1].message_id, pending[0].id
    );
    std::fs::write(root.path().join("herald.db.sent"), notes).unwrap();

    let sent = service.send_due(&lock, sink.as_ref()).unwrap();
    assert_eq!(sent.sent, 1, "only the invitation not noted is sent");
    let ids = delivered_ids(&root.path().join("sent"));
    assert_eq!(ids, [format!("<{}>", pending[0].message_id)]);
    let outbox = service.store().read(|tx| tx.outbox(false)).unwrap();
    assert!(outbox.iter().all(|row| row.status == OutboxStatus::Sent), "{outbox:?}");
}

#[test]
fn a_batch_commits_each_mail_on_its_own() {
    let root = TempDir::new("herald-batch").unwrap();
    let (mut service, lock, sink) = open_club(root.path());
    let config = service.config().clone();

    // Three games; each White answers the invitation with a move.
    let mut replies = Vec::new();
    for i in 0..3 {
        let (white, black) = (format!("w{i}@players.test"), format!("b{i}@players.test"));
        service.new_game("chess", player(&white), player(&black)).unwrap();
        let invitations = service.store().read(|tx| tx.outbox(false)).unwrap();
        let invitation = invitations.iter().rev().find(|row| row.recipient == white).unwrap();
        replies.push(compose_reply(&invitation.bytes, &white, "1. e4").unwrap());
    }
    service.send_due(&lock, sink.as_ref()).unwrap();
    let sent_before = delivered(&root.path().join("sent"));

    // Game 2's stored state is broken, so its mail cannot be handled at all. Game 3 already
    // has a (forged) first move, so its mail fails half-way through being written, after the
    // game's new state: that half must be undone. The first mail arrives twice.
    let db = rusqlite::Connection::open(&config.database).unwrap();
    db.execute("UPDATE games SET snapshot = 'not a snapshot' WHERE id = 2", []).unwrap();
    db.execute(
        "INSERT INTO moves (game_id, ply, color, number, notation, played_at) VALUES (3, 1, 'white', 1, 'x', 0)",
        [],
    )
    .unwrap();
    let snapshot_3: String = db.query_row("SELECT snapshot FROM games WHERE id = 3", [], |r| r.get(0)).unwrap();
    let inbox = Maildir::create(&root.path().join("inbox")).unwrap();
    for raw in [&replies[0], &replies[0], &replies[1], &replies[2]] {
        inbox.deliver(raw).unwrap();
    }

    let pass = service.serve_pass(&lock, sink.as_ref(), &AtomicBool::new(false)).unwrap();
    assert_eq!(pass.batches.len(), 1, "four waiting mails are one batch");
    assert_eq!(pass.handled.len(), 4, "one move, one duplicate, and two mails herald failed on, answered");
    assert_eq!(pass.set_aside, 0, "no mail is set aside unanswered");

    let games = service.store().read(|tx| tx.games()).unwrap();
    let game = |id: i64| games.iter().find(|g| g.record.id == id).unwrap();
    assert_eq!(game(1).plies, 1, "the duplicate played nothing more");
    assert_eq!(game(2).plies, 0);
    assert_eq!(game(3).record.snapshot, snapshot_3, "the half-written mail was undone");
    let outcomes: Vec<String> = db
        .prepare("SELECT outcome FROM inbox ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(outcomes, ["move", "failed", "failed"]);
    // Two answers (to both players) for the one move, and one to each player herald failed.
    assert_eq!(delivered(&root.path().join("sent")) - sent_before, 4);
    let failed: Vec<String> = db
        .prepare("SELECT detail FROM events WHERE kind = 'failed' ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(failed.len(), 2);
    assert!(failed[0].contains("w1@players.test") && failed[0].contains("stored game"), "{failed:?}");
    assert!(failed[1].contains("w2@players.test") && failed[1].contains("UNIQUE"), "{failed:?}");
    assert_eq!(files(&root.path().join("inbox").join("new")), 0, "every mail left new/");
    assert_eq!(files(&root.path().join("inbox").join("cur")), 4);
}
