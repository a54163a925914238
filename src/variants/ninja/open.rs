//! The open variants with a ninja each: `chess+ninja` and `capablanca+ninja`.
//!
//! FIDE chess (or Capablanca chess) in every rule, and each player has a ninja in reserve at
//! the start (see [`super`]). The check rule is FIDE's, with the ninja in it: no move — a
//! ninja's drop, pass or exit included — may leave the mover's king attacked, and a king is
//! attacked by an enemy ninja within two king steps, whatever stands between (so a ninja's
//! check cannot be blocked). Checkmate and stalemate count every legal move, the ninja's
//! included: a player with a ninja on the board and free to pass, or in reserve with an empty
//! square to drop it on that does not expose the king, is never stalemated. A ninja in
//! reserve is material: no position with one is dead.
//!
//! The engine's `Position` knows nothing of drops, passes or exits, so a game here is a
//! [`NinjaPosition`] (the engine's position and the [`Reserve`]) of its own: the engine's
//! legal moves of every piece but the ninja, plus [`super::legal_moves`]. A ninja's move
//! goes into the engine's [`Game`] with [`Game::replace`], so the repetition rules see it:
//! a pass repeats the position with the other side to move. The repetition keys need not
//! hold the reserves: between two captures no ninja is lost, so where a ninja is not on the
//! board it is in reserve, and the board says it.

use crate::notation::reason::Reason;
use std::sync::OnceLock;

use super::super::capablanca::Capablanca;
use super::super::chess::Chess;
use super::super::standard::{open_view, read_snapshot, snapshot_field, write_snapshot};
use super::super::{Observer, PlayedMove, SnapshotError, Variant, VariantGame, View};
use super::{NinjaMove, Reserve, add_to, check_count, notation, read_fen, write_fen};
use crate::engine::outcome::{self, DrawReason, Outcome};
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::engine::rules::Rules;
use crate::engine::{ClaimableDraw, Game};
use crate::notation::input::{self, MoveInputError};
use crate::notation::san;

/// An open variant with a ninja for each player.
pub struct WithNinja {
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    notation_help: &'static str,
    example_moves: [&'static str; 2],
    rules: fn() -> &'static Rules,
}

/// `chess+ninja`: FIDE chess with a ninja each.
pub const CHESS: WithNinja = WithNinja {
    id: "chess+ninja",
    name: "Chess with ninjas",
    summary: "FIDE chess, and each player has a ninja (J) in reserve: dropped on any empty square, it moves two \
              king steps, jumping, capturing on each step, and goes back to reserve over the edge",
    notation_help: "Moves may be written in SAN (Nf3, exd5, e8=Q, O-O), long algebraic (e2-e4,\n\
                    Ng1-f3) or ICCF numbers (5254). The ninja (J) is dropped with J@e4 and moves\n\
                    with its square, a first-step capture if any, and its end: Je4-f6, Je4xf6,\n\
                    Je4xe5-f6, Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back\n\
                    to reserve).",
    example_moves: ["Nf3", "Nf6"],
    rules: chess_rules,
};

/// `capablanca+ninja`: Capablanca chess with a ninja each.
pub const CAPABLANCA: WithNinja = WithNinja {
    id: "capablanca+ninja",
    name: "Capablanca chess with ninjas",
    summary: "Capablanca chess, and each player has a ninja (J) in reserve: dropped on any empty square, it \
              moves two king steps, jumping, capturing on each step, and goes back to reserve over the edge",
    notation_help: "Moves may be written in SAN (Nc3, exd5, e8=Q, O-O), with A for the Archbishop\n\
                    and C for the Chancellor (Ci3), or in long algebraic (e2-e4, Nb1-c3). Files\n\
                    run from a to j. The ninja (J, always upper case) is dropped with J@e4 and\n\
                    moves with its square, a first-step capture if any, and its end: Je4-f6,\n\
                    Je4xf6, Je4xe5-f6, Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge,\n\
                    back to reserve).",
    example_moves: ["Nc3", "Nc6"],
    rules: capablanca_rules,
};

fn chess_rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let def = Variant::rules(&Chess).def().clone();
        Rules::new(add_to(def, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w KQkq - 0 1"))
            .expect("chess with a ninja is a valid definition")
    })
}

fn capablanca_rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let def = Variant::rules(&Capablanca).def().clone();
        Rules::new(add_to(def, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[Jj] w KQkq - 0 1"))
            .expect("Capablanca chess with a ninja is a valid definition")
    })
}

impl WithNinja {
    /// The start: the host's, with both ninjas in reserve.
    fn start(&self) -> NinjaPosition {
        let rules = (self.rules)();
        NinjaPosition::read_fen(rules, rules.def().start_fen).expect("the start position is legal")
    }
}

