//! Every export replays: a game of every variant, played to its end (or as far as its sample
//! goes), written as PGN by the same code as `herald game export ID --pgn`, and read back by
//! the `herald replay` binary, reaches the same final position. Among them the moves that
//! PGN's own syntax could swallow: Royal Chess's promotion with the Queen's powers waived
//! (`18=G(w)`, which a PGN reader could take for a variation), Crown's castlings of either
//! monarch, Secret Intelligence's swaps and promotions, Safety in Numbers's crowd moves, the
//! Crown of Krithala's crown signs (`K>d1`, `Qb3@c4`, `Bc4^`).

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};

use herald::engine::Color;
use herald::referee::export::{self, PgnHeader};
use herald::variants::{self, Observer, VariantGame};
use support::table::Table;

/// The PGN of `game`, as the referee exports a finished game.
fn export(game: &dyn VariantGame) -> String {
    let header = PgnHeader {
        event: "herald game #1".into(),
        site: "referee@club.test".into(),
        date: "2026.11.24".into(),
        round: "-".to_string(),
        white: "Alice".into(),
        black: "Bob".into(),
        result: game.outcome().map(|o| (o.pgn_result().to_string(), o.to_string())),
    };
    export::pgn(&header, game, Observer::Everyone)
}

/// `herald replay --variant V [--secret ...]` on `pgn`: the final FEN it prints.
fn replay(variant: &str, secrets: &[String], pgn: &str) -> String {
    let mut args = vec!["replay".to_string(), "--variant".into(), variant.into()];
    for secret in secrets {
        args.push("--secret".into());
        args.push(secret.clone());
    }
    args.push("-".into());
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(pgn.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{variant}: {}\n{pgn}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Plays `moves` (whitespace-separated, move numbers ignored) on `game`.
fn play_all(game: &mut dyn VariantGame, moves: &str) {
    for text in moves.split_whitespace().filter(|w| !w.ends_with('.')) {
        game.play(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.fen()));
    }
}

/// The export of `game` replays to its final position.
fn assert_replays(game: &dyn VariantGame, secrets: &[String]) {
    let pgn = export(game);
    assert_eq!(replay(game.variant().id(), secrets, &pgn), game.fen(), "{pgn}");
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/pgn/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn chess_and_capablanca_games_replay() {
    for (variant, file) in [("chess", "special-moves.pgn"), ("capablanca", "capablanca.pgn")] {
        for record in herald::notation::pgn::parse(&fixture(file)) {
            let mut game = variants::by_id(variant).unwrap().new_game();
            for m in &record.moves {
                game.play(&m.text).unwrap();
            }
            assert_replays(game.as_ref(), &[]);
        }
    }
}

#[test]
fn a_crown_game_replays_with_its_secrets() {
    let secrets = ["white.crown=king".to_string(), "black.crown=queen".to_string()];
    let crown = variants::by_id("crown").unwrap();
    let given: Vec<variants::Secret> = secrets
        .iter()
        .map(|s| {
            let (label, value) = s.split_once('=').unwrap();
            variants::Secret { label: label.into(), value: value.into() }
        })
        .collect();
    let mut game = crown.game_with_secrets(&given).unwrap();
    play_all(game.as_mut(), &fixture("crown-sample.txt"));
    assert_replays(game.as_ref(), &secrets);
}

/// A crown-2 game: its export starts from a FEN tag with the reserves (`[SSSsss]`), its drops
/// are written without their `*`, and it replays given the crowns and the opened stones.
#[test]
fn a_crown_2_game_replays_with_its_opened_stones() {
    let crowns = [("white.crown", "king"), ("black.crown", "queen")];
    let given: Vec<variants::Secret> =
        crowns.iter().map(|&(label, value)| variants::Secret { label: label.into(), value: value.into() }).collect();
    let mut game = variants::by_id("crown-2").unwrap().game_with_secrets(&given).unwrap();
    let mut secrets: Vec<String> = crowns.iter().map(|(l, v)| format!("{l}={v}")).collect();
    for text in ["d4", "e5", "Qd2", "a6", "Qd3", "a5", "Qc4", "a4", "Qc5", "Bxc5", "S@c3,e7*", "Nf6", "S@h3", "Qxe7"] {
        let played = game.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        secrets.extend(played.commit.iter().map(|s| format!("{}={}", s.label, s.value)));
    }
    assert_eq!(secrets.len(), 5);
    assert!(game.outcome().is_some());
    let pgn = export(game.as_ref());
    assert!(pgn.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[SSSsss] w ADEHadeh - 0 1\"]"), "{pgn}");
    assert!(pgn.contains("S@c3,e7 ") && !pgn.contains('*'), "{pgn}");
    assert_replays(game.as_ref(), &secrets);
}

#[test]
fn royal_games_replay_with_their_waivers_and_castlings() {
    let royal = variants::by_id("royal").unwrap();
    // The seed's sample game: Guard castling (C3-G4), file 10, check marks.
    let mut game = royal.new_game();
    play_all(
        game.as_mut(),
        "1. 54 N-76 2. 44 86 3. N-43 B-87 4. B-85 C8 5. Q-42 36 6. C3-G4 55 7. 64 5x44 8. Bx44 96 9. B-74 N-46 \
         10. N1-62 N-95 11. 65 Nx74 12. Gx74 B-75 13. B-53 N-34 14. Bx75 Nx42 15. B-84 N-34 16. B-106+ G'-97 \
         17. Bx97+ Kx97 18. 104 105 19. 94 R-108 20. 9x105 Rx105 21. G'-94 K-107 22. R5-91 85 23. G'x105+ K-98 \
         24. Gx85",
    );
    assert_replays(game.as_ref(), &[]);
    // A promotion to a Guard whose Queen's powers are waived: then Black's King may step to
    // d8 (48), which a Queen on a8 would attack; replayed without the waiver, that is illegal.
    // And one that keeps them: the Guard checks as a Queen, and the King steps aside.
    for (promotion, answer) in [("18=G(w)", "K-48"), ("18=G", "K-57")] {
        let mut game = royal.game_from_fen("4k5/P8p/10/10/10/10/10/5K4 w - - 0 1").unwrap();
        play_all(game.as_mut(), &format!("{promotion} {answer} G-17"));
        assert!(export(game.as_ref()).contains(promotion), "{}", export(game.as_ref()));
        assert_replays(game.as_ref(), &[]);
    }
}

#[test]
fn a_safety_in_numbers_game_with_crowds_replays() {
    let mut game = variants::by_id("safety-in-numbers").unwrap().new_game();
    play_all(game.as_mut(), "1. e4 e5 2. Nc3 e5-e4 3. Nc3-e4 d7-d5 4. Ke1-e2 Qd8-e7 5. Ke2-e3 Qe7-e4+ 6. Ke3-e4");
    assert_replays(game.as_ref(), &[]);
}

#[test]
fn crown_of_krithala_games_replay_with_their_crown_signs() {
    // The sample game of docs/rules/krithala.md, from the start: no FEN tag.
    let mut game = variants::by_id("krithala").unwrap().new_game();
    play_all(game.as_mut(), "1. e4 e5 2. Nf3 Nc6 3. K>d1 Nf6 4. Qe2 Bc5 5. Qc4 d6 6. Qb3@c4 Be6 7. Bc4^ Bxc4");
    let pgn = export(game.as_ref());
    assert!(pgn.contains("[Variant \"Crown of Krithala\"]") && !pgn.contains("[FEN"), "{pgn}");
    assert_replays(game.as_ref(), &[]);
    // From a position: the FEN tag holds the crown fields.
    let start = "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 h1 e8";
    let mut game = variants::by_id("krithala").unwrap().game_from_fen(start).unwrap();
    play_all(game.as_mut(), "1. O-O@h1 Rxf1 2. Kxf1 Kd7 3. Kg1 Ke6");
    assert!(export(game.as_ref()).contains(&format!("[FEN \"{start}\"]")));
    assert_replays(game.as_ref(), &[]);
    // Royal Chess's numeric moves with their crown signs, and Capablanca's.
    let mut game = variants::by_id("krithala+royal").unwrap().new_game();
    play_all(game.as_mut(), "1. K>52 N-76 2. 54@53 N-55 3. N-43 N-34 4. Q-53^ Nx42");
    assert_replays(game.as_ref(), &[]);
    let mut game = variants::by_id("krithala+capablanca").unwrap().new_game();
    play_all(game.as_mut(), "1. e4 Nc6 2. K>e1 Nd4 3. Qe3 Nb5 4. Qc5 Nd6 5. Qxd6@c5 Cg6");
    assert_replays(game.as_ref(), &[]);
}

#[test]
fn secret_intelligence_games_replay_from_their_setup() {
    let si = variants::by_id("secret-intelligence").unwrap();
    let mut dice = 0x2545_f491_4f6c_dd1d_u64;
    for n in 0..6u8 {
        let mut game = si.new_game_with_seed([n.wrapping_mul(91).wrapping_add(3); 32]);
        game.setup(Color::White, &format!("seed export{n}")).unwrap().unwrap();
        game.setup(Color::Black, "seed").unwrap().unwrap();
        for _ in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.view(Observer::Player(game.turn())).legal_moves.unwrap();
            dice ^= dice << 13;
            dice ^= dice >> 7;
            dice ^= dice << 17;
            let text = legal[(dice % legal.len() as u64) as usize].clone();
            game.play(&text).unwrap();
        }
        assert_replays(game.as_ref(), &[]);
    }
}

