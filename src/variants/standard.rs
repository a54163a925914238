//! The [`VariantGame`] of the open-information chess family (FIDE chess, Capablanca): both
//! players see everything, so every observer's view is the whole position and the SAN move
//! list. Variants with secrets build their own on the same engine.

use crate::engine::geometry::Square;
use crate::engine::outcome::Outcome;
use crate::engine::piece::Color;
use crate::engine::{ClaimableDraw, Game, Position, Rules};
use crate::notation::input::{self, MoveInputError};
use crate::notation::{fen, iccf, lan, san};

use super::{Cell, Coordinates, MoveStyle, Observer, PlayedMove, SnapshotError, Variant, VariantGame, View};

/// A chess-family variant in which both players see everything. Implementing this is all
/// such a variant needs to be a [`Variant`]: its games are [`StandardGame`]s.
pub trait OpenVariant: Sync + 'static {
    /// See [`Variant::id`].
    fn id(&self) -> &'static str;
    /// See [`Variant::name`].
    fn name(&self) -> &'static str;
    /// See [`Variant::summary`].
    fn summary(&self) -> &'static str;
    /// See [`Variant::rules`].
    fn rules(&self) -> &'static Rules;
    /// See [`Variant::notation_help`].
    fn notation_help(&self) -> &'static str {
        super::SAN_HELP
    }
    /// See [`Variant::example_moves`].
    fn example_moves(&self) -> [&'static str; 2] {
        ["Nf3", "Nf6"]
    }
}

impl<T: OpenVariant> Variant for T {
    fn id(&self) -> &'static str {
        OpenVariant::id(self)
    }

    fn name(&self) -> &'static str {
        OpenVariant::name(self)
    }

    fn summary(&self) -> &'static str {
        OpenVariant::summary(self)
    }

    fn rules(&self) -> &'static Rules {
        OpenVariant::rules(self)
    }

    fn notation_help(&self) -> &'static str {
        OpenVariant::notation_help(self)
    }

    fn example_moves(&self) -> [&'static str; 2] {
        OpenVariant::example_moves(self)
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        // Both players see everything: a line checked on a copy of the game tells nothing.
        Ok(())
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(StandardGame::new(self, self.start_position()))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        let start = fen::read(Variant::rules(self), text).map_err(|e| e.to_string())?;
        Ok(Box::new(StandardGame::new(self, start)))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(StandardGame::restore(self, snapshot)?))
    }
}

/// A game of an open-information chess-family variant.
pub struct StandardGame {
    variant: &'static dyn Variant,
    game: Game,
    /// The moves in SAN, one per ply.
    moves: Vec<String>,
}

