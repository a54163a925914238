//! Commitments: how a secret is fixed before the first move and proven afterwards.
//!
//! A commitment is the SHA-256, in lower-case hex, of exactly these bytes (each line ends
//! with one `\n`, nothing else is added):
//!
//! ```text
//! herald-commitment-v1
//! game:<game number>
//! label:<label, e.g. white.crown>
//! value:<value, e.g. king>
//! nonce:<32 lower-case hex digits: 128 bits from the operating system's random source>
//! ```
//!
//! The game number and label bind the commitment to one secret of one game, the nonce keeps
//! a guess of the value from being checked against the hash, and the version line leaves
//! room for a future format. Labels and values never contain a newline, so the bytes are
//! unambiguous. Anyone can check a reveal without herald:
//!
//! ```text
//! printf 'herald-commitment-v1\ngame:42\nlabel:white.crown\nvalue:king\nnonce:000102030405060708090a0b0c0d0e0f\n' | sha256sum
//! ```

use sha2::{Digest, Sha256};

/// The format's first line.
pub const VERSION: &str = "herald-commitment-v1";

/// A secret bound by a commitment: what the referee keeps (all of it) and what it publishes
/// (the hash at once; value and nonce when the secret is opened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commitment {
    /// The game.
    pub game: i64,
    /// What the secret is ("white.crown").
    pub label: String,
    /// Its value ("king").
    pub value: String,
    /// 128 random bits, hex.
    pub nonce: String,
    /// SHA-256 of [`preimage`], hex.
    pub hash: String,
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The exact bytes whose SHA-256 is the commitment.
pub fn preimage(game: i64, label: &str, value: &str, nonce: &str) -> String {
    format!("{VERSION}\ngame:{game}\nlabel:{label}\nvalue:{value}\nnonce:{nonce}\n")
}

impl Commitment {
    /// Commits to `value` under `label` in `game` with `nonce` (16 random bytes).
    pub fn new(game: i64, label: &str, value: &str, nonce: [u8; 16]) -> Result<Commitment, String> {
        // Letters, digits and a few signs only: the bytes stay unambiguous (no newline) and
        // the printed `printf` check needs no shell or printf escaping (no quote, backslash
        // or percent sign).
        for (what, text) in [("label", label), ("value", value)] {
            let plain = |c: char| c.is_ascii_alphanumeric() || "._-:+=,/@".contains(c);
            if text.is_empty() || !text.chars().all(plain) {
                return Err(format!("a commitment's {what} must be letters, digits and ._-:+=,/@ only: {text:?}"));
            }
        }
        let nonce = hex(&nonce);
        let hash = sha256_hex(preimage(game, label, value, &nonce).as_bytes());
        Ok(Commitment { game, label: label.to_string(), value: value.to_string(), nonce, hash })
    }

    /// True if value and nonce open the hash.
    pub fn opens(&self) -> bool {
        sha256_hex(preimage(self.game, &self.label, &self.value, &self.nonce).as_bytes()) == self.hash
    }

    /// The shell command that checks this commitment with no herald at all.
    pub fn check_command(&self) -> String {
        let escaped =
            preimage(self.game, &self.label, &self.value, &self.nonce).replace('\\', "\\\\").replace('\n', "\\n");
        format!("printf '{escaped}' | sha256sum")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of README.md, whose hash was computed with `sha256sum` (see the
    /// command in the module documentation), not with this code.
    #[test]
    fn the_documented_example_gives_the_documented_hash() {
        let nonce: [u8; 16] = std::array::from_fn(|i| i as u8);
        let c = Commitment::new(42, "white.crown", "king", nonce).unwrap();
        assert_eq!(c.nonce, "000102030405060708090a0b0c0d0e0f");
        assert_eq!(c.hash, README_EXAMPLE_HASH);
        assert!(c.opens());
    }

    /// `printf 'herald-commitment-v1\ngame:42\nlabel:white.crown\nvalue:king\nnonce:000102030405060708090a0b0c0d0e0f\n' | sha256sum`
    const README_EXAMPLE_HASH: &str = "83dce2f7d172ae20af538f738642a12ee7ffb78a2f2f60478be6becb3bf70646";

    #[test]
    fn any_change_breaks_the_opening() {
        let c = Commitment::new(7, "black.crown", "queen", [9; 16]).unwrap();
        assert!(c.opens());
        for changed in [
            Commitment { value: "king".into(), ..c.clone() },
            Commitment { label: "white.crown".into(), ..c.clone() },
            Commitment { game: 8, ..c.clone() },
            Commitment { nonce: c.nonce.replacen('0', "1", 1), ..c.clone() },
        ] {
            assert!(!changed.opens(), "{changed:?}");
        }
    }

    #[test]
    fn labels_and_values_are_plain_words() {
        assert!(Commitment::new(1, "a\nb", "v", [0; 16]).is_err());
        assert!(Commitment::new(1, "a", "", [0; 16]).is_err());
        for bad in ["it's", "50%", "a\\b", "a b"] {
            assert!(Commitment::new(1, "white.crown", bad, [0; 16]).is_err(), "{bad}");
        }
        let c = Commitment::new(3, "white.crown", "queen", [255; 16]).unwrap();
        assert_eq!(
            c.check_command(),
            "printf 'herald-commitment-v1\\ngame:3\\nlabel:white.crown\\nvalue:queen\\nnonce:ffffffffffffffffffffffffffffffff\\n' | sha256sum"
        );
    }
}
