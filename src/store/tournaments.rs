//! Tournaments, their entrants and pairings; players' ratings.

use rusqlite::{OptionalExtension, params};

use super::{Result, StoreError, Tx, color_name, from_ts, parse_color, ts};
use crate::clock::Timestamp;
use crate::referee::records::Player;
use crate::tournament::standings::{TieBreak, TieBreakEdition};
use crate::tournament::withdrawal::WithdrawalPolicy;
use crate::tournament::{Entrant, Finish, Pairing, Points, Score, Stage, System, Tournament};
use crate::untrusted::{self, OneLine};

/// An entry as stored: the entrant, and whether the entry is confirmed (a join by mail counts
/// only once the player answered the confirmation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entrant (number 0 until the tournament starts).
    pub entrant: Entrant,
    /// Confirmed (by the player's answer, or entered by the TD).
    pub confirmed: bool,
}

/// A player's rating in one variant (Glicko-2).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player's address.
    pub email: String,
    /// The player's name, if known.
    pub name: Option<String>,
    /// The variant.
    pub variant: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

const TOURNAMENT_SELECT: &str = "SELECT id, name, variant, system, rounds, days_per_move, time_control, status,
    tiebreaks, bye_points, withdrawal, initial_colour, rated, created_at, language FROM tournaments";

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Corrupt(format!("{what} {value:?}"))
}

