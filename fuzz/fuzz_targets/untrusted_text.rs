// The fuzz target `untrusted_text`: see herald_fuzz::checks::untrusted_text for what it checks.
//
// Run from the repository root (cargo-fuzz passes nightly-only flags, which
// RUSTC_BOOTSTRAP=1 unlocks on the stable toolchain):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none untrusted_text fuzz/corpus/untrusted_text fuzz/seeds/untrusted_text -- -max_total_time=300
//
// The first corpus directory collects new inputs; the seeds are committed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| herald_fuzz::checks::untrusted_text(data));
