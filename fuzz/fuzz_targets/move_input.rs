//! Whatever a player types must never panic the move reader, and whatever it accepts must be
//! a legal move whose SAN reads back as the same move.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run move_input -- -max_total_time=300`
#![no_main]

use herald::notation::{fen, input, san};
use herald::variants;
use libfuzzer_sys::fuzz_target;

/// Positions with castling, en passant and promotions available.
const POSITIONS: [(&str, &str); 5] = [
    ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
    ("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    // Crown with both monarchs free to castle: K0-0, Q0-0 and their refusals.
    ("crown", "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w ADEHadeh - 0 1"),
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (variant, fen_text) = POSITIONS[selector as usize % POSITIONS.len()];
    let pos = fen::read(variants::by_id(variant).unwrap().rules(), fen_text).unwrap();
    if let Ok(m) = input::parse_move(&pos, text) {
        assert!(pos.is_legal(m));
        let written = san::write(&pos, m);
        assert_eq!(input::parse_move(&pos, &written), Ok(m), "{written}");
    }
});
