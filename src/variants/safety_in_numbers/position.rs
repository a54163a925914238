//! A position of Safety in Numbers Chess: any number of pieces on a square.
//!
//! Movement comes from the variant's [`Rules`] tables (the FIDE pieces in Betza notation), so
//! the rays are the engine's; what this file adds is what a ray may do when it meets a
//! square that holds something:
//!
//! - a single enemy piece: captured by a capture power; or, by a move power of a piece that
//!   cannot capture there (the pawn stepping forward), joined, forming a crowd;
//! - a crowd (two or more pieces) with an enemy piece in it: joined by a move or a capture
//!   power; nothing in it is captured;
//! - anything else (a single own piece, a crowd of own pieces only): the ray stops.
//!
//! A king is in check only when it stands alone on its square and an enemy piece could
//! capture there. The choices the seed leaves open (castling, en passant, promotion,
//! repetition) are in docs/rules/safety-in-numbers.md and marked where they are made.

use std::fmt;

use crate::engine::geometry::{LAYOUT_SQUARES, Square};
use crate::engine::outcome::{self, Outcome};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::rules::Rules;

/// What a move does at its destination.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CrowdMoveKind {
    /// To an empty square.
    Quiet,
    /// Takes the single enemy piece on the destination.
    Capture,
    /// Ends on a square whose pieces stay: forms a crowd with a single enemy piece, or joins
    /// a crowd that holds an enemy piece.
    Crowd,
    /// A pawn takes a pawn that has just passed its capture square with a double step.
    EnPassant,
    /// The king goes to `to` and the rook on `rook` to `rook_to`.
    Castle {
        /// Where the rook stands.
        rook: Square,
        /// Where it goes.
        rook_to: Square,
    },
}

/// A move: which kind of piece leaves which square for which, and what happens there. Two
/// pieces of the same colour and kind in one crowd make the same moves, so the role says
/// enough.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CrowdMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to.
    pub to: Square,
    /// The moving piece's role.
    pub role: Role,
    /// What a pawn becomes on the last rank.
    pub promotion: Option<Role>,
    /// What happens on `to`.
    pub kind: CrowdMoveKind,
}

impl CrowdMove {
    /// True if the move takes a piece.
    pub fn is_capture(self) -> bool {
        matches!(self.kind, CrowdMoveKind::Capture | CrowdMoveKind::EnPassant)
    }
}

/// Why a set of pieces and rights is not a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrowdPositionError {
    /// A side has no king or more than one.
    KingCount {
        /// Whose.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A pawn on its first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check.
    OppositeCheck,
    /// A castling right without the king on its home square or the rook on its corner.
    BadCastlingRight(Color),
    /// The en passant square is not behind a pawn that could just have double-stepped.
    BadEnPassant(Square),
}

impl fmt::Display for CrowdPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrowdPositionError::KingCount { color, count } => {
                write!(f, "{color} has {count} kings; exactly one is needed")
            }
            CrowdPositionError::PawnOnBackRank(sq) => write!(f, "a pawn stands on {sq}, on a first or last rank"),
            CrowdPositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            CrowdPositionError::BadCastlingRight(color) => {
                write!(f, "{color} has a castling right but its king or rook is not on its home square")
            }
            CrowdPositionError::BadEnPassant(sq) => {
                write!(f, "{sq} is given as the en passant square, but no pawn has just passed it")
            }
        }
    }
}

impl std::error::Error for CrowdPositionError {}

/// An unchecked position: what the FEN extension says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrowdSetup {
    /// The pieces on each square of the fixed layout, in any order.
    pub squares: Vec<Vec<Piece>>,
    /// Side to move.
    pub turn: Color,
    /// For each colour, the corner rooks the king may still castle with: `[h-side, a-side]`.
    pub castling: [[bool; 2]; 2],
    /// The square a pawn just passed with a double step.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Move number.
    pub fullmoves: u32,
}

