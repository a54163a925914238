//! Crown-4, bifurcation (docs/rules/crown-4.md): each rule in a position that shows it. The
//! counts are worked out by hand from the rules page, square by square, as each test says.

use herald::engine::{Color, Outcome, WinReason};
use herald::variants::crown::{CROWN_4, CrownGame, Half, Halves, read_split};
use herald::variants::{self, Observer, PlayedMove, Secret, VariantGame};

fn secret(label: &str, value: &str) -> Secret {
    Secret { label: label.into(), value: value.into() }
}

/// A game from `fen` with `secrets` (the notes of sides with both monarchs, the crowned half
/// of sides with both halves).
fn game(fen: &str, secrets: &[Secret]) -> CrownGame<Halves> {
    CROWN_4.game(Some(fen), secrets).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(game: &mut CrownGame<Halves>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn refused(game: &mut CrownGame<Halves>, text: &str) -> String {
    let before = game.snapshot();
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {}", played.notation, game.fen()),
        Err(e) => {
            assert_eq!(game.snapshot(), before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// The moves of the side to move as typed, split into splits (`W@..`) and the rest.
fn moves(game: &CrownGame<Halves>) -> (Vec<String>, Vec<String>) {
    game.legal_moves().iter().map(|m| game.write(m).1).partition(|m| m.starts_with("W@"))
}

/// The moves of the side to move as the move list writes them.
fn public_moves(game: &CrownGame<Halves>) -> Vec<String> {
    let mut all: Vec<String> = game.legal_moves().iter().map(|m| game.write(m).0).collect();
    all.sort();
    all.dedup();
    all
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

#[test]
fn crown_4_is_listed() {
    let v = variants::by_id("crown-4").expect("crown-4 is a variant");
    assert_eq!(v.id(), "crown-4");
    assert!(v.notation_help().contains("W@e1,F@e2*"));
    assert!(!v.engine_moves(), "the split is no move of the engine's");
}

/// Test 1: White's split is due (a lone king, Black has both monarchs). The king on e1 has
/// five free neighbours (d1, f1, d2, e2, f2); on each either half may go and either may be
/// crowned: 5 x 2 x 2 = 20 moves as typed, 10 as the move list writes them, and nothing else.
#[test]
fn the_split_is_the_only_move_when_due() {
    let g = game("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &[secret("black.crown", "king")]);
    let (splits, others) = moves(&g);
    assert!(others.is_empty(), "{others:?}");
    assert_eq!(splits.len(), 20);
    assert_eq!(public_moves(&g).len(), 10);
    for typed in ["W@e1,F@e2*", "W@e1*,F@e2", "W@d1,F@e1*", "W@f2*,F@e1"] {
        assert!(splits.contains(&typed.to_string()), "{typed} in {splits:?}");
    }
    let mut g = g;
    let why = refused(&mut g, "Ke2");
    assert!(why.contains("must split your king") && why.contains("W@e1,F@d1*"), "{why}");
}

/// Test 2: the rook on a1 checks the king; the split is still legal, all 20 of it, even to
/// squares the rook attacks (after it neither half is royal).
#[test]
fn the_split_answers_check() {
    let mut g = game("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", &[]);
    let (splits, others) = moves(&g);
    assert_eq!((splits.len(), others.len()), (20, 0), "{others:?}");
    let played = play(&mut g, "W@e1,F@f1*");
    assert_eq!(played.notation, "W@e1,F@f1");
    assert_eq!(played.commit, vec![secret("white.crowned-half", "F")]);
    assert!(played.reveal.is_empty());
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/r3WF2 b - - 1 1");
    assert_eq!(g.game().position().royal_square(Color::White), None);
}

/// Test 3: every neighbour of the king is taken by its own pieces: no split, the king stays
/// royal. White's moves: the pawns d2, e2, f2 one or two steps (6), the d1 bishop to c2, b3,
/// a4 (3), the f1 bishop to g2, h3 (2): 11. Later, with e2 free, still no split.
#[test]
fn no_free_neighbour_no_split_ever() {
    let mut g = game("3qk3/8/8/8/8/8/3PPP2/3BKB2 w - - 0 1", &[secret("black.crown", "queen")]);
    let (splits, others) = moves(&g);
    assert!(splits.is_empty());
    assert_eq!(others.len(), 11, "{others:?}");
    assert!(refused(&mut g, "W@e1,F@e2*").contains("no empty neighbouring square"));
    play(&mut g, "e4");
    assert!(
        g.view(Observer::Player(Color::Black))
            .notices
            .iter()
            .any(|n| n == "White's king could not split: it stays whole and royal.")
    );
    play(&mut g, "Kf7");
    let (splits, others) = moves(&g);
    assert!(splits.is_empty(), "{splits:?}");
    assert!(others.contains(&"Ke2".to_string()));
    assert!(refused(&mut g, "W@e1,F@e2*").contains("never splits"));
    assert_eq!(g.game().position().royal_square(Color::White).map(|s| s.to_string()), Some("e1".to_string()));
}

/// Test 4: the halves' moves. Black (both monarchs, no check) moves first: the queen on d8 to
/// c8, c7, d7, e7, the king on e8 to f8, f7, e7, d7: 8. Then White's W on e1 steps to d1, f1
/// (e2 holds its own F), the F on e2 to d1, f1, d3, f3: 6.
#[test]
fn the_halves_move_as_w_and_f() {
    let mut g =
        game("3qk3/8/8/8/8/8/4F3/4W3 b - - 0 1", &[secret("white.crowned-half", "W"), secret("black.crown", "king")]);
    assert_eq!(g.legal_moves().len(), 8);
    play(&mut g, "Kf7");
    assert_eq!(public_moves(&g), sorted(&["Wd1", "Wf1", "Fd1", "Ff1", "Fd3", "Ff3"]));
}

/// Test 5: Black's rook takes the F half on e2. Black's moves first: the queen 4 and the
/// king 4 as in test 4, the rook on f2 to e2 (a capture), g2, h2, f1 and f3 to f8: 18.
/// With the F half crowned the capture wins; with the W half crowned it opens the secret, the
/// W half on e1 is royal and in check (`Rxe2+`), and its moves are Wxe2, Wd1, Wf1.
#[test]
fn capturing_a_half() {
    let fen = "3qk3/8/8/8/8/8/4Fr2/4W3 b - - 0 1";
    let mut g = game(fen, &[secret("white.crowned-half", "F"), secret("black.crown", "king")]);
    assert_eq!(g.legal_moves().len(), 18);
    let taken = play(&mut g, "Rxe2");
    assert_eq!(taken.notation, "Rxe2");
    assert_eq!(taken.reveal, vec!["white.crowned-half".to_string()]);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::RoyalCaptured));
    let seen = g.view(Observer::Public).notices;
    assert!(seen.contains(&"White lost the crowned F half.".to_string()), "{seen:?}");

    let mut g = game(fen, &[secret("white.crowned-half", "W"), secret("black.crown", "king")]);
    let taken = play(&mut g, "Rxe2");
    assert_eq!(taken.notation, "Rxe2+");
    assert_eq!(taken.reveal, vec!["white.crowned-half".to_string()]);
    assert_eq!(g.outcome(), None);
    assert_eq!(public_moves(&g), sorted(&["Wxe2", "Wd1", "Wf1"]));
    let seen = g.view(Observer::Public).notices;
    assert!(seen.contains(&"White's crown: the W half on e1 (opened).".to_string()), "{seen:?}");
    let white = g.view(Observer::Player(Color::White)).notices;
    assert!(white.contains(&"You are in check.".to_string()), "{white:?}");
}

/// Test 6: White's one half is royal. The a1 rook checks the W on e1; d1 is on its rank, f1
/// too once e1 is left, e2 on the h2 rook's rank: checkmate. Without the h2 rook, one move:
/// We2.
#[test]
fn a_royal_half_can_be_mated() {
    let g = game("4k3/8/8/8/8/8/7r/r3W3 w - - 0 1", &[]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Checkmate));
    let g = game("4k3/8/8/8/8/8/8/r3W3 w - - 0 1", &[]);
    assert_eq!(public_moves(&g), sorted(&["We2"]));
}

/// Test 7: while the crowned half is unknown neither half is royal: attacks on them get no
/// mark, and a half may step onto an attacked square.
#[test]
fn no_check_while_the_crowned_half_is_sealed() {
    let mut g = game("3qk3/8/8/8/8/8/8/r3K3 w - - 0 1", &[secret("black.crown", "king")]);
    assert_eq!(play(&mut g, "W@e1,F@e2*").notation, "W@e1,F@e2", "the rook on a1 attacks the W half: no mark");
    assert_eq!(play(&mut g, "Rb1").notation, "Rb1", "the rook attacks the W half: no mark");
    assert_eq!(play(&mut g, "Wd1").notation, "Wd1", "along the rook's rank");
    assert_eq!(play(&mut g, "Rxd1").notation, "Rxd1", "the rook on d1 does not attack the F half on e2");
    assert_eq!(g.outcome(), None, "the W half was not crowned");
    // The F half is now known to be crowned, and royal: f1 (the first rank) and d3 (the
    // d-file) are the rook's; it may take the rook or go to f3.
    assert_eq!(public_moves(&g), sorted(&["Fxd1", "Ff3"]));
}

/// Test 8: no split while a side has both monarchs; the split comes at the next move after
/// the uncrowned monarch's capture. Rxd8 takes Black's uncrowned queen and checks the king,
/// royal now; Black's king has four free neighbours (f8, d7, e7, f7; d8 holds the rook): 16
/// splits, and no other move.
#[test]
fn the_split_comes_only_after_the_loss() {
    let start = [secret("white.crown", "king"), secret("black.crown", "queen")];
    let mut g = CROWN_4.game(None, &start).unwrap();
    assert!(refused(&mut g, "W@e1,F@e2*").contains("only once your uncrowned monarch has fallen"));

    let crowns = [secret("white.crown", "king"), secret("black.crown", "king")];
    let mut g = game("3qk3/8/8/8/8/8/8/3RK1Q1 w - - 0 1", &crowns);
    assert!(moves(&g).0.is_empty());
    assert_eq!(play(&mut g, "Rxd8").notation, "Rxd8+");
    let (splits, others) = moves(&g);
    assert_eq!((splits.len(), others.len()), (16, 0), "{others:?}");
    let black = g.view(Observer::Player(Color::Black)).notices;
    assert!(
        black.iter().any(|n| n.starts_with("Your uncrowned monarch fell: your next move splits your king")),
        "{black:?}"
    );
    let white = g.view(Observer::Player(Color::White)).notices;
    assert!(white.contains(&"Black's king must split at Black's next move.".to_string()), "{white:?}");
    assert!(refused(&mut g, "Kf7").contains("must split your king"));
    assert!(refused(&mut g, "W@e8,F@d8*").contains("d8 is not empty"));
    play(&mut g, "F@e8,W@f8*");
    assert!(moves(&g).0.is_empty(), "White still has both monarchs");
}

/// Test 9: a pawn may still promote to an uncrowned monarch, never to a half; the promoted
/// king never splits. White crowned its king; Black's queen takes White's queen on d1, so the
/// king on e1 splits: its free neighbours are f1, d2, e2, f2 (d1 holds the queen): 16 splits,
/// none from the promoted king on a8.
#[test]
fn a_promoted_monarch_never_splits() {
    let crowns = [secret("white.crown", "king"), secret("black.crown", "king")];
    let mut g = game("7k/P7/8/8/8/8/2q5/3QK3 w - - 0 1", &crowns);
    assert!(refused(&mut g, "a8=W").contains("cannot become"));
    assert!(refused(&mut g, "a8=F").contains("cannot become"));
    play(&mut g, "a8=K");
    play(&mut g, "Qxd1");
    let (splits, others) = moves(&g);
    assert_eq!((splits.len(), others.len()), (16, 0), "{others:?}");
    assert!(splits.iter().all(|s| s.contains("e1")), "{splits:?}");
}

/// Test 10: the repetition key, the FEN and everything public are the same whichever half
/// is crowned.
#[test]
fn the_crowned_half_is_in_no_public_key() {
    let fen = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut games = ["W@e1*,F@e2", "W@e1,F@e2*"].map(|split| {
        let mut g = game(fen, &[secret("black.crown", "king")]);
        play(&mut g, split);
        g
    });
    for g in &mut games {
        play(g, "Kf7");
    }
    let [a, b] = &games;
    assert_eq!(a.game().position().repetition_key(), b.game().position().repetition_key());
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.moves(), b.moves());
    for observer in [Observer::Player(Color::Black), Observer::Public] {
        assert_eq!(a.view(observer), b.view(observer));
    }
    assert_ne!(a.view(Observer::Player(Color::White)), b.view(Observer::Player(Color::White)));
}

/// Every way the rules page lets a player write a split reads as the same move; SAN with W
/// and F beside pawns on the f-file reads as it should.
#[test]
fn splits_are_read_in_every_written_form() {
    let fen = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1";
    for text in ["W@e1,F@e2*", "w@e1, f@e2*", "split We1 Fe2*", "Split W@e1 , F@e2*", "F@e2*,W@e1", "We1 Fe2*"] {
        let mut g = game(fen, &[secret("black.crown", "king")]);
        let played = play(&mut g, text);
        assert_eq!(played.notation, "W@e1,F@e2", "{text}");
        assert_eq!(played.commit, vec![secret("white.crowned-half", "F")], "{text}");
    }
    let mut g = game(fen, &[secret("black.crown", "king")]);
    assert!(refused(&mut g, "W@e1,F@e2").contains("mark the crowned half with *"));
    assert!(refused(&mut g, "W@e1*,F@e2*").contains("only one half"));
    assert!(refused(&mut g, "W@e1,W@e2*").contains("one W half and one F half"));
    assert!(refused(&mut g, "W@e3,F@e2*").contains("one half stays where your king stands, on e1"));
    assert!(refused(&mut g, "W@e1,F@e3*").contains("e3 is not"));
    assert!(refused(&mut g, "W@e1").contains("names both halves"));
    assert!(refused(&mut g, "split").contains("names both halves"));

    // Not splits: a half's move and pawns on the f-file.
    for text in ["We2", "Fxe5", "fxe5", "f4", "f5", "J@e4"] {
        assert_eq!(read_split(text), None, "{text}");
    }
    let fen = "3qk3/8/8/4p3/3F1P2/8/8/6W1 w - - 0 1";
    let pairs = [secret("black.crown", "king"), secret("white.crowned-half", "W")];
    for (text, written) in [("fxe5", "fxe5"), ("Fxe5", "Fxe5"), ("f5", "f5"), ("Fe3", "Fe3"), ("Wh1", "Wh1")] {
        let mut g = game(fen, &pairs);
        assert_eq!(play(&mut g, text).notation, written, "{text}");
    }
}

/// An auditor replays the public `W@e1,F@e2` from the opened secret.
#[test]
fn a_replay_takes_the_crowned_half_from_the_opened_secret() {
    let pairs = [secret("black.crown", "king"), secret("white.crowned-half", "W")];
    let mut g = game("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", &pairs);
    let played = play(&mut g, "W@e1,F@e2");
    assert_eq!(played.commit, vec![secret("white.crowned-half", "W")]);
    assert_eq!(g.extension().crowned(Color::White), Some(Half::W));
    // A FEN with both halves asks for the secret; a wrong value is refused.
    let halves = CROWN_4.game(Some("3qk3/8/8/8/8/8/4F3/4W3 b - - 0 1"), &[secret("black.crown", "king")]).unwrap();
    let asked: Vec<String> = halves.setup_requests().into_iter().map(|r| r.label).collect();
    assert_eq!(asked, vec!["white.crowned-half".to_string()]);
    assert!(CROWN_4.game(Some("3qk3/8/8/8/8/8/4F3/4W3 b - - 0 1"), &[secret("white.crowned-half", "Q")]).is_err());
    assert!(CROWN_4.game(Some("3qk3/8/8/8/8/8/8/4W3 b - - 0 1"), &[secret("white.crowned-half", "F")]).is_err());
}

/// The views of the rules page's table: the owner sees the crowned half and when it is
/// attacked; the opponent and the public only that the crown is on a half.
#[test]
fn each_observer_sees_what_the_table_says() {
    let mut g = game("3qk3/8/8/8/8/8/8/r3K3 w - - 0 1", &[secret("black.crown", "king")]);
    play(&mut g, "W@e1,F@e2*");
    play(&mut g, "Ra2");
    let white = g.view(Observer::Player(Color::White)).notices;
    assert!(white.contains(&"Your crown is on the F half on e2.".to_string()), "{white:?}");
    assert!(white.contains(&"Your crowned F half is attacked.".to_string()), "{white:?}");
    assert!(!white.contains(&"You are in check.".to_string()));
    for observer in [Observer::Player(Color::Black), Observer::Public] {
        let seen = g.view(observer).notices;
        assert!(seen.contains(&"White's crown is on one of its halves.".to_string()), "{seen:?}");
        assert!(!seen.iter().any(|n| n.contains("F half")), "{seen:?}");
    }
    let all = g.view(Observer::Everyone).notices;
    assert!(all.contains(&"White's crown: the F half on e2 (still sealed for the players).".to_string()), "{all:?}");
}

/// Stalemate still loses, with halves as with monarchs. White's one half, the W on a1, is
/// royal; the rook on b7 covers b1, the rook on h2 covers a2, neither attacks a1: no move,
/// no check.
#[test]
fn stalemate_loses() {
    let g = game("4k3/1r6/8/8/8/8/7r/W7 w - - 0 1", &[]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Stalemate));
}

/// Two lone royal pieces are a dead position, but not while a split is due.
#[test]
fn dead_only_once_no_split_is_due() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert_eq!(g.outcome(), None, "both kings still split");
    play(&mut g, "W@e1,F@e2*");
    play(&mut g, "W@e8*,F@d7");
    assert_eq!(g.outcome(), None);
    let g = game("4w3/8/8/8/8/8/8/4F3 w - - 0 1", &[]);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: herald::engine::DrawReason::InsufficientMaterial }));
}

