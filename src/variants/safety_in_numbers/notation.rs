//! How moves of Safety in Numbers Chess are written and read.
//!
//! SAN cannot say which piece of a crowd moves, nor that a move joins a crowd rather than
//! capturing, so herald writes the moves that touch a crowd as the seed does, in long
//! algebraic: piece letter (none for a pawn), origin square, `-`, destination — "e5-e4"
//! (the pawn forms a crowd with the pawn on e4), "Nc3-e4" (the knight joins it), "Ne4-c5"
//! (a knight leaves the crowd on e4; `x` when it captures: "Ne4xc5"). Every other move is
//! SAN ("Nf3", "exd5", "O-O", "e8=Q"), with "+" and "#" as usual.
//!
//! A player may write either form, and anything the chess reader takes that names exactly
//! one legal move: SAN ("e4" is the pawn that forms the crowd if no other pawn can go to e4),
//! long algebraic with or without the separator ("Ng1-f3", "g1f3", "e7e8q"), `x` or `:` for
//! captures, castling as `O-O`, `0-0` or the king's move. Without a piece letter a move is a
//! pawn's, as in SAN; when no pawn's move fits but the origin square is given, it is the
//! move of whatever piece stands there (UCI's "g1f3"). Text that fits several moves is
//! refused with the candidates listed; it is never guessed.

use crate::engine::geometry::{Square, file_letter};
use crate::engine::piece::Role;
use crate::notation::input::{self, MoveInputError};
use crate::notation::reason::Reason;
use crate::notation::san::disambiguation;

use super::position::{CrowdMove, CrowdMoveKind, CrowdPosition};

/// True if the move is written in the long form: it starts in a crowd, or forms or joins one.
pub fn touches_crowd(pos: &CrowdPosition, m: CrowdMove) -> bool {
    pos.is_crowd(m.from) || m.kind == CrowdMoveKind::Crowd
}

/// The move in the variant's notation, without check marks.
pub fn write_plain(pos: &CrowdPosition, m: CrowdMove) -> String {
    let rules = pos.rules();
    if let CrowdMoveKind::Castle { rook, .. } = m.kind {
        return (if rook.file() > m.from.file() { "O-O" } else { "O-O-O" }).to_string();
    }
    let mut out = String::new();
    let is_pawn = rules.is_pawn(m.role);
    if !is_pawn {
        out.push(rules.piece(m.role).letter);
    }
    if touches_crowd(pos, m) {
        out.push_str(&m.from.algebraic());
        out.push(if m.is_capture() { 'x' } else { '-' });
    } else if is_pawn {
        if m.is_capture() {
            out.push(file_letter(m.from.file()));
            out.push('x');
        }
    } else {
        let rivals: Vec<CrowdMove> = pos
            .legal_moves()
            .into_iter()
            .filter(|o| {
                o.to == m.to && o.from != m.from && o.role == m.role && !matches!(o.kind, CrowdMoveKind::Castle { .. })
            })
            .collect();
        out.push_str(&disambiguation(m.from, rivals.iter().map(|o| o.from)));
        if m.is_capture() {
            out.push('x');
        }
    }
    out.push_str(&m.to.algebraic());
    if let Some(role) = m.promotion {
        out.push('=');
        out.push(rules.piece(role).letter);
    }
    out
}

/// The move in the variant's notation, with "+" or "#" when it checks or mates.
pub fn write(pos: &CrowdPosition, m: CrowdMove) -> String {
    let mut out = write_plain(pos, m);
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_check() {
        out.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    out
}

/// What a player's text says about the move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Query {
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    capture: bool,
    /// The text says the move takes nothing ("-"): in this variant "e2-f3" and "exf3" are
    /// different moves, so "-" is not read as "or a capture".
    quiet: bool,
    promotion: Option<Role>,
    /// Castling: 0 short, 1 long.
    castle: Option<usize>,
}

impl Query {
    fn origin(&self) -> Option<Square> {
        Square::new(self.from_file?, self.from_rank?)
    }
}

/// The role a piece letter names: the variant's English letters, or the German and other
/// letters the chess reader also takes (D queen, T rook, L bishop, S knight).
fn role_for_letter(pos: &CrowdPosition, letter: char) -> Option<Role> {
    let rules = pos.rules();
    let english = match letter {
        'D' => 'Q',
        'T' => 'R',
        'L' => 'B',
        'S' => 'N',
        c => c,
    };
    rules.role_by_letter(english).filter(|_| english.is_ascii_uppercase())
}

