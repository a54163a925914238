//! Positions of the chess family: one piece per square, one royal piece per side (or none),
//! castling, en passant, promotion, all as the variant's [`Rules`] say.
//!
//! Which piece is royal is part of the position, not only of the piece's kind: a position
//! starts with the pieces of the variant's royal roles as its royal pieces, and a variant may
//! name a side's royal piece during a game ([`Position::set_royal`]: Crown's remaining
//! monarch once the other one is captured).
//!
//! A [`Setup`] is what a FEN says; it becomes a [`Position`] only through
//! [`Position::from_setup`], which checks it and returns a typed [`PositionError`]. After that
//! every position is reached by moves, so its invariants hold: `play` checks a move against
//! the legal moves, `play_unchecked` trusts the caller (move generation, perft).

use std::fmt;

use super::geometry::{LAYOUT_SQUARES, Square, SquareSet};
use super::outcome::{self, Outcome};
use super::piece::{Color, Piece, Role};
use super::rules::{MAX_CASTLERS, Rules};
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
    /// The castling piece (the king) goes to `to` and the rook standing on `rook` jumps over
    /// it.
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

/// The castling rights: for each colour and each of the variant's castling pieces (in the
/// order of [`Rules::castling`]), the square that piece stands on and the rook it may still
/// castle with in each direction (0 towards the higher files, 1 towards the lower).
///
/// A castling piece has a square here exactly while it keeps a right with some rook, so equal
/// rights compare equal however they were lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    pieces: [[Option<Square>; MAX_CASTLERS]; 2],
    rooks: [[[Option<Square>; 2]; MAX_CASTLERS]; 2],
    /// Every square above, so that a move that touches none of them is recognised at once.
    squares: SquareSet,
}

impl CastlingRights {
    /// The rook square for `color`'s castling piece number `castler` in `direction` (0 towards
    /// the higher files, 1 towards the lower).
    #[inline]
    pub fn rook(self, color: Color, castler: usize, direction: usize) -> Option<Square> {
        self.rooks[color.index()][castler][direction]
    }

    /// The square of `color`'s castling piece number `castler`, while it may castle.
    #[inline]
    pub fn piece(self, color: Color, castler: usize) -> Option<Square> {
        self.pieces[color.index()][castler]
    }

    /// True if no right is left.
    pub fn is_empty(self) -> bool {
        self.squares.is_empty()
    }

    /// True if a right involves a piece on `sq`.
    #[inline]
    pub fn involves(self, sq: Square) -> bool {
        self.squares.contains(sq)
    }

    /// Grants `color`'s castling piece number `castler`, standing on `piece`, the right to
    /// castle in `direction` with the rook on `rook`. Whether the pieces are there is checked
    /// when a position is made ([`Position::from_setup`]).
    pub fn grant(&mut self, color: Color, castler: usize, piece: Square, direction: usize, rook: Square) {
        let c = color.index();
        if self.pieces[c][castler].is_some_and(|old| old != piece) {
            // A castling piece stands on one square: rights granted from another are void.
            self.rooks[c][castler] = [None, None];
        }
        self.pieces[c][castler] = Some(piece);
        self.rooks[c][castler][direction] = Some(rook);
        self.rebuild_squares();
    }

    /// Every right `(color, castler, direction)` held, with its castling piece's and rook's
    /// squares.
    pub fn iter(self) -> impl Iterator<Item = (Color, usize, usize, Square, Square)> {
        Color::BOTH.into_iter().flat_map(move |color| {
            (0..MAX_CASTLERS).flat_map(move |castler| {
                (0..2).filter_map(move |direction| {
                    Some((
                        color,
                        castler,
                        direction,
                        self.piece(color, castler)?,
                        self.rook(color, castler, direction)?,
                    ))
                })
            })
        })
    }

