//! Vacations: a player's clock stands still on their vacation days, in all their games.
//!
//! A player writes `vacation N` (N days from tomorrow) or `back` as the first line of a reply in
//! any of their games, finished ones too ([`Referee::leave_request`] finds it before a game's
//! own commands). A vacation is whole days in the club's time zone, its first and last both
//! counted, and every day of it that falls in a calendar year counts against that year's
//! allowance: the club's `games.vacation_days_per_year` (ICCF gives 35 days a year) and what
//! the director granted the player for that year (`herald player leave`). A request beyond
//! the allowance is refused with the days left, and changes nothing. During a vacation
//! `vacation N` changes its end to N days after today; before it begins it is booked anew.
//! `back` ends a vacation today (today still counts as one of its days: the clock runs again
//! from tomorrow) or cancels one not begun.
//!
//! [`Referee::leave`] decides: the change to the player's vacations, each of their games still
//! going on with the deadline moved where the player is on the clock
//! ([`Referee::stood_still`]), and a mail to each opponent; the player gets one mail, in the
//! game they wrote from, that lists their games and the vacation days left. The store writes
//! it all in the mail's transaction.

use jiff::ToSpan;
use jiff::civil::Date;
use serde::Serialize;

use super::commands::{self, LeaveCommand};
use super::deadlines::on_clock;
use super::gate::{Admitted, PlayerMail};
use super::records::{DeadlineNotice, Effects, Event, GameRecord, GameStatus, OutgoingRecord, Verdict};
use super::{Decision, Referee, RefereeError};
use crate::clock::{Timestamp, Vacation};
use crate::engine::Color;

/// A verified player's vacation command, read before the game's own commands.
#[derive(Debug)]
pub struct LeaveRequest {
    /// The mail passed the gate as the player's.
    pub admitted: Admitted,
    /// The game the mail came in.
    pub record: GameRecord,
    /// The player's colour in it.
    pub color: Color,
    /// What they ask, or why it cannot be read.
    pub command: Result<LeaveCommand, String>,
}

/// What the store knows of a player's leave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leave {
    /// Their vacations (those of the last year and later are enough).
    pub vacations: Vec<Vacation>,
    /// Vacation days the director granted them, by calendar year, beyond the club's allowance.
    pub granted: Vec<(i16, u32)>,
}

impl Leave {
    /// The days the player may take in `year`: the club's allowance and the director's grants.
    pub fn allowed(&self, per_year: u32, year: i16) -> u32 {
        per_year + self.granted.iter().filter(|(y, _)| *y == year).map(|(_, d)| d).sum::<u32>()
    }

    /// The vacation days taken or booked in `year`.
    pub fn taken(&self, year: i16) -> u32 {
        self.vacations.iter().map(|v| v.days_in_year(year)).sum()
    }
}

/// How a player's vacations change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationChange {
    /// A new vacation.
    Book(Vacation),
    /// A vacation's days change (it is extended, shortened, or ends today).
    Change {
        /// As it was.
        from: Vacation,
        /// As it is now.
        to: Vacation,
    },
    /// A vacation not begun is cancelled.
    Cancel(Vacation),
}

/// What a vacation command decides.
#[derive(Debug)]
pub struct LeaveDecision {
    /// One decision per game: the new deadline, the opponent's mail (and in the game the
    /// player wrote from, their answer). The first is the answer's, recorded with the mail.
    pub decisions: Vec<Decision>,
    /// The change to the player's vacations; `None` when the command was refused.
    pub change: Option<VacationChange>,
}

/// A vacation as the mails tell it.
#[derive(Clone, Debug, Serialize)]
pub struct VacationNews {
    /// Its first day.
    first: String,
    /// Its last day.
    last: String,
    /// Its days.
    days: u32,
    /// It was cancelled before it began.
    cancelled: bool,
    /// The vacation days the player has left, by year ("Vacation days left in 2026: 28 of 35.").
    allowance: Vec<String>,
    /// The player's games still going on, each with where its clock stands.
    games: Vec<String>,
}

/// `day` and `n` days after it.
fn plus_days(day: Date, n: u32) -> Date {
    day.checked_add(i64::from(n).days()).unwrap_or(day)
}

