//! Round-robin tables, standings and tie-breaks, crosstables, withdrawals and TRF-16, each
//! held to what the rules say: the Berger tables as the FIDE Handbook publishes them, tie-breaks
//! worked by hand (the worked example of docs/tournament-scoring.md), by a brute-force reading
//! of their definitions, and by an independent implementation (tiebreak-core, in Python).

use crate::support::split_mix;

use std::collections::{BTreeMap, HashMap};

use herald::engine::Color;
use herald::tournament::berger::schedule;
use herald::tournament::crosstable;
use herald::tournament::standings::{Standing, TieBreak, TieBreakEdition, standings};
use herald::tournament::trf::{self, TrfProblem, TrfTournament};
use herald::tournament::withdrawal::{Change, WithdrawalPolicy, withdraw};
use herald::tournament::{Entrant, Finish, Pairing, Points, Score, System};
use split_mix::SplitMix;

// ---------------------------------------------------------------------------------------
// Berger tables
// ---------------------------------------------------------------------------------------

/// FIDE Handbook C.05 Annex 1, the Berger tables for 3/4 up to 11/12 players, as published
/// (and as reprinted, e.g., on Chris Fox's chess pages): each round's boards, White first. For
/// an odd field the last number is the dummy: meeting it is the bye.
const PUBLISHED: [(u32, &str); 5] = [
    (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
    (6, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1"),
    (
        8,
        "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | \
         3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | \
         10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | \
         4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | 2-12 3-1 4-11 5-10 6-9 7-8 | \
         12-8 9-7 10-6 11-5 1-4 2-3 | 3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | \
         4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | 5-12 6-4 7-3 8-2 9-1 10-11 | \
         12-11 1-10 2-9 3-8 4-7 5-6 | 6-12 7-5 8-4 9-3 10-2 11-1",
    ),
];

/// The published table for `places` as rounds of (White, Black).
fn published(places: u32) -> Vec<Vec<(u32, u32)>> {
    let (_, table) = PUBLISHED.iter().find(|(n, _)| *n == places).unwrap();
    table
        .split('|')
        .map(|round| {
            round
                .split_whitespace()
                .map(|board| {
                    let (w, b) = board.split_once('-').unwrap();
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// The schedule's rounds as (White, Black) boards in board order, the bye as (player, 0).
fn rounds_of(pairings: &[Pairing]) -> BTreeMap<u32, Vec<(u32, u32)>> {
    let mut rounds: BTreeMap<u32, Vec<&Pairing>> = BTreeMap::new();
    for p in pairings {
        rounds.entry(p.round).or_default().push(p);
    }
    rounds
        .into_iter()
        .map(|(r, mut boards)| {
            boards.sort_by_key(|p| p.board);
            (r, boards.iter().map(|p| (p.white, p.black.unwrap_or(0))).collect())
        })
        .collect()
}

#[test]
fn even_fields_follow_the_published_tables() {
    for (places, _) in PUBLISHED {
        let ours = rounds_of(&schedule(places, 1));
        let theirs = published(places);
        assert_eq!(ours.len(), theirs.len(), "{places} players: rounds");
        for (round, boards) in theirs.iter().enumerate() {
            assert_eq!(&ours[&(round as u32 + 1)], boards, "{places} players, round {}", round + 1);
        }
    }
}

#[test]
fn odd_fields_use_the_table_with_the_dummy_as_the_bye() {
    for (places, _) in PUBLISHED {
        let players = places - 1;
        let ours = rounds_of(&schedule(players, 1));
        for (round, boards) in published(places).iter().enumerate() {
            let mut expected: Vec<(u32, u32)> =
                boards.iter().copied().filter(|&(w, b)| w != places && b != places).collect();
            let (w, b) = boards.iter().copied().find(|&(w, b)| w == places || b == places).unwrap();
            expected.push((if w == places { b } else { w }, 0));
            assert_eq!(ours[&(round as u32 + 1)], expected, "{players} players, round {}", round + 1);
        }
    }
    // The bye scores nothing, known at once, and nothing was played.
    for p in schedule(5, 1).iter().filter(|p| p.is_bye()) {
        assert_eq!(p.score, Some(Score { white: Points::ZERO, black: Points::ZERO, finish: Finish::Forfeit }));
    }
}

#[test]
fn everyone_meets_everyone_once_and_colours_balance() {
    for players in 2..=16u32 {
        let pairings = schedule(players, 1);
        let places = players + players % 2;
        let mut met: HashMap<(u32, u32), u32> = HashMap::new();
        let mut whites = vec![0u32; players as usize + 1];
        for p in &pairings {
            if let Some(b) = p.black {
                *met.entry((p.white.min(b), p.white.max(b))).or_default() += 1;
                whites[p.white as usize] += 1;
            }
        }
        for a in 1..=players {
            for b in a + 1..=players {
                assert_eq!(met.get(&(a, b)), Some(&1), "{players}: {a} and {b}");
            }
        }
        for round in 1..places {
            let mut seen: Vec<u32> =
                pairings.iter().filter(|p| p.round == round).flat_map(|p| [Some(p.white), p.black]).flatten().collect();
            seen.sort();
            assert_eq!(seen, (1..=players).collect::<Vec<_>>(), "{players} players, round {round}");
        }
        // Even fields: players 1..n/2 get one White more; odd fields: equal.
        let games = players - 1 + players % 2;
        for n in 1..=players {
            let expected = if players % 2 == 1 {
                (games - 1) / 2
            } else if n <= players / 2 {
                players / 2
            } else {
                players / 2 - 1
            };
            assert_eq!(whites[n as usize], expected, "{players} players: whites of {n}");
        }
    }
}

#[test]
fn double_round_robin_reverses_colours_and_never_gives_three_in_a_row() {
    for players in 3..=16u32 {
        let single = schedule(players, 1);
        let double = schedule(players, 2);
        let per_cycle = players - 1 + players % 2;
        assert_eq!(double.iter().map(|p| p.round).max(), Some(2 * per_cycle));
        // Each pair meets twice, once with each colour.
        let mut colours: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
        for p in double.iter().filter(|p| !p.is_bye()) {
            colours.entry((p.white.min(p.black.unwrap()), p.white.max(p.black.unwrap()))).or_default().push(p.white);
        }
        for ((a, b), whites) in &colours {
            let mut whites = whites.clone();
            whites.sort();
            assert_eq!(whites, vec![*a, *b], "{players} players: {a}-{b}");
        }
        // The second cycle is the table, colours reversed; the first cycle swaps its last
        // two rounds.
        let table = rounds_of(&single);
        let ours = rounds_of(&double);
        for round in 1..=per_cycle {
            let source = match round {
                r if r == per_cycle - 1 => per_cycle,
                r if r == per_cycle => per_cycle - 1,
                r => r,
            };
            let same = |a: &Vec<(u32, u32)>, b: &Vec<(u32, u32)>| {
                let mut a = a.clone();
                let mut b = b.clone();
                a.sort();
                b.sort();
                a == b
            };
            assert!(same(&ours[&round], &table[&source]), "{players}: round {round}");
            let reversed: Vec<(u32, u32)> =
                table[&round].iter().map(|&(w, b)| if b == 0 { (w, 0) } else { (b, w) }).collect();
            assert!(same(&ours[&(per_cycle + round)], &reversed), "{players}: round {}", per_cycle + round);
        }
        // No one has the same colour in three consecutive games (byes skipped).
        for n in 1..=players {
            let mut sequence = Vec::new();
            for round in 1..=2 * per_cycle {
                if let Some(p) =
                    double.iter().find(|p| p.round == round && !p.is_bye() && (p.white == n || p.black == Some(n)))
                {
                    sequence.push(p.white == n);
                }
            }
            assert!(
                !sequence.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "{players} players: {n} has three of a colour in a row: {sequence:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Standings and tie-breaks
// ---------------------------------------------------------------------------------------

/// herald's rules before 2026, which every tournament stored before editions were stored keeps.
const EDITION_2024: TieBreakEdition = TieBreakEdition::Herald2024;
/// FIDE's 2026 edition, which new tournaments follow.
const EDITION_2026: TieBreakEdition = TieBreakEdition::Fide2026;

fn entrant(number: u32, name: &str) -> Entrant {
    Entrant {
        number,
        email: format!("p{number}@example.org"),
        name: name.to_string(),
        rating: Some(2000 - number * 10),
        withdrawn_after: None,
    }
}

fn played(white: u32, black: u32) -> Score {
    Score { white: Points(white), black: Points(black), finish: Finish::Played }
}

/// The worked example of docs/tournament-scoring.md: four players, Royal Chess, one cycle of
/// the Berger table for 4 (1-4 2-3 | 4-3 1-2 | 2-4 3-1).
fn worked_example() -> (Vec<Entrant>, Vec<Pairing>) {
    let entrants = vec![entrant(1, "Ann"), entrant(2, "Ben"), entrant(3, "Cy"), entrant(4, "Di")];
    let results = [
        (1, 4, played(1000, 0)),  // mate
        (2, 3, played(700, 250)), // stalemate
        (4, 3, played(400, 500)), // draw: White 0.4, Black 0.5
        (1, 2, played(650, 300)), // perpetual check
        (2, 4, played(750, 200)), // bared king
        (3, 1, played(1000, 0)),  // mate
    ];
    let mut pairings = schedule(4, 1);
    for p in &mut pairings {
        let (_, _, score) = results.iter().find(|(w, b, _)| *w == p.white && Some(*b) == p.black).unwrap();
        p.score = Some(*score);
    }
    (entrants, pairings)
}

/// The standings of a round robin by herald's 2024 rules, the edition the tests before the
/// 2026 edition were written for (in a round robin the editions differ only in DE).
fn round_robin_2024(entrants: &[Entrant], pairings: &[Pairing], tiebreaks: &[TieBreak]) -> Vec<Standing> {
    standings(entrants, pairings, tiebreaks, EDITION_2024, System::RoundRobin)
}

fn by_number(table: &[Standing]) -> HashMap<u32, &Standing> {
    table.iter().map(|s| (s.number, s)).collect()
}

fn value(s: &Standing, i: usize) -> u64 {
    s.tiebreaks[i].millionths
}

#[test]
fn the_worked_example_by_hand() {
    let (entrants, pairings) = worked_example();
    let by = |tiebreaks: &[TieBreak], edition| standings(&entrants, &pairings, tiebreaks, edition, System::RoundRobin);
    let all = [TieBreak::SonnebornBerger, TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::Wins];
    let table = by(&all, EDITION_2024);
    let s = by_number(&table);
    // Points: Ann 1 + 0.65 + 0; Ben 0.7 + 0.3 + 0.75; Cy 0.25 + 0.5 + 1; Di 0 + 0.4 + 0.2.
    assert_eq!(s[&1].points, Points(1650));
    assert_eq!(s[&2].points, Points(1750));
    assert_eq!(s[&3].points, Points(1750));
    assert_eq!(s[&4].points, Points(600));
    // SB (millionths): Ann 1 × 0.6 + 0.65 × 1.75 + 0 × 1.75 = 1.7375;
    // Ben 0.7 × 1.75 + 0.3 × 1.65 + 0.75 × 0.6 = 1.225 + 0.495 + 0.45 = 2.17;
    // Cy 0.25 × 1.75 + 0.5 × 0.6 + 1 × 1.65 = 0.4375 + 0.3 + 1.65 = 2.3875;
    // Di 0 × 1.65 + 0.4 × 1.75 + 0.2 × 1.75 = 1.05.
    assert_eq!(value(s[&1], 0), 1_737_500);
    assert_eq!(value(s[&2], 0), 2_170_000);
    assert_eq!(value(s[&3], 0), 2_387_500);
    assert_eq!(value(s[&4], 0), 1_050_000);
    // BH: everyone else's points (a round robin): Ann 1.75 + 1.75 + 0.6 = 4.1; Ben and Cy
    // 1.65 + 1.75 + 0.6 = 4.0; Di 1.65 + 1.75 + 1.75 = 5.15.
    assert_eq!(value(s[&1], 1), 4_100_000);
    assert_eq!(value(s[&2], 1), 4_000_000);
    assert_eq!(value(s[&3], 1), 4_000_000);
    assert_eq!(value(s[&4], 1), 5_150_000);
    // BH-C1: less the lowest: Ann 4.1 - 0.6; Ben, Cy 4.0 - 0.6; Di 5.15 - 1.65.
    assert_eq!(value(s[&1], 2), 3_500_000);
    assert_eq!(value(s[&2], 2), 3_400_000);
    assert_eq!(value(s[&3], 2), 3_400_000);
    assert_eq!(value(s[&4], 2), 3_500_000);
    // WIN (scored more than the opponent and more than half a point): Ann beat Di and Ben
    // (0.65 > 0.3); Ben beat Cy and Di; Cy beat Ann, while Cy's 0.5 to Di's 0.4 is a Royal
    // draw, no win; Di none.
    for (n, wins) in [(1, 2), (2, 2), (3, 1), (4, 0)] {
        assert_eq!(value(s[&n], 3), wins * 1_000_000, "wins of {n}");
    }
    // Ranks: Ben and Cy tie on points; SB puts Cy first.
    let order: Vec<(u32, u32)> = table.iter().map(|s| (s.number, s.rank)).collect();
    assert_eq!(order, vec![(3, 1), (2, 2), (1, 3), (4, 4)]);
    // Direct encounter first puts Ben first (0.7 to 0.25 in their game); the others have
    // no one to meet in their group and get 0.
    let table = by(&[TieBreak::DirectEncounter, TieBreak::SonnebornBerger], EDITION_2024);
    let order: Vec<(u32, u32, u64)> = table.iter().map(|s| (s.number, s.rank, value(s, 0))).collect();
    assert_eq!(order, vec![(2, 1, 700_000), (3, 2, 250_000), (1, 3, 0), (4, 4, 0)]);
    // BH and BH-C1 do not separate Ben and Cy: a shared rank, listed by number; WIN then
    // does (2 against 1).
    let table = by(&[TieBreak::Buchholz, TieBreak::BuchholzCut1], EDITION_2024);
    let order: Vec<(u32, u32)> = table.iter().map(|s| (s.number, s.rank)).collect();
    assert_eq!(order, vec![(2, 1), (3, 1), (1, 3), (4, 4)]);
    let table = by(&[TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::Wins], EDITION_2024);
    let order: Vec<(u32, u32)> = table.iter().map(|s| (s.number, s.rank)).collect();
    assert_eq!(order, vec![(2, 1), (3, 2), (1, 3), (4, 4)]);
    // With no tie-breaks at all, too.
    let table = by(&[], EDITION_2024);
    assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), vec![1, 1, 3, 4]);
    assert!(table.iter().all(|s| s.games == 3 && s.tiebreaks.is_empty()));

    // The 2026 edition changes nothing in a round robin without byes or absences: the same
    // values. Its DE counts the tied players ranked below: Ben 1 (he beat Cy), Cy 0.
    let (table, old) = (by(&all, EDITION_2026), by(&all, EDITION_2024));
    for n in 1..=4 {
        assert_eq!(by_number(&table)[&n].tiebreaks, by_number(&old)[&n].tiebreaks, "player {n}");
    }
    let table = by(&[TieBreak::DirectEncounter, TieBreak::SonnebornBerger], EDITION_2026);
    let order: Vec<(u32, u32, u64)> = table.iter().map(|s| (s.number, s.rank, value(s, 0))).collect();
    assert_eq!(order, vec![(2, 1, 1_000_000), (3, 2, 0), (1, 3, 0), (4, 4, 0)]);
}

#[test]
fn byes_forfeits_annulled_games_and_games_in_progress() {
    // Three players, round robin: the Berger dummy's byes give nothing and are no round for
    // the tie-breaks. Results: R1 2-3 1-0, R2 1-2 ½-½, R3 3-1 0-1.
    let entrants = vec![entrant(1, "A"), entrant(2, "B"), entrant(3, "C")];
    let mut pairings = schedule(3, 1);
    for p in pairings.iter_mut().filter(|p| !p.is_bye()) {
        p.score = Some(match (p.white, p.black.unwrap()) {
            (2, 3) => played(1000, 0),
            (1, 2) => played(500, 500),
            (3, 1) => played(0, 1000),
            other => panic!("not in the table: {other:?}"),
        });
    }
    let all = [TieBreak::Buchholz, TieBreak::SonnebornBerger, TieBreak::Wins];
    let table = round_robin_2024(&entrants, &pairings, &all);
    let s = by_number(&table);
    // A: 1.5 points; BH = B's 1.5 + C's 0 (the bye adds nothing); SB = ½ × 1.5 + 1 × 0.
    assert_eq!(s[&1].points, Points(1500));
    assert_eq!((value(s[&1], 0), value(s[&1], 1), value(s[&1], 2)), (1_500_000, 750_000, 1_000_000));
    assert_eq!(s[&1].games, 3, "the bye is a round with a result");

    // A Swiss pairing-allocated bye worth a point is a round against a dummy with the
    // player's own score. R1: 1-2 1-0, 3 bye; R2: 3-1 ½-½, 2 bye. Points 1: 1.5, 2: 1, 3: 1.5.
    let bye = Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit };
    let swiss = vec![
        Pairing { round: 1, board: 1, white: 1, black: Some(2), score: Some(played(1000, 0)), game: Some(1) },
        Pairing { round: 1, board: 2, white: 3, black: None, score: Some(bye), game: None },
        Pairing { round: 2, board: 1, white: 3, black: Some(1), score: Some(played(500, 500)), game: Some(2) },
        Pairing { round: 2, board: 2, white: 2, black: None, score: Some(bye), game: None },
    ];
    let all = [TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::SonnebornBerger, TieBreak::Wins];
    let table = standings(&entrants, &swiss, &all, EDITION_2024, System::Swiss);
    let s = by_number(&table);
    // 3: BH = dummy 1.5 + A's 1.5 = 3; C1 = 3 - 1.5; SB = 1.5 × 1 + 1.5 × ½ = 2.25; WIN = the bye.
    assert_eq!(
        s[&3].tiebreaks.iter().map(|v| v.millionths).collect::<Vec<_>>(),
        vec![3_000_000, 1_500_000, 2_250_000, 1_000_000]
    );
    // 2: BH = A's 1.5 + dummy 1 = 2.5; C1 = 2.5 - 1; SB = 0 × 1.5 + 1 × 1 = 1.
    assert_eq!(
        s[&2].tiebreaks.iter().map(|v| v.millionths).collect::<Vec<_>>(),
        vec![2_500_000, 1_500_000, 1_000_000, 1_000_000]
    );

    // A forfeit is a game against its opponent: B wins by forfeit against C.
    let mut forfeited = swiss.clone();
    forfeited[3] = Pairing {
        round: 2,
        board: 2,
        white: 2,
        black: Some(3),
        score: Some(Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit }),
        game: None,
    };
    forfeited[1].score = Some(bye);
    let table = standings(&entrants, &forfeited, &[TieBreak::Buchholz, TieBreak::Wins], EDITION_2024, System::Swiss);
    let s = by_number(&table);
    // Points 1: 1 + ½ = 1.5, 2: 0 + 1 (the forfeit) = 1, 3: 1 (bye) + ½ + 0 (forfeit) = 1.5.
    // B: BH = A's 1.5 + C's 1.5 = 3 (as a dummy with B's own score it would be 2.5); WIN 1.
    assert_eq!(s[&2].points, Points::ONE);
    assert_eq!((value(s[&2], 0), value(s[&2], 1)), (3_000_000, 1_000_000));

    // Games without a score (annulled, or in progress) count for nothing.
    let mut unfinished = pairings.clone();
    for p in unfinished.iter_mut().filter(|p| p.round == 3) {
        if !p.is_bye() {
            p.score = None;
            p.game = Some(9);
        }
    }
    let table = round_robin_2024(&entrants, &unfinished, &[TieBreak::Buchholz]);
    let s = by_number(&table);
    // Without 3-1: A ½ (BH: B's 1.5), B 1.5, C 0.
    assert_eq!((s[&1].points, value(s[&1], 0), s[&1].games), (Points(500), 1_500_000, 2));
    assert_eq!(s[&3].points, Points::ZERO);
}

// ---------------------------------------------------------------------------------------
// The 2026 edition of C.07: Article 16 in a Swiss, Article 6 whole
// ---------------------------------------------------------------------------------------

fn game(round: u32, white: u32, black: u32, score: Score) -> Pairing {
    Pairing { round, board: 1, white, black: Some(black), score: Some(score), game: None }
}

fn bye(round: u32, number: u32, points: u32) -> Pairing {
    let score = Score { white: Points(points), black: Points::ZERO, finish: Finish::Forfeit };
    Pairing { round, board: 9, white: number, black: None, score: Some(score), game: None }
}

fn values(table: &[Standing], number: u32) -> Vec<u64> {
    by_number(table)[&number].tiebreaks.iter().map(|v| v.millionths).collect()
}

#[test]
fn a_byes_dummy_opponent_scores_at_most_a_draw_a_round_in_2026() {
    // Three players, three rounds, a pairing-allocated bye (1 point) each round. R1: 1-2 1-0,
    // 3 bye; R2: 3-1 0-1, 2 bye; R3: 2-3 0-1, 1 bye. Points: 1: 3, 2: 1, 3: 2.
    let entrants = vec![entrant(1, "A"), entrant(2, "B"), entrant(3, "C")];
    let pairings = vec![
        game(1, 1, 2, played(1000, 0)),
        bye(1, 3, 1000),
        game(2, 3, 1, played(0, 1000)),
        bye(2, 2, 1000),
        game(3, 2, 3, played(0, 1000)),
        bye(3, 1, 1000),
    ];
    let all = [TieBreak::Buchholz, TieBreak::SonnebornBerger];
    let table = standings(&entrants, &pairings, &all, EDITION_2026, System::Swiss);
    // C.07 2026 §16.4.2: the dummy scores the player's own points, at most a draw in every
    // round: 3 × 0.5 = 1.5. A: BH = B's 1 + C's 2 + dummy min(3, 1.5) = 4.5; SB = 1 × 1 +
    // 1 × 2 + 1 × 1.5 = 4.5.
    assert_eq!(values(&table, 1), vec![4_500_000, 4_500_000]);
    // C (2 points): dummy min(2, 1.5) = 1.5; BH = 1.5 + A's 3 + B's 1 = 5.5; SB = 1.5 + 0 + 1.
    assert_eq!(values(&table, 3), vec![5_500_000, 2_500_000]);
    // B (1 point, under the cap): dummy 1; BH = A's 3 + 1 + C's 2 = 6; SB = 0 + 1 + 0.
    assert_eq!(values(&table, 2), vec![6_000_000, 1_000_000]);
    // herald's 2024 rules keep the uncapped dummy: A's BH = 1 + 2 + 3.
    let old = standings(&entrants, &pairings, &all, EDITION_2024, System::Swiss);
    assert_eq!(values(&old, 1), vec![6_000_000, 6_000_000]);
}

/// Four players, three rounds; D (4) beats C in round 1 and withdraws after it. R1: 1-2 ½-½,
/// 3-4 0-1; R2: 1-3 1-0, 2 bye; R3: 3-2 ½-½, 1 bye. Points: A 2.5, B 2, C 0.5, D 1.
fn swiss_with_a_withdrawal() -> (Vec<Entrant>, Vec<Pairing>) {
    let mut entrants = vec![entrant(1, "A"), entrant(2, "B"), entrant(3, "C"), entrant(4, "D")];
    entrants[3].withdrawn_after = Some(1);
    let pairings = vec![
        game(1, 1, 2, played(500, 500)),
        game(1, 3, 4, played(0, 1000)),
        game(2, 1, 3, played(1000, 0)),
        bye(2, 2, 1000),
        game(3, 3, 2, played(500, 500)),
        bye(3, 1, 1000),
    ];
    (entrants, pairings)
}

#[test]
fn rounds_after_a_swiss_withdrawal_are_rounds_in_2026() {
    let (entrants, pairings) = swiss_with_a_withdrawal();
    let all = [TieBreak::Buchholz, TieBreak::SonnebornBerger];
    let table = standings(&entrants, &pairings, &all, EDITION_2026, System::Swiss);
    // C.07 §16.1.1: every round the player was not paired in after withdrawing is an unplayed
    // round (a zero-point bye); §16.4.2: against a dummy with D's own 1 point (under the cap of
    // 1.5). D: BH = C's 0.5 + 1 + 1 = 2.5; SB = 1 × 0.5 + 0 + 0.
    assert_eq!(values(&table, 4), vec![2_500_000, 500_000]);
    assert_eq!(by_number(&table)[&4].games, 1, "the absences are no results");
    // §16.3: for their opponents, D never came back, so D's absences count as draws: D's score
    // as C's tie-breaks see it is 1 + 0.5 + 0.5 = 2. C: BH = D's 2 + A's 2.5 + B's 2 = 6.5;
    // SB = 0 × 2 + 0 × 2.5 + ½ × 2 = 1.
    assert_eq!(values(&table, 3), vec![6_500_000, 1_000_000]);
    // Herald's 2024 rules count D's one game alone, with D's 1 point for C.
    let old = standings(&entrants, &pairings, &all, EDITION_2024, System::Swiss);
    assert_eq!(values(&old, 4), vec![500_000, 500_000]);
    assert_eq!(values(&old, 3), vec![5_500_000, 1_000_000]);
    // A bye D had been given for round 2 and that the withdrawal annulled (no result) is an
    // absence all the same.
    let mut annulled = pairings.clone();
    annulled[3] = Pairing { round: 2, board: 9, white: 4, black: None, score: None, game: None };
    annulled.push(Pairing { round: 2, board: 2, white: 2, black: None, score: Some(played(1000, 0)), game: None });
    let table = standings(&entrants, &annulled, &[TieBreak::Buchholz], EDITION_2026, System::Swiss);
    assert_eq!(values(&table, 4), vec![2_500_000]);
}

#[test]
fn buchholz_cut_1_cuts_a_voluntarily_unplayed_round_first_in_2026() {
    let (entrants, pairings) = swiss_with_a_withdrawal();
    let table = standings(&entrants, &pairings, &[TieBreak::BuchholzCut1], EDITION_2026, System::Swiss);
    // D's terms: C's 0.5 and two absences of 1. C.07 §16.5.1: the voluntarily unplayed rounds
    // are cut first, though C's 0.5 is smaller: 2.5 - 1 = 1.5 (cutting the smallest: 2).
    assert_eq!(values(&table, 4), vec![1_500_000]);
    // A has no voluntarily unplayed round (the bye is allocated, not asked for): the smallest
    // term goes. A's terms: B's 2, C's 0.5, the bye's dummy min(2.5, 1.5): 4 - 0.5.
    assert_eq!(values(&table, 1), vec![3_500_000]);
    // Herald's 2024 rules: D's one term cut, 0.
    let old = standings(&entrants, &pairings, &[TieBreak::BuchholzCut1], EDITION_2024, System::Swiss);
    assert_eq!(values(&old, 4), vec![0]);
}

#[test]
fn direct_encounter_separates_a_group_that_did_not_all_meet_in_2026() {
    // Six players, three rounds, everyone's games in full. R1: 1-2 3-4 5-6; R2: 1-3 2-5 4-6;
    // R3: 6-1 2-4 3-5, White winning every game. Points: 1, 2, 3: 2; 4, 5, 6: 1.
    let entrants: Vec<Entrant> = (1..=6).map(|n| entrant(n, &format!("P{n}"))).collect();
    let boards = [(1, 1, 2), (1, 3, 4), (1, 5, 6), (2, 1, 3), (2, 2, 5), (2, 4, 6), (3, 6, 1), (3, 2, 4), (3, 3, 5)];
    let pairings: Vec<Pairing> = boards.iter().map(|&(r, w, b)| game(r, w, b, played(1000, 0))).collect();
    let table = standings(&entrants, &pairings, &[TieBreak::DirectEncounter], EDITION_2026, System::Swiss);
    // Group 1, 2, 3: 2 and 3 never met. 1 beat both: 2 points, while 2 and 3 could have had at
    // most 0 + 1 (winning their missing game): 1 is first (C.07 §6.3). Between 2 and 3 nothing
    // is certain: they stay tied. The value counts the tied players ranked below.
    assert_eq!(values(&table, 1), vec![2_000_000]);
    assert_eq!((values(&table, 2), values(&table, 3)), (vec![0], vec![0]));
    let ranks: Vec<(u32, u32)> = table.iter().map(|s| (s.number, s.rank)).collect();
    assert_eq!(&ranks[..3], &[(1, 1), (2, 2), (3, 2)]);
    // Group 4, 5, 6: 4 and 5 never met; each beat 6 (1 point) and could have had 2: no one is
    // certain of first place, and §6.3 ranks no one else: all tied.
    assert!((4..=6).all(|n| values(&table, n) == vec![0]));
    // Herald's 2024 rules separate no group whose members did not all meet.
    let old = standings(&entrants, &pairings, &[TieBreak::DirectEncounter], EDITION_2024, System::Swiss);
    assert!((1..=6).all(|n| values(&old, n) == vec![0]));
}

#[test]
fn direct_encounter_decides_a_tied_subgroup_again_among_itself_in_2026() {
    // A round robin of six in which 1-4 finish on 2 points. Among them: 1 beat 2 and 4, lost
    // to 3 (2); 2 beat 3, drew 4 (1.5); 3 beat 1, drew 4 (1.5); 4: 1. Against 5 and 6: 1 lost
    // both, 2 ½ and 0, 3 0 and ½, 4 ½ and ½; 5-6 drawn.
    let entrants: Vec<Entrant> = (1..=6).map(|n| entrant(n, &format!("P{n}"))).collect();
    let results: [(u32, u32, u32, u32); 15] = [
        (1, 2, 1000, 0),
        (1, 3, 0, 1000),
        (1, 4, 1000, 0),
        (2, 3, 1000, 0),
        (2, 4, 500, 500),
        (3, 4, 500, 500),
        (1, 5, 0, 1000),
        (1, 6, 0, 1000),
        (2, 5, 500, 500),
        (2, 6, 0, 1000),
        (3, 5, 0, 1000),
        (3, 6, 500, 500),
        (4, 5, 500, 500),
        (4, 6, 500, 500),
        (5, 6, 500, 500),
    ];
    let pairings: Vec<Pairing> =
        results.iter().enumerate().map(|(i, &(w, b, pw, pb))| game(i as u32 + 1, w, b, played(pw, pb))).collect();
    let table = standings(&entrants, &pairings, &[TieBreak::DirectEncounter], EDITION_2026, System::RoundRobin);
    assert!((1..=4).all(|n| by_number(&table)[&n].points == Points(2000)));
    // C.07 §6.2: 2 and 3, equal in the group's games (1.5), are decided by their own game: 2
    // beat 3. Order 1, 2, 3, 4; each counts the tied players below.
    let order: Vec<(u32, u32, u64)> =
        table.iter().filter(|s| s.number <= 4).map(|s| (s.number, s.rank, value(s, 0))).collect();
    assert_eq!(order, vec![(1, 3, 3_000_000), (2, 4, 2_000_000), (3, 5, 1_000_000), (4, 6, 0)]);
    // Herald's 2024 rules: the points in the group, 2 and 3 left tied.
    let old = round_robin_2024(&entrants, &pairings, &[TieBreak::DirectEncounter]);
    let order: Vec<(u32, u32, u64)> =
        old.iter().filter(|s| s.number <= 4).map(|s| (s.number, s.rank, value(s, 0))).collect();
    assert_eq!(order, vec![(1, 3, 2_000_000), (2, 4, 1_500_000), (3, 4, 1_500_000), (4, 6, 1_000_000)]);
}

/// Royal Chess's results (White, Black) and the standard ones.
const ROYAL: [(u32, u32); 9] =
    [(1000, 0), (0, 1000), (700, 250), (250, 700), (650, 300), (300, 650), (750, 200), (200, 750), (400, 500)];
const STANDARD: [(u32, u32); 3] = [(1000, 0), (0, 1000), (500, 500)];

/// A finished round robin of `players` with results drawn from `results`, one game in five a
/// forfeit.
fn generated(players: u32, cycles: u32, results: &[(u32, u32)], random: &mut SplitMix) -> (Vec<Entrant>, Vec<Pairing>) {
    let entrants: Vec<Entrant> = (1..=players).map(|n| entrant(n, &format!("Player {n}"))).collect();
    let mut pairings = schedule(players, cycles);
    for p in pairings.iter_mut().filter(|p| !p.is_bye()) {
        p.score = Some(if random.below(5) == 0 {
            let white_wins = random.below(2) == 0;
            Score {
                white: if white_wins { Points::ONE } else { Points::ZERO },
                black: if white_wins { Points::ZERO } else { Points::ONE },
                finish: Finish::Forfeit,
            }
        } else {
            let (w, b) = results[random.below(results.len())];
            played(w, b)
        });
    }
    (entrants, pairings)
}

/// Tie-breaks by a brute-force reading of their definitions over a results matrix: for each
/// player, every (opponent, own points, opponent's points) they had.
fn brute_force(entrants: &[Entrant], pairings: &[Pairing]) -> HashMap<u32, [u64; 4]> {
    let mut games: HashMap<u32, Vec<(u32, u64, u64)>> = HashMap::new();
    for p in pairings {
        let (Some(s), Some(b)) = (p.score, p.black) else { continue };
        games.entry(p.white).or_default().push((b, s.white.0 as u64, s.black.0 as u64));
        games.entry(b).or_default().push((p.white, s.black.0 as u64, s.white.0 as u64));
    }
    let total = |n: u32| games.get(&n).map_or(0, |g| g.iter().map(|x| x.1).sum::<u64>());
    entrants
        .iter()
        .map(|e| {
            let mine = games.get(&e.number).cloned().unwrap_or_default();
            let opponents: Vec<u64> = mine.iter().map(|&(o, _, _)| total(o) * 1000).collect();
            let bh: u64 = opponents.iter().sum();
            let c1 = bh - opponents.iter().min().copied().unwrap_or(0);
            let sb: u64 = mine.iter().map(|&(o, own, _)| own * total(o)).sum();
            let wins = mine.iter().filter(|&&(_, own, theirs)| own > theirs && own > 500).count() as u64 * 1_000_000;
            (e.number, [sb, bh, c1, wins])
        })
        .collect()
}

#[test]
fn generated_round_robins_agree_with_the_definitions() {
    let mut random = SplitMix(7);
    let all = [TieBreak::SonnebornBerger, TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::Wins];
    for case in 0..60 {
        let players = 4 + 2 * (case % 4);
        let (entrants, pairings) = generated(players, 1 + case % 2, &ROYAL, &mut random);
        let expected = brute_force(&entrants, &pairings);
        let table = round_robin_2024(&entrants, &pairings, &all);
        for s in &table {
            let got: Vec<u64> = s.tiebreaks.iter().map(|v| v.millionths).collect();
            assert_eq!(got, expected[&s.number].to_vec(), "case {case}, player {}", s.number);
        }
        // Ranks: sorted by points then the tie-breaks; equal only when all are equal.
        for pair in table.windows(2) {
            let key = |s: &Standing| (s.points, s.tiebreaks.iter().map(|v| v.millionths).collect::<Vec<_>>());
            assert!(key(&pair[0]) >= key(&pair[1]), "case {case}: order");
            assert_eq!(pair[0].rank == pair[1].rank, key(&pair[0]) == key(&pair[1]), "case {case}: ranks");
        }
    }
}

/// tiebreak-core's name of each tie-break whose values are compared, in herald's order.
const ORACLE_TIEBREAKS: [(TieBreak, &str); 4] = [
    (TieBreak::SonnebornBerger, "sonneborn_berger"),
    (TieBreak::Buchholz, "buchholz"),
    (TieBreak::BuchholzCut1, "buchholz_cut1"),
    (TieBreak::Wins, "wins"),
];

/// One tournament, up to `rounds`, as tiebreak-core 1.2.0 reads it: each player's rounds as
/// (opponent or -1, points, colour, round, kind, opponent's points). What happened, in its
/// vocabulary: a game is `played`, a forfeit `forfeit_win`/`forfeit_loss`, a Swiss bye a
/// `pairing_bye`, and a round a Swiss player was not paired in (after their withdrawal) a
/// zero-point `requested_bye`; the round robin's bye is no round (the Berger dummy is no
/// player), as in a round robin tiebreak-core is given none.
fn oracle_input(entrants: &[Entrant], pairings: &[Pairing], system: System, rounds: u32) -> serde_json::Value {
    let mut games: BTreeMap<u32, Vec<serde_json::Value>> = entrants.iter().map(|e| (e.number, Vec::new())).collect();
    let mut paired: HashMap<u32, Vec<u32>> = HashMap::new();
    let points = |p: Points| p.0 as f64 / 1000.0;
    for p in pairings.iter().filter(|p| p.round <= rounds) {
        for n in [Some(p.white), p.black].into_iter().flatten() {
            paired.entry(n).or_default().push(p.round);
        }
        let Some(s) = p.score else { continue };
        let Some(b) = p.black else {
            if system == System::Swiss {
                let bye = serde_json::json!([-1, points(s.white), "white", p.round, "pairing_bye", null]);
                games.get_mut(&p.white).unwrap().push(bye);
            }
            continue;
        };
        let kinds = if s.finish == Finish::Forfeit {
            if s.white > s.black { ("forfeit_win", "forfeit_loss") } else { ("forfeit_loss", "forfeit_win") }
        } else {
            ("played", "played")
        };
        let (w, bl) = (points(s.white), points(s.black));
        games.get_mut(&p.white).unwrap().push(serde_json::json!([b, w, "white", p.round, kinds.0, bl]));
        games.get_mut(&b).unwrap().push(serde_json::json!([p.white, bl, "black", p.round, kinds.1, w]));
    }
    if system == System::Swiss {
        for e in entrants {
            for round in (1..=rounds).filter(|r| !paired.get(&e.number).is_some_and(|rs| rs.contains(r))) {
                let absent = serde_json::json!([-1, 0.0, "white", round, "requested_bye", null]);
                games.get_mut(&e.number).unwrap().push(absent);
            }
        }
    }
    let mode = if system == System::Swiss { "swiss" } else { "round_robin" };
    serde_json::json!({"rounds": rounds, "mode": mode, "players": games})
}

/// tiebreak-core 1.2.0's fide-2026 ruleset over `tournaments` (from [`oracle_input`]): per
/// tournament, each player's values by tiebreak-core's names, and its ranking by direct
/// encounter alone (points, then DE; players it leaves tied by number). A Swiss counts a forfeit
/// as a game (MTB26's `/P`, `forfeits_as_played`), as herald does; a round robin does by §15.2.
fn tiebreak_core_2026(tournaments: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let root = env!("CARGO_MANIFEST_DIR");
    let status = std::process::Command::new("bash").arg(format!("{root}/scripts/tiebreak-venv.sh")).status().unwrap();
    assert!(status.success(), "scripts/tiebreak-venv.sh failed");
    let python = format!("{root}/target/tiebreak-venv/bin/python");
    let script = r#"
import json, sys
from tiebreak_core import GameRecord, PlayerTiebreakData
from tiebreak_core.fide2026 import calculate_all, rank_standings
out = []
for t in json.load(sys.stdin):
    players = {}
    for pid, games in t["players"].items():
        records = [GameRecord(o, 0, s, c, r, kind=k, opponent_score=os) for o, s, c, r, k, os in games]
        players[int(pid)] = PlayerTiebreakData(int(pid), 0, sum(g[1] for g in games), records)
    options = {"mode": t["mode"], "forfeits_as_played": t["mode"] == "swiss"}
    crit = ["sonneborn_berger", "buchholz", "buchholz_cut1", "wins"]
    values = {pid: calculate_all(p, players, crit, t["rounds"], **options) for pid, p in players.items()}
    ranked = rank_standings(players, ["direct_encounter"], t["rounds"], **options)
    out.append({"values": values, "de_order": [p.player_id for p in ranked.players]})
print(json.dumps(out))
"#;
    let mut child = std::process::Command::new(&python)
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    serde_json::to_writer(child.stdin.take().unwrap(), tournaments).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "tiebreak-core failed");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// How many of herald's values agree with tiebreak-core's for one tournament, and how many
/// were compared: SB, BH, BH-C1 always, WIN only on 1-½-0 points (tiebreak-core's `wins`
/// counts rounds scoring exactly 1, which a Royal win of 0.65 is not).
fn agreeing_values(table: &[Standing], theirs: &serde_json::Value, standard: bool) -> (usize, usize, Vec<String>) {
    let (mut agree, mut compared, mut differences) = (0, 0, Vec::new());
    for s in table {
        let v = &theirs["values"][s.number.to_string()];
        let checked = if standard { 4 } else { 3 };
        for (i, (_, name)) in ORACLE_TIEBREAKS.iter().enumerate().take(checked) {
            let ours = s.tiebreaks[i].millionths as f64 / 1e6;
            let expected = v[name].as_f64().unwrap();
            compared += 1;
            if (ours - expected).abs() < 1e-9 {
                agree += 1;
            } else {
                differences.push(format!("player {}: {name} {ours} vs {expected}", s.number));
            }
        }
    }
    (agree, compared, differences)
}

/// The starting numbers in herald's order by points then direct encounter alone.
fn de_order(entrants: &[Entrant], pairings: &[Pairing], edition: TieBreakEdition, system: System) -> Vec<u64> {
    standings(entrants, pairings, &[TieBreak::DirectEncounter], edition, system)
        .iter()
        .map(|s| s.number as u64)
        .collect()
}

/// tiebreak-core 1.2.0 (PyPI), the FIDE 2026 rules in round-robin mode, computes SB, BH,
/// BH-C1 and WIN over the same tournaments, and ranks by direct encounter. A round robin has
/// no bye with points and no unpaired round, so both editions must agree with it on every
/// value; the 2026 edition's direct encounter on the whole order, herald's 2024 rules on
/// every two players tied on points alone (all they separate).
#[test]
fn generated_round_robins_agree_with_tiebreak_core() {
    let mut random = SplitMix(2026);
    let mut cases = Vec::new();
    for case in 0..40 {
        let players = 4 + 2 * (case % 4);
        let standard = case % 2 == 0;
        let results: &[(u32, u32)] = if standard { &STANDARD } else { &ROYAL };
        cases.push((standard, generated(players, 1, results, &mut random)));
    }
    let input: Vec<serde_json::Value> = cases
        .iter()
        .map(|(_, (entrants, pairings))| {
            let rounds = pairings.iter().map(|p| p.round).max().unwrap();
            oracle_input(entrants, pairings, System::RoundRobin, rounds)
        })
        .collect();
    let theirs = tiebreak_core_2026(&input);

    let all: Vec<TieBreak> = ORACLE_TIEBREAKS.iter().map(|&(t, _)| t).collect();
    let mut compared = 0;
    for edition in TieBreakEdition::ALL {
        for (case, ((standard, (entrants, pairings)), theirs)) in cases.iter().zip(&theirs).enumerate() {
            let table = standings(entrants, pairings, &all, edition, System::RoundRobin);
            let (agree, values, differences) = agreeing_values(&table, theirs, *standard);
            assert_eq!(agree, values, "{edition:?}, case {case}: {differences:?}");
            compared += values;
            if !*standard {
                continue;
            }
            let order: Vec<u64> = theirs["de_order"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
            let ours = de_order(entrants, pairings, edition, System::RoundRobin);
            if edition == EDITION_2026 {
                assert_eq!(ours, order, "case {case}: the order by direct encounter");
                compared += ours.len();
                continue;
            }
            // herald's 2024 rules: two players tied on points, whom their game separates.
            let de = standings(entrants, pairings, &[TieBreak::DirectEncounter], edition, System::RoundRobin);
            let position = |n: u32| order.iter().position(|&x| x == n as u64).unwrap();
            for s in &de {
                let tied: Vec<&Standing> = de.iter().filter(|o| o.points == s.points).collect();
                if tied.len() == 2 && tied[0].tiebreaks[0] != tied[1].tiebreaks[0] {
                    let (a, b) = (tied[0], tied[1]);
                    assert!(
                        position(a.number) < position(b.number),
                        "case {case}: DE order of {} and {}",
                        a.number,
                        b.number
                    );
                    compared += 1;
                }
            }
        }
    }
    eprintln!("tiebreak-core fide-2026, round robins: {compared} values, DE orders and DE pairs agree (both editions)");
    assert!(compared > 1000, "too few values compared: {compared}");
}

/// A Swiss of `players` over `rounds`, paired at random (no rematch where a few draws avoid
/// one), with a bye of `bye_points` for the odd one out, one game in six forfeited, and about
/// one player in four withdrawing after a round drawn at random (not paired after it).
fn generated_swiss(
    players: u32,
    rounds: u32,
    results: &[(u32, u32)],
    bye_points: u32,
    random: &mut SplitMix,
) -> (Vec<Entrant>, Vec<Pairing>) {
    let mut entrants: Vec<Entrant> = (1..=players).map(|n| entrant(n, &format!("Player {n}"))).collect();
    for e in &mut entrants {
        if random.below(4) == 0 {
            e.withdrawn_after = Some(1 + random.below(rounds as usize - 1) as u32);
        }
    }
    let mut pairings: Vec<Pairing> = Vec::new();
    for round in 1..=rounds {
        let mut active: Vec<u32> = entrants.iter().filter(|e| e.plays_in(round)).map(|e| e.number).collect();
        let met = |a: u32, b: u32, pairings: &[Pairing]| {
            pairings.iter().any(|p| p.black.is_some() && p.opponent_of(a) == Some(b))
        };
        for _ in 0..50 {
            for i in (1..active.len()).rev() {
                active.swap(i, random.below(i + 1));
            }
            if active.chunks(2).all(|pair| pair.len() < 2 || !met(pair[0], pair[1], &pairings)) {
                break;
            }
        }
        for (board, pair) in active.chunks(2).enumerate() {
            let board = board as u32 + 1;
            let score = if pair.len() == 1 {
                Score { white: Points(bye_points), black: Points::ZERO, finish: Finish::Forfeit }
            } else if random.below(6) == 0 {
                let white_wins = random.below(2) == 0;
                let (w, b) = if white_wins { (Points::ONE, Points::ZERO) } else { (Points::ZERO, Points::ONE) };
                Score { white: w, black: b, finish: Finish::Forfeit }
            } else {
                let (w, b) = results[random.below(results.len())];
                played(w, b)
            };
            pairings.push(Pairing {
                round,
                board,
                white: pair[0],
                black: pair.get(1).copied(),
                score: Some(score),
                game: None,
            });
        }
    }
    (entrants, pairings)
}

/// The same against generated Swiss tournaments with byes, forfeits and withdrawals, after
/// every round from the second: the 2026 edition must agree with tiebreak-core's fide-2026 on
/// every value and on the order by direct encounter. herald's 2024 rules differ from it (the
/// uncapped dummy, the unpaired rounds left out, the plain cut): the test says by how much.
#[test]
fn generated_swiss_tournaments_agree_with_tiebreak_core_2026() {
    let mut random = SplitMix(1603);
    let mut cases = Vec::new();
    for case in 0..30u32 {
        let players = 7 + case % 4;
        let rounds = 4 + case % 3;
        let standard = case % 3 != 2;
        let results: &[(u32, u32)] = if standard { &STANDARD } else { &ROYAL };
        let bye_points = [1000, 1000, 500, 0][case as usize % 4];
        let (entrants, pairings) = generated_swiss(players, rounds, results, bye_points, &mut random);
        for after in 2..=rounds {
            let so_far: Vec<Pairing> = pairings.iter().filter(|p| p.round <= after).cloned().collect();
            cases.push((standard, entrants.clone(), so_far));
        }
    }
    let input: Vec<serde_json::Value> = cases
        .iter()
        .map(|(_, entrants, pairings)| {
            let rounds = pairings.iter().map(|p| p.round).max().unwrap();
            oracle_input(entrants, pairings, System::Swiss, rounds)
        })
        .collect();
    let theirs = tiebreak_core_2026(&input);

    let all: Vec<TieBreak> = ORACLE_TIEBREAKS.iter().map(|&(t, _)| t).collect();
    let (mut compared, mut orders, mut old_agree, mut old_compared) = (0, 0, 0, 0);
    for (case, ((standard, entrants, pairings), theirs)) in cases.iter().zip(&theirs).enumerate() {
        let table = standings(entrants, pairings, &all, EDITION_2026, System::Swiss);
        let (agree, values, differences) = agreeing_values(&table, theirs, *standard);
        assert_eq!(agree, values, "case {case}: {differences:?}");
        compared += values;
        let old = standings(entrants, pairings, &all, EDITION_2024, System::Swiss);
        let (agree, values, _) = agreeing_values(&old, theirs, *standard);
        (old_agree, old_compared) = (old_agree + agree, old_compared + values);
        if *standard {
            let order: Vec<u64> = theirs["de_order"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
            assert_eq!(de_order(entrants, pairings, EDITION_2026, System::Swiss), order, "case {case}: DE order");
            orders += 1;
        }
    }
    eprintln!(
        "tiebreak-core fide-2026, Swiss: 2026 edition {compared} of {compared} values and {orders} DE orders agree; \
         herald's 2024 rules {old_agree} of {old_compared}"
    );
    assert!(compared > 1500 && orders > 50, "too few compared: {compared} values, {orders} orders");
    assert!(old_agree < old_compared, "the generated tournaments never tell the editions apart");
}

#[test]
fn tiebreak_names() {
    for t in TieBreak::ALL {
        assert_eq!(TieBreak::parse(t.as_str()), Some(t));
    }
    let names: Vec<&str> = TieBreak::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(names, ["sonneborn-berger", "buchholz", "buchholz-cut-1", "direct-encounter", "wins"]);
    let labels: Vec<&str> = TieBreak::ALL.iter().map(|t| t.label()).collect();
    assert_eq!(labels, ["SB", "BH", "BH-C1", "DE", "WIN"]);
    assert_eq!(TieBreak::parse("median"), None);
}

// ---------------------------------------------------------------------------------------
// Crosstables
// ---------------------------------------------------------------------------------------

const NAMES: [&str; 14] = [
    "Anna Kowalczyk",
    "Benedikt Schwarzenberger",
    "Chiara Bellucci",
    "Dmitri Aleksandrov",
    "Éloïse Marchand",
    "Fatima Al-Hassan",
    "Grzegorz Brzęczyszczykiewicz",
    "Hannah O'Sullivan",
    "Ingrid Johansson",
    "Jean-Baptiste Moreau",
    "Kenji Watanabe",
    "Lucía Fernández",
    "Mehmet Yılmaz",
    "Nkechi Okonkwo",
];

/// The cell under column `column` (counted from 1) of a grid row: the columns are where the
/// header's labels `1`, `2`, ... start, each as wide as the distance between two labels.
fn cell(header: &str, row: &str, column: usize) -> String {
    let header: Vec<char> = header.chars().collect();
    let row: Vec<char> = row.chars().collect();
    let position = |column: usize| {
        let label: Vec<char> = column.to_string().chars().collect();
        (20..header.len())
            .find(|&i| {
                header[i..].starts_with(&label)
                    && header[i - 1] == ' '
                    && header.get(i + label.len()).is_none_or(|c| *c == ' ')
            })
            .unwrap()
    };
    let stride = position(2) - position(1);
    let start = position(column);
    let end = (start + stride - 1).min(row.len());
    row.get(start.min(end)..end).map(|c| c.iter().collect::<String>()).unwrap_or_default().trim_end().to_string()
}

/// The mark the rules give a player for one game.
fn expected_mark(p: &Pairing, number: u32, withdrawn: &[u32]) -> String {
    let Some(s) = p.score else {
        if withdrawn.contains(&p.white) || p.black.is_some_and(|b| withdrawn.contains(&b)) {
            return "/".into();
        }
        return if p.game.is_some() { "*".into() } else { "".into() };
    };
    let (own, other) = if p.white == number { (s.white.0, s.black.0) } else { (s.black.0, s.white.0) };
    if s.finish != Finish::Played {
        return if own > other { "+".into() } else { "-".into() };
    }
    match own {
        1000 => "1".into(),
        500 => "½".into(),
        0 => "0".into(),
        700 => ".7".into(),
        250 => ".25".into(),
        650 => ".65".into(),
        300 => ".3".into(),
        750 => ".75".into(),
        200 => ".2".into(),
        400 => ".4".into(),
        other => panic!("no mark for {other}"),
    }
}

#[test]
fn twelve_players_fit_in_78_columns_with_the_right_marks() {
    let mut random = SplitMix(12);
    for (cycles, results) in [(1, &ROYAL[..]), (2, &STANDARD[..]), (1, &STANDARD[..])] {
        let (mut entrants, mut pairings) = generated(12, cycles, results, &mut random);
        for e in &mut entrants {
            e.name = NAMES[e.number as usize - 1].to_string();
        }
        // A loss on time, a game in progress, a game not started, and a withdrawal's
        // annulled game.
        let last = pairings.iter().map(|p| p.round).max().unwrap();
        pairings[0].score = Some(Score { white: Points::ZERO, black: Points::ONE, finish: Finish::OnTime });
        for p in pairings.iter_mut().filter(|p| p.round == last) {
            p.score = None;
            p.game = if p.board % 2 == 0 { Some(i64::from(p.board)) } else { None };
        }
        entrants[11].withdrawn_after = Some(last - 1);
        let all = [TieBreak::SonnebornBerger, TieBreak::DirectEncounter, TieBreak::Wins];
        let table = round_robin_2024(&entrants, &pairings, &all);
        let text = crosstable::text(&entrants, &pairings, &table);
        for line in text.lines() {
            assert!(line.chars().count() <= 78, "too wide ({}): {line}\n{text}", line.chars().count());
        }
        let lines: Vec<&str> = text.lines().collect();
        let header = lines[0];
        // The tie-breaks beside the grid, or in the standings list after it when too wide.
        assert!(header.contains("Pts") && text.contains("SB"), "{text}");
        let withdrawn = [12];
        for (row, standing) in table.iter().enumerate() {
            let line = lines[row + 1];
            let name = NAMES[standing.number as usize - 1];
            let shown: String = name.chars().take(8).collect();
            assert!(line.contains(&shown), "row {row} should name {name}: {line}");
            assert!(line.contains(&standing.points.to_string()), "{line}");
            for (column, other) in table.iter().enumerate() {
                let got = cell(header, line, column + 1);
                if row == column {
                    assert_eq!(got, "x");
                    continue;
                }
                let mut games: Vec<&Pairing> = pairings
                    .iter()
                    .filter(|p| {
                        (p.white == standing.number && p.black == Some(other.number))
                            || (p.black == Some(standing.number) && p.white == other.number)
                    })
                    .collect();
                games.sort_by_key(|p| p.round);
                let marks: Vec<String> = games.iter().map(|p| expected_mark(p, standing.number, &withdrawn)).collect();
                let got_marks: Vec<String> = if marks.iter().all(|m| m.chars().count() <= 1) && cycles == 2 {
                    got.chars().map(|c| if c == ' ' { String::new() } else { c.to_string() }).collect()
                } else {
                    got.split(' ').map(str::to_string).collect()
                };
                let trimmed = |v: Vec<String>| {
                    let mut v = v;
                    while v.last().is_some_and(String::is_empty) {
                        v.pop();
                    }
                    v
                };
                assert_eq!(trimmed(got_marks), trimmed(marks), "row {row} column {column}: {line}\n{text}");
            }
        }
    }
}

#[test]
fn more_than_twelve_players_are_listed() {
    let mut random = SplitMix(13);
    let (mut entrants, pairings) = generated(14, 1, &ROYAL, &mut random);
    for e in &mut entrants {
        e.name = NAMES[e.number as usize - 1].to_string();
    }
    let table = round_robin_2024(&entrants, &pairings, &[TieBreak::SonnebornBerger, TieBreak::Buchholz]);
    let text = crosstable::text(&entrants, &pairings, &table);
    assert!(text.lines().all(|l| l.chars().count() <= 78), "{text}");
    // Each player's head line, then their thirteen games by round, e.g. `3:w7 .25`.
    for s in &table {
        let head = text.lines().find(|l| l.contains(&format!("({})", s.number))).unwrap();
        assert!(head.contains(&format!("{} pts", s.points)), "{head}");
        assert!(head.contains(&format!("SB {}", s.tiebreaks[0])), "{head}");
    }
    let first = &table[0];
    let block: String = text
        .lines()
        .skip_while(|l| !l.contains(&format!("({})", first.number)))
        .skip(1)
        .take_while(|l| l.starts_with("     "))
        .collect::<Vec<_>>()
        .join(" ");
    for p in pairings.iter().filter(|p| p.white == first.number || p.black == Some(first.number)) {
        let word = match p.opponent_of(first.number) {
            Some(o) => {
                let c = if p.white == first.number { 'w' } else { 'b' };
                format!("{}:{c}{o} {}", p.round, expected_mark(p, first.number, &[]))
            }
            None => format!("{}:bye", p.round),
        };
        assert!(block.contains(&word), "{word} missing from {block}");
    }
}

#[test]
fn standings_and_round_texts() {
    let (entrants, pairings) = worked_example();
    // Direct encounter first: Ben and Cy are tied on points and it separates them; SB then
    // has no one left to separate, but is shown.
    let all = [TieBreak::DirectEncounter, TieBreak::SonnebornBerger];
    let table = round_robin_2024(&entrants, &pairings, &all);
    let text = crosstable::standings_text(&entrants, &table);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["Rk", "Name", "Pts", "DE", "SB"]);
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["1", "Ben", "1.75", "0.7", "2.17"]);
    assert_eq!(lines[2].split_whitespace().collect::<Vec<_>>(), ["2", "Cy", "1.75", "0.25", "2.3875"]);
    assert_eq!(lines[4].split_whitespace().collect::<Vec<_>>(), ["4", "Di", "0.6", "0", "1.05"]);
    // SB first: it separates them, so direct encounter finds each alone in their group: 0.
    let table = round_robin_2024(&entrants, &pairings, &[TieBreak::SonnebornBerger, TieBreak::DirectEncounter]);
    let text = crosstable::standings_text(&entrants, &table);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["1", "Cy", "1.75", "2.3875", "0"]);
    // Shared ranks are marked.
    let table = round_robin_2024(&entrants, &pairings, &[TieBreak::Buchholz]);
    let text = crosstable::standings_text(&entrants, &table);
    assert!(text.lines().nth(1).unwrap().trim_start().starts_with("1= Ben"), "{text}");
    assert!(text.lines().nth(2).unwrap().trim_start().starts_with("1= Cy"), "{text}");

    let mut pairings = pairings;
    pairings.iter_mut().find(|p| p.round == 3 && p.white == 2).unwrap().score =
        Some(Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit });
    let round = crosstable::round_text(&entrants, &pairings, 3);
    let lines: Vec<&str> = round.lines().collect();
    assert_eq!(lines[0], "Round 3");
    assert!(
        lines[1].starts_with("  1  Ben (2)") && lines[1].contains("- Di (4)") && lines[1].ends_with("+ - (forfeit)"),
        "{round}"
    );
    assert!(lines[2].contains("Cy (3)") && lines[2].ends_with("1-0"), "{round}");
    let round = crosstable::round_text(&entrants, &pairings, 2);
    assert!(round.lines().any(|l| l.contains("Di (4)") && l.ends_with("0.4-½")), "{round}");
}

// ---------------------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------------------

/// Six players' round robin with rounds 1..=`finished` scored 1-0 on every board, and the
/// round after in progress.
fn half_played(finished: u32) -> Vec<Pairing> {
    let mut pairings = schedule(6, 1);
    for p in &mut pairings {
        if p.round <= finished {
            p.score = Some(played(1000, 0));
        } else if p.round == finished + 1 {
            p.game = Some(100 + i64::from(p.board));
        }
    }
    pairings
}

#[test]
fn round_robin_withdrawal_under_half_annuls_every_game() {
    // Player 3 withdraws after round 2: 2 of 5 games completed, fewer than half.
    let pairings = half_played(2);
    let w = withdraw(System::RoundRobin, &pairings, 3, 2, WithdrawalPolicy::AnnulIfUnderHalf);
    assert!(w.annulled_all);
    // The game in progress in round 3 (3-1, board 2) is stopped.
    let game_3 = pairings.iter().find(|p| p.round == 3 && (p.white == 3 || p.black == Some(3))).unwrap();
    assert_eq!(w.stopped_games, vec![game_3.game.unwrap()]);
    let mut after = pairings.clone();
    w.apply(&mut after);
    for p in &after {
        let theirs = p.white == 3 || p.black == Some(3);
        if theirs {
            assert_eq!(p.score, None, "round {}", p.round);
        } else {
            assert_eq!(p.score, pairings.iter().find(|q| q.round == p.round && q.board == p.board).unwrap().score);
        }
    }
    // Their opponents lose the points they scored against them. By the table (R1: 1-6 2-5
    // 3-4; R2: 6-4 5-3 1-2), White winning every game: 3 beat 4, then 5 beat 3; 5 lost to 2.
    let entrants: Vec<Entrant> = (1..=6).map(|n| entrant(n, "x")).collect();
    let before = round_robin_2024(&entrants, &pairings, &[]);
    let now = round_robin_2024(&entrants, &after, &[]);
    let points = |t: &[Standing], n: u32| t.iter().find(|s| s.number == n).unwrap().points;
    assert_eq!(points(&before, 5), Points(1000));
    assert_eq!(points(&now, 5), Points::ZERO);
    assert_eq!(points(&now, 3), Points::ZERO);
    assert_eq!(points(&now, 4), points(&before, 4));
}

#[test]
fn round_robin_withdrawal_at_half_or_more_forfeits_the_rest() {
    // Player 3 withdraws after round 3 of 5 (3 completed: not under half) with round 4 in
    // progress: finished games stand, rounds 4 and 5 are forfeited to the opponents.
    let pairings = half_played(3);
    for policy in WithdrawalPolicy::ALL {
        let w = withdraw(System::RoundRobin, &pairings, 3, 3, policy);
        assert!(!w.annulled_all);
        let forfeits: Vec<(u32, Score)> = w
            .changes
            .iter()
            .map(|c| match c {
                Change::Forfeit { round, score, .. } => (*round, *score),
                other => panic!("no annulment expected: {other:?}"),
            })
            .collect();
        assert_eq!(forfeits.iter().map(|f| f.0).collect::<Vec<_>>(), vec![4, 5]);
        let mut after = pairings.clone();
        w.apply(&mut after);
        for p in after.iter().filter(|p| p.round >= 4 && (p.white == 3 || p.black == Some(3))) {
            let s = p.score.unwrap();
            assert_eq!(s.finish, Finish::Forfeit);
            assert_eq!(p.points_of(3), Some(Points::ZERO));
            assert_eq!(p.points_of(p.opponent_of(3).unwrap()), Some(Points::ONE));
        }
        assert_eq!(w.stopped_games.len(), 1);
    }
    // Under half with the club's ForfeitRemaining: the same forfeits, nothing annulled.
    let early = half_played(1);
    let w = withdraw(System::DoubleRoundRobin, &early, 3, 1, WithdrawalPolicy::ForfeitRemaining);
    assert!(!w.annulled_all);
    assert_eq!(w.changes.len(), 4);
    assert!(w.changes.iter().all(|c| matches!(c, Change::Forfeit { .. })));
}

#[test]
fn swiss_withdrawal_keeps_points() {
    let pairings = vec![
        Pairing { round: 1, board: 1, white: 1, black: Some(2), score: Some(played(0, 1000)), game: Some(1) },
        Pairing { round: 2, board: 1, white: 3, black: Some(1), score: None, game: Some(2) },
    ];
    let w = withdraw(System::Swiss, &pairings, 1, 1, WithdrawalPolicy::AnnulIfUnderHalf);
    assert!(!w.annulled_all, "a Swiss never annuls");
    assert_eq!(w.stopped_games, vec![2]);
    assert_eq!(
        w.changes,
        vec![Change::Forfeit {
            round: 2,
            board: 1,
            score: Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit }
        }]
    );
}

#[test]
fn withdrawal_policy_names() {
    for p in WithdrawalPolicy::ALL {
        assert_eq!(WithdrawalPolicy::parse(p.as_str()), Some(p));
    }
    assert_eq!(WithdrawalPolicy::parse("annul-if-under-half"), Some(WithdrawalPolicy::AnnulIfUnderHalf));
    assert_eq!(WithdrawalPolicy::parse("forfeit-remaining"), Some(WithdrawalPolicy::ForfeitRemaining));
    assert_eq!(WithdrawalPolicy::parse("annul"), None);
}

// ---------------------------------------------------------------------------------------
// TRF-16
// ---------------------------------------------------------------------------------------

/// The example of the field notes (§3), as a pairing program would write it after round 1.
const NOTES_EXAMPLE: &str = "\
012 Herald club Swiss (example)
XXR 3
XXC white1
001    1 m    Alpha, Ann                        2100                             1.0    1     3 w 1
001    2 w    Bravo, Ben                        2000                             0.5    2     4 b =
001    3 m    Charlie, Cy                       1900                             0.0    3     1 b 0
001    4 w    Delta, Di                         1800                             0.5    4     2 w =
001    5 m    Echo, Ed                          1700                             1.0    5  0000 - U
";

/// A player's `001` line built by the standard's columns (1-based): start number 5-8, name
/// 15-47, rating 49-52, points 81-84; each round from column 92: opponent, colour at +5,
/// result at +7.
fn player_line(number: u32, name: &str, rating: &str, points: &str, rounds: &[(u32, char, char)]) -> String {
    let mut columns = vec![' '; 89];
    let mut put = |column: usize, text: &str| {
        for (i, c) in text.chars().enumerate() {
            columns[column - 1 + i] = c;
        }
    };
    put(1, "001");
    put(5, &format!("{number:>4}"));
    put(15, name);
    put(49, &format!("{rating:>4}"));
    put(81, &format!("{points:>4}"));
    let mut line: String = columns.into_iter().collect();
    for &(opponent, colour, result) in rounds {
        line.push_str(&format!("  {opponent:04} {colour} {result}"));
    }
    line
}

#[test]
fn reads_the_notes_example() {
    let t = trf::parse(NOTES_EXAMPLE).unwrap();
    assert_eq!(t.name, "Herald club Swiss (example)");
    assert_eq!(t.total_rounds, 3);
    assert_eq!(t.initial_colour, Some(Color::White));
    let names: Vec<(u32, &str, Option<u32>)> =
        t.entrants.iter().map(|e| (e.number, e.name.as_str(), e.rating)).collect();
    assert_eq!(
        names,
        vec![
            (1, "Alpha, Ann", Some(2100)),
            (2, "Bravo, Ben", Some(2000)),
            (3, "Charlie, Cy", Some(1900)),
            (4, "Delta, Di", Some(1800)),
            (5, "Echo, Ed", Some(1700))
        ]
    );
    let bye = Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit };
    assert_eq!(
        t.pairings,
        vec![
            Pairing { round: 1, board: 1, white: 1, black: Some(3), score: Some(played(1000, 0)), game: None },
            Pairing { round: 1, board: 2, white: 4, black: Some(2), score: Some(played(500, 500)), game: None },
            Pairing { round: 1, board: 3, white: 5, black: None, score: Some(bye), game: None },
        ]
    );
}

#[test]
fn tolerates_what_other_programs_write() {
    // Lower-case codes, a comma decimal, no XXR (the rounds are counted), CRLF line ends, a
    // byte-order mark, unknown lines, both colours left out of a forfeit, a short line.
    let text = format!(
        "\u{feff}012 Club\r\n022 Somewhere\r\nXXP 1 2\r\n{}\r\n{}\r\n001    3      Charlie\r\n",
        player_line(1, "Alpha, Ann", "2100", "1,0", &[(2, '-', '+')]),
        player_line(2, "Bravo, Ben", "", "0.0", &[(1, '-', '-')]),
    );
    let text = text.as_str();
    let t = trf::parse(text).unwrap();
    assert_eq!(t.total_rounds, 1);
    assert_eq!(t.entrants[1].rating, None);
    assert_eq!(t.entrants[2].name, "Charlie");
    assert_eq!(t.pairings.len(), 1);
    let p = &t.pairings[0];
    assert_eq!((p.white, p.black), (1, Some(2)));
    assert_eq!(p.score, Some(Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit }));
}

/// `text` with `from` replaced by `to` on line `line` (from 1).
fn edited(text: &str, line: usize, from: &str, to: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == line { l.replacen(from, to, 1) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn refuses_lines_that_disagree_naming_the_line() {
    // Player 3's line says they drew with 1, whose line says 1 won.
    let text = edited(NOTES_EXAMPLE, 6, "0.0    3     1 b 0", "0.5    3     1 b =");
    let error = trf::parse(&text).unwrap_err();
    assert_eq!(error.problem, TrfProblem::Disagreement { round: 1, opponent: 3 });
    assert_eq!(error.line, 4);
    // Both White.
    let text = edited(NOTES_EXAMPLE, 6, "1 b 0", "1 w 0");
    assert!(matches!(trf::parse(&text).unwrap_err().problem, TrfProblem::Disagreement { .. }));
    // Points that are not the sum of the results.
    let text = edited(NOTES_EXAMPLE, 5, " 0.5    2", " 1.5    2");
    let error = trf::parse(&text).unwrap_err();
    assert_eq!(
        (error.line, error.problem),
        (5, TrfProblem::PointsMismatch { declared: Points(1500), counted: Points(500) })
    );
    // An opponent with no line.
    let text = edited(NOTES_EXAMPLE, 8, "0000 - U", "0009 w 1");
    assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::UnknownOpponent { round: 1, opponent: 9 });
    // A result code TRF does not have; a colour neither w nor b.
    let text = edited(NOTES_EXAMPLE, 4, "3 w 1", "3 w 2");
    assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::BadResult { round: 1, found: '2' });
    let text = edited(NOTES_EXAMPLE, 4, "3 w 1", "3 x 1");
    assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::BadColour { round: 1, found: 'x' });
    // Two lines for one player; a start number that is no number.
    let text = edited(NOTES_EXAMPLE, 8, "001    5", "001    4");
    assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::DuplicatePlayer(4));
    let text = edited(NOTES_EXAMPLE, 8, "001    5", "001   5x");
    assert!(matches!(trf::parse(&text).unwrap_err().problem, TrfProblem::BadNumber { field: "start number", .. }));
    let error = trf::parse(&player_line(1, "Alpha", "", "1.0", &[(1, 'w', '1')])).unwrap_err();
    assert_eq!(error.problem, TrfProblem::SelfPaired { round: 1 });
    // herald's lines: for a game the players' lines do not have; for a bye in a round the
    // player played; one that does not read.
    let text = format!("{NOTES_EXAMPLE}HRP 1 2 3 0.7 0.25 played\n");
    let error = trf::parse(&text).unwrap_err();
    assert_eq!((error.line, error.problem), (9, TrfProblem::UnknownGame { round: 1, white: 2, black: 3 }));
    let text = format!("{NOTES_EXAMPLE}HRP 1 1 0 0 - forfeit\n");
    assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::UnknownGame { round: 1, white: 1, black: 0 });
    for bad in ["HRP 1 1 3 0.7 played", "HRP 1 5 0 1 4 forfeit", "HRP 1 1 3 0.7 - played", "HRP 0 1 3 1 0 played"] {
        let text = format!("{NOTES_EXAMPLE}{bad}\n");
        assert_eq!(trf::parse(&text).unwrap_err().problem, TrfProblem::BadHeraldLine, "{bad}");
    }
    // The exact points of a Royal game replace what the codes say; the points column may
    // say either the codes' sum (what herald writes, what strict readers check) or the exact
    // one (what an older herald wrote), and nothing else.
    let royal = NOTES_EXAMPLE.replace(" 1.0    1", "0.65    1").replace(" 0.0    3", "0.25    3");
    let t = trf::parse(&format!("{royal}HRP 1 1 3 0.65 0.25 played\n")).unwrap();
    assert_eq!(t.pairings[0].score, Some(played(650, 250)));
    let t = trf::parse(&format!("{NOTES_EXAMPLE}HRP 1 1 3 0.65 0.25 played\n")).unwrap();
    assert_eq!(t.pairings[0].score, Some(played(650, 250)));
    let neither = NOTES_EXAMPLE.replace(" 1.0    1", " 0.5    1");
    let error = trf::parse(&format!("{neither}HRP 1 1 3 0.65 0.25 played\n")).unwrap_err();
    assert_eq!(
        (error.line, error.problem),
        (4, TrfProblem::PointsMismatch { declared: Points(500), counted: Points(650) })
    );
}

