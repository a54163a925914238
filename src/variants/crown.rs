//! Crown, a chess game with a secret (the seed: shared/seeds/crown.txt; the choices
//! this file makes where the seed is silent are in docs/rules/crown.md).
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
//! Everything a board can say is data (the [`VariantDef`] in [`Crown::rules`]); this file adds
//! what only the secret decides: whose monarchs are royal, when a capture ends the game, and
//! what each player may be told.

use std::sync::OnceLock;

use super::standard::{open_cells, read_snapshot, snapshot_field, write_snapshot};
use super::{Coordinates, Observer, PlayedMove, Secret, SetupRequest, SnapshotError, Variant, VariantGame, View};
use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::{Outcome, WinReason};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::MoveKind;
use crate::engine::rules::{CastlingDef, DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};
use crate::engine::{ClaimableDraw, Game, Position};
use crate::notation::input::{self, MoveInputError};
use crate::notation::{fen, san};

/// Role of the rook.
const ROOK: Role = Role(3);
/// Role of the queen, which moves like the king.
const QUEEN: Role = Role(4);
/// Role of the king.
const KING: Role = Role(5);

/// What a player answers before the game, and what the referee commits.
const PROMPT: &str = "crown king or crown queen";

/// Why no move is accepted yet.
const NOT_BEGUN: &str = "the game begins when both players have chosen their crowned monarch";

/// Crown.
pub struct Crown;

impl Crown {
    /// A game from `start`. Each side has its king, its queen, or both, one of each at most: a
    /// side with both keeps its crown secret until its player chooses; a side with one (a
    /// position from later in a game, as the seed's problem "Whites: K e1, ... blacks: K h8,
    /// Q f8") wears the crown on it, known to both, and plays with check.
    fn make_game(&'static self, mut start: Position) -> Result<CrownGame, String> {
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
            match monarchs[color.index()] {
                [None, None] => {
                    return Err(format!("a Crown position needs a {color} king or queen to wear the crown"));
                }
                [Some(sq), None] | [None, Some(sq)] => {
                    crowns[color.index()] =
                        Some(if monarchs[color.index()][0].is_some() { Monarch::King } else { Monarch::Queen });
                    start.set_royal(color, Some(sq)).map_err(|e| format!("{color}'s crown: {e}"))?;
                }
                [Some(_), Some(_)] => {}
            }
        }
        Ok(CrownGame { variant: self, game: Game::new(start), crowns, monarchs, moves: Vec::new() })
    }

    /// Sets each side's crown from `secrets`; a side with one monarch left wears it already.
    fn crown_from_secrets(game: &mut CrownGame, secrets: &[Secret]) -> Result<(), String> {
        let mut given = [false; 2];
        for secret in secrets {
            let color = Color::BOTH.into_iter().find(|&c| label(c) == secret.label).ok_or_else(|| {
                format!("Crown has no secret {:?}; its secrets are white.crown and black.crown", secret.label)
            })?;
            let monarch = Monarch::from_value(&secret.value)
                .ok_or_else(|| format!("{} is {:?}, not \"king\" or \"queen\"", secret.label, secret.value))?;
            if std::mem::replace(&mut given[color.index()], true) {
                return Err(format!("{} is given twice", secret.label));
            }
            match game.crowns[color.index()] {
                Some(worn) if game.is_revealed(color) && worn != monarch => {
                    return Err(format!(
                        "{} is {monarch:?}, but {color} has only its {} on the board",
                        secret.label,
                        worn.name()
                    ));
                }
                _ => game.crowns[color.index()] = Some(monarch),
            }
        }
        Ok(())
    }
}

