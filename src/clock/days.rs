//! The club's calendar days: the unit of the day-counted time controls and of vacations.
//!
//! A day is a calendar day in the club's time zone (`time_zone`), midnight to midnight, so a
//! player can count it on a calendar: the day a move reached the player is not counted, each
//! later day is, but for the player's vacation days, on which their clock stands still (ICCF
//! counts reflection time so, and stops it during a leave). [`Days`] is one player's calendar:
//! the zone and which days are still. Its two ways of counting:
//!
//! - in days ([`Days::due`], [`Days::days_left`]), for `10 moves in 50 days` and the bank: a
//!   move is due by the end of the N-th counted day after the day it reached the player;
//! - in running time ([`Days::after_running`], [`Days::running_between`]), for `3 days per
//!   move`: 72 hours of the clock, exactly, but a vacation day's 24 hours do not run.
//!
//! Every loop here walks days and stops after [`MOST_DAYS_WALKED`], so no list of still days,
//! however long, can make it run away.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};

/// The most days any count walks: more than a century.
const MOST_DAYS_WALKED: u32 = 40_000;

/// A player's vacation: whole days, the first and the last counted, in the club's time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vacation {
    /// The first day.
    pub first_day: Date,
    /// The last day (the day of `back`, when the player came back early).
    pub last_day: Date,
}

impl Vacation {
    /// True if `day` is one of its days.
    pub fn contains(&self, day: Date) -> bool {
        self.first_day <= day && day <= self.last_day
    }

    /// How many of its days fall in `year`.
    pub fn days_in_year(&self, year: i16) -> u32 {
        let first = self.first_day.max(Date::new(year, 1, 1).unwrap_or(self.first_day));
        let last = self.last_day.min(Date::new(year, 12, 31).unwrap_or(self.last_day));
        if first > last { 0 } else { days_between(first, last) + 1 }
    }

    /// How many days it has.
    pub fn length(&self) -> u32 {
        days_between(self.first_day, self.last_day) + 1
    }
}

/// Whole days from `from` to `to` (0 when `to` is not after `from`).
pub fn days_between(from: Date, to: Date) -> u32 {
    let mut day = from;
    let mut n = 0;
    while day < to && n < MOST_DAYS_WALKED {
        day = next(day);
        n += 1;
    }
    n
}

/// The day after `day` (the last representable day stays itself).
fn next(day: Date) -> Date {
    day.tomorrow().unwrap_or(day)
}

/// One player's calendar: the club's zone and the player's still days.
pub struct Days<'a> {
    zone: &'a TimeZone,
    still: &'a dyn Fn(Date) -> bool,
}

