//! The variants herald referees, each in a file of its own that reads like its rules page,
//! and the one interface the rest of herald uses to play them.
//!
//! A variant is mostly data (see [`crate::engine::rules::VariantDef`]). What the referee
//! needs of it is the object-safe pair [`Variant`] (what the game is, how a game starts or
//! resumes) and [`VariantGame`] (one game in progress: play a player's move, say how it ended,
//! and show each observer exactly what that observer may know). The referee never looks
//! inside a game; a variant with hidden information keeps its secrets by what its
//! [`VariantGame::view`] leaves out.

pub mod capablanca;
pub mod chance;
pub mod chess;
pub mod crown;
pub mod diagram;
pub mod krithala;
pub mod ninja;
pub mod royal;
pub mod safety_in_numbers;
pub mod secret_intelligence;
pub mod standard;

use std::fmt;

use crate::engine::geometry::{BoardSize, Square};
use crate::engine::outcome::Outcome;
use crate::engine::piece::Color;
use crate::engine::{ClaimableDraw, Position, Rules};
use crate::notation::fen;
use crate::notation::input::MoveInputError;

/// How moves are written in FIDE chess and the variants that write moves as it does.
pub const SAN_HELP: &str = "Moves may be written in SAN (Nf3, exd5, e8=Q, O-O), long algebraic (e2-e4,\n\
                            Ng1-f3) or ICCF numbers (5254).";

/// Why a variant that keeps secrets offers no conditional moves, unless it says more.
pub const NO_CONDITIONAL_MOVES: &str = "Conditional moves are not offered in this variant: it keeps secrets, and herald's \
                                        answer to a line of them (accepted or refused) could tell you one.";

/// A position's tree of legal moves as `herald perft` counts it.
pub trait MoveTree {
    /// The number of move sequences `depth` plies long (lines the rules end sooner count
    /// once, as they end).
    fn perft(&self, depth: u32) -> u64;
    /// Each legal first move as its player would write it, with the count `depth - 1` plies
    /// below it (1 where the move ends the game), in the variant's order.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}

/// The engine's positions count by the engine's tables (variants whose moves are all the
/// engine's: [`Variant::engine_moves`]).
impl MoveTree for Position {
    fn perft(&self, depth: u32) -> u64 {
        crate::engine::perft::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        crate::engine::perft::divide(self, depth)
            .into_iter()
            .map(|(m, nodes)| (crate::notation::san::write(self, m), nodes))
            .collect()
    }
}

/// The aim of chess and of the variants that keep it.
pub const CHECKMATE_AIM: &str =
    "The aim: checkmate the opponent's king. A stalemate (no legal move, not in check) is a draw.";

/// A variant of chess that herald can referee.
pub trait Variant: Sync {
    /// The identifier used on the command line and in stored games, e.g. "chess".
    fn id(&self) -> &'static str;
    /// The name shown to players.
    fn name(&self) -> &'static str;
    /// One line saying what the variant is.
    fn summary(&self) -> &'static str;
    /// The aim of the game and how it is won, for the help in its mails: a sentence or two.
    fn aim(&self) -> &'static str {
        CHECKMATE_AIM
    }
    /// The rules of the variant's board and pieces, with their precomputed tables.
    fn rules(&self) -> &'static Rules;
    /// The starting position as a chess-family [`Position`] (perft, replay, tests).
    fn start_position(&self) -> Position {
        fen::read(self.rules(), self.rules().def().start_fen).expect("a variant's start position is legal")
    }
    /// Whether the chess-family engine alone plays this variant's moves, so that
    /// [`Variant::start_position`] and perft mean something. False for a variant whose moves
    /// follow rules of its own beyond the engine's tables (Secret Intelligence Chess's Spy,
    /// Decoy and swaps); its own game type is then the only judge of a move.
    fn engine_moves(&self) -> bool {
        true
    }

