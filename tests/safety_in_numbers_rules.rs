//! Safety in Numbers Chess (docs/rules/safety-in-numbers.md): each rule of the seed in a
//! position that shows it, the seed's example games with the positions its text describes,
//! the choices for castling, en passant and promotion, the notation, the FEN extension, and
//! the game's draws and snapshots.

use herald::engine::{ClaimableDraw, Color, DrawReason, Outcome, WinReason};
use herald::variants::safety_in_numbers::{CrowdGame, CrowdPosition, SafetyInNumbers, fen, notation};
use herald::variants::{self, Cell, Observer, Variant, VariantGame};

static VARIANT: SafetyInNumbers = SafetyInNumbers;

fn position(text: &str) -> CrowdPosition {
    fen::read(VARIANT.rules(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn game_from(text: &str) -> CrowdGame {
    VARIANT.game(position(text))
}

fn play(game: &mut CrowdGame, text: &str) -> String {
    let before = game.fen();
    game.play(text).unwrap_or_else(|e| panic!("{text} in {before}: {e}")).notation
}

/// Plays a move list with move numbers ("1. e4 e5 2. Nc3"); returns what herald wrote.
fn play_all(game: &mut CrowdGame, moves: &str) -> Vec<String> {
    moves
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && !w.chars().all(|c| c.is_ascii_digit()))
        .map(|m| play(game, m))
        .collect()
}

fn refused(game: &mut CrowdGame, text: &str) -> String {
    let before = game.fen();
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {before}", played.notation),
        Err(e) => {
            assert_eq!(game.fen(), before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

/// The pieces on a square as FEN letters, White's first: "PNpq".
fn on(game: &CrowdGame, square: &str) -> String {
    let pos = game.position();
    let sq = pos.rules().size().parse_algebraic(square).unwrap();
    pos.at(sq)
        .iter()
        .map(|p| {
            let c = pos.rules().piece(p.role).letter;
            if p.color == Color::White { c } else { c.to_ascii_lowercase() }
        })
        .collect()
}

/// The legal moves in the variant's notation, sorted.
fn legal(pos: &CrowdPosition) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| notation::write(pos, m)).collect();
    moves.sort();
    moves
}

/// The legal moves ending on `square`.
fn moves_to(pos: &CrowdPosition, square: &str) -> Vec<String> {
    let sq = pos.rules().size().parse_algebraic(square).unwrap();
    let mut moves: Vec<String> =
        pos.legal_moves().into_iter().filter(|m| m.to == sq).map(|m| notation::write(pos, m)).collect();
    moves.sort();
    moves
}

// ---------------------------------------------------------------------------------------
// The seed's examples.
// ---------------------------------------------------------------------------------------

#[test]
fn the_variant_is_registered() {
    let variant = variants::by_id("safety-in-numbers").unwrap();
    assert_eq!(variant.name(), "Safety in Numbers Chess");
    let game = variant.new_game();
    assert_eq!(game.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

/// "1. e4 e5 2. Nc3 e5-e4? 3. Nc3-e4 ... 3...d7-d5 4 Ke1-e2?!? Qd8-e7? 5 Ke2-e3 Qe7-e4+ ...
/// after 6 Ke3-e4, White has the advantage of a well-protected King."
#[test]
fn the_first_example_game_replays_with_the_positions_the_seed_describes() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "1. e4 e5 2. Nc3");
    // "Black's move creates a crowd": the pawn steps forward onto the white pawn.
    assert_eq!(play(&mut game, "e5-e4"), "e5-e4");
    assert_eq!(on(&game, "e4"), "Pp");
    assert_eq!(on(&game, "e5"), "");
    // "... which White is glad to join."
    assert_eq!(play(&mut game, "Nc3-e4"), "Nc3-e4");
    assert_eq!(on(&game, "e4"), "PNp");
    // "Now the Knight and the Pawn are both centralized and safe": nothing may take on e4.
    play(&mut game, "d7-d5");
    assert!(moves_to(game.position(), "e4").iter().all(|m| !m.contains('x')), "{:?}", moves_to(game.position(), "e4"));
    play_all(&mut game, "4 Ke1-e2 Qd8-e7 5 Ke2-e3");
    // "Qe7-e4+ Good heavens! is it checkmate?": the queen joins the crowd and checks from it.
    assert_eq!(play(&mut game, "Qe7-e4"), "Qe7-e4+");
    assert_eq!(on(&game, "e4"), "PNpq");
    assert!(game.position().is_check());
    assert_eq!(game.outcome(), None, "Of course not");
    // "the King simply goes to e4": into the crowd, where it cannot be in check.
    assert!(legal(game.position()).contains(&"Ke3-e4".to_string()), "{:?}", legal(game.position()));
    assert_eq!(play(&mut game, "Ke3-e4"), "Ke3-e4");
    assert_eq!(on(&game, "e4"), "PNKpq");
    assert!(!game.position().is_in_check(Color::White));
    assert_eq!(
        game.moves().join(" "),
        "e4 e5 Nc3 e5-e4 Nc3-e4 d5 Ke2 Qe7 Ke3 Qe7-e4+ Ke3-e4",
        "the moves into and out of crowds in the seed's long form, the others in SAN"
    );
    // "the Knight is now free to leave e4, even if the Black pieces have left, without fear of
    // breaking up the crowd".
    play(&mut game, "Qe4-e7");
    assert_eq!(play(&mut game, "Ne4-f6+"), "Ne4-f6+");
    assert_eq!(on(&game, "e4"), "PKp");
}

/// "Of course, if one of them takes advantage of its centralized position to leave e4, the
/// crowd is diminished, and if the Black Pawn has also left, the Knight or Pawn can't rejoin
/// the crowd on e4."
#[test]
fn a_crowd_of_own_pieces_only_cannot_grow() {
    // White pawn and knight on e4, the black pawn gone: the crowd is White's alone.
    let mut game = game_from("4k3/4q3/8/8/4[PN]3/2N5/8/4K3 w - - 0 1");
    assert!(moves_to(game.position(), "e4").is_empty(), "{:?}", moves_to(game.position(), "e4"));
    assert!(refused(&mut game, "Nc3-e4").contains("your own pieces only"));
    play(&mut game, "Kd1");
    // ... but the other side may join it: the crowd holds pieces that are Black's enemies.
    assert_eq!(play(&mut game, "Qe7-e4"), "Qe7-e4");
    assert_eq!(on(&game, "e4"), "PNq");
}

/// "Suppose we take the opening position and put both Kings on f3; now the Pawns at e2 or g2
/// can move to f3, joining the crowd, by using their capturing power; or, the Pawn at f2 can
/// move to f3 by using its movement power. The Knight at g1 can join the crowd at f3 by using
/// either its movement power or its capturing power."
#[test]
fn kings_on_f3_the_crowd_is_joined_by_move_or_capture_power() {
    let pos = position("rnbq1bnr/pppppppp/8/8/8/5[Kk]2/PPPPPPPP/RNBQ1BNR w - - 0 1");
    assert_eq!(moves_to(&pos, "f3"), ["Ng1-f3", "e2-f3", "f2-f3", "g2-f3"]);
    // Joining is never a capture: both kings stay.
    let mut game = VARIANT.game(pos);
    play(&mut game, "e2-f3");
    assert_eq!(on(&game, "f3"), "PKk");
    // Black may join too, and the f2 pawn still can, by its move power.
    play(&mut game, "Ng8-f6");
    assert!(moves_to(game.position(), "f3").contains(&"f2-f3".to_string()));
}

/// "imagine the opening position with a Black Rook on f3; the Pawn at f2 can move to f3,
/// creating a crowd, or the Pawns at e2 or g2 can capture at f3 -- but they may not move to
/// f3 without capturing; or the Knight at g1 can capture at f3."
#[test]
fn a_black_rook_on_f3_pawns_form_a_crowd_by_their_move_and_capture_by_their_capture() {
    let pos = position("rnbqkbnr/pppppppp/8/8/8/5r2/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(moves_to(&pos, "f3"), ["Nxf3", "exf3", "f2-f3", "gxf3"]);
    let mut game = VARIANT.game(pos);
    let why = refused(&mut game, "e2-f3");
    assert!(why.contains("captures on f3 (write exf3)"), "{why}");
    let why = refused(&mut game, "Ng1-f3");
    assert!(why.contains("captures on f3 (write Nxf3)"), "{why}");
    play(&mut game, "f3");
    assert_eq!(on(&game, "f3"), "Pr");
    // The crowd now holds a black rook: the e2 and g2 pawns and the knight may join it.
    play(&mut game, "a6");
    assert_eq!(moves_to(game.position(), "f3"), ["Ng1-f3", "e2-f3", "g2-f3"]);
}

/// "The sample game 1. e4 e5 2. e4-e5? Nc6 3 Nf3? e5-e4! demonstrates the tactic of breaking
/// up a crowd."
#[test]
fn the_second_example_game_breaks_up_a_crowd() {
    let mut game = VARIANT.game(VARIANT.start());
    let written = play_all(&mut game, "1. e4 e5 2. e4-e5 Nc6 3 Nf3 e5-e4");
    assert_eq!(written, ["e4", "e5", "e4-e5", "Nc6", "Nf3", "e5-e4"]);
    // The white pawn is alone on e5 again, attacked by the knight; the black pawn on e4 is
    // alone and attacks the knight on f3.
    assert_eq!(on(&game, "e5"), "P");
    assert_eq!(on(&game, "e4"), "p");
    let pos = game.position();
    let square = |name: &str| pos.rules().size().parse_algebraic(name).unwrap();
    assert!(pos.is_attacked(square("f3"), Color::Black) && pos.is_attacked(square("e5"), Color::Black));
    play(&mut game, "Nd4");
    assert!(legal(game.position()).contains(&"Nxe5".to_string()), "the lone pawn on e5 can be taken");
}

/// "After 1. e5 e6 2. d4 d5 3. e5 [read: 1. e4 e6 2. d4 d5 3. e5], ... both players will
/// constantly be thinking about the right moment to advance d5-d4 or d4-d5 or e5-e6 or
/// e6-e5": pawns can never be blockaded.
#[test]
fn pawns_are_never_blockaded() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "1. e4 e6 2. d4 d5 3. e5");
    let black = legal(game.position());
    assert!(black.contains(&"d5-d4".to_string()) && black.contains(&"e6-e5".to_string()), "{black:?}");
    play(&mut game, "Nc6");
    let white = legal(game.position());
    assert!(white.contains(&"d4-d5".to_string()) && white.contains(&"e5-e6".to_string()), "{white:?}");
    // Each forms a crowd: "e5-e6" leaves both pawns on e6.
    play(&mut game, "e5-e6");
    assert_eq!(on(&game, "e6"), "Pp");
}

/// The seed's text of the first game, as printed (annotations, "4 Ke1-e2", "3...d7-d5").
#[test]
fn the_first_example_game_reads_as_the_seed_prints_it() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "1. e4 e5 2. Nc3 e5-e4? 3. Nc3-e4 3...d7-d5 4 Ke1-e2?!? Qd8-e7? 5 Ke2-e3 Qe7-e4+ 6 Ke3-e4");
    assert_eq!(game.fen(), "rnb1kbnr/ppp2ppp/8/3p4/4[PNKpq]3/8/PPPP1PPP/R1BQ1BNR b kq - 5 6");
    // The same game in SAN where SAN is unambiguous: "e4" for Black's pawn forming the crowd,
    // "Ne4" and "Qe4" joining it, "Ke4" for the king.
    let mut san = VARIANT.game(VARIANT.start());
    play_all(&mut san, "1. e4 e5 2. Nc3 e4 3. Ne4 d5 4. Ke2 Qe7 5. Ke3 Qe4+ 6. Ke4");
    assert_eq!(san.moves(), game.moves());
}

