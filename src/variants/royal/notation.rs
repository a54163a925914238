//! Royal Chess moves as players write them: the seed's numeric notation (read and written,
//! see [`crate::notation::numeric`]) and algebraic notation on files a..j (read only).

use crate::engine::piece::Role;
use crate::notation::input::{self, MoveInputError, Query};
use crate::notation::numeric::{self, GuardMove, NumericMove, Origin, Target};
use crate::notation::reason::Reason;

use super::position::{RoyalMove, RoyalPosition};
use super::{BISHOP, KING, KINGS_GUARD, KNIGHT, PAWN, QUEEN, QUEENS_GUARD, ROOK};

/// The seed's designator of a role: K Q G' G R B N, P for the pawn.
pub fn designator(role: Role) -> &'static str {
    match role {
        KING => "K",
        QUEEN => "Q",
        KINGS_GUARD => "G'",
        QUEENS_GUARD => "G",
        ROOK => "R",
        BISHOP => "B",
        KNIGHT => "N",
        _ => "P",
    }
}

/// The role of a designator.
pub fn role_of(designator: &str) -> Option<Role> {
    Some(match designator {
        "K" => KING,
        "Q" => QUEEN,
        "G'" => KINGS_GUARD,
        "G" => QUEENS_GUARD,
        "R" => ROOK,
        "B" => BISHOP,
        "N" => KNIGHT,
        "P" => PAWN,
        _ => return None,
    })
}

/// True if the numeric move `q` describes `m`.
fn fits(pos: &RoyalPosition, q: &NumericMove, m: RoyalMove) -> bool {
    let board = pos.board();
    match (q, m) {
        (NumericMove::Castle { king_file, guard }, RoyalMove::Castle(c)) => {
            c.king_to.file() == *king_file
                && match (guard, c.guard) {
                    (None, None) => true,
                    (Some(g), Some((from, to))) => {
                        board.piece_at(from).map(|p| p.role) == role_of(&g.piece)
                            && (!g.capture || board.piece_at(to).is_some())
                            && match g.to {
                                Target::File(f) => to.file() == f,
                                Target::Square(sq) => to == sq,
                            }
                    }
                    _ => false,
                }
        }
        (NumericMove::Move { piece, origin, capture, to, promotion }, RoyalMove::Plain(mv) | RoyalMove::Waived(mv)) => {
            let Some(moving) = board.piece_at(mv.from) else { return false };
            let piece_ok = match piece {
                Some(d) => role_of(d) == Some(moving.role),
                None => moving.role == PAWN || matches!(origin, Origin::Square(_)),
            };
            let origin_ok = match *origin {
                Origin::Unsaid => true,
                Origin::Line(d) => mv.from.file() + 1 == d || mv.from.rank() + 1 == d,
                Origin::File(f) => mv.from.file() == f,
                Origin::Square(sq) => mv.from == sq,
            };
            let promotion_ok = match (promotion, mv.promotion()) {
                (None, None) => true,
                (Some((d, waived)), Some(role)) => {
                    role_of(d) == Some(role) && *waived == matches!(m, RoyalMove::Waived(_))
                }
                _ => false,
            };
            mv.to == *to && piece_ok && origin_ok && promotion_ok && (!capture || board.is_capture(mv))
        }
        _ => false,
    }
}

/// The ways to write `m`, shortest first: the first one that names only `m` is used.
fn spellings(pos: &RoyalPosition, m: RoyalMove) -> Vec<NumericMove> {
    let board = pos.board();
    match m {
        RoyalMove::Castle(c) => {
            let king_file = c.king_to.file();
            match c.guard {
                None => vec![NumericMove::Castle { king_file, guard: None }],
                Some((from, to)) => {
                    let piece = board.piece_at(from).map_or("G", |p| designator(p.role)).to_string();
                    let capture = board.piece_at(to).is_some();
                    // The file alone, as the seed's "C3-G4", while the Guard stays on the first
                    // rank; its square when it leaves it.
                    let targets = if to.rank() == from.rank() {
                        vec![Target::File(to.file()), Target::Square(to)]
                    } else {
                        vec![Target::Square(to)]
                    };
                    targets
                        .into_iter()
                        .map(|to| NumericMove::Castle {
                            king_file,
                            guard: Some(GuardMove { piece: piece.clone(), capture, to }),
                        })
                        .collect()
                }
            }
        }
        RoyalMove::Plain(mv) | RoyalMove::Waived(mv) => {
            let role = board.piece_at(mv.from).map_or(PAWN, |p| p.role);
            let capture = board.is_capture(mv);
            let promotion = mv.promotion().map(|r| (designator(r).to_string(), matches!(m, RoyalMove::Waived(_))));
            let spelled = |piece: Option<&str>, origin| NumericMove::Move {
                piece: piece.map(str::to_string),
                origin,
                capture,
                to: mv.to,
                promotion: promotion.clone(),
            };
            if role == PAWN {
                let short = if capture { Origin::File(mv.from.file()) } else { Origin::Unsaid };
                vec![spelled(None, short), spelled(None, Origin::Square(mv.from))]
            } else {
                // A rank before a file: the seed writes "N1-62" and "R5-91".
                let file = if mv.from.file() < 9 { Origin::Line(mv.from.file() + 1) } else { Origin::File(9) };
                let d = Some(designator(role));
                vec![
                    spelled(d, Origin::Unsaid),
                    spelled(d, Origin::Line(mv.from.rank() + 1)),
                    spelled(d, file),
                    spelled(d, Origin::Square(mv.from)),
                ]
            }
        }
    }
}