    /// The whole tree of legal moves from `fen` (or the start) with `secrets` known, for
    /// `herald perft`: every move the variant's own game would accept, its own kinds included
    /// (drops, hides, splits, stones), and lines ended where its rules end the game. A variant
    /// is counted by the engine only when the engine alone plays it
    /// ([`Variant::engine_moves`]); any other refuses unless it counts with its own
    /// generator, since a count of the engine's moves alone would be a wrong count, not a
    /// smaller one.
    fn move_tree(&'static self, fen: Option<&str>, secrets: &[Secret]) -> Result<Box<dyn MoveTree>, String> {
        if !self.engine_moves() {
            return Err(format!(
                "{} moves by rules of its own beyond the chess engine, and herald has no count of its full \
                 move set, so perft refuses it rather than count the wrong moves; its move counts are \
                 checked in its rules tests",
                self.id()
            ));
        }
        if let Some(secret) = secrets.first() {
            return Err(format!("{} has no secrets, so no {:?}", self.id(), secret.label));
        }
        let pos = match fen {
            Some(text) => fen::read(self.rules(), text).map_err(|e| e.to_string())?,
            None => self.start_position(),
        };
        Ok(Box::new(pos))
    }

    /// Whether each player reads the opponent's moves only as sealed entries until the end
    /// (Secret Intelligence Chess's ciphered move list). An archive of such a game in progress
    /// holds no move an auditor can replay: `herald verify` checks its structure and chain,
    /// and replays it once the game is over. Every other variant's moves are public, so its
    /// archive is replayed at any time on the secrets opened so far.
    fn hides_moves(&self) -> bool {
        false
    }

    /// A new game from the variant's starting position.
    fn new_game(&'static self) -> Box<dyn VariantGame>;
    /// A new game for the referee to run, given a fresh secret seed of the referee's. A
    /// variant with chance (Secret Intelligence Chess's random armies and setup) derives every
    /// random choice from it, reports it among its [`VariantGame::secrets`] so that it is
    /// committed before play and opened at the end, and can be audited by recomputing them
    /// (see [`chance`]). Variants without chance ignore it.
    fn new_game_with_seed(&'static self, referee_seed: [u8; 32]) -> Box<dyn VariantGame> {
        let _ = referee_seed;
        self.new_game()
    }
    /// A game from a position given in the variant's FEN.
    fn game_from_fen(&'static self, fen: &str) -> Result<Box<dyn VariantGame>, String>;
    /// A game whose secrets are already known, from the start: what an auditor replays a
    /// finished game's moves on, once every secret has been opened. Variants without
    /// secrets ignore `secrets`.
    fn game_with_secrets(&'static self, secrets: &[Secret]) -> Result<Box<dyn VariantGame>, String> {
        let _ = secrets;
        Ok(self.new_game())
    }
    /// A game from a position given in the variant's FEN whose secrets are known: what a
    /// position from a problem or a game record with its secrets is replayed on. Variants
    /// without secrets ignore `secrets`, as [`Variant::game_with_secrets`] does.
    /// The game an auditor replays an archive on while some of its secrets are still sealed
    /// (`sealed`: their labels): [`Variant::game_with_secrets`] on the `opened` ones, with a
    /// stand-in value for each sealed secret the variant cannot begin or go on without
    /// (Crown's notes: a game waits for both). The rules make no move's legality depend on a
    /// sealed secret, and open each before anything depends on it, so the stand-in changes
    /// nothing the replay checks until the move that opens it — and an archive that keeps
    /// that secret sealed then fails. Variants without such secrets need nothing more.
    fn game_for_audit(&'static self, opened: &[Secret], sealed: &[String]) -> Result<Box<dyn VariantGame>, String> {
        let _ = sealed;
        self.game_with_secrets(opened)
    }
    fn game_from_fen_with_secrets(
        &'static self,
        fen: &str,
        secrets: &[Secret],
    ) -> Result<Box<dyn VariantGame>, String> {
        let _ = secrets;
        self.game_from_fen(fen)
    }
    /// Whether a move recorded as `recorded` (in an archive, perhaps by an older herald) is the
    /// move this herald writes as `written`: the same text, unless the variant's notation
    /// changed in a way it can still recognise.
    fn same_notation(&self, recorded: &str, written: &str) -> bool {
        recorded == written
    }
    /// A game resumed from what [`VariantGame::snapshot`] wrote, without replaying its moves.
    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError>;
    /// How players write moves in this variant, for the help every mail can send: a short
    /// paragraph with examples in the variant's own notation, its lines at most 78 characters.
    fn notation_help(&self) -> &'static str {
        SAN_HELP
    }
    /// A first move for White and one for Black, legal from the variant's starting position,
    /// written as a player would write them: the example in each mail that asks for a move.
    fn example_moves(&self) -> [&'static str; 2] {
        ["Nf3", "Nf6"]
    }
    /// Whether a player may leave conditional moves ("if 14... Bg4 15. h3", see
    /// `referee::conditions`): `Ok` where both players see every move and no secret decides
    /// whether a move is legal or ends the game; else why not, in the player's terms, which the
    /// help says. Not offered unless a variant says so: herald checks each line on a copy of the
    /// game when it is sent, and where the game keeps a secret, that answer (a line accepted or
    /// refused) could tell the player something only the opponent knows.
    fn conditional_moves(&self) -> Result<(), &'static str> {
        Err(NO_CONDITIONAL_MOVES)
    }
    /// Points for White and Black, in thousandths, for a finished game. FIDE scoring by
    /// default; a variant with its own scoring (Royal Chess) says so here.
    fn points(&self, outcome: Outcome) -> (u16, u16) {
        match outcome.winner() {
            Some(Color::White) => (1000, 0),
            Some(Color::Black) => (0, 1000),
            None => (500, 500),
        }
    }
}

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Observer {
    /// One of the players: sees what the rules let that side know.
    Player(Color),
    /// Someone who is neither player while the game goes on (the club's operator, a
    /// spectator, `herald game show` and `export`): sees only what both players may know. A
    /// variant with secrets must handle this observer itself; where nothing is secret it is
    /// [`Observer::Everyone`].
    Public,
    /// Everyone, once nothing is secret any more (after the game, in an audit), and the
    /// operator who asks to see the secrets.
    Everyone,
}

