//! Crown-4, bifurcation (the seed: shared/seeds/crown.txt, the paragraph beginning "Crown-4."
//! and the captions of its three missing pictures; herald's choices: docs/rules/crown-4.md).
//!
//! - "The remained monarch bifurcates (divides itself into two) and only one of the pair has
//!   the crown." Once a side's uncrowned monarch has fallen, that side's next move is the
//!   split: `W@e1,F@e2*`. Not a choice, and not later: if the monarch has no free neighbour
//!   at that turn, "the bifurcation is impossible", and the monarch stays whole and royal for
//!   the rest of the game (Crown's endgame).
//! - "One of the members of the pair is to be put on that place where the undivided monarch
//!   was, and another one- on a free neighbor square." The owner chooses which half stays,
//!   and the neighbouring square (one of the eight a king step away, empty).
//! - "Each member of the pair has only half of the moves, which the "whole" monarch had ...
//!   For example, one member goes only along vertical and horizontal lines, and another - only
//!   along diagonal lines." The monarch stepped one square any way (Crown's queen "moves as
//!   king"), so the straight half `W` steps one square along ranks and files (Betza `W`) and
//!   the slanting half `F` one square diagonally (Betza `F`). The seed's other two splits
//!   (left/right, up/down) are named only by their labels: their pictures are lost, and the
//!   words leave two of the eight steps unplaced, so herald does not offer them.
//! - "only one of the pair has the crown": the owner marks it with `*`; the referee commits
//!   it with the split (`white.crowned-half`, `W` or `F`) and the move list shows `W@e1,F@e2`.
//!   While it is sealed neither half is royal: no check, either may be left attacked.
//! - Capturing the crowned half wins. Capturing the other opens the secret: the remaining half
//!   is the crown's known bearer, royal from then on, as Crown's remaining monarch is ("after
//!   death of not crowned monarch becomes usual chess game").

use std::fmt;

use super::{Aftermath, Core, Extension, Monarch, OwnMove};
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::{Outcome, WinReason};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::Position;
use crate::engine::rules::{PieceDef, Rules};
use crate::notation::input::MoveInputError;
use crate::notation::reason::Reason;
use crate::variants::standard::snapshot_field;
use crate::variants::{Observer, Secret, SetupRequest, SnapshotError};

/// One of the two halves a monarch splits into.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// The straight half: one square along a rank or file.
    W,
    /// The slanting half: one square diagonally.
    F,
}

impl Half {
    /// Both, the straight half first.
    pub const BOTH: [Half; 2] = [Half::W, Half::F];

    /// Its letter on the board, in FEN and in the notation (upper case; Black's are lower case
    /// on the board and in FEN), and the value of the secret that names it.
    pub const fn letter(self) -> char {
        match self {
            Half::W => 'W',
            Half::F => 'F',
        }
    }

    /// The other half.
    pub const fn other(self) -> Half {
        match self {
            Half::W => Half::F,
            Half::F => Half::W,
        }
    }

    /// The half a letter names, in either case.
    fn from_letter(letter: char) -> Option<Half> {
        match letter {
            'W' | 'w' => Some(Half::W),
            'F' | 'f' => Some(Half::F),
            _ => None,
        }
    }

    /// The value of a committed secret: exactly "W" or "F".
    fn from_value(value: &str) -> Option<Half> {
        Half::BOTH.into_iter().find(|h| value.len() == 1 && value.starts_with(h.letter()))
    }

    /// The half's role in the variant's rules (found by its letter: the halves come after
    /// Crown's pieces).
    fn role(self, rules: &Rules) -> Role {
        rules.role_by_letter(self.letter()).expect("crown-4's rules define both halves")
    }

    /// The half that `piece` is, if it is one.
    fn of(piece: Piece, rules: &Rules) -> Option<Half> {
        Half::BOTH.into_iter().find(|h| h.role(rules) == piece.role)
    }
}

/// The halves as pieces, after Crown's seven.
fn half_pieces() -> Vec<PieceDef> {
    vec![PieceDef::new("Straight half", 'W', "W"), PieceDef::new("Slanting half", 'F', "F")]
}

/// The label of `color`'s crowned half: "white.crowned-half".
fn label(color: Color) -> String {
    format!("{color}.crowned-half")
}