impl Variant for WithNinja {
    fn id(&self) -> &'static str {
        self.id
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn rules(&self) -> &'static Rules {
        (self.rules)()
    }

    /// The board of the start; the ninjas are in reserve.
    fn start_position(&self) -> Position {
        self.start().board
    }

    /// Drops, passes and exits are not the engine's moves.
    fn engine_moves(&self) -> bool {
        false
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(NinjaGame::new(self, self.start()))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        Ok(Box::new(NinjaGame::new(self, NinjaPosition::read_fen(self.rules(), text)?)))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(NinjaGame::restore(self, snapshot)?))
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        // The ninjas are open: both players see each one in reserve or on the board.
        Ok(())
    }

    fn notation_help(&self) -> &'static str {
        self.notation_help
    }

    fn example_moves(&self) -> [&'static str; 2] {
        self.example_moves
    }
}

/// A move of a game with ninjas: another piece's move as the engine makes it, or a ninja's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HostMove {
    /// A move of any piece but the ninja.
    Piece(Move),
    /// A ninja's drop or move.
    Ninja(NinjaMove),
}

/// A position of an open variant with ninjas: the board and who has a ninja in reserve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NinjaPosition {
    board: Position,
    reserve: Reserve,
}

impl NinjaPosition {
    /// A position from its board and reserve; refused if a side has two ninjas.
    pub fn new(board: Position, reserve: Reserve) -> Result<NinjaPosition, String> {
        check_count(&board, reserve)?;
        Ok(NinjaPosition { board, reserve })
    }

    /// Reads a FEN with the ninjas in reserve in brackets (`.../RNBQKBNR[Jj] w KQkq - 0 1`).
    pub fn read_fen(rules: &'static Rules, text: &str) -> Result<NinjaPosition, String> {
        let (board, reserve) = read_fen(rules, text)?;
        NinjaPosition::new(board, reserve)
    }

    /// The position as FEN, the ninjas in reserve in brackets.
    pub fn fen(&self) -> String {
        write_fen(&self.board, self.reserve)
    }

    /// The board.
    pub fn board(&self) -> &Position {
        &self.board
    }

    /// Who has a ninja in reserve.
    pub fn reserve(&self) -> Reserve {
        self.reserve
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.board.turn()
    }

    /// True if the side to move's king is attacked.
    pub fn is_check(&self) -> bool {
        self.board.is_check()
    }

    /// The engine's legal moves of every piece but the ninja.
    fn piece_moves(&self) -> Vec<Move> {
        let mut moves = self.board.legal_moves();
        super::without_ninja(&self.board, &mut moves);
        moves
    }

    /// The side to move's legal ninja moves.
    fn ninja_moves(&self) -> Vec<NinjaMove> {
        let mut moves = Vec::new();
        super::legal_moves(&self.board, self.reserve, &mut moves);
        moves
    }

    /// Every legal move: the other pieces' first, then the ninja's.
    pub fn legal_moves(&self) -> Vec<HostMove> {
        let pieces = self.piece_moves().into_iter().map(HostMove::Piece);
        pieces.chain(self.ninja_moves().into_iter().map(HostMove::Ninja)).collect()
    }

    /// True if the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.piece_moves().is_empty() || !self.ninja_moves().is_empty()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: HostMove) {
        match m {
            HostMove::Piece(m) => self.board.play_unchecked(m),
            HostMove::Ninja(m) => {
                super::play(&mut self.board, &mut self.reserve, m);
            }
        }
    }

    /// True if neither side can ever mate: the engine's dead positions, and neither ninja in
    /// reserve (a ninja on the board is no minor piece, so the engine sees it).
    pub fn is_dead(&self) -> bool {
        self.reserve == Reserve::EMPTY && self.board.is_insufficient_material()
    }

    /// What the position decides by itself: checkmate and stalemate by every legal move, a
    /// dead position, the seventy-five-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        outcome::decided_by_position(
            self.turn(),
            self.has_legal_move(),
            || self.is_check(),
            self.board.rules().def().stalemate,
            || self.is_dead(),
            self.board.halfmoves(),
        )
    }

    /// A legal move as herald writes it: SAN for the other pieces, the ninja's notation
    /// ([`notation::write`]), then `+` for check or `#` for checkmate.
    pub fn write(&self, m: HostMove) -> String {
        let mut out = match m {
            HostMove::Piece(m) => san::write_plain(&self.board, m),
            HostMove::Ninja(m) => notation::write(&self.board, m),
        };
        let mut after = *self;
        after.play(m);
        if after.is_check() {
            out.push(if after.has_legal_move() { '+' } else { '#' });
        }
        out
    }

    /// Reads a player's text as a legal move: a ninja's when it starts with `J`, else
    /// another piece's as in chess.
    pub fn parse(&self, text: &str) -> Result<HostMove, MoveInputError> {
        if let Some(read) = notation::parse(&self.board, self.reserve, text, &self.ninja_moves()) {
            return read.map(HostMove::Ninja);
        }
        input::parse_move_among(&self.board, text, &self.piece_moves()).map(HostMove::Piece)
    }

    /// The leaves of the legal move tree `depth` plies deep (the tests compare them with a
    /// generator of their own).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::engine::perft::leaves(self, depth, &Self::legal_moves, &Self::play)
    }
}

