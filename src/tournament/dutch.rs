//! The FIDE Dutch system (Handbook C.04.3).

use super::{Entrant, Pairing, Points};
use crate::engine::Color;

/// A Swiss round to pair.
pub struct SwissRound<'a> {
    /// Every entrant; the withdrawn are not paired.
    pub entrants: &'a [Entrant],
    /// Every earlier round, with scores.
    pub previous: &'a [Pairing],
    /// The round to pair, from 1.
    pub round: u32,
    /// Rounds in all.
    pub total_rounds: u32,
    /// White's colour for starting number 1 in round 1.
    pub initial_colour: Color,
    /// Pairs that must not meet.
    pub forbidden: &'a [(u32, u32)],
    /// What the pairing-allocated bye scores.
    pub bye_points: Points,
}

/// Why a round cannot be paired.
#[derive(Debug)]
pub struct PairingError(pub String);

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The pairings of the round.
pub fn pair(input: &SwissRound<'_>) -> Result<Vec<Pairing>, PairingError> {
    let _ = input;
    todo!("dutch::pair")
}
