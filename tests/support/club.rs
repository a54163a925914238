//! A chess club in miniature for herald's end-to-end tests: a private Postfix
//! ([`PostfixInstance`]) delivering the players' mail into Maildirs and the
//! referee's mail to herald, and the real `herald` binary with a database of its
//! own, configured as a club would configure it.
//!
//! # The set-up
//!
//! [`Club::start`] makes a temporary directory owned by the pipe user (`nobody`,
//! who runs `herald ingest` for Postfix), starts Postfix with the referee domain
//! `game.test` piped into
//!
//! ```text
//! herald ingest --config DIR/herald.yaml --recipient ${recipient}
//! ```
//!
//! (or, with [`Inbound::Maildir`], into a three-line delivery script that drops
//! each mail into herald's inbox Maildir, for `herald serve`), writes
//! `DIR/herald.yaml` (referee `referee@game.test`, database and inbox Maildir in
//! `DIR`, outgoing SMTP to this Postfix on 127.0.0.1 without TLS), runs
//! `herald init` and hands the directory to `nobody`.
//!
//! The test itself runs herald commands as root (`HERALD_CONFIG` names the
//! configuration). SQLite, when it runs as root and creates the `-wal` and `-shm`
//! files of a database, gives them to the database file's owner, so the pipe
//! user keeps write access.
//!
//! # Waiting
//!
//! [`Club::settle`] waits until Postfix's queue is empty. A message submitted
//! over SMTP is in the queue before the 250 reply, and `herald ingest` submits
//! the mails it causes before it exits, i.e. before Postfix removes the mail it
//! was piped; so an empty queue means that every reply herald sent because of
//! what was submitted so far is in the players' Maildirs. (Mail herald could
//! not send stays in herald's outbox, not in Postfix's queue: `herald outbox`.)
//!
//! # Players
//!
//! [`Club::reply`] does what a mail client does when the player presses
//! "Reply" on a mail: [`herald::mail::reply::compose_reply`] (Reply-To, "Re:",
//! In-Reply-To/References, the original quoted) and an SMTP submission to the
//! Reply-To address through Postfix.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use mailparse::MailHeaderMap;

use super::postfix::{PostfixInstance, PostfixOptions};
use super::tempdir::{self, TempDir};

/// The referee's address.
pub const REFEREE: &str = "referee@game.test";
/// White.
pub const ALICE: &str = "alice@players.test";
/// Black.
pub const BOB: &str = "bob@players.test";
/// Someone who plays in no game.
pub const MALLORY: &str = "mallory@players.test";

/// Generous upper bound for anything to happen; normally well under a second.
pub const WAIT: Duration = Duration::from_secs(15);

/// The herald binary cargo built for these tests.
pub fn herald_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_herald"))
}

/// How the referee's mail reaches herald.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inbound {
    /// Postfix pipes each mail into `herald ingest`.
    Pipe,
    /// Postfix drops each mail into herald's inbox Maildir (`DIR/inbox/new/`),
    /// which `herald serve` watches.
    Maildir,
}

/// The parts of the club's configuration a test may change.
#[derive(Clone, Debug)]
pub struct ClubOptions {
    /// How mail reaches herald.
    pub inbound: Inbound,
    /// `outgoing.retry.first_delay_seconds`.
    pub first_delay_seconds: u64,
    /// `outgoing.retry.max_attempts`.
    pub max_attempts: u32,
    /// `inbox.poll_seconds`.
    pub poll_seconds: u64,
    /// `outgoing.transport.timeout_seconds`.
    pub smtp_timeout_seconds: u64,
    /// Extra Postfix `main.cf` settings (see [`PostfixOptions::main_cf`]).
    pub main_cf: Vec<(String, String)>,
    /// The keys of `inbox.authentication`, as YAML lines indented by four spaces. By
    /// default the tests end games with one mail (`confirm_game_ending: never`), as a club
    /// that trusts its players' mail does; tests/sender_authentication.rs tests the rest.
    pub authentication: String,
    /// The `inbox` section's settings other than `poll_seconds`, as YAML lines indented
    /// by two spaces; `None`: `maildir: DIR/inbox`.
    pub inbox_yaml: Option<String>,
    /// `outgoing.transport.user` and `password_env`: SMTP AUTH.
    pub smtp_login: Option<(String, String)>,
    /// Environment variables of every herald command (e.g. the passwords).
    pub env: Vec<(String, String)>,
    /// `referee.director`.
    pub director: Option<String>,
    /// YAML appended to herald's configuration (whole top-level sections).
    pub extra_config: String,
    /// The database, if not `DIR/herald.db` (a database restored elsewhere).
    pub database: Option<PathBuf>,
}

