//! The command line: argument parsing with clap, one module per subcommand.

mod logging;
mod manual;
mod ops;
pub mod output;
mod perft;
mod player;
mod referee;
mod replay;
mod setup;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::outln;
use crate::variants::{self, Variant};
pub use logging::{LogFormat, LogLevel};

/// herald, a play-by-email referee for chess variants with secrets.
#[derive(Parser, Debug)]
#[command(name = "herald", version, about, max_term_width = 80, after_help = examples!(
    "# A club's first run, then the daemon:",
    "$ herald setup",
    "$ herald serve",
    "# A game between two players, then how it stands:",
    "$ herald game new --variant crown --white ann@example.org \\",
    "    --black \"Bob Brown <bob@example.org>\"",
    "$ herald game show 1",
))]
pub struct Cli {
    /// Configuration file (YAML). Without it (or HERALD_CONFIG), herald reads ./herald.yaml,
    /// else /etc/herald/herald.yaml, else runs on its defaults under ./herald-data/ and says so.
    #[arg(long, short = 'c', global = true, env = "HERALD_CONFIG")]
    config: Option<std::path::PathBuf>,
    /// How log lines (standard error) are written: text, or one JSON object per line.
    #[arg(long, global = true, value_enum, default_value_t, env = "HERALD_LOG_FORMAT")]
    log_format: LogFormat,
    /// The least severe events logged.
    #[arg(long, global = true, value_enum, default_value_t, env = "HERALD_LOG_LEVEL")]
    log_level: LogLevel,
    #[command(subcommand)]
    command: Command,
}

