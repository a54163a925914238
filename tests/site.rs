//! The club's static site as a person sees it: real games played through the referee (an open
//! chess game to mate, Royal Chess on its 10x8 numbered board, a Safety in Numbers crowd,
//! Crown finished and going on, Secret Intelligence going on) and hand-made tournaments are
//! built into a site, which headless Chromium renders. The tests read Chromium's DOM, never
//! the templates' output, and keep screenshots at phone and desktop widths under
//! `target/site-screenshots/` for a person to look at.

use crate::support;

use std::path::{Path, PathBuf};

use herald::engine::Color;
use herald::referee::archive::Archive;
use herald::site::{self, GamePage, LeaveOut, Site, TournamentPage};
use herald::tournament::standings::{Standing, TieBreak, TieBreakValue};
use herald::tournament::{Entrant, Finish, Pairing, Points, Score, System};
use herald::variants::{self, Cell, Observer, View};
use support::dom::{strip_tags, texts_of};
use support::hashes::record_hash;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

// ---------------------------------------------------------------------------------------
// Chromium

/// The DOM Chromium built from `page`.
fn dom(page: &Path) -> String {
    let dom = support::chromium::run(page, &["--dump-dom".to_string()]);
    assert!(dom.contains("</html>"), "chromium gave no DOM for {}: {dom}", page.display());
    dom
}

/// Screenshots of `page` at a phone's and a desktop's width, kept for a person to look at (in
/// a frame of that width: headless Chromium's window is at least 500 px wide).
fn screenshots(page: &Path, name: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let mut shots = Vec::new();
    for (label, width, height) in [("phone", 390, 2600), ("desktop", 1280, 1800)] {
        let file = dir.join(format!("{name}-{label}.png"));
        let _ = std::fs::remove_file(&file);
        let frame = support::chromium::framed(page, width, height, "");
        let mut args = support::chromium::frame_args(width, height);
        args.push(format!("--screenshot={}", file.display()));
        support::chromium::run(&frame, &args);
        let _ = std::fs::remove_file(&frame);
        let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1000, "no screenshot of {} at {width} px", page.display());
        shots.push(file);
    }
    shots
}

// ---------------------------------------------------------------------------------------
// Reading the DOM (Chromium's serialisation: attributes in double quotes, text escaped)

/// The visible text of the page: the body without tags (and without the SVGs' hidden titles,
/// which are text too: they are kept, since a screen reader reads them).
fn body_text(dom: &str) -> String {
    let body = &dom[dom.find("<body").unwrap()..];
    strip_tags(body)
}

fn count(dom: &str, needle: &str) -> usize {
    dom.matches(needle).count()
}

// ---------------------------------------------------------------------------------------
// Games played through the referee

/// The full current state of a stored game, for the tests to compare the pages against.
fn full_game(page: &GamePage) -> Box<dyn variants::VariantGame> {
    variants::by_id(&page.record.variant).unwrap().restore(&page.record.snapshot).unwrap()
}

/// Plays `plies` moves of a Secret Intelligence game, each the first legal move its mover's
/// view lists (as a player reading the mail would choose).
fn play_listed_moves(table: &mut Table, id: i64, plies: usize) {
    for _ in 0..plies {
        let game = full_game(&table.game_page(id));
        let turn = game.turn();
        let listed = game.view(Observer::Player(turn)).legal_moves.expect("Secret Intelligence lists moves");
        let choice = listed.iter().find(|m| !m.contains('x')).unwrap_or(&listed[0]).clone();
        table.reply(if turn == Color::White { ALICE } else { BOB }, &choice);
    }
}

struct Club {
    table: Table,
    chess: i64,
    royal: i64,
    crowd: i64,
    crown_over: i64,
    intelligence: i64,
}

