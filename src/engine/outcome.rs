//! How a game ends and what each side scores.

use std::fmt;

use super::piece::Color;

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's royal piece is attacked and cannot escape.
    Checkmate,
    /// The loser has no legal move and the variant scores stalemate as a loss.
    Stalemate,
    /// The loser's royal piece was captured (variants without a check rule).
    RoyalCaptured,
    /// The loser resigned.
    Resignation,
    /// The winner checked the loser's royal piece on every move of a cycle that repeated the
    /// position for the third time (a win in Royal Chess, where the referee recognises it).
    PerpetualCheck,
    /// The loser has only its royal piece left and the winner more (Royal Chess's bared King).
    BareKing,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate by any series of legal moves.
    InsufficientMaterial,
    /// Claimed after fifty moves by each side without a capture or pawn move.
    FiftyMoves,
    /// Automatic after seventy-five moves by each side without a capture or pawn move.
    SeventyFiveMoves,
    /// Claimed when the same position occurs for the third time.
    ThreefoldRepetition,
    /// Automatic when the same position occurs for the fifth time.
    FivefoldRepetition,
    /// The players agreed.
    Agreement,
}

/// The end of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// How.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The PGN result string: "1-0", "0-1" or "1/2-1/2".
    pub fn pgn_result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let how = match reason {
                    WinReason::Checkmate => "by checkmate",
                    WinReason::Stalemate => "by stalemate",
                    WinReason::RoyalCaptured => "by capturing the royal piece",
                    WinReason::Resignation => "by resignation",
                    WinReason::PerpetualCheck => "by perpetual check",
                    WinReason::BareKing => "by baring the king",
                };
                write!(f, "{} wins {how}", winner.title())
            }
            Outcome::Draw { reason } => {
                let how = match reason {
                    DrawReason::Stalemate => "by stalemate",
                    DrawReason::InsufficientMaterial => "by insufficient material",
                    DrawReason::FiftyMoves => "by the fifty-move rule",
                    DrawReason::SeventyFiveMoves => "by the seventy-five-move rule",
                    DrawReason::ThreefoldRepetition => "by threefold repetition",
                    DrawReason::FivefoldRepetition => "by fivefold repetition",
                    DrawReason::Agreement => "by agreement",
                };
                write!(f, "Draw {how}")
            }
        }
    }
}
