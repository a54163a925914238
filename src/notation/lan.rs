//! Long algebraic notation, as correspondence players write it: piece letter (none for
//! pawns), origin, "-" or "x", destination, "=X" for a promotion ("Ng1-f3", "e2-e4", "e4xd5",
//! "e7-e8=Q"), castling as SAN writes it ("O-O"), and "+" or "#" for check and checkmate. Every
//! square is named, so nothing needs disambiguating.

use crate::engine::position::{Move, MoveKind, Position};
use crate::notation::san;

/// The long algebraic form of a legal move `m` in `pos`.
pub fn write(pos: &Position, m: Move) -> String {
    let rules = pos.rules();
    let mut out = match (m.kind, pos.piece_at(m.from)) {
        (MoveKind::Castle { .. }, _) | (_, None) => san::write_plain(pos, m),
        (_, Some(piece)) => {
            let mut out = String::new();
            if !rules.is_pawn(piece.role) {
                out.push(rules.piece(piece.role).letter);
            }
            out.push_str(&m.from.algebraic());
            out.push(if pos.is_capture(m) { 'x' } else { '-' });
            out.push_str(&m.to.algebraic());
            if let Some(role) = m.promotion() {
                out.push('=');
                out.push(rules.piece(role).letter);
            }
            out
        }
    };
    let mut after = *pos;
    after.play_unchecked(m);
    if after.is_check() {
        out.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    out
}
