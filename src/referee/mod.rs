//! The referee core: from (stored game, one incoming mail, now) to (new game state, mails to
//! send). It does no I/O — the store loads the game before and writes the [`Effects`] after,
//! in one transaction; the clock is a parameter — so every decision can be tested alone.
//!
//! Mails are rendered from each recipient's [`crate::variants::View`] of the game, never from
//! the full state, so a variant with secrets keeps them by what its view leaves out.
//!
//! The core is split by what it decides: `gate` finds who a mail speaks for, once, for every
//! mail; this file reads a player's mail for its command;
//! `dispatch` carries out a verified player's command; `outside` answers mail outside any
//! game (strangers, mail too large, mail herald failed to handle) and keeps silent where it
//! must; `senders` is who may speak for a player (the sender authentication the club
//! requires, and the confirmation that ending a game needs); `deadlines` is the clock;
//! `mails` renders and composes each player's mail; `ids` is the Message-ID scheme that
//! threads a game and tells a stale reply from a fresh one; `bounces` decides what a bounce
//! of herald's own mail to a player does; `vacations` what a player's `vacation N` and `back`
//! do to their clocks.

pub mod archive;
pub mod bounces;
pub mod chain;
pub mod commands;
pub mod commitment;
pub mod conditions;
mod deadlines;
mod dispatch;
pub mod export;
pub mod gate;
mod html;
pub mod ids;
mod mails;
mod outside;
pub mod overview;
pub mod preferences;
pub mod records;
pub mod senders;
pub mod templates;
pub mod token;
pub mod tournaments;
pub mod vacations;
mod variant_words;

use serde::Deserialize;

use crate::clock::{TimeControl, Timestamp};
use crate::engine::{Color, Outcome};
use crate::language::{Language, Languages};
use crate::mail::reader::IncomingMail;
use crate::variants::{self, Variant, VariantGame};

use commands::Command;
use records::{DeadlineNotice, Effects, Event, GameRecord, GameResult, GameStatus, Player, PlayersOwn, Verdict};
use templates::{TemplateError, Templates};
use token::Tokens;

/// What happens when a player's time for a move runs out (checked by the daemon's passes).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum OnTimeout {
    /// The player to move loses on time, as in correspondence chess. Before the first move,
    /// while a secret choice is awaited, the player is only told, as with `remind`.
    #[default]
    Forfeit,
    /// The player is told that the time ran out; the game waits for the move.
    Remind,
}

/// The referee's identity and the club's settings the core needs (the configuration gives
/// them: [`crate::config::Config::settings`]).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The referee's address (`local@domain`).
    pub address: String,
    /// The referee's display name.
    pub name: String,
    /// Domain of Message-IDs.
    pub domain: String,
    /// Days for each move of a game from before time controls (which keeps none of its own).
    pub days_per_move: u32,
    /// The time control of a new game for which none is given.
    pub time_control: TimeControl,
    /// Vacation days each player may take in a calendar year (besides what the director
    /// grants); 0: none.
    pub vacation_days_per_year: u32,
    /// Hours before a deadline at which the player is reminded; 0: never.
    pub reminder_hours: u32,
    /// What happens when a deadline passes.
    pub on_timeout: OnTimeout,
    /// Time zone for dates shown to players.
    pub zone: jiff::tz::TimeZone,
    /// When a tournament's players get its standings.
    pub standings_mail: tournaments::StandingsMail,
    /// Mails of plain text alone for everyone, without the HTML alternative and its board
    /// picture (`outgoing.plain_text`).
    pub plain_text: bool,
    /// What a player's mail needs to count, and when ending a game needs a confirmation.
    pub senders: senders::SenderPolicy,
    /// Who is told of bounces, and what an unreachable player's games do.
    pub bounces: bounces::BounceSettings,
    /// The club's page on commitments, which the mails link to (`referee.commitments_url`).
    pub commitments_url: Option<String>,
    /// The code of the language of a player who chose none, in a game of no tournament that
    /// names one (`referee.language`).
    pub language: String,
}

impl Settings {
    fn local_part(&self) -> &str {
        self.address.rsplit_once('@').map_or(&self.address, |(l, _)| l)
    }

    fn address_domain(&self) -> &str {
        self.address.rsplit_once('@').map_or("", |(_, d)| d)
    }

    /// True if herald itself sends as `address`: the referee's address, or one of its reply
    /// addresses (`referee+TOKEN@domain`), in any case. A mail from one of them is never
    /// answered, so herald can never answer itself, whoever forged the From.
    pub fn is_own_address(&self, address: &str) -> bool {
        let Some((local, domain)) = address.trim().rsplit_once('@') else { return false };
        if !domain.eq_ignore_ascii_case(self.address_domain()) {
            return false;
        }
        let ours = self.local_part();
        let base = local.split_once('+').map_or(local, |(base, _)| base);
        base.eq_ignore_ascii_case(ours)
    }
}