/// A game of an open variant with ninjas.
pub struct NinjaGame {
    variant: &'static WithNinja,
    /// The board's history for the repetition rules; its position is the board.
    game: Game,
    start_reserve: Reserve,
    reserve: Reserve,
    /// The moves as herald writes them, one per ply.
    moves: Vec<String>,
}

impl NinjaGame {
    fn new(variant: &'static WithNinja, start: NinjaPosition) -> NinjaGame {
        NinjaGame {
            variant,
            game: Game::new(start.board),
            start_reserve: start.reserve,
            reserve: start.reserve,
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> NinjaPosition {
        NinjaPosition { board: *self.game.position(), reserve: self.reserve }
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`]: the fields of a
    /// [`super::super::standard::StandardGame`] snapshot (`start`, `fen`, `keys`, `moves`),
    /// then `reserves` with the ninjas in reserve at the start and now, as FEN holdings (`Jj`,
    /// `J`, `j`, or `-` for none).
    pub fn restore(variant: &'static WithNinja, snapshot: &str) -> Result<NinjaGame, SnapshotError> {
        let (start, position, keys, moves) = read_snapshot(variant.rules(), snapshot)?;
        let words: Vec<&str> = snapshot_field(snapshot, "reserves")?.split_whitespace().collect();
        let [at_start, now] = words[..] else {
            return Err(SnapshotError("reserves: two words, at the start and now".to_string()));
        };
        let reserve = |word: &str, board: &Position| {
            let held = if word == "-" { "" } else { word };
            match Reserve::take_from_holdings(held) {
                Ok((reserve, others)) if others.is_empty() => {
                    check_count(board, reserve).map_err(SnapshotError)?;
                    Ok(reserve)
                }
                Ok(_) => Err(SnapshotError(format!("reserves: {word:?} holds more than ninjas"))),
                Err(e) => Err(SnapshotError(format!("reserves: {e}"))),
            }
        };
        let (start_reserve, reserve) = (reserve(at_start, &start)?, reserve(now, &position)?);
        Ok(NinjaGame { variant, game: Game::resume(start, position, keys), start_reserve, reserve, moves })
    }

    fn refuse(text: &str, reason: Reason) -> MoveInputError {
        MoveInputError::NoMatch { input: text.trim().to_string(), reason }
    }
}

/// A reserve as a word of the snapshot: its FEN holdings, or `-`.
fn reserve_word(reserve: Reserve) -> String {
    let held = format!("{}{}", reserve.holdings(Color::White), reserve.holdings(Color::Black));
    if held.is_empty() { "-".to_string() } else { held }
}

impl VariantGame for NinjaGame {
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
        if let Some(outcome) = self.outcome() {
            return Err(NinjaGame::refuse(text, Reason::new("reason-game-over").outcome("outcome", outcome)));
        }
        let before = self.position();
        let m = before.parse(text)?;
        let notation = before.write(m);
        match m {
            HostMove::Piece(m) => self.game.play(m).expect("parse returns legal moves"),
            HostMove::Ninja(m) => {
                let mut board = before.board;
                super::play(&mut board, &mut self.reserve, m);
                self.game.replace(board, false);
            }
        }
        self.moves.push(notation.clone());
        let board = before.board;
        Ok(PlayedMove {
            by: board.turn(),
            number: board.fullmoves(),
            notation,
            reveal: Vec::new(),
            sealed: None,
            commit: Vec::new(),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        let by_position = self.position().outcome();
        if matches!(by_position, Some(Outcome::Win { .. })) {
            return by_position;
        }
        by_position.or_else(|| {
            (self.game.repetitions() >= 5).then_some(Outcome::Draw { reason: DrawReason::FivefoldRepetition })
        })
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        self.game.claimable_draws()
    }

    fn snapshot(&self) -> String {
        format!(
            "{}reserves {} {}\n",
            write_snapshot(&self.game, &self.moves),
            reserve_word(self.start_reserve),
            reserve_word(self.reserve)
        )
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn start_fen(&self) -> String {
        write_fen(self.game.start(), self.start_reserve)
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The open view, and where each ninja is.
    fn view(&self, observer: Observer) -> View {
        let mut view = open_view(&self.game, &self.moves, self.outcome().is_some(), observer);
        view.notices.push(super::status(self.game.position(), self.reserve));
        view
    }
}
