//! The ninja's rules (docs/rules/ninja.md) in `chess+ninja` and `capablanca+ninja`: the test
//! positions of the rules page that apply to them, each count worked out by hand (the
//! reasoning is beside each) and by an independent move generator written here from the page
//! alone — a plain array board that shares no code with herald — which then checks herald's
//! moves as sets at depth 1 and its perft counts to depth 3.

use std::collections::BTreeSet;

use herald::engine::outcome::{Outcome, WinReason};
use herald::engine::{ClaimableDraw, Color};
use herald::variants::ninja::open::{HostMove, NinjaPosition};
use herald::variants::ninja::{NinjaEnd, NinjaMove};
use herald::variants::{self, Variant, VariantGame};

/// The independent generator: chess and Capablanca chess on a plain array, with the ninja as
/// the rules page describes it ("The independent move counter"), and nothing of herald's.
mod independent {
    use std::collections::BTreeSet;

    /// A piece: whose, and its letter (upper case).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Piece {
        pub white: bool,
        pub kind: char,
    }

    /// A position: the squares rank by rank from a1, the side to move, the castling rights
    /// (`[colour][0 = towards the h/j file, 1 = towards the a file]`), the en passant square
    /// and who has a ninja in reserve.
    #[derive(Clone)]
    pub struct Board {
        pub files: i32,
        pub ranks: i32,
        cells: Vec<Option<Piece>>,
        pub white_to_move: bool,
        castling: [[bool; 2]; 2],
        ep: Option<(i32, i32)>,
        pub reserve: [bool; 2],
    }

    /// A move.
    #[derive(Clone, Debug)]
    pub enum Move {
        /// A piece from one square to another (a king's castling as the king's move).
        Normal {
            from: (i32, i32),
            to: (i32, i32),
            promotion: Option<char>,
            en_passant: bool,
            rook: Option<((i32, i32), (i32, i32))>,
        },
        /// A ninja from reserve.
        Drop((i32, i32)),
        /// A ninja's two steps, as their effect: the squares captured and where it ends (`None`
        /// in reserve).
        Ninja { from: (i32, i32), captures: Vec<(i32, i32)>, end: Option<(i32, i32)> },
    }

    /// A ninja's move as its effect: where it ends (`None`: in reserve) and what it captured.
    type Effect = (Option<(i32, i32)>, Vec<(i32, i32)>);

    const KING: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    const STRAIGHT: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

    pub fn name(sq: (i32, i32)) -> String {
        format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
    }

    fn color_index(white: bool) -> usize {
        if white { 0 } else { 1 }
    }

    impl Move {
        /// The move in the form both sides of the comparison write: `e2e4`, `e7e8q`, `J@e4`,
        /// `Je4:e5,f6:f6`, `Jb2::off`.
        pub fn key(&self) -> String {
            match self {
                Move::Normal { from, to, promotion, .. } => {
                    let promo = promotion.map(|c| c.to_ascii_lowercase().to_string()).unwrap_or_default();
                    format!("{}{}{promo}", name(*from), name(*to))
                }
                Move::Drop(sq) => format!("J@{}", name(*sq)),
                Move::Ninja { from, captures, end } => ninja_key(*from, captures, *end),
            }
        }
    }

    /// `J` + origin + `:` + the captured squares (sorted, comma-separated) + `:` + the end.
    pub fn ninja_key(from: (i32, i32), captures: &[(i32, i32)], end: Option<(i32, i32)>) -> String {
        let mut names: Vec<String> = captures.iter().map(|&sq| name(sq)).collect();
        names.sort();
        format!("J{}:{}:{}", name(from), names.join(","), end.map_or("off".to_string(), name))
    }

    impl Board {
        /// Reads a FEN with optional holdings in brackets after the board.
        pub fn from_fen(fen: &str) -> Board {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let (placement, held) = match fields[0].split_once('[') {
                Some((p, h)) => (p, h.trim_end_matches(']')),
                None => (fields[0], ""),
            };
            let rows: Vec<&str> = placement.split('/').collect();
            let ranks = rows.len() as i32;
            let mut files = 0;
            let mut digits = String::new();
            for c in rows[0].chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    files += digits.parse::<i32>().unwrap_or(0) + 1;
                    digits.clear();
                }
            }
            files += digits.parse::<i32>().unwrap_or(0);
            let mut cells = vec![None; (files * ranks) as usize];
            for (i, row) in rows.iter().enumerate() {
                let rank = ranks - 1 - i as i32;
                let mut file = 0;
                let mut digits = String::new();
                for c in row.chars() {
                    if c.is_ascii_digit() {
                        digits.push(c);
                        continue;
                    }
                    file += digits.parse::<i32>().unwrap_or(0);
                    digits.clear();
                    cells[(rank * files + file) as usize] =
                        Some(Piece { white: c.is_ascii_uppercase(), kind: c.to_ascii_uppercase() });
                    file += 1;
                }
            }
            let castling_field = fields[2];
            let castling = [
                [castling_field.contains('K'), castling_field.contains('Q')],
                [castling_field.contains('k'), castling_field.contains('q')],
            ];
            let ep = (fields[3] != "-").then(|| {
                let b = fields[3].as_bytes();
                ((b[0] - b'a') as i32, fields[3][1..].parse::<i32>().unwrap() - 1)
            });
            Board {
                files,
                ranks,
                cells,
                white_to_move: fields[1] == "w",
                castling,
                ep,
                reserve: [held.contains('J'), held.contains('j')],
            }
        }

        fn on_board(&self, sq: (i32, i32)) -> bool {
            sq.0 >= 0 && sq.1 >= 0 && sq.0 < self.files && sq.1 < self.ranks
        }

        pub fn at(&self, sq: (i32, i32)) -> Option<Piece> {
            if self.on_board(sq) { self.cells[(sq.1 * self.files + sq.0) as usize] } else { None }
        }

        fn set(&mut self, sq: (i32, i32), piece: Option<Piece>) {
            let i = (sq.1 * self.files + sq.0) as usize;
            self.cells[i] = piece;
        }

        fn squares(&self) -> Vec<(i32, i32)> {
            (0..self.ranks).flat_map(|r| (0..self.files).map(move |f| (f, r))).collect()
        }

        /// True if a piece of `by_white` could capture on `sq`.
        pub fn attacked(&self, sq: (i32, i32), by_white: bool) -> bool {
            self.squares().into_iter().any(|from| match self.at(from) {
                Some(p) if p.white == by_white => self.piece_attacks(p, from, sq),
                _ => false,
            })
        }

        fn piece_attacks(&self, p: Piece, from: (i32, i32), to: (i32, i32)) -> bool {
            let (df, dr) = (to.0 - from.0, to.1 - from.1);
            let knight = KNIGHT.contains(&(df, dr));
            let diagonal = df != 0 && df.abs() == dr.abs() && self.clear(from, to);
            let straight = (df == 0) != (dr == 0) && self.clear(from, to);
            match p.kind {
                'P' => dr == if p.white { 1 } else { -1 } && df.abs() == 1,
                'N' => knight,
                'B' => diagonal,
                'R' => straight,
                'Q' => diagonal || straight,
                'A' => diagonal || knight,
                'C' => straight || knight,
                'K' => df.abs().max(dr.abs()) == 1,
                // "The piece can take in each its step opponent's pieces and jump over any
                // piece": every square within two king steps.
                'J' => (1..=2).contains(&df.abs().max(dr.abs())),
                other => panic!("unknown piece {other}"),
            }
        }

        /// True if every square strictly between `a` and `b` (on one line) is empty.
        fn clear(&self, a: (i32, i32), b: (i32, i32)) -> bool {
            let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            let mut sq = (a.0 + step.0, a.1 + step.1);
            while sq != b {
                if self.at(sq).is_some() {
                    return false;
                }
                sq = (sq.0 + step.0, sq.1 + step.1);
            }
            true
        }

        fn king(&self, white: bool) -> Option<(i32, i32)> {
            self.squares().into_iter().find(|&sq| self.at(sq) == Some(Piece { white, kind: 'K' }))
        }

        pub fn in_check(&self) -> bool {
            self.king(self.white_to_move).is_some_and(|k| self.attacked(k, !self.white_to_move))
        }

        /// Every legal move of the side to move.
        pub fn legal_moves(&self) -> Vec<Move> {
            let us = self.white_to_move;
            self.pseudo_moves()
                .into_iter()
                .filter(|m| {
                    let after = self.after(m);
                    after.king(us).is_none_or(|k| !after.attacked(k, !us))
                })
                .collect()
        }

        /// The side to move's ninja moves alone, legal.
        pub fn legal_ninja_moves(&self) -> Vec<Move> {
            self.legal_moves().into_iter().filter(|m| !matches!(m, Move::Normal { .. })).collect()
        }

        fn pseudo_moves(&self) -> Vec<Move> {
            let us = self.white_to_move;
            let mut out = Vec::new();
            for from in self.squares() {
                let Some(p) = self.at(from) else { continue };
                if p.white != us {
                    continue;
                }
                match p.kind {
                    'P' => self.pawn_moves(from, &mut out),
                    'N' => self.leaps(from, &KNIGHT, &mut out),
                    'B' => self.slides(from, &DIAGONAL, &mut out),
                    'R' => self.slides(from, &STRAIGHT, &mut out),
                    'Q' => {
                        self.slides(from, &DIAGONAL, &mut out);
                        self.slides(from, &STRAIGHT, &mut out);
                    }
                    'A' => {
                        self.slides(from, &DIAGONAL, &mut out);
                        self.leaps(from, &KNIGHT, &mut out);
                    }
                    'C' => {
                        self.slides(from, &STRAIGHT, &mut out);
                        self.leaps(from, &KNIGHT, &mut out);
                    }
                    'K' => {
                        self.leaps(from, &KING, &mut out);
                        self.castlings(from, &mut out);
                    }
                    'J' => self.ninja_moves(from, &mut out),
                    other => panic!("unknown piece {other}"),
                }
            }
            if self.reserve[color_index(us)] {
                for sq in self.squares() {
                    if self.at(sq).is_none() {
                        out.push(Move::Drop(sq));
                    }
                }
            }
            out
        }

        fn target_ok(&self, sq: (i32, i32)) -> bool {
            self.on_board(sq) && self.at(sq).is_none_or(|p| p.white != self.white_to_move)
        }

        fn normal(from: (i32, i32), to: (i32, i32)) -> Move {
            Move::Normal { from, to, promotion: None, en_passant: false, rook: None }
        }

        fn leaps(&self, from: (i32, i32), steps: &[(i32, i32)], out: &mut Vec<Move>) {
            for &(df, dr) in steps {
                let to = (from.0 + df, from.1 + dr);
                if self.target_ok(to) {
                    out.push(Board::normal(from, to));
                }
            }
        }

        fn slides(&self, from: (i32, i32), directions: &[(i32, i32)], out: &mut Vec<Move>) {
            for &(df, dr) in directions {
                let mut to = (from.0 + df, from.1 + dr);
                while self.on_board(to) {
                    match self.at(to) {
                        None => out.push(Board::normal(from, to)),
                        Some(p) => {
                            if p.white != self.white_to_move {
                                out.push(Board::normal(from, to));
                            }
                            break;
                        }
                    }
                    to = (to.0 + df, to.1 + dr);
                }
            }
        }

        fn pawn_moves(&self, from: (i32, i32), out: &mut Vec<Move>) {
            let white = self.white_to_move;
            let dir = if white { 1 } else { -1 };
            let last = if white { self.ranks - 1 } else { 0 };
            let promotions: &[char] =
                if self.files == 10 { &['Q', 'C', 'A', 'R', 'B', 'N'] } else { &['Q', 'R', 'B', 'N'] };
            let push = |to: (i32, i32), en_passant: bool, out: &mut Vec<Move>| {
                if to.1 == last {
                    for &c in promotions {
                        out.push(Move::Normal { from, to, promotion: Some(c), en_passant, rook: None });
                    }
                } else {
                    out.push(Move::Normal { from, to, promotion: None, en_passant, rook: None });
                }
            };
            let one = (from.0, from.1 + dir);
            if self.on_board(one) && self.at(one).is_none() {
                push(one, false, out);
                let two = (from.0, from.1 + 2 * dir);
                let start = if white { 1 } else { self.ranks - 2 };
                if from.1 == start && self.at(two).is_none() {
                    push(two, false, out);
                }
            }
            for df in [-1, 1] {
                let to = (from.0 + df, from.1 + dir);
                if self.at(to).is_some_and(|p| p.white != white) {
                    push(to, false, out);
                } else if self.ep == Some(to) {
                    push(to, true, out);
                }
            }
        }

        /// The king on its home square (the middle file of the first rank) castles towards the
        /// last file (to the last file but one, the rook beside it) or the first (to c, the rook
        /// to d), not out of, through or into check, over empty squares.
        fn castlings(&self, from: (i32, i32), out: &mut Vec<Move>) {
            let white = self.white_to_move;
            let rank = if white { 0 } else { self.ranks - 1 };
            if from != (self.files / 2, rank) {
                return;
            }
            for side in 0..2 {
                if !self.castling[color_index(white)][side] {
                    continue;
                }
                let (rook_from, king_to, rook_to) =
                    if side == 0 { (self.files - 1, self.files - 2, self.files - 3) } else { (0, 2, 3) };
                let lo = from.0.min(rook_from).min(king_to).min(rook_to);
                let hi = from.0.max(rook_from).max(king_to).max(rook_to);
                let empty = (lo..=hi).all(|f| f == from.0 || f == rook_from || self.at((f, rank)).is_none());
                let (a, b) = (from.0.min(king_to), from.0.max(king_to));
                let safe = (a..=b).all(|f| !self.attacked((f, rank), !white));
                if empty && safe {
                    out.push(Move::Normal {
                        from,
                        to: (king_to, rank),
                        promotion: None,
                        en_passant: false,
                        rook: Some(((rook_from, rank), (rook_to, rank))),
                    });
                }
            }
        }

        /// The rules page's procedure: for each of the 8 first steps, off the board is the
        /// reserve with nothing captured; else the first square is jumped, or captured if it
        /// holds an enemy, and for each of the 8 second steps: off the board is the reserve,
        /// the ninja's own square a return, an own piece no move, an enemy piece captured at
        /// the end, an empty square the end. The effects are collected in a set.
        fn ninja_moves(&self, from: (i32, i32), out: &mut Vec<Move>) {
            let us = self.white_to_move;
            let mut effects: BTreeSet<Effect> = BTreeSet::new();
            for (df, dr) in KING {
                let first = (from.0 + df, from.1 + dr);
                if !self.on_board(first) {
                    effects.insert((None, vec![]));
                    continue;
                }
                let mut choices = vec![vec![]];
                if self.at(first).is_some_and(|p| p.white != us) {
                    choices.push(vec![first]);
                }
                for captured in choices {
                    for (df, dr) in KING {
                        let second = (first.0 + df, first.1 + dr);
                        if !self.on_board(second) {
                            effects.insert((None, captured.clone()));
                        } else if second == from {
                            effects.insert((Some(from), captured.clone()));
                        } else {
                            match self.at(second) {
                                Some(p) if p.white == us => {}
                                Some(_) => {
                                    let mut both = captured.clone();
                                    both.push(second);
                                    both.sort();
                                    effects.insert((Some(second), both));
                                }
                                None => {
                                    effects.insert((Some(second), captured.clone()));
                                }
                            }
                        }
                    }
                }
            }
            out.extend(effects.into_iter().map(|(end, captures)| Move::Ninja { from, captures, end }));
        }

        /// The position after `m`.
        pub fn after(&self, m: &Move) -> Board {
            let mut b = self.clone();
            let us = self.white_to_move;
            b.ep = None;
            match m {
                Move::Normal { from, to, promotion, en_passant, rook } => {
                    let piece = b.at(*from).unwrap();
                    b.set(*from, None);
                    if *en_passant {
                        b.set((to.0, from.1), None);
                    }
                    b.set(*to, Some(Piece { white: us, kind: promotion.unwrap_or(piece.kind) }));
                    if let Some((rook_from, rook_to)) = rook {
                        b.set(*rook_from, None);
                        b.set(*rook_to, Some(Piece { white: us, kind: 'R' }));
                    }
                    if piece.kind == 'P' && (to.1 - from.1).abs() == 2 {
                        b.ep = Some((from.0, (from.1 + to.1) / 2));
                    }
                }
                Move::Drop(sq) => {
                    b.set(*sq, Some(Piece { white: us, kind: 'J' }));
                    b.reserve[color_index(us)] = false;
                }
                Move::Ninja { from, captures, end } => {
                    b.set(*from, None);
                    for &sq in captures {
                        b.set(sq, None);
                    }
                    match end {
                        Some(sq) => b.set(*sq, Some(Piece { white: us, kind: 'J' })),
                        None => b.reserve[color_index(us)] = true,
                    }
                }
            }
            // A castling right lasts while its king and rook stand on their home squares.
            for (c, white) in [(0, true), (1, false)] {
                let rank = if white { 0 } else { b.ranks - 1 };
                let king_home = b.at((b.files / 2, rank)) == Some(Piece { white, kind: 'K' });
                for (side, file) in [(0, b.files - 1), (1, 0)] {
                    let rook_home = b.at((file, rank)) == Some(Piece { white, kind: 'R' });
                    b.castling[c][side] &= king_home && rook_home;
                }
            }
            b.white_to_move = !us;
            b
        }

        pub fn perft(&self, depth: u32) -> u64 {
            let moves = self.legal_moves();
            if depth <= 1 {
                return if depth == 0 { 1 } else { moves.len() as u64 };
            }
            moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
        }

        pub fn keys(&self) -> BTreeSet<String> {
            self.legal_moves().iter().map(Move::key).collect()
        }
    }
}

