//! The game the crown is played over: what the crown's rules need of a base variant's
//! positions and moves, for the engine's own positions (chess, Capablanca) and for Royal
//! Chess's position type.
//!
//! Every base is played with its King made an ordinary piece (docs/rules/krithala.md, point
//! 1): its rules are the base's [`VariantDef`] with the `royal` flag cleared, so the engine
//! filters no move for check and its castling tests no attacked square; Royal Chess's own
//! position, over those rules, does the same (its castling's conditions on check bind a
//! royal King only).

use std::fmt;

use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::{DrawReason, Outcome};
use crate::engine::piece::{Color, Role};
use crate::engine::position::{Move, MoveKind, Position};
use crate::engine::rules::{Rules, VariantDef};
use crate::engine::{ClaimableDraw, outcome};
use crate::notation::input::{self, MoveInputError};
use crate::notation::{fen, numeric, san};
use crate::variants::royal::{self, RoyalMove, RoyalPosition};
use crate::variants::{Coordinates, SnapshotError};

/// `base` with every piece made ordinary (no check, no mate: the King is a piece like the
/// others) and the Krithala starting position, whose FEN has the two crown fields.
pub fn without_royalty(base: &VariantDef, start_fen: &'static str) -> VariantDef {
    let mut def = base.clone();
    for piece in &mut def.pieces {
        piece.royal = false;
    }
    def.start_fen = start_fen;
    def
}

/// What one base move does on the board, as the crown's rules see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Each piece the move takes from one square to another, the moving piece first: for a
    /// castling the King, then its Rook, then (Royal Chess) the Guard that moves first.
    pub movers: Vec<(Square, Square)>,
    /// The empty squares the moving piece passes over (docs/rules/krithala.md, point 8): the
    /// squares strictly between start and destination of a move along a line. None of the
    /// bases has a piece that leaps along a line, so a move along a line passes its squares,
    /// and a knight's leap passes none.
    pub passed: Vec<Square>,
    /// The square of the piece it captures (for en passant, the pawn's square).
    pub captured: Option<Square>,
    /// A castling: no crown is dropped in passing or picked up in it, and none may lie
    /// between the King and the Rook.
    pub castling: bool,
    /// An en passant capture.
    pub en_passant: bool,
    /// A pawn moves: no earlier position can recur.
    pub pawn: bool,
}

impl Shape {
    /// The moving piece's start and destination.
    pub fn main(&self) -> (Square, Square) {
        self.movers[0]
    }

    /// The squares of the rank a castling's King and Rook use, from the lowest file to the
    /// highest of their starting and landing squares; empty for any other move.
    pub fn castling_squares(&self) -> Vec<Square> {
        if !self.castling {
            return Vec::new();
        }
        let files = self.movers[..2].iter().flat_map(|&(from, to)| [from.file(), to.file()]);
        let (lo, hi) = (files.clone().min().unwrap_or(0), files.max().unwrap_or(0));
        let rank = self.movers[0].0.rank();
        (lo..=hi).filter_map(|f| Square::new(f, rank)).collect()
    }
}

/// The shape of an engine move in `pos` (the position the move was generated in).
fn engine_shape(pos: &Position, m: Move) -> Shape {
    let rules = pos.rules();
    let size = rules.size();
    let us = pos.turn();
    let pawn = pos.piece_at(m.from).is_some_and(|p| rules.is_pawn(p.role));
    match m.kind {
        MoveKind::Castle { rook } => {
            let role = pos.piece_at(m.from).map(|p| p.role);
            let rook_to = role
                .and_then(|r| rules.castler_index(r))
                .and_then(|i| {
                    Square::new(rules.castling()[i].rook_to[usize::from(rook.file() < m.from.file())], rook.rank())
                })
                .unwrap_or(rook);
            Shape {
                movers: vec![(m.from, m.to), (rook, rook_to)],
                passed: Vec::new(),
                captured: None,
                castling: true,
                en_passant: false,
                pawn,
            }
        }
        MoveKind::EnPassant => Shape {
            movers: vec![(m.from, m.to)],
            passed: Vec::new(),
            captured: m.to.offset(0, -us.forward(), size),
            castling: false,
            en_passant: true,
            pawn,
        },
        MoveKind::Normal | MoveKind::Promotion(_) => Shape {
            movers: vec![(m.from, m.to)],
            passed: m.from.between(m.to).into_iter().filter(|&sq| pos.piece_at(sq).is_none()).collect(),
            captured: Some(m.to).filter(|&to| pos.piece_at(to).is_some_and(|p| p.color != us)),
            castling: false,
            en_passant: false,
            pawn,
        },
    }
}

