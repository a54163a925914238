//! Crown's rules (docs/rules/crown.md), each in a position that shows it; the seed's sample
//! game; what each player may see; and perft counts checked against a move generator written
//! in this file from the rules page alone.

use herald::engine::perft::perft;
use herald::engine::{Color, Outcome, Position, WinReason};
use herald::notation::fen;
use herald::notation::input::MoveInputError;
use herald::variants::{self, Observer, PlayedMove, Secret, Variant, VariantGame};

fn crown() -> &'static dyn Variant {
    variants::by_id("crown").unwrap()
}

fn secrets(white: &str, black: &str) -> Vec<Secret> {
    vec![
        Secret { label: "white.crown".into(), value: white.into() },
        Secret { label: "black.crown".into(), value: black.into() },
    ]
}

/// A game from the start with both choices made.
fn begun(white: &str, black: &str) -> Box<dyn VariantGame> {
    crown().game_with_secrets(&secrets(white, black)).unwrap()
}

/// A game from `fen_text`, both players having answered the invitation.
fn from_fen(fen_text: &str, white: &str, black: &str) -> Box<dyn VariantGame> {
    let mut game = crown().game_from_fen(fen_text).unwrap();
    assert_eq!(game.setup(Color::White, &format!("crown {white}")), Some(Ok(())));
    assert_eq!(game.setup(Color::Black, &format!("crown {black}")), Some(Ok(())));
    game
}

