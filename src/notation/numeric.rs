//! The numeric move notation of Royal Chess, read and written as text.
//!
//! Squares are numbers: the file's number then the rank's, "64" for the sixth file, fourth
//! rank. The rank is always one digit, so "106" is file 10, rank 6; file 10 may also be
//! written "0" (the seed printed it as one glyph, which reaches us as "�", read as 10 too).
//! Pieces are designators, an upper-case letter that may carry a prime (`K Q G' G R B N`).
//!
//! - a piece move: designator, "-" (moves to) or "x" (captures), the square: `N-76`, `Bx44`;
//!   a number after the designator says which piece moves: a digit is its file or its rank
//!   (`N1-62`, `R5-91`), "10" or "0" file 10, a whole square its origin (`N43-62`);
//! - a pawn move: the square it lands on (`65`); a pawn capture: its file, "x", the square
//!   (`6x55`); any piece by its origin square (`64-65`);
//! - a promotion: `=` and the designator after the square (`18=Q`, `18G'`); a Guard whose
//!   Queen's powers are waived adds `(w)` (`18=G(w)`; also `w`, `waive`, `waived`);
//! - castling: `C` and the file the King moves to (`C8`), and a Guard move made as part of it
//!   after a dash (`C3-G4`: the Guard goes to file 4; `C3-G42`: to square 42; `C8-G'x73`).
//!
//! Move numbers before a move ("6.", "(6...)", "6") and the seed's annotations after it (`+ -+
//! ++ # S# P+ ! !! ? ?? !? ?!`, and the dots of "14. Bx75!...") are ignored. Black's pieces may
//! be written in lower case, as the seed's position records write them (`n-76`). What the designators mean, and which legal move a
//! text names, is the variant's business (`variants::royal`); this module only reads and
//! writes the text.

use std::fmt;

use crate::engine::geometry::{BoardSize, Square};

/// Where a numeric move says the moving piece starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Not said.
    Unsaid,
    /// One digit after a piece designator (1..=9): the file or the rank of that number.
    Line(u8),
    /// A file (0-based): a pawn's file before "x", or "10"/"0" after a designator.
    File(u8),
    /// The origin square.
    Square(Square),
}

/// Where a Guard moved as part of castling goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A file (0-based), as in the seed's "C3-G4".
    File(u8),
    /// A square.
    Square(Square),
}

/// The Guard move announced with a castling.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GuardMove {
    /// The Guard's designator, "G" or "G'".
    pub piece: String,
    /// Written with "x".
    pub capture: bool,
    /// Where it goes.
    pub to: Target,
}

/// What a numeric move says, each part as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NumericMove {
    /// A move of a piece or pawn.
    Move {
        /// The designator ("N", "G'", "P"), `None` when none was written.
        piece: Option<String>,
        /// Where it starts, as far as written.
        origin: Origin,
        /// Written with "x".
        capture: bool,
        /// Where it goes.
        to: Square,
        /// The designator a pawn becomes, and whether a Guard's Queen's powers are waived.
        promotion: Option<(String, bool)>,
    },
    /// Castling: the file (0-based) the King goes to, and a Guard's move made first.
    Castle {
        /// The King's file.
        king_file: u8,
        /// The Guard move, if announced.
        guard: Option<GuardMove>,
    },
}

/// The name of a file (0-based): "1".."9", "10".
pub fn file_name(file: u8) -> String {
    (file + 1).to_string()
}

/// The numeric name of a square: "64", "106".
pub fn square_name(sq: Square) -> String {
    sq.numeric()
}

/// A file written as a number: "1".."9", "10", or "0" for file 10; 0-based.
fn read_file(digits: &str, size: BoardSize) -> Option<u8> {
    let file = match digits {
        "0" | "10" => 9,
        d if d.len() == 1 => d.parse::<u8>().ok()?.checked_sub(1)?,
        _ => return None,
    };
    (file < size.files).then_some(file)
}

/// A square written as numbers: the file ("1".."10" or "0") then one digit for the rank.
pub fn read_square(digits: &str, size: BoardSize) -> Option<Square> {
    if digits.len() < 2 || !digits.is_ascii() {
        return None;
    }
    let (file, rank) = digits.split_at(digits.len() - 1);
    let file = read_file(file, size)?;
    let rank = rank.parse::<u8>().ok()?.checked_sub(1)?;
    Square::new(file, rank).filter(|&sq| size.contains(sq))
}

/// True for a word that only annotates a move.
fn is_annotation(word: &str) -> bool {
    matches!(word, "S#" | "P+" | "-+" | "RR") || (!word.is_empty() && word.chars().all(|c| "+#!?".contains(c)))
}

