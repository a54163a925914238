//! Royal Chess, "the open version" by William A. Curtis (the seed: shared/seeds/royal-chess.txt;
//! every choice this file makes where the seed is silent or unclear is in
//! docs/rules/royal.md, with the seed's words).
//!
//! - A **10x8 board**; each side has a King, a Queen, two Bishops, two Knights, two Rooks,
//!   ten Pawns and two **Royal Guards**. From White's left: R G N B Q K B N G' R, pawns in
//!   front, Black's pieces straight across the board.
//! - The **King's Guard** (G') moves one to three squares along a rank or file, capturing on
//!   any of them (its major move), or one to three squares diagonally, capturing only on the
//!   first (its minor move). The **Queen's Guard** (G) is the same turned a quarter: major
//!   diagonally, minor along ranks and files. A **minor move ends on entering the enemy
//!   half**, and in the enemy half goes one square unless that square leads back home; on
//!   the enemy half's first rank the Queen's Guard still moves fully sideways. A Guard
//!   **jumps its own King** on the first rank, without capturing.
//! - A **Rook jumps its own Guards** on its first rank; elsewhere two Rooks on one line jump
//!   the Guards between them, without capturing, except to **recapture** on the very next move
//!   the piece that took the other Rook.
//! - **Castling**: only Guards may stand between the King and the Rook; a Guard between them
//!   may first make any move or capture, announced with the castling; the King goes to its
//!   Bishop's, Knight's or Guard's square on that side, the Rook to the first vacant square on
//!   the King's other side; not out of, through or into check (after the Guard's move).
//! - A pawn **promotes only to a piece its side has lost**, never a King; a promoted Guard
//!   has the **Queen's powers** for its first move from the promotion square unless its owner
//!   waives them at once.
//! - **Stalemate, perpetual check and baring the King win** for the player who forces them;
//!   draws by insufficient material, threefold repetition (claimed), fifty moves without a
//!   capture, agreement. Each result has its own **points** (see [`Royal::points`]).
//! - Moves are written in the seed's **numeric notation** (`N-76`, `6x55`, `C3-G4`), and
//!   positions in its **position record** besides FEN.
//!
//! The board and the pieces' ordinary movement are data (the [`VariantDef`] in
//! [`Royal::rules`]; the minor moves are the engine's confined movement). What data cannot
//! say is code: the jumps, castling, promotion and powers in [`position`], the notation in
//! [`notation`], the endings and scores here.

pub mod notation;
pub mod position;

use std::sync::OnceLock;

use super::standard::{open_cells, snapshot_field};
use super::{Coordinates, Observer, PlayedMove, SnapshotError, Variant, VariantGame, View};
use crate::engine::geometry::{BoardSize, Square, SquareSet};
use crate::engine::outcome::{DrawReason, Outcome, WinReason};
use crate::engine::piece::{Color, Piece, Role};
use crate::engine::position::{CastlingRights, Setup};
use crate::engine::rules::{CastlingDef, DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};
use crate::engine::{ClaimableDraw, Position};
use crate::notation::input::MoveInputError;
use crate::notation::{fen, record};

pub use position::{Castling, Recapture, RoyalMove, RoyalPosition};

/// Role of the pawn.
pub const PAWN: Role = Role(0);
/// Role of the knight.
pub const KNIGHT: Role = Role(1);
/// Role of the bishop.
pub const BISHOP: Role = Role(2);
/// Role of the rook.
pub const ROOK: Role = Role(3);
/// Role of the queen.
pub const QUEEN: Role = Role(4);
/// Role of the king.
pub const KING: Role = Role(5);
/// Role of the Queen's Guard (G).
pub const QUEENS_GUARD: Role = Role(6);
/// Role of the King's Guard (G'; `H` in FEN and on the board, which show one letter a piece).
pub const KINGS_GUARD: Role = Role(7);

/// Half-moves without a capture after which the game is drawn: "No piece has been captured by
/// either side for fifty moves."
const FIFTY_MOVES: u32 = 100;

/// What every view says of the notation and the board's letters.
pub(crate) const NOTATION_NOTE: &str = "Numeric notation: files a to j are 1 to 10, so e4 is 54 and j6 is 106. On \
                                        the board H is the King's Guard (G') and G the Queen's Guard.";

/// Royal Chess.
pub struct Royal;

