//! Crown-2, the stones (docs/rules/crown-2.md): each rule in the page's test positions, and
//! what the page says of notation, commitments, views, snapshots and the auditor's replay.
//! The counts are worked out by hand from the page, as each test says.

use herald::engine::{Color, DrawReason, Outcome, WinReason};
use herald::variants::crown::{CROWN_2, CrownGame, Stones};
use herald::variants::{self, Observer, PlayedMove, Secret, Variant, VariantGame};

fn secret(label: &str, value: &str) -> Secret {
    Secret { label: label.into(), value: value.into() }
}

/// A game from `fen`; a side with one monarch wears a crown known to both.
fn game(fen: &str, secrets: &[Secret]) -> CrownGame<Stones> {
    CROWN_2.game(Some(fen), secrets).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(game: &mut CrownGame<Stones>, text: &str) -> PlayedMove {
    game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()))
}

fn refused(game: &mut CrownGame<Stones>, text: &str) -> String {
    let (before, snapshot) = (game.fen(), game.snapshot());
    match game.play(text) {
        Ok(played) => panic!("{text} was accepted as {} in {before}", played.notation),
        Err(e) => {
            assert_eq!(game.snapshot(), snapshot, "a refused move changes nothing");
            e.to_string()
        }
    }
}

/// The moves of the side to move, as typed, split into drops and the rest.
fn moves(game: &CrownGame<Stones>) -> (Vec<String>, Vec<String>) {
    game.legal_moves().iter().map(|m| game.write(m).1).partition(|m| m.starts_with("S@"))
}

/// n choose k.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn win(winner: Color, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn crown_2_is_listed_with_its_notation() {
    let v = variants::by_id("crown-2").expect("crown-2 is a variant");
    assert_eq!(v.name(), "Crown-2 (stones)");
    assert!(v.notation_help().contains("S@e4*,f5"));
    assert!(v.notation_help().lines().all(|l| l.len() <= 78));
    let game = v.new_game();
    assert_eq!(game.start_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[SSSsss] w ADEHadeh - 0 1");
}

/// Test 1: no stone enters while both monarchs stand.
#[test]
fn stones_wait_for_the_uncrowned_monarch_to_fall() {
    let mut g = CROWN_2.game(None, &[secret("white.crown", "king"), secret("black.crown", "queen")]).unwrap();
    assert!(refused(&mut g, "S@e4").contains("your stones enter after your uncrowned monarch falls"));
    assert!(moves(&g).0.is_empty());
    // Black's losses do not free White's stones: White takes Black's uncrowned queen, and
    // only Black's stones are freed.
    let mut g = game(
        "3qk3/8/8/8/8/8/8/3RK1Q1[SSSsss] w - - 0 1",
        &[secret("white.crown", "queen"), secret("black.crown", "king")],
    );
    play(&mut g, "Rxd8");
    assert!(g.extension().usable(g.core(), Color::Black) && !g.extension().usable(g.core(), Color::White));
    play(&mut g, "Kxd8");
    assert!(refused(&mut g, "S@e4").contains("uncrowned monarch falls"), "White still has both monarchs");
}

/// Test 2: White has only its king, so its stones are usable; 61 squares are empty. The king
/// steps to d1, d2, e2, f1 or f2 (5). One stone: plain or mined on each square, 2·61. Two
/// stones: each pair plain, or with either one mined, 3·C(61,2). Three stones empty the
/// reserve and must carry the mine, on one of the three: 3·C(61,3). 113,587 moves.
#[test]
fn the_first_drop_counts_by_hand() {
    let g = game("3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1", &[]);
    let one = 2 * 61;
    let two = 3 * choose(61, 2);
    let three = 3 * choose(61, 3);
    assert_eq!(one + two + three, 113_582);
    let (drops, others) = moves(&g);
    assert_eq!(others.len(), 5, "{others:?}");
    assert_eq!(drops.len() as u64, one + two + three);
    let by_size = |n: usize| drops.iter().filter(|d| d.matches(',').count() + 1 == n).count() as u64;
    assert_eq!((by_size(1), by_size(2), by_size(3)), (one, two, three));
    assert!(drops.contains(&"S@a1*,h8".to_string()) && drops.contains(&"S@a1,h8".to_string()));
    assert!(!drops.contains(&"S@a1,b1,c1".to_string()), "three stones without the mine");
    assert_eq!(g.perft(1), 113_587);
}

