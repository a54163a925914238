//! The position record of Royal Chess ("Recording Positions"), read and written as text.
//!
//! Seen from White's side, the ranks are written from the top (rank 8) down, each ended by a
//! comma; within a rank, from the left: a piece's designator (upper case White, lower case
//! Black, a prime for the King's Guard: `g'`), or the number of vacant squares in a row. The
//! vacant squares at the end of a rank may be left out, and a wholly vacant rank is `0`.
//! A first line `WM 24` or `BM 41` (also `WM-24`, and with notes after a comma: `WM-24,
//! T#-4`) says who moves and the move number.
//!
//! ```text
//! BM 41
//! 7 g' k,
//! p p 1 q 2 r p p p,
//! ```
//!
//! What the designators mean is the variant's business; this module only reads and writes
//! the text.

use std::fmt;

use crate::engine::geometry::{BoardSize, Square};
use crate::engine::piece::Color;

/// A position record: who stands where, and who moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board's size.
    pub size: BoardSize,
    /// Each occupied square with its piece's colour and upper-case designator ("G'").
    pub pieces: Vec<(Square, Color, String)>,
    /// Side to move and its move number, when the record says.
    pub to_move: Option<(Color, u32)>,
}

/// Why a text is not a position record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The record has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks on the board.
        expected: u8,
    },
    /// A rank holds more squares than the board has files.
    RankTooLong {
        /// The rank (1-based).
        rank: u8,
    },
    /// A word that is neither a designator nor a number of vacant squares.
    Word(String),
    /// The first line says who moves but cannot be read.
    Header(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::RankCount { found, expected } => {
                write!(f, "the record has {found} ranks (each ended by a comma), the board {expected}")
            }
            RecordError::RankTooLong { rank } => write!(f, "rank {rank} has more squares than the board"),
            RecordError::Word(w) => write!(f, "{w:?} is neither a piece nor a number of vacant squares"),
            RecordError::Header(h) => write!(f, "{h:?} should say who moves: WM 24 or BM 41"),
        }
    }
}

impl std::error::Error for RecordError {}

/// "WM 24", "BM-41", "WM-24, T#-4": who moves and the move number.
fn read_header(line: &str) -> Result<(Color, u32), RecordError> {
    let bad = || RecordError::Header(line.to_string());
    let head = line.split(',').next().unwrap_or_default().trim();
    let color = match head.get(..2) {
        Some("WM") => Color::White,
        Some("BM") => Color::Black,
        _ => return Err(bad()),
    };
    let number = head[2..].trim_start_matches(['-', ' ']).trim();
    let number = if number.is_empty() { 1 } else { super::fen::read_counter(number).ok_or_else(bad)?.max(1) };
    Ok((color, number))
}

/// Reads a position record on a board of `size`.
pub fn read(text: &str, size: BoardSize) -> Result<Record, RecordError> {
    let text = text.trim();
    let (to_move, body) = match text.get(..2) {
        Some("WM" | "BM") => {
            let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
            (Some(read_header(first)?), rest)
        }
        _ => (None, text),
    };
    let mut ranks: Vec<&str> = body.split(',').collect();
    // The comma after the last rank is optional.
    if ranks.len() > usize::from(size.ranks) && ranks.last().is_some_and(|r| r.trim().is_empty()) {
        ranks.pop();
    }
    if ranks.len() != usize::from(size.ranks) {
        return Err(RecordError::RankCount { found: ranks.len(), expected: size.ranks });
    }
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = size.ranks - 1 - i as u8;
        let words: Vec<&str> = rank_text.split_whitespace().collect();
        if words == ["0"] {
            continue;
        }
        let mut file: u16 = 0;
        for word in words {
            if let Ok(vacant) = word.parse::<u16>() {
                if vacant == 0 {
                    return Err(RecordError::Word(word.to_string()));
                }
                file += vacant;
            } else {
                let mut chars = word.chars();
                let letter = chars.next().filter(char::is_ascii_alphabetic);
                let prime = chars.as_str();
                let Some(letter) = letter.filter(|_| prime.is_empty() || prime == "'") else {
                    return Err(RecordError::Word(word.to_string()));
                };
                let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
                let Some(sq) = Square::new(file.min(255) as u8, rank).filter(|&sq| file < 255 && size.contains(sq))
                else {
                    return Err(RecordError::RankTooLong { rank: rank + 1 });
                };
                pieces.push((sq, color, format!("{}{prime}", letter.to_ascii_uppercase())));
                file += 1;
            }
            if file > u16::from(size.files) {
                return Err(RecordError::RankTooLong { rank: rank + 1 });
            }
        }
    }
    Ok(Record { size, pieces, to_move })
}

/// Writes a position record, with the `WM 24` line when it says who moves.
pub fn write(record: &Record) -> String {
    let mut out = String::new();
    if let Some((color, number)) = record.to_move {
        out.push_str(&format!("{}M {number}\n", if color.is_white() { 'W' } else { 'B' }));
    }
    out.push_str(&write_ranks(record).join("\n"));
    out
}

/// The ranks of a record, top first, each with its comma.
pub fn write_ranks(record: &Record) -> Vec<String> {
    let size = record.size;
    (0..size.ranks)
        .rev()
        .map(|rank| {
            let mut words: Vec<String> = Vec::new();
            let mut vacant = 0;
            for file in 0..size.files {
                let here = record.pieces.iter().find(|(sq, _, _)| sq.file() == file && sq.rank() == rank);
                match here {
                    Some((_, color, designator)) => {
                        if vacant > 0 {
                            words.push(vacant.to_string());
                            vacant = 0;
                        }
                        words.push(if color.is_white() { designator.clone() } else { designator.to_lowercase() });
                    }
                    None => vacant += 1,
                }
            }
            if words.is_empty() { "0,".to_string() } else { format!("{},", words.join(" ")) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's first example, as printed.
    const SEED: &str = "BM 41\n7 g' k,\np p 1 q 2 r p p p,\n2 p g 1 R p n,\n3 p b,\n0,\n2 P B 2 N,\n\
                        P P 1 Q 1 G P P P P,\n7 K G',";

    #[test]
    fn the_seed_s_example_reads_and_writes_back() {
        let record = read(SEED, BoardSize::TEN_BY_EIGHT).unwrap();
        assert_eq!(record.to_move, Some((Color::Black, 41)));
        assert_eq!(record.pieces.len(), 2 + 7 + 5 + 2 + 3 + 8 + 2);
        let g = record.pieces.iter().find(|(sq, _, _)| sq.algebraic() == "h8").unwrap();
        assert_eq!((g.1, g.2.as_str()), (Color::Black, "G'"));
        assert_eq!(write(&record), SEED);
    }

    #[test]
    fn broken_records() {
        let size = BoardSize::TEN_BY_EIGHT;
        assert!(matches!(read("0,0,0", size), Err(RecordError::RankCount { found: 3, .. })));
        assert!(matches!(read("11,0,0,0,0,0,0,0,", size), Err(RecordError::RankTooLong { rank: 8 })));
        assert!(matches!(read("9 K K,0,0,0,0,0,0,0,", size), Err(RecordError::RankTooLong { rank: 8 })));
        assert!(matches!(read("K'',0,0,0,0,0,0,0,", size), Err(RecordError::Word(_))));
        assert!(matches!(read("XM 3\n0,0,0,0,0,0,0,0,", size), Err(RecordError::Word(_))));
        assert!(matches!(read("WM x\n0,0,0,0,0,0,0,0,", size), Err(RecordError::Header(_))));
    }
}
