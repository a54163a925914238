//! `herald demo --variant V`: for every variant, a game by mail through the whole pipeline,
//! ended, its archive verified; and what the demo is for, checked in what it prints: the
//! Crown game's notes committed and opened so that `sha256sum` agrees, Secret Intelligence's
//! moves ciphered for the opponent until the end.

use std::path::Path;
use std::process::Command;

use crate::support;

use support::tempdir;

/// Runs `herald demo --variant variant` in a fresh folder; its standard output.
fn demo(variant: Option<&str>) -> String {
    demo_kept(variant).0
}

/// Runs `herald demo --variant variant --dir D` in a fresh folder D; its standard output and D.
fn demo_kept(variant: Option<&str>) -> (String, tempdir::TempDir) {
    let dir = tempdir::TempDir::new("hdemo").unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_herald"));
    command.arg("demo").arg("--dir").arg(dir.path());
    if let Some(variant) = variant {
        command.args(["--variant", variant]);
    }
    let output = command.output().expect("herald runs");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{variant:?}: {}\n{stdout}", String::from_utf8_lossy(&output.stderr));
    (stdout, dir)
}

/// The printed mails to `player`, in order: each from its rule line to the next.
fn mails_to<'a>(out: &'a str, player: &str) -> Vec<&'a str> {
    let rule = "=".repeat(78);
    out.split(&format!("{rule}\nMail "))
        .skip(1)
        .filter(|mail| mail.split_once('\n').is_some_and(|(head, _)| head.ends_with(&format!("to {player}"))))
        .collect()
}

/// What each player wrote, as the demo prints it (`>>> alice@... replies: e4`).
fn replies<'a>(out: &'a str, player: &str) -> Vec<&'a str> {
    out.lines().filter_map(|l| l.strip_prefix(&format!(">>> {player} replies: "))).collect()
}

/// The finished game's archive the demo left in `dir` (`game-N.json`).
fn archive_in(dir: &Path) -> serde_json::Value {
    let file = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("game-"))
        .expect("the archive");
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// The moves of an archive, as written.
fn notations(archive: &serde_json::Value) -> Vec<String> {
    archive["moves"].as_array().unwrap().iter().map(|m| m["notation"].as_str().unwrap().to_string()).collect()
}

/// A ninja's move that captures on both of its steps: `Je4xd5xc6`.
fn is_double_capture(notation: &str) -> bool {
    let Some(rest) = notation.strip_prefix('J') else { return false };
    let squares: Vec<&str> = rest.trim_end_matches(['+', '#']).split('x').collect();
    squares.len() == 3 && squares.iter().all(|s| s.len() >= 2 && s.as_bytes()[0].is_ascii_lowercase())
}

/// What makes `variant` itself, as the demo's archive and printed mails show it happened; a
/// description of what is missing otherwise.
fn signature_missing(variant: &str, archive: &serde_json::Value, out: &str) -> Option<&'static str> {
    let moves = notations(archive);
    let reason = archive["result"]["reason"].as_str().unwrap_or_default().to_string();
    let any = |f: &dyn Fn(&str) -> bool| moves.iter().any(|m| f(m));
    let commitment = |label: &str| {
        archive["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).cloned().unwrap_or_default()
    };
    let ok = match variant {
        "chess" => moves.last().is_some_and(|m| m.ends_with('#')) && reason.contains("checkmate"),
        // The Archbishop and the Chancellor each move.
        "capablanca" => any(&|m| m.starts_with('A')) && any(&|m| m.starts_with('C')),
        // Black's note opens by the rules (his uncrowned king taken), before the game ends.
        "crown" => {
            commitment("black.crown")["revealed_at_ply"].as_u64().is_some_and(|ply| (ply as usize) < moves.len())
        }
        // Stones dropped, and a mined one blows up the crowned monarch that takes it.
        "crown-2" => any(&|m| m.starts_with("S@")) && reason.contains("blown up by a mined stone"),
        // A crown hidden on a square, and found there.
        "crown-3" => any(&|m| m == "hide") && reason.contains("finding the hidden crown"),
        // The king split into its two halves, and the crowned one taken.
        "crown-4" => any(&|m| m.starts_with("W@") && m.contains(",F@")) && reason.contains("royal piece"),
        // Alice saw Black's pieces hidden (¿) while the game went on, and all of them at its end.
        "secret-intelligence" => {
            let alice = mails_to(out, "alice@players.example");
            let (last, before) = alice.split_last().unwrap();
            before.iter().any(|m| m.contains('¿')) && !last.contains('¿')
        }
        // Castling with a Guard's move first, in the numeric notation.
        "royal" => any(&|m| m.starts_with('C') && m.contains("-G")),
        // A pawn steps onto an enemy piece (a crowd forms), a piece joins it, a capture there is
        // refused.
        "safety-in-numbers" => {
            any(&|m| m == "e5-e4")
                && any(&|m| m == "Nc3-e4")
                && support::mime::unwrapped(out).contains("nothing on a crowded square can be captured")
        }
        "chess+ninja" | "capablanca+ninja" | "crown+ninja" | "crown-2+ninja" | "crown-3+ninja" | "crown-4+ninja" => {
            any(&|m| m.starts_with("J@")) && any(&|m| is_double_capture(m))
        }
        // The crown handed over, dropped, picked up, captured.
        "krithala" => {
            any(&|m| m.contains('>'))
                && any(&|m| m.contains('@'))
                && any(&|m| m.ends_with('^'))
                && reason.contains("capturing the crown")
        }
        "krithala+capablanca" => {
            any(&|m| m.contains('>')) && any(&|m| m.contains('@')) && reason.contains("capturing the crown")
        }
        "krithala+royal" => any(&|m| m.contains('>')),
        _ => return Some("no signature event is known for this variant: add one to this test"),
    };
    (!ok).then_some("the variant's signature event is not in the demo")
}

