//! Crown-3, the hidden crown (the seed: shared/seeds/crown.txt, the paragraphs beginning
//! "Crown-3." and "When the crown is hidden"; herald's choices: docs/rules/crown-3.md).
//!
//! - "In this variant no new figures are introduced, but the lone monarch’s crown can be
//!   hidden in any free field of the board." A player whose uncrowned monarch has fallen may,
//!   as a whole move, hide the crown on any empty square: `hide d5`. Once per game, or never.
//! - "Position of the field in the board is kept secret from the opponent": the square is
//!   committed with the hiding move and opened when the rules end the game by it, or at the
//!   end. The move list says only `hide`.
//! - "the monarch becomes a usual figure, and game proceeds even after its capture": after the
//!   hide no piece of that side is royal; it may be left attacked, it is never in check.
//! - "If during the further game the figure of the opponent stops on this field, the opponent
//!   won (a figure should stop instead of cross the field)." A move stops on its destination
//!   (both landing squares when castling); passing over a square is not stopping.
//! - "One’s own figures should not stop on this field, and if it casually will take place,
//!   the player, who has broken this rule, loses." Judged before the opponent's find, should
//!   both crowns lie on one square. The move is legal: whether a move is legal never depends
//!   on a secret.
//! - "the victory is reached either by detection of the crown ... or by full destruction of
//!   army of the opponent": capturing every piece of a side whose crown is hidden (and its
//!   ninja, if one is in reserve: `crown-3+ninja`) wins at once. No combing: herald's clock is
//!   per move (see the rules page).
//! - The "sea battle" record: every square occupied when the crown was hidden, and then every
//!   square where a piece of either side stops, is a miss; each player's mail shows the grid.

use std::fmt;

use super::{Aftermath, Core, Extension, OwnMove};
use crate::engine::geometry::{BoardSize, Square, SquareSet};
use crate::engine::outcome::{Outcome, WinReason};
use crate::engine::piece::Color;
use crate::engine::position::Position;
use crate::notation::input::MoveInputError;
use crate::notation::reason::Reason;
use crate::variants::standard::snapshot_field;
use crate::variants::{Coordinates, Observer, Secret, SnapshotError, diagram};

/// The label of `color`'s hidden crown: "white.hidden-crown".
fn label(color: Color) -> String {
    format!("{color}.hidden-crown")
}

/// Where one side's crown is hidden, and what the record of searches shows.
#[derive(Clone, Default, PartialEq, Eq)]
struct Side {
    /// The square, once the crown is hidden (the referee's knowledge).
    square: Option<Square>,
    /// The squares ruled out: occupied when the crown was hidden, or stopped on since.
    misses: SquareSet,
    /// The square an auditor's opened secret gives, for replaying a `hide`.
    preset: Option<Square>,
}

/// Crown-3's state: each side's hidden crown, and how the game ended if its rules ended it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HiddenCrown {
    sides: [Side; 2],
    ended: Option<Outcome>,
}

impl fmt::Debug for Side {
    /// Whether the crown is hidden and the misses, never where it is: debug output ends up in
    /// logs and panic messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Side")
            .field("hidden", &self.square.is_some())
            .field("misses", &self.misses)
            .field("preset", &self.preset.map(|_| "<secret>"))
            .finish()
    }
}

/// A hide: the crown goes to this square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hide(pub Square);

impl HiddenCrown {
    /// Where `color`'s crown is hidden, if it is: the referee's knowledge, never shown to the
    /// opponent while the game goes on.
    pub fn square(&self, color: Color) -> Option<Square> {
        self.sides[color.index()].square
    }

    /// The squares ruled out for `color`'s hidden crown.
    pub fn misses(&self, color: Color) -> SquareSet {
        self.sides[color.index()].misses
    }

    /// Why `color` may not hide its crown now, if it may not.
    fn why_not(&self, core: &Core, color: Color) -> Option<Reason> {
        let not_yet = Reason::new("reason-hide-not-yet");
        // No note (a secret-free game, for counting moves): no crown known to hide.
        let Some(crown) = core.crown(color) else { return Some(not_yet) };
        if self.square(color).is_some() {
            Some(Reason::new("reason-hide-already"))
        } else if !core.is_revealed(color) || core.monarch_square(color, crown).is_none() {
            Some(not_yet)
        } else {
            None
        }
    }

    /// The grid of searches for `color`'s hidden crown, laid out as the board of the mail it
    /// is in (`bottom`'s side at the bottom), with the crown's square shown where `show` says.
    fn grid(&self, color: Color, size: BoardSize, bottom: Color, show: bool) -> String {
        let side = &self.sides[color.index()];
        let (ruled_out, squares) = (side.misses.count(), u32::from(size.files) * u32::from(size.ranks));
        let marks = diagram::marks(size, Coordinates::Algebraic, bottom, |sq| {
            if show && side.square == Some(sq) {
                'C'
            } else if side.misses.contains(sq) {
                'x'
            } else {
                '.'
            }
        });
        format!(
            "{}'s hidden crown: {ruled_out} of {squares} squares ruled out (x), {} unsearched (.)\n{}",
            color.title(),
            squares - ruled_out,
            marks.trim_end()
        )
    }
}

