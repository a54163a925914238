//! What starting a private server for the tests needs: the Debian programs (checked up
//! front, with instructions when missing), free ports, timeouts, and a watchdog.
//!
//! # Cleanup
//!
//! Dropping a `PostfixInstance` or `SmtpSink` stops its processes and
//! removes its directory (set `HERALD_KEEP_TEST_DIRS=1` to keep directories
//! for inspection). A test that panics unwinds through that `Drop`. A test
//! process that dies without unwinding (SIGKILL, abort, a CI timeout) is
//! covered by a small watchdog shell per server: it waits for end-of-file on
//! a pipe that only the test process holds, so the kernel closing that pipe
//! triggers `postfix abort` (or a kill of `smtp-sink`) and the directory's
//! removal. The watchdog sits in its own process group and ignores
//! SIGINT/SIGTERM/SIGHUP so that a Ctrl-C aimed at `cargo test` reaches it
//! only as that end-of-file.
//!
//! # Requirements
//!
//! Root (the Postfix master must start as root) and the Debian packages
//! `postfix` and `postfix-sqlite`; the system's own Postfix service need not
//! be configured or running. Missing pieces make `PostfixInstance::start` and
//! `SmtpSink::start` fail with instructions; tests must not skip.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

/// Where Debian installs `postfix`, `postqueue` and `smtp-sink`. Absolute
/// paths, because /usr/sbin is not always on a test's PATH.
pub(crate) const SBIN: &str = "/usr/sbin";

/// How to get Postfix onto a Debian machine; quoted in every "not installed"
/// error.
pub const INSTALL_HINT: &str = "install it as root with:\n  \
     echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections\n  \
     DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postfix postfix-sqlite\n\
     (the system's own Postfix does not need to be configured or running)";

/// The default user for the pipe command and the owner of the Maildirs.
pub const DEFAULT_PIPE_USER: &str = "nobody";

/// The name of the pipe(8) service in master.cf and of its transport.
const REFEREE_TRANSPORT: &str = "referee";

/// Upper bound for Postfix or smtp-sink to accept connections; they normally
/// need well under a second.
pub(crate) const START_TIMEOUT: Duration = Duration::from_secs(15);

/// Upper bound for Postfix to stop after SIGTERM before it is killed.
pub(crate) const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// Polling interval of the wait helpers.
pub(crate) const POLL: Duration = Duration::from_millis(25);

/// A free port can be taken by someone else between our probe and Postfix's
/// bind(); try a few fresh ports before giving up.
pub(crate) const PORT_ATTEMPTS: usize = 5;

/// An error whose `Debug` is its plain multi-line text, so that
/// `PostfixInstance::start(..).expect(..)` prints the Postfix log readably
/// instead of as one escaped string.
pub(crate) struct HarnessError(String);

impl fmt::Debug for HarnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for HarnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HarnessError {}

pub(crate) fn harness_error(message: impl Into<String>) -> io::Error {
    io::Error::other(HarnessError(message.into()))
}

/// Adds what we were doing to an I/O error.
pub(crate) fn context(what: impl fmt::Display) -> impl FnOnce(io::Error) -> io::Error {
    move |e| harness_error(format!("{what}: {e}"))
}

/// Fails with install instructions unless we are root and the Postfix
/// programs exist.
pub(crate) fn preflight(programs: &[&str]) -> io::Result<()> {
    for program in programs {
        let path = sbin(program);
        if !path.is_file() {
            return Err(harness_error(format!(
                "{} not found: Postfix is not installed; {INSTALL_HINT}",
                path.display()
            )));
        }
    }
    // /proc/self belongs to the effective uid of the process looking at it.
    let euid = fs::metadata("/proc/self").map_err(context("reading /proc/self"))?.uid();
    if euid != 0 {
        return Err(harness_error(format!(
            "the Postfix test harness must run as root (euid is {euid}): the Postfix \
             master starts as root and drops privileges itself"
        )));
    }
    Ok(())
}

