//! Players' vacations and the vacation days the director granted them (see
//! `referee::vacations`).

use jiff::civil::Date;
use rusqlite::params;

use super::{Result, StoreError, Tx, ts};
use crate::clock::{Timestamp, Vacation};
use crate::referee::records::{GameRecord, Player};
use crate::referee::vacations::{Leave, VacationChange};

/// A stored day.
fn day(text: &str) -> Result<Date> {
    text.parse().map_err(|_| StoreError::Corrupt(format!("vacation day {text:?}")))
}

/// A player's vacations that end on or after a day: run for both players of every game loaded.
const VACATIONS_OF: &str = "SELECT v.first_day, v.last_day FROM vacations v JOIN players p ON p.id = v.player_id
                            WHERE p.email = ?1 AND v.last_day >= ?2 ORDER BY v.first_day";

impl Tx<'_> {
    /// `email`'s vacations whose last day is `since` or later, in order.
    pub fn vacations_of(&self, email: &str, since: Date) -> Result<Vec<Vacation>> {
        let mut stmt = self.tx.prepare_cached(VACATIONS_OF)?;
        let rows = stmt
            .query_map(params![email, since.to_string()], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        rows.map(|row| {
            let (first, last) = row?;
            Ok(Vacation { first_day: day(&first)?, last_day: day(&last)? })
        })
        .collect()
    }

    /// White's and Black's vacations that may touch `game`'s clock: those that end on or after
    /// the day before it was created (the day before, so that no time zone can leave one out).
    pub(super) fn vacations_for(&self, game: &GameRecord) -> Result<[Vec<Vacation>; 2]> {
        let created = game.created_at.to_zoned(jiff::tz::TimeZone::UTC).date();
        let since = created.yesterday().unwrap_or(created);
        Ok([self.vacations_of(&game.white.email, since)?, self.vacations_of(&game.black.email, since)?])
    }

    /// What `email` has of leave: their vacations that end on or after `since`, and the days
    /// the director granted them, by year.
    pub fn leave_of(&self, email: &str, since: Date) -> Result<Leave> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT g.year, SUM(g.days) FROM leave_grants g JOIN players p ON p.id = g.player_id
             WHERE p.email = ?1 GROUP BY g.year ORDER BY g.year",
        )?;
        let granted = stmt.query_map([email], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
        Ok(Leave { vacations: self.vacations_of(email, since)?, granted })
    }

    /// Writes a change of `player`'s vacations, made at `now`.
    pub fn change_vacation(&self, player: &Player, change: &VacationChange, now: Timestamp) -> Result<()> {
        let id = self.player_id(player)?;
        let (remove, add) = match *change {
            VacationChange::Book(v) => (None, Some(v)),
            VacationChange::Change { from, to } => (Some(from), Some(to)),
            VacationChange::Cancel(v) => (Some(v), None),
        };
        if let Some(v) = remove {
            self.exec(
                "DELETE FROM vacations WHERE player_id = ?1 AND first_day = ?2",
                params![id, v.first_day.to_string()],
            )?;
        }
        if let Some(v) = add {
            self.exec(
                "INSERT INTO vacations (player_id, first_day, last_day, requested_at) VALUES (?1, ?2, ?3, ?4)",
                params![id, v.first_day.to_string(), v.last_day.to_string(), ts(now)],
            )?;
        }
        Ok(())
    }

    /// The director grants `player` `days` more vacation days in `year`.
    pub fn grant_leave(&self, player: &Player, year: i16, days: u32, now: Timestamp) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec(
            "INSERT INTO leave_grants (player_id, year, days, granted_at) VALUES (?1, ?2, ?3, ?4)",
            params![id, year, days, ts(now)],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::VACATIONS_OF;
    use crate::store::{Store, StoreError};

    /// The statement run for both players of every game loaded is planned once per
    /// connection, not again for each player's address (see `store::configure`).
    #[test]
    fn a_player_s_vacations_are_looked_up_without_planning_the_query_again() {
        let dir = std::env::temp_dir().join(format!("herald-vacations-plan-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut store = Store::create(&dir.join("herald.db")).unwrap();
        let since: jiff::civil::Date = "2026-01-01".parse().unwrap();
        store
            .write::<_, StoreError>(|tx| {
                tx.tx.execute_batch(
                    "INSERT INTO players (id, email) VALUES (1, 'ann@players.test'), (2, 'di@players.test');
                     INSERT INTO vacations (player_id, first_day, last_day, requested_at)
                     VALUES (1, '2026-03-01', '2026-03-05', 0), (2, '2026-04-01', '2026-04-02', 0);",
                )?;
                for round in 0..5 {
                    for email in ["ann@players.test", "di@players.test", "nobody@players.test"] {
                        let found = tx.vacations_of(email, since)?;
                        assert_eq!(found.len(), usize::from(email != "nobody@players.test"), "{email}, round {round}");
                    }
                }
                let statement = tx.tx.prepare_cached(VACATIONS_OF)?;
                assert_eq!(statement.get_status(rusqlite::StatementStatus::Run), 15);
                assert_eq!(statement.get_status(rusqlite::StatementStatus::RePrepare), 0);
                Ok(())
            })
            .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
