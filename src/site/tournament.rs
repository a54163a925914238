//! A tournament's page as data for its template: the standings with their tie-breaks, the
//! crosstable, and each round's pairings with their results and games.
//!
//! A round robin's crosstable is a square table, the players in the standings' order, each
//! cell the row player's results against the column player (two in a double round robin); a
//! Swiss crosstable has a column per round, each cell the opponent's line in the table, the
//! colour and the result. Results are the variant's points (`1`, `½`, `0`, Royal Chess's
//! `0.7`), with `+`/`-` for a game won or lost on time or by forfeit.

use serde::Serialize;

use super::{TournamentPage, game_page_name};
use crate::engine::piece::Color;
use crate::tournament::standings::TieBreak;
use crate::tournament::{Entrant, Finish, Pairing, Points, Score, System};
use crate::variants;

/// A column heading with its meaning.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Heading {
    pub short: &'static str,
    pub long: &'static str,
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub(super) struct StandingLine {
    /// "1", or "2=" for a shared rank.
    pub rank: String,
    pub number: u32,
    pub name: String,
    pub withdrawn: Option<u32>,
    pub points: String,
    pub tiebreaks: Vec<String>,
    pub games: u32,
}

/// A result in a cell, linked to its game when the site has its page.
#[derive(Clone, Debug, Serialize)]
pub(super) struct CellResult {
    pub text: String,
    pub href: Option<String>,
    /// Words for the tooltip: "round 2, White, won".
    pub title: String,
}

/// One cell of the crosstable.
#[derive(Clone, Debug, Serialize)]
pub(super) struct CrossCell {
    /// The player's own cell on the diagonal of a round robin's table.
    pub own: bool,
    pub results: Vec<CellResult>,
}

/// One line of the crosstable.
#[derive(Clone, Debug, Serialize)]
pub(super) struct CrossLine {
    /// The line's number in the table (the standings' order), which the columns refer to.
    pub line: usize,
    pub name: String,
    pub points: String,
    pub cells: Vec<CrossCell>,
}

/// One board of a round.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Board {
    pub board: u32,
    pub white: String,
    /// `None` for the bye.
    pub black: Option<String>,
    pub result: String,
    pub href: Option<String>,
}

/// One round's pairings.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Round {
    pub number: u32,
    pub boards: Vec<Board>,
}

/// Everything the tournament's template shows.
#[derive(Clone, Debug, Serialize)]
pub(super) struct TournamentModel {
    pub name: String,
    pub variant: String,
    pub system: &'static str,
    pub state: String,
    pub standings_title: String,
    pub tiebreaks: Vec<Heading>,
    pub standings: Vec<StandingLine>,
    /// True for a round robin's square table; false for a Swiss table by rounds.
    pub square: bool,
    /// The crosstable's result columns' headings.
    pub columns: Vec<String>,
    pub crosstable: Vec<CrossLine>,
    pub rounds: Vec<Round>,
    /// The Tournament Report File beside the page.
    pub trf: String,
}

fn heading(tiebreak: TieBreak) -> Heading {
    match tiebreak {
        TieBreak::SonnebornBerger => Heading { short: "SB", long: "Sonneborn-Berger" },
        TieBreak::Buchholz => Heading { short: "BH", long: "Buchholz" },
        TieBreak::BuchholzCut1 => Heading { short: "BH-C1", long: "Buchholz cut 1" },
        TieBreak::DirectEncounter => Heading { short: "DE", long: "Direct encounter" },
        TieBreak::Wins => Heading { short: "Wins", long: "Number of wins" },
    }
}

fn system_name(system: System) -> &'static str {
    match system {
        System::RoundRobin => "Round robin",
        System::DoubleRoundRobin => "Double round robin",
        System::Swiss => "Swiss (FIDE Dutch)",
    }
}

/// Points as a crosstable writes them: `1`, `½`, `0`, or the variant's own value (`0.7`).
fn points_text(points: Points) -> String {
    match points.thousandths() {
        500 => "½".to_string(),
        _ => {
            let whole = points.to_string();
            match whole.strip_suffix(".5") {
                Some(whole) => format!("{whole}½"),
                None => whole,
            }
        }
    }
}

