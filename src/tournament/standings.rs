//! Scores, ranks and tie-breaks (FIDE Handbook C.07), in the variant's own points.
//!
//! Points are exact sums of the variant's points in thousandths. A pairing counts once it has
//! a score; a pairing without one is a game in progress, one not started, or an annulled game
//! (a withdrawal's), and counts for nothing — not for points, not for any tie-break.
//!
//! What every tie-break sees of a player is their *rounds*. Which rounds there are, and what
//! their dummy opponents score, depends on the edition of C.07 the tournament follows
//! ([`TieBreakEdition`], stored with it); `docs/tournament-scoring.md` gives the rules, the
//! FIDE text they rest on and the choices where it leaves room. In both editions:
//! - A forfeit (`Finish::Forfeit` against a named opponent) counts as a game against that
//!   opponent with the points it gave. This is C.07 (2026) §15.2 for round robins, where
//!   every opponent is scheduled in advance; for a Swiss it is the `/P` option regulations
//!   may choose, herald's rule for both so that one player's tie-break never depends on
//!   which system produced the pairing.
//! - The round robin's bye (against the Berger tables' dummy) is no round at all: everyone in
//!   an odd round robin has one, and the dummy is no participant.
//!
//! The 2026 edition adds C.07's Article 16 for Swiss rounds without a game: a pairing-allocated
//! bye, and each round a Swiss player was not paired in (from a withdrawal on), is a round
//! against a dummy whose score is capped at a draw in every round (§16.4.2); the unpaired
//! rounds are voluntarily unplayed, cut first (§16.5.1), and count as draws in the player's
//! score as their opponents' tie-breaks see it when the player never came back (§16.3).
//! Direct encounter follows Article 6 whole: tied subgroups are decided again among
//! themselves (§6.2), and a group whose members did not all meet is separated from the top
//! as far as the missing games could not change it (§6.3).
//!
//! Tie-break values are in millionths of a point: Sonneborn-Berger multiplies two point
//! values in thousandths (Royal Chess's 0.65 × 2.35), which thousandths would round.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::{Entrant, Finish, Pairing, Points, System};

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
    /// Points in the games among the tied players (FIDE "DE", C.07 §6). Its value is, in the
    /// 2024 edition, those points (0 unless every two of the group met); in the 2026 edition
    /// the number of the tied players that direct encounter ranks below the player.
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

/// The edition of FIDE's tie-break regulations (Handbook C.07) a tournament's tie-breaks
/// follow. It is stored with the tournament when it is made, so that an upgrade of herald never
/// changes the standings of a tournament already under way.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TieBreakEdition {
    /// herald's rules before 2026, on C.07 as edited in 2024: a bye's dummy opponent scores the
    /// player's own points, uncapped; a round a Swiss player was not paired in (after a
    /// withdrawal) is no round; a cut drops the smallest term; direct encounter separates a
    /// group only if every two of its members met. Tournaments stored before the edition was
    /// stored follow it.
    Herald2024,
    /// C.07 as edited in 2026 (in force from 1 March 2026): Article 16's unplayed rounds with
    /// the 2026 caps on the dummy opponent, and Article 6's direct encounter whole.
    Fide2026,
}

impl TieBreakEdition {
    /// Every edition, oldest first.
    pub const ALL: [TieBreakEdition; 2] = [TieBreakEdition::Herald2024, TieBreakEdition::Fide2026];

    /// The edition a new tournament follows unless the director chooses another.
    pub const NEWEST: TieBreakEdition = TieBreakEdition::Fide2026;

    /// The edition of a tournament stored before herald stored editions: the rules it was
    /// made under, so its standings stay what they were.
    pub const BEFORE_EDITIONS_WERE_STORED: TieBreakEdition = TieBreakEdition::Herald2024;

    /// The stored and command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            TieBreakEdition::Herald2024 => "2024",
            TieBreakEdition::Fide2026 => "2026",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<TieBreakEdition> {
        TieBreakEdition::ALL.into_iter().find(|e| e.as_str() == name)
    }
}

/// Who a player met in one of their rounds, as the tie-breaks see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Opponent {
    /// An entrant, by starting number: a game, or a forfeit counted as one.
    Entrant(u32),
    /// The dummy opponent of a Swiss pairing-allocated bye (C.07 §16.2.1).
    ByeDummy,
    /// The dummy opponent of a round a Swiss player was not paired in: from their withdrawal
    /// on, or a round an imported tournament marks absent (2026 edition only). C.07 counts
    /// it a zero-point bye the player asked for (§16.2.3, §16.2.5): voluntarily unplayed.
    AbsenceDummy,
}