impl CrowdSetup {
    /// An empty board, White to move.
    pub fn empty() -> CrowdSetup {
        CrowdSetup {
            squares: vec![Vec::new(); LAYOUT_SQUARES],
            turn: Color::White,
            castling: [[false; 2]; 2],
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// A legal position of Safety in Numbers Chess.
#[derive(Clone)]
pub struct CrowdPosition {
    rules: &'static Rules,
    /// The pieces on each square of the fixed layout, White's first, each colour's in role
    /// order: a crowd is a set, so its order carries no meaning and is kept canonical.
    squares: Vec<Vec<Piece>>,
    turn: Color,
    /// `[colour][0 = with the h-rook, 1 = with the a-rook]`.
    castling: [[bool; 2]; 2],
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

impl fmt::Debug for CrowdPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::fen::write(self))
    }
}

impl PartialEq for CrowdPosition {
    fn eq(&self, other: &CrowdPosition) -> bool {
        std::ptr::eq(self.rules, other.rules) && self.to_setup() == other.to_setup()
    }
}

impl Eq for CrowdPosition {}

/// The canonical order of the pieces on one square.
fn sort_key(piece: &Piece) -> (usize, u8) {
    (piece.color.index(), piece.role.0)
}

impl CrowdPosition {
    /// Checks a setup and makes it a position.
    pub fn from_setup(rules: &'static Rules, setup: CrowdSetup) -> Result<CrowdPosition, CrowdPositionError> {
        let size = rules.size();
        let mut squares = setup.squares;
        squares.resize(LAYOUT_SQUARES, Vec::new());
        for (i, pieces) in squares.iter_mut().enumerate() {
            let sq = Square::from_index(i);
            if !size.contains(sq) {
                pieces.clear();
            }
            pieces.sort_by_key(sort_key);
            if pieces.iter().any(|p| rules.is_pawn(p.role)) && (sq.rank() == 0 || sq.rank() == size.ranks - 1) {
                return Err(CrowdPositionError::PawnOnBackRank(sq));
            }
        }
        let pos = CrowdPosition {
            rules,
            squares,
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
        };
        for color in Color::BOTH {
            let count = pos.pieces().filter(|&(_, p)| p.color == color && rules.is_royal(p.role)).count();
            if count != 1 {
                return Err(CrowdPositionError::KingCount { color, count });
            }
        }
        if pos.is_in_check(pos.turn.other()) {
            return Err(CrowdPositionError::OppositeCheck);
        }
        for color in Color::BOTH {
            for direction in 0..2 {
                if pos.castling[color.index()][direction] && pos.castling_squares(color, direction).is_none() {
                    return Err(CrowdPositionError::BadCastlingRight(color));
                }
            }
        }
        if let Some(ep) = pos.ep_square {
            let mover = pos.turn.other();
            let pawn_ahead = ep
                .offset(0, mover.forward(), size)
                .is_some_and(|sq| pos.at(sq).iter().any(|p| p.color == mover && rules.is_pawn(p.role)));
            let from_second_rank = ep.rank() == size.relative_rank(mover.is_white(), 2);
            if !pos.at(ep).is_empty() || !pawn_ahead || !from_second_rank {
                return Err(CrowdPositionError::BadEnPassant(ep));
            }
        }
        Ok(pos)
    }