/// A five-player double round robin in Royal Chess with every kind of result: won, drawn,
/// Royal's fractions, a loss on time, a forfeit, a game in progress, the zero-point byes.
fn rich_tournament() -> TrfTournament {
    let mut random = SplitMix(5);
    let (mut entrants, mut pairings) = generated(5, 2, &ROYAL, &mut random);
    for e in &mut entrants {
        e.email = String::new();
        e.name = NAMES[e.number as usize].to_string();
    }
    entrants[4].rating = None;
    let timed = pairings.iter_mut().find(|p| p.round == 2 && !p.is_bye()).unwrap();
    timed.score = Some(Score { white: Points::ONE, black: Points::ZERO, finish: Finish::OnTime });
    for p in pairings.iter_mut().filter(|p| p.round == 10 && !p.is_bye()) {
        p.score = None;
    }
    TrfTournament {
        name: "Herald Royal double round robin".to_string(),
        start_date: Some("2026/11/01".to_string()),
        end_date: None,
        kind: Some("Double round robin".to_string()),
        total_rounds: 10,
        initial_colour: Some(Color::White),
        pab_points: None,
        entrants,
        pairings,
    }
}

/// Pairings as TRF keeps them: no herald game, boards renumbered.
fn without_boards(pairings: &[Pairing]) -> Vec<(u32, u32, Option<u32>, Option<Score>)> {
    let mut v: Vec<_> = pairings.iter().map(|p| (p.round, p.white, p.black, p.score)).collect();
    v.sort_by_key(|x| (x.0, x.1));
    v
}

