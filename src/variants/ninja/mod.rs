//! The ninja: the seed's optional additional piece for Crown (shared/seeds/crown.txt, section
//! "Additional pieces"; herald's reading and choices are in docs/rules/ninja.md), as a piece
//! any chess-family variant can host.
//!
//! - **One per player, in reserve** at the start: "at the beginning this piece is in reserve
//!   (not on the board) and can be dropped to any free square of the board later, on any
//!   move". A drop is a move (`J@e4`).
//! - **Exactly two king steps**, the second from the square the first reached: straight,
//!   bent, or back to its own square. "The piece can take in each its step opponent's pieces
//!   and jump over any piece": the first step jumps whatever stands there and may capture an
//!   enemy piece (written with `x`: `Je4xe5-f6`); the second step captures an enemy piece on
//!   the square it ends on, and may not end on an own piece (except back on the square the
//!   ninja left). Two out-and-back steps with nothing captured are a pass (`Je4-e4`).
//! - **Over the edge, back to reserve**: a step off the board takes the ninja into its
//!   owner's reserve, keeping what its first step captured (`Jb2-off`, `Jb2xa2-off`); it can
//!   be dropped again later. **Captured, it is gone** for good.
//! - It **attacks every square within two king steps** (the 5x5 around it), whatever stands
//!   between, which is exactly Betza `KNAD`: [`piece`] is that [`PieceDef`], so the engine's
//!   attack tables answer every "is this square attacked" question — check, castling, the
//!   check rule of the other pieces' moves — with the ninja in them.
//! - A move is its **effect**, not its path: where the ninja ends (a square, or the reserve)
//!   and which squares it captured on. The 64 paths of two king steps make far fewer moves.
//!
//! # Hosting the ninja
//!
//! A host variant adds [`piece`] to its [`VariantDef`] (see [`add_to`]) and keeps a
//! [`Reserve`] beside its [`Position`]. The engine's own moves of the ninja (the `KNAD` table
//! moves) are never a player's moves: the host takes the engine's moves of every other piece
//! ([`without_ninja`]) plus this module's moves.
//!
//! - [`moves`]`(pos, color, in_reserve, out)`: every pseudo-legal ninja move of `color`
//!   (drops when `in_reserve`), no check test; [`legal_moves`] filters them by the engine's
//!   check rule (no move may leave the side's royal piece, if it has one, attacked).
//! - [`NinjaMove`] is plain data, so that a host can carry a move out step by step: the
//!   first step's capture with [`first_step`], then the rest with [`last_step`] (the ninja
//!   lands, capturing there, or goes to reserve, or — a drop — is placed), then
//!   [`Position::end_turn`]; [`play`] does all three. Crown ends the game at a first-step
//!   capture of the crowned monarch; crown-2 blows the ninja up (removes it from `from`) at a
//!   first-step capture of a mined stone and skips [`last_step`].
//! - [`notation::write`] and [`notation::parse`] write and read a move (the host adds its
//!   check marks); [`notation::is_ninja_text`] tells the host which reader a player's text is
//!   for.
//! - [`Reserve::take_from_holdings`] and [`Reserve::holdings`] read and write the ninjas in a
//!   FEN's bracketed holdings (`[Jj]`, or among other pieces in hand, `[SSSJsssj]`);
//!   [`read_fen`] and [`write_fen`] do the whole FEN for a host whose only held pieces are
//!   ninjas; [`check_count`] refuses a second ninja of one side.
//! - [`status`] is the line every view shows under the board ("Ninjas: White's in reserve;
//!   Black's on f6.").
//!
//! [`open`] is the first host: chess and Capablanca chess with a ninja each.

pub mod notation;
pub mod open;

use crate::engine::geometry::Square;
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::{Move, Position};
use crate::engine::rules::{PieceDef, Rules, VariantDef};
use crate::notation::fen;
use crate::variants::{self, Variant};

/// The ninja's letter, in FEN and in its moves: `J` (White's `J`, Black's `j` on the board and
/// in holdings; in a move always `J`, since `j` is a file on 10x8 boards).
pub const LETTER: char = 'J';

/// The ninja as a piece of the engine: its attacks are every square within two king steps,
/// jumping. "Let it can move only on 2 steps (1 step is a transfer onto neighbour square)": `K`
/// reaches the neighbours, `D`, `N` and `A` the squares two steps away.
pub fn piece() -> PieceDef {
    PieceDef::new("Ninja", LETTER, "KNAD")
}

/// `def` with the ninja added as its last piece (so the host's other roles keep their
/// numbers). The start FEN and the promotion letters are the host's: a pawn never promotes to
/// a ninja.
pub fn add_to(mut def: VariantDef, start_fen: &'static str) -> VariantDef {
    def.pieces.push(piece());
    def.start_fen = start_fen;
    def
}

