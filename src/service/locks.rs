//! Lock files beside the database: one daemon per database, and one sender at a time.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{SEND_LOCK_WAIT, Service, ServiceError};

impl Service {
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
    pub(super) fn try_take(database: &Path) -> Result<Option<SendLock>, ServiceError> {
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
pub(super) fn daemon_running(database: &Path) -> Result<bool, ServiceError> {
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
