//! Crown-2, the stones (the seed: shared/seeds/crown.txt, the paragraph beginning "Let's name
//! the 1-st variant "crown-2""; herald's choices: docs/rules/crown-2.md).
//!
//! - "Each player receives additional figures, which are in reserve (not on the board) in the
//!   beginning." "The number of stones is equaled 3." FEN writes the reserves in brackets after
//!   the board, `[SSSsss]`, and the stones on the board as `S` and `s`.
//! - "They can enter on the board only after loss of one monarch (naturally, not crowned)." A
//!   player drops stones from the first move after its own uncrowned monarch left the board
//!   (captured, or blown up); the opponent's losses do not matter.
//! - "Dropping stones to the board is a move. For 1 move it is possible to drop from 1 up to 3
//!   stones." On any empty squares (`S@e4`, `S@e4,f5,g6`). Once the side's crown is known it
//!   plays with check, so a drop must not leave its royal monarch attacked: it may block a
//!   check along a line, and cannot be made in check otherwise.
//! - "Being placed on board, they do not move any more." "the stones can prevent from moving
//!   opponent’s figures": a stone is a piece with no movement (an empty Betza string), so it
//!   blocks every rider and castling of either side, attacks nothing, and is captured by the
//!   enemy as any piece is; never by its own side, which captures nothing of its own.
//! - "one of them is “mined”, and the figure which has taken it "is blown up by the mine", i.e.
//!   leaves the board together with the stone." Its owner marks the mined stone with `*` as it
//!   enters (`S@e4*,f5`); every stone is committed as it enters (`white.stone1` ..
//!   `white.stone3`, `mined` or `plain`, numbered in the order they enter and, within one
//!   drop, in square order), so the number of commitments tells nothing, and each is opened
//!   when the stone is captured. The capturer is removed with the mined stone: a crowned
//!   monarch blown up loses the game, a monarch whose crown was still unknown opens its note
//!   as a capture would. Whether a capture is legal never depends on the mine; what it does,
//!   does.
//! - "when the monarch has no moves because it is closed by the stones (and also possibly
//!   blocked by own figures) ... this kind of stalemate must be considered as a draw": the side
//!   to move has no legal move, is not in check, and every neighbour of its royal monarch holds
//!   one of its own pieces or stones, at least one a stone. Every other stalemate loses, as in
//!   Crown.
//!
//! All stones look alike: the board, the move list (`S@e4,f5`, never a `*`) and every view but
//! the owner's say nothing of the mine until it goes off or the game ends.

use std::fmt;

use super::{Aftermath, Core, Extension, OwnMove};
use crate::engine::geometry::{BoardSize, Square, SquareSet};
use crate::engine::outcome::{DrawReason, Outcome, WinReason};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::Position;
use crate::engine::rules::PieceDef;
use crate::notation::input::{self, MoveInputError};
use crate::notation::reason::Reason;
use crate::variants::standard::snapshot_field;
use crate::variants::{Observer, Secret, SetupRequest, SnapshotError};

/// The stone's role: the first piece after Crown's seven.
const STONE: Role = Role(7);

/// How many stones each player has.
const STONES: u8 = 3;

/// The eight steps of a monarch, for the walls around it.
const MONARCH_STEPS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The label of `color`'s stone number `number`: "white.stone2".
fn label(color: Color, number: u8) -> String {
    format!("{color}.stone{number}")
}

/// The value a stone's commitment holds.
fn status(mined: bool) -> &'static str {
    if mined { "mined" } else { "plain" }
}

/// "1 stone", "2 stones".
fn count_of_stones(n: u8) -> String {
    format!("{n} stone{}", if n == 1 { "" } else { "s" })
}

/// One stone that has entered the board.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stone {
    /// 1 to 3: the order in which the owner's stones entered.
    number: u8,
    /// Where it stands; `None` once captured.
    square: Option<Square>,
    /// Whether it is the mined one (the owner's secret).
    mined: bool,
    /// Whether `mined` was decided or given: false for a stone of a position from FEN whose
    /// status no secret gave (it counts as plain, as for a problem).
    told: bool,
}

