//! Running herald for years (README "Operating herald"), through the real binary, a real
//! Postfix and real SQLite files: a backup taken while mail arrives restores into a fresh
//! directory and its games go on by mail; `herald doctor` finds each planted fault and passes
//! a healthy club; the log lines of a whole Crown game by mail hold no secret; a printing
//! command whose reader went away ends quietly.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use support::club::{ALICE, BOB, Club, ClubOptions, Inbound, Mail, WAIT, herald_bin, output_text};

/// A Ruy Lopez, Breyer variation: twenty legal plies, then two more.
const OPENING: [&str; 24] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
    "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
];
/// The plies played while the backups are taken.
const UNDER_LOAD: usize = 20;

/// The colour whose turn it is after `plies` plies, and that player's address.
fn to_move(plies: usize) -> (&'static str, &'static str) {
    if plies.is_multiple_of(2) { ("white", ALICE) } else { ("black", BOB) }
}

/// The Message-ID of a mail without angle brackets.
fn id_of(mail: &Mail) -> String {
    mail.message_id()
}

/// The newest of `addr`'s mails (from the `from`-th on) that herald wrote to the `color`
/// player of `game` after `plies` plies (its Message-ID says so: `herald.G.COLOR.pN.TAG`, or
/// `herald.G.COLOR.TAG` for the invitation).
fn mail_at(club: &Club, addr: &str, from: usize, game: i64, color: &str, plies: usize) -> Option<Mail> {
    let prefix = format!("herald.{game}.{color}.");
    club.mails(addr).into_iter().skip(from).rfind(|mail| {
        let id = id_of(mail);
        let Some(rest) = id.strip_prefix(&prefix) else { return false };
        match plies {
            0 => !rest.starts_with('p'),
            n => rest.starts_with(&format!("p{n}.")),
        }
    })
}

/// Waits for [`mail_at`].
#[track_caller]
fn wait_mail_at(club: &Club, addr: &str, from: usize, game: i64, color: &str, plies: usize) -> Mail {
    let mut found = None;
    club.wait_until(&format!("{addr}'s mail of game #{game} after {plies} plies"), WAIT, || {
        found = mail_at(club, addr, from, game, color, plies);
        found.is_some()
    });
    found.unwrap()
}

/// The newest mail of `game` in `addr`'s box.
fn latest_of(club: &Club, addr: &str, game: i64) -> Mail {
    let prefix = format!("herald.{game}.");
    club.mails(addr).into_iter().rfind(|m| id_of(m).starts_with(&prefix)).expect("a mail of the game")
}

/// `herald game new` between Alice and Bob; its number.
fn new_game(club: &Club, variant: &str) -> i64 {
    let out = club.herald_ok(&["game", "new", "--variant", variant, "--white", ALICE, "--black", BOB]);
    out.trim().parse().unwrap()
}

/// Stops a daemon as systemd does: SIGTERM, then waits for it.
fn stop(daemon: support::club::Running) -> Output {
    let status = Command::new("kill").args(["-TERM", &daemon.id().to_string()]).status().unwrap();
    assert!(status.success());
    daemon.finish(false)
}

/// `herald game export ID --json` written to a file, and `herald verify` on it.
#[track_caller]
fn archive_verifies(club: &Club, game: i64) -> serde_json::Value {
    let archive = club.herald_ok(&["game", "export", &game.to_string(), "--json"]);
    let path = club.dir().join(format!("archive-{game}.json"));
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.lines().last() == Some("verified"), "{verified}");
    serde_json::from_str(&archive).unwrap()
}

/// The number of moves of `game` in the SQLite file at `path`, read with SQLite alone.
fn plies_in(path: &Path, game: i64) -> usize {
    let db = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    db.query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", [game], |r| r.get::<_, i64>(0)).unwrap() as usize
}