/// Test 3: a White stone on a8 is stone 1; 2 in reserve, 60 empty squares. Mined: the mine is
/// placed, drops carry none: 60 + C(60,2) = 1,830, with the 5 king moves 1,835. Plain: the
/// mine is still in reserve, a single stone is plain or mined (2·60), two stones empty the
/// reserve and must carry it (2·C(60,2)): 3,660 drops, 3,665 moves.
#[test]
fn a_later_drop_counts_by_hand() {
    let fen = "S2qk3/8/8/8/8/8/8/4K3[SSsss] w - - 0 1";
    let mined = game(fen, &[secret("white.stone1", "mined")]);
    assert_eq!(60 + choose(60, 2), 1_830);
    assert_eq!(mined.perft(1), 1_835);
    let plain = game(fen, &[secret("white.stone1", "plain")]);
    assert_eq!(2 * 60 + 2 * choose(60, 2), 3_660);
    assert_eq!(plain.perft(1), 3_665);
    // Without the secret the stone on the board counts as plain, as for a problem.
    assert_eq!(game(fen, &[]).perft(1), 3_665);
}

/// A position from FEN with stones on the board keeps their statuses secret: an auditor
/// replaying from it must give them (`herald replay --secret`), unless the side's mined stone
/// is given, which makes the others plain.
#[test]
fn a_position_asks_for_the_statuses_of_its_stones() {
    let fen = "S2qk3/8/8/8/8/8/s7/s3K2S[Ss] w - - 0 1";
    let asked = |secrets: &[Secret]| -> Vec<String> {
        let g = CROWN_2.game_from_fen_with_secrets(fen, secrets).unwrap();
        g.setup_requests().into_iter().map(|r| r.label).filter(|l| l.contains("stone")).collect()
    };
    // White's stones on h1 (1) and a8 (2); Black's on a1 (1) and a2 (2).
    assert_eq!(asked(&[]), ["white.stone1", "white.stone2", "black.stone1", "black.stone2"]);
    assert_eq!(asked(&[secret("white.stone2", "plain")]), ["white.stone1", "black.stone1", "black.stone2"]);
    assert_eq!(
        asked(&[secret("white.stone2", "mined"), secret("black.stone1", "plain"), secret("black.stone2", "plain")]),
        Vec::<String>::new()
    );
}

/// Test 4: the `*` refused, each for its reason; the refusal changes nothing.
#[test]
fn the_mine_is_marked_once_and_must_enter() {
    let fen = "3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1";
    let mut g = game(fen, &[secret("black.crown", "king")]);
    assert!(refused(&mut g, "S@a8*,b8*").contains("only one of your three stones is mined"));
    assert!(refused(&mut g, "S@a8,b8,c8").contains("must be mined"));
    assert!(refused(&mut g, "S@a8,b8,c8,d7").contains("one to three stones"));
    assert!(refused(&mut g, "S@e1").contains("not empty"));
    assert!(refused(&mut g, "S@a8,a8").contains("named twice"));
    assert!(refused(&mut g, "S@z9").contains("not a square"));
    play(&mut g, "S@a8*");
    play(&mut g, "Qc7");
    assert!(refused(&mut g, "S@b8*").contains("already entered"));
    assert!(refused(&mut g, "S@b8,c8,d8").contains("2 stones in reserve"));
    play(&mut g, "S@b8,h8");
    play(&mut g, "Qd7");
    assert!(refused(&mut g, "S@c8").contains("no stones left"));
}

/// Every way the page lets a player write a drop reads as the same move; the move list writes
/// it in square order without the `*`, and the stones are numbered in square order.
#[test]
fn drops_are_read_in_every_written_form() {
    let fen = "3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1";
    for text in [
        "S@e4*,f5",
        "S@f5,e4*",
        "s@e4*, f5",
        "S@e4* S@f5",
        "@e4*,@f5",
        "stones e4* f5",
        "drop f5 e4*",
        "S@e4 *,f5",
        "1. S@e4*,f5",
        "S@ e4*, S@ f5",
    ] {
        let mut g = game(fen, &[secret("black.crown", "king")]);
        let played = play(&mut g, text);
        assert_eq!(g.outcome(), None);
        assert_eq!(played.notation, "S@e4,f5", "{text}");
        assert_eq!(played.commit, vec![secret("white.stone1", "mined"), secret("white.stone2", "plain")], "{text}");
        assert_eq!(g.fen(), "3qk3/8/8/5S2/4S3/8/8/4K3[Ssss] b - - 1 1", "{text}");
        assert_eq!(g.moves(), vec!["S@e4,f5".to_string()]);
    }
    let mut g = game(fen, &[secret("black.crown", "king")]);
    assert!(refused(&mut g, "stones").contains("say where"));
    let played = play(&mut g, "S@h8,a1,d4*");
    assert_eq!(
        played.commit,
        vec![secret("white.stone1", "plain"), secret("white.stone2", "mined"), secret("white.stone3", "plain")]
    );
    assert_eq!(played.notation, "S@a1,d4,h8");
    assert!(!played.notation.contains('*'));
}