impl Observer {
    /// The side whose view this is, if it is a player's.
    pub fn side(self) -> Option<Color> {
        match self {
            Observer::Player(color) => Some(color),
            Observer::Public | Observer::Everyone => None,
        }
    }
}

/// What an observer sees on one square. (Serialised in a mail's [`crate::picture::Drawing`],
/// kept in the outbox until the mail is sent.)
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// Nothing (as far as the observer knows).
    Empty,
    /// A piece the observer can identify: its colour and letter.
    Piece(Color, char),
    /// A piece whose identity is hidden from the observer, with the label it is tracked by.
    Hidden(Color, String),
    /// Several pieces sharing the square, bottom first.
    Crowd(Vec<(Color, char)>),
    /// A piece carrying its side's crown of Krithala (the crown, a checker, lies under it).
    Crowned(Color, char),
    /// A crown of Krithala lying alone on the square.
    Crown(Color),
}

/// How a variant's notation names the squares, and so how a diagram labels the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Coordinates {
    /// Files a, b, c..., ranks 1, 2, 3...
    #[default]
    Algebraic,
    /// Files and ranks both numbered, the tenth file as 0 (Royal Chess: square 54 is the fifth
    /// file, fourth rank).
    Numeric,
}

/// Everything one observer may know about a game, and nothing more: mails and displays are
/// rendered from this alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Whose view it is.
    pub observer: Observer,
    /// The board's size.
    pub size: BoardSize,
    /// How the variant's notation names the squares.
    pub coordinates: Coordinates,
    /// What the observer sees on each square of the board, a1 first, rank by rank.
    pub cells: Vec<(Square, Cell)>,
    /// The move list as this observer may read it, one entry per ply.
    pub moves: Vec<String>,
    /// Number of the first move of the list.
    pub first_move_number: u32,
    /// Side that made the first move of the list.
    pub first_mover: Color,
    /// Side to move, if the game goes on.
    pub to_move: Option<Color>,
    /// The observer's own legal moves, for variants where they are part of what a player is
    /// told (Secret Intelligence Chess); `None` where they are not listed.
    pub legal_moves: Option<Vec<String>>,
    /// Announcements the rules make to this observer ("you are in check").
    pub notices: Vec<String>,
}

impl View {
    /// A public view of a board holding `cells` and nothing else: no moves, no side to move,
    /// no notices (what a picture of a board is drawn from).
    pub fn of_board(size: BoardSize, coordinates: Coordinates, cells: Vec<(Square, Cell)>) -> View {
        View {
            observer: Observer::Public,
            size,
            coordinates,
            cells,
            moves: Vec::new(),
            first_move_number: 1,
            first_mover: Color::White,
            to_move: None,
            legal_moves: None,
            notices: Vec::new(),
        }
    }
}

/// The ways a player may ask to read a chess-like game's moves (`notation ...` by mail).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Standard algebraic notation, herald's own: `Nf3`.
    San,
    /// Long algebraic notation: `Ng1-f3`.
    Long,
    /// ICCF numeric notation: `7163`.
    Iccf,
}

impl MoveStyle {
    /// Every style.
    pub const ALL: [MoveStyle; 3] = [MoveStyle::San, MoveStyle::Long, MoveStyle::Iccf];

