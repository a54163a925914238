//! A real, private Postfix on 127.0.0.1 and Postfix's `smtp-sink`, for
//! herald's end-to-end tests (std only).
//!
//! # [`PostfixInstance`]: the club's mail server in miniature
//!
//! [`PostfixInstance::start`] builds a complete Postfix configuration in a
//! fresh temporary directory `B` and runs `postfix -c B/etc start-fg`:
//!
//! * SMTP on `127.0.0.1:PORT`, PORT a free port chosen at run time, so any
//!   number of instances can run side by side (each has its own queue, data
//!   and mail directories, and its own `master.pid` lock).
//! * Mail for the referee domain (`game.test` by default) goes through a
//!   `pipe(8)` transport named `referee` to the command given in
//!   [`PostfixOptions`], one recipient and one delivery at a time
//!   (`referee_destination_recipient_limit = 1`,
//!   `referee_destination_concurrency_limit = 1`), with `flags=DORXq`: the
//!   command gets the whole message on stdin, preceded by `Return-Path:`,
//!   `X-Original-To:` and `Delivered-To:`. The command line may use pipe(8)
//!   macros such as `${recipient}`, `${extension}`, `${user}`, `${sender}`;
//!   `${extension}` is the part after `+` (`recipient_delimiter = +`). Exit
//!   status 75 (EX_TEMPFAIL) makes Postfix defer the message and try again
//!   2–3 seconds later; [`PostfixInstance::flush`] forces an immediate retry.
//! * Mail for any address at the players' domain (`players.test` by default)
//!   is delivered by `virtual(8)` into a real Maildir per address,
//!   `B/mail/<domain>/<localpart>/` (see [`PostfixInstance::maildir`]);
//!   `u1+tag@players.test` lands in `u1`'s Maildir, as on a real server.
//!   Local parts are limited to letters, digits and `._=-` (anything else is
//!   refused at RCPT with 550, so no path tricks).
//!   virtual(8) refuses per-address paths both from regexp tables (no `$1`
//!   substitution for mailbox maps) and from unauthenticated tables
//!   (`socketmap:`, `tcp:`), so the mailbox map is an SQL expression over the
//!   address in an `sqlite:` table (Debian package `postfix-sqlite`) whose
//!   database is an empty file: no address needs declaring.
//! * Everything else is refused or bounced (`default_transport = error`):
//!   nothing ever leaves the machine.
//! * The Postfix log goes to `B/maillog` ([`PostfixInstance::log`]):
//!   `maillog_file = /dev/stdout`, and start-fg runs `master -s`, which keeps
//!   its stdout, which the harness points at that file. (Pointing
//!   `maillog_file` at a file under /tmp instead fails silently: it must
//!   start with one of `maillog_file_prefixes`, default `/var, /dev/stdout`,
//!   and the fatal error about that has nowhere to go; start-fg just exits 1.)
//!
//! # The pipe user
//!
//! `pipe(8)` refuses to run commands as root, so the command runs as the
//! user in [`PostfixOptions::pipe_user`] (`nobody`, uid 65534 on Debian).
//! Everything the command touches must be reachable by that user:
//!
//! * the program itself: if `nobody` cannot execute it (for instance a cargo
//!   target directory under `/root`, which is mode 0700), the harness copies
//!   it into `B/bin/` and runs the copy;
//! * its arguments: an absolute path in the command line that exists but is
//!   not readable by the pipe user is refused at start, with an explanation;
//! * files it writes (herald's database, its outbox): put them in a
//!   directory from [`pipe_user_dir`], and hand over files that the test
//!   created there as root with [`give_to_pipe_user`].
//!
//! The Maildirs belong to the same user (`virtual_uid_maps`); the test runs
//! as root and reads everything.
//!
//! # Cleanup
//!
//! Dropping a [`PostfixInstance`] or [`SmtpSink`] stops its processes and
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
//! be configured or running. Missing pieces make [`PostfixInstance::start`] and
//! [`SmtpSink::start`] fail with instructions; tests must not skip.

use super::smtp::{self, SmtpError};

use std::ffi::OsStr;
use std::fmt;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpListener, TcpStream};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Where Debian installs `postfix`, `postqueue` and `smtp-sink`. Absolute
/// paths, because /usr/sbin is not always on a test's PATH.
const SBIN: &str = "/usr/sbin";

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
const START_TIMEOUT: Duration = Duration::from_secs(15);

/// Upper bound for Postfix to stop after SIGTERM before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// Polling interval of the wait helpers.
const POLL: Duration = Duration::from_millis(25);

/// A free port can be taken by someone else between our probe and Postfix's
/// bind(); try a few fresh ports before giving up.
const PORT_ATTEMPTS: usize = 5;

// ---------------------------------------------------------------------------
// Errors

/// An error whose `Debug` is its plain multi-line text, so that
/// `PostfixInstance::start(..).expect(..)` prints the Postfix log readably
/// instead of as one escaped string.
struct HarnessError(String);

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

fn harness_error(message: impl Into<String>) -> io::Error {
    io::Error::other(HarnessError(message.into()))
}

/// Adds what we were doing to an I/O error.
fn context(what: impl fmt::Display) -> impl FnOnce(io::Error) -> io::Error {
    move |e| harness_error(format!("{what}: {e}"))
}

