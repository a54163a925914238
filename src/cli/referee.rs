//! The referee's subcommands: `init`, `ingest`, `serve`, `game ...`, `outbox`.

use crate::{out, outln};
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::{Args, Subcommand, ValueEnum};

use crate::clock::SystemClock;
use crate::config::Config;
use crate::engine::Color;
use crate::mail::transport;
use crate::referee::archive::{self, Archive};
use crate::referee::export::{self, PgnHeader};
use crate::referee::records::{GameRecord, GameStatus, Player};
use crate::service::{self, Service};
use crate::variants::diagram;
use crate::variants::{self, Observer};

use super::EXIT_CONFIG;

/// The configuration file given with `--config` (or `HERALD_CONFIG`), if any.
pub type ConfigPath<'a> = Option<&'a Path>;

fn load_config(config: ConfigPath<'_>) -> Result<Config, String> {
    Config::load_or_default(config).map_err(|e| e.to_string())
}

pub(super) fn open(config: ConfigPath<'_>) -> Result<Service, String> {
    Service::open(load_config(config)?, Arc::new(SystemClock)).map_err(|e| e.to_string())
}

/// `herald ingest`.
#[derive(Args, Debug)]
pub struct IngestArgs {
    /// The envelope recipient, as the mail server knows it (Postfix: ${recipient}); the reply
    /// token is read from it.
    #[arg(long)]
    recipient: Option<String>,
}

/// `herald serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// One pass over the inbox and the outbox, then exit.
    #[arg(long)]
    once: bool,
}

/// `herald game`.
#[derive(Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    command: GameCommand,
}

#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Start a game and mail the invitations; prints the game's number.
    #[command(after_help = examples!(
        "# Chess, on the club's time control:",
        "$ herald game new --white ann@example.org --black bob@example.org",
        "# Crown, the players by name, three days a move:",
        "$ herald game new --variant crown --white \"Ann Smith <ann@example.org>\" \\",
        "    --black \"Bob Brown <bob@example.org>\" --time-control \"3 days per move\"",
        "# Chess with a ninja for each player (the variant chess+ninja):",
        "$ herald game new --with ninja --white ann@example.org \\",
        "    --black bob@example.org",
    ))]
    New {
        /// The variant (see `herald variants`).
        #[arg(long, default_value = "chess", value_parser = super::VariantId, hide_possible_values = true)]
        variant: String,
        /// An additional piece for each player: `ninja` (the game's variant becomes VARIANT+ninja).
        #[arg(long = "with", value_name = "PIECE", value_parser = ["ninja"])]
        with: Option<String>,
        /// White: a mail address, or "Name <address>".
        #[arg(long)]
        white: String,
        /// Black: a mail address, or "Name <address>".
        #[arg(long)]
        black: String,
        /// White's name as the mails show it (instead of a name given with --white).
        #[arg(long)]
        white_name: Option<String>,
        /// Black's name as the mails show it (instead of a name given with --black).
        #[arg(long)]
        black_name: Option<String>,
        /// The game's time control: "3 days per move", "10 moves in 50 days", "3 days per
        /// move, at most 15 banked" (default: the club's `games.time_control`).
        #[arg(long, value_parser = super::tournament::time_control_arg)]
        time_control: Option<crate::clock::TimeControl>,
    },
    /// List the games, newest first: number, variant, players, tournament and round, moves,
    /// state.
    #[command(after_help = examples!(
        "$ herald game list",
        "# For a script: the games still in play",
        "$ herald game list --json | jq '.[] | select(.status == \"active\")'",
    ))]
    List {
        /// One JSON array of the games, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show a game as both players may know it (while a game with secrets goes on, its
    /// secrets stay sealed); with --as, what that player may see of it now (their view of the
    /// board, the move list as they may read it, their notices).
    #[command(after_help = examples!(
        "$ herald game show 12",
        "# What White sees now:",
        "$ herald game show 12 --as white",
        "# For a script:",
        "$ herald game show 12 --json",
    ))]
    Show {
        /// The game's number.
        id: i64,
        /// Show the game as this player sees it.
        #[arg(long = "as", value_enum, conflicts_with = "reveal")]
        side: Option<Side>,
        /// Show everything, the secrets of a game still going on included.
        #[arg(long)]
        reveal: bool,
        /// The same facts as one JSON object, for scripts (as secret as the text).
        #[arg(long)]
        json: bool,
    },
    /// Export a game: --pgn for the moves, --json for the archive `herald verify` checks.
    /// While a game with secrets goes on, the PGN holds only what both players may know.
    #[command(after_help = examples!(
        "$ herald game export 12 --pgn > game-12.pgn",
        "$ herald game export 12 --json > game-12.json",
    ))]
    Export {
        /// The game's number.
        id: i64,
        /// As PGN.
        #[arg(long, conflicts_with = "json")]
        pgn: bool,
        /// As the archive (variant, players, moves with their chain records, commitments and
        /// the openings revealed so far, result).
        #[arg(long)]
        json: bool,
        /// With --pgn: every move and the start position, the secrets of a game still going
        /// on included.
        #[arg(long, requires = "pgn")]
        reveal: bool,
    },
}

