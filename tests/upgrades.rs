//! Upgrades keep every game. `tests/fixtures/databases/herald-vN.db` is a club's database as
//! the herald of schema version N wrote it (`make.sh` beside it says how, and what games it
//! holds); the herald built now opens a copy of each, brings its schema up to date, and its
//! games verify and go on by mail. A database from a newer herald is refused with a message
//! that says so, and is not changed by a single byte.

use crate::support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use herald::engine::Color;
use herald::referee::token::Tokens;
use herald::store::SCHEMA_VERSION;
use support::tempdir::TempDir;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// Every fixture database with the schema version its name gives.
fn fixtures() -> Vec<(usize, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/databases");
    let mut found: Vec<(usize, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name()?.to_str()?;
            let version = name.strip_prefix("herald-v")?.strip_suffix(".db")?.parse().ok()?;
            Some((version, path))
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no fixture database in {}", dir.display());
    found
}

/// A club around a copy of a fixture database: outgoing mail into a Maildir. Its herald runs
/// under libfaketime (Debian's `faketime`) a day after the fixture's last move, so that the
/// games made on the clock of their day are still on it whenever the test runs.
struct Club {
    dir: TempDir,
    /// `faketime`'s absolute time: "@2026-11-27 12:00:00".
    now: String,
}

impl Club {
    fn with_copy_of(fixture: &Path) -> Club {
        let dir = TempDir::new("herald-upgrade").unwrap();
        std::fs::copy(fixture, dir.path().join("herald.db")).unwrap();
        let d = dir.path().display();
        std::fs::write(
            dir.path().join("herald.yaml"),
            format!(
                "referee: {{address: referee@club.test}}\ndatabase: {d}/herald.db\ninbox:\n  maildir: {d}/inbox\n  \
                 authentication: {{confirm_game_ending: never}}\noutgoing:\n  transport: {{kind: maildir, path: \
                 {d}/sent}}\ngames: {{days_per_move: 366}}\n"
            ),
        )
        .unwrap();
        let last_move: i64 = rusqlite::Connection::open(fixture)
            .unwrap()
            .query_row("SELECT MAX(played_at) FROM moves", [], |r| r.get(0))
            .unwrap();
        let now = jiff::Timestamp::from_second(last_move + 24 * 3600).unwrap();
        Club { dir, now: format!("@{}", now.strftime("%Y-%m-%d %H:%M:%S")) }
    }

    fn database(&self) -> PathBuf {
        self.dir.path().join("herald.db")
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new("faketime");
        command
            .args(["-m", "-f", &self.now])
            .arg(env!("CARGO_BIN_EXE_herald"))
            .args(args)
            .env("HERALD_CONFIG", self.dir.path().join("herald.yaml"))
            .env("TZ", "UTC")
            .env("FAKETIME_DONT_FAKE_MONOTONIC", "1");
        command
    }

    fn herald(&self, args: &[&str]) -> Output {
        self.command(args).stdin(Stdio::null()).output().unwrap()
    }

    #[track_caller]
    fn herald_ok(&self, args: &[&str]) -> String {
        let out = self.herald(args);
        assert!(out.status.success(), "herald {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The schema version, read with SQLite alone.
    fn schema_version(&self) -> usize {
        let db = rusqlite::Connection::open(self.database()).unwrap();
        db.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)).unwrap() as usize
    }

    /// The number of moves of a game, read with SQLite alone.
    fn plies(&self, game: i64) -> usize {
        let db = rusqlite::Connection::open(self.database()).unwrap();
        db.query_row("SELECT COUNT(*) FROM moves WHERE game_id = ?1", [game], |r| r.get::<_, i64>(0)).unwrap() as usize
    }

    /// `who` (the game's player of `color`) mails `text` to the game's reply address, which
    /// a mail client takes from the Reply-To of any of the game's mails; piped to `herald
    /// ingest` as a mail server does.
    fn reply(&self, game: i64, color: Color, who: &str, text: &str) -> Output {
        let secret: String = {
            let db = rusqlite::Connection::open(self.database()).unwrap();
            db.query_row("SELECT value FROM meta WHERE key = 'reply_token_secret'", [], |r| r.get(0)).unwrap()
        };
        let token = Tokens::new(&herald::hex::decode(&secret).unwrap()).token(game, color);
        let to = format!("referee+{token}@club.test");
        let mail = format!(
            "From: {who}\r\nTo: {to}\r\nSubject: Re: game {game}\r\nMessage-ID: <upgrade-{game}-{}@players.test>\r\n\
             Date: Fri, 27 Nov 2026 10:00:00 +0000\r\n\r\n{text}\r\n",
            text.replace(' ', "-")
        );
        let mut child = self
            .command(&["ingest", "--recipient", &to])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(mail.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    }

    /// Plays `text` and checks that the game has one move more.
    #[track_caller]
    fn play(&self, game: i64, color: Color, who: &str, text: &str) {
        let before = self.plies(game);
        let out = self.reply(game, color, who, text);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(self.plies(game), before + 1, "game #{game}: {text} was not played");
    }

    /// The game's archive, checked by `herald verify`.
    #[track_caller]
    fn archive(&self, game: i64) -> serde_json::Value {
        let archive = self.herald_ok(&["game", "export", &game.to_string(), "--json"]);
        let path = self.dir.path().join(format!("archive-{game}.json"));
        std::fs::write(&path, &archive).unwrap();
        let verified = self.herald_ok(&["verify", path.to_str().unwrap()]);
        assert_eq!(verified.lines().last(), Some("verified"), "{verified}");
        serde_json::from_str(&archive).unwrap()
    }
}

/// The opened value of a commitment in an archive.
fn opened(archive: &serde_json::Value, label: &str) -> String {
    let commitment = archive["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap();
    commitment["value"].as_str().unwrap_or_else(|| panic!("{label} is not opened: {commitment}")).to_string()
}

#[test]
fn each_fixture_database_migrates_and_its_games_verify_and_go_on() {
    for (version, fixture) in fixtures() {
        assert!(version <= SCHEMA_VERSION, "{}: newer than this herald", fixture.display());
        let club = Club::with_copy_of(&fixture);
        assert_eq!(club.schema_version(), version, "{}", fixture.display());
        let list = club.herald_ok(&["game", "list"]);
        assert_eq!(club.schema_version(), SCHEMA_VERSION, "opening brings the schema up to date");
        assert_eq!(list.lines().filter(|line| line.starts_with('#')).count(), 6, "{list}");

        // Every game's chain is whole; the finished ones verify in full, their secrets open.
        for game in 1..=6 {
            let audit = club.herald_ok(&["audit", &game.to_string()]);
            assert!(audit.contains("verified"), "game #{game}: {audit}");
        }
        let mate = club.archive(2);
        assert_eq!(mate["result"]["score"], "0-1", "{mate}");
        assert_eq!(mate["moves"].as_array().unwrap().len(), 4);
        let crowned = club.archive(4);
        assert_eq!((opened(&crowned, "white.crown"), opened(&crowned, "black.crown")), ("queen".into(), "king".into()));

        // The games in play go on by mail, and end, and verify.
        club.play(1, Color::Black, BOB, "d6");
        club.play(1, Color::White, ALICE, "d4");
        assert!(club.reply(1, Color::Black, BOB, "resign").status.success());
        let chess = club.archive(1);
        assert_eq!(chess["moves"].as_array().unwrap().len(), 5);
        assert_eq!(chess["result"]["score"], "1-0");

        club.play(3, Color::White, ALICE, "exd5");
        assert!(club.reply(3, Color::Black, BOB, "resign").status.success());
        let crown = club.archive(3);
        assert_eq!((opened(&crown, "white.crown"), opened(&crown, "black.crown")), ("king".into(), "queen".into()));

        club.play(5, Color::White, ALICE, "Nc3");
        // From schema 11 a player keeps preferences of their own: Bob set his before.
        if version >= 11 {
            let db = rusqlite::Connection::open(club.database()).unwrap();
            let kept: (Option<String>, Option<String>) = db
                .query_row("SELECT time_zone, notation FROM players WHERE email = ?1", [BOB], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .unwrap();
            assert_eq!(kept, (Some("Europe/Berlin".into()), Some("long".into())), "{}", fixture.display());
        }
        let audit = club.herald_ok(&["audit", "6"]);
        assert!(audit.contains("verified"), "{audit}");
        let doctor = club.herald(&["doctor"]);
        let report = String::from_utf8_lossy(&doctor.stdout);
        assert!(report.contains("integrity check"), "{report}");
    }
}

#[test]
fn a_database_from_a_newer_herald_is_refused_and_left_as_it_was() {
    let (_, fixture) = fixtures().pop().unwrap();
    let club = Club::with_copy_of(&fixture);
    club.herald_ok(&["game", "list"]);
    {
        let db = rusqlite::Connection::open(club.database()).unwrap();
        db.pragma_update(None, "user_version", (SCHEMA_VERSION + 1) as i64).unwrap();
    }
    let before = std::fs::read(club.database()).unwrap();
    for args in [&["game", "list"][..], &["serve", "--once"], &["status"], &["init"]] {
        let out = club.herald(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "herald {args:?} must refuse");
        assert!(
            stderr.contains(&format!("made by a newer herald (schema version {}", SCHEMA_VERSION + 1)),
            "herald {args:?}: {stderr}"
        );
    }
    let out = club.reply(1, Color::Black, BOB, "d6");
    assert_eq!(out.status.code(), Some(75), "the mail stays with the mail server");
    assert!(String::from_utf8_lossy(&out.stderr).contains("newer herald"));
    let doctor = club.herald(&["doctor"]);
    assert!(!doctor.status.success());
    assert!(String::from_utf8_lossy(&doctor.stdout).contains("newer herald"));
    assert!(std::fs::read(club.database()).unwrap() == before, "the database's bytes changed");

    // Nor is it taken as a backup.
    let other = Club::with_copy_of(&fixture);
    std::fs::remove_file(other.database()).unwrap();
    let out = other.herald(&["restore", club.database().to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("newer herald"));
    assert!(!other.database().exists());
}
