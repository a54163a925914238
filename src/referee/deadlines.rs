//! The clock: a reminder before each deadline, then a loss on time or a notice; each once per
//! deadline. A move starts a new deadline.

use super::records::{DeadlineNotice, GameRecord, GameStatus, Verdict};
use super::{Decision, Loaded, OnTimeout, Referee, RefereeError};
use crate::clock::Timestamp;
use crate::engine::{Color, Outcome, WinReason};

impl Referee<'_> {
    /// A new deadline for the player now on the clock, with none of its notices sent.
    pub(super) fn start_clock(&self, g: &mut Loaded, now: Timestamp) {
        g.record.deadline = Some(self.deadline(&g.record, now));
        g.record.deadline_notices = DeadlineNotice::None;
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
        let mut g = self.load(record)?;
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
            let moved = now.checked_add(hours).unwrap_or(now);
            g.record.deadline = Some(moved);
            detail = format!("{detail}, which passed unseen: moved to {moved}");
        }
        g.record.deadline_notices = DeadlineNotice::Reminded;
        let mails =
            on_clock.iter().map(|&c| self.game_mail(&mut g, c, "reminder", None, now)).collect::<Result<_, _>>()?;
        Ok(Some(self.decided(&g, mails, Vec::new(), Verdict::Reminder, detail)))
    }

    /// When a move due now must have arrived: the game's own time control, or the club's.
    fn deadline(&self, record: &GameRecord, now: Timestamp) -> Timestamp {
        let days = i64::from(record.days_per_move.unwrap_or(self.settings.days_per_move));
        now.checked_add(jiff::SignedDuration::from_hours(24 * days)).unwrap_or(now)
    }
}
