//! What the referee keeps about players and games, as plain data: the store reads and writes
//! these, the referee core computes new ones. No I/O here.

use crate::clock::{TimeControl, Timestamp, Vacation};
use crate::engine::Color;
use crate::variants::MoveStyle;

/// A player: a mail address and, if known, a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The address the player's moves must come from and mails go to (lower-case domain).
    pub email: String,
    /// The name shown to the opponent; the address when there is none.
    pub name: Option<String>,
}

impl Player {
    /// A player as an operator writes one: `ann@example.org`, `Ann Smith <ann@example.org>` or
    /// `"Smith, Ann" <ann@example.org>` (RFC 5322's mailbox, read by lettre), the address
    /// lower-cased and the name made one clean line.
    ///
    /// # Errors
    ///
    /// Text that is not one mailbox, in words that say what was expected.
    pub fn parse(text: &str) -> Result<Player, String> {
        let mailbox: lettre::message::Mailbox = text.trim().parse().map_err(|_| {
            format!("{text:?} is not a mail address: write ann@example.org or \"Ann Smith <ann@example.org>\"")
        })?;
        Ok(Player {
            email: mailbox.email.to_string().to_ascii_lowercase(),
            name: mailbox.name.as_deref().and_then(crate::untrusted::name),
        })
    }

    /// The name to show: the name, or the address when there is none, as one line of at most
    /// [`crate::untrusted::NAME_CHARS`] characters without control or bidirectional characters
    /// (a name is outside text, whether it came in a From field, after `join`, in a TRF file
    /// or on the command line; the store and the mail reader clean it too, this is the
    /// guarantee wherever it is shown, a row of an older herald's database included).
    ///
    /// A name is shown as [`crate::untrusted::shown_name`] shows it: quoted when it holds
    /// anything but letters, digits, spaces, hyphens and apostrophes. The address, when there
    /// is no name, is shown as it is.
    pub fn display_name(&self) -> std::borrow::Cow<'_, str> {
        use crate::untrusted::{NAME_CHARS, OneLine, is_one_line, shown_name};
        let name = self.name.as_deref().filter(|n| !OneLine::name(n).is_empty());
        match name {
            Some(name) => shown_name(name),
            None if is_one_line(&self.email, NAME_CHARS) => std::borrow::Cow::Borrowed(&self.email),
            None => std::borrow::Cow::Owned(OneLine::name(&self.email).into_string()),
        }
    }
}

/// What a player chose by mail for all their games (see `referee::preferences`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preferences {
    /// Their own time zone for the times their mails show, an IANA name (`zone ...`); `None`:
    /// the club's.
    pub zone: Option<String>,
    /// How they read a chess-like game's moves (`notation ...`); `None`: as the variant writes
    /// them.
    pub notation: Option<MoveStyle>,
    /// They asked for mails of plain text alone, without the HTML alternative and its board
    /// picture (`format text`).
    pub plain_text: bool,
    /// The language they read herald in, a code (`language ...`); `None`: their tournament's,
    /// else the club's.
    pub language: Option<String>,
}

/// What each of a game's two players keeps across all their games, read with each game (White's,
/// Black's): their vacations and their preferences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayersOwn {
    /// Their vacations that may touch the game's clock.
    pub vacations: [Vec<Vacation>; 2],
    /// Their preferences.
    pub preferences: [Preferences; 2],
}

/// Whether a game goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Moves are expected.
    Active,
    /// The game has a result.
    Finished,
}

