//! The Crown of Krithala's rules, one test for each of the positions docs/rules/krithala.md
//! lists ("Positions a test should exercise"), each asserting what the page says of it: what
//! `play` accepts and refuses, the crown fields of the FEN after, the counts worked out by hand
//! on the page, the results and scores.

use std::collections::BTreeSet;

use herald::engine::{ClaimableDraw, Color, DrawReason, Outcome, WinReason};
use herald::variants::krithala::{KRITHALA, KRITHALA_CAPABLANCA, KRITHALA_ROYAL};
use herald::variants::royal::Royal;
use herald::variants::{Variant, VariantGame};

/// A game of `variant` from `fen` after `moves`, each of which must be accepted.
fn after(variant: &'static dyn Variant, fen: &str, moves: &[&str]) -> Box<dyn VariantGame> {
    let mut game = variant.game_from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for text in moves {
        game.play(text).unwrap_or_else(|e| panic!("{text} after {}: {e}", game.fen()));
    }
    game
}

/// Plays `text` after `moves` from `fen`: the move as herald wrote it.
fn written(variant: &'static dyn Variant, fen: &str, moves: &[&str], text: &str) -> String {
    let mut game = after(variant, fen, moves);
    game.play(text).unwrap_or_else(|e| panic!("{text} after {}: {e}", game.fen())).notation
}

/// Asserts that `text` is refused after `moves` from `fen`, and changes nothing; returns why.
fn refused(variant: &'static dyn Variant, fen: &str, moves: &[&str], text: &str) -> String {
    let mut game = after(variant, fen, moves);
    let before = game.snapshot();
    let err = game.play(text).map(|m| m.notation).expect_err(&format!("{text} after {moves:?} is refused"));
    assert_eq!(game.snapshot(), before, "{text}: a refused move changes nothing");
    err.to_string()
}

/// The crown fields of the FEN after `moves`: "White Black".
fn crowns(variant: &'static dyn Variant, fen: &str, moves: &[&str]) -> String {
    let fen = after(variant, fen, moves).fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    assert_eq!(fields.len(), 8, "{fen}");
    fields[6..].join(" ")
}

fn outcome(variant: &'static dyn Variant, fen: &str, moves: &[&str]) -> Option<Outcome> {
    after(variant, fen, moves).outcome()
}

fn crown_captured_by(winner: Color) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason: WinReason::CrownCaptured })
}

/// The legal moves of `fen`, as herald writes them.
fn legal(fen: &str) -> BTreeSet<String> {
    KRITHALA.legal_moves_written(fen).unwrap().into_iter().collect()
}

/// The transfers among them.
fn transfers(variant_moves: Vec<String>) -> BTreeSet<String> {
    variant_moves.into_iter().filter(|m| m.contains('>')).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e1 e8";
const CAPABLANCA_START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 f1 f8";
const ROYAL_START: &str = "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1 f1 f8";

// Start and objective (rules 1-3, points 1-2)

#[test]
fn p01_the_start_has_the_base_moves_and_five_transfers() {
    let moves = legal(START);
    let chess = "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3";
    let mut expected = set(&chess.split(' ').collect::<Vec<_>>());
    expected.extend(set(&["K>d1", "K>f1", "K>d2", "K>e2", "K>f2"]));
    assert_eq!(moves, expected);
    assert_eq!(KRITHALA.perft(START, 2), Ok(625));
    assert_eq!(KRITHALA_CAPABLANCA.perft(CAPABLANCA_START, 1), Ok(33));
    assert_eq!(KRITHALA_CAPABLANCA.perft(CAPABLANCA_START, 2), Ok(1089));
    // Royal Chess's own count, and the King's five neighbours.
    let royal = Royal.read_fen(&ROYAL_START[..ROYAL_START.len() - 6]).unwrap().legal_moves().len() as u64;
    assert_eq!(royal, 24);
    assert_eq!(KRITHALA_ROYAL.perft(ROYAL_START, 1), Ok(royal + 5));
    // A FEN without crown fields puts each crown under its King.
    let plain = after(&KRITHALA, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[]);
    assert_eq!(plain.fen(), START);
    assert_eq!(KRITHALA.new_game().fen(), START);
    assert_eq!(KRITHALA_ROYAL.new_game().fen(), ROYAL_START);
}

#[test]
fn p02_there_is_no_mate_the_crown_is_the_objective() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 e1 e8";
    let game = after(&KRITHALA, fen, &[]);
    assert_eq!(game.outcome(), None);
    let notices = game.view(herald::variants::Observer::Player(Color::White)).notices;
    assert!(notices.contains(&"Your crown is attacked.".to_string()), "{notices:?}");
    assert_eq!(outcome(&KRITHALA, fen, &["a3"]), None);
    assert_eq!(outcome(&KRITHALA, fen, &["a3", "Qxe1"]), crown_captured_by(Color::Black));
    assert_eq!(
        after(&KRITHALA, fen, &["a3", "Qxe1"]).outcome().unwrap().to_string(),
        "Black wins by capturing the crown"
    );
}