/// The text of a move without move numbers and annotations, with look-alike signs made
/// plain: typographic primes and dashes, ":" and "×" for "x", "�" for file 10.
pub fn clean(text: &str) -> String {
    let plain: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '’' | '‘' | '`' | '´' | '′' => '\'',
            '×' | ':' => 'x',
            '–' | '—' | '‐' | '−' => '-',
            '…' => '.',
            other => other,
        })
        .collect::<String>()
        .replace('\u{FFFD}', "0");
    let mut words: Vec<&str> = plain.split_whitespace().collect();
    // "6.", "(6...)", "6...": a move number.
    while words.len() > 1 && words[0].trim_matches(['(', ')', '.']).chars().all(|c| c.is_ascii_digit()) {
        words.remove(0);
    }
    while words.len() > 1 && words.last().is_some_and(|w| is_annotation(w)) {
        words.pop();
    }
    let mut s = words.concat();
    // "6.54" or "(6...)55" written together.
    if let Some(close) = s.find(')')
        && s[..close].trim_start_matches('(').trim_end_matches('.').chars().all(|c| c.is_ascii_digit())
        && s.starts_with('(')
    {
        s = s[close + 1..].to_string();
    }
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && s[digits..].starts_with('.') {
        s = s[digits..].trim_start_matches('.').to_string();
    }
    loop {
        let before = s.len();
        // "14. Bx75!...": the seed's dots say the game goes on, after the judgement.
        s.truncate(s.trim_end_matches('.').len());
        for suffix in ["S#", "P+", "++", "-+", "+", "#", "!", "?"] {
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

/// A designator at the start of `text`: a letter and an optional prime, upper case as White's
/// pieces are written, or one of the seed's letters in lower case as it writes Black's (`n-76`,
/// `g'-78`): either names the piece of the side to move.
fn designator(text: &str) -> Option<(String, &str)> {
    let first = text.chars().next().filter(|c| c.is_ascii_uppercase() || "kqgrbnp".contains(*c))?.to_ascii_uppercase();
    let rest = &text[1..];
    match rest.strip_prefix('\'') {
        Some(after) => Some((format!("{first}'"), after)),
        None => Some((first.to_string(), rest)),
    }
}

/// Splits off the leading digits.
fn digits(text: &str) -> (&str, &str) {
    let n = text.bytes().take_while(u8::is_ascii_digit).count();
    text.split_at(n)
}

/// The promotion after a pawn's square: "=Q", "(Q)", "/Q", "Q", with "(w)" or "w" after a
/// Guard that waives the Queen's powers.
fn promotion(text: &str) -> Option<Option<(String, bool)>> {
    if text.is_empty() {
        return Some(None);
    }
    let body = text.strip_prefix(['=', '/']).unwrap_or(text);
    let (body, closing) = match body.strip_prefix('(') {
        Some(inner) => (inner, true),
        None => (body, false),
    };
    let (piece, mut rest) = designator(body)?;
    if closing {
        rest = rest.strip_prefix(')')?;
    }
    let waiver = rest.trim_matches(['(', ')', '-', '.']).to_ascii_lowercase();
    let waived = match waiver.as_str() {
        "" => false,
        "w" | "waive" | "waived" => true,
        _ => return None,
    };
    Some(Some((piece, waived)))
}

/// Reads a numeric move (after [`clean`]) on a board of `size`; `None` if the text is not one.
pub fn read(text: &str, size: BoardSize) -> Option<NumericMove> {
    let text = clean(text);
    if let Some(rest) = text.strip_prefix('C')
        && rest.starts_with(|c: char| c.is_ascii_digit())
    {
        let (file, rest) = digits(rest);
        let king_file = read_file(file, size)?;
        if rest.is_empty() {
            return Some(NumericMove::Castle { king_file, guard: None });
        }
        let rest = rest.strip_prefix('-')?;
        let (piece, rest) = designator(rest)?;
        if !piece.starts_with('G') {
            return None;
        }
        let (capture, rest) = match rest.strip_prefix(['x', '-']) {
            Some(after) => (rest.starts_with('x'), after),
            None => (false, rest),
        };
        let to = match rest.len() {
            1 | 2 if read_file(rest, size).is_some() => Target::File(read_file(rest, size)?),
            _ => Target::Square(read_square(rest, size)?),
        };
        return Some(NumericMove::Castle { king_file, guard: Some(GuardMove { piece, capture, to }) });
    }
    let (piece, rest) = match designator(&text) {
        Some((piece, rest)) => (Some(piece), rest),
        None => (None, text.as_str()),
    };
    let (first, rest) = digits(rest);
    let (origin, capture, to, rest) = match rest.strip_prefix(['-', 'x']) {
        Some(after) => {
            let capture = rest.starts_with('x');
            let (dest, after) = digits(after);
            let origin = match (first.len(), &piece) {
                (0, _) => Origin::Unsaid,
                (1, Some(p)) if p != "P" && first != "0" => Origin::Line(first.parse().ok()?),
                (1, _) => Origin::File(read_file(first, size)?),
                (2, _) if first == "10" => Origin::File(9),
                _ => Origin::Square(read_square(first, size)?),
            };
            (origin, capture, read_square(dest, size)?, after)
        }
        None => (Origin::Unsaid, false, read_square(first, size)?, rest),
    };
    if origin == Origin::Unsaid && piece.is_none() && capture {
        return None;
    }
    let promotion = promotion(rest)?;
    Some(NumericMove::Move { piece, origin, capture, to, promotion })
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Unsaid => Ok(()),
            Origin::Line(d) => write!(f, "{d}"),
            Origin::File(file) => f.write_str(&file_name(*file)),
            Origin::Square(sq) => f.write_str(&square_name(*sq)),
        }
    }
}

