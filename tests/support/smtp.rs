//! A deliberately minimal SMTP client for tests (std only).
//!
//! It speaks just enough SMTP (EHLO, MAIL, RCPT, DATA with dot-stuffing, QUIT)
//! to submit a message to the private Postfix or to `smtp-sink`, and it hands
//! every reply back to the caller so that tests can assert reply classes
//! (4xx versus 5xx, or "no reply at all") without a mail library in between.
//! It never pipelines: one command, one reply, which keeps fault injection by
//! `smtp-sink` deterministic.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// How long any single connect, read or write may take. Generous for a
/// loopback server, but it guarantees that a test never hangs on a server
/// that stopped answering.
const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// The name we announce in EHLO.
const EHLO_NAME: &str = "herald-test.localdomain";

/// One SMTP reply, possibly multi-line.
#[derive(Clone, PartialEq, Eq)]
pub struct Reply {
    /// The three-digit reply code, e.g. 250.
    pub code: u16,
    /// The text of each line, without the code and separator.
    pub lines: Vec<String>,
}

impl Reply {
    /// The first digit of the code: 2 = success, 3 = go on, 4 = transient
    /// failure, 5 = permanent failure.
    pub fn class(&self) -> u16 {
        self.code / 100
    }
}

impl fmt::Debug for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.lines.join(" / "))
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Why a submission failed.
pub enum SmtpError {
    /// The server answered a command with a reply we did not want.
    Rejected {
        /// The command as sent (without CRLF), or `"<connect>"` for the
        /// greeting and `"<end of data>"` for the final dot.
        command: String,
        /// The server's reply.
        reply: Reply,
    },
    /// Connecting, reading or writing failed. A server that closes the
    /// connection instead of replying shows up as
    /// [`io::ErrorKind::UnexpectedEof`] (see [`SmtpError::is_disconnect`]).
    Io {
        /// What we were doing when it failed.
        during: String,
        /// The underlying error.
        error: io::Error,
    },
}

impl SmtpError {
    /// The server's reply, if the failure was a rejection.
    pub fn reply(&self) -> Option<&Reply> {
        match self {
            SmtpError::Rejected { reply, .. } => Some(reply),
            SmtpError::Io { .. } => None,
        }
    }

    /// True if the server dropped the connection instead of replying (the
    /// "was it delivered?" case: after the final dot this is ambiguous).
    pub fn is_disconnect(&self) -> bool {
        match self {
            SmtpError::Io { error, .. } => matches!(
                error.kind(),
                io::ErrorKind::UnexpectedEof | io::ErrorKind::ConnectionReset | io::ErrorKind::BrokenPipe
            ),
            SmtpError::Rejected { .. } => false,
        }
    }
}

// Debug prints the same text as Display so that `.expect()` / `unwrap()` in a
// test show a readable message instead of a nested struct dump.
impl fmt::Debug for SmtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for SmtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmtpError::Rejected { command, reply } => {
                write!(f, "SMTP server rejected {command}: {reply}")
            }
            SmtpError::Io { during, error } => write!(f, "SMTP I/O error during {during}: {error}"),
        }
    }
}

impl std::error::Error for SmtpError {}

/// A connected SMTP session. Every method sends one thing and returns the
/// server's reply as is; only [`send_mail`] interprets reply codes.
pub struct SmtpClient {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    greeting: Reply,
}

impl SmtpClient {
    /// Connects and reads the greeting (whatever its code).
    pub fn connect(addr: SocketAddr) -> Result<SmtpClient, SmtpError> {
        let io_err = |error| SmtpError::Io { during: format!("connect to {addr}"), error };
        let stream = TcpStream::connect_timeout(&addr, IO_TIMEOUT).map_err(io_err)?;
        stream.set_read_timeout(Some(IO_TIMEOUT)).map_err(io_err)?;
        stream.set_write_timeout(Some(IO_TIMEOUT)).map_err(io_err)?;
        let writer = stream.try_clone().map_err(io_err)?;
        let mut reader = BufReader::new(stream);
        let greeting = read_reply(&mut reader)
            .map_err(|error| SmtpError::Io { during: format!("reading the greeting of {addr}"), error })?;
        Ok(SmtpClient { reader, writer, greeting })
    }

    /// The server's greeting (220 normally; 421 from a server that refuses
    /// service at connect time).
    pub fn greeting(&self) -> &Reply {
        &self.greeting
    }