/// What `--with ninja` adds to a variant's id: a game of `chess` with ninjas is a game of
/// `chess+ninja`.
pub const SUFFIX: &str = "+ninja";

/// The variant a game of `base` is played as when it has ninjas (`herald game new --variant
/// chess --with ninja`): the variant `base+ninja`, or, when there is none, why not, naming the
/// variants that take the ninja.
pub fn with_ninja(base: &str) -> Result<&'static dyn Variant, String> {
    if let Some(host) = variants::by_id(&format!("{base}{SUFFIX}")) {
        return Ok(host);
    }
    let hosts: Vec<&str> = variants::all().iter().filter_map(|v| v.id().strip_suffix(SUFFIX)).collect();
    let which = if variants::by_id(base).is_some() { "is not played with" } else { "is no variant that takes" };
    Err(format!("{base} {which} the ninja; the variants with a ninja are: {}", hosts.join(", ")))
}

/// The ninja's role in `rules`, if the variant has one.
pub fn role(rules: &Rules) -> Option<Role> {
    rules.pieces().iter().position(|p| p.letter == LETTER).map(|i| Role(i as u8))
}

/// True if the piece on `sq` is a ninja.
pub fn is_ninja(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_some_and(|p| pos.rules().piece(p.role).letter == LETTER)
}

/// Drops from `moves` the engine's table moves of the ninja, which are never a player's: a
/// host plays the engine's moves of every other piece and this module's ninja moves.
pub fn without_ninja(pos: &Position, moves: &mut Vec<Move>) {
    moves.retain(|m| !is_ninja(pos, m.from));
}

/// Whether each side's ninja is in reserve. A ninja that is neither on the board nor in
/// reserve was captured: gone for good.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve([bool; 2]);

impl Reserve {
    /// Neither ninja in reserve.
    pub const EMPTY: Reserve = Reserve([false; 2]);
    /// Both ninjas in reserve: the start of every game with ninjas.
    pub const BOTH: Reserve = Reserve([true; 2]);

    /// True if `color`'s ninja is in reserve.
    pub fn has(self, color: Color) -> bool {
        self.0[color.index()]
    }

    /// Puts `color`'s ninja in reserve, or takes it out.
    pub fn set(&mut self, color: Color, in_reserve: bool) {
        self.0[color.index()] = in_reserve;
    }

    /// `color`'s ninja in a FEN's holdings: `J`, `j`, or nothing.
    pub fn holdings(self, color: Color) -> &'static str {
        match (self.has(color), color) {
            (false, _) => "",
            (true, Color::White) => "J",
            (true, Color::Black) => "j",
        }
    }

    /// Reads the ninjas out of a FEN's holdings (the letters in brackets, see
    /// [`fen::split_holdings`]), each at most once; returns the reserve and the other letters,
    /// in their order, for a host with other pieces in hand (crown-2's stones).
    pub fn take_from_holdings(held: &str) -> Result<(Reserve, String), String> {
        let mut reserve = Reserve::EMPTY;
        let mut rest = String::new();
        for c in held.chars() {
            let color = match c {
                'J' => Color::White,
                'j' => Color::Black,
                other => {
                    rest.push(other);
                    continue;
                }
            };
            if reserve.has(color) {
                return Err(format!("{held:?}: each player has one ninja, so {c} is held once at most"));
            }
            reserve.set(color, true);
        }
        Ok((reserve, rest))
    }
}

/// Where a side's ninja is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// On the board.
    Board(Square),
    /// In its owner's reserve, to be dropped.
    Reserve,
    /// Captured: gone for good.
    Gone,
}

/// Where `color`'s ninja is.
pub fn whereabouts(pos: &Position, reserve: Reserve, color: Color) -> Whereabouts {
    if let Some(sq) = pos.occupied_by(color).find(|&sq| is_ninja(pos, sq)) {
        Whereabouts::Board(sq)
    } else if reserve.has(color) {
        Whereabouts::Reserve
    } else {
        Whereabouts::Gone
    }
}

/// The line under the board in every view: "Ninjas: White's in reserve; Black's on f6." (or
/// "captured"). The ninjas are no secret.
pub fn status(pos: &Position, reserve: Reserve) -> String {
    let words: Vec<String> = Color::BOTH
        .into_iter()
        .map(|color| {
            let place = match whereabouts(pos, reserve, color) {
                Whereabouts::Board(sq) => format!("on {sq}"),
                Whereabouts::Reserve => "in reserve".to_string(),
                Whereabouts::Gone => "captured".to_string(),
            };
            format!("{}'s {place}", color.title())
        })
        .collect();
    format!("Ninjas: {}.", words.join("; "))
}

