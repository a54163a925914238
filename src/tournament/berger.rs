//! Round robins by the FIDE Berger tables (Handbook C.05, Annex 1).

use super::Pairing;

/// The pairings of every round of a round robin of `players` entrants (numbered from 1), by
/// the Berger tables; an odd number gets a dummy, and meeting it is the bye. `cycles` is 1
/// or 2 (double round robin: the same schedule with colours reversed). Scores are `None`.
pub fn schedule(players: u32, cycles: u32) -> Vec<Pairing> {
    let _ = (players, cycles);
    todo!("berger::schedule")
}
