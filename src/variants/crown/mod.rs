//! Crown, a chess game with a secret, and its expanded variants (the seed:
//! shared/seeds/crown.txt; the choices herald makes where the seed is silent are in
//! docs/rules/crown.md and, for the expanded variants, docs/rules/crown-2.md, crown-3.md and
//! crown-4.md).
//!
//! - Board, pieces and start as in chess, but the **queen moves like the king**, so that the
//!   two monarchs cannot be told apart by how they move.
//! - Before the game each player privately writes down which monarch wears the **crown**:
//!   "crown king" or "crown queen". The note never changes. No move is played until both
//!   have chosen; the referee commits both notes before the first move.
//! - **Capturing the crowned monarch wins.** While a side's crown is unknown, its king and
//!   queen are ordinary pieces: they may stand on or move to attacked squares and be captured,
//!   and there is no check.
//! - Capturing the **uncrowned** monarch opens its owner's note at once, and the game goes
//!   on: that side's remaining monarch is then known to be royal and the side plays ordinary
//!   chess with check and checkmate ("after death of not crowned monarch becomes usual chess
//!   game").
//! - **Both monarchs castle**, with the rook on either side, even from, through and onto
//!   attacked squares while their side's crown is unknown. The king castles as in chess
//!   (`K0-0`: e1 to g1, the h-rook to f1; `K0-0-0`: e1 to c1, the a-rook to d1); the queen
//!   castles as its mirror image (`Q0-0`: d1 to b1, the a-rook to c1; `Q0-0-0`: d1 to f1,
//!   the h-rook to e1), which is how the sample game's `10. D0-0` and `16. Rcf1` fit.
//! - **Stalemate loses** for the stalemated side, in both phases.
//! - A pawn promotes to a **Generalissimo** (G, moves as the chess queen), rook, bishop,
//!   knight, or an **uncrowned monarch** (K or Q, moving as a king; it never wears the crown).
//!
//! "The described variant of the game of crown after “death of not crowned monarch” becomes
//! usual chess game. But if you like to battle with "military secret" for both players to the
//! end, you can select from expanded variants": each is an [`Extension`] of this file's game,
//! in a file of its own that reads like its paragraph of the seed — crown-2's stones
//! ([`stones`]), crown-3's hidden crown ([`hidden`]), crown-4's halves ([`halves`]). They
//! share everything here: the notes, the monarchs, check once a crown is known, stalemate,
//! castling, promotion; an extension adds its pieces, its own moves, and what happens when a
//! piece is lost or stops on a square.
//!
//! "Additional pieces": each variant of the family is also played with the seed's ninja
//! (`crown+ninja`, `crown-3+ninja`, ...), a piece of the core's rather than of any extension's
//! ([`ninjas`]): the core keeps the reserve, makes its moves, and carries each out step by step
//! through the same losses and stops as a board move.
//!
//! Everything a board can say is data (the [`VariantDef`] of [`CrownVariant::rules`]); this
//! file adds what only the secret decides: whose monarchs are royal, when a capture ends the
//! game, and what each player may be told.

pub mod halves;
pub mod hidden;
mod ninjas;
pub mod stones;

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use super::ninja::{self, NinjaMove, Reserve};
use super::standard::{open_cells, snapshot_field};
use super::{
    Coordinates, MoveTree, Observer, PlayedMove, Secret, SetupRequest, SnapshotError, Variant, VariantGame, View,
};
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::{self, Outcome, WinReason};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::{Move, MoveKind};
use crate::engine::rules::{CastlingDef, DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};
use crate::engine::{ClaimableDraw, Game, Position};
use crate::notation::input::{self, MoveInputError};
use crate::notation::reason::Reason;
use crate::notation::{fen, san};
pub use halves::{Half, Halves, Split, WrittenHalf, read_split};
pub use hidden::HiddenCrown;
pub use stones::Stones;

/// Role of the rook.
const ROOK: Role = Role(3);
/// Role of the queen, which moves like the king.
const QUEEN: Role = Role(4);
/// Role of the king.
const KING: Role = Role(5);

/// What a player answers before the game, and what the referee commits.
const PROMPT: &str = "crown king or crown queen";

/// How moves are written in every game of the family; an extension's help adds a paragraph
/// (a macro, so that `concat!` can join them).
macro_rules! crown_help {
    () => {
        "Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves\n\
         as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen\n\
         moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,\n\
         Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your\n\
         crowned monarch privately: \"crown king\" or \"crown queen\"."
    };
}

/// Each variant's summary, for `herald variants` (macros, so that a `+ninja` variant's can add
/// the ninja's with `concat!`).
macro_rules! crown_summary {
    () => {
        "each player secretly crowns the king or the queen (which moves as a king); capturing the crowned \
         monarch wins, no check until the crown is known, stalemate loses"
    };
}
macro_rules! stones_summary {
    () => {
        "Crown with three stones each, dropped after the uncrowned monarch falls: stones never move and \
         block, one of them is mined and blows up what takes it, a monarch walled in by its own stones draws"
    };
}
macro_rules! hidden_summary {
    () => {
        "Crown in which the lone monarch's crown may be hidden on a square: an enemy piece stopping there \
         wins, an own piece loses, destroying the whole army wins"
    };
}
macro_rules! halves_summary {
    () => {
        "Crown in which the last monarch splits into a W half and an F half, one secretly crowned"
    };
}
macro_rules! ninja_summary {
    () => {
        "; each player also has a ninja in reserve: dropped on any empty square, it moves two king steps, \
         jumping, capturing on each step, and goes back to reserve over the edge"
    };
}

/// The paragraph of a variant's help on its ninja.
macro_rules! ninja_help {
    () => {
        "\nYour ninja (J) starts in reserve: drop it on any empty square as your move\n\
         (J@e4). It moves exactly two king steps, jumping whatever stands between, and\n\
         may capture on each step: Je4-f6, Je4xf6, Je4xe5-f6 (capturing on e5 on the\n\
         way), Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back to\n\
         reserve, to be dropped again). Captured, it is gone for good."
    };
}

/// Crown-2's paragraph of the help.
macro_rules! stones_help {
    () => {
        "\nOnce your uncrowned monarch has fallen you may, as a move, drop one to three\n\
         of your stones on empty squares: S@e4, or S@e4,f5,g6. Stones never move and\n\
         block every piece. One of your three is mined: mark it with * as it enters\n\
         (S@e4*,f5); your opponent never sees the *. Whatever takes the mined stone is\n\
         blown up with it. Take a stone as you take a piece: Nxe4."
    };
}

/// Crown-3's paragraph of the help.
macro_rules! hidden_help {
    () => {
        "\nOnce your uncrowned monarch has fallen you may, as a move, hide your crown on\n\
         any empty square: \"hide d5\" (or \"crown d5\"). Your monarch is then an ordinary\n\
         piece, never in check. Your opponent sees only \"hide\", and wins by stopping a\n\
         piece on that square (passing over it is not enough) or by capturing all your\n\
         pieces; if a piece of yours stops there, you lose. Every mail shows the\n\
         squares already ruled out."
    };
}

/// Crown-4's paragraph of the help.
macro_rules! halves_help {
    () => {
        "\nOnce your uncrowned monarch has fallen, your next move splits your last\n\
         monarch into two halves: the W half steps one square along ranks and files,\n\
         the F half one square diagonally. One half stays on the monarch's square, the\n\
         other goes to an empty neighbouring square; mark the crowned half with *:\n\
         W@e1,F@e2* (or split We1 Fe2*). Your opponent sees W@e1,F@e2. The halves move\n\
         in SAN (We2, Fxd3); capturing the crowned half wins, capturing the other makes\n\
         the crowned one royal. With no empty neighbouring square the monarch never\n\
         splits."
    };
}

