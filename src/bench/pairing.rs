//! `herald bench pairing`: one Dutch Swiss round of a large field, paired by herald and by
//! the oracle (caissify-pairings, `scripts/oracle-venv.sh`) from the same history.
//!
//! The field plays `--rounds-played` rounds first (herald pairs them; results drawn from a
//! fixed-seed generator, the stronger player winning more often), then the next round is
//! timed on both sides, and the oracle's pairs and bye compared with herald's. The oracle
//! runs under a time limit, since its cost grows steeply with the field: the report then
//! says it did not finish. Without the oracle installed (or with `--no-oracle`) the bench
//! reports herald's side alone and succeeds. herald's figure is the CPU time of the thread
//! that pairs (the machine may be busy); `--pairs-out FILE` writes the round's boards, one
//! `white black` line each (`black` 0 for the bye), to compare two builds.

use crate::outln;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Args;

use crate::engine::Color;
use crate::tournament::dutch::{SwissRound, pair};
use crate::tournament::{Entrant, Finish, Pairing, Points, Score};

/// Arguments of `herald bench pairing`.
#[derive(Args, Debug)]
pub struct PairingBenchArgs {
    /// Players in the field.
    #[arg(long, default_value_t = 1000)]
    players: u32,
    /// Rounds played before the timed one.
    #[arg(long, default_value_t = 2)]
    rounds_played: u32,
    /// Seconds the oracle may take before it is stopped.
    #[arg(long, default_value_t = 600)]
    oracle_timeout: u64,
    /// The oracle's Python (from scripts/oracle-venv.sh).
    #[arg(long, default_value = "target/oracle-venv/bin/python")]
    python: PathBuf,
    /// The oracle driver.
    #[arg(long, default_value = "tests/fixtures/swiss_oracle.py")]
    driver: PathBuf,
    /// Time herald alone.
    #[arg(long)]
    no_oracle: bool,
    /// Write the timed round's boards here, one `white black` line each (0: the bye).
    #[arg(long)]
    pairs_out: Option<PathBuf>,
}

/// The oracle's seconds and its boards as unordered pairs.
type OracleRound = (f64, BTreeSet<(u32, Option<u32>)>);

/// Runs the benchmark.
pub fn run(args: PairingBenchArgs) -> Result<(), String> {
    let entrants: Vec<Entrant> = (1..=args.players)
        .map(|number| Entrant {
            number,
            email: format!("p{number}@example.org"),
            name: format!("P{number:04}"),
            rating: Some(3000 - number),
            withdrawn_after: None,
        })
        .collect();
    let total_rounds = args.rounds_played + 3;
    let mut previous: Vec<Pairing> = Vec::new();
    let mut seed = 0x9E3779B97F4A7C15u64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % 1000
    };
    fn input<'a>(entrants: &'a [Entrant], previous: &'a [Pairing], round: u32, total_rounds: u32) -> SwissRound<'a> {
        SwissRound {
            entrants,
            previous,
            round,
            total_rounds,
            initial_colour: Color::White,
            forbidden: &[],
            bye_points: Points::ONE,
        }
    }
    for round in 1..=args.rounds_played {
        let mut pairings = pair(&input(&entrants, &previous, round, total_rounds)).map_err(|e| e.to_string())?;
        for p in &mut pairings {
            if let Some(black) = p.black {
                let x = random();
                let (w, b) = if x < 300 {
                    (Points::HALF, Points::HALF)
                } else if (x < 750) == (p.white < black) {
                    (Points::ONE, Points::ZERO)
                } else {
                    (Points::ZERO, Points::ONE)
                };
                p.score = Some(Score { white: w, black: b, finish: Finish::Played });
            }
        }
        previous.extend(pairings);
    }
    let round = args.rounds_played + 1;
    let (start, cpu) = (Instant::now(), super::thread_cpu());
    let ours = pair(&input(&entrants, &previous, round, total_rounds)).map_err(|e| e.to_string())?;
    let (herald, herald_cpu) = (start.elapsed(), super::thread_cpu().saturating_sub(cpu));
    outln!(
        "herald: {} players, round {round}: {} boards in {:.3} s CPU ({:.3} s wall)",
        args.players,
        ours.len(),
        herald_cpu.as_secs_f64(),
        herald.as_secs_f64()
    );
    if let Some(path) = &args.pairs_out {
        let lines: String = ours.iter().map(|p| format!("{} {}\n", p.white, p.black.unwrap_or(0))).collect();
        std::fs::write(path, lines).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.no_oracle {
        return Ok(());
    }
    if !args.python.exists() {
        outln!("oracle (caissify-pairings 0.5.0): not installed at {} (scripts/oracle-venv.sh)", args.python.display());
        return Ok(());
    }
    match oracle(&args, &previous, total_rounds)? {
        Some((seconds, theirs)) => {
            let mine = unordered(ours.iter().map(|p| (p.white, p.black)));
            let same = mine.intersection(&theirs).count();
            let verdict = if mine == theirs {
                "the same pairs and bye".to_string()
            } else {
                format!("DIFFERENT pairs: {same} of {} boards in common", mine.len())
            };
            outln!("oracle (caissify-pairings 0.5.0): the same round in {seconds:.3} s, {verdict}");
        }
        None => outln!("oracle (caissify-pairings 0.5.0): did not finish within {} s", args.oracle_timeout),
    }
    Ok(())
}

