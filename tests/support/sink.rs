//! Postfix's `smtp-sink`: an SMTP server that takes every mail into a file, or fails on the
//! command a test chooses.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::harness::*;
use super::tempdir::{DEFAULT_PIPE_USER, TempDir, lookup_user};

// smtp-sink

/// A fault for [`SmtpSink`] to inject (smtp-sink options; the reply texts are
/// smtp-sink's defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `-r RCPT`: every RCPT TO is answered `450 4.3.0 Error: command failed`
    /// (transient).
    RcptTempFail,
    /// `-f DATA`: DATA is answered `500 5.3.0 Error: command failed`
    /// (permanent).
    DataPermFail,
    /// `-q .`: after the final "." the connection is closed without a reply
    /// (the client cannot know whether the message was taken; smtp-sink has
    /// in fact captured it).
    DropAfterData,
    /// `-Q MAIL`: MAIL FROM is answered `421 4.0.0 Server closing
    /// connection` and the connection is closed.
    ShutdownAtMail,
    /// Any other fault option: `option` is `-r`, `-f`, `-q` or `-Q`, and
    /// `commands` a comma-separated list such as `"MAIL,RCPT"`. Faults on
    /// CONNECT are not supported (the readiness check needs a greeting).
    Custom {
        /// The smtp-sink option.
        option: String,
        /// The SMTP commands it applies to.
        commands: String,
    },
}

impl Fault {
    fn args(&self) -> [&str; 2] {
        match self {
            Fault::RcptTempFail => ["-r", "RCPT"],
            Fault::DataPermFail => ["-f", "DATA"],
            Fault::DropAfterData => ["-q", "."],
            Fault::ShutdownAtMail => ["-Q", "MAIL"],
            Fault::Custom { option, commands } => [option, commands],
        }
    }
}

/// One message captured by [`SmtpSink`].
#[derive(Clone, Debug)]
pub struct SinkMessage {
    /// The MAIL FROM address, without angle brackets or parameters.
    pub mail_from: String,
    /// The RCPT TO addresses, in order, without angle brackets or parameters.
    pub rcpt_to: Vec<String>,
    /// The message as received (dot-stuffing undone), with LF line endings:
    /// smtp-sink writes its dump files that way.
    pub content: Vec<u8>,
    /// The dump file.
    pub path: PathBuf,
}

/// Postfix's `smtp-sink` on 127.0.0.1, capturing every message to a file,
/// optionally with a [`Fault`]: a stand-in for the club's outgoing relay.
/// It runs as `nobody` (`-u`, required when started as root). Stopped and
/// removed on drop.
pub struct SmtpSink {
    port: u16,
    fault: Option<Fault>,
    id: String,
    child: Option<Child>,
    watchdog: Option<Watchdog>,
    /// Declared last: dropped after the process is gone.
    dir: TempDir,
}

impl SmtpSink {
    /// Starts `smtp-sink` on a free port and waits until it greets.
    pub fn start(fault: Option<Fault>) -> io::Result<SmtpSink> {
        preflight(&["smtp-sink"])?;
        let dir = TempDir::new("herald-sink")?;
        let dump = dir.path().join("dump");
        fs::create_dir(&dump)?;
        // smtp-sink writes its dumps after switching to this user (-u).
        let ids = lookup_user(DEFAULT_PIPE_USER)?;
        std::os::unix::fs::chown(&dump, Some(ids.uid), Some(ids.gid))?;
        let id = dir.path().file_name().and_then(OsStr::to_str).unwrap_or("smtp-sink").to_string();
        let mut sink = SmtpSink { port: 0, fault: None, id, child: None, watchdog: None, dir };
        for attempt in 1..=PORT_ATTEMPTS {
            sink.port = free_port()?;
            match sink.spawn(fault.clone()) {
                Ok(()) => return Ok(sink),
                Err(StartFailure::PortTaken) if attempt < PORT_ATTEMPTS => continue,
                Err(StartFailure::PortTaken) => {
                    return Err(sink.start_error("every port we tried was taken"));
                }
                Err(StartFailure::Other(why)) => return Err(sink.start_error(&why)),
            }
        }
        unreachable!("the last attempt returns")
    }