/// Crown's pieces, roles as in chess (the queen and king keep their chess letters and roles),
/// none royal: which monarch is royal is the players' secret.
fn crown_pieces() -> Vec<PieceDef> {
    vec![
        PieceDef::new("Pawn", 'P', "fmWfcF").pawn(),
        PieceDef::new("Knight", 'N', "N").minor(),
        PieceDef::new("Bishop", 'B', "B").minor().color_bound(),
        PieceDef::new("Rook", 'R', "R"),
        // "All pieces make their moves in usual way with exception of queen - this piece moves
        // as king."
        PieceDef::new("Queen", 'Q', "K"),
        PieceDef::new("King", 'K', "K"),
        // "... new (for this game) piece, which moves as queen in chess. In crown we call it
        // generalissimo."
        PieceDef::new("Generalissimo", 'G', "Q"),
    ]
}

/// One game of the Crown family as the rules see it, beyond Crown itself: an expanded
/// variant's pieces, moves and state. Crown is [`Plain`].
///
/// The core ([`Core`]) keeps the board and the notes, plays the board's moves and the
/// captures of monarchs; it asks the extension what the board alone cannot say. Every method
/// has Crown's answer as its default.
pub trait Extension: Clone + Default + Send + Sync + 'static {
    /// The extension's own moves (a stone drop, a hide, a split).
    type Move: Clone + PartialEq + fmt::Debug + Send;

    /// Pieces the extension adds after Crown's seven.
    fn pieces() -> Vec<PieceDef> {
        Vec::new()
    }

    /// The pieces in hand at the start of a game from the variant's start position, as FEN
    /// writes them in brackets after the board (`SSSsss`).
    fn start_holdings() -> &'static str {
        ""
    }

    /// Reads the pieces in hand of a position given in FEN (the letters in brackets, `None`
    /// without brackets) into a fresh state for a game from `core`.
    fn from_holdings(core: &Core, held: Option<&str>) -> Result<Self, String> {
        let _ = core;
        match held {
            None | Some("") => Ok(Self::default()),
            Some(other) => Err(format!("this variant has no pieces in hand, but the position gives [{other}]")),
        }
    }

    /// The pieces in hand now, as [`Extension::from_holdings`] reads them.
    fn holdings(&self) -> String {
        String::new()
    }

    /// Secrets a position from FEN holds that no move will decide and no note names (crown-4:
    /// the crowned half of a side whose two halves stand in the FEN), as requests for the
    /// auditor who replays from it (`--secret`, read by [`Extension::preset`]). Games by mail
    /// start from the start position and never have any.
    fn missing_secrets(&self, core: &Core) -> Vec<SetupRequest> {
        let _ = core;
        Vec::new()
    }

    /// Stand-ins for the extension's secrets still sealed in a game in progress, for an
    /// auditor's replay ([`Variant::game_for_audit`]), given those `opened`: values under
    /// which every public move replays as it did (crown-2: one stone of a side mined, so that
    /// a drop of the last stones need not mark the mine). None by default.
    fn stand_ins(opened: &[Secret], sealed: &[String]) -> Vec<Secret> {
        let _ = (opened, sealed);
        Vec::new()
    }

    /// Takes the secrets an auditor replays a finished game with (see
    /// [`Variant::game_with_secrets`]): the values the extension's moves will decide. `Ok(false)`
    /// for a label that is not the extension's.
    fn preset(&mut self, secret: &Secret) -> Result<bool, String> {
        let _ = secret;
        Ok(false)
    }

    /// `color`'s uncrowned monarch has just been lost: its crown is known to be on the other
    /// monarch, which Crown makes royal ("becomes usual chess game"), unless the extension
    /// takes the crown off it now ([`Extension::crown_on_monarch`]).
    fn uncrowned_lost(&mut self, core: &Core, color: Color) {
        let _ = (core, color);
    }

    /// Whether `color`'s crown is still on its original monarch, where Crown looks for it:
    /// capturing that monarch wins, and once its note is open it is royal. False once the
    /// extension took the crown off it (hid it, split the monarch); the extension then says
    /// which piece is royal ([`Extension::royal`]) and how the game is won.
    fn crown_on_monarch(&self, color: Color) -> bool {
        let _ = color;
        true
    }

    /// `color`'s royal piece, known to both, once the extension has taken the crown off the
    /// monarch: none while the crown is hidden or on a half not yet known.
    fn royal(&self, core: &Core, color: Color) -> Option<Square> {
        let _ = (core, color);
        None
    }

    /// Why the side to move may make none of the board's moves now, if it may not (a split
    /// that is due).
    fn board_moves_barred(&self, core: &Core) -> Option<Reason> {
        let _ = core;
        None
    }

    /// The side to move's own moves of the extension that are legal now (the check rule
    /// applied), in a fixed order.
    fn moves(&self, core: &Core, out: &mut Vec<Self::Move>) {
        let _ = (core, out);
    }

    /// Whether the side to move has a legal own move: [`Extension::moves`] is not empty, said
    /// without listing them all (a first drop of stones has over a hundred thousand).
    fn has_move(&self, core: &Core) -> bool {
        let mut out = Vec::new();
        self.moves(core, &mut out);
        !out.is_empty()
    }

    /// Reads a player's text as an own move. `None` when the text is not written as one, so
    /// that it is read as a board move.
    fn read(&self, core: &Core, text: &str) -> Option<Result<Self::Move, MoveInputError>> {
        let _ = (core, text);
        None
    }

    /// The move as everyone may read it: `S@e4,f5`, `hide`, `W@e1,F@e2`.
    fn write(&self, core: &Core, m: &Self::Move) -> String {
        let _ = core;
        format!("{m:?}")
    }

    /// The move as its player types it, secret part included (`S@e4*,f5`); the move list
    /// never shows it.
    fn write_typed(&self, core: &Core, m: &Self::Move) -> String {
        self.write(core, m)
    }

    /// Plays a legal own move: returns the board it makes of the core's (changed with the
    /// engine's edit methods, [`Position::place_piece`] and the like, the turn not yet ended:
    /// the core ends it) and what else it did.
    fn play(&mut self, core: &Core, m: &Self::Move) -> (Position, OwnMove);

    /// A piece (`lost`) left the board from `at` in a move of `mover`'s: captured, or blown
    /// up. The core has already dealt with the original monarchs. Says what follows.
    fn lost(&mut self, core: &Core, at: Square, lost: Piece, mover: Color) -> Aftermath {
        let _ = (core, at, lost, mover);
        Aftermath::default()
    }

    /// `mover`'s pieces ended a move on `squares` (a destination, both castling squares, a
    /// drop). Says what follows.
    fn stopped(&mut self, core: &Core, mover: Color, squares: &[Square]) -> Aftermath {
        let _ = (core, mover, squares);
        Aftermath::default()
    }

    /// An outcome the extension's rules decided that the board does not show (a crown found).
    fn outcome(&self, core: &Core) -> Option<Outcome> {
        let _ = core;
        None
    }

    /// The result when the side to move has no legal move and is not in check: Crown's loss by
    /// stalemate, unless the extension says otherwise.
    fn stalemate(&self, core: &Core) -> Outcome {
        Outcome::Win { winner: core.position().turn().other(), reason: WinReason::Stalemate }
    }

    /// Whether the board can no longer decide the game (a draw), by the extension's pieces
    /// as well as Crown's rule (only the two known royal monarchs left).
    fn dead(&self, core: &Core) -> bool {
        core.only_royals_left()
    }

    /// What `observer` is told of the extension's state, under the board.
    fn notices(&self, core: &Core, observer: Observer, over: bool) -> Vec<String> {
        let _ = (core, observer, over);
        Vec::new()
    }

    /// The extension's state as snapshot lines, each `name value...`, after Crown's.
    fn snapshot(&self) -> String {
        String::new()
    }

    /// Reads what [`Extension::snapshot`] wrote.
    fn restore(core: &Core, snapshot: &str) -> Result<Self, SnapshotError> {
        let _ = (core, snapshot);
        Ok(Self::default())
    }
}