#[test]
fn round_trip_keeps_every_result_exactly() {
    let tournament = rich_tournament();
    let text = trf::export(&tournament);
    let back = trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.entrants, tournament.entrants);
    assert_eq!(without_boards(&back.pairings), without_boards(&tournament.pairings));
    assert_eq!(
        (back.name.as_str(), back.start_date.as_deref(), back.end_date.as_deref(), back.kind.as_deref()),
        ("Herald Royal double round robin", Some("2026/11/01"), None, Some("Double round robin"))
    );
    assert_eq!((back.total_rounds, back.initial_colour), (10, Some(Color::White)));
    // Boards: numbered from 1 in each round, byes last.
    for round in 1..=10 {
        let mut boards: Vec<&Pairing> = back.pairings.iter().filter(|p| p.round == round).collect();
        boards.sort_by_key(|p| p.board);
        assert!(boards.iter().enumerate().all(|(i, p)| p.board == i as u32 + 1));
        assert!(boards.last().unwrap().is_bye());
    }
    // Exported a second time: the same text.
    assert_eq!(trf::export(&back), text);
}

#[test]
fn exported_lines_use_the_standard_columns() {
    let tournament = rich_tournament();
    let text = trf::export(&tournament);
    assert!(
        text.starts_with(
            "012 Herald Royal double round robin\n042 2026/11/01\n062 5\n092 Double round robin\nXXR 10\nXXC white1\n"
        ),
        "{text}"
    );
    let table = round_robin_2024(&tournament.entrants, &tournament.pairings, &[]);
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let c: Vec<char> = line.chars().collect();
        let col = |from: usize, to: usize| c[from - 1..to].iter().collect::<String>();
        let number: u32 = col(5, 8).trim().parse().unwrap();
        let entrant = tournament.entrants.iter().find(|e| e.number == number).unwrap();
        assert_eq!(col(15, 47).trim(), entrant.name);
        assert_eq!(col(49, 52).trim(), entrant.rating.map(|r| r.to_string()).unwrap_or_default());
        let standing = table.iter().find(|s| s.number == number).unwrap();
        assert_eq!(col(86, 89).trim(), standing.rank.to_string());
        // Points in four columns, `99.9`, the sum of what the codes say (checked below, with
        // each code): strict readers (bbpPairings, JaVaFo) accept no other.
        let mut coded_tenths = 0;
        // Each round: the opponent at 92 + 10(r - 1), colour 5 later, result 7 later.
        for round in 1..=10u32 {
            let at = 92 + 10 * (round as usize - 1);
            let p = tournament
                .pairings
                .iter()
                .find(|p| p.round == round && (p.white == number || p.black == Some(number)))
                .unwrap();
            let opponent: u32 = col(at, at + 3).trim().parse().unwrap();
            assert_eq!(opponent, p.opponent_of(number).unwrap_or(0));
            let colour = c.get(at + 4).copied().unwrap_or(' ');
            assert_eq!(
                colour,
                if p.is_bye() {
                    '-'
                } else if p.white == number {
                    'w'
                } else {
                    'b'
                }
            );
            let code = c.get(at + 6).copied().unwrap_or(' ');
            let expected = match (p.score, p.is_bye()) {
                (None, _) => ' ',
                (Some(s), true) if s.white == Points::ZERO => 'Z',
                (Some(_), true) => 'U',
                (Some(s), false) => {
                    let (own, other) = if p.white == number { (s.white, s.black) } else { (s.black, s.white) };
                    match (s.finish, own.cmp(&other)) {
                        (Finish::Forfeit, std::cmp::Ordering::Greater) => '+',
                        (Finish::Forfeit, _) => '-',
                        (_, std::cmp::Ordering::Greater) => '1',
                        (_, std::cmp::Ordering::Less) => '0',
                        (_, std::cmp::Ordering::Equal) => '=',
                    }
                }
            };
            assert_eq!(code, expected, "player {number} round {round}: {line}");
            coded_tenths += match code {
                '1' | '+' | 'U' => 10,
                '=' | 'H' => 5,
                _ => 0,
            };
        }
        assert_eq!(col(81, 84).trim(), format!("{}.{}", coded_tenths / 10, coded_tenths % 10), "{line}");
    }
    // The exact points of what the codes cannot say, on herald's lines: a Royal fraction,
    // the loss on time, each zero-point bye.
    let timed = tournament.pairings.iter().find(|p| p.round == 2 && !p.is_bye()).unwrap();
    assert!(text.contains(&format!("HRP 2 {} {} 1 0 time\n", timed.white, timed.black.unwrap())), "{text}");
    for bye in tournament.pairings.iter().filter(|p| p.is_bye()) {
        assert!(text.contains(&format!("HRP {} {} 0 0 - forfeit\n", bye.round, bye.white)), "{text}");
    }
    for p in tournament.pairings.iter().filter(|p| p.score.is_some_and(|s| s.white == Points(700))) {
        assert!(text.contains(&format!("HRP {} {} {} 0.7 0.25 played\n", p.round, p.white, p.black.unwrap())));
    }
}

