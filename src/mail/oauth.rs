//! OAuth 2.0 access tokens for logging in to a mail server (SASL XOAUTH2): herald does not
//! run the OAuth dance itself (a registered application, a consent in a browser, a refresh
//! token: different at every provider, and better kept by a tool made for it). The club names
//! a command (`inbox.imap.token_command`, `outgoing.transport.token_command`) that prints a
//! current access token, e.g. a script around its provider's refresh-token grant, `oauth2l`,
//! `oama`, or a secret manager's CLI; herald runs it at each login, since access tokens live
//! about an hour and a connection far less.
//!
//! The token is a secret: it appears in no error message and no log line. What the command
//! wrote on standard error is not shown either (it may echo the token); an error names the
//! command's configuration key, its exit status and the time limit instead.

use std::fmt;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a token command may run before it is killed and the login fails.
pub const TOKEN_COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// An access token, never shown: its `Debug` prints a placeholder.
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken(String);

impl AccessToken {
    /// The token itself, to put on the wire.
    pub fn secret(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccessToken(..)")
    }
}

/// Why no token could be had. The messages name `key` (the configuration key of the
/// command) and never the token or the command's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError(pub String);

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TokenError {}

/// Runs `command` with `sh -c` (no standard input, standard error discarded) and takes its
/// standard output, trimmed, as the access token. Fails when the command cannot start, runs
/// longer than `timeout` (it is then killed), exits unsuccessfully, or prints nothing or
/// more than one line; `key` names the command in the error.
pub fn run_token_command(command: &str, key: &str, timeout: Duration) -> Result<AccessToken, TokenError> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| TokenError(format!("{key}: the token command cannot be started: {e}")))?;
    // Read on a thread of its own so that a command which fills the pipe and waits cannot
    // stall the time limit below.
    let mut stdout = child.stdout.take().expect("piped above");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.by_ref().take(64 * 1024).read_to_end(&mut out).map(|_| out)
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < timeout => std::thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(TokenError(format!(
                    "{key}: the token command did not finish within {} s and was stopped",
                    timeout.as_secs()
                )));
            }
            Err(e) => return Err(TokenError(format!("{key}: waiting for the token command: {e}"))),
        }
    };
    let out = reader
        .join()
        .map_err(|_| TokenError(format!("{key}: reading the token command's output failed")))?
        .map_err(|e| TokenError(format!("{key}: reading the token command's output: {e}")))?;
    if !status.success() {
        return Err(TokenError(format!("{key}: the token command failed ({status})")));
    }
    token_from_output(&out, key)
}

/// The access token in a token command's standard output `out`: the output trimmed, which
/// must be one printable word (RFC 6750's b64token; anything else would break the SASL
/// message or means the command printed something other than the token). The errors name
/// `key` and never any of `out`.
pub fn token_from_output(out: &[u8], key: &str) -> Result<AccessToken, TokenError> {
    let text = std::str::from_utf8(out).map_err(|_| TokenError(format!("{key}: the token command printed no text")))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(TokenError(format!("{key}: the token command printed nothing")));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(TokenError(format!("{key}: the token command must print only the token (one line, no spaces)")));
    }
    Ok(AccessToken(token.to_owned()))
}

/// The SASL XOAUTH2 initial client response (before base64, which the SASL layer adds):
/// `user=USER ^A auth=Bearer TOKEN ^A ^A`, as Google and Microsoft document it and Dovecot
/// accepts it.
pub fn xoauth2_response(user: &str, token: &AccessToken) -> String {
    format!("user={user}\x01auth=Bearer {}\x01\x01", token.secret())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "inbox.imap.token_command";

    #[test]
    fn the_token_is_the_commands_output_trimmed() {
        let token = run_token_command("printf ' ya29.abc-DEF_1\\n'", KEY, TOKEN_COMMAND_TIMEOUT).unwrap();
        assert_eq!(token.secret(), "ya29.abc-DEF_1");
        assert_eq!(format!("{token:?}"), "AccessToken(..)");
        assert_eq!(
            xoauth2_response("referee@example.org", &token),
            "user=referee@example.org\u{1}auth=Bearer ya29.abc-DEF_1\u{1}\u{1}"
        );
    }

    #[test]
    fn failures_name_the_key_and_never_the_output() {
        for (command, why) in [
            ("echo SECRETTOKEN; exit 3", "failed"),
            ("true", "printed nothing"),
            ("echo SECRET TOKEN", "only the token"),
            ("echo SECRETTOKEN >&2; exit 1", "failed"),
        ] {
            let err = run_token_command(command, KEY, TOKEN_COMMAND_TIMEOUT).unwrap_err().to_string();
            assert!(err.starts_with(KEY) && err.contains(why), "{command}: {err}");
            assert!(!err.contains("SECRET"), "{command}: {err}");
        }
    }

    #[test]
    fn a_command_that_hangs_is_stopped() {
        let started = Instant::now();
        let err = run_token_command("sleep 30", KEY, Duration::from_millis(300)).unwrap_err().to_string();
        assert!(err.contains("did not finish"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(20));
    }
}
