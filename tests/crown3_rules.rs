//! Crown-3, the hidden crown (docs/rules/crown-3.md): each rule in a position that shows it.
//! The counts are worked out by hand from the rules page, square by square, as each test says.

use herald::engine::geometry::Square;
use herald::engine::{Color, Outcome, WinReason};
use herald::variants::crown::{CROWN_3, CrownGame, HiddenCrown};
use herald::variants::{self, Observer, PlayedMove, Secret, VariantGame};

fn secret(label: &str, value: &str) -> Secret {
    Secret { label: label.into(), value: value.into() }
}

/// A game from `fen`; a side with one monarch wears a crown known to both. `crowns` gives
/// the notes of sides that have both monarchs.
fn game(fen: &str, secrets: &[Secret]) -> CrownGame<HiddenCrown> {
    CROWN_3.game(Some(fen), secrets).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(game: &mut CrownGame<HiddenCrown>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn refused(game: &mut CrownGame<HiddenCrown>, text: &str) -> String {
    let before = game.fen();
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {before}", played.notation),
        Err(e) => {
            assert_eq!(game.fen(), before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

fn sq(name: &str) -> Square {
    herald::engine::geometry::BoardSize::CHESS.parse_algebraic(name).unwrap()
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// The moves of the side to move, as typed, split into hides and the rest.
fn moves(game: &CrownGame<HiddenCrown>) -> (Vec<String>, Vec<String>) {
    game.legal_moves().iter().map(|m| game.write(m).1).partition(|m| m.starts_with("hide "))
}

#[test]
fn crown_3_is_listed() {
    let v = variants::by_id("crown-3").expect("crown-3 is a variant");
    assert_eq!(v.id(), "crown-3");
    assert!(v.notation_help().contains("hide d5"));
}

/// Test 1: White has only its king (its crown known), Black both monarchs. White's moves:
/// the eight pawns' single and double steps (16), the king to d1 or f1 (its other neighbours
/// hold pawns), and a hide on each of the 64 - 19 = 45 empty squares: 63.
#[test]
fn a_side_with_a_known_crown_may_hide_it_on_any_empty_square() {
    let g = game("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &[secret("black.crown", "king")]);
    let (hides, others) = moves(&g);
    assert_eq!(others.len(), 18, "{others:?}");
    assert_eq!(hides.len(), 45);
    assert!(hides.contains(&"hide d5".to_string()) && !hides.contains(&"hide e1".to_string()));
}

/// Test 2: the rook on a1 checks the king on e1 along the first rank. The king may go to d2,
/// e2 or f2 (d1 and f1 are on the rook's rank); every one of the 61 empty squares is a hide,
/// since after a hide White has no royal piece: 64 moves.
#[test]
fn a_hide_answers_check() {
    let mut g = game("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &[]);
    let (hides, others) = moves(&g);
    assert_eq!((others.len(), hides.len()), (3, 61), "{others:?}");
    let played = play(&mut g, "hide h4");
    assert_eq!(played.notation, "hide");
    assert_eq!(played.commit, vec![secret("white.hidden-crown", "h4")]);
    // The king, now ordinary, may stay on the rook's rank and step along it.
    play(&mut g, "Kd7");
    play(&mut g, "Kd1");
    assert_eq!(g.outcome(), None);
}

/// Test 3: no hide while both monarchs stand, and only one hide a game.
#[test]
fn a_hide_needs_the_uncrowned_monarch_fallen_and_comes_once() {
    let mut g = CROWN_3.game(None, &[secret("white.crown", "king"), secret("black.crown", "queen")]).unwrap();
    assert!(refused(&mut g, "hide d5").contains("uncrowned monarch has fallen"));
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    play(&mut g, "hide d5");
    play(&mut g, "Kd7");
    assert!(refused(&mut g, "hide e5").contains("already hidden"));
}

/// Every way the rules page lets a player write a hide reads as the same move.
#[test]
fn hides_are_read_in_every_written_form() {
    for text in ["hide d5", "Hide D5", "hide crown d5", "hide the crown on d5", "crown d5", "crown@d5", "CROWN @ d5"] {
        let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
        let played = play(&mut g, text);
        assert_eq!(played.commit, vec![secret("white.hidden-crown", "d5")], "{text}");
    }
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert!(refused(&mut g, "hide").contains("say where"));
    assert!(refused(&mut g, "hide z9").contains("not a square"));
    assert!(refused(&mut g, "hide e8").contains("not free"));
}

/// Tests 4 and 5: crossing the square is no find; stopping on it is.
#[test]
fn only_a_stop_finds_the_crown() {
    let fen = "3rk3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut g = game(fen, &[]);
    play(&mut g, "hide d5");
    let crossed = play(&mut g, "Rd1");
    assert_eq!(crossed.notation, "Rd1", "no check mark: White's king is an ordinary piece now");
    assert_eq!(g.outcome(), None);
    assert!(g.extension().misses(Color::White).contains(sq("d1")));
    assert!(!g.extension().misses(Color::White).contains(sq("d4")), "crossed squares are not searched");

    let mut g = game(fen, &[]);
    play(&mut g, "hide d5");
    let found = play(&mut g, "Rd5");
    assert_eq!(found.reveal, vec!["white.hidden-crown".to_string()]);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::CrownFound));
    assert_eq!(g.outcome().unwrap().to_string(), "Black wins by finding the hidden crown");
}

/// Test 6: a piece of one's own stopping on the square loses.
#[test]
fn stopping_on_ones_own_crown_loses() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    play(&mut g, "hide d2");
    play(&mut g, "Kf8");
    let own = play(&mut g, "Kd2");
    assert_eq!(own.reveal, vec!["white.hidden-crown".to_string()]);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::OwnHiddenCrown));
    assert_eq!(g.outcome().unwrap().to_string(), "Black wins: White stopped on its own hidden crown");
    // Every mail after it says which piece it was, and where.
    for observer in [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Public] {
        let notices = g.view(observer).notices;
        assert!(
            notices.contains(&"White's king stopped on White's own hidden crown on d2.".to_string()),
            "{notices:?}"
        );
    }
}

/// Test 7: castling stops on two squares, the rook's and the king's.
#[test]
fn castling_stops_on_both_landing_squares() {
    for (hidden, found) in [("f8", true), ("g8", true), ("e5", false)] {
        let mut g = game("4k2r/8/8/8/8/8/8/4K3 w eh - 0 1", &[]);
        play(&mut g, &format!("hide {hidden}"));
        play(&mut g, "K0-0");
        let expected = if found { win(Color::Black, WinReason::CrownFound) } else { None };
        assert_eq!(g.outcome(), expected, "{hidden}");
    }
}

/// Test 8: a promotion stops on its square.
#[test]
fn a_promotion_stops_on_its_square() {
    let mut g = game("4k3/8/8/8/8/8/p7/4K3 w - - 0 1", &[]);
    play(&mut g, "hide a1");
    play(&mut g, "a1=G");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::CrownFound));
}

/// Test 9: capturing every piece of the side whose crown is hidden wins; its square opens
/// only at the end (the referee's), not with the move.
#[test]
fn destroying_the_whole_army_wins() {
    let mut g = game("4k3/8/8/8/8/8/8/3rK3 w - - 0 1", &[]);
    play(&mut g, "hide h5");
    let last = play(&mut g, "Rxe1");
    assert!(last.reveal.is_empty(), "{:?}", last.reveal);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::ArmyDestroyed));
}

