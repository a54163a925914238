//! The variants herald referees, each in a file of its own that reads like its rules page.
//!
//! A variant is mostly data (see [`crate::engine::rules::VariantDef`]); the [`Variant`] trait
//! is what the rest of herald (notation, the command line, the referee) asks of it.

pub mod capablanca;
pub mod chess;

use crate::engine::position::Position;
use crate::engine::rules::Rules;
use crate::notation::fen;

/// A variant of chess that herald can referee.
pub trait Variant: Sync {
    /// The identifier used on the command line and in stored games, e.g. "chess".
    fn id(&self) -> &'static str;
    /// The name shown to players.
    fn name(&self) -> &'static str;
    /// One line saying what the variant is.
    fn summary(&self) -> &'static str;
    /// The rules, with their precomputed tables.
    fn rules(&self) -> &'static Rules;
    /// The starting position.
    fn start_position(&self) -> Position {
        fen::read(self.rules(), self.rules().def().start_fen).expect("a variant's start position is legal")
    }
}

/// Every variant, in the order `herald variants` lists them.
pub fn all() -> &'static [&'static dyn Variant] {
    &[&chess::Chess, &capablanca::Capablanca]
}

/// The variant with this identifier.
pub fn by_id(id: &str) -> Option<&'static dyn Variant> {
    all().iter().copied().find(|v| v.id() == id)
}
