//! The tables players read in their mail: a crosstable within 78 columns in a fixed-width
//! font, and a list for larger fields; a standings list; one round's pairings.
//!
//! A player's mark for one game, from their side (the same marks in every table):
//! - `1`, `0`, `½`: the points of a game played to its end; other points as a decimal
//!   without its leading zero, so Royal Chess's stalemate reads `.7` and `.25`, a draw
//!   `.4` and `½`; points above one as `1.5`.
//! - `+`, `-`: a win or loss not decided on the board — on time or by forfeit (`=` if both
//!   sides got the same, non-zero, points that way).
//! - `*`: a game in progress (a herald game started, no result yet).
//! - `/`: an annulled game: no result, and a player of it has withdrawn.
//! - blank: not yet started; `x` on the diagonal.
//!
//! Lengths are counted in characters (names in Latin script fit as counted; a wide script
//! takes more room than counted).

use std::collections::HashMap;

use super::standings::{Standing, TieBreakValue};
use super::{Entrant, Finish, Pairing, Points};

/// The widest line herald mails.
pub const WIDTH: usize = 78;
/// The most players shown as a grid; beyond, the list form.
pub const GRID_PLAYERS: usize = 12;

/// The words of the tables, in the language they are mailed in: the headings (each at most as
/// wide as its column: the rank 3 characters, the number 2, the points 3) and the words of
/// the results. The tie-breaks keep their international labels (BH, SB).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableWords {
    /// "Rk".
    pub rank: String,
    /// "Name".
    pub name: String,
    /// "Pts".
    pub points: String,
    /// "No".
    pub number: String,
    /// "Round" (before its number).
    pub round: String,
    /// "bye".
    pub bye: String,
    /// "annulled".
    pub annulled: String,
    /// "forfeit".
    pub forfeit: String,
    /// "time".
    pub time: String,
    /// "pts" (after a player's points in the list form).
    pub pts: String,
}

impl Default for TableWords {
    /// English's.
    fn default() -> TableWords {
        let s = str::to_string;
        TableWords {
            rank: s("Rk"),
            name: s("Name"),
            points: s("Pts"),
            number: s("No"),
            round: s("Round"),
            bye: s("bye"),
            annulled: s("annulled"),
            forfeit: s("forfeit"),
            time: s("time"),
            pts: s("pts"),
        }
    }
}

/// The crosstable (up to 12 players) or the results list (beyond, or when the grid would not
/// fit in 78 columns), as plain text. Tie-breaks that do not fit beside the grid follow it in
/// a standings list.
pub fn text(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing]) -> String {
    text_in(entrants, pairings, standings, &TableWords::default())
}

/// [`text`] in `words`.
pub fn text_in(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing], words: &TableWords) -> String {
    if standings.len() <= GRID_PLAYERS
        && let Some(grid) = grid(entrants, pairings, standings, words)
    {
        return grid;
    }
    list(entrants, pairings, standings, words)
}

/// The standings as a list: rank, name, points and each tie-break under its short label.
pub fn standings_text(entrants: &[Entrant], standings: &[Standing]) -> String {
    standings_text_in(entrants, standings, &TableWords::default())
}

