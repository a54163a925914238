//! The words a player reads (issue 28, "Words a player reads"), checked over whole games of
//! every variant herald offers, played by mail in one process: every line of every mail's
//! text is at most 78 columns; no mail sends a player to README; the example move under "To
//! play" is one the rules accept in that position; `notation` is offered only where a game's
//! moves can be written otherwise; the commitments keep one order; the help says how the
//! variant is won; before the first move of a game with secret choices the mails ask once,
//! with a deadline, and promise no mail about a move; after the end no legal moves are listed
//! and nothing is "still sealed" (the mails and `herald game show`); the HTML part says what
//! the text says under its board, and its picture's alt text names every piece.

use crate::support;

use std::process::Command;

use herald::engine::Color;
use herald::engine::geometry::Square;
use herald::variants::{Observer, VariantGame};
use support::mime;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The game as the referee holds it now.
fn stored(table: &mut Table, id: i64) -> Box<dyn VariantGame> {
    let record = table.service.store().read(|tx| tx.game(id)).unwrap().unwrap();
    herald::variants::by_id(&record.variant).unwrap().restore(&record.snapshot).unwrap()
}

fn player(color: Color) -> &'static str {
    if color == Color::White { ALICE } else { BOB }
}

/// A move of the side to move, from square to square, that the game accepts: the first one
/// from the `turn`-th square on, so that games go different ways.
fn a_move(game: &mut Box<dyn VariantGame>, turn: usize) -> Option<String> {
    let size = game.view(Observer::Everyone).size;
    let squares: Vec<Square> =
        (0..size.ranks).flat_map(|r| (0..size.files).filter_map(move |f| Square::new(f, r))).collect();
    let n = squares.len();
    for i in 0..n {
        let from = squares[(i + turn * 7) % n];
        for to in &squares {
            if let Ok(played) = game.play(&format!("{from}-{to}")) {
                return Some(played.notation);
            }
        }
    }
    None
}

/// The example move under "To play" in `text`, without its number.
fn example(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("To play, reply to this mail"))?;
    let line = lines[at + 1..].iter().find(|l| !l.trim().is_empty())?;
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let rest: Vec<&str> = words.collect();
    Some(if first.ends_with('.') && first.trim_end_matches('.').parse::<u32>().is_ok() {
        rest.join(" ")
    } else {
        std::iter::once(first).chain(rest).collect::<Vec<_>>().join(" ")
    })
}

/// The labels of the commitments a mail lists, in its order.
fn commitment_order(text: &str) -> Vec<String> {
    let mut labels = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("Commitments") {
            inside = true;
            continue;
        }
        if inside {
            if line.is_empty() || !line.starts_with("    ") {
                break;
            }
            if !line.starts_with("        ") {
                labels.push(line.trim().split([':', ',']).next().unwrap().to_string());
            }
        }
    }
    labels
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The occupied squares of a text diagram in `text` (its rank lines: a number, cells, the
/// number again), counted.
fn occupied(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words.len() > 2 && words[0].parse::<u32>().is_ok() && words[0] == *words.last().unwrap()
        })
        .map(|l| l.split_whitespace().filter(|w| w.parse::<u32>().is_err() && *w != ".").count())
        .sum()
}

