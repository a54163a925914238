//! `herald tournament ...` and `herald ratings`: the tournament director's commands.

use crate::{out, outln};
use clap::{Args, Subcommand, ValueEnum};

use super::referee::{ConfigPath, open};
use crate::clock::TimeControl;
use crate::engine::Color;
use crate::referee::records::Player;
use crate::service::{NewTournament, Service};
use crate::store::StoreError;
use crate::tournament::standings::{Standing, TieBreak, TieBreakEdition};
use crate::tournament::withdrawal::WithdrawalPolicy;
use crate::tournament::{Entrant, Pairing, Points, Stage, System, Tournament, crosstable};

/// `herald tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(subcommand)]
    command: TournamentCommand,
}

/// A pairing system on the command line.
#[derive(Copy, Clone, Debug, ValueEnum)]
enum SystemArg {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
}

impl From<SystemArg> for System {
    fn from(s: SystemArg) -> System {
        match s {
            SystemArg::RoundRobin => System::RoundRobin,
            SystemArg::DoubleRoundRobin => System::DoubleRoundRobin,
            SystemArg::Swiss => System::Swiss,
        }
    }
}

#[derive(Subcommand, Debug)]
enum TournamentCommand {
    /// Make a tournament; prints its number. Players may be entered now, by `enter`, or by
    /// mail once entries are open.
    #[command(after_help = examples!(
        "# A round robin of three, entered at once:",
        "$ herald tournament new --name \"Autumn Crown 2026\" --variant crown \\",
        "    --system round-robin --time-control \"3 days per move\" \\",
        "    --players \"Ann <ann@example.org>,Ben <ben@example.org>,cy@example.org\"",
        "# A Swiss of five rounds that players join by mail:",
        "$ herald tournament new --name \"Winter Swiss\" --system swiss --rounds 5",
    ))]
    New {
        /// Its name, e.g. "Autumn Crown 2026".
        #[arg(long)]
        name: String,
        /// The variant (see `herald variants`).
        #[arg(long, default_value = "chess", value_parser = super::VariantId, hide_possible_values = true)]
        variant: String,
        /// An additional piece for each player in every game: `ninja` (the variant becomes
        /// VARIANT+ninja).
        #[arg(long = "with", value_name = "PIECE", value_parser = ["ninja"])]
        with: Option<String>,
        /// The pairing system.
        #[arg(long, value_enum)]
        system: SystemArg,
        /// Rounds (a Swiss; a round robin's follow from the players).
        #[arg(long, default_value_t = 0)]
        rounds: u32,
        /// Its games' time control: "3 days per move", "10 moves in 50 days", "3 days per
        /// move, at most 15 banked" (default: the club's `games.time_control`).
        #[arg(long, value_parser = time_control_arg)]
        time_control: Option<TimeControl>,
        /// The same as `--time-control "D days per move"`.
        #[arg(long, conflicts_with = "time_control")]
        days_per_move: Option<u32>,
        /// Players entered at once, comma-separated: `a@x,b@y` or `Ann <a@x>,b@y`.
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
        /// Tie-breaks in order, comma-separated: sonneborn-berger, buchholz, buchholz-cut-1,
        /// direct-encounter, wins (default: sonneborn-berger,wins for a round robin,
        /// buchholz-cut-1,buchholz,sonneborn-berger for a Swiss).
        #[arg(long, value_delimiter = ',')]
        tiebreaks: Vec<String>,
        /// The edition of FIDE's tie-break rules (C.07) the tie-breaks follow: 2026 (the
        /// default) or 2024 (herald's rules before 2026; docs/tournament-scoring.md says what
        /// differs).
        #[arg(long, value_parser = tiebreak_edition_arg, default_value = "2026")]
        tiebreak_edition: TieBreakEdition,
        /// Points of a pairing-allocated bye in a Swiss (1, 0.5 or 0).
        #[arg(long, default_value = "1")]
        bye_points: String,
        /// What becomes of a withdrawn player's games: annul-if-under-half or forfeit-remaining.
        #[arg(long, default_value = "forfeit-remaining")]
        withdrawal: String,
        /// Games change no rating.
        #[arg(long)]
        unrated: bool,
        /// The language of the mails to its players who chose none of their own (en, ru, de,
        /// es, fr, or a club's own); the club's (`referee.language`) by default.
        #[arg(long)]
        language: Option<String>,
    },
    /// Open entries by mail: a player mails `join ID` (or `join NAME`) to the referee.
    #[command(after_help = examples!(
        "# Then a player mails \"join 2\" to the referee:",
        "$ herald tournament open 2",
    ))]
    Open {
        /// The tournament's number.
        id: i64,
    },
    /// Enter a player (confirmed at once).
    #[command(after_help = examples!(
        "$ herald tournament enter 2 \"Di Jones <di@example.org>\"",
    ))]
    Enter {
        /// The tournament's number.
        id: i64,
        /// The player: `a@x` or `Ann <a@x>`.
        player: String,
    },
    /// Start it: the start list, the pairings, every game's invitation.
    #[command(after_help = examples!(
        "$ herald tournament start 2",
    ))]
    Start {
        /// The tournament's number.
        id: i64,
    },
    /// Pair and start the next Swiss round (also done by itself when a round's last game ends).
    #[command(after_help = examples!(
        "$ herald tournament pair 2",
    ))]
    Pair {
        /// The tournament's number.
        id: i64,
    },
    /// List the tournaments.
    #[command(after_help = examples!(
        "$ herald tournament list",
        "$ herald tournament list --json",
    ))]
    List {
        /// One JSON array of the tournaments, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The tournament's terms, entrants and rounds, each board with its game's number.
    #[command(after_help = examples!(
        "$ herald tournament show 2",
        "# For a script:",
        "$ herald tournament show 2 --json",
    ))]
    Show {
        /// The tournament's number.
        id: i64,
        /// The same facts as one JSON object, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The standings with tie-breaks.
    #[command(after_help = examples!(
        "$ herald tournament standings 2",
        "# The leader's name, for a script:",
        "$ herald tournament standings 2 --json | jq -r '.standings[0].name'",
    ))]
    Standings {
        /// The tournament's number.
        id: i64,
        /// The standings as JSON: each player's rank, number, name, points and tie-breaks.
        #[arg(long)]
        json: bool,
    },
    /// The crosstable.
    #[command(after_help = examples!(
        "$ herald tournament crosstable 2",
        "$ herald tournament crosstable 2 --json > crosstable-2.json",
    ))]
    Crosstable {
        /// The tournament's number.
        id: i64,
        /// The crosstable as JSON: the players, every pairing with its result and game, and the
        /// standings.
        #[arg(long)]
        json: bool,
    },
    /// End a game by the TD's decision, with a result: 1-0, 0-1, 1/2-1/2, or the points
    /// as W:B (e.g. 0.7:0.25).
    #[command(after_help = examples!(
        "$ herald tournament adjudicate 12 1-0",
        "$ herald tournament adjudicate 12 1/2-1/2",
        "# Royal Chess's points for a stalemate:",
        "$ herald tournament adjudicate 12 0.7:0.25",
    ))]
    Adjudicate {
        /// The game's number.
        game: i64,
        /// The result.
        result: String,
    },
    /// A game lost by forfeit by one side.
    #[command(after_help = examples!(
        "# Black did not move in time and lost game 12:",
        "$ herald tournament forfeit 12 black",
    ))]
    Forfeit {
        /// The game's number.
        game: i64,
        /// Who loses it.
        #[arg(value_enum)]
        loser: LoserArg,
    },
    /// Forbid two players to meet (a Swiss).
    #[command(after_help = examples!(
        "# Two of one family never meet:",
        "$ herald tournament forbid 2 ann@example.org ben@example.org",
    ))]
    Forbid {
        /// The tournament's number.
        id: i64,
        /// One player's address.
        a: String,
        /// The other's.
        b: String,
    },
    /// Withdraw a player (by the club's rule for withdrawals).
    #[command(after_help = examples!(
        "$ herald tournament withdraw 2 cy@example.org",
    ))]
    Withdraw {
        /// The tournament's number.
        id: i64,
        /// The player's address.
        email: String,
    },
    /// Export the tournament: --trf (FIDE TRF-16) or --pgn (all its games).
    #[command(after_help = examples!(
        "$ herald tournament export 2 --trf > winter-swiss.trf",
        "$ herald tournament export 2 --pgn > winter-swiss.pgn",
    ))]
    Export {
        /// The tournament's number.
        id: i64,
        /// As FIDE's Tournament Report File.
        #[arg(long, conflicts_with = "pgn")]
        trf: bool,
        /// Every game as PGN (games with secrets still going on: what both players may know).
        #[arg(long)]
        pgn: bool,
    },
    /// Import a tournament begun elsewhere from a TRF file; `pair` then pairs its next round.
    #[command(after_help = examples!(
        "# A Swiss begun elsewhere; then herald tournament pair ID:",
        "$ herald tournament import --trf taken-over.trf \\",
        "    --players ann@example.org,ben@example.org,cy@example.org,di@example.org",
    ))]
    Import {
        /// The TRF file.
        #[arg(long)]
        trf: std::path::PathBuf,
        /// The variant its games continue in.
        #[arg(long, default_value = "chess", value_parser = super::VariantId, hide_possible_values = true)]
        variant: String,
        /// The players' addresses in starting-number order, comma-separated (a TRF has none).
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        /// Points of a pairing-allocated bye (1, 0.5 or 0); the file's `BBU` line, if any, wins.
        #[arg(long, default_value = "1")]
        bye_points: String,
        /// The edition of FIDE's tie-break rules (C.07) the tie-breaks follow: 2026 (the
        /// default) or 2024 (herald's rules before 2026; docs/tournament-scoring.md says what
        /// differs).
        #[arg(long, value_parser = tiebreak_edition_arg, default_value = "2026")]
        tiebreak_edition: TieBreakEdition,
    },
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum LoserArg {
    White,
    Black,
}