#[test]
fn p03_a_king_without_the_crown_is_just_a_piece() {
    let fen = "4k3/8/8/8/8/8/4r3/4K2Q b - - 0 1 h1 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "Rxe1"), "Rxe1");
    assert_eq!(outcome(&KRITHALA, fen, &["Rxe1"]), None);
    assert_eq!(outcome(&KRITHALA, fen, &["Rxe1", "Qxe1"]), None);
}

#[test]
fn p04_a_lying_crown_blocks_and_is_captured_like_a_piece() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 e1 a5";
    assert_eq!(written(&KRITHALA, fen, &[], "Rxa5"), "Rxa5");
    assert_eq!(outcome(&KRITHALA, fen, &["Rxa5"]), crown_captured_by(Color::White));
    assert_eq!(outcome(&KRITHALA, fen, &["Ra5"]), crown_captured_by(Color::White));
    for blocked in ["Ra6", "Ra7", "Ra8"] {
        refused(&KRITHALA, fen, &[], blocked);
    }
    for free in ["Ra2", "Ra3", "Ra4"] {
        assert_eq!(outcome(&KRITHALA, fen, &[free]), None);
    }
}

#[test]
fn p05_a_pawn_takes_a_lying_crown_diagonally_not_straight() {
    let fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 e1 d3";
    refused(&KRITHALA, fen, &[], "d3");
    refused(&KRITHALA, fen, &[], "d4");
    let fen = "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1 e1 d3";
    assert_eq!(written(&KRITHALA, fen, &[], "cxd3"), "cxd3");
    assert_eq!(outcome(&KRITHALA, fen, &["cxd3"]), crown_captured_by(Color::White));
}

// Transfer (rule 5, points 3-5)

#[test]
fn p06_a_knight_hands_the_crown_on_at_a_knight_s_move() {
    let fen = "4k3/8/8/8/8/5B2/8/4K1N1 w - - 0 1 g1 e8";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["N>f3"]));
    assert!(refused(&KRITHALA, fen, &[], "N>e1").contains("cannot hand the crown to e1"));
    assert_eq!(crowns(&KRITHALA, fen, &["N>f3"]), "f3T e8");
}

#[test]
fn p07_a_rider_hands_it_on_along_a_clear_line() {
    let fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1 a1 e8";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["R>a2", "R>e1"]));
    let fen = "4k3/8/8/8/8/8/P7/R1N1K3 w - - 0 1 a1 e8";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["R>a2", "R>c1"]));
    refused(&KRITHALA, fen, &[], "R>e1");
    // Black's crown lying on c1 blocks the rank.
    let fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1 a1 c1";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["R>a2"]));
    refused(&KRITHALA, fen, &[], "R>e1");
}

#[test]
fn p08_a_pawn_hands_it_on_by_its_step_double_step_and_capture() {
    let fen = "4k3/8/8/8/4R3/3N1B2/4P3/4K3 w - - 0 1 e2 e8";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["P>d3", "P>f3", "P>e4"]));
    let fen = "4k3/8/8/8/4R3/3NRB2/4P3/4K3 w - - 0 1 e2 e8";
    assert_eq!(transfers(KRITHALA.legal_moves_written(fen).unwrap()), set(&["P>d3", "P>e3", "P>f3"]));
    refused(&KRITHALA, fen, &[], "P>e4");
}