/// "It is possible to get both Kings onto the same square, and it can be done at least as
/// early as White's 7th move."
#[test]
fn both_kings_can_share_a_square_by_whites_seventh_move() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "1. e4 e5 2. e4-e5 Ke7 3. Ke2 Ke6 4. Ke3 a6 5. Ke4 a5 6. Ke4-e5");
    // The white king in the crowd checks the black king next to it...
    assert!(game.position().is_check());
    // ... which escapes into the same crowd.
    play(&mut game, "Ke6-e5");
    assert_eq!(on(&game, "e5"), "PKpk");
    assert_eq!(game.move_number(), 7, "both kings on e5 before White's 7th move");
}

// ---------------------------------------------------------------------------------------
// Each rule on its own.
// ---------------------------------------------------------------------------------------

#[test]
fn nothing_on_a_crowded_square_can_be_captured() {
    // A white queen could take on d5 but for the crowd of a black knight and a white pawn.
    let mut game = game_from("4k3/8/8/3[Pn]4/8/8/8/3QK3 w - - 0 1");
    assert!(refused(&mut game, "Qxd5").contains("nothing on a crowded square can be captured"));
    // It may join the crowd instead, which holds an enemy piece.
    assert_eq!(play(&mut game, "Qd1-d5"), "Qd1-d5");
    assert_eq!(on(&game, "d5"), "PQn");
}

