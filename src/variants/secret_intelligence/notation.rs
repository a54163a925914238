//! How Secret Intelligence Chess writes moves, and how it reads what a player types.
//!
//! herald writes every move in full, with the letter of the piece after the move:
//! `Nb1-c3`, `Pe2-e4`, `Pd5xe6` (also en passant), `Bc1xh6`; a Pawn reaching the last rank
//! is written as a move of the piece it becomes (`Qe7-e8`, `Nd7xc8`), as the rules page's
//! notation does, so that its ciphered form cannot be told from any other move; a swap is
//! `Nb1<>Bc3` (the piece that moves by its own power first).
//!
//! A player may write, besides that: SAN-like moves (`Nc3`, `e4`, `exd5`, `Nbd2`, `R1e2`),
//! long forms without the Pawn's letter (`e2-e4`, `e2e4`, `Ng1xf3`), a promotion with its
//! piece after the square (`e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, `e7e8q`), a swap as `b1<>c3`,
//! `Nb1<>c3`, `swap b1 c3` or `swap Nb1 Bc3`, or simply as the move of one piece onto the
//! other (`Nb1-c3`, `Nc3` when c3 holds your own piece). Move numbers, `:` for captures and
//! check or annotation marks are read as everywhere in herald ([`input::clean`]).
//!
//! The text is matched against the player's own legal moves only, and a refusal says only
//! what that list and the player's own pieces say.

use super::board::{Board, MoveKind, PAWN, SiMove};
use super::rules;
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::piece::Role;
use crate::notation::input::{self, MoveInputError};
use crate::notation::reason::Reason;

const SIZE: BoardSize = BoardSize::CHESS;

fn letter(role: Role) -> char {
    rules().piece(role).letter
}

fn name(role: Role) -> String {
    rules().piece(role).name.to_string()
}

/// `m` (a legal move of `board`) in herald's full notation.
pub fn write(board: &Board, m: SiMove) -> String {
    let mover = board.piece_at(m.from).expect("a move moves a piece").role;
    match m.kind {
        MoveKind::Swap => {
            let passive = board.piece_at(m.to).expect("a swap has a passive piece").role;
            format!("{}{}<>{}{}", letter(mover), m.from, letter(passive), m.to)
        }
        kind => {
            let after = if let MoveKind::Promotion(role) = kind { role } else { mover };
            let sep = if board.is_capture(m) { 'x' } else { '-' };
            format!("{}{}{sep}{}", letter(after), m.from, m.to)
        }
    }
}

/// `m` (a legal move of `board`) as the player's own list of legal moves shows it: the full
/// notation without the capture mark (`Nd4-e6`, whether e6 holds an enemy piece or not). A
/// capture mark on a knight's, king's or any leaper's move would show where an unmoved enemy
/// piece stands, which the rules let a player learn only from lines that stop short of the edge
/// (see docs/rules/secret-intelligence.md).
pub fn write_listed(board: &Board, m: SiMove) -> String {
    let mover = board.piece_at(m.from).expect("a move moves a piece").role;
    match m.kind {
        MoveKind::Swap => write(board, m),
        kind => {
            let after = if let MoveKind::Promotion(role) = kind { role } else { mover };
            format!("{}{}-{}", letter(after), m.from, m.to)
        }
    }
}

/// What a player's text says about a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Query {
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    promotion: Option<Role>,
    swap: bool,
    passive: Option<Role>,
}

/// A piece letter of the variant (upper case).
fn role_of(c: char) -> Option<Role> {
    if !c.is_ascii_uppercase() {
        return None;
    }
    rules().role_by_letter(c)
}

/// `[Letter]square`: "Nb1", "b1".
fn lettered_square(text: &str) -> Option<(Option<Role>, Square)> {
    let mut chars = text.chars();
    let first = chars.clone().next()?;
    let role = if first.is_ascii_uppercase() {
        chars.next();
        Some(role_of(first)?)
    } else {
        None
    };
    Some((role, SIZE.parse_algebraic(chars.as_str())?))
}

/// A swap: "b1<>c3", "Nb1<>Bc3", "swap b1 c3", "swap Nb1 Bc3", "swap b1-c3".
fn read_swap(text: &str) -> Option<Query> {
    let (left, right) = if let Some(rest) =
        text.strip_prefix("swap").or_else(|| text.strip_prefix("Swap")).or_else(|| text.strip_prefix("SWAP"))
    {
        let rest = rest.trim();
        let words: Vec<&str> =
            rest.split(|c: char| c.is_whitespace() || c == '-' || c == ',').filter(|w| !w.is_empty()).collect();
        match words[..] {
            [left, right] => (left, right),
            [joined] => joined.split_once("<>")?,
            _ => return None,
        }
    } else {
        let (left, right) = text.split_once("<>")?;
        (left.trim(), right.trim())
    };
    let (role, from) = lettered_square(left)?;
    let (passive, to) = lettered_square(right)?;
    Some(Query {
        role,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        to: Some(to),
        swap: true,
        passive,
        ..Query::default()
    })
}