#[test]
fn p09_after_a_transfer_the_carrier_must_move_before_another() {
    let fen = "4k3/8/8/8/8/8/P7/3QK3 w - - 0 1 d1T e8";
    assert!(transfers(KRITHALA.legal_moves_written(fen).unwrap()).is_empty());
    let why = refused(&KRITHALA, fen, &["a3", "Kd7"], "Q>e1");
    assert!(why.contains("must move with the crown"), "{why}");
    assert_eq!(crowns(&KRITHALA, fen, &["a3", "Kd7"]), "d1T d7");
    assert_eq!(written(&KRITHALA, fen, &["Qd2", "Kd7"], "Q>e1"), "Q>e1");
    let fen = "4k3/8/8/8/8/8/P7/3QK3 w - - 0 1 e1 e8";
    refused(&KRITHALA, fen, &["K>d1", "Kd7"], "Q>e1");
}

#[test]
fn p10_a_transfer_resets_the_count_and_is_a_move() {
    let fen = "4k3/8/8/8/8/8/8/RB2K3 w - - 0 1 a1R2 e8";
    let game = after(&KRITHALA, fen, &["R>b1"]);
    assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/RB2K3 b - - 1 1 b1T e8");
}

// Two moves in a row (rule 7, point 6)

#[test]
fn p11_the_third_move_in_a_row_drops_the_crown_where_it_starts() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1R2 e8";
    let moves = KRITHALA.legal_moves_written(fen).unwrap();
    assert_eq!(moves.len(), 16, "{moves:?}");
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with('R') && !m.contains('>')).collect();
    assert_eq!(rook.len(), 10);
    assert!(rook.iter().all(|m| m.ends_with("@a1")), "{rook:?}");
    assert_eq!(moves.iter().filter(|m| m.starts_with('K')).count(), 5);
    assert!(moves.contains(&"R>e1".to_string()));
    for text in ["Ra5", "Ra5@", "Ra5@a1"] {
        assert_eq!(written(&KRITHALA, fen, &[], text), "Ra5@a1");
    }
    assert_eq!(crowns(&KRITHALA, fen, &["Ra5"]), "a1Da5 e8");
    let why = refused(&KRITHALA, fen, &[], "Ra5@a3");
    assert!(why.contains("third move in a row"), "{why}");
    assert_eq!(KRITHALA.perft("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1R1 e8", 1), Ok(50));
}

#[test]
fn p12_another_move_of_the_side_resets_the_count() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1R2 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["Ke2"]), "a1 e8");
    assert_eq!(written(&KRITHALA, fen, &["Ke2", "Kd7"], "Ra5"), "Ra5");
    assert_eq!(crowns(&KRITHALA, fen, &["Ke2", "Kd7", "Ra5"]), "a5R1 d7");
}

#[test]
fn p13_the_king_carries_without_a_limit() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1 e8";
    let walk = [
        "Ke2", "Kd8", "Ke3", "Ke8", "Ke4", "Kd8", "Ke5", "Ke8", "Kd5", "Kd8", "Kd4", "Ke8", "Kd3", "Kd8", "Kd2", "Ke8",
        "Ke1", "Kd8", "Ke2",
    ];
    let game = after(&KRITHALA, fen, &walk);
    assert!(game.fen().ends_with(" e2 d8"), "{}", game.fen());
    let err = KRITHALA.game_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1R2 e8").map(|_| ()).unwrap_err();
    assert!(err.contains("King"), "{err}");
}

#[test]
fn p14_a_piece_that_picks_the_crown_up_starts_at_zero() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["Ra8^a4"]), "a8 e8");
    let moves = ["Ra8^a4", "Kd7", "Ra7", "Ke7", "Ra6", "Kd7"];
    assert_eq!(crowns(&KRITHALA, fen, &moves), "a6R2 d7");
    assert_eq!(written(&KRITHALA, fen, &moves, "Ra5"), "Ra5@a6");
}

// Drop and pick-up (rules 8-10, points 7-10)

