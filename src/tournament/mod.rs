//! Club tournaments as the rules see them: entrants, rounds, pairings and results, with no
//! I/O. The store keeps them, the service starts their games and mails their standings; this
//! module only computes — who meets whom (`berger` for round robins, `dutch` for the FIDE Dutch
//! Swiss), what each player scored and how ties break (`standings`), the tables players read
//! (`crosstable`), what a withdrawal changes (`withdrawal`), and FIDE's Tournament Report File
//! (`trf`).
//!
//! Points are kept as integers in thousandths ([`Points`]), the unit in which each variant
//! scores a game (Royal Chess's 0.7 for a stalemate is 700): sums are exact, never drifting as
//! floating point would.

pub mod berger;
pub mod crosstable;
pub mod director;
pub mod dutch;
pub mod ratings;
pub mod standings;
pub mod trf;
pub mod withdrawal;

use std::fmt;

use crate::engine::Color;

/// Points in thousandths of a point (a win is 1000 in most variants).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// One whole point.
    pub const ONE: Points = Points(1000);
    /// Half a point.
    pub const HALF: Points = Points(500);

    /// In thousandths.
    pub fn thousandths(self) -> u32 {
        self.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// As a decimal with no trailing zeros: `2`, `1.5`, `0.65`, `11.7`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 1000;
        let fraction = self.0 % 1000;
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{fraction:03}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// How a tournament pairs its players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Everyone meets everyone once (FIDE Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed in the second cycle.
    DoubleRoundRobin,
    /// FIDE Dutch system (Handbook C.04.3).
    Swiss,
}

impl System {
    /// Every system.
    pub const ALL: [System; 3] = [System::RoundRobin, System::DoubleRoundRobin, System::Swiss];

    /// The stored and command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::Swiss => "swiss",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

/// How a game of the tournament came to its result, for the crosstable and for the pairing
/// rules (an unplayed game counts neither for colours nor against a rematch).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// Played to its end on the board (mate, resignation, agreed draw, ...).
    Played,
    /// Played, and lost on time by one side: shown as `+`/`-`.
    OnTime,
    /// Not played: the TD forfeited it (a withdrawal, an adjudication of an absent player).
    /// Shown as `+`/`-`.
    Forfeit,
}

impl Finish {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Finish::Played => "played",
            Finish::OnTime => "time",
            Finish::Forfeit => "forfeit",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<Finish> {
        [Finish::Played, Finish::OnTime, Finish::Forfeit].into_iter().find(|f| f.as_str() == name)
    }

    /// True if the game was played over the board (the pairing rules count its colours and
    /// forbid a rematch).
    pub fn was_played(self) -> bool {
        self != Finish::Forfeit
    }
}

/// A result of one pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// White's points.
    pub white: Points,
    /// Black's points.
    pub black: Points,
    /// How it came about.
    pub finish: Finish,
}

/// One board of one round: two entrants (by starting number), or one with the
/// pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1; the bye comes last.
    pub board: u32,
    /// White's starting number (or the bye's receiver).
    pub white: u32,
    /// Black's starting number; `None` for the pairing-allocated bye.
    pub black: Option<u32>,
    /// The result once known (a bye's is known at once). An annulled game has none and is
    /// left out of the tournament's scores.
    pub score: Option<Score>,
    /// The herald game played for it, if any.
    pub game: Option<i64>,
}

impl Pairing {
    /// True for the pairing-allocated bye.
    pub fn is_bye(&self) -> bool {
        self.black.is_none()
    }

    /// The colour `number` has on this board, if they are on it (the bye's receiver has none).
    pub fn colour_of(&self, number: u32) -> Option<Color> {
        match self.black {
            Some(black) if black == number => Some(Color::Black),
            Some(_) if self.white == number => Some(Color::White),
            _ => None,
        }
    }