#[test]
fn a_king_in_a_crowd_is_not_in_check_and_may_stay_next_to_the_enemy() {
    // The black king shares e5 with a white pawn; the white rook on e1 would give check to a
    // lone king on e5.
    let pos = position("8/8/8/4[Pk]3/8/8/8/4R1K1 b - - 0 1");
    assert!(!pos.is_check());
    // Leaving the crowd along the e-file is walking into the rook's check; staying is fine.
    // Leaving the crowd: e4 is on the rook's file, d6 and f6 are guarded by the pawn; e6 is
    // shielded from the rook by the pawn left alone on e5.
    let moves = legal(&pos);
    for refused in ["Ke5-e4", "Ke5-d6", "Ke5-f6"] {
        assert!(!moves.contains(&refused.to_string()), "{refused}: {moves:?}");
    }
    for allowed in ["Ke5-e6", "Ke5-d5", "Ke5-f4"] {
        assert!(moves.contains(&allowed.to_string()), "{allowed}: {moves:?}");
    }
}

#[test]
fn a_piece_leaving_a_crowd_leaves_the_other_one_capturable() {
    let mut game = game_from("4k3/8/8/3[Pn]4/8/8/8/3QK3 b - - 0 1");
    play(&mut game, "Nd5-f6");
    assert_eq!(on(&game, "d5"), "P");
    play(&mut game, "Kd2");
    assert!(legal(game.position()).contains(&"Nxd5".to_string()));
}

