//! Sending rendered mail: SMTP, the local `sendmail` program, or a Maildir sink.
//!
//! Every transport takes the message as the bytes [`crate::mail::compose::render`]
//! produced (stored in the outbox) and sends them unchanged, so a retry sends the same
//! mail. Failures are [`SendError`]s of one of two kinds:
//!
//! * [`SendErrorKind::Transient`]: try again later (a 4xx reply, a refused or lost
//!   connection, a timeout, sendmail's exit status 75).
//! * [`SendErrorKind::Permanent`]: trying again will fail the same way until someone
//!   changes something (a 5xx reply, a bad address, a TLS or authentication problem, a
//!   missing program). Configuration errors belong here too: every mail fails with them
//!   until the configuration is fixed.
//!
//! # TLS roots
//!
//! SMTP over TLS verifies the server's certificate against the system's CA certificates
//! (`rustls-native-certs`: on Debian `/etc/ssl/certs`), read once when the transport is
//! built. rustls-native-certs honours `SSL_CERT_FILE` and `SSL_CERT_DIR`: when either is
//! set, the certificates are read from there *instead of* the system store, which is how a
//! club whose relay has a certificate from a private CA makes herald trust it. Tests add a
//! root with [`SmtpSettings::extra_root_pem`] instead, which changes no process state.

use std::error::Error as _;
use std::fmt;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, MailBodyParameter, MailParameter};

use crate::config::{self, TlsMode};
use crate::mail::maildir::unique_name;

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
    /// Trying again fails the same way until the address, the message or the configuration
    /// is changed.
    Permanent,
}

impl fmt::Display for SendErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SendErrorKind::Transient => "transient",
            SendErrorKind::Permanent => "permanent",
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

// ---------------------------------------------------------------------------
// SMTP

/// Everything [`Smtp::new`] needs: the `smtp` section of the configuration with the
/// password read and the defaults filled in.
#[derive(Clone)]
pub struct SmtpSettings {
    /// Host name or IP address; also the name the TLS certificate must match.
    pub host: String,
    /// Port.
    pub port: u16,
    /// TLS mode.
    pub tls: TlsMode,
    /// User name and password, if the server wants authentication.
    pub credentials: Option<(String, String)>,
    /// Limit for connecting and for each read or write (lettre applies it to the socket).
    pub timeout: Duration,
    /// Further root certificates (PEM, one or more each) trusted besides the system's:
    /// for tests with a private CA. Not in the configuration file; operators use
    /// `SSL_CERT_FILE` (see the module documentation).
    pub extra_root_pem: Vec<Vec<u8>>,
}

impl fmt::Debug for SmtpSettings {
    /// Everything but the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.credentials.as_ref().map(|(user, _)| user))
            .field("timeout", &self.timeout)
            .field("extra_root_pem", &self.extra_root_pem.len())
            .finish()
    }
}

impl SmtpSettings {
    /// The settings of an `smtp` transport; the password is read from the environment
    /// variable named by `password_env`.
    ///
    /// # Errors
    ///
    /// When `config` is not `smtp`, when `user` is set without `password_env`, or when the
    /// variable is not set (the message names it).
    pub fn from_config(config: &config::Transport) -> Result<SmtpSettings, String> {
        let config::Transport::Smtp { host, port, tls, user, password_env, timeout_seconds } = config else {
            return Err("outgoing.transport is not an smtp transport".to_owned());
        };
        let credentials = match (user, password_env) {
            (None, None) => None,
            (Some(user), Some(var)) => match std::env::var(var) {
                Ok(password) => Some((user.clone(), password)),
                Err(std::env::VarError::NotPresent) => {
                    return Err(format!(
                        "the environment variable {var} (outgoing.transport.password_env) is not set: \
                         it must hold the SMTP password of {user}"
                    ));
                }
                Err(std::env::VarError::NotUnicode(_)) => {
                    return Err(format!(
                        "the environment variable {var} (outgoing.transport.password_env) is not valid UTF-8"
                    ));
                }
            },
            (Some(user), None) => {
                return Err(format!(
                    "outgoing.transport.user is {user:?} but password_env is not set: name the environment \
                     variable that holds the password"
                ));
            }
            (None, Some(var)) => {
                return Err(format!("outgoing.transport.password_env {var:?} is set but user is not"));
            }
        };
        let port = port.unwrap_or(match tls {
            TlsMode::None => 25,
            TlsMode::Starttls => 587,
            TlsMode::Tls => 465,
        });
        Ok(SmtpSettings {
            host: host.clone(),
            port,
            tls: *tls,
            credentials,
            // Zero would mean "fail at once" to the socket; one second is the least useful.
            timeout: Duration::from_secs((*timeout_seconds).max(1)),
            extra_root_pem: Vec::new(),
        })
    }
}