/// `herald ratings`.
#[derive(Args, Debug)]
pub struct RatingsArgs {
    /// Only this variant.
    #[arg(long, value_parser = super::VariantId, hide_possible_values = true)]
    variant: Option<String>,
    /// One JSON array of the ratings, for scripts.
    #[arg(long)]
    json: bool,
}

/// An edition of the tie-break rules as the command line names it.
fn tiebreak_edition_arg(name: &str) -> Result<TieBreakEdition, String> {
    TieBreakEdition::parse(name.trim()).ok_or_else(|| {
        let known: Vec<&str> = TieBreakEdition::ALL.iter().map(|e| e.as_str()).collect();
        format!("unknown tie-break edition {name:?}; known: {}", known.join(", "))
    })
}

/// A time control as the command line gives it.
pub(super) fn time_control_arg(text: &str) -> Result<TimeControl, String> {
    text.parse().map_err(|e: crate::clock::control::TimeControlError| e.to_string())
}

/// `--days-per-move D` as the time control `D days per move`, or the `--time-control` given.
pub(super) fn per_move_or(days: Option<u32>, control: Option<TimeControl>) -> Result<Option<TimeControl>, String> {
    match days {
        Some(0) => Err("--days-per-move must be at least 1".to_string()),
        Some(days) => Ok(Some(TimeControl::PerMove { days })),
        None => Ok(control),
    }
}

