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

use std::fmt;

use crate::hex::{self, sha256 as sha256_hex};

/// The format's first line.
pub const VERSION: &str = "herald-commitment-v1";

/// A secret bound by a commitment: what the referee keeps (all of it) and what it publishes
/// (the hash at once; value and nonce when the secret is opened).
#[derive(Clone, PartialEq, Eq)]
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

/// The exact bytes whose SHA-256 is the commitment.
pub fn preimage(game: i64, label: &str, value: &str, nonce: &str) -> String {
    format!("{VERSION}\ngame:{game}\nlabel:{label}\nvalue:{value}\nnonce:{nonce}\n")
}

/// What a commitment's label may hold: lower-case letters, digits, `.`, `_` and `-` ("white.crown").
/// Labels are herald's own names, so they are kept plain.
pub(crate) fn plain_label(label: &str) -> bool {
    !label.is_empty() && label.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
}

/// What a commitment's value may hold: printable ASCII (space to `~`), possibly nothing at all
/// (a player who adds no seed commits to the empty word). No newline or other control
/// character, so the preimage's lines stay unambiguous.
pub(crate) fn printable_value(value: &str) -> bool {
    value.bytes().all(|b| (0x20..=0x7e).contains(&b))
}

/// A byte the check command writes as it is inside a single-quoted `printf` format; every
/// other byte is written as a three-digit octal escape, which every POSIX `printf` (dash's,
/// bash's, zsh's, coreutils') turns back into that byte, so no shell or `printf` can read the
/// command differently (a quote, a backslash, `%`, `!` in an interactive bash, `#`, `$`).
fn literal_in_printf(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"._-:+=,/@".contains(&b)
}

impl Commitment {
    /// Commits to `value` under `label` in `game` with `nonce` (16 random bytes). The label is
    /// lower-case letters, digits, `.`, `_` and `-`; the value any printable ASCII, or empty.
    pub fn new(game: i64, label: &str, value: &str, nonce: [u8; 16]) -> Result<Commitment, String> {
        if !plain_label(label) {
            return Err(format!("a commitment's label must be lower-case letters, digits and ._- only: {label:?}"));
        }
        if !printable_value(value) {
            return Err(format!("a commitment's value must be printable ASCII: {value:?}"));
        }
        let nonce = hex::encode(&nonce);
        let hash = sha256_hex(preimage(game, label, value, &nonce).as_bytes());
        Ok(Commitment { game, label: label.to_string(), value: value.to_string(), nonce, hash })
    }

    /// True if value and nonce open the hash.
    pub fn opens(&self) -> bool {
        sha256_hex(preimage(self.game, &self.label, &self.value, &self.nonce).as_bytes()) == self.hash
    }

    /// The shell command that checks this commitment with no herald at all: `printf` with the
    /// preimage as its format, newlines as `\n` and every byte but letters, digits and
    /// `._-:+=,/@` as an octal escape (`\041` for `!`), piped into `sha256sum`.
    pub fn check_command(&self) -> String {
        let mut format = String::new();
        for b in preimage(self.game, &self.label, &self.value, &self.nonce).bytes() {
            match b {
                b'\n' => format.push_str("\\n"),
                b if literal_in_printf(b) => format.push(char::from(b)),
                b => format.push_str(&format!("\\{b:03o}")),
            }
        }
        format!("printf '{format}' | sha256sum")
    }
}

impl fmt::Debug for Commitment {
    /// The hash and where it belongs, never the value or the nonce: a commitment's opening is
    /// the secret itself until the rules reveal it, and debug output ends up in logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Commitment")
            .field("game", &self.game)
            .field("label", &self.label)
            .field("value", &"<secret>")
            .field("nonce", &"<secret>")
            .field("hash", &self.hash)
            .finish()
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
    fn labels_are_plain_and_values_printable() {
        assert!(Commitment::new(1, "a\nb", "v", [0; 16]).is_err());
        assert!(Commitment::new(1, "", "v", [0; 16]).is_err());
        assert!(Commitment::new(1, "White.crown", "v", [0; 16]).is_err());
        for bad in ["a\nb", "tab\there", "caf\u{e9}", "\u{7f}"] {
            assert!(Commitment::new(1, "white.seed", bad, [0; 16]).is_err(), "{bad:?}");
        }
        // What README allows a player's seed to be, and the empty seed of `seed` alone.
        for good in ["", "it's", "50%", "a\\b", "a b", "a!b", "x#y", "$HOME", "`id`", "~"] {
            assert!(Commitment::new(1, "white.seed", good, [0; 16]).is_ok(), "{good:?}");
        }
        let c = Commitment::new(3, "white.crown", "queen", [255; 16]).unwrap();
        assert_eq!(
            c.check_command(),
            "printf 'herald-commitment-v1\\ngame:3\\nlabel:white.crown\\nvalue:queen\\nnonce:ffffffffffffffffffffffffffffffff\\n' | sha256sum"
        );
        let c = Commitment::new(3, "white.seed", "a!b", [255; 16]).unwrap();
        assert!(c.check_command().contains("value:a\\041b\\n"), "{}", c.check_command());
    }

    #[test]
    fn debug_output_keeps_the_opening_secret() {
        let c = Commitment::new(3, "white.crown", "queen", [171; 16]).unwrap();
        let shown = format!("{c:?}");
        assert!(!shown.contains("queen") && !shown.contains("abab"), "{shown}");
        assert!(shown.contains(&c.hash));
    }
}
