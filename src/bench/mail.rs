//! `herald bench mail`: N move mails through one `serve --once` pass — read from the
//! Maildir, checked, committed with their answers, answers sent over SMTP, moved to cur/ —
//! beside the bare rate of one durable SQLite commit per mail on the same disk, in the same
//! run. The answers go to postfix's smtp-sink on 127.0.0.1, which accepts and discards.
//! With `--imap`, the same mails also go through an IMAP inbox (a private Dovecot: fetched,
//! committed, moved to a done folder) against a copy of the same database, side by side.

use crate::outln;
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
use crate::mail::reply::compose_reply;
use crate::mail::transport;
use crate::referee::records::Player;
use crate::service::Service;

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
    let config = super::bench_config(&root, outgoing);
    Service::init(&config).map_err(|e| err(&e))?;
    let mut service = Service::open(config.clone(), Arc::new(SystemClock)).map_err(|e| err(&e))?;
    let transport = transport::from_config(&config.outgoing.transport)?;
    let replies = {
        let lock = service.try_send_lock().map_err(|e| err(&e))?.ok_or("the benchmark's outbox is locked")?;
        // N games, invitations sent; each White player answers the invitation with 1. e4.
        eprintln!("herald bench mail: preparing {n} games");
        let mut whites = Vec::with_capacity(n);
        for i in 0..n {
            let white = format!("white{i}@players.test");
            let black = format!("black{i}@players.test");
            service
                .new_game("chess", Player { email: white.clone(), name: None }, Player { email: black, name: None })
                .map_err(|e| err(&e))?;
            whites.push(white);
        }
        let invitations = service.store().read(|tx| tx.outbox(false)).map_err(|e| err(&e))?;
        service.send_due(&lock, transport.as_ref()).map_err(|e| err(&e))?;
        let mut replies = Vec::with_capacity(n);
        for white in &whites {
            let invitation = invitations.iter().find(|row| &row.recipient == white).ok_or("invitation missing")?;
            replies.push(compose_reply(&invitation.bytes, white, "1. e4")?);
        }
        replies
    };
    // The IMAP run gets a copy of the database as it is now: the same games, the same
    // secret, so the same mails are moves there too.
    drop(service);
    if args.imap {
        std::fs::copy(&config.database, root.join("imap.db")).map_err(|e| format!("copying the database: {e}"))?;
    }
    let inbox = Maildir::create(&root.join("inbox")).map_err(|e| err(&e))?;
    for reply in &replies {
        inbox.deliver(reply).map_err(|e| err(&e))?;
    }

    let before = bare_commits(&root.join("bare-1.db"), n)?;
    let service = Service::open(config.clone(), Arc::new(SystemClock)).map_err(|e| err(&e))?;
    let maildir = measure(service, transport.as_ref(), n)?;
    let imap = if args.imap {
        let dovecot = super::dovecot::Dovecot::start(&root.join("dc"))?;
        dovecot.append(&replies)?;
        let imap_config = Config { database: root.join("imap.db"), ..config.clone() };
        let service = Service::open(imap_config, Arc::new(SystemClock))
            .map_err(|e| err(&e))?
            .with_inbox(Box::new(ImapInbox::new(dovecot.settings())));
        let run = measure(service, transport.as_ref(), n)?;
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
    outln!("answers: {transport_label}, 2 per move mail");
    outln!("bare SQLite durable commits/s: {bare:.0} (before {before:.0}, after {after:.0})");
    for (label, run) in [("Maildir", Some(&maildir)), ("IMAP (Dovecot, 127.0.0.1)", imap.as_ref())] {
        let Some(run) = run else { continue };
        outln!(
            "{label}: herald serve --once: {n} mails in {:.2} s = {:.0} mails/s",
            run.wall.as_secs_f64(),
            run.rate()
        );
        outln!(
            "  batches: {} of up to {} mails, {} durable commits",
            run.batches,
            crate::service::INBOX_BATCH,
            run.batches
        );
        outln!(
            "  reading time per mail (batch read, committed, marked handled / its mails): median {:.3} ms, p99 {:.3} ms",
            ms(pct(&run.costs, 0.5)),
            ms(pct(&run.costs, 0.99))
        );
        outln!(
            "  latency per mail (read to answers sent): median {:.2} ms, p99 {:.2} ms",
            ms(pct(&run.latencies, 0.5)),
            ms(pct(&run.latencies, 0.99))
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
    wall: Duration,
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
/// handled, played and answered.
fn measure(mut service: Service, transport: &dyn transport::Transport, n: usize) -> Result<Run, String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let lock = service.try_send_lock().map_err(|e| err(&e))?.ok_or("the benchmark's outbox is locked")?;
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let pass = service.serve_pass(&lock, transport, &stop).map_err(|e| err(&e))?;
    let wall = started.elapsed();
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
    if moves != n {
        return Err(format!("expected {n} moves recorded, found {moves}"));
    }
    let mut costs = pass.handled.clone();
    costs.sort();
    // A mail's latency is its batch's time: its answers are out when the batch's are.
    let mut latencies: Vec<Duration> =
        pass.batches.iter().flat_map(|&(mails, time)| std::iter::repeat_n(time, mails)).collect();
    latencies.sort();
    Ok(Run { wall, batches: pass.batches.len(), costs, latencies })
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