/// Refuses a position in which a side has more than one ninja, on the board and in reserve
/// together: "each player has one".
pub fn check_count(pos: &Position, reserve: Reserve) -> Result<(), String> {
    for color in Color::BOTH {
        let on_board = pos.occupied_by(color).filter(|&sq| is_ninja(pos, sq)).count();
        if on_board + usize::from(reserve.has(color)) > 1 {
            return Err(format!("{color} has more than one ninja; each player has one at most"));
        }
    }
    Ok(())
}

/// Reads a FEN whose holdings, if any, are ninjas alone (`.../RNBQKBNR[Jj] w KQkq - 0 1`); no
/// brackets means no ninja in reserve.
pub fn read_fen(rules: &'static Rules, text: &str) -> Result<(Position, Reserve), String> {
    let (plain, held) = fen::split_holdings(text).map_err(|e| e.to_string())?;
    let (reserve, others) = Reserve::take_from_holdings(held.as_deref().unwrap_or(""))?;
    if let Some(c) = others.chars().next() {
        return Err(format!("'{c}' cannot be held in reserve in this variant: only the ninjas, J and j"));
    }
    if role(rules).is_none() && reserve != Reserve::EMPTY {
        return Err("this variant has no ninja".to_string());
    }
    let pos = fen::read(rules, &plain).map_err(|e| e.to_string())?;
    check_count(&pos, reserve)?;
    Ok((pos, reserve))
}

/// Writes a position and its reserve as FEN, the ninjas in reserve in brackets after the board
/// (nothing when neither is).
pub fn write_fen(pos: &Position, reserve: Reserve) -> String {
    let held = format!("{}{}", reserve.holdings(Color::White), reserve.holdings(Color::Black));
    fen::join_holdings(&fen::write(pos), &held)
}

/// Where a ninja's move ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NinjaEnd {
    /// On this square (the square it left, for a return).
    Square(Square),
    /// Over the edge, in its owner's reserve.
    Off,
}

/// A ninja's move, as its effect: where it ends and what it captured. The squares captured
/// are `first_capture` and the end square when an enemy piece stands there.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NinjaMove {
    /// From reserve onto an empty square.
    Drop(Square),
    /// Two king steps from `from`.
    Steps {
        /// The ninja's square.
        from: Square,
        /// The square of the first step, when the ninja captured the enemy piece there (it
        /// may also jump it: then this is `None`).
        first_capture: Option<Square>,
        /// Where the second step (or a first step off the board) ends.
        end: NinjaEnd,
    },
}

impl NinjaMove {
    /// The square a moving ninja leaves (`None` for a drop).
    pub fn from(self) -> Option<Square> {
        match self {
            NinjaMove::Drop(_) => None,
            NinjaMove::Steps { from, .. } => Some(from),
        }
    }

    /// The square the ninja stands on after the move (`None` if it went over the edge).
    pub fn to(self) -> Option<Square> {
        match self {
            NinjaMove::Drop(sq) | NinjaMove::Steps { end: NinjaEnd::Square(sq), .. } => Some(sq),
            NinjaMove::Steps { end: NinjaEnd::Off, .. } => None,
        }
    }

    /// The square of the second step's capture in `pos`, the position before the move: the
    /// end square, when an enemy piece of the mover stands there.
    pub fn end_capture(self, pos: &Position) -> Option<Square> {
        let NinjaMove::Steps { from, end: NinjaEnd::Square(sq), .. } = self else { return None };
        let mover = pos.piece_at(from)?.color;
        pos.piece_at(sq).is_some_and(|p| p.color != mover).then_some(sq)
    }

    /// True if the move captures anything in `pos`, the position before it.
    pub fn is_capture(self, pos: &Position) -> bool {
        matches!(self, NinjaMove::Steps { first_capture: Some(_), .. }) || self.end_capture(pos).is_some()
    }
}