/// "Ann <a@x>" or "a@x".
fn player(text: &str) -> Player {
    let text = text.trim();
    match text.rsplit_once('<') {
        Some((name, rest)) => Player {
            email: rest.trim_end_matches('>').trim().to_ascii_lowercase(),
            name: Some(name.trim().trim_matches('"').to_string()).filter(|n| !n.is_empty()),
        },
        None => Player { email: text.to_ascii_lowercase(), name: None },
    }
}

/// A round's table (from [`crosstable::round_text`]) with each board's game number, for the
/// director (the players' mails show the table alone).
fn with_game_numbers(table: &str, pairings: &[crate::tournament::Pairing], round: u32) -> String {
    let mut boards: Vec<&crate::tournament::Pairing> = pairings.iter().filter(|p| p.round == round).collect();
    boards.sort_by_key(|p| p.board);
    let mut lines = table.lines();
    let mut out = lines.next().map(|heading| format!("{heading}\n")).unwrap_or_default();
    for (line, pairing) in lines.zip(boards) {
        match pairing.game {
            Some(game) => out.push_str(&format!("{line}  game #{game}\n")),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out
}

/// Round `round` of tournament `id` as the director reads it: each board with its players, its
/// game's number and the bye.
fn print_round(service: &mut Service, id: i64, round: u32) -> Result<(), String> {
    let (entries, pairings) =
        service.store().read(|tx| Ok((tx.entries(id)?, tx.pairings(id)?))).map_err(store_error)?;
    let entrants: Vec<_> = entries.into_iter().filter(|e| e.entrant.number > 0).map(|e| e.entrant).collect();
    out!("{}", with_game_numbers(&crosstable::round_text(&entrants, &pairings, round), &pairings, round));
    Ok(())
}

/// A tournament's time control as `show` says it.
fn time_control_text(t: &Tournament) -> String {
    t.time_control.map_or("the club's".to_string(), |c| c.to_string())
}

/// The colour drawn by lot for a Swiss once it has started.
fn initial_colour(t: &Tournament) -> Option<&'static str> {
    (t.system == System::Swiss && matches!(t.stage, Stage::Running | Stage::Finished))
        .then_some(if t.initial_colour == Color::White { "white" } else { "black" })
}

/// A tournament's terms as `list --json` and `show --json` give them.
fn terms_json(t: &Tournament) -> serde_json::Value {
    serde_json::json!({
        "id": t.id,
        "name": t.name,
        "variant": t.variant,
        "system": t.system.as_str(),
        "rounds": t.rounds,
        "status": t.stage.as_str(),
        "time_control": time_control_text(t),
        "initial_colour": initial_colour(t),
        "tiebreaks": t.tiebreaks.iter().map(|t| t.as_str()).collect::<Vec<_>>(),
        "tiebreak_edition": t.tiebreak_edition.as_str(),
        "bye_points": t.bye_points.to_string(),
        "withdrawals": t.withdrawal.as_str(),
        "rated": t.rated,
    })
}

/// `tournament show --json`: the terms, the entrants (by starting number once it started; 0
/// before) and every round's boards with their game numbers and results.
fn show_json(
    t: &Tournament,
    entries: &[crate::store::Entry],
    pairings: &[crate::tournament::Pairing],
) -> serde_json::Value {
    let mut shown = terms_json(t);
    let entrants: Vec<serde_json::Value> = entries
        .iter()
        .map(|e| {
            serde_json::json!({
                "number": (e.entrant.number > 0).then_some(e.entrant.number),
                "name": e.entrant.name,
                "email": e.entrant.email,
                "confirmed": e.confirmed,
                "withdrawn_after": e.entrant.withdrawn_after,
            })
        })
        .collect();
    let rounds: Vec<serde_json::Value> = (1..=crate::tournament::director::latest_round(pairings))
        .map(|round| {
            let mut boards: Vec<&crate::tournament::Pairing> = pairings.iter().filter(|p| p.round == round).collect();
            boards.sort_by_key(|p| p.board);
            let boards: Vec<serde_json::Value> = boards.into_iter().map(pairing_json).collect();
            serde_json::json!({ "round": round, "boards": boards })
        })
        .collect();
    shown["entrants"] = serde_json::Value::Array(entrants);
    shown["paired_rounds"] = serde_json::Value::Array(rounds);
    shown
}

/// The tournament game `game` belongs to, if any.
fn game_tournament(service: &mut Service, game: i64) -> Result<Option<i64>, String> {
    Ok(service.store().read(|tx| tx.pairing_of_game(game)).map_err(store_error)?.map(|(t, _)| t))
}

/// The latest round paired in tournament `id`.
fn round_paired(service: &mut Service, id: Option<i64>) -> Result<u32, String> {
    let Some(id) = id else { return Ok(0) };
    let pairings = service.store().read(|tx| tx.pairings(id)).map_err(store_error)?;
    Ok(crate::tournament::director::latest_round(&pairings))
}

/// What the director's decision on `game` did: its result, its place, and a round it started.
fn report_game(service: &mut Service, game: i64, how: &str, round_before: u32) -> Result<(), String> {
    let record = service.store().read(|tx| tx.game(game)).map_err(store_error)?;
    let score = record.as_ref().and_then(|r| r.result.as_ref()).map_or("-".to_string(), |r| r.score.clone());
    let place = service.store().read(|tx| tx.pairing_of_game(game)).map_err(store_error)?;
    match &place {
        Some((t, p)) => outln!("game #{game} {how}: {score} (tournament #{t}, round {}, board {})", p.round, p.board),
        None => outln!("game #{game} {how}: {score}"),
    }
    report_new_round(service, place.map(|(t, _)| t), round_before)
}

/// Says so when tournament `id` has a round paired after `round_before`, or has ended.
fn report_new_round(service: &mut Service, id: Option<i64>, round_before: u32) -> Result<(), String> {
    let Some(id) = id else { return Ok(()) };
    let now = round_paired(service, Some(id))?;
    if now > round_before {
        outln!("round {now} of tournament #{id} is paired and its games started");
    }
    let finished =
        service.store().read(|tx| tx.tournament(id)).map_err(store_error)?.is_some_and(|t| t.stage == Stage::Finished);
    if finished {
        outln!("tournament #{id} is over: its final standings are mailed");
    }
    Ok(())
}

/// "1", "0.5", "0.65" as points.
fn points(text: &str) -> Result<Points, String> {
    let bad = || format!("{text:?} is not a number of points");
    let (whole, fraction) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: u32 = whole.parse().map_err(|_| bad())?;
    let fraction: u32 = if fraction.is_empty() { 0 } else { format!("{fraction:0<3}").parse().map_err(|_| bad())? };
    Ok(Points(whole * 1000 + fraction))
}

/// A result as the TD writes it.
fn result_points(text: &str) -> Result<(Points, Points), String> {
    Ok(match text.trim() {
        "1-0" => (Points::ONE, Points::ZERO),
        "0-1" => (Points::ZERO, Points::ONE),
        "1/2-1/2" | "½-½" | "=" => (Points::HALF, Points::HALF),
        other => {
            let (w, b) = other.split_once(':').ok_or_else(|| format!("{other:?}: write 1-0, 0-1, 1/2-1/2 or W:B"))?;
            (points(w)?, points(b)?)
        }
    })
}

fn store_error(e: StoreError) -> String {
    e.to_string()
}

/// `herald tournament ...`.
pub fn tournament(config: ConfigPath<'_>, args: TournamentArgs) -> Result<(), String> {
    let mut service = open(config)?;
    let err = |e: crate::service::ServiceError| e.to_string();
    match args.command {
        TournamentCommand::New {
            name,
            variant,
            with,
            system,
            rounds,
            time_control,
            days_per_move,
            players,
            tiebreaks,
            tiebreak_edition,
            bye_points,
            withdrawal,
            unrated,
            language,
        } => {
            let variant = super::variant_with(variant, with)?;
            let system = System::from(system);
            let tiebreaks: Vec<TieBreak> = if tiebreaks.is_empty() {
                match system {
                    System::Swiss => vec![TieBreak::BuchholzCut1, TieBreak::Buchholz, TieBreak::SonnebornBerger],
                    _ => vec![TieBreak::SonnebornBerger, TieBreak::Wins],
                }
            } else {
                tiebreaks
                    .iter()
                    .map(|t| {
                        TieBreak::parse(t.trim()).ok_or_else(|| {
                            let known: Vec<&str> = TieBreak::ALL.iter().map(|t| t.as_str()).collect();
                            format!("unknown tie-break {t:?}; known: {}", known.join(", "))
                        })
                    })
                    .collect::<Result<_, _>>()?
            };
            let withdrawal = WithdrawalPolicy::parse(&withdrawal).ok_or_else(|| {
                format!("unknown withdrawal rule {withdrawal:?}: annul-if-under-half or forfeit-remaining")
            })?;
            let terms = Tournament {
                id: 0,
                name,
                variant,
                system,
                rounds,
                time_control: per_move_or(days_per_move, time_control)?,
                stage: Stage::New,
                tiebreaks,
                tiebreak_edition,
                bye_points: points(&bye_points)?,
                withdrawal,
                initial_colour: Color::White,
                rated: !unrated,
                language,
                created_at: crate::clock::Timestamp::UNIX_EPOCH,
            };
            let players = players.iter().filter(|p| !p.trim().is_empty()).map(|p| player(p)).collect();
            let id = service.create_tournament(NewTournament { terms, players }).map_err(err)?;
            outln!("{id}");
        }
        TournamentCommand::Open { id } => service.open_tournament(id).map_err(err)?,
        TournamentCommand::Enter { id, player: p } => service.enter_player(id, player(&p)).map_err(err)?,
        TournamentCommand::Start { id } => {
            let games = service.start_tournament(id).map_err(err)?;
            outln!("{} game(s) started", games.len());
            print_round(&mut service, id, 1)?;
        }
        TournamentCommand::Pair { id } => match service.pair_next_round(id).map_err(err)? {
            Some(round) => {
                outln!("round {round} of tournament #{id} paired, its games started and their invitations queued:");
                print_round(&mut service, id, round)?;
            }
            None => outln!("no round left to pair: the tournament is over, its final standings mailed"),
        },
        TournamentCommand::List { json } => {
            let all = service.store().read(|tx| tx.tournaments()).map_err(store_error)?;
            if json {
                let rows: Vec<serde_json::Value> = all.iter().map(terms_json).collect();
                outln!("{}", serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?);
                return Ok(());
            }
            for t in all {
                outln!(
                    "#{:<4} {:<28} {:<12} {:<18} {} round(s)  {}",
                    t.id,
                    t.name,
                    t.variant,
                    t.system.as_str(),
                    t.rounds,
                    t.stage.as_str()
                );
            }
        }
        TournamentCommand::Show { id, json } => {
            let (t, entries, pairings) = service
                .store()
                .read(|tx| Ok((tx.tournament(id)?, tx.entries(id)?, tx.pairings(id)?)))
                .map_err(store_error)?;
            let t = t.ok_or_else(|| format!("there is no tournament #{id}"))?;
            if json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&show_json(&t, &entries, &pairings)).map_err(|e| e.to_string())?
                );
                return Ok(());
            }
            outln!("Tournament #{}: {}", t.id, t.name);
            outln!(
                "Variant: {}   System: {}   Rounds: {}   Status: {}",
                t.variant,
                t.system.as_str(),
                t.rounds,
                t.stage.as_str()
            );
            let tiebreaks: Vec<&str> = t.tiebreaks.iter().map(|t| t.as_str()).collect();
            outln!("Time control: {}", time_control_text(&t));
            if let Some(colour) = initial_colour(&t) {
                // What Art. 5.2.5 gives in every round, and what the TRF's `XXC` says.
                outln!("Initial colour (drawn by lot): {colour}");
            }
            outln!(
                "Tie-breaks: {} (edition {})   Bye: {}   Withdrawals: {}   {}",
                tiebreaks.join(", "),
                t.tiebreak_edition.as_str(),
                t.bye_points,
                t.withdrawal.as_str(),
                if t.rated { "rated" } else { "unrated" }
            );
            outln!();
            for e in &entries {
                let state = match (e.confirmed, e.entrant.withdrawn_after) {
                    (false, _) => "  (waiting for confirmation)".to_string(),
                    (true, Some(after)) => format!("  (withdrew after round {after})"),
                    (true, None) => String::new(),
                };
                let number = if e.entrant.number == 0 { "-".to_string() } else { e.entrant.number.to_string() };
                outln!("{number:>3}  {} <{}>{state}", e.entrant.name, e.entrant.email);
            }
            let entrants: Vec<_> = entries.into_iter().filter(|e| e.entrant.number > 0).map(|e| e.entrant).collect();
            for round in 1..=crate::tournament::director::latest_round(&pairings) {
                outln!();
                out!("{}", with_game_numbers(&crosstable::round_text(&entrants, &pairings, round), &pairings, round));
            }
        }
        TournamentCommand::Standings { id, json } | TournamentCommand::Crosstable { id, json } => {
            let crosstable_wanted = matches!(args.command, TournamentCommand::Crosstable { .. });
            let (t, entries, pairings) = service
                .store()
                .read(|tx| Ok((tx.tournament(id)?, tx.entries(id)?, tx.pairings(id)?)))
                .map_err(store_error)?;
            let t = t.ok_or_else(|| format!("there is no tournament #{id}"))?;
            let entrants: Vec<_> = entries.into_iter().filter(|e| e.entrant.number > 0).map(|e| e.entrant).collect();
            let table = t.standings(&entrants, &pairings);
            if json {
                let shown = tables_json(&t, &entrants, &pairings, &table, crosstable_wanted);
                outln!("{}", serde_json::to_string_pretty(&shown).map_err(|e| e.to_string())?);
            } else if crosstable_wanted {
                outln!("{}", t.name);
                out!("{}", crosstable::text(&entrants, &pairings, &table));
            } else {
                outln!("{}", t.name);
                out!("{}", crosstable::standings_text(&entrants, &table));
            }
        }
        TournamentCommand::Adjudicate { game, result } => {
            let (white, black) = result_points(&result)?;
            let tournament = game_tournament(&mut service, game)?;
            let before = round_paired(&mut service, tournament)?;
            service.direct_game(game, white, black, false).map_err(err)?;
            report_game(&mut service, game, "adjudicated", before)?;
        }
        TournamentCommand::Forfeit { game, loser } => {
            let (white, black) = match loser {
                LoserArg::White => (Points::ZERO, Points::ONE),
                LoserArg::Black => (Points::ONE, Points::ZERO),
            };
            let tournament = game_tournament(&mut service, game)?;
            let before = round_paired(&mut service, tournament)?;
            service.direct_game(game, white, black, true).map_err(err)?;
            report_game(&mut service, game, "forfeited", before)?;
        }
        TournamentCommand::Forbid { id, a, b } => service.forbid_pair(id, &a, &b).map_err(err)?,
        TournamentCommand::Withdraw { id, email } => {
            let before = round_paired(&mut service, Some(id))?;
            service.withdraw_player(id, &email).map_err(err)?;
            let (entries, pairings) =
                service.store().read(|tx| Ok((tx.entries(id)?, tx.pairings(id)?))).map_err(store_error)?;
            let email = email.trim().to_ascii_lowercase();
            let entrant = entries.iter().find(|e| e.entrant.email == email).map(|e| &e.entrant);
            let forfeited = entrant.map_or(0, |e| {
                pairings
                    .iter()
                    .filter(|p| p.white == e.number || p.black == Some(e.number))
                    .filter(|p| p.score.is_some_and(|s| s.finish == crate::tournament::Finish::Forfeit))
                    .count()
            });
            let t = service.store().read(|tx| tx.tournament(id)).map_err(store_error)?;
            let (swiss, rule) = t.map_or((false, ""), |t| (t.system == System::Swiss, t.withdrawal.as_str()));
            match entrant.and_then(|e| e.withdrawn_after) {
                Some(after) if swiss => {
                    outln!("{email} withdrew after round {after}; {forfeited} game(s) of theirs forfeited")
                }
                Some(_) => outln!("{email} withdrew (rule: {rule}); {forfeited} game(s) of theirs forfeited"),
                None => outln!("{email} is not withdrawn"),
            }
            report_new_round(&mut service, Some(id), before)?;
        }
        TournamentCommand::Export { id, trf: as_trf, pgn } => {
            if as_trf {
                out!("{}", service.export_trf(id).map_err(err)?);
            } else if pgn {
                let pairings = service.store().read(|tx| tx.pairings(id)).map_err(store_error)?;
                for game in pairings.iter().filter_map(|p| p.game) {
                    out!("{}", super::referee::export_pgn(&mut service, game, false)?);
                    outln!();
                }
            } else {
                return Err("choose a format: --trf or --pgn".to_string());
            }
        }
        TournamentCommand::Import { trf: path, variant, players, bye_points, tiebreak_edition } => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let terms = Tournament {
                id: 0,
                name: path.display().to_string(),
                variant,
                system: System::Swiss,
                rounds: 0,
                time_control: None,
                stage: Stage::Running,
                tiebreaks: vec![TieBreak::BuchholzCut1, TieBreak::Buchholz, TieBreak::SonnebornBerger],
                tiebreak_edition,
                bye_points: points(&bye_points)?,
                withdrawal: WithdrawalPolicy::ForfeitRemaining,
                initial_colour: Color::White,
                rated: true,
                language: None,
                created_at: crate::clock::Timestamp::UNIX_EPOCH,
            };
            let emails: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
            let id = service.import_trf(&text, terms, &emails).map_err(err)?;
            outln!("{id}");
        }
    }
    Ok(())
}

