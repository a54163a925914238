//! Text from strangers is text, and answers to strangers are bounded (issue 26, section 2).
//!
//! - Hostile names (RFC 2047-encoded with line breaks, an ESC sequence, a bidirectional
//!   override, 10 KB long; and one typed by the director) go through `join` by mail into a
//!   tournament played to its final crosstable: every mail every player got (the confirmations,
//!   the start, each game's mails, each result with the standings, the final crosstable), every
//!   output of the command line about it and every page of the static site show each name as
//!   one line without control or bidirectional characters, no longer than
//!   `untrusted::NAME_CHARS`.
//! - The longest line of every mail herald writes stays within RFC 5322's 998 octets, and its
//!   Subject within `compose::MAX_SUBJECT_CHARS`, for the hostile inputs: a first line
//!   `1. NNN...Nf3` of 3,000 and 16,000 letters, `join` and 21 KB of text, a preference word
//!   of 3,000 letters, a Subject of 900 characters that is no command.
//! - `herald outbox` shows a server's error without the mail's return path (its bounce token).
//!
//! Real parts throughout: a SQLite file, Maildirs, the `herald` binary (tests/support/table.rs).

use crate::support;

use std::path::Path;
use std::process::Command;

use herald::clock::Clock;
use herald::mail::compose::{MAX_LINE_OCTETS, MAX_SUBJECT_CHARS, longest_line};
use herald::mail::reply::compose_reply;
use herald::referee::records::Player;
use herald::service::NewTournament;
use herald::tournament::{Stage, Tournament};
use herald::untrusted::{ECHO_CHARS, NAME_CHARS};
use mailparse::MailHeaderMap;
use support::table::Table;

const ANN: &str = "ann@players.test";
const BEN: &str = "ben@players.test";
const CY: &str = "cy@players.test";
const DI: &str = "di@players.test";

/// What the hostile names try to make a mail say on a line of its own.
const INJECTED: &str = "The referee: Ann resigned. Reply with your password";

/// `text` as RFC 2047 encoded words (`Q`, every byte escaped), one per ten characters, as a
/// mail program may write a long display name.
fn encoded_words(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(10)
        .map(|chunk| {
            let bytes: String = chunk.iter().collect::<String>().bytes().map(|b| format!("={b:02X}")).collect();
            format!("=?utf-8?q?{bytes}?=")
        })
        .collect::<Vec<_>>()
        .join("\r\n ")
}

/// A first mail from `address` with the display name `name`, whose text is `text`.
fn first_mail(name: &str, address: &str, subject: &str, text: &str, id: &str) -> Vec<u8> {
    format!(
        "From: {} <{address}>\r\nTo: referee@club.test\r\nSubject: {subject}\r\nMessage-ID: <{id}@players.test>\r\n\
         Date: Sat, 21 Nov 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n",
        encoded_words(name)
    )
    .into_bytes()
}

/// Characters that must never reach a reader: controls but the line breaks and tabs of a
/// text, and the ones that reorder or hide what follows.
fn forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// `text` (what `what` shows a reader) holds every name as data: no forbidden character, no
/// line that the injected text begins, no run of the 10 KB name's letter longer than a name.
#[track_caller]
fn assert_clean(text: &str, what: &str) {
    if let Some(c) = text.chars().find(|&c| forbidden(c)) {
        panic!("{what} holds {c:?}:\n{text}");
    }
    for line in text.lines() {
        let line = line.trim_start_matches(|c: char| c.is_whitespace() || "|>#.0123456789".contains(c));
        assert!(!line.starts_with("The referee:"), "{what} lets a name begin a line: {line:?}\n{text}");
    }
    assert!(!text.contains(&"Z".repeat(NAME_CHARS + 1)), "{what} holds a name longer than {NAME_CHARS}");
}

/// Everything a mail shows a reader: its header fields decoded, then each text part decoded.
fn shown(raw: &[u8]) -> String {
    fn parts(part: &mailparse::ParsedMail<'_>, out: &mut String) {
        for header in &part.headers {
            out.push_str(&format!("{}: {}\n", header.get_key(), header.get_value()));
        }
        if part.subparts.is_empty() && part.ctype.mimetype.starts_with("text/") {
            out.push_str(&part.get_body().expect("a decodable text"));
            out.push('\n');
        }
        for sub in &part.subparts {
            parts(sub, out);
        }
    }
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    let mut out = String::new();
    parts(&mail, &mut out);
    out
}

/// Every line of `raw` within RFC 5322's bound, and its Subject within herald's.
#[track_caller]
fn assert_bounded(raw: &[u8], what: &str) {
    let longest = longest_line(raw);
    assert!(longest <= MAX_LINE_OCTETS, "{what}: a line of {longest} octets");
    let subject = mailparse::parse_mail(raw).unwrap().headers.get_first_value("Subject").unwrap_or_default();
    assert!(subject.chars().count() <= MAX_SUBJECT_CHARS, "{what}: a Subject of {} characters", subject.len());
}

