//! Scores, ranks and tie-breaks (FIDE Handbook C.07), in the variant's own points.

use super::{Entrant, Pairing, Points};

/// A tie-break, by its FIDE name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Sum of the scores of the opponents beaten, plus half... (see the implementation).
    SonnebornBerger,
    /// Sum of the opponents' scores.
    Buchholz,
    /// Buchholz less the lowest opponent's score.
    BuchholzCut1,
    /// Points in the games among the tied players.
    DirectEncounter,
    /// Number of wins.
    Wins,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The entrant's starting number.
    pub number: u32,
    /// The rank (shared ranks are equal).
    pub rank: u32,
    /// The points.
    pub points: Points,
    /// The tie-break values, in the tournament's order.
    pub tiebreaks: Vec<Points>,
    /// Games with a result counted so far.
    pub games: u32,
}

/// The standings after the results known in `pairings`, best first.
pub fn standings(entrants: &[Entrant], pairings: &[Pairing], tiebreaks: &[TieBreak]) -> Vec<Standing> {
    let _ = (entrants, pairings, tiebreaks);
    todo!("standings")
}

impl TieBreak {
    /// Every tie-break.
    pub const ALL: [TieBreak; 5] = [
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];

    /// The stored and command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "buchholz-cut-1",
            TieBreak::DirectEncounter => "direct-encounter",
            TieBreak::Wins => "wins",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.as_str() == name)
    }
}
