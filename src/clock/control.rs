//! Correspondence time controls: what a game's clock is, how it is written, and how a move is
//! charged to it.
//!
//! Three controls, each written as players and directors say it (README, "The clock"):
//!
//! - `3 days per move`: each move is due 3 × 24 hours after the move (or the start) that
//!   began it; time not used is lost. herald's control from the beginning.
//! - `10 moves in 50 days`: ICCF's control. Each player has a clock in whole days, 50 at the
//!   start; each move is charged the calendar days it took (the day the move reached the
//!   player is not counted), and at the player's 10th, 20th, 30th ... move 50 more days are
//!   added, so that time saved is carried over. The player whose charge would exceed their
//!   clock has lost on time.
//! - `3 days per move, at most 15 banked` (or `30 days + 3 days per move, at most 60
//!   banked`): a bank of days. It starts with the first number (3 when it is not given); a
//!   move is charged as in the ICCF control, and after each move the increment is added,
//!   but the bank never holds more than its cap.
//!
//! The two day-counted controls count calendar days in the club's time zone (see
//! [`super::days`]); the clock itself is kept here as a number of days, and the deadline it
//! gives is always a midnight.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

/// The most days any number of a time control may be: a year.
pub const MOST_DAYS: u32 = 366;
/// The most moves of an ICCF control's period.
const MOST_MOVES: u32 = 200;

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "String")]
pub enum TimeControl {
    /// `days` days for each move, counted exactly (24 hours a day) from the move that began it.
    PerMove {
        /// Days per move.
        days: u32,
    },
    /// ICCF's control: `moves` moves in `days` days, counted in calendar days, the time saved
    /// carried over to the next period.
    Moves {
        /// Moves in each period.
        moves: u32,
        /// Days added for each period (the first one's at the start).
        days: u32,
    },
    /// A bank of days, counted in calendar days: `start` at the start, `increment` added after
    /// each move, never more than `max`.
    Bank {
        /// Days in the bank at the start.
        start: u32,
        /// Days added after each move.
        increment: u32,
        /// The most days the bank holds.
        max: u32,
    },
}

/// Why a time control's text was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeControlError {}

/// The forms a time control is written in, for error messages.
pub const FORMS: &str = "\"3 days per move\", \"10 moves in 50 days\", \"3 days per move, at most 15 banked\" or \"30 days + 3 days per move, \
     at most 60 banked\"";

impl TimeControl {
    /// True when the clock is counted in calendar days (every control but days per move).
    pub fn counted_in_days(self) -> bool {
        !matches!(self, TimeControl::PerMove { .. })
    }

    /// The days on a player's clock when the game begins (`None` for days per move, which
    /// keeps no clock between moves).
    pub fn starting_days(self) -> Option<u32> {
        match self {
            TimeControl::PerMove { .. } => None,
            TimeControl::Moves { days, .. } => Some(days),
            TimeControl::Bank { start, .. } => Some(start),
        }
    }

    /// The time of one move when nothing is saved, in days: days per move; an ICCF period's
    /// days over its moves, rounded up; a bank's increment. It is the time for a secret choice
    /// before the first move (which charges no clock), and what the club's `reminder_hours`
    /// must stay below.
    pub fn days_for_one_move(self) -> u32 {
        match self {
            TimeControl::PerMove { days } => days,
            TimeControl::Moves { moves, days } => days.div_ceil(moves),
            TimeControl::Bank { increment, .. } => increment,
        }
    }

    /// The player's clock after their `moves_made`-th move, which left `left` days on it: an
    /// ICCF control adds a period's days when that move completes a period, a bank its
    /// increment up to its cap. Days per move keeps no clock (`left` is returned).
    pub fn after_move(self, left: u32, moves_made: u32) -> u32 {
        match self {
            TimeControl::PerMove { .. } => left,
            TimeControl::Moves { moves, days } if moves_made > 0 && moves_made.is_multiple_of(moves) => {
                left.saturating_add(days)
            }
            TimeControl::Moves { .. } => left,
            TimeControl::Bank { increment, max, .. } => left.saturating_add(increment).min(max),
        }
    }

    /// In an ICCF control, the player's move by which the current period ends, after they
    /// have made `moves_made` moves: 10, 20, 30, ...
    pub fn next_control(self, moves_made: u32) -> Option<u32> {
        match self {
            TimeControl::Moves { moves, .. } => Some((moves_made / moves).saturating_add(1).saturating_mul(moves)),
            _ => None,
        }
    }
}

/// "1 day", "3 days".
pub fn days_text(n: u32) -> String {
    if n == 1 { "1 day".to_string() } else { format!("{n} days") }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::PerMove { days: d } => write!(f, "{} per move", days_text(d)),
            TimeControl::Moves { moves, days: d } => {
                write!(f, "{moves} move{} in {}", if moves == 1 { "" } else { "s" }, days_text(d))
            }
            TimeControl::Bank { start, increment, max } if start == increment => {
                write!(f, "{} per move, at most {max} banked", days_text(increment))
            }
            TimeControl::Bank { start, increment, max } => {
                write!(f, "{} + {} per move, at most {max} banked", days_text(start), days_text(increment))
            }
        }
    }
}

