//! What a player keeps across all their games: read for a game about to begin, and their
//! preferences, set by mail (see `referee::preferences`). Their vacations are `vacations`'s.

use rusqlite::{OptionalExtension, params};

use super::{Result, Tx};
use crate::clock::Timestamp;
use crate::referee::records::{Player, PlayersOwn, Preferences};
use crate::variants::MoveStyle;

impl Tx<'_> {
    /// What two players who begin a game at `now` keep: their vacations not over by the day
    /// before (in any time zone), and their preferences.
    pub fn players_own(&self, white: &Player, black: &Player, now: Timestamp) -> Result<PlayersOwn> {
        let today = now.to_zoned(jiff::tz::TimeZone::UTC).date();
        let since = today.yesterday().unwrap_or(today);
        Ok(PlayersOwn {
            vacations: [self.vacations_of(&white.email, since)?, self.vacations_of(&black.email, since)?],
            preferences: [self.preferences_of(&white.email)?, self.preferences_of(&black.email)?],
        })
    }

    /// `email`'s preferences (none for an address herald does not know yet).
    pub fn preferences_of(&self, email: &str) -> Result<Preferences> {
        let row = self
            .tx
            .prepare_cached("SELECT time_zone, notation, plain_text, language FROM players WHERE email = ?1")?
            .query_row([email], |r| Ok(super::games::preferences(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .optional()?;
        match row {
            Some(preferences) => preferences,
            None => Ok(Preferences::default()),
        }
    }

    /// Sets `player`'s own time zone (`None`: the club's again).
    pub fn set_time_zone(&self, player: &Player, zone: Option<&str>) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec("UPDATE players SET time_zone = ?2 WHERE id = ?1", params![id, zone])?;
        Ok(())
    }

    /// Sets how `player` reads moves (`None`: as each variant writes them).
    pub fn set_notation(&self, player: &Player, notation: Option<MoveStyle>) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec("UPDATE players SET notation = ?2 WHERE id = ?1", params![id, notation.map(MoveStyle::name)])?;
        Ok(())
    }

    /// Sets the language `player` reads herald in (`None`: their tournament's, else the club's).
    pub fn set_language(&self, player: &Player, language: Option<&str>) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec("UPDATE players SET language = ?2 WHERE id = ?1", params![id, language])?;
        Ok(())
    }

    /// Sets whether `player` gets mails of plain text alone, without the HTML alternative.
    pub fn set_plain_text(&self, player: &Player, plain_text: bool) -> Result<()> {
        let id = self.player_id(player)?;
        self.exec("UPDATE players SET plain_text = ?2 WHERE id = ?1", params![id, plain_text])?;
        Ok(())
    }
}
