//! Reading and writing moves and positions: FEN, SAN, what players type, PGN.

pub mod fen;
pub mod input;
pub mod numeric;
pub mod pgn;
pub mod record;
pub mod san;
pub mod uci;
