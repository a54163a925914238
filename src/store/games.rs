//! Players, games, their moves and their commitments; the games the clock looks at.

use rusqlite::{OptionalExtension, params};

use super::{Result, StoreError, Tx, color_name, from_ts, parse_color, ts};
use crate::clock::{TimeControl, Timestamp};
use crate::engine::Color;
use crate::referee::commitment::Commitment;
use crate::referee::conditions::Conditions;
use crate::referee::records::{
    CommitmentRecord, DeadlineNotice, GameRecord, GameResult, GameStatus, MoveRecord, Player, Preferences,
    TournamentGame,
};
use crate::variants::MoveStyle;

/// A game's summary for listings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game.
    pub record: GameRecord,
    /// Moves played.
    pub plies: u32,
}

impl Tx<'_> {
    /// The players' addresses of game `id`, without loading the game (whose stored state may
    /// be what cannot be read).
    pub fn players_of(&self, id: i64) -> Result<Option<(String, String)>> {
        Ok(self
            .tx
            .prepare_cached(
                "SELECT (SELECT email FROM players WHERE id = g.white_id), (SELECT email FROM players WHERE id = g.black_id)
                 FROM games g WHERE g.id = ?1",
            )?
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?)
    }

    /// The player's row, made or renamed only when needed: a game is saved after every
    /// mail, and rewriting an unchanged row would cost a page write each time.
    pub(super) fn player_id(&self, player: &Player) -> Result<i64> {
        // A name is kept as it is shown: one line, bounded (see `untrusted`), whoever gave it.
        let cleaned = Player { email: player.email.clone(), name: clean_name(player.name.clone()) };
        let player = &cleaned;
        let found: Option<(i64, Option<String>)> = self
            .tx
            .prepare_cached("SELECT id, name FROM players WHERE email = ?1")?
            .query_row([&player.email], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        match found {
            Some((id, name)) => {
                if player.name.is_some() && player.name != name {
                    self.exec("UPDATE players SET name = ?2 WHERE id = ?1", params![id, player.name])?;
                }
                Ok(id)
            }
            None => {
                self.exec("INSERT INTO players (email, name) VALUES (?1, ?2)", params![player.email, player.name])?;
                Ok(self.tx.last_insert_rowid())
            }
        }
    }

    /// The number the next new game will get.
    pub fn next_game_id(&self) -> Result<i64> {
        Ok(self.tx.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM games", [], |r| r.get(0))?)
    }

    /// Stores a new game or the new state of an existing one.
    pub fn save_game(&self, game: &GameRecord) -> Result<()> {
        let white = self.player_id(&game.white)?;
        let black = self.player_id(&game.black)?;
        let result = game.result.as_ref();
        self.exec(
            "INSERT INTO games (id, variant, white_id, black_id, snapshot, status, result, reason, white_points,
                                black_points, draw_offer, created_at, updated_at, deadline, mail_seq, genesis, chain_head,
                                deadline_notices, time_control, white_clock, black_clock, white_address_nonce,
                                black_address_nonce)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21,
                     ?22, ?23)
             ON CONFLICT (id) DO UPDATE SET snapshot = excluded.snapshot, status = excluded.status,
                result = excluded.result, reason = excluded.reason, white_points = excluded.white_points,
                black_points = excluded.black_points, draw_offer = excluded.draw_offer,
                updated_at = excluded.updated_at, deadline = excluded.deadline, mail_seq = excluded.mail_seq,
                genesis = excluded.genesis, chain_head = excluded.chain_head,
                deadline_notices = excluded.deadline_notices, white_clock = excluded.white_clock,
                black_clock = excluded.black_clock, white_address_nonce = excluded.white_address_nonce,
                black_address_nonce = excluded.black_address_nonce",
            params![
                game.id,
                game.variant,
                white,
                black,
                game.snapshot,
                game.status.as_str(),
                result.map(|r| r.score.as_str()),
                result.map(|r| r.reason.as_str()),
                result.map(|r| r.white_points),
                result.map(|r| r.black_points),
                game.draw_offer.map(color_name),
                ts(game.created_at),
                ts(game.updated_at),
                game.deadline.map(ts),
                game.mail_seq,
                game.genesis,
                game.chain_head,
                game.deadline_notices.number(),
                game.time_control.map(|c| c.to_string()),
                game.clocks[0],
                game.clocks[1],
                game.address_nonces.as_ref().map(|[white, _]| white),
                game.address_nonces.as_ref().map(|[_, black]| black),
            ],
        )?;
        self.save_conditions(game)?;
        for c in &game.commitments {
            let k = &c.commitment;
            self.exec(
                "INSERT INTO commitments (game_id, label, hash, value, nonce, revealed, revealed_ply, committed_ply)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (game_id, label) DO UPDATE SET revealed = excluded.revealed,
                    revealed_ply = excluded.revealed_ply",
                params![game.id, k.label, k.hash, k.value, k.nonce, c.revealed, c.revealed_at_ply, c.committed_at_ply],
            )?;
        }
        Ok(())
    }

    /// A game by number, with its commitments.
    pub fn game(&self, id: i64) -> Result<Option<GameRecord>> {
        let mut stmt = self.tx.prepare_cached(&format!("{GAME_SELECT} WHERE g.id = ?1"))?;
        let row = stmt.query_row([id], read_game_row).optional()?;
        let Some(mut game) = row.transpose()? else { return Ok(None) };
        game.commitments = self.commitments(id)?;
        game.vacations = self.vacations_for(&game)?;
        game.conditions = self.conditions(id)?;
        Ok(Some(game))
    }

    /// Writes or removes each player's pending conditional moves, as the record has them.
    fn save_conditions(&self, game: &GameRecord) -> Result<()> {
        for color in Color::BOTH {
            match &game.conditions[color.index()] {
                Some(c) => self.exec(
                    "INSERT INTO conditional_moves (game_id, color, plies, tree) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (game_id, color) DO UPDATE SET plies = excluded.plies, tree = excluded.tree
                     WHERE plies != excluded.plies OR tree != excluded.tree",
                    params![game.id, color_name(color), c.plies, c.to_stored()],
                )?,
                None => self.exec(
                    "DELETE FROM conditional_moves WHERE game_id = ?1 AND color = ?2",
                    params![game.id, color_name(color)],
                )?,
            };
        }
        Ok(())
    }

    /// Each player's pending conditional moves in game `id`.
    fn conditions(&self, id: i64) -> Result<[Option<Conditions>; 2]> {
        let mut stmt = self.tx.prepare_cached("SELECT color, plies, tree FROM conditional_moves WHERE game_id = ?1")?;
        let rows =
            stmt.query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?, r.get::<_, String>(2)?)))?;
        let mut conditions = [None, None];
        for row in rows {
            let (color, plies, tree) = row?;
            let color = parse_color(&color)?;
            conditions[color.index()] = Some(Conditions::from_stored(plies, &tree).map_err(StoreError::Corrupt)?);
        }
        Ok(conditions)
    }

    fn commitments(&self, game_id: i64) -> Result<Vec<CommitmentRecord>> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT label, hash, value, nonce, revealed, revealed_ply, committed_ply FROM commitments
             WHERE game_id = ?1 ORDER BY label",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok(CommitmentRecord {
                commitment: Commitment {
                    game: game_id,
                    label: r.get(0)?,
                    hash: r.get(1)?,
                    value: r.get(2)?,
                    nonce: r.get(3)?,
                },
                revealed: r.get(4)?,
                revealed_at_ply: r.get(5)?,
                committed_at_ply: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// All games, newest first.
    pub fn games(&self) -> Result<Vec<GameSummary>> {
        let mut stmt = self.tx.prepare(&format!("{GAME_SELECT_WITH_PLIES} ORDER BY g.id DESC"))?;
        let rows = stmt.query_map([], |r| {
            let plies: u32 = r.get("plies")?;
            Ok(read_game_row(r)?.map(|record| GameSummary { record, plies }))
        })?;
        let mut games: Vec<GameSummary> = rows.map(|r| r.map_err(StoreError::from)?).collect::<Result<_>>()?;
        for g in &mut games {
            g.record.commitments = self.commitments(g.record.id)?;
            g.record.vacations = self.vacations_for(&g.record)?;
            g.record.conditions = self.conditions(g.record.id)?;
        }
        Ok(games)
    }

    /// The moves of a game in order.
    pub fn moves(&self, game_id: i64) -> Result<Vec<MoveRecord>> {
        let mut stmt = self.tx.prepare(
            "SELECT ply, color, number, notation, played_at, prev_hash, hash, sealed FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, String>(6)?,
                r.get::<_, Option<String>>(7)?,
            ))
        })?;
        rows.map(|row| {
            let (ply, color, number, notation, played_at, prev_hash, hash, sealed) = row?;
            Ok(MoveRecord {
                ply,
                color: parse_color(&color)?,
                number,
                notation,
                sealed,
                played_at: from_ts(played_at),
                prev_hash,
                hash,
            })
        })
        .collect()
    }

    /// The active games the clock may have something to say about: their deadline has
    /// passed by `now` and the player was not yet told so, or it falls before `remind_from`
    /// and the player was not yet reminded (see [`DeadlineNotice`]); a game whose clock is
    /// paused (an unreachable player's, see `store::bounces`) is not. Oldest deadline first. The outer `deadline <= ?2` (`remind_from` is
    /// never before `now`) lets the search use the index's deadline range.
    pub fn games_on_the_clock(&self, now: Timestamp, remind_from: Timestamp) -> Result<Vec<i64>> {
        let mut stmt = self.tx.prepare_cached(&format!(
            "SELECT id FROM games WHERE status = 'active' AND deadline <= ?2 AND clock_paused_at IS NULL
               AND ((deadline <= ?1 AND deadline_notices < {told}) OR deadline_notices < {reminded})
             ORDER BY deadline, id",
            told = DeadlineNotice::ToldTimeIsUp.number(),
            reminded = DeadlineNotice::Reminded.number(),
        ))?;
        Ok(stmt.query_map([ts(now), ts(remind_from)], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?)
    }
}

