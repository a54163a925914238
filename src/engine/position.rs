//! Positions of the chess family: one piece per square, one royal piece per side (or none),
//! castling, en passant, promotion, all as the variant's [`Rules`] say.
//!
//! A [`Setup`] is what a FEN says; it becomes a [`Position`] only through
//! [`Position::from_setup`], which checks it and returns a typed [`PositionError`]. After that
//! every position is reached by moves, so its invariants hold: `play` checks a move against
//! the legal moves, `play_unchecked` trusts the caller (move generation, perft).

use std::fmt;

use super::geometry::{LAYOUT_SQUARES, Square, SquareSet};
use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::{Color, Piece, Role};
use super::rules::{DoubleStep, Rules, StalemateRule};
use super::zobrist;

/// What a move does besides taking a piece from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// A pawn move to the last rank that becomes `Role`.
    Promotion(Role),
    /// A pawn captures the pawn that just double-stepped past `to`.
    EnPassant,
    /// The king goes to `to` and the rook standing on `rook` jumps over it.
    Castle {
        /// Where the castling rook stands before the move.
        rook: Square,
    },
}

/// A move of a [`Position`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square the moving piece leaves.
    pub from: Square,
    /// Square it goes to (for castling, the king's destination).
    pub to: Square,
    /// What else happens.
    pub kind: MoveKind,
}

impl Move {
    /// The role the move promotes to, if it promotes.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// True for castling.
    pub fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }
}

/// The castling rights: for each colour, the square of the rook it may still castle with on
/// the short (higher files) and long side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub [[Option<Square>; 2]; 2]);

impl CastlingRights {
    /// The rook square for `color` on `side` (0 short, 1 long).
    pub fn rook(self, color: Color, side: usize) -> Option<Square> {
        self.0[color.index()][side]
    }

    /// True if no right is left.
    pub fn is_empty(self) -> bool {
        self.0.iter().flatten().all(Option::is_none)
    }
}