#[test]
fn only_a_piece_that_moves_and_captures_differently_forms_a_crowd_on_a_single_enemy() {
    // A knight, bishop, rook, queen and king capture a single enemy; only the pawn stepping
    // forward can stand with it.
    let pos = position("4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(moves_to(&pos, "d5"), ["d4-d5"]);
    let pos = position("4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(moves_to(&pos, "d5"), ["Rxd5"]);
    // A pawn cannot step diagonally onto an enemy without capturing it, nor onto an empty square.
    let pos = position("4k3/8/8/2n5/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(moves_to(&pos, "c5"), ["dxc5"]);
    // A single own piece is never joined.
    let pos = position("4k3/8/8/8/3N4/8/3R4/4K3 w - - 0 1");
    assert_eq!(moves_to(&pos, "d4"), Vec::<String>::new());
}

#[test]
fn a_pawn_double_step_can_form_a_crowd_and_is_then_safe_from_en_passant() {
    // White pawn e2, black knight on e4, black pawn on d4: e2-e4 forms a crowd with the knight.
    let mut game = game_from("4k3/8/8/8/3pn3/8/4P3/4K3 w - - 0 1");
    assert_eq!(play(&mut game, "e2-e4"), "e2-e4");
    assert_eq!(on(&game, "e4"), "Pn");
    // The pawn passed e3, but it stands in a crowd: d4xe3 en passant is not possible.
    assert!(!legal(game.position()).iter().any(|m| m.contains("xe3")), "{:?}", legal(game.position()));
    // An ordinary double step is taken en passant as usual.
    let mut game = game_from("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut game, "e4");
    assert!(game.fen().contains(" e3 "), "{}", game.fen());
    assert_eq!(play(&mut game, "dxe3"), "dxe3");
    assert_eq!(on(&game, "e4"), "");
}

#[test]
fn a_pawn_promotes_however_it_arrives_on_the_last_rank() {
    // The pawn on c7 steps onto the lone black king's square: a crowd, and a promotion.
    let mut game = game_from("2k5/2P5/8/8/8/8/8/4K3 w - - 0 1");
    let why = refused(&mut game, "c7-c8");
    assert!(why.contains("say to what"), "{why}");
    assert_eq!(play(&mut game, "c7-c8=Q"), "c7-c8=Q");
    assert_eq!(on(&game, "c8"), "Qk");
    // The black king in the crowd is not in check, but every square around it is the queen's:
    // stalemate.
    assert!(!game.position().is_check());
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    // Joining a crowd on the last rank promotes too.
    let pos = position("3[kR]4/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(moves_to(&pos, "d8").contains(&"e7-d8=N".to_string()), "{:?}", moves_to(&pos, "d8"));
}

#[test]
fn castling_is_fide_castling_and_never_forms_a_crowd() {
    // The king's rook shares h1 with a black knight (a pawn that promoted onto it): the rook
    // leaves the crowd by castling.
    let mut game = game_from("4k3/8/8/8/8/8/8/R3K2[Rn] w KQ - 0 1");
    assert!(legal(game.position()).contains(&"O-O".to_string()));
    assert_eq!(play(&mut game, "O-O"), "O-O");
    assert_eq!((on(&game, "g1"), on(&game, "f1"), on(&game, "h1")), ("K".into(), "R".into(), "n".into()));
    // A crowd between king and rook blocks castling like any piece.
    let pos = position("4k3/8/8/8/8/8/8/R2[Qb]K2R w KQ - 0 1");
    assert!(!legal(&pos).contains(&"O-O-O".to_string()));
    // Through an attacked square: no.
    let pos = position("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&pos).contains(&"O-O".to_string()) && legal(&pos).contains(&"O-O-O".to_string()));
}

#[test]
fn a_king_in_a_crowd_may_castle_out_of_it() {
    // A black pawn promoted onto e1 forming a crowd with the king: the king is not in check,
    // keeps its rights, and castles out of the crowd.
    let mut game = game_from("4k3/8/8/8/8/8/8/R3[Kn]2R w KQ - 0 1");
    assert!(!game.position().is_check());
    assert_eq!(play(&mut game, "O-O-O"), "O-O-O");
    assert_eq!(on(&game, "e1"), "n");
}

#[test]
fn checkmate_and_stalemate_are_judged_with_crowds() {
    // Back-rank mate: the king cannot escape, nothing can block or take, and no crowd is in reach.
    let mut game = game_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(play(&mut game, "Ra8"), "Ra8#");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    // Not mate: the king escapes into a crowd holding an enemy piece.
    let mut game = game_from("6k1/5p[pP]p/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(play(&mut game, "Ra8"), "Ra8+");
    assert_eq!(legal(game.position()), ["Kg8-g7"]);
    // Stalemate: the black king has no move and is not in check.
    let mut game = game_from("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1");
    play(&mut game, "Kd2");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
}

#[test]
fn threefold_repetition_keys_on_the_crowds() {
    // Knights shuffle; positions with the same squares occupied but different crowds differ.
    let mut game = game_from("4k1n1/8/8/3[Pp]4/8/8/8/4K1N1 w - - 0 1");
    for _ in 0..2 {
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8");
    }
    assert_eq!(game.claimable_draws(), [ClaimableDraw::ThreefoldRepetition]);
    // Same squares occupied, but White's pawn and Black's pawn swapped for two white pawns:
    // another position.
    let a = position("4k1n1/8/8/3[Pp]4/8/8/8/4K1N1 w - - 0 1");
    let b = position("4k1n1/8/8/3[PP]4/8/8/8/4K1N1 w - - 0 1");
    let c = position("4k1n1/8/8/3[pP]4/8/8/8/4K1N1 w - - 0 1");
    assert_ne!(a.repetition_key(), b.repetition_key());
    assert_eq!(a.repetition_key(), c.repetition_key(), "a crowd is a set: the order it is written in is not");
}

#[test]
fn insufficient_material_stays_a_draw_with_crowds() {
    let game = game_from("8/8/8/3[Kk]4/8/8/8/7N w - - 0 1");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let game = game_from("8/8/8/3[KkB]4/8/8/8/8 w - - 0 1");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let game = game_from("8/8/8/3[Kk]4/8/8/8/7R w - - 0 1");
    assert_eq!(game.outcome(), None);
    // Two kings alone in one crowd: neither may step out next to the other.
    let game = game_from("8/8/8/3[Kk]4/8/8/8/8 w - - 0 1");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
}

// ---------------------------------------------------------------------------------------
// Notation and FEN.
// ---------------------------------------------------------------------------------------

#[test]
fn san_is_accepted_where_it_names_one_move() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "e4 e5 Nc3");
    // "e4" for Black: only the e5 pawn can go to e4, forming the crowd.
    assert_eq!(play(&mut game, "e4"), "e5-e4");
    assert_eq!(play(&mut game, "Ne4"), "Nc3-e4");
    // "Nf6" is the knight leaving the crowd, written with its origin.
    play(&mut game, "a6");
    assert_eq!(play(&mut game, "Nf6+"), "Ne4-f6+");
}

#[test]
fn a_move_out_of_a_crowd_that_could_be_two_pieces_is_refused_with_both() {
    // A white pawn and king on e4 with a black pawn: both the pawn and the king can step to e5.
    let mut game = game_from("4k3/8/8/8/4[PKp]3/8/8/8 w - - 0 1");
    // Without a letter it is the pawn's move, as in SAN.
    let mut pawn = game_from("4k3/8/8/8/4[PKp]3/8/8/8 w - - 0 1");
    assert_eq!(play(&mut pawn, "e4-e5"), "e4-e5");
    assert_eq!(play(&mut game, "Ke4-e5"), "Ke4-e5");
    // "e4f5" without a letter: the king's (no pawn moves there), as UCI writes it.
    let mut uci = game_from("4k3/8/8/8/4[PKp]3/8/8/8 w - - 0 1");
    assert_eq!(play(&mut uci, "e4f5"), "Ke4-f5");
    // Two knights of different squares that can join one crowd: SAN says which.
    let mut knights = game_from("4k3/8/8/8/4[Pp]3/8/3N1N2/4K3 w - - 0 1");
    let why = refused(&mut knights, "Ne4");
    assert!(why.contains("Nd2-e4") && why.contains("Nf2-e4"), "{why}");
    assert_eq!(play(&mut knights, "Nde4"), "Nd2-e4");
}

#[test]
fn unreadable_and_illegal_moves_say_why() {
    let mut game = VARIANT.game(VARIANT.start());
    assert!(refused(&mut game, "hello").contains("not a move herald can read"));
    assert!(refused(&mut game, "e2-e5").contains("not a legal move"));
    assert!(refused(&mut game, "Nd2").contains("occupied by your own pawn"));
    assert!(refused(&mut game, "d4-d5").contains("no piece of yours on d4"));
}

#[test]
fn the_fen_extension_round_trips() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnb1kbnr/ppp2ppp/8/3p4/4[PNKpq]3/8/PPPP1PPP/R1B2BNR b kq - 5 6",
        "8/8/8/3[PPBBnnkK]4/8/8/8/8 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let pos = position(text);
        let written = fen::write(&pos);
        let canonical = text.replace("[PPBBnnkK]", "[PPBBKnnk]");
        assert_eq!(written, canonical);
        assert_eq!(position(&written), pos);
    }
    // The reader takes a crowd in any order; the writer's is canonical.
    assert_eq!(fen::write(&position("4k3/8/8/8/4[pP]3/8/8/4K3 w - - 0 1")), "4k3/8/8/8/4[Pp]3/8/8/4K3 w - - 0 1");
}

#[test]
fn the_fen_extension_refuses_what_is_not_a_position() {
    let rules = VARIANT.rules();
    for (text, says) in [
        ("4k3/8/8/8/4[P]3/8/8/4K3 w - - 0 1", "not a crowd"),
        ("4k3/8/8/8/4[]3/8/8/4K3 w - - 0 1", "not a crowd"),
        ("4k3/8/8/8/4[Pp3/8/8/4K3 w - - 0 1", "not a crowd"),
        ("4k3/8/8/8/4[Px]3/8/8/4K3 w - - 0 1", "not a crowd"),
        ("4k3/8/8/8/4[Pp]4/8/8/4K3 w - - 0 1", "rank 4 has"),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn stands on h8"),
        ("8/8/8/8/8/8/8/4[KK]3 w - - 0 1", "kings"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K3 w KK - 0 1", "castling field"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"),
    ] {
        let error = fen::read(rules, text).map(|p| fen::write(&p)).unwrap_err().to_string();
        assert!(error.contains(says), "{text}: {error}");
    }
    // A king in a crowd next to an enemy rook's line is not in check, so the FEN is legal.
    assert!(fen::read(rules, "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").is_ok());
    assert!(fen::read(rules, "4[kN]3/4R3/8/8/8/8/8/4K3 w - - 0 1").is_ok());
}

// ---------------------------------------------------------------------------------------
// The game for the referee.
// ---------------------------------------------------------------------------------------

#[test]
fn the_view_shows_crowds_and_names_them() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "e4 e5 Nc3 e5-e4 Nc3-e4");
    let view = game.view(Observer::Player(Color::Black));
    let e4 = view.cells.iter().find(|(sq, _)| sq.algebraic() == "e4").unwrap();
    assert_eq!(e4.1, Cell::Crowd(vec![(Color::White, 'P'), (Color::White, 'N'), (Color::Black, 'P')]));
    assert!(view.notices.iter().any(|n| n.contains("e4 (white pawn, knight; black pawn)")), "{:?}", view.notices);
    let board = herald::variants::diagram::render(&view, Color::Black);
    assert!(board.contains("PNp"), "{board}");
}

#[test]
fn a_large_crowd_is_listed_under_the_board_so_that_it_fits_a_mail_line() {
    let game = game_from("8/8/8/3[PPBBnnkK]4/8/8/4[Rr]3/8 w - - 0 1");
    let board = herald::variants::diagram::render(&game.view(Observer::Everyone), Color::White);
    let rank = |n: u8| board.lines().find(|l| l.starts_with(&format!("{n} "))).unwrap().to_string();
    assert_eq!(rank(5).split_whitespace().collect::<Vec<_>>(), ["5", ".", ".", ".", "*1", ".", ".", ".", ".", "5"]);
    assert_eq!(rank(2).split_whitespace().collect::<Vec<_>>(), ["2", ".", ".", ".", ".", "Rr", ".", ".", ".", "2"]);
    assert!(board.lines().any(|l| l == "*1 = d5: PPBBKnnk"), "{board}");
    assert!(board.lines().all(|l| l.chars().count() <= 72), "{board}");
}

#[test]
fn a_game_resumes_from_its_snapshot() {
    let mut game = VARIANT.game(VARIANT.start());
    play_all(&mut game, "e4 e5 Nc3 e5-e4 Nc3-e4 Nf6 Nf3 Ng8 Ng1");
    let snapshot = game.snapshot();
    let mut again = VARIANT.restore(&snapshot).unwrap();
    assert_eq!(again.fen(), game.fen());
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.snapshot(), snapshot);
    // The repetition history came along: the position after 3. Nc3-e4 has occurred twice,
    // and once more makes three.
    assert_eq!(again.claimable_draws(), []);
    for text in ["Nf6", "Nf3", "Ng8", "Ng1"] {
        again.play(text).unwrap();
        game.play(text).unwrap();
    }
    assert_eq!(again.claimable_draws(), [ClaimableDraw::ThreefoldRepetition]);
    assert_eq!(again.claimable_draws(), game.claimable_draws());
    assert!(VARIANT.restore("start nonsense\n").is_err());
}