#[test]
fn p15_a_carrier_drops_where_it_starts_or_on_a_square_it_passes() {
    let fen = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 a1 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "Qe5@c3"), "Qe5@c3");
    assert_eq!(crowns(&KRITHALA, fen, &["Qe5@c3"]), "c3De5 e8");
    assert_eq!(written(&KRITHALA, fen, &[], "Qe5@a1"), "Qe5@a1");
    assert_eq!(written(&KRITHALA, fen, &[], "Qe5@"), "Qe5@a1");
    assert_eq!(crowns(&KRITHALA, fen, &["Qe5@"]), "a1De5 e8");
    refused(&KRITHALA, fen, &[], "Qe5@e5");
    refused(&KRITHALA, fen, &[], "Qe5@f6");
    let fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 g1 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "Nf3@g1"), "Nf3@g1");
    refused(&KRITHALA, fen, &[], "Nf3@f2");
    refused(&KRITHALA, fen, &[], "Nf3@g2");
}

#[test]
fn p16_a_piece_picks_the_crown_up_in_passing_or_where_it_stops() {
    let fen = "4k3/8/8/b7/8/8/8/Q3K3 w - - 0 1 c3 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "Qe5^c3"), "Qe5^c3");
    assert_eq!(written(&KRITHALA, fen, &[], "Qc3"), "Qc3^");
    assert_eq!(crowns(&KRITHALA, fen, &["Qc3"]), "c3 e8");
    assert_eq!(outcome(&KRITHALA, fen, &["Qe5", "Bxc3"]), crown_captured_by(Color::Black));
    assert_eq!(written(&KRITHALA, fen, &["Qe5^c3"], "Bc3"), "Bc3");
    assert_eq!(outcome(&KRITHALA, fen, &["Qe5^c3", "Bc3"]), None);
}

#[test]
fn p17_a_knight_picks_up_only_where_it_lands() {
    let fen = "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1 e1 d7";
    assert_eq!(written(&KRITHALA, fen, &[], "Nd7"), "Nd7^");
    refused(&KRITHALA, fen, &[], "Nc6^d7");
    refused(&KRITHALA, fen, &[], "Na6^d7");
}

#[test]
fn p18_the_dropper_may_pass_its_crown_but_not_pick_it_up() {
    let fen = "4k3/8/8/8/8/8/3K4/Q7 w - - 0 1 c3Da1 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "Qe5"), "Qe5");
    assert_eq!(crowns(&KRITHALA, fen, &["Qe5"]), "c3De5 e8");
    refused(&KRITHALA, fen, &[], "Qe5^c3");
    let why = refused(&KRITHALA, fen, &[], "Qc3");
    assert!(why.contains("may not pick it up again"), "{why}");
    assert_eq!(written(&KRITHALA, fen, &[], "Kc3"), "Kc3^");
    let moves = ["Kc3^", "Kd7", "Kd3@c3", "Ke7"];
    assert_eq!(crowns(&KRITHALA, fen, &moves), "c3Dd3 e7");
    assert_eq!(written(&KRITHALA, fen, &moves, "Qe5^c3"), "Qe5^c3");
    refused(&KRITHALA, fen, &moves, "Kc3");
}

#[test]
fn p19_the_lock_follows_its_piece_and_dies_with_it() {
    let fen = "4k3/8/8/8/8/8/3K4/Q7 w - - 0 1 c3Da1 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["Qa2"]), "c3Da2 e8");
    let fen = "4k3/8/8/8/8/8/r2K4/Q7 b - - 0 1 c3Da1 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["Rxa1"]), "c3 e8");
}

#[test]
fn p20_the_locked_piece_may_receive_the_crown_by_a_transfer() {
    let fen = "4k3/8/8/8/8/8/1Q1K4/8 w - - 0 1 c3Db2 e8";
    assert_eq!(written(&KRITHALA, fen, &["Kc3^", "Kd7"], "K>b2"), "K>b2");
    assert_eq!(crowns(&KRITHALA, fen, &["Kc3^", "Kd7", "K>b2"]), "b2T d7");
}

// En passant, castling, promotion (points 12-14)

