//! Secret Intelligence Chess, by Fergus Duniho (the seed: shared/seeds/secret-intelligence-chess.txt;
//! the choices this module makes where the page is silent or unclear are in
//! docs/rules/secret-intelligence.md).
//!
//! - **Fog**: a player never sees the opponent's pieces, only where those that have moved (or
//!   been swapped) stand, each labelled with the square it began on (its tracking id). Each
//!   opponent's move is shown as from, to, capture and tracking id, with a cipher token in
//!   place of the piece.
//! - **Random armies and setup**: King, two Rooks, two Bishops, two Knights, eight Pawns and a
//!   pair drawn for each side (Queen + Centaur, Marshall + Dragon Horse, Archbishop + Dragon
//!   King, Decoy + Spy), placed at random on the side's first three ranks by the rules page's
//!   procedure ([`setup`]), from a fair random stream fixed by the referee's committed seed
//!   and the players' own seeds ([`crate::variants::chance`]).
//! - **Pieces** ([`board`]): chess pieces without castling; Centaur `KN`, Marshall `RN`,
//!   Dragon Horse `BW`, Archbishop `BN`, Dragon King `RF`; the **Decoy** moves as a King or a
//!   Knight but not into check (except to save its King, onto the enemy King, or next to its
//!   own King), and attacks on it are reported as checks; the **Spy** moves as a Knight,
//!   Bishop or Rook, may not capture a non-Spy piece that could capture it back, and may not
//!   go to an empty square a non-Spy enemy could capture it on (except to block a check).
//!   Quick Pawns step two squares from any rank; promotion to a Rook, Bishop or Knight always,
//!   to any other piece only when the player has none of it on the board.
//! - **Swaps**: two unmoved, unattacked pieces of one side and of different kinds change
//!   places when one could move to the other's square.
//! - **What a player is told**: the opponent's moves (ciphered), what has been captured,
//!   check after one's own move (on the King or the Decoy, not saying which), "you are in
//!   check", the Decoy-in-check notice, and one's own legal moves.
//! - Checkmate wins; stalemate and the usual dead positions, repetitions and move counts draw
//!   as in chess.

pub mod board;
pub mod notation;
pub mod setup;
mod view;

use crate::notation::reason::Reason;
use std::sync::OnceLock;

use self::board::{Board, MoveKind, SiMove};
use super::chance::{self, FairRng};
use super::standard::snapshot_field;
use super::{Coordinates, Observer, PlayedMove, Secret, SetupRequest, SnapshotError, Variant, VariantGame, View};
use crate::engine::ClaimableDraw;
use crate::engine::geometry::BoardSize;
use crate::engine::outcome::{self, DrawReason, Outcome};
use crate::engine::piece::{Color, Piece};
use crate::engine::rules::{DoubleStep, PieceDef, Rules, StalemateRule, VariantDef};
use crate::notation::input::MoveInputError;

/// The referee seed of games made without one (`new_game`: perft, replays, tests): 32 zero
/// bytes, with both player seeds empty.
pub const FIXED_SEED: [u8; 32] = [0; 32];

/// The setup drawn from [`FIXED_SEED`] with empty player seeds (the rules' `start_fen`).
const FIXED_START: &str = "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1";

/// What a player answers before the setup is drawn.
pub const SEED_PROMPT: &str = "seed WORD (a word of your own, mixed into the random draw of the armies and the setup), \
                           or seed alone";