fn read_query(pos: &CrowdPosition, text: &str) -> Option<Query> {
    let size = pos.rules().size();
    let castling = text.replace(['0', 'o'], "O");
    let body = castling.strip_prefix('K').unwrap_or(&castling);
    match body {
        "O-O" | "OO" => return Some(Query { castle: Some(0), ..Query::default() }),
        "O-O-O" | "OOO" => return Some(Query { castle: Some(1), ..Query::default() }),
        _ => {}
    }
    let mut chars: Vec<char> = text.chars().collect();
    let mut q = Query::default();
    if let Some(&first) = chars.first()
        && first.is_ascii_uppercase()
    {
        q.role = Some(role_for_letter(pos, first)?);
        chars.remove(0);
    }
    // A promotion at the end: "=Q", "(Q)", "/Q", "Q", or UCI's lower-case "q".
    let mut end = chars.len();
    if chars.last() == Some(&')') {
        end -= 1;
    }
    if end >= 1 && chars[end - 1].is_ascii_alphabetic() {
        let c = chars[end - 1];
        let sign = end >= 2 && matches!(chars[end - 2], '=' | '/' | '(');
        let after_rank = end >= 2 && chars[end - 2].is_ascii_digit();
        if c.is_ascii_uppercase() && (sign || after_rank)
            || c.is_ascii_lowercase()
                && (sign || after_rank && chars[..end - 1].iter().filter(|c| c.is_ascii_digit()).count() >= 2)
        {
            q.promotion = Some(role_for_letter(pos, c.to_ascii_uppercase())?);
            end -= if sign { 2 } else { 1 };
            chars.truncate(end);
        }
    }
    if chars.len() != end {
        return None;
    }
    // Origin and destination with at most one separator between them.
    let separators = chars.iter().filter(|&&c| c == '-' || c == 'x').count();
    if separators > 1 {
        return None;
    }
    q.capture = chars.contains(&'x');
    q.quiet = chars.contains(&'-');
    let at = chars.iter().position(|&c| c == '-' || c == 'x');
    let squares: Vec<char> = chars.iter().copied().filter(|&c| c != '-' && c != 'x').collect();
    if squares.len() < 2 {
        return None;
    }
    let (origin, destination) = squares.split_at(squares.len() - 2);
    if let Some(at) = at
        && (at != origin.len() || (origin.is_empty() && q.role.is_none()))
    {
        return None;
    }
    let to_text: String = destination.iter().collect();
    q.to = Some(size.parse_algebraic(&to_text)?);
    match origin {
        [] => {}
        [f] if f.is_ascii_lowercase() => q.from_file = Some(file_of(*f, size.files)?),
        [r] if r.is_ascii_digit() => q.from_rank = Some(rank_of(*r, size.ranks)?),
        [f, r] => {
            q.from_file = Some(file_of(*f, size.files)?);
            q.from_rank = Some(rank_of(*r, size.ranks)?);
        }
        _ => return None,
    }
    // SAN writes a pawn's capture with its file and "x": a bare "f3" is the pawn's step.
    if q.role.is_none() && origin.is_empty() {
        q.quiet = true;
    }
    Some(q)
}

fn file_of(c: char, files: u8) -> Option<u8> {
    let file = (c as u32).checked_sub('a' as u32)?;
    (c.is_ascii_lowercase() && file < u32::from(files)).then_some(file as u8)
}

fn rank_of(c: char, ranks: u8) -> Option<u8> {
    let rank = c.to_digit(10)?.checked_sub(1)?;
    (rank < u32::from(ranks)).then_some(rank as u8)
}

/// Does the legal move `m` fit the query? `any_piece` lets a query without a letter name a
/// piece that is not a pawn (by its origin square).
fn fits(pos: &CrowdPosition, q: &Query, m: CrowdMove, any_piece: bool) -> bool {
    let rules = pos.rules();
    if let Some(side) = q.castle {
        return matches!(m.kind, CrowdMoveKind::Castle { rook, .. } if (rook.file() < m.from.file()) == (side == 1));
    }
    let role_ok = match q.role {
        Some(role) => m.role == role,
        None => rules.is_pawn(m.role) || any_piece && q.origin().is_some(),
    };
    role_ok
        && q.to == Some(m.to)
        && q.from_file.is_none_or(|f| m.from.file() == f)
        && q.from_rank.is_none_or(|r| m.from.rank() == r)
        && (!q.capture || m.is_capture())
        && (!q.quiet || !m.is_capture())
        && m.promotion == q.promotion
}

/// "e2 e4" is the move from e2 to e4 when e2 holds a piece of the side to move; otherwise two
/// squares stay two words, and the text unreadable.
fn join_square_pair(pos: &CrowdPosition, text: &str) -> String {
    let size = pos.rules().size();
    if let Some((from, to)) = text.split_once(' ')
        && let (Some(from_sq), Some(_)) = (size.parse_algebraic(from), size.parse_algebraic(to))
        && pos.at(from_sq).iter().any(|p| p.color == pos.turn())
    {
        return format!("{from}{to}");
    }
    text.to_string()
}