/// The trf fuzz target's seeds are files herald reads (so that fuzzing starts from inputs
/// that reach the game assembly, not only the first error): the notes' example, a Royal
/// round robin with herald's lines, an export in the manner of Vega (byte-order mark,
/// CRLF, unknown lines, titles, federations, birth dates, `XXS`, a half-point bye), and a
/// Swiss drawn Black whose pairing-allocated bye scores nothing (`BBU 0.0`).
#[test]
fn fuzz_seeds_are_valid_trf() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/trf");
    let mut read = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let t = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!t.pairings.is_empty(), "{}", path.display());
        read += 1;
    }
    assert!(read >= 3);
    let royal = trf::parse(include_str!("../fuzz/seeds/trf/royal-round-robin.trf")).unwrap();
    let game = royal.pairings.iter().find(|p| p.round == 2 && p.white == 5).unwrap();
    assert_eq!(game.score, Some(played(650, 300)));
    let vega = trf::parse(include_str!("../fuzz/seeds/trf/vega-crlf-bom.trf")).unwrap();
    assert_eq!(vega.entrants[0].name, "Alpha, Ann");
    let half = vega.pairings.iter().find(|p| p.round == 2 && p.is_bye()).unwrap();
    assert_eq!((half.white, half.score.unwrap().white), (2, Points::HALF));
    // JaVaFo's `BBU`: the pairing-allocated bye `U` scores what it says.
    let zero = trf::parse(include_str!("../fuzz/seeds/trf/zero-point-bye.trf")).unwrap();
    let bye = zero.pairings.iter().find(|p| p.is_bye()).unwrap();
    assert_eq!((bye.white, bye.score.unwrap().white, zero.pab_points), (5, Points::ZERO, Some(Points::ZERO)));
    assert_eq!(zero.initial_colour, Some(Color::Black));
}
