//! No mail from a player vanishes, loops or waits forever: every mail whose sender is verified
//! ends in a move played, a refusal with its reason, or the help opening with why — and a mail
//! herald itself fails on is answered with an apology, logged with a reference, and never set
//! aside or handed back to the mail server. A mail is the same mail only when it is the same
//! delivery: no other mail can silence it. Real parts: a SQLite file, Maildirs, the herald
//! binary for `herald ingest`.

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};

use herald::mail::reply::compose_reply;
use herald::referee::records::Verdict;
use herald::service::Ingested;
use proptest::prelude::*;
use support::table::Table;

const ALICE: &str = "alice@players.test";
const BOB: &str = "bob@players.test";

/// The decoded text of a raw mail.
fn body(raw: &[u8]) -> String {
    support::mime::plain_text(raw)
}

fn subject(raw: &[u8]) -> String {
    use mailparse::MailHeaderMap;
    mailparse::parse_mail(raw).unwrap().headers.get_first_value("Subject").unwrap_or_default()
}

/// `who`'s reply with `text` to the latest mail of their game they got (one with a reply
/// token), as their mail client writes it.
fn reply(table: &Table, who: &str, text: &str) -> Vec<u8> {
    let latest = table.mails(who).into_iter().rev().find(|m| subject(m).contains("[ref:")).expect("a game mail");
    compose_reply(&latest, who, text).unwrap()
}

/// Ingests `raw` and sends what it caused; returns how it was handled.
fn deliver(table: &mut Table, raw: &[u8]) -> Ingested {
    table.clock.advance(60);
    let handled = table.service.ingest(raw, None).expect("every mail is handled, never refused to the mail server");
    table.pass_after(0);
    handled
}

/// `who` answers their latest mail with `text`; how it was handled.
fn answer(table: &mut Table, who: &str, text: &str) -> Ingested {
    let raw = reply(table, who, text);
    deliver(table, &raw)
}

/// `sh -c command`'s first word of output: the hash `sha256sum` printed.
fn run_in_sh(command: &str) -> String {
    let out = Command::new("sh").arg("-c").arg(command).output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap_or_default().to_string()
}

/// README: "Each player may then add a seed of their own (`seed WORD`: printable ASCII without
/// spaces or `:`, at most 64 characters; `seed` alone adds none)". Every such answer is
/// accepted, and the check printed beside each opened seed computes its commitment in a real
/// shell, whatever characters it holds.
#[test]
fn every_seed_readme_allows_is_accepted_and_its_check_works_in_a_shell() {
    // The last two, of 64 characters, are the longest: quoted, the first just fits a line of
    // the check command, the second (its quote written '\'') does not.
    let longest = [
        "seed the-longest-seed-README-allows-is-64-characters-long-and-end-in!",
        "seed it's-64-characters-too-and-its-quote-makes-it-longer-than-a-line",
    ];
    for (white, black) in [
        ("seed", "seed a!b"),
        ("seed x#y", "seed '%s\\\"`$HOME`"),
        ("seed ~^&*()[]{}|<>?", "seed"),
        (longest[0], longest[1]),
    ] {
        let mut table = Table::new("every-seed");
        let id = table.new_game("secret-intelligence");
        assert_eq!(answer(&mut table, ALICE, white), Ingested::Handled(Verdict::Setup), "{white}");
        assert_eq!(answer(&mut table, BOB, black), Ingested::Handled(Verdict::Setup), "{black}");
        let begun = table.mails(ALICE).pop().unwrap();
        assert!(body(&begun).contains("the game begins"), "{}", body(&begun));
        assert_eq!(answer(&mut table, ALICE, "resign"), Ingested::Handled(Verdict::Resigned));
        // The last mail opens every secret: the referee's seed and both players'.
        let last = body(&table.mails(BOB).pop().unwrap());
        let mut checked = 0;
        for label in ["referee.seed", "white.seed", "black.seed"] {
            let (line, hash, command) =
                support::mime::opening(&last, label).unwrap_or_else(|| panic!("{label}: {last}"));
            assert!(command.starts_with("    printf '") && command.ends_with("| sha256sum"), "{command}");
            // A player's seed is opened as it was written.
            for (seed_label, answered) in [("white.seed", white), ("black.seed", black)] {
                let seed = answered.strip_prefix("seed").unwrap().trim_start();
                assert!(label != seed_label || line.starts_with(&format!("{label} = {seed}, nonce ")), "{line}");
            }
            assert_eq!(run_in_sh(&command), hash, "game {id}: {line}\n{command}");
            checked += 1;
        }
        assert_eq!(checked, 3, "the referee's seed and both players' are opened:\n{last}");
    }
}