/// What one side scored, as its cell shows it: its points, or `+`, `-`, `=` for a game
/// decided on time or by forfeit.
fn side_result(score: &Score, side: Color) -> String {
    let (mine, theirs) = match side {
        Color::White => (score.white, score.black),
        Color::Black => (score.black, score.white),
    };
    match score.finish {
        Finish::Played => points_text(mine),
        Finish::OnTime | Finish::Forfeit => match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => "+".to_string(),
            std::cmp::Ordering::Less => "-".to_string(),
            std::cmp::Ordering::Equal => "=".to_string(),
        },
    }
}

fn finish_words(finish: Finish) -> &'static str {
    match finish {
        Finish::Played => "",
        Finish::OnTime => " on time",
        Finish::Forfeit => " by forfeit",
    }
}

/// An entrant's name as the site shows it: never an address (an entrant who gave no name has
/// their address as their name in the store), but "Player N" by starting number.
pub(super) fn name_of(entrants: &[Entrant], number: u32) -> String {
    entrants.iter().find(|e| e.number == number).map_or_else(
        || format!("#{number}"),
        |e| super::public_name(Some(&e.name), &e.email, &format!("Player {number}")),
    )
}

/// The page's model of one tournament; `games` are the games the site has pages for.
pub(super) fn model(t: &TournamentPage, games: &[i64]) -> TournamentModel {
    let link = |pairing: &Pairing| pairing.game.filter(|g| games.contains(g)).map(game_page_name);
    let rounds_played = t.pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let state = if t.finished {
        format!("Finished · {} rounds", t.rounds_total)
    } else if rounds_played == 0 {
        format!("Not begun · {} rounds", t.rounds_total)
    } else {
        format!("Round {rounds_played} of {}", t.rounds_total)
    };
    let complete_rounds = (1..=rounds_played)
        .filter(|&r| t.pairings.iter().filter(|p| p.round == r).all(|p| p.score.is_some()))
        .max()
        .unwrap_or(0);
    let standings_title = if t.finished {
        "Final standings".to_string()
    } else if complete_rounds == 0 {
        "Standings".to_string()
    } else {
        format!("Standings after round {complete_rounds}")
    };

    // The table's order: the standings, then any entrant they leave out.
    let mut order: Vec<u32> = t.standings.iter().map(|s| s.number).collect();
    let mut rest: Vec<u32> = t.entrants.iter().map(|e| e.number).filter(|n| !order.contains(n)).collect();
    rest.sort_unstable();
    order.extend(rest);
    let line_of = |number: u32| order.iter().position(|&n| n == number).map(|i| i + 1);

    let standings = t
        .standings
        .iter()
        .map(|s| {
            let shared = t.standings.iter().filter(|o| o.rank == s.rank).count() > 1;
            StandingLine {
                rank: if shared { format!("{}=", s.rank) } else { s.rank.to_string() },
                number: s.number,
                name: name_of(&t.entrants, s.number),
                withdrawn: t.entrants.iter().find(|e| e.number == s.number).and_then(|e| e.withdrawn_after),
                points: s.points.to_string(),
                tiebreaks: s.tiebreaks.iter().map(ToString::to_string).collect(),
                games: s.games,
            }
        })
        .collect();

    let square = t.system != System::Swiss;
    let points_of = |number: u32| {
        t.standings.iter().find(|s| s.number == number).map_or_else(String::new, |s| s.points.to_string())
    };
    let result_of = |p: &Pairing, number: u32| -> CellResult {
        let side = p.colour_of(number);
        let colour = side.map_or("", |c| if c.is_white() { "White" } else { "Black" });
        let (text, words) = match (&p.score, side) {
            (Some(score), Some(side)) => (
                side_result(score, side),
                format!("{colour}, {}{}", side_result(score, side), finish_words(score.finish)),
            ),
            (Some(score), None) => (format!("bye {}", points_text(score.white)), "bye".to_string()),
            (None, None) => ("bye".to_string(), "bye".to_string()),
            (None, Some(_)) if p.game.is_some() => ("*".to_string(), format!("{colour}, in play")),
            (None, Some(_)) => ("·".to_string(), format!("{colour}, to be played")),
        };
        CellResult { text, href: link(p), title: format!("round {}: {words}", p.round) }
    };
    let columns: Vec<String> = if square {
        (1..=order.len()).map(|n| n.to_string()).collect()
    } else {
        (1..=t.rounds_total.max(rounds_played)).map(|r| format!("R{r}")).collect()
    };
    let crosstable = order
        .iter()
        .enumerate()
        .map(|(i, &number)| {
            let cells = if square {
                order
                    .iter()
                    .map(|&other| {
                        if other == number {
                            return CrossCell { own: true, results: Vec::new() };
                        }
                        let mut met: Vec<&Pairing> =
                            t.pairings.iter().filter(|p| p.opponent_of(number) == Some(other)).collect();
                        met.sort_by_key(|p| p.round);
                        CrossCell { own: false, results: met.into_iter().map(|p| result_of(p, number)).collect() }
                    })
                    .collect()
            } else {
                (1..=columns.len() as u32)
                    .map(|round| {
                        let results = t
                            .pairings
                            .iter()
                            .filter(|p| p.round == round && (p.white == number || p.black == Some(number)))
                            .map(|p| {
                                let mut result = result_of(p, number);
                                if let (Some(opponent), Some(side)) = (p.opponent_of(number), p.colour_of(number)) {
                                    let line =
                                        line_of(opponent).map_or_else(|| format!("#{opponent}"), |l| l.to_string());
                                    let colour = if side.is_white() { "w" } else { "b" };
                                    result.title =
                                        format!("{} against {}", result.title, name_of(&t.entrants, opponent));
                                    result.text = format!("{line}{colour}{}", result.text);
                                }
                                result
                            })
                            .collect();
                        CrossCell { own: false, results }
                    })
                    .collect()
            };
            CrossLine { line: i + 1, name: name_of(&t.entrants, number), points: points_of(number), cells }
        })
        .collect();

    let rounds = (1..=rounds_played)
        .map(|number| {
            let mut pairings: Vec<&Pairing> = t.pairings.iter().filter(|p| p.round == number).collect();
            pairings.sort_by_key(|p| p.board);
            let boards = pairings
                .into_iter()
                .map(|p| {
                    let result = match (&p.score, p.black) {
                        (Some(score), Some(_)) => format!(
                            "{} – {}{}",
                            side_result(score, Color::White),
                            side_result(score, Color::Black),
                            finish_words(score.finish)
                        ),
                        (Some(score), None) => format!("bye ({})", points_text(score.white)),
                        (None, None) => "bye".to_string(),
                        (None, Some(_)) if p.game.is_some() => "in play".to_string(),
                        (None, Some(_)) => "to be played".to_string(),
                    };
                    Board {
                        board: p.board,
                        white: name_of(&t.entrants, p.white),
                        black: p.black.map(|b| name_of(&t.entrants, b)),
                        result,
                        href: link(p),
                    }
                })
                .collect();
            Round { number, boards }
        })
        .collect();

    TournamentModel {
        name: t.name.clone(),
        variant: variants::by_id(&t.variant).map_or_else(|| t.variant.clone(), |v| v.name().to_string()),
        system: system_name(t.system),
        state,
        standings_title,
        tiebreaks: t.tiebreaks.iter().copied().map(heading).collect(),
        standings,
        square,
        columns,
        crosstable,
        rounds,
        trf: super::tournament_trf_name(t.id),
    }
}

