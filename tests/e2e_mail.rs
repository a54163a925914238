//! Whole games by mail through a real Postfix, the way players and a club use herald.
//!
//! Every test runs its own club (tests/support/club.rs): a private Postfix on 127.0.0.1
//! that delivers mail for `players.test` into real Maildirs and pipes mail for `game.test`
//! into the real `herald ingest` (run by Postfix as `nobody`), and a herald database with
//! outgoing SMTP back into that Postfix. Players behave like mail clients: they read the
//! latest mail in their Maildir, press "Reply" (`herald::mail::reply::compose_reply`), and
//! submit over SMTP. Some players use hand-written mails in the style of Outlook, Gmail and
//! the iPhone. Fault tests put Postfix's smtp-sink or a server that never answers
//! (tests/support/stall.rs) in place of the outgoing relay, and kill herald with SIGKILL.
//!
//! Needs root and the Debian packages `postfix` and `postfix-sqlite` (scripts/test.sh
//! installs them); nothing is skipped.

use crate::support;

use std::fs;
use std::time::{Duration, Instant};

use support::club::{
    ALICE, BOB, Club, ClubOptions, Inbound, MALLORY, Mail, REFEREE, Round, WAIT, output_text, signal, summaries,
};
use support::sink::{Fault, SmtpSink};
use support::stall::{StallAt, StallServer};

// ---------------------------------------------------------------------------
// Positions and boards

/// The positions of the Scholar's mate, as FEN piece placements, after each ply.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const AFTER_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
const AFTER_BC4: &str = "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR";
const AFTER_NC6: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR";
const AFTER_QH5: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR";
const AFTER_NF6: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR";
const AFTER_QXF7: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR";

/// The text diagram a player should see: written here from the FEN, independently of
/// herald's renderer. White sees rank 1 at the bottom; Black sees the board turned round.
fn diagram(placement: &str, white_bottom: bool) -> String {
    // rows[0] is rank 8.
    let rows: Vec<Vec<char>> = placement
        .split('/')
        .map(|row| {
            row.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    let files: Vec<usize> = if white_bottom { (0..8).collect() } else { (0..8).rev().collect() };
    let ranks: Vec<usize> = if white_bottom { (1..=8).rev().collect() } else { (1..=8).collect() };
    let footer: String =
        "  ".to_string() + &files.iter().map(|&f| format!(" {}", (b'a' + f as u8) as char)).collect::<String>();
    let mut out = format!("{footer}\n");
    for rank in ranks {
        let cells: String = files.iter().map(|&f| format!(" {}", rows[8 - rank][f])).collect();
        out.push_str(&format!("{rank} {cells}  {rank}\n"));
    }
    out.push_str(&footer);
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------
// Helpers

/// `who` replies to their latest mail with `text`; returns what everyone received.
#[track_caller]
fn play(club: &Club, who: &str, text: &str) -> Round {
    let latest = club.latest(who);
    club.round(|| {
        club.reply(who, &latest, text);
    })
}

// herald's database, read through the library (the command line shows no event log). Kept
// here rather than in tests/support so that a change of the store's API touches this file only.

/// The moves of a game as stored, "e4", "e5", ...
fn moves(club: &Club, id: i64) -> Vec<String> {
    let mut store = herald::store::Store::open(&club.database()).expect("open herald's database");
    store.read(|tx| tx.moves(id)).unwrap().into_iter().map(|m| m.notation).collect()
}

/// The event log of a game (`None`: mails that belong to no game), as (kind, detail).
fn events(club: &Club, id: Option<i64>) -> Vec<(String, String)> {
    let mut store = herald::store::Store::open(&club.database()).expect("open herald's database");
    store.read(|tx| tx.events(id)).unwrap().into_iter().map(|(_, k, d)| (k, d)).collect()
}

/// What must not change when a mail is refused.
#[derive(Debug, PartialEq)]
struct GameState {
    show: String,
    moves: Vec<String>,
    events: Vec<(String, String)>,
}

fn state(club: &Club, id: i64) -> GameState {
    GameState { show: club.show(id), moves: moves(club, id), events: events(club, Some(id)) }
}

/// A short reply to someone whose mail could not be verified tells them nothing about
/// any game: no board, no moves, no names, no game number, no token.
#[track_caller]
fn assert_no_game_information(mail: &Mail) {
    let subject = mail.subject();
    let body = mail.body();
    let text = format!("{subject}\n{body}");
    for secret in [
        "a b c d e f g h",
        "h g f e d c b a",
        "Moves:",
        "e4",
        "e5",
        "Alice",
        "Bob",
        "alice@",
        "bob@",
        "#1",
        "Game #",
        "[ref:",
        "White",
        "Black",
    ] {
        assert!(!text.contains(secret), "the short reply gives away {secret:?}:\n{text}");
    }
    for line in body.lines() {
        // No rank line of a diagram ("8  r n b q k b n r  8").
        let t = line.trim();
        let looks_like_rank = t.len() > 4
            && t.as_bytes()[0].is_ascii_digit()
            && t.split_whitespace().filter(|w| w.len() == 1).count() >= 8;
        assert!(!looks_like_rank, "the short reply shows a board line: {line:?}\n{text}");
    }
    assert!(mail.header("Reply-To").is_none(), "a short reply carries no reply token:\n{text}");
    assert_eq!(mail.header("Auto-Submitted").as_deref(), Some("auto-replied"), "{text}");
    assert!(!mail.message_id().starts_with("herald.1."), "not a mail of game 1: {}", mail.message_id());
}

/// Quoted-printable (RFC 2045 §6.7) of `bytes`, lines of at most 76 characters with soft
/// breaks, as mail clients write it.
fn quoted_printable(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (b == b'\r' && bytes.get(i + 1) == Some(&b'\n')) || b == b'\n' {
            // Trailing white space before a line break must be encoded.
            if line.ends_with(' ') || line.ends_with('\t') {
                let last = line.pop().unwrap();
                line.push_str(&format!("={:02X}", last as u8));
            }
            out.push_str(&line);
            out.push_str("\r\n");
            line.clear();
            i += if b == b'\r' { 2 } else { 1 };
            continue;
        }
        let piece = if (b == b' ' || b == b'\t' || (33..=126).contains(&b)) && b != b'=' {
            (b as char).to_string()
        } else {
            format!("={b:02X}")
        };
        if line.len() + piece.len() > 75 {
            out.push_str(&line);
            out.push_str("=\r\n");
            line.clear();
        }
        line.push_str(&piece);
        i += 1;
    }
    out.push_str(&line);
    out
}

/// Base64 (RFC 2045 §6.8) in lines of 76 characters.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= chunk.len() {
                text.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                text.push('=');
            }
        }
    }
    text.as_bytes().chunks(76).map(|l| format!("{}\r\n", String::from_utf8_lossy(l))).collect()
}

/// The header fields a reply to `original` carries, as clients write them.
struct ReplyHeaders {
    to: String,
    subject: String,
    in_reply_to: String,
    references: String,
}

