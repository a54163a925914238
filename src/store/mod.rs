//! SQLite storage: the only place herald keeps state. The database and its transactions are
//! here; what each transaction reads and writes is in a module per table family: `games`
//! (players, games, moves, commitments), `inbox` (mails handled), `outbox` (mails to send),
//! `events` (the event log, and a decision's effects written at once), `bounces` (failures of
//! mails to players, unreachable players, paused clocks), `tournaments`, `vacations` (players'
//! vacations and the days the director granted).
//!
//! The database runs in WAL mode with `synchronous=FULL`, so a commit survives a power cut,
//! and every change goes through [`Store::write`], one `BEGIN IMMEDIATE` transaction that
//! takes the write lock up front (a deferred transaction could fail half-way with "busy").
//! The referee's decisions ([`Effects`]) are written together with the inbox row of the mail
//! that caused them and the outbox rows of the mails they cause: a crash either keeps all of
//! it or none.

pub mod backup;
mod bounces;
mod events;
mod games;
mod health;
mod inbox;
mod outbox;
mod players;
mod schema;
mod sent_journal;
mod tournaments;
mod vacations;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::clock::Timestamp;
use crate::engine::Color;
pub use bounces::PermanentBounce;
pub use events::LoggedEvent;
pub use games::GameSummary;
pub use health::Health;
pub use inbox::InboxMail;
pub use outbox::{OutboxRow, OutboxStatus};
use sent_journal::SentJournal;
pub use tournaments::{Entry, RatingRow};

/// The schema version this herald makes and knows: how many migrations it has.
pub const SCHEMA_VERSION: usize = schema::MIGRATIONS.len();

/// The name of the reply-token key in the database's `meta` table.
pub const SECRET_KEY: &str = "reply_token_secret";

/// A storage failure.
#[derive(Debug)]
pub enum StoreError {
    /// SQLite said no.
    Sqlite(rusqlite::Error),
    /// There is no database at this path: `herald init` has not run with this configuration.
    NoDatabase(PathBuf),
    /// The file there is not a database `herald init` made.
    NotInitialised(PathBuf),
    /// A row holds something herald did not write.
    Corrupt(String),
    /// A file beside the database (the sent journal).
    Io(PathBuf, std::io::Error),
    /// The database was made by a newer herald: its schema version is above the one this
    /// herald knows. It is left as it is.
    TooNew {
        /// The database's schema version.
        version: usize,
        /// This herald's.
        known: usize,
    },
}

impl StoreError {
    /// True when trying again later may succeed (the database is busy or locked, or the
    /// disk failed): the mail server should then keep the mail and retry.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(e, _)) => matches!(
                e.code,
                rusqlite::ErrorCode::DatabaseBusy
                    | rusqlite::ErrorCode::DatabaseLocked
                    | rusqlite::ErrorCode::SystemIoFailure
                    | rusqlite::ErrorCode::DiskFull
                    | rusqlite::ErrorCode::CannotOpen
                    | rusqlite::ErrorCode::OutOfMemory
            ),
            StoreError::Sqlite(_) => false,
            // A file herald may not read or write stays so until an administrator acts.
            StoreError::Io(_, e) => e.kind() != std::io::ErrorKind::PermissionDenied,
            StoreError::NoDatabase(_)
            | StoreError::NotInitialised(_)
            | StoreError::Corrupt(_)
            | StoreError::TooNew { .. } => false,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "database: {e}"),
            StoreError::NoDatabase(p) => {
                write!(f, "no database at {}: run `herald init` (with this configuration) first", p.display())
            }
            StoreError::NotInitialised(p) => {
                write!(f, "{} is not a database made by `herald init` (it holds no reply-token secret)", p.display())
            }
            StoreError::Corrupt(e) => write!(f, "database holds unexpected data: {e}"),
            StoreError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            StoreError::TooNew { version, known } => write!(
                f,
                "the database was made by a newer herald (schema version {version}; this herald knows versions up \
                 to {known}); it was not changed: run the newer herald again, or restore a backup made by this one"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Sqlite(e)
    }
}

/// Result of a storage operation.
pub type Result<T> = std::result::Result<T, StoreError>;