/// `m` in numeric notation, without check marks, as short as names it alone among `legal`.
pub fn write(pos: &RoyalPosition, legal: &[RoyalMove], m: RoyalMove) -> String {
    let options = spellings(pos, m);
    let unique = options.iter().find(|q| legal.iter().filter(|&&l| fits(pos, q, l)).count() == 1);
    unique.or(options.last()).map(ToString::to_string).unwrap_or_default()
}

/// The algebraic reading of `text`: SAN or long algebraic on files a..j, `G'` or `H` for the
/// King's Guard, a trailing `(w)` waiving a promoted Guard's Queen's powers, `O-O` and
/// `O-O-O` for castling without a Guard move.
fn read_algebraic(pos: &RoyalPosition, text: &str) -> Option<(Query, bool)> {
    let cleaned = input::clean(&text.replace(['’', '‘', '`', '´', '′'], "'"));
    let mut body = cleaned.replace("G'", "H");
    let mut waived = false;
    for suffix in ["(waived)", "(w)", "waived", "waive"] {
        if let Some(rest) = body.strip_suffix(suffix) {
            body = rest.trim_end().to_string();
            waived = true;
            break;
        }
    }
    input::read_query(pos.board(), &body).map(|q| (q, waived))
}

/// True if the algebraic query `q` describes `m`.
fn fits_query(pos: &RoyalPosition, q: &Query, waived: bool, m: RoyalMove) -> bool {
    let board = pos.board();
    if let Some(side) = q.castle {
        return match m {
            RoyalMove::Castle(c) => c.guard.is_none() && usize::from(c.rook.file() < c.king.file()) == side,
            _ => false,
        };
    }
    let (RoyalMove::Plain(mv) | RoyalMove::Waived(mv)) = m else { return false };
    let Some(moving) = board.piece_at(mv.from) else { return false };
    let origin_given = q.from_file.is_some() && q.from_rank.is_some();
    let role_ok = match q.role {
        Some(role) => role == moving.role,
        None => origin_given || moving.role == PAWN,
    };
    let to_ok = match (q.to_file, q.to_rank) {
        (Some(f), Some(r)) => mv.to.file() == f && mv.to.rank() == r,
        (Some(f), None) => mv.to.file() == f,
        _ => false,
    };
    to_ok
        && role_ok
        && q.from_file.is_none_or(|f| mv.from.file() == f)
        && q.from_rank.is_none_or(|r| mv.from.rank() == r)
        && (!q.capture || board.is_capture(mv))
        && mv.promotion() == q.promotion
        && waived == matches!(m, RoyalMove::Waived(_))
}

/// Reads a player's move: numeric notation first, algebraic when the text is not numeric.
pub fn read(pos: &RoyalPosition, legal: &[RoyalMove], text: &str) -> Result<RoyalMove, MoveInputError> {
    let shown = text.trim().to_string();
    if numeric::clean(text).is_empty() {
        return Err(MoveInputError::Empty);
    }
    let size = pos.board().rules().size();
    let found: Vec<RoyalMove> = if let Some(q) = numeric::read(text, size) {
        legal.iter().copied().filter(|&m| fits(pos, &q, m)).collect()
    } else if let Some((q, waived)) = read_algebraic(pos, text) {
        legal.iter().copied().filter(|&m| fits_query(pos, &q, waived, m)).collect()
    } else {
        return Err(MoveInputError::NoMatch { input: shown, reason: Reason::new("reason-royal-unreadable") });
    };
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveInputError::NoMatch { input: shown, reason: explain(pos, legal, text) }),
        many => {
            let mut candidates: Vec<String> = many.iter().map(|&m| write(pos, legal, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    }
}

/// Why no legal move fits: for a castling, the castlings there are; otherwise that no piece
/// of the side to move can go there.
fn explain(pos: &RoyalPosition, legal: &[RoyalMove], text: &str) -> Reason {
    let castles: Vec<String> =
        legal.iter().filter(|m| matches!(m, RoyalMove::Castle(_))).map(|&m| write(pos, legal, m)).collect();
    let size = pos.board().rules().size();
    let asks_castling = matches!(numeric::read(text, size), Some(NumericMove::Castle { .. }))
        || read_algebraic(pos, text).is_some_and(|(q, _)| q.castle.is_some());
    if asks_castling {
        if castles.is_empty() {
            Reason::new("reason-royal-no-castling-now")
        } else {
            Reason::new("reason-royal-castlings-now").moves("moves", castles)
        }
    } else {
        Reason::new("reason-royal-no-piece-can")
    }
}

/// The seed's mark after a move: `#` checkmate, `S#` stalemate, `++` double check, `-+`
/// discovered check (by a piece that did not move), `+` check; empty otherwise.
pub fn mark(before: &RoyalPosition, m: RoyalMove, after: &RoyalPosition, after_has_moves: bool) -> &'static str {
    let them = after.turn();
    if !after_has_moves {
        return if after.is_check() { "#" } else { "S#" };
    }
    let Some(king) = after.board().royal_square(them).filter(|_| after.is_check()) else { return "" };
    let checkers = after.attackers(king, before.turn());
    let mut moved = vec![m.to()];
    if let RoyalMove::Castle(c) = m {
        moved.push(c.rook_to);
        moved.extend(c.guard.map(|(_, to)| to));
    }
    if checkers.count() >= 2 {
        "++"
    } else if checkers.into_iter().any(|sq| !moved.contains(&sq)) {
        "-+"
    } else {
        "+"
    }
}