/// One round as the tie-breaks see it.
#[derive(Copy, Clone, Debug)]
struct Round {
    /// Who the player met.
    opponent: Opponent,
    /// The player's points in it.
    own: Points,
    /// The opponent's points in it (for a dummy: none).
    against: Points,
}

impl Round {
    /// The entrant met, if the round was against one.
    fn entrant(&self) -> Option<u32> {
        match self.opponent {
            Opponent::Entrant(number) => Some(number),
            Opponent::ByeDummy | Opponent::AbsenceDummy => None,
        }
    }

    /// True for a round C.07 §16.1.2 calls voluntarily unplayed, which a cut drops first.
    fn voluntarily_unplayed(&self) -> bool {
        self.opponent == Opponent::AbsenceDummy
    }
}

/// What a draw gives for C.07's Article 16 (a draw in every round caps the dummy, §16.4.2; an
/// absence after which the player never came back counts as a draw, §16.3): half a point.
/// Royal Chess's draw gives White 0.4 and Black 0.5; half a win is the one value fair to both.
const DRAW: Points = Points::HALF;

/// The standings after the results known in `pairings`, best first (equal ranks by starting
/// number), by `tiebreaks` in that order as `edition` defines them; `system` tells a round
/// robin's bye (no round) from a Swiss one. Pairings naming a number that is not an entrant
/// are ignored.
pub fn standings(
    entrants: &[Entrant],
    pairings: &[Pairing],
    tiebreaks: &[TieBreak],
    edition: TieBreakEdition,
    system: System,
) -> Vec<Standing> {
    let known: HashMap<u32, usize> = entrants.iter().enumerate().map(|(i, e)| (e.number, i)).collect();
    let article_16 = edition == TieBreakEdition::Fide2026 && system == System::Swiss;
    let mut points = vec![Points::ZERO; entrants.len()];
    let mut games = vec![0u32; entrants.len()];
    let mut rounds: Vec<Vec<Round>> = vec![Vec::new(); entrants.len()];
    // The rounds each entrant is paired in, and those in which they took part (every pairing
    // but a forfeit they lost): an absence before a round taken part in is no late one (§16.2.3).
    let mut paired: Vec<HashSet<u32>> = vec![HashSet::new(); entrants.len()];
    let mut took_part: Vec<HashSet<u32>> = vec![HashSet::new(); entrants.len()];
    for pairing in pairings {
        for number in [Some(pairing.white), pairing.black].into_iter().flatten() {
            let Some(&i) = known.get(&number) else { continue };
            // A pairing without a result in a round after the player withdrew is a bye the
            // withdrawal annulled: the player was not in that round.
            if pairing.score.is_none() && !entrants[i].plays_in(pairing.round) {
                continue;
            }
            paired[i].insert(pairing.round);
            let lost_by_forfeit = pairing.score.is_some_and(|s| s.finish == Finish::Forfeit)
                && pairing.opponent_of(number).is_some_and(|o| pairing.points_of(o) > pairing.points_of(number));
            if !lost_by_forfeit {
                took_part[i].insert(pairing.round);
            }
        }
        let Some(score) = pairing.score else { continue };
        let Some(&white) = known.get(&pairing.white) else { continue };
        match pairing.black {
            None => {
                points[white] += score.white;
                games[white] += 1;
                // A Swiss bye is a round against a dummy (C.07 §16.2.1); herald's 2024 rules
                // counted it only when it gave points, which a round robin's bye never does.
                let is_round = if edition == TieBreakEdition::Fide2026 {
                    system == System::Swiss
                } else {
                    score.white > Points::ZERO
                };
                if is_round {
                    rounds[white].push(Round { opponent: Opponent::ByeDummy, own: score.white, against: Points::ZERO });
                }
            }
            Some(black_number) => {
                let Some(&black) = known.get(&black_number) else { continue };
                points[white] += score.white;
                points[black] += score.black;
                games[white] += 1;
                games[black] += 1;
                rounds[white].push(Round {
                    opponent: Opponent::Entrant(black_number),
                    own: score.white,
                    against: score.black,
                });
                rounds[black].push(Round {
                    opponent: Opponent::Entrant(pairing.white),
                    own: score.black,
                    against: score.white,
                });
            }
        }
    }

    // Article 16 (2026, Swiss): every round so far that a player was not paired in is a
    // zero-point round against a dummy; those after which the player never took part again
    // (a withdrawal's) count as draws in the score their opponents' tie-breaks use (§16.3).
    // "So far" is the last round paired: a withdrawn player's absence from a round is known
    // once the round is paired, as a bye's points are.
    let rounds_so_far = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let mut adjusted = points.clone();
    if article_16 {
        for i in 0..entrants.len() {
            for round in (1..=rounds_so_far).filter(|r| !paired[i].contains(r)) {
                rounds[i].push(Round { opponent: Opponent::AbsenceDummy, own: Points::ZERO, against: Points::ZERO });
                if !took_part[i].iter().any(|&later| later > round) {
                    adjusted[i] += DRAW;
                }
            }
        }
    }
    let score_of = |number: u32| known.get(&number).map_or(Points::ZERO, |&i| adjusted[i]);
    // The dummy opponent's score: the player's own (C.07 2024 §16.4), in 2026 at most a draw
    // in every round (§16.4.2).
    let dummy_of = |i: usize| match edition {
        TieBreakEdition::Herald2024 => points[i],
        TieBreakEdition::Fide2026 => points[i].min(Points(DRAW.thousandths() * rounds_so_far)),
    };
    let opponent_score = |i: usize, r: &Round| r.entrant().map_or_else(|| dummy_of(i), score_of);
    let millionths = |p: Points| u64::from(p.thousandths()) * 1000;

    let fixed_value = |i: usize, tiebreak: TieBreak| -> u64 {
        match tiebreak {
            TieBreak::Buchholz => rounds[i].iter().map(|r| millionths(opponent_score(i, r))).sum(),
            TieBreak::BuchholzCut1 => {
                let terms: Vec<(u64, bool)> =
                    rounds[i].iter().map(|r| (millionths(opponent_score(i, r)), r.voluntarily_unplayed())).collect();
                let total: u64 = terms.iter().map(|&(value, _)| value).sum();
                // C.07 2026 §16.5.1: a voluntarily unplayed round is cut before any other,
                // even one with a smaller term (there are none in the 2024 edition).
                let smallest_voluntary = terms.iter().filter(|&&(_, voluntary)| voluntary).map(|&(v, _)| v).min();
                let smallest = terms.iter().map(|&(value, _)| value).min();
                total - smallest_voluntary.or(smallest).unwrap_or(0)
            }
            TieBreak::SonnebornBerger => rounds[i]
                .iter()
                .map(|r| u64::from(opponent_score(i, r).thousandths()) * u64::from(r.own.thousandths()))
                .sum(),
            TieBreak::Wins => {
                let won = rounds[i]
                    .iter()
                    .filter(|r| match r.opponent {
                        Opponent::Entrant(_) => r.own > r.against && r.own > Points::HALF,
                        Opponent::ByeDummy | Opponent::AbsenceDummy => r.own >= Points::ONE,
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
            let group_values: Vec<u64> = match (tiebreak, edition) {
                (TieBreak::DirectEncounter, TieBreakEdition::Herald2024) => {
                    direct_encounter_if_all_met(group, &rounds, entrants)
                }
                (TieBreak::DirectEncounter, TieBreakEdition::Fide2026) => {
                    direct_encounter_by_article_6(group, &rounds, entrants)
                }
                _ => group.iter().map(|&i| fixed_value(i, tiebreak)).collect(),
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

/// Direct encounter as herald's 2024 rules define it, within one tied group: each member's
/// points against the others, if every two members have met; zeros otherwise (and for a
/// group of one).
fn direct_encounter_if_all_met(group: &[usize], rounds: &[Vec<Round>], entrants: &[Entrant]) -> Vec<u64> {
    if group.len() < 2 {
        return vec![0; group.len()];
    }
    let numbers: Vec<u32> = group.iter().map(|&i| entrants[i].number).collect();
    let all_met = group.iter().all(|&i| {
        numbers.iter().filter(|&&n| n != entrants[i].number).all(|&n| rounds[i].iter().any(|r| r.entrant() == Some(n)))
    });
    if !all_met {
        return vec![0; group.len()];
    }
    group
        .iter()
        .map(|&i| {
            rounds[i]
                .iter()
                .filter(|r| r.entrant().is_some_and(|n| numbers.contains(&n)))
                .map(|r| u64::from(r.own.thousandths()) * 1000)
                .sum()
        })
        .collect()
}

/// Direct encounter by C.07 Article 6 (2026 edition), within one tied group: the group in
/// tiers, best first ([`de_tiers`]); each member's value is the number of members in the tiers
/// below theirs, so that the value orders as the Article does and equal values are ties.
fn direct_encounter_by_article_6(group: &[usize], rounds: &[Vec<Round>], entrants: &[Entrant]) -> Vec<u64> {
    let tiers = de_tiers(group, rounds, entrants);
    let mut below: HashMap<usize, u64> = HashMap::new();
    let mut remaining = group.len() as u64;
    for tier in &tiers {
        remaining -= tier.len() as u64;
        for &i in tier {
            below.insert(i, remaining * 1_000_000);
        }
    }
    group.iter().map(|i| below[i]).collect()
}

/// The games among a group of players (C.07 §6.1): each one's points against the others, a
/// pair that met more than once counting the average of its games (§6.1.2), and how many of
/// the others each one has not met. Points are scaled by `scale` (the least common multiple
/// of the pairs' numbers of games), which keeps every average whole.
struct MiniTable {
    scaled_points: Vec<u64>,
    not_met: Vec<u64>,
    scale: u64,
}

impl MiniTable {
    fn new(group: &[usize], rounds: &[Vec<Round>], entrants: &[Entrant]) -> MiniTable {
        // (games, points) of each member against each other member, by position in `group`.
        let against = |i: usize, other: usize| -> (u64, u64) {
            let number = entrants[other].number;
            rounds[i]
                .iter()
                .filter(|r| r.entrant() == Some(number))
                .fold((0, 0), |(games, points), r| (games + 1, points + u64::from(r.own.thousandths())))
        };
        let mut scale = 1;
        for &i in group {
            for &other in group.iter().filter(|&&o| o != i) {
                let (games, _) = against(i, other);
                if games > 0 {
                    scale = lcm(scale, games);
                }
            }
        }
        let mut scaled_points = Vec::with_capacity(group.len());
        let mut not_met = Vec::with_capacity(group.len());
        for &i in group {
            let (mut sum, mut missing) = (0, 0);
            for &other in group.iter().filter(|&&o| o != i) {
                match against(i, other) {
                    (0, _) => missing += 1,
                    (games, points) => sum += points * (scale / games),
                }
            }
            scaled_points.push(sum);
            not_met.push(missing);
        }
        MiniTable { scaled_points, not_met, scale }
    }

    /// The most a member could have had in the mini-table had they won every game they did not
    /// play against the group (a win is at most a whole point in every variant).
    fn at_most(&self, member: usize) -> u64 {
        self.scaled_points[member] + self.not_met[member] * u64::from(Points::ONE.thousandths()) * self.scale
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    let gcd = |mut x: u64, mut y: u64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    a / gcd(a, b) * b
}

/// One tied group in tiers by C.07 Article 6, best first. If every two members met, by their
/// points in the mini-table (§6.1), members still equal being decided again among themselves
/// (§6.2). If not, §6.3: a member ranks first when their points exceed what every other member
/// could have had by winning all the games they did not play within the group; then the same
/// among the rest, until no one is certain of first place — those stay one tier, for the next
/// tie-break to decide.
fn de_tiers(group: &[usize], rounds: &[Vec<Round>], entrants: &[Entrant]) -> Vec<Vec<usize>> {
    if group.len() < 2 {
        return vec![group.to_vec()];
    }
    let table = MiniTable::new(group, rounds, entrants);
    if table.not_met.iter().all(|&n| n == 0) {
        let mut by_points: Vec<(u64, Vec<usize>)> = Vec::new();
        for (position, &i) in group.iter().enumerate() {
            let points = table.scaled_points[position];
            match by_points.iter_mut().find(|(p, _)| *p == points) {
                Some((_, members)) => members.push(i),
                None => by_points.push((points, vec![i])),
            }
        }
        by_points.sort_by_key(|(points, _)| std::cmp::Reverse(*points));
        let mut tiers = Vec::new();
        for (_, tied) in by_points {
            // A subgroup smaller than the group is decided again among itself (§6.2); the
            // whole group tied stays tied.
            if tied.len() == 1 || tied.len() == group.len() {
                tiers.push(tied);
            } else {
                tiers.extend(de_tiers(&tied, rounds, entrants));
            }
        }
        return tiers;
    }
    let mut remaining = group.to_vec();
    let mut tiers = Vec::new();
    while remaining.len() > 1 {
        let table = MiniTable::new(&remaining, rounds, entrants);
        let certain_first = (0..remaining.len()).find(|&candidate| {
            (0..remaining.len())
                .filter(|&other| other != candidate)
                .all(|other| table.scaled_points[candidate] > table.at_most(other))
        });
        let Some(first) = certain_first else { break };
        tiers.push(vec![remaining.remove(first)]);
    }
    tiers.push(remaining);
    tiers
}