/// Test 5: the rook on e4 checks the king on e1. A stone on e2 or e3 blocks it; one on d4
/// does not. White's moves: the king to d1, d2, f1, f2 (4), and every drop with a stone on e2
/// or e3 (the reserve holds the mine, so a drop of one or two is plain or carries it on one of
/// its squares, a drop of three carries it): 1 or 2 stones, 2 + (C(61,2) - C(59,2)) sets;
/// three stones, C(61,3) - C(59,3) sets.
#[test]
fn a_drop_may_block_a_check_and_must_not_leave_one() {
    let fen = "4k3/8/8/8/4r3/8/8/4K3[SSS] w - - 0 1";
    let mut g = game(fen, &[]);
    let (drops, others) = moves(&g);
    assert_eq!(others.len(), 4, "{others:?}");
    let singles = 2;
    let pairs = choose(61, 2) - choose(59, 2);
    let triples = choose(61, 3) - choose(59, 3);
    assert_eq!((pairs, triples), (119, 3_481));
    assert_eq!(drops.len() as u64, 2 * singles + 3 * pairs + 3 * triples);
    assert!(refused(&mut g, "S@d4").contains("in check"));
    assert!(refused(&mut g, "S@d4,a1").contains("in check"));
    play(&mut g, "S@e3");
    let mut g = game(fen, &[]);
    play(&mut g, "S@e2,a1*");
}

/// Double check by the rook along the first rank and the bishop along the long diagonal; the
/// pawn on h2 keeps the king in. No board move answers it, and no single stone: two stones
/// do, one on b1..g1 (6 squares) and one on f3 or g2 (2). With two in reserve, holding the
/// mine, each such pair is dropped with the mine on either stone: 6·2·2 = 24 moves. With one
/// stone in reserve it is mate.
#[test]
fn two_stones_answer_a_double_check() {
    let g = game("4k3/8/8/8/4b3/8/7P/r6K[SS] w - - 0 1", &[]);
    assert_eq!(g.perft(1), 24);
    assert_eq!(g.outcome(), None);
    let g = game("4k3/8/8/8/4b3/8/7P/r6K[S] w - - 0 1", &[]);
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Checkmate));
}

/// Test 6: stones block castling and riders; a knight jumps them.
#[test]
fn stones_block_and_a_knight_jumps_them() {
    let mut g = game("4k3/8/8/8/8/8/8/R3KS1R w AEH - 0 1", &[]);
    let (_, others) = moves(&g);
    assert!(!others.contains(&"K0-0".to_string()) && others.contains(&"K0-0-0".to_string()), "{others:?}");
    assert!(refused(&mut g, "K0-0").contains("not a legal move"));
    // The rook on a1 behind its stone: up the a-file only, a2 to a8.
    let g = game("4k3/8/8/8/8/8/8/RS2K3 w - - 0 1", &[]);
    let rook: Vec<String> = moves(&g).1.into_iter().filter(|m| m.starts_with('R')).collect();
    assert_eq!(rook.len(), 7, "{rook:?}");
    assert!(rook.iter().all(|m| m.starts_with("Ra")), "{rook:?}");
    // The knight on a1 to b3 and c2, over its stone on b2.
    let g = game("4k3/8/8/8/8/8/1S6/N3K3 w - - 0 1", &[]);
    let mut knight: Vec<String> = moves(&g).1.into_iter().filter(|m| m.starts_with('N')).collect();
    knight.sort();
    assert_eq!(knight, ["Nb3", "Nc2"]);
    // A stone never moves, and is never taken by its own side; a pawn stops before it.
    let mut g = game("4k3/8/8/8/8/4S3/4P3/4K3 w - - 0 1", &[]);
    assert!(!moves(&g).1.iter().any(|m| m.starts_with('S') || m.starts_with('e')), "{:?}", moves(&g).1);
    assert!(refused(&mut g, "Se4").contains("not a legal move"));
}