    /// Sends one command line (CRLF is added) and returns the reply, whatever
    /// its code.
    pub fn command(&mut self, line: &str) -> Result<Reply, SmtpError> {
        assert!(!line.contains(['\r', '\n']), "SMTP command must be one line: {line:?}");
        let during = || format!("command {line:?}");
        self.writer
            .write_all(format!("{line}\r\n").as_bytes())
            .map_err(|error| SmtpError::Io { during: during(), error })?;
        read_reply(&mut self.reader).map_err(|error| SmtpError::Io { during: during(), error })
    }

    /// Sends the message content after a 354 reply to DATA: line endings
    /// are normalised to CRLF, lines starting with "." are dot-stuffed, and
    /// the terminating "." is sent. Returns the reply to the final dot.
    pub fn data_body(&mut self, raw: &[u8]) -> Result<Reply, SmtpError> {
        let io_err = |error| SmtpError::Io { during: "sending the message content".to_string(), error };
        self.writer.write_all(&dot_stuff(raw)).map_err(io_err)?;
        self.writer.flush().map_err(io_err)?;
        read_reply(&mut self.reader)
            .map_err(|error| SmtpError::Io { during: "waiting for the reply to the final dot".to_string(), error })
    }

    /// Sends QUIT and ignores the outcome (the transaction is over either way).
    pub fn quit(mut self) {
        let _ = self.command("QUIT");
    }
}

/// Submits one message: EHLO, MAIL FROM, RCPT TO for each recipient, DATA,
/// QUIT. Any reply that is not the expected success is returned as
/// [`SmtpError::Rejected`]. `from` may be empty for the null sender `<>`.
pub fn send_mail(addr: SocketAddr, raw: &[u8], from: &str, to: &[&str]) -> Result<(), SmtpError> {
    let mut client = SmtpClient::connect(addr)?;
    let greeting = client.greeting().clone();
    if greeting.code != 220 {
        return Err(SmtpError::Rejected { command: "<connect>".to_string(), reply: greeting });
    }
    expect(&mut client, &format!("EHLO {EHLO_NAME}"), 250)?;
    expect(&mut client, &format!("MAIL FROM:<{from}>"), 250)?;
    for rcpt in to {
        // 251 ("user not local; will forward") is a success too.
        let line = format!("RCPT TO:<{rcpt}>");
        let reply = client.command(&line)?;
        if reply.code != 250 && reply.code != 251 {
            return Err(SmtpError::Rejected { command: line, reply });
        }
    }
    expect(&mut client, "DATA", 354)?;
    let reply = client.data_body(raw)?;
    if reply.code != 250 {
        return Err(SmtpError::Rejected { command: "<end of data>".to_string(), reply });
    }
    client.quit();
    Ok(())
}

fn expect(client: &mut SmtpClient, line: &str, code: u16) -> Result<Reply, SmtpError> {
    let reply = client.command(line)?;
    if reply.code == code { Ok(reply) } else { Err(SmtpError::Rejected { command: line.to_string(), reply }) }
}

/// Reads one (possibly multi-line) reply: "250-a", "250-b", "250 c".
fn read_reply(reader: &mut impl BufRead) -> io::Result<Reply> {
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "server closed the connection without a reply"));
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\r', '\n']);
        let bad = || io::Error::new(io::ErrorKind::InvalidData, format!("malformed SMTP reply line {line:?}"));
        let code: u16 = line
            .get(..3)
            .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(bad)?
            .parse()
            .map_err(|_| bad())?;
        let (more, text) = match line.as_bytes().get(3) {
            Some(b'-') => (true, &line[4..]),
            Some(b' ') => (false, &line[4..]),
            None => (false, ""),
            Some(_) => return Err(bad()),
        };
        lines.push(text.to_string());
        if !more {
            return Ok(Reply { code, lines });
        }
    }
}

/// Normalises line endings to CRLF, dot-stuffs, and appends the final ".".
///
/// A bare LF or CRLF ends a line; a lone CR in the middle of a line is kept
/// (Postfix would keep it too). A missing final newline is supplied.
pub fn dot_stuff(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 32 + 5);
    let body = raw.strip_suffix(b"\n").unwrap_or(raw);
    if !raw.is_empty() {
        for line in body.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.first() == Some(&b'.') {
                out.push(b'.');
            }
            out.extend_from_slice(line);
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(b".\r\n");
    out
}
