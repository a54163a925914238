//! The mails of a game: what each recipient's template may see, built from that player's view
//! of the game only, rendered, and composed into the bytes to send.

use serde::Serialize;

use super::commands::label;
use super::records::{GameRecord, GameResult, GameStatus, OutgoingRecord};
use super::templates::Rendered;
use super::{Loaded, OnTimeout, Referee, RefereeError, html, ids};
use crate::clock::{TimeControl, Timestamp};
use crate::engine::Color;
use crate::engine::geometry::Square;
use crate::language::{Language, PieceLetters, result_words};
use crate::mail::compose::{self, AutoSubmitted, OutgoingMail};
use crate::picture;
use crate::variants::{MoveStyle, Observer, PlayedMove, View, diagram};

/// The public header of a game in template contexts.
#[derive(Serialize)]
struct GameHeader {
    id: i64,
    variant_id: String,
    variant_name: String,
}

#[derive(Serialize)]
struct Person {
    /// "White", in the recipient's language.
    color: String,
    /// "You play White.", in the recipient's language.
    plays: String,
    name: String,
}

#[derive(Serialize)]
struct ResultContext {
    score: String,
    reason: String,
    /// The points each side gets, where the variant's scoring is not simply 1, ½ and 0
    /// (Royal Chess): "White 0.65, Black 0.3".
    points: Option<String>,
    /// The result in a few words, as a Subject shows it: "1-0 White wins by checkmate", or
    /// with the variant's own points, "White 0.65, Black 0.3: White wins by perpetual check".
    headline: String,
    /// The game was lost on time.
    on_time: bool,
}

impl ResultContext {
    fn of(r: &GameResult, language: &Language) -> ResultContext {
        let plain = matches!((r.white_points, r.black_points), (1000, 0) | (0, 1000) | (500, 500));
        let points = (!plain).then(|| {
            language.say(
                "result-points",
                &[
                    ("white", language.decimal(&points_text(r.white_points)).into()),
                    ("black", language.decimal(&points_text(r.black_points)).into()),
                ],
            )
        });
        let reason = result_words(&r.reason, language);
        let headline = match &points {
            Some(points) => format!("{points}: {reason}"),
            None => format!("{} {reason}", r.score),
        };
        let on_time = r.reason.ends_with(" on time");
        ResultContext { score: r.score.clone(), reason, points, headline, on_time }
    }
}

/// The `ply`-th entry (from 0) of a view's move list with its number, "19. S@e4,f5" or
/// "19... Nf6", as that observer reads it.
fn entry(view: &View, ply: usize) -> Option<String> {
    let m = view.moves.get(ply)?;
    let mover = if ply.is_multiple_of(2) { view.first_mover } else { view.first_mover.other() };
    let first_is_black = !view.first_mover.is_white();
    let n = view.first_move_number + ((ply + usize::from(first_is_black)) / 2) as u32;
    Some(format!("{} {m}", label(n, mover)))
}

/// Where the move numbered `number` of `by` stands in `view`'s move list (from 0).
fn ply_of(view: &View, number: u32, by: Color) -> Option<usize> {
    let from_first = 2 * number.checked_sub(view.first_move_number)? as usize;
    (from_first + usize::from(!by.is_white())).checked_sub(usize::from(!view.first_mover.is_white()))
}

/// What the text diagram says under a board, in `language`.
fn in_language(diagram: String, language: &Language) -> String {
    if diagram.contains(diagram::UNKNOWN_PIECES) {
        diagram.replace(diagram::UNKNOWN_PIECES, &language.say("notes-unknown-pieces", &[]))
    } else {
        diagram
    }
}

