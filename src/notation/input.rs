//! Reading what correspondence players actually type, without ever guessing.
//!
//! A player's text is normalised (look-alike letters, move numbers, annotations), read into a
//! [`Query`] — which piece, from where, to where, capturing or not, promoting to what — and
//! matched against the legal moves. Exactly one match is the move; none or several is an
//! error that says why and names the candidates.
//!
//! Accepted forms, all case-sensitive as in SAN (upper-case pieces, lower-case files):
//! - SAN: `Nf3`, `exd5`, `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q`, `Nbd2`, `R1e1`, `Qh4e1`, `O-O`, `O-O-O`;
//!   after `=`, `/` or `(` a lower-case promotion letter is read too (`e8=q`);
//! - long algebraic and UCI: `e2-e4`, `e2e4`, `Ng1-f3`, `Ng1xf3`, `e7e8q`; castling also as
//!   the king's own move (`e1g1`, `Ke1-g1`, `Kg1`) or as the king taking its rook (`e1h1`);
//! - `:` as the capture sign (`B:d4`), `0-0`, `0-0-0`, `o-o`, `OO`; castling with the letter
//!   of the piece that castles (`K0-0`; in Crown, where the queen castles too, `Q0-0` or
//!   `D0-0`), which must then be a piece that castles;
//! - the pawn-capture shorthand of older scores: `gf` (a pawn of the g-file takes on the
//!   f-file), also `gxf`, `g:f`, and with a promotion `gf=Q`;
//! - ICCF numeric notation on boards of at most 9x9: `5254`, with a fifth digit for the
//!   promotion piece (1 queen, 2 rook, 3 bishop, 4 knight); every digit must name a file or
//!   rank of the board;
//! - a leading move number (`12.`, `12...`, `12…`) and trailing annotations (`+ # ! ? !? ?!
//!   e.p.`, also `ep`, `(ep)`) are ignored;
//! - piece letters in English or the common alternatives when the variant does not use them
//!   for a piece of its own: `D` queen (Dame), `T` rook (Turm), `L` bishop (Läufer), `S` or
//!   `Sp` knight (Springer); a leading `P` for a pawn;
//! - Cyrillic letters that look like Latin ones are read as those Latin letters (`с` → c,
//!   `е` → e, `а` → a, `В` → B, ...), and so are the same letters after a Windows-1251 text
//!   was read as Latin-1 (the Crown sample game's "ñ3" is "с3", that is c3). The capitals `К`
//!   and `С` as piece letters are the exception: Russian notation uses them for the knight
//!   and the bishop, so reading them as K and C would be a guess, and herald refuses them
//!   with [`MoveInputError::UnclearLetter`]. When another look-alike names a piece and no
//!   move matches, the reason says how the letter was read.
//!
//! A separator (`-`, `x`, `:`) stands once, between what says where the move starts and the
//! destination: `Nf-3`, `-e4` or `e2-` are not moves.

use std::fmt;