fn play(game: &mut Box<dyn VariantGame>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn play_all(game: &mut Box<dyn VariantGame>, moves: &str) -> Vec<PlayedMove> {
    moves.split_whitespace().filter(|w| !w.ends_with('.')).map(|m| play(game, m)).collect()
}

/// The reason a move is refused.
fn refused(game: &mut Box<dyn VariantGame>, text: &str) -> String {
    let fen_before = game.fen();
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {fen_before}", played.notation),
        Err(e) => {
            assert_eq!(game.fen(), fen_before, "a refused move changes nothing");
            e.to_string()
        }
    }
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

// ---------------------------------------------------------------------------------------
// The seed's sample game.
// ---------------------------------------------------------------------------------------

/// The sample game exactly as the seed prints it ("ñ3" is the Cyrillic "с3" read through the
/// wrong code page: c3). White's king and Black's queen wear the crowns.
const SAMPLE: &str = "1. e4 e5 2. Nf3 Nc6 3. Be2 Nf6 4. d3 Bc5 5. K0-0 K0-0 6. Nc3 Nd4 7. N:d4 B:d4 \
    8. Bg5 h6 9. B:f6 gf 10. D0-0 d6 11. Nd5 Kg7 12. ñ3 Bb6 13. N:b6 cb 14. f4 Be6 15. Rf2 D0-0 \
    16. Rcf1 f5 17. ef B:f5 18. fe Be6 19. ed Rcd8 20. a3 R:d6 21. Dc2 Dc7 22. Bh5 Rd5 23. g4 f5 \
    24. gf B:f5 25. Bf3 B:d3 26. B:d5 B:c2 27. R:f8 K:f8 28. R:f8";

/// What herald records for it.
const SAMPLE_SAN: &str = "e4 e5 Nf3 Nc6 Be2 Nf6 d3 Bc5 K0-0 K0-0 Nc3 Nd4 Nxd4 Bxd4 Bg5 h6 Bxf6 gxf6 Q0-0 d6 \
    Nd5 Kg7 c3 Bb6 Nxb6 cxb6 f4 Be6 Rf2 Q0-0 Rcf1 f5 exf5 Bxf5 fxe5 Be6 exd6 Rcd8 a3 Rxd6 Qc2 Qc7 Bh5 Rd5 g4 f5 \
    gxf5 Bxf5 Bf3 Bxd3 Bxd5 Bxc2 Rxf8 Kxf8 Rxf8";

#[test]
fn the_sample_game_replays_to_its_last_move() {
    let mut game = begun("king", "queen");
    let played = play_all(&mut game, SAMPLE);
    assert_eq!(game.moves().join(" "), SAMPLE_SAN.split_whitespace().collect::<Vec<_>>().join(" "));
    // 10. D0-0: the queen d1 to b1, the a1 rook to c1 (so that 16. Rcf1 is a rook on c1).
    let mut replay = begun("king", "queen");
    play_all(&mut replay, "e4 e5 Nf3 Nc6 Be2 Nf6 d3 Bc5 K0-0 K0-0 Nc3 Nd4 N:d4 B:d4 Bg5 h6 B:f6 gf D0-0");
    assert!(replay.fen().starts_with("r1bq1rk1/pppp1p2/5p1p/4p3/3bP3/2NP4/PPP1BPPP/1QR2RK1 b ad "), "{}", replay.fen());
    // Two notes are opened: White's when 26...B:c2 takes White's uncrowned queen, Black's
    // when 28. R:f8 takes Black's uncrowned king.
    let opened: Vec<(usize, &[String])> =
        played.iter().enumerate().filter(|(_, p)| !p.reveal.is_empty()).map(|(i, p)| (i, &p.reveal[..])).collect();
    assert_eq!(opened, [(51, &["white.crown".to_string()][..]), (54, &["black.crown".to_string()][..])]);
    assert_eq!(game.fen(), "5R2/ppq5/1p5p/3B4/8/P1P5/1Pb4P/6K1 b - - 0 28");
    // "Whites won": not by the board. Black's crowned queen is now royal, not in check, and
    // has moves; Black, a rook down, resigned.
    assert_eq!(game.outcome(), None);
    assert_eq!(refused(&mut game, "Qd8"), "\"Qd8\" is not a legal move: your queen would be in check on d8");
    play(&mut game, "Qd7");
    // The record replays as written, as an auditor replays it.
    let mut audit = crown().game_with_secrets(&secrets("king", "queen")).unwrap();
    for m in game.moves() {
        assert_eq!(play(&mut audit, &m).notation, m);
    }
    assert_eq!(audit.fen(), game.fen());
}

#[test]
fn the_sample_game_ends_at_once_if_the_other_monarchs_wore_the_crowns() {
    // Had White crowned the queen, 26...B:c2 would have won the game for Black.
    let mut game = begun("queen", "queen");
    let played = play_all(&mut game, SAMPLE.split(" 27.").next().unwrap());
    assert_eq!(played.last().unwrap().reveal, ["white.crown"]);
    assert_eq!(game.outcome(), win(Color::Black, WinReason::RoyalCaptured));
    assert!(refused(&mut game, "R:f8").contains("the game is over: Black wins by capturing the royal piece"));
    // Had Black crowned the king, 28. R:f8 would have taken it.
    let mut game = begun("king", "king");
    play_all(&mut game, SAMPLE);
    assert_eq!(game.outcome(), win(Color::White, WinReason::RoyalCaptured));
}

// ---------------------------------------------------------------------------------------
// The invitation: each player's private choice, before any move.
// ---------------------------------------------------------------------------------------

#[test]
fn no_move_before_both_players_have_chosen() {
    let mut game = crown().new_game();
    let requests = game.setup_requests();
    assert_eq!(requests.len(), 2);
    for (request, color) in requests.iter().zip(Color::BOTH) {
        assert_eq!(request.player, color);
        assert_eq!(request.label, format!("{color}.crown"));
        assert_eq!(request.prompt, "crown king or crown queen");
    }
    let waiting = "\"e4\" is not a legal move: the game begins when both players have chosen their crowned monarch";
    assert_eq!(refused(&mut game, "e4"), waiting);
    assert_eq!(game.view(Observer::Player(Color::White)).to_move, None);
    assert!(game.secrets().is_empty());

    assert_eq!(game.setup(Color::White, "Crown King"), Some(Ok(())));
    assert_eq!(game.secrets(), [Secret { label: "white.crown".into(), value: "king".into() }]);
    assert_eq!(game.setup_requests().iter().map(|r| r.player).collect::<Vec<_>>(), [Color::Black]);
    assert_eq!(refused(&mut game, "e4"), waiting);
    // The note cannot change, not even to the same answer.
    for again in ["crown queen", "crown king"] {
        let Some(Err(why)) = game.setup(Color::White, again) else { panic!("{again} accepted twice") };
        let why = why.to_string();
        assert!(why.contains("already on your king") && why.contains("cannot be changed"), "{why}");
    }
    // Text that is not a setup answer is left to the referee; a wrong answer says why.
    assert_eq!(game.setup(Color::Black, "e4"), None);
    assert!(matches!(game.setup(Color::Black, "crown bishop"), Some(Err(_))));
    assert!(matches!(game.setup(Color::Black, "crown"), Some(Err(_))));
    assert!(matches!(game.setup(Color::Black, "crown king queen"), Some(Err(_))));
    assert_eq!(game.setup_requests().len(), 1);

    assert_eq!(game.setup(Color::Black, "crown D"), Some(Ok(())));
    assert!(game.setup_requests().is_empty());
    assert_eq!(game.secrets(), secrets("king", "queen"));
    assert_eq!(play(&mut game, "e4").notation, "e4");
    assert_eq!(game.view(Observer::Player(Color::White)).to_move, Some(Color::Black));
}

#[test]
fn the_answer_may_be_written_in_several_ways() {
    for (text, value) in [
        ("crown king", "king"),
        ("CROWN QUEEN", "queen"),
        ("  crown   queen  ", "queen"),
        ("Crown: my queen.", "queen"),
        ("crown:king", "king"),
        ("crown on the king!", "king"),
        ("crown the king", "king"),
        ("crown K", "king"),
        ("crown q", "queen"),
        ("crown Dame", "queen"),
        ("crown d", "queen"),
        ("crown lion", "king"),
        ("crown unicorn", "queen"),
    ] {
        let mut game = crown().new_game();
        assert_eq!(game.setup(Color::Black, text), Some(Ok(())), "{text}");
        assert_eq!(game.secrets(), [Secret { label: "black.crown".into(), value: value.into() }], "{text}");
    }
}

#[test]
fn games_with_known_secrets() {
    let game = crown().game_with_secrets(&[Secret { label: "black.crown".into(), value: "king".into() }]).unwrap();
    assert_eq!(game.setup_requests().iter().map(|r| r.player).collect::<Vec<_>>(), [Color::White]);
    for bad in [
        vec![Secret { label: "white.crown".into(), value: "rook".into() }],
        vec![Secret { label: "white.crown".into(), value: "King".into() }],
        vec![Secret { label: "red.crown".into(), value: "king".into() }],
        [secrets("king", "queen"), secrets("king", "queen")].concat(),
    ] {
        assert!(crown().game_with_secrets(&bad).is_err(), "{bad:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Castling by both monarchs.
// ---------------------------------------------------------------------------------------

/// White's king and queen on their squares, both rooks, everything between empty; Black the
/// same. Every monarch and rook is unmoved.
const CASTLES: &str = "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w ADEHadeh - 0 1";

#[test]
fn all_four_castlings() {
    // K0-0: e1 to g1, the h-rook to f1. The queen keeps her short castling with the a-rook.
    let mut game = from_fen(CASTLES, "king", "queen");
    assert_eq!(play(&mut game, "K0-0").notation, "K0-0");
    assert!(game.fen().starts_with("r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q1RK1 b ADadeh "), "{}", game.fen());
    // Q0-0 (or D0-0): d8 to b8, the a-rook to c8. Black's king keeps its short castling.
    assert_eq!(play(&mut game, "D0-0").notation, "Q0-0");
    assert!(game.fen().starts_with("1qr1k2r/pppppppp/8/8/8/8/PPPPPPPP/R2Q1RK1 w ADeh "), "{}", game.fen());
    // K0-0-0: e1 to c1, the a-rook to d1 (the queens are away from their squares).
    let mut g = from_fen("r3k2r/8/3q4/8/8/3Q4/8/R3K2R w AEHaeh - 0 1", "king", "king");
    assert_eq!(play(&mut g, "K0-0-0").notation, "K0-0-0");
    assert!(g.fen().starts_with("r3k2r/8/3q4/8/8/3Q4/8/2KR3R b aeh "), "{}", g.fen());
    assert_eq!(play(&mut g, "0-0-0").notation, "K0-0-0");
    assert!(g.fen().starts_with("2kr3r/8/3q4/8/8/3Q4/8/2KR3R w - "), "{}", g.fen());
    // Q0-0-0: d1 to f1, the h-rook to e1, once the king has left e1.
    let queen_alone = "4k3/3q4/8/8/8/8/4K3/R2Q3R w ADH - 0 1";
    let mut g = from_fen(queen_alone, "king", "king");
    assert_eq!(play(&mut g, "Q0-0-0").notation, "Q0-0-0");
    assert!(g.fen().starts_with("4k3/3q4/8/8/8/8/4K3/R3RQ2 b - "), "{}", g.fen());
    let mut g = from_fen(queen_alone, "king", "king");
    assert_eq!(play(&mut g, "Q0-0").notation, "Q0-0");
    assert!(g.fen().starts_with("4k3/3q4/8/8/8/8/4K3/1QR4R b - "), "{}", g.fen());
    // The same castlings in the other spellings a player may use.
    for (text, san) in [
        ("QO-O", "Q0-0"),
        ("D0-0", "Q0-0"),
        ("Qb1", "Q0-0"),
        ("d1b1", "Q0-0"),
        ("d1a1", "Q0-0"),
        ("DO-O-O", "Q0-0-0"),
        ("Qf1", "Q0-0-0"),
        ("d1f1", "Q0-0-0"),
        // Only the queen may castle here, so the bare form is clear.
        ("0-0", "Q0-0"),
        ("O-O-O", "Q0-0-0"),
    ] {
        let mut g = from_fen(queen_alone, "king", "king");
        assert_eq!(play(&mut g, text).notation, san, "{text}");
    }
}

#[test]
fn bare_castling_names_the_monarch_when_both_could() {
    let mut game = from_fen(CASTLES, "king", "king");
    match game.play("0-0") {
        Err(MoveInputError::Ambiguous { candidates, .. }) => assert_eq!(candidates, ["K0-0", "Q0-0"]),
        other => panic!("{other:?}"),
    }
    // Long castling is blocked for both: each monarch stands in the other's way.
    let reason = refused(&mut game, "0-0-0");
    assert!(reason.contains("your king cannot castle long") && reason.contains("d1"), "{reason}");
    assert!(reason.contains("your queen cannot castle long") && reason.contains("e1"), "{reason}");
    // A letter that is no castling piece is not castling.
    assert!(matches!(game.play("R0-0"), Err(MoveInputError::Unreadable { .. })));
}

#[test]
fn castling_from_through_and_onto_attacked_squares_while_the_crown_is_unknown() {
    // Black's generalissimo on e4 attacks e1; the rooks on f8 and g8 attack f1 and g1, those
    // on b8 and c8 attack b1 and c1. The king starts, passes and lands on attacked squares,
    // and so does the queen.
    let fen_text = "1rr1krrq/8/8/8/4g3/8/8/R2QK2R w ADEH - 0 1";
    for text in ["K0-0", "Q0-0"] {
        let mut game = from_fen(fen_text, "king", "queen");
        assert_eq!(play(&mut game, text).notation, text);
    }
}

#[test]
fn one_rook_serves_two_castlings() {
    let fen_text = "q3k3/8/8/8/8/8/8/R2QK2R w ADEH - 0 1";
    // After K0-0 the h-rook has moved: the queen keeps only her short castling, and loses it
    // when she moves, even if she comes back.
    let mut game = from_fen(fen_text, "king", "king");
    play_all(&mut game, "K0-0 Kd8");
    assert!(game.fen().contains(" w AD "), "{}", game.fen());
    play_all(&mut game, "Qe1 Kd7 Qd1 Kd8");
    assert!(game.fen().contains(" w - "), "{}", game.fen());
    // After Q0-0 the a-rook has gone with the queen: the king keeps only its short castling.
    let mut game = from_fen(fen_text, "king", "king");
    play_all(&mut game, "Q0-0 Kd8");
    assert!(game.fen().contains(" w EH "), "{}", game.fen());
    assert!(refused(&mut game, "K0-0-0").contains("your king can no longer castle long"));
    // The king steps away and back: its castlings are gone, the queen's stay.
    let mut game = from_fen(fen_text, "king", "king");
    play_all(&mut game, "Ke2 Kd8 Ke1 Ke8");
    assert!(game.fen().contains(" w ADH "), "{}", game.fen());
    assert!(refused(&mut game, "K0-0").contains("your king can no longer castle short"));
    assert_eq!(play(&mut game, "0-0").notation, "Q0-0");
}

#[test]
fn capturing_an_unmoved_monarch_takes_its_castling_with_it() {
    // Black's knight takes White's uncrowned queen on d1: her castlings are gone, the king's
    // stay.
    let mut game = from_fen("3qk3/8/8/8/8/8/1n6/R2QK2R b ADEH - 0 1", "king", "queen");
    let played = play(&mut game, "Nxd1");
    assert_eq!(played.reveal, ["white.crown"]);
    assert!(game.fen().contains(" w AEH "), "{}", game.fen());
}

// ---------------------------------------------------------------------------------------
// No check while the crown's place is unknown.
// ---------------------------------------------------------------------------------------

#[test]
fn monarchs_are_ordinary_pieces_while_the_crown_is_unknown() {
    // Black's rook on e8 faces White's king on e1 through White's bishop on e2. The "pinned"
    // bishop may move away ...
    let pinned = "3qr2k/8/8/8/8/8/4B3/3QK3 w - - 0 1";
    let mut game = from_fen(pinned, "king", "queen");
    assert_eq!(play(&mut game, "Bb5").notation, "Bb5");
    // ... and the rook takes the king: White crowned it, Black wins at once.
    assert_eq!(play(&mut game, "Rxe1").reveal, ["white.crown"]);
    assert_eq!(game.outcome(), win(Color::Black, WinReason::RoyalCaptured));
    // Had White crowned the queen, the game goes on.
    let mut game = from_fen(pinned, "queen", "queen");
    let played = play_all(&mut game, "Bb5 Rxe1");
    assert_eq!(played[1].reveal, ["white.crown"]);
    assert_eq!(game.outcome(), None);

    // A monarch may step onto an attacked square (f1, on the rook's file), and stay attacked:
    // the rook's move next to it is no check (no "+"), and White may play elsewhere.
    let mut game = from_fen("3q3k/5r2/8/8/8/8/4B3/3QK3 w - - 0 1", "king", "queen");
    assert_eq!(play(&mut game, "Kf1").notation, "Kf1");
    assert_eq!(play(&mut game, "Rf2").notation, "Rf2");
    assert!(game.view(Observer::Player(Color::White)).notices.iter().all(|n| !n.contains("check")));
    assert_eq!(play(&mut game, "Qc2").notation, "Qc2");
    assert_eq!(play(&mut game, "Rxf1").reveal, ["white.crown"]);
    assert_eq!(game.outcome(), win(Color::Black, WinReason::RoyalCaptured));
}

#[test]
fn the_owner_alone_is_told_that_the_crowned_monarch_is_attacked() {
    let mut game = from_fen("3qr2k/8/8/8/8/8/4B3/3QK3 w - - 0 1", "king", "queen");
    play_all(&mut game, "Bb5 Re7");
    // White to move, White's crowned king on e1 faces the rook on e7.
    let white = game.view(Observer::Player(Color::White)).notices;
    assert!(white.contains(&"Your crowned king is attacked.".to_string()), "{white:?}");
    let black = game.view(Observer::Player(Color::Black)).notices;
    assert!(black.iter().all(|n| !n.contains("attacked")), "{black:?}");
    // Had White crowned the queen, White is not told so (its queen is not attacked).
    let mut game = from_fen("3qr2k/8/8/8/8/8/4B3/3QK3 w - - 0 1", "queen", "queen");
    play_all(&mut game, "Bb5 Re7");
    assert!(game.view(Observer::Player(Color::White)).notices.iter().all(|n| !n.contains("attacked")));
}

#[test]
fn capturing_the_crowned_monarch_wins() {
    let mut game = from_fen("3qr2k/8/8/8/8/8/8/3QK3 b - - 0 1", "queen", "queen");
    // Black's rook takes White's king, which is not the crowned one.
    let played = play(&mut game, "Rxe1");
    assert_eq!(played.reveal, ["white.crown"]);
    assert_eq!(game.outcome(), None);
    // White's queen, now royal and in check from the rook, takes it.
    assert!(game.view(Observer::Player(Color::White)).notices.contains(&"You are in check.".to_string()));
    assert_eq!(play(&mut game, "Qxe1").notation, "Qxe1");
    // Black's queen, Black's crowned monarch, comes next to White's, which takes it.
    play_all(&mut game, "Qd7 Qe2 Qd6 Qe3 Qd5 Qf3 Qe4");
    let played = play(&mut game, "Qxe4");
    assert_eq!(played.reveal, ["black.crown"]);
    assert_eq!(game.outcome(), win(Color::White, WinReason::RoyalCaptured));
    // Both notes may be read now, by both players.
    for side in Color::BOTH {
        let view = game.view(Observer::Player(side));
        assert!(view.notices.iter().any(|n| n.starts_with("White's crown: queen") || n == "Your crown: queen."));
        assert!(view.notices.iter().any(|n| n.starts_with("Black's crown: queen") || n == "Your crown: queen."));
        assert_eq!(view.to_move, None);
    }
}

// ---------------------------------------------------------------------------------------
// The uncrowned monarch captured: its owner's note is opened, the game goes on as chess.
// ---------------------------------------------------------------------------------------

#[test]
fn capturing_the_uncrowned_monarch_opens_the_note_and_brings_check() {
    // White's knight on c6 takes Black's queen on d8; Black crowned the king (e8). White's
    // rook on d1 guards the d-file.
    let mut game = from_fen("3qk3/8/2N5/8/8/8/8/3RK1Q1 w - - 0 1", "king", "king");
    let before = game.view(Observer::Player(Color::White)).notices;
    assert!(before.iter().all(|n| !n.starts_with("Black's crown")), "{before:?}");
    let played = play(&mut game, "Nxd8");
    assert_eq!((played.notation.as_str(), &played.reveal[..]), ("Nxd8", &["black.crown".to_string()][..]));
    assert_eq!(game.outcome(), None);
    assert!(game.view(Observer::Player(Color::White)).notices.contains(&"Black's crown: king (opened).".to_string()));
    assert!(game.view(Observer::Player(Color::Black)).notices.contains(&"Your crown: king.".to_string()));
    // Black's king is royal now: it may not step where it could be taken.
    assert!(refused(&mut game, "Kf7").ends_with("your king would be in check on f7"));
    assert!(refused(&mut game, "Kd7").ends_with("your king would be in check on d7"));
    assert!(refused(&mut game, "Kxd8").ends_with("your king would be in check on d8"));
    assert_eq!(play(&mut game, "Ke7").notation, "Ke7");
}

#[test]
fn check_marks_and_notices_once_the_crown_is_known() {
    // As above, with White's generalissimo on g1: it checks from afar.
    let mut game = from_fen("3qk3/8/2N5/8/8/8/8/3RKQG1 w - - 0 1", "king", "king");
    play_all(&mut game, "Nxd8 Ke7");
    assert_eq!(play(&mut game, "Gg5").notation, "Gg5+");
    assert_eq!(game.view(Observer::Player(Color::Black)).notices.last().map(String::as_str), Some("You are in check."));
    assert!(game.view(Observer::Player(Color::White)).notices.iter().all(|n| n != "You are in check."));
    // Black must answer the check.
    assert!(refused(&mut game, "Kd6").ends_with("your king would be in check on d6"));
    assert_eq!(play(&mut game, "Ke8").notation, "Ke8");
}

#[test]
fn checkmate_once_the_crown_is_known() {
    // Taking Black's uncrowned queen on d8 mates Black's crowned king at once.
    let mut game = from_fen("3q2k1/5ppp/8/8/8/8/8/3R2KQ w - - 0 1", "queen", "king");
    let played = play(&mut game, "Rxd8");
    assert_eq!((played.notation.as_str(), &played.reveal[..]), ("Rxd8#", &["black.crown".to_string()][..]));
    assert_eq!(game.outcome(), win(Color::White, WinReason::Checkmate));
    // Had Black crowned the queen, the same move wins by taking it.
    let mut game = from_fen("3q2k1/5ppp/8/8/8/8/8/3R2KQ w - - 0 1", "queen", "queen");
    assert_eq!(play(&mut game, "Rxd8").notation, "Rxd8");
    assert_eq!(game.outcome(), win(Color::White, WinReason::RoyalCaptured));
}

#[test]
fn a_known_royal_piece_is_never_exposed_not_even_to_take_a_crown() {
    // Black's queen takes White's uncrowned queen on d6: White's king is royal from now on.
    // White's knight on e4, pinned by the rook on e8, could take Black's queen; whether that
    // queen is crowned must not decide whether the move is legal (a referee that allowed it
    // only when it wins would give the secret away), so it is illegal either way.
    for black in ["king", "queen"] {
        let mut game = from_fen("4r2k/2q5/3Q4/8/4N3/8/8/4K3 b - - 0 1", "king", black);
        assert_eq!(play(&mut game, "Qxd6").reveal, ["white.crown"]);
        assert_eq!(
            refused(&mut game, "Nxd6"),
            "\"Nxd6\" is not a legal move: it would leave your king in check",
            "Black crowned the {black}"
        );
    }
}

#[test]
fn the_known_royal_castles_by_the_chess_rules() {
    // Black's knight takes White's uncrowned queen on d2; White's king is royal from then on
    // and may not castle over f1, which the knight and the rook on f8 attack. Long castling,
    // over d1 to c1, is safe.
    let fen_text = "q3kr2/8/8/8/8/1n6/3Q4/R3K2R b AEH - 0 1";
    let mut game = from_fen(fen_text, "king", "king");
    play(&mut game, "Nxd2");
    assert!(refused(&mut game, "K0-0").ends_with("your king would pass through f1, which is attacked"));
    assert_eq!(play(&mut game, "K0-0-0").notation, "K0-0-0");
    // Before the reveal, the same short castling was legal.
    let mut game = from_fen(&fen_text.replace(" b ", " w "), "king", "king");
    assert_eq!(play(&mut game, "K0-0").notation, "K0-0");
}

// ---------------------------------------------------------------------------------------
// Stalemate loses.
// ---------------------------------------------------------------------------------------

#[test]
fn stalemate_loses_while_the_crown_is_unknown() {
    // White's pieces are walled in: every one of them is blocked by its own or by Black's
    // pawns, which no white piece can take. Black's ...d3 takes the last move away.
    let mut game = from_fen("3qk3/8/8/p7/Pp1p4/RP6/QP1P4/KRB5 b - - 0 1", "king", "queen");
    assert_eq!(play(&mut game, "d3").notation, "d3");
    assert_eq!(game.outcome(), win(Color::Black, WinReason::Stalemate));
    assert!(refused(&mut game, "Bxd2").contains("the game is over"));
}

#[test]
fn stalemate_loses_once_the_crown_is_known() {
    // Taking Black's uncrowned queen leaves Black's crowned king on a8 without a move.
    let mut game = from_fen("k7/7R/1Q6/4B3/8/7q/8/4K3 w - - 0 1", "king", "king");
    let played = play(&mut game, "Rxh3");
    assert_eq!(played.reveal, ["black.crown"]);
    assert_eq!(game.outcome(), win(Color::White, WinReason::Stalemate));
}

#[test]
fn bare_royal_kings_are_a_dead_position_but_a_minor_piece_can_stalemate() {
    // Each side takes the other's uncrowned queen: two crowned kings alone cannot win.
    let mut game = from_fen("4k3/3q4/3Q4/8/8/8/8/4K3 w - - 0 1", "king", "king");
    assert_eq!(play(&mut game, "Qxd7").notation, "Qxd7+");
    assert_eq!(play(&mut game, "Kxd7").reveal, ["white.crown"]);
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: herald::engine::DrawReason::InsufficientMaterial }));
    // With a knight or a bishop left the lone king can be stalemated, which wins: play on.
    let rules = crown().rules();
    for alive in ["7k/8/5K2/8/8/8/8/6N1 w - - 0 1", "7k/8/5K2/8/8/8/8/5B2 w - - 0 1"] {
        let mut pos = fen::read(rules, alive).unwrap();
        pos.set_royal(Color::White, rules.size().parse_algebraic("f6")).unwrap();
        pos.set_royal(Color::Black, rules.size().parse_algebraic("h8")).unwrap();
        assert!(!pos.is_insufficient_material(), "{alive}");
    }
    // Kh8, Kf7, Be4 is such a stalemate.
    let mut pos = fen::read(rules, "7k/5K2/8/8/4B3/8/8/8 b - - 0 1").unwrap();
    pos.set_royal(Color::White, rules.size().parse_algebraic("f7")).unwrap();
    pos.set_royal(Color::Black, rules.size().parse_algebraic("h8")).unwrap();
    assert_eq!(pos.outcome(), win(Color::White, WinReason::Stalemate));
}

// ---------------------------------------------------------------------------------------
// Promotion.
// ---------------------------------------------------------------------------------------

#[test]
fn a_pawn_promotes_to_any_piece_including_an_uncrowned_monarch_or_a_generalissimo() {
    let fen_text = "7k/4P3/8/8/8/8/8/q3K2Q w - - 0 1";
    let mut game = from_fen(fen_text, "king", "queen");
    let reason = refused(&mut game, "e8");
    assert!(reason.contains("say to what: e8=G, e8=R, e8=B, e8=N, e8=Q, e8=K"), "{reason}");
    for (text, san, letter) in [
        ("e8=G", "e8=G", 'G'),
        ("e8G", "e8=G", 'G'),
        ("e8=R", "e8=R", 'R'),
        ("e8=B", "e8=B", 'B'),
        ("e8=N", "e8=N", 'N'),
        ("e8=Q", "e8=Q", 'Q'),
        ("e8=D", "e8=Q", 'Q'),
        ("e8=K", "e8=K", 'K'),
        ("e7e8k", "e8=K", 'K'),
    ] {
        let mut game = from_fen(fen_text, "king", "queen");
        assert_eq!(play(&mut game, text).notation, san, "{text}");
        let view = game.view(Observer::Player(Color::Black));
        let e8 = view.cells.iter().find(|(sq, _)| sq.algebraic() == "e8").unwrap();
        assert_eq!(e8.1, herald::variants::Cell::Piece(Color::White, letter), "{text}");
    }
}

#[test]
fn a_generalissimo_moves_as_the_chess_queen_and_a_promoted_queen_as_a_king() {
    let mut game = from_fen("7k/4P3/8/8/8/8/8/q3K2Q w - - 0 1", "king", "queen");
    play_all(&mut game, "e8=G Kh7 Ga4 Kh8");
    assert!(refused(&mut game, "Gb2").contains("no generalissimo of yours can reach b2"));
    let mut game = from_fen("7k/4P3/8/8/8/8/8/q3K2Q w - - 0 1", "king", "queen");
    play_all(&mut game, "e8=Q Kh7");
    // Two white queens, on h1 and e8, both moving as kings.
    assert!(refused(&mut game, "Qe6").contains("no queen of yours can reach e6"));
    assert_eq!(play(&mut game, "Qf7").notation, "Qf7");
}

#[test]
fn a_promoted_monarch_never_wears_the_crown() {
    // Taking a promoted king opens nothing ...
    let mut game = from_fen("7k/4P3/8/8/8/8/8/q3K2Q w - - 0 1", "king", "queen");
    let played = play_all(&mut game, "e8=K Kg7 Kf8 Kxf8");
    assert!(played[3].reveal.is_empty());
    assert_eq!(game.outcome(), None);
    // ... and with White's own crowned king taken, White has lost, whatever kings remain.
    let mut game = from_fen("7k/4P3/8/8/8/8/8/q3K2Q w - - 0 1", "king", "queen");
    let played = play_all(&mut game, "e8=K Qb1 Kd7 Qc1 Kc6 Qd1 Kb5 Qxe1");
    assert_eq!(played.last().unwrap().reveal, ["white.crown"]);
    assert_eq!(game.outcome(), win(Color::Black, WinReason::RoyalCaptured));
}

// ---------------------------------------------------------------------------------------
// What each player may see.
// ---------------------------------------------------------------------------------------

#[test]
fn a_players_view_never_depends_on_the_opponents_closed_note() {
    // Up to the first capture of a monarch, Black's view is the same whichever monarch White
    // crowned, and White's the same whichever Black crowned.
    let moves: Vec<&str> = SAMPLE.split_whitespace().filter(|w| !w.ends_with('.')).collect();
    for (observer, pair) in [
        (Color::Black, [secrets("king", "queen"), secrets("queen", "queen")]),
        (Color::White, [secrets("king", "queen"), secrets("king", "king")]),
    ] {
        let [mut a, mut b] = pair.map(|s| crown().game_with_secrets(&s).unwrap());
        for (ply, text) in moves.iter().take(51).enumerate() {
            assert_eq!(a.view(Observer::Player(observer)), b.view(Observer::Player(observer)), "ply {ply}");
            let (pa, pb) = (play(&mut a, text), play(&mut b, text));
            assert_eq!((pa.notation, pa.reveal), (pb.notation, pb.reveal), "ply {ply}");
        }
        assert_eq!(a.view(Observer::Player(observer)), b.view(Observer::Player(observer)));
    }
}

#[test]
fn each_player_is_shown_their_own_note_and_no_one_else() {
    let game = begun("queen", "king");
    assert!(game.view(Observer::Player(Color::White)).notices.contains(&"Your crown: queen.".to_string()));
    assert!(game.view(Observer::Player(Color::Black)).notices.contains(&"Your crown: king.".to_string()));
    // Someone who is neither player sees no crown while the game goes on; the observer who
    // sees everything (an operator's `--reveal`) sees both.
    let public = game.view(Observer::Public).notices;
    assert!(public.iter().all(|n| !n.contains("king") && !n.contains("queen")), "{public:?}");
    let everyone = game.view(Observer::Everyone).notices;
    assert!(everyone.contains(&"White's crown: queen (still sealed for the players).".to_string()), "{everyone:?}");
    for side in Color::BOTH {
        let text = format!("{:?}", game.view(Observer::Player(side)));
        let opponent = if side.is_white() { "king" } else { "queen" };
        assert!(!text.contains(&format!("crown: {opponent}")), "{text}");
    }
    // Once the game has ended (here by a decision the rules do not see), every crown is opened.
    let ended = game.ended_view(Observer::Everyone).notices;
    assert!(ended.contains(&"White's crown: queen (opened).".to_string()), "{ended:?}");
    assert!(ended.iter().all(|n| !n.contains("sealed")), "{ended:?}");
    // While waiting, the view names only the crown chosen: the mail asks for the choice and
    // says whom it waits for.
    let mut game = crown().new_game();
    game.setup(Color::White, "crown king").unwrap().unwrap();
    let white = game.view(Observer::Player(Color::White)).notices;
    assert_eq!(white, ["Your crown: king."]);
    let black = game.view(Observer::Player(Color::Black)).notices;
    assert!(black.is_empty(), "{black:?}");
}

// ---------------------------------------------------------------------------------------
// Snapshots.
// ---------------------------------------------------------------------------------------

#[test]
fn snapshots_keep_choices_phase_castling_and_history() {
    // Waiting for a choice.
    let mut game = crown().new_game();
    game.setup(Color::Black, "crown queen").unwrap().unwrap();
    let mut resumed = crown().restore(&game.snapshot()).unwrap();
    assert_eq!(resumed.snapshot(), game.snapshot());
    assert_eq!(resumed.secrets(), game.secrets());
    assert_eq!(resumed.setup(Color::White, "crown king"), Some(Ok(())));
    assert_eq!(play(&mut resumed, "e4").notation, "e4");

    // After White's note was opened: White's king is royal in the resumed game too, and keeps
    // its castling rights.
    let mut game = from_fen("4r2k/2q5/3Q4/8/4N3/8/8/R3K3 b AE - 0 1", "king", "queen");
    play(&mut game, "Qxd6");
    let mut resumed = crown().restore(&game.snapshot()).unwrap();
    assert_eq!(resumed.snapshot(), game.snapshot());
    assert_eq!(resumed.view(Observer::Player(Color::Black)), game.view(Observer::Player(Color::Black)));
    assert!(refused(&mut resumed, "Nxd6").ends_with("it would leave your king in check"));
    assert_eq!(play(&mut resumed, "K0-0-0").notation, "K0-0-0");

    // The queen's castling rights and the repetition history.
    let mut game = from_fen("q3k3/8/8/8/8/8/8/R2QK2R w ADEH - 0 1", "king", "king");
    play_all(&mut game, "Ke2 Kd8 Ke1 Ke8 Ke2 Kd8 Ke1 Ke8 Ke2 Kd8 Ke1");
    let mut resumed = crown().restore(&game.snapshot()).unwrap();
    play(&mut resumed, "Ke8");
    assert_eq!(resumed.claimable_draws(), [herald::engine::ClaimableDraw::ThreefoldRepetition]);
    assert_eq!(play(&mut resumed, "0-0").notation, "Q0-0");

    assert!(crown().restore("start nonsense").is_err());
    let snapshot = game.snapshot();
    assert!(snapshot.contains("\ncrowns king king\nmonarchs e1 d1 d8 a8\n"), "{snapshot}");
    assert!(crown().restore(&snapshot.replace("monarchs e1 d1", "monarchs e2 d1")).is_err());
    assert!(crown().restore(&snapshot.replace("crowns king king", "crowns king")).is_err());
}

/// A side with both monarchs chooses its crown; a side with one wears it on that one, known to
/// both (the seed's problem: "Whites: K e1, ... blacks: K h8, Q f8"); a side with neither, or
/// with two queens, is no Crown position.
#[test]
fn positions_from_fen_give_each_side_a_monarch_to_crown() {
    let game = crown().game_from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    let waiting: Vec<String> = game.setup_requests().into_iter().map(|r| r.label).collect();
    assert_eq!(waiting, ["white.crown"], "Black's lone king wears the crown; White still chooses");
    assert!(game.view(Observer::Player(Color::White)).notices.iter().any(|n| n == "Black's crown: king (opened)."));
    assert!(crown().game_from_fen("3qk3/8/8/8/8/8/8/Q2QK3 w - - 0 1").is_err(), "two white queens");
    assert!(crown().game_from_fen("4k3/8/8/8/8/8/8/4R3 w - - 0 1").is_err(), "no white monarch");
    let start = crown().new_game();
    assert_eq!(start.start_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1");
    // X-FEN castling letters cannot say which monarch's right they mean.
    assert!(crown().game_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_err());
}

// ---------------------------------------------------------------------------------------
// Perft, against the reference generator below.
// ---------------------------------------------------------------------------------------

/// Compares herald's perft with the reference's at every depth up to `depth`; `royal`
/// names the squares of the royal pieces (sides whose crown is known).
fn check_perft(fen_text: &str, royal: [Option<&str>; 2], depth: u32) -> Vec<u64> {
    let rules = crown().rules();
    let mut pos: Position = fen::read(rules, fen_text).unwrap();
    for (color, sq) in Color::BOTH.into_iter().zip(royal) {
        pos.set_royal(color, sq.map(|s| rules.size().parse_algebraic(s).unwrap())).unwrap();
    }
    let reference = reference::Board::from_fen(fen_text, royal);
    (1..=depth)
        .map(|d| {
            let expected = reference.perft(d);
            assert_eq!(perft(&pos, d), expected, "{fen_text} royal {royal:?} depth {d}");
            expected
        })
        .collect()
}

#[test]
fn perft_from_the_start() {
    // Depth 1 as in chess (20); after 1. e4 the queen has one move (e2), not four.
    assert_eq!(
        check_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ADEHadeh - 0 1", [None, None], 4)[..2],
        [20, 400]
    );
}

#[test]
fn perft_with_every_castling() {
    check_perft(CASTLES, [None, None], 3);
    check_perft("r3k2r/8/3q4/8/8/3Q4/8/R3K2R w AEHaeh - 0 1", [None, None], 3);
    check_perft("r2q3r/4k3/8/8/8/8/4K3/R2Q3R w ADHadh - 0 1", [None, None], 3);
    // Castling from, through and onto attacked squares.
    check_perft("1rr1krr1/8/8/8/4g3/8/8/R2QK2R w ADEH - 0 1", [None, None], 3);
}

#[test]
fn perft_with_promotions_and_en_passant() {
    check_perft("3qk3/1P3P2/8/3pP3/8/8/1p4p1/R2QK2R w ADEH d6 0 1", [None, None], 3);
    check_perft("r3k1q1/P1P5/8/8/4pP2/8/8/3QK3 b ae f3 0 1", [None, None], 3);
}

#[test]
fn perft_once_crowns_are_known() {
    // Kiwipete without White's queen, White's king royal: White plays by the check rule,
    // Black (queen e7 moving as a king) does not.
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N4p/PPPBBPPP/R3K2R w AEHaeh - 0 1";
    check_perft(kiwi, [Some("e1"), None], 3);
    // Both sides royal: chess with Crown's pieces.
    let both = "r3k2r/p1pp1pb1/bn2pnp1/3PN3/1p2P3/2N4p/PPPBBPPP/R3K2R w AEHaeh - 0 1";
    check_perft(both, [Some("e1"), Some("e8")], 3);
    // A royal queen, castling by the chess rules through attacked squares.
    check_perft("4k3/8/8/8/8/8/1r6/R2Q4 w AD - 0 1", [Some("d1"), None], 3);
    check_perft("4k3/8/8/8/8/2r5/8/R2Q4 w AD - 0 1", [Some("d1"), Some("e8")], 3);
}

#[test]
fn the_reference_agrees_with_chess_where_the_rules_agree() {
    // Without queens, castling or promotions in reach, and with both kings royal, Crown is
    // chess: the reference reproduces the published counts of the chessprogramming wiki's
    // position 3 (also in tests/perft.rs), so its check rule is right.
    let reference = reference::Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [Some("a5"), Some("h4")]);
    assert_eq!((1..=4).map(|d| reference.perft(d)).collect::<Vec<_>>(), [14, 191, 2812, 43238]);
}

/// A deliberately plain Crown move generator, written from docs/rules/crown.md and sharing
/// no code with herald: a board of characters, every move made by copying the board, attacks
/// found by trying every enemy piece. Slow and obvious, as a reference should be.
mod reference {
    type Sq = (i32, i32);

    #[derive(Clone)]
    pub struct Board {
        /// `[file][rank]`: upper case White, lower case Black.
        cells: [[char; 8]; 8],
        white: bool,
        /// Squares of the monarchs and rooks that have not moved (castling rights).
        unmoved: Vec<Sq>,
        ep: Option<Sq>,
        /// The royal piece of White and of Black, if that side's crown is known.
        royal: [Option<Sq>; 2],
    }

    fn square(name: &str) -> Sq {
        let b = name.as_bytes();
        (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
    }

    impl Board {
        pub fn from_fen(fen: &str, royal: [Option<&str>; 2]) -> Board {
            let fields: Vec<&str> = fen.split(' ').collect();
            let mut cells = [['.'; 8]; 8];
            for (i, row) in fields[0].split('/').enumerate() {
                let rank = 7 - i;
                let mut file = 0;
                for c in row.chars() {
                    match c.to_digit(10) {
                        Some(n) => file += n as usize,
                        None => {
                            cells[file][rank] = c;
                            file += 1;
                        }
                    }
                }
            }
            let unmoved = fields[2]
                .chars()
                .filter(|&c| c != '-')
                .map(|c| (i32::from(c.to_ascii_lowercase() as u8 - b'a'), if c.is_ascii_uppercase() { 0 } else { 7 }))
                .collect();
            let ep = (fields[3] != "-").then(|| square(fields[3]));
            Board { cells, white: fields[1] == "w", unmoved, ep, royal: royal.map(|r| r.map(square)) }
        }

        fn at(&self, (f, r): Sq) -> Option<char> {
            ((0..8).contains(&f) && (0..8).contains(&r)).then(|| self.cells[f as usize][r as usize])
        }

        fn set(&mut self, (f, r): Sq, c: char) {
            self.cells[f as usize][r as usize] = c;
        }

        fn is_ours(c: char, white: bool) -> bool {
            c != '.' && c.is_ascii_uppercase() == white
        }

        /// Squares a piece on `from` moves to (`captures`: where it takes; pawns differ).
        fn targets(&self, from: Sq, captures: bool) -> Vec<Sq> {
            let c = self.at(from).unwrap();
            let white = c.is_ascii_uppercase();
            let king = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
            let rook = [(1, 0), (0, 1), (-1, 0), (0, -1)];
            let bishop = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
            let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
            let mut out = Vec::new();
            let (steps, slide): (&[(i32, i32)], bool) = match c.to_ascii_uppercase() {
                'P' => {
                    let dir = if white { 1 } else { -1 };
                    if captures {
                        return vec![(from.0 - 1, from.1 + dir), (from.0 + 1, from.1 + dir)];
                    }
                    let one = (from.0, from.1 + dir);
                    if self.at(one) == Some('.') {
                        out.push(one);
                        let two = (from.0, from.1 + 2 * dir);
                        if from.1 == if white { 1 } else { 6 } && self.at(two) == Some('.') {
                            out.push(two);
                        }
                    }
                    return out;
                }
                'N' => (&knight, false),
                'K' | 'Q' => (&king, false),
                'B' => (&bishop, true),
                'R' => (&rook, true),
                'G' => (&king, true),
                other => panic!("piece {other}"),
            };
            for &(df, dr) in steps {
                let mut to = (from.0 + df, from.1 + dr);
                while let Some(t) = self.at(to) {
                    out.push(to);
                    if t != '.' || !slide {
                        break;
                    }
                    to = (to.0 + df, to.1 + dr);
                }
            }
            out
        }

        fn attacked(&self, sq: Sq, by_white: bool) -> bool {
            (0..8).flat_map(|f| (0..8).map(move |r| (f, r))).any(|from| {
                self.at(from).is_some_and(|c| Board::is_ours(c, by_white)) && self.targets(from, true).contains(&sq)
            })
        }

        /// Plays a move of the piece on `from` to `to` (promoting to `promo`), keeping the
        /// castling squares, en passant square and royal squares up to date.
        fn moved(&self, from: Sq, to: Sq, promo: Option<char>) -> Board {
            let mut b = self.clone();
            let c = self.at(from).unwrap();
            if c.eq_ignore_ascii_case(&'P') && Some(to) == self.ep {
                b.set((to.0, from.1), '.');
            }
            b.set(to, promo.unwrap_or(c));
            b.set(from, '.');
            b.ep =
                (c.eq_ignore_ascii_case(&'P') && (to.1 - from.1).abs() == 2).then_some((from.0, (from.1 + to.1) / 2));
            b.unmoved.retain(|&s| s != from && s != to);
            for royal in &mut b.royal {
                if *royal == Some(from) {
                    *royal = Some(to);
                }
            }
            b.white = !self.white;
            b
        }

        fn successors(&self) -> Vec<Board> {
            let us = self.white;
            let mut out = Vec::new();
            for from in (0..8).flat_map(|f| (0..8).map(move |r| (f, r))) {
                let Some(c) = self.at(from).filter(|&c| Board::is_ours(c, us)) else { continue };
                let pawn = c.eq_ignore_ascii_case(&'P');
                let mut tos: Vec<Sq> =
                    self.targets(from, false).into_iter().filter(|&t| self.at(t) == Some('.') || !pawn).collect();
                if pawn {
                    tos.extend(self.targets(from, true).into_iter().filter(|&t| {
                        self.at(t).is_some_and(|x| x != '.' && !Board::is_ours(x, us)) || Some(t) == self.ep
                    }));
                }
                for to in tos {
                    if self.at(to).is_some_and(|x| Board::is_ours(x, us)) {
                        continue;
                    }
                    if pawn && (to.1 == 0 || to.1 == 7) {
                        for p in ['G', 'R', 'B', 'N', 'Q', 'K'] {
                            out.push(self.moved(from, to, Some(if us { p } else { p.to_ascii_lowercase() })));
                        }
                    } else {
                        out.push(self.moved(from, to, None));
                    }
                }
            }
            out.extend(self.castlings());
            let side = usize::from(!us);
            out.retain(|b| b.royal[side].is_none_or(|k| !b.attacked(k, !us)));
            out
        }

        /// The king castles as in chess (with the h-rook to g1/f1, with the a-rook to c1/d1),
        /// the queen as its mirror image (a-rook: b1/c1; h-rook: f1/e1). The squares between
        /// and the landing squares must be empty; a royal piece may not castle out of, through
        /// or into an attack.
        fn castlings(&self) -> Vec<Board> {
            let us = self.white;
            let home = if us { 0 } else { 7 };
            let mut out = Vec::new();
            for &from in &self.unmoved {
                let Some(c) = self.at(from).filter(|&c| Board::is_ours(c, us) && from.1 == home) else { continue };
                let monarch = c.to_ascii_uppercase();
                if monarch != 'K' && monarch != 'Q' {
                    continue;
                }
                for &rook in &self.unmoved {
                    if rook.1 != home || self.at(rook) != Some(if us { 'R' } else { 'r' }) {
                        continue;
                    }
                    let right = rook.0 > from.0;
                    let (to, rook_to) = match (monarch, right) {
                        ('K', true) => (6, 5),
                        ('K', false) => (2, 3),
                        (_, false) => (1, 2),
                        (_, true) => (5, 4),
                    };
                    let files = [from.0, rook.0, to, rook_to];
                    let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
                    if (lo..=hi).any(|f| f != from.0 && f != rook.0 && self.at((f, home)) != Some('.')) {
                        continue;
                    }
                    let royal = self.royal[usize::from(!us)] == Some(from);
                    if royal && (from.0.min(to)..=from.0.max(to)).any(|f| f != to && self.attacked((f, home), !us)) {
                        continue;
                    }
                    let mut b = self.moved(from, (to, home), None);
                    b.set(rook, '.');
                    b.set((rook_to, home), if us { 'R' } else { 'r' });
                    b.unmoved.retain(|&s| s != rook);
                    out.push(b);
                }
            }
            out
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.successors().iter().map(|b| b.perft(depth - 1)).sum()
        }
    }
}
