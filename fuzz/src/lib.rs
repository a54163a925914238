//! herald's fuzz targets' checks, shared with the main crate's `tests/fuzz_corpus.rs`.
#![forbid(unsafe_code)]

pub mod checks;
