//! The service: the edges around the referee core. It reads mail, loads the game, asks the
//! core, and writes the decision with its mails in one transaction; it sends the outbox
//! (`sender`); it watches a Maildir. All I/O of a running referee happens here (and in
//! `store` and `mail`).

mod sender;

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::clock::{Clock, Timestamp};
use crate::config::Config;
use crate::mail::maildir::Maildir;
use crate::mail::reader::{self, ReadError, ReadLimits};
use crate::mail::transport::Transport;
use crate::referee::records::{Effects, Event, Player, Verdict};
use crate::referee::templates::{TemplateError, Templates};
use crate::referee::token::Tokens;
use crate::referee::{Referee, RefereeError, Settings};
use crate::store::{InboxMail, Store, StoreError, Tx};
use crate::variants;

pub use sender::Sent;
use sender::{Rounds, Sender};

/// The name of the token secret in the database's `meta` table.
const SECRET_KEY: &str = "reply_token_secret";

/// How long `herald ingest` waits for another sender to finish before leaving its mails to
/// the next sender.
const SEND_LOCK_WAIT: Duration = Duration::from_secs(10);

/// How often, at most, a sender address gets a short answer outside any game (to a mail that
/// could not be verified, or was too large to read).
const ANSWER_OUTSIDE_GAMES_EVERY: jiff::SignedDuration = jiff::SignedDuration::from_hours(24);

/// Most mails handled in one transaction by the daemon.
pub const INBOX_BATCH: usize = 64;

/// A failure of the service.
#[derive(Debug)]
pub enum ServiceError {
    /// The database.
    Store(StoreError),
    /// The referee core (broken stored game or template).
    Referee(RefereeError),
    /// Templates could not be loaded.
    Template(TemplateError),
    /// A file or directory.
    Io(String, std::io::Error),
    /// Something the user asked for that cannot be done.
    Usage(String),
    /// herald itself failed (a panic while handling a mail): a bug, caught so that one mail
    /// cannot stop the daemon or be retried forever.
    Bug(String),
}

impl ServiceError {
    /// True when the same work may succeed later (the database is busy, a disk hiccup):
    /// `herald ingest` then exits with EX_TEMPFAIL so the mail server retries.
    pub fn is_transient(&self) -> bool {
        match self {
            ServiceError::Store(e) => e.is_transient(),
            ServiceError::Io(..) => true,
            ServiceError::Referee(_) | ServiceError::Template(_) | ServiceError::Usage(_) | ServiceError::Bug(_) => {
                false
            }
        }
    }

    /// What went wrong, as the sender of a mail that could not be handled is told it: in
    /// their terms, naming nothing of a game (the sender may not be its player).
    pub fn in_players_terms(&self) -> &'static str {
        match self {
            ServiceError::Referee(RefereeError::Snapshot(_)) => "the stored state of your game could not be read",
            ServiceError::Referee(RefereeError::Template(_)) | ServiceError::Template(_) => {
                "one of the club's mail templates is broken"
            }
            ServiceError::Referee(RefereeError::Compose(_)) => "the answer to your mail could not be composed",
            ServiceError::Store(_) => "the club's database refused the change",
            ServiceError::Io(..) | ServiceError::Usage(_) | ServiceError::Bug(_) => "herald met an internal error",
        }
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::Store(e) => e.fmt(f),
            ServiceError::Referee(e) => e.fmt(f),
            ServiceError::Template(e) => e.fmt(f),
            ServiceError::Io(what, e) => write!(f, "{what}: {e}"),
            ServiceError::Usage(e) => f.write_str(e),
            ServiceError::Bug(e) => write!(f, "internal error: {e}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        ServiceError::Store(e)
    }
}

impl From<RefereeError> for ServiceError {
    fn from(e: RefereeError) -> ServiceError {
        ServiceError::Referee(e)
    }
}

/// What became of one incoming mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ingested {
    /// Handled now; how.
    Handled(Verdict),
    /// The same mail was handled before; nothing was done.
    Duplicate,
}

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

/// Where commitment nonces and referee seeds come from.
pub type Nonces = Arc<dyn Fn() -> [u8; 16] + Send + Sync>;

/// A running referee.
pub struct Service {
    config: Config,
    settings: Settings,
    templates: Templates,
    tokens: Tokens,
    store: Store,
    /// The outbox's sender, on a connection of its own; opened at the first send.
    sender: Option<Sender>,
    clock: Arc<dyn Clock>,
    nonces: Nonces,
}

