//! Scores, ranks and tie-breaks (FIDE Handbook C.07), in the variant's own points.
//!
//! Points are exact sums of the variant's points in thousandths. A pairing counts once it has
//! a score; a pairing without one is a game in progress, one not started, or an annulled game
//! (a withdrawal's), and counts for nothing — not for points, not for any tie-break.
//!
//! What every tie-break sees of a player is their *rounds*: one element for each scored
//! pairing against an opponent, and one for each bye that gave points. The choices where the
//! rules leave room, each also in `docs/tournament-scoring.md`:
//! - A forfeit (`Finish::Forfeit` against a named opponent) counts as a game against that
//!   opponent with the points it gave. This is C.07 (2026) §15.2 for round robins, where
//!   every opponent is scheduled in advance; for a Swiss it is the `/P` option regulations
//!   may choose, herald's rule for both so that one player's tie-break never depends on
//!   which system produced the pairing.
//! - A bye that gave points (the Swiss pairing-allocated bye) is a round against a dummy
//!   opponent whose score is the player's own final score (C.07 2024 §16.4, uncapped).
//! - A bye that gave nothing (the round robin's, against the Berger tables' dummy) is no
//!   round at all: everyone in an odd round robin has one, and the dummy is no participant.
//! - Direct encounter uses the players still tied when it is reached (equal points and equal
//!   on every earlier tie-break); it is their points in their games against each other, and
//!   zero for all of them unless every two of them have met (C.07 §6 leaves a partial result
//!   when not all met; herald does not separate such a group). Double round robins add both
//!   games.
//!
//! Tie-break values are in millionths of a point: Sonneborn-Berger multiplies two point
//! values in thousandths (Royal Chess's 0.65 × 2.35), which thousandths would round.

use std::collections::HashMap;
use std::fmt;

use super::{Entrant, Pairing, Points};

/// A tie-break, by its FIDE name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// For each opponent, the opponent's score times the points scored against them, summed
    /// (FIDE "SB", C.07 §9.1). With 1-½-0 points: the scores of the opponents beaten plus half
    /// the scores of those drawn.
    SonnebornBerger,
    /// Sum of the opponents' scores (FIDE "BH", C.07 §8.1).
    Buchholz,
    /// Buchholz less the lowest opponent's score (FIDE "BH/C1", C.07 §14.1).
    BuchholzCut1,
    /// Points in the games among the tied players (FIDE "DE", C.07 §6).
    DirectEncounter,
    /// Rounds the player won, played or not, and byes worth a win's points (FIDE "WIN", C.07
    /// §7.1). A round is won when the player scored more than the opponent and more than half
    /// a point: Royal Chess's draw gives Black 0.5 to White's 0.4 and is no win, while each of
    /// its wins (0.65 and up) is.
    Wins,
}

impl TieBreak {
    /// Every tie-break herald computes.
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

    /// The short heading of its column in tables (FIDE's abbreviations).
    pub fn label(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
        }
    }
}

/// One tie-break's value for one player, in millionths of a point (a count, for `Wins`, in
/// millionths too: 3 wins is 3 000 000, so that every value prints and compares alike).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TieBreakValue {
    /// Which tie-break.
    pub tiebreak: TieBreak,
    /// The value in millionths.
    pub millionths: u64,
}

/// As a decimal with no trailing zeros: `3`, `2.5`, `1.5275`.
impl fmt::Display for TieBreakValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.millionths / 1_000_000;
        let fraction = self.millionths % 1_000_000;
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{fraction:06}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
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
    pub tiebreaks: Vec<TieBreakValue>,
    /// Rounds with a result counted so far: games, forfeits and byes.
    pub games: u32,
}

/// One round as the tie-breaks see it.
#[derive(Copy, Clone, Debug)]
struct Round {
    /// The opponent; `None` for a bye that gave points (the dummy opponent).
    opponent: Option<u32>,
    /// The player's points in it.
    own: Points,
    /// The opponent's points in it (for a bye: none).
    against: Points,
}

