//! A real, private Postfix on 127.0.0.1 for herald's end-to-end tests (std only).
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
//! Temporary folders and the pipe user are in `tempdir`; the program checks, ports and the
//! watchdog in `harness`; `smtp-sink` in `sink`.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpStream};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant, UNIX_EPOCH};

use super::harness::*;
use super::smtp::{self, SmtpError};
use super::tempdir::{DEFAULT_PIPE_USER, TempDir, UserIds, accessible_to, lookup_user};

/// The name of the pipe(8) service in master.cf and of its transport.
pub const REFEREE_TRANSPORT: &str = "referee";

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

/// The package's master.cf; Debian generates /etc/postfix/master.cf from
/// the copy in /usr/share at install time, which is there even when the
/// system Postfix was never configured.
pub(crate) fn stock_master_cf() -> io::Result<String> {
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
pub(crate) fn master_cf(stock: &str, port: u16, user: &str, command: &[String]) -> io::Result<String> {
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
pub(crate) fn master_cf_arg(arg: &str) -> io::Result<String> {
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
pub(crate) fn mailbox_relpath(addr: &str, domain: &str) -> Option<String> {
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
pub(crate) fn read_maildir(dir: &Path) -> Vec<Vec<u8>> {
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