/// Sending through an SMTP server with lettre: plain (`tls: none`, a server on the same
/// machine), STARTTLS required (never a downgrade to plain text when the server does not
/// offer it), or implicit TLS. A connection is kept for the next mail (see below).
///
/// Errors are classified as follows:
///
/// * a 4xx reply → transient, a 5xx reply → permanent (RFC 5321 §4.2.1);
/// * a refused, reset or timed-out connection → transient;
/// * the connection lost where a reply was due ("incomplete response", e.g. after the
///   final "." of the data) → **transient**. The server may or may not have taken the
///   mail: this is the classic "was it delivered?" case, which no client can decide.
///   Retrying risks a duplicate; giving up risks a lost move, which stalls a game until a
///   player notices. A duplicate carries the same Message-ID, so mail clients show it
///   once per thread and herald's own reader deduplicates it, so the retry is the lesser
///   harm (at-least-once delivery);
/// * TLS failures (an untrusted or mismatched certificate, no STARTTLS offered when
///   required) and authentication that cannot work (no common mechanism; a 535 reply is a
///   5xx anyway) → permanent, with a message that says what to fix.
///
/// The conversation uses lettre's [`SmtpConnection`] rather than its `SmtpTransport`, for
/// one reason: `SmtpTransport` writes the message and the final `\r\n.\r\n` in two
/// writes, and with Nagle's algorithm on the client and delayed ACKs on the server the
/// second write waits about 40 ms for the first to be acknowledged — on every mail (seen
/// with strace against Postfix's smtp-sink: 44 ms between the data and the server's 250).
/// Here the dot-stuffed message and its terminator leave in one write.
///
/// A connection is kept for the next mail while it is used at least every
/// [`Smtp::KEEP_IDLE`]: answering one move sends two mails, and a daemon's pass sends many,
/// so greeting, EHLO, STARTTLS and login happen once rather than per mail. When the server
/// has closed a kept connection meanwhile, the failure shows at the first command (MAIL),
/// before anything of the mail was sent, so the mail is simply sent on a new connection.
pub struct Smtp {
    /// `host:port`, for connecting and for messages.
    server: String,
    tls: TlsMode,
    tls_parameters: Option<TlsParameters>,
    credentials: Option<Credentials>,
    timeout: Duration,
    kept: std::sync::Mutex<Option<(Session, Instant)>>,
}

/// An open SMTP session and what the server said it can do.
struct Session {
    conn: SmtpConnection,
    /// The server takes MAIL, RCPT and DATA in one write (RFC 2920).
    pipelining: bool,
}

impl Drop for Smtp {
    fn drop(&mut self) {
        if let Ok(mut kept) = self.kept.lock()
            && let Some((mut session, _)) = kept.take()
        {
            session.conn.abort();
        }
    }
}

/// How far a mail got on its connection, to know whether retrying it elsewhere is safe.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Stage {
    Mail,
    Later,
}

