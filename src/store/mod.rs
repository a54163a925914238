//! SQLite storage: the only place herald keeps state.
//!
//! The database runs in WAL mode with `synchronous=FULL`, so a commit survives a power cut,
//! and every change goes through [`Store::write`], one `BEGIN IMMEDIATE` transaction that
//! takes the write lock up front (a deferred transaction could fail half-way with "busy").
//! The referee's decisions ([`Effects`]) are written together with the inbox row of the mail
//! that caused them and the outbox rows of the mails they cause: a crash either keeps all of
//! it or none.

mod schema;
mod sent_journal;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::clock::Timestamp;
use crate::engine::Color;
use crate::referee::commitment::Commitment;
use crate::referee::records::{
    CommitmentRecord, DeadlineNotice, Effects, Event, GameRecord, GameResult, GameStatus, MoveRecord, Player, Verdict,
};
use sent_journal::SentJournal;

/// A storage failure.
#[derive(Debug)]
pub enum StoreError {
    /// SQLite said no.
    Sqlite(rusqlite::Error),
    /// The database has not been created with `herald init`.
    NotInitialised(PathBuf),
    /// A row holds something herald did not write.
    Corrupt(String),
    /// A file beside the database (the sent journal).
    Io(PathBuf, std::io::Error),
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
            StoreError::NotInitialised(_) | StoreError::Corrupt(_) => false,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "database: {e}"),
            StoreError::NotInitialised(p) => {
                write!(f, "{} is not a herald database; run `herald init` first", p.display())
            }
            StoreError::Corrupt(e) => write!(f, "database holds unexpected data: {e}"),
            StoreError::Io(path, e) => write!(f, "{}: {e}", path.display()),
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

/// One row of the outbox, for sending or listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    /// Row id.
    pub id: i64,
    /// The game, if any.
    pub game_id: Option<i64>,
    /// Message-ID.
    pub message_id: String,
    /// Envelope sender.
    pub envelope_from: String,
    /// Envelope recipient.
    pub recipient: String,
    /// The message.
    pub bytes: Vec<u8>,
    /// pending, sent or dead.
    pub status: String,
    /// Attempts so far.
    pub attempts: u32,
    /// When the next attempt is due.
    pub next_attempt_at: Timestamp,
    /// The last error, if an attempt failed.
    pub last_error: Option<String>,
}

/// What the inbox records of a mail besides its key and verdict.
#[derive(Clone, Copy, Debug, Default)]
pub struct InboxMail<'a> {
    /// The From address.
    pub sender: Option<&'a str>,
    /// The Subject.
    pub subject: &'a str,
    /// Its Message-ID.
    pub message_id: Option<&'a str>,
    /// The game it was about, if the referee found one.
    pub game_id: Option<i64>,
}

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEvent {
    /// Its number.
    pub id: i64,
    /// When.
    pub at: Timestamp,
    /// The game, if any.
    pub game_id: Option<i64>,
    /// What kind ([`Verdict`] names, and `created`, `unanswerable`, ...).
    pub kind: String,
    /// In words.
    pub detail: String,
}