#[test]
fn p21_en_passant_onto_a_dropped_crown_takes_both_in_one_move() {
    let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 e2 e8";
    let black = KRITHALA.legal_moves_written("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 e3De4 e8").unwrap();
    assert_eq!(black.iter().filter(|m| m.starts_with("dxe3")).count(), 1, "{black:?}");
    assert_eq!(outcome(&KRITHALA, fen, &["e4@e3", "dxe3"]), crown_captured_by(Color::Black));
    assert_eq!(outcome(&KRITHALA, fen, &["e4", "dxe3"]), crown_captured_by(Color::Black));
    assert_eq!(outcome(&KRITHALA, fen, &["e4@e2", "dxe3"]), None);
    assert_eq!(crowns(&KRITHALA, fen, &["e4@e2", "dxe3"]), "e2 e8");
}

#[test]
fn p22_castling_with_the_crown() {
    let fen = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 e1 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["O-O"]), "g1 e8");
    assert_eq!(crowns(&KRITHALA, fen, &["O-O@e1"]), "e1Dg1 e8");
    let fen = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["O-O"]), "f1R1 e8");
    assert_eq!(crowns(&KRITHALA, fen, &["O-O@h1"]), "h1Df1 e8");
    let fen = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 g1 e8";
    let why = refused(&KRITHALA, fen, &[], "O-O");
    assert!(why.contains("no crown may lie between the King and the Rook"), "{why}");
    assert_eq!(written(&KRITHALA, fen, &[], "O-O-O"), "O-O-O");
    let fen = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 b1 e8";
    refused(&KRITHALA, fen, &[], "O-O-O");
    // Royal Chess: the King goes to d1 past its Guard on e1, the Rook to the first vacant
    // square beyond, the King's own f1; the crown cannot be left under the Rook.
    let fen = "4k5/10/10/10/10/10/10/R3GK4 w Q - 0 1 f1 e8";
    assert_eq!(written(&KRITHALA_ROYAL, fen, &[], "C4"), "C4");
    assert_eq!(after(&KRITHALA_ROYAL, fen, &["C4"]).fen(), "4k5/10/10/10/10/10/10/3KGR4 b - - 1 1 d1 e8");
    refused(&KRITHALA_ROYAL, fen, &[], "C4@61");
}

#[test]
fn p23_a_promoted_pawn_s_piece_carries_on() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7 e8";
    assert_eq!(crowns(&KRITHALA, fen, &["a8=Q"]), "a8R1 e8");
    assert_eq!(written(&KRITHALA, fen, &[], "a8=Q@a7"), "a8=Q@a7");
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7R2 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "a8=Q"), "a8=Q@a7");
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a8 e8";
    assert_eq!(written(&KRITHALA, fen, &[], "a8=Q"), "a8=Q^");
}

// Endings (points 15-16)