/// In the order of who uses them: the club's setup and daemon, games, tournaments, the
/// operator's backups, then the tools for the curious and for developers.
#[derive(Subcommand, Debug)]
enum Command {
    /// A club's first run: asks (or takes by flags) the club's name, address and mail provider,
    /// writes a commented herald.yaml, makes the database and folders, and runs the doctor.
    #[command(after_help = examples!(
        "# Asks on the terminal, writes ./herald.yaml and ./herald-data/:",
        "$ herald setup",
        "# The same by flags, for a script:",
        "$ herald setup --dir riverside --club \"Riverside Chess Club\" \\",
        "    --address referee@riverside.example --provider fastmail",
    ))]
    Setup(setup::SetupArgs),
    /// Create the database, its reply-token secret and the Maildir folders.
    #[command(after_help = examples!(
        "$ herald init --config /etc/herald/herald.yaml",
    ))]
    Init,
    /// Read the inbox (its Maildir or IMAP folder), run the clock and send the outbox, until
    /// SIGTERM. Exits with 78 when its configuration or credentials are refused (a password,
    /// a folder, a certificate): the packaged service does not restart it then.
    #[command(after_help = examples!(
        "# The daemon, as the packaged service runs it:",
        "$ herald serve --config /etc/herald/herald.yaml",
        "# One pass, from cron (without the service):",
        "$ herald serve --once",
    ))]
    Serve(referee::ServeArgs),
    /// Handle one mail from standard input (for the mail server's pipe delivery).
    #[command(after_help = examples!(
        "# In Postfix's master.cf, the pipe's command:",
        "$ herald ingest --config /etc/herald/herald.yaml --recipient ${recipient}",
        "# A saved mail, by hand:",
        "$ herald ingest < reply.eml",
    ))]
    Ingest(referee::IngestArgs),
    /// Check the configuration, permissions, the database, the outbox, the clock and the mail
    /// servers' logins; say what to do about each problem. Exit status 0 only when all is well.
    #[command(after_help = examples!(
        "$ herald doctor --config /etc/herald/herald.yaml",
    ))]
    Doctor,
    /// Counts: games in play, mails waiting, dead letters, the daemon's last pass.
    #[command(after_help = examples!(
        "$ herald status",
        "$ herald status --json",
    ))]
    Status {
        /// The same counts as one JSON object, for scripts (a monitor's check).
        #[arg(long)]
        json: bool,
    },
    /// Start, list, show and export games.
    #[command(after_help = examples!(
        "$ herald game new --white ann@example.org --black bob@example.org",
        "$ herald game list",
        "$ herald game show 12",
    ))]
    Game(referee::GameArgs),
    /// What the director does for a player: their vacation days (`leave`).
    #[command(after_help = examples!(
        "$ herald player leave ann@example.org",
    ))]
    Player(player::PlayerArgs),
    /// List the mails waiting to be sent, retrying or dead.
    #[command(after_help = examples!(
        "$ herald outbox",
        "# Sent mails too:",
        "$ herald outbox --all",
        "# Dead letters, for a script:",
        "$ herald outbox --json | jq '.mails[] | select(.status == \"dead\")'",
        "# Every dead letter again, once its cause is fixed:",
        "$ herald outbox retry",
    ))]
    Outbox(referee::OutboxArgs),
    /// The event log: every mail handled, refused or not answered, and why; mails that herald
    /// failed to handle, with their reference.
    #[command(after_help = examples!(
        "$ herald log --limit 20",
        "# Game 12's events, the details of its secrets included:",
        "$ herald log --game 12 --reveal",
        "$ herald log --json --limit 500 > events.json",
    ))]
    Log(referee::LogArgs),
    /// Check a game's archive (from `herald game export ID --json`) with no database:
    /// commitments open, the move log is a whole chain, every move is legal, the result
    /// follows.
    #[command(after_help = examples!(
        "$ herald game export 12 --json > game-12.json",
        "$ herald verify game-12.json",
    ))]
    Verify {
        /// The archive file.
        archive: std::path::PathBuf,
    },
    /// The same checks as `verify`, on a game in the database.
    #[command(after_help = examples!(
        "$ herald audit 12",
    ))]
    Audit {
        /// The game's number.
        id: i64,
    },
    /// Club tournaments: make, open, start, pair, adjudicate, export.
    #[command(after_help = examples!(
        "$ herald tournament new --name \"Autumn Crown 2026\" --variant crown \\",
        "    --system round-robin --players \"Ann <ann@example.org>,bob@example.org\"",
        "$ herald tournament start 1",
        "$ herald tournament standings 1",
    ))]
    Tournament(tournament::TournamentArgs),
    /// Players' Glicko-2 ratings, per variant.
    #[command(after_help = examples!(
        "$ herald ratings",
        "$ herald ratings --variant crown --json",
    ))]
    Ratings(tournament::RatingsArgs),
    /// The club's static web site: tournaments and games.
    #[command(after_help = examples!(
        "$ herald site build /var/www/chess",
    ))]
    Site(tournament::SiteArgs),
    /// Write a consistent copy of the database (while the daemon runs, too), readable by its
    /// owner only: every game, its secrets and the reply-token key.
    #[command(after_help = examples!(
        "# From cron, as the user herald, into a folder of mode 0700:",
        "$ herald backup /var/backups/herald/herald-$(date +%F).db",
    ))]
    Backup {
        /// The backup file to write (it must not exist).
        file: std::path::PathBuf,
    },
    /// Put a backup back as the database (herald serve stopped; the database must not exist),
    /// check it and bring its schema up to date.
    #[command(after_help = examples!(
        "# With herald stopped and the old database moved aside:",
        "$ herald restore /var/backups/herald/herald-2026-10-01.db",
    ))]
    Restore {
        /// The backup file.
        file: std::path::PathBuf,
    },
    /// Play a short game of a variant through the whole pipeline, showing what makes the
    /// variant itself; print every mail, verify its archive, and leave the mails with an index
    /// page to open in a browser.
    #[command(after_help = examples!(
        "# A Crown game, its mails printed:",
        "$ herald demo",
        "# Safety in Numbers in ./demo: open demo/index.html in a browser:",
        "$ herald demo --variant safety-in-numbers --dir demo",
        "# The same Crown game, its mails in Russian:",
        "$ herald demo --language ru",
    ))]
    Demo {
        /// The variant to play (`herald variants` lists them); a Crown game by default.
        #[arg(long, default_value = crate::demo::DEFAULT_VARIANT, value_parser = VariantId, hide_possible_values = true)]
        variant: String,
        /// The language of the mails, as a club whose `referee.language` it is would send
        /// them: en (the default), ru, de, es or fr.
        #[arg(long)]
        language: Option<String>,
        /// The folder to write into (made if missing): empty, or an earlier demo's, which is
        /// replaced (default: a new folder in the system's temporary folder).
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
    },
    /// List the variants herald referees.
    #[command(after_help = examples!(
        "$ herald variants",
        "$ herald variants --json",
    ))]
    Variants {
        /// One JSON array of the variants (id, name, summary), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal move tree (the move generator's proof of exactness).
    #[command(after_help = examples!(
        "$ herald perft 4",
        "$ herald perft --variant capablanca --divide 3",
        "# Crown needs its secrets to know which monarch is royal:",
        "$ herald perft --variant crown --secret white.crown=king \\",
        "    --secret black.crown=queen 3",
    ))]
    Perft(perft::PerftArgs),
    /// Replay PGN games or a bare move list, checking every move; print each final FEN.
    #[command(after_help = examples!(
        "$ herald replay games.pgn",
        "$ herald game export 12 --pgn | herald replay",
        "$ herald replay --variant crown --secret white.crown=king \\",
        "    --secret black.crown=queen crown-game.pgn",
    ))]
    Replay(replay::ReplayArgs),
    /// Measurements beside a reference in the same run: perft against Fairy-Stockfish, a move
    /// mail's cost, mail throughput, tournament pairing.
    #[command(after_help = examples!(
        "$ herald bench perft",
        "$ herald bench mail --mails 1000",
    ))]
    Bench(crate::bench::BenchArgs),
    /// Write the shell completions and man pages into a folder (for packagers).
    #[command(hide = true)]
    #[command(after_help = examples!(
        "$ herald assets target/assets",
    ))]
    Assets {
        /// The folder (completions/ and man/ are made in it).
        dir: std::path::PathBuf,
    },
}