fn reply_headers(original: &Mail, prefix: &str) -> ReplyHeaders {
    let mut references = original.references();
    references.push(original.message_id());
    ReplyHeaders {
        to: original.reply_to(),
        subject: format!("{prefix} {}", original.subject()),
        in_reply_to: format!("<{}>", original.message_id()),
        references: references.iter().map(|r| format!("<{r}>")).collect::<Vec<_>>().join(" "),
    }
}

/// The original's text as a client quotes it, with `>` and a space.
fn quote(original: &Mail) -> String {
    original.body().lines().map(|l| if l.is_empty() { ">\r\n".to_string() } else { format!("> {l}\r\n") }).collect()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// An HTML-only reply as Outlook on the web writes it: ISO-8859-1, quoted-printable, the
/// original below a rule with its From/Sent/To/Subject block.
fn outlook_html_reply(original: &Mail, from_name: &str, from: &str, text: &str) -> Vec<u8> {
    let h = reply_headers(original, "RE:");
    let original_html = html_escape(&original.body()).replace('\n', "<br>\r\n");
    let html = format!(
        "<html>\r\n<head>\r\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">\r\n\
         <style type=\"text/css\" style=\"display:none;\"> P {{margin-top:0;margin-bottom:0;}} </style>\r\n\
         </head>\r\n<body dir=\"ltr\">\r\n\
         <div class=\"elementToProof\" style=\"font-family: Aptos, Aptos_EmbeddedFont, Aptos_MSFontService, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);\">\r\n\
         {text}</div>\r\n\
         <div class=\"elementToProof\" style=\"font-family: Aptos, Calibri, Helvetica, sans-serif; font-size: 12pt;\">\r\n<br>\r\n</div>\r\n\
         <div class=\"elementToProof\" style=\"font-family: Aptos, Calibri, Helvetica, sans-serif; font-size: 12pt;\">\r\n\
         Gr\u{fc}\u{df}e, {from_name}</div>\r\n\
         <div id=\"appendonsend\"></div>\r\n\
         <hr style=\"display:inline-block;width:98%\" tabindex=\"-1\">\r\n\
         <div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri, sans-serif\" style=\"font-size:11pt\" color=\"#000000\">\
         <b>From:</b> herald referee &lt;{REFEREE}&gt;<br>\r\n<b>Sent:</b> Friday, November 21, 2025 16:45<br>\r\n\
         <b>To:</b> {from_name} &lt;{from}&gt;<br>\r\n<b>Subject:</b> {subject}</font>\r\n<div>&nbsp;</div>\r\n</div>\r\n\
         <div class=\"BodyFragment\"><font size=\"2\"><span style=\"font-size:11pt;\">\r\n\
         <div class=\"PlainText\">{original_html}</div>\r\n</span></font></div>\r\n</body>\r\n</html>\r\n",
        subject = html_escape(&original.subject()),
    );
    // ISO-8859-1: every character here is below U+0100.
    let latin1: Vec<u8> = html.chars().map(|c| u8::try_from(u32::from(c)).expect("Latin-1 text")).collect();
    let mut mail = format!(
        "From: {from_name} <{from}>\r\nTo: herald referee <{}>\r\nSubject: {}\r\n\
         Date: Fri, 21 Nov 2025 16:52:08 +0000\r\n\
         Message-ID: <AM8PR03MB7218{}@AM8PR03MB7218.eurprd03.prod.outlook.example>\r\n\
         In-Reply-To: {}\r\nReferences: {}\r\nContent-Language: en-GB\r\n\
         Content-Type: text/html; charset=\"iso-8859-1\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\
         MIME-Version: 1.0\r\n\r\n",
        h.to,
        h.subject,
        unique(),
        h.in_reply_to,
        h.references
    )
    .into_bytes();
    mail.extend_from_slice(quoted_printable(&latin1).as_bytes());
    mail
}

/// A reply as Gmail writes it: multipart/alternative, both parts UTF-8 quoted-printable,
/// the attribution line broken by the encoder, the original quoted with "> ".
fn gmail_reply(original: &Mail, from_name: &str, from: &str, text: &str) -> Vec<u8> {
    let h = reply_headers(original, "Re:");
    let boundary = format!("000000000000{}", unique());
    let attribution = format!("On Fri, 21 Nov 2025 at 16:45, herald referee <{}> wrote:", original.reply_to());
    let plain = format!("{text}\r\n\r\n{attribution}\r\n\r\n{}", quote(original));
    let html = format!(
        "<div dir=\"ltr\">{}</div><br><div class=\"gmail_quote gmail_quote_container\"><div dir=\"ltr\" \
         class=\"gmail_attr\">{}<br></div><blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;\
         border-left:1px solid rgb(204,204,204);padding-left:1ex\">{}</blockquote></div>\r\n",
        html_escape(text),
        html_escape(&attribution),
        html_escape(&original.body()).replace('\n', "<br>")
    );
    format!(
        "MIME-Version: 1.0\r\nDate: Fri, 21 Nov 2025 16:53:12 +0000\r\nReferences: {}\r\nIn-Reply-To: {}\r\n\
         Message-ID: <CAJx8qZ3{}kW9fQ7yVd+P0aXbT1nR6sL@mail.gmail.com>\r\nSubject: {}\r\n\
         From: {from_name} <{from}>\r\nTo: herald referee <{}>\r\n\
         Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\n\r\n\
         --{boundary}\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
         {}\r\n\r\n--{boundary}\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
         {}\r\n--{boundary}--\r\n",
        h.references,
        h.in_reply_to,
        unique(),
        h.subject,
        h.to,
        quoted_printable(plain.as_bytes()),
        quoted_printable(html.as_bytes()),
    )
    .into_bytes()
}

/// A reply as the iPhone's Mail writes it: text/plain, UTF-8, base64, "Sent from my
/// iPhone", the original quoted below.
fn iphone_reply(original: &Mail, from_name: &str, from: &str, text: &str) -> Vec<u8> {
    let h = reply_headers(original, "Re:");
    let plain = format!(
        "{text}\r\n\r\nSent from my iPhone\r\n\r\n> On 21 Nov 2025, at 16:45, herald referee <{}> wrote:\r\n> \r\n{}",
        original.reply_to(),
        quote(original)
    );
    format!(
        "Content-Type: text/plain;\r\n\tcharset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\
         From: {from_name} <{from}>\r\nMime-Version: 1.0 (1.0)\r\nDate: Fri, 21 Nov 2025 17:52:18 +0100\r\n\
         Subject: {}\r\nMessage-Id: <7E1A2B3C-4D5E-4F60-{}@players.test>\r\nReferences: {}\r\nIn-Reply-To: {}\r\n\
         To: herald referee <{}>\r\nX-Mailer: iPhone Mail (22C152)\r\n\r\n{}",
        h.subject,
        unique(),
        h.references,
        h.in_reply_to,
        h.to,
        base64(plain.as_bytes())
    )
    .into_bytes()
}

/// A fresh hex string for Message-IDs.
fn unique() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("{:X}{:X}{}", std::process::id(), nanos, N.fetch_add(1, Ordering::Relaxed))
}