impl Service {
    /// Creates the database (with a new token secret) and the Maildir folders of `config`.
    /// Running it again keeps the existing secret and games.
    pub fn init(config: &Config) -> Result<PathBuf, ServiceError> {
        let mut store = Store::create(&config.database)?;
        store.write(|tx| -> Result<(), ServiceError> {
            if tx.meta(SECRET_KEY)?.is_none() {
                let mut secret = [0u8; 32];
                getrandom::fill(&mut secret).map_err(|e| {
                    ServiceError::Io("operating system random source".into(), std::io::Error::other(e.to_string()))
                })?;
                tx.set_meta(SECRET_KEY, &crate::hex::encode(&secret))?;
            }
            Ok(())
        })?;
        if let Some(dir) = &config.inbox.maildir {
            Maildir::create(dir).map_err(|e| ServiceError::Io(format!("creating {}", dir.display()), e))?;
        }
        if let crate::config::Transport::Maildir { path } = &config.outgoing.transport {
            std::fs::create_dir_all(path).map_err(|e| ServiceError::Io(format!("creating {}", path.display()), e))?;
        }
        Ok(config.database.clone())
    }

    /// Opens the service of an initialised database.
    pub fn open(config: Config, clock: Arc<dyn Clock>) -> Result<Service, ServiceError> {
        let mut store = Store::open(&config.database)?;
        let secret = store
            .read(|tx| tx.meta(SECRET_KEY))?
            .ok_or_else(|| ServiceError::Store(StoreError::NotInitialised(config.database.clone())))?;
        let secret =
            crate::hex::decode(&secret).ok_or_else(|| StoreError::Corrupt("the token secret is not hex".into()))?;
        let templates = load_templates(config.templates.as_deref())?;
        Ok(Service {
            settings: config.settings(),
            tokens: Tokens::new(&secret),
            templates,
            store,
            sender: None,
            clock,
            nonces: Arc::new(os_nonce),
            config,
        })
    }