/// Where a side is with its split.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Stage {
    /// Both original monarchs stand: Crown's game, no split yet.
    #[default]
    Before,
    /// The uncrowned monarch fell: the side's next move splits the other, if it has a free
    /// neighbour then. Meanwhile the monarch is royal, as Crown's is.
    Due,
    /// The split was impossible when it was due: the monarch stays whole and royal for good.
    Never,
    /// The monarch split into its two halves.
    Split,
}

/// One side's split and its secret.
#[derive(Clone, Default, PartialEq, Eq)]
struct Side {
    stage: Stage,
    /// The crowned half once split: the referee's knowledge. `None` only for the two halves of
    /// a position from FEN whose secret was not given (counted secret-free: a capture of
    /// either ends nothing).
    crowned: Option<Half>,
    /// The crowned half is known to both players: a half was captured, or the position from
    /// FEN had only one.
    opened: bool,
    /// The crowned half an auditor's opened secret gives, for replaying a public split.
    preset: Option<Half>,
}

/// Crown-4's state: each side's split.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Halves {
    sides: [Side; 2],
}

/// Never shows a crowned half: only the stages and what is opened.
impl fmt::Debug for Halves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: &Side| match (s.stage, s.opened) {
            (Stage::Split, true) => format!("Split(opened {:?})", s.crowned),
            (stage, _) => format!("{stage:?}"),
        };
        f.debug_struct("Halves").field("white", &side(&self.sides[0])).field("black", &side(&self.sides[1])).finish()
    }
}

/// A split: the W half to `w`, the F half to `f` (one of them the monarch's square), the
/// `crowned` one wearing the crown.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Split {
    /// Where the straight half stands.
    pub w: Square,
    /// Where the slanting half stands.
    pub f: Square,
    /// The half that wears the crown: the secret.
    pub crowned: Half,
}

/// Shows the squares, never the crowned half.
impl fmt::Debug for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Split(W@{},F@{})", self.w, self.f)
    }
}

impl Split {
    /// The square of `half`.
    fn square(&self, half: Half) -> Square {
        match half {
            Half::W => self.w,
            Half::F => self.f,
        }
    }

    /// `W@e1,F@e2`, with the crowned half starred when `typed`.
    fn text(&self, typed: bool) -> String {
        let star = |h: Half| if typed && h == self.crowned { "*" } else { "" };
        format!("W@{}{},F@{}{}", self.w, star(Half::W), self.f, star(Half::F))
    }
}

/// One half as a split is written: its letter, its square, and whether it is starred.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WrittenHalf {
    /// Which half.
    pub half: Half,
    /// Its square.
    pub square: Square,
    /// Starred: the crowned half.
    pub crowned: bool,
}

/// Reads a split as the rules page's grammar writes it:
///
/// ```text
/// split = ["split" 1*SP] half *SP ("," / SP) *SP half
/// half  = ("W" / "F") ["@"] square ["*"]
/// ```
///
/// (`W@e1,F@e2*`, `F@e1*, W@d2`, `split We1 Fe2*`; the letters and the squares' files in
/// either case; a check mark or annotation after it ignored). One W and one F, at most one
/// `*`. `None` when the text is not written as a split — a half's move `We2`, a pawn's `f4`
/// or `fxe5` — so that it is read as SAN; `Some(Err(why))` when it is meant as one (it starts
/// with `split`, or with a half and `@`) but breaks the grammar.
pub fn read_split(text: &str) -> Option<Result<[WrittenHalf; 2], Reason>> {
    // A check mark or an annotation after the move, as a move list writes a split that checks
    // (`W@e1,F@e2+`).
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']).trim_end();
    let (keyword, body) = match text.get(..5) {
        Some(word)
            if word.eq_ignore_ascii_case("split") && text[5..].chars().next().is_none_or(char::is_whitespace) =>
        {
            (true, text[5..].trim_start())
        }
        _ => (false, text),
    };
    let first = read_half(body);
    let meant = keyword || first.as_ref().is_some_and(|(_, _, at)| *at);
    let whole = first.and_then(|(one, rest, _)| {
        let after = rest.trim_start();
        let (comma, after) = match after.strip_prefix(',') {
            Some(after) => (true, after.trim_start()),
            None => (false, after),
        };
        if !comma && after.len() == rest.len() {
            return None;
        }
        let (two, rest, _) = read_half(after)?;
        rest.trim().is_empty().then_some([one, two])
    });
    let halves = match whole {
        Some(halves) => halves,
        None if meant => {
            return Some(Err(Reason::new("reason-split-grammar")));
        }
        None => return None,
    };
    if halves[0].half == halves[1].half {
        return Some(Err(Reason::new("reason-split-one-of-each")));
    }
    if halves.iter().all(|h| h.crowned) {
        return Some(Err(Reason::new("reason-split-one-crowned")));
    }
    Some(Ok(halves))
}

