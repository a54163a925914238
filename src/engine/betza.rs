//! Betza notation: the field's common language for how a piece moves.
//!
//! herald reads the subset of (X)Betza that its variants need:
//! - atoms `W F D N A H C Z G` (and `L` = `C`, `J` = `Z`), shorthands `K` (= WF), `R` (= WW),
//!   `B` (= FF), `Q` (= RB);
//! - a range after an atom: a digit `n` is a rider limited to `n` steps, `0` or a doubled atom
//!   (`WW`, `NN`) is an unlimited rider, no digit is a single leap;
//! - modality prefixes `m` (move only) and `c` (capture only);
//! - direction prefixes `f b l r v s h` and the diagonal pairs `fl fr bl br`; doubled `ff bb ll rr`
//!   on oblique atoms select the narrow pair (`ffN` = the two knight moves two ranks forward).
//!
//! Directions are written from White's side: "forward" is up the board. The tables flip them
//! for Black. Anything else (hoppers, lame leapers, `i`, `e`, `j`) is an error here, and the
//! variants that need such powers say them in code.

use std::fmt;

/// One way a piece moves: a set of step vectors, how far it may repeat them, and whether it
/// may use them to move, to capture, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// Step vectors `(files, ranks)`, ranks counted forward for the piece's owner.
    pub steps: Vec<(i8, i8)>,
    /// Largest number of steps; 1 is a leap, 0 means unlimited.
    pub range: u8,
    /// May move to an empty square this way.
    pub moves: bool,
    /// May capture this way.
    pub captures: bool,
}

/// A Betza string that herald cannot read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// The notation given.
    pub notation: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read Betza notation {:?}: {}", self.notation, self.reason)
    }
}

impl std::error::Error for BetzaError {}

