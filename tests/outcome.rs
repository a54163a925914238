//! Game endings under the FIDE Laws (articles 5 and 9), each in a position where the law's
//! answer is known.

use herald::engine::{ClaimableDraw, Color, DrawReason, Game, Outcome, Position, WinReason};
use herald::notation::{fen, input};
use herald::variants;

fn chess(fen_text: &str) -> Position {
    fen::read(variants::by_id("chess").unwrap().rules(), fen_text).unwrap()
}

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = input::parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(m).unwrap();
    }
}

#[test]
fn back_rank_mate_is_checkmate() {
    let mut game = Game::new(chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    assert_eq!(game.outcome(), None);
    play(&mut game, "Ra8#");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

#[test]
fn stalemate_is_a_draw_in_chess() {
    // Black king a8, white queen c7 would be stalemate after Qc7? Here: Kb6 + Qc7 stalemates a8.
    let mut game = Game::new(chess("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"));
    play(&mut game, "Qc7");
    assert!(!game.position().is_check());
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
}

#[test]
fn dead_positions_are_insufficient_material() {
    for dead in [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",     // K v K
        "8/8/4k3/8/8/4K3/8/5B2 w - - 0 1",   // K+B v K
        "8/8/4k3/8/8/4K3/8/6N1 b - - 0 1",   // K+N v K
        "8/8/2b1k3/8/8/4K3/8/5B2 w - - 0 1", // bishops on the same colour (c6 and f1 are light)
    ] {
        assert_eq!(chess(dead).outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }), "{dead}");
    }
    for alive in [
        "8/8/1b2k3/8/8/4K3/8/5B2 w - - 0 1", // bishops on different colours: mate is possible
        "8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1",  // two knights: a helpmate exists
        "8/8/4k3/8/8/4K3/5P2/8 w - - 0 1",   // a pawn
        "8/8/4k3/8/8/4K3/8/5R2 w - - 0 1",   // a rook
    ] {
        assert_eq!(chess(alive).outcome(), None, "{alive}");
    }
}

#[test]
fn threefold_repetition_is_claimable_and_fivefold_is_automatic() {
    let mut game = Game::new(variants::by_id("chess").unwrap().start_position());
    let shuffle = "Nf3 Nf6 Ng1 Ng8";
    play(&mut game, shuffle);
    assert_eq!(game.repetitions(), 2);
    assert!(game.claimable_draws().is_empty());
    play(&mut game, shuffle);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claimable_draws(), vec![ClaimableDraw::ThreefoldRepetition]);
    assert_eq!(game.outcome(), None, "threefold repetition is only a claim");
    play(&mut game, shuffle);
    play(&mut game, shuffle);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::FivefoldRepetition }));
}

#[test]
fn a_pawn_move_or_capture_starts_the_repetition_history_again() {
    // No position before a pawn move or a capture can recur, so the game keeps (and its
    // snapshot stores) only the keys since the last one; repetitions still count.
    let mut game = Game::new(variants::by_id("chess").unwrap().start_position());
    play(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetition_keys().len(), 5);
    play(&mut game, "e4");
    assert_eq!(game.repetition_keys().len(), 1);
    play(&mut game, "Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.repetitions(), 3);
    play(&mut game, "d5 exd5");
    assert_eq!(game.repetition_keys().len(), 1, "a capture starts it again");
    let (start, position) = (*game.start(), *game.position());
    let resumed = Game::resume(start, position, game.repetition_keys().to_vec());
    assert_eq!(resumed.repetitions(), 1);
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    // The king steps out and back: pieces are where they were, but castling rights are gone,
    // so the first position does not count as repeated (FIDE 9.2.3).
    let mut game = Game::new(chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    play(&mut game, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(game.repetitions(), 2, "only the positions after the kings first moved repeat");
}

#[test]
fn fifty_moves_are_claimable_and_seventy_five_end_the_game() {
    let at_99 = "8/8/4k3/8/8/4K3/8/R7 w - - 99 80";
    let mut game = Game::new(chess(at_99));
    assert!(game.claimable_draws().is_empty());
    play(&mut game, "Ra2");
    assert_eq!(game.claimable_draws(), vec![ClaimableDraw::FiftyMoves]);
    assert_eq!(game.outcome(), None);
    let game = Game::new(chess("8/8/4k3/8/8/4K3/8/R7 w - - 150 100"));
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::SeventyFiveMoves }));
    // Mate on the move that reaches the limit is still mate (FIDE 9.6.2).
    let mut game = Game::new(chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100"));
    play(&mut game, "Ra8#");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
}

#[test]
fn fen_round_trips_and_rejects_illegal_setups() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        assert_eq!(fen::write(&chess(text)), text);
    }
    let rules = variants::by_id("chess").unwrap().rules();
    let capa = variants::by_id("capablanca").unwrap().rules();
    let start10 = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(fen::write(&fen::read(capa, start10).unwrap()), start10);
    // An en passant square with no capture possible is dropped on writing.
    assert_eq!(
        fen::write(&chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    for (bad, why) in [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "royal"),
        ("k7/8/8/8/8/8/8/K6K w - - 0 1", "royal"),
        ("k7/8/8/8/8/8/8/K5P1 w - - 0 1", "pawn"),
        ("k7/1Q6/8/8/8/8/8/K7 w - - 0 1", "not to move is in check"),
        ("k7/8/8/8/8/8/8/K7 w K - 0 1", "castling"),
        ("k7/8/8/8/8/8/8/K7 w - e3 0 1", "en passant"),
        ("k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move"),
        ("k7/8/8/8/8/8/8/K8 w - - 0 1", "squares"),
        ("k7/8/8/8/8/8/8/K6Z w - - 0 1", "not a piece"),
    ] {
        let err = fen::read(rules, bad).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
}
