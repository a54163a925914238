//! The sent journal: a file beside the database (`<database>.sent`) where the sender notes
//! each mail the relay has accepted, one line per mail, the moment the relay says so.
//!
//! Why a file and not a commit: the note must survive a crash of the process, so that the
//! mail is not sent twice, and it is needed once per mail sent. A line appended with one
//! `write` is in the kernel as soon as the call returns, so it survives a crash of the
//! process exactly as a `synchronous=NORMAL` commit does, at a tenth of the cost. Neither
//! survives every power cut; losing a note only sends that mail again, with its Message-ID.
//!
//! The journal is folded into the outbox ([`super::Store::settle_sent`]) in one commit when a
//! send ends (for the daemon, at the end of its pass), and before any sender reads what is
//! due from the start again, so the outbox never offers a journaled mail again. Meanwhile a
//! sender goes on from the last row it tried. Only the holder of the send lock writes or
//! folds the journal. Folding twice is harmless (a mail already marked sent is left alone),
//! so a crash between the fold's commit and emptying the file costs nothing. Each note
//! carries the mail's Message-ID as well as its row, so a journal left beside a database
//! restored from a backup marks nothing it should not.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::clock::Timestamp;

/// The journal of one database.
pub(super) struct SentJournal {
    path: PathBuf,
    database: PathBuf,
    /// Opened for appending at the first note.
    file: Option<File>,
}

/// One note: the outbox row, its Message-ID (so that a journal left beside a database
/// restored from a backup cannot mark another mail of the same row number as sent), and
/// when the relay took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Note {
    pub(super) id: i64,
    pub(super) message_id: String,
    pub(super) at: Timestamp,
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

    /// Opens the journal for appending, once: a sender calls it before it sends anything, so
    /// that a journal it cannot write stops it before a mail goes out, not after.
    pub(super) fn open(&mut self) -> io::Result<()> {
        if self.file.is_none() {
            self.file = Some(self.open_for_appending()?);
        }
        Ok(())
    }

    /// Notes that outbox row `id`, Message-ID `message_id`, was accepted at `at`: one
    /// `write` of one line.
    pub(super) fn append(&mut self, id: i64, message_id: &str, at: Timestamp) -> io::Result<()> {
        self.open()?;
        let line = format!("{id} {} {message_id}\n", at.as_second());
        self.file.as_mut().expect("opened above").write_all(line.as_bytes())
    }

    /// Opens the journal, making it if need be with the database file's owner and mode, as
    /// SQLite makes its `-wal` and `-shm` files: the mail server's `herald ingest` and an
    /// administrator's `herald serve --once` may run as different users, and each must be
    /// able to write what the other made. Only root can give a file to another user; anyone
    /// may give it to a group they are in, which is how a group-writable database is shared.
    /// A journal whose last line was cut short (by a power cut) gets its line ended first,
    /// so the next note cannot be read as the end of the torn one.
    fn open_for_appending(&self) -> io::Result<File> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        match OpenOptions::new().create_new(true).append(true).open(&self.path) {
            Ok(file) => {
                if let Ok(database) = std::fs::metadata(&self.database) {
                    if std::os::unix::fs::fchown(&file, Some(database.uid()), Some(database.gid())).is_err() {
                        let _ = std::os::unix::fs::fchown(&file, None, Some(database.gid()));
                    }
                    file.set_permissions(std::fs::Permissions::from_mode(database.mode() & 0o666))?;
                }
                Ok(file)
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                let mut file = OpenOptions::new().read(true).append(true).open(&self.path)?;
                let length = file.metadata()?.len();
                if length > 0 {
                    let mut last = [0u8];
                    file.seek(SeekFrom::Start(length - 1))?;
                    file.read_exact(&mut last)?;
                    if last[0] != b'\n' {
                        file.write_all(b"\n")?;
                    }
                }
                Ok(file)
            }
            Err(e) => Err(e),
        }
    }

    /// The notes, in order. A line that is not whole (cut short by a power cut) is skipped:
    /// at worst its mail is sent again.
    pub(super) fn read(&self) -> io::Result<Vec<Note>> {
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

fn parse_line(line: &str) -> Option<Note> {
    let mut fields = line.strip_suffix('\n')?.split(' ');
    let (id, at, message_id) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() || message_id.is_empty() {
        return None;
    }
    let at = Timestamp::from_second(at.parse().ok()?).ok()?;
    Some(Note { id: id.parse().ok()?, message_id: message_id.to_string(), at })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_read_back_in_order_and_a_torn_line_never_joins_the_next() {
        let dir = std::env::temp_dir().join(format!("herald-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let database = dir.join("herald.db");
        let mut journal = SentJournal::beside(&database);
        assert_eq!(journal.read().unwrap(), []);
        let t = Timestamp::from_second(1_700_000_000).unwrap();
        let note = |id: i64, message_id: &str| Note { id, message_id: message_id.into(), at: t };
        journal.append(7, "a@x", t).unwrap();
        journal.append(9, "b@x", t).unwrap();
        // A power cut in the middle of a line; then another process opens the journal.
        std::fs::OpenOptions::new().append(true).open(journal.path()).unwrap().write_all(b"12 17000").unwrap();
        assert_eq!(journal.read().unwrap(), [note(7, "a@x"), note(9, "b@x")]);
        let mut next = SentJournal::beside(&database);
        next.append(3, "c@x", t).unwrap();
        // "12 17000" + "3 ..." must not read as a note for row 123.
        assert_eq!(next.read().unwrap(), [note(7, "a@x"), note(9, "b@x"), note(3, "c@x")]);
        next.clear().unwrap();
        assert_eq!(next.read().unwrap(), []);
        // Appending goes on after a clear (the file is opened for appending, so the next
        // line lands at the new end, not where the old one stopped).
        next.append(10, "d@x", t).unwrap();
        assert_eq!(next.read().unwrap(), [note(10, "d@x")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