/// One half at the start of `text`: the half, the rest of the text, and whether `@` was
/// written.
fn read_half(text: &str) -> Option<(WrittenHalf, &str, bool)> {
    let half = Half::from_letter(text.chars().next()?)?;
    let mut rest = &text[1..];
    let at = rest.starts_with('@');
    if at {
        rest = &rest[1..];
    }
    let square_text = rest.get(..2)?;
    let square = BoardSize::CHESS.parse_algebraic(&square_text.to_ascii_lowercase())?;
    rest = &rest[2..];
    let crowned = rest.starts_with('*');
    if crowned {
        rest = &rest[1..];
    }
    Some((WrittenHalf { half, square, crowned }, rest, at))
}

/// The squares next to `center`, a king step away, in square order.
fn neighbours(center: Square) -> impl Iterator<Item = Square> {
    BoardSize::CHESS.squares().filter(move |&sq| {
        sq != center && sq.file().abs_diff(center.file()) <= 1 && sq.rank().abs_diff(center.rank()) <= 1
    })
}

impl Halves {
    /// The crowned half of `color`, once split: the referee's knowledge, never shown to the
    /// opponent while sealed.
    pub fn crowned(&self, color: Color) -> Option<Half> {
        self.sides[color.index()].crowned.filter(|_| self.sides[color.index()].stage == Stage::Split)
    }

    /// `color`'s remaining original monarch, and its square.
    fn monarch(core: &Core, color: Color) -> Option<(Monarch, Square)> {
        Monarch::BOTH.into_iter().find_map(|m| Some((m, core.monarch_square(color, m)?)))
    }

    /// The empty squares next to `color`'s monarch: where its other half may go.
    fn free_neighbours(core: &Core, color: Color) -> Vec<Square> {
        let Some((_, at)) = Halves::monarch(core, color) else { return Vec::new() };
        neighbours(at).filter(|&sq| core.position().piece_at(sq).is_none()).collect()
    }

    /// True if the side to move must split now: its split is due and it has where to.
    fn must_split(&self, core: &Core) -> bool {
        let us = core.position().turn();
        self.sides[us.index()].stage == Stage::Due && !Halves::free_neighbours(core, us).is_empty()
    }

    /// The square of `color`'s `half`, if it stands.
    fn half_square(core: &Core, color: Color, half: Half) -> Option<Square> {
        let pos = core.position();
        let piece = Piece::new(color, half.role(pos.rules()));
        pos.occupied_by(color).into_iter().find(|&sq| pos.piece_at(sq) == Some(piece))
    }

    /// The side whose crowned half has left the board, if any.
    fn crown_taken(&self, core: &Core) -> Option<Color> {
        Color::BOTH.into_iter().find(|&c| self.crowned(c).is_some_and(|h| Halves::half_square(core, c, h).is_none()))
    }

    /// What a player writes to split `color`'s monarch now, as an example.
    fn example(core: &Core, color: Color) -> String {
        match (Halves::monarch(core, color), Halves::free_neighbours(core, color).first()) {
            (Some((_, at)), Some(&to)) => format!("W@{at},F@{to}*"),
            _ => "W@e1,F@e2*".to_string(),
        }
    }
}

impl Extension for Halves {
    type Move = Split;

    fn pieces() -> Vec<PieceDef> {
        half_pieces()
    }

