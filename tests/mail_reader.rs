//! Tests for `herald::mail::reader` against hand-written mails in the shapes
//! real clients send (tests/fixtures/mail/*.eml). Expected values come from
//! the RFCs and the module's contract, not from running the code.

use herald::mail::reader::{
    Address, AutomaticReason, IncomingMail, NoText, ReadError, ReadLimits, read_headers, read_mail, strip_quoted_text,
};
use sha2::{Digest, Sha256};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/mail/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

fn read(raw: &[u8]) -> IncomingMail {
    read_mail(raw, &ReadLimits::default()).expect("fixture should be readable")
}

fn read_fixture(name: &str) -> IncomingMail {
    read(&fixture(name))
}

/// The fixture with one piece of text replaced (which must be present).
fn edited(name: &str, from: &str, to: &str) -> Vec<u8> {
    let raw = fixture(name);
    let text = String::from_utf8(raw).expect("edited fixtures are UTF-8");
    assert!(text.contains(from), "{name} does not contain {from:?}");
    text.replacen(from, to, 1).into_bytes()
}

/// Hides the text/plain alternative so that the HTML one has to be used.
fn html_alternative_only(name: &str, plain_type: &str) -> IncomingMail {
    read(&edited(name, plain_type, &plain_type.replace("text/plain", "text/x-hidden")))
}

// ---------------------------------------------------------------------------
// Real clients' replies
// ---------------------------------------------------------------------------

#[test]
fn thunderbird_top_posted_reply() {
    let mail = read_fixture("thunderbird_reply.eml");
    // Top-posted text is kept; the "On ... wrote:" line and the quote go.
    // format=flowed (RFC 3676): the line ending in a space continues.
    assert_eq!(
        mail.body,
        "Nf3\n\nI'll stick to the Réti this time, and if you take the pawn I will \
         recapture on d4 next move."
    );
    assert_eq!(mail.message_id.as_deref(), Some("8f3c2a71-5d0e-4b5a-9c1e-2f7d6b1a9e44@example.com"));
    // Domain lowercased, local part as sent.
    assert_eq!(mail.from, Some(Address { addr: "alice@example.com".into(), name: Some("Alice Example".into()) }));
    assert_eq!(mail.return_path.as_deref(), Some("alice@example.com"));
    assert_eq!(mail.subject, "Re: [herald] Game 17: your move (White)");
    assert_eq!(mail.in_reply_to.as_deref(), Some("herald.17.11@chess.example.org"));
    // A folded References field, oldest first.
    assert_eq!(mail.references, ["herald.17.10@chess.example.org", "herald.17.11@chess.example.org"]);
    assert_eq!(mail.date.as_deref(), Some("Mon, 6 Jan 2025 10:12:29 +0100"));
    assert_eq!(mail.delivered_to, ["game-17@chess.example.org"]);
    assert_eq!(mail.to, ["game-17@chess.example.org"]);
    assert_eq!(mail.automatic, None);
    assert!(!mail.body_truncated);
}

#[test]
fn gmail_multipart_alternative_quoted_printable() {
    let mail = read_fixture("gmail_reply.eml");
    // text/plain is preferred; QP soft breaks and =E2=80=94 decoded; Gmail's
    // attribution wrapped over two lines is recognised.
    assert_eq!(mail.body, "Nc6 — the knight defends e5.");
    assert_eq!(mail.references, ["herald.17.11@chess.example.org", "herald.17.12@chess.example.org"]);
    assert!(!mail.is_automatic());
}

#[test]
fn gmail_html_alternative_gives_the_same_text() {
    let mail = html_alternative_only("gmail_reply.eml", "Content-Type: text/plain");
    // The gmail_quote blockquote and its attribution are stripped too.
    assert_eq!(mail.body, "Nc6 — the knight defends e5.");
}

#[test]
fn outlook_original_message_and_from_sent_block() {
    let mail = read_fixture("outlook_reply.eml");
    assert_eq!(mail.body, "Bb5\n\nCarol");
    assert_eq!(mail.message_id.as_deref(), Some("000001db6021$4b3c2d10$e1b48730$@contoso.example"));
    assert_eq!(
        mail.from,
        Some(Address { addr: "Carol.Smith@contoso.example".into(), name: Some("Carol Smith".into()) })
    );
    // To then Cc, lowercased, in order.
    assert_eq!(mail.to, ["game-17@chess.example.org", "arbiter@chess.example.org", "alice@example.com"]);
    // Delivered-To and X-Original-To name the same mailbox once lowercased.
    assert_eq!(mail.delivered_to, ["game-17@chess.example.org"]);
}

