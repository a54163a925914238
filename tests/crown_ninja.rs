//! The ninja in the Crown family (docs/rules/ninja.md, "A ninja meeting the other rules", and
//! the ninja's paragraphs of crown-3.md and crown-4.md): the rules page's positions 14 and 16
//! and each rule a combination adds, in positions that show it. The counts are worked out by
//! hand, square by square, as each test says.

use herald::engine::geometry::{BoardSize, Square};
use herald::engine::{Color, DrawReason, Outcome, WinReason};
use herald::variants::crown::{
    CROWN_3_NINJA, CROWN_4_NINJA, CROWN_NINJA, CrownGame, CrownVariant, Extension, Halves, HiddenCrown,
};
use herald::variants::ninja::{self, Reserve};
use herald::variants::{self, Observer, PlayedMove, Secret, VariantGame};

fn secret(label: &str, value: &str) -> Secret {
    Secret { label: label.into(), value: value.into() }
}

fn secrets(pairs: &[(&str, &str)]) -> Vec<Secret> {
    pairs.iter().map(|&(label, value)| secret(label, value)).collect()
}

/// A game of `variant` from `fen` with the notes (and other secrets) of `pairs`.
fn game<E: Extension>(variant: &'static CrownVariant<E>, fen: &str, pairs: &[(&str, &str)]) -> CrownGame<E> {
    variant.game(Some(fen), &secrets(pairs)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play<E: Extension>(game: &mut CrownGame<E>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn refused<E: Extension>(game: &mut CrownGame<E>, text: &str) -> String {
    let before = game.snapshot();
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {}", played.notation, game.fen()),
        Err(e) => {
            assert_eq!(game.snapshot(), before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

/// The legal moves as typed, sorted.
fn moves<E: Extension>(game: &CrownGame<E>) -> Vec<String> {
    let mut all: Vec<String> = game.legal_moves().iter().map(|m| game.write(m).1).collect();
    all.sort();
    all
}

/// The legal moves as typed, split into the ninja's (starting with J) and the others.
fn ninja_and_other_moves<E: Extension>(game: &CrownGame<E>) -> (Vec<String>, Vec<String>) {
    moves(game).into_iter().partition(|m| m.starts_with('J'))
}

fn sq(name: &str) -> Square {
    BoardSize::CHESS.parse_algebraic(name).unwrap()
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn each_crown_variant_has_a_ninja_host() {
    for (base, name) in [("crown", "Crown with ninjas"), ("crown-3", "Crown-3"), ("crown-4", "Crown-4")] {
        let host = ninja::with_ninja(base).unwrap_or_else(|e| panic!("{base}: {e}"));
        assert_eq!(host.id(), format!("{base}+ninja"));
        assert!(host.name().starts_with(name), "{}", host.name());
        assert!(host.notation_help().contains("J@e4") && host.notation_help().contains("Jb2-off"));
        assert!(!host.engine_moves(), "drops and passes are not the engine's moves");
        assert!(variants::all().iter().any(|v| v.id() == host.id()), "herald variants lists {}", host.id());
        let game = host.new_game();
        assert_eq!(game.start_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Jj] w ADEHadeh - 0 1");
    }
    // The variants without the ninja are as they were.
    for base in ["crown", "crown-3", "crown-4"] {
        let plain = variants::by_id(base).unwrap();
        assert!(!plain.notation_help().contains("J@e4"));
        assert_eq!(plain.new_game().start_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1");
    }
}

/// The start: the sixteen pawn moves and four knight moves of Crown (the queen and the king
/// are walled in), and a drop on each of the 32 empty squares of ranks 3 to 6: 52, for every
/// variant of the family (no extension has a move at the start).
#[test]
fn the_start_has_fifty_two_moves() {
    let notes = [("white.crown", "king"), ("black.crown", "queen")];
    let counts = [
        CROWN_NINJA.game(None, &secrets(&notes)).unwrap().perft(1),
        CROWN_3_NINJA.game(None, &secrets(&notes)).unwrap().perft(1),
        CROWN_4_NINJA.game(None, &secrets(&notes)).unwrap().perft(1),
    ];
    assert_eq!(counts, [52; 3]);
    // Two plies: after each of White's 20 board moves 32 squares are empty (the one a piece
    // went to taken, the one it left freed): Black has its 20 and 32 drops, 52. After a drop
    // Black has 31 drops and its 20 board moves, less the double step onto a rank-5 ninja
    // (8 drops: 50), less the a- or h-pawn's steps but plus one capture by the b- or g-pawn
    // (a6, h6: 50); a ninja on b6-g6 blocks two steps and may be taken by two pawns (51), one
    // on rank 3 or 4 changes nothing (51). 20 x 52 + 10 x 50 + 22 x 51 = 2662.
    assert_eq!(CROWN_NINJA.game(None, &secrets(&notes)).unwrap().perft(2), 20 * 52 + 10 * 50 + 22 * 51);
    let g = CROWN_NINJA.game(None, &secrets(&notes)).unwrap();
    let (ninja, other) = ninja_and_other_moves(&g);
    assert_eq!((ninja.len(), other.len()), (32, 20));
    assert!(ninja.iter().all(|m| m.starts_with("J@")), "{ninja:?}");
}

/// Test 14 (Crown): the ninja's first step takes Black's uncrowned queen, opening the note, and
/// its second takes the king that now wears the crown known to both: White wins.
#[test]
fn a_double_capture_of_both_monarchs_opens_the_note_and_wins() {
    let mut g = game(&CROWN_NINJA, "3qk3/3J4/8/8/8/8/8/4K3 w - - 0 1", &[("black.crown", "king")]);
    let played = play(&mut g, "Jd7xd8xe8");
    assert_eq!(played.notation, "Jd7xd8xe8");
    assert_eq!(played.reveal, strings(&["black.crown"]));
    assert_eq!(g.outcome(), win(Color::White, WinReason::RoyalCaptured));
    assert_eq!(g.fen(), "4J3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// Test 14, the crowned monarch first: the game ends with the first step. The ninja stands on
/// the square it captured on; the second step (onto the king) is not made.
#[test]
fn a_first_step_capture_of_the_crowned_monarch_ends_the_game_there() {
    let mut g = game(&CROWN_NINJA, "3qk3/3J4/8/8/8/8/8/4K3 w - - 0 1", &[("black.crown", "queen")]);
    let played = play(&mut g, "Jd7xd8xe8");
    assert_eq!(played.notation, "Jd7xd8xe8", "the move list shows the move as chosen");
    assert_eq!(played.reveal, strings(&["black.crown"]));
    assert_eq!(g.outcome(), win(Color::White, WinReason::RoyalCaptured));
    assert_eq!(g.fen(), "3Jk3/8/8/8/8/8/8/4K3 b - - 0 1", "the king on e8 was not taken");
}

/// After the uncrowned queen is taken on the first step, the ninja steps back to d7, two steps
/// from nothing but one from the king now royal: check. The king's squares d8, f8, e7, f7 are
/// all within two king steps of d7; only taking the ninja answers: one move.
#[test]
fn a_ninja_that_opens_a_note_may_check_the_monarch_left() {
    let mut g = game(&CROWN_NINJA, "3qk3/3J4/8/8/8/8/8/4K3 w - - 0 1", &[("black.crown", "king")]);
    let played = play(&mut g, "Jxd8-d7");
    assert_eq!(played.notation, "Jd7xd8-d7+");
    assert_eq!(g.outcome(), None);
    assert_eq!(moves(&g), strings(&["Kxd7"]));
    // With the queen crowned the same move wins at once, and gets no check mark.
    let mut g = game(&CROWN_NINJA, "3qk3/3J4/8/8/8/8/8/4K3 w - - 0 1", &[("black.crown", "queen")]);
    assert_eq!(play(&mut g, "Jxd8-d7").notation, "Jd7xd8-d7");
    assert_eq!(g.outcome(), win(Color::White, WinReason::RoyalCaptured));
}

/// The check rule holds only for a side whose royal piece is known to both. Test 11's pinned
/// ninja on e2 (rook on e7): with White's king alone (its crown known) the ninja may only stay
/// on the e-file, e3, e4 or its own square (3), and the king has d1, d2, f1, f2 (4): 7. With
/// the queen on d1 as well White's crown is a secret and nothing is pinned: the ninja reaches
/// every square of c1–g4 but its own, d1 and e1 (17), passes (1) and leaves over the first
/// rank (1): 19; the king has d2, f1, f2 and the queen c1, c2, d2: 25.
#[test]
fn a_ninja_is_pinned_only_where_the_crown_is_known() {
    let known = game(&CROWN_NINJA, "4k3/4r3/8/8/8/8/4J3/4K3 w - - 0 1", &[]);
    let (ninja, other) = ninja_and_other_moves(&known);
    assert_eq!(ninja, strings(&["Je2-e2", "Je2-e3", "Je2-e4"]));
    assert_eq!(other, strings(&["Kd1", "Kd2", "Kf1", "Kf2"]));
    let secret_crown = game(&CROWN_NINJA, "4k3/4r3/8/8/8/8/4J3/3QK3 w - - 0 1", &[("white.crown", "king")]);
    let (ninja, other) = ninja_and_other_moves(&secret_crown);
    assert_eq!(ninja.len(), 19, "{ninja:?}");
    assert!(ninja.contains(&"Je2-off".to_string()) && ninja.contains(&"Je2-g4".to_string()));
    assert_eq!(other, strings(&["Kd2", "Kf1", "Kf2", "Qc1", "Qc2", "Qd2"]));
}

/// A drop mates: the ninja on e6 attacks every square within two king steps, e8 and all of its
/// neighbours, and nothing can take it. With both crowns known, the move list says so.
#[test]
fn a_drop_can_mate_a_known_royal_monarch() {
    let mut g = game(&CROWN_NINJA, "4k3/8/8/8/8/8/8/4K3[J] w - - 0 1", &[]);
    let played = play(&mut g, "J@e6");
    assert_eq!(played.notation, "J@e6#");
    assert_eq!(g.outcome(), win(Color::White, WinReason::Checkmate));
}

/// The same drop beside monarchs whose crown is secret gives no check mark: the move list never
/// depends on a closed note.
#[test]
fn no_check_mark_while_the_crown_is_secret() {
    let mut g = game(&CROWN_NINJA, "3qk3/8/8/8/8/8/8/4K3[J] w - - 0 1", &[("black.crown", "king")]);
    assert_eq!(play(&mut g, "J@e6").notation, "J@e6");
    assert_eq!(g.outcome(), None);
}

/// Test 10's twin (mate by a lone ninja): the ninja on e3 attacks e1 and its five neighbours, and
/// a check by a ninja cannot be blocked, so White's ninja in reserve is no answer either:
/// checkmate. With White's own ninja on c2, which reaches e3 in two steps, taking it is the one
/// answer.
#[test]
fn a_ninja_check_is_answered_only_by_taking_it_or_stepping_away() {
    let g = game(&CROWN_NINJA, "4k3/8/8/8/8/4j3/8/4K3[J] w - - 0 1", &[]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Checkmate));
    let g = game(&CROWN_NINJA, "4k3/8/8/8/8/4j3/2J5/4K3 w - - 0 1", &[]);
    assert_eq!(moves(&g), strings(&["Jc2xe3"]));
}

/// The ninja's moves count for stalemate: `k7/2K5/2N5/8/8/8/8/8 b` is stalemate (a7 and b8 the
/// knight's, b7 and b8 the king's), which Crown scores as a loss; a Black ninja on h1 has its
/// ten corner moves (8 squares, the pass, off the board), one in reserve 61 drops (64 squares,
/// 3 taken).
#[test]
fn a_ninja_that_can_move_is_no_stalemate() {
    let g = game(&CROWN_NINJA, "k7/2K5/2N5/8/8/8/8/8 b - - 0 1", &[]);
    assert_eq!(g.outcome(), win(Color::White, WinReason::Stalemate));
    let g = game(&CROWN_NINJA, "k7/2K5/2N5/8/8/8/8/7j b - - 0 1", &[]);
    assert_eq!((g.perft(1), g.outcome()), (10, None));
    assert!(moves(&g).contains(&"Jh1-h1".to_string()) && moves(&g).contains(&"Jh1-off".to_string()));
    let g = game(&CROWN_NINJA, "k7/2K5/2N5/8/8/8/8/8[j] b - - 0 1", &[]);
    assert_eq!((g.perft(1), g.outcome()), (61, None));
}

/// Crown's dead position, the two known royal monarchs alone, is not dead while a ninja is in
/// reserve: it can be dropped, and capture.
#[test]
fn a_ninja_in_reserve_keeps_the_game_alive() {
    let bare = game(&CROWN_NINJA, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert_eq!(bare.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    for held in ["J", "j"] {
        let g = game(&CROWN_NINJA, &format!("4k3/8/8/8/8/8/8/4K3[{held}] w - - 0 1"), &[]);
        assert_eq!(g.outcome(), None, "[{held}]");
    }
    // A ninja on the board is no minor piece either.
    assert_eq!(game(&CROWN_NINJA, "4k3/8/8/8/8/8/8/J3K3 w - - 0 1", &[]).outcome(), None);
}

/// FEN: the ninjas in reserve in brackets, a side's one at most; a drop takes White's out, an
/// exit puts it back; a capture starts the fifty-move count again, a drop or an exit does not.
#[test]
fn the_reserve_in_fen() {
    let mut g = game(&CROWN_NINJA, "4k3/8/8/8/8/8/8/4K3[Jj] w - - 3 9", &[]);
    play(&mut g, "J@b2");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/1J6/4K3[j] b - - 4 9");
    play(&mut g, "J*d5");
    play(&mut g, "Jb2-off");
    assert_eq!(g.fen(), "4k3/8/8/3j4/8/8/8/4K3[J] b - - 6 10");
    let mut white_only = Reserve::EMPTY;
    white_only.set(Color::White, true);
    assert_eq!(g.core().ninjas(), white_only);
    for fen in ["4k3/8/8/8/8/8/8/J3K3[J] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[JJ] w - - 0 1"] {
        let refused = CROWN_NINJA.game(Some(fen), &[]).err().unwrap_or_else(|| panic!("{fen} was read"));
        assert!(refused.contains("one"), "{refused}");
    }
    // Crown without the ninja holds no pieces in hand.
    assert!(variants::by_id("crown").unwrap().game_from_fen("4k3/8/8/8/8/8/8/4K3[J] w - - 0 1").is_err());
    let mut g = game(&CROWN_NINJA, "4k3/8/8/8/8/8/1p6/J3K3 w - - 7 20", &[]);
    assert_eq!(play(&mut g, "Jxb2-c3").notation, "Ja1xb2-c3");
    assert_eq!(g.fen(), "4k3/8/8/8/8/2J5/8/4K3 b - - 0 20");
}

/// What a ninja's text that fits no legal move gets, and what SAN-like text for the ninja's
/// square is: never a move of the engine's own ninja tables.
#[test]
fn ninja_text_is_read_by_the_ninjas_rules() {
    let mut g = game(&CROWN_NINJA, "4k3/8/8/8/4J3/8/8/4K3[j] w - - 0 1", &[]);
    assert!(refused(&mut g, "J@d5").contains("your ninja is on e4, not in reserve"));
    assert!(refused(&mut g, "Je4-e7").contains("more than two king steps"));
    refused(&mut g, "e4-f6");
    assert_eq!(play(&mut g, "Je4").notation, "Je4-e4", "the ninja's own square alone is a pass");
    assert!(refused(&mut g, "Jd5-d6").contains("your ninja is in reserve"));
}

/// A game resumed from its snapshot is the same game: the ninjas in reserve and on the board,
/// every view's "Ninjas" line.
#[test]
fn a_snapshot_keeps_the_ninjas() {
    let mut g = CROWN_NINJA.game(None, &secrets(&[("white.crown", "king"), ("black.crown", "queen")])).unwrap();
    play(&mut g, "J@e4");
    play(&mut g, "e5");
    play(&mut g, "Je4xe5-e4");
    let snapshot = g.snapshot();
    assert!(snapshot.contains("\nholdings Jj\n") && snapshot.contains("\nninjas j\n"), "{snapshot}");
    let mut resumed = variants::by_id("crown+ninja").unwrap().restore(&snapshot).unwrap();
    assert_eq!(resumed.snapshot(), snapshot);
    assert_eq!(resumed.fen(), "rnbqkbnr/pppp1ppp/8/8/4J3/8/PPPPPPPP/RNBQKBNR[j] b ADEHadeh - 0 2");
    for observer in [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Public] {
        let notices = resumed.view(observer).notices;
        assert!(notices.contains(&"Ninjas: White's on e4; Black's in reserve.".to_string()), "{notices:?}");
    }
    resumed.play("J@d5").unwrap();
    let notices = resumed.view(Observer::Public).notices;
    assert!(notices.contains(&"Ninjas: White's on e4; Black's on d5.".to_string()), "{notices:?}");
    // Crown's snapshot has no ninja line.
    let plain = variants::by_id("crown").unwrap().new_game().snapshot();
    assert!(!plain.contains("ninjas"), "{plain}");
}

// ---------------------------------------------------------------------------------------------
// crown-3 with the ninja

/// Test 16 (crown-3): Black's crown hidden on d5. The ninja on d4 crossing d5 (`Jd4-d6`, one
/// of whose paths steps through d5) finds nothing; ending there, or a drop there, finds it.
#[test]
fn only_the_ninjas_last_square_or_drop_finds_a_hidden_crown() {
    let hidden = |fen: &str| {
        let mut g = game(&CROWN_3_NINJA, fen, &[]);
        play(&mut g, "hide d5");
        g
    };
    let mut g = hidden("4k3/8/8/8/3J4/8/8/4K3 b - - 0 1");
    play(&mut g, "Jd4-d6");
    assert_eq!(g.outcome(), None);
    let misses = g.extension().misses(Color::Black);
    assert!(misses.contains(sq("d6")) && !misses.contains(sq("d5")));
    let mut g = hidden("4k3/8/8/8/3J4/8/8/4K3 b - - 0 1");
    let found = play(&mut g, "Jd4-d5");
    assert_eq!(found.reveal, strings(&["black.hidden-crown"]));
    assert_eq!(g.outcome(), win(Color::White, WinReason::CrownFound));
    let mut g = hidden("4k3/8/8/8/8/8/8/4K3[J] b - - 0 1");
    play(&mut g, "J@d5");
    assert_eq!(g.outcome(), win(Color::White, WinReason::CrownFound));
}

/// Crown-3 test 12 for the ninja: the misses grow by a drop's square and a move's last square,
/// never by a pass (the ninja's own square was occupied, so a miss already) nor by a first
/// step's capture (that square held a piece, so it was a miss already).
#[test]
fn the_ninjas_stops_in_the_sea_battle_record() {
    let mut g = game(&CROWN_3_NINJA, "4k3/8/8/8/8/8/8/4K3[Jj] w - - 0 1", &[]);
    play(&mut g, "hide h8");
    let count = |g: &CrownGame<HiddenCrown>| g.extension().misses(Color::White).count();
    assert_eq!(count(&g), 2, "the two kings' squares");
    play(&mut g, "J@c5");
    assert_eq!(count(&g), 3);
    play(&mut g, "J@e4");
    assert_eq!(count(&g), 4);
    play(&mut g, "Jc5-c5");
    assert_eq!(count(&g), 4, "a pass adds nothing");
    play(&mut g, "Je4-d4");
    assert_eq!(count(&g), 5);
    play(&mut g, "Jc5xd4-c5");
    assert_eq!(count(&g), 5, "a capture on the first step, back on its own square: nothing new");
}

/// Crown-3 tests 9 and 10: `1. hide Rxe1` destroys White's whole army, unless White's ninja is
/// in reserve: then the game goes on, and White's only moves are its 62 drops (64 squares, the
/// Black king's and rook's taken). The ninja dropped and captured, the army is gone.
#[test]
fn a_ninja_in_reserve_is_part_of_the_army() {
    let mut g = game(&CROWN_3_NINJA, "4k3/8/8/8/8/8/8/3rK3 w - - 0 1", &[]);
    play(&mut g, "hide h5");
    play(&mut g, "Rxe1");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::ArmyDestroyed));
    let mut g = game(&CROWN_3_NINJA, "4k3/8/8/8/8/8/8/3rK3[J] w - - 0 1", &[]);
    play(&mut g, "hide h5");
    play(&mut g, "Rxe1");
    assert_eq!(g.outcome(), None);
    let all = moves(&g);
    assert_eq!(all.len(), 62);
    assert!(all.iter().all(|m| m.starts_with("J@")), "{all:?}");
    play(&mut g, "J@e2");
    play(&mut g, "Rxe2");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::ArmyDestroyed));
}

/// A ninja going over the edge with its side's last piece on the board leaves the army whole:
/// it is in reserve.
#[test]
fn a_ninja_over_the_edge_is_still_in_the_army() {
    let mut g = game(&CROWN_3_NINJA, "4k3/8/8/8/8/8/8/J3K3 w - - 0 1", &[]);
    play(&mut g, "hide h4");
    play(&mut g, "Kd7");
    play(&mut g, "Ja1-off");
    play(&mut g, "Kd6");
    assert_eq!(g.outcome(), None);
    assert!(g.core().ninjas().has(Color::White));
}

/// A capture that decides the game on the first step ends the move there, a destroyed army as a
/// taken crown: White's ninja takes Black's last piece, its former king, on e5 with its first
/// step; its second would have ended on d6, where White's own crown is hidden. The army was
/// destroyed first, and the ninja stands on e5.
#[test]
fn an_army_destroyed_on_the_first_step_ends_the_move() {
    let mut g = game(&CROWN_3_NINJA, "8/8/4k3/8/4J3/8/8/K7 b - - 0 1", &[]);
    play(&mut g, "hide a8");
    play(&mut g, "hide d6");
    play(&mut g, "Ke5");
    let played = play(&mut g, "Je4xe5-d6");
    assert_eq!(played.notation, "Je4xe5-d6");
    assert_eq!(g.outcome(), win(Color::White, WinReason::ArmyDestroyed));
    assert_eq!(g.fen(), "8/8/8/4J3/8/8/8/K7 b - - 0 3");
}

// ---------------------------------------------------------------------------------------------
// crown-4 with the ninja

/// Crown-4's halves are captured by the ninja as any piece: the first step takes the F half on
/// e2 and the second the W half on e1. With the W half crowned, the F half's loss opens the
/// secret and the W half, royal, falls to the second step: Black wins. With the F half crowned
/// the first step wins and the move ends there.
#[test]
fn the_ninja_takes_halves() {
    let fen = "3qk3/8/8/8/8/5j2/4F3/4W3 b - - 0 1";
    for (crowned, after) in [("W", "3qk3/8/8/8/8/8/8/4j3 w - - 0 2"), ("F", "3qk3/8/8/8/8/8/4j3/4W3 w - - 0 2")] {
        let mut g = game(&CROWN_4_NINJA, fen, &[("black.crown", "king"), ("white.crowned-half", crowned)]);
        let played = play(&mut g, "Jf3xe2xe1");
        assert_eq!(played.reveal, strings(&["white.crowned-half"]), "{crowned}");
        assert_eq!(g.outcome(), win(Color::Black, WinReason::RoyalCaptured), "{crowned}");
        assert_eq!(g.fen(), after, "{crowned}");
    }
}

/// The uncrowned F half taken on the first step, the ninja back on f3 checks the W half, now
/// royal: its steps d1, f1 and e2 are all within two king steps of f3, it cannot reach the
/// ninja, and White has no ninja: checkmate.
#[test]
fn a_ninja_mates_a_half_it_made_royal() {
    let mut g = game(
        &CROWN_4_NINJA,
        "3qk3/8/8/8/8/5j2/4F3/4W3 b - - 0 1",
        &[("black.crown", "king"), ("white.crowned-half", "W")],
    );
    assert_eq!(play(&mut g, "Jxe2-f3").notation, "Jf3xe2-f3#");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Checkmate));
}

/// A split that is due bars the ninja's moves as it bars the board's (crown-4 test 1 with a
/// ninja in reserve: still the 20 splits, 5 free neighbours x 2 placements x 2 crowns, and a
/// drop refused); a split that is impossible leaves them (test 3: the 11 board moves and 56
/// drops, 64 squares less the 8 pieces).
#[test]
fn a_due_split_bars_the_ninja_too() {
    let mut g = game(&CROWN_4_NINJA, "3qk3/8/8/8/8/8/8/4K3[J] w - - 0 1", &[("black.crown", "king")]);
    let all = moves(&g);
    assert_eq!(all.len(), 20);
    assert!(all.iter().all(|m| m.starts_with("W@")), "{all:?}");
    assert!(refused(&mut g, "J@e4").contains("must split your king"));
    let g: CrownGame<Halves> =
        game(&CROWN_4_NINJA, "3qk3/8/8/8/8/8/3PPP2/3BKB2[J] w - - 0 1", &[("black.crown", "king")]);
    let (ninja, other) = ninja_and_other_moves(&g);
    assert_eq!((ninja.len(), other.len()), (56, 11));
}
