//! `herald bench perft`: perft speed beside Fairy-Stockfish, in the same run on the same
//! machine.
//!
//! Both sides count the same tree with bulk counting at the last ply (Fairy-Stockfish's
//! `go perft` does the same), single-threaded. Each figure is the best of `--runs` runs, so a
//! passing disturbance on the machine does not decide it. Fairy-Stockfish is timed from
//! sending `go perft N` to reading its "Nodes searched" line.

use crate::outln;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Args;

use crate::engine::perft::perft;
use crate::notation::fen;

/// Arguments of `herald bench perft`.
#[derive(Args, Debug)]
pub struct PerftBenchArgs {
    /// Perft depth for FIDE chess from the start position.
    #[arg(long, default_value_t = 5)]
    chess_depth: u32,
    /// Perft depth for Capablanca chess from the start position.
    #[arg(long, default_value_t = 4)]
    capablanca_depth: u32,
    /// Runs of each measurement; the best is reported.
    #[arg(long, default_value_t = 3)]
    runs: u32,
    /// Also count the six chessprogramming-wiki positions deeper than the test suite does,
    /// each checked against its published count.
    #[arg(long)]
    deep: bool,
    /// The Fairy-Stockfish binary (Debian package fairy-stockfish).
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fairy_stockfish: String,
}

/// One benchmark case.
struct Case {
    name: &'static str,
    variant: &'static str,
    /// Fairy-Stockfish's UCI_Variant.
    fsf_variant: &'static str,
    fen: Option<&'static str>,
    depth: u32,
    /// Published count, when the case checks one.
    expected: Option<u64>,
}

/// The wiki positions at benchmark depths, with their published counts.
const DEEP: [(&str, &str, u32, u64); 6] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15_833_292),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551),
];

/// Runs the benchmark and prints a table.
pub fn run(args: PerftBenchArgs) -> Result<(), String> {
    let mut cases = vec![
        Case {
            name: "start",
            variant: "chess",
            fsf_variant: "chess",
            fen: None,
            depth: args.chess_depth,
            expected: None,
        },
        Case {
            name: "start",
            variant: "capablanca",
            fsf_variant: "capablanca",
            fen: None,
            depth: args.capablanca_depth,
            expected: None,
        },
    ];
    if args.deep {
        cases.extend(DEEP.iter().map(|&(name, fen, depth, expected)| Case {
            name,
            variant: "chess",
            fsf_variant: "chess",
            fen: Some(fen),
            depth,
            expected: Some(expected),
        }));
    }
    let mut fsf = FairyStockfish::start(&args.fairy_stockfish)
        .map_err(|e| eprintln!("herald bench: Fairy-Stockfish not measured ({}): {e}", args.fairy_stockfish))
        .ok();
    outln!(
        "{:<11} {:<11} {:>5} {:>12} {:>13} {:>13} {:>7}",
        "variant",
        "position",
        "depth",
        "nodes",
        "herald Mn/s",
        "FSF Mn/s",
        "ratio"
    );
    let runs = args.runs.max(1);
    for case in &cases {
        let variant =
            crate::variants::by_id(case.variant).ok_or_else(|| format!("unknown variant {}", case.variant))?;
        let pos = match case.fen {
            Some(text) => fen::read(variant.rules(), text).map_err(|e| e.to_string())?,
            None => variant.start_position(),
        };
        let mut best = Duration::MAX;
        let mut nodes = 0;
        for _ in 0..runs {
            let t = Instant::now();
            nodes = perft(&pos, case.depth);
            best = best.min(t.elapsed());
        }
        if let Some(expected) = case.expected
            && nodes != expected
        {
            return Err(format!("{} depth {}: {nodes} nodes, published {expected}", case.name, case.depth));
        }
        let ours = nodes as f64 / best.as_secs_f64() / 1e6;
        let theirs = fsf.as_mut().and_then(|f| {
            let fen_text = case.fen.map(str::to_string).unwrap_or_else(|| fen::write(&pos));
            let mut best = Duration::MAX;
            for _ in 0..runs {
                match f.perft(case.fsf_variant, &fen_text, case.depth) {
                    Ok((their_nodes, took)) if their_nodes == nodes => best = best.min(took),
                    Ok((their_nodes, _)) => {
                        eprintln!("herald bench: Fairy-Stockfish counts {their_nodes}, herald {nodes}");
                        return None;
                    }
                    Err(e) => {
                        eprintln!("herald bench: Fairy-Stockfish failed: {e}");
                        return None;
                    }
                }
            }
            Some(nodes as f64 / best.as_secs_f64() / 1e6)
        });
        let (theirs_text, ratio_text) = match theirs {
            Some(t) => (format!("{t:.1}"), format!("{:.2}", ours / t)),
            None => ("-".to_string(), "-".to_string()),
        };
        outln!(
            "{:<11} {:<11} {:>5} {:>12} {:>13.1} {:>13} {:>7}",
            case.variant,
            case.name,
            case.depth,
            nodes,
            ours,
            theirs_text,
            ratio_text
        );
    }
    Ok(())
}

/// A Fairy-Stockfish process spoken to over UCI.
struct FairyStockfish {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl FairyStockfish {
    fn start(path: &str) -> std::io::Result<FairyStockfish> {
        let mut child =
            Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let input = child.stdin.take().ok_or_else(|| std::io::Error::other("no stdin"))?;
        let output = BufReader::new(child.stdout.take().ok_or_else(|| std::io::Error::other("no stdout"))?);
        let mut engine = FairyStockfish { child, input, output };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    fn wait_for(&mut self, pred: impl Fn(&str) -> bool) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("Fairy-Stockfish closed its output"));
            }
            if pred(line.trim()) {
                return Ok(line.trim().to_string());
            }
        }
    }

    fn perft(&mut self, variant: &str, fen: &str, depth: u32) -> std::io::Result<(u64, Duration)> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send(&format!("position fen {fen}"))?;
        self.send("isready")?;
        self.wait_for(|l| l == "readyok")?;
        let t = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.wait_for(|l| l.starts_with("Nodes searched"))?;
        let took = t.elapsed();
        let nodes = line
            .rsplit(':')
            .next()
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("unreadable line {line:?}")))?;
        Ok((nodes, took))
    }
}

impl Drop for FairyStockfish {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