    /// A position's halves say where each side is: two halves, split (the crowned one from the
    /// secret, [`Extension::preset`]); one half, split with that one known to wear the crown;
    /// one original monarch and no half, the split due at that side's next move (whichever side
    /// is to move: a FEN holds no history, so each lone monarch is taken at the moment its
    /// partner fell); both monarchs, Crown's game.
    fn from_holdings(core: &Core, held: Option<&str>) -> Result<Self, String> {
        if let Some(other) = held.filter(|h| !h.is_empty()) {
            return Err(format!("crown-4 has no pieces in hand, but the position gives [{other}]"));
        }
        let pos = core.position();
        let mut halves = Halves::default();
        for color in Color::BOTH {
            let count = |half: Half| {
                let piece = Piece::new(color, half.role(pos.rules()));
                pos.occupied_by(color).into_iter().filter(|&sq| pos.piece_at(sq) == Some(piece)).count()
            };
            let side = &mut halves.sides[color.index()];
            *side = match (count(Half::W), count(Half::F)) {
                (0, 0) => {
                    let monarchs = Monarch::BOTH.iter().filter(|&&m| core.monarch_square(color, m).is_some()).count();
                    Side { stage: if monarchs == 1 { Stage::Due } else { Stage::Before }, ..Side::default() }
                }
                (1, 1) => Side { stage: Stage::Split, ..Side::default() },
                (1, 0) => Side { stage: Stage::Split, crowned: Some(Half::W), opened: true, preset: None },
                (0, 1) => Side { stage: Stage::Split, crowned: Some(Half::F), opened: true, preset: None },
                _ => return Err(format!("{color} has more than one W half or F half: a monarch splits once")),
            };
        }
        Ok(halves)
    }

    fn missing_secrets(&self, _core: &Core) -> Vec<SetupRequest> {
        Color::BOTH
            .into_iter()
            .filter(|&c| self.sides[c.index()].stage == Stage::Split && self.sides[c.index()].crowned.is_none())
            .map(|player| SetupRequest { player, label: label(player), prompt: "W or F".to_string() })
            .collect()
    }

    /// `white.crowned-half` = `W` or `F`: the crowned half of halves already on the board, or
    /// the one a replayed split (written without its `*`) crowns.
    fn preset(&mut self, secret: &Secret) -> Result<bool, String> {
        let Some(color) = Color::BOTH.into_iter().find(|&c| label(c) == secret.label) else { return Ok(false) };
        let half = Half::from_value(&secret.value)
            .ok_or_else(|| format!("{} is {:?}, not \"W\" or \"F\"", secret.label, secret.value))?;
        let side = &mut self.sides[color.index()];
        match (side.stage, side.crowned) {
            (Stage::Split, None) => side.crowned = Some(half),
            (Stage::Split, Some(worn)) if worn != half => {
                return Err(format!(
                    "{} is {:?}, but {color} has only its {} half",
                    secret.label,
                    secret.value,
                    worn.letter()
                ));
            }
            _ => side.preset = Some(half),
        }
        Ok(true)
    }

    fn uncrowned_lost(&mut self, _core: &Core, color: Color) {
        let side = &mut self.sides[color.index()];
        if side.stage == Stage::Before {
            side.stage = Stage::Due;
        }
    }

    fn crown_on_monarch(&self, color: Color) -> bool {
        self.sides[color.index()].stage != Stage::Split
    }

    /// The half left once the other was captured: it wears the crown, known to both.
    fn royal(&self, core: &Core, color: Color) -> Option<Square> {
        let side = &self.sides[color.index()];
        Halves::half_square(core, color, side.crowned.filter(|_| side.opened)?)
    }

    fn board_moves_barred(&self, core: &Core) -> Option<Reason> {
        let us = core.position().turn();
        self.must_split(core).then(|| {
            let monarch = Halves::monarch(core, us).map_or("monarch", |(m, _)| m.name());
            Reason::new("reason-split-due").piece("monarch", monarch).text("example", Halves::example(core, us))
        })
    }

    /// Every split: for each free neighbour, either half on it, either half crowned. Neither
    /// half is royal afterwards, so no split is barred by check.
    fn moves(&self, core: &Core, out: &mut Vec<Split>) {
        let us = core.position().turn();
        if !self.must_split(core) {
            return;
        }
        let Some((_, at)) = Halves::monarch(core, us) else { return };
        for to in Halves::free_neighbours(core, us) {
            for (w, f) in [(at, to), (to, at)] {
                out.extend(Half::BOTH.into_iter().map(|crowned| Split { w, f, crowned }));
            }
        }
    }

    fn read(&self, core: &Core, text: &str) -> Option<Result<Split, MoveInputError>> {
        let written = read_split(text)?;
        let refuse = |reason: Reason| MoveInputError::NoMatch { input: text.trim().to_string(), reason };
        Some(written.and_then(|written| self.check_split(core, written)).map_err(refuse))
    }

    fn write(&self, _core: &Core, m: &Split) -> String {
        m.text(false)
    }

    fn write_typed(&self, _core: &Core, m: &Split) -> String {
        m.text(true)
    }

