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

/// A byte the check command writes as it is; an argument holding any other byte is written in
/// single quotes (a quote in it as `'\\''`), so no shell reads the command differently (a
/// backslash, `%`, `!` in an interactive bash, `#`, `$`, a space). `printf '%s\n'` prints its
/// arguments as they are, each on a line of its own: no escape or `%` in them is read.
fn literal_in_shell(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"._-:+=,/@".contains(&b)
}

/// `word` as one shell word, quoted only where it must be.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.bytes().all(literal_in_shell) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
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

    /// The shell command that checks this commitment with no herald at all: `printf '%s\n'`
    /// with the preimage's five lines as its arguments (quoted where they must be), piped into
    /// `sha256sum`. One line; [`Commitment::check_lines`] is the same command as a mail shows it.
    pub fn check_command(&self) -> String {
        format!("printf '%s\\n' {} | sha256sum", self.arguments().join(" "))
    }

    /// [`Commitment::check_command`] on lines of at most `width` characters (but for a word
    /// longer than that), each but the last ending with ` \\` and the next indented by two
    /// spaces (none if the word would not fit so: a player's seed quoted): a shell reads them as
    /// the one command, whose last line ends with `| sha256sum`.
    pub fn check_lines(&self, width: usize) -> Vec<String> {
        let mut words = vec!["printf".to_string(), "'%s\\n'".to_string()];
        words.extend(self.arguments());
        // The pipe stays with `sha256sum`: the last line is always `... | sha256sum`.
        words.push("| sha256sum".to_string());
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in words {
            // Room for " \\" after the word, unless it could be the last.
            if !line.trim().is_empty() && line.len() + 1 + word.len() + 2 > width {
                lines.push(format!("{line} \\"));
                line = if 2 + word.len() + 2 <= width { "  ".to_string() } else { String::new() };
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
        lines
    }

    /// The opened secret as a mail shows it above its hash, on lines of at most `width`
    /// characters (but for a value longer than that): `LABEL = VALUE, nonce NONCE` where it
    /// fits; else the nonce on a line of its own, and if need be the value too, each under the
    /// label and indented by two more spaces (as [`Commitment::check_lines`] goes on), so that
    /// neither the value nor the nonce is broken and none is parted from its name.
    pub fn opening_lines(&self, width: usize) -> Vec<String> {
        let (label, value, nonce) = (&self.label, &self.value, &self.nonce);
        let one = format!("{label} = {value}, nonce {nonce}");
        if one.chars().count() <= width {
            return vec![one];
        }
        let nonce = format!("  nonce {nonce}");
        let first = format!("{label} = {value},");
        if first.chars().count() <= width {
            vec![first, nonce]
        } else {
            vec![format!("{label} ="), format!("  {value},"), nonce]
        }
    }

    /// The preimage's lines as shell words.
    fn arguments(&self) -> Vec<String> {
        preimage(self.game, &self.label, &self.value, &self.nonce).lines().map(shell_word).collect()
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
            "printf '%s\\n' herald-commitment-v1 game:3 label:white.crown value:queen \
             nonce:ffffffffffffffffffffffffffffffff | sha256sum"
        );
        assert_eq!(
            c.check_lines(78),
            [
                "printf '%s\\n' herald-commitment-v1 game:3 label:white.crown value:queen \\",
                "  nonce:ffffffffffffffffffffffffffffffff | sha256sum"
            ]
        );
        let c = Commitment::new(3, "white.seed", "it's a!b", [255; 16]).unwrap();
        assert!(c.check_command().contains(" 'value:it'\\''s a!b' "), "{}", c.check_command());
    }

    #[test]
    fn a_check_command_over_lines_is_the_one_command_and_ends_with_its_pipe() {
        // Secret Intelligence's referee seed, a player's longest seed quoted, and a longer word.
        let (hex, seed, long) = ("ab".repeat(32), format!("{}!", "s".repeat(63)), "x".repeat(90));
        for value in ["~^&*()[]{}|<>?", "king", "", "it's a!b", hex.as_str(), seed.as_str(), long.as_str()] {
            for label in ["white.seed", "referee.seed", "white.crowned-half"] {
                let c = Commitment::new(1, label, value, [0x54; 16]).unwrap();
                let lines = c.check_lines(74);
                let (last, rest) = lines.split_last().unwrap();
                assert!(last.ends_with(" | sha256sum"), "{lines:?}");
                assert!(rest.iter().all(|l| l.ends_with(" \\")), "{lines:?}");
                let read: Vec<&str> = lines.iter().map(|l| l.trim_start().trim_end_matches(" \\")).collect();
                // Each line fits, but for a word longer than a line, which stands alone.
                assert!(lines.iter().zip(&read).all(|(l, r)| l.len() <= 74 || !r.contains(' ')), "{lines:?}");
                if value != long {
                    assert!(lines.iter().all(|l| l.len() <= 74), "{lines:?}");
                }
                assert_eq!(read.join(" "), c.check_command(), "{lines:?}");
            }
        }
    }

    #[test]
    fn an_opening_fits_its_lines_and_keeps_each_value_whole() {
        let c = Commitment::new(3, "white.crown", "queen", [255; 16]).unwrap();
        assert_eq!(c.opening_lines(74), ["white.crown = queen, nonce ffffffffffffffffffffffffffffffff"]);
        // Secret Intelligence's referee seed: 64 hex digits, longer than a line with its label.
        let seed = "ab".repeat(32);
        let c = Commitment::new(3, "referee.seed", &seed, [255; 16]).unwrap();
        let lines = c.opening_lines(74);
        assert_eq!(lines, ["referee.seed =".to_string(), format!("  {seed},"), format!("  nonce {}", "f".repeat(32))]);
        assert!(lines.iter().all(|l| l.len() <= 74));
        let c = Commitment::new(3, "white.seed", &"x".repeat(50), [255; 16]).unwrap();
        assert_eq!(
            c.opening_lines(74),
            [format!("white.seed = {},", "x".repeat(50)), format!("  nonce {}", "f".repeat(32))]
        );
    }

    #[test]
    fn debug_output_keeps_the_opening_secret() {
        let c = Commitment::new(3, "white.crown", "queen", [171; 16]).unwrap();
        let shown = format!("{c:?}");
        assert!(!shown.contains("queen") && !shown.contains("abab"), "{shown}");
        assert!(shown.contains(&c.hash));
    }
}
