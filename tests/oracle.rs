//! Fairy-Stockfish as an independent oracle: along random games of FIDE chess and Capablanca
//! chess, herald's set of legal moves must equal Fairy-Stockfish's in every position.
//!
//! Fairy-Stockfish is a separate implementation (Debian package fairy-stockfish, installed by
//! the test command); this test never skips: without the binary it fails and says how to
//! install it.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use herald::engine::Game;
use herald::notation::{fen, uci};
use herald::variants;

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

struct Oracle {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Oracle {
    fn start(variant: &str) -> Oracle {
        let mut child = Command::new(FAIRY_STOCKFISH)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("{FAIRY_STOCKFISH} is needed ({e}); install it with `apt-get install fairy-stockfish`")
            });
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut oracle = Oracle { child, input, output };
        oracle.send(&format!("setoption name UCI_Variant value {variant}"));
        oracle
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Fairy-Stockfish's legal moves after `moves` from the start position.
    fn legal_moves(&mut self, moves: &[String]) -> BTreeSet<String> {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send("go perft 1");
        let mut found = BTreeSet::new();
        let mut line = String::new();
        loop {
            line.clear();
            assert!(self.output.read_line(&mut line).unwrap() > 0, "Fairy-Stockfish stopped");
            let l = line.trim();
            if l.starts_with("Nodes searched") {
                return found;
            }
            if let Some((m, count)) = l.split_once(": ")
                && count == "1"
            {
                found.insert(m.to_string());
            }
        }
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// SplitMix64: a fixed, seedable choice of moves, so a failure can be replayed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn compare_random_games(variant_id: &str, games: u64, plies: usize) {
    let variant = variants::by_id(variant_id).unwrap();
    let rules = variant.rules();
    let mut oracle = Oracle::start(variant_id);
    let mut seed = 0x0ddba11 ^ games;
    let mut positions = 0;
    for g in 0..games {
        let mut game = Game::new(variant.start_position());
        let mut played: Vec<String> = Vec::new();
        for _ in 0..plies {
            let legal = game.position().legal_moves();
            let ours: BTreeSet<String> = legal.iter().map(|&m| uci::write(rules, m)).collect();
            let theirs = oracle.legal_moves(&played);
            assert_eq!(
                ours,
                theirs,
                "{variant_id} game {g}: legal moves differ at {} after {}",
                fen::write(game.position()),
                played.join(" ")
            );
            positions += 1;
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[(next(&mut seed) % legal.len() as u64) as usize];
            played.push(uci::write(rules, m));
            game.play(m).unwrap();
        }
    }
    assert!(positions > games as usize * 10, "too few positions compared: {positions}");
}

#[test]
fn chess_legal_moves_agree_with_fairy_stockfish_along_random_games() {
    compare_random_games("chess", 40, 120);
}

#[test]
fn capablanca_legal_moves_agree_with_fairy_stockfish_along_random_games() {
    compare_random_games("capablanca", 40, 120);
}
