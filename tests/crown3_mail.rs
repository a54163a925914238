//! Crown-3, the hidden crown, by mail through the real Postfix (docs/rules/crown-3.md): the
//! notes chosen and committed, an uncrowned monarch captured and its note opened, a crown
//! hidden and committed with the move that hides it, searches ruling out squares in both
//! players' grids, and the find that ends the game and opens the square; then the archive,
//! verified by herald, by the verifier written from README alone and against the schema. A
//! second game ends when Black's own pawn stops on Black's hidden crown.

use crate::support;

use std::collections::BTreeSet;
use std::process::Command;

use support::club::{ALICE, BOB, Club, Mail};

/// `who` replies `text` to their latest mail; returns the new mails of Alice and Bob.
fn play(club: &Club, who: &str, text: &str) -> (Vec<Mail>, Vec<Mail>) {
    let latest = club.latest(who);
    let round = club.round(|| {
        club.reply(who, &latest, text);
    });
    (round.alice.clone(), round.bob.clone())
}

/// `who` plays `text`, a move: each player gets one mail, returned as (Alice's, Bob's) text.
fn moved(club: &Club, who: &str, text: &str) -> (String, String) {
    let (alice, bob) = play(club, who, text);
    assert_eq!((alice.len(), bob.len()), (1, 1), "{who} {text}");
    (alice[0].body(), bob[0].body())
}

/// Runs the `printf ... | sha256sum` line a mail gives for checking a reveal in a real shell;
/// the hash it prints.
fn run_check(line: &str) -> String {
    let out = Command::new("sh").arg("-c").arg(line.trim()).output().expect("sh runs");
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap_or_default().to_string()
}

/// The body with every run of 16 or more hex digits (hashes, nonces, tokens) blanked, so that
/// what is left can be searched for a square's name.
fn without_hex(body: &str) -> String {
    let mut out = String::new();
    let mut run = String::new();
    for c in body.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_hexdigit() {
            run.push(c);
            continue;
        }
        out.push_str(if run.len() >= 16 { "<hex>" } else { &run });
        run.clear();
        out.push(c);
    }
    out
}

/// A set of squares by name.
fn squares(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(str::to_string).collect()
}

/// What a mail's grid of `color`'s hidden crown shows: the count it states, the squares marked
/// `x` and the square marked `C`, each named by the grid's own labels (so that a grid drawn
/// from Black's side reads right only if its labels match its cells).
struct Grid {
    ruled_out: usize,
    misses: BTreeSet<String>,
    crown: Option<String>,
    /// The file labels in the order the grid shows them, "abcdefgh" or "hgfedcba".
    files: String,
}

fn grid(body: &str, color: &str) -> Grid {
    let lines: Vec<&str> = body.lines().collect();
    let head = format!("{color}'s hidden crown: ");
    let start = lines.iter().position(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no grid:\n{body}"));
    let ruled_out = lines[start][head.len()..].split_whitespace().next().unwrap().parse().unwrap();
    let files: Vec<&str> = lines[start + 1].split_whitespace().collect();
    assert_eq!(lines[start + 10].split_whitespace().collect::<Vec<_>>(), files, "file labels above and below");
    let (mut misses, mut crown) = (BTreeSet::new(), None);
    for line in &lines[start + 2..start + 10] {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!((words.len(), words[0]), (10, words[9]), "a rank with its number on both sides: {line}");
        for (file, cell) in files.iter().zip(&words[1..9]) {
            let square = format!("{file}{}", words[0]);
            match *cell {
                "x" => {
                    misses.insert(square);
                }
                "C" => crown = Some(square),
                "." => {}
                other => panic!("{other} in the grid:\n{body}"),
            }
        }
    }
    Grid { ruled_out, misses, crown, files: files.concat() }
}

/// The hash a mail gives `label` as the commitment its move made: the label on a line of its
/// own under "The move ... decided", the hash on the next.
fn new_commitment(body: &str, label: &str) -> String {
    support::mime::new_commitment(body, label).unwrap_or_else(|| panic!("no new commitment {label}:\n{body}"))
}

/// The opening of `label` with `value` in a mail: the hash it names, which its own check
/// command, run in a shell, must print.
fn opened(body: &str, label: &str, value: &str) -> String {
    let (line, hash, check) =
        support::mime::opening(body, label).unwrap_or_else(|| panic!("no opening of {label}:\n{body}"));
    assert!(line.starts_with(&format!("{label} = {value}, nonce ")), "{line}");
    assert!(check.trim_start().starts_with("printf '%s\\n' herald-commitment-v1") && check.ends_with("| sha256sum"));
    assert!(support::mime::one_command(&check).contains(&format!("label:{label} value:{value}")), "{check}");
    assert_eq!(run_check(&check), hash, "the mail's own check command reproduces the commitment:\n{check}");
    hash
}

/// Exports game `id`, checks the archive against the schema, and verifies it by herald, by
/// `herald audit` and by the verifier written from README alone. Returns the archive.
fn verified_archive(club: &Club, id: i64) -> serde_json::Value {
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    support::archive_schema::check(&archive);
    let path = club.dir().join(format!("crown3-{id}.json"));
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified") && !verified.contains("FAILED"), "{verified}");
    assert!(club.herald_ok(&["audit", &id.to_string()]).contains("verified"));
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).arg(&path).output().unwrap();
    let printed = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && !printed.contains("FAILED"), "the verifier from README:\n{printed}");
    serde_json::from_str(&archive).unwrap()
}

