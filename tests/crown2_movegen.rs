//! Crown-2's moves against the independent generator of `tests/support/crown_movegen.rs`,
//! written from the rules pages alone and sharing no code with herald: the sets of moves as
//! typed (drops with their `*`) at depth 1, perft to depth 2 or 3 where the tree is small
//! enough, and lines from the start that lose an uncrowned monarch, drop stones and take them.

use crate::support::crown_movegen;

use std::collections::BTreeSet;

use herald::variants::crown::{CROWN_2, CrownGame, Stones};
use herald::variants::{Secret, VariantGame};

use crown_movegen::{Pos, Variant};

fn secrets(pairs: &[(&str, &str)]) -> Vec<Secret> {
    pairs.iter().map(|&(label, value)| Secret { label: label.into(), value: value.into() }).collect()
}

/// Compares the move sets of herald and the reference, naming the moves only one of them has.
fn same_moves(what: &str, game: &CrownGame<Stones>, pos: &Pos) {
    let ours: BTreeSet<String> = game.legal_moves().iter().map(|m| game.write(m).1).collect();
    let theirs: BTreeSet<String> = pos.moves().iter().map(|m| m.typed().to_string()).collect();
    let only_ours: Vec<&String> = ours.difference(&theirs).take(20).collect();
    let only_theirs: Vec<&String> = theirs.difference(&ours).take(20).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "{what}: only herald {only_ours:?}, only the reference {only_theirs:?}"
    );
}

/// A position, the secrets given, a line to play from it (moves as typed), and the perft depth
/// after it.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str], u32);

/// Plays each case's line in both, comparing the move sets before and after each move, and
/// the public notation herald writes with the reference's; then the perft counts from where
/// the line ends, to the case's depth.
fn check(cases: &[Case]) {
    for &(fen, pairs, line, depth) in cases {
        let (game, pos) = match fen {
            "start" => (CROWN_2.game(None, &secrets(pairs)), Pos::start(Variant::Crown2, false, pairs)),
            _ => (CROWN_2.game(Some(fen), &secrets(pairs)), Pos::from_fen(fen, Variant::Crown2, pairs)),
        };
        let (mut game, mut pos) = (game.unwrap(), pos.unwrap());
        same_moves(fen, &game, &pos);
        for text in line {
            let mv = pos.find(text).unwrap_or_else(|| panic!("{fen}: the reference has no {text}"));
            let played = game.play(text).unwrap_or_else(|e| panic!("{fen}: herald refuses {text}: {e}"));
            assert_eq!(played.notation.trim_end_matches(['+', '#']), mv.public(), "{fen}: {text}");
            pos = pos.play(&mv);
            assert_eq!(game.outcome().is_some(), pos.outcome().is_some() || pos.result_without_moves().is_some());
            // The board with the reserves, and the side to move (the FENs' other fields may
            // differ in form: an en passant square no pawn can use).
            let head = |fen: &str| fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(head(&game.fen()), head(&pos.fen()), "{fen} after {text}");
            if game.outcome().is_none() {
                same_moves(&format!("{fen} after {text}"), &game, &pos);
            }
        }
        for d in 1..=depth {
            assert_eq!(game.perft(d), pos.perft(d), "{fen}: perft({d}) after {line:?}");
        }
    }
}

/// The rules page's positions: the first and later drops, drops in check, stones that block,
/// stones taken plain and mined, the stalemates.
#[test]
fn the_rules_pages_positions_match_the_reference() {
    let cases: &[Case] = &[
        // Test 2: the first drop, 113,587 moves; Black's crown unknown and secret-free.
        ("3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1", &[], &[], 2),
        // Test 3: the mine placed, or still in reserve.
        ("S2qk3/8/8/8/8/8/8/4K3[SSsss] w - - 0 1", &[("white.stone1", "mined")], &[], 2),
        ("S2qk3/8/8/8/8/8/8/4K3[SSsss] w - - 0 1", &[("white.stone1", "plain")], &[], 2),
        // Test 5: drops that block the rook's check.
        ("4k3/8/8/8/4r3/8/8/4K3[SSS] w - - 0 1", &[], &[], 2),
        // Test 6: stones in the way of castling, a rook and a knight.
        ("4k3/8/8/8/8/8/8/R3KS1R w AEH - 0 1", &[], &[], 3),
        ("4k3/8/8/8/8/8/8/RS2K3 w - - 0 1", &[], &[], 3),
        ("4k3/8/8/8/8/8/1S6/N3K3 w - - 0 1", &[], &[], 3),
        // Tests 7 and 8: the king takes a plain or a mined stone.
        ("4k3/8/8/8/8/8/8/4Ks2[ss] w - - 0 1", &[("black.stone1", "plain")], &["Kxf1"], 2),
        ("4k3/8/8/8/8/8/8/4Ks2[ss] w - - 0 1", &[("black.stone1", "mined")], &[], 3),
        // Test 9: a knight blown up.
        ("4k3/8/8/8/8/8/3N4/4Ks2[ss] w - - 0 1", &[("black.stone1", "mined")], &["Nxf1"], 2),
        // Test 10: an uncrowned queen blown up frees White's stones; a crowned one loses.
        (
            "4k3/8/8/8/8/8/4s3/3QK3[SSSss] w - - 0 1",
            &[("black.stone1", "mined"), ("white.crown", "king")],
            &["Qxe2", "Kd7"],
            1,
        ),
        ("4k3/8/8/8/8/8/4s3/3QK3[SSSss] w - - 0 1", &[("black.stone1", "mined"), ("white.crown", "king")], &[], 2),
        ("4k3/8/8/8/8/8/4s3/3QK3[SSSss] w - - 0 1", &[("black.stone1", "mined"), ("white.crown", "queen")], &[], 2),
        // Tests 11 to 14: stalemates with and without walls, and a drop that avoids one.
        ("3qk3/8/8/8/8/8/6SS/6SK[sss] w - - 0 1", &[("black.crown", "queen")], &[], 2),
        ("S2qk3/8/8/8/3b4/8/6SS/7K[sss] w - - 0 1", &[("black.crown", "queen")], &[], 2),
        ("S3k3/8/8/8/3b4/8/6SS/6sK[ss] w - - 0 1", &[], &[], 2),
        ("S3k3/8/8/8/8/8/6SS/6sK[ss] w - - 0 1", &[("black.stone1", "mined")], &[], 3),
        ("3qk3/8/8/8/8/6p1/6PS/6SK[Ssss] w - - 0 1", &[("black.crown", "queen")], &[], 2),
        // Two stones against a double check; a knight's check no stone blocks.
        ("4k3/8/8/8/4b3/8/7P/r6K[SS] w - - 0 1", &[], &[], 2),
        ("4k3/8/8/8/8/5n2/8/7K[SSS] w - - 0 1", &[], &[], 2),
        // A pinned rook takes the mined stone along the pin: the blast opens the line.
        ("4r1k1/8/8/4s3/8/8/4R3/4K3[ss] w - - 0 1", &[("black.stone1", "mined")], &["Rxe5"], 2),
    ];
    check(cases);
}

