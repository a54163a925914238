// The fuzz target `crown_move_input`: see herald_fuzz::checks::crown_move_input for what it
// checks.
//
// Run from the repository root (cargo-fuzz passes nightly-only flags, which
// RUSTC_BOOTSTRAP=1 unlocks on the stable toolchain):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none crown_move_input fuzz/corpus/crown_move_input fuzz/seeds/crown_move_input -- -max_total_time=300
//
// The first corpus directory collects new inputs; the seeds are committed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| herald_fuzz::checks::crown_move_input(data));