/// A pawn takes a stone diagonally; a stone stops a pawn's double step.
#[test]
fn pawns_and_stones() {
    let mut g = game("4k3/8/8/8/8/3s4/3P4/4K3[sS] w - - 0 1", &[]);
    let (_, others) = moves(&g);
    assert!(!others.iter().any(|m| m.starts_with('d')), "{others:?}");
    assert!(refused(&mut g, "d4").contains("not a legal move"));
    let mut g = game("4k3/8/8/8/8/2s5/3P4/4K3 w - - 0 1", &[]);
    play(&mut g, "dxc3");
    assert_eq!(g.fen(), "4k3/8/8/8/8/2P5/8/4K3 b - - 0 1");
}

/// Test 7: a plain stone taken is an ordinary capture, and opens its commitment.
#[test]
fn a_plain_stone_taken() {
    let mut g = game("4k3/8/8/8/8/8/8/4Ks2[ss] w - - 0 1", &[secret("black.stone1", "plain")]);
    let played = play(&mut g, "Kxf1");
    assert_eq!(played.notation, "Kxf1");
    assert!(played.reveal.contains(&"black.stone1".to_string()), "{:?}", played.reveal);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/5K2[ss] b - - 0 1");
    assert_eq!(g.outcome(), None);
}

/// Test 8: White's royal king takes the mined stone: both leave the board, Black wins.
#[test]
fn a_crowned_monarch_blown_up_loses() {
    let mut g = game("4k3/8/8/8/8/8/8/4Ks2[ss] w - - 0 1", &[secret("black.stone1", "mined")]);
    let played = play(&mut g, "Kxf1");
    assert_eq!(played.notation, "Kxf1", "the move list shows the capture, never the mine");
    assert!(played.reveal.contains(&"black.stone1".to_string()));
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/8[ss] b - - 0 1");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::CrownBlownUp));
    assert_eq!(g.outcome().unwrap().to_string(), "Black wins: White's crowned monarch was blown up by a mined stone");
    for observer in [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Public] {
        let notices = g.view(observer).notices;
        assert!(
            notices.contains(&"Black's stone on f1 was mined: White's crowned king was blown up.".to_string()),
            "{notices:?}"
        );
    }
}

/// Test 9: a knight takes the mined stone: knight and stone gone, the game goes on.
#[test]
fn an_ordinary_piece_blown_up() {
    let mut g = game("4k3/8/8/8/8/8/3N4/4Ks2[ss] w - - 0 1", &[secret("black.stone1", "mined")]);
    let played = play(&mut g, "Nxf1");
    assert_eq!(played.notation, "Nxf1");
    assert_eq!(played.reveal, vec!["black.stone1".to_string()]);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3[ss] b - - 0 1");
    assert_eq!(g.outcome(), None);
    assert!(
        g.view(Observer::Public)
            .notices
            .contains(&"Black's stone on f1 was mined: White's knight was blown up.".into())
    );
}

/// Test 10: White's queen (crown unknown) takes the mined stone on e2. Crowned king: the
/// queen is blown up, White's note opens, the game goes on and White's stones are usable.
/// Crowned queen: White loses.
#[test]
fn a_monarch_of_an_unknown_crown_blown_up_opens_its_note() {
    let fen = "4k3/8/8/8/8/8/4s3/3QK3[SSSss] w - - 0 1";
    let mut g = game(fen, &[secret("black.stone1", "mined"), secret("white.crown", "king")]);
    assert!(refused(&mut g, "S@a1").contains("uncrowned monarch falls"));
    let played = play(&mut g, "Qxe2");
    assert!(played.reveal.contains(&"black.stone1".to_string()) && played.reveal.contains(&"white.crown".to_string()));
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K3[SSSss] b - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Kd7");
    play(&mut g, "S@e2*");
    assert_eq!(g.extension().reserve(Color::White), 2);

    let mut g = game(fen, &[secret("black.stone1", "mined"), secret("white.crown", "queen")]);
    play(&mut g, "Qxe2");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::CrownBlownUp));
    assert!(
        g.view(Observer::Player(Color::White)).notices.iter().any(|n| n.contains("White's crowned queen was blown up"))
    );
}

