//! "Check this game": the script each game page of the club's site carries (`check.js`) checks
//! the game's archive in the reader's browser, here headless Chromium. Every variant's demo
//! game checks out; each kind of tampering the archive tests try is caught and named; a head
//! pasted from a player's mail is found at the move the mail says; and with scripts off the
//! page still reads, saying that the check needs JavaScript. What the script shows is compared
//! with what this file computes from README alone (SHA-256 and HMAC in Rust, the check
//! commands run by a shell, the Secret Intelligence setup by the independent Python reading),
//! never with the script's own output.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use herald::site::{self, Site};
use serde_json::Value;
use support::dom::{attribute, elements, strip_tags};
use support::hashes::{record_hash, sha256_hex};
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

// ---------------------------------------------------------------------------------------
// Chromium and the page it built

/// The DOM Chromium built from `page` opened at `#fragment` (`check` runs the check at once,
/// `head=HASH` also compares that head), once its scripts have run.
fn dom_at(page: &Path, fragment: &str) -> String {
    let url = PathBuf::from(format!("{}#{fragment}", page.display()));
    let dom = support::chromium::run(&url, &["--virtual-time-budget=20000".to_string(), "--dump-dom".to_string()]);
    assert!(dom.contains("</html>"), "chromium gave no DOM for {}: {dom}", page.display());
    dom
}

/// The check's verdict: its state (`ok`, `failed`) and what it says.
fn verdict(dom: &str) -> (String, String) {
    let (tag, text) = elements(dom, "output", "id=\"check-result\"").pop().expect("the check's result");
    (attribute(&tag, "data-state").unwrap_or_default(), text)
}

/// The failures the check lists: each its kind and its words.
fn failures(dom: &str) -> Vec<(String, String)> {
    elements(dom, "li", "class=\"failed\" data-check=")
        .into_iter()
        .map(|(tag, text)| (attribute(&tag, "data-check").unwrap(), text))
        .collect()
}

/// The head after each record, as the page lists them.
fn heads_shown(dom: &str) -> Vec<String> {
    elements(dom, "li", "data-head=").into_iter().map(|(tag, _)| attribute(&tag, "data-head").unwrap()).collect()
}

// ---------------------------------------------------------------------------------------
// README, computed here

fn hmac_hex(key: &str, message: &str) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

