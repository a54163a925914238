//! An independent move generator for the Crown family: Crown, crown-2 (stones), crown-3 (the
//! hidden crown), crown-4 (halves), the ninja with each of them, and FIDE chess (with or
//! without the ninja, `chess+ninja`).
//!
//! It is written from herald's rules pages alone (`docs/rules/crown.md`, `crown-2.md`,
//! `crown-3.md`, `crown-4.md`, `ninja.md`) and the seed page, and shares no code with herald's
//! engine: the board is an array of 64 squares holding plain piece values, attacks are found by
//! looking outwards from the attacked square, and a move is legal when, made on a copy, it
//! leaves no royal piece of the mover attacked. Tests compare herald's legal moves with
//! [`Pos::moves`] (as sets of texts) and herald's perft with [`Pos::perft`].
//!
//! # Positions
//!
//! [`Pos::from_fen`] reads a FEN with the reserves in brackets after the board
//! (`.../4K3[SSSJsss] w - - 0 1`); the castling field is Shredder style for the Crown variants
//! (files of the unmoved monarchs and rooks, upper case White: `ADEHadeh` at the start) and
//! `KQkq` for chess. The secrets are given as `(label, value)` pairs, the labels of the rules
//! pages:
//!
//! | label | value | meaning |
//! |---|---|---|
//! | `white.crown` | `king` / `queen` | the crowned monarch of a side that still has both |
//! | `white.stoneN` | `mined` / `plain` | the Nth White stone on the board, counted in square order a1, b1, .., h1, a2, .. (default plain) |
//! | `white.hidden-crown` | a square | crown-3: the crown was already hidden there (the FEN is after the hide) |
//! | `white.crowned-half` | `W` / `F` | crown-4: the crowned half of a side with both halves on the board |
//!
//! (`black.` likewise.) How the FEN sets each side's crown:
//!
//! - chess: the side's king is royal (FIDE check);
//! - a side with its king and its queen: crown unknown (no check); capturing the monarch the
//!   secret names ends the line, capturing the other makes the remaining one royal (crown-4:
//!   its split becomes due). Without the secret the side is counted *secret-free*, as herald's
//!   `perft --variant crown` does: a capture of its monarchs ends nothing and brings no check;
//! - a side with one monarch (crown, crown-2, crown-3): that monarch is royal, its crown known
//!   (crown-2: its stones usable; crown-3: it may hide);
//! - crown-3 with `hidden-crown`: the crown is hidden, every K or Q of the side is ordinary;
//!   the misses start as the squares occupied in the FEN;
//! - crown-4: one monarch and no half: the split is due (crown-4.md, "Notation": made at the
//!   side's next turn if the monarch has an empty neighbour then, else never, the monarch
//!   royal), also for the side not to move; two halves: split done,
//!   the crowned half from the secret (secret-free without it); one half: it is royal. A K or Q
//!   beside halves is a promoted (never crowned) monarch.
//!
//! A K or Q on the board is taken for an original monarch (a FEN cannot mark promoted ones),
//! except beside crown-4 halves or a hidden crown. Stones on the board are crown-2 only; a
//! ninja may appear in any variant (`J`/`j` on the board or `[J]`/`[j]` in the reserve).
//!
//! # Moves and their texts
//!
//! [`Pos::moves`] lists the legal moves; each [`Mv`] has the text a player types
//! ([`Mv::typed`], also its `Display`), which names the secret part and is unique among the
//! moves, and the public text herald writes ([`Mv::public`]). They differ only for a stone drop
//! (`S@e4*,f5` / `S@e4,f5`), a hide (`hide d5` / `hide`) and a split (`W@e1,F@e2*` /
//! `W@e1,F@e2`). Board moves are SAN with SAN's disambiguation (file, else rank, else both,
//! among the legal moves of pieces with the same letter), `x` for captures (stones too),
//! `=G` for promotions, no check marks. Castling is `K0-0`, `K0-0-0`, `Q0-0`, `Q0-0-0` in the
//! Crown variants and `O-O`, `O-O-O` in chess. Piece letters: K Q (Crown: the king-stepping
//! queen; chess: the queen) R B N, G the generalissimo, W and F the halves, J the ninja, S the
//! stones. Drops and splits are written with upper-case letters for both colours, squares in
//! square order (a1, b1, .., h1, a2, ..): `S@e4,f5`, `J@e4`, `W@e8,F@d7` (the W half first).
//! The ninja's moves as `ninja.md` writes them: `Je4-f6`, `Je4xf6`, `Je4xe5-f6`, `Je4xe5xf6`,
//! `Je4xe5-e4`, `Je4-e4`, `Jb2-off`, `Jb2xa2-off`.
//!
//! # Playing and counting
//!
//! [`Pos::play`] makes a move with the secrets' consequences; [`Pos::outcome`] tells whether
//! the move ended the game (a crowned or royal piece captured or blown up, a hidden crown found
//! or stepped on by its owner, a whole army captured). [`Pos::perft`] counts by the pages'
//! rule: a move that ends the game is a leaf counted once, whatever depth is left; a position
//! without a legal move (stalemate, mate, the stone stalemate) counts nothing below it. Draws
//! by rule (fifty moves, repetition, dead positions) end no line here.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt;

/// White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The direction a pawn of this colour moves in, in ranks: +1 or -1.
    fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The side's first rank, 0 or 7.
    fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

/// The game the generator plays. The ninja is not a variant of its own: a position has ninjas
/// when its FEN has `J`/`j` on the board or in the reserve (`crown-2+ninja` is
/// `Variant::Crown2` with `[SSSJsssj]`, `chess+ninja` is `Variant::Chess` with `[Jj]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// FIDE chess (the queen a slider, the king royal from the start).
    Chess,
    Crown,
    Crown2,
    Crown3,
    Crown4,
}

impl Variant {
    /// Reads herald's variant id (`crown-3+ninja`): the variant and whether it has ninjas.
    pub fn from_id(id: &str) -> Option<(Variant, bool)> {
        let (base, ninja) = match id.strip_suffix("+ninja") {
            Some(base) => (base, true),
            None => (id, false),
        };
        let variant = match base {
            "chess" => Variant::Chess,
            "crown" => Variant::Crown,
            "crown-2" => Variant::Crown2,
            "crown-3" => Variant::Crown3,
            "crown-4" => Variant::Crown4,
            _ => return None,
        };
        Some((variant, ninja))
    }

    fn is_chess(self) -> bool {
        self == Variant::Chess
    }
}

/// What a piece is. In chess the queen is [`Kind::General`] (it moves as the generalissimo)
/// and is written `Q`; [`Kind::Queen`] is Crown's king-stepping queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    General,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Stone,
    Ninja,
    WHalf,
    FHalf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Piece {
    color: Color,
    kind: Kind,
    /// An original monarch or half (never a promoted one); chess: the king.
    original: bool,
    /// A stone that is mined (crown-2).
    mined: bool,
}

