//! The variant interface the referee uses: playing by text, snapshots that resume without
//! replaying, and each observer's view rendered as a diagram and move list.

use herald::engine::{Color, Outcome, WinReason};
use herald::variants::diagram;
use herald::variants::{self, Observer};

#[test]
fn a_game_played_by_text_resumes_from_its_snapshot() {
    let chess = variants::by_id("chess").unwrap();
    let mut game = chess.new_game();
    for text in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        game.play(text).unwrap();
    }
    let snapshot = game.snapshot();
    let mut resumed = chess.restore(&snapshot).unwrap();
    assert_eq!(resumed.fen(), game.fen());
    assert_eq!(resumed.moves(), game.moves());
    assert_eq!(resumed.snapshot(), snapshot);
    let played = resumed.play("Qxf7#").unwrap();
    assert_eq!((played.by, played.number, played.notation.as_str()), (Color::White, 4, "Qxf7#"));
    assert_eq!(resumed.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }));
    assert!(chess.restore("fen nonsense").is_err());
}

#[test]
fn repetition_history_survives_a_snapshot() {
    let chess = variants::by_id("chess").unwrap();
    let mut game = chess.new_game();
    for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        game.play(text).unwrap();
    }
    let mut resumed = chess.restore(&game.snapshot()).unwrap();
    resumed.play("Ng8").unwrap();
    // The start position has now occurred three times (FIDE 9.2).
    assert_eq!(resumed.claimable_draws(), vec![herald::engine::ClaimableDraw::ThreefoldRepetition]);
}

#[test]
fn each_side_sees_the_board_from_its_own_side() {
    let chess = variants::by_id("chess").unwrap();
    let mut game = chess.new_game();
    game.play("e4").unwrap();
    let white = diagram::render(&game.view(Observer::Player(Color::White)), Color::White);
    let black = diagram::render(&game.view(Observer::Player(Color::Black)), Color::Black);
    let white_lines: Vec<&str> = white.lines().collect();
    let black_lines: Vec<&str> = black.lines().collect();
    assert_eq!(white_lines[0].trim(), "a b c d e f g h");
    assert_eq!(white_lines[1], "8  r n b q k b n r  8");
    assert_eq!(white_lines[5], "4  . . . . P . . .  4");
    assert_eq!(white_lines[8], "1  R N B Q K B N R  1");
    assert_eq!(black_lines[0].trim(), "h g f e d c b a");
    assert_eq!(black_lines[1], "1  R N B K Q B N R  1");
    assert_eq!(black_lines[4], "4  . . . P . . . .  4");
    assert_eq!(black_lines[8], "8  r n b k q b n r  8");
}

#[test]
fn capablanca_diagrams_have_ten_files() {
    let capa = variants::by_id("capablanca").unwrap();
    let game = capa.new_game();
    let text = diagram::render(&game.view(Observer::Everyone), Color::White);
    assert_eq!(text.lines().nth(8), Some("1  R N A B Q K B C N R  1"));
}

#[test]
fn move_lists_are_numbered_from_the_start_position() {
    let chess = variants::by_id("chess").unwrap();
    let mut game = chess.game_from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7").unwrap();
    for text in ["Kd7", "e4", "Kc6"] {
        game.play(text).unwrap();
    }
    let view = game.view(Observer::Player(Color::White));
    assert_eq!(diagram::move_list(&view), "7... Kd7 8. e4 Kc6");
    assert_eq!(view.to_move, Some(Color::White));
}

#[test]
fn only_the_checked_side_is_told_it_is_in_check() {
    let chess = variants::by_id("chess").unwrap();
    let mut game = chess.new_game();
    for text in ["e4", "f5", "Qh5+"] {
        game.play(text).unwrap();
    }
    assert_eq!(game.view(Observer::Player(Color::Black)).notices, ["You are in check."]);
    assert!(game.view(Observer::Player(Color::White)).notices.is_empty());
}

/// The legend under a board names every letter beyond chess's six pieces — read here from the
/// rules pages, not from herald's tables — and nothing on a board of chess's pieces alone.
#[test]
fn boards_with_pieces_beyond_chess_have_a_legend() {
    let legend = |id: &str, fen: Option<&str>| {
        let variant = variants::by_id(id).unwrap();
        let game = match fen {
            Some(fen) => variant.game_from_fen(fen).unwrap(),
            None => variant.new_game(),
        };
        diagram::legend(&game.view(Observer::Everyone), variant.rules().pieces())
    };
    assert_eq!(legend("chess", None), None);
    // Capablanca's page: "Archbishop (A) ... Chancellor (C)".
    assert_eq!(legend("capablanca", None).as_deref(), Some("Pieces: A Archbishop, C Chancellor.\n"));
    // Crown's queen "moves like king"; its Generalissimo, promoted to, moves as chess's queen.
    assert_eq!(legend("crown", None).as_deref(), Some("Pieces: Q Queen (moves as a king).\n"));
    let promoted = legend("crown", Some("4G3/8/8/8/8/8/8/3QK2k w - - 0 1")).unwrap();
    assert!(promoted.contains("G Generalissimo"), "{promoted}");
    // Royal Chess's two Guards.
    let royal = legend("royal", None).unwrap();
    assert!(royal.contains("Queen's Guard") && royal.contains("King's Guard"), "{royal}");
    // Krithala: the crown under each King, seen by both.
    assert!(legend("krithala", None).unwrap().contains("* carries the crown"));
    // A ninja on the board; one in reserve draws nothing.
    assert_eq!(legend("chess+ninja", None), None);
    let ninja = legend("chess+ninja", Some("4k3/8/8/8/4J3/8/8/4K3[j] w - - 0 1")).unwrap();
    assert!(ninja.contains("J Ninja"), "{ninja}");
}
