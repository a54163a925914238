//! The random armies and setup, drawn from the game's fair random stream
//! ([`crate::variants::chance::FairRng`]) in an order fixed here and in
//! docs/rules/secret-intelligence.md, so that anyone can recompute a game's setup from its
//! opened seeds.
//!
//! 1. White's pair: `below(4)` picks from [`PAIRS`] (Queen + Centaur, Marshall + Dragon
//!    Horse, Archbishop + Dragon King, Decoy + Spy). Then Black's pair the same way.
//! 2. White's army, then Black's, is placed piece by piece. For each piece the candidates
//!    are the side's empty squares of its first three ranks that the piece's condition
//!    allows, in the order: the side's first rank from the a-file to the h-file, then its
//!    second rank, then its third (for Black: a8..h8, a7..h7, a6..h6); `below(count)` picks
//!    one. The pieces and conditions, in order:
//!    King (first two ranks); the eight Pawns one by one (second or third rank); a Bishop on
//!    a dark square; a Bishop on a light square; a Rook on the a- to d-files; a Knight on the
//!    a- to d-files; a Rook on the e- to h-files; a Knight on the e- to h-files; the pair's
//!    first piece, then its second (anywhere on the three ranks).
//! 3. If a piece finds no candidate (only possible when the King, the Pawns and the Bishops
//!    fill a half of the three ranks), that side's placement starts again from its King,
//!    with the next numbers of the stream.
//! 4. If, with both armies placed, either King is attacked, both placements are drawn again
//!    (from White's King, pairs kept), with the next numbers of the stream.

use super::board::{
    ARCHBISHOP, BISHOP, Board, CENTAUR, DECOY, DRAGON_HORSE, DRAGON_KING, KING, KNIGHT, MARSHALL, PAWN, QUEEN, ROOK,
    SPY,
};
use crate::engine::geometry::Square;
use crate::engine::piece::{Color, Piece, Role};
use crate::variants::chance::FairRng;

/// The four pairs a side's army may get, in the order of the rules page (the die's faces 1
/// to 4 are the draws 0 to 3).
pub const PAIRS: [[Role; 2]; 4] = [[QUEEN, CENTAUR], [MARSHALL, DRAGON_HORSE], [ARCHBISHOP, DRAGON_KING], [DECOY, SPY]];

/// Where a piece of the setup may go, on its side's first three ranks.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// The first two ranks (the King).
    FirstTwoRanks,
    /// The second or third rank (a Pawn).
    SecondOrThirdRank,
    /// A dark square (a1 is dark).
    Dark,
    /// A light square.
    Light,
    /// The a- to d-files.
    LeftHalf,
    /// The e- to h-files.
    RightHalf,
    /// Anywhere.
    Anywhere,
}

impl Place {
    /// `relative_rank` counts from the side's own edge, 0 to 2.
    fn allows(self, sq: Square, relative_rank: u8) -> bool {
        match self {
            Place::FirstTwoRanks => relative_rank <= 1,
            Place::SecondOrThirdRank => relative_rank >= 1,
            Place::Dark => sq.is_dark(),
            Place::Light => !sq.is_dark(),
            Place::LeftHalf => sq.file() < 4,
            Place::RightHalf => sq.file() >= 4,
            Place::Anywhere => true,
        }
    }
}

/// The pieces of an army with its `pair`, in the order they are placed.
fn placement_order(pair: [Role; 2]) -> Vec<(Role, Place)> {
    let mut order = vec![(KING, Place::FirstTwoRanks)];
    order.extend([(PAWN, Place::SecondOrThirdRank); 8]);
    order.extend([
        (BISHOP, Place::Dark),
        (BISHOP, Place::Light),
        (ROOK, Place::LeftHalf),
        (KNIGHT, Place::LeftHalf),
        (ROOK, Place::RightHalf),
        (KNIGHT, Place::RightHalf),
        (pair[0], Place::Anywhere),
        (pair[1], Place::Anywhere),
    ]);
    order
}

/// `color`'s first three ranks in candidate order: its first rank a to h, then its second,
/// then its third, each with its rank counted from `color`'s edge.
fn home_squares(color: Color) -> impl Iterator<Item = (Square, u8)> {
    (0..3u8).flat_map(move |relative| {
        let rank = if color.is_white() { relative } else { 7 - relative };
        (0..8u8).filter_map(move |file| Square::new(file, rank)).map(move |sq| (sq, relative))
    })
}

/// One attempt at placing `color`'s army on `board`; `false` if a piece found no square.
fn try_place(board: &mut Board, color: Color, pair: [Role; 2], rng: &mut FairRng) -> bool {
    for (role, place) in placement_order(pair) {
        let candidates: Vec<Square> = home_squares(color)
            .filter(|&(sq, relative)| board.piece_at(sq).is_none() && place.allows(sq, relative))
            .map(|(sq, _)| sq)
            .collect();
        if candidates.is_empty() {
            return false;
        }
        board.put(*rng.pick(&candidates), Piece::new(color, role));
    }
    true
}

/// Places `color`'s army, starting again from its King after a dead end.
fn place(board: &Board, color: Color, pair: [Role; 2], rng: &mut FairRng) -> Board {
    loop {
        let mut attempt = *board;
        if try_place(&mut attempt, color, pair, rng) {
            return attempt;
        }
    }
}

/// The armies' pairs (indices into [`PAIRS`], White's first) and the start position, White
/// to move, drawn from `rng` by the documented procedure.
pub fn draw(rng: &mut FairRng) -> ([usize; 2], Board) {
    let white = rng.below(4) as usize;
    let black = rng.below(4) as usize;
    loop {
        let with_white = place(&Board::empty(), Color::White, PAIRS[white], rng);
        let board = place(&with_white, Color::Black, PAIRS[black], rng);
        if !board.in_check(Color::White) && !board.in_check(Color::Black) {
            return ([white, black], board);
        }
    }
}