/// Fails with install instructions unless we are root and the Postfix
/// programs exist.
fn preflight(programs: &[&str]) -> io::Result<()> {
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
fn require_sqlite_map(config_dir: &Path) -> io::Result<()> {
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

fn sbin(program: &str) -> PathBuf {
    Path::new(SBIN).join(program)
}

// ---------------------------------------------------------------------------
// Temporary directories, users, permissions

/// A directory removed on drop (std-only stand-in for `tempfile::TempDir`).
/// Set `HERALD_KEEP_TEST_DIRS=1` to keep it for inspection.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates `$TMPDIR/<prefix>-<pid>-<n>-<nanos>`, mode 0755 so that
    /// Postfix's unprivileged processes and the pipe user can traverse it.
    pub fn new(prefix: &str) -> io::Result<TempDir> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let root = std::env::temp_dir();
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
            let path = root.join(format!("{prefix}-{}-{n}-{nanos:x}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => {
                    fs::set_permissions(&path, Permissions::from_mode(0o755))?;
                    return Ok(TempDir { path });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(context(format!("creating {}", path.display()))(e)),
            }
        }
    }

    /// The directory's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::env::var_os("HERALD_KEEP_TEST_DIRS").is_some() {
            eprintln!("keeping {}", self.path.display());
        } else {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

/// Numeric ids of a system user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UserIds {
    /// User id.
    pub uid: u32,
    /// Primary group id.
    pub gid: u32,
}

/// Looks a user up in /etc/passwd (test machines have no other user
/// database worth asking).
pub fn lookup_user(name: &str) -> io::Result<UserIds> {
    let passwd = fs::read_to_string("/etc/passwd").map_err(context("reading /etc/passwd"))?;
    for line in passwd.lines() {
        let fields: Vec<&str> = line.split(':').collect();
        if fields.len() >= 4
            && fields[0] == name
            && let (Ok(uid), Ok(gid)) = (fields[2].parse(), fields[3].parse())
        {
            return Ok(UserIds { uid, gid });
        }
    }
    Err(harness_error(format!("user {name:?} not found in /etc/passwd")))
}

/// A fresh temporary directory owned by the default pipe user (`nobody`),
/// for files the pipe command must write: herald's database, its outbox, a
/// test script's output. Files the test creates inside it as root stay
/// root's; hand them over with [`give_to_pipe_user`].
pub fn pipe_user_dir() -> io::Result<TempDir> {
    let dir = TempDir::new("herald-pipe")?;
    give_to_pipe_user(dir.path())?;
    Ok(dir)
}

/// Recursively gives `path` to the default pipe user (`nobody`), without
/// following symbolic links.
pub fn give_to_pipe_user(path: &Path) -> io::Result<()> {
    let ids = lookup_user(DEFAULT_PIPE_USER)?;
    chown_recursive(path, ids)
}

fn chown_recursive(path: &Path, ids: UserIds) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(ids.uid), Some(ids.gid))
        .map_err(context(format!("chown {}", path.display())))?;
    if fs::symlink_metadata(path)?.is_dir() {
        for entry in fs::read_dir(path)? {
            chown_recursive(&entry?.path(), ids)?;
        }
    }
    Ok(())
}

/// Whether `ids` may use `path` with the permission bits `need` (4 = read,
/// 1 = execute/search), including search permission on every ancestor
/// directory. Supplementary groups are ignored: `nobody` has none.
fn accessible_to(path: &Path, ids: UserIds, need: u32) -> bool {
    let Ok(real) = path.canonicalize() else {
        return false;
    };
    let permits = |p: &Path, bits: u32| {
        fs::metadata(p).is_ok_and(|m| {
            let shift = if m.uid() == ids.uid {
                6
            } else if m.gid() == ids.gid {
                3
            } else {
                0
            };
            (m.mode() >> shift) & bits == bits
        })
    };
    real.ancestors().skip(1).all(|dir| permits(dir, 0o1)) && permits(&real, need)
}

/// Writes a Postfix configuration file dated a minute back.
///
/// Postfix re-reads a configuration file that changed within the last
/// second, pausing 300 ms each time, "to let it cool down" (dict_load_file);
/// a fresh main.cf would cost every instance about two seconds per Postfix
/// program started, and there are several.
fn write_config(path: &Path, contents: &str) -> io::Result<()> {
    let file = File::create(path).map_err(context(format!("writing {}", path.display())))?;
    (&file).write_all(contents.as_bytes())?;
    file.set_modified(SystemTime::now() - Duration::from_secs(60))?;
    Ok(())
}

fn free_port() -> io::Result<u16> {
    // Bind to port 0 and let the kernel choose; the port is released again
    // at once, so another process may grab it before our server binds:
    // callers detect that and retry.
    Ok(TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?.local_addr()?.port())
}

fn wait_timeout(child: &mut Child, timeout: Duration) -> io::Result<Option<ExitStatus>> {
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
fn read_greeting(stream: &TcpStream) -> io::Result<String> {
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line)?;
    Ok(line)
}

