//! Squares, board sizes and sets of squares.
//!
//! Every board herald knows fits in one fixed layout of 12 files by 10 ranks (the same idea
//! as Fairy-Stockfish's single 12x10 layout): a square's index is `rank * 12 + file` whatever
//! the variant's board size, so a set of squares is one `u128` and tables built for one board
//! size never need translating. A [`BoardSize`] says which part of the layout is in play.

use std::fmt;

/// The widest board the layout holds.
pub const MAX_FILES: u8 = 12;
/// The tallest board the layout holds.
pub const MAX_RANKS: u8 = 10;
/// Number of squares in the fixed layout.
pub const LAYOUT_SQUARES: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// A square of the fixed 12x10 layout. File 0 is "a", rank 0 is "1".
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0-based) and `rank` (0-based); `None` outside the layout.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS { Some(Square(rank * MAX_FILES + file)) } else { None }
    }

    /// The square with this layout index; callers guarantee `index < LAYOUT_SQUARES`.
    pub(crate) const fn from_index(index: usize) -> Square {
        debug_assert!(index < LAYOUT_SQUARES);
        Square(index as u8)
    }

    /// Index into the fixed layout (`rank * 12 + file`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file.
    pub const fn file(self) -> u8 {
        self.0 % MAX_FILES
    }

    /// 0-based rank.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_FILES
    }

    /// The square `df` files and `dr` ranks away, if it is on a board of `size`.
    pub fn offset(self, df: i8, dr: i8, size: BoardSize) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 || file >= size.files as i8 || rank >= size.ranks as i8 {
            None
        } else {
            Square::new(file as u8, rank as u8)
        }
    }

    /// True for the dark squares (a1 is dark on every board).
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The algebraic name: file letter a..l, then rank 1..10 ("e4", "j10").
    pub fn algebraic(self) -> String {
        format!("{}{}", file_letter(self.file()), self.rank() + 1)
    }

    /// The numeric name used by ICCF and Royal Chess: file number then rank number,
    /// "64" for e.g. file 6, rank 4; file 10 is written "10" ("106").
    pub fn numeric(self) -> String {
        format!("{}{}", self.file() + 1, self.rank() + 1)
    }

    /// The squares strictly between `self` and `other` on a rank, file or diagonal, nearest
    /// first; none if the two do not share a line (a knight's move) or are neighbours.
    pub fn between(self, other: Square) -> Vec<Square> {
        let (df, dr) = (other.file() as i8 - self.file() as i8, other.rank() as i8 - self.rank() as i8);
        if (df != 0 && dr != 0 && df.abs() != dr.abs()) || (df == 0 && dr == 0) {
            return Vec::new();
        }
        let steps = df.abs().max(dr.abs());
        (1..steps)
            .filter_map(|k| {
                Square::new((self.file() as i8 + df.signum() * k) as u8, (self.rank() as i8 + dr.signum() * k) as u8)
            })
            .collect()
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.algebraic())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.algebraic())
    }
}

/// The letter of a 0-based file.
pub fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

/// The size of a variant's board.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Hash)]
pub struct BoardSize {
    /// Number of files, 1..=12.
    pub files: u8,
    /// Number of ranks, 1..=10.
    pub ranks: u8,
}

impl BoardSize {
    /// The 8x8 board of FIDE chess.
    pub const CHESS: BoardSize = BoardSize { files: 8, ranks: 8 };
    /// The 10x8 board of Capablanca and Royal Chess.
    pub const TEN_BY_EIGHT: BoardSize = BoardSize { files: 10, ranks: 8 };

    /// True if `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// Every square of the board, a1 first, rank by rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks).flat_map(move |r| (0..self.files).filter_map(move |f| Square::new(f, r)))
    }

    /// All squares of the board as a set.
    pub fn all(self) -> SquareSet {
        self.squares().collect()
    }

    /// The rank that is `n` ranks (0-based) from `color`'s own edge.
    pub const fn relative_rank(self, white: bool, n: u8) -> u8 {
        if white { n } else { self.ranks - 1 - n }
    }

    /// Parses an algebraic square name ("e4", "j10") on this board.
    pub fn parse_algebraic(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f as u8 - b'a';
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if rest.starts_with('0') {
            return None;
        }
        let rank: u8 = rest.parse::<u8>().ok()?.checked_sub(1)?;
        let sq = Square::new(file, rank)?;
        self.contains(sq).then_some(sq)
    }
}

/// A set of squares of the fixed layout.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// True if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.0;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.0);
    }

    /// True if the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The only square of a one-square set.
    pub fn single(self) -> Option<Square> {
        (self.count() == 1).then(|| Square(self.0.trailing_zeros() as u8))
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_square_of_the_largest_board() {
        let size = BoardSize { files: 12, ranks: 10 };
        for sq in size.squares() {
            assert_eq!(size.parse_algebraic(&sq.algebraic()), Some(sq));
        }
        assert_eq!(size.squares().count(), 120);
    }

    #[test]
    fn algebraic_and_numeric_names() {
        let e4 = Square::new(4, 3).unwrap();
        assert_eq!(e4.algebraic(), "e4");
        assert_eq!(e4.numeric(), "54");
        let j6 = Square::new(9, 5).unwrap();
        assert_eq!(j6.numeric(), "106");
        assert_eq!(BoardSize::TEN_BY_EIGHT.parse_algebraic("j8"), Some(Square::new(9, 7).unwrap()));
        assert_eq!(BoardSize::CHESS.parse_algebraic("i1"), None);
        assert_eq!(BoardSize::CHESS.parse_algebraic("a9"), None);
        assert_eq!(BoardSize::CHESS.parse_algebraic("a0"), None);
        assert_eq!(BoardSize::CHESS.parse_algebraic("a01"), None);
    }

    #[test]
    fn a1_is_dark_and_h1_is_light() {
        assert!(Square::new(0, 0).unwrap().is_dark());
        assert!(!Square::new(7, 0).unwrap().is_dark());
    }
}
