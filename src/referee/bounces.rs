//! Bounces: herald's own mail to a player that came back.
//!
//! Every mail of a game to a player leaves with a return path of its own,
//! `local+bounce-TOKEN@domain` ([`super::token::Tokens::bounce_token`]: the game, the player's colour and the
//! number of moves when it was written, under a MAC), so a bounce names the player and the mail
//! it belongs to, and nobody without the referee's secret can make one that does. A mail to
//! such an address is never answered, whatever it says:
//!
//! - a token whose MAC is wrong is a forgery: logged, nothing changes ([`Referee::forged_bounce`]);
//! - a delivery report (RFC 3464) that says the mail failed permanently (`failed`, 5.x.x) is
//!   a permanent failure; everything else (`delayed`, `failed` with 4.x.x, a bounce that is no
//!   delivery report at all, as some servers send) is transient and only logged
//!   ([`Referee::read_bounce`]);
//! - permanent failures are counted per player, once per mail (game, colour, moves), since the
//!   player last wrote (a report of a mail the player answered after it was written counts
//!   nothing: they were reachable then); at `bounces.unreachable_after` of them the player is unreachable
//!   ([`Referee::bounced`]): the opponent in each of the player's games still going on is told
//!   (a game mail, so it is threaded and has a return path of its own), and so is the
//!   director (`referee.director`, or the event log alone when none is configured), and with
//!   `bounces.on_unreachable: pause` those games' clocks stop;
//! - the next mail from the player in one of their games makes them reachable again and their
//!   paused clocks run on, the deadline moved by the time the clock stood still
//!   ([`Referee::reachable_again`], as a vacation moves it: `deadlines`);
//! - a pause lasts `bounces.max_pause_days` at most: a bounce is easy to forge (the return
//!   path stands in every mail the player received), so it must not stop a clock for good.
//!   Then the clock runs again from where it stood and the director is told and decides
//!   ([`Referee::pause_over`]); the player stays unreachable until they write.
//!
//! The store counts and keeps the state; this module only decides, without I/O.

use serde::{Deserialize, Serialize};

use super::records::{Effects, Event, GameRecord, GameStatus, OutgoingRecord, Player, Verdict};
use super::templates::Rendered;
use super::{Decision, Referee, RefereeError, ids};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::mail::compose::{self, AutoSubmitted, OutgoingMail};
use crate::mail::reader::{DeliveryReport, Failure, IncomingMail};

/// What happens to the games of a player who became unreachable.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum OnUnreachable {
    /// Their clocks stop until the player writes again.
    #[default]
    Pause,
    /// Their clocks run on (the deadlines' reminders and losses on time go on as usual).
    Continue,
}

/// The club's settings for bounces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BounceSettings {
    /// The director's address, told when a player becomes unreachable (and when a Swiss round
    /// cannot be paired); `None`: the event log.
    pub director: Option<String>,
    /// Permanent failures after which a player is unreachable (at least 1).
    pub unreachable_after: u32,
    /// What happens to the unreachable player's games.
    pub on_unreachable: OnUnreachable,
    /// Days at most that bounces stop a game's clock.
    pub max_pause_days: u32,
}

impl Default for BounceSettings {
    fn default() -> BounceSettings {
        BounceSettings {
            director: None,
            unreachable_after: 2,
            on_unreachable: OnUnreachable::Pause,
            max_pause_days: 14,
        }
    }
}

/// The mail a valid return path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BouncedMail {
    /// The game.
    pub game: i64,
    /// The player it went to.
    pub color: Color,
    /// How many moves had been played when it was written.
    pub moves: usize,
}

/// What a mail to one of herald's return paths is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReturnPath {
    /// A bounce of this mail.
    Bounced(BouncedMail),
    /// The token's MAC is wrong.
    Forged,
}

/// What a bounce says about the mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BounceReading {
    /// Permanent, transient, or no failure at all (a report of delivery).
    pub failure: Failure,
    /// The RFC 3463 status code, if the report gives one.
    pub status: Option<String>,
    /// What the remote server said, if the report gives it.
    pub diagnostic: Option<String>,
    /// Which server reported it.
    pub reporting_mta: Option<String>,
}

/// What the store knows of the bounced player, this bounce counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Permanent failures (one per mail) since the player last wrote, this one included.
    pub permanent_failures: u32,
    /// False when this mail's failure had been counted before (a second report of it).
    pub counted_now: bool,
    /// Whether the player was unreachable before this bounce.
    pub unreachable: bool,
    /// The player wrote (a mail that counted as theirs) after the bounced mail was written: a
    /// report of it, however late it came, says nothing of whether they can be reached now,
    /// and is not counted.
    pub answered_since: bool,
}