/// A game's summary for listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub record: GameRecord,
    /// Moves played.
    pub plies: u32,
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
            return Err(StoreError::NotInitialised(path.to_path_buf()));
        }
        let conn = Connection::open(path)?;
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
        let version: usize = self.conn.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))? as usize;
        if version > schema::MIGRATIONS.len() {
            return Err(StoreError::Corrupt(format!(
                "schema version {version} is newer than this herald ({}); upgrade herald",
                schema::MIGRATIONS.len()
            )));
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

/// Sets a connection up: WAL lets readers go on while one writer commits; `synchronous`
/// FULL makes a commit durable against a power cut, NORMAL only against a crash.
fn configure(conn: &Connection, synchronous: &str) -> Result<()> {
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", synchronous)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
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

    /// True if a mail with this inbox key was handled before (see [`Tx::record_inbox`]).
    pub fn inbox_contains(&self, key: &str) -> Result<bool> {
        Ok(self
            .tx
            .prepare_cached("SELECT 1 FROM inbox WHERE dedupe_key = ?1")?
            .query_row([key], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// True if an earlier mail with this Message-ID was recorded under another inbox key: the
    /// Message-ID was reused (a forger's copy, or a mail program that gives every mail the
    /// same one).
    pub fn message_id_reused(&self, message_id: &str, key: &str) -> Result<bool> {
        Ok(self
            .tx
            .prepare_cached("SELECT 1 FROM inbox WHERE message_id = ?1 AND dedupe_key != ?2")?
            .query_row([message_id, key], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// True if a mail from `sender` that could not be verified or was too large was answered
    /// after `since` (such mails are recorded with the verdict [`Verdict::Unverified`] or
    /// [`Verdict::TooLarge`]; those not answered, with another).
    pub fn answered_outside_games_since(&self, sender: &str, since: Timestamp) -> Result<bool> {
        // The verdicts are written into the statement, not bound: SQLite uses the partial
        // index `inbox_answered_outside_games` only for a WHERE that repeats its own.
        let sql = format!(
            "SELECT 1 FROM inbox WHERE outcome IN ('{}', '{}')
               AND lower(sender) = lower(?1) AND received_at > ?2",
            Verdict::Unverified.as_str(),
            Verdict::TooLarge.as_str()
        );
        Ok(self.tx.prepare_cached(&sql)?.query_row(params![sender, ts(since)], |_| Ok(())).optional()?.is_some())
    }

    /// Records a handled mail under `key` (its delivery key, or for a mail whose sender was
    /// not verified, that key with `unverified:` before it: see the service); returns its row
    /// id.
    pub fn record_inbox(
        &self,
        key: &str,
        received_at: Timestamp,
        mail: InboxMail<'_>,
        verdict: Verdict,
    ) -> Result<i64> {
        self.exec(
            "INSERT INTO inbox (dedupe_key, received_at, sender, subject, game_id, outcome, message_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![key, ts(received_at), mail.sender, mail.subject, mail.game_id, verdict.as_str(), mail.message_id],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// The players' addresses of game `id`, without loading the game (whose stored state may
    /// be what cannot be read).
    pub fn players_of(&self, id: i64) -> Result<Option<(String, String)>> {
        Ok(self
            .tx
            .prepare_cached(
                "SELECT (SELECT email FROM players WHERE id = g.white_id), (SELECT email FROM players WHERE id = g.black_id)
                 FROM games g WHERE g.id = ?1",
            )?
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// The player's row, made or renamed only when needed: a game is saved after every
    /// mail, and rewriting an unchanged row would cost a page write each time.
    fn player_id(&self, player: &Player) -> Result<i64> {
        let found: Option<(i64, Option<String>)> = self
            .tx
            .prepare_cached("SELECT id, name FROM players WHERE email = ?1")?
            .query_row([&player.email], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        match found {
            Some((id, name)) => {
                if player.name.is_some() && player.name != name {
                    self.exec("UPDATE players SET name = ?2 WHERE id = ?1", params![id, player.name])?;
                }
                Ok(id)
            }
            None => {
                self.exec("INSERT INTO players (email, name) VALUES (?1, ?2)", params![player.email, player.name])?;
                Ok(self.tx.last_insert_rowid())
            }
        }
    }

    /// The number the next new game will get.
    pub fn next_game_id(&self) -> Result<i64> {
        Ok(self.tx.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM games", [], |r| r.get(0))?)
    }

    /// Stores a new game or the new state of an existing one.
    pub fn save_game(&self, game: &GameRecord) -> Result<()> {
        let white = self.player_id(&game.white)?;
        let black = self.player_id(&game.black)?;
        let result = game.result.as_ref();
        self.exec(
            "INSERT INTO games (id, variant, white_id, black_id, snapshot, status, result, reason, white_points,
                                black_points, draw_offer, created_at, updated_at, deadline, mail_seq, genesis, chain_head,
                                deadline_notices)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
             ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, status = excluded.status,
                result = excluded.result, reason = excluded.reason, white_points = excluded.white_points,
                black_points = excluded.black_points, draw_offer = excluded.draw_offer,
                updated_at = excluded.updated_at, deadline = excluded.deadline, mail_seq = excluded.mail_seq,
                genesis = excluded.genesis, chain_head = excluded.chain_head,
                deadline_notices = excluded.deadline_notices",
            params![
                game.id,
                game.variant,
                white,
                black,
                game.snapshot,
                game.status.as_str(),
                result.map(|r| r.score.as_str()),
                result.map(|r| r.reason.as_str()),
                result.map(|r| r.white_points),
                result.map(|r| r.black_points),
                game.draw_offer.map(color_name),
                ts(game.created_at),
                ts(game.updated_at),
                game.deadline.map(ts),
                game.mail_seq,
                game.genesis,
                game.chain_head,
                game.deadline_notices.number(),
            ],
        )?;
        for c in &game.commitments {
            let k = &c.commitment;
            self.exec(
                "INSERT INTO commitments (game_id, label, hash, value, nonce, revealed, revealed_ply)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                 ON CONFLICT (game_id, label) DO UPDATE SET revealed = excluded.revealed,
                    revealed_ply = excluded.revealed_ply",
                params![game.id, k.label, k.hash, k.value, k.nonce, c.revealed, c.revealed_at_ply],
            )?;
        }
        Ok(())
    }

    /// A game by number, with its commitments.
    pub fn game(&self, id: i64) -> Result<Option<GameRecord>> {
        let mut stmt = self.tx.prepare_cached(&format!("{GAME_SELECT} WHERE g.id = ?1"))?;
        let row = stmt.query_row([id], read_game_row).optional()?;
        let Some(mut game) = row.transpose()? else { return Ok(None) };
        game.commitments = self.commitments(id)?;
        Ok(Some(game))
    }

    fn commitments(&self, game_id: i64) -> Result<Vec<CommitmentRecord>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT label, hash, value, nonce, revealed, revealed_ply FROM commitments WHERE game_id = ?1
             ORDER BY label",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok(CommitmentRecord {
                commitment: Commitment {
                    game: game_id,
                    label: r.get(0)?,
                    hash: r.get(1)?,
                    value: r.get(2)?,
                    nonce: r.get(3)?,
                },
                revealed: r.get(4)?,
                revealed_at_ply: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// All games, newest first.
    pub fn games(&self) -> Result<Vec<GameSummary>> {
        let mut stmt = self.tx.prepare(&format!("{GAME_SELECT_WITH_PLIES} ORDER BY g.id DESC"))?;
        let rows = stmt.query_map([], |r| {
            let plies: u32 = r.get("plies")?;
            Ok(read_game_row(r)?.map(|record| GameSummary { record, plies }))
        })?;
        let mut games: Vec<GameSummary> = rows.map(|r| r.map_err(StoreError::from)?).collect::<Result<_>>()?;
        for g in &mut games {
            g.record.commitments = self.commitments(g.record.id)?;
        }
        Ok(games)
    }

    /// The moves of a game in order.
    pub fn moves(&self, game_id: i64) -> Result<Vec<MoveRecord>> {
        let mut stmt = self.tx.prepare(
            "SELECT ply, color, number, notation, played_at, prev_hash, hash, sealed FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, String>(6)?,
                r.get::<_, Option<String>>(7)?,
            ))
        })?;
        rows.map(|row| {
            let (ply, color, number, notation, played_at, prev_hash, hash, sealed) = row?;
            Ok(MoveRecord {
                ply,
                color: parse_color(&color)?,
                number,
                notation,
                sealed,
                played_at: from_ts(played_at),
                prev_hash,
                hash,
            })
        })
        .collect()
    }

    /// Writes everything a referee decision changes, with the mail that caused it; the mails
    /// it causes are queued, due now.
    pub fn apply(&self, effects: &Effects, envelope_from: &str, now: Timestamp, inbox_id: Option<i64>) -> Result<()> {
        if let Some(game) = &effects.game {
            self.save_game(game)?;
            for m in &effects.moves {
                self.exec(
                    "INSERT INTO moves (game_id, ply, color, number, notation, played_at, inbox_id, prev_hash, hash, sealed)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![
                        game.id,
                        m.ply,
                        color_name(m.color),
                        m.number,
                        m.notation,
                        ts(m.played_at),
                        inbox_id,
                        m.prev_hash,
                        m.hash,
                        m.sealed
                    ],
                )?;
            }
        }
        for mail in &effects.mails {
            self.exec(
                "INSERT INTO outbox (game_id, message_id, envelope_from, recipient, bytes, status, next_attempt_at, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?6)",
                params![mail.game_id, mail.message_id, envelope_from, mail.recipient, mail.bytes, ts(now)],
            )?;
        }
        for event in &effects.events {
            self.log(event, now)?;
        }
        Ok(())
    }

    /// Appends to the event log.
    pub fn log(&self, event: &Event, now: Timestamp) -> Result<()> {
        self.exec(
            "INSERT INTO events (at, game_id, kind, detail) VALUES (?1, ?2, ?3, ?4)",
            params![ts(now), event.game_id, event.kind, event.detail],
        )?;
        Ok(())
    }

    /// The newest `limit` events, oldest first; of one game only, with `game`.
    pub fn recent_events(&self, game: Option<i64>, limit: usize) -> Result<Vec<LoggedEvent>> {
        let mut stmt = self.tx.prepare(
            "SELECT id, at, game_id, kind, detail FROM
               (SELECT * FROM events WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id DESC LIMIT ?2)
             ORDER BY id",
        )?;
        let rows = stmt.query_map(params![game, limit as i64], |r| {
            Ok(LoggedEvent {
                id: r.get(0)?,
                at: from_ts(r.get(1)?),
                game_id: r.get(2)?,
                kind: r.get(3)?,
                detail: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The event log of a game (or of mails that belong to no game, for `None`).
    pub fn events(&self, game_id: Option<i64>) -> Result<Vec<(Timestamp, String, String)>> {
        let mut stmt = self.tx.prepare("SELECT at, kind, detail FROM events WHERE game_id IS ?1 ORDER BY id")?;
        let rows = stmt.query_map([game_id], |r| Ok((from_ts(r.get(0)?), r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The active games the clock may have something to say about: their deadline has
    /// passed by `now` and the player was not yet told so, or it falls before `remind_from`
    /// and the player was not yet reminded (see [`DeadlineNotice`]). Oldest deadline first. The outer `deadline <= ?2` (`remind_from` is
    /// never before `now`) lets the search use the index's deadline range.
    pub fn games_on_the_clock(&self, now: Timestamp, remind_from: Timestamp) -> Result<Vec<i64>> {
        let mut stmt = self.tx.prepare_cached(&format!(
            "SELECT id FROM games WHERE status = 'active' AND deadline <= ?2
               AND ((deadline <= ?1 AND deadline_notices < {told}) OR deadline_notices < {reminded})
             ORDER BY deadline, id",
            told = DeadlineNotice::ToldTimeIsUp.number(),
            reminded = DeadlineNotice::Reminded.number(),
        ))?;
        Ok(stmt.query_map([ts(now), ts(remind_from)], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?)
    }

    /// Up to `limit` mails due at `now` whose row ids are above `after`, oldest first. (A
    /// sender goes on from the last row it tried, so a mail it has sent but not yet folded
    /// into the outbox is not offered to it again.)
    pub fn due_mail(&self, now: Timestamp, after: i64, limit: usize) -> Result<Vec<OutboxRow>> {
        let mut stmt = self.tx.prepare_cached(&format!(
            "{OUTBOX_SELECT} WHERE status = 'pending' AND next_attempt_at <= ?1 AND id > ?2 ORDER BY id LIMIT ?3"
        ))?;
        Ok(stmt.query_map(params![ts(now), after, limit as i64], read_outbox_row)?.collect::<rusqlite::Result<_>>()?)
    }

    /// Records that the mail of row `id` with Message-ID `message_id` was sent; recording it
    /// again changes nothing.
    pub fn mark_sent(&self, id: i64, message_id: &str, now: Timestamp) -> Result<()> {
        self.exec(
            "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, last_error = NULL
             WHERE id = ?1 AND message_id = ?3 AND status = 'pending'",
            params![id, ts(now), message_id],
        )?;
        Ok(())
    }

    /// Records a failed attempt: retried at `retry_at`, or a dead letter when `None`.
    pub fn mark_failed(&self, id: i64, error: &str, retry_at: Option<Timestamp>) -> Result<()> {
        match retry_at {
            Some(at) => self.exec(
                "UPDATE outbox SET status = 'pending', next_attempt_at = ?2, attempts = attempts + 1, last_error = ?3
                 WHERE id = ?1",
                params![id, ts(at), error],
            )?,
            None => self.exec(
                "UPDATE outbox SET status = 'dead', attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
                params![id, error],
            )?,
        };
        Ok(())
    }

    /// The outbox, newest first, optionally only the rows not yet sent.
    pub fn outbox(&self, unsent_only: bool) -> Result<Vec<OutboxRow>> {
        let filter = if unsent_only { "WHERE status != 'sent'" } else { "" };
        let mut stmt = self.tx.prepare(&format!("{OUTBOX_SELECT} {filter} ORDER BY id DESC"))?;
        Ok(stmt.query_map([], read_outbox_row)?.collect::<rusqlite::Result<_>>()?)
    }

    /// Number of outbox rows in each status.
    pub fn outbox_counts(&self) -> Result<Vec<(String, i64)>> {
        let mut stmt = self.tx.prepare("SELECT status, COUNT(*) FROM outbox GROUP BY status ORDER BY status")?;
        Ok(stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?)
    }
}

/// One game by id, with its players. The players come from scalar subqueries, not a join:
/// SQLite recompiles a join whose WHERE names a bound parameter at every run, and this
/// query runs for every mail.
const GAME_SELECT: &str = "SELECT g.id, g.variant,
        (SELECT email FROM players WHERE id = g.white_id) AS white_email,
        (SELECT name FROM players WHERE id = g.white_id) AS white_name,
        (SELECT email FROM players WHERE id = g.black_id) AS black_email,
        (SELECT name FROM players WHERE id = g.black_id) AS black_name,
        g.snapshot, g.status, g.result, g.reason, g.white_points, g.black_points, g.draw_offer,
        g.created_at, g.updated_at, g.deadline, g.mail_seq, g.genesis, g.chain_head,
        g.deadline_notices
    FROM games g";

const GAME_SELECT_WITH_PLIES: &str = "SELECT g.id, g.variant, w.email AS white_email, w.name AS white_name,
        b.email AS black_email, b.name AS black_name, g.snapshot, g.status, g.result, g.reason, g.white_points,
        g.black_points, g.draw_offer, g.created_at, g.updated_at, g.deadline, g.mail_seq, g.genesis, g.chain_head,
        g.deadline_notices, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies
    FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id";

const OUTBOX_SELECT: &str = "SELECT id, game_id, message_id, envelope_from, recipient, bytes, status, attempts,
        next_attempt_at, last_error FROM outbox";

fn read_outbox_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OutboxRow> {
    Ok(OutboxRow {
        id: r.get(0)?,
        game_id: r.get(1)?,
        message_id: r.get(2)?,
        envelope_from: r.get(3)?,
        recipient: r.get(4)?,
        bytes: r.get(5)?,
        status: r.get(6)?,
        attempts: r.get(7)?,
        next_attempt_at: from_ts(r.get(8)?),
        last_error: r.get(9)?,
    })
}

fn read_game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<GameRecord>> {
    let status: String = r.get("status")?;
    let draw_offer: Option<String> = r.get("draw_offer")?;
    let score: Option<String> = r.get("result")?;
    let result = match score {
        Some(score) => Some(GameResult {
            score,
            reason: r.get::<_, Option<String>>("reason")?.unwrap_or_default(),
            white_points: r.get::<_, Option<u16>>("white_points")?.unwrap_or(0),
            black_points: r.get::<_, Option<u16>>("black_points")?.unwrap_or(0),
        }),
        None => None,
    };
    let record = (|| -> Result<GameRecord> {
        Ok(GameRecord {
            id: r.get("id")?,
            variant: r.get("variant")?,
            white: Player { email: r.get("white_email")?, name: r.get("white_name")? },
            black: Player { email: r.get("black_email")?, name: r.get("black_name")? },
            snapshot: r.get("snapshot")?,
            status: GameStatus::parse(&status).ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
            result,
            draw_offer: draw_offer.as_deref().map(parse_color).transpose()?,
            created_at: from_ts(r.get("created_at")?),
            updated_at: from_ts(r.get("updated_at")?),
            deadline: r.get::<_, Option<i64>>("deadline")?.map(from_ts),
            deadline_notices: {
                let number: u8 = r.get("deadline_notices")?;
                DeadlineNotice::from_number(number)
                    .ok_or_else(|| StoreError::Corrupt(format!("deadline notices {number}")))?
            },
            mail_seq: r.get("mail_seq")?,
            commitments: Vec::new(),
            genesis: r.get("genesis")?,
            chain_head: r.get("chain_head")?,
        })
    })();
    Ok(record)
}