    /// Draws commitment nonces and referee seeds from `nonces` instead of the operating
    /// system's random source: for tests that must make two games alike in all but a secret.
    pub fn with_nonces(mut self, nonces: Nonces) -> Service {
        self.nonces = nonces;
        self
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The database.
    pub fn store(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The referee's token secret, for `herald game show` and tests that play as a client.
    pub fn tokens(&self) -> &Tokens {
        &self.tokens
    }

    /// Starts a game and queues the invitations; returns the game's number.
    pub fn new_game(&mut self, variant_id: &str, white: Player, black: Player) -> Result<i64, ServiceError> {
        let variant = variants::by_id(variant_id).ok_or_else(|| {
            let known: Vec<&str> = variants::all().iter().map(|v| v.id()).collect();
            ServiceError::Usage(format!("unknown variant {variant_id:?}; known: {}", known.join(", ")))
        })?;
        if white.email.eq_ignore_ascii_case(&black.email) {
            return Err(ServiceError::Usage("White and Black must be different players".into()));
        }
        for player in [&white, &black] {
            if !player.email.contains('@') {
                return Err(ServiceError::Usage(format!("{:?} is not a mail address", player.email)));
            }
        }
        let now = self.clock.now();
        let settings = &self.settings;
        let (templates, tokens, nonces) = (&self.templates, &self.tokens, &*self.nonces);
        let from = self.config.referee.address.clone();
        self.store.write(|tx| -> Result<i64, ServiceError> {
            let id = tx.next_game_id()?;
            let effects =
                Referee::new(settings, templates, tokens, nonces).start_game(id, variant, white, black, now)?;
            tx.apply(&effects, &from, now, None)?;
            Ok(id)
        })
    }

    /// Handles one raw incoming mail: at most once per Message-ID (or per identical mail when
    /// it has none), in one transaction with everything it changes and every mail it causes.
    pub fn ingest(&mut self, raw: &[u8], recipient: Option<&str>) -> Result<Ingested, ServiceError> {
        let now = self.clock.now();
        let incoming = self.read(raw, recipient);
        let (handler, store) = self.handler();
        store.write(|tx| handler.handle(tx, &incoming, now))
    }

    /// Handles several raw mails, in order, in one transaction: each mail's changes and
    /// answers are one savepoint, so each is all or nothing as with [`Service::ingest`], and
    /// the commit, which waits for the disk, is paid once for all of them. Nothing is durable,
    /// and so nothing may be answered or marked as read, until this returns.
    ///
    /// Returns one result per mail, in order. A mail whose handling failed changed nothing;
    /// after a transient failure (the database is busy) the later mails are not tried, and
    /// their results are missing: they wait for the next pass.
    pub fn ingest_batch(&mut self, raws: &[Vec<u8>]) -> Result<Vec<Result<Ingested, ServiceError>>, ServiceError> {
        let now = self.clock.now();
        let incoming: Vec<Incoming> = raws.iter().map(|raw| self.read(raw, None)).collect();
        let (handler, store) = self.handler();
        store.write(|tx| -> Result<_, ServiceError> {
            let mut results = Vec::with_capacity(incoming.len());
            for mail in &incoming {
                let result = tx.savepoint(|tx| handler.handle(tx, mail, now));
                let transient = matches!(&result, Err(e) if e.is_transient());
                results.push(result);
                if transient {
                    break;
                }
            }
            Ok(results)
        })
    }

    /// Reads a raw mail as far as it can be read.
    fn read(&self, raw: &[u8], recipient: Option<&str>) -> Incoming {
        let limits = ReadLimits { max_bytes: self.config.inbox.max_message_bytes, ..ReadLimits::default() };
        let (mail, too_large) = match reader::read_mail(raw, &limits) {
            Ok(mail) => (mail, None),
            Err(ReadError::TooLarge { size, limit }) => match reader::read_headers(raw, &limits) {
                Ok(headers) => (headers, Some((size, limit))),
                Err(_) => return Incoming::Unreadable(unreadable_key(raw), "too large and unreadable".into()),
            },
            Err(ReadError::Malformed(why)) => return Incoming::Unreadable(unreadable_key(raw), why),
        };
        let mut mail = mail;
        if let Some(r) = recipient {
            mail.delivered_to.push(r.to_ascii_lowercase());
        }
        Incoming::Read { mail: Box::new(mail), too_large }
    }

    /// What handles mails inside a transaction (the referee core and what it needs), and
    /// the store to open the transaction on.
    fn handler(&mut self) -> (Handler<'_>, &mut Store) {
        let handler = Handler {
            settings: &self.settings,
            templates: &self.templates,
            tokens: &self.tokens,
            nonces: &*self.nonces,
            from: &self.config.referee.address,
        };
        (handler, &mut self.store)
    }

    /// Sends every mail that is due, once each, recording each result right after its
    /// attempt (see `service/sender.rs`). The caller must hold the send lock (see
    /// [`SendLock`]), so no mail is ever sent by two processes at once.
    pub fn send_due(&mut self, lock: &SendLock, transport: &dyn Transport) -> Result<Sent, ServiceError> {
        self.sender()?.send_due(lock, transport)
    }

    fn sender(&mut self) -> Result<&mut Sender, ServiceError> {
        if self.sender.is_none() {
            let clock = self.clock.clone();
            self.sender = Some(Sender::open(&self.config.database, clock, self.config.outgoing.retry.clone())?);
        }
        Ok(self.sender.as_mut().expect("opened above"))
    }

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
                let last = self.send_due(lock, transport)?;
                pass.sent.add(&last);
                pass.batches = latencies(&batches, &rounds, Instant::now());
                return Ok(pass);
            }
        }
        pass.deadlines = self.check_deadlines()?;
        let sent = self.send_due(lock, transport)?;
        pass.sent.add(&sent);
        Ok(pass)
    }

    /// Lets the clock act on every game whose deadline is near or past (see
    /// [`Referee::on_deadline`]): each game in a transaction of its own with the mails it
    /// causes. Returns how many games it acted on. Every daemon pass runs it after reading the
    /// inbox, so a move that arrived before the pass counts; a club that takes mail by pipe
    /// runs `herald serve --once` from cron for it.
    pub fn check_deadlines(&mut self) -> Result<usize, ServiceError> {
        let now = self.clock.now();
        let hours = i64::from(self.settings.reminder_hours);
        let remind_from = now.checked_add(jiff::SignedDuration::from_hours(hours)).unwrap_or(now);
        let ids = self.store.read(|tx| tx.games_on_the_clock(now, remind_from))?;
        let mut acted = 0;
        for id in ids {
            let (handler, store) = self.handler();
            let changed = store.write(|tx| -> Result<bool, ServiceError> {
                // Loaded again inside the transaction: a move may have come in meanwhile.
                let Some(record) = tx.game(id)? else { return Ok(false) };
                let referee = handler.referee();
                let Some(decision) = referee.on_deadline(record, now)? else { return Ok(false) };
                tx.apply(&decision.effects, handler.from, now, None)?;
                Ok(true)
            });
            match changed {
                Ok(changed) => acted += usize::from(changed),
                Err(e) if e.is_transient() => return Err(e),
                // One game that cannot be read (a broken stored state) must not stop the
                // daemon or the other games' clocks; it is reported at every pass.
                Err(e) => eprintln!("herald serve: game #{id}: the clock cannot act: {e}"),
            }
        }
        Ok(acted)
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

    /// The send lock, if no other process holds it now: taken by the daemon for its life,
    /// and by `herald ingest` for the moment it sends.
    pub fn try_send_lock(&self) -> Result<Option<SendLock>, ServiceError> {
        SendLock::try_take(&self.config.database)
    }

    /// The send lock, waiting a little for another `herald ingest` to finish sending; `None`
    /// if a daemon holds it (the daemon sends everything) or the wait ran out (the next
    /// sender sends these mails).
    pub fn wait_send_lock(&self) -> Result<Option<SendLock>, ServiceError> {
        if daemon_running(&self.config.database)? {
            return Ok(None);
        }
        let deadline = Instant::now() + SEND_LOCK_WAIT;
        loop {
            if let Some(lock) = self.try_send_lock()? {
                return Ok(Some(lock));
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
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

/// An incoming mail as far as it could be read.
enum Incoming {
    /// Read, possibly only its headers when it was too large (with its size and the limit).
    Read { mail: Box<reader::IncomingMail>, too_large: Option<(usize, usize)> },
    /// Not readable at all: its dedupe key (a hash of its bytes) and why.
    Unreadable(String, String),
}

/// The dedupe key of a mail that cannot be read: the hash of its bytes.
fn unreadable_key(raw: &[u8]) -> String {
    format!("sha256:{}", crate::hex::sha256(raw))
}

/// What the service lends the referee core to handle mails inside a transaction.
struct Handler<'a> {
    settings: &'a Settings,
    templates: &'a Templates,
    tokens: &'a Tokens,
    nonces: &'a (dyn Fn() -> [u8; 16] + Send + Sync),
    from: &'a str,
}

impl Handler<'_> {
    fn referee(&self) -> Referee<'_> {
        Referee::new(self.settings, self.templates, self.tokens, self.nonces)
    }

    /// Handles one mail inside `tx`: at most once per delivery; the decision, its inbox row
    /// and its mails are written to `tx`. Whatever goes wrong but a passing fault of the
    /// database (a broken stored game or template, a bug, a panic) undoes what the mail did
    /// and answers it with an apology instead (see [`Handler::failed`]): a mail must never
    /// vanish, loop or be retried forever.
    fn handle(&self, tx: &Tx<'_>, incoming: &Incoming, now: Timestamp) -> Result<Ingested, ServiceError> {
        let (mail, too_large) = match incoming {
            Incoming::Read { mail, too_large } => (mail, too_large),
            Incoming::Unreadable(key, why) => return record_unreadable(tx, key, why, now),
        };
        if tx.inbox_contains(&mail.dedupe_key)? {
            return Ok(Ingested::Duplicate);
        }
        let attempt = tx.savepoint(|tx| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.decide(tx, mail, *too_large, now)))
                .unwrap_or_else(|panic| Err(ServiceError::Bug(panic_message(panic.as_ref()))))
        });
        match attempt {
            Err(e) if !e.is_transient() => self.failed(tx, mail, &e, now),
            other => other,
        }
    }

    /// The referee's decision on a readable mail, written to `tx`.
    ///
    /// The inbox keeps each mail under its delivery key. A verified player's mail (and one
    /// herald failed on) is handled once per key; a mail whose sender was not verified is
    /// recorded under `unverified:` and the key, so that it can never make a later verified
    /// mail with the same key look handled: a forger who copies a real mail's Message-ID, or
    /// the whole mail, cannot silence it.
    fn decide(
        &self,
        tx: &Tx<'_>,
        mail: &reader::IncomingMail,
        too_large: Option<(usize, usize)>,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let referee = self.referee();
        let mut decision = match too_large {
            Some((size, limit)) => referee.too_large(mail, size, limit, now)?,
            None => {
                let game = match referee.claimed_identity(mail) {
                    Some((id, _)) => tx.game(id)?,
                    None => None,
                };
                referee.handle_mail(mail, game, now)?
            }
        };
        let players = decision.verdict.is_players();
        let key = if players { mail.dedupe_key.clone() } else { format!("unverified:{}", mail.dedupe_key) };
        if !players && tx.inbox_contains(&key)? {
            return Ok(Ingested::Duplicate);
        }
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        // One short answer a day, at most, to an address whose mail could not be verified or
        // was too large to read: whoever forges someone's address in From cannot make the
        // referee a source of mail to them (backscatter), and a player writing from a wrong
        // address, or with a huge attachment, has had the answer.
        let unanswered = match decision.verdict {
            Verdict::Unverified => Some(Verdict::UnverifiedUnanswered),
            Verdict::TooLarge => Some(Verdict::TooLargeUnanswered),
            _ => None,
        };
        if let Some(unanswered) = unanswered
            && !decision.effects.mails.is_empty()
            && let Some(from) = sender
            && tx.answered_outside_games_since(from, now.checked_sub(ANSWER_OUTSIDE_GAMES_EVERY).unwrap_or(now))?
        {
            decision.effects.mails.clear();
            decision.verdict = unanswered;
            for event in &mut decision.effects.events {
                event.detail.push_str("; not answered: this address had an answer within the last day");
            }
        }
        let game_id = decision.effects.game.as_ref().map(|g| g.id);
        if players
            && let Some(message_id) = &mail.message_id
            && tx.message_id_reused(message_id, &key)?
        {
            decision.effects.events.push(Event {
                game_id,
                kind: "message-id-reused",
                detail: format!(
                    "a mail from {} reuses the Message-ID <{message_id}> of an earlier, different mail; both are handled",
                    sender.unwrap_or("?")
                ),
            });
        }
        let recorded = InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let inbox_id = tx.record_inbox(&key, now, recorded, decision.verdict)?;
        tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        Ok(Ingested::Handled(decision.verdict))
    }

    /// herald failed to handle `mail` with `error`, and everything the mail did was undone.
    /// The mail is recorded as handled (so that the mail server does not offer it again and
    /// again), the operator's log (the event log and standard error) gets the error with a
    /// reference, and the sender, if verified as a player of the game the mail's token names
    /// (checked without loading that game, which may be what failed), gets an answer saying
    /// what went wrong and that nothing changed. A sender herald cannot verify gets nothing:
    /// a forger must not be able to make herald write to anyone.
    fn failed(
        &self,
        tx: &Tx<'_>,
        mail: &reader::IncomingMail,
        error: &ServiceError,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let reference = crate::hex::sha256(mail.dedupe_key.as_bytes())[..12].to_string();
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        eprintln!(
            "herald: a mail from {} could not be handled (reference {reference}): {error}",
            sender.unwrap_or("an unknown sender")
        );
        let referee = self.referee();
        let claimed = referee.claimed_identity(mail);
        let player = match (claimed, sender) {
            (Some((id, color)), Some(from)) => tx.players_of(id)?.is_some_and(|(white, black)| {
                let email = if color.is_white() { white } else { black };
                email.eq_ignore_ascii_case(from)
            }),
            _ => false,
        };
        let mut decision = referee.failed(mail, error.in_players_terms(), &reference, now);
        let game_id = claimed.map(|(id, _)| id).filter(|_| player);
        for event in &mut decision.effects.events {
            event.game_id = game_id;
            event.detail.push_str(&format!(": {error}"));
            if !player {
                event.detail.push_str("; not answered: the sender is not a verified player");
            }
        }
        if !player {
            decision.effects.mails.clear();
        }
        let recorded = InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let inbox_id = tx.record_inbox(&mail.dedupe_key, now, recorded, decision.verdict)?;
        tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        Ok(Ingested::Handled(decision.verdict))
    }
}