fn commitment_lines(archive: &Value, ply: u64) -> Vec<String> {
    let mut made: Vec<&Value> = archive["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["committed_at_ply"].as_u64().unwrap_or(0) == ply)
        .collect();
    made.sort_by(|a, b| a["label"].as_str().unwrap().as_bytes().cmp(b["label"].as_str().unwrap().as_bytes()));
    made.iter()
        .map(|c| format!("commitment:{}:{}", c["label"].as_str().unwrap(), c["hash"].as_str().unwrap()))
        .collect()
}

/// The head after each record of `archive`, from the genesis to the result: each record's
/// hash over its lines as README gives them.
fn expected_heads(archive: &Value) -> Vec<String> {
    let s = |v: &Value| v.as_str().unwrap().to_string();
    let mut genesis = vec![
        "herald-chain-v1".to_string(),
        format!("game:{}", archive["game"]),
        format!("variant:{}", s(&archive["variant"])),
        format!("white:{}", s(&archive["white"])),
        format!("black:{}", s(&archive["black"])),
        format!("start:{}", s(&archive["start"])),
    ];
    if let Some(t) = archive.get("tournament") {
        genesis.push(format!("tournament:{}:{}:{}", t["id"], t["round"], t["board"]));
    }
    genesis.extend(commitment_lines(archive, 0));
    let mut heads = vec![record_hash(&genesis)];
    for m in archive["moves"].as_array().unwrap() {
        let chained = m.get("sealed").unwrap_or(&m["notation"]);
        let mut lines = vec![
            "herald-move-v1".to_string(),
            format!("prev:{}", heads.last().unwrap()),
            format!("ply:{}", m["ply"]),
            format!("color:{}", s(&m["color"])),
            format!("number:{}", m["number"]),
            format!("move:{}", s(chained)),
        ];
        lines.extend(commitment_lines(archive, m["ply"].as_u64().unwrap()));
        heads.push(record_hash(&lines));
    }
    if let Some(r) = archive["result"].as_object() {
        heads.push(record_hash(&[
            "herald-result-v1".to_string(),
            format!("prev:{}", heads.last().unwrap()),
            format!("score:{}", r["score"].as_str().unwrap()),
            format!("reason:{}", r["reason"].as_str().unwrap()),
        ]));
    }
    heads
}

// ---------------------------------------------------------------------------------------
// Sites

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-checker-test").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The archive a page embeds for its check, read back as JSON.
fn embedded(html: &str) -> Value {
    let marker = "<script type=\"application/json\" id=\"archive-data\">";
    let start = html.find(marker).expect("the page embeds its archive") + marker.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// A copy of `page` beside it, named `name`, whose embedded archive `change` altered (written
/// as the site writes it: pretty JSON, `<` escaped).
fn tampered(page: &Path, name: &str, change: impl Fn(&mut Value)) -> PathBuf {
    let html = std::fs::read_to_string(page).unwrap();
    let mut archive = embedded(&html);
    change(&mut archive);
    let marker = "<script type=\"application/json\" id=\"archive-data\">";
    let start = html.find(marker).unwrap() + marker.len();
    let end = start + html[start..].find("</script>").unwrap();
    let json = serde_json::to_string_pretty(&archive).unwrap().replace('<', "\\u003c");
    let copy = page.with_file_name(name);
    std::fs::write(&copy, format!("{}{json}{}", &html[..start], &html[end..])).unwrap();
    copy
}

/// Runs `herald demo --variant variant` and builds the club's site from its database: the
/// site's folder and the game's page.
fn demo_site(variant: &str) -> (PathBuf, PathBuf) {
    let dir = out_dir(&format!("demo-{variant}"));
    let demo = dir.join("demo");
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["demo", "--variant", variant, "--dir"])
        .arg(&demo)
        .output()
        .unwrap();
    assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
    let config = dir.join("herald.yaml");
    std::fs::write(
        &config,
        format!("referee:\n  address: referee@club.example\ndatabase: {}\n", demo.join("herald.db").display()),
    )
    .unwrap();
    let site_dir = dir.join("site");
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("--config")
        .arg(&config)
        .args(["site", "build"])
        .arg(&site_dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
    (site_dir.clone(), site_dir.join("game-1.html"))
}

/// What every check of a page that checks out shows, computed here: the verdict `ok`, no
/// failure, the head after each record as README's records hash, and each opened
/// commitment's check command, which a shell runs to the commitment's hash.
fn assert_checks_out(what: &str, dir: &Path, page: &Path) -> String {
    let html = std::fs::read_to_string(page).unwrap();
    let archive = embedded(&html);
    let id = archive["game"].as_i64().unwrap();
    let file: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("game-{id}.json"))).unwrap()).unwrap();
    assert_eq!(archive, file, "{what}: the page checks the archive it offers");
    let dom = dom_at(page, "check");
    let (state, said) = verdict(&dom);
    assert_eq!(state, "ok", "{what}: {said}: {:?}", failures(&dom));
    assert!(failures(&dom).is_empty(), "{what}");
    assert_eq!(heads_shown(&dom), expected_heads(&archive), "{what}: the head after each record");
    assert_eq!(heads_shown(&dom).last(), archive["chain_head"].as_str().map(str::to_string).as_ref(), "{what}");
    let commands: Vec<String> = elements(&dom, "code", "class=\"check-command\"").into_iter().map(|(_, t)| t).collect();
    let opened: Vec<&Value> =
        archive["commitments"].as_array().unwrap().iter().filter(|c| !c["value"].is_null()).collect();
    assert_eq!(commands.len(), opened.len(), "{what}: a check command beside each opened commitment");
    for (command, c) in commands.iter().zip(&opened) {
        let preimage = format!(
            "herald-commitment-v1\ngame:{id}\nlabel:{}\nvalue:{}\nnonce:{}\n",
            c["label"].as_str().unwrap(),
            c["value"].as_str().unwrap(),
            c["nonce"].as_str().unwrap()
        );
        assert_eq!(sha256_hex(preimage.as_bytes()), c["hash"].as_str().unwrap(), "{what}: README's preimage");
        assert!(command.starts_with("printf '%s\\n' herald-commitment-v1 ") && command.ends_with(" | sha256sum"));
        let out = Command::new("bash").arg("-c").arg(command).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            format!("{}  -", c["hash"].as_str().unwrap()),
            "{command}"
        );
    }
    // It says what it did not check, and how to check that.
    let text = strip_tags(&dom);
    assert!(text.contains("does not check that each move was legal"), "{what}");
    assert!(text.contains(&format!("herald verify game-{id}.json")), "{what}");
    dom
}

