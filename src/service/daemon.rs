//! The daemon: passes over the inbox (a Maildir or an IMAP folder), the clock and the outbox
//! until it is stopped, each batch of mails read and committed while the previous batch's
//! answers are sent, and between passes a wait for new mail.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::handling::Incoming;
use super::sender::Rounds;
use super::{INBOX_BATCH, Reading, SendLock, Sent, Service, ServiceError};
use crate::mail::inbox::{Inbox, MailRef};
use crate::mail::transport::Transport;

/// What one pass of the daemon did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// For each mail handled from the inbox, its share of its batch's handling time (from
    /// handling the batch, fetched and read already, to having committed it).
    pub handled: Vec<Duration>,
    /// For each batch, its number of mails and the time from reading it to having sent its
    /// answers: the latency of its mails.
    pub batches: Vec<(usize, Duration)>,
    /// Mails that could not be handled and were set aside.
    pub set_aside: usize,
    /// Games the clock acted on: reminders, losses on time, notices that time ran out.
    pub deadlines: usize,
    /// What the outbox sends did.
    pub sent: Sent,
    /// What the pass over the site in `site.dir` did.
    pub site: super::SitePass,
}

impl Service {
    /// One pass of the daemon: every mail waiting in the inbox (a Maildir's `new/`, or an
    /// IMAP folder: see [`crate::mail::inbox`]) is handled and then marked handled (stopping
    /// early if `stop` is raised), and its answers are sent; then whatever else is due in
    /// the outbox is sent. A mail that cannot be handled for a reason that retrying will not
    /// cure is set aside (reported, and kept out of later passes) so it cannot stop the
    /// daemon; a transient failure ends the pass and the mail waits.
    ///
    /// Mails are taken in batches of up to [`INBOX_BATCH`] and each batch is committed once
    /// (see [`Service::ingest_batch`]): when mail arrives faster than the disk completes a
    /// commit, the daemon keeps up; when it arrives one at a time, a batch is one mail. The
    /// answers of each batch are sent by a second thread (the sender, with its own database
    /// connection) while this one reads and commits the next batch: sending waits on the
    /// relay and reading on the disk, and neither need wait for the other.
    pub fn serve_pass(
        &mut self,
        lock: &SendLock,
        transport: &dyn Transport,
        stop: &AtomicBool,
    ) -> Result<Pass, ServiceError> {
        let mut inbox = self.take_inbox()?;
        let pass = self.pass_over(inbox.as_mut(), lock, transport, stop);
        self.inbox = inbox;
        let mut pass = pass?;
        // After every commit of the pass and outside any transaction. A site that cannot be
        // written now (a full disk, a busy database) must not stop the referee: the next pass
        // finds the same changes unwritten and tries again.
        match self.keep_site_current() {
            Ok(site) => pass.site = site,
            Err(e) => tracing::error!(error = %e, "the site in site.dir is not up to date; trying again next pass"),
        }
        self.drop_kept_bodies()?;
        // For `herald status` and `herald doctor`: the daemon is alive and passing.
        self.store.record_pass(self.clock.now())?;
        Ok(pass)
    }

    /// Drops the bodies of the mails sent `outgoing.keep_sent_days` ago or more
    /// ([`crate::store::Tx::drop_sent_bodies`]), so that the database does not keep every
    /// picture it ever sent. A relaxed commit: one lost to a power cut is made at the next pass.
    fn drop_kept_bodies(&mut self) -> Result<usize, ServiceError> {
        let keep = jiff::SignedDuration::from_hours(24 * i64::from(self.config.outgoing.keep_sent_days));
        let before = self.clock.now().checked_sub(keep).unwrap_or(jiff::Timestamp::MIN);
        Ok(self.store.write_relaxed(|tx| tx.drop_sent_bodies(before))?)
    }

    /// The inbox the configuration names, opened at the first pass; `None` with pipe
    /// delivery only. Taken out of `self` for the pass, which needs both.
    fn take_inbox(&mut self) -> Result<Option<Box<dyn Inbox>>, ServiceError> {
        if self.inbox.is_none() {
            self.inbox = crate::mail::inbox::from_config(&self.config.inbox)?;
        }
        Ok(self.inbox.take())
    }

