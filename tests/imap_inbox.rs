//! The IMAP inbox against a real Dovecot started by the tests (tests/support/dovecot.rs).
//!
//! The club tests run the real `herald serve` binary: Postfix delivers the players' mail for
//! the referee into a Maildir that Dovecot serves as the referee's INBOX, herald reads it
//! over IMAP (IDLE) and answers through Postfix with SMTP AUTH checked by that Dovecot. The
//! fault cases put a small TCP proxy between herald and Dovecot (the server stays real):
//! it can hold herald's `UID MOVE` (herald is then killed -9 between its commit and the
//! move) or cut the connection in the middle of a FETCH answer. Each asserts that every move
//! is played exactly once and every answer sent exactly once.
//!
//! The inbox tests drive [`ImapInbox`] in-process: XOAUTH2 with JWTs the test signs, TLS and
//! STARTTLS with a test CA, the flags of "handled" and "set aside", IDLE and its absence.

use crate::support;

use std::fs;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use herald::config::TlsMode;
use herald::mail::inbox::imap::{DONE_KEYWORD, ImapLogin, SET_ASIDE_KEYWORD};
use herald::mail::inbox::{ImapInbox, ImapSettings, Inbox, InboxErrorKind};
use support::club::{ALICE, BOB, Club, ClubOptions, Inbound, Mail, REFEREE, WAIT, output_text, signal};
use support::dovecot::{Dovecot, DovecotOptions, PASSWORD};
use support::harness::free_port;

/// The variable holding the referee's password (IMAP and SMTP: one Dovecot user).
const PASSWORD_VAR: &str = "HERALD_TEST_IMAP_PASSWORD";

/// A club whose referee mailbox is an IMAP folder.
struct ImapClub {
    club: Club,
    dovecot: Dovecot,
}

impl ImapClub {
    /// Postfix authenticating SMTP clients against Dovecot, Dovecot serving the club's
    /// inbox Maildir as the referee's INBOX, and herald configured to read it over IMAP
    /// (through `proxy_port` if given) and to send with SMTP AUTH. `poll_seconds` is long:
    /// only IDLE makes herald answer promptly.
    fn start(proxy_port: impl FnOnce(u16) -> u16) -> ImapClub {
        ImapClub::start_with(DovecotOptions::default(), proxy_port)
    }

