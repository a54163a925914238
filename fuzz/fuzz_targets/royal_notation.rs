//! Royal Chess's numeric notation from outside (a player's mail) must never panic the reader;
//! every numeric move it reads must write back to a text that reads the same, and every move
//! a Royal position accepts must be legal and its written form must name it again.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run royal_notation -- -max_total_time=300`
#![no_main]

use herald::engine::BoardSize;
use herald::notation::numeric;
use herald::variants::royal::{Royal, notation};
use libfuzzer_sys::fuzz_target;

/// Positions with Guard castlings, promotions (with and without the Queen's powers), a
/// recapture right pending and file-10 squares.
const POSITIONS: [&str; 4] = [
    "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1",
    "r3k4r/pp1ppppppp/10/10/10/10/PPPPPPPPPP/RG3KH2R w KQkq - 0 1",
    "5k4/P8p/10/10/10/10/10/5K4 w - - 0 1",
    "r3k4r/pppppppppp/10/2G7/6b3/R1H2R4/10/4K5 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Some(q) = numeric::read(text, BoardSize::TEN_BY_EIGHT) {
        let written = q.to_string();
        assert_eq!(numeric::read(&written, BoardSize::TEN_BY_EIGHT), Some(q), "{written}");
    }
    let pos = Royal.read_fen(POSITIONS[selector as usize % POSITIONS.len()]).unwrap();
    let legal = pos.legal_moves();
    if let Ok(m) = notation::read(&pos, &legal, text) {
        assert!(legal.contains(&m));
        let written = notation::write(&pos, &legal, m);
        assert_eq!(notation::read(&pos, &legal, &written), Ok(m), "{written}");
    }
});