impl Smtp {
    /// Builds the transport; reads the system's CA certificates (see the module
    /// documentation) for TLS.
    ///
    /// # Errors
    ///
    /// An unreadable extra root certificate, or credentials with `tls: none` to a host that
    /// is not this machine (the password would cross the network in plain text).
    pub fn new(settings: SmtpSettings) -> Result<Smtp, String> {
        let server = format!("{}:{}", settings.host, settings.port);
        if settings.tls == TlsMode::None && settings.credentials.is_some() && !is_loopback(&settings.host) {
            return Err(format!(
                "SMTP {server}: a user is configured with tls: none, so the password would cross the network \
                 in plain text; use tls: starttls or tls (plain text is allowed to 127.0.0.1 and localhost only)"
            ));
        }
        let tls_parameters = match settings.tls {
            TlsMode::None => None,
            TlsMode::Starttls | TlsMode::Tls => Some(tls_parameters(&settings)?),
        };
        Ok(Smtp {
            server,
            tls: settings.tls,
            tls_parameters,
            credentials: settings.credentials.map(|(user, password)| Credentials::new(user, password)),
            timeout: settings.timeout,
            kept: std::sync::Mutex::new(None),
        })
    }

    /// How long an unused connection is kept open: well under the five minutes after which
    /// servers close idle SMTP sessions (RFC 5321 §4.5.3.2.7), and short enough not to hold
    /// a server's slot between a daemon's passes for long.
    pub const KEEP_IDLE: Duration = Duration::from_secs(30);

    /// Sends one mail in `session`: MAIL, RCPT and DATA (in one write when the server
    /// pipelines, so a mail costs two round trips rather than four), then the data in one
    /// write.
    fn transfer(
        session: &mut Session,
        envelope: &lettre::address::Envelope,
        message: &[u8],
        crlf: &[u8],
        stage: &mut Stage,
    ) -> Result<(), lettre::transport::smtp::Error> {
        *stage = Stage::Mail;
        let mut options = Vec::new();
        if !message.is_ascii() {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        let conn = &mut session.conn;
        let mail = Mail::new(envelope.from().cloned(), options);
        if session.pipelining {
            let mut commands = mail.to_string();
            for to in envelope.to() {
                commands.push_str(&Rcpt::new(to.clone(), Vec::new()).to_string());
            }
            commands.push_str(&Data.to_string());
            // One reply per command, in order; the first is MAIL's.
            conn.command(RawData(&commands))?;
            *stage = Stage::Later;
            for _ in envelope.to() {
                conn.read_response()?;
            }
            conn.read_response()?;
        } else {
            conn.command(mail)?;
            *stage = Stage::Later;
            for to in envelope.to() {
                conn.command(Rcpt::new(to.clone(), Vec::new()))?;
            }
            conn.command(Data)?;
        }
        match std::str::from_utf8(crlf) {
            Ok(text) => conn.command(RawData(&data_section(text)))?,
            // Not text: lettre's own writer, which dot-stuffs bytes (in two writes) and adds
            // "\r\n.\r\n"; its first CRLF ends the message's last line.
            Err(_) => conn.message(crlf.strip_suffix(b"\r\n").unwrap_or(crlf))?,
        };
        Ok(())
    }

    /// Connects, greets, secures the connection as configured, logs in, and asks what the
    /// server can do (lettre keeps no note of PIPELINING, so a second EHLO reads it).
    fn open(&self) -> Result<Session, SendError> {
        let hello = ClientId::default();
        let wrapper = if self.tls == TlsMode::Tls { self.tls_parameters.as_ref() } else { None };
        let mut conn = SmtpConnection::connect(self.server.as_str(), Some(self.timeout), &hello, wrapper, None)
            .map_err(|e| self.classify(&e))?;
        if self.tls == TlsMode::Starttls {
            if !conn.can_starttls() {
                conn.abort();
                return Err(SendError::permanent(format!(
                    "SMTP {}: the server does not offer STARTTLS, and tls: starttls forbids sending in plain \
                     text, so nothing was sent (use tls: tls for implicit TLS, or fix the server)",
                    self.server
                )));
            }
            let parameters = self.tls_parameters.as_ref().expect("STARTTLS has TLS parameters");
            conn.starttls(parameters, &hello).map_err(|e| self.classify(&e))?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials).map_err(|e| self.classify(&e))?;
        }
        let capabilities = conn.command(Ehlo::new(hello)).map_err(|e| self.classify(&e))?;
        let pipelining = capabilities.message().any(|line| line.trim().eq_ignore_ascii_case("PIPELINING"));
        Ok(Session { conn, pipelining })
    }