    /// [`ImapClub::start`] with a Dovecot of these options.
    fn start_with(options: DovecotOptions, proxy_port: impl FnOnce(u16) -> u16) -> ImapClub {
        let auth_port = free_port().unwrap();
        // Dovecot first: Postfix checks its SASL service at start.
        let dovecot = Dovecot::start(DovecotOptions { auth_port: Some(auth_port), ..options }).expect("start Dovecot");
        let mut club = Club::with(ClubOptions {
            inbound: Inbound::Maildir,
            poll_seconds: 600,
            main_cf: vec![
                ("smtpd_sasl_auth_enable".into(), "yes".into()),
                ("smtpd_sasl_type".into(), "dovecot".into()),
                ("smtpd_sasl_path".into(), format!("inet:127.0.0.1:{auth_port}")),
            ],
            ..ClubOptions::default()
        });
        // The referee's Dovecot Maildir is the club's inbox, where Postfix delivers.
        let maildir = dovecot.maildir(REFEREE);
        fs::create_dir_all(maildir.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(club.inbox(), &maildir).unwrap();
        std::os::unix::fs::chown(maildir.parent().unwrap(), Some(65534), Some(65534)).unwrap();
        let port = proxy_port(dovecot.port());
        club.reconfigure(|o| {
            o.inbox_yaml = Some(format!(
                "  imap:\n    host: 127.0.0.1\n    port: {port}\n    tls: none\n    user: {REFEREE}\n    \
                 password_env: {PASSWORD_VAR}\n    done_folder: Done\n    timeout_seconds: 60"
            ));
            o.smtp_login = Some((REFEREE.into(), PASSWORD_VAR.into()));
            o.env = vec![(PASSWORD_VAR.into(), PASSWORD.into())];
        });
        ImapClub { club, dovecot }
    }

    /// The mails in the referee's `folder`.
    fn folder(&self, folder: &str) -> usize {
        self.dovecot.mails(REFEREE, folder).len()
    }

    /// `from` replies to their latest mail with `text`.
    fn play(&self, from: &str, text: &str) {
        let latest = self.club.latest(from);
        self.club.reply(from, &latest, text);
    }

    /// Waits until herald has moved every mail out of INBOX into Done (`done` of them).
    fn wait_until_done(&self, done: usize) {
        self.club.wait_until("herald to move the mails to Done", WAIT, || {
            self.folder("INBOX") == 0 && self.folder("Done") == done
        });
    }
}

/// The moves of game `id`, in order.
fn moves(club: &Club, id: i64) -> Vec<String> {
    let mut store = herald::store::Store::open(&club.database()).expect("open herald's database");
    store.read(|tx| tx.moves(id)).unwrap().into_iter().map(|m| m.notation).collect()
}

/// How many of `addr`'s mails contain `text`.
fn mails_with(club: &Club, addr: &str, text: &str) -> usize {
    club.mails(addr).iter().filter(|m| m.body().contains(text)).count()
}

/// Every answer to `mover`'s move `played` (e.g. "1. f3") arrived exactly once: the
/// confirmation to the mover and the news to the opponent.
#[track_caller]
fn answered_once(club: &Club, mover: &str, name: &str, played: &str) {
    let opponent = if mover == ALICE { BOB } else { ALICE };
    // The daemon's sender hands the answers to Postfix a moment after the move's commit, so
    // Postfix's queue may still be empty: wait for both answers to arrive, then for anything
    // else in the queue, and only then count.
    club.wait_until("both answers", WAIT, || {
        mails_with(club, mover, &format!("Your move {played} is recorded")) > 0
            && mails_with(club, opponent, &format!("{name} played {played}")) > 0
    });
    club.settle();
    assert_eq!(mails_with(club, mover, &format!("Your move {played} is recorded")), 1, "{mover}: {played}");
    assert_eq!(mails_with(club, opponent, &format!("{name} played {played}")), 1, "{opponent}: {played}");
}

/// Starts the game, runs the daemon, and waits for both invitations.
fn new_game(ic: &ImapClub) -> (i64, support::club::Running) {
    let id = start_game(ic);
    let daemon = ic.club.spawn(&["serve"]);
    ic.club.pf.wait_for_mail(ALICE, 1, WAIT);
    ic.club.pf.wait_for_mail(BOB, 1, WAIT);
    (id, daemon)
}

/// Starts Alice's and Bob's game; returns its number.
fn start_game(ic: &ImapClub) -> i64 {
    ic.club
        .herald_ok(&["game", "new", "--white", ALICE, "--black", BOB, "--white-name", "Alice", "--black-name", "Bob"])
        .trim()
        .parse()
        .unwrap()
}

/// SIGTERM; the daemon must stop cleanly. Returns its output.
fn stop(mut daemon: support::club::Running) -> String {
    signal(daemon.id(), "TERM");
    let status = daemon.wait_timeout(Duration::from_secs(10));
    let out = daemon.finish(status.is_none());
    assert!(
        status.is_some_and(|s| s.success()),
        "herald serve did not stop cleanly ({status:?}):\n{}",
        output_text(&out)
    );
    output_text(&out)
}

#[test]
fn a_game_is_played_to_its_end_over_imap_idle_and_smtp_auth() {
    let ic = ImapClub::start(|port| port);
    let (id, daemon) = new_game(&ic);
    let script =
        [(ALICE, "Alice", "1. f3"), (BOB, "Bob", "1... e5"), (ALICE, "Alice", "2. g4"), (BOB, "Bob", "2... Qh4#")];
    for (n, (player, name, text)) in script.iter().enumerate() {
        ic.play(player, text);
        // The daemon polls every ten minutes: only IDLE brings the mail in time.
        ic.club.wait_until("the move to be played", WAIT, || moves(&ic.club, id).len() == n + 1);
        if n + 1 < script.len() {
            answered_once(&ic.club, player, name, text);
        }
    }
    // The mate ends the game: both are told, once (waited for as in `answered_once`).
    let over = |player| mails_with(&ic.club, player, "The game is over after 2... Qh4#");
    ic.club.wait_until("the news of the mate", WAIT, || over(ALICE) > 0 && over(BOB) > 0);
    ic.club.settle();
    for player in [ALICE, BOB] {
        let told = mails_with(&ic.club, player, "The game is over after 2... Qh4#");
        assert_eq!(told, 1, "{player}:\n{}", ic.club.latest(player).body());
    }
    assert_eq!(moves(&ic.club, id), ["f3", "e5", "g4", "Qh4#"]);
    assert!(ic.club.show(id).contains("0-1"), "{}", ic.club.show(id));
    ic.wait_until_done(script.len());
    // Handled mail moved out of INBOX, unchanged.
    let done = ic.dovecot.mails(REFEREE, "Done");
    assert!(done.iter().all(|(raw, _)| Mail::new(raw.clone()).header("From").is_some()));
    let log = stop(daemon);
    assert!(!log.contains(PASSWORD), "{log}");
    // Every answer went through SMTP AUTH as the referee.
    let postfix = ic.club.pf.log();
    assert!(postfix.contains(&format!("sasl_username={REFEREE}")), "{}", ic.club.pf.diagnostics());
}

#[test]
fn herald_killed_between_its_commit_and_the_move_plays_the_mail_once() {
    let proxy = Proxy::default();
    let ic = ImapClub::start(|port| proxy.start(port));
    let (id, mut daemon) = new_game(&ic);
    proxy.arm(Fault::HoldCommand(b"UID MOVE"));
    ic.play(ALICE, "1. f3");
    // The commit is done (the answers go out) and herald waits for its MOVE to be answered.
    ic.club.wait_until("herald to send UID MOVE", WAIT, || proxy.tripped());
    ic.club.pf.wait_for_mail(BOB, 2, WAIT);
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
    daemon.kill();
    daemon.wait_timeout(WAIT).expect("herald killed");
    assert_eq!(moves(&ic.club, id), ["f3"]);
    assert_eq!((ic.folder("INBOX"), ic.folder("Done")), (1, 0), "the mail was not moved");

    // The next daemon reads the mail again, recognises it, and moves it.
    let daemon = ic.club.spawn(&["serve"]);
    ic.wait_until_done(1);
    ic.play(BOB, "1... e5");
    ic.club.wait_until("Bob's move", WAIT, || moves(&ic.club, id).len() == 2);
    ic.wait_until_done(2);
    stop(daemon);
    assert_eq!(moves(&ic.club, id), ["f3", "e5"]);
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
    answered_once(&ic.club, BOB, "Bob", "1... e5");
}

#[test]
fn a_connection_dropped_mid_fetch_is_made_again_and_the_mail_played_once() {
    let proxy = Proxy::default();
    let ic = ImapClub::start(|port| proxy.start(port));
    let (id, daemon) = new_game(&ic);
    // Cut 60 bytes into the answer to the first FETCH: inside the message's literal.
    proxy.arm(Fault::CutAnswerTo(b"UID FETCH", 60));
    ic.play(ALICE, "1. f3");
    ic.club.wait_until("Alice's move", WAIT, || moves(&ic.club, id).len() == 1);
    assert!(proxy.tripped(), "the FETCH answer was cut");
    ic.wait_until_done(1);
    let log = stop(daemon);
    assert!(log.contains("trying again in 1 s"), "one line for the drop:\n{log}");
    assert_eq!(moves(&ic.club, id), ["f3"]);
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
}

#[test]
fn herald_reconnects_when_the_server_restarts_while_it_idles() {
    let mut ic = ImapClub::start(|port| port);
    let (id, daemon) = new_game(&ic);
    ic.play(ALICE, "1. f3");
    ic.club.wait_until("Alice's move", WAIT, || moves(&ic.club, id).len() == 1);
    ic.wait_until_done(1);
    // herald idles now; the server dies under it and comes back.
    ic.dovecot.restart().expect("restart Dovecot");
    ic.play(BOB, "1... e5");
    ic.club.wait_until("Bob's move after the restart", WAIT, || moves(&ic.club, id).len() == 2);
    ic.wait_until_done(2);
    let log = stop(daemon);
    assert!(log.contains("trying again"), "the drop is logged:\n{log}");
    assert_eq!(moves(&ic.club, id), ["f3", "e5"]);
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
    answered_once(&ic.club, BOB, "Bob", "1... e5");
}

#[test]
fn a_new_uidvalidity_numbers_the_mails_anew_and_none_is_played_twice() {
    let mut ic = ImapClub::start(|port| port);
    let (id, daemon) = new_game(&ic);
    ic.play(ALICE, "1. f3");
    ic.club.wait_until("Alice's move", WAIT, || moves(&ic.club, id).len() == 1);
    ic.wait_until_done(1);
    let validity = |ic: &ImapClub| {
        let mut session = ic.dovecot.session(REFEREE);
        let validity = session.examine("INBOX").unwrap().uid_validity;
        let _ = session.logout();
        validity
    };
    let before = validity(&ic);

    // The server loses its index (as after a restore from backup): the handled mail is
    // back in INBOX, and every mail gets a new UID under a new UIDVALIDITY.
    ic.dovecot.kill();
    let inbox = ic.club.inbox();
    let handled = ["new", "cur"]
        .iter()
        .flat_map(|sub| fs::read_dir(inbox.join(".Done").join(sub)).unwrap())
        .map(|entry| entry.unwrap().path())
        .next()
        .expect("the handled mail in Done");
    let restored = inbox.join("new").join("1700000000.restored.herald-test");
    fs::copy(&handled, &restored).unwrap();
    std::os::unix::fs::chown(&restored, Some(65534), Some(65534)).unwrap();
    for entry in fs::read_dir(&inbox).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() && path.file_name().unwrap().to_string_lossy().starts_with("dovecot") {
            fs::remove_file(path).unwrap();
        }
    }
    // UIDVALIDITY is made from the time in seconds.
    std::thread::sleep(Duration::from_millis(1100));
    ic.dovecot.restart().expect("restart Dovecot");
    assert_ne!(validity(&ic), before, "the test must change UIDVALIDITY");