/// The rules of the board and pieces: movement as Betza, for the move tables.
pub(crate) fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        Rules::new(VariantDef {
            size: BoardSize::CHESS,
            // The roles are the constants of `board`, in this order.
            pieces: vec![
                PieceDef::new("Pawn", 'P', "fmWfcF").pawn(),
                PieceDef::new("Knight", 'N', "N").minor(),
                PieceDef::new("Bishop", 'B', "B").minor().color_bound(),
                PieceDef::new("Rook", 'R', "R"),
                PieceDef::new("Queen", 'Q', "Q"),
                PieceDef::new("King", 'K', "K").royal(),
                PieceDef::new("Centaur", 'C', "KN"),
                PieceDef::new("Marshall", 'M', "RN"),
                PieceDef::new("Dragon Horse", 'H', "BW"),
                PieceDef::new("Archbishop", 'A', "BN"),
                PieceDef::new("Dragon King", 'D', "RF"),
                // The Decoy moves as a King or a Knight; its limit (not into check) is code.
                PieceDef::new("Decoy", 'Y', "KN"),
                // The Spy moves as a Knight, Bishop or Rook; its limits are code.
                PieceDef::new("Spy", 'S', "NBR"),
            ],
            start_fen: FIXED_START,
            castling: Vec::new(),
            promotion: "QMADHCSYRBN",
            double_step: DoubleStep::Anywhere,
            en_passant: true,
            stalemate: StalemateRule::Draw,
        })
        .expect("the Secret Intelligence definition is valid")
    })
}

/// Secret Intelligence Chess.
pub struct SecretIntelligence;

impl SecretIntelligence {
    fn unseeded(&'static self, referee_seed: [u8; 32]) -> SiGame {
        SiGame {
            variant: self,
            referee_seed,
            seeds: [None, None],
            pairs: None,
            begun: false,
            start: Board::empty(),
            board: Board::empty(),
            plies: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// A game with the setup drawn from these seeds.
    fn drawn(&'static self, referee_seed: [u8; 32], white: &str, black: &str) -> SiGame {
        let mut game = self.unseeded(referee_seed);
        game.seeds = [Some(white.to_string()), Some(black.to_string())];
        game.draw_setup();
        game
    }
}

impl Variant for SecretIntelligence {
    fn aim(&self) -> &'static str {
        "The aim: checkmate the opponent's King, whose square you may not see. A stalemate is a draw."
    }

    fn id(&self) -> &'static str {
        "secret-intelligence"
    }

    fn name(&self) -> &'static str {
        "Secret Intelligence Chess"
    }

    fn conditional_moves(&self) -> Result<(), &'static str> {
        Err("Conditional moves are not offered in Secret Intelligence Chess: you do not see your \
             opponent's moves, only where a piece went, so you could not name the move a condition waits \
             for, and herald's answer to a line (accepted or refused) would tell you what the moves hide.")
    }

    fn notation_help(&self) -> &'static str {
        "Moves are written in full: the piece's letter, the square it leaves and the\n\
         square it goes to (Nb1-c3, Pe2-e4, Pd5xe6), a promotion as a move of the piece\n\
         it becomes (Qe7-e8), a swap of two of your pieces as Nb1<>Bc3. Shorter forms\n\
         (Nc3, e4, b1<>c3, swap b1 c3) are read when they name one of your legal moves,\n\
         which each mail lists when it is your move. Before the setup is drawn, send\n\
         \"seed\" and a word of your own, or \"seed\" alone."
    }

    fn example_moves(&self) -> [&'static str; 2] {
        // The setup is drawn at random: each mail's example is one of the player's own legal
        // moves; these are legal in the setup of games made without a seed.
        ["Pc3-c4", "Pb7-b6"]
    }

    fn summary(&self) -> &'static str {
        "random armies and setup, the opponent's pieces unseen except where moved pieces stand; Spies and Decoys \
         gather intelligence, your legal moves tell you what you may not see"
    }

    fn rules(&self) -> &'static Rules {
        rules()
    }

    fn engine_moves(&self) -> bool {
        false
    }

    fn hides_moves(&self) -> bool {
        true
    }

    fn new_game(&'static self) -> Box<dyn VariantGame> {
        Box::new(self.drawn(FIXED_SEED, "", ""))
    }

    fn new_game_with_seed(&'static self, referee_seed: [u8; 32]) -> Box<dyn VariantGame> {
        Box::new(self.unseeded(referee_seed))
    }

    fn game_from_fen(&'static self, text: &str) -> Result<Box<dyn VariantGame>, String> {
        let board = Board::from_fen(text).map_err(|e| e.to_string())?;
        let mut game = self.unseeded(FIXED_SEED);
        game.begin(board);
        Ok(Box::new(game))
    }

    fn game_with_secrets(&'static self, secrets: &[Secret]) -> Result<Box<dyn VariantGame>, String> {
        let value = |label: &str| {
            let mut found = secrets.iter().filter(|s| s.label == label);
            match (found.next(), found.next()) {
                (Some(s), None) => Ok(s.value.as_str()),
                (None, _) => Err(format!("the secret {label} is missing")),
                (Some(_), Some(_)) => Err(format!("{label} is given twice")),
            }
        };
        if let Some(other) = secrets.iter().find(|s| !SECRET_LABELS.contains(&s.label.as_str())) {
            return Err(format!(
                "Secret Intelligence Chess has no secret {:?}; its secrets are {}",
                other.label,
                SECRET_LABELS.join(", ")
            ));
        }
        let referee = value(REFEREE_SEED)?;
        let seed = chance::parse_seed_hex(referee)
            .ok_or_else(|| format!("{REFEREE_SEED} is {referee:?}, not 64 lower-case hex characters"))?;
        // An auditor's replay reads the committed secrets, and says what is wrong in English.
        let white = chance::player_seed(value(&seed_label(Color::White))?).map_err(|why| why.to_string())?;
        let black = chance::player_seed(value(&seed_label(Color::Black))?).map_err(|why| why.to_string())?;
        Ok(Box::new(self.drawn(seed, &white, &black)))
    }

    fn restore(&'static self, snapshot: &str) -> Result<Box<dyn VariantGame>, SnapshotError> {
        Ok(Box::new(SiGame::restore(self, snapshot)?))
    }
}