fn club() -> Club {
    let mut table = Table::deterministic("site");
    let chess = table.new_game("chess");
    table.scholars_mate(ALICE, BOB);
    let royal = table.new_game("royal");
    table.play(&[(ALICE, "54"), (BOB, "N-76"), (ALICE, "44"), (BOB, "86")]);
    let crowd = table.new_game("safety-in-numbers");
    table.play(&[(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nc3"), (BOB, "e5-e4"), (ALICE, "Nc3-e4")]);
    let crown_over = table.new_game("crown");
    table.play(&[
        (ALICE, "crown queen"),
        (BOB, "crown king"),
        (ALICE, "e4"),
        (BOB, "e5"),
        (ALICE, "Nf3"),
        (BOB, "resign"),
    ]);
    let intelligence = table.new_game("secret-intelligence");
    table.play(&[(ALICE, "seed alice-7"), (BOB, "seed bob-42")]);
    play_listed_moves(&mut table, intelligence, 4);
    Club { table, chess, royal, crowd, crown_over, intelligence }
}

/// A round robin of four, three rounds played, and a Swiss of three with a bye and a forfeit.
fn tournaments(chess_game: i64, crown_game: i64) -> Vec<TournamentPage> {
    let entrant = |number: u32, name: &str| Entrant {
        number,
        email: format!("p{number}@players.test"),
        name: name.to_string(),
        rating: None,
        withdrawn_after: None,
    };
    let score = |white: u32, black: u32, finish: Finish| Score { white: Points(white), black: Points(black), finish };
    let pairing = |round: u32, board: u32, white: u32, black: Option<u32>, score: Option<Score>, game: Option<i64>| {
        Pairing { round, board, white, black, score, game }
    };
    let round_robin = TournamentPage {
        id: 1,
        name: "Autumn Cup <2026> & friends".to_string(),
        variant: "chess".to_string(),
        system: System::RoundRobin,
        rounds_total: 3,
        entrants: vec![
            entrant(1, "Alice"),
            entrant(2, "Bob"),
            entrant(3, "Zoë \"Z\" <b>O'Neil</b> & Co"),
            entrant(4, "Dmitri"),
        ],
        pairings: vec![
            pairing(1, 1, 1, Some(2), Some(score(1000, 0, Finish::Played)), Some(chess_game)),
            pairing(1, 2, 3, Some(4), Some(score(500, 500, Finish::Played)), None),
            pairing(2, 1, 2, Some(3), Some(score(0, 1000, Finish::OnTime)), None),
            pairing(2, 2, 4, Some(1), Some(score(500, 500, Finish::Played)), None),
            pairing(3, 1, 1, Some(3), Some(score(1000, 0, Finish::Played)), Some(crown_game)),
            pairing(3, 2, 2, Some(4), None, None),
        ],
        // By hand: Alice 1 + ½ + 1, Zoë ½ + 1 + 0, Dmitri ½ + ½, Bob 0 + 0.
        standings: vec![
            standing(&[TieBreak::SonnebornBerger, TieBreak::Wins], 1, 1, 2500, &[1500, 2000], 3),
            standing(&[TieBreak::SonnebornBerger, TieBreak::Wins], 3, 2, 1500, &[500, 1000], 3),
            standing(&[TieBreak::SonnebornBerger, TieBreak::Wins], 4, 3, 1000, &[1250, 0], 2),
            standing(&[TieBreak::SonnebornBerger, TieBreak::Wins], 2, 4, 0, &[0, 0], 2),
        ],
        tiebreaks: vec![TieBreak::SonnebornBerger, TieBreak::Wins],
        finished: false,
        created_at: "2026-09-01T18:00:00Z".parse().unwrap(),
        drawn_colour: Some(Color::White),
        pab_points: None,
    };
    let swiss = TournamentPage {
        id: 2,
        name: "Winter Swiss".to_string(),
        variant: "royal".to_string(),
        system: System::Swiss,
        rounds_total: 3,
        // Carla gave no name: the store keeps her address as her name.
        entrants: vec![entrant(1, "Alice"), entrant(2, "Bob"), entrant(3, "p3@players.test")],
        pairings: vec![
            pairing(1, 1, 2, Some(3), Some(score(300, 700, Finish::Played)), None),
            pairing(1, 2, 1, None, Some(score(1000, 0, Finish::Played)), None),
            pairing(2, 1, 3, Some(1), Some(score(0, 1000, Finish::Forfeit)), None),
            pairing(2, 2, 2, None, Some(score(1000, 0, Finish::Played)), None),
        ],
        standings: vec![
            standing(&[TieBreak::Buchholz], 1, 1, 2000, &[700], 2),
            standing(&[TieBreak::Buchholz], 2, 2, 1300, &[700], 2),
            standing(&[TieBreak::Buchholz], 3, 3, 700, &[1300], 2),
        ],
        tiebreaks: vec![TieBreak::Buchholz],
        finished: false,
        created_at: "2026-10-15T09:30:00Z".parse().unwrap(),
        drawn_colour: Some(Color::Black),
        pab_points: Some(Points::ONE),
    };
    vec![round_robin, swiss]
}

/// A standing written by hand; tie-break values in thousandths, of the tie-breaks `kinds`.
fn standing(kinds: &[TieBreak], number: u32, rank: u32, points: u32, tiebreaks: &[u32], games: u32) -> Standing {
    let tiebreaks = kinds
        .iter()
        .zip(tiebreaks)
        .map(|(&tiebreak, &t)| TieBreakValue { tiebreak, millionths: u64::from(t) * 1000 })
        .collect();
    Standing { number, rank, points: Points(points), tiebreaks, games }
}

fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-test").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What a crosstable cell shows for `points` of a game played over the board: the test's own
/// reading of the conventions (1, ½, 0).
fn expected_symbol(mine: u32, theirs: u32, finish: Finish) -> String {
    match finish {
        Finish::Played => match mine {
            1000 => "1".into(),
            500 => "½".into(),
            0 => "0".into(),
            other => format!("{}", other as f64 / 1000.0),
        },
        _ if mine > theirs => "+".into(),
        _ if mine < theirs => "-".into(),
        _ => "=".into(),
    }
}

fn pieces_in(view: &View) -> (usize, usize, usize) {
    let mut counts = (0, 0, 0);
    for (_, cell) in &view.cells {
        match cell {
            Cell::Piece(..) | Cell::Crowned(..) => counts.0 += 1,
            Cell::Hidden(..) => counts.1 += 1,
            Cell::Crowd(_) => counts.2 += 1,
            Cell::Empty | Cell::Crown(_) => {}
        }
    }
    counts
}

// ---------------------------------------------------------------------------------------

#[test]
fn a_club_site_shows_tournaments_and_games_as_a_reader_sees_them() {
    let mut club = club();
    let ids = [club.chess, club.royal, club.crowd, club.crown_over, club.intelligence];
    let mut games: Vec<GamePage> = ids.iter().map(|&id| club.table.game_page(id)).collect();
    games[0].tournament = Some((1, 1));
    games[3].tournament = Some((1, 3));
    // A name from outside, with markup in it, must read as text.
    games[1].record.white.name = Some("Zoë <script>alert(1)</script> & \"Co\"".to_string());
    // Names are not in the chain: a game's players named, one by a mail program's habit of
    // repeating the address as the name.
    games[0].record.white.name = Some("Alice Archer".to_string());
    games[0].record.black.name = Some("Bob Brown".to_string());
    games[2].record.black.name = Some(format!("\"{BOB}\""));
    let site_input = Site::new("Herald Chess Club", tournaments(club.chess, club.crown_over), games.clone());
    let dir = out_dir("club");
    let written = site::build(&site_input, &dir).unwrap();
    for name in ["index.html", "style.css", "check.js", "tournament-1.html", "tournament-2.html"] {
        assert!(written.contains(&dir.join(name)), "{name} written");
    }
    for id in ids {
        assert!(dir.join(format!("game-{id}.html")).exists());
        assert!(dir.join(format!("game-{id}.json")).exists());
    }
    // No mail address is anywhere in the site, its archives included: every archive is one a
    // stranger can check (herald's verifier, the schema, and the verifier written from README).
    let addresses: Vec<String> =
        [ALICE.to_string(), BOB.to_string()].into_iter().chain((1..=4).map(|n| format!("p{n}@players.test"))).collect();
    for path in &written {
        let text = std::fs::read_to_string(path).unwrap();
        for address in &addresses {
            assert!(!text.to_lowercase().contains(address), "{} publishes {address}", path.display());
        }
        assert!(!text.contains("players.test"), "{} publishes an address's domain", path.display());
        if path.extension().is_some_and(|e| e == "json") {
            support::archive_schema::check(&text);
            let archive: Archive = serde_json::from_str(&text).unwrap();
            let report = herald::referee::archive::verify(&archive);
            assert!(report.ok(), "{}: {:?}", path.display(), report.failed);
            readme_verifier(path);
        }
    }
    // Nothing is fetched from elsewhere, and the only script is the check's, from a file
    // beside the pages, over the archive the page embeds (tests/site_checker.rs).
    // (The PGN and TRF files are plain text, where a name is what it is.)
    for path in written.iter().filter(|p| p.extension().is_none_or(|e| e != "pgn" && e != "trf")) {
        let text = std::fs::read_to_string(path).unwrap();
        for (at, _) in text.match_indices("<script") {
            let tag = &text[at..at + text[at..].find('>').unwrap() + 1];
            assert!(
                tag == "<script type=\"application/json\" id=\"archive-data\">"
                    || tag == "<script src=\"check.js\" defer>",
                "{} has a script {tag}",
                path.display()
            );
        }
        if path.extension().is_some_and(|e| e == "html") && text.contains("id=\"archive-data\"") {
            let id = path.file_stem().unwrap().to_string_lossy().trim_start_matches("game-").to_string();
            let json = std::fs::read_to_string(path.with_file_name(format!("game-{id}.json"))).unwrap();
            let start = text.find("id=\"archive-data\">").unwrap() + "id=\"archive-data\">".len();
            let end = start + text[start..].find("</script>").unwrap();
            let embedded: serde_json::Value = serde_json::from_str(&text[start..end]).unwrap();
            assert_eq!(embedded, serde_json::from_str::<serde_json::Value>(&json).unwrap(), "{}", path.display());
        }
        assert!(
            // The namespaces of SVG and Atom name, they are not fetched.
            !text
                .replace("http://www.w3.org/2000/svg", "")
                .replace("http://www.w3.org/2005/Atom", "")
                .contains("http://"),
            "{} links outside",
            path.display()
        );
        assert!(!text.contains("https://"), "{} links outside", path.display());
    }

    // The index lists the tournaments and every game.
    let index = dom(&dir.join("index.html"));
    let index_text = body_text(&index);
    assert!(index_text.contains("Herald Chess Club"));
    assert!(index_text.contains("Autumn Cup <2026> & friends") && index_text.contains("Winter Swiss"));
    for id in ids {
        assert!(index.contains(&format!("href=\"game-{id}.html\"")), "game {id} listed");
    }
    assert!(!index.contains("<script>alert"), "names are escaped");
    assert!(index_text.contains("Zoë <script>alert(1)</script> & \"Co\""), "and still read as written");
    screenshots(&dir.join("index.html"), "index");

    check_commitments_page(&dir);
    check_round_robin(&dir, &site_input.tournaments[0], &ids);
    check_swiss(&dir, &site_input.tournaments[1]);
    for (page, name) in games.iter().zip(["chess", "royal", "crowd", "crown-finished", "intelligence"]) {
        check_game(&dir, page, name);
    }
}

/// The page on commitments, which every page's footer links to: README's worked example (game
/// 42, White crowned the king, the nonce 00 01 ... 0f), whose check command, run as a reader
/// would copy it from the page, prints README's hash.
fn check_commitments_page(dir: &Path) {
    const README_HASH: &str = "83dce2f7d172ae20af538f738642a12ee7ffb78a2f2f60478be6becb3bf70646";
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("href=\"commitments.html\""), "the footer links to the page on commitments");
    let page = dom(&dir.join("commitments.html"));
    let text = body_text(&page);
    for line in
        ["herald-commitment-v1", "game:42", "label:white.crown", "value:king", "nonce:000102030405060708090a0b0c0d0e0f"]
    {
        assert!(text.contains(line), "the page shows the line {line:?} of what is hashed:\n{text}");
    }
    let command = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("$ "))
        .expect("the page shows the command that checks the example");
    let out = std::process::Command::new("bash").arg("-c").arg(command).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), format!("{README_HASH}  -"), "{command}");
    assert!(text.contains(&format!("{README_HASH}  -")), "the page shows the hash the command prints");
    screenshots(&dir.join("commitments.html"), "commitments");
}

