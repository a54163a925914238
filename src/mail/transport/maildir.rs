//! The Maildir sink: each mail written into a Maildir per recipient instead of being sent,
//! through the one Maildir writer ([`crate::mail::maildir::Maildir::deliver`]) the inbox uses
//! too.

use std::path::PathBuf;

use super::{Envelope, SendError, Transport};
use crate::mail::maildir::Maildir;

/// Writing each mail into a Maildir per recipient, `PATH/<recipient address>/`, instead of
/// sending it: for trying herald out, demos and tests. Delivery follows the Maildir protocol
/// (see [`Maildir::deliver`]): a reader never sees a partial mail, even after a crash; files
/// are mode 0600 and directories 0700, since the mails carry the players' reply tokens.
///
/// A recipient address that cannot be a directory name (empty, containing `/`, starting
/// with `.`) is a permanent error.
pub struct MaildirSink {
    root: PathBuf,
}

impl MaildirSink {
    /// A sink writing under `root`, which is created when the first mail arrives.
    pub fn new(root: PathBuf) -> MaildirSink {
        MaildirSink { root }
    }

    /// The Maildir of `recipient` (it exists once a mail has been delivered there).
    pub fn maildir(&self, recipient: &str) -> PathBuf {
        self.root.join(recipient)
    }
}

impl Transport for MaildirSink {
    fn send(&self, envelope: &Envelope, message: &[u8]) -> Result<(), SendError> {
        if envelope.to.is_empty() {
            return Err(SendError::permanent("no recipients"));
        }
        for recipient in &envelope.to {
            check_recipient_dir_name(recipient)?;
        }
        for recipient in &envelope.to {
            let dir = self.maildir(recipient);
            Maildir::create(&dir).and_then(|maildir| maildir.deliver(message)).map_err(|e| {
                SendError::transient(format!("writing a mail for {recipient} into {}: {e}", dir.display()))
            })?;
        }
        Ok(())
    }
}

fn check_recipient_dir_name(recipient: &str) -> Result<(), SendError> {
    let ok = !recipient.is_empty()
        && recipient.len() <= 255
        && recipient.contains('@')
        && !recipient.starts_with('.')
        && !recipient.contains(['/', '\0']);
    if ok { Ok(()) } else { Err(SendError::permanent(format!("recipient {recipient:?} cannot be a Maildir name"))) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::transport::SendErrorKind;

    #[test]
    fn hostile_recipients_are_no_directory_names() {
        for bad in ["", "../x@y", ".x@y", "a/b@y", "nobody"] {
            assert_eq!(check_recipient_dir_name(bad).unwrap_err().kind, SendErrorKind::Permanent, "{bad}");
        }
        check_recipient_dir_name("u1@players.test").unwrap();
    }
}