/// What a caught panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// A mail that cannot be parsed at all (not even a header block): recorded (so a redelivery
/// is recognised) and logged, never answered, since its sender cannot be known.
fn record_unreadable(tx: &Tx<'_>, key: &str, why: &str, now: Timestamp) -> Result<Ingested, ServiceError> {
    if tx.inbox_contains(key)? {
        return Ok(Ingested::Duplicate);
    }
    eprintln!("herald: a mail without a readable header block was logged and not answered: {why}");
    let verdict = Verdict::Unreadable;
    tx.record_inbox(key, now, InboxMail::default(), verdict)?;
    let event = Event { game_id: None, kind: verdict.as_str(), detail: why.to_string() };
    tx.apply(&Effects { events: vec![event], ..Effects::default() }, "", now, None)?;
    Ok(Ingested::Handled(verdict))
}

/// A lock file beside the database, held (with `flock`) for the life of the handle; the
/// operating system releases it when its process dies, however it dies.
fn try_lock_file(database: &Path, suffix: &str) -> Result<Option<File>, ServiceError> {
    let path = PathBuf::from(format!("{}.{suffix}", database.display()));
    // flock needs only an open file, not a writable one: a lock file made by another user
    // (an administrator's `herald serve --once` beside the mail server's `herald ingest`)
    // is opened for reading.
    let file = match File::options().read(true).open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            { File::options().create(true).truncate(false).write(true).open(&path) }
                .map_err(|e| ServiceError::Io(format!("creating {}", path.display()), e))?
        }
        Err(e) => return Err(ServiceError::Io(format!("opening {}", path.display()), e)),
    };
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(ServiceError::Io(format!("locking {}", path.display()), e)),
    }
}