    /// The name it is stored and asked for by.
    pub fn name(self) -> &'static str {
        match self {
            MoveStyle::San => "san",
            MoveStyle::Long => "long",
            MoveStyle::Iccf => "iccf",
        }
    }

    /// The style a name stands for: its own, or what players call it.
    pub fn parse(name: &str) -> Option<MoveStyle> {
        Some(match name.to_lowercase().as_str() {
            "san" | "short" | "algebraic" | "standard" => MoveStyle::San,
            "long" | "lan" | "long-algebraic" => MoveStyle::Long,
            "iccf" | "numeric" | "numbers" => MoveStyle::Iccf,
            _ => return None,
        })
    }

    /// How it is described to players, with an example.
    pub fn described(self) -> &'static str {
        match self {
            MoveStyle::San => "standard algebraic notation (Nf3, exd5, O-O)",
            MoveStyle::Long => "long algebraic notation (Ng1-f3, e4xd5, O-O)",
            MoveStyle::Iccf => "ICCF numeric notation (7163, 5445, 5171)",
        }
    }
}

/// A move a game accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who made it.
    pub by: Color,
    /// Its number (1 for White's and Black's first moves).
    pub number: u32,
    /// The move in the variant's output notation, as the mover and, after the game, everyone
    /// may read it.
    pub notation: String,
    /// Labels of the secrets the rules open with this move (see [`Secret`]); the referee
    /// publishes their values and nonces to both players at once.
    pub reveal: Vec<String>,
    /// In a variant that hides moves, the move as the opponent reads it (exactly their move
    /// list's entry, e.g. a ciphered one); the move log's chain links this instead of
    /// `notation`, so that the heads mailed during the game reveal nothing. `None` where
    /// every move is public.
    pub sealed: Option<String>,
    /// Secrets this move decided (the stones' mines of crown-2, the hidden crown's square of
    /// crown-3, the crowned half of crown-4): the referee commits each with the move, lists
    /// the new hashes in that move's mails and in the move's chain record, and opens them when
    /// a later move's `reveal` names them or at the end. Never part of `notation`.
    pub commit: Vec<Secret>,
}

/// A value of a game that a player or the referee decides and keeps secret: committed (by a
/// salted hash mailed to both players) before the first move, opened when the rules say and
/// at the end. Crown's crowned monarch is one ("white.crown" = "king").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret {
    /// What it is, unique in the game: "white.crown".
    pub label: String,
    /// Its value: "king".
    pub value: String,
}

/// Something the game needs, privately, from one player before the first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupRequest {
    /// Who must answer.
    pub player: Color,
    /// The secret the answer becomes.
    pub label: String,
    /// What to write, for the mail asking for it: `crown king` or `crown queen`.
    pub prompt: String,
}

