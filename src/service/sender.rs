//! Sending the outbox. The sender has a database connection of its own, so that the daemon
//! can send one batch's answers on one thread while it reads the next batch on another.
//!
//! Every result is recorded the moment it is known: a mail the relay accepted is noted in
//! the sent journal ([`Store::journal_sent`], one `write`), and the notes are folded into the
//! outbox ([`Store::settle_sent`]) before anyone reads what is due from the start again; a
//! failed attempt is a relaxed commit ([`Store::write_relaxed`]). Both survive a crash of
//! the process. If a power cut loses one, that mail is sent again with the same Message-ID,
//! which mail clients recognise as the same mail; a move can never be lost that way. A crash
//! between the server's acceptance and the note sends the mail again too: that gap, the
//! "was it delivered?" question of SMTP, is as short as one `write`.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::Instant;

use crate::clock::Clock;
use crate::clock::Timestamp;
use crate::config::Retry;
use crate::mail::transport::{Envelope, SendErrorKind, Transport};
use crate::store::{OutboxRow, Store, StoreError};

use super::{SendLock, ServiceError};

/// Most mails read from the outbox at once.
const ROUND_LIMIT: usize = 1_000;
/// Most mails whose board pictures are drawn before they are sent: a long queue's mails are
/// drawn and sent this many at a time, so that its pictures (some 50 KB a mail) are never all
/// held at once. (The SMTP session is kept from one to the next.)
const DRAWN_AT_ONCE: usize = 64;

/// What sending did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sent {
    /// Mails sent.
    pub sent: usize,
    /// Mails that failed and will be retried.
    pub retrying: usize,
    /// Mails that became dead letters.
    pub dead: usize,
}

impl Sent {
    /// Adds what another send did.
    pub fn add(&mut self, other: &Sent) {
        self.sent += other.sent;
        self.retrying += other.retrying;
        self.dead += other.dead;
    }
}

/// What one round of sending did.
#[derive(Default)]
struct Round {
    sent: Sent,
    /// Mails tried.
    tried: usize,
    /// The relay failed for now: the next mails would most likely fail too.
    relay_failing: bool,
}

/// The rounds a [`Sender::follow`] made, each from its start to its end.
pub(super) type Rounds = Vec<(Instant, Instant)>;

/// The outbox's sender.
pub(super) struct Sender {
    store: Store,
    clock: Arc<dyn Clock>,
    retry: Retry,
}

impl Sender {
    pub(super) fn open(database: &Path, clock: Arc<dyn Clock>, retry: Retry) -> Result<Sender, ServiceError> {
        Ok(Sender { store: Store::open(database)?, clock, retry })
    }

    /// Sends every mail that was due when the call began, once each (and the mails that
    /// become due meanwhile, such as those a `herald ingest` waiting for the lock queues, so
    /// that they are sent before the lock is let go). Transient failures are retried later
    /// with doubling delays; permanent ones, and mails that failed too often, become dead
    /// letters (`herald outbox` lists them, `herald outbox retry` sends them again). A
    /// refusal of herald's own login or TLS ([`SendErrorKind::Setup`]) is retried with the
    /// same doubling delays, every waiting mail with the one tried, for as long as it lasts.
    /// The lock proves that no other process sends.
    pub(super) fn send_due(&mut self, lock: &SendLock, transport: &dyn Transport) -> Result<Sent, ServiceError> {
        // What an earlier round (or a sender that died) noted is folded in first, so nothing
        // it sent is offered again.
        self.settle()?;
        let mut report = Sent::default();
        let mut after = 0;
        let outcome = loop {
            match self.round(lock, transport, &mut after) {
                Ok(round) => {
                    report.add(&round.sent);
                    if round.tried == 0 || round.relay_failing {
                        break Ok(report);
                    }
                }
                Err(e) => break Err(e),
            }
        };
        self.settle()?;
        outcome
    }

    /// Sends while the daemon reads its inbox: a round after each signal (a batch of
    /// answers committed), until the signals end. After the relay has failed, the pass sends
    /// nothing more (the mails wait for the next pass rather than each waiting for its own
    /// timeout). Gives itself back, with what it did, for the pass's last [`Sender::send_due`].
    pub(super) fn follow(
        mut self,
        lock: &SendLock,
        transport: &dyn Transport,
        signals: Receiver<()>,
    ) -> (Sender, Result<(Sent, Rounds), ServiceError>) {
        let mut report = Sent::default();
        let mut rounds = Vec::new();
        let mut after = 0;
        let mut relay_failing = false;
        let outcome = self.settle().and_then(|()| {
            while signals.recv().is_ok() {
                // Several batches committed meanwhile are one round.
                while signals.try_recv().is_ok() {}
                if relay_failing {
                    continue;
                }
                let started = Instant::now();
                let round = self.round(lock, transport, &mut after)?;
                rounds.push((started, Instant::now()));
                report.add(&round.sent);
                relay_failing = round.relay_failing;
            }
            Ok(())
        });
        (self, outcome.map(|()| (report, rounds)))
    }

    /// Folds the sent journal into the outbox.
    fn settle(&mut self) -> Result<(), ServiceError> {
        self.store.settle_sent()?;
        Ok(())
    }