/// [`standings_text`] in `words`.
pub fn standings_text_in(entrants: &[Entrant], standings: &[Standing], words: &TableWords) -> String {
    let names = names_by_number(entrants);
    let labels: Vec<&str> =
        standings.first().map_or(Vec::new(), |s| s.tiebreaks.iter().map(|t| t.tiebreak.label()).collect());
    let columns = value_columns(standings, &labels, usize::MAX);
    let points_width = points_column_width(standings);
    let fixed = 4 + 1 + points_width + columns.iter().map(|c| c.width + 1).sum::<usize>();
    let natural = standings.iter().map(|s| name_of(&names, s.number).chars().count()).max().unwrap_or(4).max(4);
    let name_width = natural.min(WIDTH.saturating_sub(fixed + 1)).max(8);

    let mut out = format!("{:>4} {:<name_width$} {:>points_width$}", words.rank, words.name, words.points);
    for column in &columns {
        out.push_str(&format!(" {:>w$}", column.label, w = column.width));
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for (row, standing) in standings.iter().enumerate() {
        let mut line = format!(
            "{:>4} {:<name_width$} {:>points_width$}",
            rank_label(standings, row),
            fit(name_of(&names, standing.number), name_width),
            standing.points.to_string()
        );
        for column in &columns {
            line.push_str(&format!(" {:>w$}", column.values[row], w = column.width));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One round's boards with their results, for the round's mail.
pub fn round_text(entrants: &[Entrant], pairings: &[Pairing], round: u32) -> String {
    round_text_in(entrants, pairings, round, &TableWords::default())
}

/// [`round_text`] in `words`.
pub fn round_text_in(entrants: &[Entrant], pairings: &[Pairing], round: u32, words: &TableWords) -> String {
    let names = names_by_number(entrants);
    let withdrawn = withdrawn_numbers(entrants);
    let mut boards: Vec<&Pairing> = pairings.iter().filter(|p| p.round == round).collect();
    boards.sort_by_key(|p| p.board);
    let player = |number: u32| fit(&format!("{} ({number})", name_of(&names, number)), 26);
    let mut out = format!("{} {round}\n", words.round);
    for p in boards {
        let line = match p.black {
            None => {
                let points = p.score.map_or(String::new(), |s| points_text(s.white));
                format!("{:>3}  {:<26}   {:<26}  {points}", p.board, player(p.white), words.bye)
            }
            Some(black) => {
                let annulled = withdrawn.contains(&p.white) || withdrawn.contains(&black);
                let result = result_text(p, annulled, words);
                format!("{:>3}  {:<26} - {:<26}  {result}", p.board, player(p.white), player(black))
            }
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A board's result as the round's mail says it.
fn result_text(p: &Pairing, annulled: bool, words: &TableWords) -> String {
    let Some(score) = p.score else {
        return if annulled {
            words.annulled.clone()
        } else if p.game.is_some() {
            "*".to_string()
        } else {
            String::new()
        };
    };
    match score.finish {
        Finish::Forfeit => {
            let side = |own: Points, other: Points| if own > other { "+" } else { "-" };
            format!("{} {} ({})", side(score.white, score.black), side(score.black, score.white), words.forfeit)
        }
        Finish::OnTime => format!("{}-{} ({})", points_text(score.white), points_text(score.black), words.time),
        Finish::Played => format!("{}-{}", points_text(score.white), points_text(score.black)),
    }
}

/// Points as results show them: `½` for a half, otherwise the decimal.
fn points_text(points: Points) -> String {
    if points == Points::HALF { "½".to_string() } else { points.to_string() }
}

/// A player's mark for one pairing (see the module's documentation).
fn mark(p: &Pairing, number: u32, withdrawn: &[u32]) -> String {
    let Some(score) = p.score else {
        let annulled = withdrawn.contains(&p.white) || p.black.is_some_and(|b| withdrawn.contains(&b));
        return if annulled {
            "/"
        } else if p.game.is_some() {
            "*"
        } else {
            " "
        }
        .to_string();
    };
    let (own, other) = if p.white == number { (score.white, score.black) } else { (score.black, score.white) };
    if score.finish != Finish::Played {
        return match own.cmp(&other) {
            std::cmp::Ordering::Greater => "+",
            std::cmp::Ordering::Less => "-",
            std::cmp::Ordering::Equal if own == Points::ZERO => "-",
            std::cmp::Ordering::Equal => "=",
        }
        .to_string();
    }
    match own.thousandths() {
        1000 => "1".to_string(),
        0 => "0".to_string(),
        500 => "½".to_string(),
        t if t < 1000 => own.to_string().trim_start_matches('0').to_string(),
        _ => own.to_string(),
    }
}

/// A column of right-aligned values under a label.
struct Column {
    label: String,
    width: usize,
    values: Vec<String>,
}

/// The tie-break columns of `standings` (at most `count`).
fn value_columns(standings: &[Standing], labels: &[&str], count: usize) -> Vec<Column> {
    labels
        .iter()
        .enumerate()
        .take(count)
        .map(|(i, label)| {
            let values: Vec<String> = standings
                .iter()
                .map(|s| s.tiebreaks.get(i).map(TieBreakValue::to_string).unwrap_or_default())
                .collect();
            let width = values.iter().map(|v| v.chars().count()).chain([label.len()]).max().unwrap_or(0);
            Column { label: label.to_string(), width, values }
        })
        .collect()
}

fn points_column_width(standings: &[Standing]) -> usize {
    standings.iter().map(|s| s.points.to_string().len()).chain([3]).max().unwrap_or(3)
}

/// The rank shown on row `row`: shared ranks are shown on every row that shares them.
fn rank_label(standings: &[Standing], row: usize) -> String {
    let rank = standings[row].rank;
    let shared = standings.iter().filter(|s| s.rank == rank).count();
    if shared > 1 { format!("{rank}=") } else { rank.to_string() }
}

/// The grid, if it fits in [`WIDTH`] columns.
fn grid(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing], words: &TableWords) -> Option<String> {
    let names = names_by_number(entrants);
    let withdrawn = withdrawn_numbers(entrants);
    let row_of: HashMap<u32, usize> = standings.iter().enumerate().map(|(i, s)| (s.number, i)).collect();
    let n = standings.len();
    // marks[row][column]: the row player's marks against the column player, by round.
    let mut marks: Vec<Vec<Vec<String>>> = vec![vec![Vec::new(); n]; n];
    let mut ordered: Vec<&Pairing> = pairings.iter().collect();
    ordered.sort_by_key(|p| (p.round, p.board));
    for p in ordered {
        let Some(black) = p.black else { continue };
        let (Some(&w), Some(&b)) = (row_of.get(&p.white), row_of.get(&black)) else { continue };
        marks[w][b].push(mark(p, p.white, &withdrawn));
        marks[b][w].push(mark(p, black, &withdrawn));
    }
    let mark_width = marks.iter().flatten().flatten().map(|m| m.chars().count()).max().unwrap_or(1).max(1);
    let meetings = marks.iter().flatten().map(Vec::len).max().unwrap_or(1).max(1);
    let separator = if mark_width > 1 { " " } else { "" };
    let cell_width = (meetings * mark_width + (meetings - 1) * separator.len()).max(n.to_string().len());
    let cell = |row: usize, column: usize| -> String {
        if row == column {
            return "x".to_string();
        }
        let parts: Vec<String> = (0..meetings)
            .map(|k| format!("{:<mark_width$}", marks[row][column].get(k).map_or(" ", String::as_str)))
            .collect();
        parts.join(separator)
    };

    let labels: Vec<&str> =
        standings.first().map_or(Vec::new(), |s| s.tiebreaks.iter().map(|t| t.tiebreak.label()).collect());
    let points_width = points_column_width(standings);
    let natural = standings.iter().map(|s| name_of(&names, s.number).chars().count()).max().unwrap_or(4).clamp(4, 24);
    let min_name = 10.min(natural);
    // Row: "No Rk  Name  cells  Pts  tie-breaks".
    for shown in (0..=labels.len()).rev() {
        let columns = value_columns(standings, &labels, shown);
        let fixed = 2
            + 1
            + 3
            + 1
            + 1
            + n * (cell_width + 1)
            + 1
            + points_width
            + columns.iter().map(|c| c.width + 1).sum::<usize>();
        if fixed + min_name > WIDTH {
            continue;
        }
        let name_width = natural.min(WIDTH - fixed);
        let mut out = format!("{:>2} {:<3} {:<name_width$} ", words.number, words.rank, words.name);
        for column in 0..n {
            out.push_str(&format!("{:<cell_width$} ", column + 1));
        }
        out.push_str(&format!(" {:>points_width$}", words.points));
        for column in &columns {
            out.push_str(&format!(" {:>w$}", column.label, w = column.width));
        }
        let mut text = out.trim_end().to_string();
        text.push('\n');
        for (row, standing) in standings.iter().enumerate() {
            let mut line = format!(
                "{:>2} {:<3} {:<name_width$} ",
                row + 1,
                rank_label(standings, row),
                fit(name_of(&names, standing.number), name_width)
            );
            for column in 0..n {
                line.push_str(&format!("{:<cell_width$} ", cell(row, column)));
            }
            line.push_str(&format!(" {:>points_width$}", standing.points.to_string()));
            for column in &columns {
                line.push_str(&format!(" {:>w$}", column.values[row], w = column.width));
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        if shown < labels.len() {
            text.push('\n');
            text.push_str(&standings_text_in(entrants, standings, words));
        }
        return Some(text);
    }
    None
}

/// The list form: each player's line, then their games by round, wrapped at [`WIDTH`].
fn list(entrants: &[Entrant], pairings: &[Pairing], standings: &[Standing], words: &TableWords) -> String {
    let names = names_by_number(entrants);
    let withdrawn = withdrawn_numbers(entrants);
    let mut out = String::new();
    for (row, standing) in standings.iter().enumerate() {
        let number = standing.number;
        let mut head = format!(
            "{:>4} {} ({number})  {} {}",
            rank_label(standings, row),
            fit(name_of(&names, number), 40),
            standing.points,
            words.pts
        );
        for value in &standing.tiebreaks {
            head.push_str(&format!("  {} {value}", value.tiebreak.label()));
        }
        out.push_str(&head);
        out.push('\n');
        let mut theirs: Vec<&Pairing> =
            pairings.iter().filter(|p| p.white == number || p.black == Some(number)).collect();
        theirs.sort_by_key(|p| p.round);
        let words: Vec<String> = theirs
            .iter()
            .map(|p| match p.opponent_of(number) {
                None => {
                    let points = p.score.map_or(String::new(), |s| points_text(s.white));
                    format!("{}:{} {points}", p.round, words.bye)
                }
                Some(opponent) => {
                    let colour = if p.white == number { 'w' } else { 'b' };
                    format!("{}:{colour}{opponent} {}", p.round, mark(p, number, &withdrawn))
                }
            })
            .map(|w| w.trim_end().to_string())
            .collect();
        let mut line = String::from("     ");
        for word in words {
            if line.trim().is_empty() {
                line.push_str(&word);
            } else if line.chars().count() + 2 + word.chars().count() > WIDTH {
                out.push_str(&line);
                out.push('\n');
                line = format!("     {word}");
            } else {
                line.push_str("  ");
                line.push_str(&word);
            }
        }
        if !line.trim().is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn names_by_number(entrants: &[Entrant]) -> HashMap<u32, &str> {
    entrants.iter().map(|e| (e.number, e.name.as_str())).collect()
}

fn withdrawn_numbers(entrants: &[Entrant]) -> Vec<u32> {
    entrants.iter().filter(|e| e.withdrawn_after.is_some()).map(|e| e.number).collect()
}

fn name_of<'a>(names: &HashMap<u32, &'a str>, number: u32) -> &'a str {
    names.get(&number).copied().unwrap_or("?")
}

/// `text` cut to `width` characters, an ellipsis marking the cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}