/// The tournament's Tournament Report File (FIDE's TRF-16) as `herald tournament export --trf`
/// writes it, but with the players by the names the page shows them by, never an address.
pub(super) fn trf(t: &TournamentPage) -> String {
    let entrants = t
        .entrants
        .iter()
        .map(|e| Entrant { name: name_of(&t.entrants, e.number), email: String::new(), ..e.clone() })
        .collect();
    crate::tournament::trf::export(&crate::tournament::trf::TrfTournament {
        name: t.name.clone(),
        start_date: Some(t.created_at.strftime("%Y/%m/%d").to_string()),
        end_date: None,
        kind: Some(format!("{} ({})", t.system.as_str(), t.variant)),
        total_rounds: t.rounds_total,
        initial_colour: t.drawn_colour,
        pab_points: t.pab_points,
        entrants,
        pairings: t.pairings.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_a_crosstable_writes_them() {
        assert_eq!(points_text(Points::ONE), "1");
        assert_eq!(points_text(Points::HALF), "½");
        assert_eq!(points_text(Points::ZERO), "0");
        assert_eq!(points_text(Points(700)), "0.7");
        assert_eq!(points_text(Points(2500)), "2½");
        let forfeit = Score { white: Points::ONE, black: Points::ZERO, finish: Finish::Forfeit };
        assert_eq!(
            (side_result(&forfeit, Color::White), side_result(&forfeit, Color::Black)),
            ("+".into(), "-".into())
        );
        let played = Score { white: Points(300), black: Points(700), finish: Finish::Played };
        assert_eq!(side_result(&played, Color::Black), "0.7");
    }
}