/// Something the core cannot decide because the stored data or the templates are broken;
/// nothing is written, and the service answers the mail with an apology and logs why.
#[derive(Debug)]
pub enum RefereeError {
    /// The stored game cannot be resumed.
    Snapshot(String),
    /// A template failed.
    Template(TemplateError),
    /// A mail could not be composed.
    Compose(String),
}

impl std::fmt::Display for RefereeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RefereeError::Snapshot(e) => write!(f, "stored game: {e}"),
            RefereeError::Template(e) => e.fmt(f),
            RefereeError::Compose(e) => write!(f, "composing a mail: {e}"),
        }
    }
}

impl std::error::Error for RefereeError {}

impl From<TemplateError> for RefereeError {
    fn from(e: TemplateError) -> RefereeError {
        RefereeError::Template(e)
    }
}

/// What the referee decided about one mail, or about one game on the clock.
#[derive(Debug)]
pub struct Decision {
    /// The changes and mails.
    pub effects: Effects,
    /// What it was, for the inbox record and the event log.
    pub verdict: Verdict,
}

/// Where commitment nonces come from: the operating system's random source in the service,
/// a fixed sequence in tests. Passed in, like the clock, so the core does no I/O.
pub type NonceSource<'a> = &'a dyn Fn() -> [u8; 16];

/// How a stored game's variant is found from its identifier: [`variants::by_id`], herald's
/// own, unless a test brings a variant of its own (the referee's machinery for what no
/// variant of herald's does yet).
pub type VariantLookup = fn(&str) -> Option<&'static dyn Variant>;

/// The referee core.
pub struct Referee<'a> {
    settings: &'a Settings,
    templates: &'a Templates,
    tokens: &'a Tokens,
    nonces: NonceSource<'a>,
    variants: VariantLookup,
}

/// A loaded game: the stored record and the variant's game restored from its snapshot.
struct Loaded {
    record: GameRecord,
    game: Box<dyn VariantGame>,
    /// Labels of the secrets opened by what is being decided now, for its mails.
    revealed_now: Vec<String>,
    /// Labels of the secrets committed by the move being decided now, for its mails.
    committed_now: Vec<String>,
    /// The moves conditional moves played after the move being decided now, for its mails.
    sequel: Vec<variants::PlayedMove>,
    /// What each player (White's, Black's) is told of their conditional moves now: dropped or
    /// cancelled, and why.
    condition_news: [Option<String>; 2],
}

impl Loaded {
    fn new(record: GameRecord, game: Box<dyn VariantGame>) -> Loaded {
        Loaded {
            record,
            game,
            revealed_now: Vec::new(),
            committed_now: Vec::new(),
            sequel: Vec::new(),
            condition_news: [None, None],
        }
    }
}

/// Where a player's command was read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Source {
    /// The first lines of the mail's own text.
    Body,
    /// The Subject, because the text held no command (see [`commands::from_subject`]).
    Subject,
}

/// What a verified player's mail says, with what the referee needs to judge it.
struct Said<'m> {
    /// The command.
    command: Command,
    /// Where it was read.
    source: Source,
    /// How many moves had been played when the referee wrote the mail this one answers, if
    /// it answers one of the game's mails to this player.
    answered: Option<usize>,
    /// The mail, for the reason a command is missing and the confirmation it may carry.
    mail: &'m IncomingMail,
    /// The club's trusted server authenticated the sender by DKIM, SPF or DMARC.
    authenticated: bool,
}

/// The text a player's mail says its command in: the text the player typed, as they see it;
/// when it holds nothing, the Subject.
/// Commands written in any of herald's languages are read as their English words
/// ([`Languages::in_english`]).
fn command_text(mail: &IncomingMail, languages: &Languages) -> (String, Source) {
    let (text, source) = as_written(mail);
    (languages.in_english(&text).into_owned(), source)
}

/// The text of a mail's commands as the player wrote it, in their language: its body, or its
/// Subject when the body holds none.
fn as_written(mail: &IncomingMail) -> (String, Source) {
    let body = commands::fold(&mail.body);
    match commands::from_subject(&mail.subject) {
        Some(subject) if commands::first_line(&body).is_none() => (subject, Source::Subject),
        _ => (body, Source::Body),
    }
}

/// A setup answer's line with only its first word, the answer's keyword ("зерно", "Krone"),
/// put in English: what follows may be the player's own word (a seed), which must reach the
/// variant as written even where it is a command word of some language ("seed remis").
fn keyword_in_english(line: &str, languages: &Languages) -> String {
    let line = line.trim();
    let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    format!("{} {}", languages.in_english(keyword), rest.trim()).trim_end().to_string()
}