/// A game's tournament, round and board, each a scalar subquery on `pairings.game_id`'s unique
/// index, and its players' ratings in its variant.
macro_rules! tournament_columns {
    () => {
        "(SELECT tournament_id FROM pairings WHERE game_id = g.id) AS tournament_id,
        (SELECT t.name FROM pairings p JOIN tournaments t ON t.id = p.tournament_id WHERE p.game_id = g.id)
            AS tournament_name,
        (SELECT t.language FROM pairings p JOIN tournaments t ON t.id = p.tournament_id WHERE p.game_id = g.id)
            AS tournament_language,
        (SELECT round FROM pairings WHERE game_id = g.id) AS tournament_round,
        (SELECT board FROM pairings WHERE game_id = g.id) AS tournament_board,
        (SELECT CAST(ROUND(rating) AS INTEGER) FROM ratings WHERE player_id = g.white_id AND variant = g.variant)
            AS white_rating,
        (SELECT CAST(ROUND(rating) AS INTEGER) FROM ratings WHERE player_id = g.black_id AND variant = g.variant)
            AS black_rating"
    };
}

/// One game by id, with its players. The players come from scalar subqueries, not a join:
/// SQLite recompiles a join whose WHERE names a bound parameter at every run, and this
/// query runs for every mail.
const GAME_SELECT: &str = concat!(
    "SELECT g.id, g.variant,
        (SELECT email FROM players WHERE id = g.white_id) AS white_email,
        (SELECT name FROM players WHERE id = g.white_id) AS white_name,
        (SELECT email FROM players WHERE id = g.black_id) AS black_email,
        (SELECT name FROM players WHERE id = g.black_id) AS black_name,
        (SELECT time_zone FROM players WHERE id = g.white_id) AS white_zone,
        (SELECT time_zone FROM players WHERE id = g.black_id) AS black_zone,
        (SELECT notation FROM players WHERE id = g.white_id) AS white_notation,
        (SELECT notation FROM players WHERE id = g.black_id) AS black_notation,
        (SELECT plain_text FROM players WHERE id = g.white_id) AS white_plain_text,
        (SELECT plain_text FROM players WHERE id = g.black_id) AS black_plain_text,
        (SELECT language FROM players WHERE id = g.white_id) AS white_language,
        (SELECT language FROM players WHERE id = g.black_id) AS black_language,
        g.snapshot, g.status, g.result, g.reason, g.white_points, g.black_points, g.draw_offer,
        g.created_at, g.updated_at, g.deadline, g.mail_seq, g.genesis, g.chain_head,
        g.deadline_notices, g.days_per_move, g.time_control, g.white_clock, g.black_clock,
        g.white_address_nonce, g.black_address_nonce, ",
    tournament_columns!(),
    " FROM games g"
);

