//! FIDE's Tournament Report File, TRF-16 (Handbook C.04, Annex 2): what herald writes for
//! pairing checkers and rating officers, and reads from Swiss-Manager, Vega, JaVaFo and
//! bbpPairings.
//!
//! The mapping, in full in `docs/tournament-scoring.md`:
//! - Header lines `012` name, `042`/`052` dates, `062` number of players, `092` type, and
//!   the JaVaFo/bbpPairings lines `XXR` (total rounds), `XXC` (`white1`/`black1`, once the
//!   colour is drawn) and `BBU` (what a pairing-allocated bye scores, in a Swiss).
//! - One `001` line a player, at the fixed columns of the standard: start number 5-8, name
//!   15-47, rating 49-52, points 81-84, rank 86-89, and from column 92 ten columns a round:
//!   opponent (`0000` for none), colour `w`/`b`/`-`, result.
//! - Results: over the board `1`, `=`, `0` by who scored more (herald's variants score other
//!   than 1-½-0, so "won" means "scored more than the opponent"); a forfeit `+`/`-` (both
//!   `-` when neither scored); a game without result yet: the opponent and colour, result
//!   blank; a Swiss's pairing-allocated bye `0000 - U` whatever it scores (its points on the
//!   `BBU` line); a round robin's bye, which gives nothing, and no pairing `0000 - Z`.
//! - The codes say 1, ½ or 0. A game whose points or finish they cannot say (Royal Chess's
//!   0.7 for a stalemate, a loss on time, that a `Z` is a round robin's bye) gets a herald line
//!   after the players: `HRP <round> <white> <black or 0> <white points> <black points or
//!   -> <finish>`, e.g. `HRP 3 1 4 0.7 0.25 played`. Other programs ignore lines whose code
//!   they do not know; herald reads them back, so the file carries herald's results exactly.
//! - Points (81-84) are what the codes say, as every other reader counts them (1, ½, 0, the
//!   PAB's `BBU`), with one decimal as TRF-16 writes them (`11.5`); a variant's fractions
//!   (Royal Chess's 0.7) are on the `HRP` lines, not here; blank from 100 points on, which
//!   four columns cannot hold. On reading, the column must equal that sum, or the exact sum
//!   of the results (after `HRP` lines), or either rounded half up to one decimal, as an
//!   older herald wrote it (the check is skipped when an `XXS` line announces other point
//!   values).
//! - Boards: TRF keeps none. Reading numbers each round's boards by the pair's higher score
//!   before the round, then their summed score, then the pair's lower start number (the order
//!   of FIDE's pairing lists), byes last.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use super::standings::{TieBreakEdition, standings};
use super::{Entrant, Finish, Pairing, Points, Score, System};
use crate::engine::Color;

/// What a TRF carries that herald keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfTournament {
    /// The tournament's name (`012`).
    pub name: String,
    /// Start date as written (`042`).
    pub start_date: Option<String>,
    /// End date as written (`052`).
    pub end_date: Option<String>,
    /// Type of tournament as written (`092`).
    pub kind: Option<String>,
    /// Total rounds planned (`XXR`; the last round with a pairing if the file has none).
    pub total_rounds: u32,
    /// The colour of the first-ranked player in round 1 (`XXC`): `None` before it is drawn.
    pub initial_colour: Option<Color>,
    /// What a pairing-allocated bye scores (`BBU`): `Some` in a Swiss, whose byes are all
    /// written `U`; `None` in a round robin, whose byes give nothing and are written `Z`.
    /// A `U` bye scores a win's point when this is `None`.
    pub pab_points: Option<Points>,
    /// The players, by start number (no addresses: TRF has none).
    pub entrants: Vec<Entrant>,
    /// The pairings by round, then board.
    pub pairings: Vec<Pairing>,
}

/// A TRF that cannot be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub problem: TrfProblem,
}