impl GameStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }

    /// From the stored name.
    pub fn parse(s: &str) -> Option<GameStatus> {
        match s {
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            _ => None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// PGN result: "1-0", "0-1", "1/2-1/2".
    pub score: String,
    /// In words: "White wins by checkmate".
    pub reason: String,
    /// White's points in thousandths (the variant's scoring).
    pub white_points: u16,
    /// Black's points in thousandths.
    pub black_points: u16,
}

/// A game as stored: who plays, the variant's snapshot of the position, and the referee's
/// own state (draw offers, deadline, result). Its `Debug` leaves the snapshot out: in a game
/// with secrets it holds them (the setup, the hidden moves), and debug output ends up in logs.
#[derive(Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number.
    pub id: i64,
    /// Variant identifier.
    pub variant: String,
    /// White.
    pub white: Player,
    /// Black.
    pub black: Player,
    /// The variant's snapshot ([`crate::variants::VariantGame::snapshot`]).
    pub snapshot: String,
    /// Active or finished.
    pub status: GameStatus,
    /// The result, once finished.
    pub result: Option<GameResult>,
    /// The side that offered a draw that is still open.
    pub draw_offer: Option<Color>,
    /// When the game was created.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
    /// When the side to move must have replied.
    pub deadline: Option<Timestamp>,
    /// Notices of the current deadline mailed so far. A new deadline starts again at none.
    pub deadline_notices: DeadlineNotice,
    /// Mails sent in this game so far; numbers each mail's Message-ID.
    pub mail_seq: u32,
    /// The secrets committed so far, with their openings (which only the referee knows until
    /// they are revealed).
    pub commitments: Vec<CommitmentRecord>,
    /// The hash of the chain's genesis record, once the game has begun (every secret of the
    /// setup committed); see [`crate::referee::chain`].
    pub genesis: Option<String>,
    /// The hash of the newest record of the chain: the last move, or the genesis.
    pub chain_head: Option<String>,
    /// The nonces of White's and Black's address commitments ([`crate::referee::chain::player`]),
    /// which name the players in the genesis, made when the game begins; `None` for a game
    /// begun by a herald before them, whose genesis names the players by their addresses.
    pub address_nonces: Option<[String; 2]>,
    /// The game's time control, fixed when it was created; `None` only for a game created by a
    /// herald older than time controls, whose days per move are the club's
    /// `games.days_per_move`.
    pub time_control: Option<TimeControl>,
    /// White's and Black's clocks in days, in a control counted in days: for the player not on
    /// the move what is on it; for the player on the move what was on it when the move reached
    /// them (their deadline says what is left now). `None` in a control of days per move.
    pub clocks: [Option<u32>; 2],
    /// White's and Black's vacations that may touch this game's clock (read with the game,
    /// never written with it: a vacation is the player's, in all their games).
    pub vacations: [Vec<Vacation>; 2],
    /// White's and Black's preferences (their own time zone, how they read moves); read with
    /// the game, never written with it: a player's, in all their games.
    pub preferences: [Preferences; 2],
    /// The tournament the game is played in, if any.
    pub tournament: Option<TournamentGame>,
    /// White's and Black's pending conditional moves (see [`crate::referee::conditions`]): only
    /// the side not to move can have any. Hidden from the opponent; their `Debug` says only how
    /// many lines there are.
    pub conditions: [Option<crate::referee::conditions::Conditions>; 2],
}

/// Where a game stands in a tournament: shown in its mails and archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The tournament's number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// White's and Black's ratings in the game's variant now (rounded), where they have one.
    pub ratings: [Option<u32>; 2],
    /// The language of its players who chose none, a code; `None`: the club's.
    pub language: Option<String>,
}

/// What the player on the clock has been told of the current deadline; stored as its number,
/// and the notices only ever go up.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum DeadlineNotice {
    /// Nothing yet.
    #[default]
    None = 0,
    /// The reminder went out.
    Reminded = 1,
    /// The deadline passed and the player was told so (the game waits).
    ToldTimeIsUp = 2,
}

impl DeadlineNotice {
    /// The stored number.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// From the stored number.
    pub fn from_number(number: u8) -> Option<DeadlineNotice> {
        [DeadlineNotice::None, DeadlineNotice::Reminded, DeadlineNotice::ToldTimeIsUp]
            .into_iter()
            .find(|n| n.number() == number)
    }
}

