//! A variant's rules as data, and the move tables computed from them.
//!
//! Following Fairy-Stockfish, most of what makes a variant is data: the board size, the
//! pieces with their Betza movement, castling, promotion, the pawn's double step, what
//! stalemate means. [`Rules::new`] checks a [`VariantDef`] and precomputes, for every piece on
//! every square, the rays it moves along and, for every square, the rays along which it can be
//! attacked. Move generation then only walks these tables; nothing in it is 8x8-specific.

use std::fmt;

use super::betza::{self, BetzaError};
use super::geometry::{BoardSize, LAYOUT_SQUARES, MAX_FILES, MAX_RANKS, Square, SquareSet};
use super::piece::{Color, MAX_ROLES, Role};

/// One kind of piece of a variant.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// English name, e.g. "Knight".
    pub name: &'static str,
    /// Upper-case FEN and SAN letter, e.g. 'N'.
    pub letter: char,
    /// Movement in Betza notation, from White's side, e.g. "N" or "fmWfcF"; empty for a
    /// piece that never moves and attacks nothing (crown-2's stones, which only block and can
    /// be captured).
    pub betza: &'static str,
    /// Pawns promote, may double-step and capture en passant, and their moves reset the
    /// fifty-move count.
    pub pawn: bool,
    /// A royal piece must not be left attacked (check) and is the one that is mated. A
    /// position's royal pieces are those of the royal roles when it is set up; a variant may
    /// also name one during a game ([`crate::engine::Position::set_royal`]).
    pub royal: bool,
    /// A minor piece cannot force mate alone with its king (insufficient material).
    pub minor: bool,
    /// Stays on squares of one colour for the whole game (a bishop).
    pub color_bound: bool,
    /// More movement in Betza notation, move-only (`m`), whose rays are cut in the enemy half
    /// of the board (Royal Chess's Guards' minor moves): a ray goes on past a square only
    /// while that square is in the mover's own half, or lies on the first rank of the enemy
    /// half and the ray runs along that rank. So it ends on the first square it enters the
    /// enemy half by, and a ray that starts deeper in the enemy half goes one square unless
    /// that square leads back home. Empty for most pieces.
    pub confined: &'static str,
}

impl PieceDef {
    /// An ordinary piece with the given name, letter and movement.
    pub const fn new(name: &'static str, letter: char, betza: &'static str) -> PieceDef {
        PieceDef { name, letter, betza, pawn: false, royal: false, minor: false, color_bound: false, confined: "" }
    }

    /// Adds move-only movement cut in the enemy half of the board (see [`PieceDef::confined`]).
    pub const fn confined(mut self, betza: &'static str) -> PieceDef {
        self.confined = betza;
        self
    }

    /// Marks the piece as a pawn.
    pub const fn pawn(mut self) -> PieceDef {
        self.pawn = true;
        self
    }

    /// Marks the piece as royal.
    pub const fn royal(mut self) -> PieceDef {
        self.royal = true;
        self
    }

    /// Marks the piece as minor (cannot mate alone).
    pub const fn minor(mut self) -> PieceDef {
        self.minor = true;
        self
    }

    /// Marks the piece as bound to one square colour.
    pub const fn color_bound(mut self) -> PieceDef {
        self.color_bound = true;
        self
    }
}

/// The most pieces of one side that may castle (Crown: the king and the queen).
pub const MAX_CASTLERS: usize = 2;