/// The label of the referee's seed.
const REFEREE_SEED: &str = "referee.seed";

/// Every secret of a game.
const SECRET_LABELS: [&str; 3] = [REFEREE_SEED, "white.seed", "black.seed"];

/// The label of `color`'s seed: "white.seed".
fn seed_label(color: Color) -> String {
    format!("{color}.seed")
}

/// One move of the game as the referee keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ply {
    /// The move in full ([`notation::write`]).
    notation: String,
    /// The move as the opponent reads it (see [`SiGame::sealed_entry`]).
    sealed: String,
    /// The piece it captured.
    captured: Option<Piece>,
}

/// A game of Secret Intelligence Chess.
pub struct SiGame {
    variant: &'static SecretIntelligence,
    referee_seed: [u8; 32],
    /// Each player's seed once they sent it (empty if they sent none).
    seeds: [Option<String>; 2],
    /// Each side's pair (an index of [`setup::PAIRS`]), when the setup was drawn.
    pairs: Option<[usize; 2]>,
    /// True once the setup is drawn (or given) and moves are accepted.
    begun: bool,
    start: Board,
    board: Board,
    plies: Vec<Ply>,
    /// Repetition keys of every position since the start, current last.
    keys: Vec<u64>,
}

/// The ciphered entry and token format, public so that tests and auditors can recompute them.
pub mod cipher {
    use super::chance;

    /// The game's cipher key: the 64 lower-case hex characters of
    /// HMAC-SHA256(key = the referee seed's 64 hex characters, message = "cipher key").
    pub fn key(referee_seed: &[u8; 32]) -> String {
        chance::seed_hex(&chance::hmac_sha256(chance::seed_hex(referee_seed).as_bytes(), b"cipher key"))
    }

    /// The token of the move of ply `ply` (1 for White's first move) written `notation` in
    /// full: the first 6 hex characters of HMAC-SHA256(key = the cipher key's 64 characters,
    /// message = "<ply>:<notation>").
    pub fn token(key: &str, ply: usize, notation: &str) -> String {
        let mac = chance::hmac_sha256(key.as_bytes(), format!("{ply}:{notation}").as_bytes());
        chance::seed_hex(&mac)[..6].to_string()
    }
}

