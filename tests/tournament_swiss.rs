//! Swiss tournaments as the director runs them, held to the rules and to readers herald does
//! not write: the colour drawn by lot in every round (FIDE C.04.3 Art. 5.2.5, checked against
//! the pinned oracle, caissify-pairings in `target/oracle-venv`), the TRF export read by a
//! strict reader written here from the TRF-16 layout and JaVaFo's point lines, and by
//! caissify-pairings' own TRF parser, withdrawals between rounds, and a pairing that fails
//! (the bye when nobody may have it is `dutch`'s unit test
//! `nobody_eligible_for_the_bye_is_no_pairing`).

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use herald::clock::Timestamp;
use herald::engine::Color;
use herald::referee::records::Player;
use herald::service::{NewTournament, Service};
use herald::store::RatingRow;
use herald::tournament::standings::TieBreak;
use herald::tournament::{Pairing, Points, Stage, System, Tournament};
use serde_json::{Value, json};
use support::mime::unwrapped;
use support::table::Table;

const NAMES: [&str; 6] = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"];

fn email(name: &str) -> String {
    format!("{}@players.test", name.to_lowercase())
}

/// A club whose lot for the initial colour always falls on `lot` (the service draws it from
/// the low bit of its first random byte: even White, odd Black).
fn club(name: &str, lot: Color) -> Table {
    let mut table = Table::new(name);
    let first = match lot {
        Color::White => 0,
        Color::Black => 1,
    };
    let counter = Arc::new(AtomicU8::new(first));
    let nonces: herald::service::Nonces = Arc::new(move || [counter.fetch_add(2, Ordering::SeqCst); 16]);
    let config = table.service.config().clone();
    table.service = Service::open(config, table.clock.clone()).unwrap().with_nonces(nonces);
    table
}

fn terms(variant: &str, system: System, rounds: u32, bye_points: Points) -> Tournament {
    Tournament {
        variant: variant.into(),
        system,
        rounds,
        tiebreaks: vec![TieBreak::Buchholz],
        bye_points,
        ..support::tournament::terms("Swiss Cup")
    }
}

/// A tournament of the first `players` of NAMES (unrated, so the start list is by name: Ann
/// is 1, Ben 2, ...).
fn make(table: &mut Table, terms: Tournament, players: usize) -> i64 {
    let players = NAMES[..players].iter().map(|n| Player { email: email(n), name: Some(n.to_string()) }).collect();
    table.service.create_tournament(NewTournament { terms, players }).unwrap()
}

fn pairings(table: &mut Table, id: i64) -> Vec<Pairing> {
    table.service.store().read(|tx| tx.pairings(id)).unwrap()
}

fn round(table: &mut Table, id: i64, round: u32) -> Vec<Pairing> {
    pairings(table, id).into_iter().filter(|p| p.round == round).collect()
}

/// The game of round `r` in which `number` plays.
fn game_of(table: &mut Table, id: i64, r: u32, number: u32) -> Pairing {
    round(table, id, r).into_iter().find(|p| p.white == number || p.black == Some(number)).unwrap()
}

/// The TD ends the game of `winner` in round `r` as a win for them by forfeit.
fn forfeit_win(table: &mut Table, id: i64, r: u32, winner: u32) {
    let p = game_of(table, id, r, winner);
    let (white, black) = if p.white == winner { (Points::ONE, Points::ZERO) } else { (Points::ZERO, Points::ONE) };
    table.service.direct_game(p.game.unwrap(), white, black, true).unwrap();
}

/// The TD ends the game of `number` in round `r` with these points (White's, Black's).
fn adjudicate(table: &mut Table, id: i64, r: u32, number: u32, white: Points, black: Points) {
    let p = game_of(table, id, r, number);
    table.service.direct_game(p.game.unwrap(), white, black, false).unwrap();
}