#[test]
fn p24_no_legal_move_is_the_base_s_stalemate() {
    let fen = "4k3/8/8/8/8/p7/P7/8 w - - 0 1 h1 e8";
    assert!(KRITHALA.legal_moves_written(fen).unwrap().is_empty());
    assert_eq!(outcome(&KRITHALA, fen, &[]), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    let royal = "4k5/10/10/10/10/p9/P9/10 w - - 0 1 j1 e8";
    let end = outcome(&KRITHALA_ROYAL, royal, &[]).unwrap();
    assert_eq!(end, Outcome::Win { winner: Color::Black, reason: WinReason::Stalemate });
    assert_eq!(KRITHALA_ROYAL.points(end), (250, 700));
    assert_eq!(KRITHALA_ROYAL.points(crown_captured_by(Color::White).unwrap()), (1000, 0));
    assert_eq!(KRITHALA_ROYAL.points(Outcome::Draw { reason: DrawReason::FiftyMoves }), (400, 500));
    // Royal's mark of the stalemating move: after White's King step, Black (a blocked pawn,
    // its crown lying on j8) has no move.
    let before = "10/10/p9/P9/10/10/10/9K w - - 0 1 j1 j8";
    assert_eq!(written(&KRITHALA_ROYAL, before, &[], "K-102"), "K-102S#");
    let end = outcome(&KRITHALA_ROYAL, before, &["K-102"]);
    assert_eq!(end, Some(Outcome::Win { winner: Color::White, reason: WinReason::Stalemate }));
}

#[test]
fn p25_no_position_is_dead() {
    assert_eq!(outcome(&KRITHALA, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1 e8", &[]), None);
    let fen = "8/8/8/8/8/8/4k3/4K3 w - - 0 1 e1 e2";
    assert_eq!(outcome(&KRITHALA, fen, &[]), None);
    assert_eq!(outcome(&KRITHALA, fen, &["Kxe2"]), crown_captured_by(Color::White));
}

#[test]
fn p26_the_crowns_are_part_of_the_position_for_repetition() {
    let round_trip = ["Nf3", "Nf6", "Ng1", "Ng8"];
    // Without the crowns' moves, the start is there a third time after two round trips.
    let twice: Vec<&str> = round_trip.iter().chain(&round_trip).copied().collect();
    assert_eq!(after(&KRITHALA, START, &twice).claimable_draws(), vec![ClaimableDraw::ThreefoldRepetition]);
    // With both crowns handed on after the first round trip, the pieces stand as at the start
    // for the fourth time after 5... Ng8, but with the crowns f1T f8T: the start stood there
    // twice, this position twice (after 3... K>f8 and 5... Ng8), no threefold repetition.
    let mut moves: Vec<&str> = round_trip.to_vec();
    moves.extend(["K>f1", "K>f8"]);
    moves.extend(round_trip);
    let game = after(&KRITHALA, START, &moves);
    assert!(game.fen().ends_with(" f1T f8T"), "{}", game.fen());
    assert!(game.claimable_draws().is_empty(), "{}", game.fen());
    // One more round trip makes that position's threefold repetition.
    moves.extend(round_trip);
    let game = after(&KRITHALA, START, &moves);
    assert_eq!(game.claimable_draws(), vec![ClaimableDraw::ThreefoldRepetition]);
    // And the history survives a snapshot.
    let resumed = KRITHALA.restore(&game.snapshot()).unwrap();
    assert_eq!(resumed.claimable_draws(), vec![ClaimableDraw::ThreefoldRepetition]);
    assert_eq!(resumed.snapshot(), game.snapshot());
}

#[test]
fn p27_royal_chess_guards_a_lone_king_and_checks_without_perpetual_check() {
    // The King's Guard carrying on its starting square: its major moves along the rank and
    // file, its minor moves diagonally.
    let fen = "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1 i1 f8";
    let moves = KRITHALA_ROYAL.legal_moves_written(fen).unwrap();
    assert_eq!(transfers(moves), set(&["G'>81", "G'>101", "G'>92", "G'>82", "G'>102"]));
    // A minor move ends where it enters the enemy half: e3 to g5, not to h6.
    let fen = "4k5/10/10/6P3/10/4H5/10/5K4 w - - 0 1 e3 e8";
    assert_eq!(transfers(KRITHALA_ROYAL.legal_moves_written(fen).unwrap()), set(&["G'>75"]));
    let fen = "4k5/10/7P2/10/10/4H5/10/5K4 w - - 0 1 e3 e8";
    assert!(transfers(KRITHALA_ROYAL.legal_moves_written(fen).unwrap()).is_empty());
    // A Guard still jumps its King, but hands the crown on by no jump.
    let fen = "4k5/10/10/10/10/10/10/3Q1KH3 w - - 0 1 g1 e8";
    let moves = KRITHALA_ROYAL.legal_moves_written(fen).unwrap();
    assert!(moves.contains(&"G'-51".to_string()), "{moves:?}");
    assert_eq!(transfers(moves), set(&["G'>61"]));
    refused(&KRITHALA_ROYAL, fen, &[], "G'>41");
    // A lone King against an army plays on.
    let lone = "rgnbqkbnhr/pppppppppp/10/10/10/10/10/5K4 w - - 0 1 f1 f8";
    assert_eq!(outcome(&KRITHALA_ROYAL, lone, &[]), None);
    // Black attacks White's King on every move of a cycle; the third time round is no
    // perpetual check, only a repetition either player may claim.
    let fen = "4k5/10/10/10/10/r9/10/6K3 w - - 0 1 g1 e8";
    let cycle = ["K-72", "R-12", "K-71", "R-11", "K-72", "R-12", "K-71", "R-11", "K-72", "R-12", "K-71", "R-11"];
    let game = after(&KRITHALA_ROYAL, fen, &cycle);
    assert_eq!(game.outcome(), None);
    assert!(!game.moves().iter().any(|m| m.contains('+')), "{:?}", game.moves());
    for player in Color::BOTH {
        assert_eq!(game.claimable_draws_by(player), vec![ClaimableDraw::ThreefoldRepetition]);
    }
}

#[test]
fn p28_capablanca_s_compound_pieces_hand_it_on_by_either_part() {
    let fen = "4k5/10/10/10/10/1PP7/10/A3K5 w - - 0 1 a1 e8";
    assert_eq!(transfers(KRITHALA_CAPABLANCA.legal_moves_written(fen).unwrap()), set(&["A>b3", "A>c3"]));
    let fen = "4k5/10/10/10/10/1PP7/1P8/A3K5 w - - 0 1 a1 e8";
    assert_eq!(transfers(KRITHALA_CAPABLANCA.legal_moves_written(fen).unwrap()), set(&["A>b3", "A>b2"]));
    refused(&KRITHALA_CAPABLANCA, fen, &[], "A>c3");
    let fen = "4k5/10/10/10/10/10/10/A3K5 w - - 0 1 c3 e8";
    assert_eq!(written(&KRITHALA_CAPABLANCA, fen, &[], "Ad4^c3"), "Ad4^c3");
    let moves = KRITHALA_CAPABLANCA.legal_moves_written(fen).unwrap();
    for leap in ["Ab3", "Ac2"] {
        assert_eq!(moves.iter().filter(|m| m.starts_with(leap)).count(), 1, "{moves:?}");
    }
    refused(&KRITHALA_CAPABLANCA, fen, &[], "Ab3^c3");
    assert_eq!(written(&KRITHALA_CAPABLANCA, fen, &[], "Ac3"), "Ac3^");
}

// Notation round trips

/// Every position of the page, with its variant.
fn page_positions() -> Vec<(&'static dyn Variant, &'static str)> {
    let chess = [
        START,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 e1 e8",
        "4k3/8/8/8/8/8/4r3/4K2Q b - - 0 1 h1 e8",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 e1 a5",
        "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1 e1 d3",
        "4k3/8/8/8/8/5B2/8/4K1N1 w - - 0 1 g1 e8",
        "4k3/8/8/8/8/8/P7/R1N1K3 w - - 0 1 a1 e8",
        "4k3/8/8/8/4R3/3NRB2/4P3/4K3 w - - 0 1 e2 e8",
        "4k3/8/8/8/8/8/P7/3QK3 w - - 0 1 d1T e8",
        "4k3/8/8/8/8/8/8/RB2K3 w - - 0 1 a1R2 e8",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1R1 e8",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4 e8",
        "4k3/8/8/b7/8/8/8/Q3K3 w - - 0 1 c3 e8",
        "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1 e1 d7",
        "4k3/8/8/8/8/8/3K4/Q7 w - - 0 1 c3Da1 e8",
        "4k3/8/8/8/8/8/1Q1K4/8 w - - 0 1 c3Db2 e8",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 e3De4 e8",
        "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1 e8",
        "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 g1 e8",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a8 e8",
        "8/8/8/8/8/8/4k3/4K3 w - - 0 1 e1 e2",
    ];
    let mut all: Vec<(&'static dyn Variant, &'static str)> = chess.into_iter().map(|f| (&KRITHALA as _, f)).collect();
    all.extend([
        (&KRITHALA_CAPABLANCA as _, CAPABLANCA_START),
        (&KRITHALA_CAPABLANCA as _, "4k5/10/10/10/10/1PP7/1P8/A3K5 w - - 0 1 a1 e8"),
        (&KRITHALA_CAPABLANCA as _, "4k5/10/10/10/10/10/10/A3K5 w - - 0 1 c3 e8"),
        (&KRITHALA_ROYAL as _, ROYAL_START),
        (&KRITHALA_ROYAL as _, "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1 i1 f8"),
        (&KRITHALA_ROYAL as _, "4k5/10/10/10/10/10/10/3Q1KH3 w - - 0 1 g1 e8"),
        (&KRITHALA_ROYAL as _, "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/RG3KH2R w KQkq - 0 1 f1 f8"),
    ]);
    all
}

#[test]
fn every_legal_move_reads_back_as_itself() {
    let mut checked = 0;
    for (variant, fen) in page_positions() {
        let moves = match variant.id() {
            "krithala" => KRITHALA.legal_moves_written(fen),
            "krithala+capablanca" => KRITHALA_CAPABLANCA.legal_moves_written(fen),
            _ => KRITHALA_ROYAL.legal_moves_written(fen),
        }
        .unwrap();
        let distinct: BTreeSet<&String> = moves.iter().collect();
        assert_eq!(distinct.len(), moves.len(), "{fen}: two moves written alike: {moves:?}");
        for text in &moves {
            let mut game = variant.game_from_fen(fen).unwrap();
            let played = game.play(text).unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
            assert_eq!(played.notation.trim_end_matches("S#"), text, "{fen}");
            checked += 1;
        }
    }
    assert!(checked > 400, "{checked}");
}

#[test]
fn other_ways_of_writing_read_to_the_same_move() {
    let start = "4k3/8/8/8/8/8/8/3QK1N1 w - - 0 1 e1 e8";
    for text in ["K>d1", "Ke1>d1", "e1>d1", "3. K>d1", "K>d1!", "K > d1"] {
        assert_eq!(written(&KRITHALA, start, &[], text), "K>d1", "{text}");
    }
    let knight = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 g1 e8";
    for text in ["Nf3@g1", "Nf3 @g1", "Nf3 @ g1", "Nf3@", "Ng1-f3@g1", "g1f3@"] {
        assert_eq!(written(&KRITHALA, knight, &[], text), "Nf3@g1", "{text}");
    }
    let queen = "4k3/8/8/b7/8/8/8/Q3K3 w - - 0 1 c3 e8";
    for text in ["Qc3", "Qc3^", "Qc3^c3", "Qa1-c3"] {
        assert_eq!(written(&KRITHALA, queen, &[], text), "Qc3^", "{text}");
    }
    // In Royal Chess's numeric notation, and its algebraic.
    assert_eq!(written(&KRITHALA_ROYAL, ROYAL_START, &[], "K>52"), "K>52");
    assert_eq!(written(&KRITHALA_ROYAL, ROYAL_START, &[], "Kf1>e2"), "K>52");
    assert_eq!(written(&KRITHALA_ROYAL, ROYAL_START, &["K>52", "N-76"], "54"), "54");
    assert_eq!(written(&KRITHALA_ROYAL, ROYAL_START, &["K>52", "N-76"], "e2-e4@e3"), "54@53");
}

#[test]
fn what_cannot_be_read_is_refused_with_a_reason() {
    let start = "4k3/8/8/8/8/8/8/3QK1N1 w - - 0 1 e1 e8";
    assert!(refused(&KRITHALA, start, &[], ">d1").contains("say which piece hands the crown on"));
    assert!(refused(&KRITHALA, start, &[], "N>d1").contains("carried by the King on e1"));
    assert!(refused(&KRITHALA, start, &[], "K>z9").contains("not a square"));
    let queen = "4k3/8/8/b7/8/8/8/Q3K3 w - - 0 1 c3 e8";
    let why = refused(&KRITHALA, queen, &[], "Qe5^");
    assert!(why.contains("no crown of yours to pick up on e5"), "{why}");
    let knight = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 g1 e8";
    let why = refused(&KRITHALA, knight, &[], "Nf3@f3");
    assert!(why.contains("where its move starts or on a square it passes over"), "{why}");
    assert!(refused(&KRITHALA, knight, &[], "Ke2@e1").contains("only the piece that carries your crown"));
    assert!(refused(&KRITHALA, knight, &[], "@g1").contains("write the move before the crown sign"));
    let lying = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 c3 e8";
    assert!(refused(&KRITHALA, lying, &[], "Q>e1").contains("your crown lies on c3"));
    // The end of the game.
    let over = after(&KRITHALA, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 e1 a5", &["Rxa5"]);
    assert!(over.fen().ends_with(" e1 -"), "{}", over.fen());
    let mut over = over;
    assert!(over.play("Kd7").unwrap_err().to_string().contains("the game is over"));
}