use independent::Board;

/// The page's test positions for chess+ninja, numbered as on the page.
const POSITIONS: [(u32, &str); 8] = [
    (1, "k7/8/8/8/3J4/8/8/7K w - - 0 1"),
    (2, "k7/8/8/8/8/8/8/J6K w - - 0 1"),
    (3, "k7/8/8/8/8/8/1J6/7K w - - 0 1"),
    (4, "k7/8/8/4pp2/3PJ3/8/8/7K w - - 0 1"),
    (5, "k7/8/8/3NNN2/3NJN2/3NNN2/8/7K w - - 0 1"),
    (6, "k7/8/8/3ppp2/3pJp2/3ppp2/8/7K w - - 0 1"),
    (7, "k7/8/8/8/8/8/nn6/Jb5K w - - 0 1"),
    (8, "k7/8/8/8/8/1p6/1J6/N6K w - - 0 1"),
];

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w KQkq - 0 1";
const CAPABLANCA_START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[Jj] w KQkq - 0 1";

fn variant(id: &str) -> &'static dyn Variant {
    variants::by_id(id).unwrap_or_else(|| panic!("herald has no variant {id}"))
}

fn herald(id: &str, fen: &str) -> NinjaPosition {
    NinjaPosition::read_fen(variant(id).rules(), fen).unwrap()
}