fn check_round_robin(dir: &Path, t: &TournamentPage, games: &[i64]) {
    let page = dir.join("tournament-1.html");
    let dom = dom(&page);
    let text = body_text(&dom);
    assert!(text.contains("Autumn Cup <2026> & friends"));
    assert!(!dom.contains("<b>O'Neil</b>"), "an entrant's name is text, not markup");
    // Standings: each line's rank, name and points, in order, with the tie-break columns.
    let lines = texts_of(&dom, "tr", "");
    let standings: Vec<&String> = lines.iter().filter(|l| l.contains("Alice") || l.contains("Dmitri")).collect();
    assert!(!standings.is_empty());
    let headers = texts_of(&dom, "abbr", "title=\"Sonneborn-Berger\"");
    assert_eq!(headers, ["SB"]);
    assert_eq!(texts_of(&dom, "abbr", "title=\"Number of wins\""), ["Wins"]);
    let points: Vec<String> = texts_of(&dom, "td", "class=\"points\"");
    // Standings' points then the crosstable's, both in the standings' order.
    let expected: Vec<String> = t.standings.iter().map(|s| s.points.to_string()).collect();
    assert_eq!(points[..4], expected[..]);
    assert_eq!(points[4..], expected[..]);

    // The crosstable: for each pairing with a result, the row player's cell against the column
    // player holds the row player's result, and the opposite cell the opponent's.
    let order: Vec<u32> = t.standings.iter().map(|s| s.number).collect();
    let table_start = dom.find("<table class=\"crosstable square\"").expect("a square crosstable");
    let table = &dom[table_start..table_start + dom[table_start..].find("</table>").unwrap()];
    let rows: Vec<&str> = table.split("<tr>").skip(2).collect();
    assert_eq!(rows.len(), order.len());
    let cells_of = |row: &str| -> Vec<String> {
        row.split("<td").skip(1).map(|cell| strip_tags(&format!("<td{cell}"))).collect::<Vec<_>>()
    };
    for (i, row) in rows.iter().enumerate() {
        let cells = cells_of(row);
        // Line number, name, one cell per player, points.
        assert_eq!(cells.len(), order.len() + 3, "row {i}: {cells:?}");
        assert_eq!(cells[i + 2], "", "the diagonal is empty");
        assert!(row.contains("class=\"own\""));
    }
    for p in &t.pairings {
        let (Some(black), white) = (p.black, p.white) else { continue };
        let row_w = order.iter().position(|&n| n == white).unwrap();
        let row_b = order.iter().position(|&n| n == black).unwrap();
        let (in_white_row, in_black_row) = match p.score {
            Some(s) => {
                (expected_symbol(s.white.0, s.black.0, s.finish), expected_symbol(s.black.0, s.white.0, s.finish))
            }
            None => ("·".to_string(), "·".to_string()),
        };
        assert_eq!(cells_of(rows[row_w])[row_b + 2], in_white_row, "round {} {white}-{black}", p.round);
        assert_eq!(cells_of(rows[row_b])[row_w + 2], in_black_row, "round {} {white}-{black}", p.round);
        if let Some(game) = p.game.filter(|g| games.contains(g)) {
            assert!(rows[row_w].contains(&format!("href=\"game-{game}.html\"")), "the result links to its game");
        }
    }
    // Each round's pairings, with their results and links to the games.
    for round in 1..=3 {
        assert!(dom.contains(&format!("id=\"round-{round}\"")), "round {round}");
    }
    let results = texts_of(&dom, "td", "class=\"result\"");
    assert_eq!(results.len(), t.pairings.len());
    assert_eq!(results[0], "1 – 0");
    assert_eq!(results[1], "½ – ½");
    assert_eq!(results[2], "- – + on time", "a loss on time");
    assert_eq!(results[5], "to be played");
    screenshots(&page, "tournament-round-robin");
}

