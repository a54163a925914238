//! Secrets stay secret on every path out of herald, not only in the mails: every command-line
//! output, the debug output of what holds secrets, and the files on disk.
//!
//! - Crown, by difference: two clubs play the same game with the same randomness, once with
//!   White's king crowned and once with the queen. While the game goes on, every output of the
//!   command line (but `--as white` and `--reveal`) must be the same in both, byte for byte,
//!   apart from the commitment hashes, which differ because the values do. `--reveal` must
//!   differ: the comparison can fail.
//! - Secret Intelligence, by a leak scan: no output names the secret setup, the referee's seed,
//!   the cipher key or any true move while the game goes on; `--reveal` names them.
//! - The database, its WAL and shared-memory files and the sent journal, which hold every
//!   secret and the token key, are readable by their owner only.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use herald::mail::reply::compose_reply;
use herald::service::Ingested;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

fn subject(raw: &[u8]) -> String {
    use mailparse::MailHeaderMap;
    mailparse::parse_mail(raw).unwrap().headers.get_first_value("Subject").unwrap_or_default()
}

/// `who` answers the latest mail of their game with `text`.
fn answer(table: &mut Table, who: &str, text: &str) -> Ingested {
    let latest = table.mails(who).into_iter().rev().find(|m| subject(m).contains("[ref:")).unwrap();
    let raw = compose_reply(&latest, who, text).unwrap();
    table.clock.advance(60);
    let handled = table.service.ingest(&raw, None).unwrap();
    table.pass_after(0);
    handled
}

