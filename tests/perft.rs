//! Perft: leaf counts of the legal move tree against published references.
//!
//! FIDE positions and counts: chessprogramming wiki "Perft Results" (also in Fairy-Stockfish
//! tests/perft.sh and shakmaty's test data). Capablanca: Fairy-Stockfish tests/perft.sh.
//! Depths are chosen to keep the suite fast; `herald bench` goes deeper.

use herald::engine::perft::perft;
use herald::notation::fen;
use herald::variants;

fn check(variant: &str, fen_text: &str, expected: &[u64]) {
    let rules = variants::by_id(variant).unwrap().rules();
    let pos = fen::read(rules, fen_text).unwrap();
    for (i, &count) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth), count, "{variant} {fen_text} depth {depth}");
    }
}

#[test]
fn start_position() {
    check("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902, 197281, 4865609]);
}

#[test]
fn kiwipete() {
    check("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039, 97862, 4085603]);
}

#[test]
fn position_3() {
    check("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43238, 674624]);
}

#[test]
fn position_4() {
    check("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9467, 422333]);
}

#[test]
fn position_4_mirrored() {
    check("chess", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", &[6, 264, 9467, 422333]);
}

#[test]
fn position_5() {
    check("chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1486, 62379, 2103487]);
}

#[test]
fn position_6() {
    check(
        "chess",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594],
    );
}

#[test]
fn capablanca_start_position() {
    check(
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        &[28, 784, 25228, 805128],
    );
}