/// Castling as in chess and its 10x8 relatives: a piece (the king; in Crown also the queen)
/// and a rook of the same home rank jump to fixed files. A variant lists one of these for each
/// piece that castles.
///
/// Whether castling may start from, pass over or land on an attacked square is not part of
/// the definition: the check rule forbids it for a royal piece, as for any other move of a
/// royal piece into check (and FIDE 3.8.2 adds: nor from or over an attacked square), and
/// nothing forbids it for a piece that is not royal (Crown's monarchs while the crown's place
/// is unknown).
#[derive(Clone, Debug)]
pub struct CastlingDef {
    /// The piece that castles with the rook.
    pub piece: Role,
    /// The piece it castles with.
    pub rook: Role,
    /// Files the castling piece lands on, by the direction of the rook:
    /// `[towards the higher files, towards the lower files]`.
    pub piece_to: [u8; 2],
    /// Files the rook lands on, in the same order.
    pub rook_to: [u8; 2],
    /// The direction (an index of `piece_to`) of the short castling: 0 for the chess king,
    /// whose short castling is with the h-rook; 1 for Crown's queen, whose nearer rook is on
    /// the a-file.
    pub short: usize,
    /// How SAN writes the short and the long castling: `["O-O", "O-O-O"]`, or Crown's
    /// `["K0-0", "K0-0-0"]` that say which piece castles.
    pub san: [&'static str; 2],
}

impl CastlingDef {
    /// Castling of `piece` with `rook` as in chess: short towards the higher files, written
    /// O-O and O-O-O.
    pub const fn new(piece: Role, rook: Role, piece_to: [u8; 2], rook_to: [u8; 2]) -> CastlingDef {
        CastlingDef { piece, rook, piece_to, rook_to, short: 0, san: ["O-O", "O-O-O"] }
    }

    /// The direction of the short (`long == false`) or long castling.
    pub const fn direction(&self, long: bool) -> usize {
        if long { 1 - self.short } else { self.short }
    }

    /// True if castling in `direction` is the long castling.
    pub const fn is_long(&self, direction: usize) -> bool {
        direction != self.short
    }
}

/// When a pawn may step two squares forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleStep {
    /// Never.
    Never,
    /// From this rank counted from its owner's edge (0-based; 1 in chess).
    FromRank(u8),
    /// From any rank (Quick Pawns).
    Anywhere,
}

/// What stalemate means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    /// A draw (FIDE).
    Draw,
    /// The stalemated side loses (Crown).
    Loss,
}

/// A variant's rules as data.
#[derive(Clone, Debug)]
pub struct VariantDef {
    /// Board size.
    pub size: BoardSize,
    /// The pieces; a [`Role`] is an index into this list.
    pub pieces: Vec<PieceDef>,
    /// Starting position in FEN.
    pub start_fen: &'static str,
    /// Castling, one entry per piece that castles (none, one, or at most [`MAX_CASTLERS`]).
    pub castling: Vec<CastlingDef>,
    /// Letters of the pieces a pawn may promote to, in the order SAN lists them.
    pub promotion: &'static str,
    /// The pawn's double step.
    pub double_step: DoubleStep,
    /// En passant capture of a double-stepped pawn.
    pub en_passant: bool,
    /// What stalemate means.
    pub stalemate: StalemateRule,
}

/// A [`VariantDef`] that cannot be turned into rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefinitionError {
    /// The board is larger than the fixed layout.
    BoardTooLarge(BoardSize),
    /// More roles than a role mask holds.
    TooManyPieces(usize),
    /// Two pieces share a letter.
    DuplicateLetter(char),
    /// A piece's movement cannot be read.
    Betza(BetzaError),
    /// A letter names no piece.
    UnknownLetter(char),
    /// More castling pieces than [`MAX_CASTLERS`], or one piece listed twice, or a short
    /// direction that is not 0 or 1.
    Castling,
    /// A piece's confined movement (see [`PieceDef::confined`]) may capture; it must be
    /// move-only, since the attack tables do not depend on the square's half.
    ConfinedCapture(char),
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DefinitionError::BoardTooLarge(s) => {
                write!(f, "a {}x{} board is larger than {MAX_FILES}x{MAX_RANKS}", s.files, s.ranks)
            }
            DefinitionError::TooManyPieces(n) => write!(f, "{n} piece kinds; at most {MAX_ROLES}"),
            DefinitionError::DuplicateLetter(c) => write!(f, "two pieces use the letter {c}"),
            DefinitionError::Betza(e) => e.fmt(f),
            DefinitionError::UnknownLetter(c) => write!(f, "no piece has the letter {c}"),
            DefinitionError::Castling => {
                write!(f, "at most {MAX_CASTLERS} different pieces castle, each with a short direction of 0 or 1")
            }
            DefinitionError::ConfinedCapture(c) => {
                write!(f, "the confined movement of {c} captures; it must be move-only (m)")
            }
        }
    }
}

