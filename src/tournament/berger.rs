//! Round robins by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! The tables are generated, not stored: for an even number `n` of places (an odd field gets
//! a dummy place `n + 1`), round `r` of `n - 1` has
//! - player `n` against `a = (r + 1) / 2` in odd rounds (player `n` Black) and against
//!   `a = n / 2 + r / 2` in even rounds (player `n` White), on the first board;
//! - then the boards `(a + i, a - i)` for `i = 1 .. n/2 - 1`, wrapped into `1 ..= n - 1`, the
//!   first-named player White.
//!
//! This reproduces the published tables (the tests hold them, copied from the Handbook).
//! Meeting the dummy is the round robin's bye: the player sits out and, as in FIDE round
//! robins, scores nothing (`Score { white: 0, black: 0, finish: Forfeit }`, known at once).
//! Everyone in an odd field gets exactly one such bye per cycle, so it changes no ranking.
//!
//! Double round robin: the second cycle is the first with colours reversed. As the Handbook
//! advises, the last two rounds of the *first* cycle are played in swapped order; without
//! that, the players whose colour in round `n - 1` equals their reversed colour of round 1
//! get three games in a row with the same colour across the seam.

use super::{Finish, Pairing, Points, Score};

/// The pairings of every round of a round robin of `players` entrants (numbered from 1), by
/// the Berger tables; an odd number gets a dummy, and meeting it is the bye. `cycles` is 1
/// or 2 (double round robin: the same schedule with colours reversed, the first cycle's last
/// two rounds swapped). Scores are `None` except the byes' (zero, known at once). Boards are
/// numbered from 1 in the table's order, the bye last. Fewer than two players: no rounds.
pub fn schedule(players: u32, cycles: u32) -> Vec<Pairing> {
    if players < 2 || cycles == 0 {
        return Vec::new();
    }
    let places = players + players % 2;
    let rounds_per_cycle = places - 1;
    let single: Vec<Vec<(u32, u32)>> = (1..=rounds_per_cycle).map(|round| berger_round(places, round)).collect();

    let mut order: Vec<(usize, bool)> = (0..single.len()).map(|i| (i, false)).collect();
    if cycles >= 2 && order.len() >= 2 {
        let last = order.len() - 1;
        order.swap(last - 1, last);
    }
    for cycle in 1..cycles {
        // Later cycles alternate the colours of the table, in its own order.
        order.extend((0..single.len()).map(|i| (i, cycle % 2 == 1)));
    }

    let mut pairings = Vec::new();
    for (index, &(table_round, reversed)) in order.iter().enumerate() {
        let round = index as u32 + 1;
        let mut board = 0;
        let mut bye = None;
        for &(first, second) in &single[table_round] {
            let (white, black) = if reversed { (second, first) } else { (first, second) };
            if white > players || black > players {
                bye = Some(if white > players { black } else { white });
                continue;
            }
            board += 1;
            pairings.push(Pairing { round, board, white, black: Some(black), score: None, game: None });
        }
        if let Some(sitter) = bye {
            pairings.push(Pairing {
                round,
                board: board + 1,
                white: sitter,
                black: None,
                score: Some(round_robin_bye()),
                game: None,
            });
        }
    }
    pairings
}

/// What meeting the dummy gives: nothing, and nothing was played.
pub fn round_robin_bye() -> Score {
    Score { white: Points::ZERO, black: Points::ZERO, finish: Finish::Forfeit }
}

/// Round `round` (from 1) of the Berger table for an even number of places: (White, Black)
/// per board, in the table's order.
fn berger_round(places: u32, round: u32) -> Vec<(u32, u32)> {
    let last = places;
    let modulus = places - 1;
    let anchor = if round % 2 == 1 { round.div_ceil(2) } else { places / 2 + round / 2 };
    let mut boards = Vec::with_capacity(places as usize / 2);
    boards.push(if round % 2 == 1 { (anchor, last) } else { (last, anchor) });
    // Wrap into 1..=modulus; `anchor - i` may go below 1, so work in signed arithmetic.
    let wrap = |x: i64| -> u32 { ((x - 1).rem_euclid(modulus as i64) + 1) as u32 };
    for i in 1..(places / 2) as i64 {
        boards.push((wrap(anchor as i64 + i), wrap(anchor as i64 - i)));
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notes' n = 6 table, round 2: 6-4 5-3 1-2.
    #[test]
    fn second_round_of_six() {
        assert_eq!(berger_round(6, 2), vec![(6, 4), (5, 3), (1, 2)]);
    }

    #[test]
    fn no_players_no_rounds() {
        assert!(schedule(1, 1).is_empty());
        assert!(schedule(0, 2).is_empty());
        assert!(schedule(4, 0).is_empty());
    }
}