    fn play(&mut self, core: &Core, m: &Split) -> (Position, OwnMove) {
        let mut pos = *core.position();
        let us = pos.turn();
        let (_, at) = Halves::monarch(core, us).expect("a split is legal only with the monarch on the board");
        pos.remove_piece(at);
        for half in Half::BOTH {
            pos.place_piece(m.square(half), Piece::new(us, half.role(pos.rules())))
                .expect("a split's squares are the monarch's and an empty neighbour");
        }
        let side = &mut self.sides[us.index()];
        side.stage = Stage::Split;
        side.crowned = Some(m.crowned);
        let moved_to = if m.w == at { m.f } else { m.w };
        let own = OwnMove {
            notation: m.text(false),
            commit: vec![Secret { label: label(us), value: m.crowned.letter().to_string() }],
            stops: vec![moved_to],
            irreversible: true,
        };
        (pos, own)
    }

    /// A half captured opens the secret: the crowned one ends the game
    /// ([`Extension::outcome`]), the other leaves its partner royal.
    fn lost(&mut self, core: &Core, _at: Square, lost: Piece, _mover: Color) -> Aftermath {
        let side = &mut self.sides[lost.color.index()];
        let mut after = Aftermath::default();
        if side.stage == Stage::Split
            && side.crowned.is_some()
            && !side.opened
            && Half::of(lost, core.position().rules()).is_some()
        {
            side.opened = true;
            after.reveal.push(label(lost.color));
        }
        after
    }

    /// A board move by a side whose split was due: it had no free neighbour, so it never
    /// splits (crown-4.md, "When the split happens").
    fn stopped(&mut self, _core: &Core, mover: Color, _squares: &[Square]) -> Aftermath {
        let side = &mut self.sides[mover.index()];
        if side.stage == Stage::Due {
            side.stage = Stage::Never;
        }
        Aftermath::default()
    }

    fn outcome(&self, core: &Core) -> Option<Outcome> {
        let loser = self.crown_taken(core)?;
        Some(Outcome::Win { winner: loser.other(), reason: WinReason::RoyalCaptured })
    }

    /// Crown's dead position (only the known royal pieces left), unless a side's split is
    /// still due: its halves would not be royal.
    fn dead(&self, core: &Core) -> bool {
        core.only_royals_left() && self.sides.iter().all(|s| s.stage != Stage::Due)
    }

    fn notices(&self, core: &Core, observer: Observer, over: bool) -> Vec<String> {
        let mut notices = Vec::new();
        let pos = core.position();
        for color in Color::BOTH {
            let side = &self.sides[color.index()];
            let own = observer == Observer::Player(color);
            let (whose, title) = if own {
                ("Your".to_string(), "You".to_string())
            } else {
                (format!("{}'s", color.title()), color.title().to_string())
            };
            let monarch = Halves::monarch(core, color).map_or("monarch", |(m, _)| m.name());
            match side.stage {
                Stage::Before => {}
                Stage::Due if over => {}
                Stage::Due if pos.turn() == color && Halves::free_neighbours(core, color).is_empty() => notices.push(
                    format!("{whose} {monarch} has no empty neighbouring square: it cannot split, and stays whole and royal."),
                ),
                Stage::Due if own => notices.push(format!(
                    "Your uncrowned monarch fell: your next move splits your {monarch} into its two halves, the crowned \
                     one starred ({}).",
                    Halves::example(core, color)
                )),
                Stage::Due => notices.push(format!("{whose} {monarch} must split at {}'s next move.", color.title())),
                Stage::Never => notices.push(format!("{whose} {monarch} could not split: it stays whole and royal.")),
                Stage::Split => {
                    let Some(crowned) = side.crowned else {
                        notices.push(format!("{whose} crown is on one of its halves."));
                        continue;
                    };
                    let at = Halves::half_square(core, color, crowned);
                    let on = at.map(|sq| format!(" on {sq}")).unwrap_or_default();
                    if side.opened || over {
                        if at.is_none() {
                            notices.push(format!("{title} lost the crowned {} half.", crowned.letter()));
                        } else {
                            notices.push(format!("{whose} crown: the {} half{on} (opened).", crowned.letter()));
                        }
                    } else if own {
                        notices.push(format!("Your crown is on the {} half{on}.", crowned.letter()));
                        if pos.turn() == color && at.is_some_and(|sq| pos.is_attacked(sq, color.other())) {
                            // Only the owner knows this: the opponent does not know which half is
                            // attacked in earnest.
                            notices.push(format!("Your crowned {} half is attacked.", crowned.letter()));
                        }
                    } else if observer == Observer::Everyone {
                        notices.push(format!("{whose} crown: the {} half{on} (still sealed for the players).", crowned.letter()));
                    } else {
                        notices.push(format!("{whose} crown is on one of its halves."));
                    }
                }
            }
        }
        notices
    }