/// Whether some process holds an flock(2) on `path` (read from /proc/locks, so that looking
/// does not take the lock from its owner).
fn is_flocked(path: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = fs::metadata(path) else { return false };
    let inode = format!(":{} ", meta.ino());
    fs::read_to_string("/proc/locks").unwrap_or_default().lines().any(|l| l.contains(" FLOCK ") && l.contains(&inode))
}

/// The rows of `herald outbox` whose status is `status`.
fn outbox_rows<'a>(outbox: &'a str, status: &str) -> Vec<&'a str> {
    outbox.lines().filter(|l| l.split_whitespace().nth(1) == Some(status)).collect()
}

/// The Message-IDs of the mails `addr` received, counted.
fn message_id_counts(mails: &[Mail]) -> std::collections::BTreeMap<String, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for m in mails {
        *counts.entry(m.message_id()).or_insert(0) += 1;
    }
    counts
}

/// Every mail arrived exactly once: no Message-ID twice.
#[track_caller]
fn assert_each_once(who: &str, mails: &[Mail]) {
    let twice: Vec<_> = message_id_counts(mails).into_iter().filter(|(_, n)| *n > 1).collect();
    assert!(twice.is_empty(), "{who} got mails more than once: {twice:?}\n{}", summaries(mails));
}

// ---------------------------------------------------------------------------
// 1. A whole game