/// What the referee decided about a mail, or about a game on the clock: recorded with each
/// mail in the inbox and as the kind of the event it logs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A move was played.
    Move,
    /// A command or move was refused, with the reason.
    Rejected,
    /// The player was sent the help (asked for, or no command was found, with the reason).
    Help,
    /// The player asked for the board.
    Board,
    /// A setup answer (a secret choice) was recorded.
    Setup,
    /// A draw was offered.
    DrawOffer,
    /// The game was drawn (agreed or claimed).
    Draw,
    /// A draw offer was declined.
    Declined,
    /// A player resigned.
    Resigned,
    /// A player's resignation or acceptance of a draw waits for their confirmation reply.
    ConfirmationAsked,
    /// The sender is not the player the token names, or the mail has no valid token; a short
    /// answer went out.
    Unverified,
    /// As [`Verdict::Unverified`], but the address had an answer within the last day.
    UnverifiedUnanswered,
    /// Too large to read; a short answer went out.
    TooLarge,
    /// As [`Verdict::TooLarge`], but the address had an answer within the last day.
    TooLargeUnanswered,
    /// Automatic mail (RFC 3834): never answered.
    Automatic,
    /// Mail from one of the addresses herald itself sends as: never answered.
    OwnAddress,
    /// Not a mail at all (no header block): logged, never answered.
    Unreadable,
    /// herald failed to handle the mail (a broken stored game, template or database, or a
    /// bug): nothing changed, the sender was told and the operator's log says why.
    Failed,
    /// The clock: a player lost on time.
    Timeout,
    /// The clock: the time ran out and the player was told (the game waits).
    TimeUp,
    /// The clock: a reminder of the deadline.
    Reminder,
    /// An entrant's mail about their entry (a confirmation, a withdrawal).
    Entry,
    /// A stranger's `join` was answered (asked to confirm at their address, or refused).
    Join,
    /// A stranger's `join` not answered: the address had an answer within the last day, or it
    /// needs none (the sender is entered or was asked already).
    JoinUnanswered,
    /// The tournament director ended a game (an adjudication or a forfeit).
    Directed,
    /// A bounce of one of herald's mails to a player, to its return path: recorded, never
    /// answered (see `referee::bounces`).
    Bounce,
    /// A mail to a return path whose token is not valid: logged, never answered, nothing
    /// changed.
    ForgedBounce,
    /// A player's vacation was recorded, changed or ended (`vacation N`, `back`).
    Vacation,
    /// A player left conditional moves on their own, or cancelled theirs.
    Conditions,
    /// A player asked for the list of their games (`games`).
    Games,
    /// A player set a preference for all their games (`zone ...`, `notation ...`).
    Preference,
}