impl std::error::Error for DefinitionError {}

/// One ray of a piece's movement from one square: the squares it passes, nearest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub start: u32,
    pub len: u8,
    pub moves: bool,
    pub captures: bool,
}

/// One ray along which a square can be attacked: the squares outward from it, and for each
/// distance the roles that capture from there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttackRay {
    pub start: u32,
    pub len: u8,
}

/// A contiguous slice of a table.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Span {
    pub start: u32,
    pub end: u32,
}

/// The checked rules of a variant with its precomputed tables.
#[derive(Debug)]
pub struct Rules {
    def: VariantDef,
    promotion_roles: Vec<Role>,
    pawn_mask: u32,
    royal_mask: u32,
    /// Per (color, role, square): span of `rays`.
    move_spans: Vec<Span>,
    rays: Vec<Ray>,
    ray_squares: Vec<Square>,
    /// Per (attacker color, square): span of `attack_rays`.
    attack_spans: Vec<Span>,
    attack_rays: Vec<AttackRay>,
    attack_cells: Vec<(Square, u32)>,
    /// Per square: the squares from which a rider of either colour could see it along a ray
    /// longer than one step. A piece that moves off a square outside this set of its king's
    /// square cannot uncover an attack on the king.
    rider_lines: Vec<SquareSet>,
}

