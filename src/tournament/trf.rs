//! FIDE's Tournament Report File, TRF-16 (Handbook C.04, Annex 2).

use super::{Entrant, Pairing, Tournament};

/// The tournament as TRF-16.
pub fn export(t: &Tournament, entrants: &[Entrant], pairings: &[Pairing]) -> String {
    let _ = (t, entrants, pairings);
    todo!("trf::export")
}
