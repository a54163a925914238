//! Archives and `herald verify`: a finished game's archive verifies; an archive changed in
//! any single field fails, and the failure names what broke.

mod support;

use herald::referee::archive::{self, Archive};
use support::archive_schema;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

fn scholars_mate() -> (Table, Archive) {
    let mut table = Table::new("archive");
    let id = table.new_game("chess");
    for (who, text) in
        [(ALICE, "e4"), (BOB, "e5"), (ALICE, "Bc4"), (BOB, "Nc6"), (ALICE, "Qh5"), (BOB, "Nf6"), (ALICE, "Qxf7#")]
    {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("chess").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    archive_schema::check_archive(&archive);
    (table, archive)
}

/// The head of the move log as the latest mail to `who` shows it ("Move log: ... head HASH").
fn head_in_last_mail(table: &Table, who: &str) -> String {
    let raw = table.mails(who).pop().unwrap();
    let text = support::mime::plain_text(&raw);
    let line = text.lines().find(|l| l.starts_with("Move log: ")).unwrap_or_else(|| panic!("no head in:\n{text}"));
    line.rsplit(' ').next().unwrap().to_string()
}

/// The schema names every variant herald plays (a variant missing from its list would make
/// each of its archives fail the schema a stranger checks them against).
#[test]
fn the_schema_lists_every_variant() {
    let path = format!("{}/docs/archive.schema.json", env!("CARGO_MANIFEST_DIR"));
    let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let listed: std::collections::BTreeSet<&str> =
        schema["properties"]["variant"]["enum"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    let ids: std::collections::BTreeSet<&str> = herald::variants::all().iter().map(|v| v.id()).collect();
    assert_eq!(listed, ids, "docs/archive.schema.json lists the variants of herald::variants::all()");
}

#[test]
fn a_finished_game_verifies() {
    let (_table, archive) = scholars_mate();
    assert_eq!(archive.moves.len(), 7);
    assert_eq!(archive.result.as_ref().unwrap().score, "1-0");
    let report = archive::verify(&archive);
    assert!(report.ok(), "{report:?}");
    assert!(report.open.is_empty(), "{report:?}");
    // Through JSON, as `herald verify` reads it.
    let json = serde_json::to_string_pretty(&archive).unwrap();
    let back: Archive = serde_json::from_str(&json).unwrap();
    assert_eq!(back, archive);
}

#[test]
fn every_changed_field_is_found_and_named() {
    let (_table, archive) = scholars_mate();
    type Change = (&'static str, fn(&mut Archive), &'static str);
    let changes: &[Change] = &[
        ("a move", |a| a.moves[2].notation = "Bb5".into(), "move record 3"),
        ("a move's number", |a| a.moves[2].number = 3, "move record 3"),
        ("a move's colour", |a| a.moves[2].color = "black".into(), "move record 3"),
        ("a move's hash", |a| a.moves[4].hash.replace_range(0..1, "x"), "move record 5"),
        ("a link", |a| a.moves[5].prev.replace_range(0..1, "x"), "does not link"),
        ("the head", |a| a.chain_head.replace_range(0..1, "x"), "chain head"),
        ("the genesis", |a| a.genesis.replace_range(0..1, "x"), "genesis"),
        ("a player", |a| a.white = "mallory@players.test".into(), "genesis"),
        ("the variant", |a| a.variant = "capablanca".into(), "genesis"),
        ("the game", |a| a.game += 1, "genesis"),
        ("the start", |a| a.start = a.start.replace("w KQkq", "b KQkq"), "genesis"),
        ("the score", |a| a.result.as_mut().unwrap().score = "0-1".into(), "result"),
        ("the reason", |a| a.result.as_mut().unwrap().reason = "White wins by resignation".into(), "result"),
        ("the format", |a| a.format = "herald-archive-v2".into(), "format"),
        (
            "a dropped move",
            |a| {
                a.moves.pop();
            },
            "does not link",
        ),
        ("the result's link", |a| a.result.as_mut().unwrap().prev.replace_range(0..1, "x"), "result record"),
    ];
    for (what, change, named) in changes {
        let mut changed = archive.clone();
        change(&mut changed);
        let report = archive::verify(&changed);
        assert!(!report.ok(), "changing {what} went unnoticed");
        assert!(
            report.failed.iter().any(|f| f.contains(named)),
            "changing {what}: the failure should name {named:?}: {:?}",
            report.failed
        );
    }
}

#[test]
fn a_resignation_is_sealed_into_the_chain() {
    let mut table = Table::new("archive-resign");
    let id = table.new_game("chess");
    for (who, text) in [(ALICE, "e4"), (BOB, "e5"), (BOB, "resign")] {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("chess").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    archive_schema::check_archive(&archive);
    assert!(archive::verify(&archive).ok());
    // Who resigned, or whether anyone did, is part of the chain: a changed result breaks it
    // unless every hash after the change is forged too — and then the head differs from the
    // one in the players' last mails.
    let mut swapped = archive.clone();
    let r = swapped.result.as_mut().unwrap();
    r.score = "0-1".into();
    r.reason = "Black wins by resignation".into();
    let report = archive::verify(&swapped);
    assert!(report.failed.iter().any(|f| f.contains("result record")), "{report:?}");
    let mut removed = archive.clone();
    removed.result = None;
    assert!(!archive::verify(&removed).ok());
    for who in [ALICE, BOB] {
        assert_eq!(
            archive.chain_head,
            head_in_last_mail(&table, who),
            "the archive's head is the one {who}'s last mail shows"
        );
    }
}

#[test]
fn a_consistent_but_false_move_list_fails_on_legality() {
    // Rebuild a whole, valid chain over an illegal move: the chain holds, the replay does not.
    let (_table, mut archive) = scholars_mate();
    archive.moves.truncate(1);
    archive.moves[0].notation = "e5".into();
    archive.moves[0].hash =
        herald::referee::chain::link(&archive.genesis, 1, herald::engine::Color::White, 1, "e5", &[]);
    archive.chain_head = archive.moves[0].hash.clone();
    archive.result = None;
    let report = archive::verify(&archive);
    assert!(report.failed.iter().any(|f| f.contains("not legal")), "{report:?}");
}

/// Changes the first hex digit of `text` to another hex digit.
fn flip_first(text: &mut String) {
    let other = if text.starts_with('0') { "1" } else { "0" };
    text.replace_range(0..1, other);
}

/// A Crown game won by capturing the crowned monarch: 1. e4 d5 2. Bb5 a6 3. Bxe8 with Black's
/// king crowned.
fn crown_won_by_capture() -> (Table, Archive) {
    let mut table = Table::new("crown-archive");
    let id = table.new_game("crown");
    for (who, text) in [
        (ALICE, "crown queen"),
        (BOB, "crown king"),
        (ALICE, "e4"),
        (BOB, "d5"),
        (ALICE, "Bb5"),
        (BOB, "a6"),
        (ALICE, "Bxe8"),
    ] {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("crown").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    archive_schema::check_archive(&archive);
    (table, archive)
}

#[test]
fn a_crown_archive_opens_its_commitments_and_replays_under_them() {
    let (_table, archive) = crown_won_by_capture();
    assert_eq!(archive.result.as_ref().map(|r| r.score.as_str()), Some("1-0"));
    assert!(archive.commitments.iter().all(|c| c.value.is_some() && c.nonce.is_some()), "all opened at the end");
    let report = archive::verify(&archive);
    assert!(report.ok(), "{report:?}");
    assert!(report.passed.iter().any(|p| p.contains("black.crown opens")), "{report:?}");
    // Black's note opened with the capture of its king, the fifth move; White's at the end,
    // after the same five moves.
    let opened = |label: &str| archive.commitments.iter().find(|c| c.label == label).unwrap().revealed_at_ply;
    assert_eq!((opened("black.crown"), opened("white.crown")), (Some(5), Some(5)));
    assert!(report.passed.iter().any(|p| p.contains("opened when the rules open them")), "{report:?}");
}

/// A Crown note opened when a monarch falls, long before the end: the archive says so, and an
/// archive that says otherwise fails.
#[test]
fn the_archive_says_when_each_secret_was_opened() {
    let mut table = Table::new("crown-opened");
    let id = table.new_game("crown");
    for (who, text) in [
        (ALICE, "crown king"),
        (BOB, "crown queen"),
        (ALICE, "e4"),
        (BOB, "d5"),
        (ALICE, "Bb5"),
        (BOB, "a6"),
        (ALICE, "Bxe8"),
        (BOB, "Qxe8"),
        (ALICE, "resign"),
    ] {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("crown").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    archive_schema::check_archive(&archive);
    let opened = |a: &Archive, label: &str| a.commitments.iter().find(|c| c.label == label).unwrap().revealed_at_ply;
    // 3. Bxe8 took Black's uncrowned king, the fifth move: Black's note opened then, and the
    // game went on; White's opened at the end, after six moves.
    assert_eq!(opened(&archive, "black.crown"), Some(5));
    assert_eq!(opened(&archive, "white.crown"), Some(6));
    assert!(archive::verify(&archive).ok(), "{:?}", archive::verify(&archive));
    let mut moved = archive.clone();
    let black = moved.commitments.iter().position(|c| c.label == "black.crown").unwrap();
    moved.commitments[black].revealed_at_ply = Some(6);
    let report = archive::verify(&moved);
    assert!(report.failed.iter().any(|f| f.contains("black.crown was opened after 6 moves")), "{report:?}");
}

#[test]
fn a_changed_secret_fails_to_open_or_to_replay() {
    let (_table, archive) = crown_won_by_capture();
    let black = archive.commitments.iter().position(|c| c.label == "black.crown").unwrap();
    type Change = (&'static str, Box<dyn Fn(&mut Archive)>, &'static str);
    let changes: Vec<Change> = vec![
        (
            "the value",
            Box::new(move |a: &mut Archive| a.commitments[black].value = Some("queen".into())),
            "does not open",
        ),
        (
            "the nonce",
            Box::new(move |a: &mut Archive| flip_first(a.commitments[black].nonce.as_mut().unwrap())),
            "does not open",
        ),
        ("the hash", Box::new(move |a: &mut Archive| flip_first(&mut a.commitments[black].hash)), "genesis"),
        ("the label", Box::new(move |a: &mut Archive| a.commitments[black].label = "black.crowns".into()), "genesis"),
        ("a dropped opening", Box::new(move |a: &mut Archive| a.commitments[black].nonce = None), "not both"),
        (
            "a withheld opening",
            Box::new(move |a: &mut Archive| {
                a.commitments[black].nonce = None;
                a.commitments[black].value = None;
            }),
            "still sealed",
        ),
    ];
    for (what, change, named) in &changes {
        let mut changed = archive.clone();
        change(&mut changed);
        let report = archive::verify(&changed);
        assert!(!report.ok(), "changing {what} went unnoticed");
        assert!(report.failed.iter().any(|f| f.contains(named)), "changing {what}: {:?}", report.failed);
    }
    // A consistent lie: both value and commitment rewritten as if Black had crowned the
    // queen. The commitment then opens, but the genesis no longer matches.
    let mut lie = archive.clone();
    let c = &mut lie.commitments[black];
    let nonce: [u8; 16] =
        std::array::from_fn(|i| u8::from_str_radix(&c.nonce.as_ref().unwrap()[2 * i..2 * i + 2], 16).unwrap());
    let forged = herald::referee::commitment::Commitment::new(lie.game, "black.crown", "queen", nonce).unwrap();
    c.value = Some("queen".into());
    c.hash = forged.hash;
    let report = archive::verify(&lie);
    assert!(report.failed.iter().any(|f| f.contains("genesis")), "{:?}", report.failed);
}

/// A variant with its own scoring: the result in the mails carries its points (Royal Chess
/// scores a draw 0.4 for White and 0.5 for Black), and so does the archive's record.
#[test]
fn a_royal_draw_is_mailed_with_its_points() {
    let mut table = Table::new("royal-points");
    let id = table.new_game("royal");
    table.reply(ALICE, "draw");
    table.reply(BOB, "accept");
    let last = String::from_utf8_lossy(table.mails(BOB).last().unwrap()).to_string();
    assert!(last.contains("Points: White 0.4, Black 0.5."), "{last}");
    // The Subject too gives the variant's points, not a PGN score that would read 1/2-1/2.
    let subject = last.lines().find(|l| l.starts_with("Subject:")).unwrap();
    assert!(subject.contains("White 0.4, Black 0.5: Draw by agreement") && !subject.contains("1/2"), "{subject}");
    let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    let result = record.result.unwrap();
    assert_eq!((result.white_points, result.black_points), (400, 500));
}

/// Runs the verifier written from README alone (tests/fixtures/verify_archive.py) on `archive`;
/// what it printed, and whether it passed.
fn strangers_verifier(archive: &Archive) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("herald-stranger-{}-{}", std::process::id(), archive.game));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}-{}.json", archive.variant, archive.moves.len()));
    std::fs::write(&path, serde_json::to_string_pretty(archive).unwrap()).unwrap();
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3").arg(script).arg(&path).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// The archive specification in README is enough to check an archive: a verifier written from
/// it alone accepts every archive herald writes (every variant, finished and going on,
/// Secret Intelligence with its setup and ciphered entries) and refuses a changed one.
#[test]
fn a_verifier_written_from_the_readme_alone_agrees() {
    let mut archives = vec![scholars_mate().1, crown_won_by_capture().1];
    let mut table = Table::new("stranger");
    let script: &[(&str, &[(&str, &str)])] = &[
        ("secret-intelligence", &[(ALICE, "seed a!b"), (BOB, "seed")]),
        ("royal", &[(ALICE, "54"), (BOB, "N-76"), (ALICE, "draw"), (BOB, "accept")]),
        ("safety-in-numbers", &[(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nc3"), (BOB, "e5-e4"), (ALICE, "resign")]),
        ("crown", &[(ALICE, "crown king"), (BOB, "crown queen"), (ALICE, "e4")]),
        ("chess+ninja", &[(ALICE, "J@e4"), (BOB, "d5"), (ALICE, "Jxd5-d4"), (BOB, "J@a6"), (ALICE, "resign")]),
    ];
    for (variant, moves) in script {
        let id = table.new_game(variant);
        for (who, text) in *moves {
            table.reply(who, text);
        }
        if *variant == "secret-intelligence" {
            // Each player plays the first of their listed legal moves, then White resigns.
            for n in 0..10 {
                let who = if n % 2 == 0 { ALICE } else { BOB };
                let raw = table.mails(who).pop().unwrap();
                let text = support::mime::plain_text(&raw);
                let first = text.lines().find_map(|l| l.strip_prefix("Your legal moves: ")).unwrap();
                table.reply(who, first.split(", ").next().unwrap());
            }
            table.reply(ALICE, "resign");
        }
        let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
        let game = herald::variants::by_id(variant).unwrap().restore(&record.snapshot).unwrap();
        let archive = Archive::of(&record, &game.public_start(), &moves);
        archive_schema::check_archive(&archive);
        assert!(archive::verify(&archive).ok(), "{variant}: {:?}", archive::verify(&archive));
        archives.push(archive);
    }
    let ciphered = archives.iter().find(|a| a.variant == "secret-intelligence").unwrap();
    assert!(ciphered.moves.len() >= 10 && ciphered.moves.iter().all(|m| m.sealed.is_some()));
    let ninja = archives.iter().find(|a| a.variant == "chess+ninja").unwrap();
    assert_eq!(
        ninja.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(),
        ["J@e4", "d5", "Je4xd5-d4", "J@a6"]
    );
    for archive in &archives {
        let (passed, printed) = strangers_verifier(archive);
        assert!(passed, "{}: {printed}", archive.variant);
        assert!(!printed.contains("FAILED"), "{printed}");
    }
    // It can fail: a changed entry, a changed link, a changed opening.
    let mut entry = ciphered.clone();
    flip_first(entry.moves[3].sealed.as_mut().unwrap());
    assert!(!strangers_verifier(&entry).0, "a changed ciphered entry");
    let mut link = archives[0].clone();
    flip_first(&mut link.moves[2].prev);
    assert!(!strangers_verifier(&link).0, "a changed link");
    let mut opening = archives[1].clone();
    opening.commitments[0].value = Some("queen".into());
    opening.commitments[1].value = Some("queen".into());
    assert!(!strangers_verifier(&opening).0, "a changed opening");
}