/// One player's stones.
#[derive(Clone, Default, PartialEq, Eq)]
struct Side {
    /// Stones still in reserve.
    reserve: u8,
    /// The stones that entered, by number.
    entered: Vec<Stone>,
    /// What an auditor's opened secrets say of the stones still to enter, by number - 1.
    presets: [Option<bool>; STONES as usize],
}

impl Side {
    /// The number the next stone to enter gets: the stones are numbered 1 to 3 in the order
    /// they enter, so it follows from how many are left.
    fn next_number(&self) -> u8 {
        STONES + 1 - self.reserve
    }

    /// Whether the mined stone is still in reserve: it has not entered, and a stone is left.
    fn mine_in_reserve(&self) -> bool {
        self.reserve > 0 && !self.entered.iter().any(|s| s.mined)
    }

    /// The stones on the board.
    fn on_board(&self) -> impl Iterator<Item = (Square, &Stone)> {
        self.entered.iter().filter_map(|s| Some((s.square?, s)))
    }
}

/// A mined stone that went off.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Blast {
    /// Whose stone it was.
    owner: Color,
    /// Its number.
    number: u8,
    /// Where it stood.
    square: Square,
    /// The letter of what took it, and was blown up with it.
    capturer: char,
    /// The capturer was its side's crowned monarch: the game is lost for that side.
    crowned: bool,
}

/// Crown-2's state: each player's reserve and stones, and the mines that went off.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Stones {
    sides: [Side; 2],
    blasts: Vec<Blast>,
}

/// Which stones stand where, and the reserves; never which stone is mined.
impl fmt::Debug for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct("Stones");
        for color in Color::BOTH {
            let side = &self.sides[color.index()];
            let squares: Vec<Square> = side.on_board().map(|(sq, _)| sq).collect();
            out.field(color.name(), &format_args!("{squares:?}, {} in reserve", side.reserve));
        }
        out.finish()
    }
}

/// A drop of one to three stones: the squares, and which of them is the mined stone, if one
/// is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct StoneDrop {
    squares: SquareSet,
    mined: Option<Square>,
}

impl StoneDrop {
    /// The squares, in square order (a1, b1, .., h1, a2, ..).
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.squares
    }

    /// The drop as the move list writes it: `S@e4,f5`, the mine never marked.
    pub fn public(&self) -> String {
        self.written(false)
    }

    /// The drop as its player types it: `S@e4*,f5`.
    pub fn typed(&self) -> String {
        self.written(true)
    }

    fn written(&self, with_mine: bool) -> String {
        let squares: Vec<String> = self
            .squares
            .map(|sq| if with_mine && self.mined == Some(sq) { format!("{sq}*") } else { sq.algebraic() })
            .collect();
        format!("S@{}", squares.join(","))
    }
}

/// The public form only: the mine is the owner's secret.
impl fmt::Debug for StoneDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StoneDrop({})", self.public())
    }
}

/// A drop as a player wrote it, before the position is asked whether it may be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenDrop {
    /// The squares, in the order written.
    pub squares: Vec<Square>,
    /// The squares marked `*`.
    pub marked: Vec<Square>,
}

impl fmt::Display for WrittenDrop {
    /// As herald reads it back: `S@e4*,f5` in the order written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares: Vec<String> = self
            .squares
            .iter()
            .map(|sq| if self.marked.contains(sq) { format!("{sq}*") } else { sq.algebraic() })
            .collect();
        write!(f, "S@{}", squares.join(","))
    }
}

/// Reads a drop as players write it (docs/rules/crown-2.md, "Notation"): `S@e4`, `S@e4*`,
/// `S@e4,f5*`, `S@e4 S@f5`, `@e4`, `stones e4 f5*`, `drop e4`; in any case, spaces free
/// around the commas and before a `*`, a move number before it and annotations after it as
/// in any move. `None` when the text is not written as a drop (it starts with neither `S@`,
/// `@` nor the word `drop`, `stones` or `stone`), so that it is read as a board move;
/// `Some(Err(why))` when it is written as a drop but cannot be one.
pub fn read_drop(text: &str, size: BoardSize) -> Option<Result<WrittenDrop, Reason>> {
    let cleaned = input::clean(text).to_lowercase();
    let (word, rest) = cleaned.split_once(char::is_whitespace).unwrap_or((&cleaned, ""));
    let body = if matches!(word.trim_end_matches(':'), "drop" | "stones" | "stone") {
        rest
    } else if cleaned.starts_with("s@") || cleaned.starts_with('@') {
        &cleaned
    } else {
        return None;
    };
    Some(read_squares(body, size))
}