    ic.play(BOB, "1... e5");
    ic.club.wait_until("Bob's move", WAIT, || moves(&ic.club, id).len() == 2);
    ic.wait_until_done(3);
    let log = stop(daemon);
    // The mail read again is ignored, and says so: in the daemon's log and in `herald log`.
    assert_eq!(log.matches("mail read again: a duplicate, nothing done").count(), 1, "{log}");
    let events = ic.club.herald_ok(&["log", "--game", &id.to_string()]);
    assert_eq!(events.lines().filter(|line| line.contains(" duplicate ")).count(), 1, "{events}");
    assert_eq!(moves(&ic.club, id), ["f3", "e5"]);
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
    answered_once(&ic.club, BOB, "Bob", "1... e5");
}

#[test]
fn serve_once_logs_in_handles_what_waits_and_logs_out() {
    let mut ic = ImapClub::start(|port| port);
    let id: i64 = ic.club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB]).trim().parse().unwrap();
    ic.club.serve_once();
    ic.club.pf.wait_for_mail(ALICE, 1, WAIT);
    ic.play(ALICE, "1. f3");
    ic.club.settle();
    assert_eq!(ic.folder("INBOX"), 1);
    let report = ic.club.serve_once();
    assert!(report.contains("1 mail(s) handled"), "{report}");
    assert_eq!(moves(&ic.club, id), ["f3"]);
    assert_eq!((ic.folder("INBOX"), ic.folder("Done")), (0, 1));
    // Every session of the referee's (herald's, and the test's own) ended with LOGOUT:
    // Dovecot logs "Disconnected: Logged out", where a dropped one says "Connection closed".
    let log = ic.dovecot.log();
    let ended: Vec<&str> = log.lines().filter(|l| l.contains(&format!("imap({REFEREE})"))).collect();
    assert!(ended.iter().any(|l| l.contains("Logged out")), "{log}");
    assert!(!ended.iter().any(|l| l.contains("Connection closed")), "{log}");

    // A wrong password stops it with the reason, and not the password, with the status the
    // packaged unit does not restart: a daemon as much as a single pass.
    ic.club.reconfigure(|o| o.env = vec![(PASSWORD_VAR.into(), "wrong-password-123".into())]);
    let out = ic.club.herald(&["serve", "--once"]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(i32::from(herald::cli::EXIT_CONFIG)), "{text}");
    assert!(text.contains(&format!("refused the password login of {REFEREE}")), "{text}");
    assert!(text.contains("not restarted"), "{text}");
    assert!(!text.contains("wrong-password-123"), "{text}");
    let mut daemon = ic.club.spawn(&["serve"]);
    let status = daemon.wait_timeout(WAIT);
    let text = output_text(&daemon.finish(status.is_none()));
    assert_eq!(status.and_then(|s| s.code()), Some(i32::from(herald::cli::EXIT_CONFIG)), "{text}");
    assert_eq!(text.matches("refused the password login").count(), 1, "one attempt, no retries:\n{text}");
    assert!(!text.contains("trying again"), "{text}");
}

