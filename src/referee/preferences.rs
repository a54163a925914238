//! A player's preferences, kept per address for all their games: their own time zone, how
//! they read a chess-like game's moves, and whether their mails carry the board picture.
//!
//! `zone Europe/Berlin` (an IANA name; `zone club` for the club's again) makes every mail of
//! every game of theirs show times in that zone: a deadline in days per move as the minute it
//! is there, the end of a day in a control counted in days as the club's day with the moment it
//! is for them (days are always counted in the club's calendar: see README's "The clock").
//! `notation long` (or `san`, or `iccf`) makes the moves in their mails of every game whose
//! variant can write them so (chess and Capablanca; ICCF numbers only on boards of at most 9x9)
//! read `Ng1-f3` or `7163`; the archive, the PGN and every other mail keep the variant's own
//! notation. `language CODE` makes their mails of every game speak that language
//! (`language club`: the club's again; see [`crate::language`]). `format text` makes their mails plain text alone, without the HTML alternative
//! and its board picture (`format html` brings it back). All are read, like a vacation, before a game's own commands, from any mail with a
//! valid token that counts as the player's ([`Referee::preference_request`]); the answer comes
//! in the game the player wrote in, and the store keeps them with the player's address in the
//! mail's transaction.

use super::commands::{self, MailFormat, PreferenceCommand};
use super::gate::{Admitted, PlayerMail};
use super::records::{GameRecord, Preferences, Verdict};
use super::{Decision, Referee, RefereeError};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::untrusted::OneLine;

/// A verified player's preference, read before the game's own commands.
#[derive(Debug)]
pub struct PreferenceRequest {
    /// The mail passed the gate as the player's.
    pub admitted: Admitted,
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
    /// The player's preferences after it; `None` when the request was refused.
    pub preferences: Option<Preferences>,
}

impl Referee<'_> {
    /// The preference of a mail that counts as its player's (see [`Referee::leave_request`]),
    /// if its command line holds one. Any other mail is `handle_mail`'s.
    pub fn preference_request(&self, player: &PlayerMail<'_>) -> Option<PreferenceRequest> {
        let line = self.players_command_line(player)?;
        let (record, color) = (player.record().clone(), player.color());
        let command = commands::preference(&line)?;
        Some(PreferenceRequest { admitted: player.admitted(), record, color, command })
    }

    /// What a preference decides.
    pub fn preference(&self, request: PreferenceRequest, now: Timestamp) -> Result<PreferenceDecision, RefereeError> {
        let PreferenceRequest { record, color, command, .. } = request;
        let mut g = self.load(record)?;
        let mut preferences = g.record.preferences[color.index()].clone();
        let refused =
            |referee: &Self, g: &mut super::Loaded, why: String| -> Result<PreferenceDecision, RefereeError> {
                let decision = referee.reject(g, color, None, &why, now)?;
                Ok(PreferenceDecision { decision, preferences: None })
            };
        let (event, detail) = match command {
            PreferenceCommand::Zone(None) => {
                preferences.zone = None;
                ("zone", format!("{color} set their time zone to the club's"))
            }
            PreferenceCommand::Zone(Some(name)) => match jiff::tz::TimeZone::get(&name) {
                // The name as the time zone database spells it ("europe/berlin" is found too).
                Ok(zone) => {
                    let name = zone.iana_name().map_or(name, str::to_string);
                    let detail = format!("{color} set their time zone to {name}");
                    preferences.zone = Some(name);
                    ("zone", detail)
                }
                Err(_) => {
                    let why =
                        self.say(&g, color, "refused-zone", &[("word", OneLine::echo(&name).into_string().into())]);
                    return refused(self, &mut g, why);
                }
            },
            PreferenceCommand::Notation(Ok(style)) => {
                preferences.notation = Some(style);
                ("notation", format!("{color} set their notation to {}", style.name()))
            }
            PreferenceCommand::Format(Ok(format)) => {
                preferences.plain_text = format == MailFormat::Text;
                let detail = match format {
                    MailFormat::Text => format!("{color} asked for mails of plain text alone"),
                    MailFormat::Html => format!("{color} asked for mails with the board picture"),
                };
                ("format", detail)
            }
            PreferenceCommand::Language(None) => {
                preferences.language = None;
                ("language", format!("{color} set their language to the club's"))
            }
            PreferenceCommand::Language(Some(word)) => {
                // A code ("de") or the language's own name ("Deutsch"), in any case.
                let languages = self.templates.languages();
                let found = languages
                    .get(&word)
                    .or_else(|| languages.all().into_iter().find(|l| l.name().eq_ignore_ascii_case(&word)));
                match found {
                    Some(language) => {
                        preferences.language = Some(language.code().to_string());
                        ("language", format!("{color} set their language to {}", language.code()))
                    }
                    None => {
                        let language = self.language_of(&g.record, color);
                        let why = language.say(
                            "refused-language",
                            &[
                                ("word", OneLine::echo(&word).into_string().into()),
                                ("codes", languages.codes().join(", ").into()),
                            ],
                        );
                        return refused(self, &mut g, why);
                    }
                }
            }
            PreferenceCommand::Format(Err(word)) => {
                let why = self.say(&g, color, "refused-format", &[("word", OneLine::echo(&word).into_string().into())]);
                return refused(self, &mut g, why);
            }
            PreferenceCommand::Notation(Err(word)) => {
                let why =
                    self.say(&g, color, "refused-notation", &[("word", OneLine::echo(&word).into_string().into())]);
                return refused(self, &mut g, why);
            }
        };
        g.record.preferences[color.index()] = preferences.clone();
        let answer = self.game_mail(&mut g, color, event, None, now)?;
        let decision = self.decided(&g, vec![answer], Vec::new(), Verdict::Preference, detail);
        Ok(PreferenceDecision { decision, preferences: Some(preferences) })
    }
}