/// What an extension's own move did, beyond the board the core now shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnMove {
    /// The move in the variant's public notation.
    pub notation: String,
    /// Secrets the move decided, committed with it.
    pub commit: Vec<Secret>,
    /// Squares where the mover's pieces now stand that they did not before (drops).
    pub stops: Vec<Square>,
    /// The move can never be undone (stones dropped for good, a crown hidden, a monarch
    /// split): no earlier position can recur.
    pub irreversible: bool,
}

/// What follows a piece's loss or a stop, as an extension's rules say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aftermath {
    /// The piece that captured is blown up with what it took (crown-2's mined stone).
    pub blow_up_capturer: bool,
    /// Secrets the rules open now.
    pub reveal: Vec<String>,
}

/// Crown itself: no extension.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plain;

impl Extension for Plain {
    type Move = std::convert::Infallible;

    fn play(&mut self, _core: &Core, m: &Self::Move) -> (Position, OwnMove) {
        match *m {}
    }
}

/// One variant of the Crown family.
pub struct CrownVariant<E: Extension> {
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    help: &'static str,
    /// Where the variant's rules are built, once: a static of its own beside the variant.
    rules: &'static OnceLock<Rules>,
    /// Each player has the seed's additional piece, the ninja, in reserve at the start.
    ninja: bool,
    extension: PhantomData<fn() -> E>,
}

impl<E: Extension> CrownVariant<E> {
    /// A variant of the family with its identifier, name, summary, notation help, and the
    /// static its rules are built in.
    pub const fn new(
        id: &'static str,
        name: &'static str,
        summary: &'static str,
        help: &'static str,
        rules: &'static OnceLock<Rules>,
    ) -> CrownVariant<E> {
        CrownVariant { id, name, summary, help, rules, ninja: false, extension: PhantomData }
    }

    /// The variant played with a ninja for each player (its own identifier, `crown+ninja`, and
    /// its own rules static, since the ninja is one of its pieces).
    pub const fn with_ninja(mut self) -> CrownVariant<E> {
        self.ninja = true;
        self
    }

    /// A game from `start`. Each side has its king, its queen, or both, one of each at most: a
    /// side with both keeps its crown secret until its player chooses; a side with one (a
    /// position from later in a game, as the seed's problem "Whites: K e1, ... blacks: K h8,
    /// Q f8") wears the crown on it, known to both, and plays with check — unless the
    /// extension says the crown left the monarch (see [`Extension::from_holdings`]).
    fn make_game(&'static self, start: Position, held: Option<&str>) -> Result<CrownGame<E>, String> {
        let mut core = Core::new(start)?;
        let held = self.take_ninjas(&mut core, held)?;
        let extension = E::from_holdings(&core, held.as_deref())?;
        if let Some(color) = Color::BOTH.into_iter().find(|&c| {
            extension.crown_on_monarch(c) && Monarch::BOTH.iter().all(|&m| core.monarch_square(c, m).is_none())
        }) {
            return Err(format!("a Crown position needs a {color} king or queen to wear the crown"));
        }
        for color in Color::BOTH.into_iter().filter(|&c| !extension.crown_on_monarch(c)) {
            // The crown left the monarchs before this position (crown-4's halves stand in
            // it): a king or queen beside them is a promoted one, and there is no note.
            core.monarchs[color.index()] = [None; 2];
            core.crowns[color.index()] = None;
        }
        let mut game = CrownGame { variant: self, core, extension, moves: Vec::new(), start_holdings: String::new() };
        game.start_holdings = game.holdings();
        game.core.refresh_royals(&game.extension)?;
        game.core.game = Game::new(*game.core.position());
        Ok(game)
    }

    fn game_at(&'static self, text: &str) -> Result<CrownGame<E>, String> {
        let (plain, held) = fen::split_holdings(text).map_err(|e| e.to_string())?;
        let start = fen::read(self.rules(), &plain).map_err(|e| e.to_string())?;
        self.make_game(start, held.as_deref())
    }

    /// A game of this variant as its own type (for tests and tools that look inside it): from
    /// `fen`, or the start, with `secrets` known (each side's crown; the extension's values
    /// for the moves that will decide them).
    pub fn game(&'static self, fen: Option<&str>, secrets: &[Secret]) -> Result<CrownGame<E>, String> {
        let mut game = match fen {
            Some(text) => self.game_at(text)?,
            None => self.make_game(self.start_position(), Some(&self.start_holdings()))?,
        };
        CrownVariant::with_secrets(&mut game, secrets)?;
        game.core.refresh_royals(&game.extension)?;
        Ok(game)
    }

    /// Sets the secrets an auditor (or a problem) gives: each side's crown, and the
    /// extension's.
    fn with_secrets(game: &mut CrownGame<E>, secrets: &[Secret]) -> Result<(), String> {
        let mut given = [false; 2];
        for secret in secrets {
            if game.extension.preset(secret)? {
                continue;
            }
            let color = Color::BOTH.into_iter().find(|&c| label(c) == secret.label).ok_or_else(|| {
                format!(
                    "{} has no secret {:?}; its secrets are white.crown and black.crown",
                    game.variant.name, secret.label
                )
            })?;
            let monarch = Monarch::from_value(&secret.value)
                .ok_or_else(|| format!("{} is {:?}, not \"king\" or \"queen\"", secret.label, secret.value))?;
            if std::mem::replace(&mut given[color.index()], true) {
                return Err(format!("{} is given twice", secret.label));
            }
            match game.core.crowns[color.index()] {
                Some(worn) if game.core.is_revealed(color) && worn != monarch => {
                    return Err(format!(
                        "{} is {monarch:?}, but {color} has only its {} on the board",
                        secret.label,
                        worn.name()
                    ));
                }
                _ => game.core.crowns[color.index()] = Some(monarch),
            }
        }
        Ok(())
    }
}

/// Crown.
pub static CROWN: CrownVariant<Plain> =
    CrownVariant::new("crown", "Crown", crown_summary!(), crown_help!(), &CROWN_RULES);
