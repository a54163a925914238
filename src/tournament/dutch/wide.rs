//! A 512-bit signed integer, just wide enough for the Dutch system's edge weights.
//!
//! The weights pack every pairing criterion into one number, most important in the highest
//! bits, so that the heaviest matching is the best pairing. For a thousand players the packed
//! criteria need more than 128 bits; this type gives the matching exact integer arithmetic
//! (add, subtract, halve, compare) at that width, with no dependency.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// Bits in a [`Wide`].
pub const WIDE_BITS: u32 = 64 * LIMBS as u32;
const LIMBS: usize = 8;

/// Two's complement over 512 bits, least significant limb first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Wide {
    limbs: [u64; LIMBS],
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide { limbs: [0; LIMBS] };

    /// A small non-negative value.
    pub fn from_u128(value: u128) -> Wide {
        let mut limbs = [0; LIMBS];
        limbs[0] = value as u64;
        limbs[1] = (value >> 64) as u64;
        Wide { limbs }
    }

    /// A small signed value.
    pub fn from_i64(value: i64) -> Wide {
        let fill = if value < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; LIMBS];
        limbs[0] = value as u64;
        Wide { limbs }
    }

    /// `self + value * 2^at`, where the bits of `self` from `at` up to the width of `value`
    /// are zero (a field written into its place): a few limbs touched, where building the
    /// same weight by shifting it whole for each field costs a pass over every limb.
    pub fn with_field(mut self, at: u32, value: u128) -> Wide {
        self.add_field(at, value);
        self
    }

    /// [`Wide::with_field`] in place (a weight is built from a dozen fields, most of them
    /// zero, without copying it for each).
    pub fn add_field(&mut self, at: u32, value: u128) {
        if value == 0 {
            return;
        }
        let limbs = &mut self.limbs;
        let (whole, part) = ((at / 64) as usize, at % 64);
        // `value << part` as 192 bits: the low 128, then the bits shifted out of them.
        let low = value << part;
        let high = if part == 0 { 0 } else { (value >> (128 - part)) as u64 };
        for (i, limb) in [low as u64, (low >> 64) as u64, high].into_iter().enumerate() {
            if whole + i < LIMBS {
                limbs[whole + i] |= limb;
            }
        }
    }

    /// Shift left by `bits`; bits shifted out are lost.
    pub fn shl(self, bits: u32) -> Wide {
        let whole = (bits / 64) as usize;
        let part = bits % 64;
        let mut limbs = [0; LIMBS];
        for i in (whole..LIMBS).rev() {
            let src = i - whole;
            let mut v = self.limbs[src] << part;
            if part > 0 && src > 0 {
                v |= self.limbs[src - 1] >> (64 - part);
            }
            limbs[i] = v;
        }
        Wide { limbs }
    }

    /// Floor of half (an arithmetic shift right by one).
    pub fn half(self) -> Wide {
        let mut limbs = [0; LIMBS];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let upper = if i + 1 < LIMBS { self.limbs[i + 1] << 63 } else { self.limbs[i] & (1 << 63) };
            *limb = (self.limbs[i] >> 1) | upper;
        }
        Wide { limbs }
    }

    /// True below zero.
    pub fn is_negative(self) -> bool {
        self.limbs[LIMBS - 1] >> 63 == 1
    }

    /// True when odd.
    pub fn is_odd(self) -> bool {
        self.limbs[0] & 1 == 1
    }

    /// The bits of the magnitude: the position above the highest bit that differs from the
    /// sign (0 for 0 and -1), so that `-2^bits <= self < 2^bits`.
    pub fn magnitude_bits(self) -> u32 {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        for i in (0..LIMBS).rev() {
            let x = self.limbs[i] ^ fill;
            if x != 0 {
                return 64 * i as u32 + 64 - x.leading_zeros();
            }
        }
        0
    }

    /// True for zero.
    pub fn is_zero(self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }

    /// `a + b - w - w` in one pass over the limbs (the matcher's slack, its hottest sum):
    /// each limb's sum is exact in an `i128` and its carry (or borrow) goes to the next, so
    /// the result is the same two's complement value as the four operations one by one.
    pub fn slack(a: Wide, b: Wide, w: Wide) -> Wide {
        let mut limbs = [0; LIMBS];
        let mut carry: i128 = 0;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let sum = a.limbs[i] as i128 + b.limbs[i] as i128 - 2 * w.limbs[i] as i128 + carry;
            *limb = sum as u64;
            carry = sum >> 64;
        }
        Wide { limbs }
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        let mut limbs = [0; LIMBS];
        let mut carry = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let (a, c1) = self.limbs[i].overflowing_add(other.limbs[i]);
            let (b, c2) = a.overflowing_add(carry as u64);
            *limb = b;
            carry = c1 || c2;
        }
        Wide { limbs }
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        let mut limbs = [0; LIMBS];
        let mut borrow = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let (a, b1) = self.limbs[i].overflowing_sub(other.limbs[i]);
            let (b, b2) = a.overflowing_sub(borrow as u64);
            *limb = b;
            borrow = b1 || b2;
        }
        Wide { limbs }
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        let top = (self.limbs[LIMBS - 1] as i64).cmp(&(other.limbs[LIMBS - 1] as i64));
        if top != Ordering::Equal {
            return top;
        }
        for i in (0..LIMBS - 1).rev() {
            if self.limbs[i] != other.limbs[i] {
                return self.limbs[i].cmp(&other.limbs[i]);
            }
        }
        Ordering::Equal
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
        assert_eq!(Wide::from_i64(-3) + Wide::from_u128(5), Wide::from_u128(2));
        assert_eq!((one - sum) + sum, one);
        assert_eq!(sum.half(), Wide::from_u128(1).shl(127));
        assert_eq!((Wide::ZERO - Wide::from_u128(4)).half(), Wide::ZERO - Wide::from_u128(2));
        assert!(Wide::ZERO - one < Wide::ZERO);
        assert!(sum > big);
        assert_eq!(Wide::ZERO.with_field(200, 3).with_field(0, 5), Wide::from_u128(3).shl(200) + Wide::from_u128(5));
    }

    /// A field written in place is the value shifted and added, at every offset (across limb
    /// boundaries, and into the top limb, where what passes the width is lost as in `shl`).
    #[test]
    fn a_field_written_in_place_is_the_shifted_value() {
        let mut seed = 0x9E3779B97F4A7C15u64;
        for at in 0..WIDE_BITS {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let value = ((seed as u128) << 64 | seed.rotate_left(17) as u128) >> (seed % 128);
            let below = Wide::from_u128(1).shl(at) - Wide::from_u128(1);
            assert_eq!(below.with_field(at, value), below + Wide::from_u128(value).shl(at), "{at}");
            assert_eq!(Wide::ZERO.with_field(at, value), Wide::from_u128(value).shl(at), "{at}");
        }
    }

    #[test]
    fn magnitude_bits_bound_the_value() {
        assert_eq!(Wide::ZERO.magnitude_bits(), 0);
        assert_eq!(Wide::from_i64(-1).magnitude_bits(), 0);
        assert_eq!(Wide::from_u128(1).magnitude_bits(), 1);
        assert_eq!(Wide::from_i64(-2).magnitude_bits(), 1);
        assert_eq!(Wide::from_u128(255).magnitude_bits(), 8);
        assert_eq!(Wide::from_i64(-256).magnitude_bits(), 8);
        assert_eq!(Wide::from_u128(1).shl(300).magnitude_bits(), 301);
        assert_eq!((Wide::ZERO - Wide::from_u128(1).shl(300)).magnitude_bits(), 300);
    }

    /// The one-pass slack is the four operations' value, carries and borrows across every
    /// limb included, negative results too.
    #[test]
    fn the_one_pass_slack_is_the_sum_of_its_terms() {
        let mut seed = 0x2545F4914F6CDD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        fn value(next: &mut dyn FnMut() -> u64) -> Wide {
            let mut limbs = [0; LIMBS];
            for limb in &mut limbs {
                *limb = match next() % 4 {
                    0 => 0,
                    1 => u64::MAX,
                    _ => next(),
                };
            }
            Wide { limbs }
        }
        for _ in 0..20000 {
            let (a, b, w) = (value(&mut next), value(&mut next), value(&mut next));
            assert_eq!(Wide::slack(a, b, w), a + b - w - w);
        }
    }
}