/// What is wrong with a TRF line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfProblem {
    /// A field that should be a number is not (or is out of range).
    BadNumber { field: &'static str, text: String },
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour { round: u32, found: char },
    /// A result code TRF does not have.
    BadResult { round: u32, found: char },
    /// Two `001` lines with the same start number.
    DuplicatePlayer(u32),
    /// A player paired against themselves.
    SelfPaired { round: u32 },
    /// An opponent with no `001` line.
    UnknownOpponent { round: u32, opponent: u32 },
    /// The opponent's line says otherwise (another opponent, the same colour, or a result
    /// that does not match).
    Disagreement { round: u32, opponent: u32 },
    /// A bye's or absence's code (`H`, `F`, `U`, `Z`) against an opponent.
    ByeCodeWithOpponent { round: u32, code: char },
    /// The points column is not the sum of the results.
    PointsMismatch { declared: Points, counted: Points },
    /// A herald `HRP` line that does not read.
    BadHeraldLine,
    /// A herald `HRP` line for a game the players' lines do not have.
    UnknownGame { round: u32, white: u32, black: u32 },
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            TrfProblem::BadNumber { field, text } => write!(f, "{field} is not a number: {text:?}"),
            TrfProblem::BadColour { round, found } => write!(f, "round {round}: colour {found:?} is not w, b or -"),
            TrfProblem::BadResult { round, found } => write!(f, "round {round}: result {found:?} is no TRF code"),
            TrfProblem::DuplicatePlayer(n) => write!(f, "player {n} has a second line"),
            TrfProblem::SelfPaired { round } => write!(f, "round {round}: paired against themselves"),
            TrfProblem::UnknownOpponent { round, opponent } => {
                write!(f, "round {round}: opponent {opponent} has no player line")
            }
            TrfProblem::Disagreement { round, opponent } => {
                write!(f, "round {round}: player {opponent}'s line says otherwise about this game")
            }
            TrfProblem::ByeCodeWithOpponent { round, code } => {
                write!(f, "round {round}: {code} is for rounds without an opponent")
            }
            TrfProblem::PointsMismatch { declared, counted } => {
                write!(f, "points {declared} but the results add up to {counted}")
            }
            TrfProblem::BadHeraldLine => {
                write!(f, "HRP line is not `HRP round white black white-points black-points finish`")
            }
            TrfProblem::UnknownGame { round, white, black } => {
                write!(f, "HRP line for a game {white}-{black} that round {round} does not have")
            }
        }
    }
}

impl std::error::Error for TrfError {}

/// Most points a single game may give in an `HRP` line: far above any variant's, low enough
/// that no sum over thousands of rounds overflows.
const MAX_GAME_POINTS: u32 = 10_000;

/// Column (0-based) where round 1's block starts.
const FIRST_ROUND_COLUMN: usize = 91;
/// Width of a round's block.
const ROUND_WIDTH: usize = 10;

