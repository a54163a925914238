//! Every fuzz target's check, run in every test run: over its saved corpus (`fuzz/seeds/` and,
//! where there is one, `fuzz/corpus/` left by a cargo-fuzz run), and over mutations of each
//! corpus entry made by a fixed generator — flipped bits, cut and doubled stretches, bytes
//! from other entries — so that the checks cannot rot unseen between fuzzing sessions. The
//! checks are the very functions the cargo-fuzz targets call (fuzz/src/checks.rs); CI also
//! builds those targets and runs each for a bounded time (scripts/test.sh).

#[path = "../fuzz/src/checks.rs"]
mod checks;
use crate::support::split_mix;

use std::path::Path;

use split_mix::SplitMix;

/// Mutations tried of each corpus entry.
const MUTATIONS: usize = 48;

/// Mutations drawn from SplitMix64, so a failing input is found again by the same run.
struct Mutator(SplitMix);

impl Mutator {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    /// One mutation of `input`, with `other` as a source of foreign bytes.
    fn mutate(&mut self, input: &[u8], other: &[u8]) -> Vec<u8> {
        let mut out = input.to_vec();
        for _ in 0..1 + self.below(4) {
            match self.below(6) {
                0 if !out.is_empty() => {
                    let i = self.below(out.len());
                    out[i] ^= 1 << self.below(8);
                }
                1 if !out.is_empty() => {
                    let i = self.below(out.len());
                    out.truncate(i.max(1));
                }
                2 if !out.is_empty() => {
                    let (a, b) = (self.below(out.len()), self.below(out.len()));
                    let stretch = out[a.min(b)..a.max(b)].to_vec();
                    let at = self.below(out.len());
                    out.splice(at..at, stretch);
                }
                3 if !other.is_empty() => {
                    let (a, b) = (self.below(other.len()), self.below(other.len()));
                    let at = self.below(out.len() + 1);
                    out.splice(at..at, other[a.min(b)..a.max(b)].iter().copied());
                }
                4 => {
                    let at = self.below(out.len() + 1);
                    let interesting: &[&[u8]] =
                        &[b"\n", b"\r\n", b">", b"--", b"\xff", b"\xe2\x80\x8b", b"x", b"=", b"(", b"\"", b"{", b"0"];
                    out.splice(at..at, interesting[self.below(interesting.len())].iter().copied());
                }
                _ if !out.is_empty() => {
                    let i = self.below(out.len());
                    out[i] = self.0.next() as u8;
                }
                _ => {}
            }
        }
        out.truncate(64 * 1024);
        out
    }
}

/// The corpus of `target`: every file of its seed and corpus folders, and of `extra`.
fn corpus(target: &str, extra: &[&str]) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("fuzz/seeds").join(target), root.join("fuzz/corpus").join(target)];
    dirs.extend(extra.iter().map(|d| root.join(d)));
    let mut entries: Vec<Vec<u8>> = Vec::new();
    for dir in dirs {
        let Ok(files) = std::fs::read_dir(&dir) else { continue };
        let mut paths: Vec<_> = files.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
        paths.sort();
        entries.extend(paths.iter().map(|p| std::fs::read(p).unwrap()));
    }
    assert!(!entries.is_empty(), "the fuzz target {target} has no seeds");
    entries
}

/// Runs `check` over the corpus of `target` and mutations of each entry.
fn run(target: &str, extra: &[&str], check: fn(&[u8])) {
    let entries = corpus(target, extra);
    let mut mutator = Mutator(SplitMix(0x6865_7261_6c64 ^ target.len() as u64));
    for (i, entry) in entries.iter().enumerate() {
        check(entry);
        let other = &entries[(i + 1) % entries.len()];
        for _ in 0..MUTATIONS {
            let input = mutator.mutate(entry, other);
            let caught = std::panic::catch_unwind(|| check(&input));
            if let Err(panic) = caught {
                let path = std::env::temp_dir().join(format!("herald-fuzz-{target}-failure"));
                std::fs::write(&path, &input).unwrap();
                std::panic::resume_unwind(panic);
            }
        }
    }
}

#[test]
fn fen() {
    run("fen", &[], checks::fen);
}

#[test]
fn move_input() {
    run("move_input", &[], checks::move_input);
}

#[test]
fn pgn() {
    run("pgn", &[], checks::pgn);
}

#[test]
fn mail_reader() {
    run("mail_reader", &[], checks::mail_reader);
}

#[test]
fn si_move_input() {
    run("si_move_input", &[], checks::si_move_input);
}

#[test]
fn royal_notation() {
    run("royal_notation", &[], checks::royal_notation);
}

#[test]
fn krithala_move_input() {
    run("krithala_move_input", &[], checks::krithala_move_input);
}

#[test]
fn krithala_fen() {
    run("krithala_fen", &[], checks::krithala_fen);
}

#[test]
fn crown_split() {
    run("crown_split", &[], checks::crown_split);
}

#[test]
fn position_record() {
    run("position_record", &[], checks::position_record);
}

#[test]
fn crowd_fen() {
    run("crowd_fen", &[], checks::crowd_fen);
}

#[test]
fn crowd_move_input() {
    run("crowd_move_input", &[], checks::crowd_move_input);
}

#[test]
fn ninja_fen() {
    run("ninja_fen", &[], checks::ninja_fen);
}

#[test]
fn ninja_move_input() {
    run("ninja_move_input", &[], checks::ninja_move_input);
}

#[test]
fn crown_move_input() {
    run("crown_move_input", &[], checks::crown_move_input);
}

#[test]
fn archive() {
    run("archive", &[], checks::archive);
}

#[test]
fn snapshot() {
    run("snapshot", &[], checks::snapshot);
}

#[test]
fn ingest() {
    run("ingest", &[], checks::ingest);
}

#[test]
fn trf() {
    run("trf", &[], checks::trf);
}

#[test]
fn authentication_results() {
    run("authentication_results", &[], checks::authentication_results);
}

#[test]
fn oauth_token() {
    run("oauth_token", &[], checks::oauth_token);
}

#[test]
fn imap_starttls() {
    run("imap_starttls", &[], checks::imap_starttls);
}

#[test]
fn delivery_report() {
    run("delivery_report", &[], checks::delivery_report);
}

#[test]
fn time_control() {
    run("time_control", &[], checks::time_control);
}

#[test]
fn players_command() {
    run("players_command", &[], checks::players_command);
}

#[test]
fn command_languages() {
    run("command_languages", &[], checks::command_languages);
}

#[test]
fn crown_drop() {
    run("crown_drop", &[], checks::crown_drop);
}

#[test]
fn conditional_moves() {
    run("conditional_moves", &[], checks::conditional_moves);
}

#[test]
fn untrusted_text() {
    run("untrusted_text", &[], checks::untrusted_text);
}