/// A base game's positions and moves, as the crown's rules use them.
pub trait Base: Copy + PartialEq + Eq + fmt::Debug + Send + Sync + 'static {
    /// A position of the base (with the King not royal).
    type Position: Copy + PartialEq + Send + Sync + fmt::Debug + 'static;
    /// A move of the base.
    type Move: Copy + PartialEq + Send + Sync + fmt::Debug + 'static;

    /// How the base's notation names squares.
    const COORDINATES: Coordinates;
    /// What the base writes after a move that leaves the opponent without a legal move
    /// (Royal Chess's `S#`); nothing in chess, where stalemate is a draw.
    const STALEMATE_MARK: &'static str;

    /// The engine's board of a position.
    fn board(pos: &Self::Position) -> &Position;
    /// `pos` with `board` (the same position with a piece put on or taken off).
    fn with_board(pos: &Self::Position, board: Position) -> Self::Position;
    /// A position of the base from a board read from its FEN.
    fn from_board(board: Position) -> Self::Position;
    /// The base's legal moves (no check filter: the King is not royal).
    fn moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// What `m` does on the board.
    fn shape(pos: &Self::Position, m: Self::Move) -> Shape;
    /// The position after `m`.
    fn play(pos: &Self::Position, m: Self::Move) -> Self::Position;
    /// The position after a move that moves no piece (a transfer of the crown): the other
    /// side moves, an en passant chance or a right to recapture lapses, the clocks go on.
    fn pass(pos: &Self::Position) -> Self::Position;
    /// `m` as the base writes it, told from the other moves of `legal`, without check marks.
    fn write(pos: &Self::Position, legal: &[Self::Move], m: Self::Move) -> String;
    /// A player's text of a base move, as one of `legal`.
    fn read(pos: &Self::Position, legal: &[Self::Move], text: &str) -> Result<Self::Move, MoveInputError>;
    /// The base's repetition key.
    fn repetition_key(pos: &Self::Position) -> u64;
    /// The base's FEN of a position.
    fn fen(pos: &Self::Position) -> String;
    /// True if a `by` piece could capture on `sq`.
    fn attacked(pos: &Self::Position, sq: Square, by: Color) -> bool;
    /// A square as the base's notation names it.
    fn square_name(sq: Square) -> String;
    /// A square a player wrote in the base's notation.
    fn read_square(size: BoardSize, text: &str) -> Option<Square>;
    /// How the base's notation names a piece in a transfer (`K`, `P` for a pawn, Royal's `G'`).
    fn designator(rules: &Rules, role: Role) -> String;
    /// The piece a designator names.
    fn role_of(rules: &Rules, designator: &str) -> Option<Role>;
    /// The draws that come by themselves from a move count (FIDE's seventy-five moves,
    /// Royal's fifty moves without a capture), given that the side to move has a legal move.
    fn draw_by_count(pos: &Self::Position) -> Option<Outcome>;
    /// The draws that may be claimed with the current position `repetitions` times on the
    /// board.
    fn claimable_draws(pos: &Self::Position, repetitions: usize) -> Vec<ClaimableDraw>;
    /// Whether the player not to move may claim a draw too (Royal Chess: "either player").
    const EITHER_PLAYER_CLAIMS: bool;
    /// What every view says of the base's notation and board.
    const NOTES: &'static [&'static str];
    /// The draw that comes by itself with the current position `repetitions` times on the
    /// board (FIDE's fivefold repetition).
    fn draw_by_repetition(repetitions: usize) -> Option<Outcome>;
    /// What a position holds beyond its FEN, as snapshot lines.
    fn state_lines(pos: &Self::Position) -> String;
    /// `pos` with the state [`Base::state_lines`] wrote into `snapshot`.
    fn with_stored_state(pos: Self::Position, snapshot: &str) -> Result<Self::Position, SnapshotError>;
}