#[test]
fn outlook_html_alternative_gives_the_same_text() {
    let mail = html_alternative_only("outlook_reply.eml", "Content-Type: text/plain");
    assert_eq!(mail.body, "Bb5\n\nCarol");
}

#[test]
fn outlook_from_sent_block_without_original_message_line() {
    let raw = edited("outlook_reply.eml", "-----Original Message-----\r\n", "");
    assert_eq!(read(&raw).body, "Bb5\n\nCarol");
}

#[test]
fn html_only_mail() {
    let mail = read_fixture("html_only.eml");
    // Apple Mail: attribution inside <blockquote type="cite">; &amp; decoded.
    assert_eq!(mail.body, "Qxd5\n\nBlack & White both have chances now.");
    assert_eq!(mail.message_id.as_deref(), Some("4C0E2F0A-9B1D-4E57-8A3C-6D2F1B7E9A05@icloud.example"));
    assert_eq!(mail.from.unwrap().addr, "gina@icloud.example");
}

#[test]
fn outlook_web_html_only_with_rule_and_header_block() {
    let mail = read_fixture("outlook_web_html_only.eml");
    // iso-8859-1 declared on an HTML part: =FC=DF are ü and ß.
    assert_eq!(mail.body, "Rd1\n\nGrüße, Henry");
}

#[test]
fn base64_text_plain_from_iphone() {
    let mail = read_fixture("base64_iphone.eml");
    // Base64 undone, CRLF inside the payload normalised, the mobile footer
    // and the quote dropped.
    assert_eq!(mail.body, "O-O\n\nRochade! \u{1F3F0}");
}

#[test]
fn iso_8859_1_declared() {
    let mail = read_fixture("iso_8859_1.eml");
    // Bytes E9/E8 are é/è in ISO-8859-1; "Le ... a écrit :" is an attribution.
    assert_eq!(mail.body, "Fxc6\n\nJ'ai réfléchi longtemps, c'est très risqué.");
}

#[test]
fn undeclared_utf8_8bit_is_read_as_utf8() {
    let mail = read_fixture("undeclared_utf8.eml");
    // No Content-Type at all: RFC 2045 would say us-ascii, but the bytes are
    // valid UTF-8 and are meant as such. "Am ... schrieb ...:" is stripped.
    assert!(mail.body.contains("schlägt"), "{:?}", mail.body);
    assert_eq!(mail.body, "Dxd5\n\nDie Dame schlägt auf d5 – jetzt wird es spannend.");
}

#[test]
fn undeclared_8bit_that_is_not_utf8_is_read_as_latin1() {
    let mail = read_fixture("undeclared_latin1.eml");
    // E4 = ä, FC = ü in Latin-1; 93/94 are Windows-1252 curly quotes.
    assert_eq!(mail.body, "Txd5\n\nDer Turm schlägt \u{201C}endlich\u{201D} zurück.");
}

#[test]
fn us_ascii_declared_over_utf8_is_read_as_utf8() {
    let raw = edited("auto_submitted_no.eml", "Kf8\n", "Kf8 \u{2013} schlägt nichts\n");
    assert_eq!(read(&raw).body, "Kf8 \u{2013} schlägt nichts");
}

#[test]
fn rfc2047_encoded_subject_and_name() {
    let mail = read_fixture("rfc2047_subject.eml");
    // RFC 2047 §6.2: white space between adjacent encoded-words is ignored.
    assert_eq!(mail.subject, "Re: [herald] Partie 17: Zug 16 \u{2013} die Dame schlägt");
    assert_eq!(
        mail.from,
        Some(Address { addr: "Juergen.Mueller@beispiel.example".into(), name: Some("Jürgen Müller".into()) })
    );
    assert_eq!(mail.body, "Lxd5");
}

#[test]
fn attachment_is_never_the_body() {
    let mail = read_fixture("attachment_first.eml");
    assert_eq!(mail.body, "Ba4\n\nMy analysis is attached.");
}

#[test]
fn bottom_posted_reply_with_signature() {
    let mail = read_fixture("mutt_bottom_post.eml");
    // Text between and after quoted blocks is the player's; "-- " ends it.
    assert_eq!(mail.body, "Rxd1+\n\n(Yes, I know about the first-line rule. Sorry.)");
}

#[test]
fn signature_delimiter_with_trailing_space_stripped() {
    let raw = edited("mutt_bottom_post.eml", "\n-- \n", "\n--\n");
    assert_eq!(read(&raw).body, "Rxd1+\n\n(Yes, I know about the first-line rule. Sorry.)");
}

// ---------------------------------------------------------------------------
// Automatic mail (RFC 3834)
// ---------------------------------------------------------------------------

