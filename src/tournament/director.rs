//! What a tournament's rules decide between its games: the start list, how many rounds a
//! round robin has, when a round is over and when the tournament is, and what a finished game
//! scores in it.

use super::{Entrant, Finish, Pairing, Points, Score, System};
use crate::engine::Color;
use crate::referee::records::GameResult;

/// The start list: entrants numbered from 1 by rating (highest first, unrated last), then by
/// name and address, as FIDE orders a start list (C.04.2).
pub fn start_list(mut entrants: Vec<Entrant>) -> Vec<Entrant> {
    entrants.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then_with(|| a.email.cmp(&b.email))
    });
    for (i, e) in entrants.iter_mut().enumerate() {
        e.number = i as u32 + 1;
    }
    entrants
}

/// The rounds of a tournament of `players` with `system`; a Swiss has the rounds the TD chose.
pub fn rounds(system: System, players: u32, swiss_rounds: u32) -> u32 {
    let even = players + players % 2;
    match system {
        System::RoundRobin => even.saturating_sub(1),
        System::DoubleRoundRobin => 2 * even.saturating_sub(1),
        System::Swiss => swiss_rounds,
    }
}

/// The latest round paired so far (0 before the first).
pub fn latest_round(pairings: &[Pairing]) -> u32 {
    pairings.iter().map(|p| p.round).max().unwrap_or(0)
}

/// True when every pairing so far has a result (an annulled game counts as settled): the
/// latest round of a Swiss is over, or a round robin, whose rounds are all paired at once,
/// is.
pub fn all_settled(pairings: &[Pairing], annulled: impl Fn(&Pairing) -> bool) -> bool {
    pairings.iter().all(|p| p.score.is_some() || annulled(p))
}

/// The initial colour a Swiss's round 1 shows, for a history that does not say it (a TRF
/// without `XXC`): everyone has 0 points there, so the higher-ranked player of a pair is the
/// lower number, who gets the initial colour if odd and the other one if even (Art. 5.2.5).
/// Read from the lowest board played or still to play; `None` if round 1 has no such board.
pub fn initial_colour_shown(pairings: &[Pairing]) -> Option<Color> {
    let first = pairings
        .iter()
        .filter(|p| p.round == 1 && p.black.is_some() && p.score.is_none_or(|s| s.finish.was_played()))
        .min_by_key(|p| p.board)?;
    let higher = first.white.min(first.black?);
    let colour = first.colour_of(higher)?;
    Some(if higher % 2 == 1 { colour } else { colour.other() })
}

/// A director's reason split into its words and the points in brackets at its end, if any:
/// `White wins by the director's decision (0.7:0.25)` is the words and (0.7, 0.25).
pub fn reason_points(reason: &str) -> (&str, Option<(Points, Points)>) {
    let parsed = reason.strip_suffix(')').and_then(|rest| {
        let (words, points) = rest.rsplit_once(" (")?;
        let (white, black) = points.split_once(':')?;
        Some((words, (parse_points(white)?, parse_points(black)?)))
    });
    match parsed {
        Some((words, points)) => (words, Some(points)),
        None => (reason, None),
    }
}

/// Points written as [`Points`] displays them (`1`, `0.7`, `0.25`): digits, and at most three
/// decimals with no trailing zero; any other spelling is not herald's.
fn parse_points(text: &str) -> Option<Points> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (whole.len() > 1 && whole.starts_with('0')) || whole.len() > 6 {
        return None;
    }
    if !fraction.is_empty() && (!digits(fraction) || fraction.len() > 3 || fraction.ends_with('0')) {
        return None;
    }
    if text.contains('.') && fraction.is_empty() {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u32>().ok()?;
    Some(Points(whole.parse::<u32>().ok()? * 1000 + thousandths))
}

/// What a finished game scores in its tournament: the variant's points, and how it ended.
pub fn score_of(result: &GameResult) -> Score {
    let reason = reason_points(&result.reason).0;
    let finish = if reason.ends_with(" on time") {
        Finish::OnTime
    } else if reason.ends_with(" by forfeit") {
        Finish::Forfeit
    } else {
        Finish::Played
    };
    Score { white: Points(u32::from(result.white_points)), black: Points(u32::from(result.black_points)), finish }
}
