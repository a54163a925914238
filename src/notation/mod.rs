//! Reading and writing moves and positions: FEN, SAN, long algebraic, ICCF numbers, what
//! players type, PGN.

pub mod fen;
pub mod iccf;
pub mod input;
pub mod lan;
pub mod numeric;
pub mod pgn;
pub mod reason;
pub mod record;
pub mod san;
pub mod uci;