#[test]
fn vacation_auto_reply_is_automatic() {
    let mail = read_fixture("vacation_auto_reply.eml");
    assert_eq!(mail.automatic, Some(AutomaticReason::AutoSubmitted("auto-replied".into())));
    assert!(mail.is_automatic());
}

#[test]
fn precedence_bulk_is_automatic() {
    let mail = read_fixture("precedence_bulk.eml");
    assert_eq!(mail.automatic, Some(AutomaticReason::Precedence("bulk".into())));
}

#[test]
fn bounce_is_automatic() {
    let mail = read_fixture("bounce.eml");
    assert!(mail.is_automatic());
    assert_eq!(mail.return_path.as_deref(), Some(""));
    assert_eq!(mail.from.as_ref().map(|a| a.addr.as_str()), Some("MAILER-DAEMON@chess.example.org"));
}

#[test]
fn bounce_is_automatic_by_each_of_its_marks() {
    // Postfix marks a bounce four ways; each alone must be enough.
    let no_auto_submitted = |raw: Vec<u8>| {
        let text = String::from_utf8(raw).unwrap();
        text.replacen("Auto-Submitted: auto-replied\n", "", 1).into_bytes()
    };
    let raw = no_auto_submitted(fixture("bounce.eml"));
    assert_eq!(read(&raw).automatic, Some(AutomaticReason::NullReturnPath));

    let raw = no_auto_submitted(edited("bounce.eml", "Return-Path: <>", "Return-Path: <relay@chess.example.org>"));
    assert_eq!(read(&raw).automatic, Some(AutomaticReason::Report("multipart/report".into())));

    let text = String::from_utf8(raw).unwrap().replacen(
        "multipart/report; report-type=delivery-status;",
        "multipart/mixed;",
        1,
    );
    let text = text.replacen("message/delivery-status", "text/plain", 1);
    assert_eq!(
        read(text.as_bytes()).automatic,
        Some(AutomaticReason::SystemSender("MAILER-DAEMON@chess.example.org".into()))
    );
}

#[test]
fn auto_submitted_no_is_a_person() {
    let mail = read_fixture("auto_submitted_no.eml");
    assert_eq!(mail.automatic, None);
    assert_eq!(mail.body, "Kf8");
    // Keywords are case-insensitive and may carry a comment.
    let raw = edited("auto_submitted_no.eml", "Auto-Submitted: no", "Auto-Submitted: No (typed by a human)");
    assert_eq!(read(&raw).automatic, None);
}

#[test]
fn other_automatic_marks() {
    let with =
        |field: &str| read(&edited("auto_submitted_no.eml", "Auto-Submitted: no\n", &format!("{field}\n"))).automatic;
    use AutomaticReason::*;
    assert_eq!(
        with("Auto-Submitted: auto-generated; owner-email=\"a@b.example\""),
        Some(AutoSubmitted("auto-generated".into()))
    );
    assert_eq!(with("Auto-Submitted:"), Some(AutoSubmitted(String::new())));
    assert_eq!(with("X-Autoreply: yes"), Some(AutoreplyHeader("X-Autoreply".into())));
    assert_eq!(with("X-Autorespond: Out of office"), Some(AutoreplyHeader("X-Autorespond".into())));
    assert_eq!(with("Precedence: JUNK"), Some(Precedence("junk".into())));
    assert_eq!(with("Precedence: list"), Some(Precedence("list".into())));
    assert_eq!(with("Precedence: first-class"), None);
    assert_eq!(with("List-Id: Example Chess Club <members.chess.example.org>"), Some(MailingList("List-Id".into())));
    assert_eq!(
        with("List-Unsubscribe: <mailto:leave@chess.example.org>"),
        Some(MailingList("List-Unsubscribe".into()))
    );
    let postmaster = edited(
        "auto_submitted_no.eml",
        "From: Nora Quist <nora@example.org>",
        "From: Postmaster <POSTMASTER@Example.org>",
    );
    assert_eq!(read(&postmaster).automatic, Some(SystemSender("POSTMASTER@example.org".into())));
}

// ---------------------------------------------------------------------------
// Dedupe key, limits, errors
// ---------------------------------------------------------------------------

#[test]
fn missing_message_id_gives_a_stable_key() {
    let raw = fixture("no_message_id.eml");
    let mail = read(&raw);
    assert_eq!(mail.message_id, None);
    assert!(mail.dedupe_key.starts_with("delivery:"), "{}", mail.dedupe_key);
    assert_eq!(read(&raw).dedupe_key, mail.dedupe_key);
    // A different mail, even by one byte of its body, has a different key.
    let other = edited("no_message_id.eml", "Kg2", "Kh2");
    assert_ne!(read(&other).dedupe_key, mail.dedupe_key);
    assert_eq!(mail.body, "Kg2");
    // An address without display name.
    assert_eq!(mail.from, Some(Address { addr: "oscar@example.org".into(), name: None }));
}