/// The exit status of `herald serve` when what stops it will not pass by itself: a refused
/// password or token, a folder that does not exist, a certificate that is not trusted, a
/// configuration that cannot be read (sysexits.h's EX_CONFIG). The packaged unit lists it in
/// `RestartPreventExitStatus`: restarting would only repeat the refusal, and a provider
/// answers a login refused every ten seconds by locking the account.
pub const EXIT_CONFIG: u8 = 78;

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // A benchmark measures herald, not its log lines, and the demo prints mails, not log
    // lines: only what needs attention is logged.
    let level =
        if matches!(cli.command, Command::Bench(_) | Command::Demo { .. }) { LogLevel::Warn } else { cli.log_level };
    logging::init(cli.log_format, level);
    let reads_config = !matches!(
        cli.command,
        Command::Perft(_)
            | Command::Replay(_)
            | Command::Variants { .. }
            | Command::Bench(_)
            | Command::Verify { .. }
            | Command::Assets { .. }
            | Command::Demo { .. }
            | Command::Setup(_)
    );
    let config = if reads_config { configuration(cli.config.as_deref()) } else { None };
    let config = config.as_deref();
    let result = match cli.command {
        Command::Ingest(args) => return referee::ingest(config, args),
        Command::Setup(args) => setup::run(args),
        Command::Init => referee::init(config),
        Command::Serve(args) => return referee::serve(config, args),
        Command::Game(args) => referee::game(config, args),
        Command::Tournament(args) => tournament::tournament(config, args),
        Command::Player(args) => player::player(config, args),
        Command::Ratings(args) => tournament::ratings(config, args),
        Command::Site(args) => tournament::site(config, args),
        Command::Outbox(args) => referee::outbox(config, args),
        Command::Log(args) => referee::log(config, args),
        Command::Verify { archive } => referee::verify(&archive),
        Command::Audit { id } => referee::audit(config, id),
        Command::Backup { file } => ops::backup(config, &file),
        Command::Restore { file } => ops::restore(config, &file),
        Command::Doctor => ops::doctor(config),
        Command::Status { json } => ops::status(config, json),
        Command::Assets { dir } => ops::assets(&dir),
        Command::Demo { variant, language, dir } => {
            crate::demo::run(&variant, language.as_deref(), dir.as_deref(), &mut output::Stdout).map(drop)
        }
        Command::Perft(args) => perft::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Variants { json: true } => {
            let listed: Vec<serde_json::Value> = variants::all()
                .iter()
                .map(|v| serde_json::json!({ "id": v.id(), "name": v.name(), "summary": v.summary() }))
                .collect();
            serde_json::to_string_pretty(&listed).map(|text| outln!("{text}")).map_err(|e| e.to_string())
        }
        Command::Variants { json: false } => {
            for v in variants::all() {
                outln!("{:<12} {}", v.id(), v.summary());
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

/// The configuration file a command reads (see [`crate::config::find`]), named in a log line;
/// without one, a warning says loudly what herald does instead, since a volunteer who put the
/// file in the wrong place would otherwise see herald run, and write mail nowhere.
fn configuration(given: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
    let searched = crate::config::SEARCHED.map(std::path::Path::new);
    let found = crate::config::find(given, &searched);
    match &found {
        Some(path) => tracing::info!(file = %path.display(), "configuration file"),
        None => tracing::warn!(
            "no configuration file: none given (--config, HERALD_CONFIG), no ./herald.yaml and no \
             /etc/herald/herald.yaml, so herald runs on its built-in defaults: the database and the Maildirs under \
             ./{}/, outgoing mail written into the Maildir ./{}/sent and sent to nobody",
            crate::config::DEFAULT_DATA_DIR,
            crate::config::DEFAULT_DATA_DIR
        ),
    }
    found
}

/// The variant id a game is played as: `variant`, or, with `--with ninja`, the variant with a
/// ninja for each player (`chess+ninja`), refused with the variants that take one where there
/// is none.
fn variant_with(variant: String, with: Option<String>) -> Result<String, String> {
    match with.as_deref() {
        None => Ok(variant),
        Some("ninja") => variants::ninja::with_ninja(&variant).map(|v| v.id().to_string()),
        Some(other) => Err(format!("--with {other}: the only piece herald can add is the ninja (--with ninja)")),
    }
}

/// The secrets given as `--secret LABEL=VALUE`, in order.
fn secrets(given: &[String]) -> Result<Vec<variants::Secret>, String> {
    given
        .iter()
        .map(|s| {
            let (label, value) = s.split_once('=').ok_or_else(|| format!("--secret {s:?} is not LABEL=VALUE"))?;
            Ok(variants::Secret { label: label.trim().to_string(), value: value.trim().to_string() })
        })
        .collect()
}

/// The variants' ids as a `--variant` takes them: checked as clap parses (an unknown id is
/// refused with the known ones), and offered by the shell completions, which clap_complete
/// writes from these possible values (hidden from `--help`, which names `herald variants`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct VariantId;

impl clap::builder::TypedValueParser for VariantId {
    type Value = String;

    fn parse_ref(
        &self,
        _command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_string_lossy();
        variant(&text)
            .map(|v| v.id().to_string())
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(variants::all().iter().map(|v| clap::builder::PossibleValue::new(v.id()).help(v.name()))))
    }
}

/// The variant named on the command line, or an error listing the known ones.
fn variant(id: &str) -> Result<&'static dyn Variant, String> {
    variants::by_id(id).ok_or_else(|| {
        let known: Vec<&str> = variants::all().iter().map(|v| v.id()).collect();
        format!("unknown variant {id:?}; known: {}", known.join(", "))
    })
}
