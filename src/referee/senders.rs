//! Who may speak for a player. A mail counts as a player's when its reply token is valid and
//! its From address is the player's (`token`); but the token is in every mail herald sends,
//! so whoever saw one (a Cc, a forward, a list copy) could write that From. Two defences,
//! each the club's choice ([`SenderPolicy`]):
//!
//! - **Required authentication.** The club's own receiving server checks DKIM and SPF and
//!   writes `Authentication-Results` (`mail::reader::authentication`); a player's mail that
//!   the trusted server did not authenticate as the club requires is treated as a stranger's:
//!   nothing changes, the short `unverified` answer (rate limited by the service).
//! - **Confirmation of a game's end.** `resign`, accepting a draw and claiming one end the
//!   game with one mail. From a mail not authenticated by DKIM, SPF or DMARC (by default),
//!   herald does not end the game but asks the player, at the address on file, to confirm by
//!   answering that mail: its Subject carries a confirmation code, an HMAC of the game, the
//!   colour, the action and the number of moves played, so it needs no table and is stale
//!   after any move. A forger who only wrote From never sees the request, and however many
//!   mails ask, one request waits: its Message-ID is the code's own (`ids`), and the service
//!   queues no second mail with it. Moves and draw
//!   offers need no confirmation: they do not end the game by the player's word, both players
//!   are told of each at once, and a club that fears forged moves requires authentication.

use serde::Deserialize;

use super::records::Verdict;
use super::{Decision, Loaded, Referee, RefereeError, Said};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::mail::reader::{Authenticated, IncomingMail};

/// The authentication a player's mail needs to count (`inbox.authentication.require`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Required {
    /// None: the token and the From address are enough (herald before sender
    /// authentication).
    #[default]
    None,
    /// A DKIM signature aligned with the From domain, as the trusted server found it.
    Dkim,
    /// DKIM as above, or SPF for an aligned envelope sender, or DMARC for the From domain.
    DkimOrSpf,
}

/// When ending a game by one's own word needs a confirmation reply
/// (`inbox.authentication.confirm_game_ending`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ConfirmGameEnding {
    /// When the mail is not authenticated by DKIM, SPF or DMARC.
    #[default]
    Unauthenticated,
    /// Always.
    Always,
    /// Never: the command takes effect at once.
    Never,
}

/// What the club requires of its players' mail (from `inbox.authentication`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SenderPolicy {
    /// The authserv-id of the club's own receiving server, whose `Authentication-Results`
    /// herald reads; `None`: no server is trusted, and no mail is authenticated.
    pub trusted_authserv_id: Option<String>,
    /// What a player's mail needs to count.
    pub require: Required,
    /// When ending a game needs a confirmation reply.
    pub confirm_game_ending: ConfirmGameEnding,
}

impl SenderPolicy {
    /// What the trusted server vouched for about `mail`'s sender.
    pub fn authentication(&self, mail: &IncomingMail) -> Authenticated {
        self.trusted_authserv_id.as_deref().map(|id| mail.authentication(id)).unwrap_or_default()
    }

    /// Whether ending a game by one's own word (`resign`, a draw, a withdrawal) from a mail so
    /// `authenticated` first needs a confirmation reply.
    pub fn confirmation_needed(&self, authenticated: bool) -> bool {
        match self.confirm_game_ending {
            ConfirmGameEnding::Never => false,
            ConfirmGameEnding::Always => true,
            ConfirmGameEnding::Unauthenticated => !authenticated,
        }
    }

    /// Why a mail with `found` does not meet [`SenderPolicy::require`], if it does not.
    pub fn refusal(&self, found: Authenticated) -> Option<&'static str> {
        match self.require {
            Required::None => None,
            Required::Dkim if !found.dkim => Some("no DKIM pass aligned with the From domain"),
            Required::DkimOrSpf if !found.any() => Some("no DKIM, SPF or DMARC pass aligned with the From domain"),
            _ => None,
        }
    }
}

/// A command that ends the game by the player's own word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// `resign`.
    Resign,
    /// `accept` (or `draw`) while the opponent's offer is open.
    AcceptDraw,
    /// `draw` when the rules let this player claim one.
    ClaimDraw,
}

impl Ending {
    /// The name in the confirmation code.
    fn name(self) -> &'static str {
        match self {
            Ending::Resign => "resign",
            Ending::AcceptDraw => "accept-draw",
            Ending::ClaimDraw => "claim-draw",
        }
    }

    /// What the player asked, in the words of the confirmation mail.
    fn asked(self) -> &'static str {
        match self {
            Ending::Resign => "to resign this game",
            Ending::AcceptDraw => "to accept the draw offer",
            Ending::ClaimDraw => "to claim a draw",
        }
    }

    /// [`Self::asked`]'s message.
    fn asked_id(self) -> &'static str {
        match self {
            Ending::Resign => "asked-resign",
            Ending::AcceptDraw => "asked-accept-draw",
            Ending::ClaimDraw => "asked-claim-draw",
        }
    }

    /// [`Self::command`]'s message: the command word in the player's language.
    fn command_id(self) -> &'static str {
        match self {
            Ending::Resign => "command-resign",
            Ending::AcceptDraw => "command-accept",
            Ending::ClaimDraw => "command-draw",
        }
    }
}

/// What the confirmation template shows.
#[derive(serde::Serialize)]
pub(super) struct ConfirmationContext {
    /// The code the reply's Subject must carry.
    pub(super) code: String,
    /// "to resign this game", in the player's language.
    asked: String,
    /// The command to write again: "resign", in the player's language.
    command: String,
    /// The mail that asked was authenticated (the club confirms every game's end).
    authenticated: bool,
}

impl Referee<'_> {
    /// `None` when `ending` may take effect now: the club does not ask for a confirmation of
    /// this mail, or the mail confirms (its Subject carries the code of this action in this
    /// game at this move). Otherwise the decision that asks for the confirmation: a mail to
    /// the player at the address on file, nothing else changed and the opponent not told.
    pub(super) fn unconfirmed(
        &self,
        g: &mut Loaded,
        color: Color,
        ending: Ending,
        said: &Said<'_>,
        now: Timestamp,
    ) -> Result<Option<Decision>, RefereeError> {
        let needed = self.settings.senders.confirmation_needed(said.authenticated);
        let plies = g.game.plies();
        if !needed || self.tokens.confirms(&said.mail.subject, g.record.id, color, ending.name(), plies) {
            return Ok(None);
        }
        let mut context = self.context(g, color, "confirm", None, now);
        context.confirmation = Some(ConfirmationContext {
            code: self.tokens.confirmation(g.record.id, color, ending.name(), plies),
            asked: self.say(g, color, ending.asked_id(), &[]),
            command: self.say(g, color, ending.command_id(), &[]),
            authenticated: said.authenticated,
        });
        let mail = self.mail(g, color, "confirm.txt", &context, now)?;
        let why =
            if said.authenticated { "the club confirms every game's end" } else { "the mail was not authenticated" };
        let detail = format!("{color} asked {}: confirmation requested ({why})", ending.asked());
        Ok(Some(self.decided(g, vec![mail], Vec::new(), Verdict::ConfirmationAsked, detail)))
    }
}
