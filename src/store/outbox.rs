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
    /// The message, but for its board picture if it has one to come ([`OutboxRow::message`]).
    pub bytes: Vec<u8>,
    /// The board picture to draw into the message when it is sent: a
    /// [`crate::picture::Drawing`] as JSON.
    pub picture: Option<String>,
    /// pending, sent or dead.
    pub status: OutboxStatus,
    /// Attempts so far.
    pub attempts: u32,
    /// When the next attempt is due.
    pub next_attempt_at: Timestamp,
    /// The last error, if an attempt failed.
    pub last_error: Option<String>,
    /// When it was sent, once it was.
    pub sent_at: Option<Timestamp>,
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

impl OutboxRow {
    /// The message as it is sent: `bytes`, with its board picture drawn in if it has one to
    /// come. An error if the picture cannot be read or drawn (a damaged row).
    pub fn message(&self) -> std::result::Result<Vec<u8>, String> {
        let drawing = self
            .picture
            .as_deref()
            .map(serde_json::from_str::<crate::picture::Drawing>)
            .transpose()
            .map_err(|e| format!("the mail's picture cannot be read: {e}"))?;
        crate::mail::compose::message(&self.bytes, drawing.as_ref())
    }

    /// `error` (a server's answer to this mail, or the transport's) as it may be shown to the
    /// operator, in the log or by `herald outbox`: the mail's return path, which a server may
    /// quote and which carries a bounce token, replaced by `(return path)` in any case; and,
    /// since a server's text is outside text, one line without control characters, bounded
    /// (`untrusted::OneLine`).
    pub fn error_shown(&self, error: &str) -> String {
        let error = crate::untrusted::OneLine::new(error, crate::untrusted::MESSAGE_CHARS).into_string();
        without(&error, &self.envelope_from, "(return path)")
    }

    /// [`Self::error_shown`] of the last error, if an attempt failed.
    pub fn last_error_shown(&self) -> Option<String> {
        self.last_error.as_deref().map(|e| self.error_shown(e))
    }
}

/// `text` with `secret` (a reply or bounce address, which a mail server's error message may
/// quote) replaced by `what`, in any case: an error shown must not carry a token.
fn without(text: &str, secret: &str, what: &str) -> String {
    if secret.is_empty() {
        return text.to_string();
    }
    let (lower, secret) = (text.to_ascii_lowercase(), secret.to_ascii_lowercase());
    let mut out = String::with_capacity(text.len());
    let mut rest = 0;
    for (at, _) in lower.match_indices(&secret) {
        if at >= rest {
            out.push_str(&text[rest..at]);
            out.push_str(what);
            rest = at + secret.len();
        }
    }
    out.push_str(&text[rest..]);
    out
}

impl Tx<'_> {
    /// Up to `limit` mails due at `now` whose row ids are above `after`, oldest first. (A
    /// sender goes on from the last row it tried, so a mail it has sent but not yet folded
    /// into the outbox is not offered to it again.)
    pub fn due_mail(&self, now: Timestamp, after: i64, limit: usize) -> Result<Vec<OutboxRow>> {
        let mut stmt = self.tx.prepare_cached(&format!(
            "{OUTBOX_SELECT} WHERE status = 'pending' AND next_attempt_at <= ?1 AND outbox.id > ?2 ORDER BY outbox.id LIMIT ?3"
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

    /// Drops the bodies of the mails sent at `before` or earlier (their rows of `outbox_bodies`;
    /// [`OutboxRow::bytes`] is empty then), keeping the
    /// rest of their rows: the Message-ID that keeps a mail from being made twice, the return
    /// path a bounce is matched by, recipient, game and times. Nothing reads a sent mail's
    /// body but the operator (`herald outbox show`): a mail waiting or dead keeps its body, to
    /// be sent. Returns how many were dropped.
    pub fn drop_sent_bodies(&self, before: Timestamp) -> Result<usize> {
        // Found from the bodies kept (the last days' mails and those waiting), not from every
        // mail ever sent.
        Ok(self.tx.execute(
            "DELETE FROM outbox_bodies WHERE id IN (
                 SELECT outbox.id FROM outbox_bodies JOIN outbox ON outbox.id = outbox_bodies.id
                 WHERE outbox.status = 'sent' AND outbox.sent_at <= ?1)",
            params![ts(before)],
        )?)
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

    /// Mails waiting to be sent that are due before `until` wait until then: the relay
    /// refused herald itself, and would refuse them alike.
    pub fn postpone_due(&self, until: Timestamp) -> Result<usize> {
        Ok(self.tx.execute(
            "UPDATE outbox SET next_attempt_at = ?1 WHERE status = 'pending' AND next_attempt_at < ?1",
            params![ts(until)],
        )?)
    }

    /// Dead letters become mails to send again, from their first attempt: all of them, or
    /// the one with row id `only`. Returns the ids revived.
    pub fn revive_dead(&self, only: Option<i64>, now: Timestamp) -> Result<Vec<i64>> {
        let mut stmt = self.tx.prepare(
            "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?1
             WHERE status = 'dead' AND (?2 IS NULL OR id = ?2) RETURNING id",
        )?;
        let mut ids: Vec<i64> =
            stmt.query_map(params![ts(now), only], |row| row.get(0))?.collect::<rusqlite::Result<_>>()?;
        ids.sort_unstable();
        Ok(ids)
    }

    /// The status of outbox row `id`, if there is one.
    pub fn outbox_status(&self, id: i64) -> Result<Option<OutboxStatus>> {
        Ok(self.outbox_row(id)?.map(|row| row.status))
    }

    /// Outbox row `id`, if there is one.
    pub fn outbox_row(&self, id: i64) -> Result<Option<OutboxRow>> {
        Ok(self
            .tx
            .prepare_cached(&format!("{OUTBOX_SELECT} WHERE outbox.id = ?1"))?
            .query_row([id], read_outbox_row)
            .optional()?)
    }

    /// The outbox, newest first, optionally only the rows not yet sent.
    pub fn outbox(&self, unsent_only: bool) -> Result<Vec<OutboxRow>> {
        let filter = if unsent_only { "WHERE status != 'sent'" } else { "" };
        let mut stmt = self.tx.prepare(&format!("{OUTBOX_SELECT} {filter} ORDER BY outbox.id DESC"))?;
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

/// An outbox row with its body, if it still has one (see [`Tx::drop_sent_bodies`]).
const OUTBOX_SELECT: &str = "SELECT outbox.id, game_id, message_id, envelope_from, recipient,
        coalesce(body.bytes, X''), status, attempts, next_attempt_at, last_error, sent_at, body.picture
        FROM outbox LEFT JOIN outbox_bodies AS body ON body.id = outbox.id";

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
        sent_at: r.get::<_, Option<i64>>(10)?.map(from_ts),
        picture: r.get(11)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_return_path_is_replaced_in_any_case() {
        let error = "550 5.1.1 <Referee+Bounce-7w3-ab@club.test>: rejected; <referee+bounce-7w3-ab@club.test>";
        assert_eq!(
            without(error, "referee+bounce-7w3-ab@club.test", "(return path)"),
            "550 5.1.1 <(return path)>: rejected; <(return path)>"
        );
        assert_eq!(without("no address here", "a@b", "x"), "no address here");
    }
}
