//! The command line: argument parsing with clap, one module per subcommand.

mod perft;
mod player;
mod referee;
mod replay;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::variants::{self, Variant};

/// herald, a play-by-email referee for chess variants with secrets.
#[derive(Parser, Debug)]
#[command(name = "herald", version, about)]
pub struct Cli {
    /// Configuration file (YAML); without one, herald runs on its defaults under
    /// ./herald-data/.
    #[arg(long, short = 'c', global = true, env = "HERALD_CONFIG")]
    config: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree (the move generator's proof of exactness).
    Perft(perft::PerftArgs),
    /// Replay PGN games or a bare move list, checking every move; print each final FEN.
    Replay(replay::ReplayArgs),
    /// List the variants herald referees.
    Variants,
    /// Measure perft speed beside Fairy-Stockfish on the same machine.
    Bench(crate::bench::BenchArgs),
    /// Create the database, its reply-token secret and the Maildir folders.
    Init,
    /// Handle one mail from standard input (for the mail server's pipe delivery).
    Ingest(referee::IngestArgs),
    /// Watch the inbox Maildir and send the outbox, until SIGTERM.
    Serve(referee::ServeArgs),
    /// Start, list, show and export games.
    Game(referee::GameArgs),
    /// Club tournaments: make, open, start, pair, adjudicate, export.
    Tournament(tournament::TournamentArgs),
    /// What the director does for a player: their vacation days (`leave`).
    Player(player::PlayerArgs),
    /// Players' Glicko-2 ratings, per variant.
    Ratings(tournament::RatingsArgs),
    /// The club's static web site: tournaments and games.
    Site(tournament::SiteArgs),
    /// List the mails waiting to be sent, retrying or dead.
    Outbox(referee::OutboxArgs),
    /// The event log: every mail handled, refused or not answered, and why; mails that herald
    /// failed to handle, with their reference.
    Log(referee::LogArgs),
    /// Check a game's archive (from `herald game export ID --json`) with no database:
    /// commitments open, the move log is a whole chain, every move is legal, the result
    /// follows.
    Verify {
        /// The archive file.
        archive: std::path::PathBuf,
    },
    /// The same checks as `verify`, on a game in the database.
    Audit {
        /// The game's number.
        id: i64,
    },
    /// Play a short scripted game through the whole pipeline and print every mail.
    Demo {
        /// Folder to run in (default: the system's temporary folder).
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
    },
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ingest(args) => return referee::ingest(cli.config.as_deref(), args),
        Command::Init => referee::init(cli.config.as_deref()),
        Command::Serve(args) => referee::serve(cli.config.as_deref(), args),
        Command::Game(args) => referee::game(cli.config.as_deref(), args),
        Command::Tournament(args) => tournament::tournament(cli.config.as_deref(), args),
        Command::Player(args) => player::player(cli.config.as_deref(), args),
        Command::Ratings(args) => tournament::ratings(cli.config.as_deref(), args),
        Command::Site(args) => tournament::site(cli.config.as_deref(), args),
        Command::Outbox(args) => referee::outbox(cli.config.as_deref(), args),
        Command::Log(args) => referee::log(cli.config.as_deref(), args),
        Command::Verify { archive } => referee::verify(&archive),
        Command::Audit { id } => referee::audit(cli.config.as_deref(), id),
        Command::Demo { dir } => crate::demo::run(dir.as_deref(), &mut std::io::stdout()).map(drop),
        Command::Perft(args) => perft::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Variants => {
            for v in variants::all() {
                println!("{:<12} {}", v.id(), v.summary());
            }
            Ok(())
        }
        Command::Bench(args) => crate::bench::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("herald: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The variant named on the command line, or an error listing the known ones.
fn variant(id: &str) -> Result<&'static dyn Variant, String> {
    variants::by_id(id).ok_or_else(|| {
        let known: Vec<&str> = variants::all().iter().map(|v| v.id()).collect();
        format!("unknown variant {id:?}; known: {}", known.join(", "))
    })
}
