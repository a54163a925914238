//! UCI move notation, the language of engines: origin, destination, promotion letter
//! ("e2e4", "e7e8q"). Castling is written as the king's move to its destination ("e1g1"),
//! as UCI does for standard chess and Fairy-Stockfish does for 10x8 variants.

use crate::engine::position::Move;
use crate::engine::rules::Rules;

/// The UCI form of `m`.
pub fn write(rules: &Rules, m: Move) -> String {
    let mut out = format!("{}{}", m.from.algebraic(), m.to.algebraic());
    if let Some(role) = m.promotion() {
        out.push(rules.piece(role).letter.to_ascii_lowercase());
    }
    out
}
