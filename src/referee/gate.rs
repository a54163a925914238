//! The one gate: who a mail speaks for. Every mail herald reads passes here once, before
//! anything it asks is looked at, and comes out as exactly one [`Admission`]:
//!
//! - [`Admission::Bounce`]: a mail to one of herald's return paths (`bounces`), whatever it
//!   says; its token's MAC decides whether it is ours;
//! - [`Admission::Silent`]: automatic mail and mail from herald's own addresses, never answered;
//! - [`Admission::Player`]: a valid token of a game, from that player's address, authenticated
//!   as the club requires (`senders`);
//! - [`Admission::Entrant`]: a valid entry token of a tournament, which is bound to the address
//!   it was sent to, from that address, authenticated as the club requires;
//! - [`Admission::Stranger`]: everyone else, a player's or entrant's mail that lacks the
//!   authentication the club requires among them. A stranger can change nothing: they can only
//!   ask to join a tournament (which asks them to confirm at their own address) and get the
//!   short answers outside any game, at most one a day per address (the service's limit).
//!
//! What a player or an entrant may do is reached only through a [`PlayerMail`] or an
//! [`EntrantMail`], which nothing but [`Referee::admit`] makes: a new command or a new path
//! that changes a game, a tournament or a player's settings takes one, so it cannot skip the
//! check. What ends a game by the player's own word (`resign`, a draw, a withdrawal) is then
//! confirmed by a reply where the club asks for it (`senders`).

use super::Decision;
use super::Referee;
use super::bounces::ReturnPath;
use super::records::GameRecord;
use crate::engine::Color;
use crate::mail::reader::IncomingMail;

/// What a mail is, as far as who may speak through it.
pub enum Admission<'m> {
    /// A mail to one of herald's return paths.
    Bounce(ReturnPath),
    /// Never answered; the decision logs why.
    Silent(Decision),
    /// A player of a game.
    Player(PlayerMail<'m>),
    /// An entrant of a tournament.
    Entrant(EntrantMail<'m>),
    /// Anyone else.
    Stranger(StrangerMail<'m>),
}

/// The proof, carried by every request a player's mail makes of the referee (a vacation, a
/// preference, the overview), that the mail passed the gate: nothing but a [`PlayerMail`]
/// makes one, and it cannot be copied from one request to another.
#[derive(Debug)]
pub struct Admitted(());

/// A mail that counts as its player's in its game. Only [`Referee::admit`] makes one.
pub struct PlayerMail<'m> {
    mail: &'m IncomingMail,
    record: GameRecord,
    color: Color,
    authenticated: bool,
}

impl<'m> PlayerMail<'m> {
    /// The mail.
    pub fn mail(&self) -> &'m IncomingMail {
        self.mail
    }

    /// The game its token names, as stored.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The player's colour in it.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The player's address, as the game keeps it.
    pub fn email(&self) -> &str {
        &self.record.player(self.color).email
    }

    /// The club's trusted server authenticated the sender by DKIM, SPF or DMARC.
    pub fn authenticated(&self) -> bool {
        self.authenticated
    }

    /// The proof that the mail passed the gate, for a request made from it.
    pub(super) fn admitted(&self) -> Admitted {
        Admitted(())
    }

    /// The game record, for what the mail asks of it.
    pub(super) fn into_record(self) -> GameRecord {
        self.record
    }
}

/// A mail that counts as an entrant's in a tournament: its entry token is the one herald sent
/// to its From address. Only [`Referee::admit`] makes one.
pub struct EntrantMail<'m> {
    mail: &'m IncomingMail,
    tournament: i64,
    email: String,
    authenticated: bool,
}

impl<'m> EntrantMail<'m> {
    /// The mail.
    pub fn mail(&self) -> &'m IncomingMail {
        self.mail
    }

    /// The tournament its entry token names.
    pub fn tournament(&self) -> i64 {
        self.tournament
    }

    /// The entrant's address, in lower case.
    pub fn email(&self) -> &str {
        &self.email
    }

    /// The club's trusted server authenticated the sender by DKIM, SPF or DMARC.
    pub fn authenticated(&self) -> bool {
        self.authenticated
    }
}

/// A mail that speaks for nobody: it may only ask to join, and is answered as a stranger's.
pub struct StrangerMail<'m> {
    mail: &'m IncomingMail,
    /// Why it does not count, for the event log.
    why: String,
}