impl Variant for Crown {
    fn id(&self) -> &'static str {
        "crown"
    }

    fn name(&self) -> &'static str {
        "Crown"
    }

    fn summary(&self) -> &'static str {
        "each player secretly crowns the king or the queen (which moves as a king); capturing the crowned \
         monarch wins, no check until the crown is known, stalemate loses"
    }

    fn notation_help(&self) -> &'static str {
        "Moves may be written in SAN (Nf3, exd5, e8=G for the Generalissimo, which moves\n\
         as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen\n\
         moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,\n\
         Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your\n\
         crowned monarch privately: \"crown king\" or \"crown queen\"."
    }

    fn rules(&self) -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            Rules::new(VariantDef {
                size: BoardSize::CHESS,
                // Roles as in chess (the queen and king keep their chess letters and roles),
                // no piece royal: which monarch is royal is the players' secret.
                pieces: vec![
                    PieceDef::new("Pawn", 'P', "fmWfcF").pawn(),
                    PieceDef::new("Knight", 'N', "N").minor(),
                    PieceDef::new("Bishop", 'B', "B").minor().color_bound(),
                    PieceDef::new("Rook", 'R', "R"),
                    // "All pieces make their moves in usual way with exception of queen - this
                    // piece moves as king."
                    PieceDef::new("Queen", 'Q', "K"),
                    PieceDef::new("King", 'K', "K"),
                    // "... new (for this game) piece, which moves as queen in chess. In crown we
                    // call it generalissimo."
                    PieceDef::new("Generalissimo", 'G', "Q"),
                ],
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
            .expect("the Crown definition is valid")
        })
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(self.make_game(self.start_position()).expect("the start has one king and one queen a side"))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        let start = fen::read(self.rules(), text).map_err(|e| e.to_string())?;
        Ok(Box::new(self.make_game(start)?))
    }

    fn game_with_secrets(&'static self, secrets: &[Secret]) -> Result<Box<dyn VariantGame>, String> {
        let mut game = self.make_game(self.start_position())?;
        Crown::crown_from_secrets(&mut game, secrets)?;
        Ok(Box::new(game))
    }

    fn game_from_fen_with_secrets(
        &'static self,
        text: &str,
        secrets: &[Secret],
    ) -> Result<Box<dyn VariantGame>, String> {
        let start = fen::read(self.rules(), text).map_err(|e| e.to_string())?;
        let mut game = self.make_game(start)?;
        Crown::crown_from_secrets(&mut game, secrets)?;
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

    const fn role(self) -> Role {
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

/// A game of Crown.
pub struct CrownGame {
    variant: &'static Crown,
    game: Game,
    /// Each side's crowned monarch, once that player has chosen.
    crowns: [Option<Monarch>; 2],
    /// Where each side's own king and queen (`[colour][monarch]`) stand; `None` once captured.
    /// A monarch a pawn promotes to is not one of these: it never wears the crown.
    monarchs: [[Option<Square>; 2]; 2],
    /// The moves in SAN, one per ply.
    moves: Vec<String>,
}

impl CrownGame {
    /// The engine's game: the board, with the remaining monarch of a side whose crown is
    /// known as its royal piece.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// `color`'s crowned monarch, if that player has chosen.
    pub fn crown(&self, color: Color) -> Option<Monarch> {
        self.crowns[color.index()]
    }

    /// Where `color`'s own `monarch` stands, `None` once it has been captured.
    pub fn monarch_square(&self, color: Color, monarch: Monarch) -> Option<Square> {
        self.monarchs[color.index()][monarch.index()]
    }

    /// True once both players have chosen: moves are accepted from then on.
    pub fn has_begun(&self) -> bool {
        self.crowns.iter().all(Option::is_some)
    }

    /// True if the rules have opened `color`'s note: one of its monarchs has been captured.
    pub fn is_revealed(&self, color: Color) -> bool {
        self.monarchs[color.index()].iter().any(Option::is_none)
    }

    /// The side whose crowned monarch has been captured, if any.
    fn crown_taken(&self) -> Option<Color> {
        Color::BOTH.into_iter().find(|&c| self.crowns[c.index()].is_some_and(|m| self.monarch_square(c, m).is_none()))
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

    /// Reads a snapshot written by [`VariantGame::snapshot`]: the fields of a
    /// [`super::standard::StandardGame`] snapshot (`start`, `fen`, `keys`, `moves`), then
    /// `crowns` (White's and Black's choice, "king", "queen" or "-") and `monarchs` (the
    /// squares of White's king and queen and Black's king and queen, "-" once captured).
    pub fn restore(variant: &'static Crown, snapshot: &str) -> Result<CrownGame, SnapshotError> {
        let field = |name: &str| snapshot_field(snapshot, name);
        let rules = variant.rules();
        let (start, mut position, keys, moves) = read_snapshot(rules, snapshot)?;
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
        let mut game = CrownGame { variant, game: Game::new(start), crowns, monarchs, moves };
        if !game.has_begun() && !game.moves.is_empty() {
            return Err(SnapshotError("moves were played before both players chose their crowns".to_string()));
        }
        if let Some(color) = Color::BOTH.into_iter().find(|&c| game.is_revealed(c) && game.crown(c).is_none()) {
            return Err(SnapshotError(format!("{color} lost a monarch but has no crown")));
        }
        for color in Color::BOTH {
            if let Some(royal) = game.known_royal(color) {
                position.set_royal(color, Some(royal)).map_err(|e| SnapshotError(format!("{color}'s crown: {e}")))?;
            }
        }
        game.game = Game::resume(start, position, keys);
        Ok(game)
    }

    /// The royal piece of `color` once its crown is known and the game goes on: the monarch
    /// left after the uncrowned one was captured.
    fn known_royal(&self, color: Color) -> Option<Square> {
        let crown = self.crown(color)?;
        let [king, queen] = self.monarchs[color.index()];
        match (king, queen) {
            (Some(_), Some(_)) | (None, None) => None,
            _ => self.monarch_square(color, crown),
        }
    }

    fn refuse(text: &str, reason: String) -> MoveInputError {
        MoveInputError::NoMatch { input: text.trim().to_string(), reason }
    }
}

impl VariantGame for CrownGame {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    fn move_number(&self) -> u32 {
        self.game.position().fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        if !self.has_begun() {
            return Err(CrownGame::refuse(text, NOT_BEGUN.to_string()));
        }
        if let Some(outcome) = self.outcome() {
            return Err(CrownGame::refuse(text, format!("the game is over: {outcome}")));
        }
        let pos = *self.game.position();
        let m = input::parse_move(&pos, text)?;
        let (us, them) = (pos.turn(), pos.turn().other());
        let mut notation = san::write_plain(&pos, m);
        let taken = match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                Monarch::BOTH.into_iter().find(|&w| self.monarch_square(them, w) == Some(m.to))
            }
            MoveKind::EnPassant | MoveKind::Castle { .. } => None,
        };
        self.game.play(m).expect("parse_move returns legal moves");
        for slot in &mut self.monarchs[us.index()] {
            if *slot == Some(m.from) {
                *slot = Some(m.to);
            }
        }
        let mut reveal = Vec::new();
        if let Some(taken) = taken {
            self.monarchs[them.index()][taken.index()] = None;
            // "When one monarch is taken, the player who took it reads a note of his/her
            // opponent": whichever it was, the note is opened now.
            reveal.push(label(them));
            if self.crown(them) != Some(taken) {
                // The uncrowned one: the other is royal from now on, and the check rule
                // protects it.
                let royal = self.monarch_square(them, taken.other());
                self.game.set_royal(them, royal).expect("the side to move's own monarch can be royal");
            }
        }
        // Check marks only where the royal piece is known to both players, so that the move
        // list never depends on a secret still closed (see docs/rules/crown.md).
        let after = self.game.position();
        if self.crown_taken().is_none() && after.is_check() {
            notation.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        self.moves.push(notation.clone());
        Ok(PlayedMove { by: us, number: pos.fullmoves(), notation, reveal, sealed: None, commit: Vec::new() })
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.crown_taken() {
            return Some(Outcome::Win { winner: loser.other(), reason: WinReason::RoyalCaptured });
        }
        if !self.has_begun() {
            return None;
        }
        // Checkmate and stalemate (a loss either way), dead positions, the automatic draws.
        self.game.outcome()
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if !self.has_begun() || self.outcome().is_some() {
            return Vec::new();
        }
        self.game.claimable_draws()
    }

    fn snapshot(&self) -> String {
        let crowns: Vec<&str> = self.crowns.iter().map(|c| c.map_or("-", Monarch::name)).collect();
        let monarchs: Vec<String> =
            self.monarchs.iter().flatten().map(|sq| sq.map_or_else(|| "-".to_string(), Square::algebraic)).collect();
        format!(
            "{}crowns {}\nmonarchs {}\n",
            write_snapshot(&self.game, &self.moves),
            crowns.join(" "),
            monarchs.join(" ")
        )
    }

    fn fen(&self) -> String {
        fen::write(self.game.position())
    }

    fn start_fen(&self) -> String {
        fen::write(self.game.start())
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn view(&self, observer: Observer) -> View {
        let pos = self.game.position();
        let rules = pos.rules();
        let cells = open_cells(pos);
        let over = self.outcome().is_some();
        let going_on = self.has_begun() && !over;
        let mut notices = Vec::new();
        if let Some(me) = observer.side() {
            match self.crown(me) {
                Some(crown) => notices.push(format!("Your crown: {}.", crown.name())),
                None => notices.push(format!(
                    "Choose your crowned monarch privately: write \"crown king\" or \"crown queen\". {}.",
                    capitalise(NOT_BEGUN)
                )),
            }
            if self.crown(me).is_some() && self.crown(me.other()).is_none() {
                notices.push(format!("Waiting for {} to choose their crowned monarch.", me.other().title()));
            }
        }
        for color in Color::BOTH {
            if observer != Observer::Player(color)
                && let Some(crown) = self.crown_known_to(observer, color, over)
            {
                let state = if self.is_revealed(color) || over { "opened" } else { "still sealed for the players" };
                notices.push(format!("{}'s crown: {} ({state}).", color.title(), crown.name()));
            }
        }
        if going_on && let Some(me) = observer.side().filter(|&me| me == pos.turn()) {
            if pos.is_check() {
                notices.push("You are in check.".to_string());
            } else if pos.royal_square(me).is_none()
                && let Some(crown) = self.crown(me)
                && self.monarch_square(me, crown).is_some_and(|sq| pos.is_attacked(sq, me.other()))
            {
                // Only the owner knows this: the opponent does not know which monarch is
                // attacked in earnest.
                notices.push(format!("Your crowned {} is attacked.", crown.name()));
            }
        }
        let start = self.game.start();
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

    fn setup_requests(&self) -> Vec<SetupRequest> {
        Color::BOTH
            .into_iter()
            .filter(|&c| self.crown(c).is_none())
            .map(|player| SetupRequest { player, label: label(player), prompt: PROMPT.to_string() })
            .collect()
    }

    /// "crown king" or "crown queen", in any case and punctuation, with `K`, `Q`, `D` (Dame),
    /// `dame`, or the seed's lion (king) and unicorn (queen) also understood; "the", "my" or
    /// "on" may stand between ("Crown: my queen."). Anything not starting with the word
    /// "crown" is not a setup answer.
    fn setup(&mut self, player: Color, text: &str) -> Option<Result<(), String>> {
        let words: Vec<String> =
            text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
        let (first, rest) = words.split_first()?;
        if first != "crown" {
            return None;
        }
        let named: Vec<&String> = rest.iter().filter(|w| !matches!(w.as_str(), "the" | "my" | "on")).collect();
        let Some(choice) = (match named[..] {
            [word] => Monarch::from_word(word),
            _ => None,
        }) else {
            return Some(
                Err("write \"crown king\" or \"crown queen\" to choose which monarch wears your crown".into()),
            );
        };
        if let Some(chosen) = self.crown(player) {
            return Some(Err(format!(
                "your crown is already on your {}: the note is written and cannot be changed",
                chosen.name()
            )));
        }
        self.crowns[player.index()] = Some(choice);
        Some(Ok(()))
    }

    fn secrets(&self) -> Vec<Secret> {
        Color::BOTH
            .into_iter()
            .filter_map(|c| Some(Secret { label: label(c), value: self.crown(c)?.name().to_string() }))
            .collect()
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