/// The basic leap of an atom letter, as `(a, b)` with `a >= b`; all eight symmetric
/// images are the atom's steps.
fn basic_leap(atom: char) -> Option<(i8, i8)> {
    Some(match atom {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' | 'L' => (3, 1),
        'Z' | 'J' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// All distinct images of a leap under the symmetries of the board.
fn all_images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let v = (x * sx, y * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Does the step `(dx, dy)` satisfy the direction prefix?
fn matches_directions(prefix: &str, (dx, dy): (i8, i8)) -> bool {
    if prefix.is_empty() {
        return true;
    }
    let oblique = dx != 0 && dy != 0 && dx.abs() != dy.abs();
    let diagonal = dx.abs() == dy.abs();
    let letters: Vec<char> = prefix.chars().collect();
    let single = |c: char| match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => dx == 0 || (oblique && dy.abs() > dx.abs()),
        's' | 'h' => dy == 0 || (oblique && dx.abs() > dy.abs()),
        _ => false,
    };
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        let next = letters.get(i + 1).copied();
        // A pair of a vertical and a horizontal letter on a diagonal or oblique atom names
        // one direction (the intersection); doubled letters on an oblique atom name the
        // narrow pair in that direction.
        let hit = match next {
            Some(n) if (diagonal || oblique) && "fb".contains(c) && "lr".contains(n) => {
                i += 1;
                single(c) && single(n)
            }
            Some(n) if oblique && n == c && "fblr".contains(c) => {
                i += 1;
                let narrow = if "fb".contains(c) { dy.abs() > dx.abs() } else { dx.abs() > dy.abs() };
                single(c) && narrow
            }
            _ => single(c),
        };
        if hit {
            return true;
        }
        i += 1;
    }
    false
}

/// Parses a Betza string into its atoms.
pub fn parse(notation: &str) -> Result<Vec<Atom>, BetzaError> {
    let err = |reason: &str| BetzaError { notation: notation.to_string(), reason: reason.to_string() };
    let chars: Vec<char> = notation.chars().collect();
    let mut atoms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut directions = String::new();
        let mut moves = true;
        let mut captures = true;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => captures = false,
                'c' => moves = false,
                c @ ('f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h') => directions.push(c),
                other => return Err(err(&format!("the modifier '{other}' is not supported"))),
            }
            i += 1;
        }
        if !moves && !captures {
            return Err(err("'m' and 'c' together leave nothing"));
        }
        let Some(&letter) = chars.get(i) else {
            return Err(err("modifiers without an atom at the end"));
        };
        i += 1;
        // Shorthands expand to their atoms with the same modifiers.
        let expanded: &[(char, u8)] = match letter {
            'K' => &[('W', 1), ('F', 1)],
            'R' => &[('W', 0)],
            'B' => &[('F', 0)],
            'Q' => &[('W', 0), ('F', 0)],
            _ => &[],
        };
        let mut parts: Vec<(char, u8)> = expanded.to_vec();
        if parts.is_empty() {
            if basic_leap(letter).is_none() {
                return Err(err(&format!("'{letter}' is not an atom")));
            }
            let mut range = 1;
            if chars.get(i) == Some(&letter) {
                range = 0;
                i += 1;
            } else if let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                range = d as u8;
                i += 1;
                if chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    return Err(err("ranges above 9 are not supported"));
                }
            }
            parts.push((letter, range));
        } else if chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
            // "K2" etc.: a range on a shorthand applies to each of its atoms.
            let d = chars[i].to_digit(10).unwrap_or(1) as u8;
            i += 1;
            for part in &mut parts {
                part.1 = d;
            }
        }
        for (atom, range) in parts {
            let leap = basic_leap(atom).ok_or_else(|| err("unknown atom"))?;
            let steps: Vec<(i8, i8)> =
                all_images(leap).into_iter().filter(|&v| matches_directions(&directions, v)).collect();
            if steps.is_empty() {
                return Err(err(&format!("the directions '{directions}' select no move of '{atom}'")));
            }
            atoms.push(Atom { steps, range, moves, captures });
        }
    }
    if atoms.is_empty() {
        return Err(err("empty"));
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(notation: &str) -> Vec<(i8, i8)> {
        let mut all: Vec<(i8, i8)> = parse(notation).unwrap().into_iter().flat_map(|a| a.steps).collect();
        all.sort();
        all
    }

    #[test]
    fn knight_has_eight_leaps() {
        let atoms = parse("N").unwrap();
        assert_eq!(atoms.len(), 1);
        assert_eq!(atoms[0].range, 1);
        assert_eq!(atoms[0].steps.len(), 8);
    }

    #[test]
    fn queen_is_two_unlimited_riders() {
        let atoms = parse("Q").unwrap();
        assert_eq!(atoms.len(), 2);
        assert!(atoms.iter().all(|a| a.range == 0 && a.steps.len() == 4));
        assert_eq!(parse("WWFF").unwrap(), atoms);
    }

    #[test]
    fn pawn_moves_forward_and_captures_diagonally_forward() {
        let atoms = parse("fmWfcF").unwrap();
        assert_eq!(atoms[0].steps, vec![(0, 1)]);
        assert!(atoms[0].moves && !atoms[0].captures);
        let mut caps = atoms[1].steps.clone();
        caps.sort();
        assert_eq!(caps, vec![(-1, 1), (1, 1)]);
        assert!(!atoms[1].moves && atoms[1].captures);
    }

    #[test]
    fn diagonal_pairs_name_one_direction() {
        assert_eq!(steps("flF"), vec![(-1, 1)]);
        assert_eq!(steps("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(steps("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(steps("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(steps("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(steps("sW"), vec![(-1, 0), (1, 0)]);
    }

    #[test]
    fn limited_riders_and_compounds() {
        let guard = parse("R3mF3cF").unwrap();
        assert_eq!(guard[0].range, 3);
        assert_eq!((guard[1].range, guard[1].moves, guard[1].captures), (3, true, false));
        assert_eq!((guard[2].range, guard[2].moves, guard[2].captures), (1, false, true));
        assert_eq!(parse("RN").unwrap().len(), 2);
        assert_eq!(parse("NN").unwrap()[0].range, 0);
    }

    #[test]
    fn unsupported_notation_is_an_error() {
        assert!(parse("pR").is_err());
        assert!(parse("X").is_err());
        assert!(parse("").is_err());
        assert!(parse("mc").is_err());
        assert!(parse("fW12").is_err());
    }
}