/// The TRF of `tournament`, lines ending in `\n`.
pub fn export(tournament: &TrfTournament) -> String {
    let mut out = String::new();
    let mut header = |code: &str, text: &str| {
        let text = clean(text);
        if !text.is_empty() {
            out.push_str(&format!("{code} {text}\n"));
        }
    };
    header("012", &tournament.name);
    header("042", tournament.start_date.as_deref().unwrap_or(""));
    header("052", tournament.end_date.as_deref().unwrap_or(""));
    header("062", &tournament.entrants.len().to_string());
    header("092", tournament.kind.as_deref().unwrap_or(""));
    out.push_str(&format!("XXR {}\n", tournament.total_rounds));
    match tournament.initial_colour {
        Some(Color::White) => out.push_str("XXC white1\n"),
        Some(Color::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    if let Some(points) = tournament.pab_points {
        // JaVaFo's and bbpPairings' line for the PAB's points, one decimal as they read it.
        out.push_str(&format!("BBU {}\n", one_decimal_or_exact(points)));
    }
    let u_points = tournament.pab_points.unwrap_or(Points::ONE);

    // Ranks by points alone, which no edition of the tie-break rules changes.
    let table = standings(&tournament.entrants, &tournament.pairings, &[], TieBreakEdition::NEWEST, System::Swiss);
    let ranked: HashMap<u32, (Points, u32)> = table.iter().map(|s| (s.number, (s.points, s.rank))).collect();
    let last_round = tournament.pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let mut by_round_and_player: HashMap<(u32, u32), &Pairing> = HashMap::new();
    for p in &tournament.pairings {
        for number in [Some(p.white), p.black].into_iter().flatten() {
            by_round_and_player.entry((p.round, number)).or_insert(p);
        }
    }
    let mut entrants: Vec<&Entrant> = tournament.entrants.iter().collect();
    entrants.sort_by_key(|e| e.number);
    let mut herald_lines = Vec::new();
    for entrant in entrants {
        let rank = ranked.get(&entrant.number).map_or(0, |&(_, rank)| rank);
        let name: String = clean(&entrant.name).chars().take(33).collect();
        let rating = entrant.rating.map(|r| r.min(9999).to_string()).unwrap_or_default();
        let mut rounds = String::new();
        let mut coded = Points::ZERO;
        for round in 1..=last_round {
            let pairing = by_round_and_player.get(&(round, entrant.number)).copied();
            let (opponent, colour, code) = match pairing {
                None => (0, '-', 'Z'),
                Some(p) => {
                    let (code, herald) = round_code(p, entrant.number, tournament.pab_points);
                    if herald && p.white == entrant.number {
                        herald_lines.push(herald_line(p));
                    }
                    let colour = match p.colour_of(entrant.number) {
                        Some(Color::White) => 'w',
                        Some(Color::Black) => 'b',
                        None => '-',
                    };
                    (p.opponent_of(entrant.number).unwrap_or(0), colour, code)
                }
            };
            coded += if opponent == 0 { bye_code_points(code, u_points) } else { code_points(code) };
            rounds.push_str(&format!("  {opponent:>4} {colour} {code}"));
        }
        let line = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}{rounds}",
            entrant.number,
            "",
            "",
            name,
            rating,
            "",
            "",
            "",
            trf_points(coded),
            rank
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for line in herald_lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The result code `number` gets for pairing `p` in a tournament whose pairing-allocated
/// byes score `pab_points` (`None`: a round robin), and whether the codes alone would misstate
/// the pairing's score (so that it needs an `HRP` line).
fn round_code(p: &Pairing, number: u32, pab_points: Option<Points>) -> (char, bool) {
    let Some(score) = p.score else {
        // A game without result: blank. An annulled bye cannot be said: absent.
        return (if p.is_bye() { 'Z' } else { ' ' }, false);
    };
    if p.is_bye() {
        let u_points = pab_points.unwrap_or(Points::ONE);
        // A Swiss's bye is a pairing-allocated bye to every reader, whatever it scores: the
        // pairing rules count it (C2: no second one), and `BBU` says its points.
        if pab_points == Some(score.white) {
            return ('U', false);
        }
        // A bye that gave nothing (a round robin's) is written as the absence it is to other
        // programs, which then count its points right; herald's line keeps it a bye.
        if score.white == Points::ZERO {
            return ('Z', true);
        }
        let code = if score.white == Points::HALF { 'H' } else { 'U' };
        let standard = Score { white: bye_code_points(code, u_points), black: Points::ZERO, finish: Finish::Forfeit };
        return (code, score != standard);
    }
    let (white, black) = match (score.finish, score.white.cmp(&score.black)) {
        (Finish::Forfeit, std::cmp::Ordering::Greater) => ('+', '-'),
        (Finish::Forfeit, std::cmp::Ordering::Less) => ('-', '+'),
        (Finish::Forfeit, std::cmp::Ordering::Equal) => ('-', '-'),
        (_, std::cmp::Ordering::Greater) => ('1', '0'),
        (_, std::cmp::Ordering::Less) => ('0', '1'),
        (_, std::cmp::Ordering::Equal) => ('=', '='),
    };
    let standard = pair_score(white, black).flatten();
    let code = if p.white == number { white } else { black };
    (code, standard != Some(score))
}

/// The `HRP` line giving pairing `p`'s exact score.
fn herald_line(p: &Pairing) -> String {
    let score = p.score.expect("only scored pairings need HRP lines");
    let black_points = if p.is_bye() { "-".to_string() } else { score.black.to_string() };
    format!(
        "HRP {} {} {} {} {} {}",
        p.round,
        p.white,
        p.black.unwrap_or(0),
        score.white,
        black_points,
        score.finish.as_str()
    )
}

/// Points for TRF's four columns as TRF-16 writes them (`99.9`): one decimal, rounded half
/// up; blank from 99.95 on, which four columns cannot hold (the reader then skips its check).
fn trf_points(points: Points) -> String {
    let t = points.thousandths();
    if t >= 99_950 {
        return String::new();
    }
    let tenths = (t + 50) / 100;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `points` with one decimal when that is exact (`1.0`, `0.5`), otherwise as it is (`0.25`).
fn one_decimal_or_exact(points: Points) -> String {
    let t = points.thousandths();
    if t.is_multiple_of(100) { format!("{}.{}", t / 1000, t % 1000 / 100) } else { points.to_string() }
}

/// What the points column may say: the sum of what the codes say (`coded`), or the exact sum
/// (`counted`), or either rounded half up to one decimal (what an older herald wrote).
fn points_agree(declared: Points, counted: Points, coded: Points) -> bool {
    let rounded = |p: Points| Points((p.thousandths() + 50) / 100 * 100);
    [counted, coded].into_iter().any(|p| declared == p || declared == rounded(p))
}

/// Control characters become spaces, and the ends are trimmed: what herald writes reads back
/// unchanged.
fn clean(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

/// Points a code gives by itself (the 1-½-0 standard).
fn code_points(code: char) -> Points {
    match code {
        '1' | '+' | 'W' | 'U' | 'F' => Points::ONE,
        '=' | 'D' | 'H' => Points::HALF,
        _ => Points::ZERO,
    }
}

/// Points a code gives in a round without an opponent, where `U`, the pairing-allocated bye,
/// scores `u_points` (the `BBU` line's, or a win's).
fn bye_code_points(code: char, u_points: Points) -> Points {
    if code == 'U' { u_points } else { code_points(code) }
}

/// The score two codes of one game give: `None` if they do not match; `Some(None)` for a
/// game without result.
fn pair_score(white: char, black: char) -> Option<Option<Score>> {
    let finish = match (white, black) {
        (' ', ' ') => return Some(None),
        ('1', '0') | ('0', '1') | ('=', '=') | ('W', 'L') | ('L', 'W') | ('D', 'D') => Finish::Played,
        ('+', '-') | ('-', '+') | ('-', '-') => Finish::Forfeit,
        _ => return None,
    };
    Some(Some(Score { white: code_points(white), black: code_points(black), finish }))
}

/// A decimal number of points, `.` or `,` before up to three decimals.
fn parse_points(text: &str) -> Option<Points> {
    let (whole, fraction) = match text.find(['.', ',']) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
        return None;
    }
    if whole.len() > 6 || fraction.len() > 3 {
        return None;
    }
    let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let fraction: u32 = format!("{fraction:0<3}").parse().ok()?;
    Some(Points(whole * 1000 + fraction))
}

/// A number of ASCII digits only (TRF's numbers carry no sign).
fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A game of the file: (round, White, Black or `None` for a bye).
type GameKey = (u32, u32, Option<u32>);

/// One round of one player's line.
#[derive(Copy, Clone, Debug)]
struct Entry {
    opponent: u32,
    colour: Option<Color>,
    code: char,
}

/// A player's line as read.
struct PlayerLine {
    line: usize,
    entrant: Entrant,
    declared: Option<Points>,
    rounds: Vec<Entry>,
}

/// Reads a TRF-16 file. Lines of codes herald does not use (`022`, `132`, `013`, `XXP`, ...)
/// are skipped; the players' lines must agree with each other.
pub fn parse(text: &str) -> Result<TrfTournament, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tournament = TrfTournament::default();
    let mut players: Vec<PlayerLine> = Vec::new();
    let mut herald_lines: Vec<(usize, &str)> = Vec::new();
    let mut total_rounds = None;
    let mut other_scoring = false;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let error = |problem| TrfError { line: line_number, problem };
        let code: String = line.chars().take(3).collect();
        let rest: String = line.chars().skip(4).collect();
        match code.as_str() {
            "012" => tournament.name = clean(&rest),
            "042" => tournament.start_date = Some(clean(&rest)).filter(|s| !s.is_empty()),
            "052" => tournament.end_date = Some(clean(&rest)).filter(|s| !s.is_empty()),
            "092" => tournament.kind = Some(clean(&rest)).filter(|s| !s.is_empty()),
            "XXR" => {
                let word = rest.split_whitespace().next().unwrap_or("");
                let rounds = parse_number(word)
                    .filter(|&r| r <= 9999)
                    .ok_or_else(|| error(TrfProblem::BadNumber { field: "total rounds", text: word.to_string() }))?;
                total_rounds = Some(rounds);
            }
            "XXC" => {
                let word = rest.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
                tournament.initial_colour = match word.as_str() {
                    "white1" => Some(Color::White),
                    "black1" => Some(Color::Black),
                    _ => tournament.initial_colour,
                };
            }
            "XXS" => other_scoring = true,
            "BBU" => {
                let word = rest.split_whitespace().next().unwrap_or("");
                let points = parse_points(word)
                    .filter(|p| p.thousandths() <= MAX_GAME_POINTS)
                    .ok_or_else(|| error(TrfProblem::BadNumber { field: "bye points", text: word.to_string() }))?;
                tournament.pab_points = Some(points);
            }
            "HRP" => herald_lines.push((line_number, line)),
            "001" => players.push(player_line(line, line_number)?),
            _ => {}
        }
    }

    let mut by_number: HashMap<u32, usize> = HashMap::new();
    for (i, player) in players.iter().enumerate() {
        if by_number.insert(player.entrant.number, i).is_some() {
            return Err(TrfError { line: player.line, problem: TrfProblem::DuplicatePlayer(player.entrant.number) });
        }
    }
    players.sort_by_key(|p| p.entrant.number);
    let by_number: HashMap<u32, usize> = players.iter().enumerate().map(|(i, p)| (p.entrant.number, i)).collect();

    let u_points = tournament.pab_points.unwrap_or(Points::ONE);
    // The games, each once, as (round, white, black) -> score.
    let mut games: BTreeMap<GameKey, Option<Score>> = BTreeMap::new();
    for player in &players {
        let number = player.entrant.number;
        for (index, entry) in player.rounds.iter().enumerate() {
            let round = index as u32 + 1;
            let error = |problem| TrfError { line: player.line, problem };
            if entry.opponent == 0 {
                let points = match entry.code {
                    'U' => u_points,
                    'F' | '+' | '1' | 'W' => Points::ONE,
                    'H' | '=' | 'D' => Points::HALF,
                    _ => continue,
                };
                let bye = Score { white: points, black: Points::ZERO, finish: Finish::Forfeit };
                games.insert((round, number, None), Some(bye));
                continue;
            }
            if matches!(entry.code, 'H' | 'F' | 'U' | 'Z') {
                return Err(error(TrfProblem::ByeCodeWithOpponent { round, code: entry.code }));
            }
            let opponent = entry.opponent;
            if opponent == number {
                return Err(error(TrfProblem::SelfPaired { round }));
            }
            let Some(&other) = by_number.get(&opponent) else {
                return Err(error(TrfProblem::UnknownOpponent { round, opponent }));
            };
            let disagreement = || error(TrfProblem::Disagreement { round, opponent });
            let theirs = players[other].rounds.get(index).copied().ok_or_else(disagreement)?;
            if theirs.opponent != number {
                return Err(disagreement());
            }
            if opponent < number {
                continue; // Read from the lower number's line.
            }
            let white_is_mine = match (entry.colour, theirs.colour) {
                (Some(Color::White), None | Some(Color::Black)) | (None, Some(Color::Black)) => true,
                (Some(Color::Black), None | Some(Color::White)) | (None, Some(Color::White)) => false,
                (None, None) => true,
                _ => return Err(disagreement()),
            };
            let (white, black, codes) = if white_is_mine {
                (number, opponent, (entry.code, theirs.code))
            } else {
                (opponent, number, (theirs.code, entry.code))
            };
            let upper = |c: char| c.to_ascii_uppercase();
            let score = pair_score(upper(codes.0), upper(codes.1)).ok_or_else(disagreement)?;
            games.insert((round, white, Some(black)), score);
        }
    }

    // Who has a game, or a bye, in which round: one lookup per bye line, where a scan of every
    // game made the import quadratic in the number of rounds.
    let mut seated: HashSet<(u32, u32)> = HashSet::new();
    for &(round, white, black) in games.keys() {
        seated.insert((round, white));
        if let Some(black) = black {
            seated.insert((round, black));
        }
    }
    for &(line_number, line) in &herald_lines {
        let error = |problem| TrfError { line: line_number, problem };
        let (key, score) = herald_score(line).ok_or_else(|| error(TrfProblem::BadHeraldLine))?;
        if let Some(slot) = games.get_mut(&key) {
            *slot = Some(score);
            continue;
        }
        // A bye written as an absence (`0000 - Z`): the player's line must have that round
        // and no game in it.
        let (round, white, black) = key;
        let unknown = || error(TrfProblem::UnknownGame { round, white, black: black.unwrap_or(0) });
        let absent = black.is_none()
            && by_number
                .get(&white)
                .is_some_and(|&i| players[i].rounds.get(round as usize - 1).is_some_and(|e| e.opponent == 0))
            && {
                #[cfg(test)]
                SEATS_LOOKED_UP.with(|n| n.set(n.get() + 1));
                !seated.contains(&(round, white))
            };
        if !absent {
            return Err(unknown());
        }
        seated.insert((round, white));
        games.insert(key, Some(score));
    }

    let mut pairings = Vec::new();
    let mut points: HashMap<u32, Points> = HashMap::new();
    let last_round = games.keys().map(|k| k.0).max().unwrap_or(0);
    for round in 1..=last_round {
        let before = |n: u32| points.get(&n).copied().unwrap_or(Points::ZERO);
        let mut boards: Vec<(u32, Option<u32>, Option<Score>)> = games
            .range((round, 0, None)..(round + 1, 0, None))
            .map(|(&(_, white, black), &score)| (white, black, score))
            .collect();
        boards.sort_by_key(|&(white, black, _)| match black {
            None => (1, Points::ZERO, Points::ZERO, white),
            Some(black) => {
                let (a, b) = (before(white), before(black));
                (0, Points(u32::MAX - a.max(b).0), Points(u32::MAX - (a + b).0), white.min(black))
            }
        });
        for (i, &(white, black, score)) in boards.iter().enumerate() {
            pairings.push(Pairing { round, board: i as u32 + 1, white, black, score, game: None });
        }
        for &(white, black, score) in &boards {
            if let Some(score) = score {
                *points.entry(white).or_default() += score.white;
                if let Some(black) = black {
                    *points.entry(black).or_default() += score.black;
                }
            }
        }
    }

    if !other_scoring {
        for player in &players {
            let counted = points.get(&player.entrant.number).copied().unwrap_or(Points::ZERO);
            let coded: Points = player
                .rounds
                .iter()
                .map(|e| {
                    let code = e.code.to_ascii_uppercase();
                    if e.opponent == 0 { bye_code_points(code, u_points) } else { code_points(code) }
                })
                .sum();
            if let Some(declared) = player.declared
                && !points_agree(declared, counted, coded)
            {
                return Err(TrfError { line: player.line, problem: TrfProblem::PointsMismatch { declared, counted } });
            }
        }
    }

    tournament.total_rounds = total_rounds.unwrap_or(last_round);
    tournament.entrants = players.into_iter().map(|p| p.entrant).collect();
    tournament.pairings = pairings;
    Ok(tournament)
}

/// Reads one `001` line.
fn player_line(line: &str, line_number: usize) -> Result<PlayerLine, TrfError> {
    let chars: Vec<char> = line.chars().collect();
    let field = |from: usize, to: usize| -> String {
        chars.get(from.min(chars.len())..to.min(chars.len())).unwrap_or(&[]).iter().collect()
    };
    let error = |problem| TrfError { line: line_number, problem };
    let number_text = field(4, 8);
    let number = parse_number(number_text.trim())
        .filter(|&n| (1..=9999).contains(&n))
        .ok_or_else(|| error(TrfProblem::BadNumber { field: "start number", text: number_text.clone() }))?;
    let rating_text = field(48, 52);
    let rating = match rating_text.trim() {
        "" => None,
        text => Some(
            parse_number(text)
                .ok_or_else(|| error(TrfProblem::BadNumber { field: "rating", text: rating_text.clone() }))?,
        )
        .filter(|&r| r > 0),
    };
    let points_text = field(80, 84);
    let declared = match points_text.trim() {
        "" => None,
        text => Some(
            parse_points(text)
                .ok_or_else(|| error(TrfProblem::BadNumber { field: "points", text: points_text.clone() }))?,
        ),
    };
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start < chars.len() {
        let round = rounds.len() as u32 + 1;
        let opponent_text = field(start, start + 4);
        let opponent = match opponent_text.trim() {
            "" => 0,
            text => parse_number(text)
                .ok_or_else(|| error(TrfProblem::BadNumber { field: "opponent", text: opponent_text.clone() }))?,
        };
        let colour = match chars.get(start + 5).copied().unwrap_or(' ') {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            ' ' | '-' => None,
            found => return Err(error(TrfProblem::BadColour { round, found })),
        };
        let code = match chars.get(start + 7).copied().unwrap_or(' ').to_ascii_uppercase() {
            code @ ('1' | '=' | '0' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | ' ') => code,
            found => return Err(error(TrfProblem::BadResult { round, found })),
        };
        rounds.push(Entry { opponent, colour, code });
        start += ROUND_WIDTH;
    }
    let name = clean(&field(14, 47));
    Ok(PlayerLine {
        line: line_number,
        entrant: Entrant { number, email: String::new(), name, rating, withdrawn_after: None },
        declared,
        rounds,
    })
}

/// Reads an `HRP` line: the game's key and its exact score.
fn herald_score(line: &str) -> Option<(GameKey, Score)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [_, round, white, black, white_points, black_points, finish] = words.as_slice() else { return None };
    let round = parse_number(round).filter(|&r| r >= 1)?;
    let white = parse_number(white)?;
    let black = parse_number(black)?;
    let game_points = |text: &str| parse_points(text).filter(|p| p.thousandths() <= MAX_GAME_POINTS);
    let white_points = game_points(white_points)?;
    // A bye's line has `-` for Black's points, and a game's a number.
    let black_points = match (black, *black_points) {
        (0, "-") => Points::ZERO,
        (0, _) => return None,
        _ => game_points(black_points)?,
    };
    let finish = Finish::parse(finish)?;
    Some(((round, white, Some(black).filter(|&b| b != 0)), Score { white: white_points, black: black_points, finish }))
}

#[cfg(test)]
thread_local! {
    /// How many times the import asked who sits in a round (a scan of the games counted each
    /// game it looked at): the tests bound it by the number of bye lines.
    static SEATS_LOOKED_UP: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bye written as an absence is checked with one lookup, not a scan of every game: 2
    /// players and 3,000 rounds, each player with a bye worth nothing in every round (written
    /// as an absence, `0000 - Z`, and a herald line), ask once per bye line (6,000), where a
    /// scan looked at up to 6,000 games for each (18 million).
    #[test]
    fn byes_as_absences_cost_one_lookup_each() {
        let rounds = 3000u32;
        let nothing = Score { white: Points::ZERO, black: Points::ZERO, finish: Finish::Forfeit };
        let entrant = |number: u32| Entrant {
            number,
            email: String::new(),
            name: format!("Player {number}"),
            rating: None,
            withdrawn_after: None,
        };
        let tournament = TrfTournament {
            name: "Byes".into(),
            total_rounds: rounds,
            entrants: vec![entrant(1), entrant(2)],
            pairings: (1..=rounds)
                .flat_map(|round| {
                    (1..=2).map(move |white| Pairing {
                        round,
                        board: white,
                        white,
                        black: None,
                        score: Some(nothing),
                        game: None,
                    })
                })
                .collect(),
            ..TrfTournament::default()
        };
        let text = export(&tournament);
        assert_eq!(text.lines().filter(|l| l.starts_with("HRP ")).count(), 2 * rounds as usize);
        assert!(text.contains("   0 - Z"), "the byes are written as absences");
        let before = SEATS_LOOKED_UP.with(|n| n.get());
        let parsed = parse(&text).unwrap_or_else(|e| panic!("{e:?}"));
        let looked = SEATS_LOOKED_UP.with(|n| n.get()) - before;
        assert_eq!(parsed.pairings.len(), 2 * rounds as usize, "every bye line is a pairing");
        assert!(looked <= 2 * u64::from(rounds), "{looked} games or seats looked at for {} bye lines", 2 * rounds);
    }

    /// TRF-16's points are `99.9`: four columns, one decimal (bbpPairings reads no other).
    #[test]
    fn points_columns() {
        assert_eq!(trf_points(Points(11_500)), "11.5");
        assert_eq!(trf_points(Points(2_000)), "2.0");
        assert_eq!(trf_points(Points(2_350)), "2.4");
        assert_eq!(trf_points(Points(650)), "0.7");
        assert_eq!(trf_points(Points(11_640)), "11.6");
        assert_eq!(trf_points(Points(99_900)), "99.9");
        assert_eq!(trf_points(Points(99_950)), "");
        assert_eq!(trf_points(Points(1_000_000)), "");
        assert_eq!(
            (one_decimal_or_exact(Points::ZERO), one_decimal_or_exact(Points(250))),
            ("0.0".into(), "0.25".into())
        );
    }

    #[test]
    fn decimals() {
        assert_eq!(parse_points("1,5"), Some(Points(1500)));
        assert_eq!(parse_points(".25"), Some(Points(250)));
        assert_eq!(parse_points("3"), Some(Points(3000)));
        assert_eq!(parse_points("."), None);
        assert_eq!(parse_points("1.2345"), None);
        assert_eq!(parse_points("-1"), None);
    }
}