/// The command line of a mail: the first line of [`command_text`], if there is one.
fn command_line(mail: &IncomingMail, languages: &Languages) -> Option<String> {
    commands::first_line(&command_text(mail, languages).0).map(str::to_string)
}

/// What a game ended with, for the record.
fn result_of(variant: &dyn Variant, outcome: Outcome) -> GameResult {
    let (white_points, black_points) = variant.points(outcome);
    GameResult { score: outcome.pgn_result().to_string(), reason: outcome.to_string(), white_points, black_points }
}

impl<'a> Referee<'a> {
    /// A referee with these settings, templates and token secret.
    pub fn new(
        settings: &'a Settings,
        templates: &'a Templates,
        tokens: &'a Tokens,
        nonces: NonceSource<'a>,
    ) -> Referee<'a> {
        Referee { settings, templates, tokens, nonces, variants: variants::by_id }
    }

    /// The same referee, finding stored games' variants with `variants` instead of among
    /// herald's own.
    pub fn with_variants(self, variants: VariantLookup) -> Referee<'a> {
        Referee { variants, ..self }
    }

    /// The game and colour a mail's token names, if the token is valid.
    pub fn claimed_identity(&self, mail: &IncomingMail) -> Option<(i64, Color)> {
        let recipients = mail.delivered_to.iter().chain(&mail.to).map(String::as_str);
        self.tokens.find(self.settings.local_part(), recipients, &mail.subject)
    }

    /// Starts game `id`: the record to store and the invitations to both players.
    pub fn start_game(
        &self,
        id: i64,
        variant: &'static dyn Variant,
        white: Player,
        black: Player,
        now: Timestamp,
    ) -> Result<Effects, RefereeError> {
        self.start_game_in(id, variant, white, black, None, None, PlayersOwn::default(), now)
    }

    /// Starts game `id` with its own time control (`None`: the club's), as a game of
    /// `tournament` if it is one, between players who keep `own` (their vacations and
    /// preferences): the record to store and the invitations. The control is fixed
    /// in the game: a club that changes its default later changes no game already begun.
    #[allow(clippy::too_many_arguments)]
    pub fn start_game_in(
        &self,
        id: i64,
        variant: &'static dyn Variant,
        white: Player,
        black: Player,
        time_control: Option<TimeControl>,
        tournament: Option<records::TournamentGame>,
        own: PlayersOwn,
        now: Timestamp,
    ) -> Result<Effects, RefereeError> {
        let time_control = time_control.unwrap_or(self.settings.time_control);
        let mut seed = [0u8; 32];
        seed[..16].copy_from_slice(&(self.nonces)());
        seed[16..].copy_from_slice(&(self.nonces)());
        let game = variant.new_game_with_seed(seed);
        let record = GameRecord {
            id,
            variant: variant.id().to_string(),
            white,
            black,
            snapshot: game.snapshot(),
            status: GameStatus::Active,
            result: None,
            draw_offer: None,
            created_at: now,
            updated_at: now,
            deadline: None,
            deadline_notices: DeadlineNotice::None,
            mail_seq: 0,
            commitments: Vec::new(),
            genesis: None,
            address_nonces: None,
            chain_head: None,
            time_control: Some(time_control),
            clocks: [time_control.starting_days(); 2],
            vacations: own.vacations,
            preferences: own.preferences,
            tournament,
            conditions: [None, None],
        };
        let mut loaded = Loaded::new(record, game);
        self.start_clock(&mut loaded, now);
        self.commit_new_secrets(&mut loaded)?;
        if loaded.game.setup_requests().is_empty() {
            self.begin(&mut loaded);
        }
        let mut mails = Vec::new();
        for color in Color::BOTH {
            mails.push(self.game_mail(&mut loaded, color, "invite", None, now)?);
        }
        let record = loaded.record;
        let event = Event {
            game_id: Some(id),
            kind: "created",
            detail: format!("{} game: {} (White) vs {} (Black)", variant.id(), record.white.email, record.black.email),
        };
        Ok(Effects { game: Some(record), moves: Vec::new(), mails, events: vec![event] })
    }

    /// Decides what one incoming mail to a game's address does. `game` is the stored game the
    /// mail's token names (see [`Referee::claimed_identity`]), if it exists.
    ///
    /// The mail passes the gate ([`Referee::admit`]): mail that must never be answered
    /// (automatic mail, mail from herald's own addresses) is logged and left unanswered; a mail
    /// that does not count as the player's gets a short answer with no game information; a
    /// player's mail is carried out ([`Referee::player_mail`]). The service itself reads a
    /// player's commands for all their games and the tournaments' mail first, as `admit`
    /// classes them.
    pub fn handle_mail(
        &self,
        mail: &IncomingMail,
        game: Option<GameRecord>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        match self.admit(mail, game) {
            gate::Admission::Player(player) => self.player_mail(player, now),
            gate::Admission::Silent(silence) => Ok(silence),
            // A bounce's effects are counted by the service, which holds the player's standing
            // (`service::bounces`); here it is only never answered.
            gate::Admission::Bounce(bounces::ReturnPath::Forged) => Ok(self.forged_bounce(mail)),
            gate::Admission::Bounce(bounces::ReturnPath::Bounced(_)) => Ok(self.bounce_not_counted_here(mail)),
            gate::Admission::Stranger(stranger) => self.answer_stranger(&stranger, now),
            gate::Admission::Entrant(entrant) => {
                let why =
                    format!("mail from {} about tournament {}, not a game", entrant.email(), entrant.tournament());
                self.answer_unverified(mail, why, now)
            }
        }
    }

    /// Carries out a player's mail in their game: read for its command (the first line of its
    /// own text, or, when the text holds none, its Subject); a mail without one gets the help,
    /// opening with why.
    pub fn player_mail(&self, player: gate::PlayerMail<'_>, now: Timestamp) -> Result<Decision, RefereeError> {
        let (mail, color, authenticated) = (player.mail(), player.color(), player.authenticated());
        let mut loaded = self.load(player.into_record())?;
        let (text, source) = command_text(mail, self.templates.languages());
        // A variant's own setup commands ("crown king", "seed WORD") come first: they are
        // read from the first line, like every command. A finished game takes no setup
        // answer. The line is tried with its keyword alone in English first, so that a
        // player's own word after it stays as written ("зерно remis" is the seed "remis",
        // not "draw"); then wholly in English, where the words after the keyword are the
        // variant's too ("корона король" is "crown king").
        if loaded.record.status == GameStatus::Active {
            let written =
                commands::first_line(&as_written(mail).0).map(|l| keyword_in_english(l, self.templates.languages()));
            let keyword_first = written.and_then(|line| match loaded.game.setup(color, &line) {
                Some(Ok(())) => Some((line, Ok(()))),
                _ => None,
            });
            let answered = keyword_first.or_else(|| {
                let first = commands::first_line(&text)?;
                Some((first.to_string(), loaded.game.setup(color, first)?))
            });
            if let Some((line, answer)) = answered {
                return self.setup_answered(&mut loaded, color, &line, answer, now);
            }
        }
        let answered =
            mail.in_reply_to.as_deref().and_then(|id| ids::moves_when_written(self, id, &loaded.record, color));
        let said = Said { command: commands::read(&text), source, answered, mail, authenticated };
        self.command(&mut loaded, color, said, now)
    }

    /// The command line of a player's mail: where the commands that are the player's rather
    /// than one game's (a vacation, a preference, the overview) are read first.
    fn players_command_line(&self, player: &gate::PlayerMail<'_>) -> Option<String> {
        command_line(player.mail(), self.templates.languages())
    }

    /// The language `color` reads `record`'s game in: their own (`language ...`), else their
    /// tournament's, else the club's, else English.
    pub(super) fn language_of(&self, record: &GameRecord, color: Color) -> std::sync::Arc<Language> {
        let languages = self.templates.languages();
        let own = record.preferences[color.index()].language.as_deref();
        let tournament = record.tournament.as_ref().and_then(|t| t.language.as_deref());
        [own, tournament]
            .into_iter()
            .flatten()
            .find_map(|code| languages.get(code))
            .unwrap_or_else(|| self.club_language())
            .clone()
    }

    /// The message `id` in the language `color` reads `g`'s game in.
    fn say(&self, g: &Loaded, color: Color, id: &str, args: &crate::language::Args<'_>) -> String {
        self.language_of(&g.record, color).say(id, args)
    }

    /// The club's language (`referee.language`), for mails to someone herald knows no
    /// language of: an address it cannot match, the director.
    pub(super) fn club_language(&self) -> &std::sync::Arc<Language> {
        self.templates.languages().or_english(Some(&self.settings.language))
    }

    /// The game of a stored record.
    fn load(&self, record: GameRecord) -> Result<Loaded, RefereeError> {
        let variant = (self.variants)(&record.variant)
            .ok_or_else(|| RefereeError::Snapshot(format!("unknown variant {}", record.variant)))?;
        let game = variant.restore(&record.snapshot).map_err(|e| RefereeError::Snapshot(e.to_string()))?;
        Ok(Loaded::new(record, game))
    }
}