/// The right to send the outbox. Whoever holds it is the only sender, so a mail is never
/// sent by two processes at once; and since the lock dies with its process, a mail whose
/// sender was killed mid-send is simply due for the next holder, at once.
pub struct SendLock(#[allow(dead_code)] File);

impl SendLock {
    fn try_take(database: &Path) -> Result<Option<SendLock>, ServiceError> {
        Ok(try_lock_file(database, "send.lock")?.map(SendLock))
    }
}

/// Takes the lock that allows one daemon per database, held for the life of the handle. A
/// `herald ingest` may hold it (shared) for an instant to see whether a daemon runs, so the
/// daemon tries a few times before it concludes that another daemon holds it.
pub fn lock_database(database: &Path) -> Result<File, ServiceError> {
    for _ in 0..20 {
        if let Some(file) = try_lock_file(database, "lock")? {
            return Ok(file);
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    try_lock_file(database, "lock")?.ok_or_else(|| {
        ServiceError::Usage(format!(
            "another herald serve is running on {} (lock {}.lock)",
            database.display(),
            database.display()
        ))
    })
}

/// True if a daemon holds the database's daemon lock now. Probed with a shared lock, so two
/// probes never make each other believe a daemon runs.
fn daemon_running(database: &Path) -> Result<bool, ServiceError> {
    let path = PathBuf::from(format!("{}.lock", database.display()));
    let file = match File::options().read(true).open(&path) {
        Ok(file) => file,
        // No lock file: no daemon has ever run here.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(ServiceError::Io(format!("opening {}", path.display()), e)),
    };
    match file.try_lock_shared() {
        Ok(()) => Ok(false),
        Err(std::fs::TryLockError::WouldBlock) => Ok(true),
        Err(std::fs::TryLockError::Error(e)) => Err(ServiceError::Io(format!("locking {}", path.display()), e)),
    }
}

/// Reads a file, but no more than one byte past `limit` (enough to know it is too large).
fn read_capped(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The built-in templates, overridden by the files the club put in `dir`.
fn load_templates(dir: Option<&Path>) -> Result<Templates, ServiceError> {
    let mut overrides = Vec::new();
    if let Some(dir) = dir {
        for name in Templates::names() {
            let path = dir.join(name);
            if path.exists() {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| ServiceError::Io(format!("reading the template {}", path.display()), e))?;
                overrides.push((name.to_string(), text));
            }
        }
    }
    Templates::with_overrides(overrides).map_err(ServiceError::Template)
}

/// 128 bits from the operating system's random source, for commitment nonces. A machine
/// without one cannot keep secrets honestly, so this is fatal rather than silently weak.
fn os_nonce() -> [u8; 16] {
    let mut nonce = [0u8; 16];
    getrandom::fill(&mut nonce).expect("the operating system's random source is available");
    nonce
}
