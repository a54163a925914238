//! Sending rendered mail: SMTP (`smtp`), the local `sendmail` program (`sendmail`), or a
//! Maildir sink (`maildir`), each a module behind the one [`Transport`] trait.
//!
//! Every transport takes the message as the bytes [`crate::mail::compose::render`]
//! produced (stored in the outbox) and sends them unchanged, so a retry sends the same
//! mail. Failures are [`SendError`]s of one of three kinds:
//!
//! * [`SendErrorKind::Transient`]: try again later (a 4xx reply, a refused or lost
//!   connection, a timeout, sendmail's exit status 75).
//! * [`SendErrorKind::Permanent`]: this mail will fail the same way until someone changes
//!   it (a 5xx reply to its sender or recipients or data, a bad address).
//! * [`SendErrorKind::Setup`]: herald's own way to its server is refused, whatever the
//!   mail: its login (535), its TLS (a certificate no trusted CA vouches for, no
//!   STARTTLS), a program that cannot be run. Nothing is wrong with the mail, and every
//!   mail would fail alike until the operator fixes the configuration: the mails wait for
//!   that, and are never given up for it (see [`crate::service`]'s sender).
//!
//! # TLS roots
//!
//! SMTP over TLS verifies the server's certificate against the system's CA certificates
//! (`rustls-native-certs`: on Debian `/etc/ssl/certs`), read once when the transport is
//! built, and the certificates of `outgoing.transport.ca_file` besides them (a relay whose
//! certificate comes from the club's own or a private CA). rustls-native-certs also honours
//! `SSL_CERT_FILE` and `SSL_CERT_DIR`, which replace the system store rather than add to it:
//! `ca_file` is the setting to use.

mod maildir;
mod sendmail;
mod smtp;

use std::fmt;

use crate::config;

pub use maildir::MaildirSink;
pub use sendmail::Sendmail;
pub(crate) use smtp::is_loopback;
pub use smtp::{Smtp, SmtpLogin, SmtpSettings};

/// The envelope of one delivery: the SMTP `MAIL FROM` and `RCPT TO` addresses, which may
/// differ from the From and To fields of the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// The return path (where bounces go); empty for the null sender `<>`.
    pub from: String,
    /// The recipients; at least one.
    pub to: Vec<String>,
}

/// Whether a failed send is worth retrying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendErrorKind {
    /// Try again later; the mail may even have arrived (see [`Smtp`] on "incomplete
    /// response"), which the stable Message-ID makes harmless.
    Transient,
    /// Trying again fails the same way until the address or the message is changed.
    Permanent,
    /// The server refuses herald itself (its login, its TLS), not the mail: every mail would
    /// fail alike until the configuration is fixed.
    Setup,
}

impl fmt::Display for SendErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SendErrorKind::Transient => "transient",
            SendErrorKind::Permanent => "permanent",
            SendErrorKind::Setup => "configuration",
        })
    }
}

/// A failed send: its kind and a message for the operator (`herald outbox`, the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SendError {
    /// Retry or not.
    pub kind: SendErrorKind,
    /// What happened, naming the server or program.
    pub message: String,
}

impl SendError {
    /// A [`SendErrorKind::Transient`] error.
    pub fn transient(message: impl Into<String>) -> SendError {
        SendError { kind: SendErrorKind::Transient, message: message.into() }
    }

    /// A [`SendErrorKind::Permanent`] error.
    pub fn permanent(message: impl Into<String>) -> SendError {
        SendError { kind: SendErrorKind::Permanent, message: message.into() }
    }

    /// A [`SendErrorKind::Setup`] error.
    pub fn setup(message: impl Into<String>) -> SendError {
        SendError { kind: SendErrorKind::Setup, message: message.into() }
    }

    /// Whether the send should be retried later.
    pub fn is_transient(&self) -> bool {
        self.kind == SendErrorKind::Transient
    }
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} failure)", self.message, self.kind)
    }
}

impl std::error::Error for SendError {}

/// A way to send a rendered message.
pub trait Transport: Send + Sync {
    /// Sends `message` (the exact bytes of the mail, CRLF line endings) to the envelope's
    /// recipients. `Ok` means the next hop has taken responsibility for the mail.
    fn send(&self, envelope: &Envelope, message: &[u8]) -> Result<(), SendError>;

    /// Sends several mails in order, calling `done` with each mail's index and result as
    /// soon as it is known (so the caller can record it before the next mail's fate is
    /// decided); stops when `done` returns false. A transport may overlap one mail's final
    /// reply with the next mail's commands (SMTP pipelining); by default it sends one by one.
    fn send_each(&self, mails: &[(Envelope, &[u8])], done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool) {
        for (i, (envelope, message)) in mails.iter().enumerate() {
            if !done(i, self.send(envelope, message)) {
                return;
            }
        }
    }

    /// Checks that mail could leave now without sending any (`herald doctor`): for SMTP, a
    /// connection, its TLS and the login, then QUIT. By default there is nothing to check
    /// beyond what building the transport checked.
    fn check(&self) -> Result<(), SendError> {
        Ok(())
    }
}

/// Builds the configured transport. Reads the SMTP password from its environment variable
/// and the system's CA certificates now, so a configuration that cannot work fails at
/// start instead of at the first mail.
///
/// # Errors
///
/// A message naming the problem: a missing password variable (named), a user without
/// `password_env`, a password over plain text to a remote host, a missing sendmail
/// program.
pub fn from_config(config: &config::Transport) -> Result<Box<dyn Transport>, String> {
    Ok(match config {
        config::Transport::Smtp { .. } => Box::new(Smtp::new(SmtpSettings::from_config(config)?)?),
        config::Transport::Sendmail { command } => Box::new(Sendmail::new(command.clone())?),
        config::Transport::Maildir { path } => Box::new(MaildirSink::new(path.clone())),
    })
}