impl Default for ClubOptions {
    fn default() -> ClubOptions {
        ClubOptions {
            inbound: Inbound::Pipe,
            first_delay_seconds: 1,
            max_attempts: 5,
            poll_seconds: 1,
            smtp_timeout_seconds: 30,
            main_cf: Vec::new(),
            authentication: "    confirm_game_ending: never\n".to_string(),
            inbox_yaml: None,
            smtp_login: None,
            env: Vec::new(),
            director: None,
            extra_config: String::new(),
            database: None,
        }
    }
}

/// The delivery script of [`Inbound::Maildir`]: the Maildir protocol (write
/// into tmp/, rename into new/), as an MDA does it.
const MAILDIR_SCRIPT: &str = r#"#!/bin/sh
set -eu
name="$(date +%s).P$$.R$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n').herald-test"
cat > "$1/tmp/$name"
mv "$1/tmp/$name" "$1/new/$name"
"#;

/// A running club: Postfix plus herald's files. Dropping it stops Postfix and
/// removes everything.
pub struct Club {
    /// The club's mail server.
    pub pf: PostfixInstance,
    opts: ClubOptions,
    /// Declared last: removed after Postfix has stopped.
    dir: TempDir,
}

impl Club {
    /// A club with the default options (pipe delivery).
    pub fn start() -> Club {
        Club::with(ClubOptions::default())
    }

    /// A club with these options.
    pub fn with(opts: ClubOptions) -> Club {
        let dir = tempdir::pipe_user_dir().expect("a directory for the pipe user");
        let config = dir.path().join("herald.yaml");
        let command: Vec<String> = match opts.inbound {
            Inbound::Pipe => vec![
                herald_bin().to_string_lossy().into_owned(),
                "ingest".into(),
                "--config".into(),
                config.to_string_lossy().into_owned(),
                "--recipient".into(),
                "${recipient}".into(),
            ],
            Inbound::Maildir => {
                let script = dir.path().join("deliver.sh");
                fs::write(&script, MAILDIR_SCRIPT).unwrap();
                fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
                vec![script.to_string_lossy().into_owned(), dir.path().join("inbox").to_string_lossy().into_owned()]
            }
        };
        let mut pf_opts = PostfixOptions::new(command);
        for (name, value) in &opts.main_cf {
            pf_opts = pf_opts.main_cf(name, value);
        }
        let pf = PostfixInstance::start(pf_opts).expect("start the club's Postfix");
        let club = Club { pf, opts, dir };
        club.write_config(club.pf.smtp_port());
        let out = club.herald(&["init"]);
        assert!(out.status.success(), "herald init failed:\n{}", output_text(&out));
        tempdir::give_to_pipe_user(club.dir.path()).expect("hand the club's files to the pipe user");
        club
    }

    /// Changes the options and rewrites the configuration (Postfix stays as it is).
    pub fn reconfigure(&mut self, change: impl FnOnce(&mut ClubOptions)) {
        change(&mut self.opts);
        self.write_config(self.pf.smtp_port());
    }

    /// The configuration file.
    pub fn config_path(&self) -> PathBuf {
        self.dir.path().join("herald.yaml")
    }

    /// The database.
    pub fn database(&self) -> PathBuf {
        self.opts.database.clone().unwrap_or_else(|| self.dir.path().join("herald.db"))
    }

    /// herald's inbox Maildir.
    pub fn inbox(&self) -> PathBuf {
        self.dir.path().join("inbox")
    }

