//! The Crown of Krithala's sample game (docs/rules/krithala.md), replayed move by move with the
//! crowns' state the page gives (its PGN export is read back by `herald replay` in
//! tests/export_replay.rs); the game played at a club table, its archive checked by `herald::referee::archive::verify`, by the schema
//! and by the verifier written from README alone; views, diagrams and the site's SVG showing
//! the crowns; snapshots resuming.

use crate::support;

use std::process::Command;

use herald::engine::{Color, Outcome, WinReason};
use herald::referee::archive::{self, Archive};
use herald::variants::krithala::{KRITHALA, KRITHALA_CAPABLANCA, KRITHALA_ROYAL};
use herald::variants::{Observer, Variant, VariantGame, diagram};
use support::archive_schema;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The page's sample game.
const SAMPLE: &str = "1. e4 e5 2. Nf3 Nc6 3. K>d1 Nf6 4. Qe2 Bc5 5. Qc4 d6 6. Qb3@c4 Be6 7. Bc4^ Bxc4 0-1";

fn sample_moves() -> Vec<&'static str> {
    SAMPLE.split_whitespace().filter(|w| !w.ends_with('.') && *w != "0-1").collect()
}

/// White's crown field of the FEN.
fn white_crown(game: &dyn VariantGame) -> String {
    game.fen().split(' ').nth(6).unwrap().to_string()
}

#[test]
fn the_sample_game_replays_as_the_page_writes_it() {
    let mut game = KRITHALA.new_game();
    let mut white = Vec::new();
    for text in sample_moves() {
        let played = game.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(played.notation, text);
        if played.by == Color::White {
            white.push(white_crown(game.as_ref()));
        }
    }
    // 3. K>d1: the Queen carries, White's transfer lock on; 4. Qe2, 5. Qc4: two moves with it
    // (count 1, 2); 6. Qb3@c4: the third drops it on c4, the Queen locked; 7. Bc4^: the
    // Bishop picks it up where it stops.
    assert_eq!(white, ["e1", "e1", "d1T", "e2R1", "c4R2", "c4Db3", "c4"]);
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::CrownCaptured }));
    assert_eq!(game.outcome().unwrap().to_string(), "Black wins by capturing the crown");
    assert_eq!(KRITHALA.points(game.outcome().unwrap()), (0, 1000));
    let view = game.view(Observer::Everyone);
    assert_eq!(diagram::move_list(&view), SAMPLE.trim_end_matches(" 0-1"));
}

#[test]
fn the_queen_may_not_stop_where_it_dropped_the_crown() {
    let moves = sample_moves();
    let mut game = KRITHALA.new_game();
    for text in &moves[..12] {
        game.play(text).unwrap();
    }
    // "6... Be6 attacks it; 7. Qc4 would be refused: the Queen may not stop on c4".
    let why = game.play("Qc4").unwrap_err().to_string();
    assert!(why.contains("Queen on b3 dropped your crown on c4"), "{why}");
    let view = game.view(Observer::Player(Color::White));
    assert!(view.notices.contains(&"Your crown is attacked.".to_string()), "{:?}", view.notices);
    assert!(
        view.notices.contains(&"White's crown: lying on c4, dropped by the Queen b3, which may not pick it up.".into()),
        "{:?}",
        view.notices
    );
    let black = game.view(Observer::Player(Color::Black));
    assert!(!black.notices.contains(&"Your crown is attacked.".to_string()), "{:?}", black.notices);
    assert_eq!(black.notices[..2], view.notices[..2], "nothing is secret");
}

