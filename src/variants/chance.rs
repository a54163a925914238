//! Fair randomness: every random choice of a game comes from a stream of numbers fixed by
//! documented inputs, the way "provably fair" online games draw theirs, so that neither the
//! referee nor either player alone decides the outcome of a draw, and anyone can recompute
//! it after the game.
//!
//! The inputs are the referee's seed (32 random bytes, committed by salted hash before the
//! players add theirs, opened at the end) and each player's own seed (a word sent before the
//! setup is drawn; empty if the player sent none). The stream is
//!
//! ```text
//! block(n) = HMAC-SHA256(key = the referee seed as 64 lower-case hex characters,
//!                        message = "<white seed>:<black seed>:<n>")      n = 0, 1, 2, ...
//! ```
//!
//! each block giving eight 32-bit numbers (big-endian, in order), all blocks in order. A
//! number below `k` is drawn by rejection: take the next 32-bit number `x`; if
//! `x < 2^32 - (2^32 mod k)` (the largest multiple of `k` at most 2^32: 2^32 itself when `k`
//! is a power of two), the draw is `x mod k`, else take the next one. A player's seed may not contain `:`, so the message says unambiguously whose seed is
//! whose. One block can be checked with a shell:
//!
//! ```text
//! printf '%s' 'WHITE:BLACK:0' | openssl dgst -sha256 -hmac 'REFEREE SEED HEX'
//! ```
//!
//! This is all written out here, with SHA-256 and HMAC as the only primitives, so that no
//! dependency update can ever change a game's draw; tests pin the stream with golden values.

use crate::notation::reason::Reason;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// Longest seed a player may send, in characters.
pub const MAX_PLAYER_SEED: usize = 64;

/// A player's seed as sent, checked: printable ASCII without spaces or `:`, at most
/// [`MAX_PLAYER_SEED`] characters. Empty means the player added none.
pub fn player_seed(text: &str) -> Result<String, Reason> {
    let seed = text.trim();
    if seed.chars().count() > MAX_PLAYER_SEED {
        return Err(Reason::new("reason-seed-too-long").number("most", MAX_PLAYER_SEED as i64));
    }
    if let Some(bad) = seed.chars().find(|c| !c.is_ascii_graphic() || *c == ':') {
        return Err(Reason::new("reason-seed-not-one-word").text("bad", format!("{bad:?}")));
    }
    Ok(seed.to_string())
}

/// The referee's seed as written in its commitment: 64 lower-case hex characters.
pub fn seed_hex(seed: &[u8; 32]) -> String {
    crate::hex::encode(seed)
}

/// Reads a referee seed written by [`seed_hex`].
pub fn parse_seed_hex(text: &str) -> Option<[u8; 32]> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    crate::hex::decode(text)?.try_into().ok()
}

/// HMAC-SHA256 of `message` under `key`, as raw bytes.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// The stream of fair random numbers of one game. Its `Debug` shows how far it has been read,
/// never its key or seeds: they decide the secret setup.
#[derive(Clone)]
pub struct FairRng {
    key: String,
    seeds: String,
    block: [u8; 32],
    next_block: u64,
    used: usize,
}

impl std::fmt::Debug for FairRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FairRng")
            .field("key", &"<secret>")
            .field("seeds", &"<secret>")
            .field("next_block", &self.next_block)
            .field("used", &self.used)
            .finish_non_exhaustive()
    }
}

impl FairRng {
    /// The stream for this referee seed and these player seeds (checked by [`player_seed`]).
    pub fn new(referee_seed: &[u8; 32], white_seed: &str, black_seed: &str) -> FairRng {
        FairRng {
            key: seed_hex(referee_seed),
            seeds: format!("{white_seed}:{black_seed}"),
            block: [0; 32],
            next_block: 0,
            used: 32,
        }
    }

    /// The next 32-bit number of the stream.
    pub fn next_u32(&mut self) -> u32 {
        if self.used == 32 {
            let message = format!("{}:{}", self.seeds, self.next_block);
            self.block = hmac_sha256(self.key.as_bytes(), message.as_bytes());
            self.next_block += 1;
            self.used = 0;
        }
        let word = &self.block[self.used..self.used + 4];
        self.used += 4;
        u32::from_be_bytes([word[0], word[1], word[2], word[3]])
    }