/// The delivery key is the SHA-256 README documents, computed here from its description:
/// each field as its length, `:`, the field and a newline; the body's SHA-256 in hex.
#[test]
fn the_delivery_key_is_the_documented_hash() {
    let raw = fixture("thunderbird_reply.eml");
    let text = String::from_utf8(raw.clone()).unwrap();
    // The body with its line ends as LF and the white space at its end removed.
    let body = text[text.find("\n\n").unwrap() + 2..].replace("\r\n", "\n");
    let body = body.trim_end().as_bytes();
    let hex = |bytes: &[u8]| Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect::<String>();
    let fields = [
        "8f3c2a71-5d0e-4b5a-9c1e-2f7d6b1a9e44@example.com".to_string(),
        "alice@example.com".to_string(),
        "Mon, 6 Jan 2025 10:12:29 +0100".to_string(),
        "Re: [herald] Game 17: your move (White)".to_string(),
        hex(body),
    ];
    let preimage: String = fields.iter().map(|f| format!("{}:{f}\n", f.len())).collect();
    assert_eq!(read(&raw).dedupe_key, format!("delivery:{}", hex(preimage.as_bytes())));
}

/// What makes two deliveries the same mail: a second delivery (with trace headers of its own)
/// is; a different mail that reuses the Message-ID (a forger's, or a mail program's that gives
/// every mail the same one) is not.
#[test]
fn the_same_delivery_has_the_same_key_and_a_reused_message_id_does_not() {
    let raw = fixture("thunderbird_reply.eml");
    let key = read(&raw).dedupe_key;
    let mut redelivered = b"Received: from relay2.example.net by mx.example.org; Tue, 7 Jan 2025 08:00:00 +0000\n\
        Delivered-To: referee@chess.example.org\n"
        .to_vec();
    redelivered.extend_from_slice(&raw);
    assert_eq!(read(&redelivered).dedupe_key, key, "trace headers do not make another mail");
    let crlf = String::from_utf8(raw.clone()).unwrap().replace('\n', "\r\n") + "\r\n";
    assert_eq!(read(crlf.as_bytes()).dedupe_key, key, "line ends changed on the way");
    let forged =
        edited("thunderbird_reply.eml", "From: Alice Example <alice@Example.COM>", "From: mallory@example.net");
    assert_ne!(read(&forged).dedupe_key, key, "another sender");
    let other_text = edited("thunderbird_reply.eml", "Nf3", "Nc3");
    assert_ne!(read(&other_text).dedupe_key, key, "another text under the same Message-ID");
    let later = edited("thunderbird_reply.eml", "10:12:29", "10:14:02");
    assert_ne!(read(&later).dedupe_key, key, "another Date");
}

#[test]
fn too_large_mail_is_refused_before_parsing() {
    let limits = ReadLimits::default();
    let mut raw = fixture("thunderbird_reply.eml");
    raw.resize(limits.max_bytes, b'x');
    assert!(read_mail(&raw, &limits).is_ok(), "exactly the limit is fine");
    raw.push(b'x');
    let err = read_mail(&raw, &limits).unwrap_err();
    assert_eq!(err, ReadError::TooLarge { size: 256 * 1024 + 1, limit: 256 * 1024 });
    let shown = err.to_string();
    assert!(shown.contains("262145") && shown.contains("262144"), "{shown}");
    let _: &dyn std::error::Error = &err;

    let small = ReadLimits { max_bytes: 100, ..ReadLimits::default() };
    assert!(matches!(read_mail(&fixture("gmail_reply.eml"), &small), Err(ReadError::TooLarge { limit: 100, .. })));
}

#[test]
fn too_large_mail_can_still_be_answered_from_its_headers() {
    let small = ReadLimits { max_bytes: 1500, ..ReadLimits::default() };
    let raw = fixture("gmail_reply.eml");
    assert!(matches!(read_mail(&raw, &small), Err(ReadError::TooLarge { .. })));
    let head = read_headers(&raw, &small).unwrap();
    let full = read(&raw);
    assert_eq!(head.from, full.from);
    assert_eq!(head.message_id, full.message_id);
    assert_eq!(head.dedupe_key, full.dedupe_key);
    assert_eq!(head.references, full.references);
    assert_eq!(head.automatic, None);
    assert_eq!(head.body, "");

    // A large bounce or list mail must not be answered either.
    let bounce = fixture("bounce.eml");
    let tiny = ReadLimits { max_bytes: 800, ..ReadLimits::default() };
    assert!(read_headers(&bounce, &tiny).unwrap().is_automatic());
    let report_only = String::from_utf8(bounce)
        .unwrap()
        .replacen("Return-Path: <>\n", "", 1)
        .replacen("Auto-Submitted: auto-replied\n", "", 1)
        .replacen("From: MAILER-DAEMON@", "From: relay@", 1);
    assert_eq!(
        read_headers(report_only.as_bytes(), &tiny).unwrap().automatic,
        Some(AutomaticReason::Report("multipart/report".into()))
    );
}