#[test]
fn a_backup_taken_under_load_restores_into_a_fresh_directory_and_every_game_goes_on() {
    let mut club = Club::with(ClubOptions { inbound: Inbound::Maildir, poll_seconds: 1, ..ClubOptions::default() });
    let crown = new_game(&club, "crown");
    let chess = new_game(&club, "chess");
    let daemon = club.spawn(&["serve"]);
    // Crown's secret choices, before the load: the backup must keep them.
    let invitation = wait_mail_at(&club, ALICE, 0, crown, "white", 0);
    club.reply(ALICE, &invitation, "crown king");
    let invitation = wait_mail_at(&club, BOB, 0, crown, "black", 0);
    club.reply(BOB, &invitation, "crown queen");
    club.wait_until("the crown game's start", WAIT, || {
        club.mails(ALICE).iter().any(|m| m.body().contains("the game begins"))
    });

    // The load: the chess game's first twenty plies by mail, each reply as soon as its mail
    // is in; meanwhile, backups.
    let backups_dir = club.dir().join("backups");
    std::fs::create_dir(&backups_dir).unwrap();
    let mut backups: Vec<PathBuf> = Vec::new();
    std::thread::scope(|scope| {
        let load = scope.spawn(|| {
            for (plies, text) in OPENING.iter().enumerate().take(UNDER_LOAD) {
                let (color, player) = to_move(plies);
                let mail = wait_mail_at(&club, player, 0, chess, color, plies);
                club.reply(player, &mail, text);
            }
            wait_mail_at(&club, ALICE, 0, chess, "white", UNDER_LOAD);
        });
        while !load.is_finished() {
            let path = backups_dir.join(format!("herald-{}.db", backups.len()));
            club.herald_ok(&["backup", path.to_str().unwrap()]);
            backups.push(path);
            std::thread::sleep(std::time::Duration::from_millis(150));
        }
        load.join().unwrap();
    });
    let log = stop(daemon);
    assert!(log.status.success(), "{}", output_text(&log));

    // Every backup is private; one taken in the middle of the load is restored.
    for path in &backups {
        assert_eq!(std::fs::metadata(path).unwrap().permissions().mode() & 0o777, 0o600, "{}", path.display());
    }
    let plies: Vec<usize> = backups.iter().map(|path| plies_in(path, chess)).collect();
    let (chosen, &at) = plies
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0 && n < UNDER_LOAD)
        .max_by_key(|&(_, &n)| n)
        .unwrap_or_else(|| panic!("no backup was taken while the moves came in: plies {plies:?}"));

    let fresh = club.dir().join("restored");
    std::fs::create_dir(&fresh).unwrap();
    club.reconfigure(|o| o.database = Some(fresh.join("herald.db")));
    let restored = club.herald_ok(&["restore", backups[chosen].to_str().unwrap()]);
    assert!(restored.contains("2 game(s)"), "{restored}");
    assert_eq!(std::fs::metadata(fresh.join("herald.db")).unwrap().permissions().mode() & 0o777, 0o600);
    // A second restore over it is refused, and changes nothing.
    let again = club.herald(&["restore", backups[chosen].to_str().unwrap()]);
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("move it aside"));
    assert_eq!(plies_in(&fresh.join("herald.db"), chess), at);
    for game in [crown, chess] {
        assert!(club.herald_ok(&["audit", &game.to_string()]).contains("verified"), "game #{game}");
    }

    // The games go on by mail from where the backup left them.
    let daemon = club.spawn(&["serve"]);
    let seen = [club.mails(ALICE).len(), club.mails(BOB).len()];
    let from = |addr: &str| if addr == ALICE { seen[0] } else { seen[1] };
    for (plies, text) in OPENING.iter().enumerate().skip(at).take(3) {
        let (color, player) = to_move(plies);
        // The mail of this position: the old one the player still has, or the new one.
        let mail = mail_at(&club, player, from(player), chess, color, plies)
            .or_else(|| mail_at(&club, player, 0, chess, color, plies))
            .unwrap();
        club.reply(player, &mail, text);
        let (_, opponent) = to_move(plies + 1);
        let (opponent_color, _) = to_move(plies + 1);
        wait_mail_at(&club, opponent, from(opponent), chess, opponent_color, plies + 1);
    }
    let (color, player) = to_move(at + 3);
    let mail = wait_mail_at(&club, player, from(player), chess, color, at + 3);
    club.reply(player, &mail, "resign");
    // Crown: a move, and Black resigns; the end opens both crowns chosen before the backup.
    club.reply(ALICE, &latest_of(&club, ALICE, crown), "e4");
    wait_mail_at(&club, BOB, from(BOB), crown, "black", 1);
    club.reply(BOB, &latest_of(&club, BOB, crown), "resign");
    club.wait_until("both games over", WAIT, || {
        let list = club.herald_ok(&["game", "list"]);
        !list.contains("in play")
    });
    let log = stop(daemon);
    assert!(log.status.success(), "{}", output_text(&log));

    let archive = archive_verifies(&club, chess);
    assert_eq!(archive["moves"].as_array().unwrap().len(), at + 3);
    assert!(archive["result"]["reason"].as_str().unwrap().contains("resign"), "{}", archive["result"]);
    let archive = archive_verifies(&club, crown);
    let opened = |label: &str| {
        archive["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap()["value"].clone()
    };
    assert_eq!((opened("white.crown"), opened("black.crown")), ("king".into(), "queen".into()));
}

