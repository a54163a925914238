//! What an SMTP failure means for the mail: try again later, or not until someone changes
//! something (see [`super::Smtp`]'s documentation for the classification).

use std::error::Error as _;
use std::io;

use super::{Smtp, SmtpLogin};
use crate::config::TlsMode;
use crate::mail::transport::SendError;

impl Smtp {
    /// Maps a lettre error to a [`SendError`]; see the type's documentation.
    pub(super) fn classify(&self, e: &lettre::transport::smtp::Error) -> SendError {
        let server = &self.server;
        if e.is_transient() {
            return SendError::transient(format!("SMTP {server}: {e}"));
        }
        if e.is_permanent() {
            // 535: RFC 4954 "authentication credentials invalid"; 534: a stronger mechanism
            // is needed; 530: authentication required (herald sent none).
            let code = e.status().map(|code| code.to_string());
            if let (Some("535" | "534" | "530"), Some(login)) = (code.as_deref(), &self.login) {
                let hint = match login {
                    SmtpLogin::Password(..) => {
                        "check outgoing.transport.user and the password in its password_env variable"
                    }
                    // An access token can also expire between the command printing it and the
                    // server reading it; the next login runs the command again.
                    SmtpLogin::Xoauth2(..) => {
                        "it refused the access token from outgoing.transport.token_command: check that it is valid \
                         for SMTP and for outgoing.transport.user"
                    }
                };
                return SendError::setup(format!("SMTP {server} refused herald's login: {e} ({hint})"));
            }
            if code.as_deref() == Some("530") {
                return SendError::setup(format!(
                    "SMTP {server}: {e} (the server wants a login: set outgoing.transport.user and password_env)"
                ));
            }
            return SendError::permanent(format!("SMTP {server}: {e}"));
        }
        if let Some(tls_error) = rustls_error(e) {
            let hint = match tls_error {
                rustls::Error::InvalidCertificate(_) => {
                    " (the server's certificate must be valid for the configured host and signed by a CA \
                     the system trusts or one in outgoing.transport.ca_file)"
                }
                _ => "",
            };
            return SendError::setup(format!("SMTP {server}: TLS handshake failed: {tls_error}{hint}"));
        }
        if e.is_tls() {
            return SendError::setup(format!("SMTP {server}: TLS failed: {e}"));
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
                return SendError::permanent(format!("SMTP {server}: {text}"));
            };
            return SendError::setup(message);
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