/// herald's move in the independent generator's form.
fn key(pos: &NinjaPosition, m: HostMove) -> String {
    match m {
        HostMove::Piece(m) => {
            let promotion = m.promotion().map(|r| pos.board().rules().piece(r).letter.to_ascii_lowercase());
            format!("{}{}{}", m.from, m.to, promotion.map(String::from).unwrap_or_default())
        }
        HostMove::Ninja(NinjaMove::Drop(sq)) => format!("J@{sq}"),
        HostMove::Ninja(n @ NinjaMove::Steps { from, first_capture, end }) => {
            let mut captures: Vec<String> =
                first_capture.into_iter().chain(n.end_capture(pos.board())).map(|sq| sq.algebraic()).collect();
            captures.sort();
            let end = match end {
                NinjaEnd::Square(sq) => sq.algebraic(),
                NinjaEnd::Off => "off".to_string(),
            };
            format!("J{from}:{}:{end}", captures.join(","))
        }
    }
}

fn herald_keys(pos: &NinjaPosition) -> BTreeSet<String> {
    pos.legal_moves().into_iter().map(|m| key(pos, m)).collect()
}

/// The independent generator plays chess right: the chessprogramming wiki's published perft
/// counts (no ninja in these positions) and Capablanca's start as Fairy-Stockfish counts it.
#[test]
fn the_independent_generator_counts_published_perft_numbers() {
    let start = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!([1, 2, 3].map(|d| start.perft(d)), [20, 400, 8902]);
    let kiwipete = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!([1, 2].map(|d| kiwipete.perft(d)), [48, 2039]);
    let position3 = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    assert_eq!([1, 2, 3].map(|d| position3.perft(d)), [14, 191, 2812]);
    let position4 = Board::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    assert_eq!([1, 2].map(|d| position4.perft(d)), [6, 264]);
    let capablanca = Board::from_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
    assert_eq!([1, 2].map(|d| capablanca.perft(d)), [28, 784]);
}