impl Royal {
    fn make_game(&'static self, start: RoyalPosition) -> Result<RoyalGame, String> {
        if start.board().royal_square(start.turn().other()).is_some_and(|k| start.attacked(k, start.turn())) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(RoyalGame {
            variant: self,
            start,
            position: start,
            keys: vec![start.repetition_key()],
            checks: Vec::new(),
            moves: Vec::new(),
        })
    }

    /// A position from Royal's FEN: the engine's, whose halfmove field counts the plies since
    /// the last capture (pawn moves do not reset it in Royal Chess).
    pub fn read_fen(&self, text: &str) -> Result<RoyalPosition, String> {
        let board = fen::read(self.rules(), text).map_err(|e| e.to_string())?;
        Ok(RoyalPosition::new(board, board.halfmoves()))
    }

    /// A position from the seed's position record. A King and Rook on their starting squares
    /// keep their castling right: a record cannot say whether they moved.
    pub fn read_record(&self, text: &str) -> Result<RoyalPosition, String> {
        let rules = self.rules();
        let size = rules.size();
        let rec = record::read(text, size).map_err(|e| e.to_string())?;
        let mut setup = Setup::empty();
        for (sq, color, designator) in &rec.pieces {
            let role = notation::role_of(designator)
                .ok_or_else(|| format!("{designator:?} is not a Royal Chess piece (K Q G' G R B N P)"))?;
            setup.board[sq.index()] = Some(Piece::new(*color, role));
        }
        if let Some((color, number)) = rec.to_move {
            setup.turn = color;
            setup.fullmoves = number;
        }
        let mut rights = CastlingRights::default();
        for color in Color::BOTH {
            let home = size.relative_rank(color.is_white(), 0);
            let at = |file: u8, role: Role| {
                Square::new(file, home).filter(|sq| setup.board[sq.index()] == Some(Piece::new(color, role)))
            };
            if let Some(king) = at(5, KING) {
                for (direction, file) in [(0, size.files - 1), (1, 0)] {
                    if let Some(rook) = at(file, ROOK) {
                        rights.grant(color, 0, king, direction, rook);
                    }
                }
            }
        }
        setup.castling = rights;
        let board = Position::from_setup(rules, setup).map_err(|e| e.to_string())?;
        Ok(RoyalPosition::new(board, 0))
    }
}

/// Royal's FEN of a position (see [`Royal::read_fen`]).
pub fn write_fen(pos: &RoyalPosition) -> String {
    let text = fen::write(pos.board());
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    if let Some(halfmoves) = fields.get_mut(4) {
        *halfmoves = pos.since_capture().to_string();
    }
    fields.join(" ")
}

/// What a position holds beyond its FEN, as a snapshot's lines `powered SQUARES` (promoted
/// Guards with the Queen's powers) and `recapture TARGET ROOKS` (the side to move's right to
/// recapture over its Guards; empty without one).
pub(crate) fn state_lines(pos: &RoyalPosition) -> String {
    let powered: Vec<String> = pos.powered().map(Square::algebraic).collect();
    let recapture = match pos.recapture() {
        Some(r) => {
            let rooks: Vec<String> = r.rooks.map(Square::algebraic).collect();
            format!("{} {}", r.target.algebraic(), rooks.join(" "))
        }
        None => String::new(),
    };
    format!("powered {}\nrecapture {recapture}\n", powered.join(" "))
}

/// `pos` with the state [`state_lines`] wrote into `snapshot`.
pub(crate) fn with_stored_state(pos: RoyalPosition, snapshot: &str) -> Result<RoyalPosition, SnapshotError> {
    let field = |name: &str| snapshot_field(snapshot, name);
    let bad = |what: &str| SnapshotError(what.to_string());
    let size = pos.board().rules().size();
    let squares = |text: &str| -> Result<SquareSet, SnapshotError> {
        text.split_whitespace()
            .filter(|w| *w != "-")
            .map(|w| size.parse_algebraic(w).ok_or_else(|| bad("a square cannot be read")))
            .collect()
    };
    let powered = squares(field("powered")?)?;
    let recapture = match field("recapture")?.split_once(' ') {
        Some((target, rooks)) => Some(Recapture {
            target: size.parse_algebraic(target).ok_or_else(|| bad("recapture: bad square"))?,
            rooks: squares(rooks)?,
        }),
        None => None,
    };
    Ok(pos.with_state(powered, recapture))
}

/// The seed's position record of a position, with who moves.
pub fn write_record(pos: &RoyalPosition) -> String {
    record::write(&to_record(pos))
}