    /// The opponent of `number` on this board.
    pub fn opponent_of(&self, number: u32) -> Option<u32> {
        let black = self.black?;
        if self.white == number {
            Some(black)
        } else if black == number {
            Some(self.white)
        } else {
            None
        }
    }

    /// The points `number` scored here, once known.
    pub fn points_of(&self, number: u32) -> Option<Points> {
        let score = self.score?;
        match self.colour_of(number) {
            Some(Color::White) => Some(score.white),
            Some(Color::Black) => Some(score.black),
            None if self.white == number => Some(score.white),
            None => None,
        }
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entrant {
    /// The starting number (pairing number), from 1: by rating, then name, at the start.
    pub number: u32,
    /// The player's address.
    pub email: String,
    /// The name shown in tables.
    pub name: String,
    /// The rating used to order the start list, if any.
    pub rating: Option<u32>,
    /// The round after which the player withdrew, if they did (0: before the first).
    pub withdrawn_after: Option<u32>,
}

impl Entrant {
    /// True if the player takes part in round `round` (has not withdrawn before it).
    pub fn plays_in(&self, round: u32) -> bool {
        self.withdrawn_after.is_none_or(|after| round <= after)
    }
}

/// Where a tournament stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Made by the TD; entries only by the TD.
    New,
    /// Players may join by mail.
    Open,
    /// Its games are being played.
    Running,
    /// Every round is over.
    Finished,
}

impl Stage {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::New => "new",
            Stage::Open => "open",
            Stage::Running => "running",
            Stage::Finished => "finished",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<Stage> {
        [Stage::New, Stage::Open, Stage::Running, Stage::Finished].into_iter().find(|s| s.as_str() == name)
    }
}

/// A tournament's terms, as the TD set them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its number.
    pub id: i64,
    /// Its name, e.g. "Autumn Crown 2026".
    pub name: String,
    /// The variant every game is played in.
    pub variant: String,
    /// How players are paired.
    pub system: System,
    /// Rounds in all (a round robin's follow from the number of players at the start).
    pub rounds: u32,
    /// Its games' time control; `None`: the club's when each game starts.
    pub time_control: Option<crate::clock::TimeControl>,
    /// Where it stands.
    pub stage: Stage,
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<standings::TieBreak>,
    /// The edition of FIDE's tie-break rules they follow (chosen when it is made).
    pub tiebreak_edition: standings::TieBreakEdition,
    /// What a pairing-allocated bye scores.
    pub bye_points: Points,
    /// What becomes of a withdrawn player's games.
    pub withdrawal: withdrawal::WithdrawalPolicy,
    /// The colour of starting number 1 in round 1 (Swiss: drawn by lot at the start).
    pub initial_colour: Color,
    /// Whether its games change the players' ratings.
    pub rated: bool,
    /// The language herald writes to its players in who chose none of their own, a code
    /// (`--language`); `None`: the club's.
    pub language: Option<String>,
    /// When the TD made it.
    pub created_at: crate::clock::Timestamp,
}

impl Tournament {
    /// The standings after the results in `pairings`, by this tournament's tie-breaks in the
    /// edition it follows.
    pub fn standings(&self, entrants: &[Entrant], pairings: &[Pairing]) -> Vec<standings::Standing> {
        standings::standings(entrants, pairings, &self.tiebreaks, self.tiebreak_edition, self.system)
    }

    /// The colour of starting number 1 in round 1 as a report states it (TRF's `XXC`): a
    /// Swiss's is drawn at the start, so before it nothing is (a round robin's Berger tables
    /// give number 1 White, which is what `initial_colour` holds for them).
    pub fn drawn_colour(&self) -> Option<Color> {
        matches!(self.stage, Stage::Running | Stage::Finished).then_some(self.initial_colour)
    }

    /// What a pairing-allocated bye scores, as a report states it (TRF's `BBU`): only a
    /// Swiss has such byes.
    pub fn pab_points(&self) -> Option<Points> {
        (self.system == System::Swiss).then_some(self.bye_points)
    }
}