/// Boards as unordered pairs (the PAB as a player and `None`).
fn unordered(boards: impl Iterator<Item = (u32, Option<u32>)>) -> BTreeSet<(u32, Option<u32>)> {
    boards.map(|(w, b)| b.map_or((w, None), |b| (w.min(b), Some(w.max(b))))).collect()
}

/// The oracle's seconds and boards for the next round, or `None` past the time limit.
fn oracle(args: &PairingBenchArgs, previous: &[Pairing], total_rounds: u32) -> Result<Option<OracleRound>, String> {
    let rounds = previous.iter().map(|p| p.round).max().unwrap_or(0);
    let history: Vec<serde_json::Value> = (1..=rounds)
        .map(|r| {
            previous
                .iter()
                .filter(|p| p.round == r)
                .map(|p| {
                    let res = match (p.black, p.score) {
                        (None, _) => "bye",
                        (Some(_), Some(s)) if s.white > s.black => "1",
                        (Some(_), Some(s)) if s.white < s.black => "0",
                        _ => "=",
                    };
                    serde_json::json!({"w": p.white, "b": p.black, "res": res})
                })
                .collect()
        })
        .collect();
    let tournament = serde_json::json!({
        "players": args.players, "rounds": total_rounds, "initial": "white", "forbidden": [], "history": history,
    });
    let mut child = Command::new(&args.python)
        .arg(&args.driver)
        .arg("pair")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the oracle {} (run scripts/oracle-venv.sh): {e}", args.python.display()))?;
    child.stdin.take().expect("stdin").write_all(tournament.to_string().as_bytes()).map_err(|e| e.to_string())?;
    let deadline = Instant::now() + Duration::from_secs(args.oracle_timeout);
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let mut out = String::new();
            child.stdout.take().expect("stdout").read_to_string(&mut out).map_err(|e| e.to_string())?;
            if !status.success() {
                return Err(format!("the oracle failed: {status}"));
            }
            let v: serde_json::Value = serde_json::from_str(&out).map_err(|e| e.to_string())?;
            let seconds = v["seconds"].as_f64().ok_or("the oracle reported no time")?;
            let boards = v["pairings"].as_array().ok_or("the oracle reported no pairings")?;
            let boards = boards
                .iter()
                .map(|g| (g["white_id"].as_u64().unwrap_or(0) as u32, g["black_id"].as_u64().map(|b| b as u32)));
            return Ok(Some((seconds, unordered(boards))));
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}