    /// One round: the mails due now, after row `after` (which it moves past them), each
    /// result recorded right after its attempt.
    fn round(&mut self, _lock: &SendLock, transport: &dyn Transport, after: &mut i64) -> Result<Round, ServiceError> {
        let now = self.clock.now();
        let due = self.store.read(|tx| tx.due_mail(now, *after, ROUND_LIMIT))?;
        let mut round = Round::default();
        let Some(last) = due.last() else { return Ok(round) };
        *after = last.id;
        for rows in due.chunks(DRAWN_AT_ONCE) {
            self.send(transport, rows, &mut round)?;
            if round.relay_failing {
                break;
            }
        }
        Ok(round)
    }

    /// Sends `rows`, the round's next mails, each result recorded right after its attempt.
    fn send(&mut self, transport: &dyn Transport, rows: &[OutboxRow], round: &mut Round) -> Result<(), ServiceError> {
        // Each mail as it is sent: its board picture, if it has one to come, is drawn here, on
        // the sender's thread, after the transaction that queued it. A mail whose picture
        // cannot be drawn (a damaged row) is a dead letter, never sent without it.
        let mut ready = Vec::with_capacity(rows.len());
        for row in rows {
            match row.message() {
                Ok(message) => ready.push((row, message)),
                Err(error) => {
                    self.store.write_relaxed(|tx| tx.mark_failed(row.id, &error, None))?;
                    round.sent.dead += 1;
                    log_failed(row, &error, None);
                }
            }
        }
        let due: Vec<&OutboxRow> = ready.iter().map(|(row, _)| *row).collect();
        let mails: Vec<(Envelope, &[u8])> = ready
            .iter()
            .map(|(row, message)| {
                (Envelope { from: row.envelope_from.clone(), to: vec![row.recipient.clone()] }, &message[..])
            })
            .collect();
        let mut failed = None;
        let (store, clock, retry) = (&mut self.store, &self.clock, &self.retry);
        transport.send_each(&mails, &mut |i, result| {
            let row = &due[i];
            round.tried += 1;
            // Whether the relay failed for now or refuses herald itself: either way the next
            // mails would fail alike.
            let relay_failing = matches!(&result, Err(e) if e.kind != SendErrorKind::Permanent);
            let now = clock.now();
            let recorded = match result {
                Ok(()) => store.journal_sent(row.id, &row.message_id, now).map(|()| {
                    round.sent.sent += 1;
                    log_sent(row);
                }),
                Err(e) => store
                    .write_relaxed(|tx| -> Result<Option<Timestamp>, StoreError> {
                        let attempts = row.attempts + 1;
                        // A refusal of herald's own login or TLS is the configuration's fault,
                        // not the mail's: never a dead letter.
                        let give_up = match e.kind {
                            SendErrorKind::Permanent => true,
                            SendErrorKind::Transient => attempts >= retry.max_attempts,
                            SendErrorKind::Setup => false,
                        };
                        let retry_at = (!give_up).then(|| {
                            let doublings = (attempts - 1).min(30);
                            let delay = retry
                                .first_delay_seconds
                                .saturating_mul(1u64 << doublings)
                                .min(retry.max_delay_seconds);
                            now.checked_add(jiff::SignedDuration::from_secs(delay as i64)).unwrap_or(now)
                        });
                        tx.mark_failed(row.id, &e.to_string(), retry_at)?;
                        if let (SendErrorKind::Setup, Some(at)) = (e.kind, retry_at) {
                            // Every other mail would be refused alike: they wait with this one,
                            // so that the server sees one login per retry, not one per mail
                            // (providers lock an account that keeps failing to log in), and
                            // `herald ingest` and the daemon wait alike.
                            tx.postpone_due(at)?;
                        }
                        if give_up {
                            round.sent.dead += 1;
                        } else {
                            round.sent.retrying += 1;
                        }
                        Ok(retry_at)
                    })
                    .map(|retry_at| log_failed(row, &e.to_string(), retry_at)),
            };
            if let Err(e) = recorded {
                failed = Some(e);
                return false;
            }
            // A relay that failed for now (down, refusing, timing out) would most likely
            // fail the next mails too, each after its own timeout: they wait for the next
            // pass instead of holding up the daemon or the mail server's pipe.
            round.relay_failing |= relay_failing;
            !relay_failing
        });
        match failed {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }
}

/// The log line of a mail the relay took.
fn log_sent(row: &OutboxRow) {
    tracing::info!(
        outbox = row.id,
        game = row.game_id,
        recipient = row.recipient.as_str(),
        message_id = row.message_id.as_str(),
        "mail sent"
    );
}

/// The log line of a mail that failed: to be retried at `retry_at`, or dead. A server's error
/// may quote the mail's return path, which carries a bounce token: it is left out.
fn log_failed(row: &OutboxRow, error: &str, retry_at: Option<Timestamp>) {
    let error = row.error_shown(error);
    let (game, recipient, message_id) = (row.game_id, row.recipient.as_str(), row.message_id.as_str());
    let attempts = row.attempts + 1;
    match retry_at {
        Some(at) => tracing::warn!(
            outbox = row.id,
            game,
            recipient,
            message_id,
            attempts,
            error = error.as_str(),
            retry_at = %at,
            "mail not sent; it will be retried"
        ),
        None => tracing::error!(
            outbox = row.id,
            game,
            recipient,
            message_id,
            attempts,
            error = error.as_str(),
            "mail dead: not sent, and not retried (herald outbox lists it)"
        ),
    }
}
