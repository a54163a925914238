//! Backups and restores of the database, and the checks a copy must pass.
//!
//! A backup is one SQLite file made with SQLite's online backup API, which copies a
//! consistent snapshot while the daemon goes on reading and writing. It holds everything
//! herald needs to go on: every game with its secrets (crowns, seeds, nonces), the reply-token
//! key, the inbox and the outbox. What the sent journal beside the database
//! (`store::sent_journal`) says of the outbox is folded into the copy, so a restored herald does
//! not send again what was already sent: the journal is read before and after the snapshot,
//! and each note marks its row sent only where row and Message-ID match.
//!
//! A restore copies a checked backup into a database file that does not exist yet, through the
//! same API, and checks the result.

use std::fs::OpenOptions;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::sent_journal::SentJournal;
use super::{Result, SCHEMA_VERSION, SECRET_KEY, StoreError, Tx, configure, schema_version_of, write_on};

/// What a database or a backup holds, as far as a restore needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Its schema version (`PRAGMA user_version`).
    pub schema_version: usize,
    /// Its games.
    pub games: i64,
}

/// Makes a backup of the database at `database` in `to`, which must not exist; it is readable
/// and writable by its owner only. Consistent while the daemon runs.
pub fn backup(database: &Path, to: &Path) -> Result<Checked> {
    if !database.exists() {
        return Err(StoreError::NoDatabase(database.to_path_buf()));
    }
    let journal = SentJournal::beside(database);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e| StoreError::Io(path, e)
    };
    // Made first, empty and private, so the copy is never readable by others, not even for
    // an instant; the name says it is not finished until the rename.
    let partial = PathBuf::from(format!("{}.partial", to.display()));
    if to.exists() {
        return Err(StoreError::Io(to.to_path_buf(), std::io::Error::from(std::io::ErrorKind::AlreadyExists)));
    }
    let _ = std::fs::remove_file(&partial);
    OpenOptions::new().write(true).create_new(true).mode(0o600).open(&partial).map_err(io(&partial))?;
    let made = (|| -> Result<Checked> {
        let noted_before = journal.read().map_err(io(journal.path()))?;
        let source = Connection::open_with_flags(database, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        source.busy_timeout(Duration::from_secs(10))?;
        let mut copy = Connection::open(&partial)?;
        copy_all(&source, &mut copy)?;
        let noted_after = journal.read().map_err(io(journal.path()))?;
        // One self-contained file: no write-ahead log beside it.
        copy.pragma_update(None, "journal_mode", "DELETE")?;
        write_on(&mut copy, |tx: &Tx<'_>| -> Result<()> {
            for note in noted_before.iter().chain(&noted_after) {
                tx.mark_sent(note.id, &note.message_id, note.at)?;
            }
            Ok(())
        })?;
        let checked = check_connection(&copy)?;
        drop(copy);
        std::fs::File::open(&partial).and_then(|f| f.sync_all()).map_err(io(&partial))?;
        Ok(checked)
    })();
    match made {
        Ok(checked) => {
            std::fs::rename(&partial, to).map_err(io(to))?;
            Ok(checked)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// Copies every page of `source` into `target` in one step of SQLite's backup API: one
/// snapshot, never a mix of two states. While a writer holds a lock the step is tried again.
fn copy_all(source: &Connection, target: &mut Connection) -> Result<()> {
    use rusqlite::backup::{Backup, StepResult};
    let backup = Backup::new(source, target)?;
    for _ in 0..200 {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            StepResult::More | StepResult::Busy | StepResult::Locked => std::thread::sleep(Duration::from_millis(50)),
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
        Some("the database stayed locked for 10 s".into()),
    )))
}

/// Checks a backup (or any herald database) without changing it: SQLite's integrity check,
/// a schema this herald knows, the reply-token key.
pub fn check(path: &Path) -> Result<Checked> {
    if !path.is_file() {
        return Err(StoreError::NoDatabase(path.to_path_buf()));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    check_connection(&conn)
}

fn check_connection(conn: &Connection) -> Result<Checked> {
    let integrity = integrity(conn)?;
    if integrity != ["ok"] {
        return Err(StoreError::Corrupt(format!("SQLite's integrity check failed: {}", integrity.join("; "))));
    }
    let schema_version = schema_version_of(conn)?;
    if schema_version > SCHEMA_VERSION {
        return Err(StoreError::TooNew { version: schema_version, known: SCHEMA_VERSION });
    }
    if schema_version == 0 {
        return Err(StoreError::Corrupt("it holds no herald schema".into()));
    }
    let has_key: bool = conn.query_row("SELECT COUNT(*) FROM meta WHERE key = ?1", [SECRET_KEY], |r| r.get(0))?;
    if !has_key {
        return Err(StoreError::Corrupt("it holds no reply-token key".into()));
    }
    let games = conn.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
    Ok(Checked { schema_version, games })
}

/// What `PRAGMA integrity_check` says: `["ok"]`, or each problem it found.
pub(super) fn integrity(conn: &Connection) -> Result<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Restores the backup `from` as the database `database`, which must not exist (move an old
/// one aside first), and brings its schema up to date; `owner`, if given, gets the new file
/// when this process may give it (root restoring for the user the daemon runs as). The caller keeps every herald process
/// away meanwhile (the daemon's and the send lock).
pub fn restore(from: &Path, database: &Path, owner: Option<(u32, u32)>) -> Result<Checked> {
    check(from)?;
    let io = |e| StoreError::Io(database.to_path_buf(), e);
    OpenOptions::new().write(true).create_new(true).mode(0o600).open(database).map_err(io)?;
    let restored = (|| -> Result<()> {
        if let Some((uid, gid)) = owner {
            // Only root may give a file away; anyone else restores as themselves.
            match std::os::unix::fs::chown(database, Some(uid), Some(gid)) {
                Err(e) if e.kind() != std::io::ErrorKind::PermissionDenied => return Err(io(e)),
                _ => {}
            }
        }
        let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        let mut target = Connection::open(database)?;
        copy_all(&source, &mut target)?;
        configure(&target, "FULL")?;
        Ok(())
    })();
    if let Err(e) = restored {
        let _ = std::fs::remove_file(database);
        return Err(e);
    }
    // Opening migrates a backup made by an older herald.
    drop(super::Store::open(database)?);
    check(database)
}