/// `herald doctor` on the club: its exit status and what it printed.
fn doctor(club: &Club) -> (bool, String) {
    let out = club.herald(&["doctor"]);
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// The doctor's problems: each `PROBLEM` line.
fn problems(report: &str) -> Vec<&str> {
    report.lines().filter(|l| l.starts_with("PROBLEM")).collect()
}

/// A port on 127.0.0.1 where nothing listens.
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[test]
fn the_doctor_passes_a_healthy_club_and_finds_each_planted_fault() {
    let club = Club::with(ClubOptions { max_attempts: 1, ..ClubOptions::default() });
    let smtp = club.pf.smtp_port();
    let (healthy, report) = doctor(&club);
    assert!(healthy, "a fresh club is healthy:\n{report}");
    assert!(problems(&report).is_empty() && report.contains("all is well"), "{report}");
    assert!(report.contains(&format!("the SMTP server 127.0.0.1:{smtp}: reached, logged in")), "{report}");

    // A database others can read.
    let database = club.database();
    std::fs::set_permissions(&database, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (healthy, report) = doctor(&club);
    assert!(!healthy, "{report}");
    assert_eq!(problems(&report).len(), 1, "{report}");
    assert!(problems(&report)[0].contains(&format!("{} can be read", database.display())), "{report}");
    assert!(report.contains(&format!("chmod 600 {}", database.display())), "{report}");
    std::fs::set_permissions(&database, std::fs::Permissions::from_mode(0o600)).unwrap();

    // An inbox Maildir open to every user.
    std::fs::set_permissions(club.inbox().join("new"), std::fs::Permissions::from_mode(0o777)).unwrap();
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 1, "{report}");
    assert!(problems(&report)[0].contains("inbox.maildir") && report.contains("o-rwx"), "{report}");
    std::fs::set_permissions(club.inbox().join("new"), std::fs::Permissions::from_mode(0o700)).unwrap();

    // A misspelt key: named, with its line (counted here in the file itself).
    let text = std::fs::read_to_string(club.config_path()).unwrap().replace("poll_seconds:", "poll_second:");
    let line = text.lines().position(|l| l.trim_start().starts_with("poll_second:")).unwrap() + 1;
    std::fs::write(club.config_path(), &text).unwrap();
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 1, "{report}");
    assert!(problems(&report)[0].contains("poll_second"), "{report}");
    assert!(problems(&report)[0].contains(&format!("line {line}")), "line {line}: {report}");
    club.write_config(smtp);

    // An SMTP server that cannot be reached.
    let port = closed_port();
    club.write_config(port);
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 1, "{report}");
    assert!(problems(&report)[0].contains(&format!("the SMTP server 127.0.0.1:{port}")), "{report}");

    // Dead letters: a game's invitations, sent once (max_attempts 1) while the server is away.
    let game = new_game(&club, "chess");
    let log = club.serve_once();
    let dead: Vec<&str> = log.lines().filter(|l| l.contains("ERROR mail dead")).collect();
    assert_eq!(dead.len(), 2, "one log line per dead letter:\n{log}");
    assert!(dead.iter().all(|l| l.contains(&format!("game={game}")) && l.contains("attempts=1")), "{log}");
    assert!(!log.contains("bounce-"), "no return path (its bounce token) in the log:\n{log}");
    club.write_config(smtp);
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 1, "{report}");
    assert!(problems(&report)[0].contains("2 dead letter(s)"), "{report}");
    assert!(report.contains("herald outbox"), "{report}");
    let status = club.herald_ok(&["status"]);
    for line in [
        "games in play: 1",
        "games finished: 0",
        "mails waiting in the inbox: 0",
        "mails waiting to be sent: 0",
        "dead letters: 2",
    ] {
        assert!(status.lines().any(|l| l == line), "{line:?} in\n{status}");
    }
    assert!(status.contains("last pass: 20"), "{status}");
    assert!(club.show(game).contains("White to move"));

    // A game past its deadline by three hours that the clock has not acted on (no daemon).
    let three_hours_ago = jiff::Timestamp::now().as_second() - 3 * 3600;
    let db = rusqlite::Connection::open(club.database()).unwrap();
    db.execute("UPDATE games SET deadline = ?1 WHERE id = ?2", [three_hours_ago, game]).unwrap();
    drop(db);
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 2, "{report}");
    assert!(problems(&report)[1].contains("1 game(s) past their deadline"), "{report}");
    assert!(problems(&report)[1].contains(&format!("game #{game}")), "{report}");
    // A pass of the clock acts on it (a deadline that passed unseen is first reminded of and
    // moved on: README "The clock"), and the problem is gone.
    club.serve_once();
    let (_, report) = doctor(&club);
    assert_eq!(problems(&report).len(), 1, "only the dead letters are left:\n{report}");
    let log = club.herald_ok(&["log", "--game", &game.to_string()]);
    assert!(log.contains("reminded white of the deadline") && log.contains("passed unseen"), "{log}");
}

/// Runs `herald args` with standard output into a pipe whose reader is already gone.
fn into_closed_pipe(club: &Club, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    club.command(args).stdout(writer).stderr(Stdio::piped()).output().unwrap()
}