/// A piece blown up may open a line to its own royal monarch: the opponent may then take the
/// monarch, and that wins. Whether the capture was legal did not depend on the mine (the rook
/// stood on the line when it took the stone).
#[test]
fn a_blast_may_expose_the_capturers_own_monarch() {
    // White's rook on e2 is pinned by the rook on e8; it takes the stone on e5 along the pin.
    let mut g = game("4r1k1/8/8/4s3/8/8/4R3/4K3[ss] w - - 0 1", &[secret("black.stone1", "mined")]);
    play(&mut g, "Rxe5");
    assert_eq!(g.fen(), "4r1k1/8/8/8/8/8/8/4K3[ss] b - - 0 1");
    let played = play(&mut g, "Rxe1");
    assert_eq!(played.notation, "Rxe1");
    assert_eq!(g.outcome(), win(Color::Black, WinReason::RoyalCaptured));
}

/// Test 11: the king on h1 walled in by its own stones on g1, g2 and h2, none left to drop:
/// a draw.
#[test]
fn the_stone_stalemate_draws() {
    let g = game("3qk3/8/8/8/8/8/6SS/6SK[sss] w - - 0 1", &[secret("black.crown", "queen")]);
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::WalledIn }));
    assert_eq!(g.outcome().unwrap().to_string(), "Draw by a monarch walled in by its own stones");
}

/// Test 12: g1 is empty but attacked by the bishop: an ordinary stalemate, which loses.
#[test]
fn the_ordinary_stalemate_loses() {
    let g = game("S2qk3/8/8/8/3b4/8/6SS/7K[sss] w - - 0 1", &[secret("black.crown", "queen")]);
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Stalemate));
}

/// Test 13: an enemy stone beside the monarch is no wall. Defended by the bishop, White has no
/// move and loses; undefended, the king takes it.
#[test]
fn an_enemy_stone_is_no_wall() {
    let g = game("S3k3/8/8/8/3b4/8/6SS/6sK[ss] w - - 0 1", &[]);
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.outcome(), win(Color::Black, WinReason::Stalemate));
    let g = game("S3k3/8/8/8/8/8/6SS/6sK[ss] w - - 0 1", &[]);
    assert_eq!(moves(&g).1, ["Kxg1"]);
    assert_eq!(g.outcome(), None);
}

/// Test 14: stones and a blocked pawn of its own wall the king in: a draw. With a stone
/// still in reserve, a drop is a move (all 58 empty squares, marked as the mine since the
/// drop empties the reserve): no stalemate.
#[test]
fn walled_in_by_stones_and_an_own_piece() {
    let g = game("3qk3/8/8/8/8/6p1/6PS/6SK[sss] w - - 0 1", &[secret("black.crown", "queen")]);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::WalledIn }));
    let g = game("3qk3/8/8/8/8/6p1/6PS/6SK[Ssss] w - - 0 1", &[secret("black.crown", "queen")]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.perft(1), 64 - 7);
}

/// Test 15: the two royal monarchs alone with no stone anywhere are dead; a stone on the
/// board (or in a reserve) keeps the game going.
#[test]
fn dead_positions() {
    let g = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let g = game("4k3/8/8/8/8/8/8/4Ks2 w - - 0 1", &[]);
    assert_eq!(g.outcome(), None);
    let g = game("4k3/8/8/8/8/8/8/4K3[s] w - - 0 1", &[]);
    assert_eq!(g.outcome(), None);
}

/// Test 16: the repetition key is the public position's: the same whichever stone is mined.
#[test]
fn the_mine_is_not_part_of_the_position() {
    let fen = "3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1";
    let crown = [secret("black.crown", "king")];
    let (mut a, mut b) = (game(fen, &crown), game(fen, &crown));
    play(&mut a, "S@c3*,f3");
    play(&mut b, "S@c3,f3*");
    assert_eq!(a.game().position().repetition_key(), b.game().position().repetition_key());
    assert_eq!(a.fen(), b.fen());
    assert_eq!(a.moves(), b.moves());
    for side in [Observer::Player(Color::Black), Observer::Public] {
        assert_eq!(a.view(side), b.view(side), "{side:?}");
    }
    assert_ne!(a.view(Observer::Player(Color::White)), b.view(Observer::Player(Color::White)));
}