/// A game resumed from its snapshot is the same game, with the crowned half and its stage.
#[test]
fn a_snapshot_keeps_the_halves() {
    let mut g = game("3qk3/8/8/8/8/8/5r2/4K3 w - - 0 1", &[secret("black.crown", "king")]);
    play(&mut g, "W@e1*,F@e2");
    let variant = variants::by_id("crown-4").unwrap();
    let mut resumed = variant.restore(&g.snapshot()).unwrap();
    assert_eq!(resumed.snapshot(), g.snapshot());
    assert_eq!(resumed.view(Observer::Player(Color::White)), g.view(Observer::Player(Color::White)));
    let taken = resumed.play("Rxe2").unwrap();
    assert_eq!(taken.notation, "Rxe2+");
    let again = variant.restore(&resumed.snapshot()).unwrap();
    assert_eq!(again.snapshot(), resumed.snapshot());
    assert!(resumed.play("Wd2").is_err(), "the W half steps along ranks and files only");
    assert_eq!(resumed.play("Wxe2").unwrap().notation, "Wxe2");
    assert_eq!(resumed.outcome(), None);
}

/// A monarch that could not split stays whole and keeps its castling: with e1's neighbours
/// all taken no split, and once the f1 bishop has left, the king castles short (f1 and g1
/// empty and unattacked).
#[test]
fn a_whole_monarch_keeps_its_castling() {
    let mut g = game("r2qk2r/8/8/8/8/8/3PPP2/R2BKB1R w AEHadeh - 0 1", &[secret("black.crown", "king")]);
    assert!(moves(&g).0.is_empty());
    play(&mut g, "e4");
    play(&mut g, "Ra7");
    play(&mut g, "Bfe2");
    play(&mut g, "Rb7");
    let (splits, others) = moves(&g);
    assert!(splits.is_empty());
    assert!(others.contains(&"K0-0".to_string()), "{others:?}");
    play(&mut g, "K0-0");
}

/// A split may check: the F half on e2 attacks Black's royal W half on d3. The move list
/// writes the mark, and an auditor's replay reads the split back with it.
#[test]
fn a_split_that_checks_is_written_and_replayed_with_its_mark() {
    let fen = "8/8/8/8/8/3w4/8/4K3 w - - 0 1";
    let mut g = game(fen, &[]);
    let played = play(&mut g, "W@e1,F@e2*");
    assert_eq!(played.notation, "W@e1,F@e2+");
    let mut replay = game(fen, &[secret("white.crowned-half", "F")]);
    assert_eq!(play(&mut replay, &played.notation).commit, played.commit);
    assert_eq!(replay.snapshot(), g.snapshot());
}
