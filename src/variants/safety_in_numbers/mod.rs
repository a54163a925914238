//! Safety in Numbers Chess, Ralph Betza's first Crowd Chess (the seed:
//! shared/seeds/safety-in-numbers-chess.txt; the choices this module makes where the seed is
//! silent are in docs/rules/safety-in-numbers.md).
//!
//! - FIDE chess, except that **several pieces may share a square**, a **crowd**.
//! - **Nothing on a crowded square can be captured**, and so **a king in a crowd cannot be in
//!   check**.
//! - A piece may **join a crowd that holds an enemy piece**, by its move power or its capture
//!   power ("any piece may move onto the square, using either its movement power or its
//!   capture power"). A crowd of one side's pieces only can be joined by the other side, but
//!   no more of its own.
//! - A piece whose move power differs from its capture power may **move onto a single enemy
//!   piece** where it could move but not capture, **forming a crowd**: in chess only the pawn,
//!   stepping (or double-stepping) forward onto an enemy piece.
//! - **Leaving a crowd** is an ordinary move from its square; a crowd left with one piece is
//!   a single piece again, and can be captured.
//! - Castling, en passant and promotion as in FIDE chess, meeting crowds as
//!   docs/rules/safety-in-numbers.md says: castling never forms or joins a crowd, en passant
//!   takes only a pawn standing alone, a pawn promotes on the last rank however it arrives.
//!
//! The pieces are the FIDE pieces as data (a [`VariantDef`]) and their rays are the engine's
//! tables; the position, with any number of pieces per square, is [`CrowdPosition`], written
//! in an extended FEN ([`fen`]) and its moves in the seed's long algebraic where they touch a
//! crowd ([`notation`]).

pub mod fen;
pub mod notation;
pub mod position;

use std::sync::OnceLock;

pub use position::{CrowdMove, CrowdMoveKind, CrowdPosition, CrowdPositionError, CrowdSetup};

use super::chess::{KING, ROOK, fide_pieces};
use super::standard::snapshot_field;
use super::{Cell, Coordinates, Observer, PlayedMove, SnapshotError, Variant, VariantGame, View};
use crate::engine::ClaimableDraw;
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::{DrawReason, Outcome};
use crate::engine::piece::{Color, Piece};
use crate::engine::rules::{CastlingDef, DoubleStep, Rules, StalemateRule, VariantDef};
use crate::notation::input::MoveInputError;

/// The FIDE start, which is also how the FEN extension writes it.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Safety in Numbers Chess.
pub struct SafetyInNumbers;

impl SafetyInNumbers {
    /// The starting position.
    pub fn start(&self) -> CrowdPosition {
        fen::read(self.rules(), START_FEN).expect("the start position is legal")
    }

    /// A game from `start`.
    pub fn game(&'static self, start: CrowdPosition) -> CrowdGame {
        CrowdGame {
            variant: self,
            keys: vec![start.repetition_key()],
            position: start.clone(),
            start,
            moves: Vec::new(),
        }
    }
}

impl Variant for SafetyInNumbers {
    fn aim(&self) -> &'static str {
        "The aim: checkmate the opponent's king, as in chess; a king in a crowd cannot be checked. A stalemate \
         is a draw."
    }

    fn id(&self) -> &'static str {
        "safety-in-numbers"
    }

    fn engine_moves(&self) -> bool {
        false
    }

    fn name(&self) -> &'static str {
        "Safety in Numbers Chess"
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        // Crowds are open: both players see every piece and every move.
        Ok(())
    }

    fn notation_help(&self) -> &'static str {
        "Moves may be written in SAN (Nf3, exd5, e8=Q, O-O) or long algebraic (e2-e4).\n\
         A move out of or into a crowd (a square holding several pieces) is written\n\
         from square to square: e5-e4, Nc3-e4."
    }

    fn summary(&self) -> &'static str {
        "several pieces may share a square: nothing on a crowded square can be captured and a king in a crowd \
         cannot be checked; a crowd forms when a pawn steps onto an enemy piece and grows while it holds an enemy"
    }

    fn rules(&self) -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            Rules::new(VariantDef {
                size: BoardSize::CHESS,
                pieces: fide_pieces(),
                start_fen: START_FEN,
                castling: vec![CastlingDef::new(KING, ROOK, [6, 2], [5, 3])],
                promotion: "QRBN",
                double_step: DoubleStep::FromRank(1),
                en_passant: true,
                stalemate: StalemateRule::Draw,
            })
            .expect("the Safety in Numbers definition is valid")
        })
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(self.game(self.start()))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        let start = fen::read(self.rules(), text).map_err(|e| e.to_string())?;
        Ok(Box::new(self.game(start)))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(CrowdGame::restore(self, snapshot)?))
    }
}

/// A game of Safety in Numbers Chess.
pub struct CrowdGame {
    variant: &'static SafetyInNumbers,
    start: CrowdPosition,
    position: CrowdPosition,
    /// Repetition key ([`CrowdPosition::repetition_key`]) of every position so far, current
    /// last.
    keys: Vec<u64>,
    /// The moves in the variant's notation, one per ply.
    moves: Vec<String>,
}

impl CrowdGame {
    /// The current position.
    pub fn position(&self) -> &CrowdPosition {
        &self.position
    }

    /// The starting position.
    pub fn start(&self) -> &CrowdPosition {
        &self.start
    }