/// The links of an index page (`href="..."`).
fn links(index: &str) -> Vec<String> {
    index.split("href=\"").skip(1).map(|rest| rest.split('"').next().unwrap().replace("&amp;", "&")).collect()
}

/// Every file under `dir/mails`, as a path relative to `dir`.
fn mail_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for player in std::fs::read_dir(dir.join("mails")).unwrap() {
        let player = player.unwrap();
        for file in std::fs::read_dir(player.path()).unwrap() {
            let name = file.unwrap().file_name().to_string_lossy().into_owned();
            files.push(format!("mails/{}/{name}", player.file_name().to_string_lossy()));
        }
    }
    files.sort();
    files
}

#[test]
fn every_variants_demo_shows_what_makes_it_ends_verified_and_indexes_every_mail() {
    let ids: Vec<String> = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_herald")).arg("variants").output().expect("herald runs").stdout,
    )
    .unwrap()
    .lines()
    .map(|l| l.split_whitespace().next().unwrap().to_string())
    .collect();
    assert!(ids.len() >= 18, "{ids:?}");
    for id in &ids {
        let (out, dir) = demo_kept(Some(id));
        assert!(out.contains("\nverified\n"), "{id}: {out}");
        assert!(!out.contains("FAILED"), "{id}: {out}");
        // Moves by both, then the end: each player's last mail gives the result.
        assert!(replies(&out, "bob@players.example").len() >= 3, "{id}: {out}");
        for player in ["alice@players.example", "bob@players.example"] {
            let mails = mails_to(&out, player);
            let last = mails.last().unwrap_or_else(|| panic!("{id}: no mail to {player}"));
            assert!(["1-0", "0-1", "1/2-1/2"].iter().any(|r| last.contains(r)), "{id}: {player}'s last mail: {last}");
        }
        let archive = archive_in(dir.path());
        if let Some(missing) = signature_missing(id, &archive, &out) {
            panic!("{id}: {missing}: {:?} ({})\n{out}", notations(&archive), archive["result"]);
        }
        // The index links every mail file there is, the text and HTML of every mail, and
        // nothing that is not there.
        let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
        let linked = links(&index);
        for link in &linked {
            assert!(dir.path().join(link).is_file(), "{id}: index.html links {link}, which is not there");
        }
        let files = mail_files(dir.path());
        let pages: Vec<&String> = files.iter().filter(|f| !f.ends_with(".png")).collect();
        for file in &pages {
            assert!(linked.contains(file), "{id}: index.html does not link {file}");
        }
        for player in ["alice", "bob"] {
            let printed = mails_to(&out, &format!("{player}@players.example")).len();
            for kind in ["txt", "html"] {
                let count =
                    files.iter().filter(|f| f.starts_with(&format!("mails/{player}/")) && f.ends_with(kind)).count();
                assert_eq!(count, printed, "{id}: {player}'s .{kind} files");
            }
        }
        // Each HTML mail shows its pictures from files beside it, not from the mail's cid: links.
        for html in files.iter().filter(|f| f.ends_with(".html")) {
            let page = std::fs::read_to_string(dir.path().join(html)).unwrap();
            assert!(!page.contains("cid:"), "{id}: {html}");
        }
        assert!(
            out.contains(&format!("The mails, to open in a browser: {}", dir.path().join("index.html").display())),
            "{id}: {out}"
        );
    }
}

