//! The outbox: every mail to send, written in the same transaction as the change that
//! causes it, and what became of each attempt.

use rusqlite::OptionalExtension;
use rusqlite::params;

use super::{Result, Tx, from_ts, ts};
use crate::clock::Timestamp;

/// One row of the outbox, for sending or listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxRow {
    /// Row id.
    pub id: i64,
    /// The game, if any.
    pub game_id: Option<i64>,
    /// Message-ID.
    pub message_id: String,
    /// Envelope sender.
    pub envelope_from: String,
    /// Envelope recipient.
    pub recipient: String,
    /// The message.
    pub bytes: Vec<u8>,
    /// pending, sent or dead.
    pub status: OutboxStatus,
    /// Attempts so far.
    pub attempts: u32,
    /// When the next attempt is due.
    pub next_attempt_at: Timestamp,
    /// The last error, if an attempt failed.
    pub last_error: Option<String>,
}

/// What became of a mail in the outbox: the `status` column (its CHECK constraint lists the
/// same names).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutboxStatus {
    /// To send at its next attempt's time.
    Pending,
    /// The next hop took it.
    Sent,
    /// A permanent failure, or too many attempts: a dead letter.
    Dead,
}

impl OutboxStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            OutboxStatus::Pending => "pending",
            OutboxStatus::Sent => "sent",
            OutboxStatus::Dead => "dead",
        }
    }

    /// From the stored name.
    pub fn parse(name: &str) -> Option<OutboxStatus> {
        [OutboxStatus::Pending, OutboxStatus::Sent, OutboxStatus::Dead].into_iter().find(|s| s.as_str() == name)
    }
}

impl Tx<'_> {
    /// Up to `limit` mails due at `now` whose row ids are above `after`, oldest first. (A
    /// sender goes on from the last row it tried, so a mail it has sent but not yet folded
    /// into the outbox is not offered to it again.)
    pub fn due_mail(&self, now: Timestamp, after: i64, limit: usize) -> Result<Vec<OutboxRow>> {
        let mut stmt = self.tx.prepare_cached(&format!(
            "{OUTBOX_SELECT} WHERE status = 'pending' AND next_attempt_at <= ?1 AND id > ?2 ORDER BY id LIMIT ?3"
        ))?;
        Ok(stmt.query_map(params![ts(now), after, limit as i64], read_outbox_row)?.collect::<rusqlite::Result<_>>()?)
    }

    /// Records that the mail of row `id` with Message-ID `message_id` was sent; recording it
    /// again changes nothing.
    pub fn mark_sent(&self, id: i64, message_id: &str, now: Timestamp) -> Result<()> {
        self.exec(
            "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, last_error = NULL
             WHERE id = ?1 AND message_id = ?3 AND status = 'pending'",
            params![id, ts(now), message_id],
        )?;
        Ok(())
    }

    /// Records a failed attempt: retried at `retry_at`, or a dead letter when `None`.
    pub fn mark_failed(&self, id: i64, error: &str, retry_at: Option<Timestamp>) -> Result<()> {
        match retry_at {
            Some(at) => self.exec(
                "UPDATE outbox SET status = 'pending', next_attempt_at = ?2, attempts = attempts + 1, last_error = ?3
                 WHERE id = ?1",
                params![id, ts(at), error],
            )?,
            None => self.exec(
                "UPDATE outbox SET status = 'dead', attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
                params![id, error],
            )?,
        };
        Ok(())
    }

    /// The outbox, newest first, optionally only the rows not yet sent.
    pub fn outbox(&self, unsent_only: bool) -> Result<Vec<OutboxRow>> {
        let filter = if unsent_only { "WHERE status != 'sent'" } else { "" };
        let mut stmt = self.tx.prepare(&format!("{OUTBOX_SELECT} {filter} ORDER BY id DESC"))?;
        Ok(stmt.query_map([], read_outbox_row)?.collect::<rusqlite::Result<_>>()?)
    }

    /// True if a mail with `message_id` was queued before (sent or not).
    pub fn outbox_holds(&self, message_id: &str) -> Result<bool> {
        Ok(self
            .tx
            .prepare_cached("SELECT 1 FROM outbox WHERE message_id = ?1")?
            .query_row([message_id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Number of outbox rows in each status.
    pub fn outbox_counts(&self) -> Result<Vec<(String, i64)>> {
        let mut stmt = self.tx.prepare("SELECT status, COUNT(*) FROM outbox GROUP BY status ORDER BY status")?;
        Ok(stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?)
    }
}

const OUTBOX_SELECT: &str = "SELECT id, game_id, message_id, envelope_from, recipient, bytes, status, attempts,
        next_attempt_at, last_error FROM outbox";

fn read_outbox_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OutboxRow> {
    Ok(OutboxRow {
        id: r.get(0)?,
        game_id: r.get(1)?,
        message_id: r.get(2)?,
        envelope_from: r.get(3)?,
        recipient: r.get(4)?,
        bytes: r.get(5)?,
        status: {
            let name: String = r.get(6)?;
            OutboxStatus::parse(&name).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(
                    6,
                    rusqlite::types::Type::Text,
                    format!("status {name:?}").into(),
                )
            })?
        },
        attempts: r.get(7)?,
        next_attempt_at: from_ts(r.get(8)?),
        last_error: r.get(9)?,
    })
}