/// The squares of a drop, after its leading word.
fn read_squares(body: &str, size: BoardSize) -> Result<WrittenDrop, Reason> {
    let mut drop = WrittenDrop { squares: Vec::new(), marked: Vec::new() };
    for token in body.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()) {
        let unprefixed = token.strip_prefix("s@").or_else(|| token.strip_prefix('@')).unwrap_or(token);
        let (name, starred) = match unprefixed.strip_suffix('*') {
            Some(name) => (name, true),
            None => (unprefixed, false),
        };
        if name.is_empty() && !starred {
            // "S@ e4": the letter and its @ standing apart from the square.
            continue;
        }
        let square = if name.is_empty() && token == "*" {
            // A `*` standing apart marks the square before it.
            *drop.squares.last().ok_or_else(|| Reason::new("reason-drop-star-alone"))?
        } else {
            let square = size
                .parse_algebraic(name)
                .ok_or_else(|| Reason::new("reason-drop-not-a-square").text("text", token))?;
            if drop.squares.contains(&square) {
                return Err(Reason::new("reason-drop-named-twice").text("square", square));
            }
            drop.squares.push(square);
            square
        };
        if starred {
            if drop.marked.contains(&square) {
                return Err(Reason::new("reason-drop-marked-twice").text("square", square));
            }
            drop.marked.push(square);
        }
    }
    match drop.squares.len() {
        0 => Err(Reason::new("reason-drop-where")),
        1..=3 => Ok(drop),
        _ => Err(Reason::new("reason-drop-how-many")),
    }
}

impl Stones {
    /// Stones in `color`'s reserve.
    pub fn reserve(&self, color: Color) -> u8 {
        self.sides[color.index()].reserve
    }

    /// Where `color`'s stones stand, in the order they entered.
    pub fn on_board(&self, color: Color) -> Vec<Square> {
        self.sides[color.index()].on_board().map(|(sq, _)| sq).collect()
    }

    /// Whether `color`'s stones may enter: its uncrowned monarch has left the board.
    pub fn usable(&self, core: &Core, color: Color) -> bool {
        core.is_revealed(color)
    }

    /// Why `color` may not drop a stone now, if it may not.
    fn why_not(&self, core: &Core, color: Color) -> Option<Reason> {
        if !self.usable(core, color) {
            Some(Reason::new("reason-drop-not-yet"))
        } else if self.reserve(color) == 0 {
            Some(Reason::new("reason-drop-none-left"))
        } else {
            None
        }
    }

    /// Whether stones on `squares` leave the side to move's royal monarch unattacked: they
    /// block what checks it along a line, or it was not in check.
    fn shields(core: &Core, squares: SquareSet) -> bool {
        let pos = core.position();
        let us = pos.turn();
        let mut after = *pos;
        for sq in squares {
            if after.place_piece(sq, Piece::new(us, STONE)).is_err() {
                return false;
            }
        }
        core.leaves_royal_safe(&after, us)
    }