/// The database.
pub struct Store {
    conn: Connection,
    /// The connection of [`Store::write_relaxed`], opened when first needed.
    relaxed: Option<Connection>,
    /// Where the sender notes mails the relay accepted, until they are folded in.
    journal: SentJournal,
    path: PathBuf,
}

fn ts(t: Timestamp) -> i64 {
    t.as_second()
}

fn from_ts(s: i64) -> Timestamp {
    Timestamp::from_second(s).unwrap_or(Timestamp::UNIX_EPOCH)
}

fn color_name(c: Color) -> &'static str {
    c.name()
}

fn parse_color(s: &str) -> Result<Color> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(StoreError::Corrupt(format!("colour {other:?}"))),
    }
}

impl Store {
    /// Creates (or opens) the database at `path` and brings its schema up to date.
    pub fn create(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Sqlite(rusqlite::Error::SqliteFailure(
                    rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
                    Some(format!("cannot create {}: {e}", dir.display())),
                ))
            })?;
        }
        restrict_to_owner(path)?;
        let conn = Connection::open(path)?;
        refuse_newer(&conn)?;
        let mut store = Store { conn, relaxed: None, journal: SentJournal::beside(path), path: path.to_path_buf() };
        store.configure()?;
        store.migrate()?;
        // Made now, by whoever made the database, with its owner and mode.
        store.journal.open().map_err(|e| StoreError::Io(store.journal.path().to_path_buf(), e))?;
        Ok(store)
    }

    /// Opens an existing database made by `herald init`.
    pub fn open(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(StoreError::NoDatabase(path.to_path_buf()));
        }
        let conn = Connection::open(path)?;
        refuse_newer(&conn)?;
        let mut store = Store { conn, relaxed: None, journal: SentJournal::beside(path), path: path.to_path_buf() };
        store.configure()?;
        store.migrate()?;
        Ok(store)
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn configure(&mut self) -> Result<()> {
        configure(&self.conn, "FULL")
    }

    fn migrate(&mut self) -> Result<()> {
        let version = schema_version_of(&self.conn)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew { version, known: SCHEMA_VERSION });
        }
        for (i, sql) in schema::MIGRATIONS.iter().enumerate().skip(version) {
            let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            // Another process may have applied it while this one waited for the lock.
            let now: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
            if now as usize > i {
                continue;
            }
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Runs `f` in one `BEGIN IMMEDIATE` transaction, committed if `f` succeeds.
    pub fn write<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&Tx<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        write_on(&mut self.conn, f)
    }

    /// Like [`Store::write`], but the commit is durable against a crash of the process, not
    /// against a power cut (`synchronous=NORMAL`). Only for records whose loss costs a
    /// repeat, never a move: what became of an attempt to send a mail (losing it sends the
    /// mail again, with the same Message-ID). It runs on a second connection that is always
    /// relaxed, so that no setting is switched back and forth around each mail.
    pub fn write_relaxed<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&Tx<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        if self.relaxed.is_none() {
            let conn = Connection::open(&self.path).map_err(|e| E::from(StoreError::from(e)))?;
            configure(&conn, "NORMAL").map_err(E::from)?;
            self.relaxed = Some(conn);
        }
        write_on(self.relaxed.as_mut().expect("opened above"), f)
    }

    /// Notes that the relay accepted outbox row `id` (Message-ID `message_id`) at `now`, in
    /// the sent journal (see `store/sent_journal.rs`): as safe as a relaxed commit, and much
    /// cheaper, for the one record made for every mail sent. Only the holder of the send lock
    /// may call it, and it must call [`Store::settle_sent`] before it reads what is due from
    /// the start again.
    pub(crate) fn journal_sent(&mut self, id: i64, message_id: &str, now: Timestamp) -> Result<()> {
        self.journal.append(id, message_id, now).map_err(|e| StoreError::Io(self.journal.path().to_path_buf(), e))
    }

    /// Folds the sent journal into the outbox, in one relaxed commit, and empties it;
    /// returns how many notes it held. It first opens the journal for appending, so that a
    /// sender that could not note what it sends fails here, before sending anything. Only
    /// for the holder of the send lock.
    pub(crate) fn settle_sent(&mut self) -> Result<usize> {
        let io = |journal: &SentJournal, e| StoreError::Io(journal.path().to_path_buf(), e);
        self.journal.open().map_err(|e| io(&self.journal, e))?;
        let notes = self.journal.read().map_err(|e| io(&self.journal, e))?;
        if notes.is_empty() {
            return Ok(0);
        }
        self.write_relaxed(|tx| -> Result<()> {
            for note in &notes {
                tx.mark_sent(note.id, &note.message_id, note.at)?;
            }
            Ok(())
        })?;
        self.journal.clear().map_err(|e| io(&self.journal, e))?;
        Ok(notes.len())
    }

    /// The outbox rows noted in the sent journal and not yet folded in (after a sender died,
    /// or while one sends): the relay has them, though the outbox still says pending.
    pub fn sent_notes(&self) -> Result<Vec<i64>> {
        let notes = self.journal.read().map_err(|e| StoreError::Io(self.journal.path().to_path_buf(), e))?;
        Ok(notes.into_iter().map(|note| note.id).collect())
    }

    /// Hands the write-ahead log's checkpoints to the [`Checkpointer`] returned, until
    /// [`Store::resume_checkpoints`]: this connection's commits no longer copy the log into the
    /// database file themselves (SQLite does it in the commit that takes the log past 1,000
    /// pages: a copy and a sync of the database file that the committing thread waits for).
    /// The daemon's pass uses it so that the thread every mail waits for never checkpoints;
    /// its second thread does, while the next batch is handled.
    pub(crate) fn pause_checkpoints(&mut self) -> Result<Checkpointer> {
        let conn = Connection::open(&self.path)?;
        configure(&conn, "FULL")?;
        self.conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        Ok(Checkpointer { conn })
    }

    /// This connection's commits checkpoint the log again, as SQLite does by default.
    pub(crate) fn resume_checkpoints(&mut self) -> Result<()> {
        self.conn.pragma_update(None, "wal_autocheckpoint", 1000)?;
        Ok(())
    }

    /// Read-only access outside a write transaction.
    pub fn read<T>(&mut self, f: impl FnOnce(&Tx<'_>) -> Result<T>) -> Result<T> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
        let wrapped = Tx { tx };
        let value = f(&wrapped)?;
        wrapped.tx.commit()?;
        Ok(value)
    }
}

