//! Perft for Safety in Numbers Chess, checked against a move generator written here, from the
//! seed and docs/rules/safety-in-numbers.md alone: a mailbox of 64 squares, each a list of
//! pieces, the directions written out, every rule spelled out where it applies, and the
//! check test done by trying every enemy piece. It is slow and shares nothing with herald's
//! generator but the starting FEN text.

use herald::variants::Variant;
use herald::variants::safety_in_numbers::{SafetyInNumbers, fen, notation};

static VARIANT: SafetyInNumbers = SafetyInNumbers;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Piece {
    white: bool,
    /// 'P', 'N', 'B', 'R', 'Q' or 'K'.
    kind: char,
}

#[derive(Clone, Debug)]
struct Board {
    /// Index `rank * 8 + file`; each square a list of pieces.
    squares: Vec<Vec<Piece>>,
    white_to_move: bool,
    /// White short, White long, Black short, Black long.
    castling: [bool; 4],
    /// The square a pawn just passed with a double step.
    ep: Option<usize>,
}

#[derive(Clone, Debug)]
struct Move {
    from: usize,
    to: usize,
    kind: char,
    promotion: Option<char>,
    /// The square whose single piece is taken (differs from `to` en passant).
    takes: Option<usize>,
    /// For castling: the rook's from and to squares.
    rook: Option<(usize, usize)>,
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn square(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn coords(sq: usize) -> (i32, i32) {
    ((sq % 8) as i32, (sq / 8) as i32)
}

fn name(sq: usize) -> String {
    let (f, r) = coords(sq);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// Reads the FEN extension: "[...]" is a crowd.
fn parse(text: &str) -> Board {
    let fields: Vec<&str> = text.split(' ').collect();
    let mut squares = vec![Vec::new(); 64];
    for (i, row) in fields[0].split('/').enumerate() {
        let rank = 7 - i as i32;
        let mut file = 0;
        let mut in_crowd = false;
        for c in row.chars() {
            match c {
                '1'..='8' => file += c as i32 - '0' as i32,
                '[' => in_crowd = true,
                ']' => {
                    in_crowd = false;
                    file += 1;
                }
                _ => {
                    let sq = square(file, rank).unwrap();
                    squares[sq].push(Piece { white: c.is_ascii_uppercase(), kind: c.to_ascii_uppercase() });
                    if !in_crowd {
                        file += 1;
                    }
                }
            }
        }
    }
    let c = fields[2];
    let ep = (fields[3] != "-").then(|| {
        let b = fields[3].as_bytes();
        square((b[0] - b'a') as i32, (b[1] - b'1') as i32).unwrap()
    });
    Board {
        squares,
        white_to_move: fields[1] == "w",
        castling: [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')],
        ep,
    }
}

impl Board {
    fn has_enemy(&self, sq: usize, white: bool) -> bool {
        self.squares[sq].iter().any(|p| p.white != white)
    }

    /// Could a `white` piece of `kind` on `from` capture on `target`, if a single enemy stood
    /// there? Every occupied square blocks a slider.
    fn captures_on(&self, from: usize, kind: char, white: bool, target: usize) -> bool {
        let (f, r) = coords(from);
        let (tf, tr) = coords(target);
        let (df, dr) = (tf - f, tr - r);
        match kind {
            'P' => dr == if white { 1 } else { -1 } && df.abs() == 1,
            'N' => KNIGHT.contains(&(df, dr)),
            'K' => KING.contains(&(df, dr)),
            _ => {
                let directions: Vec<(i32, i32)> = match kind {
                    'R' => ROOK.to_vec(),
                    'B' => BISHOP.to_vec(),
                    _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                };
                for (sf, sr) in directions {
                    let (mut x, mut y) = (f + sf, r + sr);
                    while let Some(sq) = square(x, y) {
                        if sq == target {
                            return true;
                        }
                        if !self.squares[sq].is_empty() {
                            break;
                        }
                        x += sf;
                        y += sr;
                    }
                }
                false
            }
        }
    }

    fn attacked(&self, target: usize, by_white: bool) -> bool {
        (0..64).any(|sq| {
            self.squares[sq].iter().any(|p| p.white == by_white && self.captures_on(sq, p.kind, p.white, target))
        })
    }

    /// The king of `white` stands alone and is attacked.
    fn in_check(&self, white: bool) -> bool {
        let king = (0..64).find(|&sq| self.squares[sq].contains(&Piece { white, kind: 'K' })).unwrap();
        self.squares[king].len() == 1 && self.attacked(king, !white)
    }

    /// Where a `white` piece may arrive on `to` by move power (`by_move`) or capture power
    /// (`by_capture`): Some(Some(to)) to capture, Some(None) to stand there.
    fn arrive(&self, white: bool, to: usize, by_move: bool, by_capture: bool) -> Option<Option<usize>> {
        let there = &self.squares[to];
        match there.len() {
            0 => by_move.then_some(None),
            // One enemy piece: captured by capture power; stood with by a move power that
            // cannot capture there (the caller says by passing by_capture = false).
            1 if there[0].white != white => {
                if by_capture {
                    Some(Some(to))
                } else if by_move {
                    Some(None)
                } else {
                    None
                }
            }
            1 => None,
            // A crowd: joined if it holds an enemy piece, by either power.
            _ => ((by_move || by_capture) && self.has_enemy(to, white)).then_some(None),
        }
    }

    fn add(&self, out: &mut Vec<Move>, from: usize, to: usize, kind: char, takes: Option<usize>) {
        // A pawn reaching the last rank promotes, whatever it arrives on.
        if kind == 'P' && coords(to).1 == if self.white_to_move { 7 } else { 0 } {
            for promotion in ['Q', 'R', 'B', 'N'] {
                out.push(Move { from, to, kind, promotion: Some(promotion), takes, rook: None });
            }
        } else {
            out.push(Move { from, to, kind, promotion: None, takes, rook: None });
        }
    }

    fn pseudo_moves(&self) -> Vec<Move> {
        let white = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let mut kinds: Vec<char> = self.squares[from].iter().filter(|p| p.white == white).map(|p| p.kind).collect();
            kinds.sort();
            kinds.dedup();
            let (f, r) = coords(from);
            for kind in kinds {
                match kind {
                    'N' | 'K' => {
                        let steps = if kind == 'N' { KNIGHT } else { KING };
                        for (df, dr) in steps {
                            if let Some(to) = square(f + df, r + dr)
                                && let Some(takes) = self.arrive(white, to, true, true)
                            {
                                self.add(&mut out, from, to, kind, takes);
                            }
                        }
                    }
                    'B' | 'R' | 'Q' => {
                        let directions: Vec<(i32, i32)> = match kind {
                            'R' => ROOK.to_vec(),
                            'B' => BISHOP.to_vec(),
                            _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                        };
                        for (df, dr) in directions {
                            let (mut x, mut y) = (f + df, r + dr);
                            while let Some(to) = square(x, y) {
                                if let Some(takes) = self.arrive(white, to, true, true) {
                                    self.add(&mut out, from, to, kind, takes);
                                }
                                if !self.squares[to].is_empty() {
                                    break;
                                }
                                x += df;
                                y += dr;
                            }
                        }
                    }
                    _ => {
                        let up = if white { 1 } else { -1 };
                        // Forward: move power only (a pawn never captures forward).
                        if let Some(one) = square(f, r + up) {
                            if let Some(takes) = self.arrive(white, one, true, false) {
                                self.add(&mut out, from, one, 'P', takes);
                            }
                            let start = if white { 1 } else { 6 };
                            if r == start
                                && self.squares[one].is_empty()
                                && let Some(two) = square(f, r + 2 * up)
                                && let Some(takes) = self.arrive(white, two, true, false)
                            {
                                self.add(&mut out, from, two, 'P', takes);
                            }
                        }
                        // Diagonals: capture power only.
                        for df in [-1, 1] {
                            if let Some(to) = square(f + df, r + up) {
                                if let Some(takes) = self.arrive(white, to, false, true) {
                                    self.add(&mut out, from, to, 'P', takes);
                                }
                                if self.ep == Some(to)
                                    && let Some(victim) = square(f + df, r)
                                    && self.squares[victim].len() == 1
                                    && self.squares[victim][0] == (Piece { white: !white, kind: 'P' })
                                {
                                    self.add(&mut out, from, to, 'P', Some(victim));
                                }
                            }
                        }
                    }
                }
            }
        }
        // Castling: king on e1/e8 and rook in the corner (crowds allowed), the squares between
        // and the destinations empty; king not in check and not passing an attacked square.
        let rank = if white { 0 } else { 7 };
        let rights = if white { [self.castling[0], self.castling[1]] } else { [self.castling[2], self.castling[3]] };
        let king = square(4, rank).unwrap();
        let has = |sq: usize, kind: char| self.squares[sq].contains(&Piece { white, kind });
        for (long, right) in [(false, rights[0]), (true, rights[1])] {
            let (rook_file, empty, passes, king_to, rook_to) =
                if long { (0, vec![1, 2, 3], 3, 2, 3) } else { (7, vec![5, 6], 5, 6, 5) };
            let rook = square(rook_file, rank).unwrap();
            if right
                && has(king, 'K')
                && has(rook, 'R')
                && empty.iter().all(|&f| self.squares[square(f, rank).unwrap()].is_empty())
                && !self.in_check(white)
                && !self.attacked(square(passes, rank).unwrap(), !white)
            {
                out.push(Move {
                    from: king,
                    to: square(king_to, rank).unwrap(),
                    kind: 'K',
                    promotion: None,
                    takes: None,
                    rook: Some((rook, square(rook_to, rank).unwrap())),
                });
            }
        }
        out
    }

    fn remove(&mut self, sq: usize, piece: Piece) {
        let i = self.squares[sq].iter().position(|&p| p == piece).unwrap();
        self.squares[sq].remove(i);
    }

    fn play(&self, m: &Move) -> Board {
        let white = self.white_to_move;
        let mut next = self.clone();
        let piece = Piece { white, kind: m.kind };
        next.remove(m.from, piece);
        if let Some(victim) = m.takes {
            let taken = next.squares[victim].pop().unwrap();
            // A rook taken in its corner takes its castling right with it.
            for (right, corner, rook_white) in [(0, 7, true), (1, 0, true), (2, 63, false), (3, 56, false)] {
                if victim == corner && taken == (Piece { white: rook_white, kind: 'R' }) {
                    next.castling[right] = false;
                }
            }
        }
        next.squares[m.to].push(Piece { white, kind: m.promotion.unwrap_or(m.kind) });
        if let Some((from, to)) = m.rook {
            next.remove(from, Piece { white, kind: 'R' });
            next.squares[to].push(Piece { white, kind: 'R' });
        }
        // Rights: the king moving ends both; a rook leaving its corner ends that one.
        let (short, long) = if white { (0, 1) } else { (2, 3) };
        if m.kind == 'K' {
            next.castling[short] = false;
            next.castling[long] = false;
        }
        if m.kind == 'R' && m.from == if white { 7 } else { 63 } {
            next.castling[short] = false;
        }
        if m.kind == 'R' && m.from == if white { 0 } else { 56 } {
            next.castling[long] = false;
        }
        next.ep = None;
        if m.kind == 'P' && (coords(m.to).1 - coords(m.from).1).abs() == 2 {
            next.ep = Some((m.from + m.to) / 2);
        }
        next.white_to_move = !white;
        next
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.pseudo_moves().into_iter().filter(|m| !self.play(m).in_check(self.white_to_move)).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves().iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

/// Each move as "e2e4/P", "e7e8q/P", sorted: from the brute force...
fn reference_moves(board: &Board) -> Vec<String> {
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|m| {
            let promotion = m.promotion.map(|p| p.to_ascii_lowercase().to_string()).unwrap_or_default();
            format!("{}{}{promotion}/{}", name(m.from), name(m.to), m.kind)
        })
        .collect();
    moves.sort();
    moves
}

/// ... and from herald.
fn herald_moves(text: &str) -> Vec<String> {
    let pos = fen::read(VARIANT.rules(), text).unwrap();
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let promotion =
                m.promotion.map(|r| pos.rules().piece(r).letter.to_ascii_lowercase().to_string()).unwrap_or_default();
            format!("{}{}{promotion}/{}", m.from.algebraic(), m.to.algebraic(), pos.rules().piece(m.role).letter)
        })
        .collect();
    moves.sort();
    moves
}

fn check(text: &str, max_depth: u32) {
    let board = parse(text);
    assert_eq!(herald_moves(text), reference_moves(&board), "the legal moves of {text}");
    let pos = fen::read(VARIANT.rules(), text).unwrap();
    for depth in 1..=max_depth {
        assert_eq!(pos.perft(depth), board.perft(depth), "perft({depth}) of {text}");
    }
    // The moves written in the variant's notation read back as themselves.
    for m in pos.legal_moves() {
        let written = notation::write(&pos, m);
        assert_eq!(notation::parse_move(&pos, &written), Ok(m), "{written} in {text}");
    }
}

#[test]
fn the_start_position() {
    check("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3);
    // Three plies from the start, a crowd can only be formed by a pawn that double-stepped
    // stepping onto the pawn that double-stepped to meet it (1. e4 e5 2. e4-e5), on each of
    // the eight files; nothing else differs from chess, whose count is 8902.
    assert_eq!(VARIANT.start().perft(3), 8902 + 8);
}

#[test]
fn the_first_example_game_after_five_moves() {
    // 1. e4 e5 2. Nc3 e5-e4 3. Nc3-e4 d5 4. Ke2 Qe7 5. Ke3 Qe7-e4+: White in check, the
    // crowd on e4 holding pawn, knight, pawn and queen.
    check("rnb1kbnr/ppp2ppp/8/3p4/4[PNpq]3/4K3/PPPP1PPP/R1BQ1BNR w kq - 4 6", 3);
}

#[test]
fn kings_on_f3_and_a_black_rook_on_f3() {
    check("rnbq1bnr/pppppppp/8/8/8/5[Kk]2/PPPPPPPP/RNBQ1BNR w - - 0 1", 3);
    check("rnbqkbnr/pppppppp/8/8/8/5r2/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3);
}

#[test]
fn crowds_with_castling_en_passant_and_promotion() {
    // Black to move with en passant on f3, White's rook in a crowd on h1, pawns about to
    // promote onto, into and out of crowds.
    check("r3k2r/pP3p[Pb]1/8/3[Pn]4/4pP2/2[pN]5/6p1/R3K2[Rn] b KQkq f3 0 1", 3);
    check("r3k2r/pP3p[Pb]1/8/3[Pn]4/4pP2/2[pN]5/6p1/R3K2[Rn] w KQkq - 0 1", 3);
    // Both kings in crowds, an own-only crowd, a crowd of six.
    check("4k3/8/2[NR]5/3[PPQbnr]4/8/4[Kp]3/8/8 w - - 0 1", 3);
    check("8/3[kP]4/8/1[Qq]6/8/5[RR]2/8/4K3 b - - 0 1", 3);
    // Two knights that can join the same crowd (SAN needs their files).
    check("4k3/8/2[NR]5/3[PPQbnr]4/8/4[Kp]3/3N1N2/8 w - - 0 1", 3);
}
