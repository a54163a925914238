//! A Royal Chess position: the engine's [`Position`] (pieces, castling rights, en passant,
//! the move tables with the Guards' confined minor moves) and what only Royal Chess has:
//! the Guards' and Rooks' jumps, castling with a Guard's move, promotion to captured pieces
//! only, a promoted Guard's Queen's powers, a Rook's right to recapture over its Guards, and
//! a count of plies since the last capture (Royal's fifty-move rule counts captures only).
//!
//! The check rule is Royal's own: a square is attacked when any capture Royal allows could
//! land on it, the Rooks' jumps and a promoted Guard's Queen's powers included, so a move is
//! legal when no such capture could take the King after it.

use crate::engine::geometry::{Square, SquareSet};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::{CastlingRights, Move, MoveKind, Position, Setup};

use super::{BISHOP, KING, KINGS_GUARD, KNIGHT, QUEEN, QUEENS_GUARD, ROOK};

/// How far a Guard moves along the first rank (three squares, both Guards).
const GUARD_REACH: i8 = 3;

/// A Royal Chess move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RoyalMove {
    /// A move the engine plays as it is: a table move, en passant, a promotion (a promoted
    /// Guard keeps the Queen's powers), or one of Royal's jumps (a Guard over its King, a
    /// Rook over its Guards, a promoted Guard's Queen move), each a piece going from one
    /// square to another and taking what stands there.
    Plain(Move),
    /// A pawn promotes to a Guard and its owner waives the Queen's powers.
    Waived(Move),
    /// Castling, after an announced Guard move or not.
    Castle(Castling),
}

/// A castling: where the King and Rook go, and the Guard move made first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    /// The King's square.
    pub king: Square,
    /// Where it goes: its Bishop's, Knight's or Guard's square.
    pub king_to: Square,
    /// The Rook's square.
    pub rook: Square,
    /// The first vacant square beside the King on the other side.
    pub rook_to: Square,
    /// The Guard's move made as part of the castling: from, to.
    pub guard: Option<(Square, Square)>,
}

impl RoyalMove {
    /// The square the moving piece (for castling, the King) leaves.
    pub fn from(self) -> Square {
        match self {
            RoyalMove::Plain(m) | RoyalMove::Waived(m) => m.from,
            RoyalMove::Castle(c) => c.king,
        }
    }

    /// The square it goes to.
    pub fn to(self) -> Square {
        match self {
            RoyalMove::Plain(m) | RoyalMove::Waived(m) => m.to,
            RoyalMove::Castle(c) => c.king_to,
        }
    }

    /// The role a pawn becomes.
    pub fn promotion(self) -> Option<Role> {
        match self {
            RoyalMove::Plain(m) | RoyalMove::Waived(m) => m.promotion(),
            RoyalMove::Castle(_) => None,
        }
    }
}

/// The right of a side whose Rook was just captured: its other Rook, on the same line with
/// only its Guards between, may jump them to take the capturer on the next move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Recapture {
    /// Where the Rook was captured (and the capturer stands).
    pub target: Square,
    /// The Rooks that were paired with it.
    pub rooks: SquareSet,
}

/// A Royal Chess position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RoyalPosition {
    board: Position,
    /// Promoted Guards still on their promotion square with the Queen's powers.
    powered: SquareSet,
    /// The side to move's right to recapture over its Guards.
    recapture: Option<Recapture>,
    /// Plies since the last capture.
    since_capture: u32,
}

/// The pieces of each kind a side starts with: a pawn may become one only while fewer are
/// on the board, that is, one that was captured.
fn start_count(role: Role) -> usize {
    match role {
        QUEEN | QUEENS_GUARD | KINGS_GUARD => 1,
        ROOK | BISHOP | KNIGHT => 2,
        _ => 0,
    }
}

/// True if `a` and `b` share a rank or a file.
fn on_line(a: Square, b: Square) -> bool {
    a != b && (a.file() == b.file() || a.rank() == b.rank())
}

impl RoyalPosition {
    /// A position from the engine's, with no Queen's powers or recapture right pending.
    pub fn new(board: Position, since_capture: u32) -> RoyalPosition {
        RoyalPosition { board, powered: SquareSet::EMPTY, recapture: None, since_capture }
    }

    /// The same position with Royal's pending state as stored.
    pub fn with_state(mut self, powered: SquareSet, recapture: Option<Recapture>) -> RoyalPosition {
        self.powered = powered;
        self.recapture = recapture;
        self
    }