    /// Maps a lettre error to a [`SendError`]; see the type's documentation.
    fn classify(&self, e: &lettre::transport::smtp::Error) -> SendError {
        let server = &self.server;
        if e.is_transient() {
            return SendError::transient(format!("SMTP {server}: {e}"));
        }
        if e.is_permanent() {
            // 535: RFC 4954 "authentication credentials invalid".
            let hint = if e.status().is_some_and(|code| code.to_string() == "535") {
                " (check outgoing.transport.user and the password in its password_env variable)"
            } else {
                ""
            };
            return SendError::permanent(format!("SMTP {server}: {e}{hint}"));
        }
        if let Some(tls_error) = rustls_error(e) {
            let hint = match tls_error {
                rustls::Error::InvalidCertificate(_) => {
                    " (the server's certificate must be valid for the configured host and signed by a CA \
                     in the system's store, or in SSL_CERT_FILE / SSL_CERT_DIR when set)"
                }
                _ => "",
            };
            return SendError::permanent(format!("SMTP {server}: TLS handshake failed: {tls_error}{hint}"));
        }
        if e.is_tls() {
            return SendError::permanent(format!("SMTP {server}: TLS failed: {e}"));
        }
        if e.is_client() {
            let text = e.to_string();
            let message = if text.contains("STARTTLS is not supported") {
                format!(
                    "SMTP {server}: the server does not offer STARTTLS, and tls: starttls forbids sending in \
                     plain text, so nothing was sent (use tls: tls for implicit TLS, or fix the server)"
                )
            } else if text.contains("authentication mechanism") {
                format!(
                    "SMTP {server}: the server offers no authentication mechanism herald can use (PLAIN or \
                     LOGIN){}",
                    if self.tls == TlsMode::None { "; many servers offer them only over TLS" } else { "" }
                )
            } else {
                format!("SMTP {server}: {text}")
            };
            return SendError::permanent(message);
        }
        if e.is_timeout() {
            return SendError::transient(format!("SMTP {server}: timed out: {e}"));
        }
        if e.is_response() {
            // See the type's documentation for why this is retried.
            return SendError::transient(format!(
                "SMTP {server}: no complete reply ({e}); the server may or may not have taken the mail, \
                 so it will be sent again"
            ));
        }
        // Connection refused or reset, name resolution, the network.
        SendError::transient(format!("SMTP {server}: {e}"))
    }
}

impl Transport for Smtp {
    fn send_each(&self, mails: &[(Envelope, &[u8])], done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool) {
        // Pipelining needs a server that offers it and mails that are text; anything else
        // goes one by one.
        let pipelines = match self.take_kept() {
            Some(session) => {
                let pipelining = session.pipelining;
                self.keep(session);
                pipelining
            }
            // Cannot connect now: one by one, each mail reporting why.
            None => self.open().is_ok_and(|session| {
                let pipelining = session.pipelining;
                self.keep(session);
                pipelining
            }),
        };
        let mut prepared = Vec::with_capacity(mails.len());
        for (envelope, message) in mails {
            let crlf = crlf_line_endings(message);
            match (lettre_envelope(envelope), String::from_utf8(crlf)) {
                (Ok(envelope), Ok(text)) if pipelines => prepared.push(Prepared {
                    commands: Self::envelope_commands(&envelope, text.as_bytes()),
                    data: data_section(&text),
                    envelope,
                }),
                _ => break,
            }
        }
        if prepared.len() < mails.len() {
            for (i, (envelope, message)) in mails.iter().enumerate() {
                if !done(i, self.send(envelope, message)) {
                    return;
                }
            }
            return;
        }
        self.send_pipelined(&prepared, done);
    }