/// Chess and Capablanca chess: the engine's own positions and moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EngineBase;

impl Base for EngineBase {
    type Position = Position;
    type Move = Move;

    const COORDINATES: Coordinates = Coordinates::Algebraic;
    const STALEMATE_MARK: &'static str = "";
    const EITHER_PLAYER_CLAIMS: bool = false;
    const NOTES: &'static [&'static str] = &[];

    fn board(pos: &Position) -> &Position {
        pos
    }

    fn with_board(_pos: &Position, board: Position) -> Position {
        board
    }

    fn from_board(board: Position) -> Position {
        board
    }

    fn moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn shape(pos: &Position, m: Move) -> Shape {
        engine_shape(pos, m)
    }

    fn play(pos: &Position, m: Move) -> Position {
        let mut after = *pos;
        after.play_unchecked(m);
        after
    }

    fn pass(pos: &Position) -> Position {
        let mut after = *pos;
        after.end_turn(false);
        after
    }

    fn write(pos: &Position, legal: &[Move], m: Move) -> String {
        san::write_among(pos, m, legal)
    }

    fn read(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveInputError> {
        input::parse_move_among(pos, text, legal)
    }

    fn repetition_key(pos: &Position) -> u64 {
        pos.repetition_key()
    }

    fn fen(pos: &Position) -> String {
        fen::write(pos)
    }

    fn attacked(pos: &Position, sq: Square, by: Color) -> bool {
        pos.is_attacked(sq, by)
    }

    fn square_name(sq: Square) -> String {
        sq.algebraic()
    }

    fn read_square(size: BoardSize, text: &str) -> Option<Square> {
        size.parse_algebraic(text)
    }

    fn designator(rules: &Rules, role: Role) -> String {
        rules.piece(role).letter.to_string()
    }

    fn role_of(rules: &Rules, designator: &str) -> Option<Role> {
        let mut chars = designator.chars();
        let letter = chars.next().filter(|c| c.is_ascii_uppercase() && chars.next().is_none())?;
        rules.role_by_letter(letter)
    }

    /// FIDE 9.6.2: seventy-five moves by each side without a pawn move or capture. (No dead
    /// position is recognised: docs/rules/krithala.md, point 15.)
    fn draw_by_count(pos: &Position) -> Option<Outcome> {
        outcome::decided_by_position(pos.turn(), true, || false, pos.rules().def().stalemate, || false, pos.halfmoves())
    }

    fn claimable_draws(pos: &Position, repetitions: usize) -> Vec<ClaimableDraw> {
        let mut claims = Vec::new();
        if repetitions >= 3 {
            claims.push(ClaimableDraw::ThreefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            claims.push(ClaimableDraw::FiftyMoves);
        }
        claims
    }

    fn draw_by_repetition(repetitions: usize) -> Option<Outcome> {
        (repetitions >= 5).then_some(Outcome::Draw { reason: DrawReason::FivefoldRepetition })
    }

    fn state_lines(_pos: &Position) -> String {
        String::new()
    }

    fn with_stored_state(pos: Position, _snapshot: &str) -> Result<Position, SnapshotError> {
        Ok(pos)
    }
}

/// Half-moves without a capture after which Royal Chess is drawn.
const ROYAL_FIFTY_MOVES: u32 = 100;

/// Royal Chess: its own position type, with the Guards' and Rooks' jumps, castling with a
/// Guard move, promotion to lost pieces and the promoted Guard's powers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoyalBase;

impl Base for RoyalBase {
    type Position = RoyalPosition;
    type Move = RoyalMove;

    const COORDINATES: Coordinates = Coordinates::Numeric;
    const STALEMATE_MARK: &'static str = "S#";
    const EITHER_PLAYER_CLAIMS: bool = true;
    const NOTES: &'static [&'static str] = &[royal::NOTATION_NOTE];

    fn board(pos: &RoyalPosition) -> &Position {
        pos.board()
    }

    fn with_board(pos: &RoyalPosition, board: Position) -> RoyalPosition {
        RoyalPosition::new(board, pos.since_capture()).with_state(pos.powered(), pos.recapture())
    }

    fn from_board(board: Position) -> RoyalPosition {
        RoyalPosition::new(board, board.halfmoves())
    }

    fn moves(pos: &RoyalPosition) -> Vec<RoyalMove> {
        pos.legal_moves()
    }

    fn shape(pos: &RoyalPosition, m: RoyalMove) -> Shape {
        match m {
            RoyalMove::Plain(mv) | RoyalMove::Waived(mv) => engine_shape(pos.board(), mv),
            RoyalMove::Castle(c) => {
                let mut movers = vec![(c.king, c.king_to), (c.rook, c.rook_to)];
                movers.extend(c.guard);
                let us = pos.turn();
                let captured =
                    c.guard.map(|(_, to)| to).filter(|&to| pos.board().piece_at(to).is_some_and(|p| p.color != us));
                Shape { movers, passed: Vec::new(), captured, castling: true, en_passant: false, pawn: false }
            }
        }
    }

    fn play(pos: &RoyalPosition, m: RoyalMove) -> RoyalPosition {
        pos.after(m).expect("a legal Royal Chess move can be played")
    }

    fn pass(pos: &RoyalPosition) -> RoyalPosition {
        let mut board = *pos.board();
        board.end_turn(false);
        // The right to recapture lasts "ONLY on the very next move"; a promoted Guard keeps its
        // powers while it stays on its square.
        RoyalPosition::new(board, pos.since_capture() + 1).with_state(pos.powered(), None)
    }

    fn write(pos: &RoyalPosition, legal: &[RoyalMove], m: RoyalMove) -> String {
        royal::notation::write(pos, legal, m)
    }

    fn read(pos: &RoyalPosition, legal: &[RoyalMove], text: &str) -> Result<RoyalMove, MoveInputError> {
        royal::notation::read(pos, legal, text)
    }

    fn repetition_key(pos: &RoyalPosition) -> u64 {
        pos.repetition_key()
    }

    fn fen(pos: &RoyalPosition) -> String {
        royal::write_fen(pos)
    }

    fn attacked(pos: &RoyalPosition, sq: Square, by: Color) -> bool {
        pos.attacked(sq, by)
    }

    fn square_name(sq: Square) -> String {
        numeric::square_name(sq)
    }

    /// Numeric (`54`, `106`), as Royal's notation writes; algebraic too, as Royal reads moves.
    fn read_square(size: BoardSize, text: &str) -> Option<Square> {
        numeric::read_square(text, size).or_else(|| size.parse_algebraic(text))
    }

    fn designator(_rules: &Rules, role: Role) -> String {
        royal::notation::designator(role).to_string()
    }

    fn role_of(rules: &Rules, designator: &str) -> Option<Role> {
        royal::notation::role_of(designator).or_else(|| EngineBase::role_of(rules, designator))
    }

    /// "No piece has been captured by either side for fifty moves."
    fn draw_by_count(pos: &RoyalPosition) -> Option<Outcome> {
        (pos.since_capture() >= ROYAL_FIFTY_MOVES).then_some(Outcome::Draw { reason: DrawReason::FiftyMoves })
    }

    fn claimable_draws(_pos: &RoyalPosition, repetitions: usize) -> Vec<ClaimableDraw> {
        if repetitions >= 3 { vec![ClaimableDraw::ThreefoldRepetition] } else { Vec::new() }
    }

    fn draw_by_repetition(_repetitions: usize) -> Option<Outcome> {
        None
    }

    fn state_lines(pos: &RoyalPosition) -> String {
        royal::state_lines(pos)
    }

    fn with_stored_state(pos: RoyalPosition, snapshot: &str) -> Result<RoyalPosition, SnapshotError> {
        royal::with_stored_state(pos, snapshot)
    }
}