/// Each count of the page, worked out by hand and by the independent generator; herald's
/// moves are the same set.
#[test]
fn the_pages_counts_by_hand_and_by_the_independent_generator() {
    // (position, the ninja's moves, every move): the reasoning for each is in the comments.
    let expected: [(u32, usize, usize); 8] = [
        // d4: the 24 squares of the 5x5 around it and the pass; the king h1 has g1, g2, h2.
        (1, 25, 28),
        // a1: the 8 squares of the 3x3 beside the corner, the pass, over the edge; 3 king moves.
        (2, 10, 13),
        // b2: the 4x4 a1..d4 less its own square (15), the pass, over the edge.
        (3, 17, 20),
        // e4 beside its own d4: 23 squares + the pass; capturing e5 first then d5, d6, e6, f6,
        // xf5, f4 or back (7); capturing f5 first then e4 (back), xe5, e6, f6, g6, g5, g4, f4
        // (8): 39. The d-pawn has d5 and dxe5, the king 3: 44.
        (4, 39, 44),
        // Walled in by its own knights: the 16 squares two steps away and the pass. Each of the
        // eight knights has 6 moves (two of its 8 squares hold another knight: d3 has f2, e1,
        // c1, b2, b4, c5 but not e5, f4; and so on round the ring), the king 3: 17 + 48 + 3.
        (5, 17, 68),
        // Walled in by enemy pawns: 24 squares (the 8 neighbours captured) + the pass = 25, and
        // for each of the 8 first-step captures every one of its 8 second steps = 64: 89. The
        // king has g1 and h2 (g2 is attacked by the pawn f3): 91.
        (6, 89, 91),
        // a1 among a2, b2 (knights) and b1 (bishop): 8 squares + pass + off = 10; capturing a2
        // first: off, a3, b3, xb2, xb1, back = 6; b2 first: back, xa2, a3, b3, c3, c2, c1, xb1 =
        // 8; b1 first: back, xa2, xb2, c2, c1, off = 6: 30.
        (7, 30, 33),
        // b2 beside its own knight a1: 14 squares + pass + off = 16; capturing b3 first: a2,
        // a3, a4, b4, c4, c3, c2, back = 8: 24.
        (8, 24, 24 + 3 + 2),
    ];
    for ((n, fen), (m, ninja, total)) in POSITIONS.iter().zip(expected) {
        assert_eq!(*n, m);
        let board = Board::from_fen(fen);
        assert_eq!(board.legal_ninja_moves().len(), ninja, "position {n}: ninja moves");
        assert_eq!(board.legal_moves().len(), total, "position {n}: every move");
        let pos = herald("chess+ninja", fen);
        assert_eq!(herald_keys(&pos), board.keys(), "position {n}");
    }
}