/// What a bounce decides.
#[derive(Debug)]
pub struct BounceDecision {
    /// What to write: one decision per game whose opponent is told, then one with the
    /// director's notice and the bounce's own event (recorded with the bounce in the inbox).
    pub decisions: Vec<Decision>,
    /// The player becomes unreachable now.
    pub unreachable: bool,
    /// The games whose clocks stop now.
    pub pause: Vec<i64>,
}

/// A paused clock of a player who wrote again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PausedClock {
    /// The game.
    pub game: i64,
    /// When the clock stopped.
    pub paused_at: Timestamp,
    /// When its last move was played, if any.
    pub last_move_at: Option<Timestamp>,
}

/// A game whose clock runs again, and its deadline.
pub type NewDeadline = (i64, Option<Timestamp>);

impl PausedClock {
    /// Since when the clock stood still: the pause, or a move made during the pause (the
    /// opponent may go on moving; that move's deadline was counted from it).
    pub fn stopped(&self) -> Timestamp {
        self.last_move_at.map_or(self.paused_at, |m| m.max(self.paused_at))
    }
}

/// The director's notice, as its template sees it.
#[derive(Serialize)]
struct DirectorContext {
    player: PersonContext,
    max_pause_days: u32,
    failures: u32,
    bounced_game: i64,
    status: Option<String>,
    diagnostic: Option<String>,
    reporting_mta: Option<String>,
    games: Vec<GameContext>,
}

#[derive(Serialize)]
struct PersonContext {
    name: String,
    email: String,
}

#[derive(Serialize)]
struct GameContext {
    id: i64,
    variant: String,
    opponent: String,
    paused: bool,
}