fn to_record(pos: &RoyalPosition) -> record::Record {
    let board = pos.board();
    let size = board.rules().size();
    let pieces = size
        .squares()
        .filter_map(|sq| {
            let p = board.piece_at(sq)?;
            Some((sq, p.color, notation::designator(p.role).to_string()))
        })
        .collect();
    record::Record { size, pieces, to_move: Some((pos.turn(), board.fullmoves())) }
}

impl Variant for Royal {
    fn aim(&self) -> &'static str {
        "The aim: checkmate the opponent's King. Baring it (leaving it alone while you have more), \
         stalemating it and a perpetual check win too, each for points of its own."
    }

    fn id(&self) -> &'static str {
        "royal"
    }

    fn engine_moves(&self) -> bool {
        false
    }

    fn name(&self) -> &'static str {
        "Royal Chess"
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        // Open information: both players see every piece and every move.
        Ok(())
    }

    fn notation_help(&self) -> &'static str {
        "Moves are written in the numeric notation of the rules: files 1 to 9 and 0\n\
         from White's left, ranks 1 to 8, so 54 is the fifth file, fourth rank. A pawn\n\
         move is the square it lands on (54; 6x55 capturing from file 6), a piece move\n\
         its letter and square (N-76, Bx75; G' is the King's Guard, G the Queen's\n\
         Guard), castling C and the King's file (C8; with a Guard's move first, C3-G4),\n\
         a promotion 18=G (18=G(w) waives a promoted Guard's Queen powers). Black's\n\
         pieces may be written in lower case (n-76). Algebraic moves on files a to j\n\
         (Nf3, e2-e4) are read too."
    }

    fn example_moves(&self) -> [&'static str; 2] {
        // The seed's own sample game opens 1. 54 N-76.
        ["54", "N-76"]
    }

    fn summary(&self) -> &'static str {
        "10x8 chess with the King's and Queen's Guards, Guard castling and Rook jumps; stalemate, perpetual check \
         and a bared King win; numeric notation"
    }

    fn rules(&self) -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            Rules::new(VariantDef {
                size: BoardSize::TEN_BY_EIGHT,
                pieces: vec![
                    PieceDef::new("Pawn", 'P', "fmWfcF").pawn(),
                    PieceDef::new("Knight", 'N', "N").minor(),
                    PieceDef::new("Bishop", 'B', "B").minor().color_bound(),
                    PieceDef::new("Rook", 'R', "R"),
                    PieceDef::new("Queen", 'Q', "Q"),
                    PieceDef::new("King", 'K', "K").royal(),
                    // "The Major move for the Queen's Guard is to move one, two, or three
                    // squares diagonally ... It's Minor move is one, two, or three squares
                    // horizontally or vertically ... It can ONLY capture an opponent's piece on
                    // the FIRST adjacent horizontal or vertical square."
                    PieceDef::new("Queen's Guard", 'G', "F3cW").confined("mW3"),
                    // "The Major move for the King's Guard is to move one, two, or three
                    // squares, either horizontally or vertically ... The Minor move ... is a
                    // diagonal move of one, two, or three squares ... It can ONLY capture an
                    // opponent's piece on the FIRST adjacent diagonal square."
                    PieceDef::new("King's Guard", 'H', "R3cF").confined("mF3"),
                ],
                // From White's left: R G N B Q K B N G' R; Black straight across.
                start_fen: "rgnbqkbnhr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGNBQKBNHR w KQkq - 0 1",
                // The engine keeps the rights (King and Rooks unmoved); Royal's castling itself
                // is code (position.rs), and these landing files are never used by it.
                castling: vec![CastlingDef::new(KING, ROOK, [7, 2], [6, 3])],
                promotion: "QGHRBN",
                double_step: DoubleStep::FromRank(1),
                en_passant: true,
                stalemate: StalemateRule::Loss,
            })
            .expect("the Royal Chess definition is valid")
        })
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        let start = RoyalPosition::new(self.start_position(), 0);
        Box::new(self.make_game(start).expect("the start position is legal"))
    }

    /// A game from a FEN or, failing that, from the seed's position record.
    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        let start = match self.read_fen(text) {
            Ok(pos) => pos,
            Err(fen_error) => self
                .read_record(text)
                .map_err(|record_error| format!("not a FEN ({fen_error}) nor a position record ({record_error})"))?,
        };
        Ok(Box::new(self.make_game(start)?))
    }

    fn same_notation(&self, recorded: &str, written: &str) -> bool {
        // Archives from a herald that marked the check completing a perpetual check "P+".
        recorded == written
            || recorded.strip_suffix("P+").is_some_and(|rest| written.trim_end_matches(['+', '-']) == rest)
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(RoyalGame::restore(self, snapshot)?))
    }

    /// "Stalemate ... Scores .7 points for the winner and .25 for the loser. Perpetual Check
    /// ... .65 points for the winner and .3 for the loser. Baring the King ... .75 points for
    /// the winner and .20 for the loser ... a draw counts as a half point for the 'black'
    /// player, and 2/5 of a point for the 'white' player." Checkmate and resignation: 1 and 0.
    fn points(&self, outcome: Outcome) -> (u16, u16) {
        match outcome {
            Outcome::Win { winner, reason } => {
                let (win, loss) = match reason {
                    WinReason::Stalemate => (700, 250),
                    WinReason::PerpetualCheck => (650, 300),
                    WinReason::BareKing => (750, 200),
                    // Checkmate, resignation, time, and the reasons of other variants.
                    _ => (1000, 0),
                };
                if winner.is_white() { (win, loss) } else { (loss, win) }
            }
            Outcome::Draw { .. } => (400, 500),
        }
    }
}