/// A verified player's mail that herald cannot handle (here: the stored game is broken) is
/// answered once, with what went wrong and a reference that the operator's log shows too;
/// nothing changes; a second delivery of the same mail changes nothing more.
#[test]
fn a_mail_herald_fails_on_is_answered_once_and_logged() {
    let mut table = Table::new("fails-on");
    let id = table.new_game("chess");
    let move_mail = reply(&table, ALICE, "e4");
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute("UPDATE games SET snapshot = 'broken' WHERE id = ?1", [id]).unwrap();
    let before = (table.mails(ALICE).len(), table.mails(BOB).len());
    assert_eq!(deliver(&mut table, &move_mail), Ingested::Handled(Verdict::Failed));
    assert_eq!(table.mails(BOB).len(), before.1, "the opponent hears nothing");
    let answers = table.mails(ALICE);
    assert_eq!(answers.len(), before.0 + 1);
    let apology = answers.last().unwrap();
    assert_eq!(subject(apology), "herald: your mail could not be handled");
    let text = body(apology);
    assert!(text.contains("the stored state of your game could not be read"), "{text}");
    assert!(text.contains("Nothing was changed"), "{text}");
    let reference = text.split("reference ").nth(1).unwrap().split(')').next().unwrap().to_string();
    let logged: String = db.query_row("SELECT detail FROM events WHERE kind = 'failed'", [], |r| r.get(0)).unwrap();
    assert!(logged.contains(&reference) && logged.contains("stored game"), "{logged}");
    // The same delivery again: recognised, not answered again.
    assert_eq!(deliver(&mut table, &move_mail), Ingested::Duplicate);
    assert_eq!(table.mails(ALICE).len(), before.0 + 1);

    // When the game's row itself cannot be read, herald cannot verify the sender from the
    // game: it checks the players' addresses alone, and someone else's mail with Alice's
    // token gets nothing.
    db.execute("UPDATE games SET deadline_notices = 7 WHERE id = ?1", [id]).unwrap();
    let forged = String::from_utf8(reply(&table, ALICE, "d4"))
        .unwrap()
        .replace("From: alice@players.test", "From: mallory@players.test");
    assert_eq!(deliver(&mut table, forged.as_bytes()), Ingested::Handled(Verdict::Failed));
    assert!(table.mails("mallory@players.test").is_empty());
    assert_eq!(answer(&mut table, ALICE, "d4"), Ingested::Handled(Verdict::Failed));
    assert_eq!(table.mails(ALICE).len(), before.0 + 2, "Alice is answered again");
}

/// A club's template that breaks while a mail is rendered: the player still gets an answer,
/// written without the templates.
#[test]
fn a_broken_template_still_gets_the_player_an_answer() {
    let mut table = Table::new("broken-template");
    table.new_game("chess");
    let dir = table.root.join("templates");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("rejected.txt"), "Subject: no\n\n{% include \"missing.txt\" %}\n").unwrap();
    let mut config = table.service.config().clone();
    config.templates = Some(dir);
    table.reopen(config);
    assert_eq!(answer(&mut table, ALICE, "Ke2"), Ingested::Handled(Verdict::Failed));
    let answer = table.mails(ALICE).pop().unwrap();
    assert!(body(&answer).contains("one of the club's mail templates is broken"), "{}", body(&answer));
}

/// A mail nested more MIME levels deep than the parser goes is answered with why, and logged.
#[test]
fn a_mail_nested_too_deeply_is_answered_and_logged() {
    let mut table = Table::new("deep");
    table.new_game("chess");
    let plain = String::from_utf8(reply(&table, ALICE, "e4")).unwrap();
    let (head, _) = plain.split_once("\r\n\r\n").unwrap();
    let head: String = head
        .lines()
        .filter(|l| !l.starts_with("Content-") && !l.starts_with("MIME-Version"))
        .map(|l| format!("{l}\r\n"))
        .collect();
    let mut deep = head;
    for depth in 0..300 {
        deep.push_str(&format!("Content-Type: multipart/mixed; boundary=\"b{depth}\"\r\n\r\n--b{depth}\r\n"));
    }
    deep.push_str("Content-Type: text/plain\r\n\r\ne4\r\n");
    assert_eq!(deliver(&mut table, deep.as_bytes()), Ingested::Handled(Verdict::Help));
    let answer = body(&table.mails(ALICE).pop().unwrap());
    assert!(answer.contains("I could not read your mail: its MIME parts are nested too deeply."), "{answer}");
    let logged = table.log();
    assert!(logged.iter().any(|l| l.contains("nested too deeply")), "{logged:?}");
}