fn read_tournament(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Tournament>> {
    let system: String = r.get("system")?;
    let stage: String = r.get("status")?;
    let tiebreaks: String = r.get("tiebreaks")?;
    let withdrawal: String = r.get("withdrawal")?;
    let colour: String = r.get("initial_colour")?;
    let (id, name, variant, rounds, (time_control, days_per_move), bye_points, rated, created_at) = (
        r.get("id")?,
        r.get::<_, String>("name").map(|n| OneLine::new(&n, untrusted::TITLE_CHARS).into_string())?,
        r.get("variant")?,
        r.get("rounds")?,
        (r.get("time_control")?, r.get("days_per_move")?),
        r.get("bye_points")?,
        r.get("rated")?,
        r.get("created_at")?,
    );
    Ok((|| {
        let (tiebreak_edition, names) = tiebreak_rules(&tiebreaks)?;
        Ok(Tournament {
            id,
            name,
            variant,
            system: System::parse(&system).ok_or_else(|| corrupt("system", &system))?,
            rounds,
            time_control: super::games::time_control(time_control, days_per_move)?,
            stage: Stage::parse(&stage).ok_or_else(|| corrupt("tournament status", &stage))?,
            tiebreaks: names
                .split(',')
                .filter(|t| !t.is_empty())
                .map(|t| TieBreak::parse(t).ok_or_else(|| corrupt("tie-break", t)))
                .collect::<Result<_>>()?,
            tiebreak_edition,
            bye_points: Points(bye_points),
            withdrawal: WithdrawalPolicy::parse(&withdrawal).ok_or_else(|| corrupt("withdrawal rule", &withdrawal))?,
            initial_colour: parse_color(&colour)?,
            rated,
            language: r.get("language")?,
            created_at: from_ts(created_at),
        })
    })())
}

/// The `tiebreaks` column: the edition of the tie-break rules, a colon, then the tie-breaks in
/// order, comma-separated (`2026:buchholz-cut-1,buchholz`). The edition shares the column
/// rather than taking one of its own because it is part of what the tie-breaks mean, and so
/// that no migration is needed. A value without an edition was stored before herald stored
/// one: its tournament keeps the rules it was made under.
fn tiebreak_column(t: &Tournament) -> String {
    let names: Vec<&str> = t.tiebreaks.iter().map(|t| t.as_str()).collect();
    format!("{}:{}", t.tiebreak_edition.as_str(), names.join(","))
}

/// The edition and the tie-break names of a `tiebreaks` column (see [`tiebreak_column`]).
fn tiebreak_rules(column: &str) -> Result<(TieBreakEdition, &str)> {
    match column.split_once(':') {
        Some((edition, names)) => {
            Ok((TieBreakEdition::parse(edition).ok_or_else(|| corrupt("tie-break edition", edition))?, names))
        }
        None => Ok((TieBreakEdition::BEFORE_EDITIONS_WERE_STORED, column)),
    }
}

impl Tx<'_> {
    /// Stores a new tournament (its `id` is ignored); returns its number.
    pub fn create_tournament(&self, t: &Tournament) -> Result<i64> {
        self.exec(
            "INSERT INTO tournaments (name, variant, system, rounds, time_control, status, tiebreaks, bye_points,
                                      withdrawal, initial_colour, rated, created_at, language)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
                OneLine::new(&t.name, untrusted::TITLE_CHARS).as_str(),
                t.variant,
                t.system.as_str(),
                t.rounds,
                t.time_control.map(|c| c.to_string()),
                t.stage.as_str(),
                tiebreak_column(t),
                t.bye_points.thousandths(),
                t.withdrawal.as_str(),
                color_name(t.initial_colour),
                t.rated,
                ts(t.created_at),
                t.language,
            ],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// A tournament by number.
    pub fn tournament(&self, id: i64) -> Result<Option<Tournament>> {
        let mut stmt = self.tx.prepare_cached(&format!("{TOURNAMENT_SELECT} WHERE id = ?1"))?;
        stmt.query_row([id], read_tournament).optional()?.transpose()
    }

    /// A tournament by name, in any case.
    pub fn tournament_named(&self, name: &str) -> Result<Option<Tournament>> {
        let mut stmt =
            self.tx.prepare_cached(&format!("{TOURNAMENT_SELECT} WHERE lower(name) = lower(?1) ORDER BY id DESC"))?;
        stmt.query_row([name.trim()], read_tournament).optional()?.transpose()
    }

    /// Every tournament, newest first.
    pub fn tournaments(&self) -> Result<Vec<Tournament>> {
        let mut stmt = self.tx.prepare(&format!("{TOURNAMENT_SELECT} ORDER BY id DESC"))?;
        let rows = stmt.query_map([], read_tournament)?;
        rows.map(|r| r?).collect()
    }

    /// Moves a tournament to `stage`, with `rounds` rounds in all.
    pub fn set_tournament_stage(&self, id: i64, stage: Stage, rounds: u32) -> Result<()> {
        self.exec(
            "UPDATE tournaments SET status = ?2, rounds = ?3 WHERE id = ?1",
            params![id, stage.as_str(), rounds],
        )?;
        Ok(())
    }

    /// Enters `player`; false if they were entered already (the entry is left as it was).
    pub fn add_entry(
        &self,
        tournament: i64,
        player: &Player,
        rating: Option<u32>,
        confirmed: bool,
        now: Timestamp,
    ) -> Result<bool> {
        let player_id = self.player_id(player)?;
        let added = self.exec(
            "INSERT INTO entrants (tournament_id, player_id, rating, confirmed, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT DO NOTHING",
            params![tournament, player_id, rating, confirmed, ts(now)],
        )?;
        Ok(added == 1)
    }

    /// Confirms `email`'s entry; false if there is no unconfirmed entry of theirs.
    pub fn confirm_entry(&self, tournament: i64, email: &str) -> Result<bool> {
        let changed = self.exec(
            "UPDATE entrants SET confirmed = 1
             WHERE tournament_id = ?1 AND confirmed = 0 AND player_id = (SELECT id FROM players WHERE email = ?2)",
            params![tournament, email],
        )?;
        Ok(changed == 1)
    }

    /// Removes `email`'s entry (before the start); false if there was none.
    pub fn remove_entry(&self, tournament: i64, email: &str) -> Result<bool> {
        let changed = self.exec(
            "DELETE FROM entrants WHERE tournament_id = ?1 AND player_id = (SELECT id FROM players WHERE email = ?2)",
            params![tournament, email],
        )?;
        Ok(changed == 1)
    }

    /// The entries of a tournament: by starting number once it started, by joining before.
    pub fn entries(&self, tournament: i64) -> Result<Vec<Entry>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT e.number, p.email, p.name, e.rating, e.withdrawn_after, e.confirmed
             FROM entrants e JOIN players p ON p.id = e.player_id
             WHERE e.tournament_id = ?1 ORDER BY e.number, e.joined_at, p.email",
        )?;
        let rows = stmt.query_map([tournament], |r| {
            let email: String = r.get(1)?;
            // Names are outside text: cleaned when written, and again here for a row an older
            // herald wrote as it came (see `untrusted`).
            let name: Option<String> = r.get::<_, Option<String>>(2)?.and_then(|n| untrusted::name(&n));
            Ok(Entry {
                entrant: Entrant {
                    number: r.get::<_, Option<u32>>(0)?.unwrap_or(0),
                    name: name.unwrap_or_else(|| OneLine::name(&email).into_string()),
                    email,
                    rating: r.get(3)?,
                    withdrawn_after: r.get(4)?,
                },
                confirmed: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Whether `email` has an entry (confirmed or not) in tournament `tournament`, read
    /// without the tournament's own row, which may be what cannot be read.
    pub fn is_entered(&self, tournament: i64, email: &str) -> Result<bool> {
        Ok(self
            .tx
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM entrants e JOIN players p ON p.id = e.player_id
                            WHERE e.tournament_id = ?1 AND lower(p.email) = lower(?2))",
            )?
            .query_row(params![tournament, email], |r| r.get(0))?)
    }

    /// Gives `email` starting number `number`.
    pub fn set_entrant_number(&self, tournament: i64, email: &str, number: u32) -> Result<()> {
        self.exec(
            "UPDATE entrants SET number = ?3
             WHERE tournament_id = ?1 AND player_id = (SELECT id FROM players WHERE email = ?2)",
            params![tournament, email, number],
        )?;
        Ok(())
    }

    /// Keeps the rating entrant `number`'s place on the start list was given by.
    pub fn set_entrant_rating(&self, tournament: i64, number: u32, rating: Option<u32>) -> Result<()> {
        self.exec(
            "UPDATE entrants SET rating = ?3 WHERE tournament_id = ?1 AND number = ?2",
            params![tournament, number, rating],
        )?;
        Ok(())
    }

    /// Keeps the initial colour drawn by lot for tournament `id` (Art. 5.2.5 uses it in every
    /// round).
    pub fn set_initial_colour(&self, id: i64, colour: crate::engine::Color) -> Result<()> {
        self.exec("UPDATE tournaments SET initial_colour = ?2 WHERE id = ?1", params![id, color_name(colour)])?;
        Ok(())
    }

    /// Records that entrant `number` withdrew after round `after`.
    pub fn set_withdrawn(&self, tournament: i64, number: u32, after: u32) -> Result<()> {
        self.exec(
            "UPDATE entrants SET withdrawn_after = ?3 WHERE tournament_id = ?1 AND number = ?2",
            params![tournament, number, after],
        )?;
        Ok(())
    }

    /// Stores a pairing, or its new result and game.
    pub fn save_pairing(&self, tournament: i64, p: &Pairing) -> Result<()> {
        self.exec(
            "INSERT INTO pairings (tournament_id, round, board, white, black, game_id, white_points, black_points, finish)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (tournament_id, round, board) DO UPDATE SET game_id = excluded.game_id,
                white_points = excluded.white_points, black_points = excluded.black_points, finish = excluded.finish",
            params![
                tournament,
                p.round,
                p.board,
                p.white,
                p.black,
                p.game,
                p.score.map(|s| s.white.thousandths()),
                p.score.map(|s| s.black.thousandths()),
                p.score.map(|s| s.finish.as_str()),
            ],
        )?;
        Ok(())
    }

    /// Forbids `a` and `b` to meet in tournament `tournament`.
    pub fn forbid_pair(&self, tournament: i64, a: &str, b: &str) -> Result<()> {
        let a = self.player_id(&Player { email: a.to_ascii_lowercase(), name: None })?;
        let b = self.player_id(&Player { email: b.to_ascii_lowercase(), name: None })?;
        self.exec(
            "INSERT INTO forbidden_pairs (tournament_id, player_a, player_b) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            params![tournament, a.min(b), a.max(b)],
        )?;
        Ok(())
    }

    /// The pairs of addresses that must not meet in tournament `tournament`.
    pub fn forbidden_pairs(&self, tournament: i64) -> Result<Vec<(String, String)>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT a.email, b.email FROM forbidden_pairs f
             JOIN players a ON a.id = f.player_a JOIN players b ON b.id = f.player_b
             WHERE f.tournament_id = ?1",
        )?;
        Ok(stmt.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?)
    }

    /// The running tournaments whose daily digest is due at `now`: results came in since the
    /// last one, which went out a day or more ago (or never). With how many results each has.
    pub fn digests_due(&self, now: Timestamp) -> Result<Vec<(i64, u32)>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT t.id, (SELECT COUNT(*) FROM pairings p WHERE p.tournament_id = t.id AND p.finish IS NOT NULL) AS settled
             FROM tournaments t
             WHERE t.status = 'running' AND (t.digest_at IS NULL OR t.digest_at <= ?1 - 86400)
               AND settled > t.digest_results",
        )?;
        Ok(stmt.query_map([ts(now)], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?)
    }

    /// Notes that tournament `tournament`'s digest of `results` results went out at `now`.
    pub fn digest_sent(&self, tournament: i64, results: u32, now: Timestamp) -> Result<()> {
        self.exec(
            "UPDATE tournaments SET digest_at = ?2, digest_results = ?3 WHERE id = ?1",
            params![tournament, ts(now), results],
        )?;
        Ok(())
    }

    /// Annuls a pairing: its result counts for nobody (a withdrawal's rule).
    pub fn annul_pairing(&self, tournament: i64, round: u32, board: u32) -> Result<()> {
        self.exec(
            "UPDATE pairings SET white_points = NULL, black_points = NULL, finish = 'annulled'
             WHERE tournament_id = ?1 AND round = ?2 AND board = ?3",
            params![tournament, round, board],
        )?;
        Ok(())
    }

    /// The (round, board) of every annulled pairing of a tournament.
    pub fn annulled_pairings(&self, tournament: i64) -> Result<Vec<(u32, u32)>> {
        let mut stmt = self
            .tx
            .prepare_cached("SELECT round, board FROM pairings WHERE tournament_id = ?1 AND finish = 'annulled'")?;
        Ok(stmt.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?)
    }

    /// Every pairing of a tournament, by round and board.
    pub fn pairings(&self, tournament: i64) -> Result<Vec<Pairing>> {
        let mut stmt =
            self.tx.prepare_cached(&format!("{PAIRING_SELECT} WHERE tournament_id = ?1 ORDER BY round, board"))?;
        let rows = stmt.query_map([tournament], read_pairing)?;
        rows.map(|r| r?).collect()
    }

    /// The tournament and pairing game `game` is played for, if any.
    pub fn pairing_of_game(&self, game: i64) -> Result<Option<(i64, Pairing)>> {
        let mut stmt = self.tx.prepare_cached(&format!("{PAIRING_SELECT} WHERE game_id = ?1"))?;
        let row = stmt.query_row([game], |r| Ok((r.get::<_, i64>("tournament_id")?, read_pairing(r)?))).optional()?;
        row.map(|(id, pairing)| Ok((id, pairing?))).transpose()
    }

    /// A player's rating in `variant`, if they have one.
    pub fn rating(&self, email: &str, variant: &str) -> Result<Option<RatingRow>> {
        let mut stmt = self.tx.prepare_cached(&format!("{RATING_SELECT} WHERE p.email = ?1 AND r.variant = ?2"))?;
        Ok(stmt.query_row(params![email, variant], read_rating).optional()?)
    }

    /// Stores a player's new rating.
    pub fn set_rating(&self, row: &RatingRow, now: Timestamp) -> Result<()> {
        let player_id = self.player_id(&Player { email: row.email.clone(), name: None })?;
        self.exec(
            "INSERT INTO ratings (player_id, variant, rating, deviation, volatility, games, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
                volatility = excluded.volatility, games = excluded.games, updated_at = excluded.updated_at",
            params![player_id, row.variant, row.rating, row.deviation, row.volatility, row.games, ts(now)],
        )?;
        Ok(())
    }

    /// Every rating, of one variant or of all, best first.
    pub fn ratings(&self, variant: Option<&str>) -> Result<Vec<RatingRow>> {
        let mut stmt = self.tx.prepare(&format!(
            "{RATING_SELECT} WHERE ?1 IS NULL OR r.variant = ?1 ORDER BY r.variant, r.rating DESC, p.email"
        ))?;
        let rows = stmt.query_map([variant], read_rating)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

const PAIRING_SELECT: &str =
    "SELECT tournament_id, round, board, white, black, game_id, white_points, black_points, finish FROM pairings";

fn read_pairing(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Pairing>> {
    let finish: Option<String> = r.get("finish")?;
    let points: (Option<u32>, Option<u32>) = (r.get("white_points")?, r.get("black_points")?);
    let (round, board, white, black, game) =
        (r.get("round")?, r.get("board")?, r.get("white")?, r.get("black")?, r.get("game_id")?);
    Ok((|| {
        let score = match (finish, points) {
            (Some(finish), (None, None)) if finish == "annulled" => None,
            (Some(finish), (Some(w), Some(b))) => Some(Score {
                white: Points(w),
                black: Points(b),
                finish: Finish::parse(&finish).ok_or_else(|| corrupt("finish", &finish))?,
            }),
            (None, (None, None)) => None,
            _ => return Err(StoreError::Corrupt("a pairing's result is incomplete".into())),
        };
        Ok(Pairing { round, board, white, black, score, game })
    })())
}

const RATING_SELECT: &str = "SELECT p.email, p.name, r.variant, r.rating, r.deviation, r.volatility, r.games
    FROM ratings r JOIN players p ON p.id = r.player_id";

fn read_rating(r: &rusqlite::Row<'_>) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        email: r.get(0)?,
        name: r.get::<_, Option<String>>(1)?.and_then(|n| untrusted::name(&n)),
        variant: r.get(2)?,
        rating: r.get(3)?,
        deviation: r.get(4)?,
        volatility: r.get(5)?,
        games: r.get(6)?,
    })
}
