//! A Maildir as the inbox: what waits is `new/`; a handled mail moves to `cur/` seen, a mail
//! set aside to `cur/` flagged and unseen. Waiting is polling: nothing tells a reader that a
//! file arrived.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Inbox, InboxError, MailRef};
use crate::mail::maildir::Maildir;

/// The Maildir inbox.
pub struct MaildirInbox {
    maildir: Maildir,
}

impl MaildirInbox {
    /// Opens (creating if missing) the Maildir at `dir`.
    ///
    /// # Errors
    ///
    /// A transient error when the folders cannot be made.
    pub fn open(dir: &Path) -> Result<MaildirInbox, InboxError> {
        let maildir = Maildir::create(dir).map_err(|e| io_error("opening", dir, &e))?;
        Ok(MaildirInbox { maildir })
    }
}

impl Inbox for MaildirInbox {
    fn waiting(&mut self) -> Result<Vec<MailRef>, InboxError> {
        let paths = self.maildir.new_mail().map_err(|e| io_error("reading", self.maildir.root(), &e))?;
        Ok(paths.into_iter().map(MailRef::File).collect())
    }

    fn fetch(&mut self, mails: &[MailRef], limit: usize) -> Result<Vec<(MailRef, Vec<u8>)>, InboxError> {
        let mut out = Vec::with_capacity(mails.len());
        for mail in mails {
            let path = file(mail)?;
            match read_capped(path, limit) {
                Ok(raw) => out.push((mail.clone(), raw)),
                // Someone else took it (a second reader, a person tidying up).
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io_error("reading", path, &e)),
            }
        }
        Ok(out)
    }

    fn mark_handled(&mut self, mails: &[MailRef]) -> Result<(), InboxError> {
        for mail in mails {
            let path = file(mail)?;
            self.maildir.mark_seen(path).map_err(|e| io_error("moving", path, &e))?;
        }
        Ok(())
    }

    fn set_aside(&mut self, mails: &[MailRef]) -> Result<(), InboxError> {
        for mail in mails {
            let path = file(mail)?;
            self.maildir.set_aside(path).map_err(|e| io_error("moving", path, &e))?;
        }
        Ok(())
    }

    fn wait(&mut self, until: Instant, stop: &AtomicBool) -> Result<(), InboxError> {
        while Instant::now() < until && !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100).min(until.saturating_duration_since(Instant::now())));
        }
        Ok(())
    }
}

fn file(mail: &MailRef) -> Result<&Path, InboxError> {
    match mail {
        MailRef::File(path) => Ok(path),
        other => Err(InboxError::permanent(format!("{other} is not a mail of a Maildir"))),
    }
}

fn io_error(doing: &str, path: &Path, e: &std::io::Error) -> InboxError {
    InboxError::transient(format!("{doing} {}: {e}", path.display()))
}

/// Reads a file, but no more than one byte past `limit` (enough to know it is too large).
fn read_capped(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
