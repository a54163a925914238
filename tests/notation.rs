//! The move reader (`notation::input::parse_move`) and the SAN writer (`notation::san::write`).
//!
//! Every expectation here comes from the Laws of Chess (or Capablanca's rules) applied by hand
//! to a position set up by FEN: which piece stands where, which moves are legal, what SAN the
//! move must have. Nothing is copied from the engine's output. A move the reader returns is
//! checked by its squares (`Square::algebraic`), its promotion piece's letter and, where it
//! matters, its kind (castling, en passant).
//!
//! One test per accepted form, several inputs each; then every reason for a rejection; then
//! Capablanca; then SAN output; then round trips of SAN, UCI and ICCF over whole positions.
//!
//! Cyrillic: herald reads Cyrillic letters that look like Latin ones as those Latin letters,
//! except the capitals К and С as piece letters, which Russian notation uses for the knight
//! and the bishop: those are refused rather than guessed.

use herald::engine::{Move, MoveKind, Position};
use herald::notation::input::{MoveInputError, parse_move};
use herald::notation::{fen, san};
use herald::variants;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// After 1.e4 e5.
const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// After 1.e4 d5: White's e4 pawn can take on d5.
const E4_D5: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// Kings and rooks on their squares, all four castling rights, nothing in between.
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
/// The same with Black to move.
const CASTLES_BLACK: &str = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
/// White pawn on e7, e8 empty; kings far away (no promotion gives check).
const PROMOTE: &str = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
/// After 1.e4 a6 2.e5 d5: White may take en passant on d6.
const EN_PASSANT: &str = "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
/// White knights on b1 and f3, both able to go to d2.
const KNIGHTS_B1_F3: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
/// White knights on b1 and b3, both able to go to d2.
const KNIGHTS_B1_B3: &str = "4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1";
/// White queens on e4, h4 and h1, all three able to go to e1.
const THREE_QUEENS: &str = "8/8/k7/8/4Q2Q/8/K7/7Q w - - 0 1";
const CAPABLANCA_START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

fn chess(fen_text: &str) -> Position {
    fen::read(variants::by_id("chess").unwrap().rules(), fen_text).unwrap()
}

fn capablanca(fen_text: &str) -> Position {
    fen::read(variants::by_id("capablanca").unwrap().rules(), fen_text).unwrap()
}

/// The move `input` reads as, or a panic that says what the reader said instead.
#[track_caller]
fn read(pos: &Position, input: &str) -> Move {
    parse_move(pos, input).unwrap_or_else(|e| panic!("{input:?} in {pos:?} was refused: {e}"))
}

/// Asserts that `input` is the move from `from` to `to`, not a promotion.
#[track_caller]
fn assert_move(pos: &Position, input: &str, from: &str, to: &str) -> Move {
    let m = read(pos, input);
    assert_eq!((m.from.algebraic().as_str(), m.to.algebraic().as_str()), (from, to), "{input:?} in {pos:?}");
    assert_eq!(m.promotion(), None, "{input:?} in {pos:?} is not a promotion");
    m
}

/// Asserts that each of `inputs` is the move from `from` to `to`.
#[track_caller]
fn assert_moves(pos: &Position, inputs: &[&str], from: &str, to: &str) {
    for input in inputs {
        assert_move(pos, input, from, to);
    }
}

/// Asserts that `input` is the pawn move from `from` to `to` promoting to the piece `letter`.
#[track_caller]
fn assert_promotion(pos: &Position, input: &str, from: &str, to: &str, letter: char) {
    let m = read(pos, input);
    assert_eq!((m.from.algebraic().as_str(), m.to.algebraic().as_str()), (from, to), "{input:?} in {pos:?}");
    let role = m.promotion().unwrap_or_else(|| panic!("{input:?} in {pos:?} is a promotion"));
    assert_eq!(pos.rules().piece(role).letter, letter, "{input:?} in {pos:?}");
}

/// Asserts that `input` is castling with the king going from `from` to `to` and the rook
/// starting on `rook`.
#[track_caller]
fn assert_castle(pos: &Position, input: &str, from: &str, to: &str, rook: &str) {
    let m = read(pos, input);
    assert_eq!((m.from.algebraic().as_str(), m.to.algebraic().as_str()), (from, to), "{input:?} in {pos:?}");
    match m.kind {
        MoveKind::Castle { rook: r } => assert_eq!(r.algebraic(), rook, "{input:?} in {pos:?}"),
        other => panic!("{input:?} in {pos:?} is {other:?}, not castling"),
    }
}

/// The reason `input` matches no legal move; panics if it is read otherwise.
#[track_caller]
fn no_match(pos: &Position, input: &str) -> String {
    match parse_move(pos, input) {
        Err(MoveInputError::NoMatch { input: shown, reason }) => {
            assert_eq!(shown, input.trim(), "the error quotes the player's text");
            let e = MoveInputError::NoMatch { input: shown, reason: reason.clone() };
            assert!(e.to_string().contains(input.trim()), "{e}");
            reason.to_string()
        }
        other => panic!("{input:?} in {pos:?}: expected NoMatch, got {other:?}"),
    }
}

/// Asserts that the reason for refusing `input` contains every one of `words`.
#[track_caller]
fn assert_refused(pos: &Position, input: &str, words: &[&str]) {
    let reason = no_match(pos, input);
    for word in words {
        assert!(reason.contains(word), "{input:?} in {pos:?}: reason {reason:?} does not mention {word:?}");
    }
}

/// The SAN candidates of an ambiguous `input`, sorted; also checks that the error message
/// names each of them.
#[track_caller]
fn ambiguous(pos: &Position, input: &str) -> Vec<String> {
    match parse_move(pos, input) {
        Err(e @ MoveInputError::Ambiguous { .. }) => {
            let MoveInputError::Ambiguous { candidates, .. } = &e else { unreachable!() };
            let text = e.to_string();
            for c in candidates {
                assert!(text.contains(c.as_str()), "{text:?} does not name {c}");
            }
            let mut v = candidates.clone();
            v.sort();
            v
        }
        other => panic!("{input:?} in {pos:?}: expected Ambiguous, got {other:?}"),
    }
}

#[track_caller]
fn assert_unreadable(pos: &Position, input: &str) {
    match parse_move(pos, input) {
        Err(MoveInputError::Unreadable { input: shown }) => assert_eq!(shown, input.trim()),
        other => panic!("{input:?} in {pos:?}: expected Unreadable, got {other:?}"),
    }
}