    fn pass_over(
        &mut self,
        inbox: Option<&mut Box<dyn Inbox>>,
        lock: &SendLock,
        transport: &dyn Transport,
        stop: &AtomicBool,
    ) -> Result<Pass, ServiceError> {
        let mut pass = Pass::default();
        if let Some(inbox) = inbox {
            let waiting = inbox.waiting()?;
            if !waiting.is_empty() {
                self.sender()?;
                let sender = self.sender.take().expect("opened above");
                let (signal, signals) = std::sync::mpsc::channel();
                let (sender, reading, sending) = std::thread::scope(|scope| {
                    let sending = scope.spawn(move || sender.follow(lock, transport, signals));
                    let reading = self.read_inbox(&mut **inbox, &waiting, stop, &signal, &mut pass);
                    drop(signal);
                    let (sender, sending) = sending.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                    (sender, reading, sending)
                });
                self.sender = Some(sender);
                let (sent, rounds) = sending?;
                pass.sent.add(&sent);
                let batches = reading?;
                pass.deadlines = self.check_deadlines()?;
                self.send_digests()?;
                let last = self.send_due(lock, transport)?;
                pass.sent.add(&last);
                pass.batches = latencies(&batches, &rounds, Instant::now());
                return Ok(pass);
            }
        }
        pass.deadlines = self.check_deadlines()?;
        self.send_digests()?;
        let sent = self.send_due(lock, transport)?;
        pass.sent.add(&sent);
        Ok(pass)
    }

    /// The reading half of [`Service::serve_pass`]: handles `waiting` batch by batch,
    /// signals the sender after each commit, and marks each mail handled. Returns each
    /// batch's start, commit and size. Stops early when `stop` is raised or the sender has
    /// ended (it failed; the pass reports why).
    ///
    /// While a batch is handled and committed on this thread, a second one marks the batch
    /// before as handled (it is committed) and fetches and reads (parses, decodes) the next:
    /// the inbox and the reading need nothing of the database, and this thread is the one
    /// every mail waits for.
    fn read_inbox(
        &mut self,
        inbox: &mut dyn Inbox,
        waiting: &[MailRef],
        stop: &AtomicBool,
        signal: &std::sync::mpsc::Sender<()>,
        pass: &mut Pass,
    ) -> Result<Vec<Batch>, ServiceError> {
        let mut batches = Vec::new();
        let reading = self.reading();
        let max_bytes = self.config.inbox.max_message_bytes;
        let mut chunks = waiting.chunks(INBOX_BATCH);
        let mut current = take_next(inbox, &mut chunks, max_bytes, &reading)?;
        // The batch before's mails, committed and still to be marked.
        let mut to_mark: Option<Marks> = None;
        let mut checkpointer = self.store.pause_checkpoints()?;
        let ended = loop {
            let Some(batch) = current.take() else { break Ok(()) };
            if stop.load(Ordering::SeqCst) {
                break Ok(());
            }
            let handling = Instant::now();
            let (results, next) = std::thread::scope(|scope| {
                let marks = to_mark.take();
                let (inbox, chunks, reading, checkpointer) = (&mut *inbox, &mut chunks, &reading, &mut checkpointer);
                let worker = scope.spawn(move || {
                    marks.map_or(Ok(()), |marks| marks.make(inbox))?;
                    let next = take_next(inbox, chunks, max_bytes, reading)?;
                    // What the batches before committed, copied into the database file here
                    // rather than in one of this pass's commits.
                    checkpointer.checkpoint()?;
                    Ok(next)
                });
                let results = self.ingest_read(&batch.incoming);
                (results, worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            });
            let results = match results {
                Ok(results) => results,
                Err(e) => break Err(e),
            };
            let committed = Instant::now();
            let sender_alive = signal.send(()).is_ok();
            // Each mail is marked after the commit: a crash before that only means the mail
            // is read again and recognised as handled.
            let mut marks = Marks::default();
            let mut transient = None;
            for (mail, result) in batch.mails.iter().zip(results) {
                match result {
                    Ok(_) => marks.handled.push(mail.clone()),
                    Err(e) if e.is_transient() => transient = Some(e),
                    Err(e) => {
                        tracing::error!(mail = %mail, error = %e, "mail set aside: it cannot be handled");
                        marks.set_aside.push(mail.clone());
                    }
                }
            }
            pass.set_aside += marks.set_aside.len();
            let mails = batch.mails.len();
            pass.handled.extend(std::iter::repeat_n(handling.elapsed() / mails as u32, marks.handled.len()));
            batches.push(Batch { started: batch.fetched_at, committed, mails });
            to_mark = Some(marks);
            if let Some(e) = transient {
                break Err(e);
            }
            if !sender_alive {
                break Ok(());
            }
            current = match next {
                Ok(next) => next,
                Err(e) => break Err(e),
            };
        };
        drop(checkpointer);
        let resumed = self.store.resume_checkpoints().map_err(ServiceError::from);
        // The last batch's marks, however the loop ended: its mails are committed.
        let marked = to_mark.map_or(Ok(()), |marks| marks.make(inbox));
        ended.and(marked).and(resumed).map(|()| batches)
    }

    /// The daemon: a pass, then a wait for new mail (IMAP IDLE) or `inbox.poll_seconds`,
    /// until `stop` is raised (by SIGTERM or SIGINT), finishing the batch of mails in hand
    /// first. After a transient failure (a lost connection, a server that cannot check the
    /// login just now, a busy database) it logs one line and tries again after a pause that
    /// doubles from 1 s to 5 minutes while the failures last; a pass that succeeds ends the
    /// doubling, even if the wait after it fails (a server or a NAT that drops idle
    /// connections cuts every IDLE, and each such cut is a first failure). A failure that
    /// only a person can cure ([`ServiceError::needs_operator`]) ends the daemon.
    pub fn serve(&mut self, lock: &SendLock, transport: &dyn Transport, stop: &AtomicBool) -> Result<(), ServiceError> {
        let pause = Duration::from_secs(self.config.inbox.poll_seconds.max(1));
        let mut backoff = Backoff::default();
        while !stop.load(Ordering::SeqCst) {
            let next = Instant::now() + pause;
            let result = self.serve_pass(lock, transport, stop).and_then(|_| {
                backoff = Backoff::default();
                self.wait_for_mail(next, stop)
            });
            match result {
                Ok(()) => {}
                Err(e) if e.is_transient() && !e.needs_operator() => {
                    let pause = backoff.next();
                    tracing::warn!(error = %e, "herald serve: a failure that may pass; trying again in {} s", pause.as_secs());
                    let until = Instant::now() + pause;
                    while Instant::now() < until && !stop.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
                Err(e) => return Err(e),
            }
        }
        if let Some(inbox) = self.inbox.as_mut() {
            inbox.close();
        }
        Ok(())
    }

    /// Waits in the inbox until `until`, new mail, or `stop`; without an inbox, sleeps.
    fn wait_for_mail(&mut self, until: Instant, stop: &AtomicBool) -> Result<(), ServiceError> {
        match self.inbox.as_mut() {
            Some(inbox) => Ok(inbox.wait(until, stop)?),
            None => {
                while Instant::now() < until && !stop.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(100));
                }
                Ok(())
            }
        }
    }

