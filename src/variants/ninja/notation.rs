//! How a ninja's move is written and read (docs/rules/ninja.md, "Notation").
//!
//! herald writes every move with the ninja's origin, so the captures are plain to see, and
//! the host adds its check marks:
//!
//! ```text
//! J@e4          drop on e4
//! Je4-f6        to f6, nothing captured
//! Je4xf6        to f6, capturing there
//! Je4xe5-f6     capturing on e5 with the first step, then to the empty f6
//! Je4xe5xf6     capturing on e5, then on f6
//! Je4xe5-e4     capturing on e5 and stepping back to e4
//! Je4-e4        two steps out and back, nothing captured (a pass)
//! Jb2-off       over the edge into reserve
//! Jb2xa2-off    capturing on a2, then over the edge
//! ```
//!
//! A player may also write a drop as `J*e4`, leave out the origin (`Jf6`, `Jxe5xf6`,
//! `Jxe5-e4`, `J-off`, `Joff`) and write a pass as the ninja's own square alone (`Je4`). The
//! grammar, after the text is cleaned as every move is (move numbers, check marks and
//! annotations go, `:` is `x`):
//!
//! ```text
//! ninja = drop / move
//! drop  = "J" ("@" / "*") square
//! move  = "J" [square] ["x" square] ["-" / "x"] (square / "off")
//! ```
//!
//! The last square (or `off`) is where the ninja ends. When two squares come before it, the
//! first is the origin and the second a first-step capture; when one does, it is the origin,
//! or, written after `x`, the first-step capture. A first step that is not written is not a
//! capture; the end square captures whenever an enemy piece stands there (an `x` before it
//! is allowed, and then required to be true). Only an upper-case `J` starts a ninja's move:
//! `j` is a file on 10x8 boards.

use std::fmt;

use super::{NinjaEnd, NinjaMove, Reserve, Whereabouts, moves, whereabouts};
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::position::Position;
use crate::notation::input::{self, MoveInputError};
use crate::notation::reason::Reason;

/// What a ninja's move says, as written: a drop, or the parts of a move of steps, each as
/// given (the origin and the first-step capture may be left out).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Written {
    /// `J@e4`.
    Drop(Square),
    /// `Je4xe5-f6` and its shorter forms.
    Steps {
        /// The ninja's square, if written.
        origin: Option<Square>,
        /// The first step's square, when written as a capture.
        first_capture: Option<Square>,
        /// Where the move ends.
        end: NinjaEnd,
        /// The end square was written with `x`.
        end_capture: bool,
    },
}

impl fmt::Display for Written {
    /// The text that reads back as the same [`Written`]: the origin and first-step capture
    /// as given, `x` before a captured end, else `-` after a square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Written::Drop(sq) => write!(f, "J@{sq}"),
            Written::Steps { origin, first_capture, end, end_capture } => {
                f.write_str("J")?;
                if let Some(sq) = origin {
                    write!(f, "{sq}")?;
                }
                if let Some(sq) = first_capture {
                    write!(f, "x{sq}")?;
                }
                let before = origin.is_some() || first_capture.is_some();
                match end {
                    NinjaEnd::Square(sq) if end_capture => write!(f, "x{sq}"),
                    NinjaEnd::Square(sq) if before => write!(f, "-{sq}"),
                    NinjaEnd::Off if before => f.write_str("-off"),
                    NinjaEnd::Square(sq) => write!(f, "{sq}"),
                    NinjaEnd::Off => f.write_str("off"),
                }
            }
        }
    }
}

impl Written {
    /// True if `m`, a move in `pos`, is what this says.
    pub fn matches(self, pos: &Position, m: NinjaMove) -> bool {
        match (self, m) {
            (Written::Drop(a), NinjaMove::Drop(b)) => a == b,
            (
                Written::Steps { origin, first_capture, end, end_capture },
                NinjaMove::Steps { from, first_capture: captured, end: ends },
            ) => {
                origin.is_none_or(|o| o == from)
                    && first_capture == captured
                    && end == ends
                    && (!end_capture || m.end_capture(pos).is_some())
            }
            _ => false,
        }
    }
}

