//! `herald replay` end to end: PGN files in, one final FEN per game out, and clear errors.
//!
//! The expected FENs are the published final position of the Opera game (Morphy 1858) and,
//! for the constructed games, positions worked out by hand and cross-checked with
//! Fairy-Stockfish (`position startpos moves ...` then `d`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn herald(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("herald runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn every_special_move_replays_to_the_known_final_positions() {
    let out = herald(&["replay", "--variant", "chess", &fixture("special-moves.pgn")], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout_lines(&out),
        [
            // Opera game: O-O-O, disambiguation (Nbd7), checks, and mate.
            "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17",
            // En passant (exd6 e.p.), under-promotion with capture (cxb8=N), O-O for both.
            "1r3rk1/pp1q1ppp/3bpn2/5b2/8/5N2/PPPPBPPP/RNBQ1RK1 w - - 4 9",
        ]
    );
}

#[test]
fn latin1_names_and_standard_input() {
    let bytes = std::fs::read(fixture("latin1.pgn")).unwrap();
    let out = herald(&["replay", "--variant", "chess", "-"], &bytes);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout_lines(&out), ["rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"]);
}

#[test]
fn capablanca_castling_on_ten_files() {
    let out = herald(&["replay", "--variant", "capablanca", &fixture("capablanca.pgn")], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout_lines(&out), ["rnabq2rk1/pppppppbpp/7pcn/10/10/7PCN/PPPPPPPBPP/RNABQ2RK1 w - - 4 6"]);
}

#[test]
fn a_bare_move_list_is_one_game() {
    let out = herald(&["replay"], b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n");
    assert!(out.status.success());
    assert_eq!(stdout_lines(&out), ["r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"]);
}

#[test]
fn an_illegal_move_names_game_move_number_move_and_reason() {
    let pgn = b"[White \"Ann\"]\n[Black \"Bob\"]\n1. e4 e5 *\n\n[White \"Cy\"]\n[Black \"Di\"]\n1. e4 e5 2. Ke3 *\n";
    let out = herald(&["replay"], pgn);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 2 (Cy - Di)"), "{err}");
    assert!(err.contains("move 2."), "{err}");
    assert!(err.contains("Ke3"), "{err}");
    assert!(err.contains("reach e3"), "{err}");
    // The first game was fine and was printed before the error.
    assert_eq!(stdout_lines(&out).len(), 1);
}

#[test]
fn an_ambiguous_move_is_an_error_naming_the_candidates() {
    // Both knights (b1 and f3) can reach d2.
    let out = herald(&["replay"], b"1. Nf3 e5 2. d3 e4 3. Nd2");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3. Nd2"), "{err}");
    assert!(err.contains("Nbd2") && err.contains("Nfd2"), "{err}");
}

#[test]
fn perft_prints_the_count_last_and_divides() {
    let out = herald(&["perft", "--variant", "capablanca", "2"], b"");
    assert_eq!(stdout_lines(&out).last().map(String::as_str), Some("784"));
    let out = herald(&["perft", "--divide", "2"], b"");
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"Nf3: 20".to_string()));
    assert_eq!(lines.last().map(String::as_str), Some("400"));
    let out = herald(&["perft", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "3"], b"");
    assert_eq!(stdout_lines(&out).last().map(String::as_str), Some("2812"));
}

#[test]
fn variants_are_listed_one_per_line() {
    let out = herald(&["variants"], b"");
    let lines = stdout_lines(&out);
    assert!(lines.iter().any(|l| l.starts_with("chess ")));
    assert!(lines.iter().any(|l| l.starts_with("capablanca ")));
}

#[test]
fn a_bad_fen_or_variant_is_a_clear_error() {
    let out = herald(&["perft", "--fen", "8/8/8 w - - 0 1", "1"], b"");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ranks"));
    let out = herald(&["perft", "--variant", "shogi", "1"], b"");
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant"));
}

#[test]
fn the_crown_sample_game_replays_with_its_secrets() {
    let file = fixture("crown-sample.txt");
    let with = |white: &str, black: &str| {
        herald(
            &[
                "replay",
                "--variant",
                "crown",
                "--secret",
                &format!("white.crown={white}"),
                "--secret",
                &format!("black.crown={black}"),
                &file,
            ],
            b"",
        )
    };
    // As the seed played it: White's king and Black's queen crowned. Its last move, 28. R:f8,
    // puts White's rook on f8 and nothing else on the eighth rank.
    let out = with("king", "queen");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout_lines(&out)[0].starts_with("5R2/"), "{:?}", stdout_lines(&out));
    // Had White crowned the queen, 26...B:c2 would have taken it and ended the game.
    let out = with("queen", "queen");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 27. R:f8") && err.contains("the game is over"), "{err}");
    // Without the secrets there is no knowing which moves are legal.
    let out = herald(&["replay", "--variant", "crown", &file], b"");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--secret"));
}

