//! Support code shared by herald's integration tests.
//!
//! Declared once, in `tests/integration.rs`; a test file uses it with
//! `use crate::support;`. Not every helper is used by the tests of every
//! configuration, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod archive_schema;
pub mod certs;
pub mod chromium;
pub mod club;
pub mod core;
pub mod crown_movegen;
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
