//! A 256-bit signed integer, just wide enough for the Dutch system's edge weights.
//!
//! The weights pack every pairing criterion into one number, most important in the highest
//! bits, so that the heaviest matching is the best pairing. For a thousand players the packed
//! criteria need more than 128 bits; this type gives the matching exact integer arithmetic
//! (add, subtract, halve, compare) at that width, with no dependency.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// Two's complement over 256 bits: `hi` holds the upper (signed) half, `lo` the lower.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Wide {
    hi: i128,
    lo: u128,
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide { hi: 0, lo: 0 };

    /// A small non-negative value.
    pub fn from_u128(value: u128) -> Wide {
        Wide { hi: 0, lo: value }
    }

    /// `self * 2^bits + value`, for building a weight field by field (value < 2^bits).
    pub fn push_field(self, bits: u32, value: u128) -> Wide {
        debug_assert!(bits == 128 || value < (1u128 << bits.min(127)) || bits > 127);
        self.shl(bits) + Wide::from_u128(value)
    }

    /// Shift left by `bits` (< 256); bits shifted out are lost.
    pub fn shl(self, bits: u32) -> Wide {
        match bits {
            0 => self,
            1..=127 => Wide { hi: (self.hi << bits) | (self.lo >> (128 - bits)) as i128, lo: self.lo << bits },
            128..=255 => Wide { hi: (self.lo << (bits - 128)) as i128, lo: 0 },
            _ => Wide::ZERO,
        }
    }

    /// Floor of half (an arithmetic shift right by one).
    pub fn half(self) -> Wide {
        Wide { hi: self.hi >> 1, lo: (self.lo >> 1) | (((self.hi as u128) & 1) << 127) }
    }

    /// True below zero.
    pub fn is_negative(self) -> bool {
        self.hi < 0
    }

    /// True for zero.
    pub fn is_zero(self) -> bool {
        self.hi == 0 && self.lo == 0
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        Wide { hi: self.hi.wrapping_add(other.hi).wrapping_add(carry as i128), lo }
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        Wide { hi: self.hi.wrapping_sub(other.hi).wrapping_sub(borrow as i128), lo }
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        self.hi.cmp(&other.hi).then(self.lo.cmp(&other.lo))
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_the_halves() {
        let big = Wide::from_u128(u128::MAX);
        let one = Wide::from_u128(1);
        let sum = big + one;
        assert_eq!(sum, Wide::from_u128(1).shl(128));
        assert_eq!(sum - one, big);
        assert!((one - sum).is_negative());
        assert_eq!((one - sum) + sum, one);
        assert_eq!(sum.half(), Wide::from_u128(1).shl(127));
        assert_eq!((Wide::ZERO - Wide::from_u128(4)).half(), Wide::ZERO - Wide::from_u128(2));
        assert!(Wide::ZERO - one < Wide::ZERO);
        assert!(sum > big);
        assert_eq!(Wide::ZERO.push_field(8, 3).push_field(200, 5), Wide::from_u128(3).shl(200) + Wide::from_u128(5));
    }
}