impl Piece {
    fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind, original: false, mined: false }
    }

    fn fen_char(self, variant: Variant) -> char {
        let c = kind_letter(self.kind, variant);
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// The letter of a piece kind in the variant's notation (upper case).
fn kind_letter(kind: Kind, variant: Variant) -> char {
    match kind {
        Kind::King => 'K',
        Kind::Queen => 'Q',
        Kind::General if variant.is_chess() => 'Q',
        Kind::General => 'G',
        Kind::Rook => 'R',
        Kind::Bishop => 'B',
        Kind::Knight => 'N',
        Kind::Pawn => 'P',
        Kind::Stone => 'S',
        Kind::Ninja => 'J',
        Kind::WHalf => 'W',
        Kind::FHalf => 'F',
    }
}

/// A side's crown, as the rules pages follow it through the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crown {
    /// Both original monarchs (crown unknown to the opponent): no check. `Some(kind)` names the
    /// crowned monarch as the secret tells it; `None` counts secret-free.
    Unknown(Option<Kind>),
    /// The side's one original monarch (or half) is royal and known: the check rule applies.
    Royal,
    /// crown-4: the uncrowned monarch fell; the side's next move is the split if its monarch
    /// has an empty neighbour then, else the monarch stays royal for good. Royal meanwhile.
    SplitDue,
    /// crown-4: both halves on the board, neither royal; the crowned one as told.
    Halves(Option<Kind>),
    /// crown-3: the crown hidden on `square`; `misses` the squares ruled out (bit = square).
    Hidden { square: u8, misses: u64 },
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: &'static str,
}

/// What a move does, in board terms. Squares are 0..64, a1 = 0, b1 = 1, .., h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A piece moves from `from` to `to`, capturing what stands there (or, `en_passant`, the
    /// pawn passed); a pawn reaching the last rank becomes `promotion`.
    Step { from: u8, to: u8, promotion: Option<Kind>, en_passant: bool },
    /// `monarch` (King or Queen) castles; `long` is `0-0-0`.
    Castle { monarch: Kind, long: bool },
    /// crown-2: stones dropped on `squares[..count]` (in square order), `mined` the mined one.
    Stones { squares: [u8; 3], count: u8, mined: Option<u8> },
    /// crown-3: the crown hidden on `square`.
    Hide { square: u8 },
    /// crown-4: the W half on `w`, the F half on `f`, `crowned` `WHalf` or `FHalf`.
    Split { w: u8, f: u8, crowned: Kind },
    /// The ninja dropped from the reserve.
    NinjaDrop { square: u8 },
    /// The ninja's two steps: `first` a first-step capture, `end` its last square (`None`: off
    /// the board into the reserve), `takes_end` whether it captures there.
    Ninja { from: u8, first: Option<u8>, end: Option<u8>, takes_end: bool },
}

/// A legal move with its texts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mv {
    pub action: Action,
    typed: String,
    public: String,
}

impl Mv {
    /// The text a player types, with the secret part (`S@e4*,f5`, `hide d5`, `W@e1,F@e2*`);
    /// unique among a position's moves.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The text herald writes for everyone (`S@e4,f5`, `hide`, `W@e1,F@e2`).
    pub fn public(&self) -> &str {
        &self.public
    }
}

impl fmt::Display for Mv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.typed)
    }
}

/// A position of one of the variants, with the secrets the generator was told.
#[derive(Clone, Debug)]
pub struct Pos {
    variant: Variant,
    board: [Option<Piece>; 64],
    side: Color,
    /// Per colour, bit `f` set: the piece on file `f` of the side's first rank has not moved
    /// (chess: `K` = the e- and h-bits, `Q` = the e- and a-bits).
    castling: [u8; 2],
    en_passant: Option<u8>,
    halfmove: u32,
    fullmove: u32,
    stones_in_reserve: [u8; 2],
    /// The mined stone is still in the reserve (crown-2).
    mine_in_reserve: [bool; 2],
    ninja_in_reserve: [bool; 2],
    crown: [Crown; 2],
    outcome: Option<Outcome>,
}

// ---------------------------------------------------------------------------------------------
// Squares and directions

pub fn square_name(square: u8) -> String {
    format!("{}{}", (b'a' + square % 8) as char, square / 8 + 1)
}

pub fn parse_square(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].wrapping_sub(b'a');
    let rank = bytes[1].wrapping_sub(b'1');
    (file < 8 && rank < 8).then_some(rank * 8 + file)
}

fn file_of(square: u8) -> u8 {
    square % 8
}

fn rank_of(square: u8) -> u8 {
    square / 8
}

/// The square `(df, dr)` away, if it is on the board.
fn shift(square: u8, df: i8, dr: i8) -> Option<u8> {
    let file = file_of(square) as i8 + df;
    let rank = rank_of(square) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u8)
}

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn bit(square: u8) -> u64 {
    1u64 << square
}

// ---------------------------------------------------------------------------------------------
// Attacks

