//! `herald perft` for every variant `herald variants` lists: each either refuses, or counts
//! its full move set (drops, hides, splits, stones, the ninja's moves included) as an
//! independent reference does. The references: the generator of
//! `tests/support/crown_movegen.rs` (chess and the Crown family, with and without the ninja,
//! written from the rules pages and sharing no code with herald) and, for Capablanca, the
//! counts Fairy-Stockfish's tests/perft.sh publishes. A variant that starts counting without a
//! reference here fails this test until one is added.

use crate::support::crown_movegen;

use std::collections::BTreeMap;
use std::process::{Command, Output};

use crown_movegen::{Pos, Variant};

fn herald(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_herald")).args(args).output().expect("herald runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every variant id `herald variants` prints (the first word of each line).
fn variant_ids() -> Vec<String> {
    let out = herald(&["variants"]);
    assert!(out.status.success(), "herald variants: {}", String::from_utf8_lossy(&out.stderr));
    stdout(&out).lines().filter_map(|line| line.split_whitespace().next()).map(str::to_string).collect()
}

/// `herald perft` with `args` before the depth: its count, or `Err` with its message when it
/// refuses.
fn perft(id: &str, args: &[&str], depth: u32) -> Result<u64, String> {
    let depth = depth.to_string();
    let mut all = vec!["perft", "--variant", id];
    all.extend_from_slice(args);
    all.push(&depth);
    let out = herald(&all);
    if !out.status.success() {
        assert!(stdout(&out).trim().is_empty(), "{id} {args:?}: a refusal prints no count: {}", stdout(&out));
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = stdout(&out);
    Ok(text.trim().parse().unwrap_or_else(|_| panic!("{id} {args:?}: not a count: {text:?}")))
}

/// `herald perft --divide`: each first move (its check mark taken off: the reference writes
/// none) with its count; the total line must be their sum.
fn divide(id: &str, args: &[&str], depth: u32) -> BTreeMap<String, u64> {
    let depth = depth.to_string();
    let mut all = vec!["perft", "--variant", id, "--divide"];
    all.extend_from_slice(args);
    all.push(&depth);
    let out = herald(&all);
    assert!(out.status.success(), "{id} {args:?} --divide: {}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let mut lines: Vec<&str> = text.lines().collect();
    let total: u64 = lines.pop().and_then(|l| l.trim().parse().ok()).expect("a total last");
    let mut moves = BTreeMap::new();
    for line in lines {
        let (mv, count) = line.rsplit_once(": ").unwrap_or_else(|| panic!("{id}: not MOVE: COUNT: {line:?}"));
        let mv = mv.trim_end_matches(['+', '#']).to_string();
        assert!(moves.insert(mv.clone(), count.parse().unwrap()).is_none(), "{id}: {mv} listed twice");
    }
    assert_eq!(moves.values().sum::<u64>(), total, "{id} {args:?}: the total is the sum of the lines");
    moves
}

/// One position of a variant the reference generator plays: a FEN (`None`: the start),
/// the secrets given to both, and the depth to count to.
struct Case {
    fen: Option<&'static str>,
    secrets: &'static [(&'static str, &'static str)],
    depth: u32,
}

const fn start(depth: u32) -> Case {
    Case { fen: None, secrets: &[], depth }
}

/// The positions each reference-covered variant is counted from: the start, and for the
/// variants without a ninja the positions where the engine alone would count wrong (a lone
/// monarch is royal, so its king may not step into check; crown-3 may hide; a capture of a
/// crowned monarch ends the line).
fn cases(variant: Variant, ninja: bool) -> Vec<Case> {
    if ninja {
        // Drops multiply the tree: depth 2 keeps the test short.
        return vec![start(2)];
    }
    let mut cases = vec![start(3)];
    match variant {
        Variant::Chess => cases.push(Case {
            fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            secrets: &[],
            depth: 2,
        }),
        Variant::Crown | Variant::Crown2 | Variant::Crown3 | Variant::Crown4 => {
            // The position: 16 pawn moves, two king moves and (crown-3) 45 hides.
            cases.push(Case { fen: Some("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"), secrets: &[], depth: 2 });
            // The lone king in check from the rook: d1 and f1 are attacked.
            cases.push(Case { fen: Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), secrets: &[], depth: 2 });
            // Both crowns secret, given: Rxd8 takes Black's uncrowned queen, and a capture of
            // a crowned monarch ends its line.
            cases.push(Case {
                fen: Some("3qk3/8/8/8/8/8/8/3RK1Q1 w - - 0 1"),
                secrets: &[("white.crown", "king"), ("black.crown", "king")],
                depth: 3,
            });
            if variant == Variant::Crown2 {
                // Stones in reserve: drops of one to three, each with or without the mine.
                cases.push(Case {
                    fen: Some("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3[SSSsss] w - - 0 1"),
                    secrets: &[],
                    // Some sixty thousand drops at depth 1 already.
                    depth: 1,
                });
            }
        }
    }
    cases
}

fn secret_args(secrets: &[(&str, &str)]) -> Vec<String> {
    secrets.iter().flat_map(|(label, value)| ["--secret".to_string(), format!("{label}={value}")]).collect()
}

/// Checks `id` against the reference generator from each of its cases: the counts at every
/// depth, and `--divide`'s moves and counts at the last.
fn matches_reference(id: &str, variant: Variant, ninja: bool) {
    for case in cases(variant, ninja) {
        let reference = match case.fen {
            Some(fen) => Pos::from_fen(fen, variant, case.secrets),
            None => Pos::start(variant, ninja, case.secrets),
        }
        .unwrap_or_else(|e| panic!("{id}: the reference refuses {:?}: {e}", case.fen));
        let mut args = secret_args(case.secrets);
        if let Some(fen) = case.fen {
            args.extend(["--fen".to_string(), fen.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for depth in 1..=case.depth {
            let counted = perft(id, &args, depth).unwrap_or_else(|e| panic!("{id} {args:?}: perft refuses: {e}"));
            assert_eq!(counted, reference.perft(depth), "{id} {args:?}: perft {depth}");
        }
        let expected: BTreeMap<String, u64> = reference.divide(case.depth).into_iter().collect();
        assert_eq!(divide(id, &args, case.depth), expected, "{id} {args:?}: divide {}", case.depth);
    }
}

#[test]
fn every_variant_counts_its_full_move_set_or_refuses() {
    let ids = variant_ids();
    assert!(ids.len() >= 18, "herald variants lists them all: {ids:?}");
    for id in &ids {
        if let Some((variant, ninja)) = Variant::from_id(id) {
            // The reference plays it: herald must count as it does, or refuse.
            match perft(id, &[], 1) {
                Ok(_) => matches_reference(id, variant, ninja),
                Err(why) => assert!(why.contains("refuse"), "{id}: a refusal says so: {why}"),
            }
            continue;
        }
        match id.as_str() {
            // Fairy-Stockfish tests/perft.sh, from Capablanca's start (docs/rules/capablanca.md).
            "capablanca" => {
                for (depth, published) in [(1, 28), (2, 784), (3, 25228)] {
                    assert_eq!(perft(id, &[], depth), Ok(published), "capablanca perft {depth}");
                }
            }
            // No independent reference in the tests: herald must refuse rather than count.
            _ => {
                let refused = perft(id, &[], 2).expect_err(&format!(
                    "{id} counts, but no independent reference checks it here: refuse, or add its reference"
                ));
                assert!(refused.contains("refuse"), "{id}: a refusal says so: {refused}");
            }
        }
    }
}

/// The case: from this position crown-3 counts 16 pawn moves, two king moves and 45
/// hides (docs/rules/crown-3.md, test 1), and `crown@d5` is among them.
#[test]
fn crown_3_counts_the_hides_of_its_rules_page() {
    let fen = "3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    assert_eq!(perft("crown-3", &["--fen", fen], 1), Ok(16 + 2 + 45));
    let first = divide("crown-3", &["--fen", fen], 1);
    assert!(first.contains_key("hide d5"), "hide d5 is a move: {first:?}");
    // Test 2 of the page: in check from the rook, the king may go to d2, e2 or f2 and the
    // crown may be hidden on any of the 61 empty squares; Kd1 and Kf1 step into check.
    let check = divide("crown-3", &["--fen", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"], 1);
    assert_eq!(check.len(), 3 + 61);
    assert!(!check.contains_key("Kd1") && !check.contains_key("Kf1"), "no king move into check: {check:?}");
}
