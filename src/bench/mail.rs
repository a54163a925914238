//! `herald bench mail`: N move mails through one `serve --once` pass — read from the
//! Maildir, checked, committed with their answers, answers sent over SMTP, moved to cur/ —
//! beside the bare rate of one durable SQLite commit per mail on the same disk, in the same
//! run. The answers go to postfix's smtp-sink on 127.0.0.1, which accepts and discards.
//! The N mails are moves in N games that stand at different positions (each played a few
//! moves first, chosen by a hash of the game), and no two of them lead to the same board, so
//! every answer's board picture is drawn anew, as in a club's real stream; with
//! `--text-only` the answers are text alone, as a club with `outgoing.plain_text` sends.
//! With `--imap`, the same mails also go through an IMAP inbox (a private Dovecot: fetched,
//! committed, moved to a done folder) against a copy of the same database, side by side.

use crate::outln;
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use crate::clock::SystemClock;
use crate::config::{Config, TlsMode, Transport};
use crate::mail::inbox::ImapInbox;
use crate::mail::maildir::Maildir;
use crate::mail::transport;
use crate::service::Service;

use super::games::Database;

/// Arguments of `herald bench mail`.
#[derive(Args, Debug)]
pub struct MailBenchArgs {
    /// Number of move mails (one per game).
    #[arg(long, default_value_t = 300)]
    mails: usize,
    /// Folder for the databases and Maildirs; it decides which disk is measured.
    #[arg(long, default_value = "herald-bench-data")]
    dir: PathBuf,
    /// postfix's smtp-sink; without it the answers go to a Maildir sink instead.
    #[arg(long, default_value = "/usr/sbin/smtp-sink")]
    smtp_sink: PathBuf,
    /// Also take the same mails from IMAP: a private Dovecot (`dovecot` on the PATH, Debian
    /// packages dovecot-core and dovecot-imapd) on 127.0.0.1, handled mail moved to a done
    /// folder; reported beside the Maildir path's figures.
    #[arg(long)]
    imap: bool,
    /// Answers as text alone, without the board picture (a club's `outgoing.plain_text`).
    #[arg(long)]
    text_only: bool,
    /// Moves each game is played before the measured mail, so that the games stand at
    /// different positions.
    #[arg(long, default_value_t = 6)]
    plies: usize,
}

/// Kills the sink when the benchmark ends, however it ends.
struct Sink(Child);

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

