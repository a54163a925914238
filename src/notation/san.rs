//! Standard Algebraic Notation, the notation herald writes.
//!
//! As in PGN: piece letter (none for pawns), the shortest disambiguation (file, else rank,
//! else both), "x" for captures, the destination, "=X" for a promotion, "O-O"/"O-O-O" for
//! castling (or what the variant's castling definition says: Crown writes "K0-0", "Q0-0-0"
//! to say which piece castles), and "+" or "#" for check and checkmate.

use crate::engine::geometry::{Square, file_letter};
use crate::engine::position::{Move, MoveKind, Position};

/// SAN of a legal move `m` in `pos`, without check marks.
pub fn write_plain(pos: &Position, m: Move) -> String {
    write_among(pos, m, &pos.legal_moves())
}

/// SAN of `m` in `pos` without check marks, told only from the other moves of `legal`: the
/// moves of `pos` a variant allows (the Crown of Krithala's, less those a crown bars).
pub fn write_among(pos: &Position, m: Move, legal: &[Move]) -> String {
    let rules = pos.rules();
    let Some(piece) = pos.piece_at(m.from) else { return format!("{}{}", m.from, m.to) };
    if let MoveKind::Castle { rook } = m.kind
        && let Some(def) = rules.castler_index(piece.role).map(|i| &rules.castling()[i])
    {
        let long = def.is_long(usize::from(rook.file() < m.from.file()));
        return def.san[usize::from(long)].to_string();
    }
    let capture = pos.is_capture(m);
    let mut out = String::new();
    if rules.is_pawn(piece.role) {
        if capture {
            out.push(file_letter(m.from.file()));
            out.push('x');
        }
    } else {
        out.push(rules.piece(piece.role).letter);
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && !o.is_castle()
                    && pos.piece_at(o.from).map(|p| p.role) == Some(piece.role)
            })
            .collect();
        out.push_str(&disambiguation(m.from, rivals.iter().map(|o| o.from)));
        if capture {
            out.push('x');
        }
    }
    out.push_str(&m.to.algebraic());
    if let Some(role) = m.promotion() {
        out.push('=');
        out.push(rules.piece(role).letter);
    }
    out
}

/// SAN of a legal move `m` in `pos`, with "+" or "#" when it checks or mates.
pub fn write(pos: &Position, m: Move) -> String {
    let mut out = write_plain(pos, m);
    let mut after = *pos;
    after.play_unchecked(m);
    if after.is_check() {
        out.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    out
}

/// What SAN writes after the piece letter so that a move from `from` is told from the same
/// piece's moves to the same square from `rivals`: nothing, the file, the rank, or the square.
pub fn disambiguation(from: Square, rivals: impl Iterator<Item = Square> + Clone) -> String {
    if rivals.clone().next().is_none() {
        String::new()
    } else if rivals.clone().all(|o| o.file() != from.file()) {
        file_letter(from.file()).to_string()
    } else if rivals.clone().all(|o| o.rank() != from.rank()) {
        (from.rank() + 1).to_string()
    } else {
        from.algebraic()
    }
}