    /// How many times the current position has occurred.
    pub fn repetitions(&self) -> usize {
        let Some(&current) = self.keys.last() else { return 0 };
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`]: `start FEN`, `fen FEN` (both
    /// in the FEN extension), `keys HEX...` (the repetition keys) and `moves ...`, one field
    /// per line, as the chess-family snapshots.
    pub fn restore(variant: &'static SafetyInNumbers, snapshot: &str) -> Result<CrowdGame, SnapshotError> {
        let rules = variant.rules();
        let position_field = |name: &str| {
            fen::read(rules, snapshot_field(snapshot, name)?).map_err(|e| SnapshotError(format!("{name}: {e}")))
        };
        let start = position_field("start")?;
        let position = position_field("fen")?;
        let mut keys = snapshot_field(snapshot, "keys")?
            .split_whitespace()
            .map(|k| u64::from_str_radix(k, 16).map_err(|_| SnapshotError(format!("bad key {k:?}"))))
            .collect::<Result<Vec<u64>, _>>()?;
        if keys.is_empty() {
            keys.push(position.repetition_key());
        }
        let moves = snapshot_field(snapshot, "moves")?.split_whitespace().map(str::to_string).collect();
        Ok(CrowdGame { variant, start, position, keys, moves })
    }

    /// Every square with what stands on it: a crowd's pieces White's first, each side's in role
    /// order (a crowd has no order of its own).
    fn cells(&self) -> Vec<(Square, Cell)> {
        let pos = &self.position;
        let rules = pos.rules();
        rules
            .size()
            .squares()
            .map(|sq| {
                let letter = |p: &Piece| (p.color, rules.piece(p.role).letter);
                let cell = match pos.at(sq) {
                    [] => Cell::Empty,
                    [single] => {
                        let (color, c) = letter(single);
                        Cell::Piece(color, c)
                    }
                    crowd => Cell::Crowd(crowd.iter().map(letter).collect()),
                };
                (sq, cell)
            })
            .collect()
    }

    /// "Crowds: e4 (white pawn, knight; black pawn, queen)." for the notices.
    fn crowd_notice(&self) -> Option<String> {
        let pos = &self.position;
        let rules = pos.rules();
        let crowds: Vec<String> = rules
            .size()
            .squares()
            .filter(|&sq| pos.is_crowd(sq))
            .map(|sq| {
                let side = |color: Color| {
                    let names: Vec<String> = pos
                        .at(sq)
                        .iter()
                        .filter(|p| p.color == color)
                        .map(|p| rules.piece(p.role).name.to_lowercase())
                        .collect();
                    (!names.is_empty()).then(|| format!("{color} {}", names.join(", ")))
                };
                let sides: Vec<String> = Color::BOTH.into_iter().filter_map(side).collect();
                format!("{sq} ({})", sides.join("; "))
            })
            .collect();
        (!crowds.is_empty()).then(|| {
            format!("Crowds, where nothing can be captured and a king is never in check: {}.", crowds.join(", "))
        })
    }
}

impl VariantGame for CrowdGame {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn move_number(&self) -> u32 {
        self.position.fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveInputError::NoMatch {
                input: text.trim().to_string(),
                reason: crate::notation::reason::Reason::new("reason-game-over").outcome("outcome", outcome),
            });
        }
        let before = &self.position;
        let m = notation::parse_move(before, text)?;
        let notation = notation::write(before, m);
        let played = PlayedMove {
            by: before.turn(),
            number: before.fullmoves(),
            notation,
            reveal: Vec::new(),
            sealed: None,
            commit: Vec::new(),
        };
        self.position.play_unchecked(m);
        self.keys.push(self.position.repetition_key());
        self.moves.push(played.notation.clone());
        Ok(played)
    }

    fn outcome(&self) -> Option<Outcome> {
        let by_position = self.position.outcome();
        if by_position.is_some() {
            return by_position;
        }
        (self.repetitions() >= 5).then_some(Outcome::Draw { reason: DrawReason::FivefoldRepetition })
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        let mut claims = Vec::new();
        if self.outcome().is_some() {
            return claims;
        }
        if self.repetitions() >= 3 {
            claims.push(ClaimableDraw::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= 100 {
            claims.push(ClaimableDraw::FiftyMoves);
        }
        claims
    }

    fn snapshot(&self) -> String {
        let keys: Vec<String> = self.keys.iter().map(|k| format!("{k:016x}")).collect();
        format!(
            "start {}\nfen {}\nkeys {}\nmoves {}\n",
            fen::write(&self.start),
            fen::write(&self.position),
            keys.join(" "),
            self.moves.join(" ")
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

    fn view(&self, observer: Observer) -> View {
        let pos = &self.position;
        let over = self.outcome().is_some();
        let mut notices = Vec::new();
        if !over && pos.is_check() && observer.side() == Some(pos.turn()) {
            notices.push("You are in check.".to_string());
        }
        notices.extend(self.crowd_notice());
        View {
            observer,
            size: pos.rules().size(),
            coordinates: Coordinates::Algebraic,
            cells: self.cells(),
            moves: self.moves.clone(),
            first_move_number: self.start.fullmoves(),
            first_mover: self.start.turn(),
            to_move: (!over).then_some(pos.turn()),
            legal_moves: None,
            notices,
        }
    }
}
