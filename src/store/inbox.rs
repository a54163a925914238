//! The inbox: every mail handled, once per delivery, with how it was handled.

use rusqlite::{OptionalExtension, params};

use super::{Result, Tx, from_ts, ts};
use crate::clock::Timestamp;
use crate::referee::records::Verdict;

/// What the inbox records of a mail besides its key and verdict.
#[derive(Clone, Copy, Debug, Default)]
pub struct InboxMail<'a> {
    /// The From address.
    pub sender: Option<&'a str>,
    /// The Subject.
    pub subject: &'a str,
    /// Its Message-ID.
    pub message_id: Option<&'a str>,
    /// The game it was about, if the referee found one.
    pub game_id: Option<i64>,
}

impl Tx<'_> {
    /// When the mail with this inbox key was first read, its game and what became of it, if
    /// it was read before.
    pub fn inbox_reading(&self, key: &str) -> Result<Option<(Timestamp, Option<i64>, String)>> {
        Ok(self
            .tx
            .prepare_cached("SELECT received_at, game_id, outcome FROM inbox WHERE dedupe_key = ?1")?
            .query_row([key], |row| Ok((from_ts(row.get(0)?), row.get(1)?, row.get(2)?)))
            .optional()?)
    }

    /// True if an earlier mail with this Message-ID was recorded under another inbox key: the
    /// Message-ID was reused (a forger's copy, or a mail program that gives every mail the
    /// same one).
    pub fn message_id_reused(&self, message_id: &str, key: &str) -> Result<bool> {
        Ok(self
            .tx
            .prepare_cached("SELECT 1 FROM inbox WHERE message_id = ?1 AND dedupe_key != ?2")?
            .query_row([message_id, key], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// True if `sender` got an answer as a stranger after `since`: to a mail that could not be
    /// verified, was too large, or asked to join (such mails are recorded with the verdict
    /// [`Verdict::Unverified`], [`Verdict::TooLarge`] or [`Verdict::Join`]; those not answered,
    /// with another).
    pub fn answered_outside_games_since(&self, sender: &str, since: Timestamp) -> Result<bool> {
        // The verdicts are written into the statement, not bound: SQLite uses the partial
        // index `inbox_answered_outside_games` only for a WHERE that repeats its own.
        let sql = format!(
            "SELECT 1 FROM inbox WHERE outcome IN ('{}', '{}', '{}')
               AND lower(sender) = lower(?1) AND received_at > ?2",
            Verdict::Unverified.as_str(),
            Verdict::TooLarge.as_str(),
            Verdict::Join.as_str()
        );
        Ok(self.tx.prepare_cached(&sql)?.query_row(params![sender, ts(since)], |_| Ok(())).optional()?.is_some())
    }

    /// Records a handled mail under `key` (its delivery key, or for a mail whose sender was
    /// not verified, that key with `unverified:` before it: see the service); returns its row
    /// id.
    pub fn record_inbox(
        &self,
        key: &str,
        received_at: Timestamp,
        mail: InboxMail<'_>,
        verdict: Verdict,
    ) -> Result<i64> {
        self.exec(
            "INSERT INTO inbox (dedupe_key, received_at, sender, subject, game_id, outcome, message_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![key, ts(received_at), mail.sender, mail.subject, mail.game_id, verdict.as_str(), mail.message_id],
        )?;
        Ok(self.tx.last_insert_rowid())
    }
}
