//! Crown-3's moves (and Crown's, which it builds on) against the independent generator of
//! `tests/support/crown_movegen.rs`, written from the rules pages alone and sharing no code
//! with herald: the sets of moves as typed at depth 1, and perft to depth 3.

use crate::support::crown_movegen;

use std::collections::BTreeSet;

use herald::variants::crown::{CROWN, CROWN_3, CrownGame, Extension, HiddenCrown};
use herald::variants::{Secret, VariantGame};

use crown_movegen::{Pos, Variant};

fn secrets(pairs: &[(&str, &str)]) -> Vec<Secret> {
    pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect()
}

/// Herald's legal moves as typed.
fn herald_moves<E: Extension>(game: &CrownGame<E>) -> BTreeSet<String> {
    game.legal_moves().iter().map(|m| game.write(m).1).collect()
}

fn reference_moves(pos: &Pos) -> BTreeSet<String> {
    pos.moves().iter().map(|m| m.typed().to_string()).collect()
}

/// Compares the move sets of herald and the reference, naming the moves only one of them has.
fn same_moves<E: Extension>(what: &str, game: &CrownGame<E>, pos: &Pos) {
    let (ours, theirs) = (herald_moves(game), reference_moves(pos));
    let only_ours: Vec<&String> = ours.difference(&theirs).collect();
    let only_theirs: Vec<&String> = theirs.difference(&ours).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "{what}: only herald {only_ours:?}, only the reference {only_theirs:?}"
    );
}

/// Plays `line` (moves as typed) in both, comparing the move sets after each move, then the
/// perft counts from where it ends.
fn check<E: Extension>(what: &str, mut game: CrownGame<E>, mut pos: Pos, line: &[&str], depth: u32) {
    same_moves(what, &game, &pos);
    for text in line {
        game.play(text).unwrap_or_else(|e| panic!("{what}: herald refuses {text}: {e}"));
        let mv = pos.find(text).unwrap_or_else(|| panic!("{what}: the reference has no {text}"));
        pos = pos.play(&mv);
        same_moves(&format!("{what} after {text}"), &game, &pos);
    }
    for d in 1..=depth {
        assert_eq!(game.perft(d), pos.perft(d), "{what}: perft({d}) after {line:?}");
    }
}

#[test]
fn crown_without_secrets_matches_the_reference() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1",
        "r2qk2r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R2QK2R w ADEHadeh - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/R2QK2R w ADEH d6 0 1",
    ] {
        let game = CROWN.game(Some(fen), &[]).unwrap();
        let pos = Pos::from_fen(fen, Variant::Crown, &[]).unwrap();
        check(fen, game, pos, &[], 3);
    }
}

#[test]
fn crown_with_secrets_opens_notes_and_checks_as_the_reference_does() {
    // Rxd8 takes Black's uncrowned queen: Black's king is royal from then on, and in check.
    let fen = "3qk3/8/8/8/8/8/8/3RK1Q1 w - - 0 1";
    for white in ["king", "queen"] {
        let pairs = [("white.crown", white), ("black.crown", "king")];
        let game = CROWN.game(Some(fen), &secrets(&pairs)).unwrap();
        let pos = Pos::from_fen(fen, Variant::Crown, &pairs).unwrap();
        check(&format!("{fen} {white}"), game, pos, &["Rxd8"], 3);
    }
}

/// A position, the secrets given, a line to play from it, and the perft depth after it.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str], u32);

#[test]
fn crown_3_matches_the_reference() {
    // Rules page test 1 (63 moves) and test 2 (64), then lines with hides, finds and misses.
    let cases: &[Case] = &[
        ("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &[("black.crown", "king")], &[], 2),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &[], &[], 2),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &[], &["hide h4", "Kd7"], 2),
        ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", &[], &["hide d5"], 3),
        ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", &[], &["hide d5", "hide d4", "Kf1"], 2),
        ("4k2r/8/8/8/8/8/8/R3K3 w AEeh - 0 1", &[], &["hide f8"], 2),
        ("4k3/8/8/8/8/8/8/3rK3 w - - 0 1", &[], &["hide h5"], 3),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1",
            &[("white.crown", "king"), ("black.crown", "king")],
            &["e4", "e5", "Qe2", "Qe7", "Qf3", "Qf6", "Qg4", "a6", "Qg5", "a5", "Qxf6"],
            2,
        ),
    ];
    for &(fen, pairs, line, depth) in cases {
        let game = CROWN_3.game(Some(fen), &secrets(pairs)).unwrap();
        let pos = Pos::from_fen(fen, Variant::Crown3, pairs).unwrap();
        check(fen, game, pos, line, depth);
    }
}

/// The page's counts: 63 and 64 moves.
#[test]
fn crown_3_counts_of_the_rules_page() {
    let g = CROWN_3
        .game(Some("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"), &secrets(&[("black.crown", "king")]))
        .unwrap();
    assert_eq!(g.perft(1), 63);
    let g: CrownGame<HiddenCrown> = CROWN_3.game(Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), &[]).unwrap();
    assert_eq!(g.perft(1), 64);
}