    /// The club's directory (owned by the pipe user).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// (Re)writes the configuration with outgoing SMTP to 127.0.0.1:`smtp_port`:
    /// this club's Postfix, or a test's own server.
    pub fn write_config(&self, smtp_port: u16) {
        let d = self.dir.path().display();
        let o = &self.opts;
        let yaml = format!(
            "# Written by tests/support/club.rs
referee:
  address: {REFEREE}
  name: herald referee
{director}database: {database}
inbox:
{inbox}
  poll_seconds: {poll}
  authentication:
{authentication}outgoing:
  transport:
    kind: smtp
    host: 127.0.0.1
    port: {smtp_port}
    tls: none
{login}    timeout_seconds: {timeout}
  retry:
    first_delay_seconds: {delay}
    max_delay_seconds: 2
    max_attempts: {attempts}
time_zone: UTC
games:
  days_per_move: 3
{extra}",
            director = o.director.as_ref().map(|d| format!("  director: {d}\n")).unwrap_or_default(),
            extra = o.extra_config,
            database = self.database().display(),
            poll = o.poll_seconds,
            inbox = o.inbox_yaml.clone().unwrap_or_else(|| format!("  maildir: {d}/inbox")),
            login = o
                .smtp_login
                .as_ref()
                .map_or(String::new(), |(user, var)| format!("    user: {user}\n    password_env: {var}\n")),
            timeout = o.smtp_timeout_seconds,
            delay = o.first_delay_seconds,
            attempts = o.max_attempts,
            authentication = o.authentication,
        );
        // Written whole and renamed, so the pipe never reads half a file.
        let tmp = self.dir.path().join(".herald.yaml.tmp");
        fs::write(&tmp, yaml).unwrap();
        fs::rename(&tmp, self.config_path()).unwrap();
    }

