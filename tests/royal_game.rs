//! The seed's sample game, and the notations round trip: numeric moves, algebraic input,
//! FEN and the position record.

use herald::engine::MoveKind;
use herald::variants::royal::{self, Royal, RoyalMove, RoyalPosition, notation};
use herald::variants::{self, Observer, Variant};

/// The seed's sample game as printed, with file 10 (one glyph in the seed) written out.
const SAMPLE: &str = "1. 54 N-76 2. 44 86 3. N-43 B-87 4. B-85 C8 5. Q-42 36 6. C3-G4 55 7. 64 5x44 8. Bx44 96 \
    9. B-74 N-46 10. N1-62 N-95 11. 65 Nx74 12. Gx74 B-75 13. B-53 N-34?? 14. Bx75! Nx42 15. B-84 N-34? \
    16. B-106+ G'-97 17. Bx97+ Kx97 18. 104 105 19. 94 R-108 20. 9x105 Rx105 21. G'-94 K-107 22. R5-91 85 \
    23. G'x105+ K-98 24. Gx85";

/// The seed's second position record: "WM-24, T#-4 ... What is the best winning move? Hint,
/// it's not Gx85." It is the sample game's position before White's 24th move.
const BEFORE_24: &str = "WM-24, T#-4\nr g 2 q 3 k,\np p 1 p 1 p p b,\n2 p 5 p,\n5 P 1 p 1 G',\n2 n 1 P 1 G 2 P,\n\
    3 N,\nP P P 2 N P P,\n2 K 5 R R,";

fn sample_moves() -> Vec<&'static str> {
    SAMPLE.split_whitespace().filter(|w| !w.ends_with('.')).collect()
}

