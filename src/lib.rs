//! herald: a play-by-email referee for chess variants with secrets.
//!
//! The crate is layered so that the rules never meet the mail: [`engine`] is the rules core,
//! [`variants`] defines each game on it, [`notation`] reads and writes moves and positions,
//! and [`cli`] is the command line over all of them.
#![forbid(unsafe_code)]

pub mod cli;
pub mod config;
pub mod engine;
pub mod mail;
pub mod notation;
pub mod variants;