    /// A herald command, as the test (root) runs it.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(herald_bin());
        cmd.args(args).env("HERALD_CONFIG", self.config_path()).stdin(Stdio::null());
        cmd.envs(self.opts.env.iter().map(|(k, v)| (k, v)));
        cmd
    }

    /// Runs a herald command to its end.
    pub fn herald(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap_or_else(|e| panic!("running herald {args:?}: {e}"))
    }

    /// Runs a herald command that must succeed; returns its standard output.
    #[track_caller]
    pub fn herald_ok(&self, args: &[&str]) -> String {
        let out = self.herald(args);
        assert!(out.status.success(), "herald {args:?} failed ({}):\n{}", out.status, output_text(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts a herald command in the background (output collected); it is killed if the
    /// test ends first.
    pub fn spawn(&self, args: &[&str]) -> Running {
        let child = self
            .command(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("starting herald {args:?}: {e}"));
        Running(Some(child))
    }

    /// `herald ingest --recipient RECIPIENT < raw`, as a mail server's pipe would
    /// run it, in the background.
    pub fn spawn_ingest(&self, raw: &[u8], recipient: &str) -> Child {
        let mut child = self
            .command(&["ingest", "--recipient", recipient])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting herald ingest");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(raw).unwrap();
        drop(stdin);
        child
    }

    /// `herald ingest --recipient RECIPIENT < raw` to its end.
    pub fn ingest(&self, raw: &[u8], recipient: &str) -> Output {
        self.spawn_ingest(raw, recipient).wait_with_output().unwrap()
    }

    /// `herald serve --once`; returns its report line (standard error).
    #[track_caller]
    pub fn serve_once(&self) -> String {
        let out = self.herald(&["serve", "--once"]);
        assert!(out.status.success(), "herald serve --once failed ({}):\n{}", out.status, output_text(&out));
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    /// `herald outbox --all`.
    pub fn outbox(&self) -> String {
        self.herald_ok(&["outbox", "--all"])
    }

    /// `herald game show ID`.
    pub fn show(&self, id: i64) -> String {
        self.herald_ok(&["game", "show", &id.to_string()])
    }

    /// Starts a game, Alice (White) against Bob (Black), sends the invitations
    /// with `herald serve --once`, and waits until both have theirs.
    #[track_caller]
    pub fn new_game(&self) -> i64 {
        self.new_game_of("chess")
    }

    /// [`Club::new_game`] of a given variant.
    #[track_caller]
    pub fn new_game_of(&self, variant: &str) -> i64 {
        self.new_game_with(&["--variant", variant])
    }

    /// [`Club::new_game`] with `options` for `herald game new` (`--variant crown`, `--with
    /// ninja`).
    #[track_caller]
    pub fn new_game_with(&self, options: &[&str]) -> i64 {
        let mut args = vec!["game", "new"];
        args.extend_from_slice(options);
        args.extend(["--white", ALICE, "--black", BOB, "--white-name", "Alice", "--black-name", "Bob"]);
        let out = self.herald_ok(&args);
        let id: i64 = out.trim().parse().unwrap_or_else(|_| panic!("game new printed {out:?}"));
        self.serve_once();
        self.settle();
        for who in [ALICE, BOB] {
            let mails = self.mails(who);
            assert!(!mails.is_empty(), "{who} got no invitation\n{}", self.outbox());
        }
        id
    }

    /// Waits until Postfix has delivered everything submitted so far,
    /// including what herald sent in answer (see the module documentation).
    #[track_caller]
    pub fn settle(&self) {
        self.pf.wait_for_empty_queue(WAIT);
    }

    /// The mails in `addr`'s Maildir, in delivery order.
    pub fn mails(&self, addr: &str) -> Vec<Mail> {
        self.pf.mail(addr).into_iter().map(Mail::new).collect()
    }

    /// The latest mail `addr` received.
    #[track_caller]
    pub fn latest(&self, addr: &str) -> Mail {
        self.mails(addr).pop().unwrap_or_else(|| panic!("{addr} has no mail"))
    }

    /// Submits `raw` over SMTP to the club's Postfix.
    #[track_caller]
    pub fn submit(&self, raw: &[u8], envelope_from: &str, to: &str) {
        self.pf
            .send(raw, envelope_from, to)
            .unwrap_or_else(|e| panic!("submitting a mail from {envelope_from} to {to}: {e}"));
    }

    /// `from` presses "Reply" on `original`, writes `text` and sends: the reply
    /// goes to the original's Reply-To. Returns the mail as sent.
    #[track_caller]
    pub fn reply(&self, from: &str, original: &Mail, text: &str) -> Vec<u8> {
        let raw = herald::mail::reply::compose_reply(&original.raw, from, text).expect("compose the reply");
        let to = Mail::new(raw.clone()).header("To").expect("the reply has a To");
        self.submit(&raw, from, &to);
        raw
    }

    /// `who` replies `text` to their latest mail; returns the new mails of Alice
    /// and Bob once everything is delivered.
    #[track_caller]
    pub fn play(&self, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
        let latest = self.latest(who);
        let round = self.round(|| {
            self.reply(who, &latest, text);
        });
        (round.alice, round.bob)
    }

    /// Runs `act`, waits until everything is delivered, and returns the new
    /// mails of Alice, Bob and Mallory.
    #[track_caller]
    pub fn round(&self, act: impl FnOnce()) -> Round {
        let before = [ALICE, BOB, MALLORY].map(|a| self.mails(a).len());
        act();
        self.settle();
        let [alice, bob, mallory] = [ALICE, BOB, MALLORY].map(|a| self.mails(a));
        Round {
            alice: alice.into_iter().skip(before[0]).collect(),
            bob: bob.into_iter().skip(before[1]).collect(),
            mallory: mallory.into_iter().skip(before[2]).collect(),
        }
    }

    /// `who` replies `text` to their latest mail; returns everyone's new mails.
    #[track_caller]
    pub fn answer_latest(&self, who: &str, text: &str) -> Round {
        let latest = self.latest(who);
        self.round(|| {
            self.reply(who, &latest, text);
        })
    }

    /// Waits for `probe` to hold, panicking with `what` and the club's state.
    #[track_caller]
    pub fn wait_until(&self, what: &str, timeout: Duration, mut probe: impl FnMut() -> bool) {
        let deadline = Instant::now() + timeout;
        while !probe() {
            if Instant::now() >= deadline {
                panic!(
                    "timed out after {timeout:?} waiting for {what}\n--- herald outbox ---\n{}\n{}",
                    self.outbox(),
                    self.pf.diagnostics()
                );
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }
}

/// A herald process started by [`Club::spawn`]; SIGKILLed on drop if still running, so
/// that a failing test leaves no daemon behind.
pub struct Running(Option<Child>);

impl Running {
    /// The process id.
    pub fn id(&self) -> u32 {
        self.0.as_ref().expect("running").id()
    }

    /// SIGKILL.
    pub fn kill(&mut self) {
        let _ = self.0.as_mut().expect("running").kill();
    }

    /// Its exit status, if it has exited.
    pub fn try_wait(&mut self) -> Option<std::process::ExitStatus> {
        self.0.as_mut().expect("running").try_wait().expect("wait for herald")
    }

    /// Waits up to `timeout` for it to exit.
    pub fn wait_timeout(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        wait_timeout(self.0.as_mut().expect("running"), timeout)
    }

    /// Waits for the end (killing it first if `kill`) and returns its output.
    pub fn finish(mut self, kill: bool) -> Output {
        let mut child = self.0.take().expect("running");
        if kill {
            let _ = child.kill();
        }
        child.wait_with_output().expect("wait for herald")
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The new mails of one [`Club::round`].
#[derive(Debug)]
pub struct Round {
    /// Alice's new mails.
    pub alice: Vec<Mail>,
    /// Bob's new mails.
    pub bob: Vec<Mail>,
    /// Mallory's new mails.
    pub mallory: Vec<Mail>,
}

impl Round {
    /// The only new mail of `addr`; panics unless there is exactly one.
    #[track_caller]
    pub fn only(&self, addr: &str) -> &Mail {
        let mails = self.of(addr);
        assert_eq!(mails.len(), 1, "{addr} should have exactly one new mail, got:\n{}", summaries(mails));
        &mails[0]
    }

    /// The new mails of `addr`.
    pub fn of(&self, addr: &str) -> &[Mail] {
        match addr {
            ALICE => &self.alice,
            BOB => &self.bob,
            MALLORY => &self.mallory,
            _ => panic!("{addr} is not watched"),
        }
    }

    /// Everyone got exactly this many new mails: (Alice, Bob, Mallory).
    #[track_caller]
    pub fn assert_counts(&self, alice: usize, bob: usize, mallory: usize) {
        let got = (self.alice.len(), self.bob.len(), self.mallory.len());
        assert_eq!(
            got,
            (alice, bob, mallory),
            "new mails (Alice, Bob, Mallory)\n--- Alice ---\n{}--- Bob ---\n{}--- Mallory ---\n{}",
            summaries(&self.alice),
            summaries(&self.bob),
            summaries(&self.mallory)
        );
    }
}

/// One line per mail: its subject.
pub fn summaries(mails: &[Mail]) -> String {
    mails.iter().map(|m| format!("  {}\n", m.subject())).collect()
}

/// One received mail.
#[derive(Clone)]
pub struct Mail {
    /// The bytes as delivered.
    pub raw: Vec<u8>,
}

impl std::fmt::Debug for Mail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mail({:?})", self.subject())
    }
}

impl Mail {
    /// A mail from its bytes.
    pub fn new(raw: Vec<u8>) -> Mail {
        Mail { raw }
    }

    fn parsed(&self) -> mailparse::ParsedMail<'_> {
        mailparse::parse_mail(&self.raw).expect("a parseable mail")
    }

    /// The first header `name`, decoded and unfolded.
    pub fn header(&self, name: &str) -> Option<String> {
        self.parsed().headers.get_first_value(name)
    }

    /// Every header `name`.
    pub fn headers(&self, name: &str) -> Vec<String> {
        self.parsed().headers.get_all_values(name)
    }

    /// The Subject.
    pub fn subject(&self) -> String {
        self.header("Subject").unwrap_or_default()
    }

    /// The Message-ID without angle brackets.
    pub fn message_id(&self) -> String {
        let id = self.header("Message-ID").unwrap_or_default();
        id.trim().trim_start_matches('<').trim_end_matches('>').to_string()
    }

    /// The message ids in References, without angle brackets.
    pub fn references(&self) -> Vec<String> {
        self.header("References")
            .unwrap_or_default()
            .split_whitespace()
            .map(|id| id.trim_start_matches('<').trim_end_matches('>').to_string())
            .collect()
    }

    /// The decoded text (line ends as `\n`).
    pub fn body(&self) -> String {
        super::mime::plain_text(&self.raw)
    }

    /// Everything the mail shows a reader: its headers as sent, and each part decoded (where a
    /// secret would show, however it was encoded); see `mime::readable`.
    pub fn readable(&self) -> String {
        super::mime::readable(&self.raw)
    }

    /// The address in Reply-To.
    pub fn reply_to(&self) -> String {
        let value = self.header("Reply-To").expect("a Reply-To");
        mailparse::addrparse(&value).unwrap().extract_single_info().unwrap().addr
    }
}

/// Standard output and error of a finished command, for failure messages.
pub fn output_text(out: &Output) -> String {
    format!(
        "--- stdout ---\n{}--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Sends `signal` (a name such as "TERM", "STOP") to a process.
pub fn signal(pid: u32, signal: &str) {
    let status = Command::new("kill").arg(format!("-{signal}")).arg(pid.to_string()).status().expect("run kill");
    assert!(status.success(), "kill -{signal} {pid} failed");
}

/// Waits up to `timeout` for a child to exit.
pub fn wait_timeout(child: &mut Child, timeout: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().expect("wait for a child") {
            return Some(status);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