    fn send(&self, envelope: &Envelope, message: &[u8]) -> Result<(), SendError> {
        let envelope = lettre_envelope(envelope)?;
        let crlf = crlf_line_endings(message);
        let mut kept = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let reusable = match kept.take() {
            Some((session, used)) if used.elapsed() < Self::KEEP_IDLE && !session.conn.has_broken() => Some(session),
            Some((mut session, _)) => {
                session.conn.abort();
                None
            }
            None => None,
        };
        let mut stage = Stage::Mail;
        let (mut session, result) = match reusable {
            Some(mut session) => match Self::transfer(&mut session, &envelope, message, &crlf, &mut stage) {
                // The kept connection had died before the mail began: nothing of it was
                // sent, so a new connection is safe.
                Err(_) if stage == Stage::Mail => {
                    session.conn.abort();
                    let mut fresh = self.open()?;
                    let result = Self::transfer(&mut fresh, &envelope, message, &crlf, &mut stage);
                    (fresh, result)
                }
                other => (session, other),
            },
            None => {
                let mut fresh = self.open()?;
                let result = Self::transfer(&mut fresh, &envelope, message, &crlf, &mut stage);
                (fresh, result)
            }
        };
        match result {
            Ok(()) => {
                *kept = Some((session, Instant::now()));
                Ok(())
            }
            Err(e) => {
                // After a failure the session's state is uncertain: close it.
                session.conn.abort();
                Err(self.classify(&e))
            }
        }
    }
}

impl Smtp {
    /// Takes the kept connection if it is still usable.
    fn take_kept(&self) -> Option<Session> {
        let mut kept = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match kept.take() {
            Some((session, used)) if used.elapsed() < Self::KEEP_IDLE && !session.conn.has_broken() => Some(session),
            Some((mut session, _)) => {
                session.conn.abort();
                None
            }
            None => None,
        }
    }

    fn keep(&self, session: Session) {
        let mut kept = self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((mut old, _)) = kept.replace((session, Instant::now())) {
            old.conn.abort();
        }
    }

    /// MAIL, RCPT and DATA of one mail as one piece of text, for a pipelining server.
    fn envelope_commands(envelope: &lettre::address::Envelope, message: &[u8]) -> String {
        let mut options = Vec::new();
        if !message.is_ascii() {
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        let mut commands = Mail::new(envelope.from().cloned(), options).to_string();
        for to in envelope.to() {
            commands.push_str(&Rcpt::new(to.clone(), Vec::new()).to_string());
        }
        commands.push_str(&Data.to_string());
        commands
    }
}

/// One mail of a pipelined batch, ready for the wire.
struct Prepared {
    envelope: lettre::address::Envelope,
    commands: String,
    /// The dot-stuffed data section, ending in ".\r\n".
    data: String,
}

impl Smtp {
    /// Sends a batch on one connection, each mail's data written together with the next
    /// mail's MAIL, RCPT and DATA (RFC 2920 allows a command group after the data's final
    /// dot), so a mail costs one round trip instead of two. The next mail's data is never
    /// written before its DATA is answered 354, and each mail's result is reported as soon as
    /// its final reply is read. After any failure the connection is closed: a mail whose
    /// commands were already written but whose data was not has not been sent, and is tried
    /// again on a new connection.
    fn send_pipelined(&self, mails: &[Prepared], done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool) {
        let mut session = self.take_kept();
        let mut reused = session.is_some();
        // Whether mail i's commands went out behind the previous mail's data.
        let mut announced = false;
        let mut i = 0;
        while i < mails.len() {
            let mut current = match session.take() {
                Some(s) => s,
                None => match self.open() {
                    Ok(s) => s,
                    Err(e) => {
                        if !done(i, Err(e)) {
                            return;
                        }
                        i += 1;
                        continue;
                    }
                },
            };
            let mail = &mails[i];
            // The envelope's replies: MAIL's, one per RCPT, DATA's 354.
            let envelope = (|| -> Result<(), lettre::transport::smtp::Error> {
                if announced {
                    current.conn.read_response()?;
                } else {
                    current.conn.command(RawData(&mail.commands))?;
                }
                for _ in mail.envelope.to() {
                    current.conn.read_response()?;
                }
                current.conn.read_response()?;
                Ok(())
            })();
            if let Err(e) = envelope {
                current.conn.abort();
                let stale = reused && !announced;
                (reused, announced) = (false, false);
                // A kept connection that died while idle took nothing: try again on a new one.
                if stale {
                    continue;
                }
                if !done(i, Err(self.classify(&e))) {
                    return;
                }
                i += 1;
                continue;
            }
            reused = false;
            let next = mails.get(i + 1).map(|m| m.commands.as_str()).unwrap_or("");
            let written = format!("{}{next}", mail.data);
            match current.conn.command(RawData(&written)) {
                Ok(_) => {
                    announced = !next.is_empty();
                    session = Some(current);
                    if !done(i, Ok(())) {
                        if let Some(mut s) = session.take() {
                            if announced {
                                // The next mail's commands are pending: drop the connection,
                                // which sends nothing of it.
                                s.conn.abort();
                            } else {
                                self.keep(s);
                            }
                        }
                        return;
                    }
                }
                Err(e) => {
                    current.conn.abort();
                    announced = false;
                    if !done(i, Err(self.classify(&e))) {
                        return;
                    }
                }
            }
            i += 1;
        }
        if let Some(s) = session {
            self.keep(s);
        }
    }
}

/// The DATA section as one piece: the message (with CRLF line endings already) dot-stuffed
/// (RFC 5321 §4.5.2), ending in its last line's CRLF and the terminating ".\r\n".
fn data_section(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive("\r\n") {
        if line.starts_with('.') {
            out.push('.');
        }
        out.push_str(line);
    }
    if !out.is_empty() && !out.ends_with("\r\n") {
        out.push_str("\r\n");
    }
    out.push_str(".\r\n");
    out
}

/// Data written as it is, through lettre's command writer (one write, one reply).
struct RawData<'a>(&'a str);

