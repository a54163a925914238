//! The tables players read in their mail: a crosstable within 78 columns in a fixed-width
//! font, and a list for larger fields.

use super::standings::Standing;
use super::{Entrant, Pairing};

/// The crosstable (up to 12 players) or the results list (beyond), as plain text.
pub fn text(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing]) -> String {
    let _ = (entrants, pairings, standings);
    todo!("crosstable::text")
}
