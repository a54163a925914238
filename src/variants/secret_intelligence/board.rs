//! The position of Secret Intelligence Chess and its move rules: what each piece may do,
//! the Spy's and the Decoy's limits, swaps, Quick Pawns and their promotion, and the check
//! rule. The pieces' movement is the [`Rules`] table built from Betza; everything the table
//! cannot say is code here, written as the rules page says it.
//!
//! One notion carries most of the rules: a piece **could capture** a piece of some kind on a
//! square when its own powers of capture reach that square over empty squares, ignoring
//! pins and ignoring the King's, the Decoy's and the Spy's limits on where they may go (the
//! rules page: *"Note that "could" is subjunctive, and "could capture it" includes pieces
//! that can't actually capture it due to being pinned"*). It depends on the kind of the
//! piece captured, because a Spy may not capture a non-Spy piece that could capture it back
//! from where it stands. A piece is **attacked** (a King or Decoy: **in check**) when an
//! enemy piece could capture it.

use std::fmt;

use super::rules;
use crate::engine::geometry::{BoardSize, LAYOUT_SQUARES, Square};
use crate::engine::piece::{Color, Piece, Role};

/// The Pawn (a Quick Pawn).
pub const PAWN: Role = Role(0);
/// The Knight.
pub const KNIGHT: Role = Role(1);
/// The Bishop.
pub const BISHOP: Role = Role(2);
/// The Rook.
pub const ROOK: Role = Role(3);
/// The Queen.
pub const QUEEN: Role = Role(4);
/// The King.
pub const KING: Role = Role(5);
/// The Centaur: Knight and non-royal King.
pub const CENTAUR: Role = Role(6);
/// The Marshall: Rook and Knight.
pub const MARSHALL: Role = Role(7);
/// The Dragon Horse: Bishop and one orthogonal step.
pub const DRAGON_HORSE: Role = Role(8);
/// The Archbishop: Bishop and Knight.
pub const ARCHBISHOP: Role = Role(9);
/// The Dragon King: Rook and one diagonal step.
pub const DRAGON_KING: Role = Role(10);
/// The Decoy: King and Knight, not into check.
pub const DECOY: Role = Role(11);
/// The Spy: Knight, Bishop and Rook, with limits on capture and on attacked empty squares.
pub const SPY: Role = Role(12);

/// What a Pawn may become, in the order the rules page lists them: the first eight only
/// while the player has none of that kind on the board, the last three always.
pub const PROMOTIONS: [Role; 11] =
    [QUEEN, MARSHALL, ARCHBISHOP, DRAGON_KING, DRAGON_HORSE, CENTAUR, SPY, DECOY, ROOK, BISHOP, KNIGHT];

/// The pieces a Pawn may become even when the player still has one.
const ALWAYS_PROMOTABLE: [Role; 3] = [ROOK, BISHOP, KNIGHT];

const SIZE: BoardSize = BoardSize::CHESS;

/// One piece on the board with what the rules remember about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The piece.
    pub piece: Piece,
    /// The square it stood on when the setup was drawn: its tracking id.
    pub origin: Square,
    /// It has moved under its own power (being the passive piece of a swap does not count):
    /// it may no longer swap.
    pub moved: bool,
    /// The opponent sees where it stands (with its tracking id): it has moved or been swapped.
    pub shown: bool,
}

/// How a move is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture of a piece to an empty or enemy square; a Pawn's single step.
    Step,
    /// A Pawn's two steps forward, from any rank, after which an enemy Pawn may take it en
    /// passant.
    DoubleStep,
    /// A Pawn taking a Pawn that has just passed its capture square by two steps.
    EnPassant,
    /// A Pawn reaching the last rank (by a step, two steps or a capture) and becoming this.
    Promotion(Role),
    /// The piece on `from` moves to its own side's piece on `to`, which goes to `from`.
    Swap,
}

/// A move of Secret Intelligence Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SiMove {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// How.
    pub kind: MoveKind,
}

/// A position text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardError {}