/// The words of a time control: numbers and lower-case words, `+` on its own, commas dropped,
/// "day" read as "days" and "move" as "moves".
fn words(text: &str) -> Vec<String> {
    text.replace('+', " + ")
        .replace(',', " ")
        .split_whitespace()
        .map(|w| match w.to_lowercase().as_str() {
            "day" => "days".to_string(),
            "move" => "moves".to_string(),
            other => other.to_string(),
        })
        .collect()
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let unknown = || TimeControlError(format!("{text:?} is not a time control; write {FORMS}"));
        let words = words(text);
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let number = |word: &str, what: &str, most: u32| -> Result<u32, TimeControlError> {
            let n: u32 = word.parse().map_err(|_| unknown())?;
            if n == 0 || n > most {
                return Err(TimeControlError(format!("{text:?}: {what} must be from 1 to {most}")));
            }
            Ok(n)
        };
        let bank = |start: &str, increment: &str, max: &str| -> Result<TimeControl, TimeControlError> {
            let (start, increment) = (number(start, "the days", MOST_DAYS)?, number(increment, "the days", MOST_DAYS)?);
            let max = number(max, "the days banked", MOST_DAYS)?;
            if max < start || max < increment {
                return Err(TimeControlError(format!(
                    "{text:?}: the bank's cap ({max}) must be at least its start ({start}) and its increment \
                     ({increment})"
                )));
            }
            Ok(TimeControl::Bank { start, increment, max })
        };
        match w.as_slice() {
            [d, "days", "per", "moves"] => Ok(TimeControl::PerMove { days: number(d, "the days", MOST_DAYS)? }),
            [n, "moves", "in", d, "days"] => Ok(TimeControl::Moves {
                moves: number(n, "the moves", MOST_MOVES)?,
                days: number(d, "the days", MOST_DAYS)?,
            }),
            [i, "days", "per", "moves", "at", "most", m, "banked"]
            | [i, "days", "per", "moves", "at", "most", m, "days", "banked"] => bank(i, i, m),
            [s, "days", "+", i, "days", "per", "moves", "at", "most", m, "banked"]
            | [s, "days", "+", i, "days", "per", "moves", "at", "most", m, "days", "banked"] => bank(s, i, m),
            _ => Err(unknown()),
        }
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;

    fn try_from(text: String) -> Result<TimeControl, TimeControlError> {
        text.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_is_read_as_written_and_written_as_read() {
        let cases = [
            ("3 days per move", TimeControl::PerMove { days: 3 }),
            ("1 day per move", TimeControl::PerMove { days: 1 }),
            ("10 moves in 50 days", TimeControl::Moves { moves: 10, days: 50 }),
            ("1 move in 1 day", TimeControl::Moves { moves: 1, days: 1 }),
            ("3 days per move, at most 15 banked", TimeControl::Bank { start: 3, increment: 3, max: 15 }),
            ("30 days + 3 days per move, at most 60 banked", TimeControl::Bank { start: 30, increment: 3, max: 60 }),
        ];
        for (text, control) in cases {
            assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
            assert_eq!(control.to_string(), text);
        }
        // Spacing, case, commas and "day"/"days" as people type them.
        let loose = [
            ("  10 Moves IN 50 Days ", TimeControl::Moves { moves: 10, days: 50 }),
            ("3 days per move at most 15 days banked", TimeControl::Bank { start: 3, increment: 3, max: 15 }),
            ("30 days+3 day per move, at most 60 banked", TimeControl::Bank { start: 30, increment: 3, max: 60 }),
        ];
        for (text, control) in loose {
            assert_eq!(text.parse::<TimeControl>(), Ok(control), "{text}");
        }
    }

    #[test]
    fn what_is_not_a_control_says_how_to_write_one() {
        for text in ["", "3", "3 days", "fast", "10 moves in 0 days", "0 days per move", "3 days per move, at most"] {
            let error = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(error.contains(text.trim()), "{error}");
        }
        assert!("0 days per move".parse::<TimeControl>().unwrap_err().to_string().contains("from 1 to 366"));
        let cap = "5 days per move, at most 3 banked".parse::<TimeControl>().unwrap_err().to_string();
        assert!(cap.contains("cap (3) must be at least"), "{cap}");
        assert!("3 days per move, at most 367 banked".parse::<TimeControl>().is_err());
        assert!("201 moves in 50 days".parse::<TimeControl>().is_err());
    }

    #[test]
    fn an_iccf_period_adds_its_days_when_it_is_complete() {
        let iccf = TimeControl::Moves { moves: 10, days: 50 };
        assert_eq!(iccf.starting_days(), Some(50));
        // Moves 1 to 9 only spend; the 10th, 20th ... add 50 days to what is left.
        assert_eq!(iccf.after_move(44, 9), 44);
        assert_eq!(iccf.after_move(7, 10), 57);
        assert_eq!(iccf.after_move(0, 20), 50);
        assert_eq!(iccf.after_move(3, 21), 3);
        assert_eq!((iccf.next_control(0), iccf.next_control(9), iccf.next_control(10)), (Some(10), Some(10), Some(20)));
        assert_eq!(iccf.days_for_one_move(), 5);
        assert_eq!(TimeControl::Moves { moves: 3, days: 10 }.days_for_one_move(), 4);
    }

    #[test]
    fn a_bank_adds_its_increment_up_to_its_cap() {
        let bank = TimeControl::Bank { start: 3, increment: 3, max: 15 };
        assert_eq!(bank.starting_days(), Some(3));
        assert_eq!(bank.after_move(0, 1), 3);
        assert_eq!(bank.after_move(2, 1), 5);
        assert_eq!(bank.after_move(12, 7), 15);
        assert_eq!(bank.after_move(15, 8), 15);
        assert_eq!(bank.days_for_one_move(), 3);
        assert!(bank.counted_in_days());
        assert!(!TimeControl::PerMove { days: 3 }.counted_in_days());
        assert_eq!(TimeControl::PerMove { days: 3 }.starting_days(), None);
    }
}