/// The legend of `view`'s board in `language` (see [`diagram::legend`], the same in English).
fn legend(view: &View, pieces: &[crate::engine::rules::PieceDef], language: &Language) -> Option<String> {
    let entries: Vec<String> = diagram::legend_entries(view, pieces)
        .into_iter()
        .map(|entry| match entry {
            diagram::LegendEntry::Piece { letter, name, as_king } => {
                let name = super::variant_words::piece_name(name, language);
                let id = if as_king { "legend-as-king" } else { "legend-piece" };
                language.say(id, &[("letter", letter.to_string().into()), ("name", name.into())])
            }
            diagram::LegendEntry::CarriesCrown => language.say("legend-carries-crown", &[]),
            diagram::LegendEntry::CrownAlone => language.say("legend-crown-alone", &[]),
        })
        .collect();
    (!entries.is_empty()).then(|| format!("{}\n", language.say("legend", &[("entries", entries.join(", ").into())])))
}

/// What a variant says for the help (`what`: `aim`, `notation-help`, `no-conditions`), in
/// `language`: its message `what-ID`, where the languages have one, else the variant's own
/// English.
fn variant_says(language: &Language, what: &str, id: &str, english: &str) -> String {
    let message = format!("{what}-{}", crate::language::message_key(id));
    language.say_if_known(&message, &[]).unwrap_or_else(|| english.to_string())
}

/// A time control in `language`: "10 moves in 30 days", "10 Züge in 30 Tagen".
fn control_words(control: &TimeControl, language: &Language) -> String {
    let days = |n: u32| language.say("days", &[("days", n.into())]);
    match *control {
        TimeControl::PerMove { days: d } => language.say("control-per-move", &[("days", days(d).into())]),
        TimeControl::Moves { moves, days: d } => {
            language.say("control-moves", &[("moves", moves.into()), ("days", days(d).into())])
        }
        TimeControl::Bank { start, increment, max } if start == increment => {
            language.say("control-bank-even", &[("increment", days(increment).into()), ("max", max.into())])
        }
        TimeControl::Bank { start, increment, max } => language.say(
            "control-bank",
            &[("start", days(start).into()), ("increment", days(increment).into()), ("max", max.into())],
        ),
    }
}

