//! OAuth 2.0 access tokens for logging in to a hosted provider's SMTP and IMAP servers
//! (SASL `XOAUTH2`), which no longer take plain passwords.
//!
//! herald does not speak to the provider's token endpoint itself: that takes a registered
//! application, a consent in a browser and a refresh token, all of which differ from provider
//! to provider and are better kept by a tool made for it (`oama`, `mailctl`, a provider's
//! own script, or a five-line `curl` against the refresh endpoint). The club configures the
//! command (`token_command`) that prints a valid access token on its standard output, and
//! herald runs it each time it opens a connection: access tokens live about an hour, a
//! connection far less.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a token command may take before it is stopped.
pub const TOKEN_COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// A command that prints an access token.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenCommand {
    /// The command line, run by `/bin/sh -c`.
    command: String,
    /// The configuration key it came from, for messages.
    key: String,
}

impl std::fmt::Debug for TokenCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenCommand").field("key", &self.key).finish_non_exhaustive()
    }
}

impl TokenCommand {
    /// The command line `command`, configured under the key `key` (named in messages).
    pub fn new(command: &str, key: &str) -> TokenCommand {
        TokenCommand { command: command.to_string(), key: key.to_string() }
    }

    /// Runs the command and returns the token it printed: its standard output without the
    /// surrounding white space. Standard input is empty; standard error is kept for the
    /// message when the command fails.
    ///
    /// # Errors
    ///
    /// A message naming the configuration key when the command cannot be started, exits
    /// with a failure, takes longer than [`TOKEN_COMMAND_TIMEOUT`], or prints nothing usable
    /// (an empty line, or more than one line). The token itself is never in a message.
    pub fn token(&self) -> Result<String, String> {
        let key = &self.key;
        let mut child = Command::new("/bin/sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{key}: cannot run the token command: {e}"))?;
        // Read both pipes on threads, so a command that writes much cannot block on a full
        // pipe while we wait for it to exit.
        let mut stdout = child.stdout.take().expect("piped");
        let mut stderr = child.stderr.take().expect("piped");
        let out = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            stdout.by_ref().take(64 * 1024).read_to_end(&mut bytes).map(|_| bytes)
        });
        let err = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            stderr.by_ref().take(64 * 1024).read_to_end(&mut bytes).map(|_| bytes)
        });
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if started.elapsed() > TOKEN_COMMAND_TIMEOUT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!(
                        "{key}: the token command did not finish within {} s and was stopped",
                        TOKEN_COMMAND_TIMEOUT.as_secs()
                    ));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => return Err(format!("{key}: waiting for the token command: {e}")),
            }
        };
        let stdout = out.join().ok().and_then(Result::ok).unwrap_or_default();
        let stderr = err.join().ok().and_then(Result::ok).unwrap_or_default();
        if !status.success() {
            let said = String::from_utf8_lossy(&stderr);
            let last = said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
            let last: String = last.chars().take(200).collect();
            return Err(format!(
                "{key}: the token command failed ({status}){}",
                if last.is_empty() { String::new() } else { format!(": {last}") }
            ));
        }
        let token = String::from_utf8(stdout).map_err(|_| format!("{key}: the token command printed non-UTF-8"))?;
        let token = token.trim();
        if token.is_empty() {
            return Err(format!("{key}: the token command printed no token"));
        }
        if token.lines().count() > 1 || token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(format!("{key}: the token command must print the access token alone, on one line"));
        }
        Ok(token.to_string())
    }
}

/// The initial client response of SASL `XOAUTH2` (before base64):
/// `user=USER ^A auth=Bearer TOKEN ^A ^A`, as Google and Microsoft document it.
pub fn xoauth2_response(user: &str, token: &str) -> String {
    format!("user={user}\x01auth=Bearer {token}\x01\x01")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_the_commands_output_trimmed() {
        let command = TokenCommand::new("printf '  ya29.a0Af-token_1 \\n'", "k");
        assert_eq!(command.token().unwrap(), "ya29.a0Af-token_1");
    }

    #[test]
    fn failures_name_the_key_and_not_the_token() {
        let failing = TokenCommand::new("echo secret-token; echo 'refresh token expired' >&2; exit 3", "a.token_command");
        let err = failing.token().unwrap_err();
        assert!(err.starts_with("a.token_command: the token command failed"), "{err}");
        assert!(err.contains("refresh token expired"), "{err}");
        assert!(!err.contains("secret-token"), "{err}");
        assert!(TokenCommand::new("true", "k").token().unwrap_err().contains("printed no token"));
        let two = TokenCommand::new("printf 'one\\ntwo\\n'", "k").token().unwrap_err();
        assert!(two.contains("alone, on one line") && !two.contains("one\n"), "{two}");
        assert!(TokenCommand::new("/nonexistent/program", "k").token().is_err());
    }

    #[test]
    fn the_xoauth2_response_is_as_documented() {
        // Google's example: "user=someuser@example.com^Aauth=Bearer ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg^A^A".
        assert_eq!(
            xoauth2_response("someuser@example.com", "ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg"),
            "user=someuser@example.com\u{1}auth=Bearer ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg\u{1}\u{1}"
        );
    }
}
