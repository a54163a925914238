//! Reading what correspondence players actually type, without ever guessing.
//!
//! A player's text is normalised (look-alike letters, move numbers, annotations), read into a
//! [`Query`] — which piece, from where, to where, capturing or not, promoting to what — and
//! matched against the legal moves. Exactly one match is the move; none or several is an
//! error that says why and names the candidates.
//!
//! Accepted forms, all case-sensitive as in SAN (upper-case pieces, lower-case files):
//! - SAN: `Nf3`, `exd5`, `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, `Nbd2`, `R1e1`, `Qh4e1`, `O-O`, `O-O-O`;
//! - long algebraic and UCI: `e2-e4`, `e2e4`, `Ng1-f3`, `Ng1xf3`, `e7e8q`, `e1g1` (castling);
//! - `:` as the capture sign (`B:d4`), `0-0`, `0-0-0`, `o-o`;
//! - the pawn-capture shorthand of older scores: `gf` (a pawn of the g-file takes on the
//!   f-file), also `gxf`, `g:f`;
//! - ICCF numeric notation on boards of at most 9x9: `5254`, with a fifth digit for the
//!   promotion piece (1 queen, 2 rook, 3 bishop, 4 knight);
//! - a leading move number (`12.`, `12...`, `12…`) and trailing annotations (`+ # ! ? !? ?!
//!   e.p.`) are ignored;
//! - piece letters in English or the common alternatives when the variant does not use them
//!   for a piece of its own: `D` queen (Dame), `T` rook (Turm), `L` bishop (Läufer), `S` or
//!   `Sp` knight (Springer); a leading `P` for a pawn;
//! - Cyrillic letters that look like Latin ones are read as those Latin letters (`с` → c,
//!   `е` → e, `а` → a, `К` → K, ...), and so are the same letters after a Windows-1251 text
//!   was read as Latin-1 (the Crown sample game's "ñ3" is "с3", that is c3).

use std::fmt;

use crate::engine::geometry::{Square, file_letter};
use crate::engine::piece::Role;
use crate::engine::position::{Move, MoveKind, Position};
use crate::notation::san;

/// Why a player's text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInputError {
    /// Nothing was given.
    Empty,
    /// The text is not a move in any notation herald reads.
    Unreadable {
        /// What the player wrote.
        input: String,
    },
    /// The text reads as a move, but no legal move matches it.
    NoMatch {
        /// What the player wrote.
        input: String,
        /// Why, in words.
        reason: String,
    },
    /// More than one legal move matches.
    Ambiguous {
        /// What the player wrote.
        input: String,
        /// The matching moves in SAN.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveInputError::Empty => f.write_str("no move was given"),
            MoveInputError::Unreadable { input } => write!(
                f,
                "\"{input}\" is not a move herald can read; write it like Nf3, exd5, e8=Q, O-O or e2-e4"
            ),
            MoveInputError::NoMatch { input, reason } => write!(f, "\"{input}\" is not a legal move: {reason}"),
            MoveInputError::Ambiguous { input, candidates } => {
                write!(f, "\"{input}\" could be any of {}; say which", candidates.join(", "))
            }
        }
    }
}

impl std::error::Error for MoveInputError {}

/// What a player's text says about the move, each part optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// The moving piece; `None` means "any piece" (only when the origin square is given).
    pub role: Option<Role>,
    /// File of the origin.
    pub from_file: Option<u8>,
    /// Rank of the origin.
    pub from_rank: Option<u8>,
    /// File of the destination.
    pub to_file: Option<u8>,
    /// Rank of the destination (missing only in the pawn shorthand "gf").
    pub to_rank: Option<u8>,
    /// The text says the move captures.
    pub capture: bool,
    /// The piece a pawn becomes.
    pub promotion: Option<Role>,
    /// Castling: `Some(0)` short, `Some(1)` long.
    pub castle: Option<usize>,
}

/// Maps letters that look like Latin ones (Cyrillic, and Cyrillic read through the wrong
/// code page) and typographic signs to what the player meant.
fn normalise_char(c: char) -> char {
    match c {
        // Cyrillic look-alikes.
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'о' => 'o',
        'х' => 'x',
        'А' => 'A',
        'В' => 'B',
        'С' => 'C',
        'Е' => 'E',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' => 'O',
        'Р' => 'P',
        'Т' => 'T',
        'Х' => 'X',
        // The same letters in Windows-1251 bytes read as Latin-1.
        'à' => 'a',
        'ñ' => 'c',
        'å' => 'e',
        'î' => 'o',
        'õ' => 'x',
        'À' => 'A',
        'Â' => 'B',
        'Ñ' => 'C',
        'Å' => 'E',
        'Ê' => 'K',
        'Ì' => 'M',
        'Í' => 'H',
        'Î' => 'O',
        'Ð' => 'P',
        'Ò' => 'T',
        'Õ' => 'X',
        // Typography.
        '×' => 'x',
        ':' => 'x',
        '–' | '—' | '‐' | '−' => '-',
        '…' => '.',
        _ => c,
    }
}