/// Reads the player's text as a legal move of `pos`.
pub fn parse_move(pos: &CrowdPosition, input: &str) -> Result<CrowdMove, MoveInputError> {
    let text = input::clean(input);
    if text.is_empty() {
        return Err(MoveInputError::Empty);
    }
    let shown = input.trim().to_string();
    // Russian notation's К (knight) and С (bishop) look like K and C: ask, as the chess
    // reader does.
    let first = shown.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…' || c.is_whitespace());
    if let Some(letter @ ('К' | 'С' | 'Ê' | 'Ñ')) = first.chars().next() {
        return Err(MoveInputError::UnclearLetter { input: shown, letter });
    }
    let text = join_square_pair(pos, &text);
    let query = read_query(pos, &text).ok_or_else(|| MoveInputError::Unreadable { input: shown.clone() })?;
    let legal = pos.legal_moves();
    let mut found: Vec<CrowdMove> = legal.iter().copied().filter(|&m| fits(pos, &query, m, false)).collect();
    if found.is_empty() {
        found = legal.iter().copied().filter(|&m| fits(pos, &query, m, true)).collect();
    }
    // Castling written as the king's own move ("Kg1", "e1g1", "Ke1-g1").
    if found.is_empty() && !query.capture && query.promotion.is_none() {
        let king_named = query.role.is_some_and(|r| pos.rules().is_royal(r)) || query.origin().is_some();
        found = legal
            .iter()
            .copied()
            .filter(|&m| matches!(m.kind, CrowdMoveKind::Castle { .. }) && king_named && query.to == Some(m.to))
            .filter(|&m| query.origin().is_none_or(|o| o == m.from))
            .collect();
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveInputError::NoMatch { reason: explain(pos, &query, &legal), input: shown }),
        many => {
            let mut candidates: Vec<String> = many.iter().map(|&m| write(pos, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    }
}

/// Why no legal move fits: the most specific true statement.
fn explain(pos: &CrowdPosition, q: &Query, legal: &[CrowdMove]) -> Reason {
    let rules = pos.rules();
    let us = pos.turn();
    let name = |role: Role| rules.piece(role).name.to_lowercase();
    if q.castle.is_some() {
        return Reason::new("reason-crowd-castling");
    }
    // The kind of piece the text means, as a word of the reason.
    let piece_word = || match q.role {
        Some(role) => Reason::new("reason-piece-named").piece("piece", name(role)),
        None if q.origin().is_some() => Reason::new("reason-piece-any"),
        None => Reason::new("reason-piece-named").piece("piece", "pawn"),
    };
    if let Some(from) = q.origin() {
        let ours: Vec<Role> = pos.at(from).iter().filter(|p| p.color == us).map(|p| p.role).collect();
        if ours.is_empty() {
            return Reason::new("reason-no-piece-of-yours-on").text("square", from);
        }
        if let Some(role) = q.role
            && !ours.contains(&role)
        {
            return Reason::new("reason-no-such-piece-of-yours-on").text("square", from).piece("piece", name(role));
        }
    }
    let Some(to) = q.to else { return Reason::new("reason-not-a-move") };
    let there = pos.at(to);
    if there.len() >= 2 {
        if q.capture {
            return Reason::new("reason-crowd-not-captured").text("square", to);
        }
        if there.iter().all(|p| p.color == us) {
            return Reason::new("reason-crowd-of-your-own").text("square", to);
        }
    } else if let [piece] = there
        && piece.color == us
    {
        return Reason::new("reason-own-piece-there").text("square", to).piece("piece", name(piece.role));
    }
    if q.capture && there.is_empty() && pos.ep_square() != Some(to) {
        return Reason::new("reason-nothing-to-capture").text("square", to);
    }
    if q.quiet
        && let Some(&m) = legal.iter().find(|&&m| fits(pos, &Query { quiet: false, ..q.clone() }, m, true))
    {
        return Reason::new("reason-crowd-must-capture").text("square", to).moves("moves", vec![write_plain(pos, m)]);
    }
    // Legal moves that fit but for the promotion say what is missing.
    let promotions: Vec<String> = legal
        .iter()
        .filter(|&&m| m.promotion.is_some() && fits(pos, &Query { promotion: m.promotion, ..q.clone() }, m, true))
        .map(|&m| write(pos, m))
        .collect();
    if !promotions.is_empty() {
        let id = if q.promotion.is_some() { "reason-promote-not-to-that" } else { "reason-promote-to-what" };
        return Reason::new(id).moves("moves", promotions);
    }
    if q.promotion.is_some() {
        return Reason::new("reason-not-a-promotion");
    }
    if let Some(m) = pos.pseudo_legal_moves().into_iter().find(|&m| fits(pos, q, m, true)) {
        return if rules.is_royal(m.role) {
            Reason::new("reason-royal-into-check").piece("royal", "king").text("square", to)
        } else if pos.is_check() {
            Reason::new("reason-check-not-ended")
        } else {
            Reason::new("reason-leaves-royal-in-check").piece("royal", "king")
        };
    }
    let meant = |m: &CrowdMove| {
        (match q.role {
            Some(role) => m.role == role,
            None => q.origin().is_some() || rules.is_pawn(m.role),
        }) && q.from_file.is_none_or(|f| m.from.file() == f)
            && q.from_rank.is_none_or(|r| m.from.rank() == r)
    };
    let mut movers: Vec<String> = legal.iter().filter(|m| meant(m)).map(|&m| write(pos, m)).collect();
    movers.sort();
    movers.dedup();
    if movers.is_empty() {
        Reason::new("reason-no-fitting-piece-has-a-move").reason("meant", piece_word())
    } else {
        Reason::new("reason-no-piece-goes-that-way")
            .reason("meant", piece_word())
            .text("square", to)
            .moves("moves", movers)
    }
}