/// Position 9: drops on every empty square, from the first move.
#[test]
fn drops_on_every_empty_square() {
    // 62 empty squares and the king's 3 moves.
    let fen = "k7/8/8/8/8/8/8/7K[J] w - - 0 1";
    let board = Board::from_fen(fen);
    assert_eq!((board.legal_ninja_moves().len(), board.legal_moves().len()), (62, 65));
    assert_eq!(herald_keys(&herald("chess+ninja", fen)), board.keys());
    // The starts: chess's 20 moves and 32 empty squares; Capablanca's 28 and 40.
    for (id, fen, expected) in [("chess+ninja", CHESS_START, 20 + 32), ("capablanca+ninja", CAPABLANCA_START, 28 + 40)]
    {
        let board = Board::from_fen(fen);
        assert_eq!(board.legal_moves().len(), expected, "{id}");
        let pos = herald(id, fen);
        assert_eq!(herald_keys(&pos), board.keys(), "{id}");
        // The variant's own start is that position.
        let game = variant(id).new_game();
        assert_eq!(game.fen(), fen);
        assert_eq!(game.start_fen(), fen);
    }
}

/// herald's perft beside the independent generator's, to depth 3, from the start of
/// chess+ninja and capablanca+ninja and from the page's positions 1 to 8.
#[test]
fn perft_agrees_with_the_independent_generator_to_depth_3() {
    let mut positions: Vec<(&str, &str, u32)> =
        vec![("chess+ninja", CHESS_START, 3), ("capablanca+ninja", CAPABLANCA_START, 3)];
    positions.extend(POSITIONS.iter().map(|&(_, fen)| ("chess+ninja", fen, 3)));
    for (id, fen, depth) in positions {
        let board = Board::from_fen(fen);
        let pos = herald(id, fen);
        for d in 1..=depth {
            assert_eq!(pos.perft(d), board.perft(d), "{id} {fen} depth {d}");
        }
    }
}