    fn snapshot(&self) -> String {
        let side = |s: &Side| match (s.stage, s.crowned, s.opened) {
            (Stage::Before, ..) => "before".to_string(),
            (Stage::Due, ..) => "due".to_string(),
            (Stage::Never, ..) => "never".to_string(),
            (Stage::Split, None, _) => "split:?".to_string(),
            (Stage::Split, Some(h), false) => format!("split:{}", h.letter()),
            (Stage::Split, Some(h), true) => format!("split:{}:opened", h.letter()),
        };
        format!("halves {} {}\n", side(&self.sides[0]), side(&self.sides[1]))
    }

    /// Reads the `halves` line: per side `before`, `due`, `never`, `split:?` (secret-free),
    /// `split:W` or `split:F` (sealed), `split:W:opened` or `split:F:opened`.
    fn restore(_core: &Core, snapshot: &str) -> Result<Self, SnapshotError> {
        let bad = |what: &str| SnapshotError(format!("halves: {what:?}"));
        let words: Vec<&str> = snapshot_field(snapshot, "halves")?.split_whitespace().collect();
        let [white, black] = words[..] else { return Err(bad("two fields, White's and Black's")) };
        let side = |text: &str| -> Result<Side, SnapshotError> {
            let stage = |stage| Ok(Side { stage, ..Side::default() });
            match text {
                "before" => stage(Stage::Before),
                "due" => stage(Stage::Due),
                "never" => stage(Stage::Never),
                "split:?" => stage(Stage::Split),
                _ => {
                    let rest = text.strip_prefix("split:").ok_or_else(|| bad(text))?;
                    let (value, opened) = match rest.strip_suffix(":opened") {
                        Some(value) => (value, true),
                        None => (rest, false),
                    };
                    let crowned = Half::from_value(value).ok_or_else(|| bad(text))?;
                    Ok(Side { stage: Stage::Split, crowned: Some(crowned), opened, preset: None })
                }
            }
        };
        Ok(Halves { sides: [side(white)?, side(black)?] })
    }
}

impl Halves {
    /// Checks a written split against the position: the side's split is due and possible, one
    /// half stays on the monarch's square, the other goes to a free neighbour, and the crowned
    /// half is starred (or given by an auditor's secret).
    fn check_split(&self, core: &Core, written: [WrittenHalf; 2]) -> Result<Split, Reason> {
        let us = core.position().turn();
        let side = &self.sides[us.index()];
        match side.stage {
            Stage::Due => {}
            Stage::Before => return Err(Reason::new("reason-split-not-yet")),
            Stage::Never => {
                return Err(Reason::new("reason-split-never"));
            }
            Stage::Split => return Err(Reason::new("reason-split-already")),
        }
        let Some((monarch, at)) = Halves::monarch(core, us) else {
            return Err(Reason::new("reason-split-no-monarch"));
        };
        let free = Halves::free_neighbours(core, us);
        if free.is_empty() {
            return Err(Reason::new("reason-split-no-room").piece("monarch", monarch.name()).text("square", at));
        }
        let square = |half: Half| written.iter().find(|w| w.half == half).map(|w| w.square).expect("one W and one F");
        let (w, f) = (square(Half::W), square(Half::F));
        let Some(to) = (if w == at {
            Some(f)
        } else if f == at {
            Some(w)
        } else {
            None
        }) else {
            return Err(Reason::new("reason-split-one-stays").piece("monarch", monarch.name()).text("square", at));
        };
        if to == at || !neighbours(at).any(|sq| sq == to) {
            return Err(Reason::new("reason-split-next-to")
                .piece("monarch", monarch.name())
                .text("square", at)
                .text("to", to));
        }
        if !free.contains(&to) {
            return Err(Reason::new("reason-split-not-empty").text("square", to));
        }
        let crowned = match written.iter().find(|w| w.crowned) {
            Some(starred) => starred.half,
            None => side.preset.ok_or_else(|| Reason::new("reason-split-mark-crowned").text("w", w).text("f", f))?,
        };
        Ok(Split { w, f, crowned })
    }
}