impl fmt::Display for RawData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Bare LFs → CRLF; existing CRLFs and lone CRs are kept.
fn crlf_line_endings(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + message.len() / 50);
    let mut previous = 0u8;
    for &b in message {
        if b == b'\n' && previous != b'\r' {
            out.push(b'\r');
        }
        out.push(b);
        previous = b;
    }
    out
}

fn tls_parameters(settings: &SmtpSettings) -> Result<TlsParameters, String> {
    let mut builder = TlsParameters::builder(settings.host.clone());
    for pem in &settings.extra_root_pem {
        let certificate =
            Certificate::from_pem(pem).map_err(|e| format!("an extra root certificate cannot be read: {e}"))?;
        builder = builder.add_root_certificate(certificate);
    }
    builder.build().map_err(|e| format!("SMTP {}:{}: cannot set up TLS: {e}", settings.host, settings.port))
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The rustls error somewhere in `e`'s chain. rustls reports handshake failures through
/// `io::Error`s that wrap a `rustls::Error`; `io::Error::source` skips the wrapped error,
/// so each `io::Error` is opened with `get_ref`.
fn rustls_error(e: &lettre::transport::smtp::Error) -> Option<&rustls::Error> {
    let mut next: Option<&(dyn std::error::Error + 'static)> = e.source();
    while let Some(err) = next {
        if let Some(found) = err.downcast_ref::<rustls::Error>() {
            return Some(found);
        }
        if let Some(found) =
            err.downcast_ref::<io::Error>().and_then(|io| io.get_ref()).and_then(|inner| inner.downcast_ref())
        {
            return Some(found);
        }
        next = err.source();
    }
    None
}

fn lettre_envelope(envelope: &Envelope) -> Result<lettre::address::Envelope, SendError> {
    let parse = |addr: &str| {
        addr.parse::<lettre::Address>()
            .map_err(|e| SendError::permanent(format!("envelope address {addr:?} is not usable: {e}")))
    };
    let from = if envelope.from.is_empty() { None } else { Some(parse(&envelope.from)?) };
    let to = envelope.to.iter().map(|a| parse(a)).collect::<Result<Vec<_>, _>>()?;
    lettre::address::Envelope::new(from, to).map_err(|e| SendError::permanent(format!("envelope: {e}")))
}

// ---------------------------------------------------------------------------
// sendmail

/// How long the sendmail program may take. Postfix's and Exim's only queue the mail,
/// which takes milliseconds; a relay-only one (msmtp) talks to a server with its own
/// timeouts. A program still running after this is killed and the send is retried.
const SENDMAIL_TIMEOUT: Duration = Duration::from_secs(300);

/// The exit status sendmail programs use for "try again later" (EX_TEMPFAIL, sysexits.h).
const EX_TEMPFAIL: i32 = 75;

/// Sending through the local `sendmail` program: `COMMAND -i -f FROM -- RCPT...` with the
/// message on standard input.
///
/// The message is given with LF line endings, the convention of the sendmail interface
/// (the program adds CRLF when it speaks SMTP; Postfix would accept CRLF, other programs
/// might keep the CR in the body). Exit status 0 is success, 75 (EX_TEMPFAIL) transient,
/// any other status permanent; a program killed by a signal or by the timeout is transient.
pub struct Sendmail {
    command: PathBuf,
    timeout: Duration,
}

impl Sendmail {
    /// The transport for `command` (a path, or a name looked up in `PATH`).
    ///
    /// # Errors
    ///
    /// When `command` is a path that does not exist.
    pub fn new(command: PathBuf) -> Result<Sendmail, String> {
        if command.components().count() > 1 && !command.exists() {
            return Err(format!(
                "the sendmail program {} (outgoing.transport.command) does not exist",
                command.display()
            ));
        }
        Ok(Sendmail { command, timeout: SENDMAIL_TIMEOUT })
    }

    /// The same transport with another time limit for the program.
    pub fn with_timeout(mut self, timeout: Duration) -> Sendmail {
        self.timeout = timeout;
        self
    }
}

impl Transport for Sendmail {
    fn send(&self, envelope: &Envelope, message: &[u8]) -> Result<(), SendError> {
        if envelope.to.is_empty() {
            return Err(SendError::permanent("no recipients"));
        }
        let program = self.command.display();
        let from = if envelope.from.is_empty() { "<>" } else { envelope.from.as_str() };
        let mut child = Command::new(&self.command)
            .arg("-i")
            .arg("-f")
            .arg(from)
            .arg("--")
            .args(&envelope.to)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| {
                let message = format!("cannot run {program}: {e}");
                match e.kind() {
                    io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => SendError::permanent(message),
                    // Out of processes or memory: passes.
                    _ => SendError::transient(message),
                }
            })?;

        // Separate threads for input and output: a program that writes a lot before it
        // reads everything would otherwise block us and itself.
        let input = lf_line_endings(message);
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let writer = thread::spawn(move || stdin.write_all(&input));
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr = child.stderr.take().expect("stderr is piped");
        let out_reader = thread::spawn(move || {
            let mut out = Vec::new();
            let _ = stdout.read_to_end(&mut out);
            out
        });
        let err_reader = thread::spawn(move || {
            let mut out = Vec::new();
            let _ = stderr.read_to_end(&mut out);
            out
        });

        let status = match wait_with_timeout(&mut child, self.timeout) {
            Ok(Some(status)) => status,
            stuck => {
                let _ = child.kill();
                let _ = child.wait();
                // The threads are left to finish on their own: a process the program
                // started may still hold the pipes open.
                return Err(SendError::transient(match stuck {
                    Err(e) => format!("waiting for {program}: {e}"),
                    _ => format!("{program} did not finish within {:?}", self.timeout),
                }));
            }
        };
        // A program that exits without reading everything breaks the pipe; its exit status
        // says what happened, so the write error itself is not reported.
        let _ = writer.join();
        let mut output = out_reader.join().unwrap_or_default();
        output.extend(err_reader.join().unwrap_or_default());
        let output = String::from_utf8_lossy(&output);
        let output = output.trim();
        let said = if output.is_empty() { String::new() } else { format!(": {output}") };

        match status {
            status if status.success() => Ok(()),
            status => Err(match status.code() {
                Some(EX_TEMPFAIL) => {
                    SendError::transient(format!("{program} exited with status 75 (temporary failure){said}"))
                }
                Some(code) => SendError::permanent(format!("{program} exited with status {code}{said}")),
                None => SendError::transient(format!("{program} was killed ({status}){said}")),
            }),
        }
    }
}

/// Waits for `child` until `timeout`; `Ok(None)` if it is still running then.
fn wait_with_timeout(child: &mut std::process::Child, timeout: Duration) -> io::Result<Option<ExitStatus>> {
    let deadline = Instant::now() + timeout;
    // Short sleeps first: a queueing sendmail is done in milliseconds.
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

/// CRLF → LF; lone CRs and LFs are kept.
fn lf_line_endings(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len());
    let mut bytes = message.iter().peekable();
    while let Some(&b) = bytes.next() {
        if b == b'\r' && bytes.peek() == Some(&&b'\n') {
            continue;
        }
        out.push(b);
    }
    out
}

// ---------------------------------------------------------------------------
// Maildir

/// Writing each mail into a Maildir per recipient, `PATH/<recipient address>/`, instead of
/// sending it: for trying herald out, demos and tests.
///
/// Delivery follows the Maildir protocol, so a reader never sees a partial mail, even
/// after a crash: the mail is written to `tmp/` under a unique name, flushed to disk
/// (fsync), renamed into `new/`, and the directory is flushed so the rename persists. A
/// crash leaves at most a file in `tmp/`, which Maildir readers ignore. Names follow the
/// convention `time.unique.host`: `<seconds>.M<microseconds>P<pid>Q<counter>R<random>.<host>`
/// (the `M`, `P`, `Q` and `R` parts of the convention's "modern" unique names). The bytes
/// are written exactly as given (CRLF line endings; Maildir readers and mailparse accept
/// them). Files are created mode 0600 and directories 0700: the mails carry the players'
/// reply tokens.
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

    fn deliver(&self, recipient: &str, message: &[u8]) -> io::Result<PathBuf> {
        let maildir = self.maildir(recipient);
        ensure_dir(&self.root)?;
        ensure_dir(&maildir)?;
        for sub in ["tmp", "new", "cur"] {
            ensure_dir(&maildir.join(sub))?;
        }
        let (name, mut file) = loop {
            let name = unique_name();
            match OpenOptions::new().write(true).create_new(true).mode(0o600).open(maildir.join("tmp").join(&name)) {
                Ok(file) => break (name, file),
                // Unique by construction; a collision (a clock stepped back and the same
                // pid and random number) just takes the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        };
        let tmp = maildir.join("tmp").join(&name);
        let written = file.write_all(message).and_then(|()| file.sync_all());
        drop(file);
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
        let new = maildir.join("new").join(&name);
        fs::rename(&tmp, &new)?;
        sync_dir(&maildir.join("new"))?;
        Ok(new)
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
            self.deliver(recipient, message).map_err(|e| {
                SendError::transient(format!(
                    "writing a mail for {recipient} into {}: {e}",
                    self.maildir(recipient).display()
                ))
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

/// Creates `dir` (and missing parents) if needed, and then flushes its parent so that the
/// new entry survives a crash.
fn ensure_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => sync_dir(parent),
        _ => Ok(()),
    }
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_gets_crlf_everywhere() {
        assert_eq!(crlf_line_endings(b"a\nb\r\n.\n\rc\n"), b"a\r\nb\r\n.\r\n\rc\r\n");
    }

    #[test]
    fn crlf_becomes_lf_for_sendmail() {
        assert_eq!(lf_line_endings(b"a\r\nb\r\n\r\nc\rd\n"), b"a\nb\n\nc\rd\n");
    }

    #[test]
    fn hostile_recipients_are_no_directory_names() {
        for bad in ["", "../x@y", ".x@y", "a/b@y", "nobody"] {
            assert_eq!(check_recipient_dir_name(bad).unwrap_err().kind, SendErrorKind::Permanent, "{bad}");
        }
        check_recipient_dir_name("u1@players.test").unwrap();
    }

    #[test]
    fn loopback_hosts() {
        assert!(is_loopback("127.0.0.1") && is_loopback("::1") && is_loopback("LOCALHOST"));
        assert!(!is_loopback("mail.example.org") && !is_loopback("10.0.0.1"));
    }
}
