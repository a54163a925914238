//! Vacations in the service: a player's `vacation N` or `back` carried out in the mail's
//! transaction, across all their games (what it does is `referee::vacations`'s); the
//! director's grants of more vacation days (`herald player leave`).

use jiff::civil::Date;

use super::handling::Handler;
use super::{Ingested, Service, ServiceError};
use crate::clock::{Timestamp, Vacation};
use crate::mail::reader::IncomingMail;
use crate::referee::records::{Effects, Event, Player};
use crate::referee::vacations::{Leave, LeaveRequest};
use crate::store::{InboxMail, Tx};

/// The first day of the year before `now`'s, in the club's time zone: vacations that ended
/// before it count against no allowance that can still be used.
fn since(now: Timestamp, zone: &jiff::tz::TimeZone) -> Date {
    let today = now.to_zoned(zone.clone()).date();
    Date::new(today.year().saturating_sub(1), 1, 1).unwrap_or(today)
}

impl Handler<'_> {
    /// A verified player's vacation command, inside `tx`: the referee decides with the
    /// player's leave and their games; the change, every game's new state and every mail are
    /// written with the mail's inbox record.
    pub(super) fn leave(
        &self,
        tx: &Tx<'_>,
        mail: &IncomingMail,
        request: LeaveRequest,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let player = request.record.player(request.color).clone();
        let leave = tx.leave_of(&player.email, since(now, &self.settings.zone))?;
        let games = tx.active_games_of(&player.email)?;
        let game_id = request.record.id;
        let decided = self.referee().leave(request, &leave, games, now)?;
        if let Some(change) = &decided.change {
            tx.change_vacation(&player, change, now)?;
        }
        let verdict = decided.decisions.first().map_or(crate::referee::records::Verdict::Vacation, |d| d.verdict);
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        let recorded = InboxMail {
            sender,
            subject: &mail.subject,
            message_id: mail.message_id.as_deref(),
            game_id: Some(game_id),
        };
        let inbox_id = tx.record_inbox(&mail.dedupe_key, now, recorded, verdict)?;
        for decision in &decided.decisions {
            tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        }
        Ok(Ingested::Handled(verdict))
    }
}

/// A player's leave as the director sees it (`herald player leave`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaveReport {
    /// The year asked about.
    pub year: i16,
    /// Vacation days the player may take in it: the club's and the director's.
    pub allowed: u32,
    /// Of which the director granted.
    pub granted: u32,
    /// Taken or booked in it.
    pub taken: u32,
    /// The player's vacations of the year before and later.
    pub vacations: Vec<Vacation>,
}

impl Service {
    /// The director grants `email` `days` more vacation days in `year` (by default this year,
    /// in the club's time zone); logged. Returns the player's leave in that year after it.
    pub fn grant_leave(&mut self, email: &str, year: Option<i16>, days: u32) -> Result<LeaveReport, ServiceError> {
        if days == 0 {
            return Err(ServiceError::Usage("grant at least one day".into()));
        }
        let now = self.clock.now();
        let year = year.unwrap_or_else(|| now.to_zoned(self.settings.zone.clone()).date().year());
        let player = Player { email: email.trim().to_ascii_lowercase(), name: None };
        let from = self.config.referee.address.clone();
        self.store.write(|tx| -> Result<(), ServiceError> {
            tx.grant_leave(&player, year, days, now)?;
            let event = Event {
                game_id: None,
                kind: "leave-granted",
                detail: format!("the director granted {} {days} more vacation days in {year}", player.email),
            };
            tx.apply(&Effects { events: vec![event], ..Effects::default() }, &from, now, None)?;
            Ok(())
        })?;
        self.leave_report(email, Some(year))
    }

    /// `email`'s leave in `year` (by default this year).
    pub fn leave_report(&mut self, email: &str, year: Option<i16>) -> Result<LeaveReport, ServiceError> {
        let now = self.clock.now();
        let zone = self.settings.zone.clone();
        let year = year.unwrap_or_else(|| now.to_zoned(zone.clone()).date().year());
        let email = email.trim().to_ascii_lowercase();
        let since = Date::new(year.saturating_sub(1), 1, 1).unwrap_or(since(now, &zone));
        let leave: Leave = self.store.read(|tx| tx.leave_of(&email, since))?;
        let per_year = self.settings.vacation_days_per_year;
        Ok(LeaveReport {
            year,
            allowed: leave.allowed(per_year, year),
            granted: leave.allowed(per_year, year) - per_year,
            taken: leave.taken(year),
            vacations: leave.vacations,
        })
    }
}