    /// Reads a written drop against the position and the player's stones: the drop it is, or
    /// why it cannot be made. The mine is as marked, or, in an auditor's replay of the public
    /// notation, as the opened secrets say.
    fn resolve(&self, core: &Core, written: &WrittenDrop) -> Result<StoneDrop, Reason> {
        let pos = core.position();
        let us = pos.turn();
        if let Some(why) = self.why_not(core, us) {
            return Err(why);
        }
        let side = &self.sides[us.index()];
        if written.squares.len() > usize::from(side.reserve) {
            return Err(Reason::new("reason-drop-in-reserve").number("count", side.reserve));
        }
        if let Some(taken) = written.squares.iter().find(|&&sq| pos.piece_at(sq).is_some()) {
            return Err(Reason::new("reason-drop-not-empty").text("square", taken));
        }
        let squares: SquareSet = written.squares.iter().copied().collect();
        let mut mined: Vec<Square> = written.marked.clone();
        for (i, sq) in squares.enumerate() {
            let number = side.next_number() + i as u8;
            match side.presets[usize::from(number - 1)] {
                Some(true) if !mined.contains(&sq) => mined.push(sq),
                Some(false) if mined.contains(&sq) => {
                    return Err(Reason::new("reason-drop-opened-plain")
                        .text("label", label(us, number))
                        .text("square", sq));
                }
                _ => {}
            }
        }
        let mined = match mined[..] {
            [] => None,
            [sq] => Some(sq),
            _ => return Err(Reason::new("reason-drop-one-mined")),
        };
        if mined.is_some() && !side.mine_in_reserve() {
            return Err(Reason::new("reason-drop-mine-entered"));
        }
        if mined.is_none() && side.mine_in_reserve() && written.squares.len() == usize::from(side.reserve) {
            return Err(Reason::new("reason-drop-mark-mine"));
        }
        if pos.is_check() && !Stones::shields(core, squares) {
            return Err(Reason::new("reason-drop-leaves-check"));
        }
        Ok(StoneDrop { squares, mined })
    }

    /// Whether `color`'s royal monarch is walled in: every neighbour on the board holds one of
    /// `color`'s own pieces or stones, and at least one holds a stone. A monarch stopped by an
    /// enemy piece or stone could take it but for an attack, which is the ordinary stalemate's
    /// reason, not the stones'.
    fn walled_in(pos: &Position, color: Color) -> bool {
        let Some(monarch) = pos.royal_square(color) else { return false };
        let size = pos.rules().size();
        let mut stone = false;
        for (df, dr) in MONARCH_STEPS {
            if let Some(sq) = monarch.offset(df, dr, size) {
                match pos.piece_at(sq) {
                    Some(p) if p.color == color => stone |= p.role == STONE,
                    _ => return false,
                }
            }
        }
        stone
    }

    /// `color`'s stones as `observer` may know them, or `None` where it may know nothing more
    /// than the board shows: "e4 mined, f5 plain; 1 in reserve (plain)".
    fn describe(&self, core: &Core, color: Color, observer: Observer, over: bool) -> Option<String> {
        let side = &self.sides[color.index()];
        let own = observer == Observer::Player(color) || observer == Observer::Everyone;
        let mut parts: Vec<String> = side.on_board().map(|(sq, s)| format!("{sq} {}", status(s.mined))).collect();
        if !(own || over) || (parts.is_empty() && !(own && self.usable(core, color) && side.reserve > 0)) {
            return None;
        }
        if own && side.reserve > 0 {
            let which = match (side.mine_in_reserve(), side.reserve) {
                (false, _) => "plain".to_string(),
                (true, 1) => "the mined one: mark it with * as it enters".to_string(),
                (true, _) => "one of them mined: mark it with * as it enters, as in S@e4*".to_string(),
            };
            parts.push(format!("{} in reserve ({which})", side.reserve));
        }
        Some(parts.join(", "))
    }
}

impl Extension for Stones {
    type Move = StoneDrop;

    fn pieces() -> Vec<PieceDef> {
        // "Being placed on board, they do not move any more."
        vec![PieceDef::new("Stone", 'S', "")]
    }