/// Makes the database file at `path` (creating it empty if it does not exist) readable and
/// writable by its owner only. It holds every secret of every game and the token key; SQLite
/// gives its `-wal` and `-shm` files the database's mode, and the sent journal takes it too.
/// An existing database that another user owns is left as it is (only its owner may change it).
fn restrict_to_owner(path: &Path) -> Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let io = |e: std::io::Error| StoreError::Io(path.to_path_buf(), e);
    match std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let mode = std::fs::metadata(path).map_err(io)?.permissions().mode();
            match std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o700)) {
                Err(e) if e.kind() != std::io::ErrorKind::PermissionDenied => Err(io(e)),
                _ => Ok(()),
            }
        }
        Err(e) => Err(io(e)),
    }
}

/// The schema version of a database (`PRAGMA user_version`: the migrations applied).
fn schema_version_of(conn: &Connection) -> Result<usize> {
    Ok(conn.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))?.max(0) as usize)
}

/// Refuses a database made by a newer herald before anything is set or written on it, so
/// that it stays exactly as it was.
fn refuse_newer(conn: &Connection) -> Result<()> {
    conn.busy_timeout(Duration::from_secs(10))?;
    match schema_version_of(conn)? {
        version if version > SCHEMA_VERSION => Err(StoreError::TooNew { version, known: SCHEMA_VERSION }),
        _ => Ok(()),
    }
}

/// Sets a connection up: WAL lets readers go on while one writer commits; `synchronous`
/// FULL makes a commit durable against a power cut, NORMAL only against a crash.
fn configure(conn: &Connection, synchronous: &str) -> Result<()> {
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", synchronous)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // A statement whose plan looked at a bound value (a join on the player's address, the
    // commitments of one game) is otherwise parsed and planned again at every run, a tenth of
    // a move mail's time. herald's queries are index lookups whose best plan does not depend
    // on the values, and it keeps no statistics, so each plan is made once.
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    // What a savepoint must be able to undo (each mail of a batch has one) is kept in memory
    // rather than written to a temporary file page by page.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    Ok(())
}