    /// Forgets the square of a castling piece left without a rook, and recomputes `squares`.
    fn rebuild_squares(&mut self) {
        self.squares = SquareSet::EMPTY;
        for c in 0..2 {
            for castler in 0..MAX_CASTLERS {
                if self.rooks[c][castler] == [None, None] {
                    self.pieces[c][castler] = None;
                }
                if let Some(sq) = self.pieces[c][castler] {
                    self.squares.insert(sq);
                }
                for sq in self.rooks[c][castler].into_iter().flatten() {
                    self.squares.insert(sq);
                }
            }
        }
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
    /// A castling right without its king (or other castling piece) or rook in place.
    BadCastlingRight {
        /// Whose right.
        color: Color,
    },
    /// A piece named royal ([`Position::set_royal`]) is not there.
    NoRoyalPiece {
        /// Whose royal piece.
        color: Color,
        /// The square named.
        square: Square,
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
            PositionError::NoRoyalPiece { color, square } => {
                write!(f, "{color} has no piece on {square} to be its royal piece")
            }
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
    /// Each side's royal piece, if it has one: the check rule protects it.
    royal: [Option<Square>; 2],
    /// Zobrist key of pieces, side to move and castling rights (not en passant: see
    /// [`Position::repetition_key`]).
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.rules, other.rules)
            && self.cells == other.cells
            && self.turn == other.turn
            && self.castling == other.castling
            && self.royal == other.royal
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
            royal: [None, None],
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
                let royals = pos.royal_squares(color);
                let count = royals.count() as usize;
                if count != 1 {
                    return Err(PositionError::RoyalCount { color, count });
                }
                pos.royal[color.index()] = royals.single();
            }
            if pos.royal_square(pos.turn.other()).is_some_and(|k| pos.is_attacked(k, pos.turn)) {
                return Err(PositionError::OppositeCheck);
            }
        }
        for (color, castler, direction, piece, rook) in pos.castling.iter() {
            let home = size.relative_rank(color.is_white(), 0);
            let ok = rules.castling().get(castler).is_some_and(|c| {
                pos.piece_at(rook) == Some(Piece::new(color, c.rook))
                    && pos.piece_at(piece) == Some(Piece::new(color, c.piece))
                    && rook.rank() == home
                    && piece.rank() == home
                    && (direction == 0) == (rook.file() > piece.file())
            });
            if !ok {
                return Err(PositionError::BadCastlingRight { color });
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

    /// Squares of `color`'s pieces of royal roles (what a FEN says is royal; see
    /// [`Position::royal_square`] for the piece the check rule protects).
    pub fn royal_squares(&self, color: Color) -> SquareSet {
        self.occupied_by(color)
            .filter(|&sq| self.cells[sq.index()].is_some_and(|p| self.rules.is_royal(p.role)))
            .collect()
    }

    /// The square of `color`'s royal piece, if it has one: the piece of the variant's royal
    /// role, or the one a variant named with [`Position::set_royal`].
    #[inline]
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        self.royal[color.index()]
    }

    /// Makes the piece on `square` `color`'s royal piece (or, with `None`, leaves `color`
    /// without one): from now on the check rule protects it, and checkmate and stalemate are
    /// judged by it. Crown calls this when the crowned monarch becomes known.
    ///
    /// The repetition key does not change: a variant does this at a capture, after which no
    /// earlier position can recur.
    pub fn set_royal(&mut self, color: Color, square: Option<Square>) -> Result<(), PositionError> {
        if let Some(sq) = square
            && self.piece_at(sq).is_none_or(|p| p.color != color)
        {
            return Err(PositionError::NoRoyalPiece { color, square: sq });
        }
        let before = self.royal[color.index()];
        self.royal[color.index()] = square;
        if color != self.turn && square.is_some_and(|k| self.is_attacked(k, self.turn)) {
            self.royal[color.index()] = before;
            return Err(PositionError::OppositeCheck);
        }
        Ok(())
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
        }
        for (color, castler, direction, _, _) in self.castling.iter() {
            hash ^= zobrist::castling(color, castler, direction);
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
        if let Some((one, two)) = rules.double_step(us, from)
            && self.cells[one.index()].is_none()
            && self.cells[two.index()].is_none()
        {
            let last_rank = size.relative_rank(us.is_white(), size.ranks - 1);
            self.push_move(out, from, two, two.rank() == last_rank);
        }
        if let Some(ep) = self.ep_square
            && rules.captures_onto(us, role, from, ep)
        {
            out.push(Move { from, to: ep, kind: MoveKind::EnPassant });
        }
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for (castler, def) in self.rules.castling().iter().enumerate() {
            let Some(from) = self.castling.piece(us, castler) else { continue };
            for direction in 0..2 {
                let Some(rook) = self.castling.rook(us, castler, direction) else { continue };
                let rank = from.rank();
                let (Some(to), Some(rook_to)) =
                    (Square::new(def.piece_to[direction], rank), Square::new(def.rook_to[direction], rank))
                else {
                    continue;
                };
                // Every square between the castling piece and rook and their destinations must
                // be empty, except for the two themselves (so Chess960-like starts work too).
                let lo = from.file().min(rook.file()).min(to.file()).min(rook_to.file());
                let hi = from.file().max(rook.file()).max(to.file()).max(rook_to.file());
                let blocked = (lo..=hi)
                    .filter_map(|f| Square::new(f, rank))
                    .any(|sq| sq != from && sq != rook && self.cells[sq.index()].is_some());
                if !blocked {
                    out.push(Move { from, to, kind: MoveKind::Castle { rook } });
                }
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
        match m.kind {
            MoveKind::Castle { .. } if m.from == royal => {
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
            }
            // A castling piece that is not royal is not held back by attacks, but its rook
            // may uncover one on the royal piece; en passant takes a second piece off a line.
            MoveKind::Castle { .. } | MoveKind::EnPassant => {}
            _ if m.from != royal && !ctx.in_check && !ctx.lines.contains(m.from) => {
                // Not in check, not the royal piece, and nothing can be uncovered: legal.
                return true;
            }
            _ => {}
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

    /// Removes the piece on `sq`, for a variant's own move that the move tables do not make
    /// (a piece blown up with a mined stone, a ninja's capture on its first step, a ninja
    /// leaving the board). Its castling rights go with it, and a royal piece removed leaves its
    /// side without one. The side to move does not change: see [`Position::end_turn`].
    pub fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.take(sq)?;
        if self.castling.involves(sq) {
            self.lose_castling(sq);
        }
        if self.royal[piece.color.index()] == Some(sq) {
            self.royal[piece.color.index()] = None;
        }
        Some(piece)
    }

    /// Puts `piece` on the empty square `sq`, for a variant's own move (a drop from reserve,
    /// a piece landing after a move of steps): refused off the board, on an occupied square,
    /// and for a pawn on a first or last rank.
    pub fn place_piece(&mut self, sq: Square, piece: Piece) -> Result<(), PositionError> {
        let size = self.rules.size();
        if !size.contains(sq) || self.cells[sq.index()].is_some() {
            return Err(PositionError::PieceOffBoard(sq));
        }
        if self.rules.is_pawn(piece.role) && (sq.rank() == 0 || sq.rank() == size.ranks - 1) {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        self.put(sq, piece);
        Ok(())
    }

    /// Moves the piece on `from` to the empty square `to`, for a variant's own move; the royal
    /// piece is followed, and castling rights of the piece are lost.
    pub fn relocate_piece(&mut self, from: Square, to: Square) -> Result<(), PositionError> {
        let Some(piece) = self.cells[from.index()] else { return Err(PositionError::PieceOffBoard(from)) };
        let royal = self.royal[piece.color.index()] == Some(from);
        self.remove_piece(from);
        self.place_piece(to, piece)?;
        if royal {
            self.royal[piece.color.index()] = Some(to);
        }
        Ok(())
    }

    /// Ends the side to move's turn after a variant's own move made with the methods above:
    /// the other side moves, the en passant chance lapses, the move number grows after Black,
    /// and the fifty-move count starts again if the move was a capture (`capture`) or goes
    /// on. Neither side's royal piece is tested: the variant judges legality.
    pub fn end_turn(&mut self, capture: bool) {
        let us = self.turn;
        self.clear_ep();
        self.halfmoves = if capture { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
        self.hash ^= zobrist::black_to_move();
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
                    if self.royal[captured.color.index()] == Some(m.to) {
                        // Only where the check rule does not protect it (a variant's choice).
                        self.royal[captured.color.index()] = None;
                    }
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
                let direction = usize::from(rook.file() < m.from.file());
                self.put(m.to, piece);
                if let (Some(rook_piece), Some(def)) =
                    (rook_piece, rules.castler_index(piece.role).map(|i| &rules.castling()[i]))
                    && let Some(rook_to) = Square::new(def.rook_to[direction], m.from.rank())
                {
                    self.put(rook_to, rook_piece);
                }
                // The rook has moved too: a right another piece had with it is gone.
                if self.castling.involves(rook) {
                    self.lose_castling(rook);
                }
            }
        }
        // A castling piece or rook that moves or is captured loses its rights.
        if self.castling.involves(m.from) {
            self.lose_castling(m.from);
        }
        if self.castling.involves(m.to) {
            self.lose_castling(m.to);
        }
        if self.royal[us.index()] == Some(m.from) {
            self.royal[us.index()] = Some(m.to);
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

    /// Removes every castling right of the piece on `sq` (a castling piece's or a rook's).
    fn lose_castling(&mut self, sq: Square) {
        for color in Color::BOTH {
            for castler in 0..MAX_CASTLERS {
                let moved = self.castling.pieces[color.index()][castler] == Some(sq);
                for direction in 0..2 {
                    let slot = &mut self.castling.rooks[color.index()][castler][direction];
                    if slot.is_some_and(|rook| moved || rook == sq) {
                        *slot = None;
                        self.hash ^= zobrist::castling(color, castler, direction);
                    }
                }
            }
        }
        self.castling.rebuild_squares();
    }

    /// True if neither side can ever mate (see [`outcome::insufficient_material`]).
    pub fn is_insufficient_material(&self) -> bool {
        let non_royal = Color::BOTH.into_iter().flat_map(|color| {
            self.occupied_by(color)
                .into_iter()
                .filter(move |&sq| self.royal[color.index()] != Some(sq))
                .filter_map(|sq| self.cells[sq.index()].map(|piece| (sq, self.rules.piece(piece.role))))
        });
        outcome::insufficient_material(self.rules.def().stalemate, non_royal)
    }

    /// The outcome that the position itself decides: checkmate, stalemate, insufficient
    /// material, the seventy-five-move rule. Repetition needs the game's history; see
    /// [`crate::engine::game::Game`].
    pub fn outcome(&self) -> Option<Outcome> {
        outcome::decided_by_position(
            self.turn,
            !self.legal_moves().is_empty(),
            || self.is_check(),
            self.rules.def().stalemate,
            || self.is_insufficient_material(),
            self.halfmoves,
        )
    }
}