impl StandardGame {
    /// A game of `variant` from `start`.
    pub fn new(variant: &'static dyn Variant, start: Position) -> StandardGame {
        StandardGame { variant, game: Game::new(start), moves: Vec::new() }
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`].
    ///
    /// The format is line-based text, one field per line: `start FEN`, `fen FEN`,
    /// `keys HEX...` (repetition keys of the positions since the last pawn move or capture, the
    /// ones that may recur) and `moves SAN...`.
    pub fn restore(variant: &'static dyn Variant, snapshot: &str) -> Result<StandardGame, SnapshotError> {
        let (start, position, keys, moves) = read_snapshot(variant.rules(), snapshot)?;
        Ok(StandardGame { variant, game: Game::resume(start, position, keys), moves })
    }
}

/// A field of a snapshot: the rest of the line that begins with `name` and a space.
pub(crate) fn snapshot_field<'a>(snapshot: &'a str, name: &str) -> Result<&'a str, SnapshotError> {
    snapshot
        .lines()
        .find_map(|l| {
            l.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ').or(Some(rest).filter(|r| r.is_empty())))
        })
        .ok_or_else(|| SnapshotError(format!("the field {name:?} is missing")))
}

/// The fields every chess-family snapshot has — `start FEN`, `fen FEN`, `keys HEX...` and
/// `moves ...` — one per line; a variant with more state appends lines of its own.
pub(crate) fn write_snapshot(game: &Game, moves: &[String]) -> String {
    let keys: Vec<String> = game.repetition_keys().iter().map(|k| format!("{k:016x}")).collect();
    format!(
        "start {}\nfen {}\nkeys {}\nmoves {}\n",
        fen::write(game.start()),
        fen::write(game.position()),
        keys.join(" "),
        moves.join(" ")
    )
}

/// Reads what [`write_snapshot`] wrote: start, current position, repetition keys, moves.
pub(crate) fn read_snapshot(
    rules: &'static Rules,
    snapshot: &str,
) -> Result<(Position, Position, Vec<u64>, Vec<String>), SnapshotError> {
    let start =
        fen::read(rules, snapshot_field(snapshot, "start")?).map_err(|e| SnapshotError(format!("start: {e}")))?;
    let position =
        fen::read(rules, snapshot_field(snapshot, "fen")?).map_err(|e| SnapshotError(format!("fen: {e}")))?;
    let keys = snapshot_field(snapshot, "keys")?
        .split_whitespace()
        .map(|k| u64::from_str_radix(k, 16).map_err(|_| SnapshotError(format!("bad key {k:?}"))))
        .collect::<Result<Vec<u64>, _>>()?;
    let moves = snapshot_field(snapshot, "moves")?.split_whitespace().map(str::to_string).collect();
    Ok((start, position, keys, moves))
}

/// Every square of the board with what stands on it, as a player who sees everything sees it.
pub(crate) fn open_cells(pos: &Position) -> Vec<(Square, Cell)> {
    let rules = pos.rules();
    rules
        .size()
        .squares()
        .map(|sq| {
            let cell = match pos.piece_at(sq) {
                Some(p) => Cell::Piece(p.color, rules.piece(p.role).letter),
                None => Cell::Empty,
            };
            (sq, cell)
        })
        .collect()
}

/// What `observer` sees of an open game: the whole board, every move, and "You are in check."
/// for the player in check while the game goes on (`over` says it is over).
pub(crate) fn open_view(game: &Game, moves: &[String], over: bool, observer: Observer) -> View {
    let pos = game.position();
    let mut notices = Vec::new();
    if !over && pos.is_check() && observer.side() == Some(pos.turn()) {
        notices.push("You are in check.".to_string());
    }
    let start = game.start();
    View {
        observer,
        size: pos.rules().size(),
        coordinates: Coordinates::Algebraic,
        cells: open_cells(pos),
        moves: moves.to_vec(),
        first_move_number: start.fullmoves(),
        first_mover: start.turn(),
        to_move: (!over).then_some(pos.turn()),
        legal_moves: None,
        notices,
    }
}

impl VariantGame for StandardGame {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    fn move_number(&self) -> u32 {
        self.game.position().fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        let pos = *self.game.position();
        let m = input::parse_move(&pos, text)?;
        let notation = san::write(&pos, m);
        self.game.play(m).expect("parse_move returns legal moves");
        self.moves.push(notation.clone());
        Ok(PlayedMove {
            by: pos.turn(),
            number: pos.fullmoves(),
            notation,
            reveal: Vec::new(),
            sealed: None,
            commit: Vec::new(),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        self.game.claimable_draws()
    }

    fn snapshot(&self) -> String {
        write_snapshot(&self.game, &self.moves)
    }

    fn fen(&self) -> String {
        fen::write(self.game.position())
    }

    fn start_fen(&self) -> String {
        fen::write(self.game.start())
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn example_move(&self) -> Option<String> {
        let pos = self.game.position();
        let example = self.variant.example_moves()[pos.turn().index()];
        if input::parse_move(pos, example).is_ok() {
            return Some(example.to_string());
        }
        pos.legal_moves().first().map(|&m| san::write(pos, m))
    }

    fn moves_in(&self, style: MoveStyle) -> Option<Vec<String>> {
        // The moves are recorded in SAN: nothing to replay.
        if style == MoveStyle::San {
            return Some(self.moves.clone());
        }
        // The recorded moves replayed from the start, each written again from its position.
        let mut pos = *self.game.start();
        if style == MoveStyle::Iccf && !iccf::fits(pos.rules()) {
            return None;
        }
        let mut written = Vec::with_capacity(self.moves.len());
        for recorded in &self.moves {
            let m = input::parse_move(&pos, recorded).ok()?;
            written.push(match style {
                MoveStyle::San => recorded.clone(),
                MoveStyle::Long => lan::write(&pos, m),
                MoveStyle::Iccf => iccf::write(pos.rules(), m)?,
            });
            pos.play_unchecked(m);
        }
        Some(written)
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn view(&self, observer: Observer) -> View {
        open_view(&self.game, &self.moves, self.outcome().is_some(), observer)
    }
}
