//! Time, injected: the referee core never reads the system clock, so tests can set it; and
//! the correspondence time controls' arithmetic (`control`: what a game's control is and how a
//! move is charged; `days`: the club's calendar days, in which the day-counted controls and
//! vacations are counted). Everything here is pure but the system clock.

pub mod control;
pub mod days;

use std::sync::Mutex;

pub use control::TimeControl;
pub use days::{Days, Vacation};

pub use jiff::Timestamp;

/// A source of the current time.
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> Timestamp;
}

/// The system's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::now()
    }
}

/// A clock that shows what it is set to, for tests and scripted demos.
#[derive(Debug)]
pub struct FixedClock(Mutex<Timestamp>);

impl FixedClock {
    /// A clock stopped at `at`.
    pub fn new(at: Timestamp) -> FixedClock {
        FixedClock(Mutex::new(at))
    }

    /// Moves the clock forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        let mut now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *now = now.checked_add(jiff::SignedDuration::from_secs(seconds)).unwrap_or(*now);
    }
}

impl Clock for FixedClock {
    fn now(&self) -> Timestamp {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
