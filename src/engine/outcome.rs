//! How a game ends and what each side scores.

use std::fmt;

use super::geometry::Square;
use super::piece::Color;
use super::rules::{PieceDef, StalemateRule};

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
    /// The loser's time for a move ran out (the referee's deadline, not the board's).
    Timeout,
    /// A piece of the winner's stopped on the square where the loser hid its crown (crown-3).
    CrownFound,
    /// A piece of the loser's stopped on the square where the loser hid its own crown
    /// (crown-3: "One's own figures should not stop on this field").
    OwnHiddenCrown,
    /// The winner captured every piece of the loser, whose crown was hidden (crown-3).
    ArmyDestroyed,
    /// The winner captured the loser's crown (the Crown of Krithala, where that is the
    /// objective and the King is an ordinary piece).
    CrownCaptured,
    /// The loser's crowned monarch captured the winner's mined stone and was blown up (crown-2).
    CrownBlownUp,
}

impl WinReason {
    /// Every reason, for what must say each (the result words of every language, README's
    /// list).
    pub const ALL: [WinReason; 12] = [
        WinReason::Checkmate,
        WinReason::Stalemate,
        WinReason::RoyalCaptured,
        WinReason::Resignation,
        WinReason::PerpetualCheck,
        WinReason::BareKing,
        WinReason::Timeout,
        WinReason::CrownFound,
        WinReason::OwnHiddenCrown,
        WinReason::ArmyDestroyed,
        WinReason::CrownCaptured,
        WinReason::CrownBlownUp,
    ];
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
    /// The side to move has no legal move, is not in check, and its royal monarch is walled in
    /// by its own stones and pieces (crown-2's stalemate, a draw where every other loses).
    WalledIn,
}

impl DrawReason {
    /// Every reason, as [`WinReason::ALL`].
    pub const ALL: [DrawReason; 8] = [
        DrawReason::Stalemate,
        DrawReason::InsufficientMaterial,
        DrawReason::FiftyMoves,
        DrawReason::SeventyFiveMoves,
        DrawReason::ThreefoldRepetition,
        DrawReason::FivefoldRepetition,
        DrawReason::Agreement,
        DrawReason::WalledIn,
    ];
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

/// What a chess-family position decides by itself, the same in every variant that has its
/// own position type: no legal move is checkmate (if `in_check`) or stalemate, scored by the
/// variant's [`StalemateRule`]; then a dead position; then the seventy-five-move rule.
/// Repetition needs the game's history and is the game's to judge. `in_check` and `dead`
/// are asked only when needed.
pub fn decided_by_position(
    to_move: Color,
    has_legal_move: bool,
    in_check: impl FnOnce() -> bool,
    stalemate: StalemateRule,
    dead: impl FnOnce() -> bool,
    halfmoves: u32,
) -> Option<Outcome> {
    let them = to_move.other();
    if !has_legal_move {
        return Some(if in_check() {
            Outcome::Win { winner: them, reason: WinReason::Checkmate }
        } else {
            match stalemate {
                StalemateRule::Draw => Outcome::Draw { reason: DrawReason::Stalemate },
                StalemateRule::Loss => Outcome::Win { winner: them, reason: WinReason::Stalemate },
            }
        });
    }
    if dead() {
        return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
    }
    if halfmoves >= 150 {
        return Some(Outcome::Draw { reason: DrawReason::SeventyFiveMoves });
    }
    None
}

/// FIDE's dead positions, read from the pieces other than the royal ones: every one of them
/// is minor, and there is at most one, or they are all colour-bound on squares of one colour.
/// Where stalemate is a loss, a lone king can be stalemated by a king and a minor piece, so
/// only the royal pieces alone are dead.
pub fn insufficient_material<'a>(
    stalemate: StalemateRule,
    non_royal: impl IntoIterator<Item = (Square, &'a PieceDef)>,
) -> bool {
    let mut minors = 0;
    let mut bound_on = [false; 2];
    let mut all_bound = true;
    for (sq, def) in non_royal {
        if stalemate == StalemateRule::Loss || !def.minor {
            return false;
        }
        minors += 1;
        if def.color_bound {
            bound_on[usize::from(sq.is_dark())] = true;
        } else {
            all_bound = false;
        }
    }
    minors <= 1 || (all_bound && !(bound_on[0] && bound_on[1]))
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
                    WinReason::Timeout => "on time",
                    WinReason::CrownFound => "by finding the hidden crown",
                    WinReason::OwnHiddenCrown => {
                        return write!(
                            f,
                            "{} wins: {} stopped on its own hidden crown",
                            winner.title(),
                            winner.other().title()
                        );
                    }
                    WinReason::ArmyDestroyed => "by destroying the whole army",
                    WinReason::CrownCaptured => "by capturing the crown",
                    WinReason::CrownBlownUp => {
                        return write!(
                            f,
                            "{} wins: {}'s crowned monarch was blown up by a mined stone",
                            winner.title(),
                            winner.other().title()
                        );
                    }
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
                    DrawReason::WalledIn => "by a monarch walled in by its own stones",
                };
                write!(f, "Draw {how}")
            }
        }
    }
}
