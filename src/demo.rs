//! `herald demo`: a short scripted game through the real pipeline — Maildir in, SQLite,
//! templates, Maildir out, in a temporary folder — printing every mail each player receives,
//! so a newcomer sees the product work without a mail server.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mailparse::MailHeaderMap;

use crate::clock::SystemClock;
use crate::config::{Config, Referee, Transport};
use crate::mail::maildir::Maildir;
use crate::mail::reply::compose_reply;
use crate::mail::transport::MaildirSink;
use crate::referee::records::Player;
use crate::service::Service;

const ALICE: &str = "alice@players.example";
const BOB: &str = "bob@players.example";

/// The scripted game: who writes, and what. Bob's first try is illegal, to show a refusal.
const SCRIPT: &[(&str, &str)] = &[
    (ALICE, "1. e4"),
    (BOB, "1... e5"),
    (ALICE, "Bc4"),
    (BOB, "Nc6"),
    (ALICE, "Qh5"),
    (BOB, "Kxe4"),
    (BOB, "Nf6"),
    (ALICE, "Qxf7#"),
];

/// Runs the demo in a new folder under `dir` (the system's temporary folder by default) and
/// writes every mail to `out`.
pub fn run(dir: Option<&Path>, out: &mut dyn Write) -> Result<PathBuf, String> {
    let base = dir.map(Path::to_path_buf).unwrap_or_else(std::env::temp_dir);
    let root = base.join(format!("herald-demo-{}-{}", std::process::id(), jiff::Timestamp::now().as_millisecond()));
    let config = Config {
        referee: Referee {
            address: "referee@club.example".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,
        },
        database: root.join("herald.db"),
        inbox: crate::config::Inbox { maildir: Some(root.join("inbox")), ..Default::default() },
        outgoing: crate::config::Outgoing {
            transport: Transport::Maildir { path: root.join("sent") },
            retry: Default::default(),
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
    let id = service.new_game("chess", alice, bob).map_err(|e| fail(&e))?;
    service.send_due(&lock, &sink).map_err(|e| fail(&e))?;
    writeln!(out, "herald demo: game #{id}, Alice (White) vs Bob (Black), in {}\n", root.display())
        .map_err(|e| fail(&e))?;

    for &(player, text) in SCRIPT {
        let latest = mails(&sink, player)?.pop().ok_or("no mail to reply to")?;
        let reply = compose_reply(&latest, player, text)?;
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
    Ok(root)
}

/// The mails `player` received, in order.
fn mails(sink: &MaildirSink, player: &str) -> Result<Vec<Vec<u8>>, String> {
    let maildir = Maildir::create(&sink.maildir(player)).map_err(|e| e.to_string())?;
    maildir.all_mail().map_err(|e| e.to_string())?.iter().map(|p| std::fs::read(p).map_err(|e| e.to_string())).collect()
}

fn print_mail(out: &mut dyn Write, player: &str, n: usize, raw: &[u8]) -> Result<(), String> {
    let parsed = mailparse::parse_mail(raw).map_err(|e| e.to_string())?;
    let subject = parsed.headers.get_first_value("Subject").unwrap_or_default();
    let body = parsed.get_body().map_err(|e| e.to_string())?;
    let rule = "=".repeat(78);
    writeln!(out, "{rule}\nMail {n} to {player}\nSubject: {subject}\n{rule}\n{}", body.trim_end())
        .map_err(|e| e.to_string())?;
    writeln!(out).map_err(|e| e.to_string())
}
