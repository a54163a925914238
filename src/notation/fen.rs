//! Forsyth–Edwards Notation for every board size.
//!
//! Piece letters are the variant's own (upper case White, lower case Black). Runs of empty
//! squares are written as one number, so a 10-file board writes an empty rank as "10".
//! Castling rights are X-FEN: `K`/`Q` (`k`/`q`) for the outermost rook on each side, a file
//! letter for any other rook. In a variant where more than one piece castles (Crown: king and
//! queen), "K" could not say whose right it is, so the field names instead, by file (upper
//! case White, lower case Black, as in Shredder-FEN), every piece that has not moved and keeps
//! a right: the castling pieces and their rooks. Crown's start is `ADEHadeh`; each castling
//! piece named may castle with the outermost rook named in each direction. The en passant
//! square is written only when an en passant capture is legal, so equal positions have equal
//! FENs.

use std::fmt;

use crate::engine::geometry::{Square, file_letter};
use crate::engine::piece::{Color, Piece};
use crate::engine::position::{CastlingRights, MoveKind, Position, PositionError, Setup};
use crate::engine::rules::Rules;

/// A FEN that cannot be read, or whose position is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not the six (or four) space-separated fields.
    Fields(usize),
    /// The board has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks on the variant's board.
        expected: u8,
    },
    /// A rank has the wrong number of files.
    FileCount {
        /// The rank (1-based).
        rank: u8,
        /// Files found.
        found: usize,
        /// Files on the variant's board.
        expected: u8,
    },
    /// A letter that names no piece of the variant.
    UnknownPiece(char),
    /// The pieces in hand after the board (`[SSSsss]`) are not one bracketed run of letters.
    Holdings(String),
    /// The side to move is not "w" or "b".
    Turn(String),
    /// The castling field cannot be read.
    Castling(String),
    /// The en passant field is not a square of the board or "-".
    EnPassant(String),
    /// A move counter is not a number.
    Counter(String),
    /// The position is readable but not legal.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Fields(n) => write!(f, "a FEN has 4 to 6 fields separated by spaces, this one has {n}"),
            FenError::RankCount { found, expected } => write!(f, "the board has {found} ranks, the variant {expected}"),
            FenError::FileCount { rank, found, expected } => {
                write!(f, "rank {rank} has {found} squares, the variant's board {expected}")
            }
            FenError::UnknownPiece(c) => write!(f, "'{c}' is not a piece of this variant"),
            FenError::Holdings(s) => {
                write!(f, "{s:?}: pieces in hand are letters in one pair of brackets after the board, as in 8/8[Jj]")
            }
            FenError::Turn(s) => write!(f, "side to move {s:?} is not w or b"),
            FenError::Castling(s) => write!(f, "castling field {s:?} cannot be read"),
            FenError::EnPassant(s) => write!(f, "en passant field {s:?} is not a square or -"),
            FenError::Counter(s) => write!(f, "move counter {s:?} is not a number from 0 to {MAX_COUNTER}"),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Reads the board field of a FEN into `setup`.
fn read_board(rules: &Rules, field: &str, setup: &mut Setup) -> Result<(), FenError> {
    let size = rules.size();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != size.ranks as usize {
        return Err(FenError::RankCount { found: ranks.len(), expected: size.ranks });
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = size.ranks - 1 - i as u8;
        let mut file: usize = 0;
        let mut run: usize = 0;
        let place = |file: usize, piece: Piece, setup: &mut Setup| {
            if let Some(sq) = Square::new(file as u8, rank).filter(|_| file < size.files as usize) {
                setup.board[sq.index()] = Some(piece);
            }
        };
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                if run > 99 {
                    return Err(FenError::FileCount { rank: rank + 1, found: run, expected: size.files });
                }
                continue;
            }
            file += run;
            run = 0;
            let role = rules.role_by_letter(c).ok_or(FenError::UnknownPiece(c))?;
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            place(file, Piece::new(color, role), setup);
            file += 1;
        }
        file += run;
        if file != size.files as usize {
            return Err(FenError::FileCount { rank: rank + 1, found: file, expected: size.files });
        }
    }
    Ok(())
}

