//! Whatever a player types in Secret Intelligence Chess must never panic the move reader,
//! and whatever it accepts must be one of the player's legal moves, whose notation reads back
//! as the same move.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -O si_move_input -- -max_total_time=180`
#![no_main]

use herald::variants::secret_intelligence::board::Board;
use herald::variants::secret_intelligence::notation;
use libfuzzer_sys::fuzz_target;

/// Positions with swaps, Spies, Decoys, en passant and promotions available.
const POSITIONS: [&str; 4] = [
    "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1",
    "r3k2r/1s2y3/8/3pP3/2S5/8/1Y3PPP/R3K2R w - d6 0 1 e5=e3,d5=d7,c4=b1,b7=c8",
    "4k3/1P2y1P1/8/2s1Pp2/8/3S4/1Y6/4K2R w - f6 0 1 f5=f7",
    "1s2k1y1/8/8/8/8/8/6p1/SY2K3 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let board = Board::from_fen(POSITIONS[selector as usize % POSITIONS.len()]).unwrap();
    let legal = board.legal_moves();
    if let Ok(m) = notation::read(&board, &legal, text) {
        assert!(legal.contains(&m));
        let written = notation::write(&board, m);
        assert_eq!(notation::read(&board, &legal, &written), Ok(m), "{written}");
    }
    // Position text from outside (snapshots, --fen) must not panic either.
    if let Ok(read) = Board::from_fen(text) {
        assert_eq!(Board::from_fen(&read.to_fen()), Ok(read));
    }
});