impl Rules {
    /// Checks `def` and builds its tables.
    pub fn new(def: VariantDef) -> Result<Rules, DefinitionError> {
        let size = def.size;
        if size.files > MAX_FILES || size.ranks > MAX_RANKS || size.files == 0 || size.ranks == 0 {
            return Err(DefinitionError::BoardTooLarge(size));
        }
        if def.pieces.len() > MAX_ROLES {
            return Err(DefinitionError::TooManyPieces(def.pieces.len()));
        }
        for (i, p) in def.pieces.iter().enumerate() {
            if def.pieces[..i].iter().any(|q| q.letter == p.letter) {
                return Err(DefinitionError::DuplicateLetter(p.letter));
            }
        }
        let castlers = &def.castling;
        if castlers.len() > MAX_CASTLERS
            || castlers.iter().enumerate().any(|(i, c)| c.short > 1 || castlers[..i].iter().any(|d| d.piece == c.piece))
        {
            return Err(DefinitionError::Castling);
        }
        let mut promotion_roles = Vec::new();
        for c in def.promotion.chars() {
            let i = def.pieces.iter().position(|p| p.letter == c).ok_or(DefinitionError::UnknownLetter(c))?;
            promotion_roles.push(Role(i as u8));
        }
        let atoms: Vec<Vec<betza::Atom>> = def
            .pieces
            .iter()
            .map(|p| if p.betza.is_empty() { Ok(Vec::new()) } else { betza::parse(p.betza) })
            .collect::<Result<_, _>>()
            .map_err(DefinitionError::Betza)?;
        let confined: Vec<Vec<betza::Atom>> = def
            .pieces
            .iter()
            .map(|p| if p.confined.is_empty() { Ok(Vec::new()) } else { betza::parse(p.confined) })
            .collect::<Result<_, _>>()
            .map_err(DefinitionError::Betza)?;
        if let Some(p) = def.pieces.iter().zip(&confined).find(|(_, atoms)| atoms.iter().any(|a| a.captures)) {
            return Err(DefinitionError::ConfinedCapture(p.0.letter));
        }

        let roles = def.pieces.len();
        let max_distance = usize::from(MAX_FILES.max(MAX_RANKS));
        let mut rules = Rules {
            pawn_mask: mask_of(&def.pieces, |p| p.pawn),
            royal_mask: mask_of(&def.pieces, |p| p.royal),
            promotion_roles,
            move_spans: vec![Span::default(); 2 * roles * LAYOUT_SQUARES],
            rays: Vec::new(),
            ray_squares: Vec::new(),
            attack_spans: vec![Span::default(); 2 * LAYOUT_SQUARES],
            attack_rays: Vec::new(),
            attack_cells: Vec::new(),
            rider_lines: vec![SquareSet::EMPTY; LAYOUT_SQUARES],
            def,
        };

        for color in Color::BOTH {
            for (r, piece_atoms) in atoms.iter().enumerate() {
                for from in size.squares() {
                    let start = rules.rays.len() as u32;
                    for atom in piece_atoms {
                        for &(df, dr) in &atom.steps {
                            let path = walk(from, df, dr * color.forward(), atom.range, size);
                            if path.is_empty() {
                                continue;
                            }
                            let ray_start = rules.ray_squares.len() as u32;
                            rules.ray_squares.extend(&path);
                            rules.rays.push(Ray {
                                start: ray_start,
                                len: path.len() as u8,
                                moves: atom.moves,
                                captures: atom.captures,
                            });
                        }
                    }
                    for atom in &confined[r] {
                        for &(df, dr) in &atom.steps {
                            let path =
                                confine(from, walk(from, df, dr * color.forward(), atom.range, size), color, size);
                            if path.is_empty() {
                                continue;
                            }
                            let ray_start = rules.ray_squares.len() as u32;
                            rules.ray_squares.extend(&path);
                            rules.rays.push(Ray {
                                start: ray_start,
                                len: path.len() as u8,
                                moves: true,
                                captures: false,
                            });
                        }
                    }
                    let end = rules.rays.len() as u32;
                    rules.move_spans[span_index(color, Role(r as u8), from, roles)] = Span { start, end };
                }
            }
        }

        // Attack rays: a piece of `attacker` colour on square X captures on S along step v
        // exactly when S + (-v)*k = X. So from S we walk the reversed steps and record, per
        // distance, which roles would capture from there.
        for attacker in Color::BOTH {
            for target in size.squares() {
                // Collect per reversed step vector a mask per distance.
                let mut by_vector: Vec<((i8, i8), Vec<u32>)> = Vec::new();
                for (r, piece_atoms) in atoms.iter().enumerate() {
                    for atom in piece_atoms.iter().filter(|a| a.captures) {
                        for &(df, dr) in &atom.steps {
                            let v = (-df, -dr * attacker.forward());
                            let reach = if atom.range == 0 { max_distance } else { atom.range as usize };
                            let slot = match by_vector.iter().position(|(w, _)| *w == v) {
                                Some(i) => i,
                                None => {
                                    by_vector.push((v, vec![0; max_distance]));
                                    by_vector.len() - 1
                                }
                            };
                            for d in 0..reach.min(max_distance) {
                                by_vector[slot].1[d] |= 1 << r;
                            }
                        }
                    }
                }
                let start = rules.attack_rays.len() as u32;
                for ((df, dr), masks) in by_vector {
                    let path = walk(target, df, dr, 0, size);
                    let used = path.iter().zip(&masks).rposition(|(_, &m)| m != 0).map_or(0, |i| i + 1);
                    if used == 0 {
                        continue;
                    }
                    let cell_start = rules.attack_cells.len() as u32;
                    rules.attack_cells.extend(path.iter().zip(&masks).take(used).map(|(&s, &m)| (s, m)));
                    rules.attack_rays.push(AttackRay { start: cell_start, len: used as u8 });
                    if used > 1 {
                        for &s in &path[..used] {
                            rules.rider_lines[target.index()].insert(s);
                        }
                    }
                }
                let end = rules.attack_rays.len() as u32;
                rules.attack_spans[attacker.index() * LAYOUT_SQUARES + target.index()] = Span { start, end };
            }
        }
        Ok(rules)
    }