/// Removes a leading move number and trailing annotations; normalises look-alikes.
pub fn clean(input: &str) -> String {
    let mut s: String = input.trim().chars().map(normalise_char).filter(|c| !c.is_whitespace()).collect();
    // A leading move number: digits followed by dots ("12.", "12...").
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && s[digits..].starts_with('.') {
        s = s[digits..].trim_start_matches('.').to_string();
    }
    loop {
        let before = s.len();
        for suffix in ["e.p.", "ep", "(ep)", "+", "#", "!", "?"] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest.to_string();
            }
        }
        if s.len() == before {
            break;
        }
    }
    s
}

/// The role a piece letter names in this variant: its own letters first, then the common
/// alternatives that the variant does not use.
fn role_for_letter(pos: &Position, letter: &str) -> Option<Role> {
    let rules = pos.rules();
    let own = |c: char| rules.pieces().iter().position(|p| p.letter == c).map(|i| Role(i as u8));
    let mut chars = letter.chars();
    let first = chars.next()?;
    if chars.as_str().is_empty()
        && let Some(role) = own(first)
    {
        return Some(role);
    }
    let english = match letter {
        "D" => 'Q',
        "T" => 'R',
        "L" => 'B',
        "S" | "Sp" => 'N',
        _ => return None,
    };
    own(english)
}

/// Reads the text of a move into a [`Query`], or `None` if it is not a move in any form.
pub fn read_query(pos: &Position, text: &str) -> Option<Query> {
    let size = pos.rules().size();
    let castling = text.replace(['0', 'o'], "O");
    let castle_body = castling.trim_start_matches(['K', 'Q', 'D']);
    if castle_body == "O-O" || castle_body == "OO" || castle_body == "O-O-O" || castle_body == "OOO" {
        if castle_body.len() != castling.len() {
            // "K0-0": the prefix must name the castling king itself.
            let def = pos.rules().def().castling.as_ref()?;
            let prefix = &castling[..castling.len() - castle_body.len()];
            if role_for_letter(pos, prefix) != Some(def.king) {
                return None;
            }
        }
        let side = usize::from(castle_body.matches('O').count() == 3);
        return Some(Query { castle: Some(side), ..Query::default() });
    }
    if size.files <= 9 && size.ranks <= 9 && (text.len() == 4 || text.len() == 5) && text.bytes().all(|b| b.is_ascii_digit())
    {
        return read_iccf(pos, text);
    }

    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut q = Query::default();
    // Piece letter, or "P" for a pawn.
    if chars.first().is_some_and(|c| c.is_ascii_uppercase()) {
        let two: String = chars.iter().take(2).collect();
        let (letter, len) = if two == "Sp" { (two, 2) } else { (chars[0].to_string(), 1) };
        let role = role_for_letter(pos, &letter)?;
        q.role = Some(role);
        i = len;
    }
    // The rest: squares, partial squares, a separator, a promotion.
    let mut parts: Vec<Part> = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        // Boards have at most 12 files, so a lower-case 'x' is always the capture sign.
        if c.is_ascii_lowercase() && c != 'x' {
            let file = c as u8 - b'a';
            if file >= size.files {
                // A lower-case promotion letter at the end of UCI ("e7e8q").
                if i == chars.len() - 1 && !parts.is_empty() {
                    parts.push(Part::Promotion(role_for_letter(pos, &c.to_ascii_uppercase().to_string())?));
                    i += 1;
                    continue;
                }
                return None;
            }
            if i == chars.len() - 1 && matches!(parts.last(), Some(Part::Rank(_))) && parts.len() >= 2 {
                parts.push(Part::Promotion(role_for_letter(pos, &c.to_ascii_uppercase().to_string())?));
            } else {
                parts.push(Part::File(file));
            }
            i += 1;
        } else if c.is_ascii_digit() {
            let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            // A rank is 1..=10; "10" is one rank on a ten-rank board.
            let take = if digits.starts_with("10") && size.ranks >= 10 { 2 } else { 1 };
            let rank: u8 = digits[..take].parse().ok()?;
            if rank == 0 || rank > size.ranks {
                return None;
            }
            parts.push(Part::Rank(rank - 1));
            i += take;
        } else if c == 'x' || c == '-' {
            if c == 'x' {
                q.capture = true;
            }
            parts.push(Part::Separator);
            i += 1;
        } else if c == '=' || c == '/' || c == '(' {
            let rest: String = chars[i + 1..].iter().collect();
            let rest = rest.trim_end_matches(')');
            parts.push(Part::Promotion(role_for_letter(pos, rest)?));
            break;
        } else if c.is_ascii_uppercase() && matches!(parts.last(), Some(Part::Rank(_))) {
            let rest: String = chars[i..].iter().collect();
            parts.push(Part::Promotion(role_for_letter(pos, &rest)?));
            break;
        } else {
            return None;
        }
    }
    if let Some(Part::Promotion(role)) = parts.last().copied() {
        q.promotion = Some(role);
        parts.pop();
    }
    // The destination is the last square, or a lone file in the pawn shorthand.
    let mut rest: Vec<Part> = parts.into_iter().filter(|p| *p != Part::Separator).collect();
    match rest.as_slice() {
        [.., Part::File(f), Part::Rank(r)] => {
            q.to_file = Some(*f);
            q.to_rank = Some(*r);
            rest.truncate(rest.len() - 2);
        }
        [Part::File(from), Part::File(to)] if q.role.is_none() && q.promotion.is_none() => {
            // "gf": a pawn of one file takes on the neighbouring file.
            if from.abs_diff(*to) != 1 {
                return None;
            }
            q.from_file = Some(*from);
            q.to_file = Some(*to);
            q.capture = true;
            return Some(q);
        }
        _ => return None,
    }
    match rest.as_slice() {
        [] => {}
        [Part::File(f)] => q.from_file = Some(*f),
        [Part::Rank(r)] => q.from_rank = Some(*r),
        [Part::File(f), Part::Rank(r)] => {
            q.from_file = Some(*f);
            q.from_rank = Some(*r);
        }
        _ => return None,
    }
    Some(q)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Part {
    File(u8),
    Rank(u8),
    Separator,
    Promotion(Role),
}

