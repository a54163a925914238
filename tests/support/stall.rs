//! SMTP servers that never finish: for killing a sender while it waits on the
//! server (std only).
//!
//! A [`StallServer`] listens on 127.0.0.1 (a free port) and holds every
//! connection open, without ever closing it, until it is dropped:
//!
//! * [`StallAt::Greeting`]: accepts and never says a word, so the client waits
//!   for the greeting;
//! * [`StallAt::EndOfData`]: speaks SMTP (220, EHLO, MAIL, RCPT, DATA); takes
//!   the first `accept` messages as a relay does (250 after the final "."), then
//!   reads the next message up to its final "." and never answers it: the client
//!   waits for the reply that would say whether the mail was taken.
//!
//! The test watches [`StallServer::accepted`], [`StallServer::taken`] and
//! [`StallServer::stalled`] to
//! know that the client is stuck exactly there, which makes a kill at that
//! point deterministic.

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Where a [`StallServer`] stops talking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallAt {
    /// Before the greeting.
    Greeting,
    /// After the final "." of the data, before the reply to it, once `accept`
    /// messages have been taken (answered 250).
    EndOfData {
        /// Messages taken before the server stalls.
        accept: usize,
    },
}

#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    accepted: AtomicUsize,
    /// Messages answered with 250.
    taken: Mutex<Vec<Vec<u8>>>,
    /// Messages received up to their final "." (never acknowledged).
    stalled: Mutex<Vec<Vec<u8>>>,
}

/// See the module documentation. Dropping it closes every connection.
pub struct StallServer {
    port: u16,
    shared: Arc<Shared>,
    acceptor: Option<JoinHandle<()>>,
}

impl StallServer {
    /// Starts listening.
    pub fn start(at: StallAt) -> StallServer {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind a stall server");
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new(Shared::default());
        let s = Arc::clone(&shared);
        let acceptor = thread::spawn(move || {
            let mut connections: Vec<JoinHandle<()>> = Vec::new();
            while !s.stop.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        stream.set_nonblocking(false).unwrap();
                        s.accepted.fetch_add(1, Ordering::SeqCst);
                        let s = Arc::clone(&s);
                        connections.push(thread::spawn(move || serve(stream, at, &s)));
                    }
                    Err(_) => thread::sleep(Duration::from_millis(5)),
                }
            }
            for c in connections {
                let _ = c.join();
            }
        });
        StallServer { port, shared, acceptor: Some(acceptor) }
    }

    /// The port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> usize {
        self.shared.accepted.load(Ordering::SeqCst)
    }

    /// The messages taken (answered with 250), in order.
    pub fn taken(&self) -> Vec<Vec<u8>> {
        self.shared.taken.lock().unwrap().clone()
    }

    /// The messages received whole and left without a reply.
    pub fn stalled(&self) -> Vec<Vec<u8>> {
        self.shared.stalled.lock().unwrap().clone()
    }

    /// Waits until `probe` holds; panics after `timeout`.
    #[track_caller]
    pub fn wait(&self, what: &str, timeout: Duration, probe: impl Fn(&StallServer) -> bool) {
        let deadline = Instant::now() + timeout;
        while !probe(self) {
            assert!(Instant::now() < deadline, "timed out after {timeout:?} waiting for {what} at the stall server");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for StallServer {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(a) = self.acceptor.take() {
            let _ = a.join();
        }
    }
}

/// Holds one connection until the server stops.
fn serve(stream: TcpStream, at: StallAt, shared: &Shared) {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(50)));
    if let StallAt::EndOfData { accept } = at {
        let _ = talk_until_stalled(&stream, accept, shared);
    }
    // Hold the connection open, reading (and dropping) whatever comes, so the
    // client blocks on its read, not on a full send buffer.
    let mut sink = [0u8; 4096];
    while !shared.stop.load(Ordering::SeqCst) {
        if let Ok(0) = std::io::Read::read(&mut &stream, &mut sink) {
            break;
        }
    }
}

/// The SMTP dialogue: messages are taken while fewer than `accept` were; the next
/// one is read up to its final "." and left unanswered.
fn talk_until_stalled(stream: &TcpStream, accept: usize, shared: &Shared) -> std::io::Result<()> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream.try_clone()?);
    writer.write_all(b"220 stall.test ESMTP never finishes\r\n")?;
    let mut line = Vec::new();
    loop {
        let Some(text) = read_line(&mut reader, &mut line, shared)? else { return Ok(()) };
        let verb = text.get(..4).unwrap_or("").to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" | "HELO" => writer.write_all(b"250 stall.test\r\n")?,
            "MAIL" | "RCPT" | "RSET" | "NOOP" => writer.write_all(b"250 2.0.0 OK\r\n")?,
            "DATA" => {
                writer.write_all(b"354 go ahead\r\n")?;
                let mut message = Vec::new();
                loop {
                    let Some(text) = read_line(&mut reader, &mut line, shared)? else { return Ok(()) };
                    if text == "." {
                        break;
                    }
                    message.extend_from_slice(text.strip_prefix('.').unwrap_or(&text).as_bytes());
                    message.extend_from_slice(b"\r\n");
                }
                {
                    let mut taken = shared.taken.lock().unwrap();
                    if taken.len() < accept {
                        taken.push(message);
                        writer.write_all(b"250 2.0.0 Ok: queued\r\n")?;
                        continue;
                    }
                }
                shared.stalled.lock().unwrap().push(message);
                // No reply: the client now waits for one.
                return Ok(());
            }
            "QUIT" => {
                writer.write_all(b"221 bye\r\n")?;
                return Ok(());
            }
            _ => writer.write_all(b"502 5.5.2 unknown command\r\n")?,
        }
    }
}

/// One line without its CRLF; `None` at end of stream or when stopping. Read
/// timeouts (set so that a stop is noticed) are waited out.
fn read_line(reader: &mut BufReader<TcpStream>, buf: &mut Vec<u8>, shared: &Shared) -> std::io::Result<Option<String>> {
    buf.clear();
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            return Ok(None);
        }
        match reader.read_until(b'\n', buf) {
            Ok(0) => return Ok(None),
            Ok(_) if buf.ends_with(b"\n") => {
                let text = String::from_utf8_lossy(buf).trim_end_matches(['\r', '\n']).to_string();
                return Ok(Some(text));
            }
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => continue,
            Err(e) => return Err(e),
        }
    }
}
