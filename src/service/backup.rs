//! `herald backup` and `herald restore`: the store makes and checks the copies
//! (`store::backup`); here, the locks that keep herald's processes away from a restore.

use std::os::unix::fs::MetadataExt;
use std::path::Path;

use super::ServiceError;
use super::locks::{SendLock, daemon_running, lock_database};
use crate::config::Config;
use crate::store::backup::{self, Checked};

/// Writes a backup of the club's database to `to` (which must not exist), readable by its
/// owner only; consistent while the daemon runs.
pub fn backup(config: &Config, to: &Path) -> Result<Checked, ServiceError> {
    if to.exists() {
        return Err(ServiceError::Usage(format!(
            "{} exists already: herald never writes a backup over a file; give a new name",
            to.display()
        )));
    }
    let folder = to.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(ServiceError::Usage(format!(
            "the folder {} does not exist: make it first (mkdir -p {}), or give a file in a folder that does",
            folder.display(),
            folder.display()
        )));
    }
    Ok(backup::backup(&config.database, to)?)
}

/// Restores the backup `from` as the club's database, which must not exist. The daemon must
/// be stopped; while the restore runs, no daemon can start and no `herald ingest` sends (a
/// mail piped in meanwhile finds no database and stays with the mail server, which retries).
/// As root, the new file goes to the owner of its directory (the user herald runs as).
pub fn restore(config: &Config, from: &Path) -> Result<Checked, ServiceError> {
    let database = &config.database;
    if daemon_running(database)? {
        return Err(ServiceError::Usage(format!(
            "herald serve is running on {}: stop it first (systemctl stop herald), then restore",
            database.display()
        )));
    }
    if database.exists() {
        return Err(ServiceError::Usage(format!(
            "{} exists: move it aside first (with its -wal, -shm and .sent files, if any), and keep it until the \
             restored herald runs well",
            database.display()
        )));
    }
    let directory = database.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(directory).map_err(|e| ServiceError::Io(format!("creating {}", directory.display()), e))?;
    let _daemon = lock_database(database)?;
    let Some(_sending) = SendLock::try_take(database)? else {
        return Err(ServiceError::Usage("a herald command is sending mail from this database; try again".into()));
    };
    let owner = std::fs::metadata(directory).ok().map(|m| (m.uid(), m.gid()));
    Ok(backup::restore(from, database, owner)?)
}