/// What each observer is told: the reserves to all, the mine to its owner alone until it goes
/// off or the game ends.
#[test]
fn views_show_the_mine_to_its_owner_only() {
    let mut g = game("3qk3/8/8/8/8/8/8/4K3[SSSsss] w - - 0 1", &[secret("black.crown", "king")]);
    let notices = |g: &CrownGame<Stones>, o: Observer| g.view(o).notices;
    assert!(notices(&g, Observer::Player(Color::White)).contains(
        &"Your stones: 3 in reserve (one of them mined: mark it with * as it enters, as in S@e4*).".to_string()
    ));
    assert!(
        notices(&g, Observer::Public)
            .contains(&"In reserve: White 3 stones, Black 3 stones (usable: White).".to_string())
    );
    play(&mut g, "S@e4*,f5");
    let white = notices(&g, Observer::Player(Color::White));
    assert!(white.contains(&"Your stones: e4 mined, f5 plain, 1 in reserve (plain).".to_string()), "{white:?}");
    for observer in [Observer::Player(Color::Black), Observer::Public] {
        let seen = notices(&g, observer);
        assert!(seen.iter().all(|n| !n.contains("mined") || n.starts_with("In reserve")), "{observer:?}: {seen:?}");
        assert!(seen.contains(&"In reserve: White 1 stone, Black 3 stones (usable: White).".to_string()), "{seen:?}");
    }
    assert!(
        notices(&g, Observer::Everyone)
            .contains(&"White's stones: e4 mined, f5 plain, 1 in reserve (plain).".to_string())
    );
    // The board shows the stones alike.
    let cells = g.view(Observer::Player(Color::Black)).cells;
    let stones: Vec<_> = cells.iter().filter(|(_, c)| *c == herald::variants::Cell::Piece(Color::White, 'S')).collect();
    assert_eq!(stones.len(), 2);
}

/// A snapshot resumes the game as it was: reserves, numbers, the mine, the blasts.
#[test]
fn snapshots_round_trip() {
    let mut g = game("4k3/8/8/8/8/8/3N4/4Ks2[ssS] w - - 0 1", &[secret("black.stone1", "mined")]);
    play(&mut g, "Nxf1");
    play(&mut g, "S@d4,a1");
    play(&mut g, "S@h8*");
    let snapshot = g.snapshot();
    assert!(snapshot.contains("stones-white 0 3@h8*\n"), "{snapshot}");
    assert!(snapshot.contains("stones-black 0 1@-* 2@a1 3@d4\n"), "{snapshot}");
    assert!(snapshot.contains("stone-blasts black/1/f1/N\n"), "{snapshot}");
    let restored = CROWN_2.restore(&snapshot).unwrap();
    assert_eq!(restored.snapshot(), snapshot);
    assert_eq!(restored.fen(), g.fen());
    assert_eq!(restored.fen(), "4k2S/8/8/8/3s4/8/8/s3K3 b - - 2 2");
    for observer in [Observer::Player(Color::White), Observer::Player(Color::Black), Observer::Public] {
        assert_eq!(restored.view(observer), g.view(observer));
    }
    // Corrupt stone lines are refused.
    for (from, to) in
        [("3@h8*", "3@h7*"), ("0 3@h8*", "4 3@h8*"), ("2@a1 3@d4", "2@a1* 3@d4"), ("black/1/f1/N", "black/2/f1/N")]
    {
        assert!(CROWN_2.restore(&snapshot.replace(from, to)).is_err(), "{from} -> {to}");
    }
}

/// The auditor's replay: the public moves on a game given the opened secrets reach the same
/// positions, commit the same values and blow up the same pieces.
#[test]
fn the_public_notation_replays_with_the_opened_secrets() {
    let fen = "4k3/8/8/8/8/8/3N4/4K3[SSSsss] w - - 0 1";
    let typed = ["S@c3,f3*", "S@b3*", "Nxb3", "Kd7"];
    let mut original = game(fen, &[]);
    let mut public = Vec::new();
    let mut opened = Vec::new();
    for text in typed {
        let played = play(&mut original, text);
        opened.extend(played.commit.clone());
        public.push(played.notation);
    }
    assert_eq!(public, ["S@c3,f3", "S@b3", "Nxb3", "Kd7"]);
    assert_eq!(
        opened,
        vec![secret("white.stone1", "plain"), secret("white.stone2", "mined"), secret("black.stone1", "mined")]
    );
    let mut replay = game(fen, &opened);
    for text in &public {
        play(&mut replay, text);
    }
    assert_eq!(replay.fen(), original.fen());
    assert_eq!(replay.snapshot(), original.snapshot());
    // A typed mark that contradicts the opened value is refused.
    let mut contradicted = game(fen, &[secret("white.stone1", "plain")]);
    assert!(refused(&mut contradicted, "S@c3*,f3").contains("opened as plain"));
}
