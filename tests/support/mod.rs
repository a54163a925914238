//! Support code shared by herald's integration tests.
//!
//! Include it from a test file with `mod support;`. Each test binary uses a
//! different subset of the helpers, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod archive_schema;
pub mod certs;
pub mod chromium;
pub mod club;
pub mod core;
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
