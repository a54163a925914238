//! The crown's state and its moves over the base's moves (docs/rules/krithala.md, rules 4
//! to 11 and points 2 to 14).
//!
//! A position is the base's position and each side's [`Crown`]. The side to move's moves are
//! the base's moves, generated with the opponent's lying crown standing as an enemy piece
//! (rule 11: it blocks, and whatever could capture a piece there captures it), each with the
//! crown acts the rules allow it — keep, drop on the starting square or a square passed over,
//! pick up on the way or where it stops — and the transfers of a carried crown along the
//! carrier's moves to the side's own pieces.

use super::base::{Base, Shape};
use crate::engine::geometry::Square;
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::Position;
use crate::engine::zobrist::splitmix64;

/// Where a side's crown is (rules 4 to 10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Crown {
    /// Under one of its side's pieces, the carrier, with which it moves.
    Carried {
        /// The carrier's square.
        square: Square,
        /// How many of its side's last moves in a row the carrier made with the crown: at 2, a
        /// carrier other than the King drops it on its next move (rule 7). Always 0 for a King.
        count: u8,
        /// The side's last crown act was a transfer: no other until the carrier moves (rule 6).
        transfer_lock: bool,
    },
    /// On an otherwise empty square, where its carrier left it.
    Lying {
        /// Where it lies.
        square: Square,
        /// The square of the piece that dropped it, which may not pick it up (rule 10), while
        /// that piece is on the board.
        dropper: Option<Square>,
    },
    /// Captured by the opponent: the game is over.
    Captured,
}

impl Crown {
    /// A crown under the piece on `square`, just handed to it or picked up: no count, no lock.
    pub const fn under(square: Square) -> Crown {
        Crown::Carried { square, count: 0, transfer_lock: false }
    }

    /// The square the crown is on, while it is on the board.
    pub fn square(self) -> Option<Square> {
        match self {
            Crown::Carried { square, .. } | Crown::Lying { square, .. } => Some(square),
            Crown::Captured => None,
        }
    }

    /// The square it lies on, if it lies.
    pub fn lying_on(self) -> Option<Square> {
        match self {
            Crown::Lying { square, .. } => Some(square),
            _ => None,
        }
    }

    /// A fixed key of this crown's state for `color`, mixed into the repetition key: the same
    /// pieces with a crown elsewhere, a transfer lock or a carrier's count differ (point 16).
    fn key(self, color: Color) -> u64 {
        let (state, square, dropper) = match self {
            Crown::Carried { square, count, transfer_lock } => {
                (1 + u64::from(count) + 3 * u64::from(transfer_lock), square.index(), 0)
            }
            Crown::Lying { square, dropper } => (8, square.index(), dropper.map_or(0, |d| d.index() + 1)),
            Crown::Captured => (9, 0, 0),
        };
        let fields = ((color.index() as u64) << 40) | (state << 32) | ((square as u64) << 16) | dropper as u64;
        splitmix64(0x4b72_6974_6861_6c61 ^ fields)
    }
}

/// What a move of the base does with its side's crown besides moving its piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CrownAct {
    /// The carrier leaves the crown on this square: its starting square or one it passes over.
    Drop(Square),
    /// The piece picks the crown up on this square: one it passes over or where it stops.
    PickUp(Square),
}

/// A move of the Crown of Krithala.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KrithalaMove<M> {
    /// The crown goes from its carrier on `from` to the side's piece on `to`; no piece moves.
    Transfer {
        /// The carrier's square.
        from: Square,
        /// The square of the piece that receives the crown.
        to: Square,
    },
    /// A move of the base. Without an act, a carrier keeps its crown and any other piece
    /// leaves the crown where it is.
    Base {
        /// The move on the board.
        base: M,
        /// What it does with the crown.
        act: Option<CrownAct>,
    },
}

impl<M: Copy> KrithalaMove<M> {
    /// The base move, unless this is a transfer.
    pub fn base(self) -> Option<M> {
        match self {
            KrithalaMove::Base { base, .. } => Some(base),
            KrithalaMove::Transfer { .. } => None,
        }
    }
}

