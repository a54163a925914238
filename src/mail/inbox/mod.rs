//! Where `herald serve` takes incoming mail from: a Maildir (`maildir`) or an IMAP mailbox
//! (`imap`), each a module behind the one [`Inbox`] trait, as the transports are behind
//! [`crate::mail::transport::Transport`].
//!
//! The daemon drives an inbox in the same four steps whatever its kind:
//!
//! 1. [`Inbox::waiting`]: what waits to be handled, oldest first;
//! 2. [`Inbox::fetch`]: the raw bytes of a batch of it;
//! 3. after the batch's transaction committed, [`Inbox::mark_handled`] for what was handled
//!    and [`Inbox::set_aside`] for what never can be;
//! 4. [`Inbox::wait`] until something new may have come, a deadline passes, or `stop` is
//!    raised.
//!
//! A mail leaves the waiting set only in step 3, after its commit: if herald dies in
//! between, the mail is fetched again at the next start and the inbox table's delivery key
//! makes its second handling a no-op. So an inbox never needs to remember anything itself.

pub mod imap;
pub mod maildir;

use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use imap::{ImapInbox, ImapSettings};
pub use maildir::MaildirInbox;

/// One waiting mail, as its inbox names it; only meaningful to the inbox that listed it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MailRef {
    /// A file in a Maildir's `new/`.
    File(PathBuf),
    /// A message in an IMAP folder: its UID, used only in the session that read it.
    Uid {
        /// The session that read it (a number unique in this process).
        session: u64,
        /// The folder's UIDVALIDITY when the UID was read.
        validity: u32,
        /// The message's UID.
        uid: u32,
    },
}

impl fmt::Display for MailRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MailRef::File(path) => write!(f, "{}", path.display()),
            MailRef::Uid { validity, uid, .. } => write!(f, "IMAP UID {uid} (UIDVALIDITY {validity})"),
        }
    }
}

/// Whether a failure of the inbox is worth trying again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InboxErrorKind {
    /// A lost connection, a timeout, a full disk: the daemon reconnects and tries again.
    Transient,
    /// Refused credentials, a folder that does not exist, a server that cannot do what
    /// herald needs: trying again fails the same way until the configuration changes.
    Permanent,
}

/// A failure of the inbox; the message names what was being done and never a password or
/// token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxError {
    /// Whether to try again.
    pub kind: InboxErrorKind,
    /// What went wrong.
    pub message: String,
}

impl InboxError {
    /// A failure that may pass.
    pub fn transient(message: impl Into<String>) -> InboxError {
        InboxError { kind: InboxErrorKind::Transient, message: message.into() }
    }

    /// A failure that will not pass by itself.
    pub fn permanent(message: impl Into<String>) -> InboxError {
        InboxError { kind: InboxErrorKind::Permanent, message: message.into() }
    }
}

impl fmt::Display for InboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InboxError {}

/// A place incoming mail waits in until the daemon has handled it.
pub trait Inbox: Send {
    /// The mails that wait to be handled, oldest first. Mails marked handled or set aside
    /// are not among them.
    fn waiting(&mut self) -> Result<Vec<MailRef>, InboxError>;

    /// The raw bytes of `mails`, each cut after `limit` + 1 bytes (enough to know that it is
    /// too large), in the order asked. A mail that is gone meanwhile (another client took
    /// it) is left out.
    fn fetch(&mut self, mails: &[MailRef], limit: usize) -> Result<Vec<(MailRef, Vec<u8>)>, InboxError>;

    /// Takes handled mails out of the waiting set. Called only after their transaction
    /// committed.
    fn mark_handled(&mut self, mails: &[MailRef]) -> Result<(), InboxError>;

    /// Takes mails that can never be handled out of the waiting set, so that they stand out
    /// to a person and cannot stop the daemon.
    fn set_aside(&mut self, mails: &[MailRef]) -> Result<(), InboxError>;

    /// Returns when new mail may have arrived, at `until`, or soon after `stop` is raised.
    fn wait(&mut self, until: Instant, stop: &AtomicBool) -> Result<(), InboxError>;

    /// Ends the session politely (IMAP LOGOUT); the next call opens a new one.
    fn close(&mut self) {}
}

/// The inbox `config` names, or `None` when it names none (pipe delivery only).
///
/// # Errors
///
/// A permanent error when the settings cannot be used (a password variable not set).
pub fn from_config(config: &crate::config::Inbox) -> Result<Option<Box<dyn Inbox>>, InboxError> {
    if let Some(imap) = &config.imap {
        let settings = ImapSettings::from_config(imap).map_err(InboxError::permanent)?;
        return Ok(Some(Box::new(ImapInbox::new(settings))));
    }
    match &config.maildir {
        Some(dir) => Ok(Some(Box::new(MaildirInbox::open(dir)?))),
        None => Ok(None),
    }
}