/// `herald log`.
#[derive(Args, Debug)]
pub struct LogArgs {
    /// Only the events of this game.
    #[arg(long)]
    game: Option<i64>,
    /// How many of the newest events.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Show the details of events of games with secrets that still go on.
    #[arg(long)]
    reveal: bool,
    /// The events as JSON: each one's time, game, kind and detail.
    #[arg(long)]
    json: bool,
}

/// A side on the command line.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum Side {
    White,
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// `herald outbox`.
#[derive(Args, Debug)]
pub struct OutboxArgs {
    /// List sent mails too, not only those waiting or dead.
    #[arg(long)]
    all: bool,
    /// The counts and the mails as JSON.
    #[arg(long)]
    json: bool,
    #[command(subcommand)]
    command: Option<OutboxCommand>,
}

#[derive(Subcommand, Debug)]
enum OutboxCommand {
    /// Send dead letters again (all, or the one with this row number from `herald outbox`),
    /// once their cause is fixed: the next pass of `herald serve` sends them.
    #[command(after_help = examples!(
        "# Every dead letter:",
        "$ herald outbox retry",
        "# Only row 41 of herald outbox:",
        "$ herald outbox retry 41",
    ))]
    Retry {
        /// The outbox row to send again; all dead letters without it.
        id: Option<i64>,
    },
    /// Print a mail as it was (or will be) sent, headers and body: a sent mail's body is kept
    /// `outgoing.keep_sent_days` days, then only its row stays.
    #[command(after_help = examples!(
        "$ herald outbox show 41",
        "$ herald outbox show 41 > mail-41.eml",
        "# A mail of a game that keeps secrets and goes on:",
        "$ herald outbox show 41 --reveal",
    ))]
    Show {
        /// The outbox row, as `herald outbox` lists it.
        id: i64,
        /// Show it even if its game keeps secrets and goes on (a player's mail tells that
        /// player's own secrets).
        #[arg(long)]
        reveal: bool,
    },
}

/// `herald init`: the database with its secret, and the Maildirs.
pub fn init(config: ConfigPath<'_>) -> Result<(), String> {
    let config = load_config(config)?;
    let db = Service::init(&config).map_err(|e| e.to_string())?;
    outln!("herald is ready: database {}", db.display());
    if let Some(inbox) = &config.inbox.maildir {
        outln!("inbox Maildir: {}", inbox.display());
    }
    if config.inbox.authentication.require == crate::config::Required::None {
        tracing::warn!(
            "inbox.authentication.require is none: a mail counts as a player's with a valid reply token and the \
             player's From address, which anyone who saw one of the game's mails can forge; see \"Authenticated \
             senders\" in README"
        );
    }
    Ok(())
}