    /// The setup this position was made from, updated by the moves since.
    pub fn to_setup(&self) -> CrowdSetup {
        CrowdSetup {
            squares: self.squares.clone(),
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The variant's rules.
    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The square a pawn passed with a double step on the last move.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Whether `color` may still castle with the h-rook (`direction` 0) or the a-rook (1).
    pub fn castling_right(&self, color: Color, direction: usize) -> bool {
        self.castling[color.index()][direction]
    }

    /// The pieces on `sq`, in canonical order (White's first, each side's in role order).
    pub fn at(&self, sq: Square) -> &[Piece] {
        &self.squares[sq.index()]
    }

    /// True if `sq` holds two or more pieces.
    pub fn is_crowd(&self, sq: Square) -> bool {
        self.at(sq).len() >= 2
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.rules.size().squares().flat_map(move |sq| self.at(sq).iter().map(move |&p| (sq, p)))
    }

    /// The square of `color`'s king.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.pieces().find(|&(_, p)| p.color == color && self.rules.is_royal(p.role)).map(|(sq, _)| sq)
    }

    /// True if a `by` piece could capture on `sq` if a single enemy piece stood there: a
    /// piece of `by` (alone or in a crowd) whose capture power reaches `sq` along an open
    /// line. Every occupied square, crowded or not, blocks a line.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let rules = self.rules;
        for &ray in rules.attack_rays(by, sq) {
            for &(cell, roles) in rules.attack_cells(ray) {
                let pieces = self.at(cell);
                if !pieces.is_empty() {
                    if pieces.iter().any(|p| p.color == by && roles & p.role.bit() != 0) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// True if `color`'s king stands alone and is attacked. "Because all the pieces are
    /// immune to capture, a King in a crowd is also immune to check."
    pub fn is_in_check(&self, color: Color) -> bool {
        self.king_square(color).is_some_and(|k| !self.is_crowd(k) && self.is_attacked(k, color.other()))
    }

    /// True if the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_in_check(self.turn)
    }

    /// True if a `color` `role` on `from` could capture on `to` (a single enemy piece there).
    fn can_capture_on(&self, color: Color, role: Role, from: Square, to: Square) -> bool {
        let rules = self.rules;
        rules.rays(color, role, from).iter().filter(|ray| ray.captures).any(|&ray| {
            for &sq in rules.ray_squares(ray) {
                if sq == to {
                    return true;
                }
                if !self.at(sq).is_empty() {
                    return false;
                }
            }
            false
        })
    }

    /// What a move of a `us` `role` from `from` along a ray with these powers may do on
    /// `to`, and whether the ray goes on beyond it.
    fn arrival(
        &self,
        role: Role,
        from: Square,
        to: Square,
        moves: bool,
        captures: bool,
    ) -> (Option<CrowdMoveKind>, bool) {
        let us = self.turn;
        let there = self.at(to);
        match there {
            [] => (moves.then_some(CrowdMoveKind::Quiet), true),
            [single] if single.color == us => (None, false),
            [_] if captures => (Some(CrowdMoveKind::Capture), false),
            // "When there is one enemy piece on a square, if one of your pieces has a
            // movement power that is different than its capture power, and can move to that
            // square but not capture there, it may move onto the same square."
            [_] => {
                let crowd = moves && !self.can_capture_on(us, role, from, to);
                (crowd.then_some(CrowdMoveKind::Crowd), false)
            }
            // "If there are already multiple pieces on a square, and if there is also an enemy
            // piece on the square, any piece may move onto the square, using either its
            // movement power or its capture power."
            crowd => {
                let joins = (moves || captures) && crowd.iter().any(|p| p.color != us);
                (joins.then_some(CrowdMoveKind::Crowd), false)
            }
        }
    }

    fn push(&self, out: &mut Vec<CrowdMove>, from: Square, to: Square, role: Role, kind: CrowdMoveKind) {
        let size = self.rules.size();
        let last_rank = size.relative_rank(self.turn.is_white(), size.ranks - 1);
        if self.rules.is_pawn(role) && to.rank() == last_rank {
            // Promotion whatever the pawn arrives on: an empty square, a capture, a crowd.
            for &promotion in self.rules.promotion_roles() {
                out.push(CrowdMove { from, to, role, promotion: Some(promotion), kind });
            }
        } else {
            out.push(CrowdMove { from, to, role, promotion: None, kind });
        }
    }

    /// Every move legal but for leaving the king in check.
    pub fn pseudo_legal_moves(&self) -> Vec<CrowdMove> {
        let rules = self.rules;
        let size = rules.size();
        let us = self.turn;
        let mut out = Vec::with_capacity(64);
        for from in size.squares() {
            let pieces = self.at(from);
            for (i, piece) in pieces.iter().enumerate() {
                // Two pieces of one kind in a crowd make the same moves: list them once.
                if piece.color != us || pieces[..i].contains(piece) {
                    continue;
                }
                let role = piece.role;
                for &ray in rules.rays(us, role, from) {
                    for &to in rules.ray_squares(ray) {
                        let (kind, goes_on) = self.arrival(role, from, to, ray.moves, ray.captures);
                        if let Some(kind) = kind {
                            self.push(&mut out, from, to, role, kind);
                        }
                        if !goes_on {
                            break;
                        }
                    }
                }
                if rules.is_pawn(role) {
                    self.pawn_specials(&mut out, from, role);
                }
            }
        }
        self.castling_moves(&mut out);
        out
    }

    /// The double step, which arrives as any forward step does (so it too may form or join a
    /// crowd), and en passant.
    fn pawn_specials(&self, out: &mut Vec<CrowdMove>, from: Square, role: Role) {
        let rules = self.rules;
        let size = rules.size();
        let us = self.turn;
        if let Some((one, two)) = rules.double_step(us, from)
            && self.at(one).is_empty()
            && let (Some(kind), _) = self.arrival(role, from, two, true, false)
        {
            self.push(out, from, two, role, kind);
        }
        // En passant takes the pawn "as if it had moved one square": only a pawn standing
        // alone can be taken, so one that double-stepped into a crowd is safe.
        if let Some(ep) = self.ep_square
            && let Some(victim) = ep.offset(0, -us.forward(), size)
            && let [pawn] = self.at(victim)
            && pawn.color != us
            && rules.is_pawn(pawn.role)
            && rules.captures_onto(us, role, from, ep)
        {
            out.push(CrowdMove { from, to: ep, role, promotion: None, kind: CrowdMoveKind::EnPassant });
        }
    }

    /// The king's and rook's squares for `color`'s castling in `direction`, if the right's
    /// pieces stand there: the king on its home square of the start position, the rook in
    /// the corner, either possibly in a crowd.
    fn castling_squares(&self, color: Color, direction: usize) -> Option<(Square, Square)> {
        let rules = self.rules;
        let def = rules.castling().first()?;
        let size = rules.size();
        let home = size.relative_rank(color.is_white(), 0);
        let king = Square::new(size.files / 2, home)?;
        let rook = Square::new(if direction == 0 { size.files - 1 } else { 0 }, home)?;
        let has = |sq: Square, role: Role| self.at(sq).contains(&Piece::new(color, role));
        (has(king, def.piece) && has(rook, def.rook)).then_some((king, rook))
    }

    /// Castling as in FIDE chess; the king and the rook may leave a crowd, but every other
    /// square between and under them must be empty, so castling never forms or joins a crowd.
    /// The check conditions are tested in [`CrowdPosition::is_legal`].
    fn castling_moves(&self, out: &mut Vec<CrowdMove>) {
        let us = self.turn;
        let Some(def) = self.rules.castling().first() else { return };
        for direction in 0..2 {
            if !self.castling[us.index()][direction] {
                continue;
            }
            let Some((king, rook)) = self.castling_squares(us, direction) else { continue };
            let rank = king.rank();
            let (Some(to), Some(rook_to)) =
                (Square::new(def.piece_to[direction], rank), Square::new(def.rook_to[direction], rank))
            else {
                continue;
            };
            let lo = king.file().min(rook.file()).min(to.file()).min(rook_to.file());
            let hi = king.file().max(rook.file()).max(to.file()).max(rook_to.file());
            let blocked = (lo..=hi)
                .filter_map(|f| Square::new(f, rank))
                .any(|sq| sq != king && sq != rook && !self.at(sq).is_empty());
            if !blocked {
                out.push(CrowdMove {
                    from: king,
                    to,
                    role: def.piece,
                    promotion: None,
                    kind: CrowdMoveKind::Castle { rook, rook_to },
                });
            }
        }
    }

    /// True if the pseudo-legal move `m` does not leave the mover's king in check (and, for
    /// castling, the king is not in check and passes no attacked square).
    pub fn is_legal_pseudo(&self, m: CrowdMove) -> bool {
        let us = self.turn;
        if let CrowdMoveKind::Castle { .. } = m.kind {
            if self.is_in_check(us) {
                return false;
            }
            let (a, b) = (m.from.file().min(m.to.file()), m.from.file().max(m.to.file()));
            if (a + 1..b).filter_map(|f| Square::new(f, m.from.rank())).any(|sq| self.is_attacked(sq, us.other())) {
                return false;
            }
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.is_in_check(us)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<CrowdMove> {
        let mut moves = self.pseudo_legal_moves();
        moves.retain(|&m| self.is_legal_pseudo(m));
        moves
    }

    /// True if `m` is legal here.
    pub fn is_legal(&self, m: CrowdMove) -> bool {
        self.legal_moves().contains(&m)
    }

    fn take(&mut self, sq: Square, piece: Piece) -> bool {
        let pieces = &mut self.squares[sq.index()];
        match pieces.iter().position(|&p| p == piece) {
            Some(i) => {
                pieces.remove(i);
                true
            }
            None => false,
        }
    }

    fn put(&mut self, sq: Square, piece: Piece) {
        let pieces = &mut self.squares[sq.index()];
        let at = pieces.partition_point(|p| sort_key(p) <= sort_key(&piece));
        pieces.insert(at, piece);
    }

    /// Plays `m`, which must come from this position's move generation.
    pub fn play_unchecked(&mut self, m: CrowdMove) {
        let rules = self.rules;
        let size = rules.size();
        let us = self.turn;
        let mover = Piece::new(us, m.role);
        if !self.take(m.from, mover) {
            return;
        }
        let mut reset_clock = rules.is_pawn(m.role);
        self.ep_square = None;
        match m.kind {
            CrowdMoveKind::Quiet | CrowdMoveKind::Crowd | CrowdMoveKind::Capture => {
                if m.kind == CrowdMoveKind::Capture {
                    let victim = self.squares[m.to.index()].pop();
                    reset_clock = true;
                    if let Some(victim) = victim {
                        self.lose_rook_right(victim, m.to);
                    }
                }
                self.put(m.to, Piece::new(us, m.promotion.unwrap_or(m.role)));
                if rules.is_pawn(m.role) && m.from.rank().abs_diff(m.to.rank()) == 2 && rules.def().en_passant {
                    self.ep_square = m.from.offset(0, us.forward(), size);
                }
            }
            CrowdMoveKind::EnPassant => {
                if let Some(victim) = m.to.offset(0, -us.forward(), size) {
                    self.squares[victim.index()].clear();
                }
                self.put(m.to, mover);
                reset_clock = true;
            }
            CrowdMoveKind::Castle { rook, rook_to } => {
                let rook_piece = Piece::new(us, rules.castling().first().map_or(m.role, |d| d.rook));
                self.take(rook, rook_piece);
                self.put(m.to, mover);
                self.put(rook_to, rook_piece);
            }
        }
        // Rights: the king's go when it moves; a rook's when a rook of its colour leaves the
        // corner (two rooks of one colour in a corner crowd are alike: either leaving ends the
        // right) or is captured there.
        if rules.is_royal(m.role) {
            self.castling[us.index()] = [false, false];
        }
        self.lose_rook_right(mover, m.from);
        self.halfmoves = if reset_clock { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
    }

    /// Ends the right of the rook `piece` leaving or lost from `sq`, if it had one there.
    fn lose_rook_right(&mut self, piece: Piece, sq: Square) {
        if self.rules.castling().first().is_none_or(|def| piece.role != def.rook) {
            return;
        }
        for direction in 0..2 {
            if self.castling_rook_square(piece.color, direction) == Some(sq) {
                self.castling[piece.color.index()][direction] = false;
            }
        }
    }

    /// The corner of `color`'s castling rook in `direction`.
    fn castling_rook_square(&self, color: Color, direction: usize) -> Option<Square> {
        let size = self.rules.size();
        Square::new(if direction == 0 { size.files - 1 } else { 0 }, size.relative_rank(color.is_white(), 0))
    }

    /// True if an en passant capture is legal now.
    pub fn has_legal_en_passant(&self) -> bool {
        self.ep_square.is_some() && self.legal_moves().iter().any(|m| m.kind == CrowdMoveKind::EnPassant)
    }

    /// FIDE's dead positions that this variant keeps: nothing but the kings and at most one
    /// minor piece, or bishops all on squares of one colour. Crowds never help the side that
    /// mates (a lone king can always join a crowd with an enemy piece in it), so these stay
    /// dead with crowds on the board.
    pub fn is_insufficient_material(&self) -> bool {
        let rules = self.rules;
        let non_royal = self.pieces().filter(|(_, p)| !rules.is_royal(p.role)).map(|(sq, p)| (sq, rules.piece(p.role)));
        outcome::insufficient_material(rules.def().stalemate, non_royal)
    }

    /// What the position itself decides: checkmate, stalemate, dead position, the
    /// seventy-five-move rule.
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

    /// A key equal for positions that are the same for the repetition rules (FIDE 9.2.3):
    /// the same pieces on the same squares — a crowd counts as the set of its pieces — the
    /// same side to move, the same castling rights and the same en passant capture
    /// available. It is FNV-1a (64 bits) of the FEN extension's first four fields with the
    /// en passant square written only when the capture is legal: fixed, so stored keys keep
    /// their meaning.
    pub fn repetition_key(&self) -> u64 {
        let text = super::fen::write_identity(self);
        text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }

    /// Leaf count of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        crate::engine::perft::leaves(self, depth, &Self::legal_moves, &Self::play_unchecked)
    }
}