fn check_swiss(dir: &Path, t: &TournamentPage) {
    let page = dir.join("tournament-2.html");
    let dom = dom(&page);
    assert!(dom.contains("<table class=\"crosstable swiss\""));
    let text = body_text(&dom);
    assert!(text.contains("Royal Chess") && text.contains("Swiss"));
    // Round 1: Bob (line 2) scored 0.3 with White against Carla (line 3); Alice had the bye.
    let table_start = dom.find("<table class=\"crosstable swiss\"").unwrap();
    let table = &dom[table_start..table_start + dom[table_start..].find("</table>").unwrap()];
    let rows: Vec<String> = table.split("<tr>").skip(2).map(strip_tags).collect();
    assert_eq!(rows.len(), t.entrants.len());
    assert!(rows[0].contains("bye 1") && rows[0].contains("3b+"), "{}", rows[0]);
    assert!(rows[1].contains("3w0.3"), "{}", rows[1]);
    assert!(rows[2].contains("2b0.7") && rows[2].contains("1w-"), "{}", rows[2]);
    let results = texts_of(&dom, "td", "class=\"result\"");
    assert!(
        results.contains(&"0.3 – 0.7".to_string()) && results.contains(&"- – + by forfeit".to_string()),
        "{results:?}"
    );
    screenshots(&page, "tournament-swiss");
}