    /// The definition these rules were built from.
    pub fn def(&self) -> &VariantDef {
        &self.def
    }

    /// Board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.def.size
    }

    /// The piece table.
    pub fn pieces(&self) -> &[PieceDef] {
        &self.def.pieces
    }

    /// The definition of `role`.
    #[inline]
    pub fn piece(&self, role: Role) -> &PieceDef {
        &self.def.pieces[role.index()]
    }

    /// The role with this (case-insensitive) letter.
    pub fn role_by_letter(&self, letter: char) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        self.def.pieces.iter().position(|p| p.letter == upper).map(|i| Role(i as u8))
    }

    /// Roles a pawn may promote to.
    pub fn promotion_roles(&self) -> &[Role] {
        &self.promotion_roles
    }

    /// True if `role` is a pawn.
    #[inline]
    pub fn is_pawn(&self, role: Role) -> bool {
        self.pawn_mask & role.bit() != 0
    }

    /// The squares a `color` pawn on `from` passes over and lands on with a double step, if
    /// the variant's double-step rule lets it make one from there (emptiness is the caller's
    /// to check: what counts as empty differs where several pieces may share a square).
    pub fn double_step(&self, color: Color, from: Square) -> Option<(Square, Square)> {
        let size = self.size();
        let may = match self.def.double_step {
            DoubleStep::Never => false,
            DoubleStep::FromRank(r) => from.rank() == size.relative_rank(color.is_white(), r),
            DoubleStep::Anywhere => true,
        };
        let passed = from.offset(0, color.forward(), size).filter(|_| may)?;
        Some((passed, passed.offset(0, color.forward(), size)?))
    }

    /// True if a `color` piece of `role` on `from` captures onto `target` with the first step
    /// of one of its capturing rays: where a pawn takes en passant.
    pub fn captures_onto(&self, color: Color, role: Role, from: Square, target: Square) -> bool {
        self.rays(color, role, from).iter().any(|&ray| ray.captures && self.ray_squares(ray).first() == Some(&target))
    }

    /// True if `role` is royal.
    #[inline]
    pub fn is_royal(&self, role: Role) -> bool {
        self.royal_mask & role.bit() != 0
    }

    /// The castling definitions, one per piece that castles.
    pub fn castling(&self) -> &[CastlingDef] {
        &self.def.castling
    }

    /// The index in [`Rules::castling`] of the castling of `role`, if that piece castles.
    #[inline]
    pub fn castler_index(&self, role: Role) -> Option<usize> {
        self.def.castling.iter().position(|c| c.piece == role)
    }

    /// The royal role, if the variant has exactly one.
    pub fn royal_role(&self) -> Option<Role> {
        (self.royal_mask.count_ones() == 1).then(|| Role(self.royal_mask.trailing_zeros() as u8))
    }

    /// The rays along which a `color` `role` on `from` moves.
    #[inline]
    pub(crate) fn rays(&self, color: Color, role: Role, from: Square) -> &[Ray] {
        let span = self.move_spans[span_index(color, role, from, self.def.pieces.len())];
        &self.rays[span.start as usize..span.end as usize]
    }

    /// The squares of one ray, nearest first.
    #[inline]
    pub(crate) fn ray_squares(&self, ray: Ray) -> &[Square] {
        &self.ray_squares[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// The rays along which `attacker` can attack `target`.
    #[inline]
    pub(crate) fn attack_rays(&self, attacker: Color, target: Square) -> &[AttackRay] {
        let span = self.attack_spans[attacker.index() * LAYOUT_SQUARES + target.index()];
        &self.attack_rays[span.start as usize..span.end as usize]
    }

    /// The cells of one attack ray: square and roles capturing from it.
    #[inline]
    pub(crate) fn attack_cells(&self, ray: AttackRay) -> &[(Square, u32)] {
        &self.attack_cells[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// Squares from which a rider could see `sq` along a line (see `rider_lines`).
    #[inline]
    pub(crate) fn rider_lines(&self, sq: Square) -> SquareSet {
        self.rider_lines[sq.index()]
    }
}

fn mask_of(pieces: &[PieceDef], pred: impl Fn(&PieceDef) -> bool) -> u32 {
    pieces.iter().enumerate().filter(|(_, p)| pred(p)).fold(0, |m, (i, _)| m | 1 << i)
}

fn span_index(color: Color, role: Role, sq: Square, roles: usize) -> usize {
    (color.index() * roles + role.index()) * LAYOUT_SQUARES + sq.index()
}

/// Cuts a confined ray (see [`PieceDef::confined`]) from `from` for a `color` piece: it goes
/// on past a square only while the square is in `color`'s own half, or on the first rank of
/// the enemy half with the ray running along that rank.
fn confine(from: Square, mut path: Vec<Square>, color: Color, size: BoardSize) -> Vec<Square> {
    let half = size.ranks / 2;
    let relative = |sq: Square| if color.is_white() { sq.rank() } else { size.ranks - 1 - sq.rank() };
    let goes_on = |sq: Square| relative(sq) < half || (relative(sq) == half && sq.rank() == from.rank());
    if let Some(stop) = path.iter().position(|&sq| !goes_on(sq)) {
        path.truncate(stop + 1);
    }
    path
}

/// The squares reached from `from` by repeating the step `(df, dr)` up to `range` times
/// (0 = until the edge).
fn walk(from: Square, df: i8, dr: i8, range: u8, size: BoardSize) -> Vec<Square> {
    let mut out = Vec::new();
    let mut sq = from;
    while range == 0 || out.len() < range as usize {
        match sq.offset(df, dr, size) {
            Some(next) => {
                out.push(next);
                sq = next;
            }
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(pieces: Vec<PieceDef>) -> VariantDef {
        VariantDef {
            size: BoardSize::TEN_BY_EIGHT,
            pieces,
            start_fen: "",
            castling: Vec::new(),
            promotion: "",
            double_step: DoubleStep::Never,
            en_passant: false,
            stalemate: StalemateRule::Draw,
        }
    }

    /// The squares a piece of `color` moves to from `from` without capturing, on an empty board.
    fn reach(rules: &Rules, color: Color, from: Square) -> Vec<Square> {
        let mut all: Vec<Square> = rules
            .rays(color, Role(0), from)
            .iter()
            .filter(|ray| !ray.captures)
            .flat_map(|&ray| rules.ray_squares(ray).to_vec())
            .collect();
        all.sort();
        all
    }

    #[test]
    fn confined_rays_stop_in_the_enemy_half() {
        let rules = Rules::new(def(vec![PieceDef::new("Guard", 'G', "cW").confined("mfW3")])).unwrap();
        let sq = |f, r| Square::new(f, r).unwrap();
        // From the third rank (0-based 2) forward: the fourth rank, then the fifth, where the
        // ray enters the enemy half and ends.
        assert_eq!(reach(&rules, Color::White, sq(4, 2)).iter().filter(|s| s.file() == 4).count(), 2);
        // From the sixth rank: one square. For Black the halves are the other way round.
        assert_eq!(reach(&rules, Color::White, sq(4, 5)).iter().filter(|s| s.file() == 4).count(), 1);
        assert_eq!(reach(&rules, Color::Black, sq(4, 5)).iter().filter(|s| s.file() == 4).count(), 2);
    }

    #[test]
    fn confined_movement_may_not_capture() {
        let err = Rules::new(def(vec![PieceDef::new("Guard", 'G', "W").confined("F3")])).unwrap_err();
        assert_eq!(err, DefinitionError::ConfinedCapture('G'));
    }
}