/// 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#, each move a reply to the latest mail.
#[test]
fn scholars_mate_is_played_to_the_end_by_mail() {
    let club = Club::start();
    let id = club.new_game();
    assert_eq!(id, 1);

    let (alice, bob) = (club.mails(ALICE), club.mails(BOB));
    assert_eq!((alice.len(), bob.len()), (1, 1), "one invitation each\n{}{}", summaries(&alice), summaries(&bob));
    let (invite_a, invite_b) = (&alice[0], &bob[0]);
    assert!(invite_a.subject().contains("your move (1.)"), "{}", invite_a.subject());
    assert!(invite_b.subject().contains("Alice to move (1.)"), "{}", invite_b.subject());
    for (mail, white_bottom) in [(invite_a, true), (invite_b, false)] {
        let body = mail.body();
        assert!(body.contains("You are invited to a game of Chess"), "{body}");
        assert!(body.contains(&diagram(START, white_bottom)), "the start position\n{body}");
        assert!(body.contains("No moves yet."), "{body}");
    }
    assert!(invite_a.body().contains("You play White."));
    assert!(invite_b.body().contains("You play Black."));

    // (who, what they type, the move as recorded, the move list after it, the position)
    let script = [
        (ALICE, "1. e4", "1. e4", "1. e4", AFTER_E4),
        (BOB, "1... e5", "1... e5", "1. e4 e5", AFTER_E5),
        (ALICE, "Bc4", "2. Bc4", "1. e4 e5 2. Bc4", AFTER_BC4),
        (BOB, "Nc6", "2... Nc6", "1. e4 e5 2. Bc4 Nc6", AFTER_NC6),
        (ALICE, "3. Qh5", "3. Qh5", "1. e4 e5 2. Bc4 Nc6 3. Qh5", AFTER_QH5),
        (BOB, "Nf6", "3... Nf6", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6", AFTER_NF6),
        (ALICE, "Qxf7#", "4. Qxf7#", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", AFTER_QXF7),
    ];
    for (n, &(mover, typed, recorded, list, position)) in script.iter().enumerate() {
        let last = n == script.len() - 1;
        let round = play(&club, mover, typed);
        round.assert_counts(1, 1, 0);
        let opponent = if mover == ALICE { BOB } else { ALICE };
        let mover_name = if mover == ALICE { "Alice" } else { "Bob" };
        let (mover_mail, opponent_mail) = (round.only(mover), round.only(opponent));
        let (mb, ob) = (mover_mail.body(), opponent_mail.body());
        if last {
            assert!(mb.contains(&format!("The game is over after {recorded}.")), "{mb}");
            assert!(ob.contains(&format!("The game is over after {recorded}.")), "{ob}");
        } else {
            assert!(mb.contains(&format!("Your move {recorded} is recorded.")), "move {n}: {mb}");
            assert!(ob.contains(&format!("{mover_name} played {recorded}.")), "move {n}: {ob}");
        }
        for (mail, who) in [(mover_mail, mover), (opponent_mail, opponent)] {
            let body = mail.body();
            assert!(body.contains(&diagram(position, who == ALICE)), "{who} after {recorded}: board\n{body}");
            assert!(body.contains(&format!("Moves: {list}\n")), "{who} after {recorded}: move list\n{body}");
            assert!(body.contains(&format!("Last move: {recorded}")), "{body}");
        }
        if !last {
            // The player to move is told so, the other is told to wait.
            let to_move = opponent_mail;
            assert!(to_move.subject().contains("your move ("), "{}", to_move.subject());
            assert!(to_move.body().contains("It is your move ("), "{}", to_move.body());
        }
    }

    // The last mails give the result.
    for who in [ALICE, BOB] {
        let last = club.latest(who);
        assert!(last.subject().contains("1-0 White wins by checkmate"), "{who}: {}", last.subject());
        assert!(last.body().contains("Result: 1-0, White wins by checkmate."), "{who}: {}", last.body());
        assert!(!last.body().contains("It is your move"), "{}", last.body());
    }

    let pgn = club.herald_ok(&["game", "export", "1", "--pgn"]);
    for line in [
        "[Event \"herald game #1\"]",
        "[White \"Alice\"]",
        "[Black \"Bob\"]",
        "[Result \"1-0\"]",
        "[Termination \"White wins by checkmate\"]",
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
    ] {
        assert!(pgn.contains(line), "PGN lacks {line:?}:\n{pgn}");
    }
    assert_eq!(moves(&club, id), ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);

    // Each player's mails are one thread whose root is the invitation; every Message-ID is
    // the referee's and unique; every mail carries the player's own reply address and says
    // it is automatic, so vacation responders keep quiet.
    let mut all_ids = Vec::new();
    for (who, color) in [(ALICE, "white"), (BOB, "black")] {
        let mails = club.mails(who);
        assert_eq!(mails.len(), 8, "{who}: an invitation and a mail after each of 7 moves\n{}", summaries(&mails));
        // The invitation is the thread's root: game 1, this player's colour, a keyed tag.
        let root = mails[0].message_id();
        assert!(root.starts_with(&format!("herald.1.{color}.")) && root.ends_with("@game.test"), "{root}");
        assert!(mails[0].references().is_empty());
        let reply_to = mails[0].reply_to();
        let token =
            reply_to.strip_prefix("referee+").and_then(|r| r.strip_suffix("@game.test")).expect("referee+TOKEN");
        for m in &mails {
            let id = m.message_id();
            assert!(id.ends_with("@game.test"), "{who}: Message-ID {id}");
            if id != root {
                assert!(m.references().contains(&root), "{who}: {id} is outside the thread: {:?}", m.references());
                assert_eq!(m.header("In-Reply-To").as_deref(), Some(format!("<{root}>").as_str()));
            }
            assert_eq!(m.reply_to(), reply_to, "{who}: the same reply address throughout");
            assert!(m.subject().contains(&format!("[ref:{token}]")), "{}", m.subject());
            // Every mail is marked automatic (RFC 3834), so no vacation responder answers it:
            // "auto-replied" for the answer to the player's own move, "auto-generated" for
            // the rest.
            let marked = m.header("Auto-Submitted");
            assert!(matches!(marked.as_deref(), Some("auto-replied" | "auto-generated")), "{id}: {marked:?}");
            let from = mailparse::addrparse(&m.header("From").unwrap()).unwrap().extract_single_info().unwrap();
            assert_eq!((from.display_name.as_deref(), from.addr.as_str()), (Some("herald referee"), REFEREE));
            all_ids.push(id);
        }
    }
    let count = all_ids.len();
    all_ids.sort();
    all_ids.dedup();
    assert_eq!(all_ids.len(), count, "Message-IDs are unique");

    // A move after the end is refused, and says so.
    let round = play(&club, BOB, "Ke7");
    round.assert_counts(0, 1, 0);
    assert!(round.only(BOB).body().contains("The game is over"), "{}", round.only(BOB).body());
    assert_eq!(moves(&club, id).len(), 7);
}

// ---------------------------------------------------------------------------
// 2. An illegal move

#[test]
fn an_illegal_move_is_explained_and_changes_nothing() {
    let club = Club::start();
    let id = club.new_game();
    play(&club, ALICE, "1. e4").assert_counts(1, 1, 0);
    let before = state(&club, id);

    // The king cannot go to e7: a black pawn stands there.
    let round = play(&club, BOB, "1... Ke7");
    round.assert_counts(0, 1, 0);
    let refusal = round.only(BOB);
    let body = refusal.body();
    assert!(refusal.subject().contains("not accepted (Ke7)"), "{}", refusal.subject());
    assert!(body.contains("nothing was changed"), "{body}");
    assert!(
        body.contains("\"Ke7\" is not a legal move: e7 is occupied by your own pawn"),
        "the reply says why:\n{body}"
    );
    assert!(body.contains("It is your move (1...)"), "{body}");
    assert!(body.contains(&diagram(AFTER_E4, false)), "{body}");
    assert_eq!(state(&club, id).show, before.show);
    assert_eq!(moves(&club, id), ["e4"]);

    // Gibberish gets help, not a move.
    let round = play(&club, BOB, "1... Zz9");
    round.assert_counts(0, 1, 0);
    assert_eq!(moves(&club, id), ["e4"]);

    // The next legal move, answering the refusal, is still move 1...
    let round = play(&club, BOB, "1... e5");
    round.assert_counts(1, 1, 0);
    assert!(round.only(BOB).body().contains("Your move 1... e5 is recorded."), "{}", round.only(BOB).body());
    assert!(round.only(ALICE).body().contains("Bob played 1... e5."));
    assert_eq!(moves(&club, id), ["e4", "e5"]);
}

// ---------------------------------------------------------------------------
// 3. The same mail twice

#[test]
fn the_same_mail_delivered_twice_is_handled_once() {
    let club = Club::start();
    let id = club.new_game();
    let invitation = club.latest(ALICE);
    let raw = herald::mail::reply::compose_reply(&invitation.raw, ALICE, "1. e4").unwrap();
    let to = invitation.reply_to();

    // Twice in a row (a client that retried after a lost reply to its DATA) ...
    let round = club.round(|| {
        club.submit(&raw, ALICE, &to);
        club.submit(&raw, ALICE, &to);
    });
    round.assert_counts(1, 1, 0);
    // ... and once more later (a mail server's redelivery).
    club.round(|| club.submit(&raw, ALICE, &to)).assert_counts(0, 0, 0);

    assert_eq!(moves(&club, id), ["e4"]);
    let moves_logged = events(&club, Some(id)).iter().filter(|(kind, _)| kind == "move").count();
    assert_eq!(moves_logged, 1, "{:?}", events(&club, Some(id)));
    let outbox = club.outbox();
    assert_eq!(outbox_rows(&outbox, "sent").len(), 4, "two invitations and two move mails:\n{outbox}");
    // Postfix piped it three times; herald said so and exited 0 each time.
    let log = club.pf.log();
    assert_eq!(log.matches("relay=referee").count(), 3, "{log}");
    assert!(!log.contains("status=deferred"), "{log}");
}

// ---------------------------------------------------------------------------
// 4. A stale move number

#[test]
fn a_stale_move_number_is_refused() {
    let club = Club::start();
    let id = club.new_game();
    play(&club, ALICE, "1. e4").assert_counts(1, 1, 0);
    play(&club, BOB, "e5").assert_counts(1, 1, 0);
    let old_mail = club.latest(ALICE); // "your move (2.)"
    play(&club, ALICE, "2. Bc4").assert_counts(1, 1, 0);
    play(&club, BOB, "Nc6").assert_counts(1, 1, 0);
    let before = state(&club, id);

    // Alice answers an old mail again: "2. Nf3" is a legal move now, but the game is at 3.
    let round = club.round(|| {
        club.reply(ALICE, &old_mail, "2. Nf3");
    });
    round.assert_counts(1, 0, 0);
    let body = round.only(ALICE).body();
    assert!(body.contains("gives the move as 2. Nf3, but the game is at 3."), "{body}");
    assert!(body.contains("Nothing was played"), "{body}");
    assert_eq!(state(&club, id).show, before.show);
    assert_eq!(moves(&club, id), ["e4", "e5", "Bc4", "Nc6"]);

    // Black's number on White's move is stale too.
    play(&club, ALICE, "3... Qh5").assert_counts(1, 0, 0);
    assert_eq!(moves(&club, id).len(), 4);

    let round = play(&club, ALICE, "3. Qh5");
    round.assert_counts(1, 1, 0);
    assert!(round.only(ALICE).body().contains("Your move 3. Qh5 is recorded."));
}

/// A move without a number is checked against the mail it answers. Alice answers the
/// invitation with 1. e4, then thinks better of it and answers the invitation again with
/// d4; her second mail is held up until Bob has answered. Played now, "d4" would be a legal
/// second move she never chose: it is refused, because the mail it answers is from before
/// Bob's move. Answering the latest mail, the same text is played.
#[test]
fn an_unnumbered_move_answering_a_mail_from_before_the_latest_move_is_refused() {
    let club = Club::start();
    let id = club.new_game();
    let invitation = club.latest(ALICE);
    club.round(|| {
        club.reply(ALICE, &invitation, "e4");
    })
    .assert_counts(1, 1, 0);
    play(&club, BOB, "e5").assert_counts(1, 1, 0);
    let before = state(&club, id);

    let round = club.round(|| {
        club.reply(ALICE, &invitation, "d4");
    });
    round.assert_counts(1, 0, 0);
    let body = round.only(ALICE).body();
    assert!(body.contains("answers one of my mails from before the latest move"), "{body}");
    assert!(body.contains("send it again with its number (2. d4)"), "{body}");
    assert_eq!(state(&club, id).show, before.show);
    assert_eq!(moves(&club, id), ["e4", "e5"]);

    // The same move, answering the mail that showed Bob's move, is played.
    let round = play(&club, ALICE, "d4");
    round.assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4", "e5", "d4"]);
}

// ---------------------------------------------------------------------------
// 5. and 6. Mail that is not from the player its token names

#[test]
fn a_forged_from_changes_nothing_and_learns_nothing() {
    let club = Club::start();
    let id = club.new_game();
    play(&club, ALICE, "1. e4").assert_counts(1, 1, 0);
    let before = state(&club, id);
    let unverified_before = events(&club, None).len();

    // Mallory has a copy of Bob's mail (a forward, a shared mailbox) and replies to it.
    let bobs = club.latest(BOB);
    let round = club.round(|| {
        club.reply(MALLORY, &bobs, "1... e5");
    });
    round.assert_counts(0, 0, 1);
    assert_no_game_information(round.only(MALLORY));
    assert!(
        round.only(MALLORY).body().contains("could not be verified")
            || round.only(MALLORY).subject().contains("could not be verified")
    );

    assert_eq!(state(&club, id), before, "game, moves and the game's event log are unchanged");
    let logged = events(&club, None);
    assert_eq!(logged.len(), unverified_before + 1, "{logged:?}");
    let (kind, detail) = logged.last().unwrap();
    assert_eq!(kind, "unverified");
    assert!(detail.contains("mallory@players.test"), "{detail}");

    // Mallory tries again: logged, not answered a second time the same day, so forging an
    // address in From cannot make herald a source of mail to it (backscatter).
    let round = club.round(|| {
        club.reply(MALLORY, &bobs, "1... d5");
    });
    round.assert_counts(0, 0, 0);
    assert_eq!(state(&club, id), before);
    let (kind, detail) = events(&club, None).pop().unwrap();
    assert_eq!(kind, "unverified");
    assert!(detail.contains("not answered: this address had an answer within the last day"), "{detail}");

    // Bob's own move is still 1... e5.
    play(&club, BOB, "1... e5").assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4", "e5"]);
}

#[test]
fn a_players_own_address_with_the_opponents_token_is_refused() {
    let club = Club::start();
    let id = club.new_game();
    play(&club, ALICE, "1. e4").assert_counts(1, 1, 0);
    let before = state(&club, id);

    // Alice replies to Bob's mail (its Reply-To carries Bob's token) from her own address,
    // to move for Black.
    let bobs = club.latest(BOB);
    assert_ne!(bobs.reply_to(), club.latest(ALICE).reply_to());
    let round = club.round(|| {
        club.reply(ALICE, &bobs, "1... e5");
    });
    round.assert_counts(1, 0, 0);
    assert_no_game_information(round.only(ALICE));
    assert_eq!(state(&club, id), before);
    let (kind, detail) = events(&club, None).pop().unwrap();
    assert_eq!(kind, "unverified");
    assert!(detail.contains("alice@players.test") && detail.contains("valid token"), "{detail}");

    play(&club, BOB, "1... e5").assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4", "e5"]);
}

// ---------------------------------------------------------------------------
// 7. Mail clients

#[test]
fn html_only_quoted_printable_and_base64_replies_are_understood() {
    let club = Club::start();
    let id = club.new_game();

    // Outlook on the web, HTML only, ISO-8859-1 quoted-printable; the quoted original holds
    // the referee's example move ("1. Nf3"), which must not be taken.
    let original = club.latest(ALICE);
    // Outlook shows the address as the user once typed it: the case must not matter.
    let raw = outlook_html_reply(&original, "Alice", "Alice@Players.Test", "1. e4");
    let round = club.round(|| club.submit(&raw, "Alice@Players.Test", &original.reply_to()));
    round.assert_counts(1, 1, 0);
    assert!(round.only(BOB).body().contains("Alice played 1. e4."), "{}", round.only(BOB).body());

    // Gmail, multipart/alternative, UTF-8 quoted-printable, with a typographic ellipsis
    // as a Mac or phone keyboard puts it ("1… e5").
    let original = club.latest(BOB);
    let raw = gmail_reply(&original, "Bob", BOB, "1\u{2026} e5");
    assert!(String::from_utf8_lossy(&raw).contains("1=E2=80=A6 e5"));
    let round = club.round(|| club.submit(&raw, BOB, &original.reply_to()));
    round.assert_counts(1, 1, 0);
    assert!(round.only(ALICE).body().contains("Bob played 1... e5."), "{}", round.only(ALICE).body());

    // The iPhone: text/plain, base64.
    let original = club.latest(ALICE);
    let raw = iphone_reply(&original, "Alice", ALICE, "2. Nf3");
    let round = club.round(|| club.submit(&raw, ALICE, &original.reply_to()));
    round.assert_counts(1, 1, 0);
    assert!(round.only(BOB).body().contains("Alice played 2. Nf3."), "{}", round.only(BOB).body());

    assert_eq!(moves(&club, id), ["e4", "e5", "Nf3"]);
}

/// A client (or a player) that answers the From address instead of the Reply-To loses the
/// "+token" of the address; the token in the Subject still names the game and the player.
#[test]
fn a_reply_to_the_plain_address_is_matched_by_the_subject_token() {
    let club = Club::start();
    let id = club.new_game();
    let original = club.latest(ALICE);
    let mut raw = herald::mail::reply::compose_reply(&original.raw, ALICE, "1. e4").unwrap();
    let text = String::from_utf8(raw.clone()).unwrap();
    let to_line = format!("To: {}\r\n", original.reply_to());
    assert!(text.contains(&to_line));
    raw = text.replacen(&to_line, &format!("To: herald referee <{REFEREE}>\r\n"), 1).into_bytes();
    club.round(|| club.submit(&raw, ALICE, REFEREE)).assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4"]);
}

// ---------------------------------------------------------------------------
// 8. Automatic mail

#[test]
fn a_vacation_auto_reply_is_ignored() {
    let club = Club::start();
    let id = club.new_game();
    play(&club, ALICE, "1. e4").assert_counts(1, 1, 0);
    let before = state(&club, id);
    let outbox_before = club.outbox();

    // Bob's vacation responder answers the referee's mail, to its Reply-To.
    let original = club.latest(BOB);
    let raw = format!(
        "From: Bob <{BOB}>\r\nTo: {}\r\nSubject: Out of office: {}\r\nDate: Fri, 21 Nov 2025 17:00:03 +0000\r\n\
         Message-ID: <vacation.{}@players.test>\r\nIn-Reply-To: <{}>\r\nReferences: <{}>\r\n\
         Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\n\
         I am away until 5 December with limited access to e-mail.\r\n",
        original.reply_to(),
        original.subject(),
        unique(),
        original.message_id(),
        original.message_id(),
    );
    club.round(|| club.submit(raw.as_bytes(), BOB, &original.reply_to())).assert_counts(0, 0, 0);
    // Nothing comes later either: herald has recorded the mail (its event is logged), and it
    // queues every answer in the same transaction, so an empty queue after that is final.
    club.wait_until("herald to record the vacation notice", WAIT, || {
        events(&club, None).iter().any(|(kind, _)| kind == "automatic")
    });
    club.settle();
    assert_eq!(club.mails(BOB).len(), 2, "{}", summaries(&club.mails(BOB)));
    assert_eq!(club.mails(ALICE).len(), 2);
    assert_eq!(club.outbox(), outbox_before, "nothing queued");
    assert_eq!(state(&club, id).show, before.show);
    assert_eq!(moves(&club, id), ["e4"]);
    let (kind, detail) = events(&club, None).pop().expect("an event for the ignored mail");
    assert_eq!(kind, "automatic", "{detail}");
}

// ---------------------------------------------------------------------------
// 9. The relay refuses, then recovers

/// herald's outgoing relay answers every RCPT with 450 (transient); the mails a move causes
/// wait in the outbox with the error, and once the relay recovers one `serve --once`
/// sends each exactly once.
#[test]
fn mail_refused_by_the_relay_is_sent_once_it_recovers() {
    let club = Club::start();
    let id = club.new_game();
    let invitation = club.latest(ALICE);

    let mut sink = SmtpSink::start(Some(Fault::RcptTempFail)).expect("start smtp-sink");
    club.write_config(sink.port());
    let reply = herald::mail::reply::compose_reply(&invitation.raw, ALICE, "1. e4").unwrap();
    let eml = club.dir().join("move.eml");
    fs::write(&eml, &reply).unwrap();
    // `herald ingest --config ... --recipient ... < move.eml`, as a shell would run it.
    let out = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(r#""$0" ingest --config "$1" --recipient "$2" < "$3""#)
        .arg(support::club::herald_bin())
        .arg(club.config_path())
        .arg(invitation.reply_to())
        .arg(&eml)
        .output()
        .unwrap();
    assert!(out.status.success(), "ingest must succeed although sending failed:\n{}", output_text(&out));
    assert_eq!(moves(&club, id), ["e4"]);

    let outbox = club.outbox();
    let pending = outbox_rows(&outbox, "pending");
    assert_eq!(pending.len(), 2, "the two mails of the move wait:\n{outbox}");
    assert!(outbox.contains("outbox: 2 pending, 2 sent"), "{outbox}");
    // The first refusal ends the pass: the second mail waits untried rather than meeting the
    // same refusal (or, from a dead relay, the same timeout).
    assert_eq!(outbox.matches("last error:").count(), 1, "{outbox}");
    assert!(outbox.contains("450"), "the relay's answer is shown:\n{outbox}");
    assert!(sink.messages().is_empty());

    sink.restart(None).expect("restart smtp-sink without fault");
    // The retry is due `first_delay_seconds` (1 s here) after the failure.
    let deadline = Instant::now() + Duration::from_secs(8);
    let mut reports = Vec::new();
    while sink.messages().len() < 2 {
        assert!(Instant::now() < deadline, "the mails were not sent:\n{reports:#?}\n{}", club.outbox());
        reports.push(club.serve_once());
        std::thread::sleep(Duration::from_millis(300));
    }
    let messages = sink.messages();
    let mut to: Vec<String> = messages.iter().flat_map(|m| m.rcpt_to.clone()).collect();
    to.sort();
    assert_eq!(to, [ALICE, BOB], "each mail exactly once");
    let ids: Vec<String> = messages
        .iter()
        .map(|m| Mail::new(m.content.clone()).message_id())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");

    // Nothing is left to send: the pass (which returns when its sending is done) sent none.
    let report = club.serve_once();
    assert!(report.contains(" 0 sent"), "{report}");
    assert_eq!(sink.messages().len(), 2);
    let outbox = club.outbox();
    assert!(outbox.contains("outbox: 4 sent"), "{outbox}");
}

/// One pass tries a failing mail once. With `first_delay_seconds: 0` a failed mail is due
/// again at once, and a pass that picks it up again in the same run would burn through
/// `max_attempts` in milliseconds and turn a short outage into dead letters.
#[test]
fn a_refused_mail_is_tried_once_per_pass_even_without_a_retry_delay() {
    let club = Club::with(ClubOptions { first_delay_seconds: 0, max_attempts: 4, ..ClubOptions::default() });
    let id = club.new_game();
    let invitation = club.latest(ALICE);
    let sink = SmtpSink::start(Some(Fault::RcptTempFail)).expect("start smtp-sink");
    club.write_config(sink.port());
    let reply = herald::mail::reply::compose_reply(&invitation.raw, ALICE, "1. e4").unwrap();
    let out = club.ingest(&reply, &invitation.reply_to());
    assert!(out.status.success(), "{}", output_text(&out));
    assert_eq!(moves(&club, id), ["e4"]);

    let outbox = club.outbox();
    assert_eq!(
        outbox_rows(&outbox, "pending").len(),
        2,
        "after one refused attempt each, the mails must still wait for the relay, not be dead letters:\n{outbox}"
    );
    // At most one attempt each in the pass: a refused mail is not retried at once, and the
    // first refusal ends the pass.
    for row in outbox_rows(&outbox, "pending") {
        assert!(row.contains("attempts 1 ") || row.contains("attempts 0 "), "one attempt per pass at most: {row}");
    }
}

// ---------------------------------------------------------------------------
// 10. kill -9

/// (a) `herald ingest` is killed with SIGKILL while it sends the mails of the move it has
/// just recorded (its SMTP server accepted the connection and never greeted). The mail
/// server then redelivers the same mail and `herald serve --once` runs with a working relay:
/// the move is recorded exactly once and each mail arrives exactly once.
///
/// The window this test does not close: a kill after the relay's final 250 and before
/// herald commits "sent" makes herald send that mail again (the classic "was it
/// delivered?" case of the mail notes). The duplicate has the same Message-ID, so mail
/// clients show it once; no client can avoid it.
#[test]
fn ingest_killed_while_sending_loses_and_duplicates_nothing() {
    let club = Club::start();
    let id = club.new_game();
    let invitation = club.latest(ALICE);
    let to = invitation.reply_to();
    let reply = herald::mail::reply::compose_reply(&invitation.raw, ALICE, "1. e4").unwrap();

    let stall = StallServer::start(StallAt::Greeting);
    club.write_config(stall.port());
    let mut ingest = club.spawn_ingest(&reply, &to);
    // herald sends only after committing, so a connection means the move is stored.
    stall.wait("herald's connection", WAIT, |s| s.accepted() >= 1);
    ingest.kill().unwrap(); // SIGKILL
    let status = ingest.wait().unwrap();
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(9));
    assert_eq!(moves(&club, id), ["e4"], "the move was committed before sending");
    // The dead sender's mails are simply pending: the send lock died with it.
    let outbox = club.outbox();
    assert_eq!(outbox_rows(&outbox, "pending").len(), 2, "the move's mails wait for the next sender:\n{outbox}");

    // The relay works again; the mail server redelivers the mail (the pipe died by a
    // signal, which Postfix retries): it is recognised as handled, and its `herald ingest`
    // sends the mails the killed one could not, once each.
    club.write_config(club.pf.smtp_port());
    club.round(|| club.submit(&reply, ALICE, &to)).assert_counts(1, 1, 0);
    assert_eq!(moves(&club, id), ["e4"], "the redelivery is recognised");
    // The redelivery's own `herald ingest` already sent what was due; a pass finds nothing.
    club.serve_once();
    club.settle();

    for who in [ALICE, BOB] {
        let mails = club.mails(who);
        assert_eq!(
            mails.len(),
            2,
            "{who}: the invitation and the move's mail\n{}\n{}",
            summaries(&mails),
            club.outbox()
        );
        assert_each_once(who, &mails);
    }
    assert!(club.latest(BOB).body().contains("Alice played 1. e4."));
    assert_eq!(moves(&club, id), ["e4"]);
    let report = club.serve_once();
    club.settle();
    assert!(report.contains(" 0 sent"), "{report}");
    assert_eq!((club.mails(ALICE).len(), club.mails(BOB).len()), (2, 2));
    assert!(club.outbox().contains("outbox: 4 sent"), "{}", club.outbox());
}

/// (b) `herald serve --once` is killed with SIGKILL while it sends the two invitations of a
/// new game: its relay has taken the first (250) and holds the second after the end of DATA
/// without answering. Restarted against another, working relay, herald sends the second
/// invitation once and does not send the first again: every mail is delivered exactly once,
/// counting what the first relay took. (The first relay never said 250 to the second mail,
/// so it did not take it; the window left open is the one described on the test above.)
#[test]
fn serve_killed_while_sending_delivers_each_mail_once_after_restart() {
    let club = Club::start();
    let stall = StallServer::start(StallAt::EndOfData { accept: 1 });
    club.write_config(stall.port());
    let out = club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB]);
    assert_eq!(out.trim(), "1");

    let serve = club.spawn(&["serve", "--once"]);
    stall.wait("the second invitation's data", WAIT, |s| s.stalled().len() == 1);
    serve.finish(true);
    let taken = Mail::new(stall.taken()[0].clone()).message_id();
    let stalled = Mail::new(stall.stalled()[0].clone()).message_id();
    // The two invitations, each the root of its player's thread.
    assert!(taken.starts_with("herald.1.white.") && taken.ends_with("@game.test"), "{taken}");
    assert!(stalled.starts_with("herald.1.black.") && stalled.ends_with("@game.test"), "{stalled}");
    let outbox_after_kill = club.outbox();
    // The outbox says which mail the first relay took, though it was not yet recorded as sent.
    assert!(
        outbox_after_kill.contains("1 of the pending mails were taken by the relay")
            && outbox_after_kill.lines().any(|l| l.contains(" noted ") && l.contains(&taken)),
        "{outbox_after_kill}"
    );

    // Failures of the contract are collected, so that one does not hide the other.
    let mut findings = Vec::new();
    club.write_config(club.pf.smtp_port());
    club.serve_once();
    club.settle();
    let bob = club.mails(BOB);
    assert_eq!(bob.len(), 1, "Bob's invitation, once\n{}", summaries(&bob));
    assert_eq!(bob[0].message_id(), stalled);
    let alice = club.mails(ALICE);
    if !alice.is_empty() {
        findings.push(format!(
            "Alice's invitation was taken by the first relay before the kill (250), and was sent again \
             after the restart: herald had not recorded that it was sent\n{}--- outbox after the kill ---\n{}",
            summaries(&alice),
            outbox_after_kill
        ));
    }
    let report = club.serve_once();
    assert!(report.contains(" 0 sent"), "{report}");
    club.settle();
    assert_eq!(club.mails(BOB).len(), 1);
    assert_eq!(club.mails(ALICE).len(), alice.len());
    assert!(findings.is_empty(), "{}", findings.join("\n\n"));
}