/// A game of Royal Chess.
pub struct RoyalGame {
    variant: &'static Royal,
    start: RoyalPosition,
    position: RoyalPosition,
    /// Repetition key of every position since the start, current last.
    keys: Vec<u64>,
    /// For each move played, whether it gave check (perpetual check needs them).
    checks: Vec<bool>,
    /// The moves in numeric notation.
    moves: Vec<String>,
}

impl RoyalGame {
    /// The current position.
    pub fn position(&self) -> &RoyalPosition {
        &self.position
    }

    /// The side that gave check on each of its moves since the current position first stood
    /// on the board of its last three occurrences, while the other did not: the winner by
    /// perpetual check. `None` before a third occurrence.
    fn perpetual_checker(&self) -> Option<Color> {
        let current = *self.keys.last()?;
        let seen: Vec<usize> = self.keys.iter().enumerate().filter(|&(_, &k)| k == current).map(|(i, _)| i).collect();
        let first = *seen.iter().rev().nth(2)?;
        let mover = |ply: usize| if ply.is_multiple_of(2) { self.start.turn() } else { self.start.turn().other() };
        let always_checked =
            |side: Color| (first..self.checks.len()).filter(|&p| mover(p) == side).all(|p| self.checks[p]);
        match Color::BOTH.map(always_checked) {
            [true, false] => Some(Color::White),
            [false, true] => Some(Color::Black),
            _ => None,
        }
    }

    /// How many times the current position has stood on the board.
    fn repetitions(&self) -> usize {
        self.keys.last().map_or(0, |&k| self.keys.iter().filter(|&&x| x == k).count())
    }

    fn restore(variant: &'static Royal, snapshot: &str) -> Result<RoyalGame, SnapshotError> {
        let field = |name: &str| snapshot_field(snapshot, name);
        let bad = |what: &str| SnapshotError(what.to_string());
        let start = variant.read_fen(field("start")?).map_err(|e| SnapshotError(format!("start: {e}")))?;
        let position = variant.read_fen(field("fen")?).map_err(|e| SnapshotError(format!("fen: {e}")))?;
        let position = with_stored_state(position, snapshot)?;
        let keys = field("keys")?
            .split_whitespace()
            .map(|k| u64::from_str_radix(k, 16).map_err(|_| bad("bad key")))
            .collect::<Result<Vec<u64>, _>>()?;
        let checks: Vec<bool> = field("checks")?.chars().map(|c| c == '1').collect();
        let moves: Vec<String> = field("moves")?.split_whitespace().map(str::to_string).collect();
        if keys.len() != moves.len() + 1 || checks.len() != moves.len() {
            return Err(bad("the keys, checks and moves do not agree"));
        }
        Ok(RoyalGame { variant, start, position, keys, checks, moves })
    }
}