/// Thousandths of a point as players write them: 1, 0.5, 0.65.
fn points_text(thousandths: u16) -> String {
    let text = format!("{}.{:03}", thousandths / 1000, thousandths % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Everything a template may use: built from the recipient's view and the game's public
/// header only.
#[derive(Serialize)]
pub(super) struct MailContext {
    game: GameHeader,
    white: String,
    black: String,
    you: Person,
    opponent: Person,
    board: String,
    moves: String,
    last_move: Option<String>,
    notices: Vec<String>,
    legal_moves: Option<Vec<String>>,
    your_turn: bool,
    move_label: String,
    deadline: String,
    /// Missing the deadline loses the game (rather than only being told).
    timeout_loses: bool,
    draw_offer: Option<String>,
    result: Option<ResultContext>,
    /// A move this player could write now, in the variant's notation: legal in this position
    /// (see [`example_move`]); empty when it is not their move.
    example_move: String,
    /// How moves are written in this variant, for the help.
    notation_help: String,
    /// The aim of the variant and how it is won, for the help.
    aim: String,
    /// The variant's moves can be written otherwise (`notation ...` applies to it).
    notation_styles: bool,
    /// The club's page on commitments, if it has one.
    commitments_url: Option<String>,
    pub(super) event: &'static str,
    played: Option<String>,
    pub(super) declined_by_you: bool,
    pub(super) error: Option<String>,
    pub(super) attempted: Option<String>,
    /// The refusal is of a move the variant's rules or notation did not accept: the mail
    /// repeats how moves are written in this variant.
    pub(super) move_refused: bool,
    /// Why the player's mail held no command, the first thing the help answer says.
    pub(super) reason: Option<String>,
    /// The confirmation a `confirm` mail asks for.
    pub(super) confirmation: Option<super::senders::ConfirmationContext>,
    /// The game's clock stands still (the opponent's address is unreachable, see `bounces`).
    pub(super) clock_paused: bool,
    /// In a control counted in days: the control, then each player's clock, this player's
    /// first (what is left before the deadline, for the player on the move).
    clock: Vec<String>,
    /// Each player's vacation now or to come: when, and that their clock stands still.
    vacations: Vec<String>,
    /// The vacation a `vacation`, `back` or `opponent_...` mail is about.
    pub(super) vacation: Option<super::vacations::VacationNews>,
    /// The player's games still going on, for a `games` mail (see `overview`).
    pub(super) overview: Option<Vec<String>>,
    /// The time zone the player chose for their mails, if they did (`zone ...`).
    your_zone: Option<String>,
    /// The club's time zone.
    club_zone: String,
    /// How the player asked to read moves (`notation ...`), described, if they did.
    your_notation: Option<String>,
    /// This mail's moves are written so.
    moves_restyled: bool,
    /// The player asked for mails of plain text alone (`format text`).
    plain_text: bool,
    /// What this player must still answer before the first move.
    setup_prompt: Option<String>,
    /// The game waits for setup answers.
    waiting_for_setup: bool,
    /// Every commitment of the game, always in the same order: those of the setup first, then
    /// those made with moves in the order of the moves, each group by label.
    commitments: Vec<CommitmentContext>,
    /// Secrets committed by this very event (a move that decided them).
    new_commitments: Vec<NewCommitment>,
    /// Secrets opened by this very event.
    reveals: Vec<RevealContext>,
    /// The hash of the move log's newest record.
    chain_head: String,
    /// Moves recorded.
    plies: usize,
    /// The tournament, round and board, for a tournament game: "Autumn Crown 2026, round 2,
    /// board 1".
    tournament: Option<String>,
    /// The moves conditional moves played at once after the one this mail tells of, each with
    /// whose condition it was: "14... Bg4, your conditional move".
    sequel: Vec<String>,
    /// What became of this player's conditional moves now (dropped or cancelled, and why).
    condition_news: Option<String>,
    /// This player's pending conditional moves, written as they are sent; never the opponent's.
    conditions: Vec<String>,
    /// What the HTML alternative draws in place of `board`; `None`: the mail is text alone.
    #[serde(skip)]
    picture: Option<Picture>,
    /// How conditional moves are written in this variant, or why it offers none: one line,
    /// which the help mail's layout wraps (most mails never show it).
    conditional_help: String,
    /// The variant offers conditional moves.
    conditional_moves: bool,
}

/// The board picture of a mail: the view the text diagram is drawn from, and what goes with it.
pub(super) struct Picture {
    view: View,
    bottom: Color,
    pieces: &'static [crate::engine::rules::PieceDef],
    /// The last move's squares, as this player's move list names them.
    marked: Vec<Square>,
    /// The legend under the board.
    legend: Option<String>,
    /// What the text says under its diagram besides the legend (see [`diagram::notes`]).
    notes: String,
}

/// The squares of the last move in `shown` (what `g`'s player is shown), to mark on the
/// picture: read from the move as the player's list writes it, or, in a variant that can write
/// its moves otherwise (only open ones can), from its ICCF numbers or long algebraic form, which
/// name both squares ("O-O" names none; ICCF's "5171" does).
fn last_move_squares(g: &Loaded, shown: &View) -> Vec<Square> {
    let Some(last) = shown.moves.len().checked_sub(1) else { return Vec::new() };
    let written = |style| g.game.moves_in(style).filter(|moves| moves.len() == shown.moves.len());
    if let Some(moves) = written(MoveStyle::Iccf) {
        return picture::named_squares(&moves[last], shown, true);
    }
    let text = written(MoveStyle::Long).map_or_else(|| shown.moves[last].clone(), |moves| moves[last].clone());
    picture::named_squares(&text, shown, false)
}

/// A commitment as a mail lists it.
#[derive(Serialize)]
struct CommitmentContext {
    label: String,
    hash: String,
    /// The move that made it, as this player's move list shows it: "3... S@e4,f5".
    made: Option<String>,
    /// Its value, once opened.
    value: Option<String>,
}

/// A move `color`, who is to move, could write now, in the variant's notation: the first of the
/// player's legal moves where the view lists them; else the one the game names
/// ([`VariantGame::example_move`]: the variant's example where it is legal here, else another
/// legal move); else, where the game accepts none, the variant's example.
fn example_move(g: &Loaded, view: &View, color: Color) -> String {
    if let Some(first) = view.legal_moves.as_ref().and_then(|legal| legal.first()) {
        return first.clone();
    }
    g.game.example_move().unwrap_or_else(|| g.game.variant().example_moves()[color.index()].to_string())
}

/// A commitment made by the move a mail tells of: its hash only.
#[derive(Serialize)]
struct NewCommitment {
    label: String,
    hash: String,
}

#[derive(Serialize)]
struct RevealContext {
    label: String,
    value: String,
    nonce: String,
    hash: String,
    /// `label = value, nonce N` on lines of at most 74 characters (the mail indents them by
    /// four): a long value and its nonce on lines of their own.
    opened: Vec<String>,
    /// The shell command that checks it, on lines of at most 74 characters (the mail indents
    /// them by four).
    check: Vec<String>,
}

impl Referee<'_> {
    /// A game mail to `color` about `event` (the `game.txt` template).
    pub(super) fn game_mail(
        &self,
        g: &mut Loaded,
        color: Color,
        event: &'static str,
        played: Option<&PlayedMove>,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        self.game_mail_with(g, color, event, played, false, now)
    }

    /// A game mail to `color` about `event`; `declined_by_you` when this player declined a draw.
    pub(super) fn game_mail_with(
        &self,
        g: &mut Loaded,
        color: Color,
        event: &'static str,
        played: Option<&PlayedMove>,
        declined_by_you: bool,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let mut context = self.context(g, color, event, played, now);
        context.declined_by_you = declined_by_you;
        self.mail(g, color, "game.txt", &context, now)
    }

    /// The template context for `color` at `now`: everything comes from that player's view.
    pub(super) fn context(
        &self,
        g: &Loaded,
        color: Color,
        event: &'static str,
        played: Option<&PlayedMove>,
        now: Timestamp,
    ) -> MailContext {
        let record = &g.record;
        let variant = g.game.variant();
        // After the game nothing is secret; before, each player sees only their own view.
        // A game that ended (by the rules or by a decision the rules do not see, a
        // resignation, time) has no move to make and no secret left.
        let finished = record.status == GameStatus::Finished;
        let view: View =
            if finished { g.game.ended_view(Observer::Player(color)) } else { g.game.view(Observer::Player(color)) };
        let mut shown = if finished { g.game.ended_view(Observer::Everyone) } else { view.clone() };
        // The moves as the player asked to read them (`notation ...`), where the variant can
        // write them so: only open variants can, whose views show every move as it was played.
        let restyled = match record.preferences[color.index()].notation.and_then(|style| g.game.moves_in(style)) {
            Some(moves) if moves.len() == shown.moves.len() => {
                shown.moves = moves;
                true
            }
            _ => false,
        };
        let language = self.language_of(record, color);
        // The moves in the player's own piece letters, where the variant writes chess's.
        let others: Vec<char> =
            variant.rules().pieces().iter().map(|p| p.letter).filter(|l| !"KQRBNP".contains(*l)).collect();
        let letters = if language.letters().fit(&others) { language.letters().clone() } else { PieceLetters::ENGLISH };
        for m in &mut shown.moves {
            *m = letters.written(m);
        }
        let to_move = g.game.turn();
        let number = g.game.move_number();
        let last_move = shown.moves.len().checked_sub(1).and_then(|ply| entry(&shown, ply));
        let opponent_name = record.player(color.other()).display_name().to_string();
        let draw_offer = match record.draw_offer {
            Some(c) if c == color => Some(language.say("status-your-draw-offer", &[])),
            Some(_) => Some(language.say("status-draw-offer", &[("opponent", opponent_name.as_str().into())])),
            None => None,
        };
        let deadline = record.deadline.map(|d| self.due(record, color, d)).unwrap_or_default();
        let your_turn = record.status == GameStatus::Active && to_move == color && g.game.setup_requests().is_empty();
        let mut commitments: Vec<_> = g.record.commitments.iter().collect();
        commitments
            .sort_by(|a, b| (a.committed_at_ply, &a.commitment.label).cmp(&(b.committed_at_ply, &b.commitment.label)));
        MailContext {
            game: GameHeader {
                id: record.id,
                variant_id: variant.id().to_string(),
                variant_name: variant.name().to_string(),
            },
            white: record.white.display_name().to_string(),
            black: record.black.display_name().to_string(),
            you: Person {
                color: language.color(color),
                plays: language.say(if color.is_white() { "you-play-white" } else { "you-play-black" }, &[]),
                name: record.player(color).display_name().to_string(),
            },
            opponent: Person {
                color: language.color(color.other()),
                plays: language.say(if color.is_white() { "you-play-black" } else { "you-play-white" }, &[]),
                name: opponent_name.clone(),
            },
            board: in_language(diagram::render(&shown, color), &language)
                + &legend(&shown, variant.rules().pieces(), &language).unwrap_or_default(),
            moves: diagram::move_list(&shown),
            last_move: last_move.clone(),
            notices: view.notices.iter().map(|n| super::variant_words::notice(n, &language)).collect(),
            legal_moves: view
                .legal_moves
                .as_ref()
                .filter(|_| record.status == GameStatus::Active)
                .map(|legal| legal.iter().map(|m| letters.written(m)).collect()),
            your_turn,
            move_label: label(number, to_move),
            deadline,
            timeout_loses: self.settings.on_timeout == OnTimeout::Forfeit && g.game.setup_requests().is_empty(),
            draw_offer: if record.status == GameStatus::Active { draw_offer } else { None },
            result: record.result.as_ref().map(|r| ResultContext::of(r, &language)),
            example_move: if your_turn { letters.written(&example_move(g, &view, color)) } else { String::new() },
            notation_help: variant_says(&language, "notation-help", variant.id(), variant.notation_help()),
            aim: variant_says(&language, "aim", variant.id(), variant.aim()),
            notation_styles: g.game.moves_in(MoveStyle::San).is_some(),
            commitments_url: self.settings.commitments_url.clone(),
            event,
            // One's own move in full; the opponent's only as this player's view shows it (in a
            // variant with hidden moves, the view's redacted entry).
            played: played.map(|p| {
                if p.by == color && !restyled {
                    format!("{} {}", label(p.number, p.by), letters.written(&p.notation))
                } else {
                    ply_of(&shown, p.number, p.by).and_then(|ply| entry(&shown, ply)).unwrap_or_default()
                }
            }),
            declined_by_you: false,
            error: None,
            attempted: None,
            move_refused: false,
            reason: None,
            confirmation: None,
            clock_paused: false,
            clock: self.clock_lines(g, color, now),
            vacations: self.vacation_lines(record, color, now),
            vacation: None,
            overview: None,
            your_zone: record.preferences[color.index()].zone.clone(),
            your_notation: record.preferences[color.index()]
                .notation
                .map(|style| language.say(&format!("notation-{}", style.name()), &[])),
            moves_restyled: restyled,
            plain_text: record.preferences[color.index()].plain_text,
            club_zone: self.settings.zone.iana_name().unwrap_or("UTC").to_string(),
            setup_prompt: g
                .game
                .setup_requests()
                .into_iter()
                .find(|r| r.player == color)
                .map(|r| super::variant_words::prompt(&r.prompt, &language)),
            waiting_for_setup: !g.game.setup_requests().is_empty(),
            commitments: commitments
                .into_iter()
                .map(|c| CommitmentContext {
                    label: c.commitment.label.clone(),
                    hash: c.commitment.hash.clone(),
                    // Made with a move: which one, as this player's move list shows it.
                    made: match c.committed_at_ply {
                        0 => None,
                        ply => Some(entry(&shown, ply as usize - 1).unwrap_or_else(|| ply.to_string())),
                    },
                    value: c.revealed.then(|| c.commitment.value.clone()),
                })
                .collect(),
            new_commitments: g
                .record
                .commitments
                .iter()
                .filter(|c| g.committed_now.contains(&c.commitment.label))
                .map(|c| NewCommitment { label: c.commitment.label.clone(), hash: c.commitment.hash.clone() })
                .collect(),
            reveals: g
                .record
                .commitments
                .iter()
                .filter(|c| g.revealed_now.contains(&c.commitment.label))
                .map(|c| RevealContext {
                    label: c.commitment.label.clone(),
                    value: c.commitment.value.clone(),
                    nonce: c.commitment.nonce.clone(),
                    hash: c.commitment.hash.clone(),
                    opened: c.commitment.opening_lines(super::templates::WIDTH - 4),
                    check: c.commitment.check_lines(super::templates::WIDTH - 4),
                })
                .collect(),
            chain_head: record.chain_head.clone().unwrap_or_default(),
            plies: g.game.plies(),
            tournament: record.tournament.as_ref().map(|t| {
                let rating = |i: usize| t.ratings[i].map_or(language.say("unrated", &[]), |r| r.to_string());
                let place = language.say(
                    "tournament-place",
                    &[("tournament", t.name.as_str().into()), ("round", t.round.into()), ("board", t.board.into())],
                );
                if t.ratings.iter().any(Option::is_some) {
                    let ratings =
                        language.say("tournament-ratings", &[("white", rating(0).into()), ("black", rating(1).into())]);
                    format!("{place} ({ratings})")
                } else {
                    place
                }
            }),
            sequel: g
                .sequel
                .iter()
                .map(|p| {
                    let whose = if p.by == color {
                        language.say("sequel-yours", &[])
                    } else {
                        let name = record.player(p.by).display_name();
                        language.say("sequel-theirs", &[("player", name.as_ref().into())])
                    };
                    let written = ply_of(&shown, p.number, p.by)
                        .and_then(|ply| entry(&shown, ply))
                        .unwrap_or_else(|| format!("{} {}", label(p.number, p.by), letters.written(&p.notation)));
                    format!("{written}, {whose}")
                })
                .collect(),
            condition_news: g.condition_news[color.index()].clone(),
            conditions: match &record.conditions[color.index()] {
                Some(c) if record.status == GameStatus::Active => {
                    c.written(number, to_move).iter().map(|line| letters.written(line)).collect()
                }
                _ => Vec::new(),
            },
            conditional_help: match variant.conditional_moves() {
                Ok(()) => language.say("conditional-help", &[]),
                Err(why) => variant_says(&language, "no-conditions", variant.id(), why),
            },
            conditional_moves: variant.conditional_moves().is_ok(),
            picture: (!self.settings.plain_text && !record.preferences[color.index()].plain_text).then(|| Picture {
                marked: last_move_squares(g, &shown),
                legend: legend(&shown, variant.rules().pieces(), &language),
                notes: in_language(diagram::notes(&shown), &language),
                pieces: variant.rules().pieces(),
                bottom: color,
                view: shown,
            }),
        }
    }

    /// A deadline as `color` reads it in `record`'s game: "2026-11-24 12:01 UTC", or in a
    /// control counted in days, where every deadline is a midnight of the club's calendar,
    /// "the end of 2026-11-24 (UTC)". A player who chose a time zone of their own (`zone ...`)
    /// reads the time in it ("2026-11-24 13:01 CET"), and the end of a club's day with the
    /// moment it is for them ("the end of 2026-11-24 (UTC), 2026-11-25 01:00 CET your time").
    pub(super) fn due(&self, record: &GameRecord, color: Color, deadline: Timestamp) -> String {
        let own = record.preferences[color.index()]
            .zone
            .as_deref()
            .and_then(|name| jiff::tz::TimeZone::get(name).ok())
            .filter(|zone| *zone != self.settings.zone);
        let language = self.language_of(record, color);
        let minute = |zone: jiff::tz::TimeZone| language.minute(&deadline.to_zoned(zone));
        if self.control_of(record).counted_in_days() {
            let last = deadline.checked_sub(jiff::SignedDuration::from_nanos(1)).unwrap_or(deadline);
            let zoned = last.to_zoned(self.settings.zone.clone());
            let club = language.say(
                "due-end-of-day",
                &[("date", language.date(zoned.date()).into()), ("zone", zoned.strftime("%Z").to_string().into())],
            );
            match own {
                Some(zone) => language.say("due-your-time", &[("club", club.into()), ("minute", minute(zone).into())]),
                None => club,
            }
        } else {
            minute(own.unwrap_or_else(|| self.settings.zone.clone()))
        }
    }

    /// In a control counted in days, the lines that show the clocks: the control, then this
    /// player's clock and the opponent's (ICCF asks every mail to carry both). For the player
    /// on the move, what is left now before their deadline; for the other, what their last
    /// move left them.
    fn clock_lines(&self, g: &Loaded, color: Color, now: Timestamp) -> Vec<String> {
        let record = &g.record;
        let control = self.control_of(record);
        if !control.counted_in_days() || record.status != GameStatus::Active {
            return Vec::new();
        }
        let language = self.language_of(record, color);
        let days = |n: u32| language.say("days", &[("days", n.into())]);
        let written = control_words(&control, &language);
        let mut lines = vec![match control {
            TimeControl::Bank { increment, max, .. } => language.say(
                "clock-control-bank",
                &[("control", written.into()), ("increment", days(increment).into()), ("max", days(max).into())],
            ),
            TimeControl::Moves { moves, .. } => {
                language.say("clock-control-moves", &[("control", written.into()), ("moves", moves.into())])
            }
            TimeControl::PerMove { .. } => language.say("clock-control", &[("control", written.into())]),
        }];
        let playing = g.game.setup_requests().is_empty();
        let turn = g.game.turn();
        let plies = g.game.plies() as u32;
        for c in [color, color.other()] {
            let on_move = playing && c == turn;
            let days = match record.deadline.filter(|_| on_move) {
                Some(deadline) => {
                    let still = super::deadlines::still_days(record, &[c]);
                    crate::clock::Days::new(&self.settings.zone, &still).days_left(now, deadline)
                }
                None => record.clocks[c.index()].unwrap_or(0),
            };
            let name = record.player(c).display_name().to_string();
            let whose: &[(&str, fluent_bundle::FluentValue<'_>)] =
                &[("whose", if c == color { "yours" } else { "theirs" }.into()), ("player", name.into())];
            // The side to move has made half the moves played, rounded down; the other, up.
            let made = if c == turn { plies / 2 } else { plies.div_ceil(2) };
            let mut args = whose.to_vec();
            args.push(("days", language.say("days", &[("days", days.into())]).into()));
            lines.push(match control.next_control(made) {
                Some(control) => {
                    args.push(("move", control.into()));
                    language.say("clock-left", &args)
                }
                None => language.say("clock-bank", &args),
            });
        }
        lines
    }

    /// Each player's vacation now or to come, this player's first: while a game goes on, both
    /// players see when each of them is away.
    fn vacation_lines(&self, record: &GameRecord, color: Color, now: Timestamp) -> Vec<String> {
        if record.status != GameStatus::Active {
            return Vec::new();
        }
        let today = now.to_zoned(self.settings.zone.clone()).date();
        let language = self.language_of(record, color);
        let mut lines = Vec::new();
        for c in [color, color.other()] {
            for v in record.vacations[c.index()].iter().filter(|v| v.last_day >= today) {
                let (first, last) = (language.date(v.first_day), language.date(v.last_day));
                lines.push(if c == color {
                    language.say("vacation-yours", &[("first", first.into()), ("last", last.into())])
                } else {
                    let name = record.player(c).display_name().to_string();
                    language.say(
                        "vacation-theirs",
                        &[("player", name.into()), ("first", first.into()), ("last", last.into())],
                    )
                });
            }
        }
        lines
    }

    /// Renders and composes one mail of game `g` to `color`, numbering it in the game.
    pub(super) fn mail(
        &self,
        g: &mut Loaded,
        color: Color,
        template: &str,
        context: &MailContext,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let language = self.language_of(&g.record, color);
        let Rendered { subject, body } = self.templates.render(template, &language, context)?;
        let record = &mut g.record;
        let token = self.tokens.token(record.id, color);
        let root = ids::thread_root(self.tokens, record.id, color, &self.settings.domain);
        let confirmation = context.confirmation.as_ref().map(|c| c.code.as_str());
        let message_id = if context.event == "invite" {
            root.clone()
        } else if let Some(code) = confirmation {
            ids::confirmation_message_id(self.tokens, record, color, g.game.plies(), code, &self.settings.domain)
        } else {
            ids::game_message_id(self.tokens, record, color, g.game.plies(), &self.settings.domain)
        };
        record.mail_seq += 1;
        let to = record.player(color).email.clone();
        // The HTML alternative, and the picture it shows, which is drawn when the mail is sent.
        let (html, picture) = match &context.picture {
            Some(picture) => {
                let marked = minijinja::context! { board => html::BOARD_MARK, ..minijinja::Value::from(minijinja::value::Serde(context)) };
                let board = picture::Board {
                    view: &picture.view,
                    bottom: picture.bottom,
                    pieces: picture.pieces,
                    marked: &picture.marked,
                };
                let text = self.templates.render(template, &language, marked)?;
                let html = html::html_body(
                    &subject,
                    &text.body,
                    &board,
                    &picture.notes,
                    picture.legend.as_deref(),
                    format!("board.{message_id}"),
                    &language,
                );
                let drawing = html.is_some().then(|| picture::Drawing::of(&board));
                (html, drawing)
            }
            None => (None, None),
        };
        let outgoing = OutgoingMail {
            from_name: self.settings.name.clone(),
            from: self.settings.address.clone(),
            to: to.clone(),
            reply_to: Some(format!("{}+{token}@{}", self.settings.local_part(), self.settings.address_domain())),
            subject: format!("{subject} [ref:{token}]"),
            body,
            message_id: message_id.clone(),
            in_reply_to: (message_id != root).then(|| root.clone()),
            references: if message_id != root { vec![root] } else { Vec::new() },
            date: now,
            html,
            // An answer to the player's own mail is a reply; news of the opponent's doing is
            // the referee's own (RFC 3834 §5).
            auto_submitted: if matches!(
                context.event,
                "moved"
                    | "rejected"
                    | "help"
                    | "board"
                    | "setup_recorded"
                    | "draw_offer_sent"
                    | "confirm"
                    | "vacation"
                    | "back"
                    | "games"
                    | "zone"
                    | "notation"
                    | "format"
                    | "language"
            ) || context.declined_by_you
            {
                AutoSubmitted::AutoReplied
            } else {
                AutoSubmitted::AutoGenerated
            },
        };
        let bytes = compose::render(&outgoing).map_err(|e| RefereeError::Compose(e.to_string()))?;
        // Its own return path, so that a bounce names the player and the mail (see `bounces`).
        let return_path = self.return_path(record.id, color, g.game.plies());
        Ok(OutgoingRecord {
            game_id: Some(record.id),
            recipient: to,
            message_id,
            bytes,
            picture,
            return_path: Some(return_path),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::points_text;

    #[test]
    fn points_are_written_as_players_write_them() {
        assert_eq!(points_text(1000), "1");
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(500), "0.5");
        assert_eq!(points_text(650), "0.65");
        assert_eq!(points_text(250), "0.25");
        assert_eq!(points_text(1500), "1.5");
    }
}
