// The fuzz target `mail_reader`: see herald_fuzz::checks::mail_reader for what it checks.
//
// Run from the repository root (cargo-fuzz passes nightly-only flags, which
// RUSTC_BOOTSTRAP=1 unlocks on the stable toolchain):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none mail_reader fuzz/corpus/mail_reader fuzz/seeds/mail_reader -- -max_total_time=300
//
// The first corpus directory collects new inputs; the seeds are committed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| herald_fuzz::checks::mail_reader(data));
