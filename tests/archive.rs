//! Archives and `herald verify`: a finished game's archive verifies; an archive changed in
//! any single field fails, and the failure names what broke.

use crate::support;

use herald::referee::archive::{self, Archive};
use support::archive_schema;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

fn scholars_mate() -> (Table, Archive) {
    let mut table = Table::new("archive");
    let id = table.new_game("chess");
    table.scholars_mate(ALICE, BOB);
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
    support::mime::chain_head(&text).unwrap_or_else(|| panic!("no head in:\n{text}"))
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
        ("the format", |a| a.format = "herald-archive-v4".into(), "format"),
        (
            "an address",
            |a| a.addresses.as_mut().unwrap().white.address = "mallory@players.test".into(),
            "does not open its commitment",
        ),
        ("an address's nonce", |a| a.addresses.as_mut().unwrap().black.nonce = "0".repeat(32), "Black's address"),
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
                let listed = support::mime::legal_moves(&text).unwrap();
                table.reply(who, &listed[0]);
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

/// A Crown game in progress: White crowned the king, Black the queen; 3. Bxe8 took Black's
/// uncrowned king, which opened Black's note after five moves, and 3... Qxe8 followed. White's
/// note is still sealed.
fn crown_in_progress() -> Archive {
    let mut table = Table::new("crown-in-progress");
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
    ] {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("crown").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    archive_schema::check_archive(&archive);
    archive
}

/// What a forger does after changing an archive: recomputes every hash from the genesis on
/// (README's records), so the chain is whole again. Only the heads mailed to the players can
/// tell such an archive from the real one; what the verifier can still find is what the rules
/// and the specification do not allow.
fn reseal(a: &mut Archive) {
    use herald::referee::chain;
    let made = |ply: u32| -> Vec<(String, String)> {
        a.commitments.iter().filter(|c| c.committed_at_ply == ply).map(|c| (c.label.clone(), c.hash.clone())).collect()
    };
    a.genesis = chain::genesis(a.game, &a.variant, &a.white, &a.black, &a.start, None, &made(0));
    let mut prev = a.genesis.clone();
    let links: Vec<Vec<(String, String)>> = a.moves.iter().map(|m| made(m.ply)).collect();
    for (m, linked) in a.moves.iter_mut().zip(links) {
        let color = if m.color == "white" { herald::engine::Color::White } else { herald::engine::Color::Black };
        m.prev = prev.clone();
        m.hash = chain::link(&prev, m.ply, color, m.number, m.sealed.as_deref().unwrap_or(&m.notation), &linked);
        prev = m.hash.clone();
    }
    if let Some(r) = &mut a.result {
        r.prev = prev.clone();
        r.hash = chain::close(&prev, &r.score, &r.reason);
        prev = r.hash.clone();
    }
    a.chain_head = prev;
}

/// Commits `value` under `label` afresh, as a forger who knows no nonce of herald's does.
fn recommit(a: &mut Archive, label: &str, value: &str) {
    let forged = herald::referee::commitment::Commitment::new(a.game, label, value, [0x5a; 16]).unwrap();
    let c = a.commitments.iter_mut().find(|c| c.label == label).unwrap();
    c.hash = forged.hash;
    c.value = Some(value.to_string());
    c.nonce = Some(forged.nonce);
}

/// The rules never make a move's legality depend on a secret still sealed, so an archive of a
/// game in progress is replayed on the secrets opened so far: the moves, every opened value
/// and when it was opened, the genesis's commitments and the archive's structure are checked,
/// and only what the sealed secrets hold is left open.
#[test]
fn a_game_in_progress_is_checked_on_the_secrets_opened_so_far() {
    let archive = crown_in_progress();
    let black = |a: &Archive| a.commitments.iter().position(|c| c.label == "black.crown").unwrap();
    let white = |a: &Archive| a.commitments.iter().position(|c| c.label == "white.crown").unwrap();
    assert!(archive.result.is_none());
    assert_eq!(archive.commitments[white(&archive)].value, None, "White's note is still sealed");
    assert_eq!(archive.commitments[black(&archive)].revealed_at_ply, Some(5));
    let report = archive::verify(&archive);
    assert!(report.ok(), "{report:#?}");
    assert!(report.passed.iter().any(|p| p == "all 6 moves are legal under the secrets opened so far"), "{report:#?}");
    assert!(report.passed.iter().any(|p| p.contains("opened when the rules open them")), "{report:#?}");
    assert!(report.open.iter().any(|o| o.starts_with("still sealed: white.crown")), "{report:#?}");

    type Tamper = (&'static str, Box<dyn Fn(&mut Archive)>, &'static str);
    let tampers: Vec<Tamper> = vec![
        (
            "a move replaced by a non-move",
            Box::new(|a| {
                a.moves[3].notation = "Zz9".into();
                reseal(a);
            }),
            "move 2 Zz9 is not legal",
        ),
        (
            "a legal-looking move the position does not allow",
            Box::new(|a| {
                a.moves[4].notation = "Bxe7".into();
                reseal(a);
            }),
            "move 3 Bxe7 is not legal",
        ),
        (
            "a crown opened as a rook",
            Box::new(move |a| {
                recommit(a, "black.crown", "rook");
                reseal(a);
            }),
            "black.crown is \"rook\", not \"king\" or \"queen\"",
        ),
        (
            "an opening recorded too early",
            Box::new(move |a| {
                let i = black(a);
                a.commitments[i].revealed_at_ply = Some(3);
            }),
            "commitment black.crown was opened after 3 moves, but the rules open it after 5 moves",
        ),
        (
            "a secret opened that the rules keep sealed until the end",
            Box::new(move |a| {
                recommit(a, "white.crown", "king");
                let i = white(a);
                a.commitments[i].revealed_at_ply = Some(6);
                reseal(a);
            }),
            "commitment white.crown was opened after 6 moves, but the rules open it only at the end of the game",
        ),
        (
            "a secret the rules opened kept sealed",
            Box::new(move |a| {
                let i = black(a);
                (a.commitments[i].value, a.commitments[i].nonce, a.commitments[i].revealed_at_ply) = (None, None, None);
            }),
            "the rules opened black.crown after 5 moves, but the archive keeps it sealed",
        ),
        (
            "a commitment hidden in the start",
            Box::new(move |a| {
                let i = white(a);
                let hidden = a.commitments.remove(i);
                a.start = format!("{}\ncommitment:white.crown:{}", a.start, hidden.hash);
            }),
            "the start holds a line break or another control character: every recorded field is one line",
        ),
        (
            "a commitment the setup does not make, linked by the genesis",
            Box::new(move |a| {
                let mut extra = a.commitments[white(a)].clone();
                extra.label = "white.crown2".into();
                a.commitments.push(extra);
                reseal(a);
            }),
            "the genesis links the commitments black.crown, white.crown, white.crown2, but a game of crown commits \
             before its first move black.crown, white.crown",
        ),
        (
            "a setup commitment moved to a move's record",
            Box::new(move |a| {
                let i = white(a);
                a.commitments[i].committed_at_ply = 2;
                reseal(a);
            }),
            "the archive says white.crown was made with move 1 d5, but that move decides no such secret when replayed",
        ),
        (
            "commitments out of label order",
            Box::new(|a| a.commitments.reverse()),
            "the commitments are not sorted by label, each once: black.crown comes after white.crown",
        ),
        (
            "a commitment given twice",
            Box::new(move |a| {
                let twice = a.commitments[white(a)].clone();
                a.commitments.push(twice);
            }),
            "the commitments are not sorted by label, each once: white.crown comes after white.crown",
        ),
    ];
    for (what, tamper, named) in &tampers {
        let mut changed = archive.clone();
        tamper(&mut changed);
        let report = archive::verify(&changed);
        assert!(report.failed.iter().any(|f| f.contains(named)), "{what}: expected {named:?} in {:#?}", report.failed);
    }
}

/// Verification costs what the archive holds, not its square: a hostile archive with 10,000
/// sealed commitments and a wrong genesis is refused after hashing at most twice its own JSON
/// (a count of the bytes SHA-256 was given, not a timer). Looking for one misplaced commitment
/// by rehashing the genesis once per commitment hashed 10,000 times that much.
#[test]
fn a_hostile_archive_is_refused_in_work_linear_in_its_size() {
    let hash = |i: usize| format!("{:064x}", i);
    let commitments: Vec<serde_json::Value> = (0..10_000)
        .map(|i| {
            serde_json::json!({"label": format!("white.x{i:05}"), "hash": hash(i), "committed_at_ply": 0,
                "value": null, "nonce": null, "revealed_at_ply": null})
        })
        .collect();
    let json = serde_json::json!({
        "format": archive::FORMAT, "game": 1, "variant": "crown", "white": ALICE, "black": BOB,
        "start": herald::variants::by_id("crown").unwrap().new_game().public_start(),
        "genesis": hash(1), "commitments": commitments, "moves": [], "chain_head": hash(1), "result": null,
    })
    .to_string();
    let hostile: Archive = serde_json::from_str(&json).unwrap();
    let before = herald::hex::hashed_bytes();
    let report = archive::verify(&hostile);
    let hashed = herald::hex::hashed_bytes() - before;
    eprintln!("{hashed} bytes hashed to verify an archive of {} bytes", json.len());
    assert!(report.failed.iter().any(|f| f.contains("genesis record does not match")), "{:?}", &report.failed[..3]);
    assert!(hashed <= 2 * json.len() as u64, "{hashed} bytes hashed for an archive of {} bytes", json.len());
}

/// The schema's `integer` is a number with no fraction, however it is written: herald reads
/// `"ply": 1.0` as the schema accepts it, and refuses `1.5` as the schema does.
#[test]
fn herald_and_the_schema_agree_on_whole_numbers() {
    let (_table, archive) = scholars_mate();
    let mut value = serde_json::to_value(&archive).unwrap();
    value["moves"][0]["ply"] = serde_json::json!(1.0);
    value["moves"][0]["number"] = serde_json::json!(1e0);
    value["game"] = serde_json::json!(archive.game as f64);
    let text = value.to_string();
    assert!(text.contains("\"ply\":1.0"), "{text}");
    archive_schema::check(&text);
    let read: Archive = serde_json::from_str(&text).expect("herald reads what the schema accepts");
    assert_eq!(read, archive);
    assert!(archive::verify(&read).ok());
    value["moves"][0]["ply"] = serde_json::json!(1.5);
    let fraction = value.to_string();
    assert!(serde_json::from_str::<Archive>(&fraction).is_err(), "herald refuses a fraction");
    let schema_refuses = std::panic::catch_unwind(|| archive_schema::check(&fraction)).is_err();
    assert!(schema_refuses, "the schema refuses a fraction");
}

/// README's words, with the line breaks of its paragraphs undone.
fn readme() -> String {
    let text = std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every ending herald can write is in README's list of reasons, in its exact words, and the
/// list holds nothing herald cannot write; a director's fractional decision scores as README's
/// example says.
#[test]
fn readme_lists_every_result_reason_and_the_director_s_points() {
    use herald::engine::{Color, DrawReason, Outcome, WinReason};
    // Each reason once; the match has no catch-all, so a new reason fails to compile here
    // until it is listed (here and in `ALL`).
    let win = |r: WinReason| match r {
        WinReason::Checkmate
        | WinReason::Stalemate
        | WinReason::RoyalCaptured
        | WinReason::Resignation
        | WinReason::PerpetualCheck
        | WinReason::BareKing
        | WinReason::Timeout
        | WinReason::CrownFound
        | WinReason::OwnHiddenCrown
        | WinReason::ArmyDestroyed
        | WinReason::CrownCaptured
        | WinReason::CrownBlownUp => r,
    };
    let draw = |r: DrawReason| match r {
        DrawReason::Stalemate
        | DrawReason::InsufficientMaterial
        | DrawReason::FiftyMoves
        | DrawReason::SeventyFiveMoves
        | DrawReason::ThreefoldRepetition
        | DrawReason::FivefoldRepetition
        | DrawReason::Agreement
        | DrawReason::WalledIn => r,
    };
    let wins = WinReason::ALL.map(win);
    let draws = DrawReason::ALL.map(draw);
    let text = std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let table = text.split("The reasons are these exact words").nth(1).expect("README lists the reasons");
    let table: Vec<&str> =
        table.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|')).collect();
    // The first column of each row: one or more reasons in backquotes.
    let listed: Vec<String> = table
        .iter()
        .skip(2)
        .flat_map(|row| row.split('|').nth(1).unwrap().split('`').skip(1).step_by(2).map(str::to_string))
        .collect();
    let mut written: Vec<String> = wins
        .iter()
        .map(|&reason| Outcome::Win { winner: Color::White, reason }.to_string())
        .chain(draws.iter().map(|&reason| Outcome::Draw { reason }.to_string()))
        .collect();
    written.extend(
        [
            "White wins by forfeit",
            "Draw by forfeit",
            "White wins by the director's decision",
            "Draw by the director's decision",
        ]
        .map(String::from),
    );
    let (mut listed_sorted, mut written_sorted) = (listed.clone(), written.clone());
    listed_sorted.sort();
    written_sorted.sort();
    assert_eq!(listed_sorted, written_sorted, "README's reasons are exactly the ones herald writes");

    // README's example of a fractional decision, and herald's record of it.
    let readme = readme();
    assert!(readme.contains(
        "0.7 to White and 0.25 to Black is score `1-0`, reason `White wins by the director's decision (0.7:0.25)`"
    ));
    let result = herald::referee::tournaments::director_result(
        herald::tournament::Points(700),
        herald::tournament::Points(250),
        false,
    );
    assert_eq!(
        (result.score.as_str(), result.reason.as_str()),
        ("1-0", "White wins by the director's decision (0.7:0.25)")
    );
    let none = herald::referee::tournaments::director_result(
        herald::tournament::Points(0),
        herald::tournament::Points(0),
        true,
    );
    assert_eq!((none.score.as_str(), none.reason.as_str()), ("1/2-1/2", "Draw by forfeit (0:0)"));
    assert!(readme.contains("0 to both is `1/2-1/2`, `Draw by forfeit (0:0)`"));
}

/// An opened secret says when it was opened, except in the first format, from a herald that
/// did not record it: a v2 archive cannot erase when a secret was opened.
#[test]
fn only_a_first_format_archive_may_leave_an_opening_undated() {
    let (_table, archive) = crown_won_by_capture();
    assert_eq!(archive.format, "herald-archive-v3");
    let mut undated = archive.clone();
    for c in &mut undated.commitments {
        c.revealed_at_ply = None;
    }
    let report = archive::verify(&undated);
    assert!(
        report.failed.iter().any(|f| f.contains(
            "commitment black.crown is open but does not say when it was opened: only a herald-archive-v1 archive"
        )),
        "{report:#?}"
    );
    undated.format = "herald-archive-v1".into();
    // Only the third format opens address commitments.
    undated.addresses = None;
    let report = archive::verify(&undated);
    assert!(report.ok(), "{report:#?}");
    // The first format's rules are its own: the same archive still fits the schema.
    archive_schema::check_archive(&undated);
    undated.format = "herald-archive-v2".into();
    let schema_refuses = std::panic::catch_unwind(|| archive_schema::check_archive(&undated)).is_err();
    assert!(schema_refuses, "the schema refuses an undated opening in v2 too");
}

/// README's table of the genesis's labels is the setup every variant commits.
#[test]
fn the_genesis_links_the_labels_readme_gives() {
    let readme = readme();
    for expected in [
        "| `crown`, `crown-2`, `crown-3`, `crown-4` and their `+ninja` forms | `black.crown`, `white.crown` |",
        "| `secret-intelligence` | `black.seed`, `referee.seed`, `white.seed` |",
        "| every other variant | none |",
    ] {
        assert!(readme.contains(expected), "README: {expected}");
    }
    for variant in herald::variants::all() {
        let labels: Vec<String> = archive::setup_labels(*variant).into_iter().collect();
        let expected: &[&str] = match variant.id() {
            "crown" | "crown-2" | "crown-3" | "crown-4" | "crown+ninja" | "crown-2+ninja" | "crown-3+ninja"
            | "crown-4+ninja" => &["black.crown", "white.crown"],
            "secret-intelligence" => &["black.seed", "referee.seed", "white.seed"],
            _ => &[],
        };
        assert_eq!(labels, expected, "{}", variant.id());
    }
}

/// A director's result binds to the game only through the genesis: an archive of a game
/// outside any tournament, given a `tournament` object and a director's result and resealed as
/// the first format allowed, no longer verifies in the second; resealed with the `tournament:`
/// line, its head is not the one the players were mailed.
#[test]
fn a_director_s_result_stands_only_in_the_game_the_genesis_names() {
    let mut table = Table::new("archive-director-forged");
    let id = table.new_game("chess");
    for (who, text) in [(ALICE, "e4"), (BOB, "e5"), (BOB, "resign")] {
        table.reply(who, text);
    }
    let (record, moves) = table.service.store().read(|tx| Ok((tx.game(id)?.unwrap(), tx.moves(id)?))).unwrap();
    let start = herald::variants::by_id("chess").unwrap().new_game().start_fen();
    let archive = Archive::of(&record, &start, &moves);
    assert!(archive::verify(&archive).ok());
    let mut forged = archive.clone();
    forged.result.as_mut().unwrap().score = "0-1".into();
    forged.result.as_mut().unwrap().reason = "Black wins by the director's decision".into();
    forged.tournament =
        Some(archive::ArchivedTournament { id: 1, name: "Club championship".into(), round: 1, board: 1 });
    reseal(&mut forged);
    let report = archive::verify(&forged);
    assert!(report.failed.iter().any(|f| f.contains("the genesis record does not match")), "{report:#?}");
    // Under the first format, where the tournament was outside the chain, it passed.
    let mut first = forged.clone();
    first.format = "herald-archive-v1".into();
    first.addresses = None;
    assert!(archive::verify(&first).ok(), "{:#?}", archive::verify(&first));
    // A forger who writes the line makes a whole chain, with a head no player was mailed.
    let place = herald::referee::chain::Place { tournament: 1, round: 1, board: 1 };
    forged.genesis = herald::referee::chain::genesis(
        forged.game,
        &forged.variant,
        &forged.white,
        &forged.black,
        &forged.start,
        Some(place),
        &[],
    );
    let mut prev = forged.genesis.clone();
    for m in &mut forged.moves {
        let color = if m.color == "white" { herald::engine::Color::White } else { herald::engine::Color::Black };
        m.prev = prev.clone();
        m.hash = herald::referee::chain::link(&prev, m.ply, color, m.number, &m.notation, &[]);
        prev = m.hash.clone();
    }
    let r = forged.result.as_mut().unwrap();
    r.prev = prev.clone();
    r.hash = herald::referee::chain::close(&prev, &r.score, &r.reason);
    forged.chain_head = r.hash.clone();
    assert!(archive::verify(&forged).ok(), "{:#?}", archive::verify(&forged));
    assert_ne!(forged.chain_head, head_in_last_mail(&table, ALICE), "the players' heads tell the forgery");
}

/// README's notation examples, as herald records them: a move that takes the crowned monarch
/// ends the game and carries no check mark.
#[test]
fn a_move_that_ends_a_crown_game_carries_no_check_mark() {
    let readme = readme();
    assert!(readme.contains("carries no mark (`Bxe8`, not `Bxe8+` or `Bxe8#`)"));
    assert!(readme.contains("`Je4xe5xf6` captures on e5 and f6, `Je4xe5-f6` on e5 only"));
    assert!(readme.contains("In the Crown family that letter is `G` (generalissimo), `R`, `B`, `N`, `Q` or `K`"));
    let (_table, archive) = crown_won_by_capture();
    assert_eq!(archive.moves[4].notation, "Bxe8");
}
