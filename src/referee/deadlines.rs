//! The clock: a reminder before each deadline, then a loss on time or a notice; each once per
//! deadline. A move charges the mover's clock and starts a new deadline for the opponent.
//!
//! The game's time control (`crate::clock::control`) says how long a move may take: days per
//! move, counted exactly, or days on a clock counted in calendar days (ICCF's `N moves in D
//! days` and the bank). Either way the referee keeps one deadline, for whoever is on the
//! clock, and everything that makes a clock stand still — the player's vacation days, a pause
//! while herald's mails to them bounce — moves that deadline: [`Referee::start_clock`] counts
//! the player's vacation days out from the start, and [`Referee::stood_still`] moves a
//! deadline when the days that stand still change or a paused clock runs again.

use jiff::SignedDuration;
use jiff::civil::Date;

use super::records::{DeadlineNotice, GameRecord, GameStatus, Verdict};
use super::{Decision, Loaded, OnTimeout, Referee, RefereeError};
use crate::clock::{Days, TimeControl, Timestamp};
use crate::engine::{Color, Outcome, WinReason};

/// The days on which the clock of `colors` (the players it runs against) stands still in game
/// `record`: those on which every one of them is on vacation.
pub(super) fn still_days<'r>(record: &'r GameRecord, colors: &[Color]) -> impl Fn(Date) -> bool + 'r {
    let colors = colors.to_vec();
    move |day| !colors.is_empty() && colors.iter().all(|c| record.vacations[c.index()].iter().any(|v| v.contains(day)))
}

/// Who the clock runs against: the side to move, or before the first move whoever still owes
/// a secret choice.
pub(super) fn on_clock(g: &Loaded) -> Vec<Color> {
    let requests = g.game.setup_requests();
    if requests.is_empty() {
        vec![g.game.turn()]
    } else {
        Color::BOTH.into_iter().filter(|c| requests.iter().any(|r| r.player == *c)).collect()
    }
}

/// How much is left on a stopped clock: running time, or counted days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Left {
    Running(SignedDuration),
    Days(u32),
}