/// Whether a piece of `by` attacks `target` on `board`. Looks outwards from the target for each
/// kind of attacker: pawns, knights, king steppers (kings, Crown queens, the halves), riders
/// (rooks, bishops, generalissimos; stopped by anything, stones included) and ninjas (every
/// square within two king steps, over anything). Stones attack nothing.
fn attacked(board: &[Option<Piece>; 64], target: u8, by: Color) -> bool {
    let is = |square: Option<u8>, test: &dyn Fn(Kind) -> bool| {
        square.and_then(|s| board[s as usize]).is_some_and(|p| p.color == by && test(p.kind))
    };
    // A pawn of `by` attacks diagonally forward: it stands one rank behind the target.
    let back = -by.forward();
    for df in [-1, 1] {
        if is(shift(target, df, back), &|k| k == Kind::Pawn) {
            return true;
        }
    }
    for (df, dr) in KNIGHT_LEAPS {
        if is(shift(target, df, dr), &|k| k == Kind::Knight) {
            return true;
        }
    }
    // (In chess the queen is a `General`: a `Queen` is always Crown's king-stepping one.)
    for (df, dr) in ORTHOGONAL {
        if is(shift(target, df, dr), &|k| matches!(k, Kind::King | Kind::Queen | Kind::WHalf)) {
            return true;
        }
    }
    for (df, dr) in DIAGONAL {
        if is(shift(target, df, dr), &|k| matches!(k, Kind::King | Kind::Queen | Kind::FHalf)) {
            return true;
        }
    }
    for (directions, rider) in [(ORTHOGONAL, Kind::Rook), (DIAGONAL, Kind::Bishop)] {
        for (df, dr) in directions {
            let mut square = target;
            while let Some(next) = shift(square, df, dr) {
                square = next;
                if let Some(p) = board[next as usize] {
                    if p.color == by && (p.kind == rider || p.kind == Kind::General) {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    for df in -2..=2 {
        for dr in -2..=2 {
            if (df, dr) != (0, 0) && is(shift(target, df, dr), &|k| k == Kind::Ninja) {
                return true;
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Reading a position

impl Pos {
    /// The start position of `variant` (with ninjas in both reserves if `ninja`), with the
    /// crowns as `secrets` give them (`white.crown`, `black.crown`).
    pub fn start(variant: Variant, ninja: bool, secrets: &[(&str, &str)]) -> Result<Pos, String> {
        let stones = if variant == Variant::Crown2 { "SSS" } else { "" };
        let ninjas = if ninja { "J" } else { "" };
        let holdings = format!("{stones}{ninjas}{}", format!("{stones}{ninjas}").to_lowercase());
        let holdings = if holdings.is_empty() { String::new() } else { format!("[{holdings}]") };
        let castling = if variant.is_chess() { "KQkq" } else { "ADEHadeh" };
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR{holdings} w {castling} - 0 1");
        Pos::from_fen(&fen, variant, secrets)
    }

    /// Reads a FEN of `variant` with the reserves in brackets after the board, and the secrets
    /// (see the module documentation for both).
    pub fn from_fen(fen: &str, variant: Variant, secrets: &[(&str, &str)]) -> Result<Pos, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 6 {
            return Err(format!("a FEN has 2 to 6 fields: {fen:?}"));
        }
        let (placement, holdings) = match fields[0].find('[') {
            Some(open) => {
                let rest = &fields[0][open + 1..];
                let holdings =
                    rest.strip_suffix(']').ok_or_else(|| format!("unclosed reserve brackets in {:?}", fields[0]))?;
                (&fields[0][..open], holdings)
            }
            None => (fields[0], ""),
        };
        let mut board: [Option<Piece>; 64] = [None; 64];
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 8 {
            return Err(format!("the board needs 8 ranks: {placement:?}"));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as u8;
                    continue;
                }
                if file >= 8 {
                    return Err(format!("rank {} is too long", rank + 1));
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let kind = letter_kind(c.to_ascii_uppercase(), variant)
                    .ok_or_else(|| format!("no piece {c:?} in {variant:?}"))?;
                board[(rank * 8 + file) as usize] = Some(Piece::new(color, kind));
                file += 1;
            }
            if file != 8 {
                return Err(format!("rank {} does not have 8 squares", rank + 1));
            }
        }
        for color in [Color::White, Color::Black] {
            let far = color.other().back_rank();
            for file in 0..8 {
                if board[(far * 8 + file) as usize].is_some_and(|p| p.color == color && p.kind == Kind::Pawn) {
                    return Err("a pawn stands on its last rank".into());
                }
            }
        }

        let mut stones_in_reserve = [0u8; 2];
        let mut ninja_in_reserve = [false; 2];
        for c in holdings.chars() {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            match c.to_ascii_uppercase() {
                'S' if variant == Variant::Crown2 => stones_in_reserve[color.index()] += 1,
                'J' => {
                    if ninja_in_reserve[color.index()] {
                        return Err("one ninja per side".into());
                    }
                    ninja_in_reserve[color.index()] = true;
                }
                _ => return Err(format!("no piece {c:?} in the reserve of {variant:?}")),
            }
        }

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side to move {other:?}")),
        };
        let mut castling = [0u8; 2];
        let castling_field = fields.get(2).copied().unwrap_or("-");
        if castling_field != "-" {
            for c in castling_field.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let bits = if variant.is_chess() {
                    match c.to_ascii_uppercase() {
                        'K' => (1 << 4) | (1 << 7),
                        'Q' => (1 << 4) | 1,
                        _ => return Err(format!("chess castling field {castling_field:?}")),
                    }
                } else {
                    match c.to_ascii_uppercase() {
                        f @ 'A'..='H' => 1u8 << (f as u8 - b'A'),
                        _ => {
                            return Err(format!("Crown castling field {castling_field:?}: files, as ADEHadeh"));
                        }
                    }
                };
                castling[color.index()] |= bits;
            }
        }
        let en_passant = match fields.get(3).copied().unwrap_or("-") {
            "-" => None,
            text => Some(parse_square(text).ok_or_else(|| format!("en passant {text:?}"))?),
        };
        let halfmove = match fields.get(4) {
            Some(t) => t.parse().map_err(|_| format!("halfmove clock {t:?}"))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(t) => t.parse().map_err(|_| format!("move number {t:?}"))?,
            None => 1,
        };

        // The secrets, checked for spelling; each is used below.
        let mut told: Vec<(String, String)> = Vec::new();
        for (label, value) in secrets {
            let (color, what) = label.split_once('.').ok_or_else(|| format!("secret label {label:?}"))?;
            if color != "white" && color != "black" {
                return Err(format!("secret label {label:?}"));
            }
            let known = what == "crown"
                || what == "hidden-crown"
                || what == "crowned-half"
                || what.strip_prefix("stone").is_some_and(|n| n.parse::<u8>().is_ok());
            if !known {
                return Err(format!("secret label {label:?}"));
            }
            told.push((label.to_string(), value.to_string()));
        }
        let secret = |color: Color, what: &str| {
            let label = format!("{}.{}", color.name(), what);
            told.iter().find(|(l, _)| *l == label).map(|(_, v)| v.clone())
        };
        let mut used = 0usize;

        let mut crown = [Crown::Royal; 2];
        let mut mine_in_reserve = [false; 2];
        for color in [Color::White, Color::Black] {
            let count = |board: &[Option<Piece>; 64], kind: Kind| {
                board.iter().flatten().filter(|p| p.color == color && p.kind == kind).count()
            };
            let mark_original = |board: &mut [Option<Piece>; 64], kinds: &[Kind]| {
                for p in board.iter_mut().flatten() {
                    if p.color == color && kinds.contains(&p.kind) {
                        p.original = true;
                    }
                }
            };
            let (kings, queens) = (count(&board, Kind::King), count(&board, Kind::Queen));
            let (ws, fs) = (count(&board, Kind::WHalf), count(&board, Kind::FHalf));
            let hidden = secret(color, "hidden-crown");
            let state = if variant.is_chess() {
                if kings != 1 {
                    return Err(format!("{} needs one king", color.name()));
                }
                mark_original(&mut board, &[Kind::King]);
                Crown::Royal
            } else if let (Variant::Crown3, Some(square)) = (variant, &hidden) {
                used += 1;
                // The former monarch is an ordinary piece that keeps its castling rights.
                mark_original(&mut board, &[Kind::King, Kind::Queen]);
                let square = parse_square(square).ok_or_else(|| format!("hidden crown {square:?}"))?;
                if board[square as usize].is_some() {
                    return Err("a hidden crown's square must be empty".into());
                }
                Crown::Hidden { square, misses: occupied(&board) }
            } else if variant == Variant::Crown4 && ws + fs > 0 {
                mark_original(&mut board, &[Kind::WHalf, Kind::FHalf]);
                match (ws, fs) {
                    (1, 1) => {
                        let crowned =
                            secret_kind(secret(color, "crowned-half"), &[("W", Kind::WHalf), ("F", Kind::FHalf)])?;
                        used += crowned.is_some() as usize;
                        Crown::Halves(crowned)
                    }
                    (1, 0) | (0, 1) => Crown::Royal,
                    _ => return Err(format!("{} has too many halves", color.name())),
                }
            } else {
                mark_original(&mut board, &[Kind::King, Kind::Queen]);
                match (kings, queens) {
                    (1, 1) => {
                        let crowned =
                            secret_kind(secret(color, "crown"), &[("king", Kind::King), ("queen", Kind::Queen)])?;
                        used += crowned.is_some() as usize;
                        Crown::Unknown(crowned)
                    }
                    (1, 0) | (0, 1) if variant == Variant::Crown4 => Crown::SplitDue,
                    (1, 0) | (0, 1) => Crown::Royal,
                    _ => {
                        return Err(format!("{} needs its king, its queen or both, one of each at most", color.name()));
                    }
                }
            };
            crown[color.index()] = state;

            // Stones on the board, numbered in square order, their status from the secrets.
            let stone_squares: Vec<usize> =
                (0..64).filter(|&s| board[s].is_some_and(|p| p.color == color && p.kind == Kind::Stone)).collect();
            let mut mined_count = 0;
            for (i, &s) in stone_squares.iter().enumerate() {
                match secret(color, &format!("stone{}", i + 1)).as_deref() {
                    Some("mined") => {
                        used += 1;
                        mined_count += 1;
                        if let Some(p) = board[s].as_mut() {
                            p.mined = true;
                        }
                    }
                    Some("plain") => used += 1,
                    None => {}
                    Some(other) => return Err(format!("stone status {other:?}")),
                }
            }
            if mined_count > 1 {
                return Err(format!("{} has two mined stones", color.name()));
            }
            let reserve = stones_in_reserve[color.index()];
            if stone_squares.len() + reserve as usize > 3 {
                return Err(format!("{} has more than 3 stones", color.name()));
            }
            mine_in_reserve[color.index()] = mined_count == 0 && reserve > 0;
            let ninjas = count(&board, Kind::Ninja) + ninja_in_reserve[color.index()] as usize;
            if ninjas > 1 {
                return Err("one ninja per side".into());
            }
        }
        if used != told.len() {
            return Err(format!("secrets that do not apply to this position: {told:?}"));
        }
        Ok(Pos {
            variant,
            board,
            side,
            castling,
            en_passant,
            halfmove,
            fullmove,
            stones_in_reserve,
            mine_in_reserve,
            ninja_in_reserve,
            crown,
            outcome: None,
        })
    }

    /// The position as FEN, reserves in brackets, castling as it was read (files, or `KQkq` in
    /// chess). Secrets are not written.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board[(rank * 8 + file) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.fen_char(self.variant));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let mut holdings = String::new();
        for color in [Color::White, Color::Black] {
            let mut mine = "S".repeat(self.stones_in_reserve[color.index()] as usize);
            if self.ninja_in_reserve[color.index()] {
                mine.push('J');
            }
            if color == Color::Black {
                mine = mine.to_lowercase();
            }
            holdings.push_str(&mine);
        }
        if !holdings.is_empty() {
            out.push_str(&format!("[{holdings}]"));
        }
        out.push_str(if self.side == Color::White { " w " } else { " b " });
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            let bits = self.castling[color.index()];
            let mut mine = String::new();
            if self.variant.is_chess() {
                if bits & (1 << 4) != 0 && bits & (1 << 7) != 0 {
                    mine.push('K');
                }
                if bits & (1 << 4) != 0 && bits & 1 != 0 {
                    mine.push('Q');
                }
            } else {
                for file in 0..8 {
                    if bits & (1 << file) != 0 {
                        mine.push((b'A' + file) as char);
                    }
                }
            }
            if color == Color::Black {
                mine = mine.to_lowercase();
            }
            castling.push_str(&mine);
        }
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        out.push_str(&self.en_passant.map_or("-".into(), square_name));
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How the game ended, if the move that led here ended it.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether `color`'s crown is known to both players (a royal monarch or half, or a split
    /// still due), i.e. whether the check rule applies to that side.
    pub fn crown_known(&self, color: Color) -> bool {
        matches!(self.crown[color.index()], Crown::Royal | Crown::SplitDue)
    }

    /// crown-3: the misses (bit = square, a1 = bit 0) of `color`'s hidden crown, if hidden.
    pub fn misses(&self, color: Color) -> Option<u64> {
        match self.crown[color.index()] {
            Crown::Hidden { misses, .. } => Some(misses),
            _ => None,
        }
    }

    /// crown-2: stones in `color`'s reserve.
    pub fn stones_in_reserve(&self, color: Color) -> u8 {
        self.stones_in_reserve[color.index()]
    }

    /// Whether `color`'s ninja is in its reserve.
    pub fn ninja_in_reserve(&self, color: Color) -> bool {
        self.ninja_in_reserve[color.index()]
    }

    /// Whether the side to move's royal piece is attacked (always false while it has none).
    pub fn in_check(&self) -> bool {
        self.mover_is_royal()
            && royal_square(&self.board, self.side).is_some_and(|s| attacked(&self.board, s, self.side.other()))
    }

    /// What a position without a legal move means for the side to move: in chess mate loses
    /// and stalemate draws; in the Crown variants every stalemate loses except crown-2's stone
    /// stalemate (not in check, the royal monarch's every neighbour holds its own piece or
    /// stone, one at least a stone), which draws. `None` when the side has a move.
    pub fn result_without_moves(&self) -> Option<Outcome> {
        if self.outcome.is_some() || !self.legal_actions().is_empty() {
            return None;
        }
        let loser = self.side;
        if self.variant.is_chess() {
            return Some(if self.in_check() {
                Outcome { winner: Some(loser.other()), reason: "checkmate" }
            } else {
                Outcome { winner: None, reason: "stalemate" }
            });
        }
        if self.variant == Variant::Crown2
            && !self.in_check()
            && self.crown[loser.index()] == Crown::Royal
            && let Some(monarch) = royal_square(&self.board, loser)
        {
            let mut own_stone = false;
            let mut walled = true;
            for (df, dr) in KING_STEPS {
                if let Some(s) = shift(monarch, df, dr) {
                    match self.board[s as usize] {
                        Some(p) if p.color == loser => own_stone |= p.kind == Kind::Stone,
                        _ => walled = false,
                    }
                }
            }
            if walled && own_stone {
                return Some(Outcome { winner: None, reason: "walled in by its stones" });
            }
        }
        Some(Outcome { winner: Some(loser.other()), reason: "no legal move" })
    }
}

/// The value of a secret that names a piece kind (`king`/`queen`, `W`/`F`).
fn secret_kind(value: Option<String>, names: &[(&str, Kind)]) -> Result<Option<Kind>, String> {
    match value {
        None => Ok(None),
        Some(v) => names
            .iter()
            .find(|(name, _)| *name == v)
            .map(|&(_, kind)| Some(kind))
            .ok_or_else(|| format!("secret value {v:?}")),
    }
}

/// The occupied squares as a bit set (a1 = bit 0).
fn occupied(board: &[Option<Piece>; 64]) -> u64 {
    (0..64u8).filter(|&s| board[s as usize].is_some()).fold(0, |m, s| m | bit(s))
}

fn is_mined(piece: Piece) -> bool {
    piece.kind == Kind::Stone && piece.mined
}

fn letter_kind(letter: char, variant: Variant) -> Option<Kind> {
    Some(match letter {
        'K' => Kind::King,
        'Q' if variant.is_chess() => Kind::General,
        'Q' => Kind::Queen,
        'G' if !variant.is_chess() => Kind::General,
        'R' => Kind::Rook,
        'B' => Kind::Bishop,
        'N' => Kind::Knight,
        'P' => Kind::Pawn,
        'J' => Kind::Ninja,
        'S' if variant == Variant::Crown2 => Kind::Stone,
        'W' if variant == Variant::Crown4 => Kind::WHalf,
        'F' if variant == Variant::Crown4 => Kind::FHalf,
        _ => return None,
    })
}

/// The square of `color`'s original monarch or half (the royal piece when the side has one).
fn royal_square(board: &[Option<Piece>; 64], color: Color) -> Option<u8> {
    (0..64u8).find(|&s| board[s as usize].is_some_and(|p| p.color == color && p.original))
}

// ---------------------------------------------------------------------------------------------
// Castling geometry: (monarch from, monarch to, rook from, rook to) as files.

fn castling_files(monarch: Kind, long: bool) -> (u8, u8, u8, u8) {
    match (monarch, long) {
        (Kind::King, false) => (4, 6, 7, 5),
        (Kind::King, true) => (4, 2, 0, 3),
        // The queen's castling is the king's in a mirror (crown.md): short with the a-rook,
        // d1 to b1 and a1 to c1; long with the h-rook, d1 to f1 and h1 to e1.
        (_, false) => (3, 1, 0, 2),
        (_, true) => (3, 5, 7, 4),
    }
}

// ---------------------------------------------------------------------------------------------
// Move generation

impl Pos {
    fn at(&self, square: u8) -> Option<Piece> {
        self.board[square as usize]
    }

    fn is_enemy(&self, square: u8) -> bool {
        self.at(square).is_some_and(|p| p.color != self.side)
    }

    fn is_own(&self, square: u8) -> bool {
        self.at(square).is_some_and(|p| p.color == self.side)
    }

    /// Whether the check rule applies to the side to move.
    fn mover_is_royal(&self) -> bool {
        self.variant.is_chess() || matches!(self.crown[self.side.index()], Crown::Royal | Crown::SplitDue)
    }

    fn promotion_kinds(&self) -> &'static [Kind] {
        if self.variant.is_chess() {
            &[Kind::General, Kind::Rook, Kind::Bishop, Kind::Knight]
        } else {
            // Crown: the generalissimo, rook, bishop, knight or an uncrowned monarch.
            &[Kind::General, Kind::Rook, Kind::Bishop, Kind::Knight, Kind::Queen, Kind::King]
        }
    }

    /// The due split's moves, or `None` when no split is due now (or it is impossible).
    fn splits(&self) -> Option<Vec<Action>> {
        if self.crown[self.side.index()] != Crown::SplitDue {
            return None;
        }
        let monarch = royal_square(&self.board, self.side)?;
        let mut out = Vec::new();
        for (df, dr) in KING_STEPS {
            let Some(n) = shift(monarch, df, dr) else {
                continue;
            };
            if self.at(n).is_some() {
                continue;
            }
            for (w, f) in [(monarch, n), (n, monarch)] {
                for crowned in [Kind::WHalf, Kind::FHalf] {
                    out.push(Action::Split { w, f, crowned });
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// Every move by the pieces' rules, before the check rule.
    fn pseudo_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let me = self.side;
        for from in 0..64u8 {
            let Some(piece) = self.at(from) else { continue };
            if piece.color != me {
                continue;
            }
            let step_to =
                |to: u8, out: &mut Vec<Action>| out.push(Action::Step { from, to, promotion: None, en_passant: false });
            match piece.kind {
                Kind::Pawn => self.pawn_actions(from, &mut out),
                Kind::Knight => {
                    for (df, dr) in KNIGHT_LEAPS {
                        if let Some(to) = shift(from, df, dr).filter(|&t| !self.is_own(t)) {
                            step_to(to, &mut out);
                        }
                    }
                }
                Kind::King | Kind::Queen | Kind::WHalf | Kind::FHalf => {
                    let steps: &[(i8, i8)] = match piece.kind {
                        Kind::WHalf => &ORTHOGONAL,
                        Kind::FHalf => &DIAGONAL,
                        _ => &KING_STEPS,
                    };
                    for &(df, dr) in steps {
                        if let Some(to) = shift(from, df, dr).filter(|&t| !self.is_own(t)) {
                            step_to(to, &mut out);
                        }
                    }
                }
                Kind::Rook | Kind::Bishop | Kind::General => {
                    let directions: &[(i8, i8)] = match piece.kind {
                        Kind::Rook => &ORTHOGONAL,
                        Kind::Bishop => &DIAGONAL,
                        _ => &KING_STEPS,
                    };
                    for &(df, dr) in directions {
                        let mut square = from;
                        while let Some(to) = shift(square, df, dr) {
                            square = to;
                            match self.at(to) {
                                None => step_to(to, &mut out),
                                Some(p) => {
                                    if p.color != me {
                                        step_to(to, &mut out);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Kind::Ninja => self.ninja_actions(from, &mut out),
                Kind::Stone => {}
            }
        }
        self.castling_actions(&mut out);
        let empty: Vec<u8> = (0..64u8).filter(|&s| self.at(s).is_none()).collect();
        if self.ninja_in_reserve[me.index()] {
            out.extend(empty.iter().map(|&square| Action::NinjaDrop { square }));
        }
        if self.variant == Variant::Crown3 && self.crown[me.index()] == Crown::Royal {
            out.extend(empty.iter().map(|&square| Action::Hide { square }));
        }
        if self.variant == Variant::Crown2 && self.crown[me.index()] == Crown::Royal {
            self.stone_actions(&empty, &mut out);
        }
        out
    }

    fn pawn_actions(&self, from: u8, out: &mut Vec<Action>) {
        let me = self.side;
        let last = me.other().back_rank();
        let push = |to: u8, en_passant: bool, out: &mut Vec<Action>| {
            if rank_of(to) == last {
                for &kind in self.promotion_kinds() {
                    out.push(Action::Step { from, to, promotion: Some(kind), en_passant });
                }
            } else {
                out.push(Action::Step { from, to, promotion: None, en_passant });
            }
        };
        if let Some(one) = shift(from, 0, me.forward()).filter(|&t| self.at(t).is_none()) {
            push(one, false, out);
            let start = if me == Color::White { 1 } else { 6 };
            if rank_of(from) == start
                && let Some(two) = shift(one, 0, me.forward()).filter(|&t| self.at(t).is_none())
            {
                push(two, false, out);
            }
        }
        for df in [-1, 1] {
            let Some(to) = shift(from, df, me.forward()) else {
                continue;
            };
            if self.is_enemy(to) {
                push(to, false, out);
            } else if Some(to) == self.en_passant
                && self.at(to).is_none()
                && shift(to, 0, -me.forward())
                    .and_then(|s| self.at(s))
                    .is_some_and(|p| p.color != me && p.kind == Kind::Pawn)
            {
                push(to, true, out);
            }
        }
    }

    /// ninja.md's procedure: for each of the 8 first steps, off the board ends in the reserve;
    /// else the first square may be captured if it holds an enemy; then each of the 8 second
    /// steps: off the board (reserve), back to the start, an own piece (no move), an enemy
    /// (captured) or empty. Effects are collected in a set.
    fn ninja_actions(&self, from: u8, out: &mut Vec<Action>) {
        let mut effects: BTreeSet<(Option<u8>, Option<u8>)> = BTreeSet::new();
        for (df1, dr1) in KING_STEPS {
            let Some(middle) = shift(from, df1, dr1) else {
                effects.insert((None, None));
                continue;
            };
            let mut firsts = vec![None];
            if self.is_enemy(middle) {
                firsts.push(Some(middle));
            }
            for first in firsts {
                for (df2, dr2) in KING_STEPS {
                    match shift(middle, df2, dr2) {
                        None => {
                            effects.insert((first, None));
                        }
                        Some(end) if end == from => {
                            effects.insert((first, Some(end)));
                        }
                        Some(end) if self.is_own(end) => {}
                        Some(end) => {
                            effects.insert((first, Some(end)));
                        }
                    }
                }
            }
        }
        for (first, end) in effects {
            let takes_end = end.is_some_and(|e| e != from && self.is_enemy(e));
            out.push(Action::Ninja { from, first, end, takes_end });
        }
    }

    fn castling_actions(&self, out: &mut Vec<Action>) {
        let me = self.side;
        let rank = me.back_rank();
        let rights = self.castling[me.index()];
        let monarchs: &[Kind] = if self.variant.is_chess() { &[Kind::King] } else { &[Kind::King, Kind::Queen] };
        // The FIDE conditions apply once the side's crown is known (and always in chess).
        let royal = self.mover_is_royal();
        for &monarch in monarchs {
            for long in [false, true] {
                let (mf, mt, rf, rt) = castling_files(monarch, long);
                if rights & (1 << mf) == 0 || rights & (1 << rf) == 0 {
                    continue;
                }
                let m_from = rank * 8 + mf;
                let r_from = rank * 8 + rf;
                let ok_monarch = self.at(m_from).is_some_and(|p| p.color == me && p.kind == monarch && p.original);
                let ok_rook = self.at(r_from).is_some_and(|p| p.color == me && p.kind == Kind::Rook);
                if !ok_monarch || !ok_rook {
                    continue;
                }
                let (lo, hi) = (mf.min(rf), mf.max(rf));
                let between_empty = (lo + 1..hi).all(|f| self.at(rank * 8 + f).is_none());
                let landing_empty = [mt, rt].iter().all(|&f| f == mf || f == rf || self.at(rank * 8 + f).is_none());
                if !between_empty || !landing_empty {
                    continue;
                }
                if royal {
                    let (a, b) = (mf.min(mt), mf.max(mt));
                    let safe = (a..=b).all(|f| !attacked(&self.board, rank * 8 + f, me.other()));
                    if !safe {
                        continue;
                    }
                }
                out.push(Action::Castle { monarch, long });
            }
        }
    }

    /// crown-2 drops: 1 to 3 distinct empty squares; while the mine is in the reserve one of
    /// them may be marked mined, and must be when the drop empties the reserve.
    fn stone_actions(&self, empty: &[u8], out: &mut Vec<Action>) {
        let me = self.side.index();
        let reserve = self.stones_in_reserve[me] as usize;
        let mine = self.mine_in_reserve[me];
        let emit = |squares: &[u8], out: &mut Vec<Action>| {
            let mut array = [0u8; 3];
            array[..squares.len()].copy_from_slice(squares);
            let count = squares.len() as u8;
            if !mine || squares.len() < reserve {
                out.push(Action::Stones { squares: array, count, mined: None });
            }
            if mine {
                for &s in squares {
                    out.push(Action::Stones { squares: array, count, mined: Some(s) });
                }
            }
        };
        let n = empty.len();
        for i in 0..n {
            if reserve >= 1 {
                emit(&[empty[i]], out);
            }
            for j in i + 1..n {
                if reserve >= 2 {
                    emit(&[empty[i], empty[j]], out);
                }
                for k in j + 1..n {
                    if reserve >= 3 {
                        emit(&[empty[i], empty[j], empty[k]], out);
                    }
                }
            }
        }
    }

    /// The legal moves as actions (no texts).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if let Some(splits) = self.splits() {
            // The split answers any check: neither half is royal after it.
            return splits;
        }
        let pseudo = self.pseudo_actions();
        if !self.mover_is_royal() {
            return pseudo;
        }
        let in_check = self.in_check();
        pseudo
            .into_iter()
            .filter(|action| match action {
                // After a hide the side has no royal piece.
                Action::Hide { .. } => true,
                // A drop only adds a blocker: it cannot expose the royal piece, only shield it.
                Action::Stones { .. } | Action::NinjaDrop { .. } if !in_check => true,
                // Any other move is made on a copy (its public effect: no mine goes off, no
                // secret decides) and must leave the royal piece unattacked.
                _ => {
                    let after = self.make(action, false);
                    royal_square(&after.board, self.side).is_none_or(|s| !attacked(&after.board, s, self.side.other()))
                }
            })
            .collect()
    }

    /// The legal moves with their texts.
    pub fn moves(&self) -> Vec<Mv> {
        let legal = self.legal_actions();
        // SAN disambiguation: the other legal board moves of a piece with the same letter.
        let steps: Vec<(u8, u8, char)> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Step { from, to, .. } => {
                    let kind = self.at(from)?.kind;
                    (kind != Kind::Pawn).then(|| (from, to, kind_letter(kind, self.variant)))
                }
                _ => None,
            })
            .collect();
        legal
            .iter()
            .map(|&action| {
                let (typed, public) = self.texts(&action, &steps);
                Mv { action, typed, public }
            })
            .collect()
    }

    fn texts(&self, action: &Action, steps: &[(u8, u8, char)]) -> (String, String) {
        let name = |s: u8| square_name(s);
        let same = |text: String| (text.clone(), text);
        match *action {
            Action::Step { from, to, promotion, en_passant } => {
                let piece = self.at(from).expect("a step starts on a piece");
                let capture = en_passant || self.at(to).is_some();
                let mut text = String::new();
                if piece.kind == Kind::Pawn {
                    if capture {
                        text.push((b'a' + file_of(from)) as char);
                        text.push('x');
                    }
                    text.push_str(&name(to));
                    if let Some(kind) = promotion {
                        text.push('=');
                        text.push(kind_letter(kind, self.variant));
                    }
                } else {
                    let letter = kind_letter(piece.kind, self.variant);
                    text.push(letter);
                    let rivals: Vec<u8> = steps
                        .iter()
                        .filter(|&&(f, t, l)| t == to && f != from && l == letter)
                        .map(|&(f, _, _)| f)
                        .collect();
                    if !rivals.is_empty() {
                        if rivals.iter().all(|&f| file_of(f) != file_of(from)) {
                            text.push((b'a' + file_of(from)) as char);
                        } else if rivals.iter().all(|&f| rank_of(f) != rank_of(from)) {
                            text.push((b'1' + rank_of(from)) as char);
                        } else {
                            text.push_str(&name(from));
                        }
                    }
                    if capture {
                        text.push('x');
                    }
                    text.push_str(&name(to));
                }
                same(text)
            }
            Action::Castle { monarch, long } => {
                let tail = if long { "-0-0" } else { "-0" };
                same(if self.variant.is_chess() {
                    if long { "O-O-O".into() } else { "O-O".into() }
                } else {
                    format!("{}0{tail}", kind_letter(monarch, self.variant))
                })
            }
            Action::Stones { squares, count, mined } => {
                let list = |star: bool| {
                    squares[..count as usize]
                        .iter()
                        .map(|&s| {
                            let mark = if star && Some(s) == mined { "*" } else { "" };
                            format!("{}{mark}", name(s))
                        })
                        .collect::<Vec<_>>()
                        .join(",")
                };
                (format!("S@{}", list(true)), format!("S@{}", list(false)))
            }
            Action::Hide { square } => (format!("hide {}", name(square)), "hide".into()),
            Action::Split { w, f, crowned } => {
                let star = |kind: Kind| if kind == crowned { "*" } else { "" };
                (
                    format!("W@{}{},F@{}{}", name(w), star(Kind::WHalf), name(f), star(Kind::FHalf)),
                    format!("W@{},F@{}", name(w), name(f)),
                )
            }
            Action::NinjaDrop { square } => same(format!("J@{}", name(square))),
            Action::Ninja { from, first, end, takes_end } => {
                let mut text = format!("J{}", name(from));
                if let Some(m) = first {
                    text.push('x');
                    text.push_str(&name(m));
                }
                match end {
                    None => text.push_str("-off"),
                    Some(e) => {
                        text.push(if takes_end { 'x' } else { '-' });
                        text.push_str(&name(e));
                    }
                }
                same(text)
            }
        }
    }

    /// The legal move whose typed text is `text`, or whose public text is `text` when exactly
    /// one move has it.
    pub fn find(&self, text: &str) -> Option<Mv> {
        let moves = self.moves();
        if let Some(m) = moves.iter().find(|m| m.typed == text) {
            return Some(m.clone());
        }
        let mut public = moves.into_iter().filter(|m| m.public == text);
        let first = public.next()?;
        public.next().is_none().then_some(first)
    }

    /// Plays the moves of `line` (texts as [`Pos::find`] reads them) one after another.
    pub fn play_line(&self, line: &[&str]) -> Result<Pos, String> {
        let mut pos = self.clone();
        for text in line {
            let mv = pos.find(text).ok_or_else(|| format!("{text:?} is not a legal move in {}", pos.fen()))?;
            pos = pos.play(&mv);
        }
        Ok(pos)
    }
}

// ---------------------------------------------------------------------------------------------
// Making moves

impl Pos {
    /// The position after `mv`, with the consequences the secrets give it.
    pub fn play(&self, mv: &Mv) -> Pos {
        self.make(&mv.action, true)
    }

    /// The position after a legal `action`.
    pub fn play_action(&self, action: &Action) -> Pos {
        self.make(action, true)
    }

    /// Removes a piece of `owner` from the game (captured or blown up) and applies what the
    /// Crown pages say of it.
    fn lose(&mut self, piece: Piece, owner: Color) {
        if self.outcome.is_some() || !piece.original {
            return;
        }
        let winner = Some(owner.other());
        let after_uncrowned = if self.variant == Variant::Crown4 { Crown::SplitDue } else { Crown::Royal };
        let state = &mut self.crown[owner.index()];
        match *state {
            Crown::Unknown(Some(crowned)) => {
                if crowned == piece.kind {
                    self.outcome = Some(Outcome { winner, reason: "crowned monarch captured" });
                } else {
                    *state = after_uncrowned;
                }
            }
            Crown::Halves(Some(crowned)) => {
                if crowned == piece.kind {
                    self.outcome = Some(Outcome { winner, reason: "crowned half captured" });
                } else {
                    *state = Crown::Royal;
                }
            }
            Crown::Royal | Crown::SplitDue => {
                self.outcome = Some(Outcome { winner, reason: "royal piece captured" });
            }
            Crown::Unknown(None) | Crown::Halves(None) | Crown::Hidden { .. } => {}
        }
    }

    /// Ends every castling that needs the piece on `square` (it moved or was captured).
    fn touch(&mut self, square: u8) {
        for color in [Color::White, Color::Black] {
            if rank_of(square) == color.back_rank() {
                self.castling[color.index()] &= !(1 << file_of(square));
            }
        }
    }

    /// Takes the piece on `square` off the board (captured), ends the castlings that needed it
    /// and, with `real`, applies what its loss means. Returns it.
    fn take(&mut self, square: u8, real: bool) -> Option<Piece> {
        self.touch(square);
        let victim = self.board[square as usize].take()?;
        if real {
            self.lose(victim, victim.color);
        }
        Some(victim)
    }

    /// Makes `action`. With `real` false this is the public effect only (every stone plain, no
    /// game end), which decides legality: whether a move is legal never depends on a secret.
    fn make(&self, action: &Action, real: bool) -> Pos {
        let mut p = self.clone();
        let me = self.side;
        p.en_passant = None;
        let mut stops: Vec<u8> = Vec::new();
        let mut resets_clock = false;
        match *action {
            Action::Step { from, to, promotion, en_passant } => {
                let mut piece = p.board[from as usize].take().expect("a piece moves");
                p.touch(from);
                resets_clock |= piece.kind == Kind::Pawn;
                if let Some(kind) = promotion {
                    piece = Piece::new(me, kind);
                }
                let victim_square = if en_passant { shift(to, 0, -me.forward()).expect("the passed pawn") } else { to };
                let victim = p.take(victim_square, real);
                resets_clock |= victim.is_some();
                p.board[to as usize] = Some(piece);
                if real && victim.is_some_and(is_mined) {
                    // crown-2: the capturer is blown up with the mined stone.
                    p.board[to as usize] = None;
                    p.lose(piece, me);
                }
                if piece.kind == Kind::Pawn && rank_of(from).abs_diff(rank_of(to)) == 2 {
                    p.en_passant = shift(from, 0, me.forward());
                }
                stops.push(to);
            }
            Action::Castle { monarch, long } => {
                let (mf, mt, rf, rt) = castling_files(monarch, long);
                let rank = me.back_rank();
                let m = p.board[(rank * 8 + mf) as usize].take();
                let r = p.board[(rank * 8 + rf) as usize].take();
                p.board[(rank * 8 + mt) as usize] = m;
                p.board[(rank * 8 + rt) as usize] = r;
                p.touch(rank * 8 + mf);
                p.touch(rank * 8 + rf);
                stops.push(rank * 8 + mt);
                stops.push(rank * 8 + rt);
            }
            Action::Stones { squares, count, mined } => {
                for &s in &squares[..count as usize] {
                    let mut stone = Piece::new(me, Kind::Stone);
                    stone.mined = Some(s) == mined;
                    p.board[s as usize] = Some(stone);
                }
                p.stones_in_reserve[me.index()] -= count;
                if mined.is_some() {
                    p.mine_in_reserve[me.index()] = false;
                }
            }
            Action::Hide { square } => {
                // The misses start as every occupied square (crown-3 rule 8).
                let misses = occupied(&p.board);
                p.crown[me.index()] = Crown::Hidden { square, misses };
            }
            Action::Split { w, f, crowned } => {
                let monarch = royal_square(&p.board, me).expect("the monarch splits");
                p.board[monarch as usize] = None;
                p.touch(monarch);
                let mut half = |square: u8, kind: Kind| {
                    let mut piece = Piece::new(me, kind);
                    piece.original = true;
                    p.board[square as usize] = Some(piece);
                };
                half(w, Kind::WHalf);
                half(f, Kind::FHalf);
                p.crown[me.index()] = Crown::Halves(Some(crowned));
            }
            Action::NinjaDrop { square } => {
                p.board[square as usize] = Some(Piece::new(me, Kind::Ninja));
                p.ninja_in_reserve[me.index()] = false;
                stops.push(square);
            }
            Action::Ninja { from, first, end, takes_end } => {
                let ninja = p.board[from as usize].take().expect("the ninja");
                p.touch(from);
                let mut blown = false;
                if let Some(m) = first {
                    resets_clock = true;
                    let victim = p.take(m, real);
                    // crown-2: blown up on the first step, the ninja is gone and the move ends.
                    blown = real && victim.is_some_and(is_mined);
                }
                // A first step that ended the game ends the move there.
                if !blown && p.outcome.is_none() {
                    match end {
                        None => p.ninja_in_reserve[me.index()] = true,
                        Some(e) => {
                            let victim = if takes_end { p.take(e, real) } else { None };
                            resets_clock |= victim.is_some();
                            if !(real && victim.is_some_and(is_mined)) {
                                p.board[e as usize] = Some(ninja);
                            }
                            stops.push(e);
                        }
                    }
                }
            }
        }
        if real {
            p.after_move(&stops);
        }
        if let Crown::SplitDue = p.crown[me.index()]
            && !matches!(action, Action::Split { .. })
        {
            // The split was impossible at this turn: never later (crown-4 rule 8).
            p.crown[me.index()] = Crown::Royal;
        }
        p.halfmove = if resets_clock { 0 } else { p.halfmove + 1 };
        if me == Color::Black {
            p.fullmove += 1;
        }
        p.side = me.other();
        p
    }

    /// crown-3's rules after a move: a stop on the mover's own hidden crown loses, on the
    /// opponent's wins (judged in that order); every stop is a miss of every hidden crown; a
    /// side whose crown is hidden and whose army is all captured (ninja in reserve counts) loses.
    fn after_move(&mut self, stops: &[u8]) {
        let me = self.side;
        if self.variant != Variant::Crown3 {
            return;
        }
        let hidden_square = |color: Color| match self.crown[color.index()] {
            Crown::Hidden { square, .. } => Some(square),
            _ => None,
        };
        let (own, theirs) = (hidden_square(me), hidden_square(me.other()));
        if self.outcome.is_none() {
            if own.is_some_and(|h| stops.contains(&h)) {
                self.outcome = Some(Outcome { winner: Some(me.other()), reason: "stopped on its own hidden crown" });
            } else if theirs.is_some_and(|h| stops.contains(&h)) {
                self.outcome = Some(Outcome { winner: Some(me), reason: "found the hidden crown" });
            }
        }
        for state in self.crown.iter_mut() {
            if let Crown::Hidden { misses, .. } = state {
                for &s in stops {
                    *misses |= bit(s);
                }
            }
        }
        let them = me.other();
        if self.outcome.is_none()
            && matches!(self.crown[them.index()], Crown::Hidden { .. })
            && !self.ninja_in_reserve[them.index()]
            && self.board.iter().flatten().all(|p| p.color != them)
        {
            self.outcome = Some(Outcome { winner: Some(me), reason: "whole army captured" });
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Counting

impl Pos {
    /// Leaf count to `depth` plies: a move that ends the game counts 1 whatever depth is left;
    /// a position without a move counts 0.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .iter()
            .map(|a| {
                let child = self.make(a, true);
                if child.outcome.is_some() { 1 } else { child.perft(depth - 1) }
            })
            .sum()
    }

    /// Perft per legal move, by typed text, sorted: for a `--divide` style diff.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .moves()
            .into_iter()
            .map(|mv| {
                let child = self.play(&mv);
                let n = if depth <= 1 || child.outcome.is_some() { 1 } else { child.perft(depth - 1) };
                (mv.typed, n)
            })
            .collect();
        out.sort();
        out
    }
}
