//! What a player keeps across all their games: read for a game about to begin, and their own
//! time zone, set by mail (see `referee::overview`). Their vacations are `vacations`'s.

use rusqlite::params;

use super::{Result, Tx};
use crate::clock::Timestamp;
use crate::referee::records::{Player, PlayersOwn};

impl Tx<'_> {
    /// What two players who begin a game at `now` keep: their vacations not over by the day
    /// before (in any time zone), and their time zones.
    pub fn players_own(&self, white: &Player, black: &Player, now: Timestamp) -> Result<PlayersOwn> {
        let today = now.to_zoned(jiff::tz::TimeZone::UTC).date();
        let since = today.yesterday().unwrap_or(today);
        Ok(PlayersOwn {
            vacations: [self.vacations_of(&white.email, since)?, self.vacations_of(&black.email, since)?],
            zones: [self.time_zone_of(&white.email)?, self.time_zone_of(&black.email)?],
        })
    }

    /// `email`'s own time zone, if they chose one.
    pub fn time_zone_of(&self, email: &str) -> Result<Option<String>> {
        let zone = self
            .tx
            .prepare_cached("SELECT time_zone FROM players WHERE email = ?1")?
            .query_map([email], |r| r.get::<_, Option<String>>(0))?
            .next()
            .transpose()?;
        Ok(zone.flatten())
    }

    /// Sets `player`'s own time zone (`None`: the club's again).
    pub fn set_time_zone(&self, player: &Player, zone: Option<&str>) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec("UPDATE players SET time_zone = ?2 WHERE id = ?1", params![id, zone])?;
        Ok(())
    }
}