/// The eight king steps.
const KING_STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Appends every pseudo-legal ninja move of `color` in `pos` to `out`: the drops on every empty
/// square when its ninja is `in_reserve`, and the two-step moves of its ninja on the board.
/// No check test: the host filters by its own check rule (see [`legal_moves`]).
///
/// The paths: for each of the eight first steps, a step off the board ends the move in
/// reserve; otherwise the first square is jumped, or, holding an enemy piece, captured, and
/// each of the eight second steps from it ends off the board (in reserve), back on the
/// ninja's square, on an empty square, or on an enemy piece (captured) — never on an own
/// piece. Paths with the same effect are one move.
pub fn moves(pos: &Position, color: Color, in_reserve: bool, out: &mut Vec<NinjaMove>) {
    let size = pos.rules().size();
    if in_reserve {
        out.extend(size.squares().filter(|&sq| pos.piece_at(sq).is_none()).map(NinjaMove::Drop));
    }
    let own = |sq: Square| pos.piece_at(sq).is_some_and(|p| p.color == color);
    let enemy = |sq: Square| pos.piece_at(sq).is_some_and(|p| p.color != color);
    for from in pos.occupied_by(color).filter(|&sq| is_ninja(pos, sq)) {
        let first_of_this_ninja = out.len();
        let add = |out: &mut Vec<NinjaMove>, m: NinjaMove| {
            if !out[first_of_this_ninja..].contains(&m) {
                out.push(m);
            }
        };
        for (df, dr) in KING_STEPS {
            let Some(first) = from.offset(df, dr, size) else {
                add(out, NinjaMove::Steps { from, first_capture: None, end: NinjaEnd::Off });
                continue;
            };
            let captures: &[Option<Square>] = if enemy(first) { &[None, Some(first)] } else { &[None] };
            for &first_capture in captures {
                for (df, dr) in KING_STEPS {
                    let end = match first.offset(df, dr, size) {
                        None => NinjaEnd::Off,
                        Some(sq) if sq != from && own(sq) => continue,
                        Some(sq) => NinjaEnd::Square(sq),
                    };
                    add(out, NinjaMove::Steps { from, first_capture, end });
                }
            }
        }
    }
}

/// The side to move's ninja moves that keep its royal piece, if it has one, unattacked: the
/// engine's check rule, which FIDE hosts play by. A host without a royal piece (Crown while
/// its crowns are unknown) gets every pseudo-legal move.
pub fn legal_moves(pos: &Position, reserve: Reserve, out: &mut Vec<NinjaMove>) {
    let us = pos.turn();
    moves(pos, us, reserve.has(us), out);
    if pos.royal_square(us).is_some() {
        out.retain(|&m| keeps_royal_safe(pos, reserve, m));
    }
}

/// True if after the side to move plays `m` its royal piece (if any) is not attacked.
pub fn keeps_royal_safe(pos: &Position, reserve: Reserve, m: NinjaMove) -> bool {
    let us = pos.turn();
    let (mut after, mut reserve) = (*pos, reserve);
    play(&mut after, &mut reserve, m);
    after.royal_square(us).is_none_or(|k| !after.is_attacked(k, us.other()))
}

/// What a ninja's move captured: on its first step and where it ended.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    /// The piece taken on the first step, and its square.
    pub first: Option<(Square, Piece)>,
    /// The piece taken where the ninja ended, and its square.
    pub last: Option<(Square, Piece)>,
}

impl Captures {
    /// True if anything was captured (the fifty-move count starts again).
    pub fn any(self) -> bool {
        self.first.is_some() || self.last.is_some()
    }
}

/// The first step of `m` by the side to move: the capture on the first step's square, if the
/// move makes one. The ninja itself has not moved yet.
pub fn first_step(pos: &mut Position, m: NinjaMove) -> Option<(Square, Piece)> {
    match m {
        NinjaMove::Steps { first_capture: Some(sq), .. } => pos.remove_piece(sq).map(|p| (sq, p)),
        _ => None,
    }
}

/// The rest of `m` by the side to move, after [`first_step`]: a drop puts the ninja from
/// `reserve` on its square; a move of steps takes the ninja off its square and puts it where
/// the move ends, capturing the enemy piece there, or into `reserve` when it went over the
/// edge. The turn does not end (see [`Position::end_turn`]). `m` must be one of [`moves`]'s
/// for the side to move.
pub fn last_step(pos: &mut Position, reserve: &mut Reserve, m: NinjaMove) -> Option<(Square, Piece)> {
    let us = pos.turn();
    match m {
        NinjaMove::Drop(sq) => {
            let role = role(pos.rules()).expect("a drop is a move of a variant with a ninja");
            reserve.set(us, false);
            pos.place_piece(sq, Piece::new(us, role)).expect("a drop lands on an empty square");
            None
        }
        NinjaMove::Steps { from, end: NinjaEnd::Off, .. } => {
            pos.remove_piece(from);
            reserve.set(us, true);
            None
        }
        NinjaMove::Steps { from, end: NinjaEnd::Square(sq), .. } if sq == from => None,
        NinjaMove::Steps { from, end: NinjaEnd::Square(sq), .. } => {
            let taken = pos.remove_piece(sq).map(|p| (sq, p));
            pos.relocate_piece(from, sq).expect("a ninja lands on a square it emptied or found empty");
            taken
        }
    }
}

/// Plays `m` for the side to move: [`first_step`], [`last_step`], and the end of the turn
/// (the fifty-move count starts again after a capture; a drop, a pass or an exit counts on).
pub fn play(pos: &mut Position, reserve: &mut Reserve, m: NinjaMove) -> Captures {
    let first = first_step(pos, m);
    let last = last_step(pos, reserve, m);
    let captures = Captures { first, last };
    pos.end_turn(captures.any());
    captures
}