/// The players' Maildirs need the `sqlite` lookup table type, which Debian
/// ships as a plug-in in the separate `postfix-sqlite` package.
///
/// Asks with `-c config_dir`: plain `postconf -m` reads /etc/postfix/main.cf,
/// which does not exist when the package was installed with "No
/// configuration" (as CI does).
pub(crate) fn require_sqlite_map(config_dir: &Path) -> io::Result<()> {
    let out = Command::new(sbin("postconf"))
        .arg("-c")
        .arg(config_dir)
        .arg("-m")
        .stdin(Stdio::null())
        .output()
        .map_err(context("running postconf -m"))?;
    if String::from_utf8_lossy(&out.stdout).lines().any(|l| l.trim() == "sqlite") {
        Ok(())
    } else {
        Err(harness_error(format!(
            "`postconf -m` lists no sqlite lookup tables, which the players' Maildirs \
             need: the postfix-sqlite package is missing; {INSTALL_HINT}{}",
            String::from_utf8_lossy(&out.stderr)
        )))
    }
}

pub(crate) fn sbin(program: &str) -> PathBuf {
    Path::new(SBIN).join(program)
}

/// Writes a Postfix configuration file dated a minute back.
///
/// Postfix re-reads a configuration file that changed within the last
/// second, pausing 300 ms each time, "to let it cool down" (dict_load_file);
/// a fresh main.cf would cost every instance about two seconds per Postfix
/// program started, and there are several.
pub(crate) fn write_config(path: &Path, contents: &str) -> io::Result<()> {
    let file = File::create(path).map_err(context(format!("writing {}", path.display())))?;
    (&file).write_all(contents.as_bytes())?;
    file.set_modified(SystemTime::now() - Duration::from_secs(60))?;
    Ok(())
}

pub(crate) fn free_port() -> io::Result<u16> {
    // Bind to port 0 and let the kernel choose; the port is released again
    // at once, so another process may grab it before our server binds:
    // callers detect that and retry.
    Ok(TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?.local_addr()?.port())
}

pub(crate) fn wait_timeout(child: &mut Child, timeout: Duration) -> io::Result<Option<ExitStatus>> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            return Ok(None);
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// Reads the first line of an SMTP greeting, with a short timeout.
pub(crate) fn read_greeting(stream: &TcpStream) -> io::Result<String> {
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line)?;
    Ok(line)
}

/// The last `max` lines of a log, for error messages.
pub(crate) fn tail(text: &str, max: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let skipped = lines.len().saturating_sub(max);
    let mut out = String::new();
    if skipped > 0 {
        out.push_str(&format!("[... {skipped} earlier lines ...]\n"));
    }
    for line in &lines[skipped..] {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Runs `cleanup` when the test process goes away without running `Drop`.
///
/// A `/bin/sh` child reads its stdin, a pipe whose write end only the test
/// process holds (std opens pipes close-on-exec, so no other child inherits
/// it). When the test process exits for any reason the kernel closes that
/// end, `read` sees end-of-file and the shell runs `cleanup`. Normal
/// shutdown kills the watchdog first, so `cleanup` never runs twice.
pub(crate) struct Watchdog(Child);

impl Watchdog {
    pub(crate) fn spawn(cleanup: &str, args: &[&OsStr]) -> io::Result<Watchdog> {
        // Ignoring the signals (the disposition survives exec) and a process
        // group of its own keep a Ctrl-C or a `kill -- -PGID` aimed at the
        // test run from killing the watchdog before it has done its job.
        let script = format!("trap '' HUP INT TERM; while read -r _; do :; done; {cleanup}");
        let child = Command::new("/bin/sh")
            .arg("-c")
            .arg(script)
            .arg("herald-test-watchdog")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(context("spawning the cleanup watchdog /bin/sh"))?;
        Ok(Watchdog(child))
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        // SIGKILL cannot be trapped; the shell dies without running cleanup.
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Why a server did not start: its port was taken meanwhile (try another), or anything else.
pub(crate) enum StartFailure {
    PortTaken,
    Other(String),
}