/// An unchecked position, as read from a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square of the fixed layout.
    pub board: Vec<Option<Piece>>,
    /// Side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// The square a pawn just passed over with a double step.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Move number, starting at 1 and growing after Black's move.
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board with White to move.
    pub fn empty() -> Setup {
        Setup {
            board: vec![None; LAYOUT_SQUARES],
            turn: Color::White,
            castling: CastlingRights::default(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A piece stands outside the variant's board.
    PieceOffBoard(Square),
    /// A side has no royal piece or more than one.
    RoyalCount {
        /// Whose.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A pawn stands on a rank where it could never be.
    PawnOnBackRank(Square),
    /// The side not to move is in check, so the side to move could capture the king.
    OppositeCheck,
    /// A castling right without its king or rook in place.
    BadCastlingRight {
        /// Whose right.
        color: Color,
    },
    /// The en passant square is not behind a pawn that just double-stepped.
    BadEnPassant(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PieceOffBoard(sq) => write!(f, "a piece stands on {sq}, which is off the board"),
            PositionError::RoyalCount { color, count } => {
                write!(f, "{color} has {count} royal pieces; the variant needs exactly one")
            }
            PositionError::PawnOnBackRank(sq) => write!(f, "a pawn stands on {sq}, on a first or last rank"),
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::BadCastlingRight { color } => {
                write!(f, "{color} has a castling right but the king or rook is not on its square")
            }
            PositionError::BadEnPassant(sq) => {
                write!(f, "{sq} is given as the en passant square, but no pawn has just passed it")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{} is not a legal move", self.0.from, self.0.to)
    }
}

impl std::error::Error for IllegalMove {}

/// A legal position of a chess-family variant.
#[derive(Clone, Copy)]
pub struct Position {
    rules: &'static Rules,
    cells: [Option<Piece>; LAYOUT_SQUARES],
    by_color: [SquareSet; 2],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    /// Zobrist key of pieces, side to move and castling rights (not en passant: see
    /// [`Position::repetition_key`]).
    hash: u64,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::notation::fen::write(self))
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.rules, other.rules)
            && self.cells == other.cells
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for Position {}

/// What the legality test needs to know about the side to move, computed once per position.
struct LegalityContext {
    royal: Option<Square>,
    in_check: bool,
    lines: SquareSet,
}

impl Position {
    /// Checks a setup and makes it a position of `rules`.
    pub fn from_setup(rules: &'static Rules, setup: Setup) -> Result<Position, PositionError> {
        let size = rules.size();
        let mut pos = Position {
            rules,
            cells: [None; LAYOUT_SQUARES],
            by_color: [SquareSet::EMPTY; 2],
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for (i, cell) in setup.board.iter().enumerate().take(LAYOUT_SQUARES) {
            if let Some(piece) = *cell {
                let sq = Square::from_index(i);
                if !size.contains(sq) {
                    return Err(PositionError::PieceOffBoard(sq));
                }
                if rules.is_pawn(piece.role) && (sq.rank() == 0 || sq.rank() == size.ranks - 1) {
                    return Err(PositionError::PawnOnBackRank(sq));
                }
                pos.put(sq, piece);
            }
        }
        if rules.royal_role().is_some() {
            for color in Color::BOTH {
                let count = pos.royal_squares(color).count() as usize;
                if count != 1 {
                    return Err(PositionError::RoyalCount { color, count });
                }
            }
            if pos.royal_square(pos.turn.other()).is_some_and(|k| pos.is_attacked(k, pos.turn)) {
                return Err(PositionError::OppositeCheck);
            }
        }
        for color in Color::BOTH {
            for side in 0..2 {
                if let Some(rook) = pos.castling.rook(color, side) {
                    let ok = rules.def().castling.as_ref().is_some_and(|c| {
                        let home = size.relative_rank(color.is_white(), 0);
                        let king = pos.royal_square(color);
                        pos.piece_at(rook) == Some(Piece::new(color, c.rook))
                            && rook.rank() == home
                            && king.is_some_and(|k| {
                                k.rank() == home
                                    && pos.piece_at(k).map(|p| p.role) == Some(c.king)
                                    && (side == 0) == (rook.file() > k.file())
                            })
                    });
                    if !ok {
                        return Err(PositionError::BadCastlingRight { color });
                    }
                }
            }
        }
        if let Some(ep) = pos.ep_square {
            let mover = pos.turn.other();
            let victim = ep.offset(0, mover.forward(), size);
            let origin = ep.offset(0, -mover.forward(), size);
            let ok = rules.def().en_passant
                && pos.piece_at(ep).is_none()
                && origin.is_some_and(|o| pos.piece_at(o).is_none())
                && victim.and_then(|v| pos.piece_at(v)).is_some_and(|p| p.color == mover && rules.is_pawn(p.role));
            if !ok {
                return Err(PositionError::BadEnPassant(ep));
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The rules this position is played under.
    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    /// Squares occupied by `color`.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// Castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The square passed over by a pawn's double step on the last move, if any.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The setup this position was made from, updated by the moves since.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.cells.to_vec(),
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Squares of `color`'s royal pieces.
    pub fn royal_squares(&self, color: Color) -> SquareSet {
        self.occupied_by(color)
            .filter(|&sq| self.cells[sq.index()].is_some_and(|p| self.rules.is_royal(p.role)))
            .collect()
    }

    /// The square of `color`'s royal piece, in variants with one royal piece per side.
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        self.rules.royal_role()?;
        self.royal_squares(color).single()
    }

    /// True if a `by` piece could capture on `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let rules = self.rules;
        for &ray in rules.attack_rays(by, sq) {
            for &(cell, roles) in rules.attack_cells(ray) {
                if let Some(piece) = self.cells[cell.index()] {
                    if piece.color == by && roles & piece.role.bit() != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// True if the side to move's royal piece is attacked.
    pub fn is_check(&self) -> bool {
        self.royal_square(self.turn).is_some_and(|k| self.is_attacked(k, self.turn.other()))
    }

    fn put(&mut self, sq: Square, piece: Piece) {
        self.cells[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].insert(sq);
        self.hash ^= zobrist::piece(piece, sq);
    }

    fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.cells[sq.index()].take()?;
        self.by_color[piece.color.index()].remove(sq);
        self.hash ^= zobrist::piece(piece, sq);
        Some(piece)
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::BOTH {
            for sq in self.occupied_by(color) {
                if let Some(piece) = self.cells[sq.index()] {
                    hash ^= zobrist::piece(piece, sq);
                }
            }
            for side in 0..2 {
                if self.castling.rook(color, side).is_some() {
                    hash ^= zobrist::castling(color, side);
                }
            }
        }
        if self.turn == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        hash
    }

    /// A key that is equal for positions that are the same in the sense of the repetition
    /// rules: same pieces on the same squares, same side to move, same castling rights, and
    /// the same en passant capture available.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if self.has_legal_en_passant() => self.hash ^ zobrist::en_passant(ep),
            _ => self.hash,
        }
    }

    fn has_legal_en_passant(&self) -> bool {
        self.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    /// Every pseudo-legal move: legal but for leaving the royal piece attacked. Used to
    /// explain why a move a player typed is illegal.
    pub(crate) fn pseudo_legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_legal_moves(out);
    }

    /// Appends every pseudo-legal move.
    fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let rules = self.rules;
        let us = self.turn;
        let ours = self.occupied_by(us);
        let last_rank = rules.size().relative_rank(us.is_white(), rules.size().ranks - 1);
        for from in ours {
            let Some(piece) = self.cells[from.index()] else { continue };
            let is_pawn = rules.is_pawn(piece.role);
            for &ray in rules.rays(us, piece.role, from) {
                for &to in rules.ray_squares(ray) {
                    match self.cells[to.index()] {
                        None => {
                            if ray.moves {
                                self.push_move(out, from, to, is_pawn && to.rank() == last_rank);
                            }
                        }
                        Some(target) => {
                            if ray.captures && target.color != us {
                                self.push_move(out, from, to, is_pawn && to.rank() == last_rank);
                            }
                            break;
                        }
                    }
                }
            }
            if is_pawn {
                self.pawn_specials(out, from, piece.role);
            }
        }
        self.castling_moves(out);
    }

    #[inline]
    fn push_move(&self, out: &mut Vec<Move>, from: Square, to: Square, promotes: bool) {
        if promotes {
            for &role in self.rules.promotion_roles() {
                out.push(Move { from, to, kind: MoveKind::Promotion(role) });
            }
        } else {
            out.push(Move { from, to, kind: MoveKind::Normal });
        }
    }

    /// The double step and en passant, which Betza's basic atoms do not say.
    fn pawn_specials(&self, out: &mut Vec<Move>, from: Square, role: Role) {
        let rules = self.rules;
        let size = rules.size();
        let us = self.turn;
        let may_double = match rules.def().double_step {
            DoubleStep::Never => false,
            DoubleStep::FromRank(r) => from.rank() == size.relative_rank(us.is_white(), r),
            DoubleStep::Anywhere => true,
        };
        if may_double
            && let Some(one) = from.offset(0, us.forward(), size)
            && let Some(two) = one.offset(0, us.forward(), size)
            && self.cells[one.index()].is_none()
            && self.cells[two.index()].is_none()
        {
            let last_rank = size.relative_rank(us.is_white(), size.ranks - 1);
            self.push_move(out, from, two, two.rank() == last_rank);
        }
        if let Some(ep) = self.ep_square {
            let captures_there = rules
                .rays(us, role, from)
                .iter()
                .any(|&ray| ray.captures && rules.ray_squares(ray).first() == Some(&ep));
            if captures_there {
                out.push(Move { from, to: ep, kind: MoveKind::EnPassant });
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let Some(def) = self.rules.def().castling.as_ref() else { return };
        let us = self.turn;
        let Some(king) = self.royal_square(us) else { return };
        for side in 0..2 {
            let Some(rook) = self.castling.rook(us, side) else { continue };
            let rank = king.rank();
            let (Some(king_to), Some(rook_to)) =
                (Square::new(def.king_to[side], rank), Square::new(def.rook_to[side], rank))
            else {
                continue;
            };
            // Every square between the king and rook and their destinations must be empty,
            // except for the king and rook themselves (so Chess960-like starts work too).
            let lo = king.file().min(rook.file()).min(king_to.file()).min(rook_to.file());
            let hi = king.file().max(rook.file()).max(king_to.file()).max(rook_to.file());
            let blocked = (lo..=hi)
                .filter_map(|f| Square::new(f, rank))
                .any(|sq| sq != king && sq != rook && self.cells[sq.index()].is_some());
            if !blocked {
                out.push(Move { from: king, to: king_to, kind: MoveKind::Castle { rook } });
            }
        }
    }

    fn legality_context(&self) -> LegalityContext {
        match self.royal_square(self.turn) {
            Some(k) => LegalityContext {
                royal: Some(k),
                in_check: self.is_attacked(k, self.turn.other()),
                lines: self.rules.rider_lines(k),
            },
            None => LegalityContext { royal: None, in_check: false, lines: SquareSet::EMPTY },
        }
    }

    fn is_legal_in(&self, m: Move, ctx: &LegalityContext) -> bool {
        let Some(royal) = ctx.royal else { return true };
        let them = self.turn.other();
        if let MoveKind::Castle { .. } = m.kind {
            if ctx.in_check {
                return false;
            }
            // The king may not pass over an attacked square (its destination is checked
            // below, after the move).
            let (a, b) = (m.from.file().min(m.to.file()), m.from.file().max(m.to.file()));
            for f in a + 1..b {
                if let Some(sq) = Square::new(f, m.from.rank())
                    && self.is_attacked(sq, them)
                {
                    return false;
                }
            }
        } else if m.from != royal && !ctx.in_check && m.kind != MoveKind::EnPassant && !ctx.lines.contains(m.from) {
            // Not in check, not the royal piece, and nothing can be uncovered: legal.
            return true;
        }
        let mut after = *self;
        after.play_unchecked(m);
        let king = if m.from == royal { m.to } else { royal };
        !after.is_attacked(king, them)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// Every legal move, into a buffer the caller reuses (perft).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_legal_moves(out);
        let ctx = self.legality_context();
        out.retain(|&m| self.is_legal_in(m, &ctx));
    }

    /// True if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays a legal move, or says why it cannot.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }

    /// True if `m` captures something.
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle { .. } => false,
            _ => self.cells[m.to.index()].is_some_and(|p| p.color != self.turn),
        }
    }

    /// Plays `m` without checking it; `m` must come from this position's move generation.
    pub fn play_unchecked(&mut self, m: Move) {
        let rules = self.rules;
        let size = rules.size();
        let us = self.turn;
        let Some(piece) = self.take(m.from) else { return };
        let mut reset_clock = rules.is_pawn(piece.role);
        self.clear_ep();
        match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if let Some(captured) = self.take(m.to) {
                    reset_clock = true;
                    self.lose_castling_rook(captured.color, m.to);
                }
                let role = m.promotion().unwrap_or(piece.role);
                self.put(m.to, Piece::new(us, role));
                if rules.is_pawn(piece.role)
                    && m.from.file() == m.to.file()
                    && (m.to.rank() as i8 - m.from.rank() as i8).abs() == 2
                    && rules.def().en_passant
                {
                    let passed = m.from.offset(0, us.forward(), size);
                    if let Some(passed) = passed {
                        self.ep_square = Some(passed);
                    }
                }
            }
            MoveKind::EnPassant => {
                if let Some(victim) = m.to.offset(0, -us.forward(), size) {
                    self.take(victim);
                }
                self.put(m.to, piece);
                reset_clock = true;
            }
            MoveKind::Castle { rook } => {
                let rook_piece = self.take(rook);
                let side = usize::from(rook.file() < m.from.file());
                self.put(m.to, piece);
                if let (Some(rook_piece), Some(def)) = (rook_piece, rules.def().castling.as_ref())
                    && let Some(rook_to) = Square::new(def.rook_to[side], m.from.rank())
                {
                    self.put(rook_to, rook_piece);
                }
            }
        }
        if rules.is_royal(piece.role) {
            for side in 0..2 {
                self.set_castling(us, side, None);
            }
        } else {
            self.lose_castling_rook(us, m.from);
        }
        self.halfmoves = if reset_clock { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
        self.hash ^= zobrist::black_to_move();
    }

    fn clear_ep(&mut self) {
        self.ep_square = None;
    }

    fn set_castling(&mut self, color: Color, side: usize, value: Option<Square>) {
        let slot = &mut self.castling.0[color.index()][side];
        if slot.is_some() != value.is_some() {
            self.hash ^= zobrist::castling(color, side);
        }
        *slot = value;
    }

    fn lose_castling_rook(&mut self, color: Color, sq: Square) {
        for side in 0..2 {
            if self.castling.rook(color, side) == Some(sq) {
                self.set_castling(color, side, None);
            }
        }
    }

    /// True if neither side can ever mate: every piece but the kings is minor, and there is
    /// at most one of them or they are all bishops on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let rules = self.rules;
        let mut minors = 0;
        let mut bound_on = [false; 2];
        let mut all_bound = true;
        for color in Color::BOTH {
            for sq in self.occupied_by(color) {
                let Some(piece) = self.cells[sq.index()] else { continue };
                let def = rules.piece(piece.role);
                if def.royal {
                    continue;
                }
                if !def.minor {
                    return false;
                }
                minors += 1;
                if def.color_bound {
                    bound_on[usize::from(sq.is_dark())] = true;
                } else {
                    all_bound = false;
                }
            }
        }
        minors <= 1 || (all_bound && !(bound_on[0] && bound_on[1]))
    }

    /// The outcome that the position itself decides: checkmate, stalemate, insufficient
    /// material, the seventy-five-move rule. Repetition needs the game's history; see
    /// [`crate::engine::game::Game`].
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            let them = self.turn.other();
            return Some(if self.is_check() {
                Outcome::Win { winner: them, reason: WinReason::Checkmate }
            } else {
                match self.rules.def().stalemate {
                    StalemateRule::Draw => Outcome::Draw { reason: DrawReason::Stalemate },
                    StalemateRule::Loss => Outcome::Win { winner: them, reason: WinReason::Stalemate },
                }
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
        }
        if self.halfmoves >= 150 {
            return Some(Outcome::Draw { reason: DrawReason::SeventyFiveMoves });
        }
        None
    }
}