/// Runs the verifier written from README alone (tests/fixtures/verify_archive.py) on `path`.
fn readme_verifier(path: &Path) {
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3").arg(script).arg(path).output().expect("python3 runs");
    assert!(
        out.status.success(),
        "README's verifier refuses {}:\n{}",
        path.display(),
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The `commitment:` lines of the commitments made at `ply`, sorted by label in byte order.
fn commitment_lines(page: &GamePage, ply: u32) -> Vec<String> {
    let mut made: Vec<_> = page.record.commitments.iter().filter(|c| c.committed_at_ply == ply).collect();
    made.sort_by(|a, b| a.commitment.label.as_bytes().cmp(b.commitment.label.as_bytes()));
    made.iter().map(|c| format!("commitment:{}:{}", c.commitment.label, c.commitment.hash)).collect()
}

/// The archive README ("The archive", "The move log") says a site publishes for a game, from
/// the stored game alone: its fields, what is sealed while the game goes on, and every hash of
/// the chain recomputed from the records' lines, with `start` the text the genesis hashes.
fn expected_archive(page: &GamePage, start: &str) -> serde_json::Value {
    use serde_json::{Value, json};
    let record = &page.record;
    let genesis = record.genesis.clone().unwrap_or_default();
    // README, "Players in the chain": each player is named by the commitment to their address.
    let nonces = record.address_nonces.clone().expect("a game this herald began has address commitments");
    let player = |color: &str, address: &str, nonce: &str| {
        record_hash(&[
            "herald-commitment-v1".to_string(),
            format!("game:{}", record.id),
            format!("label:{color}.address"),
            format!("value:{address}"),
            format!("nonce:{nonce}"),
        ])
    };
    let white = player("white", &record.white.email, &nonces[0]);
    let black = player("black", &record.black.email, &nonces[1]);
    if !genesis.is_empty() {
        let mut lines = vec![
            "herald-chain-v1".to_string(),
            format!("game:{}", record.id),
            format!("variant:{}", record.variant),
            format!("white:{white}"),
            format!("black:{black}"),
            format!("start:{start}"),
        ];
        // README: a tournament game's genesis names its place (archive format v2).
        if let Some(t) = &record.tournament {
            lines.push(format!("tournament:{}:{}:{}", t.id, t.round, t.board));
        }
        lines.extend(commitment_lines(page, 0));
        assert_eq!(record_hash(&lines), genesis, "game {}: the genesis hashes its record", record.id);
    }
    let mut commitments: Vec<Value> = record
        .commitments
        .iter()
        .map(|c| {
            let open = |v: Value| if c.revealed { v } else { Value::Null };
            json!({
                "label": c.commitment.label,
                "hash": c.commitment.hash,
                "committed_at_ply": c.committed_at_ply,
                "value": open(json!(c.commitment.value)),
                "nonce": open(json!(c.commitment.nonce)),
                "revealed_at_ply": open(json!(c.revealed_at_ply)),
            })
        })
        .collect();
    commitments.sort_by(|a, b| a["label"].as_str().cmp(&b["label"].as_str()));
    let mut prev = genesis.clone();
    let moves: Vec<Value> = page
        .moves
        .iter()
        .map(|m| {
            let color = if m.color == Color::White { "white" } else { "black" };
            let chained = m.sealed.clone().unwrap_or_else(|| m.notation.clone());
            let mut lines = vec![
                "herald-move-v1".to_string(),
                format!("prev:{prev}"),
                format!("ply:{}", m.ply),
                format!("color:{color}"),
                format!("number:{}", m.number),
                format!("move:{chained}"),
            ];
            lines.extend(commitment_lines(page, m.ply));
            let hash = record_hash(&lines);
            assert_eq!(hash, m.hash, "game {} ply {}: the move's record", record.id, m.ply);
            // While the game goes on, a hidden move is published as its opponent read it.
            let notation = if record.result.is_none() { chained.clone() } else { m.notation.clone() };
            let mut archived = json!({
                "ply": m.ply, "color": color, "number": m.number, "notation": notation, "prev": prev, "hash": hash,
            });
            if let Some(sealed) = &m.sealed {
                archived["sealed"] = json!(sealed);
            }
            prev = hash;
            archived
        })
        .collect();
    let result = match &record.result {
        Some(r) => {
            let lines = [
                "herald-result-v1".to_string(),
                format!("prev:{prev}"),
                format!("score:{}", r.score),
                format!("reason:{}", r.reason),
            ];
            let hash = record_hash(&lines);
            let last = std::mem::replace(&mut prev, hash.clone());
            json!({ "score": r.score, "reason": r.reason, "prev": last, "hash": hash })
        }
        None => Value::Null,
    };
    assert_eq!(record.chain_head.as_deref(), Some(prev.as_str()), "game {}: the chain's head", record.id);
    let mut archive = json!({
        // Every game of this herald's is written in the current format.
        "format": "herald-archive-v3",
        "game": record.id,
        "variant": record.variant,
        // The published archive leaves the addresses out: no `addresses`.
        "white": white,
        "black": black,
        "start": start,
        "genesis": genesis,
        "commitments": commitments,
        "moves": moves,
        "chain_head": prev,
        "result": result,
    });
    if let Some(t) = &record.tournament {
        archive["tournament"] = json!({ "id": t.id, "name": t.name, "round": t.round, "board": t.board });
    }
    archive
}

fn check_game(dir: &Path, page: &GamePage, name: &str) {
    let id = page.record.id;
    let file = dir.join(format!("game-{id}.html"));
    let html = std::fs::read_to_string(&file).unwrap();
    let dom = dom(&file);
    check_pgn(dir, page, &dom, name);
    let text = body_text(&dom);
    let game = full_game(page);
    let over = page.record.result.is_some();
    let keeps_secrets = !over && !page.record.commitments.is_empty();
    let boards = count(&dom, "<svg ");
    assert_eq!(count(&dom, "class=\"board\""), boards);

    // Players by name; a player without one (or whose name is an address) is unnamed.
    let shown = |player: &herald::referee::records::Player| match player.name.as_deref() {
        Some(name) if !name.contains('@') => player.display_name().into_owned(),
        _ => "Unnamed player".to_string(),
    };
    let white = texts_of(&dom, "dd", "class=\"white-player\"");
    assert_eq!(white, [shown(&page.record.white)], "{name}");
    assert_eq!(texts_of(&dom, "dd", "class=\"black-player\""), [shown(&page.record.black)], "{name}");
    assert!(text.contains("commitments to their mail addresses"), "{name}: the page says how players are named");
    match &page.record.result {
        Some(r) => assert!(text.contains(&r.score) && text.contains(&r.reason), "{name}: result shown"),
        None => assert!(text.contains("In play"), "{name}"),
    }
    // The chain head, and the archive beside the page, which is what Archive::of publishes.
    assert!(text.contains(page.record.chain_head.as_deref().unwrap()), "{name}: chain head");
    assert!(
        dom.contains(&format!("href=\"game-{id}.json\"")) && text.contains(&format!("herald verify game-{id}.json"))
    );
    let json = std::fs::read_to_string(dir.join(format!("game-{id}.json"))).unwrap();
    let published: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(published, expected_archive(page, published["start"].as_str().unwrap()), "{name}: the archive");
    let archive: Archive = serde_json::from_str(&json).expect("the archive is an archive");
    let report = herald::referee::archive::verify(&archive);
    assert!(report.ok(), "{name}: {:?}", report.failed);

    let observer = if over { Observer::Everyone } else { Observer::Public };
    let view = game.view(observer);
    if keeps_secrets {
        // Only the current position, as the public sees it.
        assert_eq!(boards, 1, "{name}: one diagram while the game keeps secrets");
        assert!(dom.contains("id=\"sealed-note\"") && text.contains("shown when the game ends"), "{name}");
        // No sealed secret's value or nonce is anywhere, in the page or in the archive.
        let json = std::fs::read_to_string(dir.join(format!("game-{id}.json"))).unwrap();
        for c in page.record.commitments.iter().filter(|c| !c.revealed) {
            assert!(!html.contains(&c.commitment.nonce) && !json.contains(&c.commitment.nonce), "{name}: a nonce");
            assert!(!text.contains(&format!("{}: {}", c.commitment.label, c.commitment.value)), "{name}");
        }
        // What only everyone-after-the-end may know is not on the page.
        let everyone = game.view(Observer::Everyone);
        for notice in everyone.notices.iter().filter(|n| !view.notices.contains(n)) {
            assert!(!text.contains(notice.as_str()), "{name}: {notice}");
        }
        // The board shows exactly the public's pieces: identified, hidden and crowds.
        let (pieces, hidden, crowds) = pieces_in(&view);
        assert_eq!(count(&dom, "class=\"piece "), pieces, "{name}: identified pieces");
        assert_eq!(count(&dom, "class=\"hidden "), hidden, "{name}: hidden pieces");
        assert_eq!(count(&dom, "class=\"crowd\""), crowds, "{name}");
        // The last move is marked as the public's move list names it (docs/site.md).
        let first = &dom[dom.find("<svg ").unwrap()..dom.find("</svg>").unwrap()];
        let named = herald::picture::named_squares(view.moves.last().unwrap(), &view, false);
        assert!(!named.is_empty(), "{name}: the last entry names squares");
        assert_eq!(count(first, "class=\"last-move\""), named.len(), "{name}: the last move is marked");
        // The legend names only letters the public's view shows.
        let legend = texts_of(&dom, "span", "class=\"token\"");
        let shown: Vec<String> = view
            .cells
            .iter()
            .flat_map(|(_, cell)| match cell {
                Cell::Piece(_, c) => vec![c.to_ascii_uppercase().to_string()],
                Cell::Crowd(pieces) => pieces.iter().map(|(_, c)| c.to_ascii_uppercase().to_string()).collect(),
                _ => Vec::new(),
            })
            .collect();
        for letter in &legend {
            assert!(shown.contains(letter), "{name}: {letter} in the legend, not on the public's board");
        }
    } else {
        // The start, the board after every move, and the current board on top.
        assert_eq!(boards, page.moves.len() + 2, "{name}: a diagram after each move");
        for ply in 0..=page.moves.len() {
            assert!(dom.contains(&format!("id=\"after-{ply}\"")), "{name}: ply {ply}");
        }
        let (pieces, hidden, crowds) = pieces_in(&view);
        // The current board is the first SVG.
        let first = &dom[dom.find("<svg ").unwrap()..dom.find("</svg>").unwrap()];
        assert_eq!(count(first, "class=\"piece "), pieces, "{name}");
        assert_eq!(count(first, "class=\"hidden "), hidden, "{name}");
        assert_eq!(count(first, "class=\"crowd\""), crowds, "{name}");
        if !page.moves.is_empty() {
            assert!(count(first, "class=\"last-move\"") >= 2, "{name}: the last move is marked");
        }
    }
    // The move list is the observer's, in order.
    let moves_table = &dom[dom.find("<table class=\"moves\"").unwrap()..];
    let moves_table = &moves_table[..moves_table.find("</table>").unwrap()];
    let listed: Vec<String> =
        texts_of(moves_table, "td", "").into_iter().filter(|m| !m.is_empty() && m != "…").collect();
    assert_eq!(listed, view.moves, "{name}: the move list");
    screenshots(&file, &format!("game-{name}"));

    match name {
        "royal" => {
            // Ten files numbered 1 to 9 and 0, no letters; the name from outside escaped.
            let first = &dom[dom.find("<svg ").unwrap()..dom.find("</svg>").unwrap()];
            assert!(first.contains("viewBox=\"0 0 1046 846\""));
            assert!(first.contains(">0</text>") && !first.contains(">a</text>"));
            assert!(!dom.contains("<script>alert"));
            assert!(text.contains("Zoë <script>alert(1)</script> & \"Co\""));
            assert!(text.contains("King's Guard") && text.contains("Queen's Guard"), "the legend names the guards");
        }
        "crowd" => {
            let first = &dom[dom.find("<svg ").unwrap()..dom.find("</svg>").unwrap()];
            assert!(first.contains("data-square=\"e4\" data-count=\"3\""), "the crowd of three on e4");
        }
        "crown-finished" => {
            // Over: every commitment opened, its value shown, with a command that checks it:
            // run as a reader would copy it from the page, it prints the commitment's hash.
            for c in &page.record.commitments {
                assert!(c.revealed);
                let (label, value) = (&c.commitment.label, &c.commitment.value);
                assert!(text.contains(&format!("{label}: opened, {value}")), "{text}");
                let command = text
                    .lines()
                    .filter_map(|l| l.find("printf '").map(|at| &l[at..]))
                    .find(|l| l.contains(&format!(" label:{label} ")))
                    .unwrap_or_else(|| panic!("no check command for {label}:\n{text}"));
                let out = std::process::Command::new("bash").arg("-c").arg(command).output().unwrap();
                assert_eq!(
                    String::from_utf8_lossy(&out.stdout).trim(),
                    format!("{}  -", c.commitment.hash),
                    "{command}"
                );
            }
        }
        "intelligence" => {
            assert!(keeps_secrets);
            // Every public move entry is the ciphered one the opponent read, never the move.
            for m in &page.moves {
                let sealed = m.sealed.as_deref().expect("Secret Intelligence hides moves");
                assert!(listed.iter().any(|l| l == sealed));
            }
        }
        _ => {}
    }
}

/// Two clubs play the same Crown game, but for which monarch each player crowned: while it
/// goes on, the two game pages are the same but for the commitments' hashes.
/// The PGN a game's page offers for download (a link with `download`, beside the archive): the
/// players by the names the page shows, the result; a game over or without secrets replays
/// from its PGN, on the opened secrets, to the position the referee stored; a game that keeps
/// secrets has no move a reader could replay, and no secret not yet opened.
fn check_pgn(dir: &Path, page: &GamePage, dom: &str, name: &str) {
    let id = page.record.id;
    let links = support::dom::elements(dom, "a", &format!("href=\"game-{id}.pgn\""));
    assert_eq!(links.len(), 1, "{name}: one link to the PGN");
    assert!(links[0].0.contains(" download"), "{name}: the link downloads");
    let text = std::fs::read_to_string(dir.join(format!("game-{id}.pgn"))).unwrap();
    let games = herald::notation::pgn::parse(&text);
    assert_eq!(games.len(), 1, "{name}: one game in\n{text}");
    let pgn = &games[0];
    let shown = texts_of(dom, "dd", "class=\"white-player\"");
    assert_eq!(pgn.tag("White"), Some(shown[0].as_str()), "{name}");
    assert_eq!(pgn.tag("Black"), Some(texts_of(dom, "dd", "class=\"black-player\"")[0].as_str()), "{name}");
    let score = page.record.result.as_ref().map_or("*", |r| r.score.as_str());
    assert_eq!((pgn.tag("Result"), pgn.result.as_deref()), (Some(score), Some(score)), "{name}");
    let stored = full_game(page);
    let over = page.record.result.is_some();
    if over || page.record.commitments.is_empty() {
        let opened: Vec<variants::Secret> = page
            .record
            .commitments
            .iter()
            .filter(|c| c.revealed)
            .map(|c| variants::Secret { label: c.commitment.label.clone(), value: c.commitment.value.clone() })
            .collect();
        let variant = variants::by_id(&page.record.variant).unwrap();
        let mut replayed = variant.game_with_secrets(&opened).unwrap();
        for m in &pgn.moves {
            replayed.play(&m.text).unwrap_or_else(|e| panic!("{name}: {} does not replay: {e:?}", m.text));
        }
        assert_eq!(replayed.fen(), stored.fen(), "{name}: the PGN replays to the stored position");
    } else {
        assert!(pgn.moves.is_empty(), "{name}: no move to replay while the game keeps secrets: {:?}", pgn.moves);
        for c in page.record.commitments.iter().filter(|c| !c.revealed) {
            assert!(!text.contains(&c.commitment.value), "{name}: the PGN tells {}", c.commitment.label);
        }
    }
}

/// Each tournament's page offers its Tournament Report File, which FIDE's format readers (here
/// herald's own TRF reader) read back as the tournament's players, by the names the page shows,
/// never an address, and its pairings and results.
#[test]
fn a_tournament_page_offers_its_trf() {
    let (_club, site_input, dir) = club_site("trf");
    for t in &site_input.tournaments {
        let dom = dom(&dir.join(format!("tournament-{}.html", t.id)));
        let links = support::dom::elements(&dom, "a", &format!("href=\"tournament-{}.trf\"", t.id));
        assert_eq!(links.len(), 1, "{}: one link to the TRF", t.name);
        assert!(links[0].0.contains(" download"));
        let text = std::fs::read_to_string(dir.join(format!("tournament-{}.trf", t.id))).unwrap();
        assert!(!text.contains('@'), "an address in\n{text}");
        let report = herald::tournament::trf::parse(&text).unwrap();
        assert_eq!(report.name, t.name);
        assert_eq!(report.total_rounds, t.rounds_total);
        // Each player as the page's tables name them (TRF keeps 33 characters of a name).
        let shown = texts_of(&dom, "td", "class=\"name\"");
        let numbers: Vec<u32> = report.entrants.iter().map(|e| e.number).collect();
        assert_eq!(numbers, t.entrants.iter().map(|e| e.number).collect::<Vec<_>>());
        for e in &report.entrants {
            assert!(
                !e.name.is_empty() && shown.iter().any(|s| s.starts_with(&e.name)),
                "{}: {:?} in {shown:?}",
                t.name,
                e.name
            );
            let entered = &t.entrants.iter().find(|x| x.number == e.number).unwrap().name;
            if entered.contains('@') {
                assert_eq!(e.name, format!("Player {}", e.number), "a player without a name, by number");
            }
        }
        // Each board's points; how a game ended where there was one (a bye has none to tell).
        let games = |pairings: &[Pairing]| {
            let mut games: Vec<_> = pairings
                .iter()
                .map(|p| {
                    let score = p.score.map(|s| (s.white, s.black, p.black.map(|_| s.finish)));
                    (p.round, p.white, p.black, score)
                })
                .collect();
            games.sort_by_key(|g| (g.0, g.1));
            games
        };
        assert_eq!(games(&report.pairings), games(&t.pairings), "{}", t.name);
    }
}

#[test]
fn a_crown_game_in_play_shows_nothing_of_which_monarch_is_crowned() {
    let mut pages = Vec::new();
    for (white_crown, black_crown, name) in [("queen", "king", "a"), ("king", "queen", "b")] {
        let mut table = Table::deterministic(&format!("site-crown-{name}"));
        let id = table.new_game("crown");
        table.play(&[
            (ALICE, &format!("crown {white_crown}")),
            (BOB, &format!("crown {black_crown}")),
            (ALICE, "e4"),
            (BOB, "d5"),
            (ALICE, "exd5"),
        ]);
        let game = table.game_page(id);
        assert!(game.record.commitments.iter().all(|c| !c.revealed), "no capture of a monarch opened a crown");
        let dir = out_dir(&format!("crown-{name}"));
        site::build(&Site::new("Crown Club", Vec::new(), vec![game.clone()]), &dir).unwrap();
        let file = dir.join(format!("game-{id}.html"));
        let dom = dom(&file);
        // The full state knows the crowns; the page does not say them.
        let everyone = full_game(&game).view(Observer::Everyone);
        assert!(everyone.notices.iter().any(|n| n.contains("crown")), "{:?}", everyone.notices);
        for notice in &everyone.notices {
            assert!(!body_text(&dom).contains(notice.as_str()), "{notice}");
        }
        let masked = mask_hashes(&dom);
        // The PGN beside the page holds no hash at all: it must be the same whatever was crowned.
        let pgn = std::fs::read_to_string(dir.join(format!("game-{id}.pgn"))).unwrap();
        pages.push(masked + &pgn);
        if name == "a" {
            screenshots(&file, "game-crown-in-play");
        }
    }
    assert_eq!(pages[0], pages[1], "the pages differ by more than the commitments' hashes");
}

/// The page with every 64-digit hex hash replaced, so that pages differing only in hashes
/// compare equal.
fn mask_hashes(text: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()).count();
        if run >= 64 {
            out.push_str("<hash>");
            i += run;
        } else {
            out.extend(&chars[i..i + run.max(1)]);
            i += run.max(1);
        }
    }
    out
}

