//! FEN for crowds: FEN as in chess, where a square holding several pieces is written as
//! their letters in square brackets, counting as one square of its rank.
//!
//! `rnbqkbnr/pppp1ppp/8/8/4[Pp]3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2` has a white and a black
//! pawn on e4. Inside the brackets White's pieces come first, each side's in the order
//! P N B R Q K; the reader takes them in any order, so a crowd is a set of pieces and only
//! the writer's spelling is canonical. A bracket holds at least two pieces: a single piece is
//! written without one. Castling is `KQkq` (the king on e1 or e8, the rook in its corner,
//! either possibly in a crowd) or `-`; the en passant square is written only when an en
//! passant capture is legal, so that equal positions have equal FENs.

use std::fmt;

use super::position::{CrowdPosition, CrowdPositionError, CrowdSetup};
use crate::engine::geometry::Square;
use crate::engine::piece::{Color, Piece};
use crate::engine::rules::Rules;

/// A FEN that cannot be read, or whose position is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrowdFenError {
    /// Not 4 to 6 space-separated fields.
    Fields(usize),
    /// The board has the wrong number of ranks.
    RankCount(usize),
    /// A rank has the wrong number of squares.
    FileCount {
        /// The rank (1-based).
        rank: u8,
        /// Squares found.
        found: usize,
    },
    /// A letter that names no piece.
    UnknownPiece(char),
    /// A bracket that is not closed, nested, or holds fewer than two pieces.
    Crowd(String),
    /// The side to move is not "w" or "b".
    Turn(String),
    /// The castling field is not `-` or letters of `KQkq`.
    Castling(String),
    /// The en passant field is not a square or "-".
    EnPassant(String),
    /// A move counter is not a number.
    Counter(String),
    /// The position is readable but not legal.
    Position(CrowdPositionError),
}

impl fmt::Display for CrowdFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrowdFenError::Fields(n) => write!(f, "a FEN has 4 to 6 fields separated by spaces, this one has {n}"),
            CrowdFenError::RankCount(n) => write!(f, "the board has {n} ranks, not 8"),
            CrowdFenError::FileCount { rank, found } => write!(f, "rank {rank} has {found} squares, not 8"),
            CrowdFenError::UnknownPiece(c) => write!(f, "'{c}' is not a piece of this variant"),
            CrowdFenError::Crowd(s) => {
                write!(f, "{s:?} is not a crowd: write the letters of two or more pieces between [ and ], as in [Pp]")
            }
            CrowdFenError::Turn(s) => write!(f, "side to move {s:?} is not w or b"),
            CrowdFenError::Castling(s) => write!(f, "castling field {s:?} is not - or letters of KQkq"),
            CrowdFenError::EnPassant(s) => write!(f, "en passant field {s:?} is not a square or -"),
            CrowdFenError::Counter(s) => write!(f, "move counter {s:?} is not a number"),
            CrowdFenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for CrowdFenError {}

fn piece_of(rules: &Rules, c: char) -> Result<Piece, CrowdFenError> {
    let role = rules.role_by_letter(c).filter(|_| c.is_ascii_alphabetic()).ok_or(CrowdFenError::UnknownPiece(c))?;
    Ok(Piece::new(if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role))
}

fn read_board(rules: &Rules, field: &str, setup: &mut CrowdSetup) -> Result<(), CrowdFenError> {
    let size = rules.size();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != size.ranks as usize {
        return Err(CrowdFenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = size.ranks - 1 - i as u8;
        let mut file = 0usize;
        let mut chars = text.chars();
        let mut place = |file: usize, pieces: Vec<Piece>| -> Result<(), CrowdFenError> {
            let sq = Square::new(file as u8, rank).filter(|_| file < size.files as usize);
            let sq = sq.ok_or(CrowdFenError::FileCount { rank: rank + 1, found: file + 1 })?;
            setup.squares[sq.index()] = pieces;
            Ok(())
        };
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(CrowdFenError::FileCount { rank: rank + 1, found: file });
                }
                file += d as usize;
                if file > size.files as usize {
                    return Err(CrowdFenError::FileCount { rank: rank + 1, found: file });
                }
            } else if c == '[' {
                let mut inside = String::new();
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == ']' {
                        closed = true;
                        break;
                    }
                    inside.push(c);
                }
                if !closed {
                    return Err(CrowdFenError::Crowd(format!("[{inside}")));
                }
                let pieces = inside.chars().map(|c| piece_of(rules, c)).collect::<Result<Vec<_>, _>>();
                let pieces = pieces.map_err(|_| CrowdFenError::Crowd(format!("[{inside}]")))?;
                if pieces.len() < 2 {
                    return Err(CrowdFenError::Crowd(format!("[{inside}]")));
                }
                place(file, pieces)?;
                file += 1;
            } else {
                place(file, vec![piece_of(rules, c)?])?;
                file += 1;
            }
        }
        if file != size.files as usize {
            return Err(CrowdFenError::FileCount { rank: rank + 1, found: file });
        }
    }
    Ok(())
}