/// The positions of the sample game, start first, by playing its moves on the engine's side.
fn sample_positions() -> Vec<RoyalPosition> {
    let mut pos = RoyalPosition::new(Royal.start_position(), 0);
    let mut all = vec![pos];
    for text in sample_moves() {
        let legal = pos.legal_moves();
        let m = notation::read(&pos, &legal, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos = pos.after(m).unwrap();
        all.push(pos);
    }
    all
}

#[test]
fn the_sample_game_replays_as_printed() {
    let mut game = variants::by_id("royal").unwrap().new_game();
    for text in sample_moves() {
        let played = game.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // herald writes each move as the seed printed it, check marks included; only the
        // seed's judgements (?? ! ?) are the annotator's.
        assert_eq!(played.notation, text.trim_end_matches(['!', '?']), "{text}");
        assert_eq!(game.outcome(), None, "after {text}");
    }
}

#[test]
fn the_sample_game_s_castlings_put_the_pieces_where_the_seed_says() {
    let positions = sample_positions();
    let at = |pos: &RoyalPosition, name: &str| {
        let (file, rank) = name.split_at(name.len() - 1);
        let sq = herald::engine::Square::new(file.parse::<u8>().unwrap() - 1, rank.parse::<u8>().unwrap() - 1).unwrap();
        pos.board().piece_at(sq).map(|p| (p.color, notation::designator(p.role)))
    };
    use herald::engine::Color::{Black, White};
    // "4... C8": Black's King to its Knight's square 88, the Rook to 78 beside it.
    let after_4 = &positions[8];
    assert_eq!(
        (at(after_4, "88"), at(after_4, "78"), at(after_4, "68")),
        (Some((Black, "K")), Some((Black, "R")), None)
    );
    // "6. C3-G4 (Guard moved to 41, King to 31, Rook to 51.)"
    let after_6 = &positions[11];
    assert_eq!(at(after_6, "41"), Some((White, "G")));
    assert_eq!(at(after_6, "31"), Some((White, "K")));
    assert_eq!(at(after_6, "51"), Some((White, "R")));
    assert_eq!((at(after_6, "11"), at(after_6, "21"), at(after_6, "61")), (None, None, None));
}

#[test]
fn the_position_before_move_24_is_the_seed_s_record() {
    let positions = sample_positions();
    let before_24 = &positions[positions.len() - 2];
    let record = Royal.read_record(BEFORE_24).unwrap();
    assert_eq!(before_24.board().to_setup().board, record.board().to_setup().board);
    assert_eq!(record.turn(), before_24.turn());
    assert_eq!(record.board().fullmoves(), 24);
    assert_eq!(royal::write_record(before_24), BEFORE_24.replace("WM-24, T#-4", "WM 24"));
}

#[test]
fn every_legal_move_along_the_sample_game_writes_and_reads_back() {
    for pos in sample_positions() {
        let legal = pos.legal_moves();
        for &m in &legal {
            let written = notation::write(&pos, &legal, m);
            assert_eq!(notation::read(&pos, &legal, &written), Ok(m), "{written} in {}", royal::write_fen(&pos));
            // With file 10 written "0" it reads the same.
            let zero = written.replace("10", "0");
            assert_eq!(notation::read(&pos, &legal, &zero), Ok(m), "{zero}");
        }
    }
}

#[test]
fn algebraic_moves_on_files_a_to_j_are_read_too() {
    for pos in sample_positions() {
        let legal = pos.legal_moves();
        for &m in &legal {
            let RoyalMove::Plain(mv) = m else { continue };
            let Some(piece) = pos.board().piece_at(mv.from) else { continue };
            // Long algebraic written here: the piece's letter (G' for the King's Guard), origin,
            // "x" for a capture, destination, "=X" for a promotion.
            let letter = notation::designator(piece.role).replace('P', "");
            let capture = pos.board().piece_at(mv.to).is_some() || mv.kind == MoveKind::EnPassant;
            let mut text = format!("{letter}{}{}{}", mv.from, if capture { "x" } else { "-" }, mv.to);
            if let Some(role) = mv.promotion() {
                text.push_str(&format!("={}", notation::designator(role)));
            }
            assert_eq!(notation::read(&pos, &legal, &text), Ok(m), "{text}");
        }
    }
    // SAN with the King's Guard as H or G'.
    let positions = sample_positions();
    let before_21 = &positions[40];
    let legal = before_21.legal_moves();
    let guard = notation::read(before_21, &legal, "G'-94").unwrap();
    assert_eq!(notation::read(before_21, &legal, "G'i4"), Ok(guard));
    assert_eq!(notation::read(before_21, &legal, "Hi4"), Ok(guard));
}

#[test]
fn fen_and_position_records_round_trip_along_the_sample_game() {
    for pos in sample_positions() {
        let fen = royal::write_fen(&pos);
        let again = Royal.read_fen(&fen).unwrap();
        assert_eq!(royal::write_fen(&again), fen);
        assert_eq!(again.legal_moves(), pos.legal_moves(), "{fen}");
        let record = royal::write_record(&pos);
        let read = Royal.read_record(&record).unwrap();
        assert_eq!(read.board().to_setup().board, pos.board().to_setup().board, "{record}");
        assert_eq!(royal::write_record(&read), record);
    }
}

#[test]
fn a_game_resumes_from_its_snapshot() {
    let royal = variants::by_id("royal").unwrap();
    let mut game = royal.new_game();
    let moves = sample_moves();
    for text in &moves[..20] {
        game.play(text).unwrap();
    }
    let mut resumed = royal.restore(&game.snapshot()).unwrap();
    assert_eq!(resumed.snapshot(), game.snapshot());
    assert_eq!(resumed.view(Observer::Everyone), game.view(Observer::Everyone));
    for text in &moves[20..] {
        assert_eq!(resumed.play(text).unwrap(), game.play(text).unwrap());
    }
}

#[test]
fn a_game_starts_from_a_position_record() {
    let royal = variants::by_id("royal").unwrap();
    let game = royal.game_from_fen(BEFORE_24).unwrap();
    assert_eq!(game.turn(), herald::engine::Color::White);
    assert_eq!(game.move_number(), 24);
    assert!(royal.game_from_fen("not a position").is_err());
}

#[test]
fn algebraic_castling_names_a_castling_only_when_one_fits() {
    // After 4. B-85 Black's King may castle short to its Bishop's square 78 or its Knight's
    // square 88 (its Guard is on 98): "O-O" could be either, so herald asks which.
    let positions = sample_positions();
    let pos = &positions[7];
    let legal = pos.legal_moves();
    match notation::read(pos, &legal, "O-O") {
        Err(herald::notation::input::MoveInputError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["C7", "C8"]);
        }
        other => panic!("{other:?}"),
    }
    let c8 = notation::read(pos, &legal, "C8").unwrap();
    assert!(matches!(c8, RoyalMove::Castle(c) if c.king_to.numeric() == "88" && c.rook_to.numeric() == "78"));
}
