//! `herald demo [--variant V]`: a short game through the real pipeline — Maildir in, SQLite,
//! templates, Maildir out, in a temporary folder — printing every mail each player receives
//! and then the verification of the finished game's archive, so a newcomer sees the product
//! work (commitments, notes opened, ciphered move lists, an archive anyone can check)
//! without a mail server.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mailparse::MailHeaderMap;

use crate::clock::SystemClock;
use crate::config::{Config, Referee, Transport};
use crate::engine::Color;
use crate::mail::maildir::Maildir;
use crate::mail::reply::compose_reply;
use crate::mail::transport::MaildirSink;
use crate::referee::records::Player;
use crate::service::Service;

const ALICE: &str = "alice@players.example";
const BOB: &str = "bob@players.example";

/// The variant `herald demo` plays without `--variant`: a Crown game shows what herald is for
/// (two notes committed before the first move, one opened by the rules, the other at the end,
/// and the archive verified).
pub const DEFAULT_VARIANT: &str = "crown";

/// One mail of a demo game: who writes, and what.
enum Step {
    /// This text, as written.
    Says(&'static str, &'static str),
    /// The answer to the variant's question before the first move (its setup request).
    Setup(&'static str),
    /// A legal move of the player, found by the demo (see [`some_legal_move`]).
    AnyMove(&'static str),
}

use Step::{AnyMove, Says, Setup};

/// Chess: Bob's first try is illegal, to show a refusal; then a mate.
const CHESS: &[Step] = &[
    Says(ALICE, "1. e4"),
    Says(BOB, "1... e5"),
    Says(ALICE, "Bc4"),
    Says(BOB, "Nc6"),
    Says(ALICE, "Qh5"),
    Says(BOB, "Kxe4"),
    Says(BOB, "Nf6"),
    Says(ALICE, "Qxf7#"),
];

/// Crown: Alice crowns her king, Bob his queen; 3. Bxe8 takes Bob's uncrowned king, which
/// opens his note (the mails print the opening and the `sha256sum` line that checks it), his
/// crowned queen answers, and Alice resigns, which opens hers.
const CROWN: &[Step] = &[
    Says(ALICE, "crown king"),
    Says(BOB, "crown queen"),
    Says(ALICE, "e4"),
    Says(BOB, "d5"),
    Says(ALICE, "Bb5"),
    Says(BOB, "a6"),
    Says(ALICE, "Bxe8"),
    Says(BOB, "Qxe8"),
    Says(ALICE, "resign"),
];

/// Every other variant: each player answers the setup question (if the variant asks one),
/// three moves each are played, and Alice resigns, which ends the game and opens every secret.
const ANY: &[Step] = &[
    Setup(ALICE),
    Setup(BOB),
    AnyMove(ALICE),
    AnyMove(BOB),
    AnyMove(ALICE),
    AnyMove(BOB),
    AnyMove(ALICE),
    AnyMove(BOB),
    Says(ALICE, "resign"),
];

/// The steps of `variant`'s demo.
fn script(variant: &str) -> &'static [Step] {
    match variant {
        "chess" => CHESS,
        "crown" => CROWN,
        _ => ANY,
    }
}

/// Runs a demo game of `variant` in a new folder under `dir` (the system's temporary folder by
/// default), writes every mail to `out`, then the archive's verification, as `herald verify`
/// prints it.
pub fn run(variant: &str, dir: Option<&Path>, out: &mut dyn Write) -> Result<PathBuf, String> {
    let known = crate::variants::by_id(variant).ok_or_else(|| {
        let known: Vec<&str> = crate::variants::all().iter().map(|v| v.id()).collect();
        format!("unknown variant {variant:?}; known: {}", known.join(", "))
    })?;
    let base = dir.map(Path::to_path_buf).unwrap_or_else(std::env::temp_dir);
    let root = base.join(format!("herald-demo-{}-{}", std::process::id(), jiff::Timestamp::now().as_millisecond()));
    let config = Config {
        referee: Referee {
            address: "referee@club.example".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,

            commitments_url: None,
        },
        database: root.join("herald.db"),
        inbox: crate::config::Inbox {
            maildir: Some(root.join("inbox")),
            // The demo's mails carry no DKIM signature a server has checked, so a club's
            // default would ask Alice to confirm her resignation by a second mail.
            authentication: crate::config::Authentication {
                confirm_game_ending: crate::config::ConfirmGameEnding::Never,
                ..Default::default()
            },
            ..Default::default()
        },
        outgoing: crate::config::Outgoing {
            transport: Transport::Maildir { path: root.join("sent") },
            ..Default::default()
        },
        ..Config::default()
    };
    let fail = |e: &dyn std::fmt::Display| e.to_string();
    Service::init(&config).map_err(|e| fail(&e))?;
    let mut service = Service::open(config, Arc::new(SystemClock)).map_err(|e| fail(&e))?;
    let lock = service.try_send_lock().map_err(|e| fail(&e))?.ok_or("the demo's outbox is locked")?;
    let sink = MaildirSink::new(root.join("sent"));
    let inbox = Maildir::create(&root.join("inbox")).map_err(|e| fail(&e))?;
    let stop = AtomicBool::new(false);

    let alice = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let bob = Player { email: BOB.into(), name: Some("Bob".into()) };
    let id = service.new_game(known.id(), alice, bob).map_err(|e| fail(&e))?;
    service.send_due(&lock, &sink).map_err(|e| fail(&e))?;
    writeln!(out, "herald demo: {} game #{id}, Alice (White) vs Bob (Black), in {}\n", known.name(), root.display())
        .map_err(|e| fail(&e))?;

    for step in script(known.id()) {
        let (player, text) = match step {
            Says(player, text) => (*player, (*text).to_string()),
            Setup(player) => match setup_answer(&mut service, id, player)? {
                Some(text) => (*player, text),
                None => continue,
            },
            AnyMove(player) => (*player, some_legal_move(&mut service, id)?),
        };
        let latest = mails(&sink, player)?.pop().ok_or("no mail to reply to")?;
        let reply = compose_reply(&latest, player, &text)?;
        inbox.deliver(&reply).map_err(|e| fail(&e))?;
        writeln!(out, ">>> {player} replies: {text}").map_err(|e| fail(&e))?;
        service.serve_pass(&lock, &sink, &stop).map_err(|e| fail(&e))?;
    }
    writeln!(out).map_err(|e| fail(&e))?;
    for player in [ALICE, BOB] {
        for (n, raw) in mails(&sink, player)?.iter().enumerate() {
            print_mail(out, player, n + 1, raw)?;
        }
    }

    // What a stranger would do with the finished game: export its archive and verify it.
    let archive = service.archive(id).map_err(|e| fail(&e))?;
    let path = root.join(format!("game-{id}.json"));
    let json = serde_json::to_string_pretty(&archive).map_err(|e| fail(&e))?;
    std::fs::write(&path, json).map_err(|e| fail(&e))?;
    let report = crate::referee::archive::verify(&archive);
    writeln!(out, "{}\n$ herald verify {}", "=".repeat(78), path.display()).map_err(|e| fail(&e))?;
    for line in &report.passed {
        writeln!(out, "ok      {line}").map_err(|e| fail(&e))?;
    }
    for line in report.open.iter().chain(&report.failed) {
        writeln!(out, "FAILED  {line}").map_err(|e| fail(&e))?;
    }
    if !report.ok() || !report.open.is_empty() {
        return Err(format!("the demo game's archive does not verify: {}", path.display()));
    }
    writeln!(out, "verified").map_err(|e| fail(&e))?;
    Ok(root)
}

/// The game as the referee holds it (the demo plays both sides, so it may look).
fn stored_game(service: &mut Service, id: i64) -> Result<Box<dyn crate::variants::VariantGame>, String> {
    let record = service
        .store()
        .read(|tx| tx.game(id))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no game #{id}"))?;
    let variant = crate::variants::by_id(&record.variant).ok_or("the demo's variant is unknown")?;
    variant.restore(&record.snapshot).map_err(|e| e.to_string())
}

/// What `player` answers to the variant's question before the first move, if it asks one:
/// the first of the offered answers for White, the last for Black (`crown king` and
/// `crown queen`), a word of the player's own where one is wanted (`seed alice`).
fn setup_answer(service: &mut Service, id: i64, player: &str) -> Result<Option<String>, String> {
    let color = if player == ALICE { Color::White } else { Color::Black };
    let game = stored_game(service, id)?;
    let Some(request) = game.setup_requests().into_iter().find(|r| r.player == color) else {
        return Ok(None);
    };
    // A prompt is "answer or answer", perhaps followed by a comment in brackets.
    let offered = request.prompt.split(" (").next().unwrap_or_default();
    let choices: Vec<&str> = offered.split(" or ").map(str::trim).collect();
    let choice = if color == Color::White { choices[0] } else { choices[choices.len() - 1] };
    let name = player.split('@').next().unwrap_or(player);
    Ok(Some(choice.replace("WORD", name)))
}

/// A legal move of the side to move, written from square to square (`e2-e4`), which every
/// variant reads: the first the referee's own game accepts, trying central files first and
/// the farthest square first, so that the demo's games open as players' do. A refused try
/// changes nothing (`VariantGame::play` checks before it plays).
fn some_legal_move(service: &mut Service, id: i64) -> Result<String, String> {
    let mut game = stored_game(service, id)?;
    let fen = game.fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let board = board.split('[').next().unwrap_or(board);
    let ranks = board.split('/').count();
    let files = board_width(board.split('/').next().unwrap_or_default());
    let mut by_centre: Vec<usize> = (0..files).collect();
    by_centre.sort_by_key(|&f| (2 * f).abs_diff(files - 1));
    // The pawns' rank first, then the pieces' behind it, then the rest towards the enemy.
    let mut from_ranks: Vec<usize> = [2, 1].into_iter().chain(3..=ranks).collect();
    if game.turn() == Color::Black {
        from_ranks = from_ranks.iter().map(|r| ranks + 1 - r).collect();
    }
    let square = |file: usize, rank: usize| format!("{}{rank}", char::from(b'a' + file as u8));
    for &rank in &from_ranks {
        for &file in &by_centre {
            let mut targets: Vec<(usize, usize)> = (1..=ranks).flat_map(|r| (0..files).map(move |f| (f, r))).collect();
            targets.sort_by_key(|&(f, r)| std::cmp::Reverse(f.abs_diff(file) + r.abs_diff(rank)));
            for (to_file, to_rank) in targets {
                let text = format!("{}-{}", square(file, rank), square(to_file, to_rank));
                if let Ok(played) = game.play(&text) {
                    return Ok(played.notation);
                }
            }
        }
    }
    Err("the demo found no legal move".to_string())
}

/// Squares in one rank of a FEN board: digits count empty squares, a bracketed crowd one.
fn board_width(rank: &str) -> usize {
    let mut width = 0;
    let mut digits = String::new();
    let mut in_crowd = false;
    for c in rank.chars() {
        if c.is_ascii_digit() && !in_crowd {
            digits.push(c);
            continue;
        }
        width += digits.parse::<usize>().unwrap_or(0);
        digits.clear();
        match c {
            '[' => in_crowd = true,
            ']' => {
                in_crowd = false;
                width += 1;
            }
            _ if in_crowd => {}
            _ if c.is_ascii_alphabetic() => width += 1,
            _ => {}
        }
    }
    width + digits.parse::<usize>().unwrap_or(0)
}

/// The mails `player` received, in order.
fn mails(sink: &MaildirSink, player: &str) -> Result<Vec<Vec<u8>>, String> {
    let maildir = Maildir::create(&sink.maildir(player)).map_err(|e| e.to_string())?;
    maildir.all_mail().map_err(|e| e.to_string())?.iter().map(|p| std::fs::read(p).map_err(|e| e.to_string())).collect()
}

fn print_mail(out: &mut dyn Write, player: &str, n: usize, raw: &[u8]) -> Result<(), String> {
    let parsed = mailparse::parse_mail(raw).map_err(|e| e.to_string())?;
    let subject = parsed.headers.get_first_value("Subject").unwrap_or_default();
    let body = crate::mail::plain_part(&parsed).get_body().map_err(|e| e.to_string())?;
    let rule = "=".repeat(78);
    writeln!(out, "{rule}\nMail {n} to {player}\nSubject: {subject}\n{rule}\n{}", body.trim_end())
        .map_err(|e| e.to_string())?;
    writeln!(out).map_err(|e| e.to_string())
}