    /// Ends the inbox's session (IMAP LOGOUT), for `herald serve --once`.
    pub fn close_inbox(&mut self) {
        if let Some(mut inbox) = self.inbox.take() {
            inbox.close();
        }
    }
}

/// The pause after consecutive failures: 1 s, doubling up to 5 minutes.
#[derive(Debug)]
pub(super) struct Backoff(Duration);

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff(Duration::ZERO)
    }
}

impl Backoff {
    const FIRST: Duration = Duration::from_secs(1);
    const LONGEST: Duration = Duration::from_secs(300);

    /// The pause after one more failure.
    pub(super) fn next(&mut self) -> Duration {
        self.0 = if self.0.is_zero() { Self::FIRST } else { (self.0 * 2).min(Self::LONGEST) };
        self.0
    }
}

/// The next batch of `chunks` that still waits in the inbox, fetched and read; `None` when
/// none is left.
fn take_next(
    inbox: &mut dyn Inbox,
    chunks: &mut std::slice::Chunks<'_, MailRef>,
    max_bytes: usize,
    reading: &Reading,
) -> Result<Option<Taken>, ServiceError> {
    for chunk in chunks.by_ref() {
        let fetched_at = Instant::now();
        let fetched = inbox.fetch(chunk, max_bytes)?;
        if !fetched.is_empty() {
            let (mails, raws): (Vec<MailRef>, Vec<Vec<u8>>) = fetched.into_iter().unzip();
            let incoming = raws.iter().map(|raw| reading.read(raw, None)).collect();
            return Ok(Some(Taken { fetched_at, mails, incoming }));
        }
    }
    Ok(None)
}

/// A batch of mails fetched and read, to be handled.
struct Taken {
    fetched_at: Instant,
    mails: Vec<MailRef>,
    incoming: Vec<Incoming>,
}

/// What becomes of a committed batch's mails in the inbox.
#[derive(Default)]
struct Marks {
    handled: Vec<MailRef>,
    set_aside: Vec<MailRef>,
}

impl Marks {
    fn make(self, inbox: &mut dyn Inbox) -> Result<(), ServiceError> {
        inbox.mark_handled(&self.handled)?;
        inbox.set_aside(&self.set_aside)?;
        Ok(())
    }
}

/// When a batch of the inbox was fetched and committed, and its size.
struct Batch {
    started: Instant,
    committed: Instant,
    mails: usize,
}

/// Each batch's size and latency: from its start to the end of the first round of sending
/// that began after its commit (and so saw its answers), or to `end` (the pass's last send).
fn latencies(batches: &[Batch], rounds: &Rounds, end: Instant) -> Vec<(usize, Duration)> {
    batches
        .iter()
        .map(|batch| {
            let sent = rounds.iter().find(|(start, _)| *start >= batch.committed).map_or(end, |&(_, done)| done);
            (batch.mails, sent - batch.started)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_doubles_from_a_second_to_five_minutes() {
        let mut backoff = Backoff::default();
        let pauses: Vec<u64> = (0..11).map(|_| backoff.next().as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    }
}