/// The moves a herald game of `id` from `fen` accepts right now, tried one at a time on a
/// fresh game.
fn game(id: &str, fen: &str) -> Box<dyn VariantGame> {
    variant(id).game_from_fen(fen).unwrap()
}

/// Position 10: a lone ninja two steps from the king checks it and covers every square it
/// could go to: checkmate, with nothing else on the board.
#[test]
fn a_lone_ninja_mates() {
    let fen = "4k3/8/8/8/8/4j3/8/4K3 w - - 0 1";
    let board = Board::from_fen(fen);
    assert!(board.legal_moves().is_empty() && board.in_check());
    let g = game("chess+ninja", fen);
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
    // A ninja in reserve changes nothing: a drop cannot block a ninja's check, and the king
    // has no square to go to.
    let with_reserve = "4k3/8/8/8/8/4j3/8/4K3[J] w - - 0 1";
    assert!(Board::from_fen(with_reserve).legal_moves().is_empty());
    assert!(game("chess+ninja", with_reserve).outcome().is_some_and(|o| o.winner() == Some(Color::Black)));
    // The mate by a drop: Black drops on e3 and the game ends there, with the mark.
    let mut g = game("chess+ninja", "4k3/8/8/8/8/8/8/4K3[j] b - - 0 1");
    let played = g.play("J@e3").unwrap();
    assert_eq!(played.notation, "J@e3#");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
}

/// Position 11: a ninja between its king and a rook may only stay on the file: e3, e4, or
/// out and back; the king has 4 squares.
#[test]
fn a_pinned_ninja_stays_on_the_line() {
    let fen = "4k3/4r3/8/8/8/8/4J3/4K3 w - - 0 1";
    let board = Board::from_fen(fen);
    let pos = herald("chess+ninja", fen);
    assert_eq!(herald_keys(&pos), board.keys());
    let ninja: BTreeSet<String> = board.legal_ninja_moves().iter().map(|m| m.key()).collect();
    assert_eq!(ninja, BTreeSet::from(["Je2::e3", "Je2::e4", "Je2::e2"].map(String::from)));
    assert_eq!(board.legal_moves().len(), 7);
    // Leaving over the edge (through its own king's square) would expose the king.
    let err = game("chess+ninja", fen).play("Je2-off").unwrap_err().to_string();
    assert!(err.contains("would leave your king in check"), "{err}");
}

