//! What `herald status` and `herald doctor` read of the database: counts, the oldest mail
//! waiting, games the clock should have acted on, and when the daemon's last pass ended.

use rusqlite::params;

use super::{Result, Store, Tx, from_ts, ts};
use crate::clock::Timestamp;
use crate::referee::records::DeadlineNotice;

/// The name, in the `meta` table, of the time the daemon's last pass ended.
const LAST_PASS: &str = "last_pass";

/// The state of a club's database at a moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Health {
    /// Games going on.
    pub games_in_play: i64,
    /// Games over.
    pub games_finished: i64,
    /// Mails waiting to be sent (for the first time or again).
    pub mails_waiting: i64,
    /// When the oldest of them was queued.
    pub oldest_waiting: Option<Timestamp>,
    /// Mails herald gave up on (`herald outbox` lists them).
    pub dead_letters: i64,
    /// Games whose deadline passed before the cut-off asked for and that the clock has not
    /// acted on (no loss on time, no notice): the game and its deadline, oldest first.
    pub overdue: Vec<(i64, Timestamp)>,
    /// When the daemon's (or `herald serve --once`'s) last pass ended.
    pub last_pass: Option<Timestamp>,
}

impl Tx<'_> {
    /// The club's state; `overdue_before`: the deadlines that count as overdue end before it.
    pub fn health(&self, overdue_before: Timestamp) -> Result<Health> {
        let count = |sql: &str| -> Result<i64> { Ok(self.tx.query_row(sql, [], |r| r.get(0))?) };
        let oldest_waiting: Option<i64> =
            self.tx.query_row("SELECT MIN(created_at) FROM outbox WHERE status = 'pending'", [], |r| r.get(0))?;
        let mut stmt = self.tx.prepare(&format!(
            "SELECT id, deadline FROM games WHERE status = 'active' AND clock_paused_at IS NULL
               AND deadline <= ?1 AND deadline_notices < {told} ORDER BY deadline, id",
            told = DeadlineNotice::ToldTimeIsUp.number(),
        ))?;
        let overdue = stmt
            .query_map(params![ts(overdue_before)], |r| Ok((r.get(0)?, from_ts(r.get(1)?))))?
            .collect::<rusqlite::Result<_>>()?;
        let last_pass = self.meta(LAST_PASS)?.and_then(|s| s.parse().ok()).map(from_ts);
        Ok(Health {
            games_in_play: count("SELECT COUNT(*) FROM games WHERE status = 'active'")?,
            games_finished: count("SELECT COUNT(*) FROM games WHERE status <> 'active'")?,
            mails_waiting: count("SELECT COUNT(*) FROM outbox WHERE status = 'pending'")?,
            oldest_waiting: oldest_waiting.map(from_ts),
            dead_letters: count("SELECT COUNT(*) FROM outbox WHERE status = 'dead'")?,
            overdue,
            last_pass,
        })
    }

    /// The schema version and what SQLite's integrity check says (`["ok"]` when all is well).
    pub fn integrity(&self) -> Result<(usize, Vec<String>)> {
        Ok((super::schema_version_of(&self.tx)?, super::backup::integrity(&self.tx)?))
    }
}

impl Store {
    /// Records that a pass of the daemon ended at `now`: a relaxed commit (losing it to a
    /// power cut loses only this time).
    pub fn record_pass(&mut self, now: Timestamp) -> Result<()> {
        self.write_relaxed(|tx| tx.set_meta(LAST_PASS, &ts(now).to_string()))
    }
}
