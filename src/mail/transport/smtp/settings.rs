//! What the configuration asks of the SMTP transport, with the password read and the
//! defaults filled in, and the TLS parameters it makes.

use std::fmt;
use std::time::Duration;

use lettre::transport::smtp::client::{Certificate, TlsParameters};

use crate::config::{self, Login, TlsMode};

/// How the transport logs in.
#[derive(Clone)]
pub enum SmtpLogin {
    /// SASL PLAIN or LOGIN: the user name and the password.
    Password(String, String),
    /// SASL XOAUTH2: the user name, and the command that prints an access token (see
    /// [`crate::mail::oauth`]), run at every login.
    Xoauth2(String, String),
}

impl SmtpLogin {
    /// The user name.
    pub fn user(&self) -> &str {
        match self {
            SmtpLogin::Password(user, _) | SmtpLogin::Xoauth2(user, _) => user,
        }
    }
}

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
    /// How to log in, if the server wants authentication.
    pub login: Option<SmtpLogin>,
    /// Limit for connecting and for each read or write (lettre applies it to the socket).
    pub timeout: Duration,
    /// Further root certificates (PEM, one or more each) trusted besides the system's: the
    /// contents of `outgoing.transport.ca_file`.
    pub extra_root_pem: Vec<Vec<u8>>,
}

impl fmt::Debug for SmtpSettings {
    /// Everything but the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.login.as_ref().map(SmtpLogin::user))
            .field("xoauth2", &matches!(self.login, Some(SmtpLogin::Xoauth2(..))))
            .field("timeout", &self.timeout)
            .field("extra_root_pem", &self.extra_root_pem.len())
            .finish()
    }
}

impl SmtpSettings {
    /// The settings of an `smtp` transport; the password is read from the environment
    /// variable named by `password_env` (with `auth: xoauth2`, the token command is run at
    /// each login instead).
    ///
    /// # Errors
    ///
    /// When `config` is not `smtp`, when `user` is set without `password_env` (or without
    /// `token_command` for `xoauth2`), or when the variable is not set (the message names it).
    pub fn from_config(config: &config::Transport) -> Result<SmtpSettings, String> {
        let config::Transport::Smtp {
            host,
            port,
            tls,
            user,
            password_env,
            auth,
            token_command,
            timeout_seconds,
            ca_file,
        } = config
        else {
            return Err("outgoing.transport is not an smtp transport".to_owned());
        };
        let login = match (auth, user, password_env, token_command) {
            (Login::Xoauth2, Some(user), None, Some(command)) => {
                Some(SmtpLogin::Xoauth2(user.clone(), command.clone()))
            }
            (Login::Xoauth2, ..) => {
                return Err(
                    "outgoing.transport: auth: xoauth2 needs user and token_command, and no password_env".to_owned()
                );
            }
            (Login::Password, _, _, Some(_)) => {
                return Err("outgoing.transport.token_command is set but auth is not xoauth2".to_owned());
            }
            (Login::Password, None, None, None) => None,
            (Login::Password, Some(user), Some(var), None) => match std::env::var(var) {
                Ok(password) => Some(SmtpLogin::Password(user.clone(), password)),
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
            (Login::Password, Some(user), None, None) => {
                return Err(format!(
                    "outgoing.transport.user is {user:?} but password_env is not set: name the environment \
                     variable that holds the password"
                ));
            }
            (Login::Password, None, Some(var), None) => {
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
            login,
            // Zero would mean "fail at once" to the socket; one second is the least useful.
            timeout: Duration::from_secs((*timeout_seconds).max(1)),
            extra_root_pem: ca_file
                .as_deref()
                .map(|path| config::read_ca_file("outgoing.transport.ca_file", path))
                .transpose()?
                .into_iter()
                .collect(),
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