use crate::engine::geometry::{Square, file_letter};
use crate::engine::piece::Role;
use crate::engine::position::{Move, MoveKind, Position};
use crate::notation::reason::Reason;
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
        /// Why, as a message the player's language says.
        reason: Reason,
    },
    /// The piece letter is a Cyrillic letter that means one piece in Russian notation and
    /// another as the Latin letter it looks like (К: knight or king; С: bishop or C).
    UnclearLetter {
        /// What the player wrote.
        input: String,
        /// The letter.
        letter: char,
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
            MoveInputError::UnclearLetter { input, letter } => write!(
                f,
                "in \"{input}\" the piece letter \"{letter}\" is Cyrillic: in Russian notation it names a different \
                 piece than the Latin letter it looks like; write the piece in English letters (K king, Q queen, \
                 R rook, B bishop, N knight)"
            ),
            MoveInputError::Unreadable { input } => {
                write!(f, "\"{input}\" is not a move herald can read; write it like Nf3, exd5, e8=Q, O-O or e2-e4")
            }
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
    /// The piece the castling text names ("K0-0", "D0-0"), if it names one.
    pub castler: Option<Role>,
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
        'р' => 'p',
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
        'ð' => 'p',
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
    let normalised: String = input.trim().chars().map(normalise_char).collect();
    // Words: a leading move number and trailing annotations may stand apart ("12. e4 !?");
    // the move itself may be split only around its separator ("e2 - e4", "Ng1 -f3"). Two
    // moves ("e4 e5") are not one move from e4 to e5: the space is kept, and the text is
    // unreadable rather than guessed.
    let mut words: Vec<&str> = normalised.split_whitespace().collect();
    // "12.", "12...", "12 ...", "12. ...": numbers and dots before the move.
    while words.len() > 1 && (is_move_number(words[0]) || words[0].chars().all(|c| c == '.' || c.is_ascii_digit())) {
        words.remove(0);
    }
    while words.len() > 1 && words.last().is_some_and(|w| is_annotation(w)) {
        words.pop();
    }
    let joined_by_separator =
        words.windows(2).all(|pair| pair[0].ends_with(['-', 'x']) || pair[1].starts_with(['-', 'x']));
    let mut s = if joined_by_separator { words.concat() } else { words.join(" ") };
    // A leading move number: digits followed by dots ("12.", "12...").
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && s[digits..].starts_with('.') {
        s = s[digits..].trim_start_matches('.').to_string();
    }
    loop {
        let before = s.len();
        for suffix in ["(e.p.)", "e.p.", "e.p", "(ep)", "ep", "+", "#", "!", "?"] {
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

/// "e2 e4" is the move from e2 to e4 when e2 holds a piece of the side to move; otherwise two
/// squares are two moves ("e4 e5", a move and the reply expected), and stay unreadable.
fn join_square_pair(pos: &Position, text: &str) -> String {
    let size = pos.rules().size();
    if let Some((from, to)) = text.split_once(' ')
        && let (Some(from_sq), Some(_)) = (size.parse_algebraic(from), size.parse_algebraic(to))
        && pos.piece_at(from_sq).is_some_and(|p| p.color == pos.turn())
    {
        return format!("{from}{to}");
    }
    text.to_string()
}

/// "12.", "12...", "12…" as a word of its own.
fn is_move_number(word: &str) -> bool {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && word.len() > digits && word[digits..].chars().all(|c| c == '.')
}

/// A word that only annotates: "+", "#", "!?", "e.p." and the like.
fn is_annotation(word: &str) -> bool {
    matches!(word, "e.p." | "e.p" | "ep" | "(ep)" | "(e.p.)") || word.chars().all(|c| "+#!?".contains(c))
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
    let castle_body = castling.trim_start_matches(|c: char| c.is_ascii_uppercase() && c != 'O');
    if castle_body == "O-O" || castle_body == "OO" || castle_body == "O-O-O" || castle_body == "OOO" {
        let mut castler = None;
        if castle_body.len() != castling.len() {
            // "K0-0", "D0-0": the prefix must name a piece that castles.
            let prefix = &castling[..castling.len() - castle_body.len()];
            let role = role_for_letter(pos, prefix)?;
            pos.rules().castler_index(role)?;
            castler = Some(role);
        }
        let side = usize::from(castle_body.matches('O').count() == 3);
        return Some(Query { castle: Some(side), castler, ..Query::default() });
    }
    if size.files <= 9
        && size.ranks <= 9
        && (text.len() == 4 || text.len() == 5)
        && text.bytes().all(|b| b.is_ascii_digit())
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
        let last = i == chars.len() - 1;
        // Boards have at most 12 files, so a lower-case 'x' is always the capture sign.
        if c.is_ascii_lowercase() && c != 'x' {
            let file = c as u8 - b'a';
            // A lower-case promotion letter at the end of UCI ("e7e8q", "e7e8n"): after the
            // destination square, a letter is not a file.
            if last && parts.len() >= 2 && matches!(parts.last(), Some(Part::Rank(_))) {
                parts.push(Part::Promotion(role_for_letter(pos, &c.to_ascii_uppercase().to_string())?));
            } else if file < size.files {
                parts.push(Part::File(file));
            } else {
                return None;
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
            parts.push(Part::Separator { capture: c == 'x' });
            i += 1;
        } else if c == '=' || c == '/' || c == '(' {
            let rest: String = chars[i + 1..].iter().collect();
            let rest = rest.strip_suffix(')').filter(|_| c == '(').unwrap_or(&rest);
            // "e8=q": after the sign, a lower-case letter is as clear as an upper-case one.
            let role = role_for_letter(pos, rest).or_else(|| {
                (rest.len() == 1 && rest.chars().all(|c| c.is_ascii_lowercase()))
                    .then(|| role_for_letter(pos, &rest.to_ascii_uppercase()))
                    .flatten()
            })?;
            parts.push(Part::Promotion(role));
            break;
        } else if c.is_ascii_uppercase() && matches!(parts.last(), Some(Part::Rank(_) | Part::File(_))) {
            // "e8Q", and "gfQ" in the pawn shorthand.
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
    // One separator at most, between what says where the move starts (the piece letter, the
    // origin or part of it) and the destination: "Nf-3", "e2-", "-e4" and "e2--e4" are not
    // moves.
    let separators: Vec<usize> =
        parts.iter().enumerate().filter(|(_, p)| matches!(p, Part::Separator { .. })).map(|(i, _)| i).collect();
    match separators.as_slice() {
        [] => {}
        &[at] => {
            let (before, after) = (&parts[..at], &parts[at + 1..]);
            let shorthand = matches!((before, after), ([Part::File(_)], [Part::File(_)]));
            let destination = matches!(after, [Part::File(_), Part::Rank(_)]);
            if (before.is_empty() && q.role.is_none()) || !(destination || shorthand && q.capture) {
                return None;
            }
        }
        _ => return None,
    }
    // The destination is the last square, or a lone file in the pawn shorthand.
    let mut rest: Vec<Part> = parts.into_iter().filter(|p| !matches!(p, Part::Separator { .. })).collect();
    match rest.as_slice() {
        [.., Part::File(f), Part::Rank(r)] => {
            q.to_file = Some(*f);
            q.to_rank = Some(*r);
            rest.truncate(rest.len() - 2);
        }
        [Part::File(from), Part::File(to)] if q.role.is_none() => {
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
    /// "x" (a capture) or "-".
    Separator {
        capture: bool,
    },
    Promotion(Role),
}

/// ICCF numeric notation: "5254" (e2-e4), "71812" (g7-h8=R). Every digit of a square must
/// lie on the board: "9254" is not a move on 8x8.
fn read_iccf(pos: &Position, text: &str) -> Option<Query> {
    let size = pos.rules().size();
    let d: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    let on_board = |file: u8, rank: u8| (1..=size.files).contains(&file) && (1..=size.ranks).contains(&rank);
    if !on_board(d[0], d[1]) || !on_board(d[2], d[3]) {
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
        let MoveKind::Castle { rook } = m.kind else { return false };
        let Some(def) = rules.castler_index(piece.role).map(|i| &rules.castling()[i]) else { return false };
        return def.is_long(usize::from(rook.file() < m.from.file())) == (side == 1)
            && q.castler.is_none_or(|role| role == piece.role);
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
    parse_move_among(pos, input, &pos.legal_moves())
}

/// Reads the player's text as one of `legal`, the moves of `pos` a variant allows: the
/// engine's legal moves less those the variant's own rules forbid (a ninja's, which the
/// variant makes itself; a move a crown's state bars). Errors explain with `legal` alone.
pub fn parse_move_among(pos: &Position, input: &str, legal: &[Move]) -> Result<Move, MoveInputError> {
    let text = clean(input);
    if text.is_empty() {
        return Err(MoveInputError::Empty);
    }
    let shown = input.trim().to_string();
    // Russian notation writes К for the knight (Кр for the king) and С for the bishop; read
    // as their Latin look-alikes they would name other pieces, so herald asks instead.
    let piece_letter = shown
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '…' || c.is_whitespace())
        .chars()
        .next();
    if let Some(letter @ ('К' | 'С' | 'Ê' | 'Ñ')) = piece_letter {
        return Err(MoveInputError::UnclearLetter { input: shown, letter });
    }
    let text = join_square_pair(pos, &text);
    let query = read_query(pos, &text).ok_or_else(|| MoveInputError::Unreadable { input: shown.clone() })?;
    let found: Vec<Move> = legal.iter().copied().filter(|&m| matches(pos, &query, m)).collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => {
            let reason = explain_no_match(pos, &query, legal);
            let reason = look_alike_note(pos, &shown, &query, reason);
            Err(MoveInputError::NoMatch { input: shown, reason })
        }
        many => {
            let mut candidates: Vec<String> = many.iter().map(|&m| san::write(pos, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    }
}

/// `reason`, and, when the piece letter was a Cyrillic (or mis-decoded) look-alike, which
/// Latin letter it was read as: the Russian notation's К is the knight, but herald reads К as
/// K, the king.
fn look_alike_note(pos: &Position, shown: &str, q: &Query, reason: Reason) -> Reason {
    let Some(role) = q.role else { return reason };
    for c in shown.chars().filter(|c| !c.is_ascii() && c.is_uppercase()) {
        let latin = normalise_char(c);
        if latin.is_ascii_uppercase() && role_for_letter(pos, &latin.to_string()) == Some(role) {
            return Reason::new("reason-read-as-latin")
                .reason("reason", reason)
                .text("letter", c)
                .text("latin", latin)
                .piece("piece", pos.rules().piece(role).name.to_lowercase());
        }
    }
    reason
}

/// The castlings the text asks for, as (index of the castling piece in the variant's
/// castling definitions, long): "O-O" (by each piece that castles, unless the text names one),
/// the castling piece's own move from its square on the home rank to its castling square
/// ("e1g1", "Ke1-c1", "Kg1"), or the castling piece taking a rook it may still castle with
/// ("e1h1").
fn castle_intent(pos: &Position, q: &Query) -> Vec<(usize, bool)> {
    let rules = pos.rules();
    if let Some(side) = q.castle {
        return (0..rules.castling().len())
            .filter(|&i| q.castler.is_none_or(|role| role == rules.castling()[i].piece))
            .map(|i| (i, side == 1))
            .collect();
    }
    let us = pos.turn();
    let home = rules.size().relative_rank(us.is_white(), 0);
    let (Some(to_file), Some(to_rank)) = (q.to_file, q.to_rank) else { return Vec::new() };
    let Some(to) = Square::new(to_file, to_rank) else { return Vec::new() };
    if q.capture || q.promotion.is_some() {
        return Vec::new();
    }
    let origin_given = q.from_file.is_some() && q.from_rank.is_some();
    let mut intents = Vec::new();
    for (i, def) in rules.castling().iter().enumerate() {
        let role_ok = match q.role {
            Some(role) => role == def.piece,
            None => origin_given,
        };
        if !role_ok {
            continue;
        }
        // The castling piece: of its kind, on the home rank, where the text says it starts.
        let starts = pos.occupied_by(us).into_iter().filter(|&sq| {
            sq.rank() == home
                && pos.piece_at(sq).is_some_and(|p| p.role == def.piece)
                && q.from_file.is_none_or(|f| f == sq.file())
                && q.from_rank.is_none_or(|r| r == sq.rank())
        });
        for from in starts {
            for direction in 0..2 {
                let to_square =
                    Square::new(def.piece_to[direction], home) == Some(to) && from.file().abs_diff(to.file()) >= 2;
                let takes_rook = origin_given && pos.castling().rook(us, i, direction) == Some(to);
                if (to_square || takes_rook) && !intents.contains(&(i, def.is_long(direction))) {
                    intents.push((i, def.is_long(direction)));
                }
            }
        }
    }
    intents
}

/// Why the castling piece number `castler` cannot castle short or `long`: the first rule of
/// FIDE 3.8.2 it breaks. Where several pieces castle (Crown), the reason names the piece
/// (`who` is `many`); where only the king does, the player (`who` is `one`).
fn explain_castling(pos: &Position, castler: usize, long: bool) -> Reason {
    let rules = pos.rules();
    let Some(def) = rules.castling().get(castler) else {
        return Reason::new("reason-castling-none");
    };
    let castling = |id: &'static str| {
        Reason::new(id)
            .text("side", if long { "long" } else { "short" })
            .text("who", if rules.castling().len() > 1 { "many" } else { "one" })
            .piece("castler", rules.piece(def.piece).name.to_lowercase())
    };
    let us = pos.turn();
    let them = us.other();
    let direction = def.direction(long);
    let (Some(from), Some(rook)) = (pos.castling().piece(us, castler), pos.castling().rook(us, castler, direction))
    else {
        return castling("reason-castling-moved");
    };
    let royal = pos.royal_square(us) == Some(from);
    if royal && pos.is_check() {
        return castling("reason-castling-in-check");
    }
    let rank = from.rank();
    let (Some(to), Some(rook_to)) =
        (Square::new(def.piece_to[direction], rank), Square::new(def.rook_to[direction], rank))
    else {
        return castling("reason-castling-cannot");
    };
    let lo = from.file().min(rook.file()).min(to.file()).min(rook_to.file());
    let hi = from.file().max(rook.file()).max(to.file()).max(rook_to.file());
    let blockers: Vec<String> = (lo..=hi)
        .filter_map(|f| Square::new(f, rank))
        .filter(|&sq| sq != from && sq != rook && pos.piece_at(sq).is_some())
        .map(|sq| sq.algebraic())
        .collect();
    if let Some((last, others)) = blockers.split_last() {
        return castling("reason-castling-blocked")
            .number("count", blockers.len() as i64)
            .text("others", others.join(", "))
            .text("last", last);
    }
    if royal {
        let (a, b) = (from.file().min(to.file()), from.file().max(to.file()));
        if let Some(sq) = (a + 1..b).filter_map(|f| Square::new(f, rank)).find(|&sq| pos.is_attacked(sq, them)) {
            return castling("reason-castling-through-attack").text("square", sq);
        }
        let mut after = *pos;
        after.play_unchecked(Move { from, to, kind: MoveKind::Castle { rook } });
        if after.is_attacked(to, them) {
            return castling("reason-castling-into-check").text("square", to);
        }
    } else if pos.royal_square(us).is_some() {
        return castling("reason-castling-leaves-check").piece("royal", royal_name(pos));
    }
    castling("reason-castling-not-now")
}

/// The name of the side to move's royal piece ("king"; in Crown, once known, maybe "queen").
fn royal_name(pos: &Position) -> String {
    pos.royal_square(pos.turn())
        .and_then(|sq| pos.piece_at(sq))
        .map_or_else(|| "king".to_string(), |p| pos.rules().piece(p.role).name.to_lowercase())
}

/// Why no legal move fits: the most specific true statement herald can make.
fn explain_no_match(pos: &Position, q: &Query, legal: &[Move]) -> Reason {
    let rules = pos.rules();
    let us = pos.turn();
    if q.castle.is_some() && rules.castling().is_empty() {
        return Reason::new("reason-castling-none");
    }
    let intents = castle_intent(pos, q);
    if let [(castler, long)] = intents[..] {
        return explain_castling(pos, castler, long);
    }
    if !intents.is_empty() {
        return Reason::all(intents.iter().map(|&(castler, long)| explain_castling(pos, castler, long)).collect());
    }
    let name = |role: Role| rules.piece(role).name.to_lowercase();
    let target_sq = match (q.to_file, q.to_rank) {
        (Some(f), Some(r)) => Square::new(f, r),
        _ => None,
    };
    let target = match (target_sq, q.to_file) {
        (Some(sq), _) => Reason::from(sq.algebraic()),
        (None, Some(f)) => Reason::new("reason-the-file").text("file", file_letter(f)),
        (None, None) => Reason::from(""),
    };
    let origin = match (q.from_file, q.from_rank) {
        (Some(f), Some(r)) => Square::new(f, r),
        _ => None,
    };
    // The kind of piece the text means, as a word of the reason: the named piece, "piece" when
    // only the origin square is given, "pawn" when neither is.
    let piece_word = || match q.role {
        Some(role) => Reason::new("reason-piece-named").piece("piece", name(role)),
        None if origin.is_some() => Reason::new("reason-piece-any"),
        None => Reason::new("reason-piece-named").piece("piece", "pawn"),
    };
    // The player's pieces the text is about: the named kind (a pawn if none is named, any
    // piece if the origin square is given), on the named file or rank.
    let is_meant = |sq: Square| {
        pos.piece_at(sq).is_some_and(|p| {
            p.color == us
                && match q.role {
                    Some(role) => p.role == role,
                    None => origin.is_some() || rules.is_pawn(p.role),
                }
        }) && q.from_file.is_none_or(|f| sq.file() == f)
            && q.from_rank.is_none_or(|r| sq.rank() == r)
    };
    if let Some(from) = origin {
        match pos.piece_at(from) {
            None => return Reason::new("reason-no-piece-on").text("square", from),
            Some(p) if p.color != us => {
                return Reason::new("reason-not-yours").text("square", from).piece("piece", name(p.role));
            }
            Some(p) if q.role.is_some_and(|role| role != p.role) => {
                return Reason::new("reason-other-piece")
                    .text("square", from)
                    .piece("piece", name(p.role))
                    .reason("meant", piece_word());
            }
            _ => {}
        }
    }
    // Legal moves that fit everything but the promotion say what is missing.
    let unpromoted = Query { promotion: None, ..q.clone() };
    let promotions: Vec<String> = legal
        .iter()
        .filter(|&&m| {
            m.promotion().is_some() && matches(pos, &Query { promotion: m.promotion(), ..unpromoted.clone() }, m)
        })
        .map(|&m| san::write(pos, m))
        .collect();
    if !promotions.is_empty() {
        let id = if q.promotion.is_some() { "reason-promote-not-to-that-here" } else { "reason-promote-to-what" };
        return Reason::new(id).moves("moves", promotions);
    }
    if q.promotion.is_some() {
        return Reason::new("reason-not-a-promotion");
    }
    // What stands on the destination.
    if let Some(to) = target_sq {
        match pos.piece_at(to) {
            Some(p) if p.color == us => {
                let id = if q.capture { "reason-capture-own-piece" } else { "reason-own-piece-there" };
                return Reason::new(id).text("square", to).piece("piece", name(p.role));
            }
            None if q.capture && pos.ep_square() != Some(to) => {
                return Reason::new("reason-nothing-to-capture").text("square", to);
            }
            _ => {}
        }
    }
    // A move that fits but leaves the royal piece attacked.
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves_into(&mut pseudo);
    if let Some(&m) = pseudo.iter().find(|&&m| matches(pos, q, m)) {
        if let MoveKind::Castle { rook } = m.kind
            && let Some(castler) = pos.piece_at(m.from).and_then(|p| rules.castler_index(p.role))
        {
            let long = rules.castling()[castler].is_long(usize::from(rook.file() < m.from.file()));
            return explain_castling(pos, castler, long);
        }
        let royal = royal_name(pos);
        return if pos.royal_square(us) == Some(m.from) {
            Reason::new("reason-royal-into-check").piece("royal", royal).text("square", m.to)
        } else if pos.is_check() {
            Reason::new("reason-check-not-ended")
        } else {
            Reason::new("reason-leaves-royal-in-check").piece("royal", royal)
        };
    }
    // Does the player have such a piece at all?
    if !pos.occupied_by(us).into_iter().any(is_meant) {
        let missing = Reason::new("reason-no-such-piece").reason("meant", piece_word());
        return match (q.from_file, q.from_rank) {
            (Some(f), None) => missing.text("place", "file").text("file", file_letter(f)).number("rank", 0),
            (None, Some(r)) => missing.text("place", "rank").text("file", "").number("rank", i64::from(r) + 1),
            _ => missing.text("place", "anywhere").text("file", "").number("rank", 0),
        };
    }
    let mut movers: Vec<String> = legal.iter().filter(|m| is_meant(m.from)).map(|&m| san::write(pos, m)).collect();
    movers.sort();
    movers.dedup();
    // "reach e4" where the destination is a square, "capture on the f-file" in the pawn shorthand.
    let reach = if target_sq.is_some() { "reach" } else { "capture" };
    match origin.and_then(|from| Some((from, pos.piece_at(from)?))) {
        Some((from, p)) if movers.is_empty() => {
            Reason::new("reason-piece-has-no-move").text("square", from).piece("piece", name(p.role))
        }
        Some((from, p)) => Reason::new("reason-piece-cannot-go")
            .text("square", from)
            .piece("piece", name(p.role))
            .text("how", reach)
            .reason("target", target)
            .moves("moves", movers),
        None if movers.is_empty() => Reason::new("reason-no-piece-has-a-move").reason("meant", piece_word()),
        None => Reason::new("reason-no-piece-can-go")
            .reason("meant", piece_word())
            .text("how", reach)
            .reason("target", target)
            .moves("moves", movers),
    }
}