#[test]
fn body_is_capped_at_max_body_chars() {
    // Characters, not bytes: "ä" (two bytes) is never split.
    let cut = |max_body_chars| {
        let limits = ReadLimits { max_body_chars, ..ReadLimits::default() };
        read_mail(&fixture("undeclared_utf8.eml"), &limits).unwrap()
    };
    assert_eq!(cut(19).body, "Dxd5\n\nDie Dame schl");
    assert_eq!(cut(20).body, "Dxd5\n\nDie Dame schlä");
    assert!(cut(20).body_truncated);
    let whole = cut(usize::MAX);
    assert!(!whole.body_truncated);
    assert_eq!(cut(whole.body.chars().count()), whole);
    let limits = ReadLimits { max_body_chars: 10, ..ReadLimits::default() };
    let mail = read_mail(&fixture("undeclared_utf8.eml"), &limits).unwrap();
    // Ten characters are "Dxd5\n\nDie "; the body stays trimmed.
    assert_eq!(mail.body, "Dxd5\n\nDie");
    assert!(mail.body_truncated);
}

#[test]
fn not_a_mail_is_malformed() {
    assert!(matches!(read_mail(b"", &ReadLimits::default()), Err(ReadError::Malformed(_))));
    assert!(matches!(read_mail(b"\r\r\r", &ReadLimits::default()), Err(ReadError::Malformed(_))));
}

#[test]
fn recipients_from_groups_and_bcc() {
    let raw = edited("no_message_id.eml", "\nTo: game-17@chess.example.org", "\nTo: undisclosed-recipients:;");
    let mail = read(&raw);
    assert!(mail.to.is_empty());
    assert_eq!(mail.delivered_to, ["game-17@chess.example.org"]);
}

#[test]
fn sloppy_threading_headers() {
    let raw = edited(
        "no_message_id.eml",
        "Date:",
        "Message-ID: <x1@example.org> (sent by hand)\n\
         In-Reply-To: <herald.17.21@chess.example.org> (Referee's message of Monday)\n\
         References: herald.17.20@chess.example.org <herald.17.21@chess.example.org>\n\
         Date:",
    );
    let mail = read(&raw);
    assert_eq!(mail.message_id.as_deref(), Some("x1@example.org"));
    assert_eq!(mail.in_reply_to.as_deref(), Some("herald.17.21@chess.example.org"));
    assert_eq!(mail.references, ["herald.17.21@chess.example.org"]);
}

// ---------------------------------------------------------------------------
// Hostile input: never panic, stay bounded
// ---------------------------------------------------------------------------

/// Small deterministic generator, so failures reproduce.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn garbage_bytes_never_panic() {
    let limits = ReadLimits::default();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(2048);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let _ = read_mail(&bytes, &limits);
    }
    // Mutated real mails reach deeper than random bytes.
    let names = [
        "thunderbird_reply.eml",
        "gmail_reply.eml",
        "outlook_reply.eml",
        "html_only.eml",
        "base64_iphone.eml",
        "bounce.eml",
        "mutt_bottom_post.eml",
    ];
    for name in names {
        let base = fixture(name);
        for _ in 0..200 {
            let mut raw = base.clone();
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(raw.len());
                match rng.below(3) {
                    0 => raw[at] = rng.next() as u8,
                    1 => {
                        raw.remove(at);
                    }
                    _ => raw.truncate(at),
                }
                if raw.is_empty() {
                    break;
                }
            }
            let _ = read_mail(&raw, &limits);
        }
    }
}

#[test]
fn deeply_nested_multipart_is_still_answered_from_its_headers() {
    let mut raw = String::from("From: Alice <alice@example.org>\nMessage-ID: <deep@example.org>\n");
    for depth in 0..300 {
        raw.push_str(&format!("Content-Type: multipart/mixed; boundary=\"b{depth}\"\n\n--b{depth}\n"));
    }
    raw.push_str("Content-Type: text/plain\n\ne4\n");
    // mailparse stops at its recursion limit; the sender is still known, and told why.
    let mail = read_mail(raw.as_bytes(), &ReadLimits::default()).unwrap();
    assert_eq!(mail.from.unwrap().addr, "alice@example.org");
    assert_eq!(mail.body, "");
    assert_eq!(mail.no_text, Some(NoText::BrokenStructure("its MIME parts are nested too deeply".into())));
}