/// Position 12: a ninja's check cannot be blocked. The ninja on e3 checks the king on e1 and
/// covers d1, d2, e2, f1, f2; the queen on a2 could stand on e2 between them, but that is no
/// answer, nor a drop; only the bishop's capture on e3 is.
#[test]
fn a_ninjas_check_cannot_be_blocked() {
    let fen = "4k3/8/8/8/8/4j3/Q7/2B1K3[J] w - - 0 1";
    let board = Board::from_fen(fen);
    assert_eq!(board.keys(), BTreeSet::from(["c1e3".to_string()]));
    assert_eq!(herald_keys(&herald("chess+ninja", fen)), board.keys());
    let mut g = game("chess+ninja", fen);
    let err = g.play("Qe2").unwrap_err().to_string();
    assert!(err.contains("check"), "{err}");
    assert!(g.play("J@e2").is_err());
    assert_eq!(g.play("Bxe3").unwrap().notation, "Bxe3");
}

/// Position 13: over the edge into reserve, dropped again later; a captured ninja is gone for
/// good, and the FEN says where each ninja is.
#[test]
fn over_the_edge_and_back_and_gone_when_captured() {
    let mut g = game("chess+ninja", "4k3/8/8/8/8/8/8/4K3[Jj] w - - 0 1");
    for (text, written, fen) in [
        ("J@b2", "J@b2", "4k3/8/8/8/8/8/1J6/4K3[j] b - - 1 1"),
        ("J*g7", "J@g7", "4k3/6j1/8/8/8/8/1J6/4K3 w - - 2 2"),
        ("Jb2-off", "Jb2-off", "4k3/6j1/8/8/8/8/8/4K3[J] b - - 3 2"),
        ("Jg7-g6", "Jg7-g6", "4k3/8/6j1/8/8/8/8/4K3[J] w - - 4 3"),
        ("J@g5", "J@g5", "4k3/8/6j1/6J1/8/8/8/4K3 b - - 5 3"),
        // Black's ninja takes White's: the count starts again, and White's is gone.
        ("Jxg5", "Jg6xg5", "4k3/8/8/6j1/8/8/8/4K3 w - - 0 4"),
    ] {
        let played = g.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(played.notation, written);
        assert_eq!(g.fen(), fen, "after {text}");
    }
    let err = g.play("J@e4").unwrap_err().to_string();
    assert!(err.contains("captured: it is gone for good"), "{err}");
    let view = g.view(variants::Observer::Public);
    assert!(view.notices.contains(&"Ninjas: White's captured; Black's on g5.".to_string()), "{:?}", view.notices);
}

/// Position 17: a pass repeats the position with the other side to move, so passes make a
/// claimable threefold repetition, and a fivefold one ends the game.
#[test]
fn passes_repeat_the_position() {
    let mut g = game("chess+ninja", "4k3/8/8/7j/J7/8/8/4K3 w - - 0 1");
    for (i, text) in ["Ja4-a4", "Jh5-h5", "Ja4", "Jh5"].iter().enumerate() {
        assert!(g.claimable_draws().is_empty(), "before ply {i}");
        g.play(text).unwrap();
    }
    // The start, then after the second and the fourth pass: three times.
    assert_eq!(g.claimable_draws(), vec![ClaimableDraw::ThreefoldRepetition]);
    assert_eq!(g.moves(), ["Ja4-a4", "Jh5-h5", "Ja4-a4", "Jh5-h5"]);
    for text in ["Ja4", "Jh5", "Ja4", "Jh5"] {
        assert!(g.outcome().is_none());
        g.play(text).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: herald::engine::DrawReason::FivefoldRepetition }));
}