/// Test 11: both crowns on one square: the player who stops there loses (their own crown is
/// judged first).
#[test]
fn both_crowns_on_one_square() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    play(&mut g, "hide d4");
    play(&mut g, "hide d4");
    play(&mut g, "Kd2");
    play(&mut g, "Kd7");
    play(&mut g, "Kd3");
    play(&mut g, "Kd6");
    play(&mut g, "Kd4");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::OwnHiddenCrown));
}

/// Test 12: the misses are the squares occupied at the hide, then every stop of either side.
#[test]
fn the_sea_battle_record() {
    let mut g = game("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &[secret("black.crown", "king")]);
    play(&mut g, "hide d5");
    let misses = g.extension().misses(Color::White);
    assert_eq!(misses.count(), 19);
    play(&mut g, "e5");
    play(&mut g, "Kf1");
    let misses = g.extension().misses(Color::White);
    assert_eq!(misses.count(), 21);
    assert!(misses.contains(sq("e5")) && misses.contains(sq("f1")));
    // What the grid shows: White's own grid has the crown; Black's and the public's do not,
    // and Black's is drawn from Black's side.
    let white = g.view(Observer::Player(Color::White)).notices.join("\n");
    let black = g.view(Observer::Player(Color::Black)).notices.join("\n");
    let public = g.view(Observer::Public).notices.join("\n");
    assert!(white.contains("Your crown is hidden on d5.") && white.contains(" C"), "{white}");
    assert!(white.contains("21 of 64 squares ruled out (x), 43 unsearched (.)"), "{white}");
    for other in [&black, &public] {
        assert!(
            other.contains("White's crown is hidden.") && !other.contains("d5") && !other.contains(" C"),
            "{other}"
        );
        assert!(other.contains("21 of 64 squares ruled out"), "{other}");
    }
    // Laid out as Black's board: files h to a, rank 1 at the top, labels on both sides. On
    // rank 1 the king's square at the hide (e1) and its stop (f1) are ruled out.
    assert!(black.contains("\n   h g f e d c b a\n1  . . x x . . . .  1\n2  x x x x x x x x  2\n"), "{black}");
    assert!(white.contains("\n   a b c d e f g h\n8  . . . x x . . .  8\n"), "{white}");
    assert!(white.contains("\n5  . . . C x . . .  5\n"), "{white}");
}

/// Test 13: stalemate still loses, for a side whose crown is hidden too.
#[test]
fn stalemate_loses_for_the_hider() {
    let mut g = game("4k3/8/8/8/8/p7/P7/Kr6 w - - 0 1", &[]);
    play(&mut g, "hide h8");
    play(&mut g, "Rxa1");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Stalemate));
}