/// `m` as herald writes it, in `pos` (the position before the move), without check marks.
pub fn write(pos: &Position, m: NinjaMove) -> String {
    match m {
        NinjaMove::Drop(sq) => Written::Drop(sq).to_string(),
        NinjaMove::Steps { from, first_capture, end } => {
            Written::Steps { origin: Some(from), first_capture, end, end_capture: m.end_capture(pos).is_some() }
                .to_string()
        }
    }
}

/// True if `cleaned` (a player's text after [`input::clean`]) is meant as a ninja's move: it
/// starts with an upper-case `J`.
pub fn is_ninja_text(cleaned: &str) -> bool {
    cleaned.starts_with(super::LETTER)
}

/// Reads cleaned text as a ninja's move on a board of `size`, by the grammar alone; `None` if
/// it is not one.
pub fn read(cleaned: &str, size: BoardSize) -> Option<Written> {
    let rest = cleaned.strip_prefix(super::LETTER)?;
    if let Some(square) = rest.strip_prefix(['@', '*']) {
        return size.parse_algebraic(square).map(Written::Drop);
    }
    // Each part: an optional separator, then a square or "off".
    let mut parts: Vec<(Option<char>, NinjaEnd)> = Vec::new();
    let mut text = rest;
    while !text.is_empty() {
        let separator = text.chars().next().filter(|c| matches!(c, '-' | 'x'));
        if let Some(c) = separator {
            text = &text[c.len_utf8()..];
        }
        let (target, after) = read_target(text, size)?;
        parts.push((separator, target));
        text = after;
    }
    let square = |end: NinjaEnd| match end {
        NinjaEnd::Square(sq) => Some(sq),
        NinjaEnd::Off => None,
    };
    let (origin, first_capture, (separator, end)) = match parts[..] {
        [last] => (None, None, last),
        [(None, origin), last] => (Some(square(origin)?), None, last),
        [(Some('x'), captured), last] => (None, Some(square(captured)?), last),
        [(None, origin), (Some('x'), captured), last] => (Some(square(origin)?), Some(square(captured)?), last),
        _ => return None,
    };
    let end_capture = separator == Some('x');
    if end_capture && end == NinjaEnd::Off {
        return None;
    }
    Some(Written::Steps { origin, first_capture, end, end_capture })
}

/// A square (a file letter and the rank's digits) or `off`, at the start of `text`, and what
/// follows it.
fn read_target(text: &str, size: BoardSize) -> Option<(NinjaEnd, &str)> {
    if text.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("off")) {
        return Some((NinjaEnd::Off, &text[3..]));
    }
    text.chars().next().filter(char::is_ascii_lowercase)?;
    let digits = text[1..].chars().take_while(char::is_ascii_digit).count();
    let square = size.parse_algebraic(&text[..1 + digits])?;
    Some((NinjaEnd::Square(square), &text[1 + digits..]))
}

/// Reads a player's text as one of `legal`, the side to move's ninja moves its host allows
/// (`reserve` is the host's, for the explanations). `None` when the text is not meant as a
/// ninja's move (see [`is_ninja_text`]), so that the host reads it as another piece's;
/// otherwise the move, or why no move or several fit, naming the candidates.
pub fn parse(
    pos: &Position,
    reserve: Reserve,
    text: &str,
    legal: &[NinjaMove],
) -> Option<Result<NinjaMove, MoveInputError>> {
    let cleaned = input::clean(text);
    if !is_ninja_text(&cleaned) {
        return None;
    }
    let shown = text.trim().to_string();
    let Some(written) = read(&cleaned, pos.rules().size()) else {
        return Some(Err(MoveInputError::NoMatch { input: shown, reason: Reason::new("reason-ninja-grammar") }));
    };
    let found: Vec<NinjaMove> = legal.iter().copied().filter(|&m| written.matches(pos, m)).collect();
    Some(match found[..] {
        [m] => Ok(m),
        [] => Err(MoveInputError::NoMatch { input: shown, reason: explain(pos, reserve, written) }),
        _ => {
            let mut candidates: Vec<String> = found.iter().map(|&m| write(pos, m)).collect();
            candidates.sort();
            Err(MoveInputError::Ambiguous { input: shown, candidates })
        }
    })
}