/// The standings after the results known in `pairings`, best first (equal ranks by starting
/// number). Pairings naming a number that is not an entrant are ignored.
pub fn standings(entrants: &[Entrant], pairings: &[Pairing], tiebreaks: &[TieBreak]) -> Vec<Standing> {
    let known: HashMap<u32, usize> = entrants.iter().enumerate().map(|(i, e)| (e.number, i)).collect();
    let mut points = vec![Points::ZERO; entrants.len()];
    let mut games = vec![0u32; entrants.len()];
    let mut rounds: Vec<Vec<Round>> = vec![Vec::new(); entrants.len()];
    for pairing in pairings {
        let Some(score) = pairing.score else { continue };
        let Some(&white) = known.get(&pairing.white) else { continue };
        match pairing.black {
            None => {
                points[white] += score.white;
                games[white] += 1;
                if score.white > Points::ZERO {
                    rounds[white].push(Round { opponent: None, own: score.white, against: Points::ZERO });
                }
            }
            Some(black_number) => {
                let Some(&black) = known.get(&black_number) else { continue };
                points[white] += score.white;
                points[black] += score.black;
                games[white] += 1;
                games[black] += 1;
                rounds[white].push(Round { opponent: Some(black_number), own: score.white, against: score.black });
                rounds[black].push(Round { opponent: Some(pairing.white), own: score.black, against: score.white });
            }
        }
    }
    let score_of = |number: u32| known.get(&number).map_or(Points::ZERO, |&i| points[i]);
    let millionths = |p: Points| u64::from(p.thousandths()) * 1000;

    // The opponents' scores as Buchholz sees them: each round's opponent, or the dummy with
    // the player's own score.
    let opponent_scores = |i: usize| -> Vec<u64> {
        rounds[i].iter().map(|r| millionths(r.opponent.map_or(points[i], score_of))).collect()
    };
    let fixed_value = |i: usize, tiebreak: TieBreak| -> u64 {
        match tiebreak {
            TieBreak::Buchholz => opponent_scores(i).iter().sum(),
            TieBreak::BuchholzCut1 => {
                let scores = opponent_scores(i);
                scores.iter().sum::<u64>() - scores.iter().min().copied().unwrap_or(0)
            }
            TieBreak::SonnebornBerger => rounds[i]
                .iter()
                .map(|r| {
                    let opponent_score = r.opponent.map_or(points[i], score_of);
                    u64::from(opponent_score.thousandths()) * u64::from(r.own.thousandths())
                })
                .sum(),
            TieBreak::Wins => {
                let won = rounds[i]
                    .iter()
                    .filter(|r| {
                        if r.opponent.is_some() {
                            r.own > r.against && r.own > Points::HALF
                        } else {
                            r.own >= Points::ONE
                        }
                    })
                    .count();
                won as u64 * 1_000_000
            }
            TieBreak::DirectEncounter => 0,
        }
    };

    // Order: points, then each tie-break among those still tied; groups refine step by step
    // because direct encounter depends on who is still tied.
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| points[b].cmp(&points[a]).then(entrants[a].number.cmp(&entrants[b].number)));
    let mut values: Vec<Vec<TieBreakValue>> = vec![Vec::with_capacity(tiebreaks.len()); entrants.len()];
    let mut groups: Vec<Vec<usize>> = group_by(&order, |i| (points[i], Vec::<u64>::new()));
    for &tiebreak in tiebreaks {
        for group in &groups {
            let group_values: Vec<u64> = if tiebreak == TieBreak::DirectEncounter {
                direct_encounter(group, &rounds, entrants)
            } else {
                group.iter().map(|&i| fixed_value(i, tiebreak)).collect()
            };
            for (&i, value) in group.iter().zip(group_values) {
                values[i].push(TieBreakValue { tiebreak, millionths: value });
            }
        }
        let mut next = Vec::new();
        for group in groups {
            let mut sorted = group;
            sorted.sort_by(|&a, &b| {
                let key = |i: usize| values[i].last().map_or(0, |v| v.millionths);
                key(b).cmp(&key(a)).then(entrants[a].number.cmp(&entrants[b].number))
            });
            next.extend(group_by(&sorted, |i| {
                (Points::ZERO, values[i].iter().map(|v| v.millionths).collect::<Vec<u64>>())
            }));
        }
        groups = next;
    }

    let mut table = Vec::with_capacity(entrants.len());
    let mut placed = 0u32;
    for group in groups {
        let rank = placed + 1;
        for &i in &group {
            table.push(Standing {
                number: entrants[i].number,
                rank,
                points: points[i],
                tiebreaks: values[i].clone(),
                games: games[i],
            });
        }
        placed += group.len() as u32;
    }
    table
}

/// Consecutive runs of `order` with equal keys.
fn group_by<K: PartialEq>(order: &[usize], key: impl Fn(usize) -> K) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last: Option<K> = None;
    for &i in order {
        let k = key(i);
        match (&last, groups.last_mut()) {
            (Some(previous), Some(group)) if *previous == k => group.push(i),
            _ => groups.push(vec![i]),
        }
        last = Some(k);
    }
    groups
}

/// Direct encounter within one tied group: each member's points against the others, if every
/// two members have met; zeros otherwise (and for a group of one).
fn direct_encounter(group: &[usize], rounds: &[Vec<Round>], entrants: &[Entrant]) -> Vec<u64> {
    if group.len() < 2 {
        return vec![0; group.len()];
    }
    let numbers: Vec<u32> = group.iter().map(|&i| entrants[i].number).collect();
    let all_met = group.iter().all(|&i| {
        numbers.iter().filter(|&&n| n != entrants[i].number).all(|&n| rounds[i].iter().any(|r| r.opponent == Some(n)))
    });
    if !all_met {
        return vec![0; group.len()];
    }
    group
        .iter()
        .map(|&i| {
            rounds[i]
                .iter()
                .filter(|r| r.opponent.is_some_and(|n| numbers.contains(&n)))
                .map(|r| u64::from(r.own.thousandths()) * 1000)
                .sum()
        })
        .collect()
}