#[test]
fn the_packaged_unit_restarts_a_failed_daemon_but_not_one_whose_login_was_refused() {
    let unit = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/packaging/herald.service")).unwrap();
    let settings = |key: &str| -> Vec<String> {
        unit.lines()
            .filter_map(|line| line.trim().strip_prefix(key)?.strip_prefix('=').map(str::to_owned))
            .flat_map(|value| value.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
            .collect()
    };
    assert_eq!(settings("Restart"), ["on-failure"]);
    assert!(
        settings("RestartPreventExitStatus").contains(&herald::cli::EXIT_CONFIG.to_string()),
        "RestartPreventExitStatus must hold {}:\n{unit}",
        herald::cli::EXIT_CONFIG
    );
}

#[test]
fn serve_waits_out_a_password_database_that_is_down_and_then_plays_the_move() {
    let mut ic = ImapClub::start_with(DovecotOptions { fallible_passdb: true, ..Default::default() }, |port| port);
    let (id, mut daemon) = new_game(&ic);
    // The server's password database goes down, and the server restarts: herald must log in
    // again and is answered NO [UNAVAILABLE].
    ic.dovecot.set_logins_unavailable(true);
    ic.dovecot.restart().expect("restart Dovecot");
    ic.play(ALICE, "1. f3");
    std::thread::sleep(Duration::from_secs(3));
    assert!(daemon.try_wait().is_none(), "herald serve must not stop while the server cannot check logins");
    assert!(moves(&ic.club, id).is_empty());
    ic.dovecot.set_logins_unavailable(false);
    ic.club.wait_until("Alice's move", WAIT, || moves(&ic.club, id).len() == 1);
    let log = stop(daemon);
    assert!(log.contains(&format!("could not check the password login of {REFEREE} just now")), "{log}");
    assert!(log.contains("UNAVAILABLE") && log.contains("trying again"), "{log}");
    answered_once(&ic.club, ALICE, "Alice", "1. f3");
}

#[test]
fn a_refused_smtp_password_keeps_the_answers_waiting_and_dead_letters_can_be_sent_again() {
    const SMTP_VAR: &str = "HERALD_TEST_SMTP_PASSWORD";
    let mut ic = ImapClub::start(|port| port);
    let id = start_game(&ic);
    ic.club.serve_once();
    ic.club.pf.wait_for_mail(ALICE, 1, WAIT);
    ic.club.pf.wait_for_mail(BOB, 1, WAIT);

    // The submission password is wrong: Postfix answers 535.
    ic.club.reconfigure(|o| {
        o.smtp_login = Some((REFEREE.into(), SMTP_VAR.into()));
        o.env.push((SMTP_VAR.into(), "wrong-smtp-password".into()));
    });
    let refusals = |ic: &ImapClub| ic.club.pf.log().matches("authentication failed").count();
    ic.play(ALICE, "1. f3");
    ic.club.settle();
    ic.club.serve_once();
    assert_eq!(moves(&ic.club, id), ["f3"]);
    let outbox = ic.club.herald_ok(&["outbox"]);
    assert!(outbox.starts_with("outbox: 2 pending"), "both answers wait, neither is given up:\n{outbox}");
    assert!(outbox.contains("refused herald's login"), "{outbox}");
    assert_eq!(refusals(&ic), 1, "one refused login for both answers:\n{}", ic.club.pf.log());
    let doctor = output_text(&ic.club.herald(&["doctor"]));
    assert!(doctor.contains("refused herald's login") && doctor.contains("waits in the outbox"), "{doctor}");

    // Fixed: the next pass after the retry time sends both.
    ic.club.reconfigure(|o| {
        o.env.retain(|(key, _)| key != SMTP_VAR);
        o.env.push((SMTP_VAR.into(), PASSWORD.into()));
    });
    std::thread::sleep(Duration::from_millis(2100));
    ic.club.serve_once();
    answered_once(&ic.club, ALICE, "Alice", "1. f3");

    // A relay that cannot be reached, and one attempt allowed: Bob's answers die at once.
    ic.club.reconfigure(|o| o.max_attempts = 1);
    ic.club.write_config(free_port().unwrap());
    ic.play(BOB, "1... e5");
    ic.club.settle();
    ic.club.serve_once();
    let outbox = ic.club.herald_ok(&["outbox"]);
    assert!(outbox.contains("2 dead"), "{outbox}");
    let doctor = output_text(&ic.club.herald(&["doctor"]));
    assert!(doctor.contains("herald outbox retry"), "the doctor says how to send them again:\n{doctor}");
    ic.club.write_config(ic.club.pf.smtp_port());
    let refused = ic.club.herald(&["outbox", "retry", "999"]);
    assert!(!refused.status.success() && output_text(&refused).contains("no mail 999"), "{}", output_text(&refused));
    let refused = ic.club.herald(&["outbox", "retry", "1"]);
    assert!(output_text(&refused).contains("mail 1 is not a dead letter (it is sent)"), "{}", output_text(&refused));
    let retried = ic.club.herald_ok(&["outbox", "retry"]);
    assert!(retried.contains("2 dead letter(s) will be sent again"), "{retried}");
    ic.club.serve_once();
    answered_once(&ic.club, BOB, "Bob", "1... e5");
    let outbox = ic.club.herald_ok(&["outbox"]);
    assert!(!outbox.contains("dead") && !outbox.contains("pending"), "{outbox}");
}

#[test]
fn a_connection_cut_at_every_idle_is_tried_again_after_a_second_each_time() {
    let proxy = Proxy::default();
    let ic = ImapClub::start(|port| proxy.start(port));
    // Every IDLE is cut, as by a NAT that drops idle connections: each pass succeeds, each
    // wait after it fails, and each failure is a first one.
    proxy.arm(Fault::CutEvery(b" IDLE\r\n"));
    let (_, daemon) = new_game(&ic);
    std::thread::sleep(Duration::from_secs(7));
    let log = stop(daemon);
    let pauses: Vec<&str> = log.lines().filter_map(|line| line.split("trying again in ").nth(1)).collect();
    assert!(pauses.len() >= 3, "a cut IDLE is logged and tried again:\n{log}");
    assert!(pauses.iter().all(|pause| pause.starts_with("1 s")), "the pause never grows:\n{log}");
}

// ---- The inbox in-process ----

const MAIL: &[u8] = b"From: Alice <alice@players.test>\r\nTo: referee@game.test\r\nSubject: hello\r\n\
Message-ID: <m1@players.test>\r\n\r\n1. e4\r\n";

fn settings(port: u16, login: ImapLogin) -> ImapSettings {
    ImapSettings {
        host: "127.0.0.1".into(),
        port,
        tls: TlsMode::None,
        user: REFEREE.into(),
        login,
        folder: "INBOX".into(),
        done_folder: Some("Done".into()),
        timeout: Duration::from_secs(10),
        extra_root_pem: Vec::new(),
    }
}

#[test]
fn xoauth2_logs_in_with_the_token_the_command_prints_and_names_a_refusal() {
    let dovecot = Dovecot::start(DovecotOptions { oauth2: true, ..Default::default() }).unwrap();
    dovecot.append(REFEREE, "INBOX", MAIL);
    let token_file = dovecot.dir().join("token");
    let login = || ImapLogin::TokenCommand(format!("cat {}", token_file.display()));

    let good = dovecot.jwt(REFEREE, 3600, true);
    fs::write(&token_file, &good).unwrap();
    let mut inbox = ImapInbox::new(settings(dovecot.port(), login()));
    let waiting = inbox.waiting().expect("log in with XOAUTH2");
    assert_eq!(waiting.len(), 1);
    let fetched = inbox.fetch(&waiting, 1 << 20).unwrap();
    assert_eq!(fetched.len(), 1);
    assert_eq!(fetched[0].1, MAIL);
    // Cut one byte past the limit, as a Maildir read is.
    assert_eq!(inbox.fetch(&waiting, 10).unwrap()[0].1, &MAIL[..11]);
    inbox.mark_handled(&waiting).unwrap();
    assert!(inbox.waiting().unwrap().is_empty());
    inbox.close();
    assert_eq!(dovecot.mails(REFEREE, "Done").len(), 1);
    assert!(dovecot.mails(REFEREE, "INBOX").is_empty());

    for (token, what) in
        [(dovecot.jwt(REFEREE, -60, true), "expired"), (dovecot.jwt(REFEREE, 3600, false), "signed with another key")]
    {
        fs::write(&token_file, &token).unwrap();
        let mut inbox = ImapInbox::new(settings(dovecot.port(), login()));
        let err = inbox.waiting().expect_err(what);
        assert_eq!(err.kind, InboxErrorKind::Permanent, "{what}: {err}");
        assert!(err.message.contains(&format!("refused the XOAUTH2 login of {REFEREE}")), "{what}: {err}");
        assert!(!err.message.contains(&token) && !err.message.contains(token.split('.').nth(1).unwrap()), "{err}");
    }
    let mut inbox = ImapInbox::new(settings(dovecot.port(), ImapLogin::TokenCommand("exit 1".into())));
    let err = inbox.waiting().unwrap_err();
    assert!(err.message.contains("inbox.imap.token_command"), "{err}");
}

#[test]
fn a_login_the_server_cannot_check_just_now_is_tried_again_and_a_wrong_one_is_not() {
    let dovecot = Dovecot::start(DovecotOptions { fallible_passdb: true, ..Default::default() }).unwrap();
    dovecot.append(REFEREE, "INBOX", MAIL);
    dovecot.set_logins_unavailable(true);
    let mut inbox = ImapInbox::new(settings(dovecot.port(), ImapLogin::Password(PASSWORD.into())));
    let err = inbox.waiting().unwrap_err();
    assert_eq!(err.kind, InboxErrorKind::Transient, "NO [UNAVAILABLE] (RFC 5530) passes: {err}");
    assert!(err.message.contains("[UNAVAILABLE]") && err.message.contains("just now"), "{err}");
    dovecot.set_logins_unavailable(false);
    assert_eq!(inbox.waiting().expect("the same inbox logs in once the server can check").len(), 1);
    let mut wrong = ImapInbox::new(settings(dovecot.port(), ImapLogin::Password("not-the-password".into())));
    let err = wrong.waiting().unwrap_err();
    assert_eq!(err.kind, InboxErrorKind::Permanent, "NO [AUTHENTICATIONFAILED] does not pass: {err}");
}

#[test]
fn a_wrong_password_is_refused_by_name() {
    let dovecot = Dovecot::start(DovecotOptions::default()).unwrap();
    // The static passdb takes any user name, so only the password can be wrong.
    let mut inbox = ImapInbox::new(settings(dovecot.port(), ImapLogin::Password("not-the-password".into())));
    let err = inbox.waiting().unwrap_err();
    assert_eq!(err.kind, InboxErrorKind::Permanent);
    assert!(err.message.contains(&format!("refused the password login of {REFEREE}")), "{err}");
    assert!(!err.message.contains("not-the-password"), "{err}");
}

#[test]
fn without_a_done_folder_handled_mail_stays_marked_and_set_aside_mail_flagged() {
    let dovecot = Dovecot::start(DovecotOptions::default()).unwrap();
    dovecot.append(REFEREE, "INBOX", MAIL);
    dovecot.append(REFEREE, "INBOX", b"Subject: nonsense\r\n\r\n?\r\n");
    let mut inbox = ImapInbox::new(ImapSettings {
        done_folder: None,
        ..settings(dovecot.port(), ImapLogin::Password(PASSWORD.into()))
    });
    let waiting = inbox.waiting().unwrap();
    assert_eq!(waiting.len(), 2);
    inbox.mark_handled(&waiting[..1]).unwrap();
    inbox.set_aside(&waiting[1..]).unwrap();
    assert!(inbox.waiting().unwrap().is_empty());
    inbox.close();
    let mails = dovecot.mails(REFEREE, "INBOX");
    let has = |i: usize, flag: &str| mails[i].1.iter().any(|f| f.contains(flag));
    assert!(has(0, "Seen") && has(0, DONE_KEYWORD) && !has(0, "Flagged"), "{:?}", mails[0].1);
    assert!(has(1, "Flagged") && has(1, SET_ASIDE_KEYWORD) && !has(1, "Seen"), "{:?}", mails[1].1);
    // A new session finds nothing waiting either: the marks are on the server.
    let mut again = ImapInbox::new(ImapSettings {
        done_folder: None,
        ..settings(dovecot.port(), ImapLogin::Password(PASSWORD.into()))
    });
    assert!(again.waiting().unwrap().is_empty());
}

#[test]
fn tls_and_starttls_check_the_certificate() {
    let dovecot = Dovecot::start(DovecotOptions { tls: true, ..Default::default() }).unwrap();
    dovecot.append(REFEREE, "INBOX", MAIL);
    let password = || ImapLogin::Password(PASSWORD.into());
    for (tls, port) in [(TlsMode::Tls, dovecot.tls_port()), (TlsMode::Starttls, dovecot.port())] {
        let mut inbox =
            ImapInbox::new(ImapSettings { tls, extra_root_pem: vec![dovecot.ca_pem()], ..settings(port, password()) });
        assert_eq!(inbox.waiting().unwrap_or_else(|e| panic!("{tls:?}: {e}")).len(), 1, "{tls:?}");
        let mut untrusted = ImapInbox::new(ImapSettings { tls, ..settings(port, password()) });
        let err = untrusted.waiting().unwrap_err();
        assert!(err.message.contains("TLS handshake failed"), "{tls:?}: {err}");
        assert!(err.message.contains("inbox.imap.ca_file"), "the error names the setting that trusts a CA: {err}");
        assert_eq!(err.kind, InboxErrorKind::Permanent, "{tls:?}: {err}");
    }

    // The configuration's way: inbox.imap.ca_file, beside the system's roots.
    let ca_file = dovecot.dir().join("club-ca.pem");
    fs::write(&ca_file, dovecot.ca_pem()).unwrap();
    let config = |ca_file: Option<std::path::PathBuf>| herald::config::Imap {
        host: "127.0.0.1".into(),
        port: Some(dovecot.tls_port()),
        tls: TlsMode::Tls,
        user: REFEREE.into(),
        auth: herald::config::Login::Xoauth2,
        password_env: None,
        token_command: Some("true".into()),
        folder: "INBOX".into(),
        done_folder: None,
        timeout_seconds: 10,
        ca_file,
    };
    let mut from_config = ImapSettings::from_config(&config(Some(ca_file))).expect("the ca_file is read");
    from_config.login = password();
    assert_eq!(ImapInbox::new(from_config).waiting().expect("trusted through ca_file").len(), 1);
    let missing = ImapSettings::from_config(&config(Some(dovecot.dir().join("none.pem")))).err().unwrap();
    assert!(missing.contains("inbox.imap.ca_file") && missing.contains("cannot be read"), "{missing}");
}

#[test]
fn idle_returns_on_new_mail_and_on_stop_and_polling_serves_a_server_without_idle() {
    let dovecot = Dovecot::start(DovecotOptions::default()).unwrap();
    let mut inbox = ImapInbox::new(settings(dovecot.port(), ImapLogin::Password(PASSWORD.into())));
    assert!(inbox.waiting().unwrap().is_empty());
    let stop = AtomicBool::new(false);
    // The poll a daemon would make instead: far beyond anything this test waits for, so a
    // wait that ends before it ended for another reason.
    let far = Instant::now() + Duration::from_secs(120);
    // Set just before the APPEND goes to the server: a wait that ends while it is still false
    // ended before the mail existed, so not because of it.
    let appending = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            appending.store(true, Ordering::SeqCst);
            dovecot.append(REFEREE, "INBOX", MAIL);
        });
        inbox.wait(far, &stop).unwrap();
        assert!(appending.load(Ordering::SeqCst), "the wait ended before the mail was appended");
    });
    assert!(Instant::now() < far, "the wait ended because mail came, not at the poll's time");
    assert!(!stop.load(Ordering::SeqCst), "nothing asked the wait to stop");
    assert_eq!(inbox.waiting().unwrap().len(), 1);

    std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::SeqCst);
        });
        inbox.wait(far, &stop).unwrap();
        assert!(stop.load(Ordering::SeqCst), "the wait ended before it was asked to stop");
    });
    assert!(Instant::now() < far, "the wait ended because of stop, not at the poll's time");

    let plain = Dovecot::start(DovecotOptions { capabilities: Some(BASE.into()), ..Default::default() }).unwrap();
    let mut inbox = ImapInbox::new(settings(plain.port(), ImapLogin::Password(PASSWORD.into())));
    assert!(inbox.waiting().unwrap().is_empty());
    // A server tells of new mail at the end of a command; the first search after the mail
    // came must find it, not the one after the next poll.
    plain.append(REFEREE, "INBOX", MAIL);
    assert_eq!(inbox.waiting().unwrap().len(), 1, "the first search after the mail came finds it");
    let handled = inbox.waiting().unwrap();
    inbox.mark_handled(&handled).unwrap();
    plain.append(REFEREE, "INBOX", MAIL);
    let mut inbox = ImapInbox::new(settings(plain.port(), ImapLogin::Password(PASSWORD.into())));
    let soon = Instant::now() + Duration::from_millis(500);
    inbox.wait(soon, &AtomicBool::new(false)).unwrap();
    assert!(Instant::now() >= soon, "without IDLE the wait lasts to its end");
    assert_eq!(inbox.waiting().unwrap().len(), 1);
}