/// ICCF numeric notation: "5254" (e2-e4), "71812" (g7-h8=R).
fn read_iccf(pos: &Position, text: &str) -> Option<Query> {
    let d: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    if d[..4].contains(&0) {
        return None;
    }
    let promotion = match d.get(4) {
        None => None,
        Some(&n) => {
            let letter = match n {
                1 => "Q",
                2 => "R",
                3 => "B",
                4 => "N",
                _ => return None,
            };
            Some(role_for_letter(pos, letter)?)
        }
    };
    Some(Query {
        from_file: Some(d[0] - 1),
        from_rank: Some(d[1] - 1),
        to_file: Some(d[2] - 1),
        to_rank: Some(d[3] - 1),
        promotion,
        ..Query::default()
    })
}

/// Does the legal move `m` fit the query?
fn matches(pos: &Position, q: &Query, m: Move) -> bool {
    let rules = pos.rules();
    let Some(piece) = pos.piece_at(m.from) else { return false };
    if let Some(side) = q.castle {
        return matches!(m.kind, MoveKind::Castle { rook } if usize::from(rook.file() < m.from.file()) == side);
    }
    // Where the move lands for the player: a castling king can also be written as taking
    // its own rook (UCI for Chess960).
    let lands_on = |file: u8, rank: u8| {
        Square::new(file, rank).is_some_and(|sq| match m.kind {
            MoveKind::Castle { rook } => sq == m.to || (sq == rook && q.from_file.is_some() && q.from_rank.is_some()),
            _ => sq == m.to,
        })
    };
    let to_ok = match (q.to_file, q.to_rank) {
        (Some(f), Some(r)) => lands_on(f, r),
        (Some(f), None) => m.to.file() == f,
        _ => false,
    };
    let origin_given = q.from_file.is_some() && q.from_rank.is_some();
    let role_ok = match q.role {
        Some(role) => piece.role == role,
        // Without a letter: a pawn, unless the origin square says which piece moves.
        None => origin_given || rules.is_pawn(piece.role),
    };
    to_ok
        && role_ok
        && q.from_file.is_none_or(|f| m.from.file() == f)
        && q.from_rank.is_none_or(|r| m.from.rank() == r)
        && (!q.capture || pos.is_capture(m))
        && m.promotion() == q.promotion
        && (q.promotion.is_none() || !m.is_castle())
}