impl Verdict {
    /// Every verdict.
    pub const ALL: [Verdict; 31] = [
        Verdict::Move,
        Verdict::Rejected,
        Verdict::Help,
        Verdict::Board,
        Verdict::Setup,
        Verdict::DrawOffer,
        Verdict::Draw,
        Verdict::Declined,
        Verdict::Resigned,
        Verdict::ConfirmationAsked,
        Verdict::Unverified,
        Verdict::UnverifiedUnanswered,
        Verdict::TooLarge,
        Verdict::TooLargeUnanswered,
        Verdict::Automatic,
        Verdict::OwnAddress,
        Verdict::Unreadable,
        Verdict::Failed,
        Verdict::Timeout,
        Verdict::TimeUp,
        Verdict::Reminder,
        Verdict::Entry,
        Verdict::Join,
        Verdict::JoinUnanswered,
        Verdict::Directed,
        Verdict::Bounce,
        Verdict::ForgedBounce,
        Verdict::Vacation,
        Verdict::Conditions,
        Verdict::Games,
        Verdict::Preference,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Move => "move",
            Verdict::Rejected => "rejected",
            Verdict::Help => "help",
            Verdict::Board => "board",
            Verdict::Setup => "setup",
            Verdict::DrawOffer => "draw-offer",
            Verdict::Draw => "draw",
            Verdict::Declined => "declined",
            Verdict::Resigned => "resigned",
            Verdict::ConfirmationAsked => "confirmation-asked",
            Verdict::Unverified => "unverified",
            Verdict::UnverifiedUnanswered => "unverified-unanswered",
            Verdict::TooLarge => "too-large",
            Verdict::TooLargeUnanswered => "too-large-unanswered",
            Verdict::Automatic => "automatic",
            Verdict::OwnAddress => "own-address",
            Verdict::Unreadable => "unreadable",
            Verdict::Failed => "failed",
            Verdict::Timeout => "timeout",
            Verdict::TimeUp => "time_up",
            Verdict::Reminder => "reminder",
            Verdict::Entry => "entry",
            Verdict::Join => "join",
            Verdict::JoinUnanswered => "join-unanswered",
            Verdict::Directed => "directed",
            Verdict::Bounce => "bounce",
            Verdict::ForgedBounce => "forged-bounce",
            Verdict::Vacation => "vacation",
            Verdict::Conditions => "conditions",
            Verdict::Games => "games",
            Verdict::Preference => "preference",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// The verdicts of the answers to strangers (to a mail that speaks for nobody, or is too
    /// large to read): the service sends at most one of them a day to an address, and records
    /// the ones it held back with the verdict given here.
    pub fn held_back(self) -> Option<Verdict> {
        match self {
            Verdict::Unverified => Some(Verdict::UnverifiedUnanswered),
            Verdict::TooLarge => Some(Verdict::TooLargeUnanswered),
            Verdict::Join => Some(Verdict::JoinUnanswered),
            _ => None,
        }
    }

    /// True when the mail was a verified player's (or herald failed while handling it, and
    /// answered it): such a handling is unique per delivery, and an unverified mail can never
    /// make a verified one with the same delivery key a duplicate (see the service).
    pub fn is_players(self) -> bool {
        !matches!(
            self,
            Verdict::Unverified
                | Verdict::UnverifiedUnanswered
                | Verdict::Join
                | Verdict::JoinUnanswered
                | Verdict::TooLarge
                | Verdict::TooLargeUnanswered
                | Verdict::Automatic
                | Verdict::OwnAddress
                | Verdict::Unreadable
                | Verdict::ForgedBounce
        )
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A committed secret of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitmentRecord {
    /// The commitment with its opening.
    pub commitment: crate::referee::commitment::Commitment,
    /// How many moves had been played when it was made: 0 for a secret of the setup, which
    /// the chain's genesis fixes; N for a secret the N-th move decided, which that move's
    /// record links (see [`crate::referee::chain`]).
    pub committed_at_ply: u32,
    /// Whether value and nonce have been published.
    pub revealed: bool,
    /// How many moves had been played when they were published; `None` while sealed, and for
    /// a secret opened by a herald that did not record it.
    pub revealed_at_ply: Option<u32>,
}

impl std::fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameRecord")
            .field("id", &self.id)
            .field("variant", &self.variant)
            .field("white", &self.white)
            .field("black", &self.black)
            .field("snapshot", &format_args!("<{} bytes, secret>", self.snapshot.len()))
            .field("status", &self.status)
            .field("result", &self.result)
            .field("draw_offer", &self.draw_offer)
            .field("created_at", &self.created_at)
            .field("updated_at", &self.updated_at)
            .field("deadline", &self.deadline)
            .field("deadline_notices", &self.deadline_notices)
            .field("mail_seq", &self.mail_seq)
            .field("commitments", &self.commitments)
            .field("genesis", &self.genesis)
            .field("address_nonces", &self.address_nonces.as_ref().map(|_| "[hidden]"))
            .field("chain_head", &self.chain_head)
            .field("time_control", &self.time_control)
            .field("clocks", &self.clocks)
            .field("vacations", &self.vacations)
            .field("preferences", &self.preferences)
            .field("tournament", &self.tournament)
            .field("conditions", &self.conditions)
            .finish()
    }
}

impl GameRecord {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// What the genesis's `white:` and `black:` lines name the players by: their address
    /// commitments, or, in a game begun before them, their addresses.
    pub fn genesis_players(&self) -> [String; 2] {
        match &self.address_nonces {
            Some([white, black]) => [
                crate::referee::chain::player(self.id, Color::White, &self.white.email, white),
                crate::referee::chain::player(self.id, Color::Black, &self.black.email, black),
            ],
            None => [self.white.email.clone(), self.black.email.clone()],
        }
    }

