//! herald: a play-by-email referee for chess variants with secrets.
//!
//! The crate is layered so that the rules never meet the mail: [`engine`] is the rules core,
//! [`variants`] defines each game on it, [`notation`] reads and writes moves and positions.
//! [`referee`] turns (stored game, incoming mail, now) into (new state, outgoing mail)
//! without I/O; [`store`], [`mail`] and [`clock`] are the edges, joined by [`service`];
//! [`site`] renders the club's static web site; [`cli`] is the command line over all of them, [`bench`] the measurements it offers, and
//! [`hex`] the one way bytes become text.
#![forbid(unsafe_code)]

/// A command's "Examples:" section, shown after its `--help` and as its man page's EXAMPLES:
/// each line indented; a `$ herald ...` line is a command (a trailing `\` continues it on the
/// next line), a `# ` line says what the commands below it do. `tests/command_line.rs` parses
/// every command with herald's own definition, so an example cannot go stale.
macro_rules! examples {
    ($($line:literal),+ $(,)?) => {
        concat!("Examples:", $("\n  ", $line),+)
    };
}

pub mod bench;
pub mod cli;
pub mod clock;
pub mod config;
pub mod demo;
pub mod engine;
pub mod hex;
pub mod language;
pub mod mail;
pub mod markup;
pub mod notation;
pub mod picture;
pub mod referee;
pub mod service;
pub mod site;
pub mod store;
pub mod tournament;
pub mod untrusted;
pub mod variants;
