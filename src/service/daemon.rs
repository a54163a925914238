//! The daemon: passes over the inbox Maildir, the clock and the outbox until it is stopped,
//! each batch of mails read and committed while the previous batch's answers are sent.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::sender::Rounds;
use super::{INBOX_BATCH, SendLock, Sent, Service, ServiceError};
use crate::mail::maildir::Maildir;
use crate::mail::transport::Transport;

/// What one pass of the daemon did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// For each mail handled from the inbox, its share of its batch's reading time (from
    /// reading the batch to having committed it and moved it to `cur/`).
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
}

impl Service {
    /// One pass of the daemon: every mail in the inbox Maildir's `new/` is handled and then
    /// moved to `cur/` (stopping early if `stop` is raised), and its answers are sent; then
    /// whatever else is due in the outbox is sent. A mail that cannot be handled for a reason
    /// that retrying will not cure is set aside (moved to `cur/` flagged, and reported) so it
    /// cannot stop the daemon; a transient failure ends the pass and the mail waits in `new/`.
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
        let mut pass = Pass::default();
        if let Some(dir) = self.config.inbox.maildir.clone() {
            let maildir =
                Maildir::create(&dir).map_err(|e| ServiceError::Io(format!("opening {}", dir.display()), e))?;
            let paths = maildir.new_mail().map_err(|e| ServiceError::Io(format!("reading {}", dir.display()), e))?;
            if !paths.is_empty() {
                self.sender()?;
                let sender = self.sender.take().expect("opened above");
                let (signal, signals) = std::sync::mpsc::channel();
                let (sender, reading, sending) = std::thread::scope(|scope| {
                    let sending = scope.spawn(move || sender.follow(lock, transport, signals));
                    let reading = self.read_inbox(&maildir, &paths, stop, &signal, &mut pass);
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

    /// The reading half of [`Service::serve_pass`]: handles `paths` batch by batch, signals
    /// the sender after each commit, and moves each mail out of `new/`. Returns each batch's
    /// start, commit and size. Stops early when `stop` is raised or the sender has ended (it
    /// failed; the pass reports why).
    fn read_inbox(
        &mut self,
        maildir: &Maildir,
        paths: &[PathBuf],
        stop: &AtomicBool,
        signal: &std::sync::mpsc::Sender<()>,
        pass: &mut Pass,
    ) -> Result<Vec<Batch>, ServiceError> {
        let mut batches = Vec::new();
        for batch in paths.chunks(INBOX_BATCH) {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            let started = Instant::now();
            let mut raws = Vec::with_capacity(batch.len());
            for path in batch {
                let raw = read_capped(path, self.config.inbox.max_message_bytes)
                    .map_err(|e| ServiceError::Io(format!("reading {}", path.display()), e))?;
                raws.push(raw);
            }
            let results = self.ingest_batch(&raws)?;
            let committed = Instant::now();
            let sender_alive = signal.send(()).is_ok();
            // Each mail is moved after the commit: a crash before the move only means the
            // mail is read again and recognised as handled.
            let mut handled = 0;
            let mut transient = None;
            for (path, result) in batch.iter().zip(results) {
                match result {
                    Ok(_) => {
                        maildir
                            .mark_seen(path)
                            .map_err(|e| ServiceError::Io(format!("moving {}", path.display()), e))?;
                        handled += 1;
                    }
                    Err(e) if e.is_transient() => transient = Some(e),
                    Err(e) => {
                        eprintln!("herald serve: {} set aside: {e}", path.display());
                        maildir
                            .set_aside(path)
                            .map_err(|io| ServiceError::Io(format!("moving {}", path.display()), io))?;
                        pass.set_aside += 1;
                    }
                }
            }
            let elapsed = started.elapsed();
            pass.handled.extend(std::iter::repeat_n(elapsed / batch.len() as u32, handled));
            batches.push(Batch { started, committed, mails: batch.len() });
            if let Some(e) = transient {
                return Err(e);
            }
            if !sender_alive {
                break;
            }
        }
        Ok(batches)
    }

    /// The daemon: passes every `inbox.poll_seconds` until `stop` is raised (by SIGTERM or
    /// SIGINT), finishing the batch of mails in hand first.
    pub fn serve(&mut self, lock: &SendLock, transport: &dyn Transport, stop: &AtomicBool) -> Result<(), ServiceError> {
        let pause = Duration::from_secs(self.config.inbox.poll_seconds.max(1));
        while !stop.load(Ordering::SeqCst) {
            if let Err(e) = self.serve_pass(lock, transport, stop) {
                if !e.is_transient() {
                    return Err(e);
                }
                eprintln!("herald serve: {e}; trying again");
            }
            let mut waited = Duration::ZERO;
            while waited < pause && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(100));
                waited += Duration::from_millis(100);
            }
        }
        Ok(())
    }
}

/// When a batch of the inbox was read and committed, and its size.
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

/// Reads a file, but no more than one byte past `limit` (enough to know it is too large).
fn read_capped(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
