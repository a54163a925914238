//! Safety in Numbers Chess's FEN with crowds, from outside (a `--fen` argument, a stored
//! game), must never panic, and every FEN herald accepts must write back to a FEN that reads
//! as the same position and writes the same text.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run crowd_fen -- -max_total_time=300`
#![no_main]

use herald::variants::Variant;
use herald::variants::safety_in_numbers::{SafetyInNumbers, fen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = SafetyInNumbers.rules();
    if let Ok(pos) = fen::read(rules, text) {
        let written = fen::write(&pos);
        let again = fen::read(rules, &written).expect("herald reads the FEN it wrote");
        // The same position for the repetition rules (an en passant square without a legal
        // capture is not written, so the setups may differ in that alone), and the same text.
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{written}");
        assert_eq!(fen::write(&again), written);
        let _ = pos.legal_moves();
        let _ = pos.outcome();
    }
});
