//! Many mails on one connection: each mail's data written together with the next mail's MAIL,
//! RCPT and DATA (RFC 2920), so a mail costs one round trip, and the data section with its
//! terminator in one write.

use std::fmt;

use super::Smtp;
use crate::mail::transport::{Envelope, SendError};

/// One mail of a pipelined batch, ready for the wire.
pub(super) struct Prepared {
    pub(super) envelope: lettre::address::Envelope,
    pub(super) commands: String,
    /// The dot-stuffed data section, ending in ".\r\n".
    pub(super) data: String,
}

impl Smtp {
    /// Sends a batch on one connection, each mail's data written together with the next
    /// mail's MAIL, RCPT and DATA (RFC 2920 allows a command group after the data's final
    /// dot), so a mail costs one round trip instead of two. The next mail's data is never
    /// written before its DATA is answered 354, and each mail's result is reported as soon as
    /// its final reply is read. After any failure the connection is closed: a mail whose
    /// commands were already written but whose data was not has not been sent, and is tried
    /// again on a new connection.
    pub(super) fn send_pipelined(
        &self,
        mails: &[Prepared],
        done: &mut dyn FnMut(usize, Result<(), SendError>) -> bool,
    ) {
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
pub(super) fn data_section(text: &str) -> String {
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
pub(super) struct RawData<'a>(pub(super) &'a str);

impl fmt::Display for RawData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Bare LFs → CRLF; existing CRLFs and lone CRs are kept.
pub(super) fn crlf_line_endings(message: &[u8]) -> Vec<u8> {
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

pub(super) fn lettre_envelope(envelope: &Envelope) -> Result<lettre::address::Envelope, SendError> {
    let parse = |addr: &str| {
        addr.parse::<lettre::Address>()
            .map_err(|e| SendError::permanent(format!("envelope address {addr:?} is not usable: {e}")))
    };
    let from = if envelope.from.is_empty() { None } else { Some(parse(&envelope.from)?) };
    let to = envelope.to.iter().map(|a| parse(a)).collect::<Result<Vec<_>, _>>()?;
    lettre::address::Envelope::new(from, to).map_err(|e| SendError::permanent(format!("envelope: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_gets_crlf_everywhere() {
        assert_eq!(crlf_line_endings(b"a\nb\r\n.\n\rc\n"), b"a\r\nb\r\n.\r\n\rc\r\n");
    }
}
