//! The tables players read in their mail: a crosstable within 78 columns in a fixed-width
//! font, and a list for larger fields.

use super::standings::Standing;
use super::{Entrant, Pairing};

/// The crosstable (up to 12 players) or the results list (beyond), as plain text.
pub fn text(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing]) -> String {
    let _ = (entrants, pairings, standings);
    todo!("crosstable::text")
}

/// The standings with their tie-breaks, as text.
pub fn standings_text(
    entrants: &[Entrant],
    standings: &[Standing],
    tiebreaks: &[super::standings::TieBreak],
) -> String {
    let _ = (entrants, standings, tiebreaks);
    todo!("crosstable::standings_text")
}

/// One round's pairings with their results, as text.
pub fn round_text(entrants: &[Entrant], pairings: &[Pairing], round: u32) -> String {
    let _ = (entrants, pairings, round);
    todo!("crosstable::round_text")
}
