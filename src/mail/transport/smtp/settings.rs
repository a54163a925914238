//! What the configuration asks of the SMTP transport, with the password read and the
//! defaults filled in, and the TLS parameters it makes.

use std::fmt;
use std::time::Duration;

use lettre::transport::smtp::client::{Certificate, TlsParameters};

use crate::config::{self, TlsMode};

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

pub(super) fn tls_parameters(settings: &SmtpSettings) -> Result<TlsParameters, String> {
    let mut builder = TlsParameters::builder(settings.host.clone());
    for pem in &settings.extra_root_pem {
        let certificate =
            Certificate::from_pem(pem).map_err(|e| format!("an extra root certificate cannot be read: {e}"))?;
        builder = builder.add_root_certificate(certificate);
    }
    builder.build().map_err(|e| format!("SMTP {}:{}: cannot set up TLS: {e}", settings.host, settings.port))
}

pub(crate) fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        assert!(is_loopback("127.0.0.1") && is_loopback("::1") && is_loopback("LOCALHOST"));
        assert!(!is_loopback("mail.example.org") && !is_loopback("10.0.0.1"));
    }
}