/// The last `max` lines of a log, for error messages.
fn tail(text: &str, max: usize) -> String {
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

// ---------------------------------------------------------------------------
// Watchdog

/// Runs `cleanup` when the test process goes away without running `Drop`.
///
/// A `/bin/sh` child reads its stdin, a pipe whose write end only the test
/// process holds (std opens pipes close-on-exec, so no other child inherits
/// it). When the test process exits for any reason the kernel closes that
/// end, `read` sees end-of-file and the shell runs `cleanup`. Normal
/// shutdown kills the watchdog first, so `cleanup` never runs twice.
struct Watchdog(Child);

impl Watchdog {
    fn spawn(cleanup: &str, args: &[&OsStr]) -> io::Result<Watchdog> {
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

// ---------------------------------------------------------------------------
// Postfix

/// How to configure a [`PostfixInstance`].
#[derive(Clone, Debug)]
pub struct PostfixOptions {
    /// Domain whose mail goes to [`PostfixOptions::referee_command`].
    /// Default `game.test`.
    pub referee_domain: String,
    /// Domain whose mail is delivered into Maildirs. Default `players.test`.
    pub players_domain: String,
    /// The pipe(8) command: an absolute program path and its arguments,
    /// which may contain pipe(8) macros such as `${recipient}`. An argument
    /// may contain spaces (it is then written as `{ arg }` in master.cf),
    /// but not spaces and braces together, line breaks, a leading `{`, or
    /// leading/trailing white space.
    pub referee_command: Vec<String>,
    /// The user the pipe command runs as; also owns the Maildirs. Default
    /// `nobody`.
    pub pipe_user: String,
    /// Extra `main.cf` settings, written last so that they override the
    /// harness's own (Postfix keeps the last assignment).
    pub main_cf: Vec<(String, String)>,
}

impl PostfixOptions {
    /// Options with the given pipe command and all defaults.
    pub fn new<I, S>(referee_command: I) -> PostfixOptions
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        PostfixOptions {
            referee_domain: "game.test".to_string(),
            players_domain: "players.test".to_string(),
            referee_command: referee_command.into_iter().map(Into::into).collect(),
            pipe_user: DEFAULT_PIPE_USER.to_string(),
            main_cf: Vec::new(),
        }
    }

    /// Sets the referee domain.
    pub fn referee_domain(mut self, domain: &str) -> PostfixOptions {
        self.referee_domain = domain.to_string();
        self
    }

    /// Sets the players' domain.
    pub fn players_domain(mut self, domain: &str) -> PostfixOptions {
        self.players_domain = domain.to_string();
        self
    }

    /// Sets the user the pipe command runs as.
    pub fn pipe_user(mut self, user: &str) -> PostfixOptions {
        self.pipe_user = user.to_string();
        self
    }

    /// Adds a `main.cf` setting, e.g. `("message_size_limit", "100000")`.
    pub fn main_cf(mut self, name: &str, value: &str) -> PostfixOptions {
        self.main_cf.push((name.to_string(), value.to_string()));
        self
    }

    fn validate(&self) -> io::Result<()> {
        for (what, domain) in [("referee_domain", &self.referee_domain), ("players_domain", &self.players_domain)] {
            let ok = !domain.is_empty()
                && domain.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b));
            if !ok {
                return Err(harness_error(format!("{what} {domain:?}: use a lower-case domain name")));
            }
        }
        if self.referee_domain == self.players_domain {
            return Err(harness_error("referee_domain and players_domain must differ"));
        }
        match self.referee_command.first() {
            Some(program) if Path::new(program).is_absolute() => {}
            _ => {
                return Err(harness_error(format!(
                    "referee_command must start with an absolute program path, got {:?}",
                    self.referee_command
                )));
            }
        }
        for (name, value) in &self.main_cf {
            if name.contains(['=', '\n']) || value.contains('\n') {
                return Err(harness_error(format!("bad main.cf setting {name:?} = {value:?}")));
            }
        }
        Ok(())
    }
}

/// A running private Postfix. See the module documentation for what it
/// does; everything is stopped and removed on drop.
pub struct PostfixInstance {
    opts: PostfixOptions,
    ids: UserIds,
    /// Unique per instance; part of the SMTP banner so that the readiness
    /// check cannot be fooled by another server on the same port.
    id: String,
    port: u16,
    /// The `postfix start-fg` process (postfix-script waiting for `master -s`).
    master: Option<Child>,
    watchdog: Option<Watchdog>,
    /// Declared last: dropped after the processes above are gone.
    base: TempDir,
}