/// `page` in a frame of a phone's width (390 px): its "Check this game" button pressed, and
/// once the check has answered, its state and how wide the page laid itself out (its scroll
/// width and the viewport's width); a screenshot is kept for a person to look at.
fn checked_on_a_phone(page: &Path, name: &str) -> (String, f64, f64) {
    let script = "var doc = frame.contentDocument; doc.getElementById('check-run').click(); var tries = 0; \
                  var timer = setInterval(function () { var r = doc.getElementById('check-result'); \
                  var state = r.getAttribute('data-state'); if (!state && ++tries < 400) return; \
                  clearInterval(timer); var out = document.createElement('pre'); out.id = 'measured'; \
                  out.textContent = (state || 'none') + ' ' + doc.documentElement.scrollWidth + ' ' + \
                  doc.documentElement.clientWidth; document.body.appendChild(out); }, 50);";
    let frame = support::chromium::framed(page, 390, 2600, script);
    let mut args = support::chromium::frame_args(390, 2600);
    args.push("--virtual-time-budget=30000".to_string());
    let mut dump = args.clone();
    dump.push("--dump-dom".to_string());
    let dom = support::chromium::run(&frame, &dump);
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    args.push(format!("--screenshot={}", shots.join(format!("{name}-phone.png")).display()));
    support::chromium::run(&frame, &args);
    let _ = std::fs::remove_file(&frame);
    let (_, measured) = elements(&dom, "pre", "id=\"measured\"").pop().expect("the frame's measurement");
    let words: Vec<&str> = measured.split_whitespace().collect();
    (words[0].to_string(), words[1].parse().unwrap(), words[2].parse().unwrap())
}

// ---------------------------------------------------------------------------------------

/// Every variant's demo game, finished, checks out in the browser: its commitments open, its
/// chain holds from the genesis to the head, and a Secret Intelligence game's setup and
/// ciphered entries come out of its opened seeds as README draws them.
#[test]
fn every_variants_demo_game_checks_out_in_the_browser() {
    let ids: Vec<&str> = herald::variants::all().iter().map(|v| v.id()).collect();
    assert!(ids.len() >= 18, "{ids:?}");
    for id in ids {
        let (dir, page) = demo_site(id);
        let dom = assert_checks_out(id, &dir, &page);
        let archive = embedded(&std::fs::read_to_string(&page).unwrap());
        assert!(!archive["result"].is_null(), "{id}: the demo game is over");
        assert!(archive.get("addresses").is_none(), "{id}: the site's archive leaves the addresses out");
        if id == "secret-intelligence" {
            secret_intelligence_checks(&page, &dom, &archive);
        }
        if ["secret-intelligence", "crown-2"].contains(&id) {
            // The check's report (hashes, commands, the setup) fits a phone's screen.
            let (state, scroll, viewport) = checked_on_a_phone(&page, &format!("check-{id}"));
            assert_eq!((state.as_str(), viewport), ("ok", 390.0), "{id}: the button runs the check");
            assert!(scroll <= viewport, "{id}: the checked page scrolls sideways ({scroll} px)");
        }
    }
}