/// A rating whose deviation is at least this is provisional (marked `?`).
const PROVISIONAL_DEVIATION: f64 = 110.0;

/// `herald ratings`.
pub fn ratings(config: ConfigPath<'_>, args: RatingsArgs) -> Result<(), String> {
    let mut service = open(config)?;
    let rows = service.store().read(|tx| tx.ratings(args.variant.as_deref())).map_err(store_error)?;
    if args.json {
        let listed: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "variant": r.variant,
                    "name": r.name,
                    "email": r.email,
                    "rating": r.rating,
                    "deviation": r.deviation,
                    "provisional": r.deviation >= PROVISIONAL_DEVIATION,
                    "games": r.games,
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&listed).map_err(|e| e.to_string())?);
        return Ok(());
    }
    for r in rows {
        outln!(
            "{:<12} {:>6.0}{} ±{:<4.0} {:>4} game(s)  {}",
            r.variant,
            r.rating,
            if r.deviation >= PROVISIONAL_DEVIATION { "?" } else { " " },
            r.deviation,
            r.games,
            r.name.as_deref().map_or(r.email.clone(), |n| format!("{n} <{}>", r.email))
        );
    }
    Ok(())
}

/// `herald site`.
#[derive(Args, Debug)]
pub struct SiteArgs {
    #[command(subcommand)]
    command: SiteCommand,
}