/// The club's site with every kind of page: the games of [`club`] (several variants, open and
/// secret, over and in play) in the two hand-made tournaments, written into `dir`.
fn club_site(name: &str) -> (Club, Site, PathBuf) {
    let mut club = club();
    let ids = [club.chess, club.royal, club.crowd, club.crown_over, club.intelligence];
    let mut games: Vec<GamePage> = ids.iter().map(|&id| club.table.game_page(id)).collect();
    games[0].tournament = Some((1, 1));
    games[3].tournament = Some((1, 3));
    games[0].record.white.name = Some("Alice Archer".to_string());
    games[1].record.white.name = Some("Maximiliane Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh".to_string());
    let mut tournaments = tournaments(club.chess, club.crown_over);
    tournaments[0].entrants[3].name = "Maximiliane Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh".to_string();
    let site_input = Site::new("Herald Chess Club of the Long Valley and its Neighbouring Towns", tournaments, games);
    let dir = out_dir(name);
    site::build(&site_input, &dir).unwrap();
    (club, site_input, dir)
}

/// Every page of a site at a phone's 390 px and a desktop's 1280 px: laid out by Chromium, no
/// element's box extends past the viewport unless it is inside a box that scrolls sideways
/// within it (a wide table in its own scrolling box), and the page itself never scrolls
/// sideways.
#[test]
fn every_page_fits_a_phone_and_a_desktop() {
    let (_club, _site, dir) = club_site("widths");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    assert_eq!(pages.len(), 1 + 1 + 2 + 5, "the index, commitments, two tournaments and five games: {pages:?}");
    let mut problems = Vec::new();
    for page in &pages {
        for width in [390, 1280] {
            let found = support::chromium::overflow(page, width, 900);
            assert_eq!(found.viewport, f64::from(width), "{}: laid out at {width} px", page.display());
            let name = page.file_name().unwrap().to_string_lossy().into_owned();
            if found.scroll_width > found.viewport {
                problems.push(format!("{name} at {width} px scrolls sideways ({} px wide)", found.scroll_width));
            }
            for element in found.outside {
                problems.push(format!("{name} at {width} px: {element}"));
            }
        }
    }
    assert!(problems.is_empty(), "cut off or overflowing:\n{}", problems.join("\n"));
}