/// One game of a variant in progress: the full state, which belongs to the referee.
pub trait VariantGame: Send {
    /// The variant.
    fn variant(&self) -> &'static dyn Variant;
    /// Side to move.
    fn turn(&self) -> Color;
    /// Number of the move the side to move is about to make.
    fn move_number(&self) -> u32;
    /// Reads a player's text as the side to move's move and plays it.
    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError>;
    /// The outcome decided by the rules alone, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Draws the side to move may claim now.
    fn claimable_draws(&self) -> Vec<ClaimableDraw>;
    /// Draws `player` may claim now: as in FIDE chess, only the side to move claims, unless the
    /// variant says otherwise (Royal Chess: "either player can declare the game a draw").
    fn claimable_draws_by(&self, player: Color) -> Vec<ClaimableDraw> {
        if player == self.turn() { self.claimable_draws() } else { Vec::new() }
    }
    /// The game's full record, for storage: enough to resume it without replaying.
    fn snapshot(&self) -> String;
    /// The variant's position notation (FEN) of the full current position.
    fn fen(&self) -> String;
    /// The starting position in the same notation.
    fn start_fen(&self) -> String;
    /// What the move log's genesis record fixes as the start: the start position where it is
    /// public; in a variant with a hidden setup, a statement of what it is drawn from (the
    /// setup follows from committed secrets), since a hash of the position itself could be
    /// searched for it.
    fn public_start(&self) -> String {
        self.start_fen()
    }
    /// The moves so far in the variant's output notation, one per ply, unredacted.
    fn moves(&self) -> Vec<String>;
    /// The moves so far written in `style`, one per ply, if this variant can write them so
    /// (an open game of chess's kind); `None`: its moves have one way of being written.
    fn moves_in(&self, _style: MoveStyle) -> Option<Vec<String>> {
        None
    }
    /// How many plies were played: the length of [`VariantGame::moves`], without copying
    /// them (the referee asks for it several times for every mail).
    fn plies(&self) -> usize {
        self.moves().len()
    }
    /// What `observer` may know of the game now.
    fn view(&self, observer: Observer) -> View;
    /// A move the side to move could write now: the variant's own example as it is written
    /// where it is legal here, else some legal move as the game writes it; `None` if the game
    /// accepts none.
    /// Nothing is played on this game. The default tries texts on a copy: the example, then
    /// every move from a square holding a piece of the mover's (as the mover sees the board)
    /// to another, written from-to (Safety in Numbers' example `Nf6` may name a square the
    /// mover's own knight stands on). A variant that lists its legal moves names one at once.
    fn example_move(&self) -> Option<String> {
        let variant = self.variant();
        let color = self.turn();
        let example = variant.example_moves()[color.index()];
        let mut copy = variant.restore(&self.snapshot()).ok()?;
        // A refused try changes nothing: `play` checks before it plays.
        if copy.play(example).is_ok() {
            return Some(example.to_string());
        }
        let view = self.view(Observer::Player(color));
        let own = |cell: &Cell| match cell {
            Cell::Piece(c, _) | Cell::Crowned(c, _) => *c == color,
            Cell::Crowd(pieces) => pieces.iter().any(|(c, _)| *c == color),
            Cell::Empty | Cell::Hidden(..) | Cell::Crown(_) => false,
        };
        for (from, _) in view.cells.iter().filter(|(_, cell)| own(cell)) {
            for (to, _) in view.cells.iter().filter(|(to, _)| to != from) {
                if let Ok(played) = copy.play(&format!("{from}-{to}")) {
                    return Some(played.notation);
                }
            }
        }
        None
    }
    /// What `observer` may know once the game has ended, by the rules or by a decision the
    /// rules do not see (a resignation, time, an agreed draw, the director's): no side to move,
    /// no legal moves, and every secret the notices name as opened, as the referee opens them
    /// all at the end. A variant whose notices say what is still sealed overrides it.
    fn ended_view(&self, observer: Observer) -> View {
        let mut view = self.view(observer);
        view.to_move = None;
        view.legal_moves = None;
        view
    }
    /// What the game still waits for from the players before the first move is accepted;
    /// empty for variants without secret choices.
    fn setup_requests(&self) -> Vec<SetupRequest> {
        Vec::new()
    }
    /// Reads a player's setup answer ("crown king"). `None` if the text is not a setup
    /// command of this variant; `Some(Err(why))` if it is one but cannot be accepted (wrong
    /// value, already answered, the game has begun): a reason the referee says in the player's
    /// language.
    fn setup(&mut self, _player: Color, _text: &str) -> Option<Result<(), crate::notation::reason::Reason>> {
        None
    }
    /// The secrets decided so far, for the referee to commit before the first move.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }
}

/// A stored snapshot that cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotError(pub String);

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot resume the stored game: {}", self.0)
    }
}

impl std::error::Error for SnapshotError {}

/// Every variant, in the order `herald variants` lists them.
pub fn all() -> &'static [&'static dyn Variant] {
    // A static, since many variants are statics themselves (the Crown family, the ninja's
    // hosts, the Crown of Krithala).
    static ALL: &[&dyn Variant] = &[
        &chess::Chess,
        &capablanca::Capablanca,
        &crown::CROWN,
        &crown::CROWN_2,
        &crown::CROWN_3,
        &crown::CROWN_4,
        &secret_intelligence::SecretIntelligence,
        &royal::Royal,
        &safety_in_numbers::SafetyInNumbers,
        &ninja::open::CHESS,
        &ninja::open::CAPABLANCA,
        &crown::CROWN_NINJA,
        &crown::CROWN_2_NINJA,
        &crown::CROWN_3_NINJA,
        &crown::CROWN_4_NINJA,
        &krithala::KRITHALA,
        &krithala::KRITHALA_CAPABLANCA,
        &krithala::KRITHALA_ROYAL,
    ];
    ALL
}

/// The variant with this identifier.
pub fn by_id(id: &str) -> Option<&'static dyn Variant> {
    all().iter().copied().find(|v| v.id() == id)
}