/// The seed's Crown problem: "Whites: K e1, N h4, R a6, R b7, blacks: K h8, Q f8. Whites begin
/// and win in 4 moves. ... in any solution we must suppose a most unfavorable variant -
/// remained monarch has crown ... 1. ... Kg8. Then 2. Nxf8 Kh8 3. Ra8 Kg8 4. Ne6 (or Ng6), and
/// whites won." White has no queen, so its crown is on its king; Black's is given.
#[test]
fn the_crown_problem_sets_up_from_its_fen_with_a_secret() {
    let problem = b"[FEN \"5q1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1\"]\n\n1. Ng6 Kg8 2. Nxf8 Kh8 3. Ra8 Kg8 4. Ne6\n";
    let out = herald(&["replay", "--variant", "crown", "--secret", "black.crown=king", "-"], problem);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // 4. Ne6 uncovers the rook on a8: the King on g8 has no square left.
    assert_eq!(stdout_lines(&out), ["R5k1/1R6/4N3/8/8/8/8/4K3 b - - 4 4"]);
    let mate = herald(
        &["replay", "--variant", "crown", "--secret", "black.crown=king", "-"],
        &[problem.as_slice(), b"4... Kh8"].concat(),
    );
    assert!(
        String::from_utf8_lossy(&mate.stderr).contains("the game is over"),
        "{}",
        String::from_utf8_lossy(&mate.stderr)
    );
    // Had Black crowned the queen, 2. Nxf8 would have taken the crown at once.
    let out = herald(&["replay", "--variant", "crown", "--secret", "black.crown=queen", "-"], problem);
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2... Kh8"), "{}", String::from_utf8_lossy(&out.stderr));
    // White's only monarch wears its crown: it cannot be given as the queen.
    let out = herald(
        &["replay", "--variant", "crown", "--secret", "white.crown=queen", "--secret", "black.crown=king", "-"],
        problem,
    );
    assert!(!out.status.success());
}

/// The seeds' own game texts, copied as printed: Royal Chess's sample game (its move-number
/// lines, "(6...)", the comments in brackets, "14. Bx75!...", file 10 printed as one unknown
/// glyph, "RR (black resigns) ???"; only the page's question between two lines, "Could it have
/// done more?", is left out, being prose) and Safety in Numbers's first game ("4 Ke1-e2?!?", a
/// move number without its period).
#[test]
fn the_seeds_game_texts_replay_as_printed() {
    let royal = "1.  54           N-76\n2.  44           86\n3.  N-43         B-87\n4.  B-85         C8\n\
        5.  Q-42         36\n6.  C3-G4  (Guard moved to 41, King to 31, Rook to 51.)\n\n\n\
        (6...) 55 7. 64 5x44 8. Bx44 96 9. B-74 N-46 10. N1-62 (A number after a piece designator indicates a \
        rank or file to distinguish which piece is to move.)\n(10...) N-95 11. 65 Nx74 12. Gx74 B-75 13. B-53 \
        N-34?? 14. Bx75!...\n(14...) Nx42 15. B-84 N-34? 16. B-\u{FFFD}6+ G'-97 17. Bx97+ Kx97 18. \u{FFFD}4 \
        \u{FFFD}5 19. 94 R-\u{FFFD}8 20. 9x\u{FFFD}5 Rx\u{FFFD}5 21. G'-94 K-\u{FFFD}7 22. R5-91 85 23. \
        G'x\u{FFFD}5+ K-98 (9x\u{FFFD}6 would have prolonged the agony.)\n\n\
        24. Gx85 RR (black resigns) ???\n";
    let out = herald(&["replay", "--variant", "royal", "-"], royal.as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let safety = "1. e4 e5 2. Nc3 e5-e4? 3. Nc3-e4\n\n3...d7-d5 4 Ke1-e2?!? Qd8-e7? 5 Ke2-e3 Qe7-e4+\n";
    let out = herald(&["replay", "--variant", "safety-in-numbers", "-"], safety.as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // "after 6 Ke3-e4": the seed's next move is legal from the position reached.
    assert_eq!(stdout_lines(&out), ["rnb1kbnr/ppp2ppp/8/3p4/4[PNpq]3/4K3/PPPP1PPP/R1BQ1BNR w kq - 4 6"]);
}