    /// The engine's position.
    pub fn board(&self) -> &Position {
        &self.board
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.board.turn()
    }

    /// Promoted Guards that keep the Queen's powers.
    pub fn powered(&self) -> SquareSet {
        self.powered
    }

    /// The side to move's recapture right.
    pub fn recapture(&self) -> Option<Recapture> {
        self.recapture
    }

    /// Plies since the last capture.
    pub fn since_capture(&self) -> u32 {
        self.since_capture
    }

    fn is(&self, sq: Square, color: Color, role: Role) -> bool {
        self.board.piece_at(sq) == Some(Piece::new(color, role))
    }

    /// The square of `color`'s King. Royal Chess has exactly one; over the Crown of Krithala,
    /// where the King is an ordinary piece, it may have been captured.
    fn king(&self, color: Color) -> Option<Square> {
        self.board.occupied_by(color).into_iter().find(|&sq| self.is(sq, color, KING))
    }

    fn is_guard(&self, sq: Square, color: Color) -> bool {
        self.is(sq, color, QUEENS_GUARD) || self.is(sq, color, KINGS_GUARD)
    }

    fn home_rank(&self, color: Color) -> u8 {
        self.board.rules().size().relative_rank(color.is_white(), 0)
    }

    /// True if only `color`'s Guards stand between `a` and `b`, at least one of them.
    fn only_guards_between(&self, a: Square, b: Square, color: Color) -> bool {
        let squares = a.between(b);
        squares.iter().all(|&sq| self.board.piece_at(sq).is_none() || self.is_guard(sq, color))
            && squares.iter().any(|&sq| self.is_guard(sq, color))
    }

    /// Whether a pawn of the side to move may become `role` now: a piece of that kind was
    /// captured from its side and not yet brought back.
    pub fn may_promote_to(&self, role: Role) -> bool {
        let us = self.turn();
        let on_board =
            self.board.occupied_by(us).filter(|&sq| self.board.piece_at(sq).is_some_and(|p| p.role == role)).count();
        start_count(role) > on_board
    }

    /// `color`'s pieces that could capture on `target` with one of Royal's own captures: a
    /// Rook over its Guards on its first rank, a Rook's recapture, a promoted Guard's Queen
    /// move.
    fn special_attackers(&self, target: Square, by: Color) -> SquareSet {
        let mut found = SquareSet::EMPTY;
        for sq in self.powered {
            if self.board.piece_at(sq).is_some_and(|p| p.color == by)
                && sq != target
                && sq.between(target).iter().all(|&b| self.board.piece_at(b).is_none())
                && (sq.file() == target.file()
                    || sq.rank() == target.rank()
                    || sq.file().abs_diff(target.file()) == sq.rank().abs_diff(target.rank()))
            {
                found.insert(sq);
            }
        }
        let home = self.home_rank(by);
        if target.rank() == home {
            for sq in self.board.occupied_by(by) {
                if sq.rank() == home && self.is(sq, by, ROOK) && on_line(sq, target) {
                    let clear =
                        sq.between(target).iter().all(|&b| self.board.piece_at(b).is_none() || self.is_guard(b, by));
                    if clear {
                        found.insert(sq);
                    }
                }
            }
        }
        if by == self.turn()
            && let Some(r) = self.recapture
            && r.target == target
        {
            for sq in r.rooks {
                if self.is(sq, by, ROOK) && on_line(sq, target) && self.only_guards_between(sq, target, by) {
                    found.insert(sq);
                }
            }
        }
        found
    }

