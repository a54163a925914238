//! The referee core: from (stored game, one incoming mail, now) to (new game state, mails to
//! send). It does no I/O — the store loads the game before and writes the [`Effects`] after,
//! in one transaction; the clock is a parameter — so every decision can be tested alone.
//!
//! Mails are rendered from each recipient's [`View`] of the game, never from the full state,
//! so a variant with secrets keeps them by what its view leaves out.

pub mod archive;
pub mod chain;
pub mod commands;
pub mod commitment;
pub mod records;
pub mod templates;
pub mod token;

use serde::Serialize;

use crate::clock::Timestamp;
use crate::config::OnTimeout;
use crate::engine::{Color, Outcome, WinReason};
use crate::mail::compose::{self, AutoSubmitted, OutgoingMail};
use crate::mail::reader::IncomingMail;
use crate::notation::diagram;
use crate::notation::input::MoveInputError;
use crate::variants::{self, Observer, Variant, VariantGame, View};

use commands::{Command, label};
use records::{Effects, Event, GameRecord, GameResult, GameStatus, MoveRecord, OutgoingRecord, Player};
use templates::{Rendered, TemplateError, Templates};
use token::Tokens;

/// The referee's identity and the club's settings the core needs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The referee's address (`local@domain`).
    pub address: String,
    /// The referee's display name.
    pub name: String,
    /// Domain of Message-IDs.
    pub domain: String,
    /// Days a player has for each move.
    pub days_per_move: u32,
    /// Hours before a deadline at which the player is reminded; 0: never.
    pub reminder_hours: u32,
    /// What happens when a deadline passes.
    pub on_timeout: crate::config::OnTimeout,
    /// Time zone for dates shown to players.
    pub zone: jiff::tz::TimeZone,
}

impl Settings {
    /// The settings of a configuration.
    pub fn from_config(config: &crate::config::Config) -> Settings {
        Settings {
            address: config.referee.address.clone(),
            name: config.referee.name.clone(),
            domain: config.domain().to_string(),
            days_per_move: config.games.days_per_move,
            reminder_hours: config.games.reminder_hours,
            on_timeout: config.games.on_timeout,
            zone: config.zone(),
        }
    }

    fn local_part(&self) -> &str {
        self.address.rsplit_once('@').map_or(&self.address, |(l, _)| l)
    }

    fn address_domain(&self) -> &str {
        self.address.rsplit_once('@').map_or("", |(_, d)| d)
    }
}

/// Something the core cannot decide because the stored data or the templates are broken;
/// nothing is written and the mail is kept for another try.
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

/// What the referee decided about one mail.
#[derive(Debug, Default)]
pub struct Decision {
    /// The changes and mails.
    pub effects: Effects,
    /// How the mail was handled, for the inbox record ("move", "rejected", "unverified", ...).
    pub outcome: &'static str,
}

/// Where commitment nonces come from: the operating system's random source in the service,
/// a fixed sequence in tests. Passed in, like the clock, so the core does no I/O.
pub type NonceSource<'a> = &'a dyn Fn() -> [u8; 16];

/// The referee core.
pub struct Referee<'a> {
    settings: &'a Settings,
    templates: &'a Templates,
    tokens: &'a Tokens,
    nonces: NonceSource<'a>,
}

/// The public header of a game in template contexts.
#[derive(Serialize)]
struct GameHeader {
    id: i64,
    variant_id: String,
    variant_name: String,
}

#[derive(Serialize)]
struct Person {
    color: &'static str,
    name: String,
}

#[derive(Serialize)]
struct ResultContext {
    score: String,
    reason: String,
    /// The points each side gets, where the variant's scoring is not simply 1, ½ and 0
    /// (Royal Chess): "White 0.65, Black 0.3".
    points: Option<String>,
}