    fn start_holdings() -> &'static str {
        "SSSsss"
    }

    /// The reserves in brackets (`S` White's, `s` Black's; none without brackets), and the
    /// stones the board already holds, numbered in square order, all plain until the secrets
    /// say otherwise ([`Extension::preset`]). Three stones a side at most, counting both.
    fn from_holdings(core: &Core, held: Option<&str>) -> Result<Self, String> {
        let mut stones = Stones::default();
        for c in held.unwrap_or("").chars() {
            match c {
                'S' => stones.sides[0].reserve += 1,
                's' => stones.sides[1].reserve += 1,
                other => return Err(format!("crown-2 has only stones in reserve (S and s), not {other:?}")),
            }
        }
        let pos = core.position();
        for color in Color::BOTH {
            let side = &mut stones.sides[color.index()];
            let squares = pos.occupied_by(color).filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.role == STONE));
            side.entered = squares
                .enumerate()
                .map(|(i, sq)| Stone { number: i as u8 + 1, square: Some(sq), mined: false, told: false })
                .collect();
            if side.entered.len() + usize::from(side.reserve) > usize::from(STONES) {
                return Err(format!(
                    "{color} has {} on the board and {} in reserve: three at most",
                    count_of_stones(side.entered.len() as u8),
                    side.reserve
                ));
            }
        }
        Ok(stones)
    }

    fn holdings(&self) -> String {
        format!(
            "{}{}",
            "S".repeat(usize::from(self.reserve(Color::White))),
            "s".repeat(usize::from(self.reserve(Color::Black)))
        )
    }

    /// The status of each stone a position from FEN holds on the board, unless a secret gave
    /// it or gave the side's mined stone (the others are then plain): what an auditor replaying
    /// from the position must give (`--secret white.stone1=mined`).
    fn missing_secrets(&self, _core: &Core) -> Vec<SetupRequest> {
        let mut requests = Vec::new();
        for color in Color::BOTH {
            let side = &self.sides[color.index()];
            if side.entered.iter().any(|s| s.told && s.mined) {
                continue;
            }
            requests.extend(side.on_board().filter(|(_, s)| !s.told).map(|(_, s)| SetupRequest {
                player: color,
                label: label(color, s.number),
                prompt: "mined or plain".to_string(),
            }));
        }
        requests
    }

    /// `white.stone1` .. `black.stone3`, `mined` or `plain`: the status of a stone already on
    /// the board of a position from FEN, or of a stone still to enter, which a drop replayed
    /// from the public notation (`S@e4,f5`) then takes.
    /// Each side with no opened mined stone and some sealed ones gets its last sealed stone
    /// as the mine, the others as plain: a drop's legality never depends on which stone is
    /// mined, but a drop of a side's last stones must hold the mine if it is still in reserve,
    /// and the replay of the public notation (`S@e4,f5`) cannot know it is not. A stone's
    /// status matters only when it is captured, which opens it.
    fn stand_ins(opened: &[Secret], sealed: &[String]) -> Vec<Secret> {
        let mut stand_ins = Vec::new();
        for color in Color::BOTH {
            let mined_open =
                (1..=STONES).any(|n| opened.iter().any(|s| s.label == label(color, n) && s.value == status(true)));
            let sealed_here: Vec<String> =
                (1..=STONES).map(|n| label(color, n)).filter(|l| sealed.contains(l)).collect();
            let last = sealed_here.len().checked_sub(1);
            for (i, l) in sealed_here.into_iter().enumerate() {
                let mined = !mined_open && Some(i) == last;
                stand_ins.push(Secret { label: l, value: status(mined).to_string() });
            }
        }
        stand_ins
    }

    fn preset(&mut self, secret: &Secret) -> Result<bool, String> {
        let parsed = secret.label.split_once(".stone").and_then(|(color, number)| {
            let color = Color::BOTH.into_iter().find(|c| c.name() == color)?;
            let number = number.parse::<u8>().ok().filter(|n| (1..=STONES).contains(n) && number.len() == 1)?;
            Some((color, number))
        });
        let Some((color, number)) = parsed else { return Ok(false) };
        let mined = match secret.value.as_str() {
            "mined" => true,
            "plain" => false,
            other => return Err(format!("{} is {other:?}, not \"mined\" or \"plain\"", secret.label)),
        };
        let side = &mut self.sides[color.index()];
        match side.entered.iter_mut().find(|s| s.number == number) {
            Some(stone) => (stone.mined, stone.told) = (mined, true),
            None => side.presets[usize::from(number - 1)] = Some(mined),
        }
        let mines =
            side.entered.iter().filter(|s| s.mined).count() + side.presets.iter().filter(|p| **p == Some(true)).count();
        if mines > 1 {
            return Err(format!("{color} has one mined stone, but the secrets give more"));
        }
        Ok(true)
    }

    fn moves(&self, core: &Core, out: &mut Vec<StoneDrop>) {
        let pos = core.position();
        let us = pos.turn();
        if self.why_not(core, us).is_some() {
            return;
        }
        let side = &self.sides[us.index()];
        let reserve = usize::from(side.reserve);
        let mine = side.mine_in_reserve();
        let in_check = pos.is_check();
        let empty: Vec<Square> = pos.rules().size().squares().filter(|&sq| pos.piece_at(sq).is_none()).collect();
        let mut emit = |chosen: &[Square]| {
            let squares: SquareSet = chosen.iter().copied().collect();
            // Out of check a drop cannot attack the royal monarch (stones only block).
            if in_check && !Stones::shields(core, squares) {
                return;
            }
            // The drop that empties the reserve carries the mine if it is still there.
            if !mine || chosen.len() < reserve {
                out.push(StoneDrop { squares, mined: None });
            }
            if mine {
                out.extend(chosen.iter().map(|&sq| StoneDrop { squares, mined: Some(sq) }));
            }
        };
        for (i, &a) in empty.iter().enumerate() {
            emit(&[a]);
            if reserve < 2 {
                continue;
            }
            for (j, &b) in empty.iter().enumerate().skip(i + 1) {
                emit(&[a, b]);
                if reserve < 3 {
                    continue;
                }
                for &c in &empty[j + 1..] {
                    emit(&[a, b, c]);
                }
            }
        }
    }

    /// Out of check, any empty square is a drop. In check, only stones on the monarch's empty
    /// neighbours need be tried: a stone farther along a line blocks no more than one next to
    /// the monarch on the same line, a stone off its lines blocks nothing, and more stones
    /// never unblock a line; so some drop is legal exactly when one onto neighbours is.
    fn has_move(&self, core: &Core) -> bool {
        let pos = core.position();
        let us = pos.turn();
        if self.why_not(core, us).is_some() {
            return false;
        }
        let size = pos.rules().size();
        if !pos.is_check() {
            return size.squares().any(|sq| pos.piece_at(sq).is_none());
        }
        let Some(monarch) = pos.royal_square(us) else { return false };
        let near: Vec<Square> = MONARCH_STEPS
            .iter()
            .filter_map(|&(df, dr)| monarch.offset(df, dr, size))
            .filter(|&sq| pos.piece_at(sq).is_none())
            .collect();
        let most = usize::from(self.reserve(us)).min(near.len());
        // Every subset of at most `most` neighbours, as a bit mask over `near`.
        (1u32..1 << near.len()).filter(|mask| mask.count_ones() as usize <= most).any(|mask| {
            let squares: SquareSet =
                near.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &sq)| sq).collect();
            Stones::shields(core, squares)
        })
    }

    fn read(&self, core: &Core, text: &str) -> Option<Result<StoneDrop, MoveInputError>> {
        let written = read_drop(text, core.position().rules().size())?;
        let refuse = |reason: Reason| MoveInputError::NoMatch { input: text.trim().to_string(), reason };
        Some(written.and_then(|w| self.resolve(core, &w)).map_err(refuse))
    }

    fn write(&self, _core: &Core, m: &StoneDrop) -> String {
        m.public()
    }

    fn write_typed(&self, _core: &Core, m: &StoneDrop) -> String {
        m.typed()
    }

    fn play(&mut self, core: &Core, m: &StoneDrop) -> (Position, OwnMove) {
        let mut pos = *core.position();
        let us = pos.turn();
        let side = &mut self.sides[us.index()];
        let first = side.next_number();
        let mut commit = Vec::new();
        for (i, sq) in m.squares.enumerate() {
            pos.place_piece(sq, Piece::new(us, STONE)).expect("stones are dropped on empty squares");
            let number = first + i as u8;
            let mined = m.mined == Some(sq);
            side.entered.push(Stone { number, square: Some(sq), mined, told: true });
            commit.push(Secret { label: label(us, number), value: status(mined).to_string() });
        }
        side.reserve -= m.squares.count() as u8;
        let own = OwnMove { notation: m.public(), commit, stops: m.squares.collect(), irreversible: true };
        (pos, own)
    }

    /// A stone taken opens its commitment; the mined one blows up what took it, which stands
    /// on its square now.
    fn lost(&mut self, core: &Core, at: Square, lost: Piece, mover: Color) -> Aftermath {
        if lost.role != STONE {
            return Aftermath::default();
        }
        let owner = lost.color;
        let Some(stone) = self.sides[owner.index()].entered.iter_mut().find(|s| s.square == Some(at)) else {
            return Aftermath::default();
        };
        stone.square = None;
        let stone = *stone;
        if stone.mined
            && let Some(capturer) = core.position().piece_at(at).filter(|p| p.color == mover)
        {
            let crowned = core.crown(mover).is_some_and(|m| core.monarch_square(mover, m) == Some(at));
            let capturer = core.position().rules().piece(capturer.role).letter;
            self.blasts.push(Blast { owner, number: stone.number, square: at, capturer, crowned });
        }
        Aftermath { blow_up_capturer: stone.mined, reveal: vec![label(owner, stone.number)] }
    }

    /// A crowned monarch blown up: "the figure which has taken it "is blown up by the mine"",
    /// and the crown with it.
    fn outcome(&self, _core: &Core) -> Option<Outcome> {
        self.blasts
            .iter()
            .find(|b| b.crowned)
            .map(|b| Outcome::Win { winner: b.owner, reason: WinReason::CrownBlownUp })
    }

    fn stalemate(&self, core: &Core) -> Outcome {
        let pos = core.position();
        if Stones::walled_in(pos, pos.turn()) {
            Outcome::Draw { reason: DrawReason::WalledIn }
        } else {
            Outcome::Win { winner: pos.turn().other(), reason: WinReason::Stalemate }
        }
    }

    /// Crown's dead position (the two known royal monarchs alone), and no stone in either
    /// reserve: with a stone to drop, a monarch can still be walled in by enemy stones.
    fn dead(&self, core: &Core) -> bool {
        core.only_royals_left() && self.sides.iter().all(|s| s.reserve == 0)
    }

    fn notices(&self, core: &Core, observer: Observer, over: bool) -> Vec<String> {
        let mut notices = Vec::new();
        let (white, black) = (self.reserve(Color::White), self.reserve(Color::Black));
        if white + black > 0 {
            let usable: Vec<&str> =
                Color::BOTH.into_iter().filter(|&c| self.usable(core, c)).map(Color::title).collect();
            let usable = match usable[..] {
                [] => "neither".to_string(),
                [one] => one.to_string(),
                _ => "both".to_string(),
            };
            notices.push(format!(
                "In reserve: White {}, Black {} (usable: {usable}).",
                count_of_stones(white),
                count_of_stones(black)
            ));
        }
        for color in Color::BOTH {
            if let Some(stones) = self.describe(core, color, observer, over) {
                notices.push(if observer == Observer::Player(color) {
                    format!("Your stones: {stones}.")
                } else {
                    format!("{}'s stones: {stones}.", color.title())
                });
            }
        }
        let rules = core.position().rules();
        for blast in &self.blasts {
            let piece = rules.role_by_letter(blast.capturer).map_or("piece", |r| rules.piece(r).name).to_lowercase();
            let crowned = if blast.crowned { "crowned " } else { "" };
            notices.push(format!(
                "{}'s stone on {} was mined: {}'s {crowned}{piece} was blown up.",
                blast.owner.title(),
                blast.square,
                blast.owner.other().title()
            ));
        }
        notices
    }

    /// `stones-white` and `stones-black`: the reserve, then each stone that entered as
    /// `NUMBER@SQUARE` (`-` once captured), `*` after the mined one; `stone-blasts`: each mine
    /// gone off as `OWNER/NUMBER/SQUARE/CAPTURER` and `/crowned` when the capturer was the
    /// crowned monarch.
    fn snapshot(&self) -> String {
        let mut out = String::new();
        for color in Color::BOTH {
            let side = &self.sides[color.index()];
            out.push_str(&format!("stones-{color} {}", side.reserve));
            for stone in &side.entered {
                let square = stone.square.map_or_else(|| "-".to_string(), |sq| sq.algebraic());
                out.push_str(&format!(" {}@{square}{}", stone.number, if stone.mined { "*" } else { "" }));
            }
            out.push('\n');
        }
        let blasts: Vec<String> = self
            .blasts
            .iter()
            .map(|b| {
                let crowned = if b.crowned { "/crowned" } else { "" };
                format!("{}/{}/{}/{}{crowned}", b.owner, b.number, b.square, b.capturer)
            })
            .collect();
        out.push_str(&format!("stone-blasts {}\n", blasts.join(" ")));
        out
    }

    fn restore(core: &Core, snapshot: &str) -> Result<Self, SnapshotError> {
        let pos = core.position();
        let bad = |what: String| SnapshotError(format!("stones: {what}"));
        let mut stones = Stones::default();
        for color in Color::BOTH {
            let words: Vec<&str> = snapshot_field(snapshot, &format!("stones-{color}"))?.split_whitespace().collect();
            let (reserve, entered) = words.split_first().ok_or_else(|| bad(format!("{color}: no reserve")))?;
            let side = &mut stones.sides[color.index()];
            side.reserve =
                reserve.parse().ok().filter(|&n| n <= STONES).ok_or_else(|| bad(format!("reserve {reserve:?}")))?;
            for word in entered {
                let (number, rest) = word.split_once('@').ok_or_else(|| bad(format!("{word:?}")))?;
                let (square, mined) = match rest.strip_suffix('*') {
                    Some(square) => (square, true),
                    None => (rest, false),
                };
                let number: u8 = number
                    .parse()
                    .ok()
                    .filter(|&n| (1..side.next_number()).contains(&n) && !side.entered.iter().any(|s| s.number == n))
                    .ok_or_else(|| bad(format!("{color}'s stone number in {word:?}")))?;
                let square = match square {
                    "-" => None,
                    name => Some(
                        pos.rules()
                            .size()
                            .parse_algebraic(name)
                            .filter(|&sq| pos.piece_at(sq) == Some(Piece::new(color, STONE)))
                            .ok_or_else(|| bad(format!("no {color} stone on {name}")))?,
                    ),
                };
                side.entered.push(Stone { number, square, mined, told: true });
            }
            side.entered.sort_by_key(|s| s.number);
            if side.entered.iter().filter(|s| s.mined).count() > 1 {
                return Err(bad(format!("{color} has two mined stones")));
            }
            let standing =
                pos.occupied_by(color).filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.role == STONE)).count();
            if standing != side.on_board().count() {
                return Err(bad(format!("{color}'s stones on the board are not those listed")));
            }
        }
        for word in snapshot_field(snapshot, "stone-blasts")?.split_whitespace() {
            let parts: Vec<&str> = word.split('/').collect();
            let (owner, number, square, capturer, crowned) = match parts[..] {
                [o, n, s, c] => (o, n, s, c, false),
                [o, n, s, c, "crowned"] => (o, n, s, c, true),
                _ => return Err(bad(format!("blast {word:?}"))),
            };
            let owner =
                Color::BOTH.into_iter().find(|c| c.name() == owner).ok_or_else(|| bad(format!("blast {word:?}")))?;
            let number: u8 = number.parse().map_err(|_| bad(format!("blast {word:?}")))?;
            let square = pos.rules().size().parse_algebraic(square).ok_or_else(|| bad(format!("blast {word:?}")))?;
            let capturer = match capturer.chars().collect::<Vec<char>>()[..] {
                [letter] if letter.is_ascii_uppercase() && pos.rules().role_by_letter(letter).is_some() => letter,
                _ => return Err(bad(format!("blast {word:?}"))),
            };
            let went_off =
                stones.sides[owner.index()].entered.iter().any(|s| s.number == number && s.square.is_none() && s.mined);
            if !went_off || stones.blasts.iter().any(|b| b.owner == owner) {
                return Err(bad(format!("blast {word:?}: no such mined stone was taken")));
            }
            stones.blasts.push(Blast { owner, number, square, capturer, crowned });
        }
        Ok(stones)
    }
}
