//! The rules core: geometry, pieces, movement tables and positions. It knows nothing of
//! mail, storage or players.

pub mod betza;
pub mod game;
pub mod geometry;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rules;
pub(crate) mod zobrist;

pub use game::{ClaimableDraw, Game, History};
pub use geometry::{BoardSize, Square, SquareSet};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Color, Piece, Role};
pub use position::{IllegalMove, Move, MoveKind, Position, PositionError, Setup};
pub use rules::{PieceDef, Rules, VariantDef};