/// `--dir D` writes into D, made if missing; it refuses a folder holding anything else, in
/// words, and writes over an earlier demo's.
#[test]
fn the_demo_writes_into_its_folder_and_never_over_other_files() {
    let root = tempdir::TempDir::new("hdemo-dir").unwrap();
    let run = |dir: &Path| {
        Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(["demo", "--variant", "chess", "--dir"])
            .arg(dir)
            .output()
            .unwrap()
    };
    let fresh = root.path().join("new/demo");
    let out = run(&fresh);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fresh.join("index.html").is_file() && fresh.join("herald.db").is_file());
    assert!(mail_files(&fresh).iter().any(|f| f == "mails/alice/01.txt"));
    // Again into the same folder: the earlier demo's files are replaced, not added to.
    let again = run(&fresh);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    let archives = std::fs::read_dir(&fresh)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("game-"))
        .count();
    assert_eq!(archives, 1);

    let foreign = root.path().join("photos");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("holiday.jpg"), b"not a demo").unwrap();
    let refused = run(&foreign);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("is not empty (holiday.jpg)") && said.contains("--dir"), "{said}");
    assert_eq!(std::fs::read(foreign.join("holiday.jpg")).unwrap(), b"not a demo");
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 1, "nothing written beside it");
    // A demo's folder with a file of someone else's in it is refused too.
    std::fs::write(fresh.join("notes.txt"), b"mine").unwrap();
    let refused = run(&fresh);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("notes.txt"));
    assert!(fresh.join("notes.txt").is_file());
}

/// Without `--variant`: Crown. Black's note opens when his uncrowned king falls (3. Bxe8),
/// White's at the end; each opening's `printf ... | sha256sum` line, run by the real
/// `sha256sum`, gives the commitment both players were sent before the first move.
#[test]
fn the_default_demo_is_a_crown_game_whose_notes_open_and_check_out() {
    let out = demo(None);
    assert!(out.starts_with("herald demo: Crown game"), "{out}");
    let alice = mails_to(&out, "alice@players.example");
    let first_move = alice.iter().position(|m| m.contains("Bob played 1...")).expect("Bob's first move reaches Alice");
    for (label, value) in [("black.crown", "queen"), ("white.crown", "king")] {
        let opened = format!("{label} = {value}, nonce ");
        let (line, commitment, check) = support::mime::opening(&out, label).unwrap_or_else(|| panic!("{label}: {out}"));
        assert!(line.starts_with(&opened), "{line}");
        let commitment = commitment.as_str();
        assert_eq!(commitment.len(), 64, "{line}");
        // The commitment was mailed before the first move, and the value was not.
        assert!(alice[..first_move].iter().any(|m| m.contains(commitment)), "{label}'s commitment came late");
        assert!(alice[..first_move].iter().all(|m| !m.contains(&opened)), "{label} opened early");
        let hash = Command::new("sh").arg("-c").arg(check.trim()).output().expect("sh runs").stdout;
        assert_eq!(String::from_utf8(hash).unwrap().split_whitespace().next(), Some(commitment), "{check}");
    }
    // Black's note opens with 3. Bxe8, before the end.
    let bxe8 = alice.iter().position(|m| m.contains("Bxe8")).unwrap();
    assert!(alice[bxe8..alice.len() - 1].iter().any(|m| m.contains("black.crown = queen")), "{out}");
}

/// Secret Intelligence: Alice's mails never show Bob's moves as he wrote them until the game
/// is over; she reads ciphered entries instead.
#[test]
fn the_secret_intelligence_demo_ciphers_the_opponents_moves() {
    let out = demo(Some("secret-intelligence"));
    let bob_moves: Vec<&str> =
        replies(&out, "bob@players.example").into_iter().filter(|m| !m.starts_with("seed")).collect();
    assert_eq!(bob_moves.len(), 3, "{out}");
    let alice = mails_to(&out, "alice@players.example");
    for mail in &alice[..alice.len() - 1] {
        for mv in &bob_moves {
            assert!(!mail.contains(mv), "Bob's {mv} reached Alice unciphered:\n{mail}");
        }
    }
    assert!(alice.iter().any(|m| m.contains("Bob played 1... ") && m.contains(':')), "{out}");
}