/// The archive's commitment of `label`: (committed_at_ply, revealed_at_ply, value).
fn archived(archive: &serde_json::Value, label: &str) -> (u64, Option<u64>, Option<String>) {
    let c = archive["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap();
    (c["committed_at_ply"].as_u64().unwrap(), c["revealed_at_ply"].as_u64(), c["value"].as_str().map(str::to_string))
}

#[test]
fn a_crown_3_game_by_mail_hides_the_crown_and_ends_when_it_is_found() {
    let club = Club::start();
    let id = club.new_game_of("crown-3");
    let invitation = club.latest(ALICE).body();
    assert!(invitation.contains("Crown-3 (the hidden crown)"), "{invitation}");
    let help = play(&club, ALICE, "help").0[0].body();
    assert!(help.contains("hide your crown on\nany empty square: \"hide d5\""), "{help}");
    assert!(help.contains("capturing all your\npieces"), "the help names both ways to win: {help}");

    // Both notes, then 1. e3 Nc6 2. Qe2 Nd4 3. Nf3 Nxe2: Black takes White's queen, which
    // White did not crown. White's note opens to both, checked by each mail's own command.
    play(&club, ALICE, "crown king");
    let (alice, bob) = play(&club, BOB, "crown queen");
    assert!(alice[0].body().contains("the game begins") && bob[0].body().contains("the game begins"));
    for (who, text) in [(ALICE, "e3"), (BOB, "Nc6"), (ALICE, "Qe2"), (BOB, "Nd4"), (ALICE, "Nf3")] {
        moved(&club, who, text);
    }
    let (alice, bob) = moved(&club, BOB, "Nxe2");
    let white_crown = opened(&alice, "white.crown", "king");
    assert_eq!(opened(&bob, "white.crown", "king"), white_crown);
    assert!(!alice.contains("black.crown = ") && !bob.contains("black.crown = "), "{bob}");
    // Now White may hide its crown: the mail says so to White alone.
    moved(&club, ALICE, "Bxe2");
    let (alice, bob) = moved(&club, BOB, "d6");
    assert!(alice.contains("You may hide your crown on any empty square as your move"), "{alice}");
    assert!(!bob.contains("You may hide"), "{bob}");

    // A hide on an occupied square is refused, to White alone.
    let (alice, bob) = play(&club, ALICE, "hide e1");
    assert_eq!((alice.len(), bob.len()), (1, 0));
    assert!(alice[0].body().contains("e1 is not free"), "{}", alice[0].body());

    // 5. hide e6: committed with the move; White's mail names the square, Black's does not.
    let (alice, bob) = moved(&club, ALICE, "hide e6");
    assert!(alice.contains("Your move 5. hide is recorded."), "{alice}");
    assert!(bob.contains("Alice played 5. hide."), "{bob}");
    assert!(alice.contains("Your crown is hidden on e6."), "{alice}");
    assert!(bob.contains("White's crown is hidden.") && !bob.contains("Your crown is hidden"), "{bob}");
    let hash = new_commitment(&alice, "white.hidden-crown");
    assert_eq!(new_commitment(&bob, "white.hidden-crown"), hash, "both players get the same hash");
    assert_eq!(
        support::mime::listed_commitment(&alice, "white.hidden-crown"),
        Some(("white.hidden-crown, made with 5. hide: sealed".into(), hash.clone())),
        "{alice}"
    );

    // The misses, worked out by hand: every square occupied at the hide (White: a1 b1 c1 e1
    // h1, the second rank with the bishop on e2, e3, f3; Black: the eighth rank but b8, the
    // seventh but d7, d6), then each square a move stops on.
    let mut misses = squares(
        "a1 b1 c1 e1 h1 a2 b2 c2 d2 e2 f2 g2 h2 e3 f3 \
         a8 c8 d8 e8 f8 g8 h8 a7 b7 c7 e7 f7 g7 h7 d6",
    );
    assert_eq!(misses.len(), 30);
    let check_grids = |alice: &str, bob: &str, misses: &BTreeSet<String>| {
        let (white_grid, black_grid) = (grid(alice, "White"), grid(bob, "White"));
        assert_eq!((white_grid.ruled_out, &white_grid.misses), (misses.len(), misses), "{alice}");
        assert_eq!((black_grid.ruled_out, &black_grid.misses), (misses.len(), misses), "{bob}");
        assert_eq!(white_grid.crown.as_deref(), Some("e6"), "White's grid shows the crown: {alice}");
        assert_eq!(black_grid.crown, None, "{bob}");
        assert_eq!((white_grid.files.as_str(), black_grid.files.as_str()), ("abcdefgh", "hgfedcba"));
    };
    check_grids(&alice, &bob, &misses);

    // Searches: 5... Bg4 crosses e6, 7. Bxf7 and 8. Bb3 cross e6 and d5, 8... e5 passes e6;
    // none stops there. Each stop rules its square out, in both players' grids.
    let searches =
        [(BOB, "Bg4"), (ALICE, "Bc4"), (BOB, "Nf6"), (ALICE, "Bxf7"), (BOB, "Kd7"), (ALICE, "Bb3"), (BOB, "e5")];
    let mut counts = vec![misses.len()];
    for (who, text) in searches {
        let (alice, bob) = moved(&club, who, text);
        misses.insert(text[text.len() - 2..].to_string());
        check_grids(&alice, &bob, &misses);
        counts.push(misses.len());
    }
    // Bxf7 stopped on a square occupied at the hide: no new miss.
    assert_eq!(counts, [30, 31, 32, 33, 33, 34, 35, 36]);
    let (alice, bob) = moved(&club, ALICE, "d4");
    misses.insert("d4".into());
    check_grids(&alice, &bob, &misses);

    // 9... Be6: Black's bishop stops on the square and finds the crown; the move opens it.
    let (alice, bob) = moved(&club, BOB, "Be6");
    for body in [&alice, &bob] {
        assert!(body.contains("Black found White's crown on e6."), "{body}");
        assert!(body.contains("Result: 0-1, Black wins by finding the hidden crown."), "{body}");
        assert_eq!(opened(body, "white.hidden-crown", "e6"), hash, "the secret opened is the one committed");
        assert_eq!(grid(body, "White").crown.as_deref(), Some("e6"), "{body}");
        opened(body, "black.crown", "queen");
    }

    // Bob's mails before the find never named the square, nor showed the crown in a grid.
    let bob_mails = club.mails(BOB);
    for mail in &bob_mails[..bob_mails.len() - 1] {
        let body = without_hex(&mail.body());
        assert!(!body.contains("e6") && !body.contains(" C "), "{}:\n{body}", mail.subject());
        assert!(!String::from_utf8_lossy(&mail.raw).contains("hide e6"), "{}", mail.subject());
    }

    // The archive: the hide committed with ply 9, opened by the find at ply 18.
    let archive = verified_archive(&club, id);
    assert_eq!(archived(&archive, "white.hidden-crown"), (9, Some(18), Some("e6".into())));
    assert_eq!(archived(&archive, "white.crown"), (0, Some(6), Some("king".into())));
    let moves: Vec<&str> =
        archive["moves"].as_array().unwrap().iter().map(|m| m["notation"].as_str().unwrap()).collect();
    assert_eq!(moves[8], "hide", "the archive's move list never holds the square");
    assert_eq!(archive["result"]["reason"], "Black wins by finding the hidden crown");

    // A second game: Black crowns the king, loses the queen, hides the crown on h5, and its
    // own pawn stops there: White wins.
    let id = club.new_game_of("crown-3");
    play(&club, ALICE, "crown king");
    play(&club, BOB, "crown king");
    for (who, text) in [(ALICE, "d4"), (BOB, "e6"), (ALICE, "Bg5"), (BOB, "a6")] {
        moved(&club, who, text);
    }
    let (alice, bob) = moved(&club, ALICE, "Bxd8");
    opened(&alice, "black.crown", "king");
    opened(&bob, "black.crown", "king");
    let (alice, bob) = moved(&club, BOB, "crown@h5");
    assert!(bob.contains("Your crown is hidden on h5."), "{bob}");
    assert!(alice.contains("Black's crown is hidden.") && !without_hex(&alice).contains("h5"), "{alice}");
    // Black sees its grid from its own side: h5 is the first cell of the rank 5 line.
    assert!(bob.contains("\n5  C . . . . . . .  5\n"), "{bob}");
    let hash = new_commitment(&bob, "black.hidden-crown");
    moved(&club, ALICE, "Nf3");
    let (alice, bob) = moved(&club, BOB, "h5");
    for body in [&alice, &bob] {
        assert!(body.contains("Black's pawn stopped on Black's own hidden crown on h5."), "{body}");
        assert!(body.contains("Result: 1-0, White wins: Black stopped on its own hidden crown."), "{body}");
        assert_eq!(opened(body, "black.hidden-crown", "h5"), hash);
    }
    let archive = verified_archive(&club, id);
    assert_eq!(archived(&archive, "black.hidden-crown"), (6, Some(8), Some("h5".into())));
}
