//! The Crown of Krithala (Lawrence Smith, 1999; the seed: shared/seeds/crown-of-krithala.txt;
//! every choice this module makes where the seed is silent is in docs/rules/krithala.md, with
//! the seed's words), a modifier over the variants with kings: `krithala` over FIDE chess,
//! `krithala+capablanca` over Capablanca chess, `krithala+royal` over Royal Chess.
//!
//! - Each side has a **crown** (a checker) that starts **under its King**. **Capturing the
//!   opponent's crown wins**: by capturing its carrier, or by ending a move on the square where
//!   it lies. The King is an ordinary piece: no check, no mate; it may be captured.
//! - A carrier moves as it would without the crown, and the crown goes with it. Instead of a
//!   move, a player may **transfer** the crown to another of his pieces along a move of the
//!   carrier's kind (`K>d1`): the carrier stays, and the transfer is the move. After a
//!   transfer, no other until the carrier has moved.
//! - A carrier may **drop** the crown where its move starts or on a square it passes over
//!   (`Nf3@g1`); a piece that passes over or stops on its side's lying crown may **pick it up**
//!   (`Qe5^c3`, `Bc4^`; stopping there picks it up). Both are parts of a move, not moves. The
//!   piece that dropped the crown may not pick it up until another piece has dropped it.
//! - A carrier other than the King makes **at most two moves in a row** with the crown: its
//!   third drops the crown where that move starts.
//! - A lying crown stands for its side as a piece to the opponent: it blocks, and whatever
//!   could capture a piece there captures it (a pawn diagonally, en passant too).
//! - Castling (with no crown between the King and the Rook), en passant, promotion, stalemate
//!   and the draws are the base's; no position is dead. Over Royal Chess, stalemate wins and
//!   Royal's scores hold; its check, mate, perpetual check and bared King go.
//!
//! [`base`] says what the crown needs of a base game, [`moves`] is the crown's state and moves,
//! [`notation`] and [`fen`] how they are written; this file is the variant, its endings and
//! what each observer is shown.

pub mod base;
pub mod fen;
pub mod moves;
pub mod notation;

use std::marker::PhantomData;
use std::sync::OnceLock;

use base::{Base, EngineBase, RoyalBase};
use moves::{Crown, KrithalaPosition};

use super::standard::{open_cells, snapshot_field};
use super::{Cell, Observer, PlayedMove, SnapshotError, Variant, VariantGame, View};
use crate::engine::game::History;
use crate::engine::geometry::Square;
use crate::engine::outcome::{DrawReason, Outcome, WinReason};
use crate::engine::piece::Color;
use crate::engine::rules::{Rules, StalemateRule};
use crate::engine::{ClaimableDraw, Position};
use crate::notation::input::MoveInputError;

/// The Crown of Krithala over one base variant.
pub struct Krithala<B: Base> {
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    /// The variant the crown is played over: its board, pieces, notation and scores.
    base: &'static dyn Variant,
    /// The starting position: the base's, and each crown under its King.
    start: &'static str,
    /// The base's rules with the King not royal, built once.
    rules: &'static OnceLock<Rules>,
    /// How the crown's moves are written, with examples in the base's notation.
    crown_help: &'static str,
    /// The whole help, the base's and the crown's, built once.
    help: &'static OnceLock<String>,
    position: PhantomData<B>,
}

static CHESS_RULES: OnceLock<Rules> = OnceLock::new();
static CHESS_HELP: OnceLock<String> = OnceLock::new();
static CAPABLANCA_RULES: OnceLock<Rules> = OnceLock::new();
static CAPABLANCA_HELP: OnceLock<String> = OnceLock::new();
static ROYAL_RULES: OnceLock<Rules> = OnceLock::new();
static ROYAL_HELP: OnceLock<String> = OnceLock::new();

/// The Crown of Krithala over FIDE chess.
pub static KRITHALA: Krithala<EngineBase> = Krithala {
    id: "krithala",
    name: "Crown of Krithala",
    summary: "chess with a crown under the King, passed to other pieces, dropped and picked up; capturing the \
              crown wins, no check or mate",
    base: &super::chess::Chess,
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e1 e8",
    rules: &CHESS_RULES,
    crown_help: "The crown: K>d1 hands it from its carrier to your piece on d1 (by a move\n\
                 of the carrier's kind); Nf3@g1 moves the carrier and leaves the crown on\n\
                 g1, where the move starts (also Nf3@), or on a square it passes over;\n\
                 Qe5^c3 picks it up on c3 on the way, Bc4^ where the piece stops.",
    help: &CHESS_HELP,
    position: PhantomData,
};