#[test]
fn many_parts_and_hostile_html_stay_bounded() {
    let limits = ReadLimits::default();
    // ~8000 empty parts: the walk stops at its cap.
    let mut raw = String::from("From: a@example.org\nContent-Type: multipart/mixed; boundary=x\n\n");
    while raw.len() < limits.max_bytes - 64 {
        raw.push_str("--x\nContent-Type: text/plain\n\n\n");
    }
    let _ = read_mail(raw.as_bytes(), &limits);

    // html5ever is quadratic in nesting depth; unbounded, 256 KiB of <div>
    // took a minute in a debug build. How much reaches the renderer is counted
    // in the reader's own unit test (body.rs); here, hostile HTML is read
    // without a panic.
    let header = "From: a@example.org\nContent-Type: text/html\n\n";
    for unit in ["<div>", "<blockquote>", "<ul><li>", "<table><tr><td>", "<hr>", "<b><i>"] {
        let mut raw = String::from(header);
        while raw.len() + unit.len() < limits.max_bytes {
            raw.push_str(unit);
        }
        let _ = read_mail(raw.as_bytes(), &limits);
    }
    let mut raw = String::from(header);
    raw.push_str("<div");
    for i in 0.. {
        if raw.len() > limits.max_bytes - 16 {
            break;
        }
        raw.push_str(&format!(" a{i}"));
    }
    raw.push('>');
    let _ = read_mail(raw.as_bytes(), &limits);

    // Thousands of header fields and an endless References field.
    let mut raw = String::from("From: a@example.org\nReferences:");
    for i in 0..5000 {
        raw.push_str(&format!(" <r{i}@example.org>"));
    }
    raw.push_str("\nTo: ");
    for i in 0..3000 {
        raw.push_str(&format!("p{i}@example.org, "));
    }
    raw.push_str("\n\nbody\n");
    let mail = read_mail(raw.as_bytes(), &limits).unwrap();
    assert_eq!(mail.references.len(), 100);
    assert_eq!(mail.references[99], "r4999@example.org", "newest kept");
    assert_eq!(mail.to.len(), 100);
}

// ---------------------------------------------------------------------------
// Reply stripping rules on their own
// ---------------------------------------------------------------------------

#[test]
fn localized_attributions() {
    for attribution in [
        "Am Mo., 6. Jan. 2025 um 10:00 Uhr schrieb Herald Referee <game-17@chess.example.org>:",
        "Le lun. 6 janv. 2025 à 10:00, Herald Referee <game-17@chess.example.org> a\u{a0}écrit\u{a0}:",
        "El lun, 6 ene 2025 a las 10:00, Herald Referee (<game-17@chess.example.org>) escribió:",
        "Op ma 6 jan 2025 om 10:00 schreef Herald Referee <game-17@chess.example.org>:",
        "Il giorno lun 6 gen 2025 alle ore 10:00 Herald Referee ha scritto:",
    ] {
        let text = format!("e4\n\n{attribution}\n\n> Your move.\n");
        assert_eq!(strip_quoted_text(&text), "e4", "{attribution}");
    }
}

#[test]
fn attribution_followed_by_unquoted_original_cuts_to_the_end() {
    let text = "c5\n\nOn Mon, 6 Jan 2025, Herald Referee wrote:\n\nGame 17, move 3.\nReply with your move.";
    assert_eq!(strip_quoted_text(text), "c5");
}

#[test]
fn sentence_starting_with_on_is_not_an_attribution() {
    let text = "On move 20 I will castle.\nFor now: Re1\n\nI wrote:\n> earlier";
    assert_eq!(strip_quoted_text(text), "On move 20 I will castle.\nFor now: Re1\n\nI wrote:");
}

#[test]
fn outlook_com_underscore_separator() {
    let text = "Qd2\n\n________________________________\nFrom: Herald Referee <game-17@chess.example.org>\nSent: Monday, January 6, 2025 13:30\nTo: dave@example.org\n\nGame 17, move 14.";
    assert_eq!(strip_quoted_text(text), "Qd2");
}

#[test]
fn localized_outlook_header_block() {
    let text = "Sxe5\n\nVon: Herald Referee <game-17@chess.example.org>\nGesendet: Montag, 6. Januar 2025 13:30\nAn: Dora\nBetreff: Partie 17\n\nPartie 17, Zug 14.";
    assert_eq!(strip_quoted_text(text), "Sxe5");
    // A "From:" line alone is the player's text, not a header block.
    assert_eq!(strip_quoted_text("From: e2 to e4\nthat is my move"), "From: e2 to e4\nthat is my move");
}

