//! Crown-4's moves against the independent generator of `tests/support/crown_movegen.rs`,
//! written from the rules pages alone and sharing no code with herald: the sets of moves as
//! typed at depth 1 after every move of a line, and perft to depth 3 where it ends. The lines
//! capture an uncrowned monarch, split, and capture a half.

use crate::support::crown_movegen;

use std::collections::BTreeSet;

use herald::variants::crown::{CROWN_4, CrownGame, Halves};
use herald::variants::{Secret, VariantGame};

use crown_movegen::{Pos, Variant};

fn secrets(pairs: &[(&str, &str)]) -> Vec<Secret> {
    pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect()
}

/// Compares the move sets of herald and the reference as typed, and as the move list writes
/// them, naming the moves only one of them has.
fn same_moves(what: &str, game: &CrownGame<Halves>, pos: &Pos) {
    let ours: BTreeSet<(String, String)> = game
        .legal_moves()
        .iter()
        .map(|m| {
            let (public, typed) = game.write(m);
            (typed, public)
        })
        .collect();
    let theirs: BTreeSet<(String, String)> =
        pos.moves().iter().map(|m| (m.typed().to_string(), m.public().to_string())).collect();
    let only_ours: Vec<_> = ours.difference(&theirs).collect();
    let only_theirs: Vec<_> = theirs.difference(&ours).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "{what}: only herald {only_ours:?}, only the reference {only_theirs:?}"
    );
}

/// Plays `line` (moves as typed) in both, comparing the move sets after each move and
/// whether the game is over, then the perft counts from where it ends.
fn check(what: &str, fen: Option<&str>, pairs: &[(&str, &str)], line: &[&str], depth: u32) {
    let mut game = CROWN_4.game(fen, &secrets(pairs)).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut pos = match fen {
        Some(fen) => Pos::from_fen(fen, Variant::Crown4, pairs),
        None => Pos::start(Variant::Crown4, false, pairs),
    }
    .unwrap_or_else(|e| panic!("{what}: the reference: {e}"));
    same_moves(what, &game, &pos);
    for text in line {
        game.play(text).unwrap_or_else(|e| panic!("{what}: herald refuses {text}: {e}"));
        let mv = pos.find(text).unwrap_or_else(|| panic!("{what}: the reference has no {text}"));
        pos = pos.play(&mv);
        let after = format!("{what} after {text}");
        assert_eq!(game.outcome().is_some(), pos.outcome().is_some(), "{after}: over?");
        if game.outcome().is_some() {
            return;
        }
        same_moves(&after, &game, &pos);
    }
    for d in 1..=depth {
        assert_eq!(game.perft(d), pos.perft(d), "{what}: perft({d}) after {line:?}");
    }
}

/// The rules page's test positions (test 5 as corrected: Black keeps both monarchs), with
/// and without their secrets.
#[test]
fn the_rules_pages_positions_match_the_reference() {
    let black_king = [("black.crown", "king")];
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &black_king),
        ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &[]),
        ("3qk3/8/8/8/8/8/3PPP2/3BKB2 w - - 0 1", &black_king),
        ("3qk3/8/8/8/8/8/4F3/4W3 b - - 0 1", &[("black.crown", "king"), ("white.crowned-half", "W")]),
        ("3qk3/8/8/8/8/8/4Fr2/4W3 b - - 0 1", &[("black.crown", "king"), ("white.crowned-half", "F")]),
        ("3qk3/8/8/8/8/8/4Fr2/4W3 b - - 0 1", &[("black.crown", "queen"), ("white.crowned-half", "W")]),
        // Secret-free: no capture of a monarch or a half ends anything or opens anything.
        ("3qk3/8/8/8/8/8/4Fr2/4W3 b - - 0 1", &[]),
        ("4k3/8/8/8/8/8/7r/r3W3 w - - 0 1", &[]),
        ("4k3/8/8/8/8/8/8/r3W3 w - - 0 1", &[]),
        // Both lone kings split in turn; the side not to move splits at its turn too.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1", &[]),
    ];
    for &(fen, pairs) in cases {
        check(&format!("{fen} {pairs:?}"), Some(fen), pairs, &[], 3);
    }
}

/// From the start: the queens meet, White's queen takes Black's uncrowned one, Black's king
/// splits (d8 and e7 free), and the game goes on to the capture of a half.
#[test]
fn lines_from_the_start_match_the_reference() {
    let opening = ["e4", "e5", "Qe2", "Qe7", "Qf3", "Qf6", "Qg4", "a6", "Qg5", "a5", "Qxf6"];
    for (black, split, rest) in [
        // The W half stays on e8 crowned; the F half on e7 is taken, the W half royal.
        ("king", "W@e8*,F@e7", &["Nf3", "Ra6", "Qxe7"][..]),
        // The F half on e7 crowned: its capture wins.
        ("king", "W@e8,F@e7*", &["Nf3", "Ra6", "Qxe7"][..]),
        // The halves the other way round, F on e8 and W on d8.
        ("king", "W@d8*,F@e8", &["Qxf7", "Ra6"][..]),
    ] {
        let pairs = [("white.crown", "king"), ("black.crown", black)];
        let mut line: Vec<&str> = opening.to_vec();
        line.push(split);
        line.extend_from_slice(rest);
        check(&format!("{line:?}"), None, &pairs, &line, 2);
    }
    // White's crowned queen is the one left: its split comes after Black's pawn takes the
    // king on f4 (e1 and e2 are free beside the queen on d1).
    let pairs = [("white.crown", "queen"), ("black.crown", "queen")];
    let line = ["e4", "d5", "Ke2", "dxe4", "Ke3", "f5", "Kf4", "g5", "Nc3", "gxf4"];
    check("the king falls", None, &pairs, &line, 3);
}

/// A split that was impossible when due is never made later, and a monarch that stays whole
/// keeps its castling.
#[test]
fn an_impossible_split_is_never_made() {
    let fen = "r2qk2r/8/8/8/8/8/3PPP2/R2BKB1R w AEHadeh - 0 1";
    check(fen, Some(fen), &[("black.crown", "king")], &["e4", "Ra7", "Bfe2", "Rb7"], 3);
}
