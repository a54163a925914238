//! The service: the edges around the referee core. It reads mail, loads the game, asks the
//! core, and writes the decision with its mails in one transaction (`handling`); it sends the
//! outbox (`sender`); the daemon watches a Maildir and the clock (`daemon`); lock files let
//! one daemon and one sender run per database (`locks`). All I/O of a running referee happens
//! here (and in `store` and `mail`).

pub mod backup;
mod bounces;
mod daemon;
pub mod doctor;
mod handling;
mod locks;
mod log;
mod preferences;
mod sender;
mod site;
mod tournaments;
mod vacations;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::clock::{Clock, TimeControl, Timestamp};
use crate::config::Config;
use crate::engine::Color;
use crate::language::Languages;
use crate::mail::inbox::{Inbox, InboxError, InboxErrorKind};
use crate::mail::maildir::Maildir;
use crate::mail::reader::{self, ReadError, ReadLimits};
use crate::mail::transport::Transport;
use crate::referee::records::{Player, Verdict};
use crate::referee::templates::{TemplateError, Templates};
use crate::referee::token::Tokens;
use crate::referee::{Referee, RefereeError, Settings};
use crate::store::{SECRET_KEY, Store, StoreError};
use crate::variants;

pub use daemon::Pass;
use handling::{Handler, Incoming, unreadable_key};
pub use locks::{SendLock, lock_database};
use sender::Sender;
pub use sender::Sent;
pub use site::SitePass;
pub use tournaments::NewTournament;
pub use vacations::LeaveReport;

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
    /// The inbox `herald serve` reads (its Maildir or IMAP server).
    Inbox(InboxError),
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
            ServiceError::Inbox(e) => e.kind == InboxErrorKind::Transient,
            ServiceError::Referee(_) | ServiceError::Template(_) | ServiceError::Usage(_) | ServiceError::Bug(_) => {
                false
            }
        }
    }

    /// True when only a person can make the same work succeed: the inbox refused herald's
    /// login, has no such folder or an untrusted certificate, or a club template is broken.
    /// `herald serve` stops on these and is not restarted ([`crate::cli::EXIT_CONFIG`]).
    pub fn needs_operator(&self) -> bool {
        match self {
            ServiceError::Inbox(e) => e.kind == InboxErrorKind::Permanent,
            ServiceError::Template(_) | ServiceError::Referee(RefereeError::Template(_)) => true,
            _ => false,
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
            // A row herald wrote that it cannot read back (a game's has its own words above).
            ServiceError::Store(StoreError::Corrupt(_)) => "the club's stored records could not be read",
            ServiceError::Store(_) => "the club's database refused the change",
            ServiceError::Io(..) | ServiceError::Inbox(_) | ServiceError::Usage(_) | ServiceError::Bug(_) => {
                "herald met an internal error"
            }
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
            ServiceError::Inbox(e) => e.fmt(f),
            ServiceError::Usage(e) => f.write_str(e),
            ServiceError::Bug(e) => write!(f, "internal error: {e}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<InboxError> for ServiceError {
    fn from(e: InboxError) -> ServiceError {
        ServiceError::Inbox(e)
    }
}

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
    /// The inbox `herald serve` reads; opened at the first pass.
    inbox: Option<Box<dyn Inbox>>,
    clock: Arc<dyn Clock>,
    nonces: Nonces,
    /// Whether the site waits to be published (`site.publish_command`), and its backoff.
    publishing: site::Publishing,
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
            // Its mails carry the players' reply tokens: for herald's user alone.
            std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
                .create(path)
                .map_err(|e| ServiceError::Io(format!("creating {}", path.display()), e))?;
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
        if let Some(code) = &config.referee.language
            && templates.languages().get(code).is_none()
        {
            let known = templates.languages().codes().join(", ");
            return Err(ServiceError::Template(TemplateError(format!(
                "referee.language: herald writes in no language {code:?} (it knows {known})"
            ))));
        }
        Ok(Service {
            settings: config.settings(),
            tokens: Tokens::new(&secret),
            templates,
            store,
            sender: None,
            inbox: None,
            clock,
            nonces: Arc::new(os_nonce),
            publishing: site::Publishing::default(),
            config,
        })
    }

    /// Draws commitment nonces and referee seeds from `nonces` instead of the operating
    /// system's random source: for tests that must make two games alike in all but a secret.
    pub fn with_nonces(mut self, nonces: Nonces) -> Service {
        self.nonces = nonces;
        self
    }

    /// Reads incoming mail from `inbox` instead of the one the configuration names: for the
    /// benchmark, which sets up its own IMAP server and logs in with a password of its own.
    pub fn with_inbox(mut self, inbox: Box<dyn Inbox>) -> Service {
        self.inbox = Some(inbox);
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

    /// Game `id`'s archive (`herald game export --json`, `herald audit`): what it publishes,
    /// from one read, so a move arriving meanwhile cannot split the record from its moves.
    pub fn archive(&mut self, id: i64) -> Result<crate::referee::archive::Archive, ServiceError> {
        let (record, moves) = self.store.read(|tx| Ok::<_, StoreError>((tx.game(id)?, tx.moves(id)?)))?;
        let record = record.ok_or_else(|| ServiceError::Usage(format!("there is no game #{id}")))?;
        let variant = variants::by_id(&record.variant)
            .ok_or_else(|| ServiceError::Usage(format!("unknown variant {}", record.variant)))?;
        let game = variant.restore(&record.snapshot).map_err(|e| ServiceError::Usage(e.to_string()))?;
        Ok(crate::referee::archive::Archive::of(&record, &game.public_start(), &moves))
    }

    /// Starts a game with the club's time control and queues the invitations; returns the
    /// game's number.
    pub fn new_game(&mut self, variant_id: &str, white: Player, black: Player) -> Result<i64, ServiceError> {
        self.new_game_with(variant_id, white, black, None)
    }

    /// Starts a game with its own time control (`None`: the club's) and queues the
    /// invitations; returns the game's number.
    pub fn new_game_with(
        &mut self,
        variant_id: &str,
        white: Player,
        black: Player,
        time_control: Option<TimeControl>,
    ) -> Result<i64, ServiceError> {
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
        if let Some(control) = time_control {
            check_reminders(settings, control)?;
        }
        self.store.write(|tx| -> Result<i64, ServiceError> {
            let id = tx.next_game_id()?;
            let own = tx.players_own(&white, &black, now)?;
            let effects = Referee::new(settings, templates, tokens, nonces).start_game_in(
                id,
                variant,
                white,
                black,
                time_control,
                None,
                own,
                now,
            )?;
            tx.apply(&effects, &from, now, None)?;
            Ok(id)
        })
    }

    /// Handles one raw incoming mail: at most once per Message-ID (or per identical mail when
    /// it has none), in one transaction with everything it changes and every mail it causes.
    pub fn ingest(&mut self, raw: &[u8], recipient: Option<&str>) -> Result<Ingested, ServiceError> {
        let now = self.clock.now();
        let incoming = self.reading().read(raw, recipient);
        let (handler, store) = self.handler();
        handler.commit(store, |tx| handler.handle(tx, &incoming, now))
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
        let reading = self.reading();
        let incoming: Vec<Incoming> = raws.iter().map(|raw| reading.read(raw, None)).collect();
        self.ingest_read(&incoming)
    }

    /// [`Service::ingest_batch`] for mails already read (by [`Reading::read`], maybe on
    /// another thread while the batch before was handled).
    fn ingest_read(&mut self, incoming: &[Incoming]) -> Result<Vec<Result<Ingested, ServiceError>>, ServiceError> {
        let now = self.clock.now();
        let (handler, store) = self.handler();
        handler.commit(store, |tx| {
            let mut results = Vec::with_capacity(incoming.len());
            for mail in incoming {
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

    /// How this service reads a raw mail: its limits, apart from the service, so that a
    /// batch can be read on one thread while another handles the batch before.
    fn reading(&self) -> Reading {
        Reading { limits: ReadLimits { max_bytes: self.config.inbox.max_message_bytes, ..ReadLimits::default() } }
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
            log: log::Pending::default(),
        };
        (handler, &mut self.store)
    }

    /// Sends every mail that is due, once each, recording each result right after its
    /// attempt (see `service/sender.rs`). The caller must hold the send lock (see
    /// [`SendLock`]), so no mail is ever sent by two processes at once.
    pub fn send_due(&mut self, lock: &SendLock, transport: &dyn Transport) -> Result<Sent, ServiceError> {
        self.sender()?.send_due(lock, transport)
    }

    /// `herald outbox retry`: dead letters (all, or outbox row `only`) are sent again from
    /// their first attempt, by whichever sender comes next. Returns the rows revived.
    ///
    /// # Errors
    ///
    /// [`ServiceError::Usage`] when `only` names no mail or one that is not dead.
    pub fn retry_dead_letters(&mut self, only: Option<i64>) -> Result<Vec<i64>, ServiceError> {
        let now = self.clock.now();
        let revived = self.store.write(|tx| {
            let revived = tx.revive_dead(only, now)?;
            match only {
                Some(id) if revived.is_empty() => Err(ServiceError::Usage(match tx.outbox_status(id)? {
                    None => format!("the outbox has no mail {id}"),
                    Some(status) => format!("mail {id} is not a dead letter (it is {})", status.as_str()),
                })),
                _ => Ok(revived),
            }
        })?;
        if !revived.is_empty() {
            let ids: Vec<String> = revived.iter().map(i64::to_string).collect();
            tracing::info!(mails = ids.join(",").as_str(), "dead letters to be sent again");
        }
        Ok(revived)
    }

    fn sender(&mut self) -> Result<&mut Sender, ServiceError> {
        if self.sender.is_none() {
            let clock = self.clock.clone();
            self.sender = Some(Sender::open(&self.config.database, clock, self.config.outgoing.retry.clone())?);
        }
        Ok(self.sender.as_mut().expect("opened above"))
    }

    /// Lets the clock act on every game whose deadline is near or past (see
    /// [`Referee::on_deadline`]): each game in a transaction of its own with the mails it
    /// causes. Returns how many games it acted on. Every daemon pass runs it after reading the
    /// inbox, so a move that arrived before the pass counts; a club that takes mail by pipe
    /// runs `herald serve --once` from cron for it.
    pub fn check_deadlines(&mut self) -> Result<usize, ServiceError> {
        let now = self.clock.now();
        self.end_long_pauses(now)?;
        let hours = i64::from(self.settings.reminder_hours);
        let remind_from = now.checked_add(jiff::SignedDuration::from_hours(hours)).unwrap_or(now);
        let ids = self.store.read(|tx| tx.games_on_the_clock(now, remind_from))?;
        let mut acted = 0;
        for id in ids {
            let (handler, store) = self.handler();
            let changed = handler.commit(store, |tx| {
                // Loaded again inside the transaction: a move may have come in meanwhile.
                let Some(record) = tx.game(id)? else { return Ok(false) };
                let referee = handler.referee();
                let Some(decision) = referee.on_deadline(record, now)? else { return Ok(false) };
                tx.apply(&decision.effects, handler.from, now, None)?;
                handler.log.push(log::Line::Deadline { game: id, outcome: decision.verdict });
                handler.follow_up(tx, &decision.effects, now)?;
                Ok(true)
            });
            match changed {
                Ok(changed) => acted += usize::from(changed),
                Err(e) if e.is_transient() => return Err(e),
                // One game that cannot be read (a broken stored state) must not stop the
                // daemon or the other games' clocks; it is reported at every pass.
                Err(e) => tracing::error!(game = id, error = %e, "the clock cannot act on this game"),
            }
        }
        Ok(acted)
    }
}

impl Service {
    /// Lets run again every clock that bounces stopped `bounces.max_pause_days` ago or more
    /// (see `referee::bounces`), each game in a transaction of its own, before the clocks are
    /// read: a pause is never the end of a game's clock.
    fn end_long_pauses(&mut self, now: Timestamp) -> Result<(), ServiceError> {
        let days = jiff::SignedDuration::from_hours(24 * i64::from(self.settings.bounces.max_pause_days));
        let Ok(before) = now.checked_sub(days) else { return Ok(()) };
        let clocks = self.store.read(|tx| tx.clocks_paused_before(before))?;
        for clock in clocks {
            let (handler, store) = self.handler();
            let resumed = handler.commit(store, |tx| {
                // Read again inside the transaction: the player may have written meanwhile.
                if tx.clock_paused_at(clock.game)? != Some(clock.paused_at) {
                    return Ok(());
                }
                let Some(record) = tx.game(clock.game)? else { return Ok(()) };
                let mut unreachable = Color::White;
                for color in Color::BOTH {
                    if tx.unreachable_since(&record.player(color).email)?.is_some() {
                        unreachable = color;
                        break;
                    }
                }
                let ((game, deadline), effects) = handler.referee().pause_over(clock, record, unreachable, now)?;
                tx.resume_clock(game, deadline)?;
                tx.apply(&effects, handler.from, now, None)?;
                Ok(())
            });
            match resumed {
                Ok(()) => {}
                Err(e) if e.is_transient() => return Err(e),
                Err(e) => tracing::error!(game = clock.game, error = %e, "a paused clock cannot run again"),
            }
        }
        Ok(())
    }
}

/// A game's or tournament's own time control leaves the club's reminder before the end of one
/// move's time, as the configuration's must (`Config::check`).
fn check_reminders(settings: &Settings, control: TimeControl) -> Result<(), ServiceError> {
    let hours = 24 * u64::from(control.days_for_one_move());
    if u64::from(settings.reminder_hours) >= hours {
        return Err(ServiceError::Usage(format!(
            "the club reminds players {} hours before a deadline (games.reminder_hours), but one move of {control} \
             is {hours} hours: every move would be followed at once by a reminder",
            settings.reminder_hours
        )));
    }
    Ok(())
}

/// The built-in templates, overridden by the files the club put in `dir`.
/// The club's templates folder, if it has one: each built-in template it holds a file of
/// replaces the built-in one, and each folder `locales/CODE/` adds the language CODE (or, for
/// a shipped one, replaces the messages its `.ftl` files say).
fn load_templates(dir: Option<&Path>) -> Result<Templates, ServiceError> {
    let mut overrides = Vec::new();
    let mut added = Vec::new();
    if let Some(dir) = dir {
        for name in Templates::names() {
            let path = dir.join(name);
            if path.exists() {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| ServiceError::Io(format!("reading the template {}", path.display()), e))?;
                overrides.push((name.to_string(), text));
            }
        }
        let locales = dir.join("locales");
        if locales.is_dir() {
            let reading = |path: &Path, e| ServiceError::Io(format!("reading {}", path.display()), e);
            let mut folders: Vec<PathBuf> = std::fs::read_dir(&locales)
                .map_err(|e| reading(&locales, e))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|path| path.is_dir())
                .collect();
            folders.sort();
            for folder in folders {
                let code = folder.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
                let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
                    .map_err(|e| reading(&folder, e))?
                    .filter_map(|entry| entry.ok().map(|e| e.path()))
                    .filter(|path| path.extension().is_some_and(|x| x == "ftl"))
                    .collect();
                files.sort();
                let texts = files
                    .iter()
                    .map(|path| std::fs::read_to_string(path).map_err(|e| reading(path, e)))
                    .collect::<Result<Vec<_>, _>>()?;
                added.push((code, texts));
            }
        }
    }
    let languages = Languages::with_added(added).map_err(|e| ServiceError::Template(TemplateError(e.to_string())))?;
    Templates::with_languages(overrides, languages).map_err(ServiceError::Template)
}

/// 128 bits from the operating system's random source, for commitment nonces. A machine
/// without one cannot keep secrets honestly, so this is fatal rather than silently weak.
fn os_nonce() -> [u8; 16] {
    let mut nonce = [0u8; 16];
    getrandom::fill(&mut nonce).expect("the operating system's random source is available");
    nonce
}

/// How raw mails are read before they are handled (see [`Service::reading`]).
struct Reading {
    limits: ReadLimits,
}

impl Reading {
    /// Reads a raw mail as far as it can be read; `recipient` is the address the mail was
    /// delivered to, when the delivery said so.
    fn read(&self, raw: &[u8], recipient: Option<&str>) -> Incoming {
        let limits = &self.limits;
        let (mail, too_large) = match reader::read_mail(raw, limits) {
            Ok(mail) => (mail, None),
            Err(ReadError::TooLarge { size, limit }) => match reader::read_headers(raw, limits) {
                Ok(headers) => (headers, Some((size, limit))),
                Err(_) => return Incoming::Unreadable(unreadable_key(raw), "too large and unreadable".into()),
            },
            Err(ReadError::Malformed(why)) => return Incoming::Unreadable(unreadable_key(raw), why),
        };
        let mut mail = mail;
        if let Some(r) = recipient {
            mail.delivered_to.push(r.to_ascii_lowercase());
        }
        // A bounce is automatic mail (whichever mark `reader` saw first: Auto-Submitted, the
        // null Return-Path, the report), so only automatic mail is read for a delivery report
        // (see `service::bounces`).
        let report = match (&mail.automatic, too_large) {
            (Some(_), None) => reader::read_delivery_report(raw, limits).map(Box::new),
            _ => None,
        };
        Incoming::Read { mail: Box::new(mail), too_large, report }
    }
}
