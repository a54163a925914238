//! A game: a starting position, the current one, and the history the repetition rules need.
//! The moves themselves, in whatever notation a player should read them, are kept by the
//! variant layer above (see [`crate::variants`]).

use super::geometry::Square;
use super::outcome::{DrawReason, Outcome};
use super::piece::Color;
use super::position::{IllegalMove, Move, Position, PositionError};

/// A draw a player may claim (FIDE 9.2 and 9.3); the referee grants it on request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimableDraw {
    /// The current position has occurred at least three times.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or pawn move.
    FiftyMoves,
}

impl From<ClaimableDraw> for DrawReason {
    fn from(claim: ClaimableDraw) -> DrawReason {
        match claim {
            ClaimableDraw::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
            ClaimableDraw::FiftyMoves => DrawReason::FiftyMoves,
        }
    }
}

/// The repetition keys of the positions that may still recur, current last: those since the
/// last move that can never be undone (a pawn move or a capture: pawns never move back, and
/// nothing captured comes back). The history is bounded (the seventy-five-move rule ends a
/// game first), and so is a long game's snapshot. A [`Game`] keeps one; so does a variant
/// whose positions are more than the engine's [`Position`] (the Crown of Krithala's crowns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    /// The history of a game that starts in the position with key `start`.
    pub fn new(start: u64) -> History {
        History { keys: vec![start] }
    }

    /// A history resumed from stored keys (as [`History::keys`] gave them); empty stored keys,
    /// from a snapshot that kept none, stand for the current position's key alone.
    pub fn resume(keys: Vec<u64>, current: u64) -> History {
        History { keys: if keys.is_empty() { vec![current] } else { keys } }
    }

    /// Records the position a move reached; `irreversible` says that no earlier position can
    /// recur after it.
    pub fn record(&mut self, key: u64, irreversible: bool) {
        if irreversible {
            self.keys.clear();
        }
        self.keys.push(key);
    }

    /// Takes the current position's key again, after the position was changed within the
    /// move that reached it.
    pub fn retake(&mut self, key: u64) {
        match self.keys.last_mut() {
            Some(last) => *last = key,
            None => self.keys.push(key),
        }
    }

    /// The keys, current last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred.
    pub fn repetitions(&self) -> usize {
        let Some(&current) = self.keys.last() else { return 0 };
        self.keys.iter().filter(|&&k| k == current).count()
    }
}

/// A game from its starting position.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    /// The positions that may recur.
    history: History,
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game { start, position: start, history: History::new(start.repetition_key()) }
    }

    /// A game resumed from a stored snapshot: its start, current position and the repetition
    /// keys of the positions that may recur (as [`Game::repetition_keys`] gave them, or every
    /// position so far, as older snapshots hold them), so that resuming never replays the
    /// moves.
    pub fn resume(start: Position, position: Position, keys: Vec<u64>) -> Game {
        Game { start, position, history: History::resume(keys, position.repetition_key()) }
    }

    /// The repetition key of every position since the last pawn move or capture (every
    /// position that may recur), current last.
    pub fn repetition_keys(&self) -> &[u64] {
        self.history.keys()
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Names `color`'s royal piece in the current position (see [`Position::set_royal`]):
    /// Crown's remaining monarch once the other is captured. The repetition history stays as
    /// it is, since this happens at a capture, after which no earlier position can recur.
    pub fn set_royal(&mut self, color: Color, square: Option<Square>) -> Result<(), PositionError> {
        self.position.set_royal(color, square)
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.history.record(self.position.repetition_key(), self.position.halfmoves() == 0);
        Ok(())
    }

    /// Goes on from `position`, which a variant's own move made from the current one (a drop,
    /// a move of steps; see [`Position::end_turn`]). `irreversible` says the move can never
    /// be undone (a stone dropped for good, a crown hidden): with it, or after a capture, no
    /// earlier position can recur and the history starts again, as after a pawn move.
    pub fn replace(&mut self, position: Position, irreversible: bool) {
        self.position = position;
        self.history.record(self.position.repetition_key(), irreversible || self.position.halfmoves() == 0);
    }

    /// Changes the current position in place, for what a variant's rules do as part of the
    /// move just played (a piece blown up with the mined stone it captured); the position's
    /// repetition key is taken again.
    pub fn amend<T>(&mut self, change: impl FnOnce(&mut Position) -> T) -> T {
        let result = change(&mut self.position);
        self.history.retake(self.position.repetition_key());
        result
    }

    /// How many times the current position has occurred.
    pub fn repetitions(&self) -> usize {
        self.history.repetitions()
    }

    /// The draws the side to move may claim now.
    pub fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        let mut claims = Vec::new();
        if self.repetitions() >= 3 {
            claims.push(ClaimableDraw::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= 100 {
            claims.push(ClaimableDraw::FiftyMoves);
        }
        claims
    }

    /// The outcome decided by the rules alone, without a claim or agreement: checkmate,
    /// stalemate, insufficient material, and the automatic seventy-five-move and fivefold
    /// repetition draws.
    pub fn outcome(&self) -> Option<Outcome> {
        let by_position = self.position.outcome();
        if matches!(by_position, Some(Outcome::Win { .. })) {
            return by_position;
        }
        by_position
            .or_else(|| (self.repetitions() >= 5).then_some(Outcome::Draw { reason: DrawReason::FivefoldRepetition }))
    }
}