// ---------------------------------------------------------------------------
// 11. The daemon

#[test]
fn the_daemon_answers_its_maildir_stops_on_sigterm_and_runs_once_per_database() {
    let club = Club::with(ClubOptions { inbound: Inbound::Maildir, poll_seconds: 1, ..ClubOptions::default() });
    let mut daemon = club.spawn(&["serve"]);
    let lock = std::path::PathBuf::from(format!("{}.lock", club.database().display()));
    club.wait_until("the daemon's lock", WAIT, || is_flocked(&lock));

    // A second daemon on the same database refuses to start, and so does a single pass.
    for args in [&["serve"][..], &["serve", "--once"][..]] {
        let mut second = club.spawn(args);
        let status = second.wait_timeout(Duration::from_secs(10));
        let out = second.finish(status.is_none());
        assert!(status.is_some_and(|s| !s.success()), "a second `herald {args:?}` must refuse:\n{}", output_text(&out));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("another herald serve is running"),
            "{}",
            output_text(&out)
        );
    }

    // The daemon sends the invitations of a new game.
    club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB, "--white-name", "Alice", "--black-name", "Bob"]);
    club.pf.wait_for_mail(ALICE, 1, WAIT);
    club.pf.wait_for_mail(BOB, 1, WAIT);

    // Alice's reply reaches the inbox Maildir through Postfix; the daemon answers.
    let invitation = club.latest(ALICE);
    club.reply(ALICE, &invitation, "1. e4");
    club.pf.wait_for_mail(BOB, 2, WAIT);
    assert!(club.latest(BOB).body().contains("Alice played 1. e4."));
    let inbox = club.inbox();
    club.wait_until("the handled mail in cur/", WAIT, || {
        fs::read_dir(inbox.join("cur")).unwrap().count() == 1 && fs::read_dir(inbox.join("new")).unwrap().count() == 0
    });

    // A mail file put straight into new/ (as a local delivery agent does: tmp/, then a rename).
    let bobs = club.latest(BOB);
    let raw = herald::mail::reply::compose_reply(&bobs.raw, BOB, "1... e5").unwrap();
    let name = format!(
        "{}.P{}Q1.herald-test",
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs(),
        std::process::id()
    );
    fs::write(inbox.join("tmp").join(&name), &raw).unwrap();
    fs::rename(inbox.join("tmp").join(&name), inbox.join("new").join(&name)).unwrap();
    club.pf.wait_for_mail(ALICE, 3, WAIT);
    assert!(club.latest(ALICE).body().contains("Bob played 1... e5."), "{}", club.latest(ALICE).body());
    club.wait_until("both handled mails in cur/", WAIT, || fs::read_dir(inbox.join("cur")).unwrap().count() == 2);
    assert_eq!(fs::read_dir(inbox.join("new")).unwrap().count(), 0);
    let mut seen: Vec<String> = fs::read_dir(inbox.join("cur"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    seen.sort();
    for file in &seen {
        assert!(file.ends_with(":2,S"), "handled mail is marked seen: {file}");
    }
    assert!(seen.iter().any(|f| f.starts_with(&name)), "{seen:?}");
    assert_eq!(moves(&club, 1), ["e4", "e5"]);

    // SIGTERM: a clean exit (the daemon's wait between passes watches the signal), and the lock
    // is free again.
    signal(daemon.id(), "TERM");
    let status = daemon.wait_timeout(Duration::from_secs(5));
    let out = daemon.finish(status.is_none());
    assert!(
        status.is_some_and(|s| s.success()),
        "herald serve must exit 0 on SIGTERM ({status:?}):\n{}",
        output_text(&out)
    );
    club.serve_once();
    club.settle();
    assert_eq!((club.mails(ALICE).len(), club.mails(BOB).len()), (3, 3), "nothing sent twice");
}

// ---------------------------------------------------------------------------
// Mail herald must answer, or ignore, without getting stuck

/// Waits until Postfix has finished `n` deliveries to the referee (successful or not) and
/// returns the status of the last one ("sent", "deferred", ...).
#[track_caller]
fn referee_delivery(club: &Club, n: usize) -> String {
    let done = |log: &str| -> Vec<String> {
        log.lines()
            .filter(|l| l.contains("relay=referee"))
            .filter_map(|l| l.split("status=").nth(1))
            .map(|s| s.split_whitespace().next().unwrap_or("").to_string())
            .collect()
    };
    club.pf.wait_for(&format!("{n} deliveries to the referee"), WAIT, || {
        let statuses = done(&club.pf.log());
        (statuses.len() >= n).then(|| statuses[n - 1].clone())
    })
}

/// A stranger's mail without a reply token gets the short "could not be verified" answer,
/// whatever its Message-ID looks like. These three are legal or common: an id without "@"
/// (old and broken mailers, spam), RFC 5322's obsolete quoted local part, and a long id
/// (RFC 5322 allows up to a line). herald puts the id into the answer's In-Reply-To; when it
/// cannot, it must answer without it rather than fail. And a From address herald cannot
/// write a mail to (consecutive dots in the local part, which some providers hand out; this
/// Postfix rewrites it to `"john..doe"@players.test`) must still be handled, answered or not. A failure makes `herald ingest` exit 75:
/// the mail server retries the mail for days, and `herald serve` stops on it (next test).
#[test]
fn a_strangers_mail_is_handled_whatever_its_headers_look_like() {
    let club = Club::start();
    let long_id = format!("{}@players.test", "0123456789abcdef".repeat(17));
    // (From, Message-ID, whether an answer to From is expected). A different stranger each
    // time: herald answers an address at most once a day.
    let cases = [
        (MALLORY, "20251121165208.GA4711", true),
        ("stranger2@players.test", "\"1732207928.4711\"@players.test", true),
        ("stranger3@players.test", long_id.as_str(), true),
        ("john..doe@players.test", "a1.john@players.test", false),
    ];
    let mut failures = Vec::new();
    for (n, &(from, id, answer)) in cases.iter().enumerate() {
        let raw = format!(
            "From: Somebody <{from}>\r\nTo: {REFEREE}\r\nSubject: can I play?\r\n\
             Date: Fri, 21 Nov 2025 17:00:03 +0000\r\nMessage-ID: <{id}>\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=\"UTF-8\"\r\n\r\nHello, how do I join a game?\r\n"
        );
        let before = club.mails(from).len();
        club.submit(raw.as_bytes(), MALLORY, REFEREE);
        let status = referee_delivery(&club, n + 1);
        if status != "sent" {
            let log = club.pf.log();
            let why: Vec<&str> = log.lines().filter(|l| l.contains("relay=referee")).map(str::trim).collect();
            failures.push(format!("From {from}, Message-ID <{id}>: Postfix {status}: {}", why.last().unwrap_or(&"")));
            // Take it out of the queue so the next mail is looked at alone.
            let _ = std::process::Command::new("/usr/sbin/postsuper")
                .arg("-c")
                .arg(club.pf.config_dir())
                .args(["-d", "ALL"])
                .output();
            continue;
        }
        club.settle();
        if answer {
            let mails = club.mails(from);
            if mails.len() != before + 1 {
                failures.push(format!("Message-ID <{id}>: {} answers", mails.len() - before));
                continue;
            }
            assert_no_game_information(mails.last().unwrap());
        }
    }
    assert!(failures.is_empty(), "mails herald could not handle:\n{}", failures.join("\n"));
}

/// One mail herald cannot answer must not stop the daemon: the mail after it is answered.
#[test]
fn the_daemon_keeps_running_after_a_mail_it_cannot_answer() {
    let club = Club::with(ClubOptions { inbound: Inbound::Maildir, poll_seconds: 1, ..ClubOptions::default() });
    club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB]);
    let mut daemon = club.spawn(&["serve"]);
    club.pf.wait_for_mail(ALICE, 1, WAIT);

    // A mail with a Message-ID herald cannot reuse (see the test above), then Alice's move.
    let odd = format!(
        "From: Mallory <{MALLORY}>\r\nTo: {REFEREE}\r\nSubject: hello\r\nMessage-ID: <20251121165208.GA4711>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n\r\nhello\r\n"
    );
    club.submit(odd.as_bytes(), MALLORY, REFEREE);
    club.settle();
    let invitation = club.latest(ALICE);
    club.reply(ALICE, &invitation, "1. e4");
    let deadline = Instant::now() + WAIT;
    while club.mails(BOB).len() < 2 {
        if let Some(status) = daemon.try_wait() {
            let out = daemon.finish(false);
            panic!("herald serve stopped ({status}) on a mail from a stranger:\n{}", output_text(&out));
        }
        assert!(Instant::now() < deadline, "Alice's move was not answered\n{}", club.outbox());
        std::thread::sleep(Duration::from_millis(50));
    }
    signal(daemon.id(), "TERM");
    let status = daemon.wait_timeout(Duration::from_secs(5));
    let out = daemon.finish(status.is_none());
    assert!(status.is_some_and(|s| s.success()), "{status:?}\n{}", output_text(&out));
    assert_eq!(moves(&club, 1), ["e4"]);
}