#[test]
fn forwarded_message_marker() {
    let text = "Please adjudicate.\n\n---------- Forwarded message ---------\nFrom: Bob <bob@example.org>\nDate: Mon, 6 Jan 2025\n\nI resign.";
    assert_eq!(strip_quoted_text(text), "Please adjudicate.");
}

#[test]
fn signature_before_quote_and_blank_line_runs() {
    let text = "  \n\nNf6\n\n\n\nSee you at the club.   \n-- \nEve\n\n> quoted";
    assert_eq!(strip_quoted_text(text), "Nf6\n\nSee you at the club.");
}

// ---------------------------------------------------------------------------
// Mails that hold no text of the sender's own, and why
// ---------------------------------------------------------------------------

/// A mail with these extra header lines (Content-Type and the like) and this body.
fn mail_with(extra_headers: &str, body: &str) -> IncomingMail {
    let raw = format!(
        "From: Alice <alice@example.org>\nTo: referee@club.test\nSubject: Re: [herald #3] chess: your move (12.)\n\
         Message-ID: <m1@example.org>\nDate: Mon, 6 Jan 2025 10:12:29 +0100\nMIME-Version: 1.0\n{extra_headers}\n{body}"
    );
    read(raw.as_bytes())
}

#[test]
fn an_empty_or_blank_mail_is_blank() {
    for body in ["", "\n\n", "   \n\t\n", "\u{feff}\u{200b}\n\u{00a0}\u{3000}\n"] {
        let mail = mail_with("Content-Type: text/plain; charset=utf-8\n", body);
        assert_eq!((mail.body.as_str(), mail.no_text), ("", Some(NoText::Blank)), "{body:?}");
    }
}

#[test]
fn a_mail_that_only_quotes_is_all_quoted() {
    let plain = "Content-Type: text/plain; charset=utf-8\n";
    for body in [
        // Gmail, Apple Mail, Thunderbird (German, Portuguese, Polish, Russian, Japanese), Outlook.
        "On Mon, Jan 6, 2025 at 10:12 AM Herald Referee <referee@club.test> wrote:\n\n> Your move.\n",
        "On 6 Jan 2025, at 10:12, Herald Referee <referee@club.test> wrote:\n\n> Your move.\n",
        "Am 06.01.25 um 10:12 schrieb Herald Referee:\n> Your move.\n",
        "Em seg., 6 de jan. de 2025 às 10:12, Herald Referee <referee@club.test> escreveu:\n\n> Your move.\n",
        "W dniu 6.01.2025 o 10:12, Herald Referee pisze:\n> Your move.\n",
        "06.01.2025 10:12, Herald Referee пишет:\n> Your move.\n",
        "2025年1月6日(月) 10:12 Herald Referee <referee@club.test>:\n\n> Your move.\n",
        "-----Original Message-----\nFrom: Herald Referee\nSent: Monday\n\nYour move.\n",
        "________________________________\nVon: Herald Referee <referee@club.test>\nGesendet: Montag\n",
        "> Your move.\n> 12. ...\n",
    ] {
        let mail = mail_with(plain, body);
        assert_eq!((mail.body.as_str(), mail.no_text), ("", Some(NoText::AllQuoted)), "{body:?}");
    }
    // The HTML of a client that quotes with <blockquote type="cite">, and nothing else.
    let html = mail_with(
        "Content-Type: text/html; charset=utf-8\n",
        "<html><body><div>On Mon, 6 Jan 2025, Herald Referee wrote:</div>\
         <blockquote type=\"cite\"><div>Your move (12.).</div></blockquote></body></html>\n",
    );
    assert_eq!((html.body.as_str(), html.no_text), ("", Some(NoText::AllQuoted)));
}

#[test]
fn a_mail_with_only_a_signature_says_so() {
    for body in ["-- \nAlice Example\nChess Club\n", "--\nAlice\n", "\nSent from my iPhone\n"] {
        let mail = mail_with("Content-Type: text/plain\n", body);
        assert_eq!((mail.body.as_str(), mail.no_text), ("", Some(NoText::OnlySignature)), "{body:?}");
    }
}