impl Referee<'_> {
    /// The return path of a game's mail to `color` written after `moves` moves:
    /// `local+bounce-TOKEN@domain`.
    pub fn return_path(&self, game: i64, color: Color, moves: usize) -> String {
        let token = self.tokens.bounce_token(game, color, moves);
        format!("{}+{token}@{}", self.settings.local_part(), self.settings.address_domain())
    }

    /// What `mail` is, if it was sent to one of herald's return paths (in its envelope
    /// recipient, Delivered-To, X-Original-To, To or Cc).
    pub fn return_path_of(&self, mail: &IncomingMail) -> Option<ReturnPath> {
        let recipients = mail.delivered_to.iter().chain(&mail.to).map(String::as_str);
        Some(match self.tokens.find_bounce(self.settings.local_part(), recipients)? {
            Ok((game, color, moves)) => ReturnPath::Bounced(BouncedMail { game, color, moves }),
            Err(()) => ReturnPath::Forged,
        })
    }

    /// A mail to a return path with a wrong token: logged, never answered, nothing changed.
    pub fn forged_bounce(&self, mail: &IncomingMail) -> Decision {
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let verdict = Verdict::ForgedBounce;
        let detail = format!("a mail from {sender} to a return path with a wrong token; ignored");
        Decision {
            effects: Effects {
                events: vec![Event { game_id: None, kind: verdict.as_str(), detail }],
                ..Effects::default()
            },
            verdict,
        }
    }

    /// A bounce handed to [`Referee::handle_mail`] rather than to the service: never answered,
    /// and counted nowhere, since the player's standing is the store's.
    pub(super) fn bounce_not_counted_here(&self, mail: &IncomingMail) -> Decision {
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let verdict = Verdict::Bounce;
        let detail = format!("a bounce from {sender}, not answered; bounces are counted by the service");
        let effects =
            Effects { events: vec![Event { game_id: None, kind: verdict.as_str(), detail }], ..Effects::default() };
        Decision { effects, verdict }
    }

    /// What a bounce says: its delivery report's worst recipient, or, for a bounce that holds
    /// none, a transient failure (herald cannot tell what went wrong, so it does not count it
    /// against the player).
    pub fn read_bounce(&self, report: Option<&DeliveryReport>) -> BounceReading {
        let Some(report) = report else {
            return BounceReading { failure: Failure::Transient, status: None, diagnostic: None, reporting_mta: None };
        };
        let worst = report.worst();
        BounceReading {
            failure: report.failure(),
            status: worst.and_then(|r| r.status.clone()),
            diagnostic: worst.and_then(|r| r.diagnostic.clone()),
            reporting_mta: report.reporting_mta.clone(),
        }
    }

    /// What a bounce of `bounced` (a mail to `player`) decides, given what it says and the
    /// player's standing with it counted, and the player's games still going on. Nobody
    /// answers the bounce; when the player becomes unreachable now, each opponent and the
    /// director are told, and with `on_unreachable: pause` the games' clocks stop.
    #[allow(clippy::too_many_arguments)]
    pub fn bounced(
        &self,
        mail: &IncomingMail,
        bounced: BouncedMail,
        player: &Player,
        reading: &BounceReading,
        standing: &Standing,
        games: Vec<GameRecord>,
        now: Timestamp,
    ) -> Result<BounceDecision, RefereeError> {
        let BouncedMail { game, color, moves } = bounced;
        let said = match (&reading.status, &reading.diagnostic) {
            (Some(s), Some(d)) => format!("{s} {d}"),
            (Some(s), None) => s.clone(),
            (None, Some(d)) => d.clone(),
            (None, None) => "no delivery report".to_string(),
        };
        let what = format!("herald's mail to {} ({color}, after {moves} moves) came back", player.email);
        let detail = match reading.failure {
            Failure::None => format!("{what} as delivered or relayed ({said}); nothing to do"),
            Failure::Transient => format!("{what}, not a permanent failure ({said}); logged only"),
            Failure::Permanent if standing.answered_since => {
                format!("{what}, a permanent failure of a mail the player has answered since ({said}); not counted")
            }
            Failure::Permanent if !standing.counted_now => {
                format!("{what}, a permanent failure counted before ({said})")
            }
            Failure::Permanent => format!(
                "{what}: permanent failure {} of {} ({said})",
                standing.permanent_failures, self.settings.bounces.unreachable_after
            ),
        };
        let verdict = Verdict::Bounce;
        let own = Event { game_id: Some(game), kind: verdict.as_str(), detail };
        let becomes_unreachable = reading.failure == Failure::Permanent
            && !standing.answered_since
            && standing.counted_now
            && !standing.unreachable
            && standing.permanent_failures >= self.settings.bounces.unreachable_after;
        if !becomes_unreachable {
            let effects = Effects { events: vec![own], ..Effects::default() };
            return Ok(BounceDecision {
                decisions: vec![Decision { effects, verdict }],
                unreachable: false,
                pause: Vec::new(),
            });
        }
        let pausing = self.settings.bounces.on_unreachable == OnUnreachable::Pause;
        let mut decisions = Vec::new();
        let mut pause = Vec::new();
        let mut listed = Vec::new();
        for record in games.into_iter().filter(|g| g.status == GameStatus::Active) {
            let Some(their) = record.color_of(&player.email) else { continue };
            let opponent = their.other();
            listed.push(GameContext {
                id: record.id,
                variant: record.variant.clone(),
                opponent: record.player(opponent).display_name().to_string(),
                paused: pausing,
            });
            let mut g = self.load(record)?;
            let mut context = self.context(&g, opponent, "opponent_unreachable", None, now);
            context.clock_paused = pausing;
            let notice = self.mail(&mut g, opponent, "game.txt", &context, now)?;
            if pausing {
                pause.push(g.record.id);
            }
            let detail = format!(
                "{} is unreachable; {} told{}",
                player.email,
                opponent,
                if pausing { ", clock paused" } else { "" }
            );
            let event = Event { game_id: Some(g.record.id), kind: "unreachable", detail };
            let effects = Effects { game: Some(g.record), moves: Vec::new(), mails: vec![notice], events: vec![event] };
            decisions.push(Decision { effects, verdict });
        }
        let mut effects = Effects { events: vec![own], ..Effects::default() };
        let context = DirectorContext {
            player: PersonContext { name: player.display_name().to_string(), email: player.email.clone() },
            max_pause_days: self.settings.bounces.max_pause_days,
            failures: standing.permanent_failures,
            bounced_game: game,
            status: reading.status.clone(),
            diagnostic: reading.diagnostic.clone(),
            reporting_mta: reading.reporting_mta.clone(),
            games: listed,
        };
        let told = match &self.settings.bounces.director {
            Some(director) => {
                let message_id = ids::answer_message_id("unreachable", &mail.dedupe_key, &self.settings.domain);
                let rendered = self.templates.render("unreachable.txt", self.club_language(), &context)?;
                effects.mails.push(self.director_notice(director, Some(game), message_id, rendered, now)?);
                format!("the director ({director}) is told")
            }
            None => "no referee.director is configured to tell".to_string(),
        };
        effects.events.push(Event {
            game_id: Some(game),
            kind: "unreachable",
            detail: format!(
                "{} is unreachable after {} permanent failures; {told}",
                player.email, standing.permanent_failures
            ),
        });
        decisions.push(Decision { effects, verdict });
        Ok(BounceDecision { decisions, unreachable: true, pause })
    }

    /// A notice to the director about `game` (if it is about one), from the referee's own
    /// address: that a player is unreachable (`unreachable.txt`, its Message-ID from the
    /// bounce's delivery key), that a paused clock runs again (`pause_over.txt`, from the
    /// pause) or that a Swiss round cannot be paired (`pairing_failed.txt`, from the round), so
    /// deciding the same thing twice could never give two notices.
    pub(super) fn director_notice(
        &self,
        director: &str,
        game: Option<i64>,
        message_id: String,
        Rendered { subject, body }: Rendered,
        now: Timestamp,
    ) -> Result<OutgoingRecord, RefereeError> {
        let outgoing = OutgoingMail {
            from_name: self.settings.name.clone(),
            from: self.settings.address.clone(),
            to: director.to_string(),
            reply_to: None,
            subject,
            body,
            message_id: message_id.clone(),
            in_reply_to: None,
            references: Vec::new(),
            date: now,
            auto_submitted: AutoSubmitted::AutoGenerated,
            html: None,
        };
        let bytes = compose::render(&outgoing).map_err(|e| RefereeError::Compose(e.to_string()))?;
        Ok(OutgoingRecord {
            game_id: game,
            recipient: director.to_string(),
            message_id,
            bytes,
            picture: None,
            return_path: None,
        })
    }

    /// A clock that bounces stopped `bounces.max_pause_days` ago runs again: what was left on it
    /// when it stopped is counted again from now, as when the player writes again, and the
    /// director is told, to decide (or the event log, without a director). The player stays
    /// unreachable. `unreachable` is the player the clock stood still for. Returns the new
    /// deadline and what to write.
    pub fn pause_over(
        &self,
        clock: PausedClock,
        record: GameRecord,
        unreachable: Color,
        now: Timestamp,
    ) -> Result<(NewDeadline, Effects), RefereeError> {
        let mut g = self.load(record)?;
        let deadline = self.stood_still(&mut g, clock.stopped(), now, |_| {});
        let days = self.settings.bounces.max_pause_days;
        let record = &g.record;
        let (player, opponent) = (record.player(unreachable), record.player(unreachable.other()));
        let context = minijinja::context! {
            days,
            player => minijinja::Value::from(minijinja::value::Serde(PersonContext {
                name: player.display_name().to_string(),
                email: player.email.clone(),
            })),
            game => minijinja::Value::from(minijinja::value::Serde(GameContext {
                id: record.id,
                variant: record.variant.clone(),
                opponent: opponent.display_name().to_string(),
                paused: false,
            })),
        };
        let mut effects = Effects::default();
        let told = match &self.settings.bounces.director {
            Some(director) => {
                let message_id = ids::answer_message_id(
                    "pause-over",
                    &format!("{}:{}", record.id, clock.paused_at),
                    &self.settings.domain,
                );
                let rendered = self.templates.render("pause_over.txt", self.club_language(), context)?;
                effects.mails.push(self.director_notice(director, Some(record.id), message_id, rendered, now)?);
                format!("the director ({director}) is told, to decide")
            }
            None => "no referee.director is configured to tell; the director decides".to_string(),
        };
        effects.events.push(Event {
            game_id: Some(record.id),
            kind: "pause-over",
            detail: format!(
                "the clock stood still {days} days (bounces.max_pause_days) for {}, still unreachable; it runs again{}; \
                 {told}",
                player.email,
                deadline.map(|d| format!(", deadline {d}")).unwrap_or_default()
            ),
        });
        Ok(((record.id, deadline), effects))
    }

    /// A player who was unreachable wrote again: the events that say so, and the new deadline
    /// of each paused clock of theirs (with its game as stored), which runs again now: what was
    /// left on it when it stopped is counted again from now, as it is after a vacation
    /// ([`Referee::stood_still`]).
    pub fn reachable_again(
        &self,
        player: &str,
        paused: Vec<(PausedClock, GameRecord)>,
        now: Timestamp,
    ) -> Result<(Vec<NewDeadline>, Vec<Event>), RefereeError> {
        let mut deadlines = Vec::with_capacity(paused.len());
        for (clock, record) in paused {
            let mut g = self.load(record)?;
            deadlines.push((clock.game, self.stood_still(&mut g, clock.stopped(), now, |_| {})));
        }
        let mut events = vec![Event {
            game_id: None,
            kind: "reachable",
            detail: format!("{player} wrote again and is reachable; {} paused clocks run again", deadlines.len()),
        }];
        events.extend(deadlines.iter().map(|(game, deadline)| Event {
            game_id: Some(*game),
            kind: "reachable",
            detail: match deadline {
                Some(d) => format!("{player} wrote again: the clock runs again, deadline {d}"),
                None => format!("{player} wrote again: the clock runs again"),
            },
        }));
        Ok((deadlines, events))
    }
}