/// The referee's mail to an address that does not exist comes back as a bounce from Postfix
/// (null sender, multipart/report); herald records it and answers nobody, so no loop starts.
#[test]
fn a_bounce_of_the_referees_mail_is_not_answered() {
    // Postfix relays mail for gone.test to a server that refuses every recipient with 550,
    // so it bounces the referee's mail to carol@gone.test back to the referee.
    let refusing = SmtpSink::start(Some(Fault::Custom { option: "-f".into(), commands: "RCPT".into() })).unwrap();
    let club = Club::with(ClubOptions {
        main_cf: vec![
            ("relay_domains".into(), "game.test, gone.test".into()),
            (
                "transport_maps".into(),
                format!("inline:{{ game.test=referee:, gone.test=smtp:[127.0.0.1]:{} }}", refusing.port()),
            ),
        ],
        ..ClubOptions::default()
    });
    club.herald_ok(&["game", "new", "--white", ALICE, "--black", "carol@gone.test"]);
    club.serve_once();
    club.settle();
    let outbox = club.outbox();
    assert!(outbox.contains("outbox: 2 sent"), "Postfix took both invitations:\n{outbox}");
    let log = club.pf.log();
    assert!(log.contains("status=bounced"), "the invitation to Carol bounced:\n{log}");
    assert_eq!(referee_delivery(&club, 1), "sent", "the bounce reached herald, which handled it");
    club.settle();
    assert_eq!(club.mails(ALICE).len(), 1);
    assert_eq!(club.outbox(), outbox, "nothing answered the bounce");
    // It came back to the invitation's own return path: counted against Carol (README,
    // "When herald's mail bounces"), in her game's log.
    let (kind, detail) = events(&club, Some(1)).pop().expect("the bounce is logged");
    assert_eq!(kind, "bounce", "{detail}");
    assert!(detail.contains("carol@gone.test") && detail.contains("permanent failure 1 of 2"), "{detail}");
}