/// Test 14: after the hide the monarch is an ordinary piece: it may step into attack, gets
/// no check mark, and its capture ends nothing while another White piece stands.
#[test]
fn the_former_monarch_is_an_ordinary_piece() {
    let mut g = game("4k3/8/8/8/8/8/P7/r3K3 w - - 0 1", &[]);
    play(&mut g, "hide c6");
    play(&mut g, "Kd8");
    play(&mut g, "Kd1");
    let taken = play(&mut g, "Rxd1");
    assert_eq!(taken.notation, "Rxd1");
    assert_eq!(g.outcome(), None);
}

/// An auditor replays `hide` from the opened secret.
#[test]
fn a_replay_takes_the_square_from_the_opened_secret() {
    let mut g = CROWN_3.game(Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &[secret("white.hidden-crown", "c3")]).unwrap();
    let played = play(&mut g, "hide");
    assert_eq!(played.commit, vec![secret("white.hidden-crown", "c3")]);
    assert_eq!(g.extension().square(Color::White), Some(sq("c3")));
}

/// Two lone monarchs are no dead position: either may still hide its crown, and a hidden
/// crown can be found.
#[test]
fn lone_monarchs_play_on() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert_eq!(g.outcome(), None);
    play(&mut g, "hide a8");
    play(&mut g, "hide a1");
    assert_eq!(g.outcome(), None);
}

/// A game resumed from its snapshot is the same game.
#[test]
fn a_snapshot_keeps_the_hidden_crown_and_the_record() {
    let mut g = game("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    play(&mut g, "hide d5");
    play(&mut g, "Rd1");
    let variant = variants::by_id("crown-3").unwrap();
    let mut resumed = variant.restore(&g.snapshot()).unwrap();
    assert_eq!(resumed.fen(), g.fen());
    assert_eq!(resumed.view(Observer::Player(Color::White)), g.view(Observer::Player(Color::White)));
    play_boxed(&mut resumed, "Kf2");
    play_boxed(&mut resumed, "Rd5");
    assert_eq!(resumed.outcome(), win(Color::Black, WinReason::CrownFound));
}

fn play_boxed(game: &mut Box<dyn VariantGame>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

/// Debug output ends up in logs and panic messages: it says whether a crown is hidden, never
/// where (nor the square an auditor's secret gives).
#[test]
fn debug_output_never_names_the_hidden_square() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[secret("black.hidden-crown", "g6")]);
    play(&mut g, "hide d5");
    let shown = format!("{:?}", g.extension());
    assert!(!shown.contains("d5") && !shown.contains("g6"), "{shown}");
    assert!(shown.contains("hidden"), "{shown}");
}
