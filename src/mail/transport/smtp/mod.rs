//! SMTP submission with lettre's connection (`settings`: what the configuration asks for;
//! `pipeline`: many mails on one connection, each mail's data written with the next mail's
//! commands; `errors`: every failure classified as transient or permanent). A connection is
//! kept for the next mail while it is in use.

mod errors;
mod pipeline;
mod settings;

use std::time::{Duration, Instant};

use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, MailBodyParameter, MailParameter};

use super::{Envelope, SendError, Transport};
use crate::config::TlsMode;
use crate::mail::oauth::{TOKEN_COMMAND_TIMEOUT, run_token_command};
use pipeline::{Prepared, RawData, crlf_line_endings, data_section, lettre_envelope};
pub(crate) use settings::is_loopback;
use settings::tls_parameters;

pub use settings::{SmtpLogin, SmtpSettings};

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
/// * a refused login (535, 534, 530), TLS failures (an untrusted or mismatched certificate,
///   no STARTTLS offered when required) and authentication that cannot work (no common
///   mechanism) → [`SendErrorKind::Setup`](super::SendErrorKind::Setup): herald's own
///   configuration, not the mail, with a message that says what to fix.
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
    login: Option<SmtpLogin>,
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
        if settings.tls == TlsMode::None && settings.login.is_some() && !is_loopback(&settings.host) {
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
            login: settings.login,
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
                return Err(SendError::setup(format!(
                    "SMTP {}: the server does not offer STARTTLS, and tls: starttls forbids sending in plain \
                     text, so nothing was sent (use tls: tls for implicit TLS, or fix the server)",
                    self.server
                )));
            }
            let parameters = self.tls_parameters.as_ref().expect("STARTTLS has TLS parameters");
            conn.starttls(parameters, &hello).map_err(|e| self.classify(&e))?;
        }
        match &self.login {
            None => {}
            Some(SmtpLogin::Password(user, password)) => {
                let credentials = Credentials::new(user.clone(), password.clone());
                conn.auth(&[Mechanism::Plain, Mechanism::Login], &credentials).map_err(|e| self.classify(&e))?;
            }
            Some(SmtpLogin::Xoauth2(user, command)) => {
                // A fresh token at every login: access tokens expire within about an hour.
                // A command that fails now may work at the next attempt (the provider's
                // token endpoint was unreachable), so the mail waits rather than dies.
                let token = run_token_command(command, "outgoing.transport.token_command", TOKEN_COMMAND_TIMEOUT)
                    .map_err(|e| {
                        conn.abort();
                        SendError::transient(format!("SMTP {}: {e}", self.server))
                    })?;
                if !conn.server_info().supports_auth_mechanism(Mechanism::Xoauth2) {
                    conn.abort();
                    return Err(SendError::setup(format!(
                        "SMTP {}: the server does not offer AUTH XOAUTH2 (outgoing.transport.auth: xoauth2); \
                         check the host and port of the provider's submission server",
                        self.server
                    )));
                }
                let credentials = Credentials::new(user.clone(), token.secret().to_string());
                conn.auth(&[Mechanism::Xoauth2], &credentials).map_err(|e| {
                    conn.abort();
                    if e.is_client() {
                        // A server refuses a token with a 334 challenge holding an error
                        // (Google's and Microsoft's XOAUTH2), which lettre reports as a
                        // client error. The next login runs the command again.
                        SendError::setup(format!(
                            "SMTP {}: the server refused the access token from \
                             outgoing.transport.token_command (check that it is current, has the scope for \
                             SMTP and belongs to outgoing.transport.user)",
                            self.server
                        ))
                    } else {
                        self.classify(&e)
                    }
                })?;
            }
        }
        let capabilities = conn.command(Ehlo::new(hello)).map_err(|e| self.classify(&e))?;
        let pipelining = capabilities.message().any(|line| line.trim().eq_ignore_ascii_case("PIPELINING"));
        Ok(Session { conn, pipelining })
    }
}

impl Transport for Smtp {
    fn check(&self) -> Result<(), SendError> {
        let mut session = self.open()?;
        // The login worked; whether QUIT is answered does not matter.
        let _ = session.conn.quit();
        Ok(())
    }

    fn send_each(&self, mails: &[(Envelope, &[u8])], done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool) {
        // Pipelining needs a server that offers it and mails that are text; anything else
        // goes one by one.
        let pipelines = match self.take_kept() {
            Some(session) => {
                let pipelining = session.pipelining;
                self.keep(session);
                pipelining
            }
            None => match self.open() {
                Ok(session) => {
                    let pipelining = session.pipelining;
                    self.keep(session);
                    pipelining
                }
                // Cannot connect or log in now: the first mail reports why, from this one
                // attempt (a server refusing herald's login must not see a second one to no
                // purpose), and the caller decides whether the others are tried.
                Err(e) => {
                    if !mails.is_empty() && done(0, Err(e)) {
                        self.one_by_one(mails, 1, done);
                    }
                    return;
                }
            },
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
            self.one_by_one(mails, 0, done);
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
    /// Sends `mails` from index `first` on, one by one, as [`Transport::send_each`] does.
    fn one_by_one(
        &self,
        mails: &[(Envelope, &[u8])],
        first: usize,
        done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool,
    ) {
        for (i, (envelope, message)) in mails.iter().enumerate().skip(first) {
            if !done(i, self.send(envelope, message)) {
                return;
            }
        }
    }

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