/// The Crown of Krithala over Capablanca chess.
pub static KRITHALA_CAPABLANCA: Krithala<EngineBase> = Krithala {
    id: "krithala+capablanca",
    name: "Crown of Krithala (Capablanca chess)",
    summary: "the Crown of Krithala on Capablanca's 10x8 board with the Archbishop and the Chancellor",
    base: &super::capablanca::Capablanca,
    start: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1 f1 f8",
    rules: &CAPABLANCA_RULES,
    crown_help: "The crown: K>e1 hands it from its carrier to your piece on e1 (by a move\n\
                 of the carrier's kind); Nc3@b1 moves the carrier and leaves the crown on\n\
                 b1, where the move starts (also Nc3@), or on a square it passes over;\n\
                 Qe5^c3 picks it up on c3 on the way, Bc4^ where the piece stops.",
    help: &CAPABLANCA_HELP,
    position: PhantomData,
};

/// The Crown of Krithala over Royal Chess.
pub static KRITHALA_ROYAL: Krithala<RoyalBase> = Krithala {
    id: "krithala+royal",
    name: "Crown of Krithala (Royal Chess)",
    summary: "the Crown of Krithala over Royal Chess: Guards, jumps and numeric notation; stalemate wins",
    base: &super::royal::Royal,
    start: "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1 f1 f8",
    rules: &ROYAL_RULES,
    crown_help: "The crown: K>52 hands it from its carrier to your piece on 52 (by a move\n\
                 of the carrier's kind); N-73@81 moves the carrier and leaves the crown on\n\
                 81, where the move starts (also N-73@), or on a square it passes over;\n\
                 Q-55^33 picks it up on 33 on the way, B-33^ where the piece stops.",
    help: &ROYAL_HELP,
    position: PhantomData,
};

impl<B: Base> Krithala<B> {
    /// The starting position.
    fn start_position_with_crowns(&'static self) -> KrithalaPosition<B> {
        fen::read(self.rules(), self.start).expect("the Krithala start is legal")
    }

    /// A position from a FEN with or without the crown fields.
    pub fn position(&'static self, text: &str) -> Result<KrithalaPosition<B>, String> {
        fen::read(self.rules(), text)
    }

    /// The legal moves of the position `text` (a FEN), as herald writes them: what the tests
    /// compare with a move generator of their own.
    pub fn legal_moves_written(&'static self, text: &str) -> Result<Vec<String>, String> {
        let pos = self.position(text)?;
        let choices = pos.choices();
        Ok(choices.legal.iter().map(|&m| notation::write(&pos, &choices, m)).collect())
    }

    /// The number of move sequences of `depth` moves from the position `text`; a move that
    /// captures a crown ends its sequence (the game is over).
    pub fn perft(&'static self, text: &str, depth: u32) -> Result<u64, String> {
        Ok(perft(&self.position(text)?, depth))
    }
}

/// Counts the move sequences of `depth` moves from `pos`, a crown's capture ending one.
fn perft<B: Base>(pos: &KrithalaPosition<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let choices = pos.choices();
    if depth == 1 {
        return choices.legal.len() as u64;
    }
    choices
        .legal
        .iter()
        .map(|&m| {
            let after = pos.after(&choices, m);
            if Color::BOTH.iter().any(|&c| after.crown(c) == Crown::Captured) { 1 } else { perft(&after, depth - 1) }
        })
        .sum()
}