/// Thousandths of a point as players write them: 1, 0.5, 0.65.
fn points_text(thousandths: u16) -> String {
    let text = format!("{}.{:03}", thousandths / 1000, thousandths % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Everything a template may use: built from the recipient's view and the game's public
/// header only.
#[derive(Serialize)]
struct MailContext {
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
    example_move: String,
    event: &'static str,
    played: Option<String>,
    declined_by_you: bool,
    error: Option<String>,
    attempted: Option<String>,
    unread: Option<String>,
    /// What this player must still answer before the first move.
    setup_prompt: Option<String>,
    /// The game waits for setup answers.
    waiting_for_setup: bool,
    /// Every commitment of the game, as "label: hash", with its value once revealed.
    commitments: Vec<String>,
    /// Secrets opened by this very event.
    reveals: Vec<RevealContext>,
    /// The hash of the move log's newest record.
    chain_head: String,
    /// Moves recorded.
    plies: usize,
}

#[derive(Serialize)]
struct RevealContext {
    label: String,
    value: String,
    nonce: String,
    hash: String,
    check: String,
}

/// A loaded game: the stored record and the variant's game restored from its snapshot.
struct Loaded {
    record: GameRecord,
    game: Box<dyn VariantGame>,
    /// Labels of the secrets opened by what is being decided now, for its mails.
    revealed_now: Vec<String>,
}

/// `GameRecord::deadline_notices`: what the player on the clock has been told of the
/// current deadline (the store's `games_on_the_clock` query uses the same numbers).
const NO_NOTICE: u8 = 0;
/// The reminder went out.
const REMINDED: u8 = 1;
/// The deadline passed and the player was told so (the game waits).
const TOLD_TIME_IS_UP: u8 = 2;

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
        Referee { settings, templates, tokens, nonces }
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
        let mut seed = [0u8; 32];
        seed[..16].copy_from_slice(&(self.nonces)());
        seed[16..].copy_from_slice(&(self.nonces)());
        let game = variant.new_game_with_seed(seed);
        let mut record = GameRecord {
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
            deadline: Some(self.deadline(now)),
            deadline_notices: NO_NOTICE,
            mail_seq: 0,
            commitments: Vec::new(),
            genesis: None,
            chain_head: None,
        };
        let mut loaded = Loaded { record: record.clone(), game, revealed_now: Vec::new() };
        self.commit_new_secrets(&mut loaded)?;
        if loaded.game.setup_requests().is_empty() {
            self.begin(&mut loaded);
        }
        let mut mails = Vec::new();
        for color in Color::BOTH {
            mails.push(self.game_mail(&mut loaded, color, "invite", None, now)?);
        }
        record = loaded.record;
        let event = Event {
            game_id: Some(id),
            kind: "created",
            detail: format!("{} game: {} (White) vs {} (Black)", variant.id(), record.white.email, record.black.email),
        };
        Ok(Effects { game: Some(record), moves: Vec::new(), mails, events: vec![event] })
    }

    /// Decides what one incoming mail does. `game` is the stored game the mail's token names
    /// (see [`Referee::claimed_identity`]), if it exists.
    pub fn handle_mail(
        &self,
        mail: &IncomingMail,
        game: Option<GameRecord>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let sender = mail.from.as_ref().map(|a| a.addr.clone());
        if let Some(reason) = &mail.automatic {
            // RFC 3834: never answer automatic mail, so no mail loop can start.
            let event = Event {
                game_id: None,
                kind: "automatic",
                detail: format!("ignored automatic mail from {}: {reason:?}", sender.as_deref().unwrap_or("?")),
            };
            return Ok(Decision {
                effects: Effects { events: vec![event], ..Effects::default() },
                outcome: "automatic",
            });
        }
        let claimed = self.claimed_identity(mail);
        let verified = match (claimed, game, sender.as_deref()) {
            (Some((id, color)), Some(record), Some(from))
                if record.id == id && record.player(color).email.eq_ignore_ascii_case(from) =>
            {
                Some((record, color))
            }
            _ => None,
        };
        let Some((record, color)) = verified else {
            return self.unverified(mail, claimed, now);
        };
        let variant = variants::by_id(&record.variant)
            .ok_or_else(|| RefereeError::Snapshot(format!("unknown variant {}", record.variant)))?;
        let game = variant.restore(&record.snapshot).map_err(|e| RefereeError::Snapshot(e.to_string()))?;
        let mut loaded = Loaded { record, game, revealed_now: Vec::new() };
        // A variant's own setup commands ("crown king") come first: they are read from the
        // first line, like every command.
        // A finished game takes no setup answer.
        let first_line = mail.body.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
        if loaded.record.status == GameStatus::Active
            && let Some(answer) = loaded.game.setup(color, first_line)
        {
            return self.setup_answered(&mut loaded, color, first_line, answer, now);
        }
        let answered = mail.in_reply_to.as_deref().and_then(|id| self.moves_when_written(id, &loaded.record, color));
        let decision = self.command(&mut loaded, color, commands::read(&mail.body), answered, now)?;
        Ok(decision)
    }

    /// Commits every secret the game has decided and the record does not hold yet.
    fn commit_new_secrets(&self, g: &mut Loaded) -> Result<(), RefereeError> {
        for secret in g.game.secrets() {
            if g.record.commitments.iter().any(|c| c.commitment.label == secret.label) {
                continue;
            }
            let commitment = commitment::Commitment::new(g.record.id, &secret.label, &secret.value, (self.nonces)())
                .map_err(RefereeError::Snapshot)?;
            g.record.commitments.push(records::CommitmentRecord { commitment, revealed: false });
        }
        Ok(())
    }

    /// The game begins: every secret of the setup is committed, so the chain's genesis record
    /// can fix them together with the players and the start.
    fn begin(&self, g: &mut Loaded) {
        let commitments: Vec<(String, String)> =
            g.record.commitments.iter().map(|c| (c.commitment.label.clone(), c.commitment.hash.clone())).collect();
        let genesis = chain::genesis(
            g.record.id,
            &g.record.variant,
            &g.record.white.email,
            &g.record.black.email,
            &g.game.public_start(),
            &commitments,
        );
        g.record.genesis = Some(genesis.clone());
        g.record.chain_head = Some(genesis);
    }

    /// Publishes the secrets named by `labels`.
    fn reveal(&self, g: &mut Loaded, labels: &[String]) {
        for c in &mut g.record.commitments {
            if labels.contains(&c.commitment.label) && !c.revealed {
                c.revealed = true;
                g.revealed_now.push(c.commitment.label.clone());
            }
        }
    }

    /// A player's answer to the game's setup request.
    fn setup_answered(
        &self,
        g: &mut Loaded,
        color: Color,
        text: &str,
        answer: Result<(), String>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        if let Err(why) = answer {
            return self.reject(g, color, Some(text), &why, now);
        }
        g.record.snapshot = g.game.snapshot();
        g.record.updated_at = now;
        self.commit_new_secrets(g)?;
        if g.game.setup_requests().is_empty() {
            self.begin(g);
            self.start_clock(g, now);
            let mails = self.both(g, "game_begins", None, now)?;
            return Ok(self.decided(
                g,
                mails,
                Vec::new(),
                "setup",
                format!("{color} answered the setup; the game begins"),
            ));
        }
        let mail = self.game_mail(g, color, "setup_recorded", None, now)?;
        Ok(self.decided(g, vec![mail], Vec::new(), "setup", format!("{color} answered the setup")))
    }

    /// A mail whose sender is not the player its token names, or without a valid token:
    /// changes nothing, is logged, and gets a short reply with no game information.
    fn unverified(
        &self,
        mail: &IncomingMail,
        claimed: Option<(i64, Color)>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let sender = mail.from.as_ref().map(|a| a.addr.clone());
        let detail = match claimed {
            Some((id, color)) => {
                format!(
                    "mail from {} with a valid token for game {id} ({color}) but not from that player",
                    sender.as_deref().unwrap_or("?")
                )
            }
            None => format!("mail from {} without a valid reply token", sender.as_deref().unwrap_or("?")),
        };
        let mut effects =
            Effects { events: vec![Event { game_id: None, kind: "unverified", detail }], ..Effects::default() };
        self.short_reply(&mut effects, mail, "unverified.txt", minijinja::Value::UNDEFINED, now)?;
        Ok(Decision { effects, outcome: "unverified" })
    }

    /// A mail too large to read: answered with a short refusal unless it is automatic.
    pub fn too_large(
        &self,
        mail: &IncomingMail,
        size: usize,
        limit: usize,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let event =
            Event { game_id: None, kind: "too-large", detail: format!("{size}-byte mail from {sender} not read") };
        let mut effects = Effects { events: vec![event], ..Effects::default() };
        if mail.automatic.is_none() {
            self.short_reply(&mut effects, mail, "too_large.txt", minijinja::context! { size, limit }, now)?;
        }
        Ok(Decision { effects, outcome: "too-large" })
    }

    /// A short reply outside any game, to the sender of `mail` (if it has one), with no game
    /// information. Its Message-ID derives from the incoming mail's dedupe key, so handling
    /// the same mail twice could never produce two different replies. A stranger's mail may
    /// carry a sender address or Message-ID that cannot be written into a reply: the
    /// Message-ID is then left out of the thread headers, and an address that cannot be
    /// written to gets no reply (the event log says so) — a stranger's odd mail must never
    /// stop the referee.
    fn short_reply(
        &self,
        effects: &mut Effects,
        mail: &IncomingMail,
        template: &str,
        context: minijinja::Value,
        now: Timestamp,
    ) -> Result<(), RefereeError> {
        let Some(to) = mail.from.as_ref().map(|a| a.addr.clone()) else { return Ok(()) };
        let thread = mail.message_id.clone().filter(|id| reusable_message_id(id));
        let Rendered { subject, body } = self.templates.render(template, context)?;
        let digest = crate::hex::sha256(mail.dedupe_key.as_bytes());
        let message_id = format!("herald.reply.{}@{}", &digest[..24], self.settings.domain);
        let outgoing = OutgoingMail {
            from_name: self.settings.name.clone(),
            from: self.settings.address.clone(),
            to: to.clone(),
            reply_to: None,
            subject,
            body,
            message_id: message_id.clone(),
            in_reply_to: thread.clone(),
            references: thread.into_iter().collect(),
            date: now,
            auto_submitted: AutoSubmitted::AutoReplied,
        };
        match compose::render(&outgoing) {
            Ok(bytes) => effects.mails.push(OutgoingRecord { game_id: None, recipient: to, message_id, bytes }),
            Err(e) => effects.events.push(Event {
                game_id: None,
                kind: "unanswerable",
                detail: format!("no reply to {to:?}: {e}"),
            }),
        }
        Ok(())
    }

    /// A new deadline for the player now on the clock, with none of its notices sent.
    fn start_clock(&self, g: &mut Loaded, now: Timestamp) {
        g.record.deadline = Some(self.deadline(now));
        g.record.deadline_notices = NO_NOTICE;
    }

    /// What the clock decides for a game at `now`, if anything. The clock runs against the
    /// side to move, or before the first move against whoever still owes a secret choice.
    /// When the deadline is `reminder_hours` away, they are reminded; when it has passed,
    /// the side to move loses on time (`on_timeout: forfeit`), or is told that the time ran
    /// out and the game waits (`on_timeout: remind`, and always before the first move, when
    /// no move has been missed). With reminders on, nobody loses without having been
    /// reminded: a deadline that passed before its reminder went out is moved to
    /// `reminder_hours` after the reminder. Each notice is mailed once per deadline, so
    /// calling this again changes nothing.
    pub fn on_deadline(&self, record: GameRecord, now: Timestamp) -> Result<Option<Decision>, RefereeError> {
        let Some(deadline) = record.deadline.filter(|_| record.status == GameStatus::Active) else {
            return Ok(None);
        };
        let variant = variants::by_id(&record.variant)
            .ok_or_else(|| RefereeError::Snapshot(format!("unknown variant {}", record.variant)))?;
        let game = variant.restore(&record.snapshot).map_err(|e| RefereeError::Snapshot(e.to_string()))?;
        let mut g = Loaded { record, game, revealed_now: Vec::new() };
        let requests = g.game.setup_requests();
        let setting_up = !requests.is_empty();
        let on_clock: Vec<Color> = if setting_up {
            Color::BOTH.into_iter().filter(|c| requests.iter().any(|r| r.player == *c)).collect()
        } else {
            vec![g.game.turn()]
        };
        let names = |colors: &[Color]| colors.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ");
        let hours = jiff::SignedDuration::from_hours(i64::from(self.settings.reminder_hours));
        let reminders = !hours.is_zero();
        // A deadline that passed unseen (the daemon was down, or the club has just come from
        // a herald that did not enforce deadlines) costs nobody a game by surprise: with
        // reminders on, the player is reminded first and has `reminder_hours` from now.
        let passed_unseen = now >= deadline && reminders && g.record.deadline_notices == NO_NOTICE;
        if now >= deadline && !passed_unseen {
            if self.settings.on_timeout == OnTimeout::Forfeit && !setting_up {
                let loser = g.game.turn();
                let outcome = Outcome::Win { winner: loser.other(), reason: WinReason::Timeout };
                self.finish(&mut g, outcome, now);
                let mails = self.both(&mut g, "finished", None, now)?;
                let detail = format!("{loser} lost on time (deadline {deadline})");
                return Ok(Some(self.decided(&g, mails, Vec::new(), "timeout", detail)));
            }
            if g.record.deadline_notices >= TOLD_TIME_IS_UP {
                return Ok(None);
            }
            g.record.deadline_notices = TOLD_TIME_IS_UP;
            let mails =
                on_clock.iter().map(|&c| self.game_mail(&mut g, c, "time_up", None, now)).collect::<Result<_, _>>()?;
            let detail = format!("time ran out for {} (deadline {deadline}); the game waits", names(&on_clock));
            return Ok(Some(self.decided(&g, mails, Vec::new(), "time_up", detail)));
        }
        let remind_from = deadline.checked_sub(hours).unwrap_or(deadline);
        if !reminders || now < remind_from || g.record.deadline_notices >= REMINDED {
            return Ok(None);
        }
        let mut detail = format!("reminded {} of the deadline {deadline}", names(&on_clock));
        if passed_unseen {
            let moved = now.checked_add(hours).unwrap_or(now);
            g.record.deadline = Some(moved);
            detail = format!("{detail}, which passed unseen: moved to {moved}");
        }
        g.record.deadline_notices = REMINDED;
        let mails =
            on_clock.iter().map(|&c| self.game_mail(&mut g, c, "reminder", None, now)).collect::<Result<_, _>>()?;
        Ok(Some(self.decided(&g, mails, Vec::new(), "reminder", detail)))
    }

    fn deadline(&self, now: Timestamp) -> Timestamp {
        let days = i64::from(self.settings.days_per_move);
        now.checked_add(jiff::SignedDuration::from_hours(24 * days)).unwrap_or(now)
    }

    /// How many moves had been played when the referee wrote its mail `id` to `color` in
    /// `record`'s game, if `id` is the Message-ID of such a mail: the invitation (before any
    /// move) or a later mail, whose Message-ID says it (see [`Referee::mail`]).
    fn moves_when_written(&self, id: &str, record: &GameRecord, color: Color) -> Option<usize> {
        if id == thread_root(self.tokens, record.id, color, &self.settings.domain) {
            return Some(0);
        }
        let rest = id.strip_prefix(&format!("herald.{}.{}.p", record.id, color.name()))?;
        rest.split_once('.')?.0.parse().ok()
    }

    /// Carries out a verified player's command. `answered` is how many moves had been played
    /// when the referee wrote the mail the command answers, if it answers one of them.
    fn command(
        &self,
        g: &mut Loaded,
        color: Color,
        command: Command,
        answered: Option<usize>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let finished = g.record.status == GameStatus::Finished;
        let opponent = color.other();
        match command {
            Command::Board => {
                let mail = self.game_mail(g, color, "board", None, now)?;
                Ok(self.decided(g, vec![mail], Vec::new(), "board", format!("{color} asked for the board")))
            }
            Command::Help | Command::Empty => {
                let mail = self.help_mail(g, color, None, now)?;
                Ok(self.decided(g, vec![mail], Vec::new(), "help", format!("{color} asked for help")))
            }
            _ if finished => {
                self.reject(g, color, None, "The game is over; no more moves or offers are accepted.", now)
            }
            // Until every secret of the setup is committed there is no game to resign, draw or
            // play: the move log has not even begun.
            _ if g.record.genesis.is_none() => {
                let waiting = g.game.setup_requests().into_iter().map(|r| r.prompt).next().unwrap_or_default();
                let message = format!("The game has not begun: it begins when both players have answered ({waiting}).");
                self.reject(g, color, None, &message, now)
            }
            Command::Resign => {
                let outcome = Outcome::Win { winner: opponent, reason: WinReason::Resignation };
                self.finish(g, outcome, now);
                let mails = self.both(g, "finished", None, now)?;
                Ok(self.decided(g, mails, Vec::new(), "resigned", format!("{color} resigned")))
            }
            Command::Accept => {
                if g.record.draw_offer != Some(opponent) {
                    return self.reject(g, color, None, "There is no draw offer from your opponent to accept.", now);
                }
                let outcome = Outcome::Draw { reason: crate::engine::DrawReason::Agreement };
                self.finish(g, outcome, now);
                let mails = self.both(g, "finished", None, now)?;
                Ok(self.decided(g, mails, Vec::new(), "draw", format!("{color} accepted the draw offer")))
            }
            Command::Decline => {
                if g.record.draw_offer != Some(opponent) {
                    return self.reject(g, color, None, "There is no draw offer from your opponent to decline.", now);
                }
                g.record.draw_offer = None;
                g.record.updated_at = now;
                let mut mails = vec![self.game_mail_with(g, color, "draw_declined", None, true, now)?];
                mails.push(self.game_mail_with(g, opponent, "draw_declined", None, false, now)?);
                Ok(self.decided(g, mails, Vec::new(), "declined", format!("{color} declined the draw offer")))
            }
            Command::Draw => self.draw(g, color, now),
            Command::Move { number, text, offer_draw } => {
                if text.is_empty() {
                    let mail = self.help_mail(g, color, None, now)?;
                    return Ok(self.decided(g, vec![mail], Vec::new(), "help", format!("{color} sent no move")));
                }
                if g.game.turn() != color {
                    let message = format!(
                        "It is not your move: {} is to move ({}).",
                        opponent.title(),
                        label(g.game.move_number(), opponent)
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                let current = label(g.game.move_number(), color);
                if let Some(number) = number
                    && (number.number != g.game.move_number() || number.color != color)
                {
                    let message = format!(
                        "Your mail gives the move as {} {text}, but the game is at {current} — it may be an old \
                         or reordered mail. Nothing was played; if {text} is still your move, send it again.",
                        number.label()
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                // A move without its number is checked against the mail it answers: one that
                // answers a mail from before the latest move is an old mail resent, or a
                // second thought that crossed the opponent's move, and is not what the
                // player would play now.
                if number.is_none()
                    && let Some(seen) = answered
                    && seen < g.game.moves().len()
                {
                    let message = format!(
                        "Your mail answers one of my mails from before the latest move, so it may be an old, \
                         resent or reordered mail. Nothing was played; if {text} is still your move, send it \
                         again with its number ({current} {text}), or as an answer to my latest mail."
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                match g.game.play(&text) {
                    Ok(played) => self.moved(g, color, played, offer_draw, now),
                    Err(MoveInputError::Unreadable { .. } | MoveInputError::Empty) if number.is_none() => {
                        let mail = self.help_mail(g, color, Some(&text), now)?;
                        let detail = format!("{color} sent unreadable text {text:?}");
                        Ok(self.decided(g, vec![mail], Vec::new(), "help", detail))
                    }
                    Err(e) => self.reject(g, color, Some(&text), &e.to_string(), now),
                }
            }
        }
    }

    /// "draw": claims a claimable draw, accepts an open offer, or makes an offer.
    fn draw(&self, g: &mut Loaded, color: Color, now: Timestamp) -> Result<Decision, RefereeError> {
        let opponent = color.other();
        if g.game.turn() == color
            && let Some(claim) = g.game.claimable_draws().first().copied()
        {
            self.finish(g, Outcome::Draw { reason: claim.into() }, now);
            let mails = self.both(g, "finished", None, now)?;
            return Ok(self.decided(g, mails, Vec::new(), "draw", format!("{color} claimed a draw: {claim:?}")));
        }
        if g.record.draw_offer == Some(opponent) {
            self.finish(g, Outcome::Draw { reason: crate::engine::DrawReason::Agreement }, now);
            let mails = self.both(g, "finished", None, now)?;
            return Ok(self.decided(g, mails, Vec::new(), "draw", format!("{color} accepted the draw offer")));
        }
        if g.record.draw_offer == Some(color) {
            return self.reject(g, color, None, "Your draw offer is already open.", now);
        }
        g.record.draw_offer = Some(color);
        g.record.updated_at = now;
        let mails = vec![
            self.game_mail(g, color, "draw_offer_sent", None, now)?,
            self.game_mail(g, opponent, "draw_offered", None, now)?,
        ];
        Ok(self.decided(g, mails, Vec::new(), "draw-offer", format!("{color} offered a draw")))
    }

    /// A legal move was played: record it, end the game if the rules say so, tell both.
    fn moved(
        &self,
        g: &mut Loaded,
        color: Color,
        played: variants::PlayedMove,
        offer_draw: bool,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let ply = g.game.moves().len() as u32;
        let prev_hash = g.record.chain_head.clone().unwrap_or_default();
        let chained = played.sealed.as_deref().unwrap_or(&played.notation);
        let hash = chain::link(&prev_hash, ply, color, played.number, chained);
        let record = MoveRecord {
            ply,
            color,
            number: played.number,
            notation: played.notation.clone(),
            sealed: played.sealed.clone(),
            played_at: now,
            prev_hash,
            hash: hash.clone(),
        };
        g.record.chain_head = Some(hash);
        self.reveal(g, &played.reveal);
        g.record.snapshot = g.game.snapshot();
        g.record.updated_at = now;
        // A move answers an open offer by the opponent: it declines it (as over the board).
        if g.record.draw_offer == Some(color.other()) {
            g.record.draw_offer = None;
        }
        if let Some(outcome) = g.game.outcome() {
            self.finish(g, outcome, now);
            let mails = self.both(g, "finished", Some(&played), now)?;
            let detail = format!("{color} played {} {}; {outcome}", label(played.number, color), played.notation);
            return Ok(self.decided(g, mails, vec![record], "move", detail));
        }
        if offer_draw {
            g.record.draw_offer = Some(color);
        }
        self.start_clock(g, now);
        let mover = self.game_mail(g, color, "moved", Some(&played), now)?;
        let other = self.game_mail(
            g,
            color.other(),
            if offer_draw { "draw_offered" } else { "opponent_moved" },
            Some(&played),
            now,
        )?;
        let detail = format!("{color} played {} {}", label(played.number, color), played.notation);
        Ok(self.decided(g, vec![mover, other], vec![record], "move", detail))
    }

    /// Ends the game; every secret still hidden is opened.
    fn finish(&self, g: &mut Loaded, outcome: Outcome, now: Timestamp) {
        let hidden: Vec<String> =
            g.record.commitments.iter().filter(|c| !c.revealed).map(|c| c.commitment.label.clone()).collect();
        self.reveal(g, &hidden);
        g.record.status = GameStatus::Finished;
        let result = result_of(g.game.variant(), outcome);
        let prev = g.record.chain_head.clone().unwrap_or_default();
        g.record.chain_head = Some(chain::close(&prev, &result.score, &result.reason));
        g.record.result = Some(result);
        g.record.draw_offer = None;
        g.record.deadline = None;
        g.record.updated_at = now;
    }

    fn both(
        &self,
        g: &mut Loaded,
        event: &'static str,
        played: Option<&variants::PlayedMove>,
        now: Timestamp,
    ) -> Result<Vec<OutgoingRecord>, RefereeError> {
        Color::BOTH.into_iter().map(|c| self.game_mail(g, c, event, played, now)).collect()
    }

    fn decided(
        &self,
        g: &Loaded,
        mails: Vec<OutgoingRecord>,
        moves: Vec<MoveRecord>,
        outcome: &'static str,
        detail: String,
    ) -> Decision {
        // The record is written even when only a mail was sent: its mail counter moved.
        let event = Event { game_id: Some(g.record.id), kind: outcome, detail };
        Decision { effects: Effects { game: Some(g.record.clone()), moves, mails, events: vec![event] }, outcome }
    }

    fn reject(
        &self,
        g: &mut Loaded,
        color: Color,
        attempted: Option<&str>,
        error: &str,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let mut context = self.context(g, color, "rejected", None);
        context.error = Some(error.to_string());
        context.attempted = attempted.map(str::to_string);
        let mail = self.mail(g, color, "rejected.txt", &context, now)?;
        let detail = format!("{color}: {} refused: {error}", attempted.unwrap_or("command"));
        Ok(self.decided(g, vec![mail], Vec::new(), "rejected", detail))
    }

    fn help_mail(
        &self,
        g: &mut Loaded,
        color: Color,
        unread: Option<&str>,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let mut context = self.context(g, color, "help", None);
        context.unread = unread.map(str::to_string);
        self.mail(g, color, "help.txt", &context, now)
    }

    fn game_mail(
        &self,
        g: &mut Loaded,
        color: Color,
        event: &'static str,
        played: Option<&variants::PlayedMove>,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        self.game_mail_with(g, color, event, played, false, now)
    }

    fn game_mail_with(
        &self,
        g: &mut Loaded,
        color: Color,
        event: &'static str,
        played: Option<&variants::PlayedMove>,
        declined_by_you: bool,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let mut context = self.context(g, color, event, played);
        context.declined_by_you = declined_by_you;
        self.mail(g, color, "game.txt", &context, now)
    }

    /// The template context for `color`: everything comes from that player's view.
    fn context(
        &self,
        g: &Loaded,
        color: Color,
        event: &'static str,
        played: Option<&variants::PlayedMove>,
    ) -> MailContext {
        let record = &g.record;
        let variant = g.game.variant();
        // After the game nothing is secret; before, each player sees only their own view.
        let observer = if record.status == GameStatus::Finished { Observer::Everyone } else { Observer::Player(color) };
        let view: View = g.game.view(Observer::Player(color));
        let shown = if observer == Observer::Everyone { g.game.view(Observer::Everyone) } else { view.clone() };
        let to_move = g.game.turn();
        let number = g.game.move_number();
        let last_move = shown.moves.last().map(|m| {
            let ply = shown.moves.len() - 1;
            let mover = if ply % 2 == 0 { shown.first_mover } else { shown.first_mover.other() };
            let first_is_black = !shown.first_mover.is_white();
            let n = shown.first_move_number + ((ply + usize::from(first_is_black)) / 2) as u32;
            format!("{} {m}", label(n, mover))
        });
        let draw_offer = match record.draw_offer {
            Some(c) if c == color => Some("Your draw offer is open.".to_string()),
            Some(_) => Some(format!(
                "{} offers a draw: reply \"accept\" or \"decline\".",
                record.player(color.other()).display_name()
            )),
            None => None,
        };
        let deadline = record
            .deadline
            .map(|d| d.to_zoned(self.settings.zone.clone()).strftime("%Y-%m-%d %H:%M %Z").to_string())
            .unwrap_or_default();
        MailContext {
            game: GameHeader {
                id: record.id,
                variant_id: variant.id().to_string(),
                variant_name: variant.name().to_string(),
            },
            white: record.white.display_name().to_string(),
            black: record.black.display_name().to_string(),
            you: Person { color: color.title(), name: record.player(color).display_name().to_string() },
            opponent: Person {
                color: color.other().title(),
                name: record.player(color.other()).display_name().to_string(),
            },
            board: diagram::render(&shown, color),
            moves: diagram::move_list(&shown),
            last_move: last_move.clone(),
            notices: view.notices.clone(),
            legal_moves: view.legal_moves.clone(),
            your_turn: record.status == GameStatus::Active && to_move == color && g.game.setup_requests().is_empty(),
            move_label: label(number, to_move),
            deadline,
            timeout_loses: self.settings.on_timeout == OnTimeout::Forfeit && g.game.setup_requests().is_empty(),
            draw_offer: if record.status == GameStatus::Active { draw_offer } else { None },
            result: record.result.as_ref().map(|r| {
                let plain = matches!((r.white_points, r.black_points), (1000, 0) | (0, 1000) | (500, 500));
                ResultContext {
                    score: r.score.clone(),
                    reason: r.reason.clone(),
                    points: (!plain).then(|| {
                        format!("White {}, Black {}", points_text(r.white_points), points_text(r.black_points))
                    }),
                }
            }),
            example_move: if color.is_white() { "Nf3".to_string() } else { "Nf6".to_string() },
            event,
            // One's own move in full; the opponent's only as this player's view shows it (in a
            // variant with hidden moves, the view's redacted entry).
            played: played.map(|p| {
                if p.by == color {
                    format!("{} {}", label(p.number, p.by), p.notation)
                } else {
                    last_move.clone().unwrap_or_default()
                }
            }),
            declined_by_you: false,
            error: None,
            attempted: None,
            unread: None,
            setup_prompt: g.game.setup_requests().into_iter().find(|r| r.player == color).map(|r| r.prompt),
            waiting_for_setup: !g.game.setup_requests().is_empty(),
            commitments: g
                .record
                .commitments
                .iter()
                .map(|c| {
                    let state = if c.revealed { format!(" (revealed: {})", c.commitment.value) } else { String::new() };
                    format!("{}: {}{state}", c.commitment.label, c.commitment.hash)
                })
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
                    check: c.commitment.check_command(),
                })
                .collect(),
            chain_head: record.chain_head.clone().unwrap_or_default(),
            plies: g.game.moves().len(),
        }
    }

    /// Renders and composes one mail of game `g` to `color`, numbering it in the game.
    fn mail(
        &self,
        g: &mut Loaded,
        color: Color,
        template: &str,
        context: &MailContext,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let Rendered { subject, body } = self.templates.render(template, context)?;
        let record = &mut g.record;
        let token = self.tokens.token(record.id, color);
        let root = thread_root(self.tokens, record.id, color, &self.settings.domain);
        // The counter numbers every mail of the game, to either player; it is hidden in a
        // keyed hash so that a player cannot count the mails the opponent received. The
        // number of moves played is public, and is written in the clear ("p12"): a reply
        // to this mail names it in In-Reply-To, which tells a stale move from a fresh one.
        let message_id = if context.event == "invite" {
            root.clone()
        } else {
            let tag = self.tokens.tag(&format!("message:{}:{}:{}", record.id, color.name(), record.mail_seq));
            let moves = g.game.moves().len();
            format!("herald.{}.{}.p{moves}.{tag}@{}", record.id, color.name(), self.settings.domain)
        };
        record.mail_seq += 1;
        let to = record.player(color).email.clone();
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
            // An answer to the player's own mail is a reply; news of the opponent's doing is
            // the referee's own (RFC 3834 §5).
            auto_submitted: if matches!(
                context.event,
                "moved" | "rejected" | "help" | "board" | "setup_recorded" | "draw_offer_sent"
            ) || context.declined_by_you
            {
                AutoSubmitted::AutoReplied
            } else {
                AutoSubmitted::AutoGenerated
            },
        };
        let bytes = compose::render(&outgoing).map_err(|e| RefereeError::Compose(e.to_string()))?;
        Ok(OutgoingRecord { game_id: Some(record.id), recipient: to, message_id, bytes })
    }
}

/// True if a Message-ID from someone else's mail can be repeated in our thread headers: the
/// plain `left@right` form of RFC 5322 (no spaces, quotes, brackets or control characters)
/// and of a sane length.
fn reusable_message_id(id: &str) -> bool {
    id.len() <= 250
        && id.split_once('@').is_some_and(|(l, r)| !l.is_empty() && !r.is_empty() && !r.contains('@'))
        && id.bytes().all(|b| b.is_ascii_graphic() && !b"<>\"\\()[],;: ".contains(&b))
}

/// The Message-ID of a game's first mail to `color`, which every later mail to that player
/// refers to, so each game is one thread in each player's mail client. Keyed by the club's
/// secret, so a database made anew never repeats an old game's Message-IDs (mail services
/// drop a mail whose Message-ID they have seen).
pub fn thread_root(tokens: &Tokens, game: i64, color: Color, domain: &str) -> String {
    format!("herald.{game}.{}.{}@{domain}", color.name(), tokens.tag(&format!("root:{game}:{}", color.name())))
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