/// Splits a promotion piece off the end: "e8=Q", "e8Q", "e8(Q)", "e8/Q", "e8=q", "e7e8q".
fn split_promotion(text: &str) -> Option<(&str, Option<Role>)> {
    for sign in ['=', '/', '('] {
        if let Some((body, piece)) = text.rsplit_once(sign) {
            let piece = if sign == '(' { piece.strip_suffix(')')? } else { piece };
            let mut chars = piece.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else { return None };
            return Some((body, Some(role_of(c.to_ascii_uppercase())?)));
        }
    }
    let mut chars = text.chars();
    let last = chars.next_back()?;
    let before = chars.clone().next_back();
    if before.is_some_and(|c| c.is_ascii_digit()) {
        if last.is_ascii_uppercase() {
            return Some((chars.as_str(), Some(role_of(last)?)));
        }
        // UCI: a lower-case letter after two full squares.
        let body = chars.as_str();
        let squares = body.len() == 4 && body.is_ascii() && SIZE.parse_algebraic(&body[2..]).is_some();
        if last.is_ascii_lowercase() && squares {
            return Some((body, Some(role_of(last.to_ascii_uppercase())?)));
        }
    }
    Some((text, None))
}

/// An ordinary move: `[Letter][origin][-|x]square[promotion]`, or two squares apart.
fn read_move(text: &str) -> Option<Query> {
    if let Some((from, to)) = text.split_once(' ') {
        let (from, to) = (SIZE.parse_algebraic(from)?, SIZE.parse_algebraic(to)?);
        return Some(Query {
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            to: Some(to),
            ..Query::default()
        });
    }
    let mut q = Query::default();
    let mut rest = text;
    if let Some(first) = rest.chars().next().filter(char::is_ascii_uppercase) {
        q.role = Some(role_of(first)?);
        rest = &rest[1..];
    }
    let (body, promotion) = split_promotion(rest)?;
    q.promotion = promotion;
    if !body.is_ascii() || body.len() < 2 {
        return None;
    }
    let (origin, destination) = body.split_at(body.len() - 2);
    q.to = Some(SIZE.parse_algebraic(destination)?);
    // "x" is read as a separator, like "-", and asks nothing of the destination: a move that
    // is refused because it captures nothing would tell the player that the square is empty
    // ("You may not try out a move, then change your mind").
    let origin = origin.strip_suffix(['x', '-']).unwrap_or(origin);
    if origin.len() != body.len() - 2 && origin.is_empty() && q.role.is_none() {
        // "-e4", "xe4": a separator needs something before it.
        return None;
    }
    let bytes = origin.as_bytes();
    let file = |b: u8| (b'a'..=b'h').contains(&b).then(|| b - b'a');
    let rank = |b: u8| (b'1'..=b'8').contains(&b).then(|| b - b'1');
    match bytes {
        [] => {}
        [b] => {
            if let Some(f) = file(*b) {
                q.from_file = Some(f);
            } else {
                q.from_rank = Some(rank(*b)?);
            }
        }
        [f, r] => {
            q.from_file = Some(file(*f)?);
            q.from_rank = Some(rank(*r)?);
        }
        _ => return None,
    }
    Some(q)
}

/// Does the legal move `m` fit the query?
fn fits(board: &Board, q: &Query, m: SiMove) -> bool {
    let mover = board.piece_at(m.from).map(|p| p.role);
    let origin_given = q.from_file.is_some() && q.from_rank.is_some();
    let place = q.to == Some(m.to)
        && q.from_file.is_none_or(|f| m.from.file() == f)
        && q.from_rank.is_none_or(|r| m.from.rank() == r);
    if !place {
        return false;
    }
    if q.swap {
        return m.kind == MoveKind::Swap
            && q.role.is_none_or(|r| mover == Some(r))
            && q.passive.is_none_or(|r| board.piece_at(m.to).map(|p| p.role) == Some(r));
    }
    let promoted = match m.kind {
        MoveKind::Promotion(role) => Some(role),
        _ => None,
    };
    let role_ok = match q.role {
        Some(r) => mover == Some(r) || (q.promotion.is_none() && promoted == Some(r)),
        None => origin_given || mover == Some(PAWN),
    };
    role_ok && q.promotion.is_none_or(|r| promoted == Some(r))
}