    /// The colour `email` plays in this game, if they play in it.
    pub fn color_of(&self, email: &str) -> Option<Color> {
        Color::BOTH.into_iter().find(|&c| self.player(c).email.eq_ignore_ascii_case(email))
    }
}

/// One move as stored, in the variant's full notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Half-move index from the game's start, 1-based.
    pub ply: u32,
    /// Who moved.
    pub color: Color,
    /// The move number.
    pub number: u32,
    /// The move as written by the variant.
    pub notation: String,
    /// In a variant that hides moves, the move as the opponent read it (see
    /// [`crate::variants::PlayedMove::sealed`]); the chain links this instead of `notation`.
    pub sealed: Option<String>,
    /// When it was played.
    pub played_at: Timestamp,
    /// The hash of the chain record before this one.
    pub prev_hash: String,
    /// This record's hash ([`crate::referee::chain::link`]).
    pub hash: String,
}

/// A mail the referee decided to send, rendered to its bytes but for its board picture, which
/// is drawn when it is sent ([`OutgoingRecord::message`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingRecord {
    /// The game it belongs to, if any.
    pub game_id: Option<i64>,
    /// Envelope recipient.
    pub recipient: String,
    /// Its Message-ID (without angle brackets), stable across retries.
    pub message_id: String,
    /// The whole message, but for its board picture if it has one to come (`picture`).
    pub bytes: Vec<u8>,
    /// The board picture the message shows, to be drawn when it is sent
    /// ([`crate::mail::compose::PICTURE_TO_COME`] stands in its place in `bytes`).
    pub picture: Option<crate::picture::Drawing>,
    /// The envelope sender, when the mail has a return path of its own (a game's mail to a
    /// player: `local+bounce-TOKEN@domain`, see [`crate::referee::token::Tokens::bounce_token`]);
    /// `None`: the referee's address.
    pub return_path: Option<String>,
}

impl OutgoingRecord {
    /// The message as it is sent: `bytes` with its picture drawn in.
    pub fn message(&self) -> Result<Vec<u8>, String> {
        crate::mail::compose::message(&self.bytes, self.picture.as_ref())
    }
}

/// Something worth recording in the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The game concerned, if any.
    pub game_id: Option<i64>,
    /// Short kind, e.g. "move", "rejected", "forged".
    pub kind: &'static str,
    /// Details in words.
    pub detail: String,
}

/// Everything one decision of the referee changes: written in one transaction together
/// with the inbox row of the mail that caused it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// The game's new state, if it changed.
    pub game: Option<GameRecord>,
    /// Moves to append.
    pub moves: Vec<MoveRecord>,
    /// Mails to send.
    pub mails: Vec<OutgoingRecord>,
    /// Events to log.
    pub events: Vec<Event>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_read_as_an_address_or_a_name_and_an_address() {
        let read = |text: &str| Player::parse(text).map(|p| (p.email, p.name));
        assert_eq!(read("Ann@Example.org"), Ok(("ann@example.org".into(), None)));
        assert_eq!(read("Ann Smith <ann@example.org>"), Ok(("ann@example.org".into(), Some("Ann Smith".into()))));
        assert_eq!(
            read("  \"Smith, Ann\" <ann@example.org> "),
            Ok(("ann@example.org".into(), Some("Smith, Ann".into())))
        );
        assert_eq!(
            read("Анна Петрова <anna@example.org>"),
            Ok(("anna@example.org".into(), Some("Анна Петрова".into())))
        );
        for bad in ["ann smith", "ann@", "@example.org", "Ann <ann@example.org", "a@example.org, b@example.org", ""] {
            let err = read(bad).expect_err(bad);
            assert!(err.contains("is not a mail address"), "{bad}: {err}");
        }
    }
}