/// A forged mail that copies a real one's Message-ID (or the whole mail, from another sender)
/// is refused without silencing the real one; a mail program that gives every mail the same
/// Message-ID has each of its mails read; the same delivery twice is handled once.
#[test]
fn no_mail_can_silence_another() {
    let mut table = Table::new("silence");
    let id = table.new_game("chess");
    let real = String::from_utf8(reply(&table, ALICE, "e4")).unwrap();
    let forged = real.replace("From: alice@players.test", "From: mallory@players.test");
    assert_eq!(deliver(&mut table, forged.as_bytes()), Ingested::Handled(Verdict::Unverified));
    assert_eq!(deliver(&mut table, real.as_bytes()), Ingested::Handled(Verdict::Move));
    assert_eq!(deliver(&mut table, real.as_bytes()), Ingested::Duplicate);
    // Bob's client reuses one Message-ID for every mail.
    let first = String::from_utf8(reply(&table, BOB, "board")).unwrap();
    let message_id = first.lines().find(|l| l.starts_with("Message-ID:")).unwrap().to_string();
    assert_eq!(deliver(&mut table, first.as_bytes()), Ingested::Handled(Verdict::Board));
    let second = String::from_utf8(reply(&table, BOB, "e5")).unwrap();
    let reused = second
        .lines()
        .map(|l| if l.starts_with("Message-ID:") { message_id.clone() } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\r\n");
    assert_eq!(deliver(&mut table, reused.as_bytes()), Ingested::Handled(Verdict::Move));
    let moves = table.service.store().read(|tx| tx.moves(id)).unwrap();
    assert_eq!(moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(), ["e4", "e5"]);
    assert!(table.log().iter().any(|l| l.contains("message-id-reused")), "{:?}", table.log());
}

/// What players' clients put around a move that nobody sees, and full-width letters, are not
/// a reason to refuse it; a reply whose text is empty is read from its Subject.
#[test]
fn what_people_really_send_is_read() {
    let mut table = Table::new("really-send");
    let id = table.new_game("chess");
    assert_eq!(answer(&mut table, ALICE, "\u{feff}\u{200b}Ｎｆ３\u{00a0}\u{200d}"), Ingested::Handled(Verdict::Move));
    let empty = String::from_utf8(reply(&table, BOB, "")).unwrap();
    let with_subject = empty.replacen("Subject: Re: ", "Subject: Nf6 Re: ", 1);
    assert_eq!(deliver(&mut table, with_subject.as_bytes()), Ingested::Handled(Verdict::Move));
    let moves = table.service.store().read(|tx| tx.moves(id)).unwrap();
    assert_eq!(moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(), ["Nf3", "Nf6"]);
}

/// herald never answers any address it sends as, whoever wrote the From.
#[test]
fn herald_never_answers_itself() {
    let mut table = Table::new("itself");
    table.new_game("chess");
    let sent_before = table.sent_count();
    for from in ["referee@club.test", "REFEREE@club.test", "referee+1w00@club.test"] {
        let raw = String::from_utf8(reply(&table, ALICE, "e4"))
            .unwrap()
            .replace("From: alice@players.test", &format!("From: {from}"));
        assert_eq!(deliver(&mut table, raw.as_bytes()), Ingested::Handled(Verdict::OwnAddress), "{from}");
    }
    assert_eq!(table.sent_count(), sent_before, "nothing was sent");
}

/// `herald ingest` hands no mail back to the mail server (exit 75) because herald failed on
/// it: the mail is answered and logged, and the exit is 0.
#[test]
fn herald_ingest_exits_0_for_a_mail_it_fails_on() {
    let table = Table::new("ingest-exit");
    let mut table = table;
    let id = table.new_game("chess");
    let mail = reply(&table, ALICE, "e4");
    let db = rusqlite::Connection::open(table.root.join("herald.db")).unwrap();
    db.execute("UPDATE games SET snapshot = 'broken' WHERE id = ?1", [id]).unwrap();
    let config = table.write_config();
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["ingest", "--config"])
        .arg(&config)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&mail).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("could not be handled") && stderr.contains("reference="), "{stderr}");
    let log = Command::new(env!("CARGO_BIN_EXE_herald")).args(["log", "--config"]).arg(&config).output().unwrap();
    let log = String::from_utf8_lossy(&log.stdout);
    assert!(log.contains("failed") && log.contains("stored game"), "{log}");
}

