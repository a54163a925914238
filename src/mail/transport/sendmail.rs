//! Sending through the local `sendmail` program, as every Unix mail server offers it.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::{Envelope, SendError, Transport};

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
                    io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => SendError::setup(message),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_becomes_lf_for_sendmail() {
        assert_eq!(lf_line_endings(b"a\r\nb\r\n\r\nc\rd\n"), b"a\nb\n\nc\rd\n");
    }
}