/// Copies the write-ahead log into the database file on a connection of its own, on another
/// thread than the store's, while the store writes (see [`Store::pause_checkpoints`]).
pub(crate) struct Checkpointer {
    conn: Connection,
}

impl Checkpointer {
    /// Copies what the log holds into the database file as far as no reader still needs the
    /// log, without waiting for any lock (a passive checkpoint: the writer goes on meanwhile),
    /// synced as a commit is: the log before the copy, the database file after it.
    pub(crate) fn checkpoint(&mut self) -> Result<()> {
        self.conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
        Ok(())
    }
}

/// Runs `f` in one `BEGIN IMMEDIATE` transaction on `conn`, committed if `f` succeeds.
fn write_on<T, E: From<StoreError>>(
    conn: &mut Connection,
    f: impl FnOnce(&Tx<'_>) -> std::result::Result<T, E>,
) -> std::result::Result<T, E> {
    let tx =
        conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| E::from(StoreError::from(e)))?;
    let wrapped = Tx { tx };
    let value = f(&wrapped)?;
    wrapped.tx.commit().map_err(|e| E::from(StoreError::from(e)))?;
    Ok(value)
}

/// An open transaction.
pub struct Tx<'a> {
    tx: rusqlite::Transaction<'a>,
}

impl Tx<'_> {
    /// Runs one statement, prepared once per connection: the same few statements run for
    /// every mail, and parsing their SQL each time would cost more than running them.
    fn exec(&self, sql: &str, params: impl rusqlite::Params) -> Result<usize> {
        Ok(self.tx.prepare_cached(sql)?.execute(params)?)
    }

    /// Runs `f` inside a savepoint of this transaction: what `f` wrote stays if it succeeds
    /// and is undone if it fails, leaving the rest of the transaction as it was. The daemon
    /// handles each mail of a batch this way.
    pub fn savepoint<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Tx<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        let sql = |statement: &str| self.tx.execute_batch(statement).map_err(|e| E::from(StoreError::from(e)));
        sql("SAVEPOINT one_mail")?;
        match f(self) {
            Ok(value) => {
                sql("RELEASE one_mail")?;
                Ok(value)
            }
            Err(e) => {
                sql("ROLLBACK TO one_mail")?;
                sql("RELEASE one_mail")?;
                Err(e)
            }
        }
    }

    /// A value of the referee's own settings.
    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self.tx.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0)).optional()?)
    }

    /// Sets a value of the referee's own settings.
    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.exec(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Store;

    /// While the checkpoints are paused, commits leave the log as it is, however long it
    /// grows, and the checkpointer copies it all; resumed, the commits checkpoint again.
    #[test]
    fn paused_checkpoints_are_the_checkpointer_s_until_resumed() {
        let dir = std::env::temp_dir().join(format!("herald-checkpoints-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut store = Store::create(&dir.join("herald.db")).unwrap();
        let autocheckpoint =
            |store: &Store| -> i64 { store.conn.pragma_query_value(None, "wal_autocheckpoint", |r| r.get(0)).unwrap() };
        let mut checkpointer = store.pause_checkpoints().unwrap();
        assert_eq!(autocheckpoint(&store), 0);
        // 6 MB in 1,500 pages: past the 1,000 at which a commit would copy the log itself.
        store.conn.execute_batch("CREATE TABLE filler (bytes BLOB)").unwrap();
        for _ in 0..6 {
            store.conn.execute("INSERT INTO filler VALUES (zeroblob(1000000))", []).unwrap();
        }
        let size = |file: &str| std::fs::metadata(dir.join(file)).unwrap().len();
        assert!(size("herald.db-wal") > 6_000_000, "the commits left the log as it was");
        assert!(size("herald.db") < 1_000_000, "and copied nothing of it");
        checkpointer.checkpoint().unwrap();
        assert!(size("herald.db") > 6_000_000, "the checkpointer copied the log");
        drop(checkpointer);
        store.resume_checkpoints().unwrap();
        assert_eq!(autocheckpoint(&store), 1_000);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
