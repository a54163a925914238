// The fuzz target `players_command`: see herald_fuzz::checks::players_command for what it checks.
//
// Run from the repository root (cargo-fuzz passes nightly-only flags, which
// RUSTC_BOOTSTRAP=1 unlocks on the stable toolchain):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none players_command fuzz/corpus/players_command fuzz/seeds/players_command -- -max_total_time=300
//
// The first corpus directory collects new inputs; the seeds are committed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| herald_fuzz::checks::players_command(data));