impl Referee<'_> {
    /// The game's time control: its own, or for a game from before time controls the club's
    /// days per move.
    pub fn control_of(&self, record: &GameRecord) -> TimeControl {
        record.time_control.unwrap_or(TimeControl::PerMove { days: self.settings.days_per_move })
    }

    /// A new deadline for the player now on the clock, with none of its notices sent: the
    /// time of their next move (before the first move, of a secret choice: one move's time,
    /// which charges no clock), counted from `now` without their vacation days.
    pub(super) fn start_clock(&self, g: &mut Loaded, now: Timestamp) {
        let control = self.control_of(&g.record);
        let colors = on_clock(g);
        let setting_up = !g.game.setup_requests().is_empty();
        let on_it = if setting_up {
            control.days_for_one_move()
        } else {
            g.record.clocks[colors[0].index()].or(control.starting_days()).unwrap_or(0)
        };
        let still = still_days(&g.record, &colors);
        let days = Days::new(&self.settings.zone, &still);
        let deadline = match control {
            TimeControl::PerMove { days: d } => days.after_running(now, SignedDuration::from_hours(24 * i64::from(d))),
            _ => days.due(days.receipt_day(now), on_it),
        };
        drop(still);
        g.record.deadline = Some(deadline);
        g.record.deadline_notices = DeadlineNotice::None;
    }

    /// Charges the move `color` has just made (their `moves_made`-th) to their clock, in a
    /// control counted in days: what was left before their deadline when the move came, plus
    /// what the control adds after it.
    pub(super) fn charge_move(&self, g: &mut Loaded, color: Color, moves_made: u32, now: Timestamp) {
        let control = self.control_of(&g.record);
        let Some(deadline) = g.record.deadline.filter(|_| control.counted_in_days()) else { return };
        let left = {
            let still = still_days(&g.record, &[color]);
            Days::new(&self.settings.zone, &still).days_left(now, deadline)
        };
        g.record.clocks[color.index()] = Some(control.after_move(left, moves_made));
    }

    /// What is left at `at` on the clock of the player(s) on the clock, with the days that
    /// stand still as the record has them now.
    fn left_at(&self, g: &Loaded, deadline: Timestamp, at: Timestamp) -> Left {
        let still = still_days(&g.record, &on_clock(g));
        let days = Days::new(&self.settings.zone, &still);
        if self.control_of(&g.record).counted_in_days() {
            Left::Days(days.days_left(at, deadline))
        } else {
            Left::Running(days.running_between(at, deadline))
        }
    }

    /// The deadline when `left` is counted again from `from`, with the days that stand still as
    /// the record has them now. `received`: the clock starts again as for a move that reaches
    /// the player then (a day counted in days begins to count the day after, and a still day
    /// waits for the player to be back); else it goes on counting from `from`'s day.
    fn due_from(&self, g: &Loaded, left: Left, from: Timestamp, received: bool) -> Timestamp {
        let still = still_days(&g.record, &on_clock(g));
        let days = Days::new(&self.settings.zone, &still);
        match left {
            Left::Running(running) => days.after_running(from, running),
            Left::Days(n) => days.due(if received { days.receipt_day(from) } else { days.date(from) }, n),
        }
    }

    /// The game's deadline after its clock stood still, or the days that stand still changed:
    /// `change` turns the record's vacations from what they were into what they are; what was
    /// left on the clock at `stopped`, counted with the old still days, is counted again from
    /// `resumes` with the new ones. A clock that stopped and resumes at the same moment (a
    /// vacation booked, changed or ended) goes on counting; one that stood still for a while (a
    /// pause while herald's mails bounced) starts again as for a move received when it resumes.
    /// A deadline that had passed when the clock stopped moves on by the time it stood still.
    pub(super) fn stood_still(
        &self,
        g: &mut Loaded,
        stopped: Timestamp,
        resumes: Timestamp,
        change: impl FnOnce(&mut GameRecord),
    ) -> Option<Timestamp> {
        let Some(deadline) = g.record.deadline else {
            change(&mut g.record);
            return None;
        };
        if deadline <= stopped {
            change(&mut g.record);
            let stood = stopped.duration_until(resumes);
            return Some(if stood.is_positive() { deadline.checked_add(stood).unwrap_or(deadline) } else { deadline });
        }
        let left = self.left_at(g, deadline, stopped);
        change(&mut g.record);
        Some(self.due_from(g, left, resumes, stopped != resumes))
    }

    /// What the clock decides for a game at `now`, if anything. The clock runs against the
    /// side to move, or before the first move against whoever still owes a secret choice.
    /// When the deadline is `reminder_hours` away, they are reminded; when it has passed,
    /// the side to move loses on time (`on_timeout: forfeit`), or is told that the time ran
    /// out and the game waits (`on_timeout: remind`, and always before the first move, when
    /// no move has been missed). With reminders on, nobody loses without having been
    /// reminded: a deadline that passed before its reminder went out is moved to
    /// `reminder_hours` after the reminder (in a control counted in days, to the end of that
    /// day). Each notice is mailed once per deadline, so calling this again changes nothing.
    pub fn on_deadline(&self, record: GameRecord, now: Timestamp) -> Result<Option<Decision>, RefereeError> {
        let Some(deadline) = record.deadline.filter(|_| record.status == GameStatus::Active) else {
            return Ok(None);
        };
        let mut g = self.load(record)?;
        let setting_up = !g.game.setup_requests().is_empty();
        let on_clock = on_clock(&g);
        let names = |colors: &[Color]| colors.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ");
        let hours = jiff::SignedDuration::from_hours(i64::from(self.settings.reminder_hours));
        let reminders = !hours.is_zero();
        // A deadline that passed unseen (the daemon was down, or the club has just come from
        // a herald that did not enforce deadlines) costs nobody a game by surprise: with
        // reminders on, the player is reminded first and has `reminder_hours` from now.
        let passed_unseen = now >= deadline && reminders && g.record.deadline_notices == DeadlineNotice::None;
        if now >= deadline && !passed_unseen {
            if self.settings.on_timeout == OnTimeout::Forfeit && !setting_up {
                let loser = g.game.turn();
                let outcome = Outcome::Win { winner: loser.other(), reason: WinReason::Timeout };
                self.finish(&mut g, outcome, now);
                let mails = self.both(&mut g, "finished", None, now)?;
                let detail = format!("{loser} lost on time (deadline {deadline})");
                return Ok(Some(self.decided(&g, mails, Vec::new(), Verdict::Timeout, detail)));
            }
            if g.record.deadline_notices >= DeadlineNotice::ToldTimeIsUp {
                return Ok(None);
            }
            g.record.deadline_notices = DeadlineNotice::ToldTimeIsUp;
            let mails =
                on_clock.iter().map(|&c| self.game_mail(&mut g, c, "time_up", None, now)).collect::<Result<_, _>>()?;
            let detail = format!("time ran out for {} (deadline {deadline}); the game waits", names(&on_clock));
            return Ok(Some(self.decided(&g, mails, Vec::new(), Verdict::TimeUp, detail)));
        }
        let remind_from = deadline.checked_sub(hours).unwrap_or(deadline);
        if !reminders || now < remind_from || g.record.deadline_notices >= DeadlineNotice::Reminded {
            return Ok(None);
        }
        let mut detail = format!("reminded {} of the deadline {deadline}", names(&on_clock));
        if passed_unseen {
            let mut moved = now.checked_add(hours).unwrap_or(now);
            if self.control_of(&g.record).counted_in_days() {
                let none = |_: Date| false;
                let days = Days::new(&self.settings.zone, &none);
                moved = days.end(days.date(moved));
            }
            g.record.deadline = Some(moved);
            detail = format!("{detail}, which passed unseen: moved to {moved}");
        }
        g.record.deadline_notices = DeadlineNotice::Reminded;
        let mails =
            on_clock.iter().map(|&c| self.game_mail(&mut g, c, "reminder", None, now)).collect::<Result<_, _>>()?;
        Ok(Some(self.decided(&g, mails, Vec::new(), Verdict::Reminder, detail)))
    }
}