/// Runs the `herald` binary on `table`'s club; its standard output, or its standard error
/// when it fails.
fn herald(table: &Table, args: &[&str]) -> Result<String, String> {
    let config = table.write_config();
    let out = Command::new(env!("CARGO_BIN_EXE_herald")).arg("--config").arg(&config).args(args).output().unwrap();
    if out.status.success() {
        Ok(String::from_utf8(out.stdout).unwrap())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn oracle_python() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let python = target.join("oracle-venv/bin/python");
    assert!(python.exists(), "the oracle is missing: run scripts/oracle-venv.sh first ({})", python.display());
    python
}

/// Runs `script` in the oracle's Python with `input` on standard input; its JSON answer.
fn oracle(script: &str, input: &str) -> Value {
    let mut child = Command::new(oracle_python())
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the oracle failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The oracle's Dutch pairing of one round: `(white, black)` per board.
fn oracle_pairs(state: &Value) -> Vec<(u32, Option<u32>)> {
    let script = "import json, sys\n\
        from caissify_pairings.engines.dutch import dutch_pairings\n\
        t = json.load(sys.stdin)\n\
        out = dutch_pairings(t['players'], set(tuple(p) for p in t['previous']), t['round'], t['total'], \
        initial_color=t['initial'], bye_value=1.0)\n\
        print(json.dumps(out))\n";
    let out = oracle(script, &state.to_string());
    out.as_array()
        .unwrap()
        .iter()
        .map(|g| (g["white_id"].as_u64().unwrap() as u32, g["black_id"].as_u64().map(|b| b as u32)))
        .collect()
}

/// caissify-pairings' TRF parser (an independent reader): the file as it read it.
fn oracle_reads_trf(text: &str) -> Value {
    let script = "import json, sys\n\
        from caissify_pairings.trf import parse_trf\n\
        print(json.dumps(parse_trf(sys.stdin.read()), default=list))\n";
    oracle(script, text)
}

/// Six players, the lot gives Black to number 1 (Ann). Round 1 is 1-4, 2-5, 3-6 with Ann
/// Black, Ben White (C.04.3 Art. 5.2.5: the higher-ranked player of each pair gets the initial
/// colour if their number is odd, the other one if even), Cy Black. Ann and Ben win by
/// forfeit, Cy and Flo draw; round 2 is paired by itself.
fn forfeits_in_round_one(table: &mut Table) -> i64 {
    let id = make(table, terms("chess", System::Swiss, 3, Points::ONE), 6);
    table.service.start_tournament(id).unwrap();
    let boards: Vec<(u32, Option<u32>)> = round(table, id, 1).iter().map(|p| (p.white, p.black)).collect();
    assert_eq!(boards, [(4, Some(1)), (2, Some(5)), (6, Some(3))], "round 1 by the lot's colour");
    forfeit_win(table, id, 1, 1);
    forfeit_win(table, id, 1, 2);
    adjudicate(table, id, 1, 3, Points::HALF, Points::HALF);
    id
}

/// What the Dutch rules read before round 2 of `forfeits_in_round_one`, for the oracle: the
/// forfeits give points but no colour and no meeting; a win's points without playing is a
/// downfloat (Art. 1.9).
fn state_before_round_two(initial: &str) -> Value {
    let player = |id: u32, score: f64, colours: &[&str], float: &str| {
        json!({"id": id, "name": NAMES[id as usize - 1], "rating": 0, "starting_number": id,
               "pairing_number": id, "score": score, "color_hist": colours,
               "float_history": [float], "bye_count": 0})
    };
    json!({
        "round": 2, "total": 3, "initial": initial, "previous": [[3, 6]],
        "players": [
            player(1, 1.0, &[], "down"), player(2, 1.0, &[], "down"), player(3, 0.5, &["black"], "none"),
            player(4, 0.0, &[], "none"), player(5, 0.0, &[], "none"), player(6, 0.5, &["white"], "none"),
        ]
    })
}

fn same_pairs(ours: &[Pairing], oracle: &[(u32, Option<u32>)]) {
    let unordered = |w: u32, b: Option<u32>| match b {
        Some(b) => (w.min(b), Some(w.max(b))),
        None => (w, None),
    };
    let mut mine: Vec<_> = ours.iter().map(|p| unordered(p.white, p.black)).collect();
    let mut theirs: Vec<_> = oracle.iter().map(|&(w, b)| unordered(w, b)).collect();
    mine.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(mine, theirs, "herald and the oracle pair differently");
}

/// Issue 27 §2: the initial colour drawn by lot is the tournament's, in every round. Round 2
/// pairs Ann and Ben (equal scores, no game played, so no colour history): Art. 5.2.5 gives
/// the higher-ranked, Ann (odd number), the initial colour, Black — as the oracle does with
/// `initial_color: black`.
#[test]
fn the_colour_drawn_by_lot_is_used_in_every_round() {
    let mut table = club("swiss-lot", Color::Black);
    let id = forfeits_in_round_one(&mut table);
    let stored = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
    assert_eq!(stored.initial_colour, Color::Black, "the lot is kept with the tournament");
    let shown = herald(&table, &["tournament", "show", &id.to_string()]).unwrap();
    assert!(shown.contains("Initial colour (drawn by lot): black"), "{shown}");
    let round2 = round(&mut table, id, 2);
    let expected = oracle_pairs(&state_before_round_two("black"));
    assert!(expected.contains(&(2, Some(1))), "the oracle gives Ann Black: {expected:?}");
    same_pairs(&round2, &expected);
    let top = round2.iter().find(|p| p.white == 1 || p.black == Some(1)).unwrap();
    assert_eq!((top.white, top.black), (2, Some(1)), "Ann has Black, the initial colour: {round2:?}");
}

/// The columns (1-based, inclusive) of a line.
fn columns(line: &str, from: usize, to: usize) -> String {
    line.chars().skip(from - 1).take(to + 1 - from).collect()
}

/// What a strict TRF-16 reader finds in a file: the initial colour (`XXC white1|black1`), and
/// per player (by start number) the rating (columns 49-52), the points (81-84, which must be
/// written `99.9`: digits, a point, one decimal) and each round's (opponent, colour, code).
/// It checks, as bbpPairings and JaVaFo do, that the points column is the sum of the codes'
/// points: `1 W +` and `F` a win, `= D H` a draw, `0 L - Z` and blank nothing, `U` the
/// pairing-allocated bye's points (a win's, unless a `BBU` line says otherwise; JaVaFo's
/// `BBW`/`BBD`/`BBL`/`BBZ`/`BBF` set the others). Panics, naming the line, on anything else.
struct StrictTrf {
    initial: Option<String>,
    players: Vec<StrictPlayer>,
}

struct StrictPlayer {
    number: u32,
    rating: Option<u32>,
    tenths: u32,
    rounds: Vec<(u32, char, char)>,
}

fn tenths(text: &str, line: &str) -> u32 {
    let t = text.trim();
    let (whole, fraction) = t.split_once('.').unwrap_or_else(|| panic!("points {t:?} not as 99.9: {line}"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    assert!(digits(whole) && fraction.len() == 1 && digits(fraction), "points {t:?} not as 99.9: {line}");
    whole.parse::<u32>().unwrap() * 10 + fraction.parse::<u32>().unwrap()
}

fn strict_read(text: &str) -> StrictTrf {
    let mut initial = None;
    // Tenths of a point for a win, draw, loss, zero-point bye, forfeit loss, PAB.
    let (mut win, mut draw, mut loss, mut zero, mut forfeit_loss, mut pab) = (10, 5, 0, 0, 0, None);
    let mut players = Vec::new();
    for line in text.lines() {
        let code = columns(line, 1, 3);
        let value = || tenths(&columns(line, 5, line.len()), line);
        match code.as_str() {
            "XXC" => {
                let word = line[3..].trim().to_string();
                assert!(word == "white1" || word == "black1", "XXC {word:?}");
                initial = Some(word);
            }
            "BBW" => win = value(),
            "BBD" => draw = value(),
            "BBL" => loss = value(),
            "BBZ" => zero = value(),
            "BBF" => forfeit_loss = value(),
            "BBU" => pab = Some(value()),
            "001" => {
                assert!(line.len() >= 84, "a player line is 84 columns at least: {line}");
                let number: u32 = columns(line, 5, 8).trim().parse().unwrap_or_else(|_| panic!("number: {line}"));
                let rating = match columns(line, 49, 52).trim() {
                    "" => None,
                    r => Some(r.parse().unwrap_or_else(|_| panic!("rating {r:?}: {line}"))),
                };
                let points = tenths(&columns(line, 81, 84), line);
                let mut rounds = Vec::new();
                let mut at = 92;
                while at <= line.len() {
                    let block = columns(line, at, at + 7);
                    let opponent: u32 = block[..4].trim().parse().unwrap_or_else(|_| panic!("opponent: {line}"));
                    let colour = block.chars().nth(5).unwrap_or(' ');
                    let result = block.chars().nth(7).unwrap_or(' ').to_ascii_uppercase();
                    assert!(matches!(colour, 'w' | 'b' | '-'), "colour {colour:?}: {line}");
                    assert!("1=0+-WDLHFUZ ".contains(result), "result {result:?}: {line}");
                    rounds.push((opponent, colour, result));
                    at += 10;
                }
                players.push(StrictPlayer { number, rating, tenths: points, rounds });
            }
            _ => {}
        }
    }
    for p in &players {
        let counted: u32 = p
            .rounds
            .iter()
            .map(|&(_, _, code)| match code {
                '1' | 'W' | '+' | 'F' => win,
                '=' | 'D' | 'H' => draw,
                '0' | 'L' => loss,
                '-' => forfeit_loss,
                'U' => pab.unwrap_or(win),
                _ => zero,
            })
            .sum();
        assert_eq!(p.tenths, counted, "player {}: the points column is not the sum of the codes\n{text}", p.number);
    }
    StrictTrf { initial, players }
}

fn write(table: &Table, name: &str, text: &str) -> PathBuf {
    let path = table.root.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The file as it stood after round `rounds`: every player line cut after that round's block.
fn cut_after(text: &str, rounds: usize) -> String {
    text.lines()
        .filter(|l| !l.starts_with("HRP"))
        .map(|l| if l.starts_with("001") { l.chars().take(91 + 10 * rounds).collect::<String>() } else { l.into() })
        .map(|l| l.trim_end().to_string() + "\n")
        .collect()
}

/// A TRF-16 player line: start number, name, points, rank (the start number) and one round
/// block (`"   4 w 1"`: opponent, colour, result), at the standard's columns.
fn player_line(number: u32, name: &str, points: &str, round: &str) -> String {
    format!(
        "001 {number:>4}      {name:<33} {:>4} {:>3} {:>11} {:>10} {points:>4} {number:>4}  {round}\n",
        "", "", "", ""
    )
}

/// Imports a TRF of these header lines and player lines (number, name, points, round 1).
fn import_lines(table: &Table, file: &str, header: &[&str], players: &[(u32, &str, &str, &str)]) -> i64 {
    let header = header.iter().map(|h| format!("{h}\n"));
    let lines = players.iter().map(|&(number, name, points, round)| player_line(number, name, points, round));
    let path = write(table, file, &header.chain(lines).collect::<String>());
    import(table, &path, players.len())
}

fn import(table: &Table, path: &Path, players: usize) -> i64 {
    let emails: Vec<String> = NAMES[..players].iter().map(|n| email(n)).collect();
    let out = herald(table, &["tournament", "import", "--trf", path.to_str().unwrap(), "--players", &emails.join(",")])
        .unwrap();
    out.trim().parse().unwrap()
}

/// Issue 27 §2: the export writes the colour drawn (`XXC black1`), nothing before the lot is
/// drawn, and the file read back — by herald's `import` and by caissify-pairings' parser —
/// pairs round 2 from that colour, as the oracle does.
#[test]
fn the_trf_carries_the_colour_drawn_to_every_reader() {
    let mut table = club("swiss-trf-colour", Color::Black);
    let not_started = make(&mut table, terms("chess", System::Swiss, 3, Points::ONE), 6);
    let before = herald(&table, &["tournament", "export", &not_started.to_string(), "--trf"]).unwrap();
    assert_eq!(strict_read(&before).initial, None, "no colour is drawn before the start:\n{before}");

    let id = forfeits_in_round_one(&mut table);
    let text = herald(&table, &["tournament", "export", &id.to_string(), "--trf"]).unwrap();
    let strict = strict_read(&text);
    assert_eq!(strict.initial.as_deref(), Some("black1"), "{text}");
    let ann = strict.players.iter().find(|p| p.number == 1).unwrap();
    assert_eq!(ann.rounds[0], (4, 'b', '+'), "Ann had Black in round 1, as XXC says");
    assert_eq!(oracle_reads_trf(&text)["tournament"]["color_method"], "black1");

    // Taken over after round 1: round 2 is the oracle's, Ann Black.
    let after_one = cut_after(&text, 1);
    let path = write(&table, "after-round-1.trf", &after_one);
    let imported = import(&table, &path, 6);
    herald(&table, &["tournament", "pair", &imported.to_string()]).unwrap();
    let round2 = round(&mut table, imported, 2);
    same_pairs(&round2, &oracle_pairs(&state_before_round_two("black")));
    let top = round2.iter().find(|p| p.white == 1 || p.black == Some(1)).unwrap();
    assert_eq!((top.white, top.black), (2, Some(1)), "{round2:?}");
}

/// Issue 27 §2: after `import`, withdrawals between rounds start no round; `pair` pairs the
/// next round without either player.
#[test]
fn withdrawals_between_rounds_start_no_round() {
    let mut table = club("swiss-withdraw", Color::White);
    // Six players, round 1 played: 1-4 1-0, 5-2 0-1, 3-6 ½-½.
    let id = import_lines(
        &table,
        "round-1.trf",
        &["012 Taken over", "XXR 4", "XXC white1"],
        &[
            (1, "Ann", "1.0", "   4 w 1"),
            (2, "Ben", "1.0", "   5 b 1"),
            (3, "Cy", "0.5", "   6 w ="),
            (4, "Di", "0.0", "   1 b 0"),
            (5, "Ed", "0.0", "   2 w 0"),
            (6, "Flo", "0.5", "   3 b ="),
        ],
    );
    herald(&table, &["tournament", "withdraw", &id.to_string(), &email("Di")]).unwrap();
    assert!(round(&mut table, id, 2).is_empty(), "a withdrawal between rounds paired round 2");
    herald(&table, &["tournament", "withdraw", &id.to_string(), &email("Ed")]).unwrap();
    let entries = table.service.store().read(|tx| tx.entries(id)).unwrap();
    let after: Vec<(u32, Option<u32>)> =
        entries.iter().map(|e| (e.entrant.number, e.entrant.withdrawn_after)).filter(|e| e.1.is_some()).collect();
    assert_eq!(after, [(4, Some(1)), (5, Some(1))], "both withdrew after round 1");
    let paired = herald(&table, &["tournament", "pair", &id.to_string()]).unwrap();
    assert!(paired.starts_with(&format!("round 2 of tournament #{id} paired")), "{paired}");
    // Round 2 of the four still in, as the oracle pairs it from round 1: Ann (1, White) and Ben
    // (1, Black) on one point, Cy (½, White) and Flo (½, Black) on a half; every pair here
    // has equal scores, so its colours are compared too.
    let player = |id: u32, score: f64, colour: &str| {
        json!({"id": id, "name": NAMES[id as usize - 1], "rating": 0, "starting_number": id,
               "pairing_number": id, "score": score, "color_hist": [colour],
               "float_history": ["none"], "bye_count": 0})
    };
    let state = json!({
        "round": 2, "total": 4, "initial": "white", "previous": [[1, 4], [2, 5], [3, 6]],
        "players": [player(1, 1.0, "white"), player(2, 1.0, "black"), player(3, 0.5, "white"),
                    player(6, 0.5, "black")]
    });
    let mut expected = oracle_pairs(&state);
    let mut round2: Vec<(u32, Option<u32>)> = round(&mut table, id, 2).iter().map(|p| (p.white, p.black)).collect();
    expected.sort_unstable();
    round2.sort_unstable();
    assert_eq!(round2, expected, "round 2 without Di and Ed, as the oracle pairs it");
}

/// Issue 27 §2: four players, four rounds, every game drawn: after round 3 everyone has met
/// everyone, so round 4 has no legal pairing (C1). The event log says so once, and `pair` says
/// why instead of "still has games in play".
#[test]
fn a_failed_pairing_is_told_once_and_pair_says_why() {
    let mut table = club("swiss-pairing-failed", Color::White);
    let mut config = table.service.config().clone();
    config.referee.director = Some("td@club.test".into());
    table.reopen(config);
    let id = make(&mut table, terms("chess", System::Swiss, 4, Points::ONE), 4);
    table.service.start_tournament(id).unwrap();
    for r in 1..=3 {
        for p in round(&mut table, id, r) {
            table.service.direct_game(p.game.unwrap(), Points::HALF, Points::HALF, false).unwrap();
        }
    }
    let failures: Vec<String> = table.log().into_iter().filter(|l| l.starts_with("pairing-failed")).collect();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].matches("cannot be paired").count(), 1, "the reason once: {}", failures[0]);
    assert!(failures[0].ends_with("the director (td@club.test) is told"), "{}", failures[0]);
    // The director is told by mail, once, with the reason and what to do.
    table.pass_after(0);
    let notices = table.mails("td@club.test");
    assert_eq!(notices.len(), 1);
    let notice = herald::mail::reader::read_mail(&notices[0], &Default::default()).unwrap();
    assert!(notice.subject.contains("round 4 of Swiss Cup cannot be paired"), "{}", notice.subject);
    assert!(unwrapped(&notice.body).contains("no pairing of its 4 players avoids rematches"), "{}", notice.body);
    assert!(notice.body.contains(&format!("herald tournament pair {id}")), "{}", notice.body);
    let answer = herald(&table, &["tournament", "pair", &id.to_string()]).unwrap_err();
    assert!(!answer.contains("still has games in play"), "{answer}");
    assert!(answer.contains("round 4 cannot be paired"), "{answer}");
    assert_eq!(answer.matches("cannot be paired").count(), 1, "{answer}");
}

/// Issue 27 §2: `pair` on a Swiss whose last round is over (a finished tournament taken over
/// from its TRF) ends it, instead of answering "still has games in play" and undoing that.
#[test]
fn pair_after_the_last_round_ends_the_tournament() {
    let mut table = club("swiss-last-round", Color::White);
    let id = import_lines(
        &table,
        "played-out.trf",
        &["012 Played out", "XXR 1"],
        &[
            (1, "Ann", "1.0", "   3 w 1"),
            (2, "Ben", "0.5", "   4 b ="),
            (3, "Cy", "0.0", "   1 b 0"),
            (4, "Di", "0.5", "   2 w ="),
        ],
    );
    let answer = herald(&table, &["tournament", "pair", &id.to_string()]).unwrap();
    assert!(answer.contains("no round left to pair"), "{answer}");
    let t = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
    assert_eq!(t.stage, Stage::Finished);
}

/// Issue 27 §2: a TRF without `XXC` is read as bbpPairings reads it: round 1 shows the
/// initial colour (Art. 5.2.5: number 1, odd, had it; number 2, even, had the other).
#[test]
fn a_trf_without_xxc_gives_the_colour_its_round_one_shows() {
    let mut table = club("swiss-no-xxc", Color::White);
    let id = import_lines(
        &table,
        "no-xxc.trf",
        &["012 No XXC", "XXR 3"],
        &[
            (1, "Ann", "1.0", "   3 b 1"),
            (2, "Ben", "0.5", "   4 w ="),
            (3, "Cy", "0.0", "   1 w 0"),
            (4, "Di", "0.5", "   2 b ="),
        ],
    );
    let t = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
    assert_eq!(t.initial_colour, Color::Black);
}

/// Issue 27 §2: a zero-point PAB is a PAB to other programs (`U`, with JaVaFo's `BBU 0.0`), so
/// the strict reader's sums agree; herald reads it back as a bye worth nothing.
#[test]
fn a_zero_point_bye_is_written_as_a_pairing_allocated_bye() {
    let mut table = club("swiss-zero-bye", Color::White);
    let id = make(&mut table, terms("chess", System::Swiss, 3, Points::ZERO), 5);
    table.service.start_tournament(id).unwrap();
    let bye = round(&mut table, id, 1).into_iter().find(|p| p.is_bye()).unwrap();
    assert_eq!(bye.white, 5);
    let text = herald(&table, &["tournament", "export", &id.to_string(), "--trf"]).unwrap();
    let strict = strict_read(&text);
    let ed = strict.players.iter().find(|p| p.number == 5).unwrap();
    assert_eq!(ed.rounds[0], (0, '-', 'U'), "{text}");
    let back = herald::tournament::trf::parse(&text).unwrap();
    let read = back.pairings.iter().find(|p| p.round == 1 && p.is_bye()).unwrap();
    assert_eq!((read.white, read.score.map(|s| s.white)), (5, Some(Points::ZERO)));
    // Taken over, its next byes score what its first did.
    let path = write(&table, "zero-bye.trf", &text);
    let imported = import(&table, &path, 5);
    let t = table.service.store().read(|tx| tx.tournament(imported)).unwrap().unwrap();
    assert_eq!(t.bye_points, Points::ZERO);
}

/// Issue 27 §2: the export writes the ratings the start list was made from.
#[test]
fn the_export_writes_the_start_lists_ratings() {
    let mut table = club("swiss-ratings", Color::White);
    for (name, rating) in [("Ann", 1712.4), ("Ben", 1650.6)] {
        let row = RatingRow {
            email: email(name),
            name: Some(name.into()),
            variant: "chess".into(),
            rating,
            deviation: 80.0,
            volatility: 0.06,
            games: 12,
        };
        table.service.store().write(|tx| tx.set_rating(&row, Timestamp::UNIX_EPOCH)).unwrap();
    }
    let id = make(&mut table, terms("chess", System::Swiss, 3, Points::ONE), 4);
    table.service.start_tournament(id).unwrap();
    let text = herald(&table, &["tournament", "export", &id.to_string(), "--trf"]).unwrap();
    let strict = strict_read(&text);
    let ratings: Vec<(u32, Option<u32>)> = strict.players.iter().map(|p| (p.number, p.rating)).collect();
    assert_eq!(ratings, [(1, Some(1712)), (2, Some(1651)), (3, None), (4, None)], "{text}");
    let read = oracle_reads_trf(&text);
    assert_eq!(read["players"][0]["rating"], 1712);
}

/// Issue 27 §2: Royal Chess's fractions. The points column is what the codes say, written
/// `99.9` (the strict reader and bbpPairings accept it, and its sum agrees); the exact points
/// are on herald's `HRP` lines, which herald reads back.
#[test]
fn royal_fractions_are_read_by_strict_readers_and_kept_exactly_by_herald() {
    let mut table = club("swiss-royal", Color::White);
    let id = make(&mut table, terms("royal", System::RoundRobin, 0, Points::ONE), 4);
    table.service.start_tournament(id).unwrap();
    let royal = [(Points(700), Points(250)), (Points(650), Points(300)), (Points(400), Points(500))];
    // Round 1 (1-4, 2-3) and the first board of round 2 (4-3).
    let games: Vec<Pairing> = pairings(&mut table, id).into_iter().take(3).collect();
    for (p, (white, black)) in games.iter().zip(royal) {
        table.service.direct_game(p.game.unwrap(), white, black, false).unwrap();
    }
    let text = herald(&table, &["tournament", "export", &id.to_string(), "--trf"]).unwrap();
    let strict = strict_read(&text);
    assert_eq!(strict.players.len(), 4);
    let back = herald::tournament::trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let stored = pairings(&mut table, id);
    for p in stored.iter().filter(|p| p.score.is_some()) {
        let read = back.pairings.iter().find(|q| q.round == p.round && q.white == p.white).unwrap();
        assert_eq!(read.score, p.score, "{text}");
    }
    let read = oracle_reads_trf(&text);
    assert_eq!(read["players"].as_array().unwrap().len(), 4);
}

/// Issue 28 §2: `pair` says what it did: the round, each board with its players and its
/// game's number, and the bye.
#[test]
fn pair_prints_the_round_it_paired_each_board_with_its_game_and_the_bye() {
    let mut table = club("swiss-pair-says", Color::White);
    // Five players, round 1 played: 1-4 1-0, 5-2 0-1, Cy the bye.
    let id = import_lines(
        &table,
        "five.trf",
        &["012 Five", "XXR 3", "XXC white1"],
        &[
            (1, "Ann", "1.0", "   4 w 1"),
            (2, "Ben", "1.0", "   5 b 1"),
            (3, "Cy", "1.0", "0000 - U"),
            (4, "Di", "0.0", "   1 b 0"),
            (5, "Ed", "0.0", "   2 w 0"),
        ],
    );
    let said = herald(&table, &["tournament", "pair", &id.to_string()]).unwrap();
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(
        lines[0],
        format!("round 2 of tournament #{id} paired, its games started and their invitations queued:")
    );
    assert_eq!(lines[1], "Round 2", "{said}");
    let mut boards = round(&mut table, id, 2);
    boards.sort_by_key(|p| p.board);
    assert_eq!(lines.len(), 2 + boards.len(), "one line a board:\n{said}");
    assert!(boards.iter().any(|p| p.is_bye()), "five players: a bye");
    let name = |number: u32| format!("{} ({number})", NAMES[number as usize - 1]);
    for (line, p) in lines[2..].iter().zip(&boards) {
        assert!(line.trim_start().starts_with(&format!("{}  {}", p.board, name(p.white))), "{line}");
        match p.black {
            Some(black) => {
                assert!(line.contains(&format!(" - {}", name(black))), "{line}");
                assert!(line.ends_with(&format!("game #{}", p.game.expect("a game for every board"))), "{line}");
            }
            None => assert!(line.contains("bye") && !line.contains("game #"), "{line}"),
        }
    }
}