impl PostfixInstance {
    /// Configures and starts a private Postfix, waits until it answers SMTP
    /// with its own banner, and returns it. Errors explain what is missing
    /// and include the Postfix log.
    pub fn start(opts: PostfixOptions) -> io::Result<PostfixInstance> {
        preflight(&["postfix", "postqueue", "postconf"])?;
        opts.validate()?;
        let ids = lookup_user(&opts.pipe_user)?;
        let base = TempDir::new("herald-postfix")?;
        let id = base.path().file_name().and_then(OsStr::to_str).unwrap_or("herald-postfix").to_string();
        let mut pf = PostfixInstance { opts, ids, id, port: 0, master: None, watchdog: None, base };
        if !accessible_to(pf.base_dir(), ids, 0o5) {
            return Err(harness_error(format!(
                "{} is not reachable by user {} (uid {}): the pipe command and the Maildir \
                 delivery need that; point TMPDIR at a world-searchable directory such as /tmp",
                pf.base_dir().display(),
                pf.opts.pipe_user,
                ids.uid
            )));
        }
        for dir in [pf.config_dir(), pf.spool_dir(), pf.bin_dir(), pf.mail_root()] {
            fs::create_dir(&dir).map_err(context(format!("creating {}", dir.display())))?;
        }
        // virtual(8) creates and writes the Maildirs as the pipe user.
        std::os::unix::fs::chown(pf.mail_root(), Some(ids.uid), Some(ids.gid))?;
        File::create(pf.log_path())?;

        // An empty file is a valid, empty SQLite database; the query needs no
        // table. Postfix opens it read-only as root and as user postfix.
        File::create(pf.config_dir().join("mailboxes.sqlite"))?;
        write_config(&pf.config_dir().join("mailboxes.cf"), &pf.mailboxes_cf())?;
        let command = pf.stage_command()?;
        write_config(&pf.config_dir().join("main.cf"), &pf.main_cf())?;
        require_sqlite_map(&pf.config_dir())?;
        let stock = stock_master_cf()?;

        // Armed before the first Postfix process exists, so that no window
        // leaves an unsupervised master behind.
        let postfix = sbin("postfix");
        pf.watchdog = Some(Watchdog::spawn(
            r#""$1" -c "$2" abort >/dev/null 2>&1; sleep 2; rm -rf -- "$3""#,
            &[postfix.as_os_str(), pf.config_dir().as_os_str(), pf.base_dir().as_os_str()],
        )?);

        for attempt in 1..=PORT_ATTEMPTS {
            let port = free_port()?;
            write_config(&pf.config_dir().join("master.cf"), &master_cf(&stock, port, &pf.opts.pipe_user, &command)?)?;
            if attempt == 1 {
                pf.check()?;
            }
            // Only what this attempt logs counts when classifying a failure.
            let log_start = pf.log().len();
            pf.spawn_master()?;
            match pf.wait_until_ready(port, log_start) {
                Ok(()) => {
                    pf.port = port;
                    return Ok(pf);
                }
                Err(StartFailure::PortTaken) if attempt < PORT_ATTEMPTS => {
                    pf.stop_master()?;
                }
                Err(StartFailure::PortTaken) => {
                    return Err(pf.start_error("every port we tried was taken"));
                }
                Err(StartFailure::Other(why)) => return Err(pf.start_error(&why)),
            }
        }
        unreachable!("the last attempt returns")
    }

    /// The SMTP port on 127.0.0.1.
    pub fn smtp_port(&self) -> u16 {
        self.port
    }