fn read_castling(rules: &Rules, field: &str, setup: &Setup) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::default();
    if field == "-" {
        return Ok(rights);
    }
    let bad = || FenError::Castling(field.to_string());
    let size = rules.size();
    let piece_on = |color: Color, file: u8| {
        let rank = size.relative_rank(color.is_white(), 0);
        Square::new(file, rank).filter(|_| file < size.files).and_then(|sq| Some((sq, setup.board[sq.index()]?)))
    };
    match rules.castling() {
        [] => Err(bad()),
        [def] => {
            for c in field.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let is_rook = |file: u8| piece_on(color, file).map(|(_, p)| p) == Some(Piece::new(color, def.rook));
                let (king, _) = (0..size.files)
                    .filter_map(|f| piece_on(color, f))
                    .find(|&(_, p)| p == Piece::new(color, def.piece))
                    .ok_or_else(bad)?;
                let (direction, rook_file) = match c.to_ascii_lowercase() {
                    'k' => (0, (king.file() + 1..size.files).rev().find(|&f| is_rook(f))),
                    'q' => (1, (0..king.file()).find(|&f| is_rook(f))),
                    l @ 'a'..='l' => {
                        let f = l as u8 - b'a';
                        (usize::from(f < king.file()), Some(f).filter(|&f| f < size.files && f != king.file()))
                    }
                    _ => return Err(bad()),
                };
                let rook = Square::new(rook_file.ok_or_else(bad)?, king.rank()).ok_or_else(bad)?;
                rights.grant(color, 0, king, direction, rook);
            }
            Ok(rights)
        }
        defs => {
            // Several castling pieces: every letter is the file of an unmoved piece.
            let mut named: [Vec<(Square, Piece)>; 2] = [Vec::new(), Vec::new()];
            for c in field.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let file = match c.to_ascii_lowercase() {
                    l @ 'a'..='l' => l as u8 - b'a',
                    _ => return Err(bad()),
                };
                let found = piece_on(color, file).filter(|&(_, p)| p.color == color).ok_or_else(bad)?;
                if named[color.index()].contains(&found) {
                    return Err(bad());
                }
                named[color.index()].push(found);
            }
            for color in Color::BOTH {
                let pieces = &named[color.index()];
                let mut used = vec![false; pieces.len()];
                for (castler, def) in defs.iter().enumerate() {
                    let mut castling = pieces.iter().enumerate().filter(|(_, (_, p))| p.role == def.piece);
                    let Some((i, &(from, _))) = castling.next() else { continue };
                    if castling.next().is_some() {
                        return Err(bad());
                    }
                    for direction in 0..2 {
                        let toward = |sq: &Square| (sq.file() > from.file()) == (direction == 0);
                        // The outermost unmoved rook in that direction.
                        let rook = pieces
                            .iter()
                            .enumerate()
                            .filter(|&(_, &(sq, p))| p.role == def.rook && toward(&sq))
                            .max_by_key(|&(_, &(sq, _))| sq.file().abs_diff(from.file()));
                        if let Some((j, &(rook, _))) = rook {
                            rights.grant(color, castler, from, direction, rook);
                            used[i] = true;
                            used[j] = true;
                        }
                    }
                }
                if used.contains(&false) {
                    return Err(bad());
                }
            }
            Ok(rights)
        }
    }
}

/// Reads a FEN into an unchecked [`Setup`].
pub fn read_setup(rules: &Rules, fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::Fields(fields.len()));
    }
    let mut setup = Setup::empty();
    read_board(rules, fields[0], &mut setup)?;
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Turn(other.to_string())),
    };
    setup.castling = read_castling(rules, fields[2], &setup)?;
    setup.ep_square = match fields[3] {
        "-" => None,
        s => Some(rules.size().parse_algebraic(s).ok_or_else(|| FenError::EnPassant(s.to_string()))?),
    };
    let counter = |s: &str| read_counter(s).ok_or_else(|| FenError::Counter(s.to_string()));
    if let Some(h) = fields.get(4) {
        setup.halfmoves = counter(h)?;
    }
    if let Some(f) = fields.get(5) {
        setup.fullmoves = counter(f)?.max(1);
    }
    Ok(setup)
}

/// Splits a FEN whose board is followed by pieces in hand in brackets, as crazyhouse writes
/// them and herald's variants with reserves do (`.../RNBQKBNR[SSSJsssj] w ...`), into the
/// plain FEN and the letters in brackets (White's upper case, Black's lower case); `None` when
/// the board has no brackets. Unbalanced or misplaced brackets are [`FenError::Holdings`].
pub fn split_holdings(fen: &str) -> Result<(String, Option<String>), FenError> {
    let trimmed = fen.trim();
    let (board, rest) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
    let Some(open) = board.find('[') else {
        if board.contains(']') || rest.contains(['[', ']']) {
            return Err(FenError::Holdings(board.to_string()));
        }
        return Ok((trimmed.to_string(), None));
    };
    let inner = &board[open + 1..];
    let Some(held) = inner.strip_suffix(']') else { return Err(FenError::Holdings(board.to_string())) };
    if held.contains(['[', ']']) || !held.chars().all(|c| c.is_ascii_alphabetic()) || rest.contains(['[', ']']) {
        return Err(FenError::Holdings(board.to_string()));
    }
    let plain = if rest.is_empty() { board[..open].to_string() } else { format!("{} {rest}", &board[..open]) };
    Ok((plain, Some(held.to_string())))
}