/// What `herald ARGS` prints for the club of `config`: standard output, and standard error.
fn run(config: &Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_herald")).arg("--config").arg(config).args(args).output().unwrap();
    assert!(out.status.success(), "herald {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// What `herald ARGS` prints (standard output and error) for the club of `config`.
fn herald(config: &Path, args: &[&str]) -> String {
    let (stdout, stderr) = run(config, args);
    stdout + &stderr
}

/// `text` with the commitment hashes masked, the club's own folder replaced by a mark, and
/// the time at the start of each log line left out (two runs differ in it, and it tells
/// nothing of a game).
fn mask(text: &str, root: &Path) -> String {
    let untimed: Vec<&str> = text
        .lines()
        .map(|line| match line.split_once("Z  ") {
            Some((time, rest)) if time.len() >= 19 && time.as_bytes()[10] == b'T' => rest,
            _ => line,
        })
        .collect();
    support::hashes::mask_hashes(&untimed.join("\n").replace(&root.display().to_string(), "<root>"))
}

/// Every output of the command line that a club's operator can ask for about game 1.
const OUTPUTS: &[&[&str]] = &[
    &["game", "list"],
    &["game", "show", "1"],
    &["game", "show", "1", "--as", "black"],
    &["game", "show", "1", "--json"],
    &["game", "show", "1", "--as", "black", "--json"],
    &["game", "export", "1", "--pgn"],
    &["game", "export", "1", "--json"],
    &["audit", "1"],
    &["outbox", "--all"],
    &["log"],
    &["log", "--game", "1"],
];

/// A Crown game with White's crown on `white_crown`, a few moves in.
fn crown_club(white_crown: &str) -> Table {
    let mut table = Table::deterministic("cli-secrecy-crown");
    table.new_game("crown");
    answer(&mut table, ALICE, &format!("crown {white_crown}"));
    answer(&mut table, BOB, "crown queen");
    for (who, text) in [(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nf3"), (BOB, "Nc6"), (ALICE, "K0-0"), (BOB, "zz")] {
        answer(&mut table, who, text);
    }
    table
}

#[test]
fn no_output_of_the_command_line_tells_a_crown_before_it_is_opened() {
    let (king, queen) = (crown_club("king"), crown_club("queen"));
    let (king_config, queen_config) = (king.write_config(), queen.write_config());
    support::archive_schema::check(&run(&king_config, &["game", "export", "1", "--json"]).0);
    for args in OUTPUTS {
        let a = mask(&herald(&king_config, args), &king.root);
        let b = mask(&herald(&queen_config, args), &queen.root);
        assert_eq!(a, b, "herald {args:?} tells White's crown");
    }
    // A mail of the game as it was sent is the operator's only with --reveal: Alice's own
    // mails tell her crown.
    for config in [&king_config, &queen_config] {
        let out = Command::new(env!("CARGO_BIN_EXE_herald"))
            .arg("--config")
            .arg(config)
            .args(["outbox", "show", "1"])
            .output()
            .unwrap();
        assert!(!out.status.success() && out.stdout.is_empty());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains("mail 1 is of game #1, which keeps secrets while it goes on: --reveal shows it"),
            "{said}"
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("--config")
        .arg(&king_config)
        .args(["outbox", "show", "1", "--reveal"])
        .output()
        .unwrap();
    assert!(out.status.success() && !out.stdout.is_empty());
    let delivered: Vec<Vec<u8>> = [ALICE, BOB].iter().flat_map(|who| king.mails(who)).collect();
    assert!(delivered.iter().any(|mail| mail.ends_with(&out.stdout)), "with --reveal the mail is shown as sent");
    // The operator who asks sees it; so the comparison above can fail.
    let reveal: &[&str] = &["game", "show", "1", "--reveal"];
    let (a, b) = (herald(&king_config, reveal), herald(&queen_config, reveal));
    assert!(a.contains("White's crown: king") && b.contains("White's crown: queen"), "{a}\n{b}");
}

#[test]
fn no_output_of_the_command_line_tells_the_secret_intelligence_setup_or_moves() {
    let mut table = Table::deterministic("cli-secrecy-si");
    table.new_game("secret-intelligence");
    answer(&mut table, ALICE, "seed alpha");
    answer(&mut table, BOB, "seed beta");
    let mut plies = 0;
    for n in 0..12 {
        let who = if n % 2 == 0 { ALICE } else { BOB };
        // The player's first listed legal move (the mail lists them).
        let latest = table.mails(who).into_iter().rev().find(|m| subject(m).contains("[ref:")).unwrap();
        let text = support::mime::plain_text(&latest);
        let Some(listed) = support::mime::legal_moves(&text) else { break };
        let first = listed[0].clone();
        assert!(matches!(answer(&mut table, who, &first), Ingested::Handled(_)));
        plies += 1;
    }
    assert!(plies >= 6, "{plies} plies");
    // The secrets, from the referee's side: the setup, the seeds, the true moves.
    let (record, game) = {
        let record = table.service.store().read(|tx| tx.game(1)).unwrap().unwrap();
        let game = herald::variants::by_id("secret-intelligence").unwrap().restore(&record.snapshot).unwrap();
        (record, game)
    };
    let start_board = game.start_fen().split(' ').next().unwrap().to_string();
    let referee_seed = record.commitments.iter().find(|c| c.commitment.label == "referee.seed").unwrap();
    let mut secrets = vec![start_board, referee_seed.commitment.value.clone(), "alpha".into(), "beta".into()];
    secrets.extend(game.moves());
    let config = table.write_config();
    for args in OUTPUTS.iter().chain([&["game", "show", "1", "--as", "white"][..]].iter()) {
        let out = herald(&config, args);
        for secret in &secrets {
            // A player's own view shows their own moves, of course; the opponent's are sealed.
            let own = |first: usize| game.moves().iter().skip(first).step_by(2).any(|m| m == secret);
            if (args.contains(&"white") && own(0)) || (args.contains(&"black") && own(1)) {
                continue;
            }
            assert!(!out.contains(secret.as_str()), "herald {args:?} tells {secret:?}:\n{out}");
        }
    }
    let revealed = herald(&config, &["game", "export", "1", "--pgn", "--reveal"]);
    assert!(game.moves().iter().all(|m| revealed.contains(m.as_str())), "{revealed}");
    assert!(revealed.contains(&secrets[0]), "{revealed}");
}

#[test]
fn the_database_and_its_companions_are_readable_by_their_owner_only() {
    let mut table = Table::new("file-modes");
    table.new_game("chess");
    answer(&mut table, ALICE, "e4");
    let db = table.root.join("herald.db");
    for suffix in ["", "-wal", "-shm", ".sent"] {
        let path = std::path::PathBuf::from(format!("{}{suffix}", db.display()));
        let mode = std::fs::metadata(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).permissions().mode();
        assert_eq!(mode & 0o077, 0, "{} is {:o}", path.display(), mode & 0o777);
    }
}

#[test]
fn debug_output_of_a_game_record_keeps_its_secrets() {
    let mut table = Table::deterministic("debug");
    table.new_game("crown");
    answer(&mut table, ALICE, "crown queen");
    let record = table.service.store().read(|tx| tx.game(1)).unwrap().unwrap();
    let shown = format!("{record:?}");
    assert!(!shown.contains(&record.snapshot) && !shown.contains("queen"), "{shown}");
    for c in &record.commitments {
        assert!(!shown.contains(&c.commitment.nonce), "{shown}");
    }
}
