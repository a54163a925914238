//! The sent journal: a file beside the database (`<database>.sent`) where the sender notes
//! each mail the relay has accepted, one line per mail, the moment the relay says so.
//!
//! Why a file and not a commit: the note must survive a crash of the process, so that the
//! mail is not sent twice, and it is needed once per mail sent. A line appended with one
//! `write` is in the kernel as soon as the call returns, so it survives a crash of the
//! process exactly as a `synchronous=NORMAL` commit does, at a tenth of the cost. Neither
//! survives every power cut; losing a note only sends that mail again, with its Message-ID.
//!
//! The journal is folded into the outbox ([`super::Store::settle_sent`]) in one commit at the
//! end of each round of sending, and before any sender reads what is due, so the outbox
//! never offers a journaled mail again. Only the holder of the send lock writes or folds it.
//! Folding twice is harmless (a mail already marked sent is left alone), so a crash between
//! the fold's commit and emptying the file costs nothing.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::clock::Timestamp;

/// The journal of one database.
pub(super) struct SentJournal {
    path: PathBuf,
    database: PathBuf,
    /// Opened for appending at the first note.
    file: Option<File>,
}

impl SentJournal {
    pub(super) fn beside(database: &Path) -> SentJournal {
        SentJournal {
            path: PathBuf::from(format!("{}.sent", database.display())),
            database: database.to_path_buf(),
            file: None,
        }
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Notes that outbox row `id` was accepted at `at`: one `write` of one line.
    pub(super) fn append(&mut self, id: i64, at: Timestamp) -> io::Result<()> {
        if self.file.is_none() {
            self.file = Some(self.open_for_appending()?);
        }
        let line = format!("{id} {}\n", at.as_second());
        self.file.as_mut().expect("opened above").write_all(line.as_bytes())
    }

    /// Opens the journal, making it if need be with the database file's owner and mode, as
    /// SQLite makes its `-wal` and `-shm` files: the mail server's `herald ingest` and an
    /// administrator's `herald serve --once` may run as different users, and each must be
    /// able to write what the other made. (Only root can give a file away; anyone else makes
    /// it their own, and then is the database's owner too, or could not write it either.)
    fn open_for_appending(&self) -> io::Result<File> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        match OpenOptions::new().create_new(true).append(true).open(&self.path) {
            Ok(file) => {
                if let Ok(database) = std::fs::metadata(&self.database) {
                    let _ = std::os::unix::fs::fchown(&file, Some(database.uid()), Some(database.gid()));
                    file.set_permissions(std::fs::Permissions::from_mode(database.mode() & 0o666))?;
                }
                Ok(file)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => OpenOptions::new().append(true).open(&self.path),
            Err(e) => Err(e),
        }
    }

    /// The notes, in order. A line that is not whole (cut short by a power cut) is skipped:
    /// at worst its mail is sent again.
    pub(super) fn read(&self) -> io::Result<Vec<(i64, Timestamp)>> {
        let mut text = String::new();
        match File::open(&self.path) {
            Ok(mut file) => file.read_to_string(&mut text).map(|_| ())?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        Ok(text.split_inclusive('\n').filter_map(parse_line).collect())
    }

    /// Empties the journal once its notes are in the outbox.
    pub(super) fn clear(&mut self) -> io::Result<()> {
        match &self.file {
            Some(file) => file.set_len(0),
            None => match OpenOptions::new().write(true).open(&self.path) {
                Ok(file) => file.set_len(0),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(e),
            },
        }
    }
}

fn parse_line(line: &str) -> Option<(i64, Timestamp)> {
    let (id, at) = line.strip_suffix('\n')?.split_once(' ')?;
    Some((id.parse().ok()?, Timestamp::from_second(at.parse().ok()?).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_read_back_in_order_and_a_torn_last_line_is_skipped() {
        let dir = std::env::temp_dir().join(format!("herald-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let database = dir.join("herald.db");
        let mut journal = SentJournal::beside(&database);
        assert_eq!(journal.read().unwrap(), []);
        let t = Timestamp::from_second(1_700_000_000).unwrap();
        journal.append(7, t).unwrap();
        journal.append(9, t).unwrap();
        // A power cut in the middle of a line.
        std::fs::OpenOptions::new().append(true).open(journal.path()).unwrap().write_all(b"12 17000").unwrap();
        assert_eq!(journal.read().unwrap(), [(7, t), (9, t)]);
        journal.clear().unwrap();
        assert_eq!(journal.read().unwrap(), []);
        // Appending goes on after a clear (the file is opened for appending, so the next
        // line lands at the new end, not where the old one stopped).
        journal.append(10, t).unwrap();
        assert_eq!(journal.read().unwrap(), [(10, t)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
