//! Colours, roles and pieces.
//!
//! A [`Role`] is an index into the variant's table of piece definitions (see
//! [`crate::engine::rules::PieceDef`]), so a variant can have any pieces it likes: the core
//! never assumes that role 0 is a pawn or that a knight exists.

use std::fmt;

/// The two sides.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black, for indexing tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// True for White.
    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// "white" or "black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// "White" or "Black", as a name in a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// +1 for White (up the board), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most roles a variant may define (a role set is a `u32` bit mask).
pub const MAX_ROLES: usize = 32;

/// A kind of piece: an index into the variant's piece table.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Role(pub u8);

impl Role {
    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This role's bit in a role mask.
    #[inline]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }
}

/// A piece: a role of one colour.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}