/// From the start, both crowns on the kings: White's queen takes Black's (uncrowned), Black's
/// stones enter, White's queen takes the mined one and is blown up, which frees White's
/// stones; then White's crowned king takes a plain stone, and at last a mined one.
#[test]
fn lines_from_the_start_that_lose_a_monarch_and_drop() {
    let crowns: &[(&str, &str)] = &[("white.crown", "king"), ("black.crown", "king")];
    let opening = ["e4", "e5", "Qe2", "Qe7", "Qf3", "Qf6", "Qg4", "a6", "Qg5", "a5", "Qxf6"];
    let with =
        |tail: &[&'static str]| -> Vec<&'static str> { opening.iter().copied().chain(tail.iter().copied()).collect() };
    let cases: Vec<(Vec<&str>, u32)> = vec![
        (vec![], 3),
        (with(&[]), 1),
        (with(&["S@f5*,e6,g6"]), 3),
        (with(&["S@f5*,e6,g6", "Qxf5"]), 2),
        (with(&["S@f5*,e6,g6", "Qxf5", "Nf6", "S@d4,d5*"]), 2),
        (with(&["S@f5*,e6,g6", "Qxf5", "Nf6", "S@d4,d5*", "Nh5", "Ke2", "Ng3"]), 2),
    ];
    for (line, depth) in cases {
        check(&[("start", crowns, &line, depth)]);
    }
}

/// The same from the start without secrets, as `perft --variant crown-2` counts: no note
/// opens, so no stone ever enters; the counts are Crown's.
#[test]
fn the_start_without_secrets_matches_the_reference() {
    check(&[("start", &[], &[], 3)]);
}

/// White's crowned king takes a mined stone: the line ends, in both.
#[test]
fn a_crowned_king_blown_up_ends_the_line() {
    let cases: &[Case] = &[("4k3/8/8/8/8/8/5s2/4K3[SSSss] w - - 0 1", &[("black.stone1", "mined")], &["Kxf2"], 0)];
    check(cases);
    let mut game = CROWN_2.game(Some(cases[0].0), &secrets(cases[0].1)).unwrap();
    game.play("Kxf2").unwrap();
    assert!(game.outcome().is_some());
}

/// What the lines above go through, said once in herald's own terms: the blast frees White's
/// stones, and White's crowned king is then the royal piece checked by the knight.
#[test]
fn the_line_does_what_it_says() {
    let crowns = secrets(&[("white.crown", "king"), ("black.crown", "king")]);
    let mut game = CROWN_2.game(None, &crowns).unwrap();
    for text in ["e4", "e5", "Qe2", "Qe7", "Qf3", "Qf6", "Qg4", "a6", "Qg5", "a5"] {
        game.play(text).unwrap();
    }
    assert_eq!(game.play("Qxf6").unwrap().reveal, ["black.crown"]);
    let drop = game.play("S@f5*,e6,g6").unwrap();
    assert_eq!(drop.notation, "S@f5,e6,g6");
    assert_eq!(
        drop.commit,
        secrets(&[("black.stone1", "mined"), ("black.stone2", "plain"), ("black.stone3", "plain")])
    );
    let blast = game.play("Qxf5").unwrap();
    assert_eq!(blast.reveal, ["black.stone1", "white.crown"]);
    assert!(game.extension().usable(game.core(), herald::engine::Color::White));
    for text in ["Nf6", "S@d4,d5*", "Nh5", "Ke2"] {
        game.play(text).unwrap();
    }
    assert_eq!(game.play("Ng3").unwrap().notation, "Ng3+");
}