/// One game of `variant`: the secret choices, some moves (with a help, a refused move and a
/// notation request between them), then White resigns unless the game ended before. Every
/// check on the way; returns nothing, panics with the variant and the mail on a failure.
fn play_and_check(variant: &'static dyn herald::variants::Variant) {
    let id_name = variant.id();
    let mut table = Table::new(&format!("words-{}", id_name.replace('+', "-")));
    let config = table.write_config();
    let id = table.new_game(id_name);

    // Before the first move of a game with secret choices: the choice asked for once, with its
    // deadline, and no promise of a mail about a move.
    let setup = stored(&mut table, id).setup_requests();
    for color in Color::BOTH {
        let text = mime::plain_text(&table.latest_in(player(color), id));
        if let Some(request) = setup.iter().find(|r| r.player == color) {
            assert!(!text.contains("has moved"), "{id_name}: a move promised before the game began:\n{text}");
            assert!(text.contains("Please reply by"), "{id_name}: no deadline for the secret choice:\n{text}");
            let prompt = squeeze(&request.prompt);
            assert_eq!(squeeze(&text).matches(&prompt).count(), 1, "{id_name}: the choice asked once:\n{text}");
        }
    }
    for request in &setup {
        let game = stored(&mut table, id);
        if !game.setup_requests().iter().any(|r| r.label == request.label) {
            continue;
        }
        let offered = request.prompt.split(" (").next().unwrap();
        let answer = offered.split(" or ").next().unwrap().replace("WORD", "words");
        table.reply_in(player(request.player), id, &answer);
        // The one who chose waits for the other: still no promise of a mail about a move.
        if !stored(&mut table, id).setup_requests().is_empty() {
            let text = mime::plain_text(&table.latest_in(player(request.player), id));
            assert!(!text.contains("has moved"), "{id_name}: a move promised before the game began:\n{text}");
        }
    }

    let mut ended = false;
    for turn in 0..12 {
        let mut game = stored(&mut table, id);
        let to_move = game.turn();
        let who = player(to_move);
        // The example move the mover was given is one the rules accept now.
        let text = mime::plain_text(&table.latest_in(who, id));
        if let Some(example) = example(&text) {
            let mut copy = stored(&mut table, id);
            assert!(copy.play(&example).is_ok(), "{id_name}: the example move {example:?} is not legal:\n{text}");
        }
        match turn {
            2 => table.reply_in(who, id, "help"),
            3 => table.reply_in(who, id, "Zz9"),
            4 => table.reply_in(who, id, "notation long"),
            _ => {}
        }
        let Some(text) = a_move(&mut game, turn) else { break };
        table.reply_in(who, id, &text);
        if stored(&mut table, id).outcome().is_some() {
            ended = true;
            break;
        }
    }
    if !ended {
        table.reply_in(ALICE, id, "resign");
    }

    // `game show`, as the operator sees the finished game.
    let shown = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["game", "show", &id.to_string()])
        .env("HERALD_CONFIG", &config)
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&shown.stdout).to_string();
    assert!(shown.contains("Result:"), "{id_name}: {shown}");
    assert!(!shown.contains("still sealed") && !shown.contains("Legal moves"), "{id_name}: after the end:\n{shown}");

    // The answer to `notation long` says whether this game's moves can be written otherwise.
    let keeps = [ALICE, BOB].iter().flat_map(|who| table.mails(who)).any(|m| {
        let t = mime::plain_text(&m);
        t.contains("Your moves are now shown in") && t.contains("This game's variant keeps its own")
    });
    let mut orders: Vec<Vec<String>> = Vec::new();
    for who in [ALICE, BOB] {
        let mails = table.mails(who);
        let last = mails.len() - 1;
        for (n, raw) in mails.iter().enumerate() {
            let text = mime::plain_text(raw);
            for line in text.lines() {
                assert!(line.chars().count() <= 78, "{id_name}: a line of {} columns:\n{line}\n\n{text}", line.len());
            }
            assert!(!text.contains("README"), "{id_name}: a mail sends the player to README:\n{text}");
            // `notation` is offered where the game's moves can be written otherwise, which the
            // answer to `notation long` says.
            if text.contains("Other commands") {
                assert_eq!(text.contains("notation N"), !keeps, "{id_name}: notation listed wrongly:\n{text}");
            }
            if text.contains("Here is how to play") {
                assert!(
                    squeeze(&text).contains(&squeeze(variant.aim())),
                    "{id_name}: the help without the aim:\n{text}"
                );
            }
            let order = commitment_order(&text);
            if !order.is_empty() {
                orders.push(order);
            }
            if n == last {
                assert!(text.contains("Result:"), "{id_name}: the last mail is not the end:\n{text}");
                assert!(!text.contains("Your legal moves"), "{id_name}: legal moves after the end:\n{text}");
                assert!(!text.contains("still sealed"), "{id_name}: still sealed after the end:\n{text}");
            }
            // The HTML says what the text says under its board, and its picture says the
            // position in words.
            if let Some(html) = mime::html(raw) {
                let html = html.replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&");
                for line in text.lines().filter(|l| l.starts_with("Unknown pieces") || l.starts_with('*')) {
                    assert!(html.contains(line), "{id_name}: the HTML lacks {line:?}:\n{html}");
                }
                let alt = html.split("alt=\"").nth(1).unwrap().split('"').next().unwrap();
                assert!(alt.contains("White:") && alt.contains("Black:"), "{id_name}: {alt}");
                let named = alt
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| {
                        // "e4", or Royal Chess's "54" and "106".
                        let mut chars = w.chars();
                        let algebraic = chars.next().is_some_and(|c| c.is_ascii_lowercase() && c <= 'l')
                            && w.len() > 1
                            && chars.all(|c| c.is_ascii_digit());
                        algebraic || ((2..=3).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit()))
                    })
                    .count();
                assert!(named >= occupied(&text), "{id_name}: the alt text names {named} squares:\n{alt}\n{text}");
            }
        }
    }
    // One order of the commitments in every mail: two labels two mails list are in the same order.
    for a in &orders {
        for b in &orders {
            let common: Vec<&String> = a.iter().filter(|l| b.contains(l)).collect();
            let in_b: Vec<&String> = b.iter().filter(|l| a.contains(l)).collect();
            assert_eq!(common, in_b, "{id_name}: the commitments in another order");
        }
    }
}

#[test]
fn every_variant_s_whole_game_reads_as_the_issue_asks() {
    for variant in herald::variants::all() {
        play_and_check(*variant);
    }
}
