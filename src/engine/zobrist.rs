//! Zobrist keys for recognising repeated positions.
//!
//! The keys come from SplitMix64 over fixed inputs, so they are the same on every machine and
//! in every build: a stored game's repetition history never changes meaning.

use std::sync::OnceLock;

use super::geometry::{LAYOUT_SQUARES, Square};
use super::piece::{Color, MAX_ROLES, Piece};
use super::rules::MAX_CASTLERS;

/// SplitMix64 (Steele, Lea and Flood), a fixed, documented mixing function.
pub(crate) const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

struct Keys {
    pieces: Vec<u64>,
    /// The rights of the first castling piece (the king).
    castling: [u64; 4],
    en_passant: [u64; LAYOUT_SQUARES],
    black_to_move: u64,
    /// The rights of the other castling pieces (Crown's queen). Drawn after all the others, so
    /// that adding them changed no key that stored games already use.
    more_castling: [u64; 4 * (MAX_CASTLERS - 1)],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut counter = 0u64;
        let mut next = || {
            counter += 1;
            splitmix64(0x6865_7261_6c64 ^ counter)
        };
        Keys {
            pieces: (0..2 * MAX_ROLES * LAYOUT_SQUARES).map(|_| next()).collect(),
            castling: [next(), next(), next(), next()],
            en_passant: std::array::from_fn(|_| next()),
            black_to_move: next(),
            more_castling: std::array::from_fn(|_| next()),
        }
    })
}

/// Key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    keys().pieces[(piece.color.index() * MAX_ROLES + piece.role.index()) * LAYOUT_SQUARES + sq.index()]
}

/// Key of one castling right: `color`'s castling piece number `castler` with the rook in
/// `direction` (0 towards the higher files, 1 towards the lower).
#[inline]
pub(crate) fn castling(color: Color, castler: usize, direction: usize) -> u64 {
    match castler {
        0 => keys().castling[color.index() * 2 + direction],
        n => keys().more_castling[((n - 1) * 2 + color.index()) * 2 + direction],
    }
}

/// Key of an en passant square.
#[inline]
pub(crate) fn en_passant(sq: Square) -> u64 {
    keys().en_passant[sq.index()]
}

/// Key of Black being to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    keys().black_to_move
}