fn repetition_key(board: &Board) -> u64 {
    let mac = chance::hmac_sha256(b"herald secret-intelligence repetition", board.repetition_text().as_bytes());
    u64::from_be_bytes(mac[..8].try_into().expect("8 bytes"))
}

impl SiGame {
    /// The position now (the full truth: the referee's).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position the game began from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Each side's pair, White's first, as indices of [`setup::PAIRS`], when drawn.
    pub fn pairs(&self) -> Option<[usize; 2]> {
        self.pairs
    }

    /// True once the setup is drawn and moves are accepted.
    pub fn has_begun(&self) -> bool {
        self.begun
    }

    fn begin(&mut self, board: Board) {
        self.start = board;
        self.board = board;
        self.keys = vec![repetition_key(&board)];
        self.begun = true;
    }

    /// Draws both armies and the setup once both seeds are in.
    fn draw_setup(&mut self) {
        let [Some(white), Some(black)] = &self.seeds else { return };
        let mut rng = FairRng::new(&self.referee_seed, white, black);
        let (pairs, board) = setup::draw(&mut rng);
        self.pairs = Some(pairs);
        self.begin(board);
    }

    /// The opponent's entry for `m` at ply `ply` (1 for White's first move):
    /// `TOKEN:FROM-TO@TRACK`, with `x` for `-` when it captures, and a swap as
    /// `TOKEN:FROM<>TO@TRACK,TRACK` (the moving piece's tracking id, then the other's).
    fn sealed_entry(&self, ply: usize, m: SiMove, notation: &str) -> String {
        let token = cipher::token(&cipher::key(&self.referee_seed), ply, notation);
        let board = &self.board;
        let track = board.unit(m.from).expect("a move moves a piece").origin;
        match m.kind {
            MoveKind::Swap => {
                let passive = board.unit(m.to).expect("a swap has a passive piece").origin;
                format!("{token}:{}<>{}@{track},{passive}", m.from, m.to)
            }
            _ => {
                let sep = if board.is_capture(m) { 'x' } else { '-' };
                format!("{token}:{}{sep}{}@{track}", m.from, m.to)
            }
        }
    }

    fn over(&self) -> bool {
        self.outcome().is_some()
    }

    fn mover_of_ply(&self, index: usize) -> Color {
        if index.is_multiple_of(2) { self.start.turn() } else { self.start.turn().other() }
    }

    fn repetitions(&self) -> usize {
        let Some(&current) = self.keys.last() else { return 0 };
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// Reads a snapshot written by [`VariantGame::snapshot`]: one field per line,
    /// `referee-seed HEX`, `white-seed` and `black-seed` (`-` before the player answered,
    /// else `=` and the seed), `pairs W B` (indices of [`setup::PAIRS`], or `-`), `begun`
    /// (`yes`/`no`), `start` and `fen` (positions as [`Board::to_fen`] writes them), `keys
    /// HEX...` and `plies`, each ply `NOTATION|SEALED|CAPTURED` (the captured piece's FEN
    /// letter or `-`).
    pub fn restore(variant: &'static SecretIntelligence, snapshot: &str) -> Result<SiGame, SnapshotError> {
        let field = |name: &str| snapshot_field(snapshot, name);
        let bad = |what: &str| SnapshotError(what.to_string());
        let referee_seed = chance::parse_seed_hex(field("referee-seed")?).ok_or_else(|| bad("referee-seed"))?;
        let mut seeds = [None, None];
        for color in Color::BOTH {
            let text = field(&format!("{color}-seed"))?;
            seeds[color.index()] = match text {
                "-" => None,
                answered => Some(
                    chance::player_seed(answered.strip_prefix('=').ok_or_else(|| bad("a seed is - or =SEED"))?)
                        .map_err(|e| SnapshotError(format!("{color}-seed: {e}")))?,
                ),
            };
        }
        let pairs = match field("pairs")? {
            "-" => None,
            text => {
                let numbers: Vec<usize> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
                match numbers[..] {
                    [w, b] if w < 4 && b < 4 => Some([w, b]),
                    _ => return Err(bad("pairs: two numbers 0 to 3")),
                }
            }
        };
        let begun = match field("begun")? {
            "yes" => true,
            "no" => false,
            _ => return Err(bad("begun: yes or no")),
        };
        let mut game = variant.unseeded(referee_seed);
        game.seeds = seeds;
        game.pairs = pairs;
        if begun {
            game.start = Board::from_fen(field("start")?).map_err(|e| SnapshotError(format!("start: {e}")))?;
            game.board = Board::from_fen(field("fen")?).map_err(|e| SnapshotError(format!("fen: {e}")))?;
            game.begun = true;
            game.keys = field("keys")?
                .split_whitespace()
                .map(|k| u64::from_str_radix(k, 16).map_err(|_| SnapshotError(format!("bad key {k:?}"))))
                .collect::<Result<Vec<u64>, _>>()?;
            for word in field("plies")?.split_whitespace() {
                let parts: Vec<&str> = word.split('|').collect();
                let [notation, sealed, captured] = parts[..] else {
                    return Err(bad("a ply is NOTATION|SEALED|CAPTURED"));
                };
                let captured = match captured {
                    "-" => None,
                    letter => {
                        let c = letter.chars().next().ok_or_else(|| bad("captured piece"))?;
                        let role = rules().role_by_letter(c).ok_or_else(|| bad("captured piece"))?;
                        Some(Piece::new(if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role))
                    }
                };
                game.plies.push(Ply { notation: notation.to_string(), sealed: sealed.to_string(), captured });
            }
        }
        Ok(game)
    }
}

impl VariantGame for SiGame {
    fn variant(&self) -> &'static dyn Variant {
        self.variant
    }