static CROWN_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-2: three stones each, dropped once the uncrowned monarch has fallen; one is mined.
pub static CROWN_2: CrownVariant<Stones> = CrownVariant::new(
    "crown-2",
    "Crown-2 (stones)",
    stones_summary!(),
    concat!(crown_help!(), stones_help!()),
    &CROWN_2_RULES,
);
static CROWN_2_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-3: the lone monarch's crown may be hidden on a square.
pub static CROWN_3: CrownVariant<HiddenCrown> = CrownVariant::new(
    "crown-3",
    "Crown-3 (the hidden crown)",
    hidden_summary!(),
    concat!(crown_help!(), hidden_help!()),
    &CROWN_3_RULES,
);
static CROWN_3_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-4: the last monarch splits into two halves, one secretly crowned.
pub static CROWN_4: CrownVariant<Halves> = CrownVariant::new(
    "crown-4",
    "Crown-4 (bifurcation)",
    halves_summary!(),
    concat!(crown_help!(), halves_help!()),
    &CROWN_4_RULES,
);
static CROWN_4_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown with the ninja.
pub static CROWN_NINJA: CrownVariant<Plain> = CrownVariant::new(
    "crown+ninja",
    "Crown with ninjas",
    concat!(crown_summary!(), ninja_summary!()),
    concat!(crown_help!(), ninja_help!()),
    &CROWN_NINJA_RULES,
)
.with_ninja();
static CROWN_NINJA_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-2 with the ninja.
pub static CROWN_2_NINJA: CrownVariant<Stones> = CrownVariant::new(
    "crown-2+ninja",
    "Crown-2 (stones) with ninjas",
    concat!(stones_summary!(), ninja_summary!()),
    concat!(crown_help!(), stones_help!(), ninja_help!()),
    &CROWN_2_NINJA_RULES,
)
.with_ninja();
static CROWN_2_NINJA_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-3 with the ninja.
pub static CROWN_3_NINJA: CrownVariant<HiddenCrown> = CrownVariant::new(
    "crown-3+ninja",
    "Crown-3 (the hidden crown) with ninjas",
    concat!(hidden_summary!(), ninja_summary!()),
    concat!(crown_help!(), hidden_help!(), ninja_help!()),
    &CROWN_3_NINJA_RULES,
)
.with_ninja();
static CROWN_3_NINJA_RULES: OnceLock<Rules> = OnceLock::new();

/// Crown-4 with the ninja.
pub static CROWN_4_NINJA: CrownVariant<Halves> = CrownVariant::new(
    "crown-4+ninja",
    "Crown-4 (bifurcation) with ninjas",
    concat!(halves_summary!(), ninja_summary!()),
    concat!(crown_help!(), halves_help!(), ninja_help!()),
    &CROWN_4_NINJA_RULES,
)
.with_ninja();
static CROWN_4_NINJA_RULES: OnceLock<Rules> = OnceLock::new();

/// Something done with each variant of the family as its own type, its games' moves and
/// state in view (the fuzz target `crown_move_input`; tests that look inside every member).
pub trait VisitMember {
    /// Called once for each variant of the family.
    fn visit<E: Extension>(&mut self, variant: &'static CrownVariant<E>);
}

/// Calls `visitor` with every variant of the family, in the order of [`super::all`]: a new
/// extension's variant is added here as it is there.
pub fn visit_members(visitor: &mut impl VisitMember) {
    visitor.visit(&CROWN);
    visitor.visit(&CROWN_2);
    visitor.visit(&CROWN_3);
    visitor.visit(&CROWN_4);
    visitor.visit(&CROWN_NINJA);
    visitor.visit(&CROWN_2_NINJA);
    visitor.visit(&CROWN_3_NINJA);
    visitor.visit(&CROWN_4_NINJA);
}

impl<E: Extension> Variant for CrownVariant<E> {
    fn aim(&self) -> &'static str {
        match self.id.trim_end_matches("+ninja") {
            "crown-2" => {
                "The aim: capture the opponent's crowned monarch. While a side's crown is unknown there is no \
                 check; once it is known, checkmate wins too. A monarch walled in by its own stones draws; any \
                 other stalemate loses for the side that cannot move."
            }
            "crown-3" => {
                "The aim: capture the opponent's crowned monarch; once a lone monarch's crown is hidden on a \
                 square, stop a piece of yours on that square or capture the whole army. A player who stops a \
                 piece of their own there loses. Stalemate loses for the side that cannot move."
            }
            "crown-4" => {
                "The aim: capture the opponent's crowned monarch, and once the last monarch has split, its \
                 crowned half. While a crown is unknown there is no check; once it is known, checkmate wins \
                 too. Stalemate loses for the side that cannot move."
            }
            _ => {
                "The aim: capture the opponent's crowned monarch. While a side's crown is unknown there is no \
                 check; once it is known, checkmate wins too. Stalemate loses for the side that cannot move."
            }
        }
    }

    fn id(&self) -> &'static str {
        self.id
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        Err("Conditional moves are not offered in Crown and its extensions: whether a move ends the game, \
             or may be played at all, can depend on a crown still sealed (capturing the crowned monarch wins; \
             once a crown is known, its monarch may not be left in check), so herald's answer to a line, \
             accepted or refused, could tell you your opponent's secret.")
    }

    fn notation_help(&self) -> &'static str {
        self.help
    }

    fn engine_moves(&self) -> bool {
        // Not even Crown's: the engine's board moves are Crown's, but which monarch is royal
        // (and so which king moves into check are legal) and which capture ends the game are
        // the core's to say, and an extension adds moves of its own (crown-3's hides are no
        // piece of the engine's). The family counts with its own game: `move_tree`.
        false
    }

    fn move_tree(&'static self, fen: Option<&str>, secrets: &[Secret]) -> Result<Box<dyn MoveTree>, String> {
        Ok(Box::new(self.game(fen, secrets)?))
    }

    fn rules(&self) -> &'static Rules {
        self.rules.get_or_init(|| {
            let mut pieces = crown_pieces();
            pieces.extend(E::pieces());
            if self.ninja {
                // Last, so that the extension's pieces keep their roles with it or without.
                pieces.push(ninja::piece());
            }
            Rules::new(VariantDef {
                size: BoardSize::CHESS,
                pieces,
                // Every unmoved monarch and rook keeps its castling rights: the a-, d-, e- and
                // h-files of each side (see notation::fen).
                start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1",
                castling: vec![
                    CastlingDef {
                        piece: KING,
                        rook: ROOK,
                        piece_to: [6, 2],
                        rook_to: [5, 3],
                        short: 0,
                        san: ["K0-0", "K0-0-0"],
                    },
                    // The king's castling seen in a mirror: short with the nearer a-rook.
                    CastlingDef {
                        piece: QUEEN,
                        rook: ROOK,
                        piece_to: [5, 1],
                        rook_to: [4, 2],
                        short: 1,
                        san: ["Q0-0", "Q0-0-0"],
                    },
                ],
                // The Generalissimo first, the uncrowned monarchs last.
                promotion: "GRBNQK",
                double_step: DoubleStep::FromRank(1),
                en_passant: true,
                stalemate: StalemateRule::Loss,
            })
            .expect("the Crown family's definitions are valid")
        })
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        let start = self.start_position();
        Box::new(
            self.make_game(start, Some(&self.start_holdings())).expect("the start has one king and one queen a side"),
        )
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        Ok(Box::new(self.game_at(text)?))
    }

    fn game_with_secrets(&'static self, secrets: &[Secret]) -> Result<Box<dyn VariantGame>, String> {
        let mut game = self.make_game(self.start_position(), Some(&self.start_holdings()))?;
        CrownVariant::with_secrets(&mut game, secrets)?;
        Ok(Box::new(game))
    }

    fn game_for_audit(&'static self, opened: &[Secret], sealed: &[String]) -> Result<Box<dyn VariantGame>, String> {
        // A sealed note stands in as "king": until one of that side's monarchs leaves the
        // board nothing depends on which one wears the crown (no check mark, no royal piece,
        // every move judged on its public effect: docs/rules/crown.md), and that move opens
        // the note, which the auditor then requires to be open.
        let mut secrets = opened.to_vec();
        for color in Color::BOTH {
            if sealed.contains(&label(color)) {
                secrets.push(Secret { label: label(color), value: Monarch::King.name().to_string() });
            }
        }
        secrets.extend(E::stand_ins(opened, sealed));
        self.game_with_secrets(&secrets)
    }

    fn game_from_fen_with_secrets(
        &'static self,
        text: &str,
        secrets: &[Secret],
    ) -> Result<Box<dyn VariantGame>, String> {
        let mut game = self.game_at(text)?;
        CrownVariant::with_secrets(&mut game, secrets)?;
        Ok(Box::new(game))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(CrownGame::restore(self, snapshot)?))
    }
}

