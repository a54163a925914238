//! Royal Chess's position records from outside (a game started from one) must never panic
//! the reader; every record it reads must write back to one that reads the same, and every
//! record that is a legal Royal position must write back to the same position.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run position_record -- -max_total_time=300`
#![no_main]

use herald::engine::BoardSize;
use herald::notation::record;
use herald::variants::royal::{self, Royal};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(read) = record::read(text, BoardSize::TEN_BY_EIGHT) {
        let written = record::write(&read);
        assert_eq!(record::read(&written, BoardSize::TEN_BY_EIGHT), Ok(read), "{written}");
    }
    if let Ok(pos) = Royal.read_record(text) {
        let written = royal::write_record(&pos);
        let again = Royal.read_record(&written).expect("herald reads the record it wrote");
        assert_eq!(again.board().to_setup().board, pos.board().to_setup().board);
        let _ = pos.legal_moves();
    }
});