    fn turn(&self) -> Color {
        self.board.turn()
    }

    fn move_number(&self) -> u32 {
        self.board.fullmoves()
    }

    fn play(&mut self, text: &str) -> Result<PlayedMove, MoveInputError> {
        let refuse = |reason: Reason| MoveInputError::NoMatch { input: text.trim().to_string(), reason };
        if !self.begun {
            return Err(refuse(Reason::new("reason-secret-intelligence-not-begun")));
        }
        if let Some(outcome) = self.outcome() {
            return Err(refuse(Reason::new("reason-game-over").outcome("outcome", outcome)));
        }
        let before = self.board;
        let legal = before.legal_moves();
        let m = notation::read(&before, &legal, text)?;
        let written = notation::write(&before, m);
        let ply = self.plies.len() + 1;
        let sealed = self.sealed_entry(ply, m, &written);
        let captured = before.captured(m).map(|(_, p)| p);
        self.board.play(m);
        self.keys.push(repetition_key(&self.board));
        self.plies.push(Ply { notation: written.clone(), sealed: sealed.clone(), captured });
        Ok(PlayedMove {
            by: before.turn(),
            number: before.fullmoves(),
            notation: written,
            reveal: Vec::new(),
            sealed: Some(sealed),
            commit: Vec::new(),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.begun {
            return None;
        }
        let board = &self.board;
        let us = board.turn();
        let decided = outcome::decided_by_position(
            us,
            !board.legal_moves().is_empty(),
            || board.in_check(us),
            StalemateRule::Draw,
            || board.is_insufficient_material(),
            board.halfmoves(),
        );
        if decided.is_some() {
            return decided;
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::Draw { reason: DrawReason::FivefoldRepetition });
        }
        None
    }

    fn claimable_draws(&self) -> Vec<ClaimableDraw> {
        if !self.begun || self.over() {
            return Vec::new();
        }
        let mut claims = Vec::new();
        if self.repetitions() >= 3 {
            claims.push(ClaimableDraw::ThreefoldRepetition);
        }
        if self.board.halfmoves() >= 100 {
            claims.push(ClaimableDraw::FiftyMoves);
        }
        claims
    }

    fn snapshot(&self) -> String {
        let seed = |c: Color| self.seeds[c.index()].as_ref().map_or_else(|| "-".to_string(), |s| format!("={s}"));
        let pairs = self.pairs.map_or_else(|| "-".to_string(), |[w, b]| format!("{w} {b}"));
        let keys: Vec<String> = self.keys.iter().map(|k| format!("{k:016x}")).collect();
        let rules = rules();
        let plies: Vec<String> = self
            .plies
            .iter()
            .map(|p| {
                let captured = p.captured.map_or('-', |piece| {
                    let letter = rules.piece(piece.role).letter;
                    if piece.color.is_white() { letter } else { letter.to_ascii_lowercase() }
                });
                format!("{}|{}|{captured}", p.notation, p.sealed)
            })
            .collect();
        format!(
            "referee-seed {}\nwhite-seed {}\nblack-seed {}\npairs {pairs}\nbegun {}\nstart {}\nfen {}\nkeys {}\nplies {}\n",
            chance::seed_hex(&self.referee_seed),
            seed(Color::White),
            seed(Color::Black),
            if self.begun { "yes" } else { "no" },
            self.start.to_fen(),
            self.board.to_fen(),
            keys.join(" "),
            plies.join(" ")
        )
    }

    fn fen(&self) -> String {
        self.board.to_fen()
    }

    fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    fn public_start(&self) -> String {
        "secret-intelligence: armies and setup drawn from referee.seed, white.seed and black.seed by the procedure \
         of docs/rules/secret-intelligence.md"
            .to_string()
    }

    fn moves(&self) -> Vec<String> {
        self.plies.iter().map(|p| p.notation.clone()).collect()
    }

    fn plies(&self) -> usize {
        self.plies.len()
    }

    fn view(&self, observer: Observer) -> View {
        let going_on = self.begun && !self.over();
        let moves = self
            .plies
            .iter()
            .enumerate()
            .map(|(i, p)| match observer {
                Observer::Player(me) if self.mover_of_ply(i) != me => p.sealed.clone(),
                Observer::Public => p.sealed.clone(),
                _ => p.notation.clone(),
            })
            .collect();
        let legal_moves = match observer.side() {
            Some(me) if going_on && self.board.turn() == me => {
                Some(self.board.legal_moves().into_iter().map(|m| notation::write_listed(&self.board, m)).collect())
            }
            _ => None,
        };
        View {
            observer,
            size: BoardSize::CHESS,
            coordinates: Coordinates::Algebraic,
            cells: self.cells(observer),
            moves,
            first_move_number: self.start.fullmoves(),
            first_mover: self.start.turn(),
            to_move: going_on.then_some(self.board.turn()),
            legal_moves,
            notices: self.notices(observer),
        }
    }

    fn setup_requests(&self) -> Vec<SetupRequest> {
        if self.begun {
            return Vec::new();
        }
        Color::BOTH
            .into_iter()
            .filter(|&c| self.seeds[c.index()].is_none())
            .map(|player| SetupRequest { player, label: seed_label(player), prompt: SEED_PROMPT.to_string() })
            .collect()
    }

    /// "seed WORD" or "seed" alone (the first word in any case).
    fn setup(&mut self, player: Color, text: &str) -> Option<Result<(), Reason>> {
        let text = text.trim();
        let first = text.split_whitespace().next()?;
        if !first.eq_ignore_ascii_case("seed") {
            return None;
        }
        let rest = text[first.len()..].trim().trim_start_matches(':').trim();
        if self.begun || self.seeds[player.index()].is_some() {
            return Some(Err(Reason::new("reason-seed-already-in")));
        }
        let seed = match chance::player_seed(rest) {
            Ok(seed) => seed,
            Err(why) => return Some(Err(why)),
        };
        self.seeds[player.index()] = Some(seed);
        self.draw_setup();
        Some(Ok(()))
    }

    fn secrets(&self) -> Vec<Secret> {
        let mut secrets = vec![Secret { label: REFEREE_SEED.to_string(), value: chance::seed_hex(&self.referee_seed) }];
        for color in Color::BOTH {
            if let Some(seed) = &self.seeds[color.index()] {
                secrets.push(Secret { label: seed_label(color), value: seed.clone() });
            }
        }
        secrets
    }
}