impl VariantGame for RoyalGame {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn move_number(&self) -> u32 {
        self.position.board().fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveInputError::NoMatch {
                input: text.trim().to_string(),
                reason: crate::notation::reason::Reason::new("reason-game-over").outcome("outcome", outcome),
            });
        }
        let before = self.position;
        let legal = before.legal_moves();
        let m = notation::read(&before, &legal, text)?;
        let mut written = notation::write(&before, &legal, m);
        let after = before.after(m).expect("a legal move can be played");
        let gives_check = after.is_check();
        written.push_str(notation::mark(&before, m, &after, !after.legal_moves().is_empty()));
        self.position = after;
        self.keys.push(after.repetition_key());
        self.checks.push(gives_check);
        // The check that completes a perpetual check keeps its plain check mark: the seed's
        // "P+" glued to a square ("Q-85P+") reads as a promotion to a Pawn, and the result
        // says how the game ended (docs/rules/royal.md).
        self.moves.push(written.clone());
        Ok(PlayedMove {
            by: before.turn(),
            number: before.board().fullmoves(),
            notation: written,
            reveal: Vec::new(),
            sealed: None,
            commit: Vec::new(),
        })
    }

    /// Checkmate; a bared King; stalemate (a win for the stalemating side); perpetual check;
    /// two bare Kings (insufficient material); fifty moves without a capture.
    fn outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let board = pos.board();
        let mover = pos.turn();
        let stuck = pos.legal_moves().is_empty();
        if stuck && pos.is_check() {
            return Some(Outcome::Win { winner: mover.other(), reason: WinReason::Checkmate });
        }
        let bare = Color::BOTH.map(|c| board.occupied_by(c).count() <= 1);
        match bare {
            [true, true] => return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }),
            [true, false] => return Some(Outcome::Win { winner: Color::Black, reason: WinReason::BareKing }),
            [false, true] => return Some(Outcome::Win { winner: Color::White, reason: WinReason::BareKing }),
            [false, false] => {}
        }
        if stuck {
            return Some(Outcome::Win { winner: mover.other(), reason: WinReason::Stalemate });
        }
        if let Some(winner) = self.perpetual_checker() {
            return Some(Outcome::Win { winner, reason: WinReason::PerpetualCheck });
        }
        if pos.since_capture() >= FIFTY_MOVES {
            return Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
        }
        None
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if self.outcome().is_none() && self.repetitions() >= 3 {
            vec![ClaimableDraw::ThreefoldRepetition]
        } else {
            Vec::new()
        }
    }

    /// "When each player repeats the same series of moves for the third time, either player
    /// can declare the game a draw": the player not to move may claim it too.
    fn claimable_draws_by(&self, _player: Color) -> Vec<ClaimableDraw> {
        self.claimable_draws()
    }

    fn snapshot(&self) -> String {
        let keys: Vec<String> = self.keys.iter().map(|k| format!("{k:016x}")).collect();
        let checks: String = self.checks.iter().map(|&c| if c { '1' } else { '0' }).collect();
        format!(
            "start {}\nfen {}\nkeys {}\nchecks {checks}\nmoves {}\n{}",
            write_fen(&self.start),
            write_fen(&self.position),
            keys.join(" "),
            self.moves.join(" "),
            state_lines(&self.position),
        )
    }

    fn fen(&self) -> String {
        write_fen(&self.position)
    }

    fn start_fen(&self) -> String {
        write_fen(&self.start)
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn view(&self, observer: Observer) -> View {
        let pos = &self.position;
        let board = pos.board();
        let over = self.outcome().is_some();
        let mut notices = Vec::new();
        if !over && pos.is_check() && observer.side() == Some(pos.turn()) {
            notices.push("You are in check.".to_string());
        }
        for sq in pos.powered() {
            if let Some(p) = board.piece_at(sq) {
                notices.push(format!(
                    "{}'s promoted Guard on {} has the Queen's powers for its first move from there.",
                    p.color.title(),
                    sq.numeric()
                ));
            }
        }
        if let Some(r) = pos.recapture().filter(|_| !over) {
            notices.push(format!(
                "{} may recapture on {} with a Rook over its Guards, on this move only.",
                pos.turn().title(),
                r.target.numeric()
            ));
        }
        notices.push(NOTATION_NOTE.to_string());
        let ranks = record::write_ranks(&to_record(pos)).join(" ");
        let mover = if pos.turn().is_white() { "WM" } else { "BM" };
        notices.push(format!("Position record: {mover} {} / {ranks}", board.fullmoves()));
        View {
            observer,
            size: board.rules().size(),
            coordinates: Coordinates::Numeric,
            cells: open_cells(board),
            moves: self.moves.clone(),
            first_move_number: self.start.board().fullmoves(),
            first_mover: self.start.turn(),
            to_move: (!over).then_some(pos.turn()),
            legal_moves: None,
            notices,
        }
    }
}
