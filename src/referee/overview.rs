//! A player's own overview: the commands that are about all of a player's games rather than
//! the one a mail answers.
//!
//! `games` lists every game of the player's still going on (by their address), each with whose
//! move it is and by when; the answer comes in the game the player wrote from, as a game mail
//! with the list above its own position. `board N` (or `moves N`, or `#N`) sends game N's mail
//! as the game's own `board` would: the position from the player's side and the move list, in
//! game N's thread, so that a reply to it plays there. Both are read, like a vacation, before
//! a game's own commands, from any mail with a valid token that counts as the player's
//! ([`Referee::overview_request`]); a game the address does not play in is refused without a
//! word about it, so that no one learns of a game they are not in.

use super::commands::{self, Command, OverviewCommand};
use super::deadlines::on_clock;
use super::gate::{Admitted, PlayerMail};
use super::records::{GameRecord, GameStatus, Verdict};
use super::{Decision, Referee, RefereeError, Said, Source};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::mail::reader::IncomingMail;

/// A verified player's overview command, read before the game's own commands.
#[derive(Debug)]
pub struct OverviewRequest {
    /// The mail passed the gate as the player's.
    pub admitted: Admitted,
    /// The game the mail came in.
    pub record: GameRecord,
    /// The player's colour in it.
    pub color: Color,
    /// What they ask.
    pub command: OverviewCommand,
}

impl OverviewRequest {
    /// The game whose mail is asked for, if one is; else the player's games are.
    pub fn game_asked(&self) -> Option<i64> {
        match self.command {
            OverviewCommand::Games => None,
            OverviewCommand::Game(id) => Some(id),
        }
    }
}

impl Referee<'_> {
    /// The overview command of a mail that counts as its player's (see
    /// [`Referee::leave_request`]), if its command line holds one. Any other mail is
    /// `handle_mail`'s.
    pub fn overview_request(&self, player: &PlayerMail<'_>) -> Option<OverviewRequest> {
        let line = self.players_command_line(player)?;
        let (record, color) = (player.record().clone(), player.color());
        let command = commands::overview(&line)?;
        Some(OverviewRequest { admitted: player.admitted(), record, color, command })
    }

    /// What an overview command decides. `games` holds, for `games`, the games still going on
    /// that the player's address plays in; for `board N`, game N if it exists.
    pub fn overview(
        &self,
        mail: &IncomingMail,
        request: OverviewRequest,
        games: Vec<GameRecord>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let OverviewRequest { record, color, command, .. } = request;
        let email = record.player(color).email.clone();
        match command {
            OverviewCommand::Game(id) => {
                let asked = games.into_iter().find(|g| g.id == id);
                let Some((asked, mine)) = asked.and_then(|g| g.color_of(&email).map(|c| (g, c))) else {
                    let mut g = self.load(record)?;
                    let why = self.say(&g, color, "refused-no-such-game", &[("game", id.into())]);
                    return self.reject(&mut g, color, None, &why, now);
                };
                // The game's own `board`, as if the player had written it there.
                let mut g = self.load(asked)?;
                let authenticated = self.settings.senders.authentication(mail).any();
                let said = Said { command: Command::Board, source: Source::Body, answered: None, mail, authenticated };
                self.command(&mut g, mine, said, now)
            }
            OverviewCommand::Games => {
                let mut lines = Vec::new();
                for game in games.into_iter().filter(|g| g.status == GameStatus::Active) {
                    let g = self.load(game)?;
                    let Some(mine) = g.record.color_of(&email) else { continue };
                    lines.push(self.overview_line(&g, mine));
                }
                let mut g = self.load(record)?;
                let mut context = self.context(&g, color, "games", None, now);
                let count = lines.len();
                context.overview = Some(lines);
                let answer = self.mail(&mut g, color, "game.txt", &context, now)?;
                let detail = format!("{color} asked for their games: {count} going on");
                Ok(self.decided(&g, vec![answer], Vec::new(), Verdict::Games, detail))
            }
        }
    }

    /// One game of the overview, from `mine`'s side: "#12 chess against Bob: your move (14.),
    /// due by 2026-12-01 18:00 UTC".
    fn overview_line(&self, g: &super::Loaded, mine: Color) -> String {
        let record = &g.record;
        let language = self.language_of(record, mine);
        let opponent = record.player(mine.other()).display_name().to_string();
        let clock = on_clock(g);
        let label = commands::label(g.game.move_number(), g.game.turn());
        let whose = match (!g.game.setup_requests().is_empty(), clock.contains(&mine), g.game.turn() == mine) {
            (true, true, _) => language.say("overview-your-choice", &[]),
            (true, false, _) => language.say("overview-their-choice", &[("opponent", opponent.clone().into())]),
            (false, _, true) => language.say("overview-your-move", &[("label", label.into())]),
            (false, _, false) => {
                language.say("overview-their-move", &[("opponent", opponent.clone().into()), ("label", label.into())])
            }
        };
        let whose = match record.deadline {
            Some(d) => {
                language.say("overview-due", &[("what", whose.into()), ("deadline", self.due(record, mine, d).into())])
            }
            None => whose,
        };
        language.say(
            "overview-line",
            &[
                ("game", record.id.into()),
                ("variant", record.variant.clone().into()),
                ("opponent", opponent.into()),
                ("what", whose.into()),
            ],
        )
    }
}