/// A club leaves a game and a tournament out: their pages and archives are not written, the
/// tournament's games go with it, nothing links to them, and the files an earlier build wrote
/// for them are removed.
#[test]
fn a_club_leaves_a_game_and_a_tournament_out() {
    let (club, mut site_input, dir) = club_site("leave-out");
    for id in [club.chess, club.royal, club.crown_over] {
        assert!(dir.join(format!("game-{id}.html")).exists(), "published at first");
    }
    site_input.leave_out = LeaveOut { games: vec![club.royal], tournaments: vec![1] };
    site::build(&site_input, &dir).unwrap();
    // Tournament 1 holds the chess game and the finished Crown game.
    for id in [club.chess, club.royal, club.crown_over] {
        for ext in ["html", "json", "pgn"] {
            assert!(!dir.join(format!("game-{id}.{ext}")).exists(), "game {id}'s .{ext} is left out");
        }
    }
    for ext in ["html", "trf", "atom"] {
        assert!(!dir.join(format!("tournament-1.{ext}")).exists(), "tournament 1's .{ext} is left out");
        assert!(dir.join(format!("tournament-2.{ext}")).exists(), "tournament 2's .{ext} stays");
    }
    for id in [club.crowd, club.intelligence] {
        for ext in ["html", "json", "pgn"] {
            assert!(dir.join(format!("game-{id}.{ext}")).exists(), "game {id}'s .{ext} stays");
        }
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert!(!text.contains("tournament-1.html") && !text.contains("Autumn Cup"));
        for id in [club.chess, club.royal, club.crown_over] {
            assert!(!text.contains(&format!("game-{id}.html")), "a link to game {id}");
        }
    }
}

/// Recomputes `page`'s chain as a herald before address commitments made it: the genesis
/// names the players by their addresses (README, "Players in the chain").
fn begun_by_an_older_herald(page: &mut GamePage, start: &str) {
    use herald::referee::chain;
    let record = &mut page.record;
    record.address_nonces = None;
    let genesis =
        chain::genesis(record.id, &record.variant, &record.white.email, &record.black.email, start, None, &[]);
    let mut prev = genesis.clone();
    for m in &mut page.moves {
        m.prev_hash = prev.clone();
        m.hash = chain::link(&prev, m.ply, m.color, m.number, m.sealed.as_deref().unwrap_or(&m.notation), &[]);
        prev = m.hash.clone();
    }
    if let Some(r) = &record.result {
        prev = chain::close(&prev, &r.score, &r.reason);
    }
    record.genesis = Some(genesis);
    record.chain_head = Some(prev);
}