/// Text a player might type after a valid token, and then some.
fn typed_text() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "e4",
        "Nf3",
        "O-O",
        "0-0-0",
        "exd5",
        "e8=Q",
        "5254",
        "54",
        "N-76",
        "C3-G4",
        "18=G(w)",
        "Pe2-e4",
        "Nb1<>Bc3",
        "e5-e4",
        "K0-0",
        "D0-0",
        "crown",
        "king",
        "queen",
        "seed",
        "a!b",
        "resign",
        "draw",
        "accept",
        "decline",
        "board",
        "help",
        "12.",
        "1...",
        "4",
        "?!?",
        "+",
        "#",
        "\u{feff}",
        "\u{200b}",
        "Ｎｆ３",
        "x",
        "-",
        ":",
        ">",
        "On Mon wrote:",
        "-- ",
        "\n",
        "\n\n",
        " ",
        "\t",
        "é",
        "ж",
        "♞",
        "💥",
        "\\",
        "'",
        "\"",
        "%s",
    ]);
    prop_oneof![
        prop::collection::vec(words.clone(), 0..8).prop_map(|w| w.concat()),
        prop::collection::vec(words, 0..6).prop_map(|w| w.join(" ")),
        "(seed|crown) [ -~]{0,16}",
        "[ -~]{0,40}",
        any::<String>(),
    ]
}

/// A seed as README allows it: printable ASCII without spaces or `:`, possibly none.
fn any_seed() -> impl Strategy<Value = String> {
    "[!-9;-~]{0,12}"
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// For any text after a valid token, in every variant and phase (before the secret
    /// choices, during play, after the end), the player's mail is handled: a move played, a
    /// refusal with its reason, or the help (opening with why when there was no command) — an
    /// answer to the player every time, never an error handed back to the mail server. The
    /// secret choices on the way there are any README allows.
    #[test]
    fn any_text_from_a_player_is_answered(
        variant in prop::sample::select(vec!["chess", "capablanca", "crown", "secret-intelligence", "royal", "safety-in-numbers"]),
        phase in 0usize..3,
        black in any::<bool>(),
        seeds in (any_seed(), any_seed()),
        crowns in (prop::sample::select(vec!["king", "queen"]), prop::sample::select(vec!["king", "queen"])),
        text in typed_text(),
    ) {
        let mut table = Table::new("any-text");
        table.new_game(variant);
        // Phase 0: before the secret choices; 1: the game goes on; 2: it is over.
        if phase >= 1 {
            let setup: Vec<(&str, String)> = match variant {
                "crown" => vec![(ALICE, format!("crown {}", crowns.0)), (BOB, format!("crown {}", crowns.1))],
                "secret-intelligence" => vec![(ALICE, format!("seed {}", seeds.0)), (BOB, format!("seed {}", seeds.1))],
                _ => Vec::new(),
            };
            for (who, answer_text) in setup {
                prop_assert_eq!(answer(&mut table, who, &answer_text), Ingested::Handled(Verdict::Setup), "{}", answer_text);
            }
        }
        if phase == 2 {
            prop_assert_eq!(answer(&mut table, ALICE, "resign"), Ingested::Handled(Verdict::Resigned));
        }
        let who = if black { BOB } else { ALICE };
        let before = table.mails(who).len();
        let handled = answer(&mut table, who, &text);
        let Ingested::Handled(verdict) = handled else { panic!("{text:?}: {handled:?}") };
        prop_assert!(
            matches!(
                verdict,
                Verdict::Move | Verdict::Rejected | Verdict::Help | Verdict::Setup | Verdict::Board
                    | Verdict::Draw | Verdict::DrawOffer | Verdict::Declined | Verdict::Resigned
            ),
            "{text:?}: {verdict:?}"
        );
        let mails = table.mails(who);
        prop_assert!(mails.len() > before, "{text:?} ({verdict:?}) got no answer");
        let answer = body(mails.last().unwrap());
        match verdict {
            Verdict::Rejected => prop_assert!(answer.contains("Your mail was read, but nothing was changed:"), "{answer}"),
            Verdict::Help => {
                // The help names the game's variant, whose aim follows.
                let name = herald::variants::by_id(variant).unwrap().name();
                let opening = format!("Here is how to play {name} by mail.");
                prop_assert!(support::mime::unwrapped(&answer).contains(&opening), "{answer}")
            }
            _ => {}
        }
    }
}