impl fmt::Display for NumericMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumericMove::Castle { king_file, guard } => {
                write!(f, "C{}", file_name(*king_file))?;
                if let Some(g) = guard {
                    write!(f, "-{}{}", g.piece, if g.capture { "x" } else { "" })?;
                    match g.to {
                        Target::File(file) => f.write_str(&file_name(file))?,
                        Target::Square(sq) => f.write_str(&square_name(sq))?,
                    }
                }
                Ok(())
            }
            NumericMove::Move { piece, origin, capture, to, promotion } => {
                if let Some(p) = piece {
                    f.write_str(p)?;
                }
                let sign = if *capture { "x" } else { "-" };
                if piece.is_some() || *origin != Origin::Unsaid {
                    write!(f, "{origin}{sign}")?;
                }
                f.write_str(&square_name(*to))?;
                if let Some((p, waived)) = promotion {
                    write!(f, "={p}{}", if *waived { "(w)" } else { "" })?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: BoardSize = BoardSize::TEN_BY_EIGHT;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file - 1, rank - 1).unwrap()
    }

    #[test]
    fn squares_with_file_ten_written_three_ways() {
        assert_eq!(read_square("64", SIZE), Some(sq(6, 4)));
        assert_eq!(read_square("106", SIZE), Some(sq(10, 6)));
        assert_eq!(read_square("06", SIZE), Some(sq(10, 6)));
        assert_eq!(read("\u{FFFD}5", SIZE), read("105", SIZE));
        assert_eq!(read_square("19", SIZE), None);
        assert_eq!(read_square("116", SIZE), None);
        assert_eq!(read_square("6", SIZE), None);
    }

    #[test]
    fn the_seed_s_forms() {
        let m = |piece: Option<&str>, origin, capture, to| NumericMove::Move {
            piece: piece.map(str::to_string),
            origin,
            capture,
            to,
            promotion: None,
        };
        assert_eq!(read("54", SIZE), Some(m(None, Origin::Unsaid, false, sq(5, 4))));
        assert_eq!(read("N-76", SIZE), Some(m(Some("N"), Origin::Unsaid, false, sq(7, 6))));
        assert_eq!(read("5x44", SIZE), Some(m(None, Origin::File(4), true, sq(4, 4))));
        assert_eq!(read("N1-62", SIZE), Some(m(Some("N"), Origin::Line(1), false, sq(6, 2))));
        assert_eq!(read("G'-97", SIZE), Some(m(Some("G'"), Origin::Unsaid, false, sq(9, 7))));
        assert_eq!(read("9x\u{FFFD}5", SIZE), Some(m(None, Origin::File(8), true, sq(10, 5))));
        assert_eq!(read("14. Bx75!", SIZE), Some(m(Some("B"), Origin::Unsaid, true, sq(7, 5))));
        assert_eq!(read("(6...) 55", SIZE), Some(m(None, Origin::Unsaid, false, sq(5, 5))));
        assert_eq!(read("B-\u{FFFD}6+", SIZE), Some(m(Some("B"), Origin::Unsaid, false, sq(10, 6))));
        assert_eq!(read("R10-95", SIZE), Some(m(Some("R"), Origin::File(9), false, sq(9, 5))));
        assert_eq!(read("N43-62", SIZE), Some(m(Some("N"), Origin::Square(sq(4, 3)), false, sq(6, 2))));
        assert_eq!(
            read("C3-G4", SIZE),
            Some(NumericMove::Castle {
                king_file: 2,
                guard: Some(GuardMove { piece: "G".into(), capture: false, to: Target::File(3) })
            })
        );
        assert_eq!(read("C8", SIZE), Some(NumericMove::Castle { king_file: 7, guard: None }));
        assert_eq!(
            read("18=G'(w)", SIZE),
            Some(NumericMove::Move {
                piece: None,
                origin: Origin::Unsaid,
                capture: false,
                to: sq(1, 8),
                promotion: Some(("G'".into(), true))
            })
        );
    }

    #[test]
    fn what_is_not_a_move() {
        for text in ["", "x54", "N-", "5476", "C", "C3-N4", "N-76-54", "18=", "18=Gz", "RR"] {
            assert_eq!(read(text, SIZE), None, "{text}");
        }
    }

    #[test]
    fn written_moves_read_back() {
        for text in ["54", "N-76", "5x44", "N1-62", "R10-95", "C3-G4", "C8-G'x73", "18=G(w)", "6x55=Q", "64-65"] {
            let m = read(text, SIZE).unwrap();
            assert_eq!(m.to_string(), text);
        }
    }
}
