//! `herald bench site`: what keeping the club's site current costs. A database of `--games`
//! chess games, each played to ply 10 by move mails through the daemon's batch path (as `herald
//! bench games` builds its databases), with the site in `site.dir`; the daemon's pass writes the
//! whole site once. Then, in the same run and interleaved `--rounds` times: one more move mail is
//! committed and the daemon's pass over the site ([`Service::keep_site_current`]) rewrites what
//! it touched (that game's page, archive and PGN, the index, the club's feed), and a full
//! `herald site build` ([`Service::build_site`]) writes every file into another folder. Each
//! is timed from reading the database to the last file renamed into place, in wall time and in
//! the CPU time of the thread that does it (the machine may be busy); the report gives the
//! medians, the files each wrote and the ratios.

use crate::outln;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;

use super::games::Database;
use super::thread_cpu;
use crate::clock::SystemClock;
use crate::config::Transport;
use crate::service::Service;

/// Arguments of `herald bench site`.
#[derive(Args, Debug)]
pub struct SiteBenchArgs {
    /// Games on the site (each played to ply 10).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Moves measured: each followed by the incremental pass and by a full build.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Folder for the database and the two sites.
    #[arg(long, default_value = "herald-bench-site")]
    dir: PathBuf,
    /// Keep the database and the sites afterwards.
    #[arg(long)]
    keep: bool,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The median of `times`.
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Runs the benchmark.
pub fn run(args: SiteBenchArgs) -> Result<(), String> {
    if args.games == 0 || args.rounds == 0 {
        return Err("--games and --rounds must be at least 1".into());
    }
    let root = args.dir.clone();
    let _ = std::fs::remove_dir_all(&root);
    let live = root.join("site-live");
    let full = root.join("site-full");
    let mut config = super::bench_config(&root, Transport::Maildir { path: root.join("sent") });
    config.outgoing.plain_text = true;
    config.site.dir = Some(live.clone());
    config.site.title = Some("Bench Chess Club".into());
    eprintln!("herald bench site: preparing {} games of 10 plies", args.games);
    let mut db = Database::build(&root, config.clone(), args.games, 10, 0, 0)?;
    let mut service = Service::open(config, Arc::new(SystemClock)).map_err(err)?;
    let started = Instant::now();
    let first = service.keep_site_current().map_err(err)?;
    let first_time = started.elapsed();
    if !first.whole {
        return Err("the first pass did not write the whole site".into());
    }

    let (mut incremental, mut whole) = (Vec::new(), Vec::new());
    let (mut incremental_cpu, mut whole_cpu) = (Vec::new(), Vec::new());
    let (mut incremental_files, mut whole_files) = (0, 0);
    for round in 0..args.rounds {
        // A move in a game spread over the numbers, as the daemon commits it.
        let board = &mut db.boards[(round * 7919 + 1) % args.games];
        let (raw, m) = board.next_mail()?;
        let results = service.ingest_batch(&[raw]).map_err(err)?;
        match results.first() {
            Some(Ok(_)) => board.played(m),
            other => return Err(format!("the move mail was not handled: {other:?}")),
        }
        let (started, cpu) = (Instant::now(), thread_cpu());
        let pass = service.keep_site_current().map_err(err)?;
        incremental.push(started.elapsed());
        incremental_cpu.push(thread_cpu().saturating_sub(cpu));
        if pass.whole || pass.written.is_empty() {
            return Err(format!("round {round}: the pass wrote {} files, whole: {}", pass.written.len(), pass.whole));
        }
        incremental_files = pass.written.len();
        let (started, cpu) = (Instant::now(), thread_cpu());
        whole_files = service.build_site(&full).map_err(err)?.len();
        whole.push(started.elapsed());
        whole_cpu.push(thread_cpu().saturating_sub(cpu));
    }
    let (incremental, whole) = (median(&mut incremental), median(&mut whole));
    let (incremental_cpu, whole_cpu) = (median(&mut incremental_cpu), median(&mut whole_cpu));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    outln!("herald bench site: {} games of 10 plies on the site, {} moves measured", args.games, args.rounds);
    outln!(
        "first pass of the daemon (the whole site): {} files in {:.3} s",
        first.written.len(),
        first_time.as_secs_f64()
    );
    outln!(
        "after one move: the daemon's pass (read, render, write what changed): {incremental_files} files in {:.1} ms wall, \
         {:.1} ms CPU (medians)",
        ms(incremental),
        ms(incremental_cpu)
    );
    outln!(
        "after one move: herald site build (read, render, write everything): {whole_files} files in {:.1} ms wall, \
         {:.1} ms CPU (medians)",
        ms(whole),
        ms(whole_cpu)
    );
    outln!(
        "ratio: the full build takes {:.1} times the incremental pass's wall time, {:.1} times its CPU time",
        whole.as_secs_f64() / incremental.as_secs_f64(),
        whole_cpu.as_secs_f64() / incremental_cpu.as_secs_f64().max(f64::EPSILON)
    );
    drop(db);
    if args.keep {
        outln!("kept in {}", root.display());
    } else {
        let _ = std::fs::remove_dir_all(&root);
    }
    Ok(())
}