/// Capabilities every IMAP4rev1 server of these tests has.
const BASE: &str = "IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE";

#[test]
fn without_move_handled_mail_is_copied_and_expunged_by_uid_or_left_deleted() {
    for (extra, left_in_inbox) in [(" UIDPLUS", false), ("", true)] {
        let dovecot =
            Dovecot::start(DovecotOptions { capabilities: Some(format!("{BASE} IDLE{extra}")), ..Default::default() })
                .unwrap();
        dovecot.append(REFEREE, "INBOX", MAIL);
        dovecot.append(REFEREE, "INBOX", b"Subject: later\r\n\r\nlater\r\n");
        // Another client's mail marked deleted, not yet expunged: herald must not expunge it.
        dovecot.append(REFEREE, "INBOX", b"Subject: theirs\r\n\r\ntheirs\r\n");
        let mut session = dovecot.session(REFEREE);
        session.select("INBOX").unwrap();
        session.uid_store("3", "+FLAGS.SILENT (\\Deleted)").unwrap();
        let _ = session.logout();

        let mut inbox = ImapInbox::new(settings(dovecot.port(), ImapLogin::Password(PASSWORD.into())));
        let waiting = inbox.waiting().unwrap();
        assert_eq!(waiting.len(), 2, "{extra:?}: the deleted mail does not wait");
        inbox.mark_handled(&waiting[..1]).unwrap();
        assert_eq!(inbox.waiting().unwrap(), waiting[1..], "{extra:?}");
        inbox.close();
        let done = dovecot.mails(REFEREE, "Done");
        assert_eq!(done.len(), 1, "{extra:?}");
        assert_eq!(done[0].0, MAIL);
        let inbox_mails = dovecot.mails(REFEREE, "INBOX");
        let subjects: Vec<String> = inbox_mails.iter().map(|(raw, _)| Mail::new(raw.clone()).subject()).collect();
        if left_in_inbox {
            // Without UIDPLUS: left deleted and marked, for the mailbox owner's next expunge.
            assert_eq!(subjects, ["hello", "later", "theirs"], "{extra:?}");
            assert!(inbox_mails[0].1.iter().any(|f| f.contains("Deleted")), "{:?}", inbox_mails[0].1);
            assert!(inbox_mails[0].1.iter().any(|f| f.contains(DONE_KEYWORD)), "{:?}", inbox_mails[0].1);
        } else {
            assert_eq!(subjects, ["later", "theirs"], "{extra:?}: only the handled mail is expunged");
        }
    }
}