impl<'a> Days<'a> {
    /// The calendar of `zone` on which the days `still` says are still.
    pub fn new(zone: &'a TimeZone, still: &'a dyn Fn(Date) -> bool) -> Days<'a> {
        Days { zone, still }
    }

    /// The day `at` falls on.
    pub fn date(&self, at: Timestamp) -> Date {
        at.to_zoned(self.zone.clone()).date()
    }

    /// The midnight that begins `day`.
    pub fn start(&self, day: Date) -> Timestamp {
        day.to_zoned(self.zone.clone()).map(|z| z.timestamp()).unwrap_or(Timestamp::MAX)
    }

    /// The midnight that ends `day`.
    pub fn end(&self, day: Date) -> Timestamp {
        self.start(next(day))
    }

    fn is_still(&self, day: Date) -> bool {
        (self.still)(day)
    }

    /// The day a move that reached the player at `at` counts as received on: that day, or,
    /// if it is one of their still days, the first day after them. (A move that arrives
    /// during a vacation is received when the player is back.)
    pub fn receipt_day(&self, at: Timestamp) -> Date {
        let mut day = self.date(at);
        for _ in 0..MOST_DAYS_WALKED {
            if !self.is_still(day) {
                break;
            }
            day = next(day);
        }
        day
    }

    /// When a move is due that has `days` counted days after `after`: the midnight ending the
    /// `days`-th day after `after` that is not still (`days` = 0: the end of `after` itself).
    pub fn due(&self, after: Date, days: u32) -> Timestamp {
        let mut day = after;
        let mut counted = 0;
        let mut walked = 0;
        while counted < days && walked < MOST_DAYS_WALKED {
            day = next(day);
            walked += 1;
            if !self.is_still(day) {
                counted += 1;
            }
        }
        self.end(day)
    }

    /// The counted days left at `at` before `deadline`: the days after the one `at` falls on,
    /// up to the last day still in time (the day before a deadline at midnight), that are not
    /// still. The inverse of [`Days::due`]: `days_left(at, due(date(at), n)) == n`.
    pub fn days_left(&self, at: Timestamp, deadline: Timestamp) -> u32 {
        let last = self.date(deadline.checked_sub(SignedDuration::from_nanos(1)).unwrap_or(deadline));
        let mut day = self.date(at);
        let mut left = 0;
        let mut walked = 0;
        while day < last && walked < MOST_DAYS_WALKED {
            day = next(day);
            walked += 1;
            if !self.is_still(day) {
                left += 1;
            }
        }
        left
    }

    /// The instant at which `running` of running time has passed since `from`: the clock runs
    /// on every day but the still ones.
    pub fn after_running(&self, from: Timestamp, running: SignedDuration) -> Timestamp {
        let mut at = from;
        let mut left = running;
        for _ in 0..MOST_DAYS_WALKED {
            let day = self.date(at);
            let end = self.end(day);
            if self.is_still(day) {
                at = end;
                continue;
            }
            let span = at.duration_until(end);
            if left < span {
                return at.checked_add(left).unwrap_or(end);
            }
            left -= span;
            at = end;
        }
        at
    }

    /// The running time between `from` and `to`: the time between them less what fell on
    /// still days (zero when `to` is not after `from`).
    pub fn running_between(&self, from: Timestamp, to: Timestamp) -> SignedDuration {
        let mut at = from;
        let mut ran = SignedDuration::ZERO;
        for _ in 0..MOST_DAYS_WALKED {
            if at >= to {
                break;
            }
            let day = self.date(at);
            let end = self.end(day).min(to);
            if !self.is_still(day) {
                ran += at.duration_until(end);
            }
            at = end;
        }
        ran
    }
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    fn at(s: &str) -> Timestamp {
        s.parse().unwrap()
    }

    #[test]
    fn a_move_is_due_at_the_end_of_its_last_counted_day() {
        let zone = TimeZone::UTC;
        let none = |_: Date| false;
        let days = Days::new(&zone, &none);
        // Reached the player on the 21st: the 21st is not counted; with 3 days, the 22nd, 23rd
        // and 24th are, so the move is due by the end of the 24th.
        let received = days.date(at("2026-11-21T22:30:00Z"));
        assert_eq!(days.due(received, 3), at("2026-11-25T00:00:00Z"));
        assert_eq!(days.due(received, 0), at("2026-11-22T00:00:00Z"));
        assert_eq!(days.days_left(at("2026-11-21T22:30:00Z"), at("2026-11-25T00:00:00Z")), 3);
        assert_eq!(days.days_left(at("2026-11-24T23:59:00Z"), at("2026-11-25T00:00:00Z")), 0);
        assert_eq!(days.days_left(at("2026-11-23T00:00:00Z"), at("2026-11-25T00:00:00Z")), 1);
    }

    #[test]
    fn vacation_days_are_not_counted() {
        let zone = TimeZone::UTC;
        let vacation = Vacation { first_day: date(2026, 11, 23), last_day: date(2026, 11, 25) };
        let still = move |d: Date| vacation.contains(d);
        let days = Days::new(&zone, &still);
        // 22nd counted, 23rd to 25th still, 26th and 27th counted.
        assert_eq!(days.due(date(2026, 11, 21), 3), at("2026-11-28T00:00:00Z"));
        assert_eq!(days.days_left(at("2026-11-21T12:00:00Z"), at("2026-11-28T00:00:00Z")), 3);
        // A move that arrives on a vacation day counts as received on the first day back.
        assert_eq!(days.receipt_day(at("2026-11-24T09:00:00Z")), date(2026, 11, 26));
        assert_eq!(days.receipt_day(at("2026-11-22T09:00:00Z")), date(2026, 11, 22));
        // Running time: 72 hours from noon on the 22nd skip the three still days.
        let from = at("2026-11-22T12:00:00Z");
        let due = days.after_running(from, SignedDuration::from_hours(72));
        assert_eq!(due, at("2026-11-28T12:00:00Z"));
        assert_eq!(days.running_between(from, due), SignedDuration::from_hours(72));
        // Starting on a still day, the clock starts when it ends.
        assert_eq!(
            days.after_running(at("2026-11-24T08:00:00Z"), SignedDuration::from_hours(1)),
            at("2026-11-26T01:00:00Z")
        );
        assert_eq!((vacation.length(), vacation.days_in_year(2026), vacation.days_in_year(2027)), (3, 3, 0));
    }

    #[test]
    fn a_day_is_the_club_zones_day() {
        let zone = TimeZone::get("Europe/Berlin").unwrap();
        let none = |_: Date| false;
        let days = Days::new(&zone, &none);
        // 23:30 UTC on the 21st is already the 22nd in Berlin (UTC+1 in November).
        let received = days.date(at("2026-11-21T23:30:00Z"));
        assert_eq!(received, date(2026, 11, 22));
        assert_eq!(days.due(received, 1), at("2026-11-23T23:00:00Z"));
        // The spring-forward day has 23 hours of running time.
        assert_eq!(
            days.running_between(at("2027-03-27T23:00:00Z"), at("2027-03-28T22:00:00Z")),
            SignedDuration::from_hours(23)
        );
        let across = Vacation { first_day: date(2026, 12, 30), last_day: date(2027, 1, 3) };
        assert_eq!((across.days_in_year(2026), across.days_in_year(2027), across.length()), (2, 3, 5));
    }
}
