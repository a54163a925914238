//! The service: the edges around the referee core. It reads mail, loads the game, asks the
//! core, and writes the decision with its mails in one transaction; it sends the outbox; it
//! watches a Maildir. All I/O of a running referee happens here (and in `store` and `mail`).

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::{Clock, Timestamp};
use crate::config::Config;
use crate::mail::maildir::Maildir;
use crate::mail::reader::{self, ReadError, ReadLimits};
use crate::mail::transport::{Envelope, SendErrorKind, Transport};
use crate::referee::records::{Effects, Player};
use crate::referee::templates::{TemplateError, Templates};
use crate::referee::token::Tokens;
use crate::referee::{Referee, RefereeError, Settings};
use crate::store::{Store, StoreError};
use crate::variants;

/// The name of the token secret in the database's `meta` table.
const SECRET_KEY: &str = "reply_token_secret";

/// How long a sender's claim on an outbox row lasts before another pass may retry it (a
/// sender that crashed mid-send never finishes its claim).
const SEND_LEASE_SECONDS: i64 = 120;

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
}

impl ServiceError {
    /// True when the same work may succeed later (the database is busy, a disk hiccup):
    /// `herald ingest` then exits with EX_TEMPFAIL so the mail server retries.
    pub fn is_transient(&self) -> bool {
        match self {
            ServiceError::Store(e) => e.is_transient(),
            ServiceError::Io(..) => true,
            ServiceError::Referee(_) | ServiceError::Template(_) | ServiceError::Usage(_) => false,
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
    /// Handled now; how ("move", "rejected", "unverified", ...).
    Handled(&'static str),
    /// The same mail was handled before; nothing was done.
    Duplicate,
}

/// What one pass over the outbox did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sent {
    /// Mails sent.
    pub sent: usize,
    /// Mails that failed and will be retried.
    pub retrying: usize,
    /// Mails that became dead letters.
    pub dead: usize,
}

/// A running referee.
pub struct Service {
    config: Config,
    settings: Settings,
    templates: Templates,
    tokens: Tokens,
    store: Store,
    clock: Arc<dyn Clock>,
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
                tx.set_meta(SECRET_KEY, &hex(&secret))?;
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
        let secret = unhex(&secret).ok_or_else(|| StoreError::Corrupt("the token secret is not hex".into()))?;
        let templates = Templates::load(config.templates.as_deref()).map_err(ServiceError::Template)?;
        Ok(Service {
            settings: Settings::from_config(&config),
            tokens: Tokens::new(&secret),
            templates,
            store,
            clock,
            config,
        })
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
        let (templates, tokens) = (&self.templates, &self.tokens);
        let from = self.config.referee.address.clone();
        self.store.write(|tx| -> Result<i64, ServiceError> {
            let id = tx.next_game_id()?;
            let effects = Referee::new(settings, templates, tokens).start_game(id, variant, white, black, now)?;
            tx.apply(&effects, &from, now, None)?;
            Ok(id)
        })
    }

    /// Handles one raw incoming mail: at most once per Message-ID (or per identical mail when
    /// it has none), in one transaction with everything it changes and every mail it causes.
    pub fn ingest(&mut self, raw: &[u8], recipient: Option<&str>) -> Result<Ingested, ServiceError> {
        let limits = ReadLimits { max_bytes: self.config.inbox.max_message_bytes, ..ReadLimits::default() };
        let now = self.clock.now();
        let (mail, too_large) = match reader::read_mail(raw, &limits) {
            Ok(mail) => (mail, None),
            Err(ReadError::TooLarge { size, limit }) => match reader::read_headers(raw, &limits) {
                Ok(headers) => (headers, Some((size, limit))),
                Err(_) => return self.record_unreadable(raw, "too large and unreadable", now),
            },
            Err(ReadError::Malformed(why)) => return self.record_unreadable(raw, &why, now),
        };
        let mut mail = mail;
        if let Some(r) = recipient {
            mail.delivered_to.push(r.to_ascii_lowercase());
        }
        let from = self.config.referee.address.clone();
        let (settings, templates, tokens) = (&self.settings, &self.templates, &self.tokens);
        self.store.write(|tx| -> Result<Ingested, ServiceError> {
            if tx.inbox_contains(&mail.dedupe_key)? {
                return Ok(Ingested::Duplicate);
            }
            let referee = Referee::new(settings, templates, tokens);
            let decision = match too_large {
                Some((size, limit)) => referee.too_large(&mail, size, limit, now)?,
                None => {
                    let game = match referee.claimed_identity(&mail) {
                        Some((id, _)) => tx.game(id)?,
                        None => None,
                    };
                    referee.handle_mail(&mail, game, now)?
                }
            };
            let sender = mail.from.as_ref().map(|a| a.addr.as_str());
            let game_id = decision.effects.game.as_ref().map(|g| g.id);
            let inbox_id = tx.record_inbox(&mail.dedupe_key, now, sender, &mail.subject, game_id, decision.outcome)?;
            tx.apply(&decision.effects, &from, now, Some(inbox_id))?;
            Ok(Ingested::Handled(decision.outcome))
        })
    }

    /// A mail that cannot be parsed at all: recorded (so a redelivery is recognised) and
    /// logged, never answered, since its sender cannot be trusted or even read.
    fn record_unreadable(&mut self, raw: &[u8], why: &str, now: Timestamp) -> Result<Ingested, ServiceError> {
        use sha2::{Digest, Sha256};
        let key = format!("sha256:{}", hex(&Sha256::digest(raw)));
        self.store.write(|tx| -> Result<Ingested, ServiceError> {
            if tx.inbox_contains(&key)? {
                return Ok(Ingested::Duplicate);
            }
            tx.record_inbox(&key, now, None, "", None, "unreadable")?;
            let event = crate::referee::records::Event { game_id: None, kind: "unreadable", detail: why.to_string() };
            tx.apply(&Effects { events: vec![event], ..Effects::default() }, "", now, None)?;
            Ok(Ingested::Handled("unreadable"))
        })
    }

    /// Sends every mail that is due, one at a time; each success or failure is committed
    /// before the next. Transient failures are retried with doubling delays, permanent ones
    /// and those that failed too often become dead letters.
    pub fn send_due(&mut self, transport: &dyn Transport) -> Result<Sent, ServiceError> {
        let mut report = Sent::default();
        let retry = self.config.outgoing.retry.clone();
        loop {
            let now = self.clock.now();
            let batch = self.store.write(|tx| tx.claim_due_mail(now, SEND_LEASE_SECONDS, 32))?;
            if batch.is_empty() {
                return Ok(report);
            }
            for row in batch {
                let envelope = Envelope { from: row.envelope_from.clone(), to: vec![row.recipient.clone()] };
                let result = transport.send(&envelope, &row.bytes);
                let now = self.clock.now();
                self.store.write(|tx| -> Result<(), ServiceError> {
                    match result {
                        Ok(()) => {
                            tx.mark_sent(row.id, now)?;
                            report.sent += 1;
                        }
                        Err(e) => {
                            // `attempts` was counted when the row was claimed.
                            let attempts = row.attempts + 1;
                            let give_up = e.kind == SendErrorKind::Permanent || attempts >= retry.max_attempts;
                            let retry_at = (!give_up).then(|| {
                                let delay = retry
                                    .first_delay_seconds
                                    .saturating_mul(1u64 << (attempts - 1).min(30))
                                    .min(retry.max_delay_seconds);
                                now.checked_add(jiff::SignedDuration::from_secs(delay as i64)).unwrap_or(now)
                            });
                            tx.mark_failed(row.id, &e.to_string(), retry_at)?;
                            if give_up {
                                report.dead += 1;
                            } else {
                                report.retrying += 1;
                            }
                        }
                    }
                    Ok(())
                })?;
            }
        }
    }

    /// One pass of the daemon: every mail in the inbox Maildir's `new/` is handled and moved
    /// to `cur/` (stopping early if `stop` is raised), then the outbox is sent.
    pub fn serve_pass(&mut self, transport: &dyn Transport, stop: &AtomicBool) -> Result<(usize, Sent), ServiceError> {
        let mut handled = 0;
        if let Some(dir) = self.config.inbox.maildir.clone() {
            let maildir =
                Maildir::create(&dir).map_err(|e| ServiceError::Io(format!("opening {}", dir.display()), e))?;
            let paths = maildir.new_mail().map_err(|e| ServiceError::Io(format!("reading {}", dir.display()), e))?;
            for path in paths {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let raw = read_capped(&path, self.config.inbox.max_message_bytes)
                    .map_err(|e| ServiceError::Io(format!("reading {}", path.display()), e))?;
                self.ingest(&raw, None)?;
                maildir.mark_seen(&path).map_err(|e| ServiceError::Io(format!("moving {}", path.display()), e))?;
                handled += 1;
            }
        }
        let sent = self.send_due(transport)?;
        Ok((handled, sent))
    }

    /// The daemon: passes every `inbox.poll_seconds` until `stop` is raised (by SIGTERM or
    /// SIGINT), finishing the mail in hand first.
    pub fn serve(&mut self, transport: &dyn Transport, stop: &AtomicBool) -> Result<(), ServiceError> {
        let pause = Duration::from_secs(self.config.inbox.poll_seconds.max(1));
        while !stop.load(Ordering::SeqCst) {
            if let Err(e) = self.serve_pass(transport, stop) {
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

/// Takes the lock that allows one daemon per database: a lock file beside it, held for the
/// life of the returned handle.
pub fn lock_database(database: &Path) -> Result<File, ServiceError> {
    let path = PathBuf::from(format!("{}.lock", database.display()));
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| ServiceError::Io(format!("opening {}", path.display()), e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(ServiceError::Usage(format!(
            "another herald serve is running on {} (lock {})",
            database.display(),
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(ServiceError::Io(format!("locking {}", path.display()), e)),
    }
}

/// Reads a file, but no more than one byte past `limit` (enough to know it is too large).
fn read_capped(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len() / 2).map(|i| u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()).collect()
}