/// Every form of the page's notation, as herald writes it and as a player may write it.
#[test]
fn the_notation_is_written_and_read_as_the_page_says() {
    // White's ninja on e4 beside Black's pawn e5, two steps from the pawn f6.
    let fen = "k7/8/5p2/4p3/4J3/8/8/4K3 w - - 0 1";
    let cases: [(&str, &[&str], &str); 6] = [
        ("Je4-f5", &["Jf5", "Je4f5", "Je4-f5", "1. Je4-f5!"], "Je4-f5"),
        ("Je4xf6", &["Jxf6", "Jf6", "Je4xf6", "Je4:f6"], "Je4xf6"),
        ("Je4xe5-d6", &["Jxe5-d6", "Jxe5d6", "Je4xe5-d6"], "Je4xe5-d6"),
        ("Je4xe5xf6", &["Jxe5xf6", "Je4xe5xf6", "Jxe5f6"], "Je4xe5xf6"),
        ("Je4xe5-e4", &["Jxe5-e4", "Je4xe5-e4"], "Je4xe5-e4"),
        ("Je4-e4", &["Je4", "Je4-e4", "Je4e4"], "Je4-e4"),
    ];
    for (meant, texts, written) in cases {
        for text in texts {
            let mut g = game("chess+ninja", fen);
            let played = g.play(text).unwrap_or_else(|e| panic!("{text} for {meant}: {e}"));
            assert_eq!(played.notation, written, "{text}");
        }
    }
    // Over the edge, with and without a capture on the way; drops with @ and *.
    for (fen, text, written) in [
        ("4k3/8/8/8/8/8/1J6/4K3 w - - 0 1", "Joff", "Jb2-off"),
        ("4k3/8/8/8/8/8/1J6/4K3 w - - 0 1", "J-off", "Jb2-off"),
        ("4k3/8/8/8/8/8/pJ6/4K3 w - - 0 1", "Jxa2-off", "Jb2xa2-off"),
        ("4k3/8/8/8/8/8/8/4K3[J] w - - 0 1", "J*e4", "J@e4"),
        ("8/8/8/4k3/8/8/8/4K3[J] w - - 0 1", "J@e3", "J@e3+"),
    ] {
        let mut g = game("chess+ninja", fen);
        assert_eq!(g.play(text).unwrap_or_else(|e| panic!("{text}: {e}")).notation, written);
    }
    // What is refused, and why.
    for (text, why) in [
        ("Je4xf5", "there is nothing to capture on f5"),
        ("Je4xf5-f6", "there is no enemy piece on f5"),
        ("Je4xd6-d7", "d6 is not a step from e4"),
        ("Je3-e5", "your ninja is on e4, not on e3"),
        ("Je4-h4", "h4 is more than two king steps from e4"),
        ("Je4-off", "more than two steps from the edge"),
        ("J@e3", "your ninja is on e4, not in reserve"),
        ("Je4xe5-g3", "g3 is not a step from e5"),
        ("J@", "a ninja's move is written"),
        ("Je4-xoff", "a ninja's move is written"),
    ] {
        let err = game("chess+ninja", fen).play(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    // `j` is a file on 10x8 boards: a pawn's move there, not a ninja's.
    let mut g = variant("capablanca+ninja").new_game();
    assert_eq!(g.play("j4").unwrap().notation, "j4");
    assert_eq!(g.play("J@j5").unwrap().notation, "J@j5");
}

/// A game resumes from its snapshot as it was, reserves included, and refuses a snapshot that
/// gives a side two ninjas.
#[test]
fn a_game_resumes_from_its_snapshot() {
    let v = variant("chess+ninja");
    let mut g = v.new_game();
    for text in ["e4", "J@a6", "J@a5", "Ja6xa5-off"] {
        g.play(text).unwrap();
    }
    let snapshot = g.snapshot();
    assert!(snapshot.contains("\nreserves Jj j\n"), "{snapshot}");
    let resumed = v.restore(&snapshot).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[j] w KQkq - 0 3");
    assert_eq!(resumed.start_fen(), CHESS_START);
    assert_eq!(resumed.moves(), g.moves());
    assert_eq!(resumed.snapshot(), snapshot);
    let forged = snapshot.replace("reserves Jj j", "reserves JJ j");
    assert!(v.restore(&forged).is_err());
    assert!(v.game_from_fen("4k3/8/8/8/8/8/1J6/4K3[J] w - - 0 1").is_err());
    assert!(v.game_from_fen("4k3/8/8/8/8/8/8/4K3[JJ] w - - 0 1").is_err());
    assert!(v.game_from_fen("4k3/8/8/8/8/8/8/4K3[S] w - - 0 1").is_err());
}

/// `herald variants` lists the hosts, and `--with ninja` finds them by the base variant.
#[test]
fn the_hosts_are_listed_and_found_with_ninja() {
    use herald::variants::ninja::with_ninja;
    assert_eq!(with_ninja("chess").unwrap().id(), "chess+ninja");
    assert_eq!(with_ninja("capablanca").unwrap().id(), "capablanca+ninja");
    let Err(err) = with_ninja("royal") else { panic!("royal has no ninja") };
    assert!(err.contains("royal is not played with the ninja") && err.contains("chess, capablanca"), "{err}");
    for id in ["chess+ninja", "capablanca+ninja"] {
        assert!(!variant(id).engine_moves(), "{id}: perft by the engine alone would miss the ninja's moves");
    }
}