#[test]
fn a_printing_command_whose_reader_went_away_ends_as_by_sigpipe_without_a_panic() {
    let club = Club::start();
    let game = new_game(&club, "chess");
    // Standard error gone too (Postfix's pipe stops reading a command's output after a few
    // kilobytes): the log lines are lost, the work is not.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = club.command(&["serve", "--once"]).stderr(writer).output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(club.outbox().starts_with("outbox: 2 sent"), "{}", club.outbox());
    for args in [
        &["outbox", "--all"][..],
        &["game", "list"],
        &["game", "show", &game.to_string()],
        &["game", "export", &game.to_string(), "--pgn"],
        &["log"],
        &["status"],
        &["doctor"],
        &["variants"],
        &["perft", "2"],
        &["--help"],
    ] {
        let out = into_closed_pipe(&club, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "herald {args:?}: {stderr}");
        if args != ["--help"] {
            assert_eq!(out.status.signal(), Some(13), "herald {args:?} ends by SIGPIPE: {:?} {stderr}", out.status);
        }
    }
    // And as a shell runs it: `herald outbox --all | head -n 1`, with an outbox longer than a
    // pipe holds (copies of the sent invitations, written with SQLite), so that herald is
    // still writing when head leaves.
    let db = rusqlite::Connection::open(club.database()).unwrap();
    db.execute_batch(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO outbox (game_id, message_id, envelope_from, recipient, status, attempts,
                             next_attempt_at, created_at, sent_at)
         SELECT game_id, message_id || '.copy' || i, envelope_from, recipient, 'sent', 1,
                next_attempt_at, created_at, sent_at
         FROM outbox, n WHERE outbox.id = 1;
         INSERT INTO outbox_bodies (id, bytes)
         SELECT outbox.id, (SELECT bytes FROM outbox_bodies WHERE id = 1) FROM outbox WHERE outbox.id > 1
             AND message_id LIKE '%.copy%';",
    )
    .unwrap();
    drop(db);
    let script = format!("'{}' outbox --all | head -n 1; echo \"status ${{PIPESTATUS[0]}}\"", herald_bin().display());
    let out = Command::new("bash").arg("-c").arg(script).env("HERALD_CONFIG", club.config_path()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("outbox: 1002 sent\n"), "{stdout}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{}", output_text(&out));
    assert_eq!(stdout.lines().last(), Some("status 141"), "herald died of SIGPIPE, as `yes | head` does");
}

/// The JSON log lines of a process, each parsed.
fn json_lines(stderr: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON log line ({e}): {line}")))
        .collect()
}

/// The reply token in a mail's Reply-To (`referee+TOKEN@game.test`) and the bounce token in its
/// return path.
fn tokens_of(mail: &Mail) -> Vec<String> {
    let mut tokens = Vec::new();
    let reply_to = mail.reply_to();
    if let Some((local, _)) = reply_to.split_once('@')
        && let Some((_, token)) = local.split_once('+')
    {
        tokens.push(token.to_string());
    }
    for path in mail.headers("Return-Path") {
        let path = path.trim().trim_start_matches('<').trim_end_matches('>');
        if let Some((local, _)) = path.split_once('@')
            && let Some((_, token)) = local.split_once('+')
        {
            tokens.push(token.to_string());
        }
    }
    tokens
}