impl<B: Base> Variant for Krithala<B> {
    fn aim(&self) -> &'static str {
        if self.id == "krithala+royal" {
            "The aim: capture the opponent's crown, on the piece that carries it or lying alone. There is no \
             check or checkmate; a stalemate wins for the side that stalemates."
        } else {
            "The aim: capture the opponent's crown, on the piece that carries it or lying alone. There is no \
             check or checkmate; a stalemate is a draw."
        }
    }

    fn id(&self) -> &'static str {
        self.id
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    /// The base's rules with the King an ordinary piece, and the Krithala start with its crown
    /// fields.
    fn rules(&self) -> &'static Rules {
        self.rules.get_or_init(|| {
            Rules::new(base::without_royalty(self.base.rules().def(), self.start))
                .expect("the base's definition is valid without royalty")
        })
    }

    fn start_position(&self) -> Position {
        let text: Vec<&str> = self.start.split_whitespace().take(6).collect();
        crate::notation::fen::read(self.rules(), &text.join(" ")).expect("the Krithala start is legal")
    }

    /// The crown's moves are not the engine's: perft and the engine's tools refuse them.
    fn engine_moves(&self) -> bool {
        false
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(KrithalaGame::new(self, self.start_position_with_crowns()))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        Ok(Box::new(KrithalaGame::new(self, self.position(text)?)))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(KrithalaGame::restore(self, snapshot)?))
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        // The crowns of Krithala are open: every mail says where each one is.
        Ok(())
    }

    fn notation_help(&self) -> &'static str {
        self.help.get_or_init(|| format!("{}\n{}", self.base.notation_help(), self.crown_help))
    }

    fn example_moves(&self) -> [&'static str; 2] {
        self.base.example_moves()
    }

    /// The base's scores, capturing the crown as its checkmate (Royal Chess: 1000 to 0,
    /// stalemate 700 to 250, a draw 400 to White and 500 to Black).
    fn points(&self, outcome: Outcome) -> (u16, u16) {
        self.base.points(outcome)
    }
}

/// A game of the Crown of Krithala.
pub struct KrithalaGame<B: Base> {
    variant: &'static Krithala<B>,
    start: KrithalaPosition<B>,
    position: KrithalaPosition<B>,
    /// The positions that may recur, keyed with the crowns' state.
    history: History,
    /// The moves as written, crown signs included.
    moves: Vec<String>,
}

impl<B: Base> KrithalaGame<B> {
    fn new(variant: &'static Krithala<B>, start: KrithalaPosition<B>) -> KrithalaGame<B> {
        KrithalaGame {
            variant,
            start,
            position: start,
            history: History::new(start.repetition_key()),
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &KrithalaPosition<B> {
        &self.position
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`]: the lines `start FEN`, `fen
    /// FEN` (both with the crown fields), `keys HEX...`, `moves ...`, and the base's own
    /// (Royal Chess's `powered` and `recapture`).
    fn restore(variant: &'static Krithala<B>, snapshot: &str) -> Result<KrithalaGame<B>, SnapshotError> {
        let position = |name: &str| {
            variant.position(snapshot_field(snapshot, name)?).map_err(|e| SnapshotError(format!("{name}: {e}")))
        };
        let start = position("start")?;
        let current = position("fen")?;
        let current = KrithalaPosition::from_parts(
            B::with_stored_state(*current.base(), snapshot)?,
            Color::BOTH.map(|c| current.crown(c)),
        );
        let keys = snapshot_field(snapshot, "keys")?
            .split_whitespace()
            .map(|k| u64::from_str_radix(k, 16).map_err(|_| SnapshotError(format!("bad key {k:?}"))))
            .collect::<Result<Vec<u64>, _>>()?;
        let moves = snapshot_field(snapshot, "moves")?.split_whitespace().map(str::to_string).collect();
        Ok(KrithalaGame {
            variant,
            start,
            position: current,
            history: History::resume(keys, current.repetition_key()),
            moves,
        })
    }

    /// `color`'s crown in words, as every view shows it.
    fn crown_in_words(&self, color: Color) -> String {
        let pos = &self.position;
        let piece = |sq: Square| {
            let name = pos.board().piece_at(sq).map_or("piece", |p| pos.board().rules().piece(p.role).name);
            format!("{name} {}", B::square_name(sq))
        };
        let state = match pos.crown(color) {
            Crown::Carried { square, count: 0, .. } => format!("on the {}", piece(square)),
            Crown::Carried { square, count: 1, .. } => format!("on the {} (moved with it once)", piece(square)),
            Crown::Carried { square, .. } => format!(
                "on the {} (moved with it twice in a row: its next move leaves the crown on {})",
                piece(square),
                B::square_name(square)
            ),
            Crown::Lying { square, dropper: Some(d) } => {
                format!("lying on {}, dropped by the {}, which may not pick it up", B::square_name(square), piece(d))
            }
            Crown::Lying { square, dropper: None } => format!("lying on {}", B::square_name(square)),
            Crown::Captured => "captured".to_string(),
        };
        let mut words = format!("{}'s crown: {state}.", color.title());
        if let Crown::Carried { square, transfer_lock: true, .. } = pos.crown(color) {
            words.push_str(&format!(
                " {} transferred its crown last: it must move with the {} before another transfer.",
                color.title(),
                piece(square)
            ));
        }
        words
    }
}

impl<B: Base> VariantGame for KrithalaGame<B> {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn move_number(&self) -> u32 {
        self.position.board().fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveInputError::NoMatch {
                input: text.trim().to_string(),
                reason: crate::notation::reason::Reason::new("reason-game-over").outcome("outcome", outcome),
            });
        }
        let before = self.position;
        let choices = before.choices();
        let m = notation::read(&before, &choices, text)?;
        let mut written = notation::write(&before, &choices, m);
        let after = before.after(&choices, m);
        let crowns_on_board = Color::BOTH.iter().all(|&c| after.crown(c) != Crown::Captured);
        if crowns_on_board && after.legal_moves().is_empty() {
            written.push_str(B::STALEMATE_MARK);
        }
        // A pawn move or a capture can never be undone; a crown act never undoes one.
        let irreversible = m.base().is_some_and(|b| {
            let shape = B::shape(&choices.board, b);
            shape.pawn || shape.captured.is_some()
        });
        self.history.record(after.repetition_key(), irreversible);
        self.position = after;
        self.moves.push(written.clone());
        Ok(PlayedMove {
            by: before.turn(),
            number: before.board().fullmoves(),
            notation: written,
            reveal: Vec::new(),
            sealed: None,
            commit: Vec::new(),
        })
    }

    /// A crown captured; no legal move (the base's stalemate); the base's draws by move count
    /// and repetition. No dead position: two Kings can capture each other's crowns.
    fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        if let Some(loser) = Color::BOTH.into_iter().find(|&c| pos.crown(c) == Crown::Captured) {
            return Some(Outcome::Win { winner: loser.other(), reason: WinReason::CrownCaptured });
        }
        if pos.legal_moves().is_empty() {
            return Some(match pos.board().rules().def().stalemate {
                StalemateRule::Draw => Outcome::Draw { reason: DrawReason::Stalemate },
                StalemateRule::Loss => Outcome::Win { winner: pos.turn().other(), reason: WinReason::Stalemate },
            });
        }
        B::draw_by_count(pos.base()).or_else(|| B::draw_by_repetition(self.history.repetitions()))
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        B::claimable_draws(self.position.base(), self.history.repetitions())
    }