    /// Stops smtp-sink and starts it again on the same port with another
    /// fault (or none), keeping the messages captured so far: for tests of
    /// "the server refuses, then recovers".
    pub fn restart(&mut self, fault: Option<Fault>) -> io::Result<()> {
        self.stop();
        // smtp-sink sets SO_REUSEADDR, so connections in TIME_WAIT do not
        // block the port; a stranger grabbing it in between does, rarely.
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match self.spawn(fault.clone()) {
                Ok(()) => return Ok(()),
                Err(StartFailure::PortTaken) if Instant::now() < deadline => {
                    thread::sleep(Duration::from_millis(100));
                }
                Err(StartFailure::PortTaken) => {
                    return Err(self.start_error(&format!("port {} stayed in use", self.port)));
                }
                Err(StartFailure::Other(why)) => return Err(self.start_error(&why)),
            }
        }
    }

    /// Kills smtp-sink; the captured messages stay readable until drop.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        self.watchdog = None;
    }

    /// The port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> SocketAddr {
        SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, self.port))
    }

    /// The fault in effect.
    pub fn fault(&self) -> Option<&Fault> {
        self.fault.as_ref()
    }

    /// All messages captured so far, oldest first. Transactions that never
    /// reached DATA (see [`Fault::RcptTempFail`], [`Fault::DataPermFail`])
    /// are not messages; with [`Fault::DropAfterData`] the message is
    /// captured although the client got no reply. A transaction still in
    /// progress may show up with partial content.
    pub fn messages(&self) -> Vec<SinkMessage> {
        let mut files: Vec<(SystemTime, PathBuf)> = fs::read_dir(self.dump_dir())
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| {
                        let mtime = e.metadata().and_then(|m| m.modified()).unwrap_or(UNIX_EPOCH);
                        (mtime, e.path())
                    })
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
            .into_iter()
            .filter_map(|(_, path)| {
                let raw = fs::read(&path).ok()?;
                parse_sink_dump(&raw, path)
            })
            .collect()
    }

    /// Waits until at least `count` messages were captured; panics with
    /// smtp-sink's output after `timeout`.
    #[track_caller]
    pub fn wait_for_messages(&self, count: usize, timeout: Duration) -> Vec<SinkMessage> {
        let deadline = Instant::now() + timeout;
        loop {
            let messages = self.messages();
            if messages.len() >= count {
                return messages;
            }
            if Instant::now() >= deadline {
                panic!(
                    "timed out after {timeout:?} waiting for {count} message(s) at smtp-sink \
                     {}, have {}\n--- smtp-sink output ---\n{}",
                    self.addr(),
                    messages.len(),
                    self.log()
                );
            }
            thread::sleep(POLL);
        }
    }

    /// smtp-sink's own output (errors only, normally).
    pub fn log(&self) -> String {
        fs::read(self.log_path()).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()
    }

    fn dump_dir(&self) -> PathBuf {
        self.dir.path().join("dump")
    }

    fn log_path(&self) -> PathBuf {
        self.dir.path().join("smtp-sink.log")
    }

    fn spawn(&mut self, fault: Option<Fault>) -> Result<(), StartFailure> {
        let other = |what: &str, e: io::Error| StartFailure::Other(format!("{what}: {e}"));
        let log = File::create(self.log_path()).map_err(|e| other("creating the log", e))?;
        let log2 = log.try_clone().map_err(|e| other("creating the log", e))?;
        let mut cmd = Command::new(sbin("smtp-sink"));
        cmd.args(["-u", DEFAULT_PIPE_USER])
            // The banner carries our id, so the readiness check knows it
            // talks to this sink.
            .arg("-h")
            .arg(&self.id)
            // An strftime(3) template; smtp-sink appends a random suffix per
            // message. Names do not sort by arrival; modification times do.
            .arg("-d")
            .arg(format!("{}/%Y%m%d%H%M%S.", self.dump_dir().display()));
        if let Some(fault) = &fault {
            cmd.args(fault.args());
        }
        cmd.arg(format!("127.0.0.1:{}", self.port)).arg("100").stdin(Stdio::null()).stdout(log).stderr(log2);
        let child = cmd.spawn().map_err(|e| other("spawning smtp-sink", e))?;
        let pid = child.id().to_string();
        self.child = Some(child);
        self.fault = fault;
        self.watchdog = Some(
            Watchdog::spawn(r#"kill -KILL "$1"; rm -rf -- "$2""#, &[OsStr::new(&pid), self.dir.path().as_os_str()])
                .map_err(|e| other("arming the watchdog", e))?,
        );
        self.wait_until_ready()
    }

    fn wait_until_ready(&mut self) -> Result<(), StartFailure> {
        let deadline = Instant::now() + START_TIMEOUT;
        let addr = self.addr();
        loop {
            let child = self.child.as_mut().expect("smtp-sink was spawned");
            if let Ok(Some(status)) = child.try_wait() {
                self.child = None;
                self.watchdog = None;
                if self.log().contains("Address already in use") {
                    return Err(StartFailure::PortTaken);
                }
                return Err(StartFailure::Other(format!("smtp-sink exited ({status}) before accepting connections")));
            }
            if let Ok(stream) = TcpStream::connect_timeout(&addr, Duration::from_millis(250))
                && read_greeting(&stream).is_ok_and(|g| g.contains(&self.id))
            {
                let _ = (&stream).write_all(b"QUIT\r\n");
                return Ok(());
            }
            if Instant::now() >= deadline {
                self.stop();
                return Err(StartFailure::Other(format!("smtp-sink did not greet on {addr} within {START_TIMEOUT:?}")));
            }
            thread::sleep(POLL);
        }
    }

    fn start_error(&self, why: &str) -> io::Error {
        harness_error(format!(
            "smtp-sink on {} failed to start: {why}\n--- smtp-sink output ---\n{}",
            self.addr(),
            self.log()
        ))
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Splits an smtp-sink dump into envelope and content. The format
/// (smtp-sink(1)): `X-Client-Addr`, `X-Client-Proto`, `X-Helo-Args`,
/// `X-Mail-Args`, one `X-Rcpt-Args` per recipient, a three-line `Received:`
/// header, then the message, then one empty line.
///
/// smtp-sink opens the file at MAIL FROM, so a transaction that ends before
/// DATA (a refused RCPT, a refused DATA, a dropped client) leaves a file
/// without the `Received:` line: that is no message, and gives None.
pub(crate) fn parse_sink_dump(raw: &[u8], path: PathBuf) -> Option<SinkMessage> {
    let first_address = |args: &str| {
        args.split_whitespace().next().unwrap_or("").trim_start_matches('<').trim_end_matches('>').to_string()
    };
    let mut mail_from = String::new();
    let mut rcpt_to = Vec::new();
    let mut pos = 0;
    let mut in_received = false;
    while pos < raw.len() {
        let end = raw[pos..].iter().position(|&b| b == b'\n').map_or(raw.len(), |i| pos + i + 1);
        let line = String::from_utf8_lossy(&raw[pos..end]);
        let line = line.trim_end_matches('\n');
        if in_received {
            if !line.starts_with([' ', '\t']) {
                break;
            }
        } else if let Some(args) = line.strip_prefix("X-Mail-Args: ") {
            mail_from = first_address(args);
        } else if let Some(args) = line.strip_prefix("X-Rcpt-Args: ") {
            rcpt_to.push(first_address(args));
        } else if line.starts_with("Received: ") {
            in_received = true;
        } else if !line.starts_with("X-") {
            break;
        }
        pos = end;
    }
    if !in_received {
        return None;
    }
    let mut content = raw[pos..].to_vec();
    // smtp-sink ends every dump with an empty line of its own.
    if content.ends_with(b"\n\n") {
        content.pop();
    }
    Some(SinkMessage { mail_from, rcpt_to, content, path })
}