/// Reads `hide d5`, `hide crown d5`, `hide the crown on d5`, `crown d5`, `crown@d5` (in any
/// case): `Some(Some(square text))`; `hide` alone: `Some(None)`; anything else `None`.
fn read_hide(text: &str) -> Option<Option<String>> {
    let lower = text.trim().to_lowercase().replace('@', " @ ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let (first, rest) = words.split_first()?;
    let rest: Vec<&str> = match *first {
        "hide" => {
            let mut rest = rest;
            if rest.first() == Some(&"the") {
                rest = &rest[1..];
            }
            if rest.first() == Some(&"crown") {
                rest = &rest[1..];
            }
            rest.to_vec()
        }
        "crown" if !rest.is_empty() => rest.to_vec(),
        _ => return None,
    };
    match rest[..] {
        [] if *first == "hide" => Some(None),
        [square] | ["on" | "@", square] => Some(Some(square.trim_end_matches(['.', '!']).to_string())),
        _ => Some(Some(rest.join(" "))),
    }
}

impl Extension for HiddenCrown {
    type Move = Hide;

    fn preset(&mut self, secret: &Secret) -> Result<bool, String> {
        let Some(color) = Color::BOTH.into_iter().find(|&c| label(c) == secret.label) else { return Ok(false) };
        let square = BoardSize::CHESS
            .parse_algebraic(&secret.value)
            .filter(|sq| sq.algebraic() == secret.value)
            .ok_or_else(|| format!("{} is {:?}, not a square such as d5", secret.label, secret.value))?;
        self.sides[color.index()].preset = Some(square);
        Ok(true)
    }

    fn crown_on_monarch(&self, color: Color) -> bool {
        self.square(color).is_none()
    }

    fn moves(&self, core: &Core, out: &mut Vec<Hide>) {
        let pos = core.position();
        if self.why_not(core, pos.turn()).is_none() {
            // Hiding leaves no royal piece to the side, so no hide is barred by check.
            out.extend(pos.rules().size().squares().filter(|&sq| pos.piece_at(sq).is_none()).map(Hide));
        }
    }

    fn read(&self, core: &Core, text: &str) -> Option<Result<Hide, MoveInputError>> {
        let square = read_hide(text)?;
        let refuse = |reason: Reason| MoveInputError::NoMatch { input: text.trim().to_string(), reason };
        let pos = core.position();
        let us = pos.turn();
        if let Some(why) = self.why_not(core, us) {
            return Some(Err(refuse(why)));
        }
        let square = match square {
            Some(written) => match pos.rules().size().parse_algebraic(&written) {
                Some(sq) => sq,
                None => {
                    return Some(Err(refuse(Reason::new("reason-hide-not-a-square").text("text", written))));
                }
            },
            None => match self.sides[us.index()].preset {
                Some(sq) => sq,
                None => return Some(Err(refuse(Reason::new("reason-hide-where")))),
            },
        };
        if pos.piece_at(square).is_some() {
            return Some(Err(refuse(Reason::new("reason-hide-not-free").text("square", square))));
        }
        Some(Ok(Hide(square)))
    }

    fn write(&self, _core: &Core, _m: &Hide) -> String {
        "hide".to_string()
    }

    fn write_typed(&self, _core: &Core, m: &Hide) -> String {
        format!("hide {}", m.0)
    }

    fn play(&mut self, core: &Core, m: &Hide) -> (Position, OwnMove) {
        let pos = *core.position();
        let us = pos.turn();
        let side = &mut self.sides[us.index()];
        side.square = Some(m.0);
        // "At first all fields of the board where stand figures are marked as misses."
        side.misses = pos.occupied_by(Color::White).into_iter().chain(pos.occupied_by(Color::Black)).collect();
        let own = OwnMove {
            notation: "hide".to_string(),
            commit: vec![Secret { label: label(us), value: m.0.algebraic() }],
            stops: Vec::new(),
            irreversible: true,
        };
        (pos, own)
    }

    fn lost(&mut self, core: &Core, _at: Square, lost: crate::engine::piece::Piece, mover: Color) -> Aftermath {
        let victim = lost.color;
        if victim != mover
            && self.square(victim).is_some()
            && core.position().occupied_by(victim).is_empty()
            && !core.ninjas().has(victim)
            && self.ended.is_none()
        {
            // "or by full destruction of army of the opponent": a ninja in reserve is part of
            // the army (it can still be dropped).
            self.ended = Some(Outcome::Win { winner: mover, reason: WinReason::ArmyDestroyed });
        }
        Aftermath::default()
    }

    fn stopped(&mut self, _core: &Core, mover: Color, squares: &[Square]) -> Aftermath {
        let mut after = Aftermath::default();
        for &sq in squares {
            if self.ended.is_some() {
                break;
            }
            // One's own stop is judged first: the player knows where their crown lies.
            if self.square(mover) == Some(sq) {
                self.ended = Some(Outcome::Win { winner: mover.other(), reason: WinReason::OwnHiddenCrown });
                after.reveal.push(label(mover));
            } else if self.square(mover.other()) == Some(sq) {
                self.ended = Some(Outcome::Win { winner: mover, reason: WinReason::CrownFound });
                after.reveal.push(label(mover.other()));
            }
        }
        for side in &mut self.sides {
            if side.square.is_some() {
                for &sq in squares {
                    side.misses.insert(sq);
                }
            }
        }
        after
    }

    fn outcome(&self, _core: &Core) -> Option<Outcome> {
        self.ended
    }

    /// Never: Crown's dead position is the two known royal monarchs alone, and either may
    /// still hide its crown, which the other may then find.
    fn dead(&self, _core: &Core) -> bool {
        false
    }

    fn notices(&self, core: &Core, observer: Observer, over: bool) -> Vec<String> {
        let mut notices = Vec::new();
        let bottom = observer.side().unwrap_or(Color::White);
        for color in Color::BOTH {
            let Some(square) = self.square(color) else {
                if observer == Observer::Player(color) && !over && self.why_not(core, color).is_none() {
                    notices.push(
                        "You may hide your crown on any empty square as your move: write hide and the square \
                                  (hide d5)."
                            .to_string(),
                    );
                }
                continue;
            };
            let shown = over || matches!(observer, Observer::Everyone) || observer == Observer::Player(color);
            notices.push(match (shown, observer == Observer::Player(color) && !over) {
                (true, true) => format!("Your crown is hidden on {square}."),
                (true, false) => format!("{}'s crown is hidden on {square}.", color.title()),
                (false, _) => format!("{}'s crown is hidden.", color.title()),
            });
            notices.push(self.grid(color, core.position().rules().size(), bottom, shown));
        }
        if let Some(Outcome::Win { winner, reason }) = self.ended {
            let loser = winner.other();
            let at = |c: Color| self.square(c).map(|sq| sq.algebraic()).unwrap_or_default();
            notices.push(match reason {
                WinReason::CrownFound => {
                    format!("{} found {}'s crown on {}.", winner.title(), loser.title(), at(loser))
                }
                WinReason::OwnHiddenCrown => {
                    // The game ended with the stop: the piece still stands there.
                    let pos = core.position();
                    let piece = self.square(loser).and_then(|sq| pos.piece_at(sq)).filter(|p| p.color == loser);
                    let who = piece.map_or_else(
                        || loser.title().to_string(),
                        |p| format!("{}'s {}", loser.title(), pos.rules().piece(p.role).name.to_lowercase()),
                    );
                    format!("{who} stopped on {}'s own hidden crown on {}.", loser.title(), at(loser))
                }
                _ => format!("{} captured {}'s whole army.", winner.title(), loser.title()),
            });
        }
        notices
    }

    fn snapshot(&self) -> String {
        let side = |s: &Side| match s.square {
            Some(sq) => format!("{sq}/{:032x}", s.misses.0),
            None => "-".to_string(),
        };
        let ended = match self.ended {
            Some(Outcome::Win { winner, reason }) => {
                let how = match reason {
                    WinReason::CrownFound => "found",
                    WinReason::OwnHiddenCrown => "own",
                    _ => "army",
                };
                format!("\nhidden-end {} {how}", winner.name())
            }
            _ => String::new(),
        };
        format!("hidden {} {}{ended}\n", side(&self.sides[0]), side(&self.sides[1]))
    }

    fn restore(_core: &Core, snapshot: &str) -> Result<Self, SnapshotError> {
        let bad = |what: &str| SnapshotError(format!("hidden: {what}"));
        let words: Vec<&str> = snapshot_field(snapshot, "hidden")?.split_whitespace().collect();
        let [white, black] = words[..] else { return Err(bad("two fields, White's and Black's")) };
        let side = |text: &str| -> Result<Side, SnapshotError> {
            if text == "-" {
                return Ok(Side::default());
            }
            let (square, misses) = text.split_once('/').ok_or_else(|| bad(text))?;
            let square = BoardSize::CHESS.parse_algebraic(square).ok_or_else(|| bad(text))?;
            let misses = u128::from_str_radix(misses, 16).map_err(|_| bad(text))?;
            Ok(Side { square: Some(square), misses: SquareSet(misses), preset: None })
        };
        let ended = match snapshot_field(snapshot, "hidden-end") {
            Err(_) => None,
            Ok(text) => {
                let words: Vec<&str> = text.split_whitespace().collect();
                let winner = match words.first() {
                    Some(&"white") => Color::White,
                    Some(&"black") => Color::Black,
                    _ => return Err(bad(text)),
                };
                let reason = match words.get(1) {
                    Some(&"found") => WinReason::CrownFound,
                    Some(&"own") => WinReason::OwnHiddenCrown,
                    Some(&"army") => WinReason::ArmyDestroyed,
                    _ => return Err(bad(text)),
                };
                Some(Outcome::Win { winner, reason })
            }
        };
        Ok(HiddenCrown { sides: [side(white)?, side(black)?], ended })
    }
}