/// The same through the database and the command line: games played by mail, exported with
/// `herald game export ID --pgn` once they are over.
#[test]
fn games_played_by_mail_export_and_replay() {
    let mut table = Table::new("export-replay");
    let config = table.write_config();
    for (variant, script) in [
        (
            "chess",
            vec![
                ("alice", "e4"),
                ("bob", "e5"),
                ("alice", "Qh5"),
                ("bob", "Nc6"),
                ("alice", "Bc4"),
                ("bob", "Nf6"),
                ("alice", "Qxf7#"),
            ],
        ),
        ("royal", vec![("alice", "54"), ("bob", "N-76"), ("alice", "44"), ("bob", "86"), ("bob", "resign")]),
        (
            "crown",
            vec![
                ("alice", "crown queen"),
                ("bob", "crown king"),
                ("alice", "e4"),
                ("bob", "d5"),
                ("alice", "Bb5"),
                ("bob", "a6"),
                ("alice", "Bxe8"),
            ],
        ),
    ] {
        let id = table.new_game(variant);
        for (who, text) in script {
            table.reply(&format!("{who}@players.test"), text);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["--config"])
            .arg(&config)
            .args(["game", "export", &id.to_string(), "--pgn"])
            .output()
            .unwrap();
        let pgn = String::from_utf8(out.stdout).unwrap();
        let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
        let game = variants::by_id(variant).unwrap().restore(&record.snapshot).unwrap();
        let secrets: Vec<String> = game.secrets().iter().map(|s| format!("{}={}", s.label, s.value)).collect();
        assert_eq!(replay(variant, &secrets, &pgn), game.fen(), "{pgn}");
    }
}
