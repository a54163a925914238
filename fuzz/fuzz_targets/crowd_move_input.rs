//! Whatever a player types in a Safety in Numbers game must never panic the move reader, and
//! whatever it accepts must be a legal move whose written form reads back as the same move.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run crowd_move_input -- -max_total_time=300`
#![no_main]

use herald::variants::Variant;
use herald::variants::safety_in_numbers::{SafetyInNumbers, fen, notation};
use libfuzzer_sys::fuzz_target;

/// Positions with crowds to leave, join and form, castling, en passant and promotions.
const POSITIONS: [&str; 4] = [
    "rnb1kbnr/ppp2ppp/8/3p4/4[PNpq]3/4K3/PPPP1PPP/R1BQ1BNR w kq - 4 6",
    "rnbq1bnr/pppppppp/8/8/8/5[Kk]2/PPPPPPPP/RNBQ1BNR w - - 0 1",
    "r3k2r/pP3p[Pb]1/8/3[Pn]4/4pP2/2[pN]5/6p1/R3K2[Rn] b KQkq f3 0 1",
    "4k3/8/2[NR]5/3[PPQbnr]4/8/4[Kp]3/3N1N2/8 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = fen::read(SafetyInNumbers.rules(), POSITIONS[selector as usize % POSITIONS.len()]).unwrap();
    if let Ok(m) = notation::parse_move(&pos, text) {
        assert!(pos.is_legal(m));
        let written = notation::write(&pos, m);
        assert_eq!(notation::parse_move(&pos, &written), Ok(m), "{written}");
    }
});
