//! A player's preferences, kept per address for all their games: for now their own time zone.
//!
//! `zone Europe/Berlin` (an IANA name; `zone club` for the club's again) makes every mail of
//! every game of theirs show times in that zone: a deadline in days per move as the minute it
//! is there, the end of a day in a control counted in days as the club's day with the moment it
//! is for them (days are always counted in the club's calendar: see README's "The clock"). Read,
//! like a vacation, before a game's own commands, from any mail with a valid token that counts
//! as the player's ([`Referee::preference_request`]); the answer comes in the game the player
//! wrote in, and the store keeps the zone with the player's address in the mail's transaction.

use super::commands::{self, PreferenceCommand};
use super::records::{GameRecord, Verdict};
use super::{Decision, Referee, RefereeError};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::mail::reader::IncomingMail;

/// A verified player's preference, read before the game's own commands.
#[derive(Debug)]
pub struct PreferenceRequest {
    /// The game the mail came in.
    pub record: GameRecord,
    /// The player's colour in it.
    pub color: Color,
    /// What they set.
    pub command: PreferenceCommand,
}

/// What a preference decides: the answer, and the change to keep.
#[derive(Debug)]
pub struct PreferenceDecision {
    /// The answer in the game the player wrote in.
    pub decision: Decision,
    /// The player's new time zone (`Some(None)`: the club's again); `None` when the request
    /// was refused.
    pub zone: Option<Option<String>>,
}

impl Referee<'_> {
    /// The preference of a mail that counts as its player's (see [`Referee::leave_request`]),
    /// if its command line holds one. Any other mail is `handle_mail`'s.
    pub fn preference_request(&self, mail: &IncomingMail, game: Option<&GameRecord>) -> Option<PreferenceRequest> {
        let (record, color, line) = self.players_command_line(mail, game)?;
        let command = commands::preference(&line)?;
        Some(PreferenceRequest { record, color, command })
    }

    /// What a preference decides.
    pub fn preference(&self, request: PreferenceRequest, now: Timestamp) -> Result<PreferenceDecision, RefereeError> {
        let PreferenceRequest { record, color, command } = request;
        let mut g = self.load(record)?;
        let PreferenceCommand::Zone(name) = command;
        let zone = match name {
            None => None,
            Some(name) => match jiff::tz::TimeZone::get(&name) {
                // The name as the time zone database spells it ("europe/berlin" is found too).
                Ok(zone) => Some(zone.iana_name().map_or(name, str::to_string)),
                Err(_) => {
                    let why = format!(
                        "I know no time zone \"{name}\": write its name as the time zone database does, e.g. \
                         \"zone Europe/Berlin\" or \"zone America/New_York\", or \"zone club\" for the club's."
                    );
                    let decision = self.reject(&mut g, color, None, &why, now)?;
                    return Ok(PreferenceDecision { decision, zone: None });
                }
            },
        };
        g.record.zones[color.index()] = zone.clone();
        let answer = self.game_mail(&mut g, color, "zone", None, now)?;
        let detail = format!("{color} set their time zone to {}", zone.as_deref().unwrap_or("the club's"));
        let decision = self.decided(&g, vec![answer], Vec::new(), Verdict::Preference, detail);
        Ok(PreferenceDecision { decision, zone: Some(zone) })
    }
}