/// The archive the site offers carries no address. A game whose genesis names the players by
/// their addresses (an older herald's) cannot be checked without them, so its archive is on
/// the site only if the club opts in; a game of this herald's is checked without them, and
/// the club's opt-in publishes the addresses with the nonces that open its commitments.
#[test]
fn an_archive_with_addresses_is_published_only_if_the_club_opts_in() {
    let mut table = Table::deterministic("site-opt-in");
    let older = table.new_game("chess");
    table.play(&[(ALICE, "e4"), (BOB, "e5"), (ALICE, "Nf3"), (BOB, "resign")]);
    let current = table.new_game("chess");
    table.play(&[(ALICE, "d4")]);
    let mut older_page = table.game_page(older);
    let start = full_game(&older_page).public_start();
    begun_by_an_older_herald(&mut older_page, &start);
    let full = Archive::of(&older_page.record, &start, &older_page.moves);
    assert_eq!(full.format, "herald-archive-v2");
    assert!(herald::referee::archive::verify(&full).ok(), "the older game's own archive holds");
    let current_page = table.game_page(current);

    let mut site_input = Site::new("Opt-in Club", Vec::new(), vec![older_page, current_page]);
    let dir = out_dir("opt-in-default");
    site::build(&site_input, &dir).unwrap();
    assert!(!dir.join(format!("game-{older}.json")).exists(), "no archive that needs the addresses");
    let dom = dom(&dir.join(format!("game-{older}.html")));
    assert!(dom.contains("id=\"no-archive\"") && !dom.contains(&format!("href=\"game-{older}.json\"")));
    assert!(body_text(&dom).contains("cannot be checked without them"));
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert!(!text.contains(ALICE) && !text.contains(BOB));
    }
    let json = std::fs::read_to_string(dir.join(format!("game-{current}.json"))).unwrap();
    let published: Archive = serde_json::from_str(&json).unwrap();
    assert!(published.addresses.is_none() && herald::referee::archive::verify(&published).ok());

    // The club opts in: the archives as `herald game export` writes them.
    site_input.publish_addresses = true;
    let dir = out_dir("opt-in");
    site::build(&site_input, &dir).unwrap();
    for id in [older, current] {
        let json = std::fs::read_to_string(dir.join(format!("game-{id}.json"))).unwrap();
        assert!(json.contains(ALICE) && json.contains(BOB), "game {id}: the addresses, as the club chose");
        support::archive_schema::check(&json);
        let archive: Archive = serde_json::from_str(&json).unwrap();
        let report = herald::referee::archive::verify(&archive);
        assert!(report.ok(), "game {id}: {:?}", report.failed);
        readme_verifier(&dir.join(format!("game-{id}.json")));
    }
    // A changed address does not open White's commitment.
    let json = std::fs::read_to_string(dir.join(format!("game-{current}.json"))).unwrap();
    let mut archive: Archive = serde_json::from_str(&json).unwrap();
    let report = herald::referee::archive::verify(&archive);
    assert!(report.passed.iter().any(|p| p == &format!("White's address opens its commitment: {ALICE}")));
    archive.addresses.as_mut().unwrap().white.address = "mallory@players.test".to_string();
    let report = herald::referee::archive::verify(&archive);
    assert!(report.failed.iter().any(|f| f.contains("does not open its commitment")), "{report:?}");
    let forged = dir.join("forged.json");
    std::fs::write(&forged, serde_json::to_string_pretty(&archive).unwrap()).unwrap();
    let script = format!("{}/tests/fixtures/verify_archive.py", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("python3").arg(script).arg(&forged).output().unwrap();
    assert!(!out.status.success(), "README's verifier finds the changed address");
}

/// `herald site build` as a club configures it: the site's title, a game left out, the times
/// in the club's zone, and the club's own style sheet over herald's.
#[test]
fn site_build_follows_the_clubs_configuration() {
    let mut table = Table::deterministic("site-config");
    let shown = table.new_game("chess");
    table.play(&[(ALICE, "e4")]);
    let left_out = table.new_game("royal");
    let config = table.write_config();
    let mut yaml = std::fs::read_to_string(&config).unwrap();
    yaml.push_str(&format!(
        "time_zone: America/New_York\nsite:\n  title: \"Riverside <Chess> & Go\"\n  leave_out:\n    games: [{left_out}]\n  \
         stylesheet: riverside.css\n"
    ));
    std::fs::write(&config, yaml).unwrap();
    // Beside the configuration file, which a relative path is read from.
    let club_css = "header.site { color: rgb(0, 128, 0); }\n";
    std::fs::write(config.with_file_name("riverside.css"), club_css).unwrap();
    let dir = out_dir("config");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("--config")
        .arg(&config)
        .args(["site", "build"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    assert!(!dir.join(format!("game-{left_out}.html")).exists() && !dir.join(format!("game-{left_out}.json")).exists());
    let index = dom(&dir.join("index.html"));
    assert!(!index.contains(&format!("game-{left_out}.html")));
    let page = dir.join(format!("game-{shown}.html"));
    let dom = dom(&page);
    for dom in [&index, &dom] {
        let title = texts_of(dom, "title", "");
        assert!(title[0].contains("Riverside <Chess> & Go"), "{title:?}");
        assert_eq!(texts_of(dom, "header", "class=\"site\""), ["Riverside <Chess> & Go"]);
    }
    // The club's sheet follows herald's in style.css, and a browser shows its colour.
    let sheet = std::fs::read_to_string(dir.join("style.css")).unwrap();
    assert!(sheet.starts_with(herald::site::STYLE_SHEET) && sheet.trim_end().ends_with(club_css.trim_end()), "{sheet}");
    let frame = support::chromium::framed(
        &page,
        390,
        600,
        "var out = document.createElement('pre'); out.id = 'header-color'; out.textContent = \
         getComputedStyle(frame.contentDocument.querySelector('header.site')).color; document.body.appendChild(out);",
    );
    let mut args = support::chromium::frame_args(390, 600);
    args.push("--dump-dom".to_string());
    let shown_dom = support::chromium::run(&frame, &args);
    std::fs::remove_file(&frame).unwrap();
    assert_eq!(texts_of(&shown_dom, "pre", "id=\"header-color\""), ["rgb(0, 128, 0)"], "{shown_dom}");

    // The reply is due at the deadline, in New York's time.
    let record = table.game_page(shown).record;
    let zone = jiff::tz::TimeZone::get("America/New_York").unwrap();
    let due = record.deadline.unwrap().to_zoned(zone.clone()).strftime("%Y-%m-%d %H:%M %Z").to_string();
    assert!(due.ends_with("EST") || due.ends_with("EDT"), "{due}");
    let text = body_text(&dom);
    assert!(text.contains(&format!("Reply due{due}")), "{due} in {text}");
    let started = record.created_at.to_zoned(zone).strftime("%Y-%m-%d").to_string();
    assert!(text.contains(&format!("Started{started}")), "{started}");
}

/// The width check finds what is cut off: a box wider than a phone, and a table clipped by a
/// box that hides what does not fit; a wide table in a box that scrolls is not cut off.
#[test]
fn the_width_check_finds_what_is_cut_off() {
    let dir = out_dir("width-check");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("cut.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\
         <body><p id=\"wide\" style=\"width: 600px\">wide</p><div style=\"overflow-x: hidden\"><table><tr>\
         <td id=\"clipped\" style=\"white-space: nowrap\">a line far too long to fit on the screen of any phone at all, \
         never wrapped</td></tr></table></div><div style=\"overflow-x: auto\"><table id=\"scrolls\" \
         style=\"width: 800px\"><tr><td>in its own box</td></tr></table></div></body></html>",
    )
    .unwrap();
    let found = support::chromium::overflow(&page, 390, 600);
    assert_eq!(found.viewport, 390.0);
    assert!(found.outside.iter().any(|e| e.starts_with("p#wide")), "{:?}", found.outside);
    assert!(found.outside.iter().any(|e| e.contains("td#clipped")), "{:?}", found.outside);
    assert!(
        !found.outside.iter().any(|e| e.contains("scrolls") || e.contains("in its own box")),
        "{:?}",
        found.outside
    );
    assert!(support::chromium::overflow(&page, 1280, 600).outside.is_empty());
}