/// `herald ingest < mail`: exit 0 once handled (answered or deliberately ignored), 75
/// (EX_TEMPFAIL) when the mail server should try again later.
pub fn ingest(config: ConfigPath<'_>, args: IngestArgs) -> ExitCode {
    const EX_TEMPFAIL: u8 = 75;
    let mut raw = Vec::new();
    let config = match load_config(config) {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "herald ingest: the configuration cannot be used; the mail server will retry");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // One byte past the limit is enough to know a mail is too large.
    let limit = config.inbox.max_message_bytes as u64 + 1;
    if let Err(e) = std::io::stdin().take(limit).read_to_end(&mut raw) {
        tracing::error!(error = %e, "herald ingest: the mail cannot be read; the mail server will retry");
        return ExitCode::from(EX_TEMPFAIL);
    }
    // Drain the rest so the mail server does not see a broken pipe.
    let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
    let mut service = match Service::open(config, Arc::new(SystemClock)) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "herald ingest: the database cannot be opened; the mail server will retry");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    match service.ingest(&raw, args.recipient.as_deref()) {
        Ok(_) => {
            // A duplicate was logged as one where it was recognised.
            // Pipe delivery may run without a daemon: send what is due now (this mail's
            // answers, retries, the mails of an earlier crashed delivery), best effort. When
            // a daemon runs, it sends; what fails stays in the outbox for the next sender.
            if let Err(e) = send_now(&mut service) {
                tracing::warn!(error = %e, "herald ingest: the answers wait in the outbox for the next sender");
            }
            ExitCode::SUCCESS
        }
        Err(e) if e.is_transient() => {
            tracing::warn!(error = %e, "herald ingest: the mail server will retry");
            ExitCode::from(EX_TEMPFAIL)
        }
        Err(e) => {
            // Not transient, and not even recorded: whatever fails while a mail is handled is
            // answered and logged inside the service, so this is the database itself refusing
            // to record that (a broken or read-only database). Exit 0 would lose the mail
            // silently; EX_TEMPFAIL keeps it in the mail server's queue while an administrator
            // repairs the database.
            tracing::error!(error = %e, "herald ingest: the mail stays with the mail server");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}

/// Sends the outbox if no daemon does.
fn send_now(service: &mut Service) -> Result<(), String> {
    let Some(lock) = service.wait_send_lock().map_err(|e| e.to_string())? else { return Ok(()) };
    let transport = transport::from_config(&service.config().outgoing.transport)?;
    service.send_due(&lock, transport.as_ref()).map_err(|e| e.to_string())?;
    Ok(())
}

/// `herald serve [--once]`.
/// `herald serve`: 0 when stopped by a signal (or after `--once`), [`EXIT_CONFIG`] when the
/// configuration or the credentials are refused, 1 for any other failure.
pub fn serve(config: ConfigPath<'_>, args: ServeArgs) -> ExitCode {
    match serve_until_stopped(config, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stopped::NeedsOperator(e)) => {
            eprintln!(
                "herald: {e}\nherald serve stops (exit status {EXIT_CONFIG}) and is not restarted by its service: \
                 correct the configuration, then start it again"
            );
            ExitCode::from(EXIT_CONFIG)
        }
        Err(Stopped::Failed(e)) => {
            eprintln!("herald: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why `herald serve` ended.
enum Stopped {
    /// Only a person can make it work (see [`EXIT_CONFIG`]).
    NeedsOperator(String),
    /// Anything else.
    Failed(String),
}

impl From<service::ServiceError> for Stopped {
    fn from(e: service::ServiceError) -> Stopped {
        if e.needs_operator() { Stopped::NeedsOperator(e.to_string()) } else { Stopped::Failed(e.to_string()) }
    }
}

fn serve_until_stopped(config_path: ConfigPath<'_>, args: ServeArgs) -> Result<(), Stopped> {
    let config = load_config(config_path).map_err(Stopped::NeedsOperator)?;
    // The packaged configuration is the example until the club edits it: say so, rather
    // than try to reach the example's servers.
    if let Some(placeholder) = config.placeholders().first() {
        let file = config_path.map_or("the configuration".into(), |path| path.display().to_string());
        return Err(Stopped::NeedsOperator(format!("edit {file}: {placeholder}")));
    }
    let mut service = Service::open(config, Arc::new(SystemClock))?;
    let daemon = service::lock_database(&service.config().database).map_err(|e| Stopped::Failed(e.to_string()))?;
    // The daemon is the sender for its whole life; `herald ingest` leaves sending to it.
    let send_lock = loop {
        if let Some(lock) = service.try_send_lock()? {
            break lock;
        }
        // A `herald ingest` is finishing its sends.
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let transport = transport::from_config(&service.config().outgoing.transport).map_err(Stopped::NeedsOperator)?;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| Stopped::Failed(format!("signal handler: {e}")))?;
    }
    if args.once {
        let mut pass = service.serve_pass(&send_lock, transport.as_ref(), &stop)?;
        service.close_inbox();
        // While this pass held the daemon lock, a `herald ingest` left its answers to it; one
        // that committed after the pass's last send would wait for the next cron run. So the
        // lock goes first, then one more send: an ingest that still saw the lock committed
        // before it went, and one that did not sends for itself.
        drop(daemon);
        let last = service.send_due(&send_lock, transport.as_ref())?;
        pass.sent.add(&last);
        tracing::info!(
            "herald serve: {} mail(s) handled, {} set aside, {} game(s) on the clock, {} sent, {} to retry, {} dead",
            pass.handled.len(),
            pass.set_aside,
            pass.deadlines,
            pass.sent.sent,
            pass.sent.retrying,
            pass.sent.dead
        );
        return Ok(());
    }
    let config = service.config();
    tracing::info!(
        version = env!("CARGO_PKG_VERSION"),
        config = %config_path.map_or("(none: the defaults)".into(), |path| path.display().to_string()),
        database = %config.database.display(),
        inbox = %inbox_description(config),
        transport = %transport_description(&config.outgoing.transport),
        "herald serve started"
    );
    service.serve(&send_lock, transport.as_ref(), &stop)?;
    // A failure is said by `serve` itself, once, with what to do.
    tracing::info!("herald serve stopped (by a signal)");
    Ok(())
}

/// `herald game list [--json]`.
fn list_games(service: &mut Service, json: bool) -> Result<(), String> {
    let games = service
        .store()
        .read(|tx| {
            let games = tx.games()?;
            let mut listed = Vec::with_capacity(games.len());
            for game in games {
                let pairing = tx.pairing_of_game(game.record.id)?;
                listed.push((game, pairing.map(|(tournament, pairing)| (tournament, pairing.round))));
            }
            Ok(listed)
        })
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    let state = |r: &GameRecord| match (&r.result, r.status) {
        (Some(result), _) => format!("{} {}", result.score, result.reason),
        (None, GameStatus::Active) => "in play".to_string(),
        (None, GameStatus::Finished) => "finished".to_string(),
    };
    if json {
        let player = |p: &Player| serde_json::json!({ "name": p.name, "email": p.email });
        let rows: Vec<serde_json::Value> = games
            .iter()
            .map(|(g, place)| {
                let r = &g.record;
                serde_json::json!({
                    "id": r.id,
                    "variant": r.variant,
                    "white": player(&r.white),
                    "black": player(&r.black),
                    "tournament": place.map(|(t, _)| t),
                    "round": place.map(|(_, round)| round),
                    "plies": g.plies,
                    "status": if r.status == GameStatus::Active { "active" } else { "finished" },
                    "result": r.result.as_ref().map(|result| &result.score),
                    "reason": r.result.as_ref().map(|result| &result.reason),
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?);
        return Ok(());
    }
    // Columns as wide as their widest entry, so a long variant id or name shifts nothing.
    let rows: Vec<[String; 6]> = games
        .iter()
        .map(|(g, place)| {
            let r = &g.record;
            [
                format!("#{}", r.id),
                r.variant.clone(),
                format!("{} - {}", r.white.display_name(), r.black.display_name()),
                place.map_or("-".to_string(), |(t, round)| format!("T{t} R{round}")),
                format!("{} plies", g.plies),
                state(r),
            ]
        })
        .collect();
    let headings = ["game", "variant", "players", "tournament", "moves", "state"].map(str::to_string);
    let mut widths = headings.each_ref().map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&headings).chain(&rows) {
        let cells: Vec<String> = row.iter().zip(widths).map(|(cell, width)| format!("{cell:<width$}")).collect();
        outln!("{}", cells.join("  ").trim_end());
    }
    Ok(())
}

/// Where `herald serve` reads mail from, for its start line.
fn inbox_description(config: &Config) -> String {
    match (&config.inbox.maildir, &config.inbox.imap) {
        (Some(dir), _) => format!("Maildir {}", dir.display()),
        (None, Some(imap)) => format!(
            "IMAP {}:{} folder {} as {}",
            imap.host,
            imap.port.unwrap_or(if imap.tls == crate::config::TlsMode::Tls { 993 } else { 143 }),
            imap.folder,
            imap.user
        ),
        (None, None) => "none (mail comes by pipe, herald ingest)".into(),
    }
}

/// How `herald serve` sends mail, for its start line.
fn transport_description(transport: &crate::config::Transport) -> String {
    match transport {
        crate::config::Transport::Smtp { host, port, user, .. } => format!(
            "SMTP {host}{}{}",
            port.map(|p| format!(":{p}")).unwrap_or_default(),
            user.as_ref().map(|u| format!(" as {u}")).unwrap_or_default()
        ),
        crate::config::Transport::Sendmail { command } => format!("sendmail {}", command.display()),
        crate::config::Transport::Maildir { path } => format!("Maildir {} (sent to nobody)", path.display()),
    }
}

/// `herald game ...`.
pub fn game(config: ConfigPath<'_>, args: GameArgs) -> Result<(), String> {
    let mut service = open(config)?;
    match args.command {
        GameCommand::New { variant, with, white, black, white_name, black_name, time_control } => {
            let variant = super::variant_with(variant, with)?;
            let named = |player: &str, name: Option<String>| {
                Player::parse(player).map(|parsed| Player { name: name.or(parsed.name), ..parsed })
            };
            let (white, black) = (named(&white, white_name)?, named(&black, black_name)?);
            let (white_shown, black_shown) = (white.display_name().into_owned(), black.display_name().into_owned());
            let id = service.new_game_with(&variant, white, black, time_control).map_err(|e| e.to_string())?;
            // The number alone on standard output, for scripts; the words for the person.
            outln!("{id}");
            eprintln!(
                "game {id} ({variant}) between {white_shown} (White) and {black_shown} (Black): the invitations are \
                 queued in the outbox; herald serve sends them at its next pass (or run herald serve --once)"
            );
            Ok(())
        }
        GameCommand::List { json } => list_games(&mut service, json),
        GameCommand::Show { id, side, reveal, json } => show(&mut service, id, side.map(Color::from), reveal, json),
        GameCommand::Export { id, pgn, json, reveal } => {
            if json {
                let archive = archive_of(&mut service, id)?;
                outln!("{}", serde_json::to_string_pretty(&archive).map_err(|e| e.to_string())?);
            } else if pgn {
                out!("{}", export_pgn(&mut service, id, reveal)?);
            } else {
                return Err("choose a format: --pgn or --json".to_string());
            }
            Ok(())
        }
    }
}

fn load_game(
    service: &mut Service,
    id: i64,
) -> Result<(crate::referee::records::GameRecord, Box<dyn variants::VariantGame>), String> {
    let record = service
        .store()
        .read(|tx| tx.game(id))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no game #{id}"))?;
    let variant = variants::by_id(&record.variant).ok_or_else(|| format!("unknown variant {}", record.variant))?;
    let game = variant.restore(&record.snapshot).map_err(|e| e.to_string())?;
    Ok((record, game))
}

/// Whether a game keeps secrets now: it has some, and it goes on. Every output of the command
/// line then shows only what both players may know, unless the operator asks with --reveal
/// (and says so).
fn sealed(record: &GameRecord) -> bool {
    record.status == GameStatus::Active && !record.commitments.is_empty()
}

/// What the command line shows of a game to someone who is not one of its players.
fn public_observer(record: &GameRecord, reveal: bool) -> Observer {
    if reveal || !sealed(record) { Observer::Everyone } else { Observer::Public }
}

/// The line that says the secrets are sealed, and how to see them.
const SEALED_NOTE: &str =
    "This game keeps secrets while it goes on: shown here is only what both players may know (--reveal shows all).";

/// Prints a game: as both players may know it (or, with `reveal`, everything), or exactly as
/// one player sees it (the text of the mail that player would get now); with `json`, the same
/// facts as one JSON object for scripts, kept as secret as the text.
fn show(service: &mut Service, id: i64, side: Option<Color>, reveal: bool, json: bool) -> Result<(), String> {
    let (record, game) = load_game(service, id)?;
    // A player sees their own view while the game goes on; afterwards nothing is secret.
    let observer = match side {
        Some(color) if record.status == GameStatus::Active => Observer::Player(color),
        Some(_) => Observer::Everyone,
        None => public_observer(&record, reveal),
    };
    // A game that ended, by the rules or by a decision they do not see (a resignation, time),
    // has no move to make and no secret left.
    let view = if record.status == GameStatus::Finished { game.ended_view(observer) } else { game.view(observer) };
    let (paused, unreachable) = service
        .store()
        .read(|tx| {
            let mut unreachable = Vec::new();
            for color in Color::BOTH {
                if let Some(since) = tx.unreachable_since(&record.player(color).email)? {
                    unreachable.push((color, since));
                }
            }
            Ok((tx.clock_paused_at(id)?, unreachable))
        })
        .map_err(|e| e.to_string())?;
    let control = record.time_control.map_or_else(
        || format!("{} days per move (the club's games.days_per_move)", service.config().games.days_per_move),
        |c| c.to_string(),
    );
    let to_move = record.result.is_none().then(|| game.turn());
    let fen = (observer == Observer::Everyone).then(|| game.fen());
    if json {
        let player = |p: &Player| serde_json::json!({ "name": p.name, "email": p.email });
        let colour = |c: Color| if c.is_white() { "white" } else { "black" };
        let mut number = view.first_move_number;
        let mut mover = view.first_mover;
        let mut moves = Vec::with_capacity(view.moves.len());
        for m in &view.moves {
            moves.push(serde_json::json!({ "number": number, "color": colour(mover), "move": m }));
            if !mover.is_white() {
                number += 1;
            }
            mover = mover.other();
        }
        let shown_as = match observer {
            Observer::Player(color) => colour(color),
            Observer::Public => "public",
            Observer::Everyone => "everyone",
        };
        let shown = serde_json::json!({
            "id": record.id,
            "variant": record.variant,
            "variant_name": game.variant().name(),
            "white": player(&record.white),
            "black": player(&record.black),
            "shown_as": shown_as,
            "sealed": observer == Observer::Public,
            "board": diagram::render(&view, side.unwrap_or(Color::White)),
            "moves": moves,
            "notices": view.notices,
            "legal_moves": view.legal_moves,
            "to_move": to_move.map(colour),
            "result": record.result.as_ref().map(|r| serde_json::json!({ "score": r.score, "reason": r.reason })),
            "unreachable": unreachable
                .iter()
                .map(|(color, since)| serde_json::json!({ "color": colour(*color), "since": since.to_string() }))
                .collect::<Vec<_>>(),
            "clock_paused_since": paused.map(|since| since.to_string()),
            "time_control": control,
            "clocks": { "white": record.clocks[0], "black": record.clocks[1] },
            "vacations": Color::BOTH
                .iter()
                .flat_map(|&color| record.vacations[color.index()].iter().map(move |v| (color, v)))
                .map(|(color, v)| serde_json::json!({
                    "color": colour(color),
                    "first_day": v.first_day.to_string(),
                    "last_day": v.last_day.to_string(),
                }))
                .collect::<Vec<_>>(),
            "deadline": record.deadline.map(|d| d.to_string()),
            "fen": fen,
        });
        outln!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
        return Ok(());
    }
    outln!("Game #{}: {} ({})", record.id, game.variant().name(), record.variant);
    outln!("White: {}", record.white.display_name());
    outln!("Black: {}", record.black.display_name());
    if observer == Observer::Public {
        outln!("{SEALED_NOTE}");
    }
    outln!();
    out!("{}", diagram::render(&view, side.unwrap_or(Color::White)));
    outln!();
    outln!("Moves: {}", diagram::move_list(&view));
    for notice in &view.notices {
        outln!("{notice}");
    }
    if let Some(legal) = &view.legal_moves {
        outln!("Legal moves: {}", legal.join(", "));
    }
    match (&record.result, to_move) {
        (Some(r), _) => outln!("Result: {} ({})", r.score, r.reason),
        (None, Some(color)) => outln!("{} to move", color.title()),
        (None, None) => {}
    }
    for (color, since) in unreachable {
        outln!("{} is unreachable since {since}: herald's mails to them bounce", color.title());
    }
    if let Some(since) = paused {
        outln!("The clock is paused since {since}");
    }
    outln!("Time control: {control}");
    for color in Color::BOTH {
        if let Some(days) = record.clocks[color.index()] {
            outln!("{}'s clock: {days} days (after their last move)", color.title());
        }
        for v in &record.vacations[color.index()] {
            outln!("{}'s vacation: {} to {}", color.title(), v.first_day, v.last_day);
        }
    }
    if let Some(deadline) = record.deadline {
        outln!("Deadline: {deadline}");
    }
    if let Some(fen) = fen {
        outln!("FEN: {fen}");
    }
    Ok(())
}

/// The game as PGN (see [`crate::referee::export::pgn`]): while a game with secrets goes on,
/// and `reveal` is not given, only what both players may know.
pub(super) fn export_pgn(service: &mut Service, id: i64, reveal: bool) -> Result<String, String> {
    let (record, game) = load_game(service, id)?;
    let header = PgnHeader::of(
        &record,
        service.config().referee.address.clone(),
        record.white.display_name().to_string(),
        record.black.display_name().to_string(),
    );
    Ok(export::pgn(&header, game.as_ref(), public_observer(&record, reveal)))
}

/// `herald log`: the newest events, oldest first. The details of events of a game that keeps
/// secrets are shown only with --reveal.
pub fn log(config: ConfigPath<'_>, args: LogArgs) -> Result<(), String> {
    let mut service = open(config)?;
    let (events, games) = service
        .store()
        .read(|tx| {
            let events = tx.recent_events(args.game, args.limit)?;
            let mut games = Vec::new();
            for id in events.iter().filter_map(|e| e.game_id) {
                if !games.iter().any(|(g, _)| *g == id) {
                    games.push((id, tx.game(id)?.is_some_and(|record| sealed(&record))));
                }
            }
            Ok((events, games))
        })
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    let mut shown = Vec::new();
    for event in events {
        let keeps_secrets = games.iter().any(|&(g, sealed)| Some(g) == event.game_id && sealed);
        let detail = if keeps_secrets && !args.reveal {
            "(sealed while the game goes on: --reveal shows it)".to_string()
        } else {
            event.detail
        };
        if args.json {
            shown.push(serde_json::json!({
                "at": event.at.to_string(),
                "game": event.game_id,
                "kind": event.kind,
                "detail": detail,
                "sealed": keeps_secrets && !args.reveal,
            }));
            continue;
        }
        let game = event.game_id.map_or("-".to_string(), |g| format!("#{g}"));
        outln!("{} {:<6} {:<22} {detail}", event.at.strftime("%Y-%m-%d %H:%M:%S"), game, event.kind);
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// `herald outbox`: mails waiting, retrying or dead (with --all, also sent ones).
pub fn outbox(config: ConfigPath<'_>, args: OutboxArgs) -> Result<(), String> {
    let mut service = open(config)?;
    match args.command {
        Some(OutboxCommand::Retry { id }) => return retry_dead_letters(&mut service, id),
        Some(OutboxCommand::Show { id, reveal }) => return show_outbox_mail(&mut service, id, reveal),
        None => {}
    }
    let (rows, counts) = service
        .store()
        .read(|tx| Ok((tx.outbox(!args.all)?, tx.outbox_counts()?)))
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    let noted = service.store().sent_notes().map_err(|e| e.to_string())?;
    let is_noted =
        |row: &crate::store::OutboxRow| row.status == crate::store::OutboxStatus::Pending && noted.contains(&row.id);
    if args.json {
        let counts: serde_json::Map<String, serde_json::Value> =
            counts.iter().map(|(status, n)| (status.to_string(), (*n).into())).collect();
        let mails: Vec<serde_json::Value> = rows
            .iter()
            .map(|row| {
                serde_json::json!({
                    "id": row.id,
                    "status": if is_noted(row) { "noted" } else { row.status.as_str() },
                    "game": row.game_id,
                    "attempts": row.attempts,
                    "next_attempt": row.next_attempt_at.to_string(),
                    "to": row.recipient,
                    "message_id": row.message_id,
                    "last_error": row.last_error_shown(),
                })
            })
            .collect();
        let shown = serde_json::json!({ "counts": counts, "mails": mails });
        outln!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
        return Ok(());
    }
    let summary: Vec<String> = counts.iter().map(|(status, n)| format!("{n} {status}")).collect();
    outln!("outbox: {}", if summary.is_empty() { "empty".to_string() } else { summary.join(", ") });
    let noted_pending = rows.iter().filter(|row| is_noted(row)).count();
    if noted_pending > 0 {
        outln!(
            "{noted_pending} of the pending mails were taken by the relay and noted in {}.sent; the next \
             sender records them as sent (status \"noted\" below)",
            service.config().database.display()
        );
    }
    for row in rows {
        let game = row.game_id.map_or("-".to_string(), |g| format!("#{g}"));
        outln!(
            "{:<6} {:<8} {:<6} attempts {:<2} next {}  to {}  <{}>{}",
            row.id,
            if is_noted(&row) { "noted" } else { row.status.as_str() },
            game,
            row.attempts,
            row.next_attempt_at.strftime("%Y-%m-%d %H:%M:%S"),
            row.recipient,
            row.message_id,
            // As the log shows it: without the return path, whose bounce token lets anyone who
            // reads it forge a bounce (`OutboxRow::last_error_shown`).
            row.last_error_shown().map(|e| format!("\n       last error: {e}")).unwrap_or_default()
        );
    }
    Ok(())
}

/// `herald outbox show ID`: the mail's bytes as they are sent, or why they are not kept.
fn show_outbox_mail(service: &mut Service, id: i64, reveal: bool) -> Result<(), String> {
    let (row, record) = service
        .store()
        .read(|tx| {
            let row = tx.outbox_row(id)?;
            let record = match row.as_ref().and_then(|r| r.game_id) {
                Some(game) => tx.game(game)?,
                None => None,
            };
            Ok((row, record))
        })
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    let row = row.ok_or_else(|| format!("there is no mail {id} in the outbox (herald outbox --all lists them)"))?;
    // A player's mail tells that player's own secrets: while the game keeps them, only with
    // --reveal, as every other output of the command line.
    if let Some(record) = record.filter(|record| sealed(record) && !reveal) {
        return Err(format!(
            "mail {id} is of game #{}, which keeps secrets while it goes on: --reveal shows it",
            record.id
        ));
    }
    if row.bytes.is_empty() {
        let sent = row.sent_at.map_or("-".to_string(), |at| at.strftime("%Y-%m-%d %H:%M:%S UTC").to_string());
        return Err(format!(
            "mail {id} to {} was sent {sent}; its body is no longer kept (outgoing.keep_sent_days: {})",
            row.recipient,
            service.config().outgoing.keep_sent_days
        ));
    }
    use std::io::Write;
    crate::cli::output::Stdout.write_all(&row.message()?).map_err(|e| e.to_string())
}

/// `herald outbox retry [ID]`.
fn retry_dead_letters(service: &mut Service, only: Option<i64>) -> Result<(), String> {
    let revived = service.retry_dead_letters(only).map_err(|e| e.to_string())?;
    if revived.is_empty() {
        outln!("no dead letters: nothing to send again");
        return Ok(());
    }
    let list: Vec<String> = revived.iter().map(i64::to_string).collect();
    outln!(
        "{} dead letter(s) will be sent again ({}): by the running `herald serve` at its next pass, or by \
         `herald serve --once`",
        revived.len(),
        list.join(", ")
    );
    Ok(())
}

/// The archive of a stored game.
fn archive_of(service: &mut Service, id: i64) -> Result<Archive, String> {
    service.archive(id).map_err(|e| e.to_string())
}

/// Prints a verification report; an error if anything broke.
fn print_report(report: &archive::Report) -> Result<(), String> {
    for line in &report.passed {
        outln!("ok      {line}");
    }
    for line in &report.open {
        outln!("open    {line}");
    }
    for line in &report.failed {
        outln!("FAILED  {line}");
    }
    if report.ok() && report.open.is_empty() {
        outln!("verified");
        Ok(())
    } else if report.ok() {
        outln!("verified so far; {} check(s) open", report.open.len());
        Ok(())
    } else {
        Err(format!("{} check(s) failed", report.failed.len()))
    }
}

/// `herald verify ARCHIVE.json`: checks an archive with no database.
pub fn verify(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let archive: Archive =
        serde_json::from_str(&text).map_err(|e| format!("{} is not a herald archive: {e}", path.display()))?;
    print_report(&archive::verify(&archive))
}

/// `herald audit ID`: the same checks on a game in the database.
pub fn audit(config: ConfigPath<'_>, id: i64) -> Result<(), String> {
    let mut service = open(config)?;
    let archive = archive_of(&mut service, id)?;
    print_report(&archive::verify(&archive))
}
