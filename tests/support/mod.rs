//! Support code shared by herald's integration tests.
//!
//! Declared once, in `tests/integration.rs`; a test file uses it with
//! `use crate::support;`. (Being one crate, the compiler now sees a helper no test uses.)

pub mod archive_schema;
pub mod certs;
pub mod chromium;
pub mod club;
pub mod core;
pub mod crown_movegen;
pub mod dom;
pub mod dovecot;
pub mod harness;
pub mod hashes;
pub mod mime;
pub mod opendkim;
pub mod postfix;
pub mod sink;
pub mod smtp;
pub mod split_mix;
pub mod stall;
pub mod table;
pub mod tempdir;
pub mod tournament;
