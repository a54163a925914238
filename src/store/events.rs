//! The event log, and a referee decision's effects written in one go: the game, its moves,
//! the mails it causes (queued in the outbox) and its events.

use rusqlite::params;

use super::{Result, Tx, color_name, from_ts, ts};
use crate::clock::Timestamp;
use crate::referee::records::{Effects, Event};

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEvent {
    /// Its number.
    pub id: i64,
    /// When.
    pub at: Timestamp,
    /// The game, if any.
    pub game_id: Option<i64>,
    /// What kind ([`Verdict`] names, and `created`, `unanswerable`, ...).
    pub kind: String,
    /// In words.
    pub detail: String,
}

impl Tx<'_> {
    /// Writes everything a referee decision changes, with the mail that caused it; the mails
    /// it causes are queued, due now, each from its own return path or else `envelope_from`.
    pub fn apply(&self, effects: &Effects, envelope_from: &str, now: Timestamp, inbox_id: Option<i64>) -> Result<()> {
        if let Some(game) = &effects.game {
            self.save_game(game)?;
            for m in &effects.moves {
                self.exec(
                    "INSERT INTO moves (game_id, ply, color, number, notation, played_at, inbox_id, prev_hash, hash, sealed)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![
                        game.id,
                        m.ply,
                        color_name(m.color),
                        m.number,
                        m.notation,
                        ts(m.played_at),
                        inbox_id,
                        m.prev_hash,
                        m.hash,
                        m.sealed
                    ],
                )?;
            }
        }
        for mail in &effects.mails {
            self.exec(
                "INSERT INTO outbox (game_id, message_id, envelope_from, recipient, status, next_attempt_at, created_at)
                 VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?5)",
                params![
                    mail.game_id,
                    mail.message_id,
                    mail.return_path.as_deref().unwrap_or(envelope_from),
                    mail.recipient,
                    ts(now),
                ],
            )?;
            let picture = mail
                .picture
                .as_ref()
                .map(serde_json::to_string)
                .transpose()
                .map_err(|e| super::StoreError::Corrupt(e.to_string()))?;
            self.exec(
                "INSERT INTO outbox_bodies (id, bytes, picture) VALUES (last_insert_rowid(), ?1, ?2)",
                params![mail.bytes, picture],
            )?;
        }
        for event in &effects.events {
            self.log(event, now)?;
        }
        Ok(())
    }

    /// Appends to the event log.
    pub fn log(&self, event: &Event, now: Timestamp) -> Result<()> {
        self.exec(
            "INSERT INTO events (at, game_id, kind, detail) VALUES (?1, ?2, ?3, ?4)",
            params![ts(now), event.game_id, event.kind, event.detail],
        )?;
        Ok(())
    }

    /// The newest `limit` events, oldest first; of one game only, with `game`.
    pub fn recent_events(&self, game: Option<i64>, limit: usize) -> Result<Vec<LoggedEvent>> {
        let mut stmt = self.tx.prepare(
            "SELECT id, at, game_id, kind, detail FROM
               (SELECT * FROM events WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id DESC LIMIT ?2)
             ORDER BY id",
        )?;
        let rows = stmt.query_map(params![game, limit as i64], |r| {
            Ok(LoggedEvent {
                id: r.get(0)?,
                at: from_ts(r.get(1)?),
                game_id: r.get(2)?,
                kind: r.get(3)?,
                detail: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The event log of a game (or of mails that belong to no game, for `None`).
    pub fn events(&self, game_id: Option<i64>) -> Result<Vec<(Timestamp, String, String)>> {
        let mut stmt = self.tx.prepare("SELECT at, kind, detail FROM events WHERE game_id IS ?1 ORDER BY id")?;
        let rows = stmt.query_map([game_id], |r| Ok((from_ts(r.get(0)?), r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