#[test]
fn the_log_lines_of_a_whole_crown_game_by_mail_hold_no_secret() {
    let club = Club::with(ClubOptions { inbound: Inbound::Maildir, poll_seconds: 1, ..ClubOptions::default() });
    let mut logs = Vec::new();
    let created = club.herald(&["game", "new", "--variant", "crown", "--white", ALICE, "--black", BOB]);
    assert!(created.status.success(), "{}", output_text(&created));
    logs.push(String::from_utf8_lossy(&created.stderr).into_owned());
    let game: i64 = String::from_utf8_lossy(&created.stdout).trim().parse().unwrap();
    let daemon = club.spawn(&["--log-format", "json", "serve"]);

    // The game of tests/crown_mail.rs: a move before the choices, both choices (and a second
    // one, refused), the moves up to the capture of Black's uncrowned king and the crowned
    // queen's recapture, and a resignation; with the new mails Alice and Bob get for each.
    let script = [
        (ALICE, "e4", (1, 0)),
        (ALICE, "crown king", (1, 0)),
        (ALICE, "crown queen", (1, 0)),
        (BOB, "crown queen", (1, 1)),
        (ALICE, "e4", (1, 1)),
        (BOB, "d5", (1, 1)),
        (ALICE, "Bb5", (1, 1)),
        (BOB, "a6", (1, 1)),
        (ALICE, "Bxe8", (1, 1)),
        (BOB, "Qxe8", (1, 1)),
        (ALICE, "resign", (1, 1)),
    ];
    let mut counts = [1, 1];
    club.pf.wait_for_mail(ALICE, 1, WAIT);
    club.pf.wait_for_mail(BOB, 1, WAIT);
    for (who, text, (alice, bob)) in script {
        club.reply(who, &latest_of(&club, who, game), text);
        counts = [counts[0] + alice, counts[1] + bob];
        club.pf.wait_for_mail(ALICE, counts[0], WAIT);
        club.pf.wait_for_mail(BOB, counts[1], WAIT);
    }
    club.wait_until("the game's end", WAIT, || club.herald_ok(&["game", "list"]).contains("0-1"));
    // The last mails are out when the outbox is empty of waiting mail.
    club.wait_until("an empty outbox", WAIT, || !club.herald_ok(&["outbox"]).contains("pending"));
    let out = stop(daemon);
    assert!(out.status.success(), "{}", output_text(&out));
    let lines = json_lines(&out.stderr);
    logs.push(String::from_utf8_lossy(&out.stderr).into_owned());
    let log = logs.concat();

    // What the lines say: every mail handled, with its game, player and outcome, and every
    // mail sent.
    let handled: Vec<(String, String)> = lines
        .iter()
        .filter(|l| l["fields"]["message"] == "mail handled")
        .map(|l| {
            assert_eq!(l["level"], "INFO", "{l}");
            assert_eq!(l["fields"]["game"], game, "{l}");
            (l["fields"]["player"].as_str().unwrap().to_string(), l["fields"]["outcome"].as_str().unwrap().to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = [
        (ALICE, "rejected"),
        (ALICE, "setup"),
        (ALICE, "rejected"),
        (BOB, "setup"),
        (ALICE, "move"),
        (BOB, "move"),
        (ALICE, "move"),
        (BOB, "move"),
        (ALICE, "move"),
        (BOB, "move"),
        (ALICE, "resigned"),
    ]
    .iter()
    .map(|(who, outcome)| (who.to_string(), outcome.to_string()))
    .collect();
    assert_eq!(handled, expected, "{log}");
    let sent = lines.iter().filter(|l| l["fields"]["message"] == "mail sent").count();
    let delivered = club.mails(ALICE).len() + club.mails(BOB).len();
    assert_eq!((sent, delivered), (counts[0] + counts[1], counts[0] + counts[1]), "{log}");

    // What they never say: a crown, a nonce, a token, a line of a mail.
    let archive = archive_verifies(&club, game);
    let mut secrets: Vec<String> = vec!["king".into(), "queen".into(), "King".into(), "Queen".into()];
    let nonces: Vec<String> = archive["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|commitment| commitment["nonce"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(nonces.len(), 2, "both crowns' nonces are looked for");
    secrets.extend(nonces);
    for who in [ALICE, BOB] {
        for mail in club.mails(who) {
            secrets.extend(tokens_of(&mail));
            secrets.push(mail.subject());
            secrets.extend(mail.body().lines().map(str::trim).filter(|l| l.len() >= 12).map(str::to_string));
        }
    }
    // What the players wrote (but `resign`, whose outcome "resigned" the log names).
    for (_, text, _) in script {
        if text.len() >= 3 && text != "resign" {
            secrets.push(text.to_string());
        }
    }
    assert!(secrets.iter().any(|s| s.starts_with("bounce-")), "bounce tokens are looked for");
    for secret in &secrets {
        assert!(!log.contains(secret.as_str()), "the log shows {secret:?}:\n{log}");
    }
}

#[test]
fn the_doctor_logs_in_to_the_smtp_and_imap_servers_and_names_a_refused_login() {
    use support::dovecot::{Dovecot, DovecotOptions, PASSWORD};
    const VARIABLE: &str = "HERALD_TEST_MAIL_PASSWORD";
    // Postfix takes SMTP AUTH through Dovecot's auth service; herald reads Dovecot over IMAP.
    let auth_port = support::harness::free_port().unwrap();
    let dovecot = Dovecot::start(DovecotOptions { auth_port: Some(auth_port), ..Default::default() }).unwrap();
    let mut club = Club::with(ClubOptions {
        main_cf: vec![
            ("smtpd_sasl_auth_enable".into(), "yes".into()),
            ("smtpd_sasl_type".into(), "dovecot".into()),
            ("smtpd_sasl_path".into(), format!("inet:127.0.0.1:{auth_port}")),
        ],
        ..ClubOptions::default()
    });
    let referee = support::club::REFEREE;
    club.reconfigure(|o| {
        o.inbox_yaml = Some(format!(
            "  imap:\n    host: 127.0.0.1\n    port: {}\n    tls: none\n    user: {referee}\n    password_env: \
             {VARIABLE}\n    timeout_seconds: 20",
            dovecot.port()
        ));
        o.smtp_login = Some((referee.into(), VARIABLE.into()));
        o.env = vec![(VARIABLE.into(), PASSWORD.into())];
    });
    dovecot.append(referee, "INBOX", b"From: someone@players.test\r\nSubject: hello\r\n\r\nhello\r\n");
    let (healthy, report) = doctor(&club);
    assert!(healthy, "{report}");
    assert!(report.contains(&format!("the SMTP server 127.0.0.1:{}: reached, logged in", club.pf.smtp_port())));
    assert!(report.contains("the IMAP server 127.0.0.1 (folder INBOX): logged in, 1 mail(s) waiting"), "{report}");
    // Nothing was sent, nothing moved.
    assert_eq!(dovecot.mails(referee, "INBOX").len(), 1);
    assert!(club.pf.queue_is_empty());

    club.reconfigure(|o| o.env = vec![(VARIABLE.into(), "not-the-password".into())]);
    let (healthy, report) = doctor(&club);
    assert!(!healthy && problems(&report).len() == 2, "{report}");
    assert!(problems(&report)[0].contains("the SMTP server"), "{report}");
    assert!(problems(&report)[1].contains(&format!("refused the password login of {referee}")), "{report}");
    assert!(!report.contains("not-the-password"), "{report}");
}

/// herald run in `dir` without `HERALD_CONFIG`, as a volunteer types it there.
fn herald_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(herald_bin())
        .args(args)
        .current_dir(dir)
        .env_remove("HERALD_CONFIG")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn the_configuration_is_found_where_operators_look_and_every_command_names_it() {
    let root = support::tempdir::TempDir::new("herald-find").unwrap();
    let club = root.path().join("club");
    let elsewhere = root.path().join("elsewhere");
    std::fs::create_dir_all(&club).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let yaml = |name: &str| {
        format!(
            "referee:\n  address: referee@{name}.test\ndatabase: {name}.db\ninbox:\n  maildir: {name}-inbox\n\
             outgoing:\n  transport:\n    kind: maildir\n    path: {name}-sent\n"
        )
    };
    // README's provider section: herald.yaml in the working folder, then `herald init`.
    std::fs::write(club.join("herald.yaml"), yaml("local")).unwrap();
    let init = herald_in(&club, &["init"]);
    let said = output_text(&init);
    assert!(init.status.success(), "{said}");
    assert!(said.contains(&format!("configuration file file={}", club.join("herald.yaml").display())), "{said}");
    assert!(club.join("local.db").is_file(), "the file's database, not herald-data's:\n{said}");
    assert!(!club.join("herald-data").exists(), "{said}");
    let doctor = output_text(&herald_in(&club, &["doctor"]));
    assert!(doctor.contains(&format!("configuration {}: every key known", club.join("herald.yaml").display())));

    // --config (and HERALD_CONFIG) comes before the working folder's file.
    std::fs::write(elsewhere.join("given.yaml"), yaml("given")).unwrap();
    let given = elsewhere.join("given.yaml");
    let init = herald_in(&club, &["--config", given.to_str().unwrap(), "init"]);
    assert!(init.status.success() && elsewhere.join("given.db").is_file(), "{}", output_text(&init));
    let listed = Command::new(herald_bin())
        .args(["game", "list"])
        .current_dir(&club)
        .env("HERALD_CONFIG", &given)
        .output()
        .unwrap();
    assert!(output_text(&listed).contains(&format!("file={}", given.display())), "{}", output_text(&listed));

    // Nowhere: every command that reads or sends mail says so loudly, and the doctor counts it
    // as a problem, not as "all is well".
    let empty = root.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let listed = output_text(&herald_in(&empty, &["game", "list"]));
    assert!(listed.contains("WARN") && listed.contains("no configuration file"), "{listed}");
    let doctor = herald_in(&empty, &["doctor"]);
    let report = output_text(&doctor);
    assert!(!doctor.status.success(), "{report}");
    assert!(problems(&report).iter().any(|line| line.contains("no configuration file")), "{report}");
}

#[test]
fn a_player_given_as_name_and_address_is_greeted_by_name_and_plays_from_that_address() {
    let club = Club::start();
    let white = format!("Alice Liddell <{}>", ALICE.to_uppercase());
    let id = club.herald_ok(&["game", "new", "--white", &white, "--black", BOB]);
    club.serve_once();
    let invitation = club.pf.wait_for_mail(ALICE, 1, WAIT).remove(0);
    let invitation = Mail::new(invitation);
    assert!(invitation.body().contains("Hello Alice Liddell,"), "{}", invitation.body());
    let bobs = Mail::new(club.pf.wait_for_mail(BOB, 1, WAIT).remove(0));
    assert!(bobs.body().contains("against Alice Liddell"), "{}", bobs.body());
    // Her reply from her address is hers: the move is played, not refused as unverified.
    club.reply(ALICE, &invitation, "1. e4");
    club.settle();
    club.serve_once();
    let shown = club.herald_ok(&["game", "show", id.trim()]);
    assert!(shown.contains("1. e4"), "{shown}");
    // What is not one mail address is refused by name, and starts nothing.
    for bad in ["Alice Liddell", "alice@", "Alice <alice@players.test"] {
        let out = club.herald(&["game", "new", "--white", bad, "--black", BOB]);
        assert!(!out.status.success() && output_text(&out).contains("is not a mail address"), "{}", output_text(&out));
    }
    // The list shows the player by name, with a heading; --json gives the same for scripts.
    let listed = club.herald_ok(&["game", "list"]);
    let rows: Vec<&str> = listed.lines().filter(|line| line.starts_with('#')).collect();
    assert_eq!(rows.len(), 1, "{listed}");
    assert!(listed.starts_with("game ") && rows[0].contains(&format!("Alice Liddell - {BOB}")), "{listed}");
    let json: serde_json::Value = serde_json::from_str(&club.herald_ok(&["game", "list", "--json"])).unwrap();
    assert_eq!(json[0]["white"]["name"], "Alice Liddell");
    assert_eq!(json[0]["white"]["email"], ALICE);
    assert_eq!(json[0]["plies"], 1);
    assert_eq!(json[0]["tournament"], serde_json::Value::Null);
}

#[test]
fn the_example_configuration_is_named_as_unfinished_by_doctor_and_refused_by_serve() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.yaml");
    let example = example.to_str().unwrap();
    let doctor = Command::new(herald_bin()).args(["--config", example, "doctor"]).output().unwrap();
    let report = output_text(&doctor);
    assert!(!doctor.status.success(), "{report}");
    for key in ["referee.address", "inbox.authentication.trusted_authserv_id", "outgoing.transport.host"] {
        assert!(
            problems(&report).iter().any(|line| line.contains(&format!("{key} is still the example"))),
            "{key}:\n{report}"
        );
    }
    // The service refuses at once, in one line naming the file and the key, with the status
    // its unit does not restart, and before it tries to reach the example's servers.
    let serve = Command::new(herald_bin()).args(["--config", example, "serve"]).output().unwrap();
    let said = String::from_utf8_lossy(&serve.stderr).into_owned();
    assert_eq!(serve.status.code(), Some(i32::from(herald::cli::EXIT_CONFIG)), "{said}");
    assert!(
        said.contains(&format!(
            "herald: edit {example}: referee.address is still the example (referee@chess.example.org)\n"
        )),
        "{said}"
    );
}

#[test]
fn the_doctor_names_a_templates_folder_that_does_not_exist() {
    let club = Club::with(ClubOptions {
        extra_config: "templates: /nonexistent/herald-templates\n".into(),
        ..ClubOptions::default()
    });
    let (healthy, report) = doctor(&club);
    assert!(!healthy, "{report}");
    assert!(
        problems(&report).iter().any(|line| line.contains("the folder /nonexistent/herald-templates does not exist")),
        "{report}"
    );
}

#[test]
fn the_directors_commands_say_what_they_did_and_name_the_real_problem() {
    let club = Club::start();
    // `game new`: the number for scripts on standard output, the words on standard error.
    let out = club.herald(&["game", "new", "--white", ALICE, "--black", BOB]);
    assert!(out.status.success(), "{}", output_text(&out));
    let id = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(id.parse::<i64>().is_ok(), "{}", output_text(&out));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!("game {id} (chess)")) && said.contains("invitations are queued"), "{said}");
    assert!(!said.contains("mailed"), "nothing was mailed yet: {said}");

    // serve: a start line that says what it runs on, and a stop line.
    let mut daemon = club.spawn(&["serve"]);
    club.pf.wait_for_mail(ALICE, 1, WAIT);
    support::club::signal(daemon.id(), "TERM");
    let status = daemon.wait_timeout(WAIT);
    let log = output_text(&daemon.finish(status.is_none()));
    let started = log.lines().find(|line| line.contains("herald serve started")).unwrap_or_else(|| panic!("{log}"));
    for part in [
        format!("version=\"{}\"", env!("CARGO_PKG_VERSION")),
        format!("config={}", club.config_path().display()),
        format!("inbox=Maildir {}", club.inbox().display()),
        format!("transport=SMTP 127.0.0.1:{}", club.pf.smtp_port()),
    ] {
        assert!(started.contains(&part), "{part} in {started}");
    }
    assert!(log.contains("herald serve stopped"), "{log}");

    // backup: onto a file that exists, into a folder that does not.
    let existing = club.dir().join("existing.db");
    std::fs::write(&existing, "mine").unwrap();
    let out = output_text(&club.herald(&["backup", existing.to_str().unwrap()]));
    assert!(out.contains("exists already: herald never writes a backup over a file"), "{out}");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "mine");
    let nowhere = club.dir().join("no-such-folder/backup.db");
    let out = output_text(&club.herald(&["backup", nowhere.to_str().unwrap()]));
    assert!(
        out.contains(&format!("the folder {} does not exist", club.dir().join("no-such-folder").display())),
        "{out}"
    );

    // A database that is not there is named as missing, with what to do.
    let moved = club.dir().join("moved.db");
    std::fs::rename(club.database(), &moved).unwrap();
    let out = output_text(&club.herald(&["game", "list"]));
    assert!(out.contains(&format!("no database at {}: run `herald init`", club.database().display())), "{out}");
    std::fs::rename(&moved, club.database()).unwrap();
}