/// Reads `text` as one of `legal` (the legal moves of `board`'s side to move).
pub fn read(board: &Board, legal: &[SiMove], text: &str) -> Result<SiMove, MoveInputError> {
    let cleaned = input::clean(text);
    if cleaned.is_empty() {
        return Err(MoveInputError::Empty);
    }
    let shown = text.trim().to_string();
    let query = read_swap(&cleaned)
        .or_else(|| read_move(&cleaned))
        .ok_or_else(|| MoveInputError::Unreadable { input: shown.clone() })?;
    let found: Vec<SiMove> = legal.iter().copied().filter(|&m| fits(board, &query, m)).collect();
    match found[..] {
        [m] => Ok(m),
        [] => Err(MoveInputError::NoMatch { input: shown, reason: explain(board, legal, &query) }),
        _ => {
            let mut candidates: Vec<String> = found.iter().map(|&m| write_listed(board, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    }
}

/// Why no legal move fits, from the player's own pieces and legal moves alone.
fn explain(board: &Board, legal: &[SiMove], q: &Query) -> Reason {
    let us = board.turn();
    let origin_given = q.from_file.is_some() && q.from_rank.is_some();
    let meant: Vec<Square> = board
        .squares_of(us)
        .filter(|&sq| {
            let role = board.piece_at(sq).map(|p| p.role);
            let kind_ok = match q.role {
                Some(r) => role == Some(r) || (r != PAWN && role == Some(PAWN) && q.promotion.is_none()),
                None => origin_given || role == Some(PAWN),
            };
            kind_ok && q.from_file.is_none_or(|f| sq.file() == f) && q.from_rank.is_none_or(|r| sq.rank() == r)
        })
        .collect();
    if meant.is_empty() {
        let what = match (q.role, origin_given) {
            (_, true) => {
                let sq = Square::new(q.from_file.unwrap_or(0), q.from_rank.unwrap_or(0)).map(|s| s.to_string());
                Reason::new("reason-si-piece-on").text("square", sq.unwrap_or_default())
            }
            (Some(r), false) => Reason::new("reason-piece-named").piece("piece", name(r)),
            (None, false) => Reason::new("reason-piece-named").piece("piece", "Pawn"),
        };
        return Reason::new("reason-si-none-could").reason("what", what);
    }
    let mut lines = Vec::new();
    for sq in meant.iter().take(8) {
        let piece = board.piece_at(*sq).map(|p| name(p.role)).unwrap_or_default();
        let mut targets: Vec<String> =
            legal.iter().filter(|m| m.from == *sq).map(|m| write_listed(board, *m)).collect();
        targets.dedup();
        lines.push(if targets.is_empty() {
            Reason::new("reason-si-piece-has-no-move").piece("piece", piece).text("square", sq)
        } else {
            Reason::new("reason-si-piece-may-play").piece("piece", piece).text("square", sq).moves("moves", targets)
        });
    }
    Reason::new("reason-si-not-legal").reason("pieces", Reason::all(lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White: Rook a1, Knight b1, Knights c3 and f4 (both reach d5), Pawns e2 and b7,
    /// King e1. Black: King h8.
    const FEN: &str = "7k/1P6/8/8/5N2/2N5/4P3/RN2K3 w - - 0 1";

    fn read_text(text: &str) -> Result<String, MoveInputError> {
        let board = Board::from_fen(FEN).unwrap();
        let legal = board.legal_moves();
        read(&board, &legal, text).map(|m| write(&board, m))
    }

    #[test]
    fn every_documented_form_reads() {
        for (text, expected) in [
            ("e4", "Pe2-e4"),
            ("e2-e4", "Pe2-e4"),
            ("e2e4", "Pe2-e4"),
            ("Pe2-e4", "Pe2-e4"),
            ("e2 e4", "Pe2-e4"),
            ("1. e4", "Pe2-e4"),
            ("Ncd5", "Nc3-d5"),
            ("Nc3-d5", "Nc3-d5"),
            ("N3xd5", "Nc3-d5"),
            ("b8=Q", "Qb7-b8"),
            ("b8Q", "Qb7-b8"),
            ("b8(Q)", "Qb7-b8"),
            ("b8/q", "Qb7-b8"),
            ("b7b8q", "Qb7-b8"),
            ("Qb7-b8", "Qb7-b8"),
            ("Sb8", "Sb7-b8"),
            ("a1<>b1", "Ra1<>Nb1"),
            ("Ra1<>Nb1", "Ra1<>Nb1"),
            ("swap a1 b1", "Ra1<>Nb1"),
            ("Rb1", "Ra1<>Nb1"),
        ] {
            let got = read_text(text);
            assert_eq!(got.as_deref(), Ok(expected), "{text}");
        }
    }

    #[test]
    fn unclear_or_impossible_texts_are_refused() {
        assert!(matches!(read_text("Nd5"), Err(MoveInputError::Ambiguous { .. })));
        assert!(matches!(read_text("b8"), Err(MoveInputError::Ambiguous { .. })));
        assert!(matches!(read_text("O-O"), Err(MoveInputError::Unreadable { .. })));
        assert!(matches!(read_text("-e4"), Err(MoveInputError::Unreadable { .. })));
        assert!(matches!(read_text(""), Err(MoveInputError::Empty)));
        assert!(matches!(read_text("Zz9"), Err(MoveInputError::Unreadable { .. })));
    }
}