/// The setup the page shows is the one README's procedure draws (the independent Python
/// reading), the cipher key is README's HMAC, and a true move changed after the fact (its
/// chained entry unchanged, so the chain still holds) is caught by its token.
fn secret_intelligence_checks(page: &Path, dom: &str, archive: &Value) {
    let seed = |label: &str| {
        archive["commitments"].as_array().unwrap().iter().find(|c| c["label"] == label).unwrap()["value"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (referee, white, black) = (seed("referee.seed"), seed("white.seed"), seed("black.seed"));
    let script = format!("{}/tests/fixtures/secret_intelligence_setup.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3").arg(script).args([&referee, &white, &black]).output().unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let board = printed.split_whitespace().nth(2).expect("the setup's board").to_string();
    let text = strip_tags(dom);
    assert!(text.contains(&format!("the board {board}.")), "the setup drawn is {board}:\n{text}");
    let key = hmac_hex(&referee, "cipher key");
    assert!(text.contains(&format!("The cipher key: {key}")), "{text}");
    for m in archive["moves"].as_array().unwrap() {
        let token = &hmac_hex(&key, &format!("{}:{}", m["ply"], m["notation"].as_str().unwrap()))[..6];
        assert!(m["sealed"].as_str().unwrap().starts_with(&format!("{token}:")));
    }
    // The chain links the sealed entries only: a changed true move breaks no hash, but its
    // token.
    let copy = tampered(page, "game-1-true-move.html", |a| {
        let m = &mut a["moves"][0];
        let notation = m["notation"].as_str().unwrap().to_string();
        m["notation"] =
            Value::from(notation.replacen(&notation[..1], if &notation[..1] == "N" { "B" } else { "N" }, 1));
    });
    let dom = dom_at(&copy, "check");
    assert_eq!(verdict(&dom).0, "failed");
    let kinds: Vec<String> = failures(&dom).into_iter().map(|(k, _)| k).collect();
    assert_eq!(kinds, ["cipher"], "{:?}", failures(&dom));
}

/// The tampering the archive tests try, each on the page's copy of a finished Crown game's
/// archive: the check fails, and names what was changed, each kind in its own words.
#[test]
fn each_kind_of_tampering_shows_its_own_failure() {
    let mut table = Table::deterministic("site-checker-tamper");
    let id = table.new_game("crown");
    table.play(&[
        (ALICE, "crown queen"),
        (BOB, "crown king"),
        (ALICE, "e4"),
        (BOB, "e5"),
        (ALICE, "Nf3"),
        (BOB, "Nc6"),
        (ALICE, "Bb5"),
        (BOB, "resign"),
    ]);
    let game = table.game_page(id);
    assert!(game.record.result.is_some() && game.record.commitments.iter().all(|c| c.revealed));
    let dir = out_dir("tamper");
    site::build(&Site::new("Tamper Club", Vec::new(), vec![game]), &dir).unwrap();
    let page = dir.join(format!("game-{id}.html"));
    assert_checks_out("the crown game", &dir, &page);

    type Tamper = (&'static str, fn(&mut Value), &'static str, &'static str);
    let tampers: &[Tamper] = &[
        (
            "a changed move",
            |a| a["moves"][2]["notation"] = Value::from("Nh3"),
            "record",
            "Move record 3 (2. Nh3) was changed",
        ),
        (
            "an opened value changed",
            |a| a["commitments"][1]["value"] = Value::from("king"),
            "commitment",
            "The commitment white.crown does not open",
        ),
        (
            "a record dropped",
            |a| {
                a["moves"].as_array_mut().unwrap().remove(2);
            },
            "link",
            "Move record 3 (2... Nc6) does not link to the record before it: a record was dropped",
        ),
        (
            "the last record dropped",
            |a| {
                a["moves"].as_array_mut().unwrap().pop();
            },
            "link",
            "The result record does not link to the last move: a record was dropped",
        ),
        (
            "the head edited",
            |a| {
                let head = a["chain_head"].as_str().unwrap().to_string();
                let first = if head.starts_with('0') { "1" } else { "0" };
                a["chain_head"] = Value::from(format!("{first}{}", &head[1..]));
            },
            "head",
            "is not the last record's hash",
        ),
        ("a changed result", |a| a["result"]["score"] = Value::from("0-1"), "record", "The result record was changed"),
        (
            "a changed start",
            |a| a["start"] = Value::from("8/8/8/8/8/8/8/K6k w - - 0 1"),
            "genesis",
            "The genesis record",
        ),
    ];
    let mut words = Vec::new();
    for (n, (what, change, kind, said)) in tampers.iter().enumerate() {
        let copy = tampered(&page, &format!("game-{id}-tampered-{n}.html"), change);
        let dom = dom_at(&copy, "check");
        let (state, verdict_text) = verdict(&dom);
        assert_eq!(state, "failed", "{what} went unnoticed: {verdict_text}");
        assert!(verdict_text.starts_with("FAILED"), "{what}: {verdict_text}");
        let found = failures(&dom);
        assert!(
            found.iter().any(|(k, text)| k == kind && text.contains(said)),
            "{what}: the failure should be {kind:?}, {said:?}: {found:?}"
        );
        // The record that was not changed is not blamed: only a dropped record's later
        // moves, or its dates of opening, fail beside it.
        let allowed: &[&str] = match *kind {
            "link" => &["link", "structure"],
            other => &[other],
        };
        for (k, text) in &found {
            assert!(allowed.contains(&k.as_str()), "{what}: also failed {k}: {text}");
        }
        words.push(found.iter().find(|(k, _)| k == kind).unwrap().1.clone());
    }
    // A failed check's report fits a phone's screen too.
    let (state, scroll, viewport) = checked_on_a_phone(&dir.join(format!("game-{id}-tampered-2.html")), "check-failed");
    assert_eq!((state.as_str(), viewport), ("failed", 390.0));
    assert!(scroll <= viewport, "the failed check scrolls sideways ({scroll} px)");
    let mut distinct = words.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), words.len(), "each tamper in its own words: {words:#?}");
}

/// The head a player's mail printed ("Move log: N moves recorded, head: HASH") matches at move
/// N; the head of the last mail, after the end, matches the result; any other does not.
#[test]
fn a_head_from_a_players_mail_matches_at_its_move() {
    let mut table = Table::deterministic("site-checker-heads");
    let id = table.new_game("chess");
    table.scholars_mate(ALICE, BOB);
    let game = table.game_page(id);
    let dir = out_dir("heads");
    site::build(&Site::new("Heads Club", Vec::new(), vec![game]), &dir).unwrap();
    let page = dir.join(format!("game-{id}.html"));
    let archive = embedded(&std::fs::read_to_string(&page).unwrap());
    let heads = expected_heads(&archive);

    // Each mail's head with the number of moves it says were recorded.
    let mut mailed: Vec<(String, usize)> = Vec::new();
    for raw in table.mails(BOB) {
        let text = support::mime::plain_text(&raw);
        let Some(head) = support::mime::chain_head(&text) else { continue };
        let line = text.lines().find(|l| l.starts_with("Move log: ")).unwrap();
        let n: usize = line["Move log: ".len()..].split_whitespace().next().unwrap().parse().unwrap();
        mailed.push((head, n));
    }
    assert!(mailed.len() >= 4, "{mailed:?}");
    let last = mailed.last().unwrap().clone();
    assert_eq!(&last.0, heads.last().unwrap(), "the last mail carries the result's head");
    let mut tried = vec![mailed[0].clone(), mailed[mailed.len() / 2].clone()];
    tried.dedup();
    for (head, n) in &tried {
        assert_ne!(head, heads.last().unwrap());
        let dom = dom_at(&page, &format!("head={head}"));
        let (tag, text) = elements(&dom, "output", "id=\"check-head-result\"").pop().unwrap();
        assert_eq!(attribute(&tag, "data-match").as_deref(), Some(n.to_string().as_str()), "{text}");
        assert!(text.starts_with(&format!("Matches at move {n}:")), "{text}");
    }
    // The last mail's head, pasted with the words around it and in capitals.
    let pasted = format!("head: {}", last.0.to_uppercase());
    let dom = dom_at(&page, &format!("head={}", pasted.replace(' ', "%20")));
    let (tag, text) = elements(&dom, "output", "id=\"check-head-result\"").pop().unwrap();
    assert_eq!(attribute(&tag, "data-match").as_deref(), Some("result"), "{text}");
    assert!(text.starts_with(&format!("Matches at move {}:", last.1)) && text.contains("the result"), "{text}");
    // A head of no record of this game, and one of another game, do not match.
    let flipped = format!("{}{}", &last.0[..63], if last.0.ends_with('0') { "1" } else { "0" });
    for head in [flipped, sha256_hex(b"another game")] {
        let dom = dom_at(&page, &format!("head={head}"));
        let (tag, text) = elements(&dom, "output", "id=\"check-head-result\"").pop().unwrap();
        assert_eq!(attribute(&tag, "data-match").as_deref(), Some("none"), "{text}");
        assert!(text.starts_with("Does not match"), "{text}");
    }
}

/// Games with secrets while they go on: the page embeds the public archive only (what
/// game-N.json holds: hashes, no sealed value or nonce), and the check runs on it.
#[test]
fn a_game_in_play_with_secrets_is_checked_on_its_public_archive() {
    let mut table = Table::deterministic("site-checker-sealed");
    let crown = table.new_game("crown");
    table.play(&[(ALICE, "crown queen"), (BOB, "crown king"), (ALICE, "e4"), (BOB, "d5"), (ALICE, "exd5")]);
    let intelligence = table.new_game("secret-intelligence");
    table.play(&[(ALICE, "seed alice-7"), (BOB, "seed bob-42")]);
    let games = vec![table.game_page(crown), table.game_page(intelligence)];
    let dir = out_dir("sealed");
    site::build(&Site::new("Sealed Club", Vec::new(), games.clone()), &dir).unwrap();
    for game in &games {
        let id = game.record.id;
        let page = dir.join(format!("game-{id}.html"));
        let html = std::fs::read_to_string(&page).unwrap();
        for c in &game.record.commitments {
            assert!(!c.revealed, "game {id}: {} is sealed", c.commitment.label);
            assert!(!html.contains(&c.commitment.nonce), "game {id}: the nonce of {}", c.commitment.label);
        }
        let dom = assert_checks_out(&game.record.variant, &dir, &page);
        let sealed = elements(&dom, "li", "data-label=");
        assert_eq!(sealed.len(), game.record.commitments.len());
        assert!(sealed.iter().all(|(_, text)| text.contains("sealed")), "{sealed:?}");
    }
}

/// With scripts off the game page reads as before (players, moves, the chain head, how to run
/// `herald verify`), its check section says the check needs JavaScript, and no button or
/// empty box of the check shows; with scripts on, before the check runs, the note is gone.
#[test]
fn without_javascript_the_page_reads_and_says_the_check_needs_it() {
    let mut table = Table::deterministic("site-checker-nojs");
    let id = table.new_game("chess");
    table.play(&[(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nf3"), (BOB, "resign")]);
    let game = table.game_page(id);
    let dir = out_dir("nojs");
    site::build(&Site::new("Quiet Club", Vec::new(), vec![game.clone()]), &dir).unwrap();
    let page = dir.join(format!("game-{id}.html"));
    // Headless Chromium's DOM dump itself needs scripts, so scripts are turned off as a
    // browser with JavaScript disabled treats the page: none of its scripts runs.
    let html = std::fs::read_to_string(&page).unwrap();
    let off = dir.join(format!("game-{id}-no-scripts.html"));
    std::fs::write(
        &off,
        html.replacen(
            "<head>",
            "<head>\n<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">",
            1,
        ),
    )
    .unwrap();
    let dom = dom_at(&off, "check");
    assert!(elements(&dom, "p", "id=\"check-needs-js\"").iter().all(|(tag, _)| !tag.contains("hidden")));
    let (_, note) = elements(&dom, "p", "id=\"check-needs-js\"").pop().unwrap();
    assert!(note.contains("needs JavaScript"), "{note}");
    let (ui, _) = elements(&dom, "div", "id=\"check-ui\"").pop().unwrap();
    assert!(ui.contains("hidden"), "the check's button is hidden without scripts: {ui}");
    let (state, said) = verdict(&dom);
    assert!(state.is_empty() && said.is_empty(), "nothing ran: {state} {said}");
    let text = strip_tags(&dom[dom.find("<body").unwrap()..]);
    for needed in
        ["e4", "Nf3", "White wins by resignation", "herald verify game-", game.record.chain_head.as_deref().unwrap()]
    {
        assert!(text.contains(needed), "{needed} in {text}");
    }
    let shot = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-screenshots/game-check-no-javascript.png");
    std::fs::create_dir_all(shot.parent().unwrap()).unwrap();
    let frame = support::chromium::framed(&off, 390, 2600, "");
    let mut args = support::chromium::frame_args(390, 2600);
    args.push(format!("--screenshot={}", shot.display()));
    support::chromium::run(&frame, &args);
    let _ = std::fs::remove_file(&frame);
    assert!(std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0) > 1000, "a screenshot without scripts");

    // Scripts on: the note goes, the button shows, nothing runs until asked.
    let dom = dom_at(&page, "");
    let (tag, _) = elements(&dom, "p", "id=\"check-needs-js\"").pop().unwrap();
    assert!(tag.contains("hidden"), "{tag}");
    let (ui, _) = elements(&dom, "div", "id=\"check-ui\"").pop().unwrap();
    assert!(!ui.contains("hidden"), "{ui}");
    assert!(verdict(&dom).0.is_empty(), "the check waits for its button");
}

/// The script fetches nothing and links nowhere: the archive it checks is the page's own copy.
/// Serves the files of `dir` over plain HTTP on 127.0.0.1 (a request's path is a file's name
/// in it) until the test ends; the port.
fn serve_over_http(dir: &Path) -> u16 {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            let request = String::from_utf8_lossy(&request);
            let path = request.split_whitespace().nth(1).unwrap_or("/").split(['?', '#']).next().unwrap_or("/");
            let name = path.trim_start_matches('/');
            let file = (!name.is_empty() && !name.contains("..")).then(|| std::fs::read(dir.join(name)).ok()).flatten();
            let (status, kind, body) = match file {
                Some(body) if name.ends_with(".html") => ("200 OK", "text/html; charset=utf-8", body),
                Some(body) if name.ends_with(".js") => ("200 OK", "text/javascript", body),
                Some(body) => ("200 OK", "application/octet-stream", body),
                None => ("404 Not Found", "text/plain", b"not here".to_vec()),
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
        }
    });
    port
}

/// Served over plain HTTP from a host that is not the reader's own machine, a page is no
/// "secure context", and browsers then offer no WebCrypto: the check says it cannot check
/// and points to `herald verify`, as README says, rather than failing or claiming anything.
/// The same page from the same server at 127.0.0.1 (which browsers count as secure) checks
/// out, so it is the address that made the difference.
#[test]
fn over_plain_http_the_check_says_it_cannot_check_and_points_to_herald_verify() {
    let (dir, _) = demo_site("crown");
    let port = serve_over_http(&dir);
    let dom_of = |host: &str| {
        let dom = support::chromium::run_url(
            &format!("http://{host}:{port}/game-1.html#check"),
            &[
                "--host-resolver-rules=MAP club.example 127.0.0.1".to_string(),
                "--virtual-time-budget=20000".to_string(),
                "--dump-dom".to_string(),
            ],
        );
        assert!(dom.contains("id=\"check-result\""), "chromium gave no page from {host}: {dom}");
        dom
    };
    let (state, said) = verdict(&dom_of("club.example"));
    assert_eq!(state, "unavailable", "{said}");
    assert!(said.contains("HTTPS") && said.contains("herald verify"), "{said}");
    let (state, said) = verdict(&dom_of("127.0.0.1"));
    assert_eq!(state, "ok", "{said}");
}

#[test]
fn the_check_script_fetches_nothing() {
    let script = site::CHECK_SCRIPT;
    for word in ["fetch(", "XMLHttpRequest", "http://", "https://", "import(", "innerHTML", "eval("] {
        assert!(!script.contains(word), "check.js holds {word}");
    }
}