#[test]
fn setup_asks_on_a_terminal_writes_a_configuration_herald_reads_and_ends_with_the_doctor() {
    let root = support::tempdir::TempDir::new("herald-setup").unwrap();
    let dir = root.path().join("club");
    // A pseudo-terminal, as a volunteer's: util-linux's script(1) runs herald on one and
    // passes the answers typed (here, piped) to it.
    let command = format!("{} setup --dir {}", herald_bin().display(), dir.display());
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_remove("HERALD_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script(1), from bsdutils");
    let answers = "Riverside Chess Club\nnot an address\nreferee@riverside.test\n9\n4\n127.0.0.1\n127.0.0.1\n\
                   mx.riverside.test\n";
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        for line in answers.lines() {
            stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
    let out = child.wait_with_output().unwrap();
    let said = output_text(&out);
    assert!(out.status.success(), "{said}");
    for asked in [
        "The club's name",
        "The referee's mail address",
        "(a plain address such as referee@club.org, without '+', is needed)",
        "Where does the club's mail live?",
        "(a number from 1 to 5)",
        "The IMAP server's host name",
        "The SMTP submission server's host name",
        "Authentication-Results",
        "herald doctor says:",
    ] {
        assert!(said.contains(asked), "{asked}:\n{said}");
    }
    let file = dir.join("herald.yaml");
    let config = herald::config::Config::load(&file).expect("herald reads what setup wrote");
    assert_eq!(config.referee.address, "referee@riverside.test");
    assert_eq!(config.referee.name, "Riverside Chess Club");
    let imap = config.inbox.imap.as_ref().unwrap();
    assert_eq!((imap.host.as_str(), imap.password_env.as_deref()), ("127.0.0.1", Some("HERALD_MAIL_PASSWORD")));
    assert_eq!(config.inbox.authentication.trusted_authserv_id.as_deref(), Some("mx.riverside.test"));
    assert!(config.placeholders().is_empty(), "{:?}", config.placeholders());
    assert!(config.database.is_file(), "the database is made");
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o640);
    assert_eq!(mode(&dir.join("herald-data")), 0o700);
    assert_eq!(mode(&config.database), 0o600);

    // Run again: it never writes over a configuration.
    let again = Command::new(herald_bin()).args(["setup", "--dir", dir.to_str().unwrap()]).output().unwrap();
    assert!(!again.status.success() && output_text(&again).contains("never writes over"), "{}", output_text(&again));
    // Without a terminal, what the flags leave out is named, not guessed.
    let scripted = root.path().join("scripted");
    let out = Command::new(herald_bin())
        .args(["setup", "--dir", scripted.to_str().unwrap(), "--club", "Riverside"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success() && output_text(&out).contains("--address is needed"), "{}", output_text(&out));
    let out = Command::new(herald_bin())
        .args(["setup", "--dir", scripted.to_str().unwrap(), "--club", "Riverside", "--address"])
        .args(["referee@riverside.test", "--provider", "postfix"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", output_text(&out));
    let config = herald::config::Config::load(&scripted.join("herald.yaml")).unwrap();
    assert!(config.inbox.maildir.as_ref().is_some_and(|dir| dir.join("new").is_dir()), "the Maildir is made");
}

#[test]
fn every_help_fits_80_columns() {
    use clap::CommandFactory;
    fn check(command: &mut clap::Command, path: &str, long: bool) {
        let help = if long { command.render_long_help() } else { command.render_help() }.to_string();
        for line in help.lines() {
            assert!(
                line.chars().count() <= 80,
                "herald {path} --help has a line of {} columns:\n{line}",
                line.chars().count()
            );
        }
        for sub in command.get_subcommands_mut() {
            let name = format!("{path} {}", sub.get_name());
            check(sub, name.trim(), long);
        }
    }
    let mut cli = herald::cli::Cli::command();
    cli.build();
    check(&mut cli, "", false);
    check(&mut cli, "", true);
}

#[test]
fn the_directors_tournament_commands_say_what_changed() {
    let club = Club::start();
    let players = "Ann <ann@players.test>,Ben <ben@players.test>,Cy <cy@players.test>,Di <di@players.test>";
    let id = club.herald_ok(&["tournament", "new", "--name", "Cup", "--system", "round-robin", "--players", players]);
    let id = id.trim();
    club.herald_ok(&["tournament", "start", id]);
    let listed: serde_json::Value = serde_json::from_str(&club.herald_ok(&["game", "list", "--json"])).unwrap();
    let games: Vec<i64> = listed.as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(games.len(), 6, "four players meet once: {listed}");
    // `show` lists every pairing with its game number.
    let shown = club.herald_ok(&["tournament", "show", id]);
    for game in &games {
        assert_eq!(shown.matches(&format!("  game #{game}\n")).count(), 1, "game #{game}:\n{shown}");
    }
    // Round 1's games, from the show (each line of "Round 1" up to the next blank line).
    let round_one: Vec<i64> = shown
        .split("Round 1\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|line| !line.is_empty())
        .map(|line| line.rsplit('#').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(round_one.len(), 2, "{shown}");
    let said = club.herald_ok(&["tournament", "adjudicate", &round_one[0].to_string(), "1-0"]);
    assert_eq!(said.trim(), format!("game #{} adjudicated: 1-0 (tournament #{id}, round 1, board 1)", round_one[0]));
    let said = club.herald_ok(&["tournament", "forfeit", &round_one[1].to_string(), "black"]);
    assert!(said.starts_with(&format!("game #{} forfeited: 1-0 (tournament #{id}, round 1, board 2)", round_one[1])));
    let said = club.herald_ok(&["tournament", "withdraw", id, "di@players.test"]);
    assert!(said.starts_with("di@players.test withdrew") && said.contains("forfeited"), "{said}");
}
