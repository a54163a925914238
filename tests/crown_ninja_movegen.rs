//! The ninja in every Crown variant against the independent generator of
//! `tests/support/crown_movegen.rs`, written from the rules pages alone and sharing no code
//! with herald: the sets of moves as typed (and as the move list writes them) after every move
//! of a line, whether the game is over, and perft to depth 2 or 3 where the line ends. The lines
//! start from each variant's start and from positions after an uncrowned monarch fell, and drop,
//! capture twice, pass and leave over the edge.

use crate::support::crown_movegen;

use std::collections::BTreeSet;

use herald::variants::crown::{
    CROWN_2_NINJA, CROWN_3_NINJA, CROWN_4_NINJA, CROWN_NINJA, CrownGame, CrownVariant, Extension,
};
use herald::variants::{Secret, VariantGame};

use crown_movegen::{Pos, Variant};

fn secrets(pairs: &[(&str, &str)]) -> Vec<Secret> {
    pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect()
}

/// Compares the move sets of herald and the reference as typed and as written, naming the
/// moves only one of them has.
fn same_moves<E: Extension>(what: &str, game: &CrownGame<E>, pos: &Pos) {
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

/// Plays `line` (moves as typed) from `fen` (or the start) in both, comparing the move sets after
/// each move and whether the game is over, then the perft counts from where it ends.
fn check<E: Extension>(
    variant: &'static CrownVariant<E>,
    fen: Option<&str>,
    pairs: &[(&str, &str)],
    line: &[&str],
    depth: u32,
) {
    let what = format!("{} {} {pairs:?} {line:?}", herald::variants::Variant::id(variant), fen.unwrap_or("start"));
    let (reference, ninja) = Variant::from_id(herald::variants::Variant::id(variant)).expect("a variant of both");
    assert!(ninja);
    let mut game = variant.game(fen, &secrets(pairs)).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut pos = match fen {
        Some(fen) => Pos::from_fen(fen, reference, pairs),
        None => Pos::start(reference, true, pairs),
    }
    .unwrap_or_else(|e| panic!("{what}: the reference: {e}"));
    same_moves(&what, &game, &pos);
    for text in line {
        game.play(text).unwrap_or_else(|e| panic!("{what}: herald refuses {text}: {e}"));
        let mv = pos.find(text).unwrap_or_else(|| panic!("{what}: the reference has no {text}"));
        pos = pos.play(&mv);
        let after = format!("{what} after {text}");
        assert_eq!(
            game.outcome().is_some(),
            pos.outcome().is_some() || pos.result_without_moves().is_some(),
            "{after}: over?"
        );
        if game.outcome().is_some() {
            return;
        }
        same_moves(&after, &game, &pos);
    }
    for d in 1..=depth {
        assert_eq!(game.perft(d), pos.perft(d), "{what}: perft({d})");
    }
}

/// The starts, secret-free (a capture of a monarch ends nothing, as `herald perft` counts), to
/// depth 3 for Crown, 2 for its extensions: 52 moves at the first ply, drops and Crown's moves.
#[test]
fn the_starts_match_the_reference() {
    check(&CROWN_NINJA, None, &[], &[], 3);
    // The extensions change nothing before a monarch falls, so depth 2 shows they host the
    // ninja alike; the lines below go on past the fall.
    check(&CROWN_2_NINJA, None, &[], &[], 2);
    check(&CROWN_3_NINJA, None, &[], &[], 2);
    check(&CROWN_4_NINJA, None, &[], &[], 2);
}

/// From the start with the notes: White's ninja drops on c6 and takes the pawn on d7 and the
/// uncrowned queen on d8 (Black's king, royal from then on, in check), or the crowned queen (the
/// game ends); Black's ninja drops, passes and leaves over the edge.
#[test]
fn lines_from_the_start_match_the_reference() {
    let notes = [("white.crown", "queen"), ("black.crown", "king")];
    let double = ["J@c6", "a6", "Jc6xd7xd8"];
    check(&CROWN_NINJA, None, &notes, &double, 3);
    check(&CROWN_3_NINJA, None, &notes, &double, 2);
    check(&CROWN_4_NINJA, None, &notes, &double, 2);
    let crowned_queen = [("white.crown", "queen"), ("black.crown", "queen")];
    check(&CROWN_NINJA, None, &crowned_queen, &double, 1);
    // The king takes the ninja; Black's ninja drops, passes, goes over the edge and back.
    let on = ["J@c6", "a6", "Jc6xd7xd8", "Kxd8", "e4", "J@h6", "d4", "Jh6-h6", "Nf3", "Jh6-off", "Bg5", "J@f6"];
    check(&CROWN_NINJA, None, &notes, &on, 2);
    // crown-3: Black hides its crown once its queen has fallen, and drops its ninja.
    let hidden = ["J@c6", "a6", "Jc6xd7xd8", "Kxd8", "e4", "hide e6", "Nf3", "J@f5", "e5"];
    check(&CROWN_3_NINJA, None, &notes, &hidden, 2);
    // crown-4: Black's king splits at once (d7 is its one free neighbour), then White's ninja
    // takes the F half on its first step.
    let split = ["J@c6", "a6", "Jc6xd7xd8", "W@e8*,F@d7", "Jd8xd7-c6"];
    check(&CROWN_4_NINJA, None, &notes, &split, 2);
}

/// Positions after an uncrowned monarch fell, with ninjas on the board and in reserve.
#[test]
fn positions_after_a_monarch_fell_match_the_reference() {
    let black_king = [("black.crown", "king")];
    // Each side's lone monarch royal, both ninjas to drop.
    check(&CROWN_NINJA, Some("4k3/8/8/8/8/8/8/4K3[Jj] w - - 0 1"), &[], &[], 3);
    // The pinned ninja, and the same with White's crown secret.
    check(&CROWN_NINJA, Some("4k3/4r3/8/8/8/8/4J3/4K3[j] w - - 0 1"), &[], &[], 3);
    check(&CROWN_NINJA, Some("4k3/4r3/8/8/8/8/4J3/3QK3[j] w - - 0 1"), &[("white.crown", "king")], &[], 3);
    // Surrounded by pawns: double captures, returns, exits.
    check(&CROWN_NINJA, Some("3qk3/8/8/3ppp2/3pJp2/3ppp2/8/7K[j] w - - 0 1"), &black_king, &[], 2);
    // The rook takes Black's uncrowned queen; both sides' ninjas in reserve.
    for white in ["king", "queen"] {
        let pairs = [("white.crown", white), ("black.crown", "king")];
        check(&CROWN_NINJA, Some("3qk3/8/8/8/8/8/8/3RK1Q1[Jj] w - - 0 1"), &pairs, &["Rxd8", "Kxd8", "J@e6"], 2);
    }
    // crown-3: a lone king with a ninja each, hides and a find by the ninja.
    let fen = "4k3/8/8/8/8/8/8/r3K3[Jj] w - - 0 1";
    check(&CROWN_3_NINJA, Some(fen), &[], &["hide h4", "J@d4"], 2);
    check(&CROWN_3_NINJA, Some(fen), &[], &["J@d1", "hide d5", "hide h4", "J@c4", "Jd1-d3"], 2);
    check(&CROWN_3_NINJA, Some("8/8/4k3/8/4J3/8/8/K7 b - - 0 1"), &[], &["hide a8", "hide d6", "Ke5"], 2);
    // crown-4: the split due bars the ninja; the halves taken by it.
    check(&CROWN_4_NINJA, Some("3qk3/8/8/8/8/8/8/4K3[Jj] w - - 0 1"), &black_king, &["W@e1,F@e2*", "J@e4"], 2);
    for crowned in ["W", "F"] {
        let pairs = [("black.crown", "king"), ("white.crowned-half", crowned)];
        check(&CROWN_4_NINJA, Some("3qk3/8/8/8/8/5j2/4F3/4W3 b - - 0 1"), &pairs, &[], 3);
    }
}

/// crown-2: lone kings with stones and a ninja in reserve each; a ninja among stones.
#[test]
fn stones_and_ninjas_match_the_reference() {
    // Every drop of one to three stones (with its mine) or of the ninja, one ply: the
    // 117,000-odd moves of a full reserve make a second ply too long for the suite.
    check(&CROWN_2_NINJA, Some("4k3/8/8/8/8/8/8/4K3[SSSJsssj] w - - 0 1"), &[], &[], 1);
    // White's ninja, dropped beside Black's fresh stones, blows up on the mined one with its
    // first step, or takes the plain one and goes on (White has no stones, Black two).
    let lone = "4k3/8/8/8/8/8/8/4K3[Jssj] w - - 0 1";
    check(&CROWN_2_NINJA, Some(lone), &[], &["J@d4", "S@d5*,e5", "Jd4xd5-d6"], 2);
    check(&CROWN_2_NINJA, Some(lone), &[], &["J@d4", "S@d5*,e5", "Jd4xe5-e6"], 2);
    let mined = [("black.stone1", "mined")];
    check(&CROWN_2_NINJA, Some("4k3/8/8/3s4/3sJs2/8/8/4K3[SSSj] w - - 0 1"), &mined, &[], 2);
}