/// The verifier written from README alone on `archive`: whether it passed, and what it printed.
fn strangers_verifier(archive: &Archive) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("herald-krithala-{}-{}", std::process::id(), archive.game));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("archive.json");
    std::fs::write(&path, serde_json::to_string_pretty(archive).unwrap()).unwrap();
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).arg(&path).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn the_sample_game_at_a_club_table_makes_an_archive_that_verifies() {
    let mut table = Table::new("krithala-archive");
    let id = table.new_game("krithala");
    for (i, text) in sample_moves().into_iter().enumerate() {
        table.reply(if i % 2 == 0 { ALICE } else { BOB }, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let result = record.result.clone().expect("the game is over");
    assert_eq!((result.white_points, result.black_points), (0, 1000));
    let game = KRITHALA.restore(&record.snapshot).unwrap();
    let archive = Archive::of(&record, &game.public_start(), &moves);
    assert_eq!(archive.variant, "krithala");
    assert_eq!(archive.start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e1 e8");
    assert!(archive.commitments.is_empty(), "nothing in Krithala is secret");
    let notations: Vec<&str> = archive.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, sample_moves());
    let r = archive.result.as_ref().unwrap();
    assert_eq!((r.score.as_str(), r.reason.as_str()), ("0-1", "Black wins by capturing the crown"));
    archive_schema::check_archive(&archive);
    let report = archive::verify(&archive);
    assert!(report.ok() && report.open.is_empty(), "{report:?}");
    let (passed, printed) = strangers_verifier(&archive);
    assert!(passed && !printed.contains("FAILED"), "{printed}");
    // A changed move is found: 6. Qb3 (the crown kept) is no legal move.
    let mut changed = archive.clone();
    changed.moves[10].notation = "Qb3".into();
    assert!(!archive::verify(&changed).ok());
    // The last mails name the crown's capture and show the board with its crowns.
    let last = table.mails(ALICE).pop().unwrap();
    let text = support::mime::plain_text(&last);
    assert!(text.contains("Black wins by capturing the crown"), "{text}");
    assert!(text.contains("k*"), "Black's King carries its crown: {text}");
}

#[test]
fn diagrams_and_the_site_show_the_crowns() {
    let game = KRITHALA.game_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 c3 e8").unwrap();
    let view = game.view(Observer::Everyone);
    let text = diagram::render(&view, Color::White);
    let lines: Vec<&str> = text.lines().collect();
    // The columns widen to two characters for the carrier's mark.
    assert_eq!(lines[1], "8  .  .  .  .  k* .  .  .   8");
    assert_eq!(lines[6], "3  .  .  O  .  .  .  .  .   3");
    assert_eq!(lines[8], "1  .  .  .  .  K  .  .  .   1");
    assert_eq!(
        view.notices[..2],
        ["White's crown: lying on c3.".to_string(), "Black's crown: on the King e8.".to_string()]
    );
    let svg = herald::site::svg::board(&view, Color::White, &[], "crowns");
    assert_eq!(svg.matches(r#"class="piece crowned black""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="crown white""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="piece white""#).count(), 1, "{svg}");
    // Royal Chess's board is labelled by numbers, and the crowns are named by them too.
    let royal = KRITHALA_ROYAL.new_game().view(Observer::Player(Color::Black));
    assert!(royal.notices.contains(&"White's crown: on the King 61.".to_string()), "{:?}", royal.notices);
    let text = diagram::render(&royal, Color::Black);
    assert!(text.contains("1  R  H  N  B  K* Q  B  N  G  R   1"), "{text}");
}

#[test]
fn snapshots_resume_without_replaying() {
    let cases: [(&'static dyn Variant, &str, &[&str]); 3] = [
        (&KRITHALA, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 a1 e8", &["Qe5@c3", "Kd7", "Qa5", "Kc6"]),
        (&KRITHALA_CAPABLANCA, "4k5/10/10/10/10/10/10/A3K5 w - - 0 1 c3 e8", &["Ad4^c3", "Kd7"]),
        // A promoted Guard keeps the Queen's powers: Royal's own state in the snapshot.
        (&KRITHALA_ROYAL, "4k5/P8p/10/10/10/10/10/5K4 w - - 0 1 a7 e8", &["18=G"]),
    ];
    for (variant, fen, moves) in cases {
        let mut game = variant.game_from_fen(fen).unwrap();
        for text in moves {
            game.play(text).unwrap();
        }
        let snapshot = game.snapshot();
        let resumed = variant.restore(&snapshot).unwrap();
        assert_eq!(resumed.snapshot(), snapshot);
        assert_eq!(resumed.fen(), game.fen());
        assert_eq!(resumed.moves(), game.moves());
        assert_eq!(resumed.view(Observer::Everyone), game.view(Observer::Everyone));
    }
    let mut royal = KRITHALA_ROYAL.game_from_fen("4k5/P8p/10/10/10/10/10/5K4 w - - 0 1 a7 e8").unwrap();
    royal.play("18=G").unwrap();
    assert!(royal.snapshot().contains("\npowered a8\n"), "{}", royal.snapshot());
    assert!(KRITHALA.restore("fen nonsense").is_err());
}

#[test]
fn each_base_has_its_help_examples_and_listing() {
    let listed = Command::new(env!("CARGO_BIN_EXE_herald")).arg("variants").output().unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    for variant in [&KRITHALA as &'static dyn Variant, &KRITHALA_CAPABLANCA, &KRITHALA_ROYAL] {
        assert!(listed.lines().any(|l| l.starts_with(&format!("{} ", variant.id()))), "{listed}");
        let help = variant.notation_help();
        assert!(help.lines().all(|l| l.chars().count() <= 78), "{help}");
        assert!(help.contains('>') && help.contains('@') && help.contains('^'), "{help}");
        let mut game = variant.new_game();
        for example in variant.example_moves() {
            game.play(example).unwrap_or_else(|e| panic!("{}: {example}: {e}", variant.id()));
        }
        assert!(!variant.engine_moves(), "perft and the engine's tools refuse {}", variant.id());
    }
}