/// Reads a FEN with crowds into an unchecked setup.
pub fn read_setup(rules: &Rules, text: &str) -> Result<CrowdSetup, CrowdFenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(CrowdFenError::Fields(fields.len()));
    }
    let mut setup = CrowdSetup::empty();
    read_board(rules, fields[0], &mut setup)?;
    setup.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(CrowdFenError::Turn(other.to_string())),
    };
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (color, direction) = match c {
                'K' => (Color::White, 0),
                'Q' => (Color::White, 1),
                'k' => (Color::Black, 0),
                'q' => (Color::Black, 1),
                _ => return Err(CrowdFenError::Castling(fields[2].to_string())),
            };
            let right = &mut setup.castling[color.index()][direction];
            if *right {
                return Err(CrowdFenError::Castling(fields[2].to_string()));
            }
            *right = true;
        }
    }
    setup.ep_square = match fields[3] {
        "-" => None,
        s => Some(rules.size().parse_algebraic(s).ok_or_else(|| CrowdFenError::EnPassant(s.to_string()))?),
    };
    let counter = |s: &str| crate::notation::fen::read_counter(s).ok_or_else(|| CrowdFenError::Counter(s.to_string()));
    if let Some(h) = fields.get(4) {
        setup.halfmoves = counter(h)?;
    }
    if let Some(f) = fields.get(5) {
        setup.fullmoves = counter(f)?.max(1);
    }
    Ok(setup)
}

/// Reads a FEN with crowds into a legal position.
pub fn read(rules: &'static Rules, text: &str) -> Result<CrowdPosition, CrowdFenError> {
    CrowdPosition::from_setup(rules, read_setup(rules, text)?).map_err(CrowdFenError::Position)
}

fn letter(rules: &Rules, piece: Piece) -> char {
    let letter = rules.piece(piece.role).letter;
    if piece.color.is_white() { letter } else { letter.to_ascii_lowercase() }
}

/// The board field, crowds in brackets.
pub fn write_board(pos: &CrowdPosition) -> String {
    let rules = pos.rules();
    let size = rules.size();
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        let mut empty = 0;
        for file in 0..size.files {
            let pieces = Square::new(file, rank).map_or(&[][..], |sq| pos.at(sq));
            if pieces.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            let letters = pieces.iter().map(|&p| letter(rules, p));
            if pieces.len() == 1 {
                out.extend(letters);
            } else {
                out.push('[');
                out.extend(letters);
                out.push(']');
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

fn write_castling(pos: &CrowdPosition) -> String {
    let mut out = String::new();
    for (color, letters) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
        for (direction, c) in letters.into_iter().enumerate() {
            if pos.castling_right(color, direction) {
                out.push(c);
            }
        }
    }
    if out.is_empty() { "-".to_string() } else { out }
}

/// What makes a position the same for the repetition rules: board, side to move, castling,
/// and the en passant square when the capture is legal.
pub(crate) fn write_identity(pos: &CrowdPosition) -> String {
    let ep = match pos.ep_square() {
        Some(sq) if pos.has_legal_en_passant() => sq.algebraic(),
        _ => "-".to_string(),
    };
    format!("{} {} {} {ep}", write_board(pos), if pos.turn().is_white() { 'w' } else { 'b' }, write_castling(pos))
}

/// Writes a position as FEN with crowds.
pub fn write(pos: &CrowdPosition) -> String {
    format!("{} {} {}", write_identity(pos), pos.halfmoves(), pos.fullmoves())
}