/// Runs the benchmark.
pub fn run(args: MailBenchArgs) -> Result<(), String> {
    let n = args.mails.max(1);
    let root = args.dir.join(format!("run-{}", std::process::id()));
    std::fs::create_dir_all(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    let err = |e: &dyn std::fmt::Display| e.to_string();

    // The answers' transport: smtp-sink if there is one, else a Maildir sink.
    let mut _sink = None;
    let outgoing = if args.smtp_sink.exists() {
        let port = free_port()?;
        let child = Command::new(&args.smtp_sink)
            .args(["-u", "nobody", &format!("127.0.0.1:{port}"), "256"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("starting {}: {e}", args.smtp_sink.display()))?;
        _sink = Some(Sink(child));
        wait_for_port(port)?;
        Transport::Smtp {
            host: "127.0.0.1".into(),
            port: Some(port),
            tls: TlsMode::None,
            user: None,
            password_env: None,
            auth: Default::default(),
            token_command: None,
            timeout_seconds: 10,
            ca_file: None,
        }
    } else {
        eprintln!("herald bench mail: {} not found; answers go to a Maildir sink", args.smtp_sink.display());
        Transport::Maildir { path: root.join("sent") }
    };
    let transport_label = match &outgoing {
        Transport::Smtp { .. } => "SMTP to smtp-sink",
        _ => "Maildir sink",
    };
    let mut config = super::bench_config(&root, outgoing);
    config.outgoing.plain_text = args.text_only;
    let transport = transport::from_config(&config.outgoing.transport)?;
    // N games, each played to ply `plies` by move mails, then each mover's next move, to a
    // board no other mail of the run shows.
    eprintln!("herald bench mail: preparing {n} games of {} plies", args.plies);
    let db = Database::build(&root, config.clone(), n, args.plies, 0, 0)?;
    let mut shown = HashSet::new();
    let mut replies = Vec::with_capacity(n);
    for board in &db.boards {
        replies.push(board.next_mail_to_a_new_board(&mut shown)?.0);
    }
    // The IMAP run gets a copy of the database as it is now: the same games, the same
    // secret, so the same mails are moves there too.
    drop(db);
    if args.imap {
        std::fs::copy(&config.database, root.join("imap.db")).map_err(|e| format!("copying the database: {e}"))?;
    }
    let inbox = Maildir::create(&root.join("inbox")).map_err(|e| err(&e))?;
    for reply in &replies {
        inbox.deliver(reply).map_err(|e| err(&e))?;
    }

    let before = bare_commits(&root.join("bare-1.db"), n)?;
    let service = Service::open(config.clone(), Arc::new(SystemClock)).map_err(|e| err(&e))?;
    let plies = n * (args.plies + 1);
    let maildir = measure(service, transport.as_ref(), n, plies)?;
    let imap = if args.imap {
        let dovecot = super::dovecot::Dovecot::start(&root.join("dc"))?;
        dovecot.append(&replies)?;
        let imap_config = Config { database: root.join("imap.db"), ..config.clone() };
        let service = Service::open(imap_config, Arc::new(SystemClock))
            .map_err(|e| err(&e))?
            .with_inbox(Box::new(ImapInbox::new(dovecot.settings())));
        let run = measure(service, transport.as_ref(), n, plies)?;
        if dovecot.count("Done")? != n {
            return Err(format!("expected the {n} mails moved to the done folder"));
        }
        Some(run)
    } else {
        None
    };
    let after = bare_commits(&root.join("bare-2.db"), n)?;
    let bare = (before + after) / 2.0;

    outln!("disk: {}", root.display());
    outln!(
        "answers: {transport_label}, 2 per move mail, {}",
        if args.text_only { "text only" } else { "each with its board picture" }
    );
    outln!("boards: {n} games at different positions (ply {}), no two mails' boards alike", args.plies + 1);
    outln!("bare SQLite durable commits/s: {bare:.0} (before {before:.0}, after {after:.0})");
    for (label, run) in [("Maildir", Some(&maildir)), ("IMAP (Dovecot, 127.0.0.1)", imap.as_ref())] {
        let Some(run) = run else { continue };
        outln!(
            "{label}: herald serve --once: {n} mails in {:.2} s = {:.0} mails/s",
            run.wall.as_secs_f64(),
            run.rate()
        );
        outln!(
            "  CPU per mail: {:.3} ms in the daemon's thread, {:.3} ms in the process (its sender thread too)",
            ms(run.cpu.0) / n as f64,
            ms(run.cpu.1) / n as f64
        );
        outln!(
            "  batches: {} of up to {} mails, {} durable commits",
            run.batches,
            crate::service::INBOX_BATCH,
            run.batches
        );
        outln!(
            "  handling time per mail (batch, read already, handled and committed / its mails): median {:.3} ms, p99 {:.3} ms",
            ms(pct(&run.costs, 0.5)),
            ms(pct(&run.costs, 0.99))
        );
        outln!(
            "  latency per mail (read to answers sent): median {:.2} ms, p99 {:.2} ms",
            ms(pct(&run.latencies, 0.5)),
            ms(pct(&run.latencies, 0.99))
        );
        outln!(
            "  database growth per move mail: {:.1} KB while the answers' bodies are kept, {:.1} KB after \
             (outgoing.keep_sent_days)",
            run.growth.0 / 1024.0,
            run.growth.1 / 1024.0
        );
        outln!("  ratio mails/s : commits/s = {:.2}", run.rate() / bare);
    }
    if let Some(imap) = &imap {
        outln!("ratio IMAP mails/s : Maildir mails/s = {:.2}", imap.rate() / maildir.rate());
    }
    let _ = std::fs::remove_dir_all(&root);
    Ok(())
}

/// One `serve --once` pass over the N waiting mails.
struct Run {
    /// What the database holds more after the pass, a move mail (its pages in use, free pages
    /// not counted): with the answers' bodies as sent, and once they are dropped, as they are
    /// `outgoing.keep_sent_days` after sending.
    growth: (f64, f64),
    wall: Duration,
    /// CPU time of the pass: the daemon's thread (reading, checking, committing, composing),
    /// and the whole process (its sender thread too; smtp-sink is another process).
    cpu: (Duration, Duration),
    batches: usize,
    /// Each mail's share of its batch's reading time, sorted.
    costs: Vec<Duration>,
    /// Each mail's latency (its batch's), sorted.
    latencies: Vec<Duration>,
}

impl Run {
    fn rate(&self) -> f64 {
        self.costs.len() as f64 / self.wall.as_secs_f64()
    }
}

/// Runs one pass of `service` over the n waiting move mails and checks that each was
/// handled, played and answered, `plies` moves in all games now.
fn measure(mut service: Service, transport: &dyn transport::Transport, n: usize, plies: usize) -> Result<Run, String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let lock = service.try_send_lock().map_err(|e| err(&e))?.ok_or("the benchmark's outbox is locked")?;
    let stop = AtomicBool::new(false);
    let database = service.config().database.clone();
    // The mails of the games' preparation as they are `keep_sent_days` later: so only this
    // pass's answers are measured with and without their bodies.
    let far = crate::clock::Timestamp::MAX;
    service.store().write_relaxed::<_, crate::store::StoreError>(|tx| tx.drop_sent_bodies(far)).map_err(|e| err(&e))?;
    let used_before = used_bytes(&database)?;
    let (started, thread, process) = (Instant::now(), super::thread_cpu(), super::process_cpu());
    let pass = service.serve_pass(&lock, transport, &stop).map_err(|e| err(&e))?;
    let wall = started.elapsed();
    let cpu = (super::thread_cpu().saturating_sub(thread), super::process_cpu().saturating_sub(process));
    let with_bodies = used_bytes(&database)?;
    // As the daemon does `keep_sent_days` later: every sent body dropped.
    service.store().write_relaxed::<_, crate::store::StoreError>(|tx| tx.drop_sent_bodies(far)).map_err(|e| err(&e))?;
    let without_bodies = used_bytes(&database)?;
    let per_mail = |used: u64| used.saturating_sub(used_before) as f64 / n as f64;
    let growth = (per_mail(with_bodies), per_mail(without_bodies));
    service.close_inbox();
    if pass.handled.len() != n || pass.sent.sent != 2 * n {
        return Err(format!(
            "expected {n} mails handled and {} answers sent, got {} and {}",
            2 * n,
            pass.handled.len(),
            pass.sent.sent
        ));
    }
    let moves = service
        .store()
        .read(|tx| Ok(tx.games()?.iter().map(|g| g.plies as usize).sum::<usize>()))
        .map_err(|e| err(&e))?;
    if moves != plies {
        return Err(format!("expected {plies} moves recorded, found {moves}"));
    }
    let mut costs = pass.handled.clone();
    costs.sort();
    // A mail's latency is its batch's time: its answers are out when the batch's are.
    let mut latencies: Vec<Duration> =
        pass.batches.iter().flat_map(|&(mails, time)| std::iter::repeat_n(time, mails)).collect();
    latencies.sort();
    Ok(Run { growth, wall, cpu, batches: pass.batches.len(), costs, latencies })
}

/// The bytes of the database's pages in use (its free pages left out): what it holds.
fn used_bytes(path: &std::path::Path) -> Result<u64, String> {
    let db = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
    let pragma = |name: &str| db.pragma_query_value(None, name, |r| r.get::<_, i64>(0)).map_err(|e| e.to_string());
    Ok(((pragma("page_count")? - pragma("freelist_count")?) * pragma("page_size")?) as u64)
}

fn pct(times: &[Duration], p: f64) -> Duration {
    times[((times.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One durable commit per mail, as herald's store makes them: WAL, synchronous=FULL,
/// BEGIN IMMEDIATE, one row of a mail's size.
fn bare_commits(path: &std::path::Path, n: usize) -> Result<f64, String> {
    let conn = rusqlite::Connection::open(path).map_err(|e| e.to_string())?;
    let setup = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB);";
    conn.execute_batch(setup).map_err(|e| e.to_string())?;
    let body = vec![b'x'; 3000];
    let started = Instant::now();
    for _ in 0..n {
        conn.execute_batch("BEGIN IMMEDIATE").map_err(|e| e.to_string())?;
        conn.execute("INSERT INTO t (body) VALUES (?1)", [&body]).map_err(|e| e.to_string())?;
        conn.execute_batch("COMMIT").map_err(|e| e.to_string())?;
    }
    Ok(n as f64 / started.elapsed().as_secs_f64())
}

fn wait_for_port(port: u16) -> Result<(), String> {
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Err(format!("smtp-sink did not listen on port {port}"))
}