/// Writes pieces in hand after the board of `fen`, as [`split_holdings`] reads them; nothing
/// is added for an empty hand.
pub fn join_holdings(fen: &str, held: &str) -> String {
    if held.is_empty() {
        return fen.to_string();
    }
    match fen.split_once(' ') {
        Some((board, rest)) => format!("{board}[{held}] {rest}"),
        None => format!("{fen}[{held}]"),
    }
}

/// The largest move counter a position may be read with: far beyond any game's length (the
/// seventy-five-move rule ends a game long before), and far enough from the counters' limit
/// that counting on can never overflow.
pub const MAX_COUNTER: u32 = 1_000_000;

/// A FEN's halfmove clock or fullmove number: decimal digits, at most [`MAX_COUNTER`]. Every
/// position notation of herald's reads its counters through this.
pub fn read_counter(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().filter(|&n| n <= MAX_COUNTER)
}

/// Reads a FEN into a legal position of `rules`.
pub fn read(rules: &'static Rules, fen: &str) -> Result<Position, FenError> {
    Ok(Position::from_setup(rules, read_setup(rules, fen)?)?)
}

/// The letter of `piece` as FEN writes it.
pub fn piece_letter(rules: &Rules, piece: Piece) -> char {
    let letter = rules.piece(piece.role).letter;
    if piece.color.is_white() { letter } else { letter.to_ascii_lowercase() }
}

/// Writes the board field.
pub fn write_board(pos: &Position) -> String {
    let size = pos.rules().size();
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        let mut empty = 0;
        for file in 0..size.files {
            match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(piece_letter(pos.rules(), piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn write_castling(pos: &Position) -> String {
    let mut out = String::new();
    let size = pos.rules().size();
    let rights = pos.castling();
    if pos.rules().castling().len() > 1 {
        // The file of every piece that keeps a right, by colour and file.
        let mut named: Vec<(Color, u8)> = rights
            .iter()
            .flat_map(|(color, _, _, piece, rook)| [(color, piece.file()), (color, rook.file())])
            .collect();
        named.sort();
        named.dedup();
        out.extend(named.into_iter().map(|(color, file)| {
            let c = file_letter(file);
            if color.is_white() { c.to_ascii_uppercase() } else { c }
        }));
    } else {
        for (color, _, direction, _, rook) in rights.iter() {
            let outermost = if direction == 0 {
                (rook.file() + 1..size.files).all(|f| !is_castling_rook(pos, color, f, rook.rank()))
            } else {
                (0..rook.file()).all(|f| !is_castling_rook(pos, color, f, rook.rank()))
            };
            let c = if outermost { if direction == 0 { 'k' } else { 'q' } } else { file_letter(rook.file()) };
            out.push(if color.is_white() { c.to_ascii_uppercase() } else { c });
        }
    }
    if out.is_empty() { "-".to_string() } else { out }
}

fn is_castling_rook(pos: &Position, color: Color, file: u8, rank: u8) -> bool {
    let Some(def) = pos.rules().castling().first() else { return false };
    Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) == Some(Piece::new(color, def.rook))
}

/// Writes a position as FEN.
pub fn write(pos: &Position) -> String {
    let ep = match pos.ep_square() {
        Some(sq) if pos.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant) => sq.algebraic(),
        _ => "-".to_string(),
    };
    format!(
        "{} {} {} {} {} {}",
        write_board(pos),
        if pos.turn().is_white() { 'w' } else { 'b' },
        write_castling(pos),
        ep,
        pos.halfmoves(),
        pos.fullmoves()
    )
}

/// A position shows itself as its FEN: the shortest complete picture of it. (Written here, in
/// the notation that reads and writes positions, so that the engine knows nothing of it.)
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_are_split_off_and_joined_back() {
        let fen = "3qk3/8/8/8/8/8/8/4K3[SSSJsss] w - - 0 1";
        let (plain, held) = split_holdings(fen).unwrap();
        assert_eq!(plain, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(held.as_deref(), Some("SSSJsss"));
        assert_eq!(join_holdings(&plain, "SSSJsss"), fen);
        assert_eq!(split_holdings("8/8 w - -").unwrap(), ("8/8 w - -".to_string(), None));
        assert_eq!(split_holdings("8/8[] w").unwrap().1.as_deref(), Some(""));
        assert_eq!(join_holdings("8/8 w - -", ""), "8/8 w - -");
        for bad in ["8/8[S w", "8/8]S[ w", "8/8[S1] w", "8/8[S][s] w", "8/8[S]x w", "8/8 w [S]"] {
            assert!(matches!(split_holdings(bad), Err(FenError::Holdings(_))), "{bad}");
        }
    }
}
