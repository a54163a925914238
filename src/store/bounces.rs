//! Bounces: the permanent failures of herald's mails to each player, the players who are
//! unreachable, and the games whose clocks are paused for them (see `referee::bounces`).

use rusqlite::{OptionalExtension, params};

use super::{Result, StoreError, Tx, color_name, from_ts, ts};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::referee::bounces::{PausedClock, Standing};
use crate::referee::records::GameRecord;
use crate::referee::records::Verdict;

/// A permanent failure of one mail, as recorded.
pub struct PermanentBounce<'a> {
    /// The player the mail went to.
    pub email: &'a str,
    /// The game.
    pub game_id: i64,
    /// The player's colour.
    pub color: Color,
    /// Moves played when the mail was written.
    pub moves: usize,
    /// The report's status code.
    pub status: Option<&'a str>,
    /// The report's diagnostic.
    pub diagnostic: Option<&'a str>,
}

impl Tx<'_> {
    /// Records a permanent failure, once per mail (a second report of the same mail counts
    /// nothing), and returns the player's standing with it counted.
    pub fn record_permanent_bounce(&self, bounce: &PermanentBounce<'_>, now: Timestamp) -> Result<Standing> {
        let (player_id, _, unreachable) = self
            .player_bounces(bounce.email)?
            .ok_or_else(|| StoreError::Corrupt(format!("no player {:?} for a bounce", bounce.email)))?;
        let inserted = self.exec(
            "INSERT OR IGNORE INTO bounces (game_id, color, moves, player_id, received_at, status, diagnostic)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                bounce.game_id,
                color_name(bounce.color),
                bounce.moves as i64,
                player_id,
                ts(now),
                bounce.status,
                bounce.diagnostic
            ],
        )?;
        if inserted == 1 {
            self.exec("UPDATE players SET permanent_bounces = permanent_bounces + 1 WHERE id = ?1", [player_id])?;
        }
        let (_, failures, _) = self.player_bounces(bounce.email)?.expect("read above");
        Ok(Standing {
            permanent_failures: failures,
            counted_now: inserted == 1,
            unreachable: unreachable.is_some(),
            answered_since: false,
        })
    }

    /// Whether `email` wrote (a mail that counted as theirs: a player's or an entrant's) after
    /// the last mail herald queued with the return path `envelope_from` was written.
    pub fn wrote_after_mail(&self, email: &str, envelope_from: &str) -> Result<bool> {
        let written: Option<i64> = self
            .tx
            .prepare_cached("SELECT MAX(created_at) FROM outbox WHERE envelope_from = ?1")?
            .query_row([envelope_from], |r| r.get(0))?;
        let Some(written) = written else { return Ok(false) };
        let counted: Vec<&str> = Verdict::ALL.iter().filter(|v| v.is_players()).map(|v| v.as_str()).collect();
        let placeholders = vec!["?"; counted.len()].join(", ");
        let sql = format!(
            "SELECT 1 FROM inbox WHERE lower(sender) = lower(?) AND received_at > ? AND outcome IN ({placeholders}) LIMIT 1"
        );
        let mut values: Vec<rusqlite::types::Value> = vec![email.to_string().into(), written.into()];
        values.extend(counted.into_iter().map(|v| v.to_string().into()));
        Ok(self
            .tx
            .prepare_cached(&sql)?
            .query_row(rusqlite::params_from_iter(values), |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Every paused clock of an active game that was paused before `before`, with its game.
    pub fn clocks_paused_before(&self, before: Timestamp) -> Result<Vec<PausedClock>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT g.id, g.clock_paused_at, (SELECT MAX(played_at) FROM moves m WHERE m.game_id = g.id)
             FROM games g
             WHERE g.status = 'active' AND g.clock_paused_at IS NOT NULL AND g.clock_paused_at < ?1
             ORDER BY g.id",
        )?;
        let rows = stmt.query_map([ts(before)], paused_clock)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// A player's id, permanent failures since they last wrote, and since when they are
    /// unreachable; `None` for an address that plays in no game.
    fn player_bounces(&self, email: &str) -> Result<Option<(i64, u32, Option<Timestamp>)>> {
        Ok(self
            .tx
            .prepare_cached("SELECT id, permanent_bounces, unreachable_since FROM players WHERE email = ?1")?
            .query_row([email], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, Option<i64>>(2)?.map(from_ts))))
            .optional()?)
    }

    /// Since when `email` is unreachable, if they are.
    pub fn unreachable_since(&self, email: &str) -> Result<Option<Timestamp>> {
        Ok(self.player_bounces(email)?.and_then(|(_, _, since)| since))
    }

    /// True if `email` has permanent failures counted or is unreachable: what a mail from
    /// them clears.
    pub fn has_bounces(&self, email: &str) -> Result<bool> {
        Ok(self.player_bounces(email)?.is_some_and(|(_, failures, since)| failures > 0 || since.is_some()))
    }

    /// Marks `email` unreachable from `now`.
    pub fn mark_unreachable(&self, email: &str, now: Timestamp) -> Result<()> {
        self.exec(
            "UPDATE players SET unreachable_since = ?2 WHERE email = ?1 AND unreachable_since IS NULL",
            params![email, ts(now)],
        )?;
        Ok(())
    }

    /// `email` wrote: their failures are forgotten and they are reachable.
    pub fn clear_bounces(&self, email: &str) -> Result<()> {
        self.exec("UPDATE players SET permanent_bounces = 0, unreachable_since = NULL WHERE email = ?1", [email])?;
        Ok(())
    }

    /// The games `email` plays that are still going on, with their commitments.
    pub fn active_games_of(&self, email: &str) -> Result<Vec<GameRecord>> {
        let ids: Vec<i64> = self
            .tx
            .prepare_cached(
                "SELECT g.id FROM games g JOIN players p ON p.id IN (g.white_id, g.black_id)
                 WHERE p.email = ?1 AND g.status = 'active' ORDER BY g.id",
            )?
            .query_map([email], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            games.extend(self.game(id)?);
        }
        Ok(games)
    }

    /// Stops game `id`'s clock at `now` (a clock already paused stays paused since then).
    pub fn pause_clock(&self, id: i64, now: Timestamp) -> Result<()> {
        self.exec(
            "UPDATE games SET clock_paused_at = ?2 WHERE id = ?1 AND clock_paused_at IS NULL",
            params![id, ts(now)],
        )?;
        Ok(())
    }

    /// When game `id`'s clock was paused, if it is.
    pub fn clock_paused_at(&self, id: i64) -> Result<Option<Timestamp>> {
        let paused: Option<Option<i64>> = self
            .tx
            .prepare_cached("SELECT clock_paused_at FROM games WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?;
        Ok(paused.flatten().map(from_ts))
    }

    /// The paused clocks of `email`'s active games whose other player is not unreachable
    /// (a game paused for both players waits for both).
    pub fn paused_clocks_of(&self, email: &str) -> Result<Vec<PausedClock>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT g.id, g.clock_paused_at, (SELECT MAX(played_at) FROM moves m WHERE m.game_id = g.id)
             FROM games g
             JOIN players p ON p.id IN (g.white_id, g.black_id)
             JOIN players o ON o.id IN (g.white_id, g.black_id) AND o.id != p.id
             WHERE p.email = ?1 AND g.status = 'active' AND g.clock_paused_at IS NOT NULL
               AND o.unreachable_since IS NULL
             ORDER BY g.id",
        )?;
        let rows = stmt.query_map([email], paused_clock)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Lets game `id`'s clock run again with `deadline`.
    pub fn resume_clock(&self, id: i64, deadline: Option<Timestamp>) -> Result<()> {
        self.exec(
            "UPDATE games SET clock_paused_at = NULL, deadline = ?2 WHERE id = ?1",
            params![id, deadline.map(ts)],
        )?;
        Ok(())
    }
}

/// A paused clock from a row of `(game id, clock_paused_at, the last move's played_at)`.
fn paused_clock(r: &rusqlite::Row<'_>) -> rusqlite::Result<PausedClock> {
    Ok(PausedClock {
        game: r.get(0)?,
        paused_at: from_ts(r.get(1)?),
        last_move_at: r.get::<_, Option<i64>>(2)?.map(from_ts),
    })
}