/// The legal move from `from` to `to` (promoting to `promotion`, if given), found by its
/// squares only.
#[track_caller]
fn legal(pos: &Position, from: &str, to: &str, promotion: Option<char>) -> Move {
    let found: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.from.algebraic() == from
                && m.to.algebraic() == to
                && m.promotion().map(|r| pos.rules().piece(r).letter) == promotion
        })
        .collect();
    assert_eq!(found.len(), 1, "exactly one legal move {from}-{to} {promotion:?} in {pos:?}");
    found[0]
}

/// SAN of the legal move from `from` to `to`.
#[track_caller]
fn san_of(pos: &Position, from: &str, to: &str, promotion: Option<char>) -> String {
    san::write(pos, legal(pos, from, to, promotion))
}

// ---------------------------------------------------------------------------------------
// Accepted forms.
// ---------------------------------------------------------------------------------------

#[test]
fn san_piece_moves() {
    let pos = chess(START);
    assert_move(&pos, "Nf3", "g1", "f3");
    assert_move(&pos, "Nh3", "g1", "h3");
    assert_move(&pos, "Nc3", "b1", "c3");
    assert_move(&pos, "Na3", "b1", "a3");
    let pos = chess(E4_E5);
    assert_move(&pos, "Bb5", "f1", "b5");
    assert_move(&pos, "Bc4", "f1", "c4");
    assert_move(&pos, "Qh5", "d1", "h5");
    assert_move(&pos, "Qg4", "d1", "g4");
    assert_move(&pos, "Ke2", "e1", "e2");
    assert_move(&pos, "Ne2", "g1", "e2");
}