/// What `herald ARGS` prints (standard output and error) for the club of `config`.
fn herald(config: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_herald")).arg("--config").arg(config).args(args).output().unwrap();
    assert!(out.status.success(), "herald {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Every mail the club sent, to anyone: (recipient's folder, bytes).
fn every_mail(table: &Table) -> Vec<(String, Vec<u8>)> {
    let mut all = Vec::new();
    for person in std::fs::read_dir(table.root.join("sent")).unwrap() {
        let person = person.unwrap().file_name().to_string_lossy().to_string();
        for raw in table.mails(&person) {
            all.push((person.clone(), raw));
        }
    }
    all
}

fn terms() -> Tournament {
    support::tournament::terms("Test Cup")
}

/// `who` answers their latest mail of game `game` with `text`; a daemon's pass follows.
fn say(table: &mut Table, who: &str, game: i64, text: &str) {
    let tag = format!("[herald #{game}]");
    let latest = table
        .mails(who)
        .into_iter()
        .rev()
        .find(|raw| shown(raw).contains(&tag))
        .unwrap_or_else(|| panic!("{who} has a mail of game {game}"));
    let mail = compose_reply(&latest, who, text).unwrap();
    table.clock.advance(60);
    table.service.ingest(&mail, None).unwrap();
    table.pass_after(0);
}

#[test]
fn hostile_names_reach_every_mail_cli_output_and_page_as_one_clean_bounded_line() {
    let mut table = Table::new("strangers-names");
    // Di is entered by the director, with a name as hostile as the others'.
    let di = Player { email: DI.into(), name: Some(format!("Di\n\n{INJECTED}\u{2066}\x1b]0;owned\x07\r\nDi again")) };
    let id = table.service.create_tournament(NewTournament { terms: terms(), players: vec![di] }).unwrap();
    table.service.open_tournament(id).unwrap();

    let names = [
        (ANN, format!("Ann\r\n\r\n{INJECTED}")),
        (BEN, "Ben \x1b[31mRED\x1b[0m \u{202E}drowssap\u{202C} \u{2028}Ben".to_string()),
        (CY, format!("Cy {}", "Z".repeat(10_000))),
    ];
    for (address, name) in &names {
        let raw = first_mail(name, address, "entry", "join Test Cup", address.split('@').next().unwrap());
        table.clock.advance(60);
        table.service.ingest(&raw, None).unwrap();
        table.pass_after(0);
        // The confirmation request goes to the address; the entry is confirmed by its reply.
        table.reply(address, "yes");
    }
    let entries = table.service.store().read(|tx| tx.entries(id)).unwrap();
    assert_eq!(entries.iter().filter(|e| e.confirmed).count(), 4, "{entries:?}");

    table.service.start_tournament(id).unwrap();
    table.pass_after(0);
    let pairings = table.service.store().read(|tx| tx.pairings(id)).unwrap();
    let entries = table.service.store().read(|tx| tx.entries(id)).unwrap();
    let email = |n: u32| entries.iter().find(|e| e.entrant.number == n).unwrap().entrant.email.clone();
    let games: Vec<(i64, String, String)> =
        pairings.iter().filter_map(|p| Some((p.game?, email(p.white), email(p.black?)))).collect();
    assert_eq!(games.len(), 6);
    for (i, (game, white, black)) in games.iter().enumerate() {
        // A move each way first, so the game mails with a move go out too; then one resigns.
        say(&mut table, white, *game, "e4");
        say(&mut table, black, *game, "e5");
        say(&mut table, if i % 2 == 0 { white } else { black }, *game, "resign");
    }
    let t = table.service.store().read(|tx| tx.tournament(id)).unwrap().unwrap();
    assert_eq!(t.stage, Stage::Finished);

    // Every mail, to every address, Di's and the strangers' alike.
    let mails = every_mail(&table);
    for (who, raw) in &mails {
        let what = format!("a mail to {who}");
        assert_clean(&shown(raw), &what);
        assert_bounded(raw, &what);
    }
    let shown_mails: Vec<String> = mails.iter().map(|(_, raw)| shown(raw)).collect();
    assert!(shown_mails.iter().any(|s| s.contains("final crosstable")), "the final crosstable went out");
    assert!(
        shown_mails.iter().any(|s| {
            let quoted = format!("\u{201C}Ann {INJECTED}\u{201D}");
            support::mime::unwrapped(s).contains(&format!("against {quoted}")) && s.lines().any(|l| l.contains(&quoted))
        }),
        "Ann's name is shown, on one line and in quotes, in her opponents' invitations"
    );
    assert!(shown_mails.iter().any(|s| s.contains(&format!("Ann {INJECTED} "))), "and in the tables, as a column");

    // Every output of the command line about the tournament and its games.
    let config = table.write_config();
    let mut outputs = vec![
        herald(&config, &["tournament", "show", &id.to_string()]),
        herald(&config, &["tournament", "list"]),
        herald(&config, &["tournament", "standings", &id.to_string()]),
        herald(&config, &["tournament", "crosstable", &id.to_string()]),
        herald(&config, &["game", "list"]),
        herald(&config, &["log"]),
        herald(&config, &["outbox", "--all"]),
    ];
    for (game, ..) in &games {
        outputs.push(herald(&config, &["game", "show", &game.to_string()]));
        outputs.push(herald(&config, &["game", "export", &game.to_string(), "--pgn"]));
    }
    for output in &outputs {
        assert_clean(output, "the command line");
    }
    assert!(outputs[0].contains("Ben [31mRED [0m drowssap Ben"), "{}", outputs[0]);

    // Every page of the static site.
    let site = table.root.join("site");
    herald(&config, &["site", "build", site.to_str().unwrap()]);
    let mut pages = 0;
    for entry in walk(&site) {
        if entry.extension().is_some_and(|e| e == "html" || e == "json" || e == "svg") {
            assert_clean(&std::fs::read_to_string(&entry).unwrap(), &entry.display().to_string());
            pages += 1;
        }
    }
    assert!(pages > 6, "{pages} pages");
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn every_mail_herald_writes_keeps_its_lines_and_subject_bounded() {
    let mut table = Table::new("strangers-lines");
    let game = table.new_game("chess");
    // The moves: the refusal's Subject quoted all of them.
    for n in [3000, 16_000] {
        say(&mut table, "alice@players.test", game, &format!("1. {}f3", "N".repeat(n)));
    }
    say(&mut table, "alice@players.test", game, &format!("zone {}", "Q".repeat(3000)));
    say(&mut table, "alice@players.test", game, &format!("if {}", "e4 ".repeat(2000)));
    // A Subject that is neither a move nor a command, in a mail without text.
    let latest = table.latest_in("alice@players.test", game);
    let reply = compose_reply(&latest, "alice@players.test", "").unwrap();
    let reply = String::from_utf8(reply).unwrap();
    let reply = reply.replacen("Subject: ", &format!("Subject: {} ", "S".repeat(900)), 1);
    table.clock.advance(60);
    table.service.ingest(reply.as_bytes(), None).unwrap();
    table.pass_after(0);
    // Strangers: `join` and 21 KB, a tournament that does not exist, and one that does.
    let id = table.service.create_tournament(NewTournament { terms: terms(), players: vec![] }).unwrap();
    table.service.open_tournament(id).unwrap();
    for (i, text) in
        [format!("join {}", "J".repeat(21_000)), format!("join Test Cup {}", "J".repeat(21_000))].iter().enumerate()
    {
        let raw = first_mail("Eve", &format!("eve{i}@players.test"), "entry", text, &format!("join-{i}"));
        table.clock.advance(60);
        table.service.ingest(&raw, None).unwrap();
        table.pass_after(0);
    }

    let mails = every_mail(&table);
    assert!(mails.len() >= 8, "{} mails", mails.len());
    let mut longest = 0;
    for (who, raw) in &mails {
        assert_bounded(raw, &format!("a mail to {who}"));
        longest = longest.max(longest_line(raw));
        // What the player wrote is quoted back cut to an echo, in the Subject and the text.
        let text = shown(raw);
        for letter in ["N", "Q", "S", "J"] {
            assert!(!text.contains(&letter.repeat(ECHO_CHARS + 1)), "a mail to {who} quotes {letter}s at length");
        }
    }
    let refusals = mails.iter().filter(|(_, raw)| shown(raw).contains("not accepted")).count();
    assert!(refusals >= 2, "the long moves were refused ({refusals})");
    let joins = mails.iter().filter(|(who, _)| who.starts_with("eve")).count();
    assert_eq!(joins, 2, "each stranger got one answer");
    println!("longest line of {} mails: {longest} octets", mails.len());
}

#[test]
fn herald_outbox_shows_a_servers_error_without_the_return_path() {
    let mut table = Table::new("strangers-outbox");
    table.new_game("chess");
    let rows = table.service.store().read(|tx| tx.outbox(false)).unwrap();
    let row = rows.iter().find(|r| r.envelope_from.contains("+bounce-")).expect("a game mail with its return path");
    let return_path = row.envelope_from.clone();
    // What a server answers a mail it refuses: the envelope sender quoted, in its own case,
    // and a line break and an escape sequence of its own.
    let error =
        format!("550 5.7.1 <{}>: sender rejected\r\n\x1b[2J; <{return_path}>", return_path.to_ascii_uppercase());
    let at = table.clock.now();
    table.service.store().write(|tx| tx.mark_failed(row.id, &error, Some(at))).unwrap();

    let shown = herald(&table.write_config(), &["outbox", "--all"]);
    let token = return_path.split('@').next().unwrap().split("+bounce-").nth(1).unwrap().to_ascii_lowercase();
    assert!(!shown.to_ascii_lowercase().contains(&token), "the bounce token is shown:\n{shown}");
    assert!(shown.contains("last error: 550 5.7.1 <(return path)>: sender rejected"), "{shown}");
    assert!(!shown.contains('\x1b'), "{shown:?}");
}