#[derive(Subcommand, Debug)]
enum SiteCommand {
    /// Write the club's static site into DIR: every tournament (standings, crosstable, rounds,
    /// its TRF and Atom feed), every game (moves, a diagram after each, its PGN and archive)
    /// and the club's feed. Games with secrets show only what is public until they end. With
    /// site.dir set, herald serve keeps the site there current by itself after each change.
    #[command(after_help = examples!(
        "$ herald site build /var/www/chess",
    ))]
    Build {
        /// The folder to write into (made if missing).
        dir: std::path::PathBuf,
    },
}

/// `herald site build DIR`.
pub fn site(config: ConfigPath<'_>, args: SiteArgs) -> Result<(), String> {
    let SiteCommand::Build { dir } = args.command;
    let mut service = open(config)?;
    let written = service.build_site(&dir).map_err(|e| e.to_string())?;
    outln!("{} file(s) written to {}", written.len(), dir.display());
    Ok(())
}

/// `tournament standings --json` (and, with `crosstable`, `tournament crosstable --json`): the
/// standings, each player's points and tie-breaks as decimals (`"2.5"`, exact, as the tables
/// print them); with the crosstable, the players and every pairing with its result too.
fn tables_json(
    t: &Tournament,
    entrants: &[Entrant],
    pairings: &[Pairing],
    table: &[Standing],
    crosstable: bool,
) -> serde_json::Value {
    let name = |number: u32| entrants.iter().find(|e| e.number == number).map(|e| e.name.clone());
    let standings: Vec<serde_json::Value> = table
        .iter()
        .map(|s| {
            // In the tournament's order, which is the order they break ties in.
            let tiebreaks: Vec<serde_json::Value> = s
                .tiebreaks
                .iter()
                .map(|v| serde_json::json!({ "tiebreak": v.tiebreak.as_str(), "label": v.tiebreak.label(), "value": v.to_string() }))
                .collect();
            serde_json::json!({
                "rank": s.rank,
                "number": s.number,
                "name": name(s.number),
                "points": s.points.to_string(),
                "games": s.games,
                "tiebreaks": tiebreaks,
            })
        })
        .collect();
    let mut shown = serde_json::json!({ "tournament": t.id, "name": t.name, "standings": standings });
    if crosstable {
        shown["players"] = entrants
            .iter()
            .map(|e| {
                serde_json::json!({
                    "number": e.number,
                    "name": e.name,
                    "rating": e.rating,
                    "withdrawn_after": e.withdrawn_after,
                })
            })
            .collect();
        shown["pairings"] = pairings.iter().map(pairing_json).collect();
    }
    shown
}

/// A pairing as the `--json` outputs give it: its round and board, the players by starting
/// number (`black` null for the bye), its game, and its result once known (points as decimals).
fn pairing_json(p: &Pairing) -> serde_json::Value {
    serde_json::json!({
        "round": p.round,
        "board": p.board,
        "white": p.white,
        "black": p.black,
        "bye": p.is_bye(),
        "game": p.game,
        "result": p.score.map(|s| serde_json::json!({
            "white": s.white.to_string(),
            "black": s.black.to_string(),
            "finish": s.finish.as_str(),
        })),
    })
}
