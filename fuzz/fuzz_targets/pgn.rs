//! PGN files come from anywhere; reading one must never panic, and replaying its moves
//! through the move reader must not either.
//!
//! Run: `cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run pgn -- -max_total_time=300`
#![no_main]

use herald::notation::pgn;
use herald::variants;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = pgn::decode(data);
    let chess = variants::by_id("chess").unwrap();
    for record in pgn::parse(&text) {
        let mut game = chess.new_game();
        for m in &record.moves {
            if game.play(&m.text).is_err() {
                break;
            }
        }
    }
});
