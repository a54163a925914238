// The fuzz target `command_languages`: see herald_fuzz::checks::command_languages for what it
// checks.
//
// Run from the repository root (cargo-fuzz passes nightly-only flags, which
// RUSTC_BOOTSTRAP=1 unlocks on the stable toolchain):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none command_languages fuzz/corpus/command_languages fuzz/seeds/command_languages -- -max_total_time=300
//
// The first corpus directory collects new inputs; the seeds are committed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| herald_fuzz::checks::command_languages(data));