impl Referee<'_> {
    /// The vacation command of a mail that counts as its player's (as `handle_mail` would count
    /// it: not automatic, a valid token of `game`, from that player's address, authenticated as
    /// the club requires), if its command line holds one. Any other mail is `handle_mail`'s.
    pub fn leave_request(&self, player: &PlayerMail<'_>) -> Option<LeaveRequest> {
        let line = self.players_command_line(player)?;
        let (record, color) = (player.record().clone(), player.color());
        let command = commands::leave(&line)?;
        Some(LeaveRequest { admitted: player.admitted(), record, color, command })
    }

    /// What a vacation command decides, given the player's leave and their games still going on
    /// (each with its players' vacations as stored).
    pub fn leave(
        &self,
        request: LeaveRequest,
        leave: &Leave,
        games: Vec<GameRecord>,
        now: Timestamp,
    ) -> Result<LeaveDecision, RefereeError> {
        let LeaveRequest { record, color, command, .. } = request;
        let email = record.player(color).email.clone();
        let refuse = |referee: &Self, why: String| -> Result<LeaveDecision, RefereeError> {
            let mut g = referee.load(record.clone())?;
            let decision = referee.reject(&mut g, color, None, &why, now)?;
            Ok(LeaveDecision { decisions: vec![decision], change: None })
        };
        let language = self.language_of(&record, color);
        let command = match command {
            Ok(command) => command,
            Err(_) => {
                let how = language.say("refused-vacation-days", &[("most", commands::MOST_VACATION_DAYS.into())]);
                return refuse(self, how);
            }
        };
        let today = now.to_zoned(self.settings.zone.clone()).date();
        let tomorrow = plus_days(today, 1);
        // The vacation now or to come (after `back` today, a new one may follow tomorrow: the
        // later is the one to change).
        let current = leave.vacations.iter().filter(|v| v.last_day >= today).max_by_key(|v| v.first_day).copied();
        let others: Vec<Vacation> = leave.vacations.iter().copied().filter(|v| Some(*v) != current).collect();
        let change = match command {
            LeaveCommand::Vacation { days } => {
                let wanted = match current {
                    Some(v) if v.first_day <= today => {
                        Vacation { first_day: v.first_day, last_day: plus_days(today, days) }
                    }
                    _ => Vacation { first_day: tomorrow, last_day: plus_days(tomorrow, days - 1) },
                };
                let before = Leave { vacations: others.clone(), granted: leave.granted.clone() };
                for year in wanted.first_day.year()..=wanted.last_day.year() {
                    let allowed = before.allowed(self.settings.vacation_days_per_year, year);
                    let taken = before.taken(year);
                    if taken + wanted.days_in_year(year) > allowed {
                        let why = language.say(
                            "refused-vacation-allowance",
                            &[
                                ("first", language.date(wanted.first_day).into()),
                                ("last", language.date(wanted.last_day).into()),
                                ("days", wanted.days_in_year(year).into()),
                                ("year", year.to_string().into()),
                                ("left", allowed.saturating_sub(taken).into()),
                                ("allowed", allowed.into()),
                                ("taken", taken.into()),
                            ],
                        );
                        return refuse(self, why);
                    }
                }
                match current {
                    Some(from) => VacationChange::Change { from, to: wanted },
                    None => VacationChange::Book(wanted),
                }
            }
            LeaveCommand::Back => match current {
                None => return refuse(self, language.say("refused-not-on-vacation", &[])),
                Some(v) if v.first_day > today => VacationChange::Cancel(v),
                Some(v) if v.last_day == today => {
                    let why = language.say("refused-vacation-ends-today", &[("today", language.date(today).into())]);
                    return refuse(self, why);
                }
                Some(from) => {
                    VacationChange::Change { from, to: Vacation { first_day: from.first_day, last_day: today } }
                }
            },
        };
        let (vacation, cancelled) = match change {
            VacationChange::Book(v) | VacationChange::Change { to: v, .. } => (v, false),
            VacationChange::Cancel(v) => (v, true),
        };
        let mut after = others;
        if !cancelled {
            after.push(vacation);
        }
        after.sort();
        let leave_after = Leave { vacations: after.clone(), granted: leave.granted.clone() };
        let mut years: Vec<i16> = vec![today.year()];
        years.extend((vacation.first_day.year()..=vacation.last_day.year()).filter(|y| *y != today.year()));
        let per_year = self.settings.vacation_days_per_year;
        let allowance = years
            .iter()
            .map(|&y| {
                let allowed = leave_after.allowed(per_year, y);
                let left = allowed.saturating_sub(leave_after.taken(y));
                language.say(
                    "vacation-days-left",
                    &[("year", y.to_string().into()), ("left", left.into()), ("allowed", allowed.into())],
                )
            })
            .collect();
        let back = command == LeaveCommand::Back;
        let what = match (back, cancelled) {
            (_, true) => format!("cancelled the vacation booked from {} to {}", vacation.first_day, vacation.last_day),
            (true, false) => format!("is back: the vacation from {} ends today, {today}", vacation.first_day),
            (false, false) => format!(
                "is on vacation from {} to {} ({} days)",
                vacation.first_day,
                vacation.last_day,
                vacation.length()
            ),
        };
        let mut news = VacationNews {
            first: language.date(vacation.first_day),
            last: language.date(vacation.last_day),
            days: vacation.length(),
            cancelled,
            allowance,
            games: Vec::new(),
        };
        let (own_event, their_event) = if back { ("back", "opponent_back") } else { ("vacation", "opponent_vacation") };
        let mut decisions: Vec<(super::Loaded, Option<OutgoingRecord>, Event)> = Vec::new();
        let mut asked_in = None;
        for game in games.into_iter().filter(|g| g.status == GameStatus::Active) {
            let mut g = self.load(game)?;
            let Some(mine) = g.record.color_of(&email) else { continue };
            let mut detail = format!("{email} {what}");
            if on_clock(&g).contains(&mine) {
                let before = g.record.deadline;
                let moved = self.stood_still(&mut g, now, now, |r| r.vacations[mine.index()] = after.clone());
                if moved != before {
                    g.record.deadline = moved;
                    g.record.deadline_notices = DeadlineNotice::None;
                    if let Some(d) = moved {
                        detail.push_str(&format!("; deadline moved to {d}"));
                    }
                }
            } else {
                g.record.vacations[mine.index()] = after.clone();
            }
            let opponent = g.record.player(mine.other()).display_name().to_string();
            let (game, variant) = (g.record.id, g.record.variant.clone());
            news.games.push(match g.record.deadline.filter(|_| on_clock(&g).contains(&mine)) {
                Some(d) => language.say(
                    "vacation-game-yours",
                    &[
                        ("game", game.into()),
                        ("variant", variant.into()),
                        ("opponent", opponent.clone().into()),
                        ("deadline", self.due(&g.record, mine, d).into()),
                    ],
                ),
                None => language.say(
                    "vacation-game-theirs",
                    &[("game", game.into()), ("variant", variant.into()), ("opponent", opponent.clone().into())],
                ),
            });
            let mut context = self.context(&g, mine.other(), their_event, None, now);
            context.vacation = Some(news.clone());
            let told = self.mail(&mut g, mine.other(), "game.txt", &context, now)?;
            let event = Event { game_id: Some(g.record.id), kind: Verdict::Vacation.as_str(), detail };
            if g.record.id == record.id {
                asked_in = Some(decisions.len());
            }
            decisions.push((g, Some(told), event));
        }
        // The player's answer, in the game they wrote from (listing every game), first.
        let mut answered = match asked_in {
            Some(i) => decisions.remove(i),
            None => {
                let g = self.load(record.clone())?;
                let event = Event {
                    game_id: Some(record.id),
                    kind: Verdict::Vacation.as_str(),
                    detail: format!("{email} {what}"),
                };
                (g, None, event)
            }
        };
        let mut context = self.context(&answered.0, color, own_event, None, now);
        context.vacation = Some(news);
        let answer = self.mail(&mut answered.0, color, "game.txt", &context, now)?;
        let decision = |(g, told, event): (super::Loaded, Option<OutgoingRecord>, Event),
                        mine: Option<OutgoingRecord>| Decision {
            effects: Effects {
                game: Some(g.record),
                moves: Vec::new(),
                mails: mine.into_iter().chain(told).collect(),
                events: vec![event],
            },
            verdict: Verdict::Vacation,
        };
        let mut all = vec![decision(answered, Some(answer))];
        all.extend(decisions.into_iter().map(|d| decision(d, None)));
        Ok(LeaveDecision { decisions: all, change: Some(change) })
    }
}