/// Why the crown's rules forbid a move of the base.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Barred {
    /// A crown lies between the castling King and Rook, or where one of them lands.
    CrownInCastling(Square),
    /// The piece on `piece` dropped its crown on `crown` and may not stop there.
    Dropper {
        /// The locked piece's square.
        piece: Square,
        /// Where the crown lies.
        crown: Square,
    },
    /// A piece of a castling would stop on its own lying crown: nothing is picked up in a
    /// castling.
    PickUpInCastling(Square),
}

/// A position of the Crown of Krithala: the base's position and the two crowns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KrithalaPosition<B: Base> {
    base: B::Position,
    crowns: [Crown; 2],
}

/// The side to move's choices in a position, computed once: what its moves are generated on,
/// the base's moves there, those the crown's rules allow, and the legal moves.
pub struct Choices<B: Base> {
    /// The base position with the opponent's lying crown standing as an enemy piece.
    pub board: B::Position,
    /// The base's moves in `board`.
    pub base: Vec<B::Move>,
    /// The base moves of the legal moves, each once: what the notation reads a move among and
    /// tells it from.
    pub allowed: Vec<B::Move>,
    /// The legal moves of the Crown of Krithala.
    pub legal: Vec<KrithalaMove<B::Move>>,
}

impl<B: Base> KrithalaPosition<B> {
    /// A position from its parts, which the caller has checked (see [`super::fen`]).
    pub(super) fn from_parts(base: B::Position, crowns: [Crown; 2]) -> KrithalaPosition<B> {
        KrithalaPosition { base, crowns }
    }

    /// The base's position.
    pub fn base(&self) -> &B::Position {
        &self.base
    }

    /// The engine's board.
    pub fn board(&self) -> &Position {
        B::board(&self.base)
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.board().turn()
    }

    /// `color`'s crown.
    pub fn crown(&self, color: Color) -> Crown {
        self.crowns[color.index()]
    }

    /// True if the piece on `sq` is a King (the base's letter K).
    pub fn is_king(&self, sq: Square) -> bool {
        self.board().piece_at(sq).is_some_and(|p| is_king_role(self.board(), p.role))
    }

    /// The base position with a piece of `color` standing on `sq` for a lying crown: it blocks
    /// like a piece, and what could capture a piece there captures it. A lying crown's square
    /// is empty (a piece that stops there takes or picks up the crown), so the knight always
    /// finds room; the base position is the answer only for a square a FEN could not give.
    fn with_stand_in(&self, sq: Square, color: Color) -> B::Position {
        let mut board = *self.board();
        let role = board.rules().role_by_letter('N').expect("every base has a knight");
        match board.place_piece(sq, Piece::new(color, role)) {
            Ok(()) => B::with_board(&self.base, board),
            Err(_) => self.base,
        }
    }

    /// The base position the side to move's moves are generated on (rule 11).
    fn generation_board(&self) -> B::Position {
        let them = self.turn().other();
        match self.crown(them).lying_on() {
            Some(sq) => self.with_stand_in(sq, them),
            None => self.base,
        }
    }