    fn claimable_draws_by(&self, player: Color) -> Vec<ClaimableDraw> {
        if B::EITHER_PLAYER_CLAIMS || player == self.turn() { self.claimable_draws() } else { Vec::new() }
    }

    fn snapshot(&self) -> String {
        let keys: Vec<String> = self.history.keys().iter().map(|k| format!("{k:016x}")).collect();
        format!(
            "start {}\nfen {}\nkeys {}\nmoves {}\n{}",
            fen::write(&self.start),
            fen::write(&self.position),
            keys.join(" "),
            self.moves.join(" "),
            B::state_lines(self.position.base()),
        )
    }

    fn fen(&self) -> String {
        fen::write(&self.position)
    }

    fn start_fen(&self) -> String {
        fen::write(&self.start)
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Nothing is secret: every observer sees the board with both crowns, each crown's state
    /// in words, and the owner is reminded when an enemy move could capture its crown.
    fn view(&self, observer: Observer) -> View {
        let pos = &self.position;
        let board = pos.board();
        let over = self.outcome().is_some();
        let mut cells = open_cells(board);
        for color in Color::BOTH {
            for (sq, cell) in &mut cells {
                match (pos.crown(color), &*cell) {
                    (Crown::Carried { square, .. }, Cell::Piece(c, letter)) if square == *sq => {
                        *cell = Cell::Crowned(*c, *letter);
                    }
                    (Crown::Lying { square, .. }, _) if square == *sq => *cell = Cell::Crown(color),
                    _ => {}
                }
            }
        }
        let mut notices: Vec<String> = Color::BOTH.into_iter().map(|c| self.crown_in_words(c)).collect();
        if !over && observer.side().is_some_and(|me| pos.crown_attacked(me)) {
            notices.push("Your crown is attacked.".to_string());
        }
        notices.push("*: the piece carries its crown. O, o: White's, Black's crown lying alone.".to_string());
        notices.extend(B::NOTES.iter().map(|n| n.to_string()));
        let start = self.start.board();
        View {
            observer,
            size: board.rules().size(),
            coordinates: B::COORDINATES,
            cells,
            moves: self.moves.clone(),
            first_move_number: start.fullmoves(),
            first_mover: start.turn(),
            to_move: (!over).then_some(pos.turn()),
            legal_moves: None,
            notices,
        }
    }
}