    /// The SMTP address, `127.0.0.1:PORT`.
    pub fn smtp_addr(&self) -> SocketAddr {
        SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, self.port))
    }

    /// The instance's base directory `B`.
    pub fn base_dir(&self) -> &Path {
        self.base.path()
    }

    /// The configuration directory, for `postfix -c`, `postqueue -c`,
    /// `postconf -c`.
    pub fn config_dir(&self) -> PathBuf {
        self.base_dir().join("etc")
    }

    /// The options the instance was started with.
    pub fn options(&self) -> &PostfixOptions {
        &self.opts
    }

    /// Submits `raw` over SMTP from `from` (empty for `<>`) to `to`.
    pub fn send(&self, raw: &[u8], from: &str, to: &str) -> Result<(), SmtpError> {
        smtp::send_mail(self.smtp_addr(), raw, from, &[to])
    }

    /// Submits one message to several recipients.
    pub fn send_to_many(&self, raw: &[u8], from: &str, to: &[&str]) -> Result<(), SmtpError> {
        smtp::send_mail(self.smtp_addr(), raw, from, to)
    }

    /// Asks the queue manager to retry all deferred mail now
    /// (`postqueue -f`), regardless of retry timers.
    ///
    /// First waits (up to 5 s) until no delivery agent holds a queue file:
    /// a delivery agent reports "deferred" (and logs it) before it closes the
    /// queue file, and a flush in that moment makes the queue manager find
    /// the file locked, log "skipped, still being delivered", and set it
    /// aside for 60 seconds.
    pub fn flush(&self) -> io::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.queue_files_in_delivery() > 0 && Instant::now() < deadline {
            thread::sleep(POLL);
        }
        let out = Command::new(sbin("postqueue"))
            .arg("-c")
            .arg(self.config_dir())
            .arg("-f")
            .stdin(Stdio::null())
            .output()
            .map_err(context("running postqueue -f"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(harness_error(format!(
                "postqueue -f failed ({}): {}{}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                self.diagnostics()
            )))
        }
    }

    /// The queue as `postqueue -p` shows it (works while stopped, too).
    pub fn queue_listing(&self) -> String {
        match Command::new(sbin("postqueue")).arg("-c").arg(self.config_dir()).arg("-p").stdin(Stdio::null()).output() {
            Ok(out) => format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
            Err(e) => format!("(postqueue -p failed: {e})"),
        }
    }

    /// True if no message is waiting anywhere in the queue (maildrop,
    /// incoming, active, deferred, hold). Counts queue files directly, so
    /// it is cheap enough to poll.
    pub fn queue_is_empty(&self) -> bool {
        self.queue_files().is_empty()
    }

    /// The files of all queues (hashed subdirectories included).
    fn queue_files(&self) -> Vec<PathBuf> {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    out.push(path);
                }
            }
        }
        let mut files = Vec::new();
        for queue in ["maildrop", "incoming", "active", "deferred", "hold"] {
            walk(&self.spool_dir().join(queue), &mut files);
        }
        files
    }

    /// How many queue files a Postfix process holds an flock(2) on: a
    /// delivery agent at work (for instance the pipe command still
    /// running), or one that has not yet closed the file. Read from
    /// /proc/locks, so that looking does not disturb Postfix.
    pub fn queue_files_in_delivery(&self) -> usize {
        let Ok(locks) = fs::read_to_string("/proc/locks") else {
            return 0;
        };
        // Lines look like "1: FLOCK  ADVISORY  READ 32175 fe:00:10011809 0 EOF".
        let locked: Vec<&str> = locks
            .lines()
            .filter(|l| l.contains(" FLOCK "))
            .filter_map(|l| l.split_whitespace().find(|f| f.matches(':').count() == 2))
            .collect();
        self.queue_files()
            .iter()
            .filter_map(|p| fs::metadata(p).ok())
            .filter(|m| {
                // The kernel prints major:minor:inode (dev_t decoded as glibc's
                // major()/minor() do), the numbers in hex, hex, decimal.
                let dev = m.dev();
                let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
                let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
                let id = format!("{major:02x}:{minor:02x}:{}", m.ino());
                locked.contains(&id.as_str())
            })
            .count()
    }

    /// Waits until the queue is empty: every message delivered or bounced.
    /// Panics with the log and queue after `timeout`.
    #[track_caller]
    pub fn wait_for_empty_queue(&self, timeout: Duration) {
        self.wait_for("an empty mail queue", timeout, || self.queue_is_empty().then_some(()));
    }

    /// The Maildir of a players'-domain address: `B/mail/<domain>/<local>/`,
    /// the local part lower-cased and without its `+extension`. It exists
    /// once the first message has been delivered. Panics for an address
    /// Postfix would refuse.
    #[track_caller]
    pub fn maildir(&self, addr: &str) -> PathBuf {
        match mailbox_relpath(addr, &self.opts.players_domain) {
            Some(rel) => self.mail_root().join(rel),
            None => panic!(
                "{addr:?} is not a deliverable address at {} (local part: letters, digits, \
                 '.', '_', '-', '=', optional +extension)",
                self.opts.players_domain
            ),
        }
    }

    /// The messages now in `addr`'s Maildir (new/ and cur/), in delivery
    /// order (file modification time, then name).
    #[track_caller]
    pub fn mail(&self, addr: &str) -> Vec<Vec<u8>> {
        read_maildir(&self.maildir(addr))
    }

    /// Waits until `addr`'s Maildir holds at least `count` messages and
    /// returns all of them in delivery order. Panics with the log and the
    /// queue after `timeout`.
    #[track_caller]
    pub fn wait_for_mail(&self, addr: &str, count: usize, timeout: Duration) -> Vec<Vec<u8>> {
        let dir = self.maildir(addr);
        self.wait_for(&format!("{count} message(s) in {}", dir.display()), timeout, || {
            let mail = read_maildir(&dir);
            (mail.len() >= count).then_some(mail)
        })
    }

    /// Polls `probe` until it returns `Some`, for conditions of the test's
    /// own (a file written by the pipe command, a row in herald's database).
    /// Panics after `timeout` with `what`, the Postfix log and the queue.
    #[track_caller]
    pub fn wait_for<T>(&self, what: &str, timeout: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(value) = probe() {
                return value;
            }
            if Instant::now() >= deadline {
                panic!("timed out after {timeout:?} waiting for {what}\n{}", self.diagnostics());
            }
            thread::sleep(POLL);
        }
    }

    /// The Postfix log so far (`B/maillog`).
    pub fn log(&self) -> String {
        fs::read(self.log_path())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_else(|e| format!("(cannot read {}: {e})", self.log_path().display()))
    }

    /// The log's tail and the queue, for failure messages.
    pub fn diagnostics(&self) -> String {
        format!(
            "--- Postfix log {} ---\n{}--- postqueue -p ---\n{}",
            self.log_path().display(),
            tail(&self.log(), 200),
            self.queue_listing()
        )
    }

    /// Stops Postfix (SIGTERM to the master, which passes it on to all its
    /// processes; SIGKILL after 5 s). Files stay until the instance is
    /// dropped, so the log and the Maildirs can still be read.
    pub fn stop(&mut self) -> io::Result<()> {
        let result = self.stop_master();
        self.watchdog = None;
        result
    }

    /// The pid of the Postfix master, from its pid file.
    pub fn master_pid(&self) -> Option<u32> {
        fs::read_to_string(self.spool_dir().join("pid/master.pid")).ok()?.trim().parse().ok()
    }

    // -- internals --

    fn spool_dir(&self) -> PathBuf {
        self.base_dir().join("spool")
    }

    fn bin_dir(&self) -> PathBuf {
        self.base_dir().join("bin")
    }

    fn mail_root(&self) -> PathBuf {
        self.base_dir().join("mail")
    }

    fn log_path(&self) -> PathBuf {
        self.base_dir().join("maillog")
    }

    fn banner_token(&self) -> String {
        format!("herald-test {}", self.id)
    }

    fn main_cf(&self) -> String {
        let b = self.base_dir().display();
        let o = &self.opts;
        let UserIds { uid, gid } = self.ids;
        let mut cf = format!(
            "# Written by herald's test harness (tests/support/postfix.rs).
compatibility_level = 3.6
queue_directory = {b}/spool
data_directory = {b}/data
# start-fg runs `master -s`, whose stdout is the harness's log file.
maillog_file = /dev/stdout
myhostname = mx.herald-test.invalid
mydomain = herald-test.invalid
smtpd_banner = $myhostname ESMTP {banner}
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
# No local(8) delivery and no aliases: only the two test domains exist.
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
biff = no
append_dot_mydomain = no
recipient_delimiter = +
# Nothing leaves the machine.
default_transport = error:5.7.1 the herald test MTA only delivers to its test domains
relay_transport = error:5.7.1 the herald test MTA only delivers to its test domains
# The referee: pipe(8), one recipient per delivery (the D flag needs that, and
# herald takes its token from that one recipient), one delivery at a time.
relay_domains = {referee}
transport_maps = inline:{{ {referee}={transport}: }}
{transport}_destination_recipient_limit = 1
{transport}_destination_concurrency_limit = 1
{transport}_time_limit = 60s
# The players: real Maildirs under virtual_mailbox_base, one per address.
virtual_mailbox_domains = {players}
virtual_mailbox_base = {b}/mail
virtual_mailbox_maps = sqlite:{b}/etc/mailboxes.cf
virtual_uid_maps = static:{uid}
virtual_gid_maps = static:{gid}
# Retry deferred mail after about 2 s instead of after minutes. Not less: the
# queue manager takes a deferred file whose retry time is up to 1 s in the
# future, and if the delivery agent has not closed it yet it logs
# `skipped, still being delivered` and parks the message for 60 s.
queue_run_delay = 1s
minimal_backoff_time = 3s
maximal_backoff_time = 3s
",
            banner = self.banner_token(),
            referee = o.referee_domain,
            players = o.players_domain,
            transport = REFEREE_TRANSPORT,
        );
        for (name, value) in &o.main_cf {
            cf.push_str(&format!("{name} = {value}\n"));
        }
        cf
    }

    /// The sqlite(5) table behind virtual_mailbox_maps: maps any acceptable
    /// address to `<domain>/<local part>/`, the same rule as
    /// [`mailbox_relpath`]. Postfix lower-cases the key and fills in `%u`
    /// (local part, with quotes escaped); a key with `+extension` fails the
    /// character test, and Postfix then retries without the extension.
    fn mailboxes_cf(&self) -> String {
        let domain = &self.opts.players_domain;
        format!(
            "dbpath = {db}
domain = {domain}
query = SELECT '{domain}/' || '%u' || '/' WHERE '%u' NOT GLOB '*[^a-z0-9._=-]*' \
AND '%u' NOT GLOB '.*' AND length('%u') <= 64
",
            db = self.config_dir().join("mailboxes.sqlite").display()
        )
    }

    /// Makes sure the pipe user can run the command: copies the program into
    /// `B/bin` if it cannot reach it, and refuses unreadable path arguments.
    /// Returns the command line for master.cf.
    fn stage_command(&self) -> io::Result<Vec<String>> {
        let mut argv = self.opts.referee_command.clone();
        let program = PathBuf::from(&argv[0]);
        if !program.is_file() {
            return Err(harness_error(format!("referee_command program {} does not exist", program.display())));
        }
        if !accessible_to(&program, self.ids, 0o5) {
            // Typical case: a cargo target directory under /root (mode 0700).
            // A copy keeps the original's permissions untouched.
            let name = program.file_name().unwrap_or(OsStr::new("command"));
            let copy = self.bin_dir().join(name);
            fs::copy(&program, &copy).map_err(context(format!(
                "copying {} to {} for the pipe user",
                program.display(),
                copy.display()
            )))?;
            fs::set_permissions(&copy, Permissions::from_mode(0o755))?;
            argv[0] = copy.to_string_lossy().into_owned();
        }
        for arg in &argv[1..] {
            let path = Path::new(arg);
            if path.is_absolute() && path.exists() && !accessible_to(path, self.ids, 0o4) {
                return Err(harness_error(format!(
                    "the pipe command runs as {} (uid {}), which cannot read {arg}: put it in \
                     a directory from pipe_user_dir() (and give_to_pipe_user() what it must write)",
                    self.opts.pipe_user, self.ids.uid
                )));
            }
        }
        Ok(argv)
    }

    /// `postfix check`: catches configuration and permission problems with
    /// a clearer message than a failed start, and creates the queue
    /// directories.
    fn check(&self) -> io::Result<()> {
        let out = Command::new(sbin("postfix"))
            .arg("-c")
            .arg(self.config_dir())
            .arg("check")
            .stdin(Stdio::null())
            .output()
            .map_err(context("running postfix check"))?;
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        // Keep warnings in the log, where failure messages will show them.
        if !text.is_empty() {
            let mut log = OpenOptions::new().append(true).open(self.log_path())?;
            writeln!(log, "[harness] postfix check said:\n{text}")?;
        }
        if out.status.success() {
            return Ok(());
        }
        // Postfix logs a fatal `check` error to maillog_file only when it can;
        // -v also copies every message to stderr, so ask again verbosely.
        let verbose = Command::new(sbin("postfix"))
            .arg("-c")
            .arg(self.config_dir())
            .args(["-v", "check"])
            .stdin(Stdio::null())
            .output()
            .map(|o| {
                let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
                let important: Vec<&str> = stderr
                    .lines()
                    .filter(|l| l.contains("fatal") || l.contains("warning") || l.contains("error"))
                    .collect();
                important.join("\n")
            })
            .unwrap_or_default();
        Err(harness_error(format!(
            "postfix -c {} check failed ({}):\n{text}{verbose}\n--- main.cf ---\n{}",
            self.config_dir().display(),
            out.status,
            fs::read_to_string(self.config_dir().join("main.cf")).unwrap_or_default()
        )))
    }

    fn spawn_master(&mut self) -> io::Result<()> {
        // `postfix check` has just run the checks that start-fg would repeat;
        // this marker (the one `postfix quick-stop` leaves) makes start-fg
        // skip them, which saves a few hundred milliseconds per instance.
        File::create(self.spool_dir().join("quick-start"))?;
        let log = OpenOptions::new().append(true).open(self.log_path())?;
        let child = Command::new(sbin("postfix"))
            .arg("-c")
            .arg(self.config_dir())
            .arg("start-fg")
            .stdin(Stdio::null())
            // O_APPEND: postlogd opens /dev/stdout anew, which on Linux
            // reopens this file; appending keeps the writers from
            // overwriting each other.
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .map_err(context("spawning postfix start-fg"))?;
        self.master = Some(child);
        Ok(())
    }

    fn wait_until_ready(&mut self, port: u16, log_start: usize) -> Result<(), StartFailure> {
        let addr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port));
        let deadline = Instant::now() + START_TIMEOUT;
        let token = self.banner_token();
        loop {
            let master = self.master.as_mut().expect("master was spawned");
            match master.try_wait() {
                Ok(Some(status)) => {
                    // Give postlogd a moment to write the master's last words.
                    thread::sleep(Duration::from_millis(100));
                    let log = self.log();
                    if log.get(log_start..).is_some_and(|new| new.contains("Address already in use")) {
                        return Err(StartFailure::PortTaken);
                    }
                    return Err(StartFailure::Other(format!(
                        "postfix start-fg exited ({status}) before accepting SMTP connections"
                    )));
                }
                Ok(None) => {}
                Err(e) => return Err(StartFailure::Other(format!("waiting for postfix: {e}"))),
            }
            if let Ok(stream) = TcpStream::connect_timeout(&addr, Duration::from_millis(250)) {
                // Another server on this port would answer with another
                // banner; then our master fails to bind and exits, which the
                // next round reports as PortTaken.
                if read_greeting(&stream).is_ok_and(|g| g.contains(&token)) {
                    let _ = (&stream).write_all(b"QUIT\r\n");
                    return Ok(());
                }
            }
            if Instant::now() >= deadline {
                return Err(StartFailure::Other(format!("Postfix did not greet on {addr} within {START_TIMEOUT:?}")));
            }
            thread::sleep(POLL);
        }
    }

    fn start_error(&self, why: &str) -> io::Error {
        let hint = if self.log().trim().is_empty() {
            "\n(Postfix logged nothing: a maillog_file outside maillog_file_prefixes fails \
             silently; rerun with HERALD_KEEP_TEST_DIRS=1 and try \
             `postfix -c <dir>/etc -v start-fg` by hand)"
        } else {
            ""
        };
        harness_error(format!(
            "private Postfix in {} failed to start: {why}{hint}\n{}",
            self.base_dir().display(),
            self.diagnostics()
        ))
    }

    fn stop_master(&mut self) -> io::Result<()> {
        let Some(mut child) = self.master.take() else {
            return Ok(());
        };
        if child.try_wait()?.is_some() {
            return Ok(());
        }
        // `abort` = SIGTERM to the master, which passes it on to its process
        // group (all Postfix processes) and exits at once; `stop` would poll
        // with one-second sleeps. The queue is thrown away anyway.
        let _ = Command::new(sbin("postfix"))
            .arg("-c")
            .arg(self.config_dir())
            .arg("abort")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        // start-fg's shell waits for the master, so its exit means the
        // master is gone.
        if wait_timeout(&mut child, STOP_TIMEOUT)?.is_some() {
            return Ok(());
        }
        // The master is a session leader (setsid), so its pid is also its
        // process group: kill the whole group.
        if let Some(pid) = self.master_pid() {
            let _ = Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]).stderr(Stdio::null()).status();
        }
        let _ = child.kill();
        let _ = child.wait();
        Err(harness_error(format!("Postfix did not stop within {STOP_TIMEOUT:?} of SIGTERM and was killed")))
    }
}