// ---- A proxy that misbehaves once ----

#[derive(Clone, Copy)]
enum Fault {
    /// Swallow the first client command containing this (and everything after it).
    HoldCommand(&'static [u8]),
    /// After the first client command containing this, pass on this many bytes of the
    /// server's answer and cut the connection.
    CutAnswerTo(&'static [u8], usize),
    /// Cut the connection at every client command containing this, on every connection.
    CutEvery(&'static [u8]),
}

/// A TCP proxy from a local port to Dovecot.
#[derive(Clone, Default)]
struct Proxy {
    fault: Arc<Mutex<Option<Fault>>>,
    tripped: Arc<AtomicBool>,
}

impl Proxy {
    /// Listens on a free port, forwarding to `upstream`; returns the port.
    fn start(&self, upstream: u16) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let proxy = self.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)) else { continue };
                proxy.relay(client, server);
            }
        });
        port
    }

    /// Misbehaves at the next chance.
    fn arm(&self, fault: Fault) {
        *self.fault.lock().unwrap() = Some(fault);
    }

    fn tripped(&self) -> bool {
        self.tripped.load(Ordering::SeqCst)
    }

    fn relay(&self, client: TcpStream, server: TcpStream) {
        // How many answer bytes may still pass before the cut; usize::MAX: no cut.
        let budget = Arc::new(AtomicUsize::new(usize::MAX));
        let (c_read, mut s_write) = (client.try_clone().unwrap(), server.try_clone().unwrap());
        let (proxy, up_budget) = (self.clone(), budget.clone());
        std::thread::spawn(move || {
            let mut c_read = c_read;
            let mut buf = [0u8; 16384];
            let mut holding = false;
            while let Ok(n) = c_read.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let chunk = &buf[..n];
                let fault = *proxy.fault.lock().unwrap();
                if let Some(Fault::CutEvery(pattern)) = fault
                    && contains(chunk, pattern)
                {
                    proxy.tripped.store(true, Ordering::SeqCst);
                    let _ = c_read.shutdown(Shutdown::Both);
                    let _ = s_write.shutdown(Shutdown::Both);
                    return;
                }
                if !proxy.tripped() {
                    match fault {
                        Some(Fault::HoldCommand(pattern)) if contains(chunk, pattern) => {
                            proxy.tripped.store(true, Ordering::SeqCst);
                            holding = true;
                        }
                        Some(Fault::CutAnswerTo(pattern, bytes)) if contains(chunk, pattern) => {
                            up_budget.store(bytes, Ordering::SeqCst);
                        }
                        _ => {}
                    }
                }
                if holding || s_write.write_all(chunk).is_err() {
                    if !holding {
                        break;
                    }
                    continue;
                }
            }
            let _ = s_write.shutdown(Shutdown::Write);
        });
        let proxy = self.clone();
        std::thread::spawn(move || {
            let (mut s_read, mut c_write) = (server, client);
            let mut buf = [0u8; 16384];
            while let Ok(n) = s_read.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let left = budget.load(Ordering::SeqCst);
                if left != usize::MAX && n >= left {
                    let _ = c_write.write_all(&buf[..left]);
                    proxy.tripped.store(true, Ordering::SeqCst);
                    let _ = c_write.shutdown(Shutdown::Both);
                    let _ = s_read.shutdown(Shutdown::Both);
                    return;
                }
                if left != usize::MAX {
                    budget.store(left - n, Ordering::SeqCst);
                }
                if c_write.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            let _ = c_write.shutdown(Shutdown::Write);
        });
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
