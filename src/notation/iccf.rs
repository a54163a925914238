//! ICCF numeric notation, the correspondence federation's language-free form: the origin's
//! file and rank as digits (a = 1), then the destination's ("5254" for e2-e4), and for a
//! promotion a fifth digit, 1 queen, 2 rook, 3 bishop, 4 knight ("71812" for g7-h8=R).
//! Castling is the king's move ("5171" for O-O). Only boards of at most 9x9 can be written so,
//! and only promotions to those four pieces. `input` reads it.

use crate::engine::position::Move;
use crate::engine::rules::Rules;

/// Whether the variant's board can be written in numbers: at most 9x9.
pub fn fits(rules: &Rules) -> bool {
    let size = rules.size();
    size.files <= 9 && size.ranks <= 9
}

/// The numeric form of `m`, if the board and the promotion allow one.
pub fn write(rules: &Rules, m: Move) -> Option<String> {
    if !fits(rules) {
        return None;
    }
    let digit = |n: u8| char::from(b'1' + n);
    let mut out: String = [m.from.file(), m.from.rank(), m.to.file(), m.to.rank()].into_iter().map(digit).collect();
    if let Some(role) = m.promotion() {
        out.push(match rules.piece(role).letter {
            'Q' => '1',
            'R' => '2',
            'B' => '3',
            'N' => '4',
            _ => return None,
        });
    }
    Some(out)
}