    /// A number in `0..n`, uniform, by rejection. `n` must not be 0.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "a draw needs at least one choice");
        loop {
            if let Some(draw) = draw_below(self.next_u32(), n) {
                return draw;
            }
        }
    }

    /// One element of `choices`, uniform.
    pub fn pick<'c, T>(&mut self, choices: &'c [T]) -> &'c T {
        let len = u32::try_from(choices.len()).expect("fewer than 2^32 choices");
        &choices[self.below(len) as usize]
    }
}

/// What the number `x` of the stream draws below `k`: `x mod k` if `x < 2^32 - (2^32 mod k)`,
/// else nothing (take the next). The bound is the largest multiple of `k` at most 2^32:
/// numbers at or above it would make the small remainders more likely.
pub fn draw_below(x: u32, k: u32) -> Option<u32> {
    let bound = (1u64 << 32) - ((1u64 << 32) % u64::from(k));
    (u64::from(x) < bound).then_some(x % k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// README's worked examples, and the rules page says the same: for `k = 4` (a power of
    /// two) every number is taken, the largest too; for `k = 3` the largest is refused.
    #[test]
    fn the_documented_rejection_examples() {
        assert_eq!(draw_below(4_294_967_295, 4), Some(3));
        assert_eq!(draw_below(4_294_967_295, 3), None);
        assert_eq!(draw_below(4_294_967_294, 3), Some(2));
        assert_eq!(draw_below(0, 1), Some(0));
        let readme = include_str!("../../README.md");
        let rules = include_str!("../../docs/rules/secret-intelligence.md");
        for (name, text) in [("README.md", readme), ("docs/rules/secret-intelligence.md", rules)] {
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(text.contains("`x < 2^32 - (2^32 mod k)`"), "{name} states the one formula");
            assert!(!text.contains("below 2^32"), "{name} says nothing else");
        }
        let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(readme.contains("the draw is `4294967295 mod 4 = 3`"), "README's example for k = 4");
    }

    /// HMAC-SHA256 test case 2 of RFC 4231, computed independently of this code.
    #[test]
    fn hmac_matches_rfc_4231() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(seed_hex(&mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    /// The first numbers of a stream, pinned: computed outside herald with
    /// `printf '%s' 'alice:bob:0' | openssl dgst -sha256 -hmac "$(printf '0%.0s' $(seq 64))"`
    /// = 2aed93d7 829a65ca 455f4256 ... (the key is 64 '0' characters: an all-zero seed).
    #[test]
    fn the_stream_is_the_documented_hmac() {
        let mut rng = FairRng::new(&[0; 32], "alice", "bob");
        assert_eq!(rng.next_u32(), 0x2aed93d7);
        assert_eq!(rng.next_u32(), 0x829a65ca);
        assert_eq!(rng.next_u32(), 0x455f4256);
        for _ in 3..8 {
            rng.next_u32();
        }
        // The ninth number opens block 1.
        let second = hmac_sha256("0".repeat(64).as_bytes(), b"alice:bob:1");
        assert_eq!(rng.next_u32(), u32::from_be_bytes(second[0..4].try_into().unwrap()));
    }

    #[test]
    fn below_rejects_the_biased_top_and_stays_in_range() {
        let mut rng = FairRng::new(&[7; 32], "", "");
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[rng.below(3) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn seeds_are_checked() {
        assert_eq!(player_seed("  lucky-7 ").unwrap(), "lucky-7");
        assert_eq!(player_seed("").unwrap(), "");
        assert!(player_seed("a:b").is_err());
        assert!(player_seed("two words").is_err());
        assert!(player_seed(&"x".repeat(65)).is_err());
        let seed = [0xab; 32];
        assert_eq!(parse_seed_hex(&seed_hex(&seed)), Some(seed));
        assert_eq!(parse_seed_hex("AB"), None);
    }
}

#[cfg(test)]
mod debug_tests {
    use super::FairRng;

    #[test]
    fn debug_output_hides_the_key_and_the_seeds() {
        let rng = FairRng::new(&[0xab; 32], "white-word", "black-word");
        let shown = format!("{rng:?}");
        for secret in ["abab", "white-word", "black-word"] {
            assert!(!shown.contains(secret), "{shown}");
        }
    }
}