#[test]
fn san_pawn_moves_and_captures() {
    let pos = chess(START);
    assert_move(&pos, "e4", "e2", "e4");
    assert_move(&pos, "e3", "e2", "e3");
    assert_move(&pos, "a4", "a2", "a4");
    assert_move(&pos, "h3", "h2", "h3");
    let pos = chess(E4_D5);
    assert_move(&pos, "exd5", "e4", "d5");
    assert_move(&pos, "ed5", "e4", "d5");
    assert_move(&pos, "e5", "e4", "e5");
    // A black pawn capture.
    let black = chess("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    assert_move(&black, "dxe4", "d5", "e4");
    assert_move(&black, "d4", "d5", "d4");
}

#[test]
fn san_promotion_in_every_spelling() {
    let pos = chess(PROMOTE);
    for input in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e8=q", "e7-e8=Q", "e7e8Q", "e7e8q", "Pe8=Q", "e8=D"] {
        assert_promotion(&pos, input, "e7", "e8", 'Q');
    }
    // A capture that promotes: the pawn on d7 takes the rook on e8.
    let pos = chess("4r2k/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert_promotion(&pos, "dxe8=Q", "d7", "e8", 'Q');
    assert_promotion(&pos, "dxe8Q", "d7", "e8", 'Q');
    assert_promotion(&pos, "d7xe8=Q+", "d7", "e8", 'Q');
    assert_promotion(&pos, "d8=Q", "d7", "d8", 'Q');
    assert_promotion(&pos, "d7d8q", "d7", "d8", 'Q');
}

#[test]
fn under_promotion() {
    let pos = chess(PROMOTE);
    for (inputs, letter) in [
        (["e8=N", "e8N", "e8(N)", "e7e8n", "e8=S"], 'N'),
        (["e8=R", "e8R", "e8/R", "e7e8r", "e8=T"], 'R'),
        (["e8=B", "e8B", "e8(B)", "e7e8b", "e8=L"], 'B'),
    ] {
        for input in inputs {
            assert_promotion(&pos, input, "e7", "e8", letter);
        }
    }
    // Black promotes on the first rank.
    let pos = chess("4k3/8/8/8/8/8/3p4/K7 b - - 0 1");
    assert_promotion(&pos, "d1=N", "d2", "d1", 'N');
    assert_promotion(&pos, "d1=Q+", "d2", "d1", 'Q');
}

#[test]
fn long_algebraic() {
    let pos = chess(START);
    assert_moves(&pos, &["e2-e4", "e2e4", "e2–e4", "e2 e4"], "e2", "e4");
    assert_moves(&pos, &["Ng1-f3", "Ng1f3", "g1f3", "g1-f3"], "g1", "f3");
    assert_moves(&pos, &["Nb1-c3", "b1c3"], "b1", "c3");
    // Captures in long algebraic: Ng1xf3 with a black piece on f3.
    let pos = chess("rnbqkb1r/pppppppp/8/8/8/5n2/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_moves(&pos, &["Ng1xf3", "Ng1:f3", "g1xf3", "g1f3", "Nxf3"], "g1", "f3");
    assert_moves(&pos, &["g2xf3", "g2:f3", "g2f3", "gxf3"], "g2", "f3");
    assert_moves(&pos, &["e2xf3", "e2f3", "exf3"], "e2", "f3");
    let pos = chess(E4_D5);
    assert_moves(&pos, &["e4xd5", "e4d5", "e4:d5"], "e4", "d5");
}

#[test]
fn colon_as_the_capture_sign() {
    // 1.e4 e5 2.Nf3 Nc6 3.Bb5 Nd4: White's knight on f3 can take the knight on d4, and the
    // e4 pawn is not attacked.
    let pos = chess("r1bqkbnr/pppp1ppp/8/1B2p3/3nP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    assert_moves(&pos, &["N:d4", "Nf3:d4", "Nxd4", "N×d4"], "f3", "d4");
    assert_moves(&pos, &["B:d7", "Bxd7"], "b5", "d7");
    let pos = chess(E4_D5);
    assert_moves(&pos, &["e:d5", "e4:d5", "e:d"], "e4", "d5");
    // B:d4: a bishop on g7 takes a knight on d4.
    let pos = chess("4k3/6b1/8/8/3N4/8/8/4K3 b - - 0 1");
    assert_move(&pos, "B:d4", "g7", "d4");
}

#[test]
fn castling_in_every_spelling() {
    let pos = chess(CASTLES);
    for input in ["O-O", "0-0", "o-o", "OO", "00", "O-O+", "e1g1", "Ke1g1", "Ke1-g1", "Kg1", "e1h1", "5171", "О-О"] {
        assert_castle(&pos, input, "e1", "g1", "h1");
    }
    for input in ["O-O-O", "0-0-0", "o-o-o", "OOO", "000", "O-O-O!", "e1c1", "Ke1-c1", "Kc1", "e1a1", "5131", "О-О-О"]
    {
        assert_castle(&pos, input, "e1", "c1", "a1");
    }
    let pos = chess(CASTLES_BLACK);
    for input in ["O-O", "0-0", "o-o", "e8g8", "5878", "1...O-O"] {
        assert_castle(&pos, input, "e8", "g8", "h8");
    }
    for input in ["O-O-O", "0-0-0", "e8c8", "5838", "12...0-0-0"] {
        assert_castle(&pos, input, "e8", "c8", "a8");
    }
}

#[test]
fn castling_long_is_legal_when_only_the_rooks_path_is_attacked() {
    // A black rook on b8 attacks b1; the king crosses d1 and lands on c1, both safe.
    let pos = chess("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_castle(&pos, "O-O-O", "e1", "c1", "a1");
    assert_castle(&pos, "O-O", "e1", "g1", "h1");
}

#[test]
fn castling_refused_in_check() {
    // The rook on e8 checks the king on e1.
    let pos = chess("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for input in ["O-O", "0-0", "O-O-O", "0-0-0", "e1g1", "e1c1"] {
        assert_refused(&pos, input, &["in check"]);
    }
    // The king itself may still step aside.
    assert_move(&pos, "Kf2", "e1", "f2");
}

#[test]
fn castling_refused_through_check() {
    // The rook on f8 attacks f1, which the king crosses on its way to g1.
    let pos = chess("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for input in ["O-O", "0-0", "e1g1", "Ke1g1", "Kg1", "e1h1"] {
        assert_refused(&pos, input, &["f1", "attacked"]);
    }
    assert_castle(&pos, "O-O-O", "e1", "c1", "a1");
    // Long castling through d1.
    let pos = chess("3r2k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_refused(&pos, "O-O-O", &["d1", "attacked"]);
    assert_castle(&pos, "O-O", "e1", "g1", "h1");
}

#[test]
fn castling_refused_into_check() {
    // The rook on g8 attacks g1, the king's square after short castling.
    let pos = chess("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_refused(&pos, "O-O", &["g1", "check"]);
    assert_castle(&pos, "O-O-O", "e1", "c1", "a1");
}

#[test]
fn castling_refused_after_the_rook_or_king_has_moved() {
    // The h1 rook goes to h2 and back; the king's side right is lost for good (FIDE 3.8.2.1).
    let mut pos = chess("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for input in ["Rh2", "Ke7", "Rh1", "Ke8"] {
        let m = read(&pos, input);
        pos.play(m).unwrap();
    }
    for input in ["O-O", "0-0", "e1g1", "Kg1"] {
        assert_refused(&pos, input, &["moved"]);
    }
    assert_castle(&pos, "O-O-O", "e1", "c1", "a1");
    // The king goes to f1 and back: both rights are lost.
    let mut pos = chess("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for input in ["Kf1", "Ke7", "Ke1", "Ke8"] {
        let m = read(&pos, input);
        pos.play(m).unwrap();
    }
    assert_refused(&pos, "O-O", &["moved"]);
    assert_refused(&pos, "O-O-O", &["moved"]);
}

#[test]
fn castling_refused_when_pieces_stand_between() {
    let pos = chess(START);
    assert_refused(&pos, "O-O", &["f1", "g1"]);
    assert_refused(&pos, "O-O-O", &["b1", "c1", "d1"]);
    // Only the b1 knight is left in the way of long castling.
    let pos = chess("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    let reason = no_match(&pos, "O-O-O");
    assert!(reason.contains("b1") && !reason.contains("c1"), "{reason}");
}

#[test]
fn pawn_capture_shorthand_of_the_crown_game() {
    // 9...gf: Black's g7 pawn takes the bishop on f6.
    let pos = chess("r1bq1rk1/pppp1pp1/5B1p/4p3/3bP3/2NP4/PPP1BPPP/R2Q1RK1 b - - 0 9");
    for input in ["gf", "gxf", "g:f", "gxf6", "g7f6", "9...gf"] {
        assert_move(&pos, input, "g7", "f6");
    }
    // 13...cb: the c7 pawn takes on b6, while the a7 pawn could take there too ("ab").
    let pos = chess("4k3/p1p5/1N6/8/8/8/8/4K3 b - - 0 1");
    assert_move(&pos, "cb", "c7", "b6");
    assert_move(&pos, "ab", "a7", "b6");
    // 17.ef, 18.fe, 19.ed of the sample game: each the only capture of its kind.
    let pos = chess("4k3/8/8/5p2/4P3/8/8/4K3 w - - 0 1");
    assert_move(&pos, "ef", "e4", "f5");
    let pos = chess("4k3/8/4p3/5P2/8/8/8/4K3 w - - 0 1");
    assert_move(&pos, "fe", "f5", "e6");
    let pos = chess("4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1");
    assert_move(&pos, "ed", "e5", "d6");
}

#[test]
fn pawn_capture_shorthand_never_guesses() {
    // Doubled g-pawns on g3 and g5 can each take on the f-file: "gf" says which file only.
    let pos = chess("4k3/8/5p2/6P1/5p2/6P1/8/4K3 w - - 0 1");
    assert_eq!(ambiguous(&pos, "gf"), ["gxf4", "gxf6"]);
    assert_move(&pos, "gxf4", "g3", "f4");
    assert_move(&pos, "g5f6", "g5", "f6");
    // Files that are not neighbours: no pawn capture, not a move.
    assert_unreadable(&chess(START), "ac");
    assert_unreadable(&chess(START), "eb");
    // No capture on the f-file at all.
    let reason = no_match(&chess(START), "gf");
    assert!(reason.contains("f-file"), "{reason}");
    // A "-" is not a capture sign.
    assert_unreadable(&pos, "g-f");
}

#[test]
fn pawn_capture_shorthand_with_a_promotion() {
    // The g7 pawn can take the rook on f8 (or step to g8): the shorthand needs the piece.
    let pos = chess("k4r2/6P1/8/8/8/8/8/K7 w - - 0 1");
    assert_refused(&pos, "gf", &["gxf8=Q", "gxf8=R", "gxf8=B", "gxf8=N"]);
    assert_promotion(&pos, "gf=Q", "g7", "f8", 'Q');
    assert_promotion(&pos, "gfQ", "g7", "f8", 'Q');
    assert_promotion(&pos, "gxf=N", "g7", "f8", 'N');
    assert_promotion(&pos, "g:f(R)", "g7", "f8", 'R');
    assert_promotion(&pos, "g8=B", "g7", "g8", 'B');
}

#[test]
fn iccf_numeric_notation() {
    let pos = chess(START);
    assert_move(&pos, "5254", "e2", "e4");
    assert_move(&pos, "7163", "g1", "f3");
    assert_move(&pos, "2133", "b1", "c3");
    assert_move(&pos, "1. 5254", "e2", "e4");
    let pos = chess(PROMOTE);
    assert_promotion(&pos, "57581", "e7", "e8", 'Q');
    assert_promotion(&pos, "57582", "e7", "e8", 'R');
    assert_promotion(&pos, "57583", "e7", "e8", 'B');
    assert_promotion(&pos, "57584", "e7", "e8", 'N');
    // Without the fifth digit the promotion piece is missing; 5..9 name no piece.
    assert_refused(&pos, "5758", &["e8=Q", "e8=R", "e8=B", "e8=N"]);
    for input in ["57585", "57580", "57589"] {
        assert_unreadable(&pos, input);
    }
    // Digits that are not squares of an 8x8 board.
    let pos = chess(START);
    for input in ["0254", "5250", "9254", "5294", "5259"] {
        assert_unreadable(&pos, input);
    }
}

#[test]
fn move_numbers_and_annotations_are_ignored() {
    let pos = chess(START);
    for input in ["1.e4", "1. e4", "1 . e4", "1.e4!", "e4!", "e4?", "e4!?", "e4?!", "e4!!", "e4??", "1…e4", "  e4  "]
    {
        assert_move(&pos, input, "e2", "e4");
    }
    let pos = chess(E4_E5);
    for input in ["Nf3+", "Nf3#", "2.Nf3!", "2. Nf3 ?!"] {
        assert_move(&pos, input, "g1", "f3");
    }
    let black = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    for input in ["1...e5", "1... e5", "12...e5", "1…e5", "1. ... e5"] {
        assert_move(&black, input, "e7", "e5");
    }
    assert_move(&black, "1...Nf6!?", "g8", "f6");
}

#[test]
fn piece_letters_in_other_languages() {
    let pos = chess(E4_E5);
    assert_moves(&pos, &["Dh5", "Dd1h5", "Dd1-h5"], "d1", "h5");
    assert_moves(&pos, &["Sf3", "Spf3", "Sg1-f3"], "g1", "f3");
    assert_moves(&pos, &["Lc4", "Lf1-c4"], "f1", "c4");
    let pos = chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_moves(&pos, &["Ta7", "Ra7", "Ta1-a7"], "a1", "a7");
    // P for a pawn.
    assert_moves(&chess(START), &["Pe4", "Pe2-e4"], "e2", "e4");
}

#[test]
fn cyrillic_letters_that_look_latin() {
    // с (U+0441), е (U+0435), а (U+0430), о/О (U+043E/U+041E), х (U+0445), В (U+0412).
    let pos = chess(START);
    assert_move(&pos, "с3", "c2", "c3");
    assert_move(&pos, "с4", "c2", "c4");
    assert_move(&pos, "е4", "e2", "e4");
    assert_move(&pos, "е2-е4", "e2", "e4");
    assert_move(&pos, "а3", "a2", "a3");
    assert_move(&pos, "Nс3", "b1", "c3");
    assert_move(&pos, "Nа3", "b1", "a3");
    assert_move(&chess(E4_E5), "Вс4", "f1", "c4");
    assert_move(&chess(E4_D5), "ехd5", "e4", "d5");
    assert_castle(&chess(CASTLES), "О-О", "e1", "g1", "h1");
    assert_castle(&chess(CASTLES), "о-о-о", "e1", "c1", "a1");
}

#[test]
fn cyrillic_read_through_the_wrong_code_page() {
    // Windows-1251 bytes read as Latin-1: "с" becomes "ñ", "е" "å", "а" "à". The Crown
    // sample game's 12.ñ3 is c2-c3.
    let pos = chess(START);
    assert_move(&pos, "ñ3", "c2", "c3");
    assert_move(&pos, "12. ñ3", "c2", "c3");
    assert_move(&pos, "ñ2ñ4", "c2", "c4");
    assert_move(&pos, "Nñ3", "b1", "c3");
    assert_move(&pos, "å4", "e2", "e4");
    assert_move(&pos, "à4", "a2", "a4");
}

#[test]
fn cyrillic_ka_and_es_as_piece_letters_are_refused_not_guessed() {
    // In Russian notation К is the knight (Кр the king) and С the bishop; read as the Latin
    // look-alikes K and C they would name the king and (in Capablanca) the chancellor. After
    // 1.e4 e5 both the king and the g1 knight can go to e2, so reading "Кe2" either way would
    // be a guess: herald refuses and asks for English letters.
    let pos = chess(E4_E5);
    for text in ["Кe2", "Кe1-e2", "Крe2", "Кf3", "12. Кf3", "Сc4", "Êe2", "Ñc4"] {
        match parse_move(&pos, text) {
            Err(MoveInputError::UnclearLetter { letter, .. }) => assert!("КСÊÑ".contains(letter), "{text}"),
            other => panic!("{text}: expected UnclearLetter, got {other:?}"),
        }
    }
    let message = parse_move(&pos, "Кf3").unwrap_err().to_string();
    assert!(message.contains("N knight") && message.contains("K king"), "{message}");
    // Lower-case с is only ever a file: "с4" is c4.
    assert_move(&pos, "с3", "c2", "c3");
}

// ---------------------------------------------------------------------------------------
// Ambiguity: never guess.
// ---------------------------------------------------------------------------------------

#[test]
fn two_knights_disambiguated_by_file() {
    let pos = chess(KNIGHTS_B1_F3);
    assert_eq!(ambiguous(&pos, "Nd2"), ["Nbd2", "Nfd2"]);
    assert_eq!(ambiguous(&pos, "Sd2"), ["Nbd2", "Nfd2"]);
    assert_moves(&pos, &["Nbd2", "N1d2", "Nb1d2", "b1d2", "Nb1-d2", "2142"], "b1", "d2");
    assert_moves(&pos, &["Nfd2", "N3d2", "Nf3d2", "f3d2", "Nf3-d2", "6342"], "f3", "d2");
}

#[test]
fn two_knights_disambiguated_by_rank() {
    let pos = chess(KNIGHTS_B1_B3);
    assert_eq!(ambiguous(&pos, "Nd2"), ["N1d2", "N3d2"]);
    // Same file: the file says nothing.
    assert_eq!(ambiguous(&pos, "Nbd2"), ["N1d2", "N3d2"]);
    assert_moves(&pos, &["N1d2", "Nb1d2", "b1d2"], "b1", "d2");
    assert_moves(&pos, &["N3d2", "Nb3d2", "b3d2"], "b3", "d2");
}

#[test]
fn three_queens_need_the_full_square() {
    // Qe4 along the e-file, Qh4 along the diagonal h4-g3-f2, Qh1 along the first rank.
    let pos = chess(THREE_QUEENS);
    assert_eq!(ambiguous(&pos, "Qe1"), ["Q1e1", "Qee1", "Qh4e1"]);
    // The h-file holds two of them, the fourth rank two: neither alone is enough for h4.
    assert_eq!(ambiguous(&pos, "Qhe1"), ["Q1e1", "Qh4e1"]);
    assert_eq!(ambiguous(&pos, "Q4e1"), ["Qee1", "Qh4e1"]);
    assert_moves(&pos, &["Qh4e1", "Qh4-e1", "h4e1", "8451"], "h4", "e1");
    assert_moves(&pos, &["Qee1", "Qe4e1", "Qe4-e1"], "e4", "e1");
    assert_moves(&pos, &["Q1e1", "Qh1e1", "Qh1-e1"], "h1", "e1");
}

// ---------------------------------------------------------------------------------------
// Rejections: each says why.
// ---------------------------------------------------------------------------------------

#[test]
fn promotion_without_a_piece_names_the_choices() {
    let pos = chess(PROMOTE);
    for input in ["e8", "e7e8", "e7-e8", "Pe8"] {
        assert_refused(&pos, input, &["e8=Q", "e8=R", "e8=B", "e8=N"]);
    }
    // A pawn may not become a king or stay a pawn; the choices are named.
    for input in ["e8=K", "e8=P"] {
        assert_refused(&pos, input, &["e8=Q", "e8=R", "e8=B", "e8=N"]);
    }
    // A promotion piece on a move that does not promote.
    assert_refused(&chess(START), "e4=Q", &["promot"]);
}

#[test]
fn capture_sign_on_a_non_capture() {
    let pos = chess(START);
    assert_refused(&pos, "Nxf3", &["nothing to capture", "f3"]);
    assert_refused(&pos, "Ng1xf3", &["nothing to capture", "f3"]);
    assert_refused(&pos, "e2xe4", &["nothing to capture", "e4"]);
    assert_refused(&pos, "N:c3", &["nothing to capture", "c3"]);
    // Taking one's own piece.
    assert_refused(&pos, "Ng1xe2", &["your own", "e2"]);
    // Without an en passant square there is nothing on d6 to take.
    let pos = chess("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_refused(&pos, "exd6", &["nothing to capture", "d6"]);
}

#[test]
fn pinned_piece_would_leave_the_king_in_check() {
    // The knight on e2 is pinned by the rook on e7.
    let pos = chess("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    for input in ["Nf4", "Nc3", "Ng3", "e2f4", "Ne2-d4"] {
        assert_refused(&pos, input, &["leave your king in check"]);
    }
    // A bishop pinned on the diagonal may move along it.
    let pos = chess("4k3/8/8/b7/8/8/3B4/4K3 w - - 0 1");
    assert_move(&pos, "Bc3", "d2", "c3");
    assert_move(&pos, "Bxa5", "d2", "a5");
    assert_refused(&pos, "Be3", &["leave your king in check"]);
    // En passant that would open the fifth rank to the rook on h5.
    let pos = chess("7k/8/8/KPp4r/8/8/8/8 w - c6 0 1");
    assert_refused(&pos, "bxc6", &["leave your king in check"]);
    assert_refused(&pos, "bxc6 e.p.", &["leave your king in check"]);
}

#[test]
fn moving_while_in_check() {
    // The rook on a1 checks the king on e1 along the first rank.
    let pos = chess("4k3/8/8/8/8/8/3P4/r3K1N1 w - - 0 1");
    for input in ["Nf3", "d4", "d3", "Nh3"] {
        assert_refused(&pos, input, &["in check"]);
    }
    assert_move(&pos, "Ke2", "e1", "e2");
    assert_move(&pos, "Kf2", "e1", "f2");
    // The king may not stay on the checked rank.
    assert_refused(&pos, "Kf1", &["check", "f1"]);
    assert_refused(&pos, "Kd1", &["check", "d1"]);
    // Interposing ends the check: the rook on c7 can block on c1.
    let pos = chess("4k3/2R5/8/8/8/8/8/r3K3 w - - 0 1");
    assert_refused(&pos, "Rh7", &["in check"]);
    assert_refused(&pos, "Rc8+", &["in check"]);
    assert_move(&pos, "Rc1", "c7", "c1");
}

#[test]
fn king_may_not_walk_into_check() {
    // The black rook on d8 guards the d-file.
    let pos = chess("3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_refused(&pos, "Kd2", &["check", "d2"]);
    assert_refused(&pos, "Kd1", &["check", "d1"]);
    assert_move(&pos, "Kf2", "e1", "f2");
}

#[test]
fn a_piece_the_player_does_not_have() {
    let pos = chess("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_refused(&pos, "Qe2", &["no queen"]);
    assert_refused(&pos, "Nf3", &["no knight"]);
    assert_refused(&pos, "Bb5", &["no bishop"]);
    assert_refused(&pos, "e4", &["no pawn"]);
    assert_refused(&pos, "Dd1", &["no queen"]);
    // A rook exists, but not on the a-file.
    assert_refused(&pos, "Rad1", &["a-file"]);
}

#[test]
fn a_move_from_an_empty_square() {
    let pos = chess(START);
    assert_refused(&pos, "e3e4", &["no piece", "e3"]);
    assert_refused(&pos, "e3-e4", &["no piece", "e3"]);
    assert_refused(&pos, "Nc3d5", &["no piece", "c3"]);
    assert_refused(&pos, "5354", &["no piece", "e3"]);
}

#[test]
fn a_move_of_the_opponents_piece() {
    let pos = chess(START);
    assert_refused(&pos, "e7e5", &["e7", "not yours"]);
    assert_refused(&pos, "Nb8c6", &["b8", "not yours"]);
    assert_refused(&pos, "5755", &["e7", "not yours"]);
    // SAN names no square to start from: no white knight reaches c6.
    assert_refused(&pos, "Nc6", &["knight", "c6"]);
}

#[test]
fn a_piece_that_cannot_get_there() {
    let pos = chess(START);
    // The reason names the legal moves of the pieces the player meant.
    assert_refused(&pos, "Nd4", &["d4", "Na3", "Nc3", "Nf3", "Nh3"]);
    assert_refused(&pos, "Ng1e2", &["e2"]);
    assert_refused(&pos, "e2e5", &["e5", "e3", "e4"]);
    // The piece on the square is not the one named.
    assert_refused(&pos, "Bg1f3", &["g1", "knight", "bishop"]);
    // A bishop with no move at all.
    assert_refused(&pos, "Bc4", &["bishop"]);
}

#[test]
fn nonsense_is_unreadable_and_nothing_is_empty() {
    let pos = chess(START);
    for input in [
        "hello", "z9", "Nf9", "e9", "i3", "Ni3", "e0", "Xe4", "Nf3f3f3", "draw", "resign", "Nf-3", "e2-", "-e4", "xe4",
        "e2--e4", "e2-x-e4", "e8=Q)",
    ] {
        assert_unreadable(&pos, input);
    }
    for input in ["", "   ", "+", "!?", "12."] {
        assert_eq!(parse_move(&pos, input), Err(MoveInputError::Empty), "{input:?}");
    }
    // The messages say what to write.
    let text = MoveInputError::Unreadable { input: "hello".into() }.to_string();
    assert!(text.contains("hello") && text.contains("Nf3"), "{text}");
    assert!(!MoveInputError::Empty.to_string().is_empty());
}

// ---------------------------------------------------------------------------------------
// En passant.
// ---------------------------------------------------------------------------------------

#[test]
fn en_passant_in_san_and_long_algebraic() {
    let pos = chess(EN_PASSANT);
    for input in [
        "exd6",
        "exd6 e.p.",
        "exd6e.p.",
        "exd6 ep",
        "exd6(ep)",
        "exd6 (e.p.)",
        "exd6 е.р.",
        "e5xd6",
        "e5d6",
        "e5:d6 e.p.",
        "e5-d6",
        "ed",
        "5546",
    ] {
        let m = assert_move(&pos, input, "e5", "d6");
        assert_eq!(m.kind, MoveKind::EnPassant, "{input:?}");
        // The pawn taken is the one on d5, which passed d6.
        let mut after = pos;
        after.play(m).unwrap();
        assert!(fen::write(&after).starts_with("rnbqkbnr/1pp1pppp/p2P4/8/8/"), "{after:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The Crown sample game's FIDE-compatible opening.
// ---------------------------------------------------------------------------------------

#[test]
fn crown_sample_game_opening_as_written() {
    // Moves 1 to 9 of the sample game in shared/seeds/crown.txt, as the seed writes
    // them, are legal FIDE chess (its 5.K0-0 is ordinary castling by the king). From 10.D0-0
    // on, the game needs the Crown rules.
    let game: [(&str, &str, &str); 18] = [
        ("1. e4", "e2", "e4"),
        ("e5", "e7", "e5"),
        ("2. Nf3", "g1", "f3"),
        ("Nc6", "b8", "c6"),
        ("3. Be2", "f1", "e2"),
        ("Nf6", "g8", "f6"),
        ("4. d3", "d2", "d3"),
        ("Bc5", "f8", "c5"),
        ("5. K0-0", "e1", "g1"),
        ("K0-0", "e8", "g8"),
        ("6. Nc3", "b1", "c3"),
        ("Nd4", "c6", "d4"),
        ("7. N:d4", "f3", "d4"),
        ("B:d4", "c5", "d4"),
        ("8. Bg5", "c1", "g5"),
        ("h6", "h7", "h6"),
        ("9. B:f6", "g5", "f6"),
        ("gf", "g7", "f6"),
    ];
    let mut pos = chess(START);
    for (text, from, to) in game {
        let m = read(&pos, text);
        assert_eq!((m.from.algebraic().as_str(), m.to.algebraic().as_str()), (from, to), "{text}");
        pos.play(m).unwrap();
    }
    assert_eq!(fen::write(&pos), "r1bq1rk1/pppp1p2/5p1p/4p3/3bP3/2NP4/PPP1BPPP/R2Q1RK1 w - - 0 10");
}

// ---------------------------------------------------------------------------------------
// Capablanca.
// ---------------------------------------------------------------------------------------

#[test]
fn capablanca_archbishop_and_chancellor() {
    // Start: R N A B Q K B C N R on a1..j1. The archbishop on c1 jumps like a knight to b3
    // or d3; the chancellor on h1 jumps to g3 or i3.
    let pos = capablanca(CAPABLANCA_START);
    assert_moves(&pos, &["Ab3", "Ac1-b3", "c1b3"], "c1", "b3");
    assert_moves(&pos, &["Ad3", "Ac1d3"], "c1", "d3");
    assert_moves(&pos, &["Cg3", "Ch1-g3"], "h1", "g3");
    assert_moves(&pos, &["Ci3", "h1i3"], "h1", "i3");
    // A chancellor on i1 and an archbishop on b2 in an open position.
    let pos = capablanca("4k5/10/10/10/10/10/1A8/5K2C1 w - - 0 1");
    assert_moves(&pos, &["Ch3", "Ci1h3"], "i1", "h3");
    assert_moves(&pos, &["Ci8+", "Ci8"], "i1", "i8");
    assert_moves(&pos, &["Ah8", "Ab2-h8"], "b2", "h8");
    assert_moves(&pos, &["Ad3"], "b2", "d3");
    // The Cyrillic С (U+0421) looks like the chancellor's C but is the bishop in Russian
    // notation: refused, not guessed.
    assert!(matches!(
        parse_move(&capablanca(CAPABLANCA_START), "Сi3"),
        Err(MoveInputError::UnclearLetter { letter: 'С', .. })
    ));
    // German letters stay available: Capablanca uses A and C, not D, T, L or S.
    let pos = capablanca(CAPABLANCA_START);
    assert_moves(&pos, &["Sj3", "Nj3"], "i1", "j3");
}

#[test]
fn capablanca_j_file_and_its_squares() {
    let pos = capablanca(CAPABLANCA_START);
    assert_moves(&pos, &["j4", "j2-j4", "j2j4"], "j2", "j4");
    assert_moves(&pos, &["j3"], "j2", "j3");
    assert_moves(&pos, &["Nj3", "Ni1-j3"], "i1", "j3");
    // A rook on j1 runs up the open j-file to j8.
    let pos = capablanca("4k5/10/10/10/10/10/10/5K3R w - - 0 1");
    assert_moves(&pos, &["Rj8", "Rj8+", "Rj1-j8", "j1j8"], "j1", "j8");
    assert_eq!(san_of(&pos, "j1", "j8", None), "Rj8+");
    // Files beyond j and ranks beyond 8 are not squares of the board.
    for input in ["k4", "Nk3", "j9", "Rj9"] {
        assert_unreadable(&pos, input);
    }
}

#[test]
fn capablanca_refuses_iccf_numbers() {
    // Numeric notation is defined for boards of at most nine files.
    let pos = capablanca(CAPABLANCA_START);
    for input in ["5254", "6264", "10203", "1. 5254"] {
        assert_unreadable(&pos, input);
    }
}

#[test]
fn capablanca_castling_and_promotion() {
    // The king on f1 castles short to i1 (rook j1 to h1) and long to c1 (rook a1 to d1).
    let pos = capablanca("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_castle(&pos, "O-O", "f1", "i1", "j1");
    assert_castle(&pos, "0-0-0", "f1", "c1", "a1");
    let pos = capablanca("10/4P5/10/10/10/10/k9/5K4 w - - 0 1");
    for (input, letter) in [("e8=C", 'C'), ("e8A", 'A'), ("e8=Q", 'Q'), ("e7e8c", 'C'), ("e7e8a", 'A'), ("e8=N", 'N')] {
        assert_promotion(&pos, input, "e7", "e8", letter);
    }
    assert_refused(&pos, "e8", &["e8=Q", "e8=C", "e8=A", "e8=R", "e8=B", "e8=N"]);
}

// ---------------------------------------------------------------------------------------
// SAN output.
// ---------------------------------------------------------------------------------------

#[test]
fn san_plain_moves_and_captures() {
    let pos = chess(START);
    assert_eq!(san_of(&pos, "e2", "e4", None), "e4");
    assert_eq!(san_of(&pos, "g1", "f3", None), "Nf3");
    let pos = chess(E4_D5);
    assert_eq!(san_of(&pos, "e4", "d5", None), "exd5");
    assert_eq!(san_of(&pos, "d1", "g4", None), "Qg4");
    let pos = chess("r1bqkbnr/pppp1ppp/8/1B2p3/3nP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    assert_eq!(san_of(&pos, "f3", "d4", None), "Nxd4");
    assert_eq!(san_of(&pos, "b5", "d7", None), "Bxd7+");
    assert_eq!(san_of(&chess(EN_PASSANT), "e5", "d6", None), "exd6");
}

#[test]
fn san_disambiguation() {
    let pos = chess(KNIGHTS_B1_F3);
    assert_eq!(san_of(&pos, "b1", "d2", None), "Nbd2");
    assert_eq!(san_of(&pos, "f3", "d2", None), "Nfd2");
    // Only one knight reaches c3 or e5: no disambiguation.
    assert_eq!(san_of(&pos, "b1", "c3", None), "Nc3");
    assert_eq!(san_of(&pos, "f3", "e5", None), "Ne5");
    let pos = chess(KNIGHTS_B1_B3);
    assert_eq!(san_of(&pos, "b1", "d2", None), "N1d2");
    assert_eq!(san_of(&pos, "b3", "d2", None), "N3d2");
    let pos = chess(THREE_QUEENS);
    assert_eq!(san_of(&pos, "h4", "e1", None), "Qh4e1");
    assert_eq!(san_of(&pos, "e4", "e1", None), "Qee1");
    assert_eq!(san_of(&pos, "h1", "e1", None), "Q1e1");
    // Rooks on a1 and c1 both reach b1.
    let pos = chess("6k1/8/8/8/8/8/8/R1R1K3 w - - 0 1");
    assert_eq!(san_of(&pos, "a1", "b1", None), "Rab1");
    assert_eq!(san_of(&pos, "c1", "b1", None), "Rcb1");
}

#[test]
fn san_pinned_rival_needs_no_disambiguation() {
    // Knights on b1 and f3 would both reach d2, but the f3 knight is pinned by the bishop on
    // h5 against the king on d1: SAN counts legal moves only.
    let pos = chess("4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1");
    assert_eq!(san_of(&pos, "b1", "d2", None), "Nd2");
    assert_move(&pos, "Nd2", "b1", "d2");
    // The rook on e2 is pinned by the rook on e8: Ra1-a2 needs no file.
    let pos = chess("4r1k1/8/8/8/8/8/4R3/R3K3 w - - 0 1");
    assert_eq!(san_of(&pos, "a1", "a2", None), "Ra2");
    assert_move(&pos, "Ra2", "a1", "a2");
    assert_refused(&pos, "Rea2", &["leave your king in check"]);
}

#[test]
fn san_promotion_check_and_mate() {
    let pos = chess("4r2k/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(san_of(&pos, "d7", "e8", Some('Q')), "dxe8=Q+");
    assert_eq!(san_of(&pos, "d7", "e8", Some('R')), "dxe8=R+");
    assert_eq!(san_of(&pos, "d7", "e8", Some('N')), "dxe8=N");
    assert_eq!(san_of(&pos, "d7", "e8", Some('B')), "dxe8=B");
    // On d8 the e8 rook stands between the new queen and the king.
    assert_eq!(san_of(&pos, "d7", "d8", Some('Q')), "d8=Q");
    // A check: 2.Bb5+ after 1.e4 d5.
    assert_eq!(san_of(&chess(E4_D5), "f1", "b5", None), "Bb5+");
    // Fool's mate: 1.f3 e5 2.g4 Qh4#.
    let pos = chess("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san_of(&pos, "d8", "h4", None), "Qh4#");
    assert_eq!(san::write_plain(&pos, legal(&pos, "d8", "h4", None)), "Qh4");
    // A back-rank mate by a rook.
    let pos = chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san_of(&pos, "a1", "a8", None), "Ra8#");
}

#[test]
fn san_castling() {
    let pos = chess(CASTLES);
    assert_eq!(san_of(&pos, "e1", "g1", None), "O-O");
    assert_eq!(san_of(&pos, "e1", "c1", None), "O-O-O");
    let pos = chess(CASTLES_BLACK);
    assert_eq!(san_of(&pos, "e8", "g8", None), "O-O");
    assert_eq!(san_of(&pos, "e8", "c8", None), "O-O-O");
    // Castling that checks: the rook lands on f1, facing the king on f8.
    let pos = chess("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san_of(&pos, "e1", "g1", None), "O-O+");
    let pos = capablanca("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_eq!(san_of(&pos, "f1", "i1", None), "O-O");
    assert_eq!(san_of(&pos, "f1", "c1", None), "O-O-O");
}

// ---------------------------------------------------------------------------------------
// Round trips over whole positions: what herald writes, it reads back as the same move.
// ---------------------------------------------------------------------------------------

const ROUND_TRIP_CHESS: [&str; 7] = [
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    EN_PASSANT,
    THREE_QUEENS,
    "n1n1n1n1/1P1P1P2/8/8/8/8/8/k3K3 w - - 0 1",
];

fn uci(pos: &Position, m: Move) -> String {
    let promo = m.promotion().map(|r| pos.rules().piece(r).letter.to_ascii_lowercase().to_string()).unwrap_or_default();
    format!("{}{}{promo}", m.from.algebraic(), m.to.algebraic())
}

#[test]
fn every_legal_move_round_trips_through_san_and_uci() {
    let positions: Vec<Position> = ROUND_TRIP_CHESS
        .iter()
        .map(|f| chess(f))
        .chain([capablanca(CAPABLANCA_START), capablanca("r4k3r/1P8/10/10/10/10/8p1/R4K3R w KQkq - 0 1")])
        .collect();
    for pos in positions {
        let moves = pos.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let san_text = san::write(&pos, m);
            assert_eq!(parse_move(&pos, &san_text), Ok(m), "SAN {san_text} in {pos:?}");
            let plain = san::write_plain(&pos, m);
            assert_eq!(parse_move(&pos, &plain), Ok(m), "SAN {plain} in {pos:?}");
            let long = uci(&pos, m);
            assert_eq!(parse_move(&pos, &long), Ok(m), "UCI {long} in {pos:?}");
        }
    }
}

#[test]
fn every_legal_move_round_trips_through_iccf() {
    for f in ROUND_TRIP_CHESS {
        let pos = chess(f);
        for m in pos.legal_moves() {
            let digit = m.promotion().map(|r| match pos.rules().piece(r).letter {
                'Q' => "1",
                'R' => "2",
                'B' => "3",
                'N' => "4",
                other => panic!("no ICCF digit for {other}"),
            });
            let text = format!("{}{}{}", m.from.numeric(), m.to.numeric(), digit.unwrap_or(""));
            assert_eq!(parse_move(&pos, &text), Ok(m), "ICCF {text} in {pos:?}");
        }
    }
}

#[test]
fn two_moves_in_one_line_are_not_read_as_one() {
    // "e4 e5" is a move and the reply the player expects, not a pawn from e4 to e5: at the
    // start e4 is empty, so the words cannot be a from-to pair.
    let start = chess(START);
    assert!(matches!(parse_move(&start, "e4 e5"), Err(MoveInputError::Unreadable { .. })));
    assert!(matches!(parse_move(&start, "Nf3 Nf6"), Err(MoveInputError::Unreadable { .. })));
    // A from-to pair written apart is read when its first square holds a piece of the side
    // to move, and with a separator always.
    assert_move(&start, "e2 e4", "e2", "e4");
    assert_move(&start, "e2 - e4", "e2", "e4");
    assert_move(&start, "12. ... e4 !?", "e2", "e4");
}

/// A position's move counters are bounded when read (at most herald's `MAX_COUNTER`), so that
/// counting on from them can never overflow: a counter near 2^32 is refused with the reason,
/// in every position notation herald reads.
#[test]
fn move_counters_near_the_limit_are_refused() {
    use herald::notation::fen::{MAX_COUNTER, read_counter};
    assert_eq!(read_counter("0"), Some(0));
    assert_eq!(read_counter(&MAX_COUNTER.to_string()), Some(MAX_COUNTER));
    for bad in ["4294967295", "4294967296", "1000001", "-1", "+1", "", "1e3"] {
        assert_eq!(read_counter(bad), None, "{bad}");
    }
    let chess = herald::variants::by_id("chess").unwrap();
    for fen_text in ["4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295"] {
        let err = herald::notation::fen::read(chess.rules(), fen_text).unwrap_err().to_string();
        assert!(err.contains("move counter"), "{err}");
        assert!(chess.game_from_fen(fen_text).is_err());
    }
    let crowd = herald::variants::by_id("safety-in-numbers").unwrap();
    assert!(crowd.game_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295").is_err());
    let si = herald::variants::by_id("secret-intelligence").unwrap();
    assert!(si.game_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295").is_err());
    let royal = herald::variants::by_id("royal").unwrap();
    assert!(royal.game_from_fen("4k5/10/10/10/10/10/10/4K5 w - - 0 4294967295").is_err());
    // At the limit, a game plays on without overflow.
    let mut game = chess.game_from_fen(&format!("4k3/8/8/8/8/8/8/4K2R w K - 100 {MAX_COUNTER}")).unwrap();
    game.play("Rh2").unwrap();
    game.play("Kd8").unwrap();
    assert!(game.fen().ends_with(&format!("{}", MAX_COUNTER + 1)), "{}", game.fen());
}

/// Long algebraic notation and ICCF numbers as herald writes them (for a player's `notation`
/// preference), by hand: the promotion, castling, a capture, en passant; then every legal move
/// of the round-trip positions reads back as itself.
#[test]
fn long_algebraic_and_iccf_numbers_are_written_as_players_write_them() {
    use herald::notation::{iccf, lan};
    let written = |pos: &Position, input: &str| {
        let m = parse_move(pos, input).unwrap();
        (lan::write(pos, m), iccf::write(pos.rules(), m))
    };
    let promote = chess(PROMOTE);
    assert_eq!(written(&promote, "e8=Q"), ("e7-e8=Q".to_string(), Some("57581".to_string())));
    assert_eq!(written(&promote, "e8=N"), ("e7-e8=N".to_string(), Some("57584".to_string())));
    let castles = chess(CASTLES);
    assert_eq!(written(&castles, "O-O"), ("O-O".to_string(), Some("5171".to_string())));
    assert_eq!(written(&castles, "O-O-O"), ("O-O-O".to_string(), Some("5131".to_string())));
    // The rook takes the rook on a8 with check: the king on e8 is attacked along the rank.
    assert_eq!(written(&castles, "Rxa8+"), ("Ra1xa8+".to_string(), Some("1118".to_string())));
    assert_eq!(written(&chess(E4_D5), "exd5"), ("e4xd5".to_string(), Some("5445".to_string())));
    assert_eq!(written(&chess(EN_PASSANT), "exd6"), ("e5xd6".to_string(), Some("5546".to_string())));
    assert_eq!(written(&chess(START), "Nf3"), ("Ng1-f3".to_string(), Some("7163".to_string())));
    // A 10x8 board has no numbers: the tenth file has no digit.
    let capa = capablanca(CAPABLANCA_START);
    assert_eq!(written(&capa, "Nh3"), ("Ni1-h3".to_string(), None));

    for f in ROUND_TRIP_CHESS {
        let pos = chess(f);
        for m in pos.legal_moves() {
            let long = lan::write(&pos, m);
            assert_eq!(parse_move(&pos, &long), Ok(m), "long {long} in {pos:?}");
            let numbers = iccf::write(pos.rules(), m).expect("every chess move has numbers");
            assert_eq!(parse_move(&pos, &numbers), Ok(m), "ICCF {numbers} in {pos:?}");
        }
    }
}
