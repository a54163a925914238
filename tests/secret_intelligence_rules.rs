//! Secret Intelligence Chess (docs/rules/secret-intelligence.md): each rule in a position
//! that shows it, with the expected moves worked out by hand from the rules page; the setup
//! procedure over many seeds and its golden vectors (computed by the independent script
//! tests/fixtures/secret_intelligence_setup.py); legal-move trees compared node by node with
//! a deliberately simple move generator written in this file from the rules page alone; the
//! seeds, the cipher and what each player's view may contain, over random games.

use std::collections::BTreeSet;

use herald::engine::{Color, DrawReason, Outcome, WinReason};
use herald::notation::input::MoveInputError;
use herald::variants::chance::FairRng;
use herald::variants::secret_intelligence::board::{Board, MoveKind, SiMove};
use herald::variants::secret_intelligence::{cipher, notation, setup};
use herald::variants::{self, Cell, Observer, Secret, Variant, VariantGame};

fn variant() -> &'static dyn Variant {
    variants::by_id("secret-intelligence").unwrap()
}

fn game(fen: &str) -> Box<dyn VariantGame> {
    variant().game_from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of a position in herald's notation, as a set.
fn legal(fen: &str) -> BTreeSet<String> {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    board.legal_moves().into_iter().map(|m| notation::write(&board, m)).collect()
}

/// The legal moves of the piece on `from`.
fn moves_of(fen: &str, from: &str) -> BTreeSet<String> {
    legal(fen).into_iter().filter(|m| &m[1..3] == from).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(game: &mut Box<dyn VariantGame>, text: &str) -> herald::variants::PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn refusal(game: &mut Box<dyn VariantGame>, text: &str) -> String {
    let before = game.fen();
    match game.play(text) {
        Ok(m) => panic!("{text} was accepted as {} in {before}", m.notation),
        Err(e) => {
            assert_eq!(game.fen(), before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

// ---------------------------------------------------------------------------------------
// The Spy.

/// "it cannot capture any non-Spy piece by moving as a piece of that type would be able to
/// move to capture. For a Pawn, this means it may not capture it by moving one space
/// diagonally forward, though it may capture it by any other way it can move, including
/// moving one or two spaces forward."
#[test]
fn a_spy_may_not_capture_a_piece_that_could_capture_it() {
    // White Spy d4; Black Pawns c5 (diagonally forward, adjacent), d6 and f6 (two squares
    // away), Black Rook b4 (adjacent? no: two squares left, on the rank), Black Knight e6.
    let fen = "4k3/8/3pnp2/2p5/1r1S4/8/8/4K3 w - - 0 1";
    let spy = moves_of(fen, "d4");
    // c5: the Pawn takes back diagonally. d6: straight ahead, two squares (a Pawn cannot
    // take straight). f6: two squares diagonally (a Pawn takes only one). e6: a Knight leap
    // onto a Knight, which would take back the same way.
    assert!(!spy.contains("Sd4xc5"), "{spy:?}");
    assert!(spy.contains("Sd4xd6"), "{spy:?}");
    assert!(spy.contains("Sd4xf6"), "{spy:?}");
    assert!(!spy.contains("Sd4xe6"), "{spy:?}");
    // b4: a Rook on the rank would take back along it; c3 would be a Bishop's step, not a
    // Rook's, but b4 is reached only along the rank.
    assert!(!spy.contains("Sd4xb4"), "{spy:?}");
}

#[test]
fn a_spy_next_to_a_king_does_not_check_it_but_checks_from_afar() {
    // The Black Spy d2 touches the White King e1: no check. It does hold f2 (two squares
    // along the rank) and f1 (a Knight leap), where the King could not take it back; d1 and
    // e2 touch it, so it could not capture a King there.
    let fen = "4k3/8/8/8/8/8/3s4/4K3 w - - 0 1";
    assert_eq!(legal(fen), set(&["Ke1-d1", "Ke1-e2", "Ke1xd2"]));
    let view = game(fen).view(Observer::Player(Color::White));
    assert!(!view.notices.iter().any(|n| n.contains("in check")), "{:?}", view.notices);
    // From a1, four squares away along the rank, it checks.
    let far = game("4k3/8/8/8/8/8/8/s3K3 w - - 0 1");
    assert!(far.view(Observer::Player(Color::White)).notices.contains(&"You are in check.".to_string()));
}

/// "A Spy may not move to any empty space on which it could be captured by any piece
/// besides another Spy unless it is to block a check on its own King."
#[test]
fn a_spy_avoids_empty_squares_a_non_spy_attacks() {
    // White Spy d1; Black Spy b3, Black Rook h3.
    let fen = "4k3/8/8/8/8/1s5r/8/3SK3 w - - 0 1";
    let spy = moves_of(fen, "d1");
    assert!(!spy.contains("Sd1-d3"), "the Rook on h3 holds d3: {spy:?}");
    assert!(spy.contains("Sd1-c2"), "only the Black Spy holds c2: {spy:?}");
    assert!(spy.contains("Sd1xb3"), "a Spy captures a Spy freely: {spy:?}");
    assert!(spy.contains("Sd1-d2"), "{spy:?}");
}

#[test]
fn a_spy_may_block_a_check_on_an_attacked_square() {
    // The Rook a1 checks the King e1 along the first rank. The Spy b2 blocks on b1 (a Rook's
    // step), c1 (a Bishop's) or d1 (a Knight's), all attacked by the Rook, or takes the Rook
    // diagonally (a Rook cannot take back diagonally). The King goes to d2, e2 or f2 (d1 and
    // f1 stay on the Rook's rank).
    let fen = "4k3/8/8/8/8/8/1S6/r3K3 w - - 0 1";
    assert_eq!(legal(fen), set(&["Sb2-b1", "Sb2-c1", "Sb2-d1", "Sb2xa1", "Ke1-d2", "Ke1-e2", "Ke1-f2"]));
}

// ---------------------------------------------------------------------------------------
// The Decoy.

/// "A Decoy may move as a King or a Knight, though not into check unless it is to prevent a
/// check on its own King or is to a space occupied by the enemy King or is to a space next
/// to its own King."
#[test]
fn a_decoy_does_not_move_into_check_except_next_to_its_king() {
    // Decoy a1: King steps a2, b1, b2 and Knight leaps b3, c2. The Rook b4 holds the b-file.
    let far_king = "4k3/8/8/8/1r6/8/8/Y3K3 w - - 0 1";
    assert_eq!(moves_of(far_king, "a1"), set(&["Ya1-a2", "Ya1-c2"]));
    // With its King on c1, b1 and b2 are next to the King: allowed though attacked; b3 is not.
    let near_king = "4k3/8/8/8/1r6/8/8/Y1K5 w - - 0 1";
    assert_eq!(moves_of(near_king, "a1"), set(&["Ya1-a2", "Ya1-b1", "Ya1-b2", "Ya1-c2"]));
}

#[test]
fn a_decoy_may_move_into_check_to_save_its_king() {
    // The Rook a1 checks the King e1; the Decoy c3 blocks with a Knight leap to b1 or d1,
    // both attacked by the Rook.
    let fen = "4k3/8/8/8/8/2Y5/8/r3K3 w - - 0 1";
    assert_eq!(moves_of(fen, "c3"), set(&["Yc3-b1", "Yc3-d1"]));
}

#[test]
fn checks_on_a_decoy_are_announced_like_checks_on_a_king() {
    let mut g = game("4k3/8/8/8/r7/8/8/1Y2K3 b - - 0 1");
    play(&mut g, "Rb4");
    let white = g.view(Observer::Player(Color::White));
    assert!(
        white.notices.iter().any(|n| n.contains("the check is on your Decoy")),
        "the owner is told the check is on the Decoy: {:?}",
        white.notices
    );
    assert!(!white.notices.contains(&"You are in check.".to_string()));
    let black = g.view(Observer::Player(Color::Black));
    assert!(
        black.notices.iter().any(|n| n == "Check: your move attacks the enemy King or Decoy."),
        "{:?}",
        black.notices
    );

    // A check on the King reads the same to the checking player.
    let mut g = game("4k3/8/8/8/r7/8/8/1Y2K3 b - - 0 1");
    play(&mut g, "Re4");
    let black = g.view(Observer::Player(Color::Black));
    assert!(
        black.notices.iter().any(|n| n == "Check: your move attacks the enemy King or Decoy."),
        "{:?}",
        black.notices
    );
    let white = g.view(Observer::Player(Color::White));
    assert!(white.notices.contains(&"You are in check.".to_string()));
    assert!(!white.notices.iter().any(|n| n.contains("Decoy")), "{:?}", white.notices);

    // A quiet move gets no check notice.
    let mut g = game("4k3/8/8/8/r7/8/8/1Y2K3 b - - 0 1");
    play(&mut g, "Ra5");
    assert!(!g.view(Observer::Player(Color::Black)).notices.iter().any(|n| n.starts_with("Check")));
}

// ---------------------------------------------------------------------------------------
// The King, Quick Pawns, promotion, swaps, the end.

#[test]
fn a_king_may_not_move_into_check_nor_next_to_the_other_king() {
    assert_eq!(legal("8/8/8/8/8/3k4/8/3K4 w - - 0 1"), set(&["Kd1-c1", "Kd1-e1"]));
}

#[test]
fn quick_pawns_step_twice_from_any_rank_and_are_taken_en_passant() {
    assert_eq!(moves_of("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "d4"), set(&["Pd4-d5", "Pd4-d6"]));
    let mut g = game("4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1");
    play(&mut g, "d5");
    // Listed without the capture mark, as every move in the list is; recorded with it.
    assert!(g.view(Observer::Player(Color::Black)).legal_moves.unwrap().contains(&"Pe5-d4".to_string()));
    let taken = play(&mut g, "exd4");
    assert_eq!(taken.notation, "Pe5xd4");
    assert!(g.fen().starts_with("4k3/8/8/8/3p4/8/8/4K3 w"), "{}", g.fen());
    // White reads it as a capture on d4 by a piece tracked by its start square, e5.
    let white = g.view(Observer::Player(Color::White));
    assert!(white.moves[1].ends_with(":e5xd4@e5"), "{:?}", white.moves);
}

#[test]
fn en_passant_lasts_one_move() {
    let mut g = game("4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1");
    play(&mut g, "d5");
    play(&mut g, "Ke7");
    play(&mut g, "Ke2");
    assert!(!g.view(Observer::Player(Color::Black)).legal_moves.unwrap().iter().any(|m| m.contains('x')));
}

#[test]
fn promotion_to_a_piece_the_player_has_is_only_to_rook_bishop_or_knight() {
    // White has a Queen: b8 may be any piece but a Queen.
    let with_queen = moves_of("4k3/1P6/8/8/8/8/8/Q3K3 w - - 0 1", "b7");
    assert_eq!(
        with_queen,
        set(&["Mb7-b8", "Ab7-b8", "Db7-b8", "Hb7-b8", "Cb7-b8", "Sb7-b8", "Yb7-b8", "Rb7-b8", "Bb7-b8", "Nb7-b8"])
    );
    // With a Spy, a Decoy and a Rook: neither Spy nor Decoy, but a Rook is always allowed.
    let spy_decoy = moves_of("4k3/1P6/8/8/8/8/8/SYR1K3 w - - 0 1", "b7");
    assert_eq!(
        spy_decoy,
        set(&["Qb7-b8", "Mb7-b8", "Ab7-b8", "Db7-b8", "Hb7-b8", "Cb7-b8", "Rb7-b8", "Bb7-b8", "Nb7-b8"])
    );
    // A two-step move may reach the last rank too.
    assert!(moves_of("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", "b6").contains("Qb6-b8"));
}

#[test]
fn a_promotion_is_written_as_a_move_of_the_new_piece_and_ciphered_like_any_move() {
    let mut g = game("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let played = play(&mut g, "b8=Q");
    assert_eq!(played.notation, "Qb7-b8");
    // Computed outside herald with Python's hmac module (docs/rules/secret-intelligence.md).
    let key = cipher::key(&[0; 32]);
    assert_eq!(key, "19d7579e405f321bbe89f14861254efbba75bf74875e4d9fb289e8210e247fca");
    let token = cipher::token(&key, 1, "Qb7-b8");
    assert_eq!(token, "fa5c5c");
    assert_eq!(played.sealed.as_deref(), Some(format!("{token}:b7-b8@b7").as_str()));
    assert_eq!(g.view(Observer::Player(Color::Black)).moves, vec![format!("{token}:b7-b8@b7")]);
    // The player may also write it the way herald does.
    let mut g = game("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(play(&mut g, "Nb7-b8").notation, "Nb7-b8");
    assert!(g.fen().starts_with("1N2k3/"), "{}", g.fen());
    // Without the piece, herald asks which.
    let mut g = game("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(g.play("b7-b8"), Err(MoveInputError::Ambiguous { .. })));
}

/// "Two pieces on the same side may swap places under these conditions: Neither piece is the
/// same type as the other. Neither piece has moved under its own power (being the passive
/// piece in a swap does not count). Neither piece is attacked by an enemy piece. One piece
/// can and does move to the other's space by its own powers of movement."
#[test]
fn swaps_follow_their_four_conditions() {
    // The Rook a1 reaches b1; the Knight b1 does not reach a1.
    assert_eq!(legal("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").iter().filter(|m| m.contains("<>")).count(), 1);
    assert!(legal("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").contains("Ra1<>Nb1"));
    // Same kind: no swap (the King stands where neither Rook reaches it).
    assert!(!legal("4k3/8/8/8/8/8/7K/RR6 w - - 0 1").iter().any(|m| m.contains("<>")));
    // The Knight has moved (it began on g1): no swap.
    assert!(!legal("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1 b1=g1").iter().any(|m| m.contains("<>")));
    // The Knight was only swapped before: it may swap again.
    assert!(legal("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1 b1~a1,a1~b1").contains("Ra1<>Nb1"));
    // The Knight is attacked by the Black Rook b8: no swap.
    assert!(!legal("1r2k3/8/8/8/8/8/8/RN2K3 w - - 0 1").iter().any(|m| m.contains("<>")));
    // A Pawn swaps by its forward step (one, or two over an empty square), not diagonally.
    assert_eq!(
        legal("4k3/8/8/8/8/NN6/P7/4K3 w - - 0 1").into_iter().filter(|m| m.contains("<>")).collect::<BTreeSet<_>>(),
        set(&["Pa2<>Na3"])
    );
    assert!(legal("4k3/8/8/8/N7/8/P7/4K3 w - - 0 1").contains("Pa2<>Na4"));
}

#[test]
fn a_swap_moves_both_pieces_and_shows_both_to_the_opponent() {
    let mut g = game("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1");
    let played = play(&mut g, "swap a1 b1");
    assert_eq!(played.notation, "Ra1<>Nb1");
    assert!(g.fen().starts_with("4k3/8/8/8/8/8/8/NR2K3 b - - 1 1 a1~b1,b1=a1"), "{}", g.fen());
    let black = g.view(Observer::Player(Color::Black));
    assert!(black.moves[0].ends_with(":a1<>b1@a1,b1"), "{:?}", black.moves);
    let cell = |sq: &str| black.cells.iter().find(|(s, _)| s.to_string() == sq).unwrap().1.clone();
    assert_eq!(cell("b1"), Cell::Hidden(Color::White, "a1".into()));
    assert_eq!(cell("a1"), Cell::Hidden(Color::White, "b1".into()));
    // Other written forms.
    for text in ["Ra1<>Nb1", "a1<>b1", "swap Ra1 Nb1", "Ra1-b1", "Rb1"] {
        let mut g = game("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1");
        assert_eq!(play(&mut g, text).notation, "Ra1<>Nb1", "{text}");
    }
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    play(&mut g, "Rh8");
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    assert_eq!(game("k7/8/1Q6/8/8/8/8/7K b - - 0 1").outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    assert_eq!(
        game("k7/8/8/8/8/8/8/6NK b - - 0 1").outcome(),
        Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial })
    );
}

#[test]
fn there_is_no_castling() {
    assert!(Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_err());
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(g.play("O-O").is_err());
    assert!(!legal("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").contains("Ke1-g1"));
}

// ---------------------------------------------------------------------------------------
// A refused move says only what the player's own legal moves say.

#[test]
fn a_refusal_depends_only_on_the_players_own_pieces_and_legal_moves() {
    // The same White pieces and the same legal moves (Kd1-c1, Kd1-e1), once because the
    // Black King stands on d3, once because a Black Rook holds the second rank.
    // (A Black Pawn on h7 keeps mating material on the board.)
    let by_king = "8/7p/8/8/8/3k4/8/3K4 w - - 0 1";
    let by_rook = "k7/7p/8/8/8/8/7r/3K4 w - - 0 1";
    assert_eq!(legal(by_king), legal(by_rook));
    for text in ["Kd2", "Ke2", "Kxd2", "d1-d2", "Qd2", "e4", "Ka5", "nonsense", "Nb1<>c3"] {
        let (mut a, mut b) = (game(by_king), game(by_rook));
        assert_eq!(refusal(&mut a, text), refusal(&mut b, text), "{text}");
    }
    let mut a = game(by_king);
    assert_eq!(
        refusal(&mut a, "Kd2"),
        "\"Kd2\" is not a legal move: it is not one of your legal moves (your King on d1 may play Kd1-c1, Kd1-e1)"
    );
}

// ---------------------------------------------------------------------------------------
// The setup.

/// What the setup procedure requires of one side's army, checked square by square.
fn check_army(board: &Board, color: Color) -> usize {
    let rel = |sq: herald::engine::Square| if color.is_white() { sq.rank() } else { 7 - sq.rank() };
    let mut letters = Vec::new();
    let mut bishops = Vec::new();
    let mut rook_files = Vec::new();
    let mut knight_files = Vec::new();
    for sq in Board::squares() {
        let Some(p) = board.piece_at(sq) else { continue };
        if p.color != color {
            continue;
        }
        assert!(rel(sq) <= 2, "{sq} is beyond the first three ranks: {board:?}");
        let letter = variant().rules().piece(p.role).letter;
        match letter {
            'K' => assert!(rel(sq) <= 1, "King on {sq}: {board:?}"),
            'P' => assert!((1..=2).contains(&rel(sq)), "Pawn on {sq}: {board:?}"),
            'B' => bishops.push(sq.is_dark()),
            'R' => rook_files.push(sq.file()),
            'N' => knight_files.push(sq.file()),
            _ => {}
        }
        letters.push(letter);
    }
    letters.sort();
    bishops.sort();
    assert_eq!(bishops, vec![false, true], "one Bishop on each colour: {board:?}");
    for files in [&mut rook_files, &mut knight_files] {
        files.sort();
        assert!(files.len() == 2 && files[0] < 4 && files[1] >= 4, "one on each half: {board:?}");
    }
    let pairs = ["CQ", "HM", "AD", "SY"];
    let extra: String = letters.iter().filter(|c| !"KPBRN".contains(**c)).collect();
    let pair = pairs.iter().position(|p| *p == extra).unwrap_or_else(|| panic!("pair {extra}: {board:?}"));
    let count = |c: char| letters.iter().filter(|&&l| l == c).count();
    assert_eq!([count('K'), count('P'), count('B'), count('R'), count('N')], [1, 8, 2, 2, 2], "{board:?}");
    pair
}

/// Golden vectors: the output of tests/fixtures/secret_intelligence_setup.py (an independent
/// reading of the documented procedure in Python) for three seed triples. A dependency
/// update that changed the stream or the procedure would change these.
#[test]
fn the_same_seeds_always_give_the_same_setup() {
    let counting: [u8; 32] = std::array::from_fn(|i| i as u8);
    type Case = ([u8; 32], &'static str, &'static str, [usize; 2], &'static str);
    let cases: [Case; 3] = [
        ([0; 32], "", "", [0, 3], "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK"),
        ([0xab; 32], "alice", "bob", [2, 2], "rn1db3/ppk1p1bp/1pppnpra/8/8/PPPNPB1P/1PP1A1PN/3RBKRD"),
        (counting, "lucky-7", "", [1, 0], "crk3n1/pnp1bqpr/p1bpp1pp/8/8/1HRNPPP1/K1PPPPPR/1M3NBB"),
    ];
    for (seed, white, black, pairs, board_fen) in cases {
        for _ in 0..2 {
            let (drawn_pairs, board) = setup::draw(&mut FairRng::new(&seed, white, black));
            assert_eq!(drawn_pairs, pairs);
            assert_eq!(board.to_fen(), format!("{board_fen} w - - 0 1 -"));
            assert_eq!([check_army(&board, Color::White), check_army(&board, Color::Black)], pairs);
        }
        let secrets = [
            Secret { label: "referee.seed".into(), value: herald::variants::chance::seed_hex(&seed) },
            Secret { label: "white.seed".into(), value: white.into() },
            Secret { label: "black.seed".into(), value: black.into() },
        ];
        let g = variant().game_with_secrets(&secrets).unwrap();
        assert_eq!(g.start_fen(), format!("{board_fen} w - - 0 1 -"));
    }
    // The fixed seed of games without one is the first vector, and the rules' start.
    assert_eq!(variant().new_game().start_fen(), "r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1 -");
    assert!(variant().rules().def().start_fen.starts_with("r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w"));
}

#[test]
fn the_setup_keeps_every_constraint_over_many_seeds_and_spreads_pieces_and_pairs() {
    const SETUPS: usize = 2000;
    let mut pair_counts = [0usize; 4];
    let mut king_squares = BTreeSet::new();
    let mut dark_bishop_squares = BTreeSet::new();
    let mut pawn_squares = BTreeSet::new();
    for n in 0..SETUPS {
        let seed: [u8; 32] = std::array::from_fn(|i| (n >> (8 * (i % 4))) as u8 ^ i as u8);
        let (pairs, board) = setup::draw(&mut FairRng::new(&seed, &format!("w{n}"), ""));
        for color in Color::BOTH {
            let pair = check_army(&board, color);
            assert_eq!(pair, pairs[color.index()]);
            pair_counts[pair] += 1;
            assert!(!brute::king_attacked(&brute::Pos::read(&board.to_fen()), color.is_white()), "{board:?}");
        }
        for sq in Board::squares() {
            match board.piece_at(sq).map(|p| (p.color, variant().rules().piece(p.role).letter)) {
                Some((Color::White, 'K')) => {
                    king_squares.insert(sq);
                }
                Some((Color::White, 'B')) if sq.is_dark() => {
                    dark_bishop_squares.insert(sq);
                }
                Some((Color::Black, 'P')) => {
                    pawn_squares.insert(sq);
                }
                _ => {}
            }
        }
    }
    // Each pair about a quarter of the 4000 armies (a standard deviation is about 27).
    for count in pair_counts {
        assert!((880..1120).contains(&count), "{pair_counts:?}");
    }
    assert_eq!(king_squares.len(), 16, "the King reaches every square of its first two ranks");
    assert_eq!(dark_bishop_squares.len(), 12, "every dark square of the first three ranks");
    assert_eq!(pawn_squares.len(), 16, "every square of the second and third ranks");
}

// ---------------------------------------------------------------------------------------
// Seeds, secrets and the start.

#[test]
fn the_setup_is_drawn_once_both_players_sent_their_seed() {
    let seed = [7u8; 32];
    let mut g = variant().new_game_with_seed(seed);
    let referee = herald::variants::chance::seed_hex(&seed);
    assert_eq!(g.secrets(), vec![Secret { label: "referee.seed".into(), value: referee.clone() }]);
    assert_eq!(g.setup_requests().len(), 2);
    assert!(refusal(&mut g, "e4").contains("the game has not begun"));
    let view = g.view(Observer::Player(Color::White));
    assert!(view.cells.iter().all(|(_, c)| *c == Cell::Empty));
    assert_eq!(view.legal_moves, None);
    assert_eq!(g.outcome(), None);

    assert_eq!(g.setup(Color::White, "crown king"), None);
    assert!(g.setup(Color::White, "seed a:b").unwrap().is_err());
    assert!(g.setup(Color::White, "seed two words").unwrap().is_err());
    assert_eq!(g.setup(Color::White, "Seed lucky-7"), Some(Ok(())));
    assert!(g.setup(Color::White, "seed again").unwrap().is_err(), "a seed is sent once");
    assert_eq!(g.setup_requests().iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), vec!["black.seed"]);
    assert!(refusal(&mut g, "e4").contains("the game has not begun"));
    assert_eq!(g.setup(Color::Black, "SEED"), Some(Ok(())));
    assert!(g.setup_requests().is_empty());
    let secrets = g.secrets();
    assert_eq!(
        secrets,
        vec![
            Secret { label: "referee.seed".into(), value: referee },
            Secret { label: "white.seed".into(), value: "lucky-7".into() },
            Secret { label: "black.seed".into(), value: "".into() },
        ]
    );
    let (_, expected) = setup::draw(&mut FairRng::new(&seed, "lucky-7", ""));
    assert_eq!(g.start_fen(), expected.to_fen());
    assert_eq!(variant().game_with_secrets(&secrets).unwrap().start_fen(), g.start_fen());
    assert_eq!(g.turn(), Color::White);
    assert!(g.view(Observer::Player(Color::White)).legal_moves.is_some_and(|l| !l.is_empty()));
    // The public start says nothing about the setup.
    assert_eq!(g.public_start(), variant().new_game_with_seed([9; 32]).public_start());
    assert!(!g.public_start().contains(&g.start_fen()[..8]));
}

// ---------------------------------------------------------------------------------------
// Random games: views, the cipher, snapshots, and the brute-force generator at every ply.

/// A small deterministic generator for choosing moves (xorshift64*).
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn is_ciphered_entry(entry: &str) -> bool {
    let b = entry.as_bytes();
    let hex = |s: &[u8]| s.iter().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c));
    let square = |s: &[u8]| s.len() == 2 && (b'a'..=b'h').contains(&s[0]) && (b'1'..=b'8').contains(&s[1]);
    if b.len() < 15 || !hex(&b[..6]) || b[6] != b':' || !square(&b[7..9]) {
        return false;
    }
    let (sep_len, swap) = match &b[9..] {
        [b'<', b'>', ..] => (2, true),
        [b'-' | b'x', ..] => (1, false),
        _ => return false,
    };
    let rest = &b[9 + sep_len..];
    if rest.len() < 5 || !square(&rest[..2]) || rest[2] != b'@' || !square(&rest[3..5]) {
        return false;
    }
    match (&rest[5..], swap) {
        ([], false) => true,
        ([b',', second @ ..], true) => square(second),
        _ => false,
    }
}

/// Everything a player's view must keep, checked against the full position.
fn check_view(g: &dyn VariantGame, me: Color, seed: &[u8; 32], history: &[String]) {
    let view = g.view(Observer::Player(me));
    let truth = Board::from_fen(&g.fen()).unwrap();
    for (sq, cell) in &view.cells {
        let unit = truth.unit(*sq);
        match cell {
            Cell::Piece(color, letter) => {
                assert_eq!(*color, me, "an enemy piece's letter is shown on {sq}");
                assert_eq!(unit.map(|u| variant().rules().piece(u.piece.role).letter), Some(*letter));
            }
            Cell::Hidden(color, id) => {
                let u = unit.expect("a hidden piece stands there");
                assert_eq!(*color, me.other());
                assert!(u.shown, "an unmoved enemy piece on {sq} is shown");
                assert_eq!(id, &u.origin.to_string(), "tracking id");
            }
            Cell::Empty => assert!(unit.is_none_or(|u| u.piece.color != me && !u.shown), "{sq}"),
            Cell::Crowd(_) | Cell::Crowned(..) | Cell::Crown(_) => panic!("no crowds, no crowns"),
        }
    }
    let key = cipher::key(seed);
    for (i, entry) in view.moves.iter().enumerate() {
        let mover = if i % 2 == 0 { Color::White } else { Color::Black };
        if mover == me {
            assert_eq!(entry, &history[i]);
        } else {
            assert!(is_ciphered_entry(entry), "{entry}");
            assert_eq!(&entry[..6], cipher::token(&key, i + 1, &history[i]), "the token is the documented HMAC");
        }
    }
    let mine = g.turn() == me && g.outcome().is_none();
    assert_eq!(view.legal_moves.is_some(), mine, "only the side to move gets its legal moves");
}

#[test]
fn random_games_keep_every_secret_and_agree_with_the_brute_force_reading() {
    let mut dice = Dice(0x5eed_1234_abcd_ef01);
    let mut plies = 0;
    let mut seen_kinds = BTreeSet::new();
    for n in 0..24u8 {
        let seed = [n.wrapping_mul(37).wrapping_add(1); 32];
        let mut g = variant().new_game_with_seed(seed);
        g.setup(Color::White, &format!("seed game{n}")).unwrap().unwrap();
        g.setup(Color::Black, "seed").unwrap().unwrap();
        let mut history: Vec<String> = Vec::new();
        let mut sealed_before: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for _ in 0..160 {
            if g.outcome().is_some() {
                break;
            }
            // The engine and the brute-force reading agree on the legal moves.
            let board = Board::from_fen(&g.fen()).unwrap();
            let engine: BTreeSet<String> = board.legal_moves().into_iter().map(|m| brute_name(&board, m)).collect();
            let brute: BTreeSet<String> = brute::legal(&brute::Pos::read(&g.fen())).into_iter().collect();
            assert_eq!(engine, brute, "{}", g.fen());
            for m in board.legal_moves() {
                seen_kinds.insert(format!("{:?}", m.kind).chars().take(5).collect::<String>());
            }
            let me = g.turn();
            let listed = g.view(Observer::Player(me)).legal_moves.unwrap();
            assert_eq!(listed.len(), engine.len());
            let text = listed[dice.below(listed.len())].clone();
            let played = g.play(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            // The list writes no capture mark (see the test below); the record does.
            assert_eq!(played.notation.replace('x', "-"), text, "a listed move reads back as itself");
            history.push(played.notation.clone());
            plies += 1;
            let opponent = g.view(Observer::Player(me.other()));
            assert_eq!(played.sealed.as_ref(), opponent.moves.last(), "sealed is the opponent's entry");
            for color in Color::BOTH {
                let moves = g.view(Observer::Player(color)).moves;
                assert!(moves.starts_with(&sealed_before[color.index()]), "earlier entries never change");
                sealed_before[color.index()] = moves;
                check_view(&*g, color, &seed, &history);
            }
            assert_eq!(g.view(Observer::Everyone).moves, history);
            if plies % 37 == 0 {
                let resumed = variant().restore(&g.snapshot()).unwrap();
                assert_eq!(resumed.snapshot(), g.snapshot());
                for observer in [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Everyone] {
                    assert_eq!(resumed.view(observer), g.view(observer));
                }
                g = resumed;
            }
        }
        // An auditor replays the true moves on the game rebuilt from the opened seeds and
        // finds every sealed entry again.
        let mut audit = variant().game_with_secrets(&g.secrets()).unwrap();
        for text in &history {
            audit.play(text).unwrap();
        }
        for color in Color::BOTH {
            assert_eq!(audit.view(Observer::Player(color)).moves, g.view(Observer::Player(color)).moves);
        }
        assert_eq!(audit.fen(), g.fen());
    }
    assert!(plies > 1000, "{plies}");
    for kind in ["Step", "Doubl", "Promo", "Swap"] {
        assert!(seen_kinds.contains(kind), "{kind} never came up: {seen_kinds:?}");
    }
}

/// The page lets a player infer enemy pieces only from what their own legal moves show ("If a
/// piece with an unlimited diagonal or orthogonal move cannot go all the way to the end of the
/// board, something is in the way"). So the list a player is mailed may depend on an unmoved
/// enemy piece only through which moves are legal, never through how they are written: two
/// positions that differ only in one hidden enemy piece, with the same legal moves, must give
/// the same list. A capture mark on a knight's move onto the hidden piece's square would not.
#[test]
fn the_legal_move_list_shows_no_hidden_piece_its_moves_do_not() {
    let mut dice = Dice(0x1157_0f5e_c2e7);
    let (mut compared, mut onto_hidden) = (0, 0);
    for n in 0..16u8 {
        let mut g = variant().new_game_with_seed([n.wrapping_mul(53).wrapping_add(7); 32]);
        g.setup(Color::White, &format!("seed list{n}")).unwrap().unwrap();
        g.setup(Color::Black, "seed").unwrap().unwrap();
        for _ in 0..60 {
            if g.outcome().is_some() {
                break;
            }
            let me = g.turn();
            let board = Board::from_fen(&g.fen()).unwrap();
            let moves = |b: &Board| -> BTreeSet<(String, String, String)> {
                b.legal_moves()
                    .into_iter()
                    .map(|m| (m.from.to_string(), m.to.to_string(), format!("{:?}", m.kind)))
                    .collect()
            };
            let listed =
                |b: &Board| variant().game_from_fen(&b.to_fen()).ok().map(|g| g.view(Observer::Player(me)).legal_moves);
            let hidden: Vec<_> = board
                .squares_of(me.other())
                .filter(|&sq| {
                    board.unit(sq).is_some_and(|u| {
                        !u.shown && u.piece.role != board.piece_at(board.king(me.other()).unwrap()).unwrap().role
                    })
                })
                .collect();
            for sq in hidden {
                let mut without = board;
                without.clear(sq);
                if moves(&without) != moves(&board) {
                    continue;
                }
                // Without it the opponent would be in check with us to move: no position.
                let Some(list_without) = listed(&without) else { continue };
                compared += 1;
                onto_hidden += usize::from(board.legal_moves().iter().any(|m| m.to == sq));
                let list = listed(&board).unwrap();
                assert_eq!(list, list_without, "the hidden piece on {sq} shows in the list: {}", g.fen());
            }
            let legal = g.view(Observer::Player(me)).legal_moves.unwrap();
            let text = legal[dice.below(legal.len())].clone();
            g.play(&text).unwrap();
        }
    }
    assert!(
        compared > 1000 && onto_hidden > 50,
        "{compared} comparisons, {onto_hidden} with a move onto the hidden piece"
    );
}

#[test]
fn a_token_changes_with_the_key_the_ply_and_the_move() {
    let (a, b) = (cipher::key(&[1; 32]), cipher::key(&[2; 32]));
    assert_ne!(a, b);
    let t = cipher::token(&a, 3, "Nb1-c3");
    assert_eq!(t.len(), 6);
    assert_ne!(t, cipher::token(&b, 3, "Nb1-c3"));
    assert_ne!(t, cipher::token(&a, 4, "Nb1-c3"));
    assert_ne!(t, cipher::token(&a, 3, "Bb1-c3"));
    // The documented derivation, recomputed here with the HMAC primitive alone.
    let hex = |bytes: &[u8]| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let key = hex(&herald::variants::chance::hmac_sha256("01".repeat(32).as_bytes(), b"cipher key"));
    assert_eq!(key, a);
    assert_eq!(t, hex(&herald::variants::chance::hmac_sha256(key.as_bytes(), b"3:Nb1-c3"))[..6]);
}

// ---------------------------------------------------------------------------------------
// Legal-move trees with Spies, Decoys, swaps and Quick Pawns against the brute force.

/// The brute force's name of an engine move: from, to, and a mark for the kind.
fn brute_name(board: &Board, m: SiMove) -> String {
    let letter = |r| variant().rules().piece(r).letter.to_ascii_lowercase();
    let mark = match m.kind {
        MoveKind::Promotion(r) => letter(r).to_string(),
        MoveKind::Swap => "~".to_string(),
        MoveKind::EnPassant => "e".to_string(),
        _ => String::new(),
    };
    let _ = board;
    format!("{}{}{mark}", m.from, m.to)
}

/// Compares the engine's and the brute force's legal moves at every node to `depth`, and
/// returns the number of leaves.
fn compare_tree(fen: &str, depth: u32) -> u64 {
    let board = Board::from_fen(fen).unwrap();
    let pos = brute::Pos::read(fen);
    let engine: BTreeSet<String> = board.legal_moves().into_iter().map(|m| brute_name(&board, m)).collect();
    let brute: BTreeSet<String> = brute::legal(&pos).into_iter().collect();
    assert_eq!(engine, brute, "{fen}");
    if depth == 1 {
        return engine.len() as u64;
    }
    let mut leaves = 0;
    for m in board.legal_moves() {
        let mut after = board;
        after.play(m);
        leaves += compare_tree(&after.to_fen(), depth - 1);
    }
    leaves
}

#[test]
fn legal_move_trees_agree_with_the_brute_force_reading() {
    // The start of the fixed seed (Black has the Decoy and the Spy), and the golden vectors.
    assert!(compare_tree("r2n3r/kpbpppnp/bspy2pp/8/8/P1PPPPR1/B1NPQPP1/R1C2NBK w - - 0 1", 3) > 0);
    assert!(compare_tree("rn1db3/ppk1p1bp/1pppnpra/8/8/PPPNPB1P/1PP1A1PN/3RBKRD w - - 0 1", 2) > 0);
    assert!(compare_tree("crk3n1/pnp1bqpr/p1bpp1pp/8/8/1HRNPPP1/K1PPPPPR/1M3NBB w - - 0 1", 2) > 0);
    // Spies and Decoys in the middle of things, an en passant capture, promotions.
    for fen in [
        "r3k2r/1s2y3/8/3pP3/2S5/8/1Y3PPP/R3K2R w - d6 0 1 e5=e3,d5=d7,c4=b1,b7=c8",
        "4k3/1P2y1P1/8/2s1Pp2/8/3S4/1Y6/4K2R w - f6 0 1 f5=f7",
        "4k3/8/8/8/1s6/6S1/3Y4/r3K3 w - - 0 1",
        "3yk3/2p1p3/3s4/8/8/2S5/3Y4/4K3 b - - 0 1",
        "1s2k1y1/8/8/8/8/8/6p1/SY2K3 b - - 0 1",
    ] {
        assert!(compare_tree(fen, 3) > 0, "{fen}");
    }
}

/// A deliberately simple reading of the rules page: a board of letters, moves as lists of
/// steps, every test done the slow way. It shares nothing with herald's engine but the
/// position text.
mod brute {
    pub type Sq = (i32, i32);

    #[derive(Clone)]
    pub struct Pos {
        /// (white, letter, moved under own power) per square, indexed [file][rank].
        pub cells: [[Option<(bool, char, bool)>; 8]; 8],
        pub white: bool,
        pub ep: Option<Sq>,
    }

    fn sq(name: &str) -> Sq {
        let b = name.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    }

    fn name(s: Sq) -> String {
        format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
    }

    impl Pos {
        pub fn read(fen: &str) -> Pos {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let mut cells = [[None; 8]; 8];
            for (i, row) in fields[0].split('/').enumerate() {
                let rank = 7 - i as i32;
                let mut file = 0;
                for c in row.chars() {
                    if let Some(n) = c.to_digit(10) {
                        file += n as i32;
                    } else {
                        cells[file as usize][rank as usize] =
                            Some((c.is_ascii_uppercase(), c.to_ascii_uppercase(), false));
                        file += 1;
                    }
                }
            }
            if let Some(history) = fields.get(6).filter(|h| **h != "-") {
                for entry in history.split(',') {
                    if let Some((at, _)) = entry.split_once('=') {
                        let s = sq(at);
                        cells[s.0 as usize][s.1 as usize].as_mut().unwrap().2 = true;
                    }
                }
            }
            Pos { cells, white: fields[1] == "w", ep: (fields[3] != "-").then(|| sq(fields[3])) }
        }

        fn at(&self, s: Sq) -> Option<(bool, char, bool)> {
            if (0..8).contains(&s.0) && (0..8).contains(&s.1) { self.cells[s.0 as usize][s.1 as usize] } else { None }
        }

        fn set(&mut self, s: Sq, v: Option<(bool, char, bool)>) {
            self.cells[s.0 as usize][s.1 as usize] = v;
        }
    }

    fn on_board(s: Sq) -> bool {
        (0..8).contains(&s.0) && (0..8).contains(&s.1)
    }

    const ORTH: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KNIGHT: [Sq; 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];

    /// Each piece's moves from the rules page: (step, rides on).
    fn powers(letter: char) -> Vec<(Sq, bool)> {
        let leaps = |steps: &[Sq]| steps.iter().map(|&s| (s, false)).collect::<Vec<_>>();
        let rides = |steps: &[Sq]| steps.iter().map(|&s| (s, true)).collect::<Vec<_>>();
        let king: Vec<Sq> = ORTH.iter().chain(DIAG.iter()).copied().collect();
        match letter {
            'N' => leaps(&KNIGHT),
            'B' => rides(&DIAG),
            'R' => rides(&ORTH),
            'Q' => [rides(&ORTH), rides(&DIAG)].concat(),
            'K' => leaps(&king),
            // Centaur: Knight and Man. Decoy: King or Knight.
            'C' | 'Y' => [leaps(&king), leaps(&KNIGHT)].concat(),
            'M' => [rides(&ORTH), leaps(&KNIGHT)].concat(),
            'H' => [rides(&DIAG), leaps(&ORTH)].concat(),
            'A' => [rides(&DIAG), leaps(&KNIGHT)].concat(),
            'D' => [rides(&ORTH), leaps(&DIAG)].concat(),
            // Spy: Knight, Bishop, Rook.
            'S' => [leaps(&KNIGHT), rides(&DIAG), rides(&ORTH)].concat(),
            _ => unreachable!("{letter}"),
        }
    }

    /// Squares a piece reaches by its capturing moves, with the first occupied square of
    /// each line included.
    fn capture_reach(p: &Pos, white: bool, letter: char, from: Sq) -> Vec<Sq> {
        if letter == 'P' {
            let f = if white { 1 } else { -1 };
            return [(from.0 - 1, from.1 + f), (from.0 + 1, from.1 + f)].into_iter().filter(|&s| on_board(s)).collect();
        }
        let mut out = Vec::new();
        for (step, ride) in powers(letter) {
            let mut s = (from.0 + step.0, from.1 + step.1);
            while on_board(s) {
                out.push(s);
                if !ride || p.at(s).is_some() {
                    break;
                }
                s = (s.0 + step.0, s.1 + step.1);
            }
        }
        out
    }

    /// "could capture": the attacker on `from` could take a `target` on `to`. A Spy may not
    /// take a non-Spy piece that could take it back from `to`; the line between them is the
    /// same both ways, so "take it back" is the target's reach from `to` with the Spy's
    /// square treated as the first piece met.
    fn could_capture(p: &Pos, from: Sq, to: Sq, target: char) -> bool {
        let (white, letter, _) = p.at(from).unwrap();
        if !capture_reach(p, white, letter, from).contains(&to) {
            return false;
        }
        if letter == 'S' && target != 'S' {
            let mut probe = p.clone();
            probe.set(to, Some((!white, target, true)));
            return !capture_reach(&probe, !white, target, to).contains(&from);
        }
        true
    }

    fn attacked(p: &Pos, s: Sq, target: char, by_white: bool, spies_count: bool) -> bool {
        for f in 0..8 {
            for r in 0..8 {
                if let Some((w, letter, _)) = p.at((f, r))
                    && w == by_white
                    && (spies_count || letter != 'S')
                    && (f, r) != s
                    && could_capture(p, (f, r), s, target)
                {
                    return true;
                }
            }
        }
        false
    }

    fn find(p: &Pos, white: bool, letter: char) -> Option<Sq> {
        (0..64).map(|i| (i % 8, i / 8)).find(|&s| p.at(s).is_some_and(|(w, l, _)| w == white && l == letter))
    }

    pub fn king_attacked(p: &Pos, white: bool) -> bool {
        find(p, white, 'K').is_some_and(|k| attacked(p, k, 'K', !white, true))
    }

    fn count(p: &Pos, white: bool, letter: char) -> usize {
        (0..64).filter(|i| p.at((i % 8, i / 8)).is_some_and(|(w, l, _)| w == white && l == letter)).count()
    }

    fn swappable(p: &Pos, a: Sq, b: Sq) -> bool {
        let (Some((wa, la, ma)), Some((wb, lb, mb))) = (p.at(a), p.at(b)) else { return false };
        wa == wb && la != lb && !ma && !mb && !attacked(p, a, la, !wa, true) && !attacked(p, b, lb, !wb, true)
    }

    /// (from, to, kind mark) before the tests on the position after the move.
    fn candidates(p: &Pos) -> Vec<(Sq, Sq, String)> {
        let us = p.white;
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let from = (f, r);
                let Some((w, letter, _)) = p.at(from) else { continue };
                if w != us {
                    continue;
                }
                if letter == 'P' {
                    let fwd = if us { 1 } else { -1 };
                    let last = if us { 7 } else { 0 };
                    let add = |to: Sq, out: &mut Vec<(Sq, Sq, String)>| {
                        if to.1 == last {
                            for promo in ['Q', 'M', 'A', 'D', 'H', 'C', 'S', 'Y'] {
                                if count(p, us, promo) == 0 {
                                    out.push((from, to, promo.to_ascii_lowercase().to_string()));
                                }
                            }
                            for promo in ['r', 'b', 'n'] {
                                out.push((from, to, promo.to_string()));
                            }
                        } else {
                            out.push((from, to, String::new()));
                        }
                    };
                    let one = (f, r + fwd);
                    let two = (f, r + 2 * fwd);
                    if on_board(one) {
                        match p.at(one) {
                            None => {
                                add(one, &mut out);
                                if on_board(two) {
                                    match p.at(two) {
                                        None => add(two, &mut out),
                                        Some((w2, _, _)) if w2 == us && swappable(p, from, two) => {
                                            out.push((from, two, "~".into()))
                                        }
                                        _ => {}
                                    }
                                }
                            }
                            Some((w1, _, _)) if w1 == us && swappable(p, from, one) => {
                                out.push((from, one, "~".into()))
                            }
                            _ => {}
                        }
                    }
                    for df in [-1, 1] {
                        let to = (f + df, r + fwd);
                        if !on_board(to) {
                            continue;
                        }
                        match p.at(to) {
                            Some((w2, _, _)) if w2 != us => add(to, &mut out),
                            None if p.ep == Some(to) => out.push((from, to, "e".into())),
                            _ => {}
                        }
                    }
                    continue;
                }
                for (step, ride) in powers(letter) {
                    let mut to = (f + step.0, r + step.1);
                    while on_board(to) {
                        match p.at(to) {
                            None => out.push((from, to, String::new())),
                            Some((w2, target, _)) => {
                                if w2 != us {
                                    if could_capture(p, from, to, target) {
                                        out.push((from, to, String::new()));
                                    }
                                } else if swappable(p, from, to) {
                                    out.push((from, to, "~".into()));
                                }
                                break;
                            }
                        }
                        if !ride {
                            break;
                        }
                        to = (to.0 + step.0, to.1 + step.1);
                    }
                }
            }
        }
        out
    }

    fn make(p: &Pos, from: Sq, to: Sq, mark: &str) -> Pos {
        let mut q = p.clone();
        let (w, letter, _) = p.at(from).unwrap();
        q.ep = None;
        match mark {
            "~" => {
                let passive = p.at(to);
                q.set(from, passive);
                q.set(to, Some((w, letter, true)));
            }
            "e" => {
                q.set((to.0, from.1), None);
                q.set(from, None);
                q.set(to, Some((w, letter, true)));
            }
            _ => {
                let becomes = if mark.is_empty() { letter } else { mark.chars().next().unwrap().to_ascii_uppercase() };
                q.set(from, None);
                q.set(to, Some((w, becomes, true)));
                if letter == 'P' && (to.1 - from.1).abs() == 2 && mark.is_empty() {
                    q.ep = Some((from.0, (from.1 + to.1) / 2));
                }
            }
        }
        q.white = !p.white;
        q
    }

    /// The legal moves as "fromto" plus the kind mark.
    pub fn legal(p: &Pos) -> Vec<String> {
        let us = p.white;
        let in_check = king_attacked(p, us);
        let mut out = Vec::new();
        for (from, to, mark) in candidates(p) {
            let after = make(p, from, to, &mark);
            if king_attacked(&after, us) {
                continue;
            }
            let letter = p.at(from).unwrap().1;
            let empty = p.at(to).is_none();
            // The Spy: no empty square a non-Spy could take it on, unless it blocks a check.
            if letter == 'S' && empty && mark.is_empty() && !in_check && attacked(&after, to, 'S', !us, false) {
                continue;
            }
            // The Decoy: not into check, unless saving the King, onto the enemy King, or
            // next to its own King.
            if letter == 'Y' && !in_check {
                let onto_king = p.at(to).is_some_and(|(w, l, _)| w != us && l == 'K');
                let king = find(&after, us, 'K').unwrap();
                let next_to_king = (king.0 - to.0).abs() <= 1 && (king.1 - to.1).abs() <= 1;
                if !onto_king && !next_to_king && attacked(&after, to, 'Y', !us, true) {
                    continue;
                }
            }
            out.push(format!("{}{}{mark}", name(from), name(to)));
        }
        out
    }
}

#[test]
fn a_game_waiting_for_a_seed_resumes_from_its_snapshot() {
    let mut g = variant().new_game_with_seed([3; 32]);
    g.setup(Color::Black, "seed night").unwrap().unwrap();
    let mut resumed = variant().restore(&g.snapshot()).unwrap();
    assert_eq!(resumed.snapshot(), g.snapshot());
    assert_eq!(resumed.setup_requests().len(), 1);
    for game in [&mut g, &mut resumed] {
        game.setup(Color::White, "seed day").unwrap().unwrap();
    }
    assert_eq!(resumed.start_fen(), g.start_fen());
    assert_eq!(resumed.secrets(), g.secrets());
    assert!(variant().restore("referee-seed nonsense").is_err());
}

#[test]
fn repetitions_count_positions_with_the_same_swap_rights() {
    let mut g = game("4k3/8/8/8/8/8/8/N3K2n w - - 0 1");
    // Each Knight loses its swap right with its first move, so the start and the position
    // after 1. Nb3 (Black's Knight still unmoved) never recur; the position after 1. Nb3 Ng3
    // recurs after every round of four moves.
    for (i, text) in ["Nb3", "Ng3", "Na1", "Nh1", "Nb3", "Ng3", "Na1", "Nh1", "Nb3"].into_iter().enumerate() {
        play(&mut g, text);
        assert!(g.claimable_draws().is_empty(), "after move {i}, {text}");
    }
    play(&mut g, "Ng3");
    assert_eq!(g.claimable_draws(), vec![herald::engine::ClaimableDraw::ThreefoldRepetition]);
}