/// Reads the player's text as a legal move of `pos`.
pub fn parse_move(pos: &Position, input: &str) -> Result<Move, MoveInputError> {
    let text = clean(input);
    if text.is_empty() {
        return Err(MoveInputError::Empty);
    }
    let shown = input.trim().to_string();
    let query = read_query(pos, &text).ok_or_else(|| MoveInputError::Unreadable { input: shown.clone() })?;
    let legal = pos.legal_moves();
    let found: Vec<Move> = legal.iter().copied().filter(|&m| matches(pos, &query, m)).collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(MoveInputError::NoMatch { input: shown, reason: explain_no_match(pos, &query, &legal) }),
        many => {
            let mut candidates: Vec<String> = many.iter().map(|&m| san::write(pos, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    }
}

/// Why no legal move fits: the most specific true statement herald can make.
fn explain_no_match(pos: &Position, q: &Query, legal: &[Move]) -> String {
    let rules = pos.rules();
    if let Some(side) = q.castle {
        let which = if side == 0 { "short" } else { "long" };
        return format!("castling {which} is not possible now");
    }
    let name = |role: Role| rules.piece(role).name.to_lowercase();
    let target = match (q.to_file, q.to_rank) {
        (Some(f), Some(r)) => Square::new(f, r).map(|s| s.algebraic()).unwrap_or_default(),
        (Some(f), None) => format!("the {}-file", file_letter(f)),
        _ => String::new(),
    };
    let piece_word = match q.role {
        Some(role) => name(role),
        None if q.from_file.is_some() && q.from_rank.is_some() => "piece".to_string(),
        None => "pawn".to_string(),
    };
    if let (Some(f), Some(r)) = (q.from_file, q.from_rank)
        && let Some(from) = Square::new(f, r)
    {
        match pos.piece_at(from) {
            None => return format!("there is no piece on {from}"),
            Some(p) if p.color != pos.turn() => return format!("the piece on {from} is not yours"),
            Some(p) if q.role.is_some_and(|role| role != p.role) => {
                return format!("the piece on {from} is a {}, not a {piece_word}", name(p.role));
            }
            _ => {}
        }
    }
    // Legal moves that fit everything but the promotion say what is missing.
    let unpromoted = Query { promotion: None, ..q.clone() };
    let promotions: Vec<String> = legal
        .iter()
        .filter(|&&m| m.promotion().is_some() && matches(pos, &Query { promotion: m.promotion(), ..unpromoted.clone() }, m))
        .map(|&m| san::write(pos, m))
        .collect();
    if !promotions.is_empty() {
        return if q.promotion.is_some() {
            format!("a pawn cannot become that piece here; it may become: {}", promotions.join(", "))
        } else {
            format!("the pawn promotes there; say to what: {}", promotions.join(", "))
        };
    }
    if q.promotion.is_some() {
        return format!("that move is not a promotion; only a pawn reaching the last rank promotes");
    }
    if q.capture {
        let uncaptured = Query { capture: false, ..q.clone() };
        if legal.iter().any(|&m| matches(pos, &uncaptured, m)) {
            return format!("there is nothing to capture on {target}");
        }
    }
    // A move that fits but leaves the royal piece attacked.
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves_into(&mut pseudo);
    if pseudo.iter().any(|&m| matches(pos, q, m)) {
        return if pos.is_check() {
            "you are in check, and that move does not end the check".to_string()
        } else {
            "it would leave your king in check".to_string()
        };
    }
    let own = pos.occupied_by(pos.turn());
    let has_piece = own.into_iter().any(|sq| {
        pos.piece_at(sq).is_some_and(|p| match q.role {
            Some(role) => p.role == role,
            None => q.from_file.is_some() && q.from_rank.is_some() || rules.is_pawn(p.role),
        })
    });
    if !has_piece {
        return format!("you have no {piece_word}");
    }
    let movers: Vec<String> = {
        let mut v: Vec<String> = legal
            .iter()
            .filter(|&&m| {
                pos.piece_at(m.from).is_some_and(|p| match q.role {
                    Some(role) => p.role == role,
                    None => q.from_file.is_some() && q.from_rank.is_some() || rules.is_pawn(p.role),
                }) && q.from_file.is_none_or(|f| m.from.file() == f)
                    && q.from_rank.is_none_or(|r| m.from.rank() == r)
            })
            .map(|&m| san::write(pos, m))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    if movers.is_empty() {
        format!("no {piece_word} of yours can move there or anywhere else")
    } else if target.is_empty() {
        format!("no {piece_word} of yours can make that move; its legal moves are {}", movers.join(", "))
    } else {
        format!("no {piece_word} of yours can reach {target}; its legal moves are {}", movers.join(", "))
    }
}
