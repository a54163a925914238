//! FEN from outside (a `--fen` argument, a PGN FEN tag, a stored game) must never panic, and
//! every FEN herald accepts must write back to a FEN that reads as the same position.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run fen -- -max_total_time=300`
#![no_main]

use herald::notation::fen;
use herald::variants;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for variant in variants::all() {
        if let Ok(pos) = fen::read(variant.rules(), text) {
            let written = fen::write(&pos);
            let again = fen::read(variant.rules(), &written).expect("herald reads the FEN it wrote");
            assert_eq!(fen::write(&again), written);
            let _ = pos.legal_moves();
            let _ = pos.outcome();
        }
    }
});