    /// The side to move's choices: every legal move; none once a crown is captured.
    pub fn choices(&self) -> Choices<B> {
        let board = self.generation_board();
        let base = B::moves(&board);
        let mut legal = Vec::with_capacity(base.len() + 8);
        let mut allowed = Vec::with_capacity(base.len());
        if self.crowns.contains(&Crown::Captured) {
            return Choices { board, base, allowed, legal };
        }
        let shapes: Vec<Shape> = base.iter().map(|&m| B::shape(&board, m)).collect();
        for (&m, shape) in base.iter().zip(&shapes) {
            if self.barred(shape).is_some() || self.lands_twice(shape, &shapes) {
                continue;
            }
            allowed.push(m);
            legal.extend(self.acts(shape).into_iter().map(|act| KrithalaMove::Base { base: m, act }));
        }
        if let Crown::Carried { square, transfer_lock: false, .. } = self.crown(self.turn()) {
            legal.extend(
                self.transfer_targets(&board).into_iter().map(|to| KrithalaMove::Transfer { from: square, to }),
            );
        }
        Choices { board, base, allowed, legal }
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<KrithalaMove<B::Move>> {
        self.choices().legal
    }

    /// Why the crown's rules forbid a base move of this shape, if they do.
    pub fn barred(&self, shape: &Shape) -> Option<Barred> {
        let own = self.crown(self.turn());
        if shape.castling {
            let squares = shape.castling_squares();
            if let Some(sq) = self.crowns.iter().filter_map(|c| c.lying_on()).find(|sq| squares.contains(sq)) {
                return Some(Barred::CrownInCastling(sq));
            }
            if let Some(sq) = own.lying_on().filter(|sq| shape.movers.iter().any(|&(_, to)| to == *sq)) {
                return Some(Barred::PickUpInCastling(sq));
            }
        }
        if let Crown::Lying { square, dropper: Some(piece) } = own
            && shape.movers.iter().any(|&(from, to)| from == piece && to == square)
        {
            return Some(Barred::Dropper { piece, crown: square });
        }
        None
    }

    /// True for a capture of the opponent's lying crown by the pawn that could as well take
    /// en passant onto it: one move, the en passant capture, takes both (point 12).
    fn lands_twice(&self, shape: &Shape, shapes: &[Shape]) -> bool {
        let crown = self.crown(self.turn().other()).lying_on();
        !shape.en_passant
            && shape.captured.is_some()
            && shape.captured == crown
            && shapes.iter().any(|s| s.en_passant && s.main() == shape.main())
    }

    /// The crown acts a base move of this shape may make, each one legal move: none (the
    /// carrier keeps its crown, another piece leaves it where it is), a drop, a pick-up.
    fn acts(&self, shape: &Shape) -> Vec<Option<CrownAct>> {
        let (from, to) = shape.main();
        match self.crown(self.turn()) {
            Crown::Carried { square, count, .. } => {
                let Some(&(start, _)) = shape.movers.iter().find(|&&(f, _)| f == square) else { return vec![None] };
                // In a castling another piece may land where the carrier starts (Royal Chess's
                // Rook on the King's square): the crown cannot be left under it (point 13).
                let drop_here = (!shape.movers.iter().any(|&(_, to)| to == start)).then_some(CrownAct::Drop(start));
                if count >= 2 && !self.is_king(start) {
                    // The third move in a row: the crown drops where the move starts (rule 7),
                    // and a move that cannot leave it there cannot be made.
                    return drop_here.map(Some).into_iter().collect();
                }
                let mut acts = vec![None];
                acts.extend(drop_here.map(Some));
                if !shape.castling {
                    acts.extend(shape.passed.iter().map(|&sq| Some(CrownAct::Drop(sq))));
                }
                acts
            }
            Crown::Lying { square, dropper } if !shape.castling => {
                if to == square {
                    vec![Some(CrownAct::PickUp(square))]
                } else if shape.passed.contains(&square) && dropper != Some(from) {
                    vec![None, Some(CrownAct::PickUp(square))]
                } else {
                    vec![None]
                }
            }
            Crown::Lying { .. } => vec![None],
            Crown::Captured => Vec::new(),
        }
    }

    /// The pieces the side's carried crown may be handed to (rule 5, points 3 and 4): each own
    /// piece the carrier reaches by one of its moves or captures, as if that square were empty
    /// or held an enemy, the path clear; a pawn also by its double step. Not by castling, en
    /// passant, promotion or Royal Chess's jumps.
    pub fn transfer_targets(&self, board: &B::Position) -> Vec<Square> {
        let Crown::Carried { square: from, .. } = self.crown(self.turn()) else { return Vec::new() };
        let board = B::board(board);
        let rules = board.rules();
        let us = board.turn();
        let Some(carrier) = board.piece_at(from) else { return Vec::new() };
        let mut targets: Vec<Square> = Vec::new();
        let own = |sq: Square| board.piece_at(sq).is_some_and(|p| p.color == us);
        for &ray in rules.rays(us, carrier.role, from) {
            if let Some(&sq) = rules.ray_squares(ray).iter().find(|&&sq| board.piece_at(sq).is_some())
                && own(sq)
                && !targets.contains(&sq)
            {
                targets.push(sq);
            }
        }
        if rules.is_pawn(carrier.role)
            && let Some((passed, two)) = rules.double_step(us, from)
            && board.piece_at(passed).is_none()
            && own(two)
            && !targets.contains(&two)
        {
            targets.push(two);
        }
        targets
    }

    /// The position after the legal move `m` of `choices`.
    pub fn after(&self, choices: &Choices<B>, m: KrithalaMove<B::Move>) -> KrithalaPosition<B> {
        let us = self.turn();
        let them = us.other();
        let mut crowns = self.crowns;
        match m {
            KrithalaMove::Transfer { to, .. } => {
                crowns[us.index()] = Crown::Carried { square: to, count: 0, transfer_lock: true };
                KrithalaPosition { base: B::pass(&self.base), crowns }
            }
            KrithalaMove::Base { base: mv, act } => {
                let shape = B::shape(&choices.board, mv);
                let enemy_lying = self.crown(them).lying_on();
                // A capture of the stand-in is a capture: play it where it stands.
                let played_on =
                    if shape.captured.is_some() && shape.captured == enemy_lying { choices.board } else { self.base };
                crowns[us.index()] = self.own_crown_after(&shape, act);
                crowns[them.index()] = enemy_crown_after(self.crown(them), &shape);
                KrithalaPosition { base: B::play(&played_on, mv), crowns }
            }
        }
    }

    /// The side to move's crown after a base move of `shape` with `act`.
    fn own_crown_after(&self, shape: &Shape, act: Option<CrownAct>) -> Crown {
        match self.crown(self.turn()) {
            Crown::Carried { square, count, transfer_lock } => {
                match shape.movers.iter().find(|&&(from, _)| from == square) {
                    Some(&(from, to)) => match act {
                        Some(CrownAct::Drop(at)) => Crown::Lying { square: at, dropper: Some(to) },
                        _ if self.is_king(from) => Crown::under(to),
                        _ => Crown::Carried { square: to, count: count + 1, transfer_lock: false },
                    },
                    // Another piece moved: the carrier's row is broken, a lock stays.
                    None => Crown::Carried { square, count: 0, transfer_lock },
                }
            }
            Crown::Lying { square, dropper } => match act {
                Some(CrownAct::PickUp(_)) => Crown::under(shape.main().1),
                _ => Crown::Lying { square, dropper: dropper.map(|d| moved_to(shape, d)) },
            },
            Crown::Captured => Crown::Captured,
        }
    }

    /// A key equal for positions that are the same for the repetition rules: the base's, and
    /// each crown's state (point 16).
    pub fn repetition_key(&self) -> u64 {
        Color::BOTH.into_iter().fold(B::repetition_key(&self.base), |key, c| key ^ self.crown(c).key(c))
    }

    /// True if an enemy move could capture `color`'s crown now (a reminder, not a check).
    pub fn crown_attacked(&self, color: Color) -> bool {
        match self.crown(color) {
            Crown::Carried { square, .. } => B::attacked(&self.base, square, color.other()),
            Crown::Lying { square, .. } => B::attacked(&self.with_stand_in(square, color), square, color.other()),
            Crown::Captured => false,
        }
    }
}

/// The opponent's crown after the side to move's base move of `shape`: captured with its
/// carrier or where it lies (rule 2); a dropper's lock dies with the locked piece.
fn enemy_crown_after(crown: Crown, shape: &Shape) -> Crown {
    match crown {
        Crown::Carried { square, .. } if shape.captured == Some(square) => Crown::Captured,
        Crown::Lying { square, .. } if shape.movers.iter().any(|&(_, to)| to == square) => Crown::Captured,
        Crown::Lying { square, dropper } if dropper.is_some() && dropper == shape.captured => {
            Crown::Lying { square, dropper: None }
        }
        other => other,
    }
}

/// Where the piece on `sq` stands after a move of `shape`: the lock follows its piece.
fn moved_to(shape: &Shape, sq: Square) -> Square {
    shape.movers.iter().find(|&&(from, _)| from == sq).map_or(sq, |&(_, to)| to)
}

/// True if `role` is the base's King.
fn is_king_role(board: &Position, role: Role) -> bool {
    board.rules().piece(role).letter == 'K'
}