#[test]
fn text_that_cannot_be_decoded_says_how() {
    let mail = mail_with("Content-Type: text/plain\nContent-Transfer-Encoding: base64\n", "!!!not base64***\n");
    assert_eq!(mail.no_text, Some(NoText::Undecodable("base64".into())));
    for content_type in
        ["Content-Type: multipart/alternative\n", "Content-Type: multipart/alternative; boundary=\"not-the-one\"\n"]
    {
        let mail = mail_with(content_type, "--x\nContent-Type: text/plain\n\ne4\n--x--\n");
        assert!(matches!(mail.no_text, Some(NoText::BrokenStructure(_))), "{content_type}: {:?}", mail.no_text);
    }
    let attachment_only = mail_with(
        "Content-Type: multipart/mixed; boundary=b\n",
        "--b\nContent-Type: image/png\nContent-Disposition: attachment; filename=move.png\n\nPNG\n--b--\n",
    );
    assert_eq!(attachment_only.no_text, Some(NoText::NoTextPart));
}

#[test]
fn html_too_deeply_nested_to_read_says_so() {
    let mut html = String::new();
    for _ in 0..2000 {
        html.push_str("<div>");
    }
    html.push_str("Nf3");
    let mail = mail_with("Content-Type: text/html\n", &html);
    assert_eq!((mail.body.as_str(), mail.no_text), ("", Some(NoText::UnreadableHtml)));
}

#[test]
fn invisible_characters_and_odd_spaces_around_a_move_are_gone() {
    let body = "\u{feff}\u{200b}Nf3\u{00ad}\u{200d}\u{00a0}\u{2060}\nthanks\u{202f}!\n";
    let mail = mail_with("Content-Type: text/plain; charset=utf-8\n", body);
    assert_eq!(mail.body, "Nf3\nthanks !");
    assert_eq!(mail.no_text, None);
}

#[test]
fn an_inline_pgp_signed_mail_gives_its_signed_text() {
    let body = "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nNf3\n- -- not a signature, dash-escaped\n\
                -----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n\n\
                On Mon, 6 Jan 2025, Herald Referee wrote:\n> Your move.\n";
    let mail = mail_with("Content-Type: text/plain\n", body);
    assert_eq!(mail.body, "Nf3\n-- not a signature, dash-escaped");
}

#[test]
fn authentication_results_are_kept_and_only_the_trusted_servers_count() {
    // As a Postfix with OpenDKIM delivers a signed mail: its own field on top, folded; and a
    // field a sender wrote with another server's name further down.
    let raw = b"Return-Path: <ann@mail.players.test>\r\n\
        Received: from out.players.test (out.players.test [192.0.2.7])\r\n\tby mx.game.test (Postfix) with ESMTP id 4F1; Tue, 24 Nov 2026 10:00:00 +0000\r\n\
        Authentication-Results: mx.game.test;\r\n\tdkim=pass (1024-bit key; unprotected) header.d=players.test\r\n\theader.i=@players.test header.a=rsa-sha256 header.s=s1 header.b=\"Cm19Izwa\";\r\n\tdkim-atps=neutral\r\n\
        DKIM-Signature: v=1; a=rsa-sha256; d=players.test; s=s1; bh=x; b=y\r\n\
        Authentication-Results: mx.elsewhere.test; dkim=pass header.d=elsewhere.test\r\n\
        From: Ann <ann@mail.players.test>\r\n\
        To: referee@game.test\r\n\
        Subject: e4\r\n\
        Message-ID: <a1@mail.players.test>\r\n\r\ne4\r\n";
    let mail = read(raw);
    let ids: Vec<&str> = mail.authentication_results.iter().map(|f| f.authserv_id.as_str()).collect();
    assert_eq!(ids, ["mx.game.test", "mx.elsewhere.test"]);
    let ours = &mail.authentication_results[0].results;
    assert_eq!(ours.len(), 2);
    assert_eq!((ours[0].method.as_str(), ours[0].result.as_str()), ("dkim", "pass"));
    assert_eq!(ours[0].property("header.b"), Some("Cm19Izwa"));
    assert_eq!(ours[1].method, "dkim-atps");
    // d=players.test is a parent of the From domain mail.players.test: aligned.
    assert!(mail.authentication("mx.game.test").dkim);
    assert!(!mail.authentication("mx.game.test").spf);
    // The other server's pass is for another domain, and is not trusted anyway.
    assert!(!mail.authentication("mx.elsewhere.test").any());
    assert!(!mail.authentication("out.players.test").any());
    // The body and the delivery key do not depend on the fields.
    let without: Vec<u8> = String::from_utf8_lossy(raw)
        .split_inclusive("\r\n")
        .filter(|l| !l.starts_with("Authentication-Results") && !l.starts_with('\t'))
        .collect::<String>()
        .into_bytes();
    let plain = read(&without);
    assert!(plain.authentication_results.is_empty());
    assert_eq!((plain.body.as_str(), plain.dedupe_key.as_str()), (mail.body.as_str(), mail.dedupe_key.as_str()));
}