/// Why no legal ninja move fits what was written: the most specific true statement.
fn explain(pos: &Position, reserve: Reserve, written: Written) -> Reason {
    let us = pos.turn();
    let size = pos.rules().size();
    let name = |sq: Square| pos.piece_at(sq).map(|p| pos.rules().piece(p.role).name.to_lowercase());
    let royal = pos.royal_square(us).and_then(name).unwrap_or_else(|| "king".to_string());
    let in_check = Reason::new("reason-leaves-royal-in-check").piece("royal", royal);
    let place = whereabouts(pos, reserve, us);
    let at = match (written, place) {
        (_, Whereabouts::Gone) => return Reason::new("reason-ninja-gone"),
        (Written::Drop(_), Whereabouts::Board(at)) => {
            return Reason::new("reason-ninja-not-in-reserve").text("square", at);
        }
        (Written::Drop(sq), Whereabouts::Reserve) => {
            return match name(sq) {
                Some(piece) => Reason::new("reason-ninja-drop-occupied").text("square", sq).piece("piece", piece),
                None => in_check,
            };
        }
        (Written::Steps { .. }, Whereabouts::Reserve) => return Reason::new("reason-ninja-in-reserve"),
        (Written::Steps { .. }, Whereabouts::Board(at)) => at,
    };
    let Written::Steps { origin, first_capture, end, end_capture } = written else { unreachable!() };
    if let Some(o) = origin.filter(|&o| o != at) {
        return Reason::new("reason-ninja-elsewhere").text("square", at).text("origin", o);
    }
    let is_step = |a: Square, b: Square| a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1;
    let enemy = |sq: Square| pos.piece_at(sq).is_some_and(|p| p.color != us);
    if let Some(f) = first_capture {
        if !is_step(at, f) {
            return Reason::new("reason-ninja-first-step").text("step", f).text("square", at);
        }
        if !enemy(f) {
            return Reason::new("reason-ninja-no-enemy").text("square", f);
        }
    }
    if let NinjaEnd::Square(e) = end {
        if end_capture && !enemy(e) {
            return Reason::new("reason-nothing-to-capture").text("square", e);
        }
        if e != at && pos.piece_at(e).is_some_and(|p| p.color == us) {
            return Reason::new("reason-own-piece-there").text("square", e).piece("piece", name(e).unwrap_or_default());
        }
    }
    let mut pseudo = Vec::new();
    moves(pos, us, false, &mut pseudo);
    if pseudo.iter().any(|&m| written.matches(pos, m)) {
        return in_check;
    }
    let near_edge =
        |sq: Square| sq.file() == 0 || sq.rank() == 0 || sq.file() + 1 == size.files || sq.rank() + 1 == size.ranks;
    match (first_capture, end) {
        (None, NinjaEnd::Off) => Reason::new("reason-ninja-far-from-edge").text("square", at),
        (Some(f), NinjaEnd::Off) if !near_edge(f) => Reason::new("reason-ninja-no-step-off").text("square", f),
        (None, NinjaEnd::Square(e)) => Reason::new("reason-ninja-too-far").text("to", e).text("square", at),
        (Some(f), NinjaEnd::Square(e)) => Reason::new("reason-ninja-second-step").text("to", e).text("step", f),
        (Some(_), NinjaEnd::Off) => Reason::new("reason-ninja-cannot").text("square", at),
    }
}