    /// True if a `by` piece could capture on `sq`.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.board.is_attacked(sq, by) || !self.special_attackers(sq, by).is_empty()
    }

    /// Every `by` piece that could capture on `target`.
    pub fn attackers(&self, target: Square, by: Color) -> SquareSet {
        let rules = self.board.rules();
        let mut found = self.special_attackers(target, by);
        for from in self.board.occupied_by(by) {
            let Some(piece) = self.board.piece_at(from) else { continue };
            let hits = rules.rays(by, piece.role, from).iter().filter(|ray| ray.captures).any(|&ray| {
                rules.ray_squares(ray).iter().find(|&&sq| self.board.piece_at(sq).is_some()) == Some(&target)
            });
            if hits {
                found.insert(from);
            }
        }
        found
    }

    /// True if the side to move's King is attacked.
    pub fn is_check(&self) -> bool {
        self.board.royal_square(self.turn()).is_some_and(|k| self.attacked(k, self.turn().other()))
    }

    /// Every move that follows the pieces' movement, before the King's safety is tested;
    /// castling is not among them (see [`RoyalPosition::castlings`]).
    fn pseudo_moves(&self) -> Vec<RoyalMove> {
        let mut table = Vec::with_capacity(96);
        self.board.pseudo_legal_moves_into(&mut table);
        let mut out = Vec::with_capacity(table.len() + 16);
        for m in table {
            match m.kind {
                MoveKind::Castle { .. } => {}
                MoveKind::Promotion(role) => {
                    if self.may_promote_to(role) {
                        out.push(RoyalMove::Plain(m));
                        if role == QUEENS_GUARD || role == KINGS_GUARD {
                            out.push(RoyalMove::Waived(m));
                        }
                    }
                }
                _ => out.push(RoyalMove::Plain(m)),
            }
        }
        let mut extra = Vec::new();
        self.guard_jumps(&mut extra);
        self.rook_jumps(&mut extra);
        self.queen_powers(&mut extra);
        for m in extra {
            let plain = RoyalMove::Plain(Move { from: m.0, to: m.1, kind: MoveKind::Normal });
            if !out.contains(&plain) {
                out.push(plain);
            }
        }
        out
    }

    /// "A Guard CAN jump over its own King if the King is on its first rank ... CANNOT capture
    /// a piece when jumping over its King ... CANNOT jump over any other piece."
    fn guard_jumps(&self, out: &mut Vec<(Square, Square)>) {
        let us = self.turn();
        let size = self.board.rules().size();
        let home = self.home_rank(us);
        let Some(king) = self.king(us).filter(|k| k.rank() == home) else { return };
        for guard in self.board.occupied_by(us) {
            if guard.rank() != home || !self.is_guard(guard, us) {
                continue;
            }
            let direction = if king.file() > guard.file() { 1 } else { -1 };
            let mut jumped = false;
            for step in 1..=GUARD_REACH {
                let Some(sq) = guard.offset(direction * step, 0, size) else { break };
                if sq == king {
                    jumped = true;
                } else if self.board.piece_at(sq).is_some() {
                    break;
                } else if jumped {
                    out.push((guard, sq));
                }
            }
        }
    }

    /// "A Rook can always jump over its own Guards on the first rank. Two Rooks on any other
    /// identical rank or file may jump over their own Guards anywhere between them, but they
    /// cannot capture ... If one of the Rooks is captured, the other Rook may recapture the
    /// opponent's capturing piece ONLY on the very next move."
    fn rook_jumps(&self, out: &mut Vec<(Square, Square)>) {
        let us = self.turn();
        let size = self.board.rules().size();
        let home = self.home_rank(us);
        for rook in self.board.occupied_by(us) {
            if !self.is(rook, us, ROOK) {
                continue;
            }
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let along_home = dr == 0 && rook.rank() == home;
                let mut passed_guard = false;
                let mut landings = Vec::new();
                let mut sq = rook;
                let stop = loop {
                    let Some(next) = sq.offset(df, dr, size) else { break None };
                    sq = next;
                    match self.board.piece_at(sq) {
                        None => {
                            if passed_guard {
                                landings.push(sq);
                            }
                        }
                        Some(_) if self.is_guard(sq, us) => passed_guard = true,
                        Some(_) => break Some(sq),
                    }
                };
                if !passed_guard {
                    continue;
                }
                if along_home {
                    // On the first rank: over the Guards, wherever the line is free of others,
                    // capturing too.
                    out.extend(landings.iter().map(|&to| (rook, to)));
                    if let Some(target) = stop.filter(|&t| self.board.piece_at(t).is_some_and(|p| p.color != us)) {
                        out.push((rook, target));
                    }
                } else {
                    // Elsewhere only towards the other Rook, onto a vacant square; or, on the
                    // move after that Rook was captured, onto its capturer.
                    let Some(end) = stop else { continue };
                    if self.is(end, us, ROOK) {
                        out.extend(landings.iter().map(|&to| (rook, to)));
                    } else if self.recapture.is_some_and(|r| r.target == end && r.rooks.contains(rook)) {
                        out.push((rook, end));
                    }
                }
            }
        }
    }

    /// "While the 'promoted' Guard remains on the square of promotion it has the powers of a
    /// queen on its initial move from that square."
    fn queen_powers(&self, out: &mut Vec<(Square, Square)>) {
        let us = self.turn();
        let size = self.board.rules().size();
        for guard in self.powered {
            if !self.board.occupied_by(us).contains(guard) {
                continue;
            }
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut sq = guard;
                while let Some(next) = sq.offset(df, dr, size) {
                    sq = next;
                    match self.board.piece_at(sq) {
                        None => out.push((guard, sq)),
                        Some(p) => {
                            if p.color != us {
                                out.push((guard, sq));
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The Rooks of `color` paired with its Rook on `target` (same file, or same rank but
    /// the first, with only `color`'s Guards between): those that may recapture if it falls.
    fn rook_partners(&self, target: Square, color: Color) -> SquareSet {
        if !self.is(target, color, ROOK) {
            return SquareSet::EMPTY;
        }
        let home = self.home_rank(color);
        self.board
            .occupied_by(color)
            .filter(|&sq| {
                self.is(sq, color, ROOK)
                    && on_line(sq, target)
                    && !(sq.rank() == home && target.rank() == home)
                    && self.only_guards_between(sq, target, color)
            })
            .collect()
    }

    /// The position after `m`, if the pieces can be placed so (a castling whose King would
    /// stand in a check the engine sees is refused here).
    pub fn after(&self, m: RoyalMove) -> Option<RoyalPosition> {
        let us = self.turn();
        let them = us.other();
        let (captured_on, next_board) = match m {
            RoyalMove::Plain(mv) | RoyalMove::Waived(mv) => {
                let captured_on = match mv.kind {
                    MoveKind::EnPassant => mv.to.offset(0, -us.forward(), self.board.rules().size()),
                    _ => Some(mv.to).filter(|&to| self.board.piece_at(to).is_some_and(|p| p.color == them)),
                };
                let mut board = self.board;
                board.play_unchecked(mv);
                (captured_on, board)
            }
            RoyalMove::Castle(c) => {
                let captured_on = c.guard.map(|(_, to)| to).filter(|&to| self.board.piece_at(to).is_some());
                (captured_on, self.castled(c, them)?)
            }
        };
        let mut powered = self.powered;
        powered.remove(m.from());
        if let RoyalMove::Castle(Castling { guard: Some((from, _)), .. }) = m {
            powered.remove(from);
        }
        if let Some(sq) = captured_on {
            powered.remove(sq);
        }
        if let RoyalMove::Plain(mv) = m
            && matches!(mv.promotion(), Some(QUEENS_GUARD | KINGS_GUARD))
        {
            powered.insert(mv.to);
        }
        let recapture = captured_on.and_then(|sq| {
            let rooks = self.rook_partners(sq, them);
            (!rooks.is_empty()).then_some(Recapture { target: sq, rooks })
        });
        let since_capture = if captured_on.is_some() { 0 } else { self.since_capture + 1 };
        Some(RoyalPosition { board: next_board, powered, recapture, since_capture })
    }

    /// The board after a castling, with `turn` to move; `None` if the engine refuses it (the
    /// King left in check, as far as the tables see).
    fn castled(&self, c: Castling, turn: Color) -> Option<Position> {
        let us = self.turn();
        let mut setup = self.board.to_setup();
        if let Some((from, to)) = c.guard {
            setup.board[to.index()] = setup.board[from.index()].take();
        }
        setup.board[c.king.index()] = None;
        setup.board[c.rook.index()] = None;
        setup.board[c.king_to.index()] = Some(Piece::new(us, KING));
        setup.board[c.rook_to.index()] = Some(Piece::new(us, ROOK));
        setup.ep_square = None;
        if turn != us {
            setup.turn = turn;
            setup.halfmoves += 1;
            if us == Color::Black {
                setup.fullmoves += 1;
            }
            setup.castling = rights_left(&setup, Some(us));
        } else {
            setup.castling = rights_left(&setup, None);
        }
        Position::from_setup(self.board.rules(), setup).ok()
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<RoyalMove> {
        let us = self.turn();
        let mut out: Vec<RoyalMove> =
            self.pseudo_moves().into_iter().filter(|&m| self.after(m).is_some_and(|a| !a.exposes(us))).collect();
        out.extend(self.castlings());
        out
    }

    /// True if `color`'s King may be captured here.
    fn exposes(&self, color: Color) -> bool {
        self.board.royal_square(color).is_some_and(|k| self.attacked(k, color.other()))
    }

    /// The legal castlings: "Neither the King or the Rook ... has previously been moved. The
    /// King cannot castle if it is IN check ... INTO check ... cannot pass over a square which
    /// is being attacked ... ONLY Royal Guards can be between the King and the Rook", and "any
    /// Guard between the King and Rook to be castled may make ANY legal move or capture prior
    /// to the actual castling". The conditions on check bind a royal King only (as the
    /// engine's castling does): over the Crown of Krithala the King is an ordinary piece.
    pub fn castlings(&self) -> Vec<RoyalMove> {
        let us = self.turn();
        let them = us.other();
        let size = self.board.rules().size();
        let rights = self.board.castling();
        let Some(king) = rights.piece(us, 0) else { return Vec::new() };
        let royal = self.board.royal_square(us) == Some(king);
        let attacked = |pos: &RoyalPosition, sq: Square| royal && pos.attacked(sq, them);
        let guard_moves: Vec<RoyalMove> = self.pseudo_moves();
        let mut out = Vec::new();
        for direction in 0..2 {
            let Some(rook) = rights.rook(us, 0, direction) else { continue };
            let gap = king.between(rook);
            if !gap.iter().all(|&sq| self.board.piece_at(sq).is_none() || self.is_guard(sq, us)) {
                continue;
            }
            let mut guard_options: Vec<Option<(Square, Square)>> = vec![None];
            for m in &guard_moves {
                if let RoyalMove::Plain(mv) = *m
                    && gap.contains(&mv.from)
                    && self.is_guard(mv.from, us)
                {
                    guard_options.push(Some((mv.from, mv.to)));
                }
            }
            // The King goes to the Bishop's, Knight's or Guard's square on the Rook's side:
            // the three squares beside the Rook's corner.
            let toward: i8 = if direction == 0 { 1 } else { -1 };
            let king_squares: Vec<Square> =
                (1..=3).filter_map(|k| rook.offset(-toward * k, 0, size)).filter(|&sq| sq != king).collect();
            for guard in guard_options {
                let first = Castling { king, king_to: king, rook, rook_to: rook, guard };
                let mut powered = self.powered;
                if let Some((_, to)) = guard {
                    powered.remove(to);
                }
                let Some(moved) = self.castled(first, them).map(|b| RoyalPosition::new(b, 0).with_state(powered, None))
                else {
                    // The King stands in check after the Guard's move (or before it).
                    continue;
                };
                if attacked(&moved, king) {
                    continue;
                }
                for &king_to in &king_squares {
                    // Only towards the Rook, onto a vacant square, over no attacked square.
                    if (king_to.file() as i8 - king.file() as i8).signum() != toward
                        || moved.board.piece_at(king_to).is_some()
                        || king.between(king_to).iter().any(|&sq| attacked(&moved, sq))
                    {
                        continue;
                    }
                    let mut rook_to = None;
                    let mut sq = king_to;
                    while let Some(next) = sq.offset(-toward, 0, size) {
                        sq = next;
                        if sq == king || moved.board.piece_at(sq).is_none() {
                            rook_to = Some(sq);
                            break;
                        }
                    }
                    let Some(rook_to) = rook_to else { continue };
                    let m = RoyalMove::Castle(Castling { king, king_to, rook, rook_to, guard });
                    if self.after(m).is_some_and(|a| !a.exposes(us)) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// A key equal for positions equal under the repetition rule: the engine's (pieces, side
    /// to move, castling rights, en passant) and Royal's pending powers and recapture right.
    pub fn repetition_key(&self) -> u64 {
        let mut key = self.board.repetition_key();
        for sq in self.powered {
            key ^= mix(0x5157_4545_4e00 + sq.index() as u64);
        }
        if let Some(r) = self.recapture {
            key ^= mix(0x5245_4341_5000 + r.target.index() as u64);
            for sq in r.rooks {
                key ^= mix(0x524f_4f4b_0000 + sq.index() as u64);
            }
        }
        key
    }
}

/// SplitMix64's finaliser: fixed keys for Royal's extra state, the same on every build.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The castling rights of `setup` whose King and Rook still stand on their squares, less
/// every right of `mover` (who has just castled).
fn rights_left(setup: &Setup, mover: Option<Color>) -> CastlingRights {
    let mut rights = CastlingRights::default();
    for (color, castler, direction, king, rook) in setup.castling.iter() {
        let kept = Some(color) != mover
            && setup.board[king.index()] == Some(Piece::new(color, KING))
            && setup.board[rook.index()] == Some(Piece::new(color, ROOK));
        if kept {
            rights.grant(color, castler, king, direction, rook);
        }
    }
    rights
}