/// A position: the pieces with their histories, the side to move, the square a Pawn just
/// passed by two steps, and the move counters.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    cells: [Option<Unit>; LAYOUT_SQUARES],
    turn: Color,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl Board {
    /// An empty board, White to move.
    pub fn empty() -> Board {
        Board { cells: [None; LAYOUT_SQUARES], turn: Color::White, ep_square: None, halfmoves: 0, fullmoves: 1 }
    }

    /// Every square of the board, a1 first, rank by rank.
    pub fn squares() -> impl Iterator<Item = Square> {
        SIZE.squares()
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The square a Pawn passed over by two steps on the last move.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or Pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on `sq` with its history.
    pub fn unit(&self, sq: Square) -> Option<Unit> {
        self.cells[sq.index()]
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()].map(|u| u.piece)
    }

    /// Puts a piece that has not moved (its tracking id is `sq`) on `sq`.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.cells[sq.index()] = Some(Unit { piece, origin: sq, moved: false, shown: false });
    }

    /// Empties `sq`.
    pub fn clear(&mut self, sq: Square) {
        self.cells[sq.index()] = None;
    }

    /// The squares of `color`'s pieces, a1 first.
    pub fn squares_of(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        Board::squares().filter(move |&sq| self.piece_at(sq).is_some_and(|p| p.color == color))
    }

    /// Where `color`'s King stands.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.squares_of(color).find(|&sq| self.piece_at(sq).is_some_and(|p| p.role == KING))
    }

    /// Where `color`'s Decoy stands, if it has one (it never has two: a Pawn may become a
    /// Decoy only when the player has none).
    pub fn decoy(&self, color: Color) -> Option<Square> {
        self.squares_of(color).find(|&sq| self.piece_at(sq).is_some_and(|p| p.role == DECOY))
    }

    fn count(&self, color: Color, role: Role) -> usize {
        self.squares_of(color).filter(|&sq| self.piece_at(sq).is_some_and(|p| p.role == role)).count()
    }

    // -------------------------------------------------------------------------------------
    // Could capture, attacked, check.

    /// True if a `color` `role` on `from` reaches `to` by one of its capturing moves, over
    /// empty squares (what stands on `to` does not matter).
    pub fn reaches(&self, color: Color, role: Role, from: Square, to: Square) -> bool {
        let rules = rules();
        rules.rays(color, role, from).iter().filter(|ray| ray.captures).any(|&ray| {
            for &sq in rules.ray_squares(ray) {
                if sq == to {
                    return true;
                }
                if self.piece_at(sq).is_some() {
                    return false;
                }
            }
            false
        })
    }

    /// True if the piece on `from` could capture an enemy `target` standing on `to`: its
    /// capture reaches `to`, and if it is a Spy and the target is not, the target could not
    /// capture it back from there (*"Except for another Spy, a Spy may not capture any piece
    /// that could capture it"*).
    pub fn could_capture(&self, from: Square, to: Square, target: Role) -> bool {
        let Some(piece) = self.piece_at(from) else { return false };
        self.reaches(piece.color, piece.role, from, to)
            && (piece.role != SPY || target == SPY || !self.reaches(piece.color.other(), target, to, from))
    }

    /// True if some `by` piece could capture a `target` on `sq`; with `spies` false, the
    /// enemy Spies are left out (the Spy's own limit: *"could be captured by any piece besides
    /// another Spy"*).
    pub fn is_attacked(&self, sq: Square, target: Role, by: Color, spies: bool) -> bool {
        self.squares_of(by)
            .filter(|&from| spies || self.piece_at(from).is_some_and(|p| p.role != SPY))
            .any(|from| from != sq && self.could_capture(from, sq, target))
    }

    /// True if the piece on `sq` is attacked by an enemy piece.
    pub fn is_piece_attacked(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some_and(|p| self.is_attacked(sq, p.role, p.color.other(), true))
    }

    /// True if `color`'s King is in check.
    pub fn in_check(&self, color: Color) -> bool {
        self.king(color).is_some_and(|k| self.is_attacked(k, KING, color.other(), true))
    }

    /// True if `color`'s Decoy is in check (attacked, as a King would be).
    pub fn decoy_in_check(&self, color: Color) -> bool {
        self.decoy(color).is_some_and(|d| self.is_attacked(d, DECOY, color.other(), true))
    }

    // -------------------------------------------------------------------------------------
    // Moves.

    /// True if `m` captures.
    pub fn is_capture(&self, m: SiMove) -> bool {
        self.captured(m).is_some()
    }

    /// The piece `m` captures and the square it stood on.
    pub fn captured(&self, m: SiMove) -> Option<(Square, Piece)> {
        match m.kind {
            MoveKind::EnPassant => {
                let victim = m.to.offset(0, -self.turn.forward(), SIZE)?;
                Some((victim, self.piece_at(victim)?))
            }
            MoveKind::Swap => None,
            _ => self.piece_at(m.to).filter(|p| p.color != self.turn).map(|p| (m.to, p)),
        }
    }

    /// The moves of the side to move that its pieces' powers allow, with the conditions of
    /// swaps, the Spy's capture rule and the limit on promotions, before the tests that look
    /// at the position after the move (check, the Spy's and the Decoy's destinations).
    fn candidate_moves(&self) -> Vec<SiMove> {
        let rules = rules();
        let us = self.turn;
        let mut out = Vec::new();
        for from in self.squares_of(us) {
            let role = self.piece_at(from).expect("own square").role;
            if role == PAWN {
                self.pawn_moves(from, &mut out);
                continue;
            }
            for &ray in rules.rays(us, role, from) {
                for &to in rules.ray_squares(ray) {
                    match self.piece_at(to) {
                        None => {
                            if ray.moves {
                                out.push(SiMove { from, to, kind: MoveKind::Step });
                            }
                        }
                        Some(target) if target.color != us => {
                            if ray.captures && self.could_capture(from, to, target.role) {
                                out.push(SiMove { from, to, kind: MoveKind::Step });
                            }
                            break;
                        }
                        Some(_) => {
                            if ray.moves && self.may_swap(from, to) {
                                out.push(SiMove { from, to, kind: MoveKind::Swap });
                            }
                            break;
                        }
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.from, m.to));
        out.dedup();
        out
    }

    /// A Quick Pawn: one or two steps forward from any rank (two only over an empty square),
    /// a capture one step diagonally forward, en passant, promotion on the last rank, and
    /// swaps by its forward steps.
    fn pawn_moves(&self, from: Square, out: &mut Vec<SiMove>) {
        let us = self.turn;
        let forward = us.forward();
        if let Some(one) = from.offset(0, forward, SIZE) {
            match self.piece_at(one) {
                None => {
                    self.push_pawn_move(from, one, MoveKind::Step, out);
                    if let Some(two) = one.offset(0, forward, SIZE) {
                        match self.piece_at(two) {
                            None => self.push_pawn_move(from, two, MoveKind::DoubleStep, out),
                            Some(p) if p.color == us && self.may_swap(from, two) => {
                                out.push(SiMove { from, to: two, kind: MoveKind::Swap })
                            }
                            Some(_) => {}
                        }
                    }
                }
                Some(p) if p.color == us && self.may_swap(from, one) => {
                    out.push(SiMove { from, to: one, kind: MoveKind::Swap })
                }
                Some(_) => {}
            }
        }
        for side in [-1, 1] {
            let Some(to) = from.offset(side, forward, SIZE) else { continue };
            match self.piece_at(to) {
                Some(p) if p.color != us => self.push_pawn_move(from, to, MoveKind::Step, out),
                None if self.ep_square == Some(to) => out.push(SiMove { from, to, kind: MoveKind::EnPassant }),
                _ => {}
            }
        }
    }

    /// A Pawn's move, or its promotions if `to` is on the last rank: to a Rook, Bishop or
    /// Knight always, to any other piece only if the player has none of that kind on the
    /// board. A two-step move that promotes is a promotion (no en passant follows).
    fn push_pawn_move(&self, from: Square, to: Square, kind: MoveKind, out: &mut Vec<SiMove>) {
        let last = SIZE.relative_rank(self.turn.is_white(), SIZE.ranks - 1);
        if to.rank() != last {
            out.push(SiMove { from, to, kind });
            return;
        }
        for role in PROMOTIONS {
            if ALWAYS_PROMOTABLE.contains(&role) || self.count(self.turn, role) == 0 {
                out.push(SiMove { from, to, kind: MoveKind::Promotion(role) });
            }
        }
    }

    /// The conditions of a swap between the side to move's pieces on `a` and `b` (that the
    /// piece on `a` reaches `b` by its own movement is checked by the caller): different
    /// kinds, neither moved under its own power, neither attacked.
    fn may_swap(&self, a: Square, b: Square) -> bool {
        let (Some(one), Some(other)) = (self.unit(a), self.unit(b)) else { return false };
        one.piece.color == other.piece.color
            && one.piece.role != other.piece.role
            && !one.moved
            && !other.moved
            && !self.is_piece_attacked(a)
            && !self.is_piece_attacked(b)
    }

    /// The legal moves of the side to move: the candidates that do not leave the King in
    /// check, do not take a Spy to an empty square a non-Spy enemy could capture it on
    /// (unless the King is in check: then the move blocks it), and do not take a Decoy into
    /// check (unless the King is in check, or the Decoy goes to the enemy King's square or
    /// next to its own King).
    pub fn legal_moves(&self) -> Vec<SiMove> {
        let us = self.turn;
        let them = us.other();
        let in_check = self.in_check(us);
        self.candidate_moves()
            .into_iter()
            .filter(|&m| {
                let mut after = *self;
                after.play(m);
                if after.in_check(us) {
                    return false;
                }
                let mover = self.piece_at(m.from).expect("a candidate moves a piece").role;
                if mover == SPY && self.piece_at(m.to).is_none() && !in_check {
                    return !after.is_attacked(m.to, SPY, them, false);
                }
                if mover == DECOY && !in_check {
                    let to_enemy_king = self.piece_at(m.to) == Some(Piece::new(them, KING));
                    let next_to_own_king = after.king(us).is_some_and(|k| is_adjacent(k, m.to));
                    return to_enemy_king || next_to_own_king || !after.is_attacked(m.to, DECOY, them, true);
                }
                true
            })
            .collect()
    }

    /// Plays `m`, which the caller knows to be legal (or at least a candidate).
    pub fn play(&mut self, m: SiMove) {
        let us = self.turn;
        let mut unit = self.cells[m.from.index()].take().expect("a move moves a piece");
        let captured = self.captured(m);
        if let Some((sq, _)) = captured {
            self.cells[sq.index()] = None;
        }
        let pawn_moved = unit.piece.role == PAWN;
        unit.moved = true;
        unit.shown = true;
        if let MoveKind::Promotion(role) = m.kind {
            unit.piece.role = role;
        }
        if m.kind == MoveKind::Swap {
            let mut passive = self.cells[m.to.index()].take().expect("a swap has a passive piece");
            passive.shown = true;
            self.cells[m.from.index()] = Some(passive);
        }
        self.cells[m.to.index()] = Some(unit);
        self.ep_square = match m.kind {
            MoveKind::DoubleStep => m.from.offset(0, us.forward(), SIZE),
            _ => None,
        };
        self.halfmoves = if pawn_moved || captured.is_some() { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
    }

    /// A key equal for positions the repetition rules call the same: the pieces, which of
    /// them may still swap, the side to move, and a possible en passant capture.
    pub fn repetition_text(&self) -> String {
        let ep = match self.ep_square {
            Some(sq) if self.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant) => sq.algebraic(),
            _ => "-".to_string(),
        };
        let unmoved: String = Board::squares()
            .filter(|&sq| self.unit(sq).is_some_and(|u| !u.moved))
            .map(|sq| sq.algebraic())
            .collect::<Vec<_>>()
            .join(",");
        format!("{} {} {ep} {unmoved}", self.board_field(), if self.turn.is_white() { 'w' } else { 'b' })
    }

    /// True if neither side can ever mate: only the Kings, or the Kings and one Bishop or
    /// Knight.
    pub fn is_insufficient_material(&self) -> bool {
        let others: Vec<Role> =
            Board::squares().filter_map(|sq| self.piece_at(sq)).map(|p| p.role).filter(|&r| r != KING).collect();
        matches!(others.as_slice(), [] | [BISHOP] | [KNIGHT])
    }

    // -------------------------------------------------------------------------------------
    // Position text.

    fn board_field(&self) -> String {
        let rules = rules();
        let mut out = String::new();
        for rank in (0..SIZE.ranks).rev() {
            let mut empty = 0;
            for file in 0..SIZE.files {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = rules.piece(piece.role).letter;
                        out.push(if piece.color.is_white() { letter } else { letter.to_ascii_lowercase() });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The position as FEN (castling always `-`), with a seventh field for the pieces'
    /// histories: `-`, or a comma-separated list of `SQUARE=ORIGIN` (a piece that has moved
    /// under its own power, tracked by the square it began on) and `SQUARE~ORIGIN` (a piece
    /// moved only as the passive piece of swaps). A piece not listed has not moved and is
    /// tracked by its own square.
    pub fn to_fen(&self) -> String {
        let ep = self.ep_square.map_or_else(|| "-".to_string(), Square::algebraic);
        let history: Vec<String> = Board::squares()
            .filter_map(|sq| {
                let unit = self.unit(sq)?;
                match (unit.moved, unit.shown || unit.origin != sq) {
                    (true, _) => Some(format!("{sq}={}", unit.origin)),
                    (false, true) => Some(format!("{sq}~{}", unit.origin)),
                    (false, false) => None,
                }
            })
            .collect();
        format!(
            "{} {} - {ep} {} {} {}",
            self.board_field(),
            if self.turn.is_white() { 'w' } else { 'b' },
            self.halfmoves,
            self.fullmoves,
            if history.is_empty() { "-".to_string() } else { history.join(",") }
        )
    }

    /// Reads what [`Board::to_fen`] writes; the last three fields may be left out. Each side
    /// needs exactly one King, no Pawn may stand on its last rank, and the side not to move
    /// may not be in check.
    pub fn from_fen(text: &str) -> Result<Board, BoardError> {
        let rules = rules();
        let err = |why: String| Err(BoardError(why));
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=7).contains(&fields.len()) {
            return err(format!("a position has 4 to 7 fields, not {}", fields.len()));
        }
        let mut board = Board::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return err(format!("the board has 8 ranks, not {}", ranks.len()));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10).filter(|&n| (1..=8).contains(&n)) {
                    file += n as u8;
                } else {
                    let role = rules
                        .role_by_letter(c)
                        .ok_or_else(|| BoardError(format!("{c:?} is not a piece of Secret Intelligence Chess")))?;
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    let sq = Square::new(file, rank).filter(|&sq| SIZE.contains(sq));
                    let Some(sq) = sq else { return err(format!("rank {} is too long", rank + 1)) };
                    board.put(sq, Piece::new(color, role));
                    file += 1;
                }
                if file > 8 {
                    return err(format!("rank {} is too long", rank + 1));
                }
            }
            if file != 8 {
                return err(format!("rank {} has {file} squares, not 8", rank + 1));
            }
        }
        board.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return err(format!("{other:?} is not a side to move (w or b)")),
        };
        if fields[2] != "-" {
            return err("there is no castling in Secret Intelligence Chess: the castling field is -".to_string());
        }
        board.ep_square = match fields[3] {
            "-" => None,
            s => Some(SIZE.parse_algebraic(s).ok_or_else(|| BoardError(format!("{s:?} is not a square")))?),
        };
        let counter = |s: &str| {
            crate::notation::fen::read_counter(s).ok_or_else(|| BoardError(format!("{s:?} is not a move count")))
        };
        if let Some(h) = fields.get(4) {
            board.halfmoves = counter(h)?;
        }
        if let Some(f) = fields.get(5) {
            board.fullmoves = counter(f)?.max(1);
        }
        if let Some(history) = fields.get(6).filter(|&&h| h != "-") {
            for entry in history.split(',') {
                let (sq, origin, moved) = match (entry.split_once('='), entry.split_once('~')) {
                    (Some((sq, origin)), None) => (sq, origin, true),
                    (None, Some((sq, origin))) => (sq, origin, false),
                    _ => return err(format!("{entry:?} is not SQUARE=ORIGIN or SQUARE~ORIGIN")),
                };
                let square =
                    |s: &str| SIZE.parse_algebraic(s).ok_or_else(|| BoardError(format!("{s:?} is not a square")));
                let (sq, origin) = (square(sq)?, square(origin)?);
                let Some(unit) = board.cells[sq.index()].as_mut() else {
                    return err(format!("the history names {sq}, where no piece stands"));
                };
                *unit = Unit { origin, moved, shown: true, ..*unit };
            }
        }
        for color in Color::BOTH {
            if board.count(color, KING) != 1 {
                return err(format!("{} needs exactly one King", color.title()));
            }
            let last = SIZE.relative_rank(color.is_white(), 7);
            if board.squares_of(color).any(|sq| sq.rank() == last && board.piece_at(sq).is_some_and(|p| p.role == PAWN))
            {
                return err(format!("a {color} Pawn stands on its last rank"));
            }
        }
        if board.in_check(board.turn.other()) {
            return err(format!("{} is in check with {} to move", board.turn.other().title(), board.turn.title()));
        }
        if let Some(ep) = board.ep_square {
            let mover = board.turn.other();
            let pawn = ep.offset(0, mover.forward(), SIZE).and_then(|sq| board.piece_at(sq));
            if board.piece_at(ep).is_some() || pawn != Some(Piece::new(mover, PAWN)) {
                return err(format!("no {mover} Pawn has just passed {ep} by two steps"));
            }
        }
        Ok(board)
    }
}

/// True if `a` and `b` are different squares that touch.
pub fn is_adjacent(a: Square, b: Square) -> bool {
    a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_text_round_trips_with_histories() {
        for text in [
            "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1 -",
            "4k3/8/8/8/8/8/8/NR2K3 b - - 1 1 a1~b1,b1=a1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7 d5=d7,e5=e2",
        ] {
            assert_eq!(Board::from_fen(text).unwrap().to_fen(), text);
        }
    }

    #[test]
    fn bad_position_texts_are_refused() {
        for text in [
            "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4=e2",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1:e2",
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
        ] {
            assert!(Board::from_fen(text).is_err(), "{text}");
        }
    }
}
