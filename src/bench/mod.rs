//! `herald bench`: measurements side by side with a reference in the same run, never timed
//! tests. Each benchmark brings its own plumbing (starting Fairy-Stockfish, postfix's
//! smtp-sink, throw-away databases); nothing of it is part of the referee.

mod dovecot;
mod games;
mod mail;
mod pairing;
mod perft;
mod picture;
mod site;

use std::path::Path;

use clap::{Args, Subcommand};

use crate::config::{Config, Inbox, Outgoing, Referee, Transport};

/// The configuration of a benchmark's throw-away database in `root`: the referee
/// `referee@bench.test`, the inbox Maildir in `root`, answers sent by `transport`.
fn bench_config(root: &Path, transport: Transport) -> Config {
    Config {
        referee: Referee {
            address: "referee@bench.test".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,

            commitments_url: None,
            language: None,
        },
        database: root.join("herald.db"),
        inbox: Inbox { maildir: Some(root.join("inbox")), ..Inbox::default() },
        outgoing: Outgoing { transport, ..Default::default() },
        ..Config::default()
    }
}

/// SplitMix64's finaliser: a fixed hash, so that the benchmarks' choices are the same in every
/// run.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The CPU time this thread has used.
fn thread_cpu() -> std::time::Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The CPU time this process has used, all its threads.
fn process_cpu() -> std::time::Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Arguments of `herald bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Subcommand, Debug)]
enum What {
    /// Perft nodes per second beside Fairy-Stockfish.
    #[command(after_help = examples!(
        "$ herald bench perft",
        "$ herald bench perft --deep",
    ))]
    Perft(perft::PerftBenchArgs),
    /// Move mails per second through `serve --once` beside the bare SQLite commit rate.
    #[command(after_help = examples!(
        "$ herald bench mail --mails 1000",
        "# The same mails as text alone, without the board picture:",
        "$ herald bench mail --mails 1000 --text-only",
        "$ herald bench mail --imap",
    ))]
    Mail(mail::MailBenchArgs),
    /// A move mail's cost at move 10 and 300, with 100 and 10,000 games; the daemon's memory.
    #[command(after_help = examples!(
        "$ herald bench games --games 1000 --plies 200",
    ))]
    Games(games::GamesBenchArgs),
    /// One Dutch Swiss round of a large field beside the Python oracle.
    #[command(after_help = examples!(
        "$ herald bench pairing --players 200",
    ))]
    Pairing(pairing::PairingBenchArgs),
    /// The board picture: herald's drawing beside the whole scene rasterised, on distinct
    /// boards of every variant.
    #[command(after_help = examples!(
        "$ herald bench picture",
        "# Also the png crate's filters and levels on the same pictures:",
        "$ herald bench picture --plies 8 --encodings",
    ))]
    Picture(picture::PictureBenchArgs),
    /// Keeping the club's site current: the daemon's pass after one move (only what the move
    /// touched) beside a full `herald site build`, with 1,000 games on the site.
    #[command(after_help = examples!(
        "$ herald bench site",
        "$ herald bench site --games 10000 --rounds 3",
    ))]
    Site(site::SiteBenchArgs),
}

/// Runs the chosen benchmark.
pub fn run(args: BenchArgs) -> Result<(), String> {
    match args.what {
        What::Perft(a) => perft::run(a),
        What::Mail(a) => mail::run(a),
        What::Games(a) => games::run(a),
        What::Pairing(a) => pairing::run(a),
        What::Picture(a) => picture::run(a),
        What::Site(a) => site::run(a),
    }
}