impl<'m> StrangerMail<'m> {
    /// The mail.
    pub fn mail(&self) -> &'m IncomingMail {
        self.mail
    }

    /// Why it does not count as anyone's, for the event log.
    pub fn why(&self) -> &str {
        &self.why
    }
}

/// Who a mail claims to speak for by its token, before anything stored confirms it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A game's token: the player of `color` in game `game`, if that is the sender's address.
    Player {
        /// The game.
        game: i64,
        /// The colour the token names.
        color: Color,
    },
    /// An entry token made for the sender's own address: the entrant of `tournament`.
    Entrant {
        /// The tournament.
        tournament: i64,
    },
}

impl Referee<'_> {
    /// What `mail`'s token claims, if it carries a valid one: a game's token first, else an
    /// entry token made for its From address (which names nobody else's entry).
    pub fn claim(&self, mail: &IncomingMail) -> Option<Claim> {
        if let Some((game, color)) = self.claimed_identity(mail) {
            return Some(Claim::Player { game, color });
        }
        let from = mail.from.as_ref().map(|a| a.addr.as_str())?;
        let recipients = mail.delivered_to.iter().chain(&mail.to).map(String::as_str);
        let tournament = self.tokens.find_entry(self.settings.local_part(), recipients, &mail.subject, from)?;
        Some(Claim::Entrant { tournament })
    }

    /// The claim of a mail herald failed to handle, where the gate would let it through but for
    /// what only the store can confirm (the game's player, the tournament's entry): not
    /// silent, authenticated as the club requires. `None`: nobody herald could verify, so
    /// nobody herald may write to.
    pub fn failure_claim(&self, mail: &IncomingMail) -> Option<Claim> {
        if self.return_path_of(mail).is_some() || self.never_answered(mail).is_some() {
            return None;
        }
        let senders = &self.settings.senders;
        if senders.refusal(senders.authentication(mail)).is_some() {
            return None;
        }
        self.claim(mail)
    }

    /// Who `mail` speaks for (see the module's comment). `game` is the stored game its token
    /// names ([`Referee::claimed_identity`]), if the mail has one and the game exists.
    pub fn admit<'m>(&self, mail: &'m IncomingMail, game: Option<GameRecord>) -> Admission<'m> {
        if let Some(path) = self.return_path_of(mail) {
            return Admission::Bounce(path);
        }
        if let Some(silence) = self.never_answered(mail) {
            return Admission::Silent(silence);
        }
        let senders = &self.settings.senders;
        let found = senders.authentication(mail);
        let refusal = senders.refusal(found);
        let authenticated = found.any();
        let Some(from) = mail.from.as_ref().map(|a| a.addr.as_str()) else {
            return Admission::Stranger(StrangerMail { mail, why: "a mail without a sender".to_string() });
        };
        let not_authenticated = |what: String, why: &str| {
            let server = senders.trusted_authserv_id.as_deref().unwrap_or("no trusted server");
            format!("{what} refused: not authenticated ({why}, according to {server})")
        };
        match self.claim(mail) {
            Some(Claim::Player { game: id, color }) => {
                let what = format!("mail from {from} with a valid token for game {id} ({color})");
                let record = game.filter(|r| r.id == id && r.player(color).email.eq_ignore_ascii_case(from));
                match (record, refusal) {
                    (None, _) => {
                        Admission::Stranger(StrangerMail { mail, why: format!("{what} but not from that player") })
                    }
                    (Some(_), Some(why)) => {
                        Admission::Stranger(StrangerMail { mail, why: not_authenticated(what, why) })
                    }
                    (Some(record), None) => Admission::Player(PlayerMail { mail, record, color, authenticated }),
                }
            }
            Some(Claim::Entrant { tournament }) => {
                let what = format!("mail from {from} with its entry token of tournament {tournament}");
                match refusal {
                    Some(why) => Admission::Stranger(StrangerMail { mail, why: not_authenticated(what, why) }),
                    None => Admission::Entrant(EntrantMail {
                        mail,
                        tournament,
                        email: from.to_ascii_lowercase(),
                        authenticated,
                    }),
                }
            }
            None => {
                Admission::Stranger(StrangerMail { mail, why: format!("mail from {from} without a valid reply token") })
            }
        }
    }

    /// The short answer to a stranger's mail that asks nothing herald can do for a stranger:
    /// nothing changes, the event log says why.
    pub fn answer_stranger(
        &self,
        stranger: &StrangerMail<'_>,
        now: crate::clock::Timestamp,
    ) -> Result<Decision, super::RefereeError> {
        self.answer_unverified(stranger.mail, stranger.why.clone(), now)
    }
}
