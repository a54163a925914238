//! What the referee keeps about players and games, as plain data: the store reads and writes
//! these, the referee core computes new ones. No I/O here.

use crate::clock::Timestamp;
use crate::engine::Color;

/// A player: a mail address and, if known, a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The address the player's moves must come from and mails go to (lower-case domain).
    pub email: String,
    /// The name shown to the opponent; the address when there is none.
    pub name: Option<String>,
}

impl Player {
    /// The name to show.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.email)
    }
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
/// own state (draw offers, deadline, result).
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Notices of the current deadline mailed so far: 1 after the reminder, 2 once the
    /// player was told that the time ran out. A new deadline starts again at 0.
    pub deadline_notices: u8,
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
}

/// A committed secret of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitmentRecord {
    /// The commitment with its opening.
    pub commitment: crate::referee::commitment::Commitment,
    /// Whether value and nonce have been published.
    pub revealed: bool,
}

impl GameRecord {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
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

/// A mail the referee decided to send, rendered to its final bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingRecord {
    /// The game it belongs to, if any.
    pub game_id: Option<i64>,
    /// Envelope recipient.
    pub recipient: String,
    /// Its Message-ID (without angle brackets), stable across retries.
    pub message_id: String,
    /// The whole message.
    pub bytes: Vec<u8>,
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