impl Drop for PostfixInstance {
    fn drop(&mut self) {
        if let Err(e) = self.stop() {
            eprintln!("{e}");
        }
    }
}

enum StartFailure {
    PortTaken,
    Other(String),
}

/// The package's master.cf; Debian generates /etc/postfix/master.cf from
/// the copy in /usr/share at install time, which is there even when the
/// system Postfix was never configured.
fn stock_master_cf() -> io::Result<String> {
    for path in ["/etc/postfix/master.cf", "/usr/share/postfix/master.cf.dist"] {
        if let Ok(text) = fs::read_to_string(path) {
            return Ok(text);
        }
    }
    Err(harness_error(format!("no stock master.cf in /etc/postfix or /usr/share/postfix; {INSTALL_HINT}")))
}

/// The stock master.cf with
/// * the `smtp inet` listener moved to 127.0.0.1:PORT,
/// * chroot turned off for every service: a chroot into our queue directory
///   would lack the /etc files that Debian's init script normally copies in,
/// * a `postlog` service ensured (it carries maillog_file logging),
/// * the referee pipe(8) service appended.
fn master_cf(stock: &str, port: u16, user: &str, command: &[String]) -> io::Result<String> {
    let mut out = String::new();
    let mut has_smtpd = false;
    let mut has_postlog = false;
    for line in stock.lines() {
        let is_service = line.chars().next().is_some_and(|c| !c.is_whitespace() && c != '#');
        let mut fields: Vec<&str> = line.split_whitespace().collect();
        if is_service && fields.len() >= 8 {
            if fields[0] == "smtp" && fields[1] == "inet" {
                has_smtpd = true;
                out.push_str(&format!("127.0.0.1:{port} inet n - n - - smtpd\n"));
                continue;
            }
            has_postlog |= fields[0] == "postlog";
            fields[4] = "n";
            out.push_str(&fields.join(" "));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if !has_smtpd {
        return Err(harness_error("the stock master.cf has no `smtp inet` service line to replace"));
    }
    if !has_postlog {
        out.push_str("postlog unix-dgram n - n - 1 postlogd\n");
    }
    let mut args = Vec::new();
    for arg in command {
        args.push(master_cf_arg(arg)?);
    }
    out.push_str(&format!(
        "# herald's referee: the whole message on stdin, with Return-Path (R),\n\
         # X-Original-To (O) and Delivered-To (D); final delivery (X); addresses in\n\
         # macros quoted per RFC 5321 (q). Exit 75 = try again later.\n\
         {REFEREE_TRANSPORT} unix - n n - - pipe\n  flags=DORXq user={user} argv={}\n",
        args.join(" ")
    ));
    Ok(out)
}

/// One argument for a pipe(8) command line in master.cf. White space inside
/// an argument needs master.cf's `{ ... }` grouping (Postfix 3.0+).
fn master_cf_arg(arg: &str) -> io::Result<String> {
    // `${recipient}` is fine; a leading `{` would open a group, and braces
    // inside a group could close it early.
    let spaced = arg.contains(char::is_whitespace);
    let bad = arg.is_empty()
        || arg.contains(['\n', '\r'])
        || arg.starts_with('{')
        || (spaced && arg.contains(['{', '}']))
        || arg.trim() != arg;
    if bad {
        return Err(harness_error(format!(
            "cannot put the argument {arg:?} into master.cf (empty, line breaks, a leading \
             brace, braces together with spaces, or leading/trailing white space)"
        )));
    }
    if spaced { Ok(format!("{{ {arg} }}")) } else { Ok(arg.to_string()) }
}

/// `<domain>/<local>/` for a deliverable players'-domain address, else None:
/// the Rust twin of the SQL rule in `mailboxes_cf`, used by
/// [`PostfixInstance::maildir`]. (For virtual(8), the trailing slash means
/// Maildir delivery; the character set keeps paths harmless.)
fn mailbox_relpath(addr: &str, domain: &str) -> Option<String> {
    let addr = addr.trim().to_ascii_lowercase();
    let (local, addr_domain) = addr.rsplit_once('@')?;
    if addr_domain != domain.to_ascii_lowercase() {
        return None;
    }
    // Postfix finds `u1+x@` through `u1@`; see mailboxes_cf.
    let local = local.split('+').next()?;
    let ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && local.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-=".contains(&b));
    ok.then(|| format!("{addr_domain}/{local}/"))
}

/// All messages in a Maildir's new/ and cur/, oldest first.
fn read_maildir(dir: &Path) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    for sub in ["new", "cur"] {
        let Ok(entries) = fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if name.to_string_lossy().starts_with('.') {
                continue;
            }
            // Maildir file names are unique but do not sort by time within a
            // second; the modification time (nanoseconds) does.
            let mtime = entry.metadata().and_then(|m| m.modified()).unwrap_or(UNIX_EPOCH);
            files.push((mtime, name, entry.path()));
        }
    }
    files.sort();
    // virtual(8) writes into tmp/ and renames, so what is in new/ is complete.
    files.into_iter().filter_map(|(_, _, path)| fs::read(path).ok()).collect()
}

// ---------------------------------------------------------------------------
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
fn parse_sink_dump(raw: &[u8], path: PathBuf) -> Option<SinkMessage> {
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