/// One of the two pieces that may wear the crown.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Monarch {
    /// The king.
    King,
    /// The queen.
    Queen,
}

impl Monarch {
    /// Both, the king first.
    pub const BOTH: [Monarch; 2] = [Monarch::King, Monarch::Queen];

    /// "king" or "queen": the value of the secret.
    pub const fn name(self) -> &'static str {
        match self {
            Monarch::King => "king",
            Monarch::Queen => "queen",
        }
    }

    /// The other monarch.
    pub const fn other(self) -> Monarch {
        match self {
            Monarch::King => Monarch::Queen,
            Monarch::Queen => Monarch::King,
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// The monarch's role on the board.
    pub const fn role(self) -> Role {
        match self {
            Monarch::King => KING,
            Monarch::Queen => QUEEN,
        }
    }

    /// The value of a committed secret: exactly "king" or "queen".
    fn from_value(value: &str) -> Option<Monarch> {
        Monarch::BOTH.into_iter().find(|m| m.name() == value)
    }

    /// A word a player may write after "crown": the piece's name, its letter, the German
    /// queen's D (Dame, as in the sample game's "D0-0"), or the seed's English names, lion
    /// for the king and unicorn for the queen.
    fn from_word(word: &str) -> Option<Monarch> {
        match word {
            "king" | "k" | "lion" => Some(Monarch::King),
            "queen" | "q" | "dame" | "d" | "unicorn" => Some(Monarch::Queen),
            _ => None,
        }
    }
}

/// The label of `color`'s note: "white.crown".
fn label(color: Color) -> String {
    format!("{color}.crown")
}

/// What every game of the family keeps: the board with the history the repetition rules
/// need, the two notes, and where the original monarchs stand.
#[derive(Clone)]
pub struct Core {
    game: Game,
    /// Each side's crowned monarch, once that player has chosen.
    crowns: [Option<Monarch>; 2],
    /// Where each side's own king and queen (`[colour][monarch]`) stand; `None` once captured
    /// (or, in an expanded variant, once the extension took the crown off it). A monarch a pawn
    /// promotes to is not one of these: it never wears the crown.
    monarchs: [[Option<Square>; 2]; 2],
    /// Whose ninja is in reserve (none in a variant without the ninja).
    ninjas: Reserve,
}

impl Core {
    /// The core of a game from `start`: where the monarchs stand, and the crown of a side with
    /// one monarch, which wears it known to both. A side with two kings or two queens is
    /// refused: a note could not say which one it means.
    fn new(start: Position) -> Result<Core, String> {
        let mut monarchs = [[None; 2]; 2];
        let mut crowns = [None; 2];
        for color in Color::BOTH {
            for monarch in Monarch::BOTH {
                let piece = Piece::new(color, monarch.role());
                let mut squares = start.occupied_by(color).filter(|&sq| start.piece_at(sq) == Some(piece));
                let (first, second) = (squares.next(), squares.next());
                if second.is_some() {
                    return Err(format!(
                        "a Crown position has one {color} {} at most: the crown is worn by the king or the queen",
                        monarch.name()
                    ));
                }
                monarchs[color.index()][monarch.index()] = first;
            }
            crowns[color.index()] = match monarchs[color.index()] {
                [Some(_), None] => Some(Monarch::King),
                [None, Some(_)] => Some(Monarch::Queen),
                _ => None,
            };
        }
        Ok(Core { game: Game::new(start), crowns, monarchs, ninjas: Reserve::EMPTY })
    }

    /// The engine's game: the board, with the royal piece of a side whose crown is known.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// `color`'s crowned monarch, if that player has chosen.
    pub fn crown(&self, color: Color) -> Option<Monarch> {
        self.crowns[color.index()]
    }

    /// Where `color`'s own `monarch` stands, `None` once it has left the board.
    pub fn monarch_square(&self, color: Color, monarch: Monarch) -> Option<Square> {
        self.monarchs[color.index()][monarch.index()]
    }

    /// Whose ninja is in reserve, off the board but still in the game (crown-3 counts it in
    /// the army); none in a variant without the ninja.
    pub fn ninjas(&self) -> Reserve {
        self.ninjas
    }

    /// True once both players have chosen: moves are accepted from then on.
    pub fn has_begun(&self) -> bool {
        Color::BOTH.into_iter().all(|c| !self.needs_note(c))
    }

    /// True if `color` has yet to write its note: it has not chosen, and has an original
    /// monarch to crown (a side of a position from FEN whose crown already left the monarchs,
    /// crown-4's halves, has none).
    fn needs_note(&self, color: Color) -> bool {
        self.crown(color).is_none() && self.monarchs[color.index()].iter().any(Option::is_some)
    }

    /// True if the rules have opened `color`'s note: one of its monarchs has left the board
    /// (a position from FEN may start so).
    pub fn is_revealed(&self, color: Color) -> bool {
        self.monarchs[color.index()].iter().any(Option::is_none)
    }

    /// True if nothing but the two sides' known royal pieces is left: neither can take the
    /// other's crown any more (Crown's only dead position).
    pub fn only_royals_left(&self) -> bool {
        self.position().is_insufficient_material()
    }

    /// True if `after` (a position `color` made with a move of its own) leaves `color`'s
    /// royal piece, if it has one, unattacked: the check rule.
    pub fn leaves_royal_safe(&self, after: &Position, color: Color) -> bool {
        after.royal_square(color).is_none_or(|k| !after.is_attacked(k, color.other()))
    }

    /// The side whose crowned monarch left the board while wearing the crown, if any.
    fn crown_taken<E: Extension>(&self, extension: &E) -> Option<Color> {
        Color::BOTH.into_iter().find(|&c| {
            extension.crown_on_monarch(c) && self.crown(c).is_some_and(|m| self.monarch_square(c, m).is_none())
        })
    }

    /// The royal piece of `color` once its crown is known and the game goes on: the monarch
    /// left after the uncrowned one was lost, or what the extension says once it took the
    /// crown off the monarch.
    fn known_royal<E: Extension>(&self, extension: &E, color: Color) -> Option<Square> {
        if !extension.crown_on_monarch(color) {
            return extension.royal(self, color);
        }
        let crown = self.crown(color)?;
        match self.monarchs[color.index()] {
            [Some(_), Some(_)] | [None, None] => None,
            _ => self.monarch_square(color, crown),
        }
    }

    /// Names each side's royal piece as the notes and the extension say now. A side not to
    /// move whose newly known royal piece stands attacked (its own uncrowned monarch blown up
    /// in its own move) is left without one until its turn: the opponent may capture the
    /// piece either way, and a capture of the crowned monarch wins.
    fn refresh_royals<E: Extension>(&mut self, extension: &E) -> Result<(), String> {
        for color in Color::BOTH {
            let royal = self.known_royal(extension, color);
            if self.position().royal_square(color) == royal {
                continue;
            }
            if self.game.set_royal(color, royal).is_err() {
                self.game.set_royal(color, None).map_err(|e| format!("{color}'s crown: {e}"))?;
            }
        }
        Ok(())
    }

    /// A piece of `mover`'s moved from `from` to `to`: a monarch's square follows it.
    fn follow(&mut self, mover: Color, from: Square, to: Square) {
        for slot in &mut self.monarchs[mover.index()] {
            if *slot == Some(from) {
                *slot = Some(to);
            }
        }
    }

    /// `lost` left the board from `at` in a move of `mover`'s. An original monarch's note
    /// opens ("When one monarch is taken, the player who took it reads a note of his/her
    /// opponent"), and the loss of the uncrowned one makes the other the crown's known
    /// bearer; then the extension says what else follows.
    fn lose<E: Extension>(&mut self, extension: &mut E, at: Square, lost: Piece, mover: Color) -> Aftermath {
        let color = lost.color;
        let mut after = Aftermath::default();
        let monarch =
            Monarch::BOTH.into_iter().find(|&w| lost.role == w.role() && self.monarch_square(color, w) == Some(at));
        if let Some(monarch) = monarch {
            self.monarchs[color.index()][monarch.index()] = None;
            if extension.crown_on_monarch(color) {
                after.reveal.push(label(color));
                if self.crown(color) != Some(monarch) {
                    extension.uncrowned_lost(self, color);
                }
            }
        }
        let more = extension.lost(self, at, lost, mover);
        after.blow_up_capturer = more.blow_up_capturer;
        after.reveal.extend(more.reveal);
        after
    }

    /// Forgets an original monarch an extension's own move took off its square (a split).
    fn forget_departed_monarchs(&mut self) {
        for color in Color::BOTH {
            for monarch in Monarch::BOTH {
                let slot = &mut self.monarchs[color.index()][monarch.index()];
                if slot.is_some_and(|sq| self.game.position().piece_at(sq) != Some(Piece::new(color, monarch.role()))) {
                    *slot = None;
                }
            }
        }
    }

    /// What `observer` may know of `color`'s note: its own, and any once opened by a capture
    /// or by the end of the game (`over`); everything, for the observer who sees all.
    fn crown_known_to(&self, observer: Observer, color: Color, over: bool) -> Option<Monarch> {
        let known = matches!(observer, Observer::Everyone)
            || observer == Observer::Player(color)
            || self.is_revealed(color)
            || over;
        self.crown(color).filter(|_| known)
    }
}

/// A move of a game of the family: one of the board's (the engine's tables), a ninja's, or one
/// of the extension's own.
#[derive(Clone, Debug, PartialEq)]
pub enum CrownMove<X> {
    /// A move the engine's tables make: a piece's move, castling, a promotion.
    Board(Move),
    /// A ninja's drop or move of steps, in a variant with the ninja.
    Ninja(NinjaMove),
    /// A move of the extension's (a stone drop, a hide, a split).
    Own(X),
}

/// A game of the Crown family.
#[derive(Clone)]
pub struct CrownGame<E: Extension> {
    variant: &'static CrownVariant<E>,
    core: Core,
    extension: E,
    /// The moves in the variant's notation, one per ply.
    moves: Vec<String>,
    /// The pieces in hand at the start, as FEN writes them.
    start_holdings: String,
}

impl<E: Extension> CrownGame<E> {
    /// What the board and the notes are now.
    pub fn core(&self) -> &Core {
        &self.core
    }

    /// The extension's state.
    pub fn extension(&self) -> &E {
        &self.extension
    }

    /// The engine's game: the board, with the remaining monarch of a side whose crown is
    /// known as its royal piece.
    pub fn game(&self) -> &Game {
        self.core.game()
    }

    /// `color`'s crowned monarch, if that player has chosen.
    pub fn crown(&self, color: Color) -> Option<Monarch> {
        self.core.crown(color)
    }

    /// Where `color`'s own `monarch` stands, `None` once it has left the board.
    pub fn monarch_square(&self, color: Color, monarch: Monarch) -> Option<Square> {
        self.core.monarch_square(color, monarch)
    }

    /// True once both players have chosen: moves are accepted from then on.
    pub fn has_begun(&self) -> bool {
        self.core.has_begun()
    }

    /// True if the rules have opened `color`'s note.
    pub fn is_revealed(&self, color: Color) -> bool {
        self.core.is_revealed(color)
    }

    /// Plays one of [`CrownGame::legal_moves`].
    pub fn play_move(&mut self, chosen: &CrownMove<E::Move>) -> PlayedMove {
        let before = *self.core.position();
        let us = before.turn();
        let (mut notation, mut reveal, commit) = match chosen {
            CrownMove::Board(m) => {
                let (notation, reveal) = self.play_board(*m);
                (notation, reveal, Vec::new())
            }
            CrownMove::Ninja(m) => {
                let (notation, reveal) = self.play_ninja(*m);
                (notation, reveal, Vec::new())
            }
            CrownMove::Own(x) => {
                let own = self.play_own(x);
                let reveal = self.extension.stopped(&self.core, us, &own.stops).reveal;
                (own.notation, reveal, own.commit)
            }
        };
        self.core.refresh_royals(&self.extension).expect("the side to move may be named royal");
        // Check marks only where the royal piece is known to both players, so that the move
        // list never depends on a secret still closed (see docs/rules/crown.md).
        if !self.won() && self.core.position().is_check() {
            notation.push(if self.has_legal_move() { '+' } else { '#' });
        }
        reveal.dedup();
        self.moves.push(notation.clone());
        PlayedMove { by: us, number: before.fullmoves(), notation, reveal, sealed: None, commit }
    }

    /// True if a crown has been taken or the extension's rules decided the game: the last
    /// move won it.
    fn won(&self) -> bool {
        self.core.crown_taken(&self.extension).is_some() || self.extension.outcome(&self.core).is_some()
    }

    /// The outcome the rules decide, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(decided) = self.extension.outcome(&self.core) {
            return Some(decided);
        }
        if let Some(loser) = self.core.crown_taken(&self.extension) {
            return Some(Outcome::Win { winner: loser.other(), reason: WinReason::RoyalCaptured });
        }
        if !self.has_begun() {
            return None;
        }
        let pos = self.core.position();
        if !self.has_legal_move() && !pos.is_check() {
            return Some(self.extension.stalemate(&self.core));
        }
        // Checkmate, dead positions and the seventy-five-move rule as the engine reads them;
        // stalemate was the extension's to say.
        outcome::decided_by_position(
            pos.turn(),
            self.has_legal_move(),
            || pos.is_check(),
            StalemateRule::Loss,
            // A ninja in reserve can still be dropped, and capture.
            || self.extension.dead(&self.core) && self.core.ninjas == Reserve::EMPTY,
            pos.halfmoves(),
        )
        .or_else(|| {
            (self.core.game.repetitions() >= 5)
                .then_some(Outcome::Draw { reason: outcome::DrawReason::FivefoldRepetition })
        })
    }

    /// The number of move sequences of `depth` plies, every move as its player may type it
    /// (a drop with and without its mine, a hide on each square): a move that wins the game
    /// (a crown taken or found, an army destroyed) counts once and is not followed; a position
    /// without a move counts nothing below it; draws by rule end no line.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play_move(m);
                if next.won() { 1 } else { next.perft(depth - 1) }
            })
            .sum()
    }

    /// Every legal move of the side to move, the board's first, then the ninja's, then the
    /// extension's, in a fixed order.
    pub fn legal_moves(&self) -> Vec<CrownMove<E::Move>> {
        let mut moves: Vec<CrownMove<E::Move>> = self.board_moves().into_iter().map(CrownMove::Board).collect();
        moves.extend(self.ninja_moves().into_iter().map(CrownMove::Ninja));
        let mut own = Vec::new();
        self.extension.moves(&self.core, &mut own);
        moves.extend(own.into_iter().map(CrownMove::Own));
        moves
    }

    /// The legal moves the engine's tables make, unless the extension bars them: every
    /// piece's but the ninja's (its table moves are never a player's; see [`ninjas`]).
    fn board_moves(&self) -> Vec<Move> {
        if self.extension.board_moves_barred(&self.core).is_some() {
            return Vec::new();
        }
        let mut moves = self.core.position().legal_moves();
        if self.variant.ninja {
            ninja::without_ninja(self.core.position(), &mut moves);
        }
        moves
    }

    /// Whether the side to move has a legal move, without listing them all.
    fn has_legal_move(&self) -> bool {
        !self.board_moves().is_empty() || !self.ninja_moves().is_empty() || self.extension.has_move(&self.core)
    }

    /// `m` as the move list writes it (without a check mark), and as its player would type
    /// it, secrets included.
    pub fn write(&self, m: &CrownMove<E::Move>) -> (String, String) {
        match m {
            CrownMove::Board(m) => {
                let text = san::write_plain(self.core.position(), *m);
                (text.clone(), text)
            }
            CrownMove::Ninja(m) => {
                let text = ninja::notation::write(self.core.position(), *m);
                (text.clone(), text)
            }
            CrownMove::Own(x) => (self.extension.write(&self.core, x), self.extension.write_typed(&self.core, x)),
        }
    }

    /// Reads a player's text as a legal move: the extension's own first, then a ninja's (text
    /// starting with `J`), then the board's.
    fn read(&self, text: &str) -> Result<CrownMove<E::Move>, MoveInputError> {
        if let Some(own) = self.extension.read(&self.core, text) {
            return own.map(CrownMove::Own);
        }
        let barred = self.extension.board_moves_barred(&self.core);
        if let Some(read) = self.read_ninja(text) {
            return match (read, barred) {
                (Err(_), Some(why)) => Err(CrownGame::<E>::refuse(text, why)),
                (read, _) => read.map(CrownMove::Ninja),
            };
        }
        if let Some(why) = barred {
            return Err(CrownGame::<E>::refuse(text, why));
        }
        input::parse_move_among(self.core.position(), text, &self.board_moves()).map(CrownMove::Board)
    }

    /// Plays a legal board move: the engine moves the pieces; the core and the extension
    /// deal with what it captured and where it stopped.
    fn play_board(&mut self, m: Move) -> (String, Vec<String>) {
        let pos = *self.core.position();
        let us = pos.turn();
        let notation = san::write_plain(&pos, m);
        let captured = match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => pos.piece_at(m.to).map(|p| (m.to, p)),
            MoveKind::EnPassant => {
                m.to.offset(0, -us.forward(), pos.rules().size()).and_then(|sq| Some((sq, pos.piece_at(sq)?)))
            }
            MoveKind::Castle { .. } => None,
        };
        self.core.game.play(m).expect("moves are read from the legal ones");
        self.core.follow(us, m.from, m.to);
        let mut reveal = Vec::new();
        if let Some((at, lost)) = captured {
            let after = self.core.lose(&mut self.extension, at, lost, us);
            reveal.extend(after.reveal);
            if after.blow_up_capturer
                && let Some(capturer) = self.core.game.amend(|p| p.remove_piece(m.to))
            {
                reveal.extend(self.core.lose(&mut self.extension, m.to, capturer, us).reveal);
            }
        }
        let mut stops = vec![m.to];
        if let MoveKind::Castle { rook } = m.kind {
            let rules = pos.rules();
            let direction = usize::from(rook.file() < m.from.file());
            if let Some(def) =
                rules.castler_index(pos.piece_at(m.from).map_or(KING, |p| p.role)).map(|i| &rules.castling()[i])
                && let Some(rook_to) = Square::new(def.rook_to[direction], m.from.rank())
            {
                stops.push(rook_to);
            }
        }
        stops.retain(|&sq| self.core.position().piece_at(sq).is_some_and(|p| p.color == us));
        reveal.extend(self.extension.stopped(&self.core, us, &stops).reveal);
        (notation, reveal)
    }

    /// Plays a legal own move of the extension's.
    fn play_own(&mut self, m: &E::Move) -> OwnMove {
        let (mut position, own) = self.extension.play(&self.core, m);
        position.end_turn(false);
        self.core.game.replace(position, own.irreversible);
        self.core.forget_departed_monarchs();
        own
    }

    fn refuse(text: &str, reason: Reason) -> MoveInputError {
        MoveInputError::NoMatch { input: text.trim().to_string(), reason }
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`]: the fields of a
    /// [`super::standard::StandardGame`] snapshot (`start`, `fen`, `keys`, `moves`), then
    /// `crowns` (White's and Black's choice, "king", "queen" or "-"), `monarchs` (the squares
    /// of White's king and queen and Black's king and queen, "-" once gone), `holdings` (the
    /// pieces in hand at the start, only where the variant has any), `ninjas` (the ninjas in
    /// reserve now, only in a variant with the ninja), and the extension's lines.
    pub fn restore(variant: &'static CrownVariant<E>, snapshot: &str) -> Result<CrownGame<E>, SnapshotError> {
        let field = |name: &str| snapshot_field(snapshot, name);
        let rules = variant.rules();
        let (start, position, keys, moves) = super::standard::read_snapshot(rules, snapshot)?;
        let words: Vec<&str> = field("crowns")?.split_whitespace().collect();
        let [white, black] = words[..] else {
            return Err(SnapshotError("crowns: two words, White's and Black's".to_string()));
        };
        let crown = |w: &str| match w {
            "-" => Ok(None),
            w => Monarch::from_value(w).map(Some).ok_or_else(|| SnapshotError(format!("crowns: {w:?}"))),
        };
        let crowns = [crown(white)?, crown(black)?];
        let squares: Vec<&str> = field("monarchs")?.split_whitespace().collect();
        if squares.len() != 4 {
            return Err(SnapshotError("monarchs: four squares or -".to_string()));
        }
        let mut monarchs = [[None; 2]; 2];
        for (i, text) in squares.iter().enumerate() {
            let (color, monarch) = (Color::BOTH[i / 2], Monarch::BOTH[i % 2]);
            if *text == "-" {
                continue;
            }
            let sq = rules
                .size()
                .parse_algebraic(text)
                .filter(|&sq| position.piece_at(sq) == Some(Piece::new(color, monarch.role())));
            monarchs[color.index()][monarch.index()] =
                Some(sq.ok_or_else(|| SnapshotError(format!("monarchs: no {color} {} on {text}", monarch.name())))?);
        }
        let start_holdings = field("holdings").map(str::to_string).unwrap_or_default();
        let mut core = Core { game: Game::resume(start, position, keys), crowns, monarchs, ninjas: Reserve::EMPTY };
        core.ninjas = variant.restore_ninjas(&core, snapshot)?;
        if !core.has_begun() && !moves.is_empty() {
            return Err(SnapshotError("moves were played before both players chose their crowns".to_string()));
        }
        let extension = E::restore(&core, snapshot)?;
        if let Some(color) = Color::BOTH
            .into_iter()
            .find(|&c| core.is_revealed(c) && core.crown(c).is_none() && extension.crown_on_monarch(c))
        {
            return Err(SnapshotError(format!("{color} lost a monarch but has no crown")));
        }
        core.refresh_royals(&extension).map_err(SnapshotError)?;
        Ok(CrownGame { variant, core, extension, moves, start_holdings })
    }
}

/// `herald perft` counts the family by [`CrownGame::perft`]: every move as its player may
/// type it, the extension's and the ninja's included.
impl<E: Extension> MoveTree for CrownGame<E> {
    fn perft(&self, depth: u32) -> u64 {
        CrownGame::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        self.legal_moves()
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play_move(m);
                let nodes = if depth <= 1 || next.won() { 1 } else { next.perft(depth - 1) };
                (self.write(m).1, nodes)
            })
            .collect()
    }
}

impl<E: Extension> CrownGame<E> {
    /// What `observer` may know now; `ended`: the game has ended, by the rules or by a
    /// decision (a resignation, time, an agreed draw), so every crown is opened.
    fn view_of(&self, observer: Observer, ended: bool) -> View {
        let pos = self.core.position();
        let rules = pos.rules();
        let cells = open_cells(pos);
        let over = ended || self.outcome().is_some();
        let going_on = self.has_begun() && !over;
        let mut notices = Vec::new();
        // Before the game begins, the mail asks for the choice and says whom it waits for:
        // the view names only a crown chosen.
        if let Some(crown) = observer.side().and_then(|me| self.crown(me)) {
            notices.push(format!("Your crown: {}.", crown.name()));
        }
        for color in Color::BOTH {
            if observer != Observer::Player(color)
                && let Some(crown) = self.core.crown_known_to(observer, color, over)
            {
                let state = if self.is_revealed(color) || over { "opened" } else { "still sealed for the players" };
                notices.push(format!("{}'s crown: {} ({state}).", color.title(), crown.name()));
            }
        }
        if going_on && let Some(me) = observer.side().filter(|&me| me == pos.turn()) {
            if pos.is_check() {
                notices.push("You are in check.".to_string());
            } else if pos.royal_square(me).is_none()
                && self.extension.crown_on_monarch(me)
                && let Some(crown) = self.crown(me)
                && self.monarch_square(me, crown).is_some_and(|sq| pos.is_attacked(sq, me.other()))
            {
                // Only the owner knows this: the opponent does not know which monarch is
                // attacked in earnest.
                notices.push(format!("Your crowned {} is attacked.", crown.name()));
            }
        }
        notices.extend(self.extension.notices(&self.core, observer, over));
        if self.variant.ninja {
            notices.push(ninja::status(pos, self.core.ninjas));
        }
        let start = self.core.game.start();
        View {
            observer,
            size: rules.size(),
            coordinates: Coordinates::Algebraic,
            cells,
            moves: self.moves.clone(),
            first_move_number: start.fullmoves(),
            first_mover: start.turn(),
            to_move: going_on.then_some(pos.turn()),
            legal_moves: None,
            notices,
        }
    }
}

impl<E: Extension> VariantGame for CrownGame<E> {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.core.position().turn()
    }

    fn move_number(&self) -> u32 {
        self.core.position().fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        if !self.has_begun() {
            return Err(CrownGame::<E>::refuse(text, Reason::new("reason-crown-not-begun")));
        }
        if let Some(outcome) = self.outcome() {
            return Err(CrownGame::<E>::refuse(text, Reason::new("reason-game-over").outcome("outcome", outcome)));
        }
        let chosen = self.read(text)?;
        Ok(self.play_move(&chosen))
    }

    fn outcome(&self) -> Option<Outcome> {
        CrownGame::outcome(self)
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if !self.has_begun() || self.outcome().is_some() {
            return Vec::new();
        }
        self.core.game.claimable_draws()
    }

    fn snapshot(&self) -> String {
        let crowns: Vec<&str> = self.core.crowns.iter().map(|c| c.map_or("-", Monarch::name)).collect();
        let monarchs: Vec<String> = self
            .core
            .monarchs
            .iter()
            .flatten()
            .map(|sq| sq.map_or_else(|| "-".to_string(), Square::algebraic))
            .collect();
        let holdings =
            if self.start_holdings.is_empty() { String::new() } else { format!("holdings {}\n", self.start_holdings) };
        format!(
            "{}crowns {}\nmonarchs {}\n{holdings}{}{}",
            super::standard::write_snapshot(&self.core.game, &self.moves),
            crowns.join(" "),
            monarchs.join(" "),
            self.ninjas_snapshot(),
            self.extension.snapshot(),
        )
    }

    fn fen(&self) -> String {
        fen::join_holdings(&fen::write(self.core.position()), &self.holdings())
    }

    fn start_fen(&self) -> String {
        fen::join_holdings(&fen::write(self.core.game.start()), &self.start_holdings)
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn view(&self, observer: Observer) -> View {
        self.view_of(observer, false)
    }

    fn ended_view(&self, observer: Observer) -> View {
        self.view_of(observer, true)
    }

    fn setup_requests(&self) -> Vec<SetupRequest> {
        let mut requests: Vec<SetupRequest> = Color::BOTH
            .into_iter()
            .filter(|&c| self.core.needs_note(c))
            .map(|player| SetupRequest { player, label: label(player), prompt: PROMPT.to_string() })
            .collect();
        requests.extend(self.extension.missing_secrets(&self.core));
        requests
    }

    /// "crown king" or "crown queen", in any case and punctuation, with `K`, `Q`, `D` (Dame),
    /// `dame`, or the seed's lion (king) and unicorn (queen) also understood; "the", "my" or
    /// "on" may stand between ("Crown: my queen."). Anything not starting with the word
    /// "crown" is not a setup answer, and once the game has begun neither is "crown" followed
    /// by anything but a monarch (crown-3's "crown d5" is a move).
    fn setup(&mut self, player: Color, text: &str) -> Option<Result<(), Reason>> {
        let words: Vec<String> =
            text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
        let (first, rest) = words.split_first()?;
        if first != "crown" {
            return None;
        }
        let named: Vec<&String> = rest.iter().filter(|w| !matches!(w.as_str(), "the" | "my" | "on")).collect();
        let choice = match named[..] {
            [word] => Monarch::from_word(word),
            _ => None,
        };
        let Some(choice) = choice else {
            if self.has_begun() {
                return None;
            }
            return Some(Err(Reason::new("reason-crown-choose")));
        };
        if let Some(chosen) = self.crown(player) {
            // The monarch as its English word, which each language's message chooses its own
            // words (and case) by.
            return Some(Err(Reason::new("reason-crown-already-on").text("monarch", chosen.name())));
        }
        if !self.core.needs_note(player) {
            return Some(Err(Reason::new("reason-crown-no-monarch")));
        }
        self.core.crowns[player.index()] = Some(choice);
        Some(Ok(()))
    }

    /// The notes. An extension's secrets are decided by moves and committed with them
    /// ([`PlayedMove::commit`]).
    fn secrets(&self) -> Vec<Secret> {
        Color::BOTH
            .into_iter()
            .filter_map(|c| Some(Secret { label: label(c), value: self.crown(c)?.name().to_string() }))
            .collect()
    }
}