const GAME_SELECT_WITH_PLIES: &str = concat!(
    "SELECT g.id, g.variant, w.email AS white_email, w.name AS white_name,
        b.email AS black_email, b.name AS black_name, w.time_zone AS white_zone, b.time_zone AS black_zone,
        w.notation AS white_notation, b.notation AS black_notation, w.plain_text AS white_plain_text,
        b.plain_text AS black_plain_text, w.language AS white_language, b.language AS black_language, g.snapshot, g.status, g.result, g.reason, g.white_points,
        g.black_points, g.draw_offer, g.created_at, g.updated_at, g.deadline, g.mail_seq, g.genesis, g.chain_head,
        g.deadline_notices, g.days_per_move, g.time_control, g.white_clock, g.black_clock,
        g.white_address_nonce, g.black_address_nonce,
        (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS plies, ",
    tournament_columns!(),
    " FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id"
);

/// A stored time control: as written, or from a herald before time controls, its days per
/// move (`None` when it kept none: the club's days per move).
pub(super) fn time_control(written: Option<String>, days_per_move: Option<u32>) -> Result<Option<TimeControl>> {
    match (written, days_per_move) {
        (Some(text), _) => {
            text.parse().map(Some).map_err(|e| StoreError::Corrupt(format!("time control {text:?}: {e}")))
        }
        (None, Some(days)) => Ok(Some(TimeControl::PerMove { days })),
        (None, None) => Ok(None),
    }
}

/// A player's stored preferences.
pub(super) fn preferences(
    zone: Option<String>,
    notation: Option<String>,
    plain_text: bool,
    language: Option<String>,
) -> Result<Preferences> {
    let notation = match notation {
        // Stored by its own name only (`MoveStyle::name`), never by what players call it.
        Some(name) => Some(
            MoveStyle::ALL
                .into_iter()
                .find(|style| style.name() == name)
                .ok_or_else(|| StoreError::Corrupt(format!("notation {name:?}")))?,
        ),
        None => None,
    };
    Ok(Preferences { zone, notation, plain_text, language })
}

fn read_game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<GameRecord>> {
    let status: String = r.get("status")?;
    let draw_offer: Option<String> = r.get("draw_offer")?;
    let score: Option<String> = r.get("result")?;
    let result = match score {
        Some(score) => Some(GameResult {
            score,
            reason: r.get::<_, Option<String>>("reason")?.unwrap_or_default(),
            white_points: r.get::<_, Option<u16>>("white_points")?.unwrap_or(0),
            black_points: r.get::<_, Option<u16>>("black_points")?.unwrap_or(0),
        }),
        None => None,
    };
    let record = (|| -> Result<GameRecord> {
        Ok(GameRecord {
            id: r.get("id")?,
            variant: r.get("variant")?,
            // Names are outside text: cleaned when written, and again here for a row an older
            // herald wrote as it came (see `untrusted`).
            white: Player { email: r.get("white_email")?, name: clean_name(r.get("white_name")?) },
            black: Player { email: r.get("black_email")?, name: clean_name(r.get("black_name")?) },
            snapshot: r.get("snapshot")?,
            status: GameStatus::parse(&status).ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
            result,
            draw_offer: draw_offer.as_deref().map(parse_color).transpose()?,
            created_at: from_ts(r.get("created_at")?),
            updated_at: from_ts(r.get("updated_at")?),
            deadline: r.get::<_, Option<i64>>("deadline")?.map(from_ts),
            deadline_notices: {
                let number: u8 = r.get("deadline_notices")?;
                DeadlineNotice::from_number(number)
                    .ok_or_else(|| StoreError::Corrupt(format!("deadline notices {number}")))?
            },
            mail_seq: r.get("mail_seq")?,
            commitments: Vec::new(),
            genesis: r.get("genesis")?,
            chain_head: r.get("chain_head")?,
            address_nonces: match (r.get("white_address_nonce")?, r.get("black_address_nonce")?) {
                (Some(white), Some(black)) => Some([white, black]),
                (None, None) => None,
                _ => return Err(StoreError::Corrupt("a game with one player's address nonce".into())),
            },
            time_control: time_control(r.get("time_control")?, r.get("days_per_move")?)?,
            clocks: [r.get("white_clock")?, r.get("black_clock")?],
            vacations: [Vec::new(), Vec::new()],
            preferences: [
                preferences(
                    r.get("white_zone")?,
                    r.get("white_notation")?,
                    r.get("white_plain_text")?,
                    r.get("white_language")?,
                )?,
                preferences(
                    r.get("black_zone")?,
                    r.get("black_notation")?,
                    r.get("black_plain_text")?,
                    r.get("black_language")?,
                )?,
            ],
            tournament: match r.get::<_, Option<i64>>("tournament_id")? {
                Some(id) => Some(TournamentGame {
                    id,
                    name: r
                        .get::<_, String>("tournament_name")
                        .map(|n| crate::untrusted::OneLine::new(&n, crate::untrusted::TITLE_CHARS).into_string())?,
                    round: r.get("tournament_round")?,
                    board: r.get("tournament_board")?,
                    ratings: [r.get("white_rating")?, r.get("black_rating")?],
                    language: r.get("tournament_language")?,
                }),
                None => None,
            },
            conditions: [None, None],
        })
    })();
    Ok(record)
}

/// A stored or given player's name as herald keeps it (`untrusted::name`); `None` when nothing
/// is left of it.
fn clean_name(name: Option<String>) -> Option<String> {
    name.and_then(|n| crate::untrusted::name(&n))
}
