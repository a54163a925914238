//! Reading herald's mails as their readers do: the plain text part a text client shows, the
//! HTML part with its pictures, and everything a mail shows at once for the tests that look
//! for a secret in it.

use mailparse::{MailHeaderMap, ParsedMail};
use sha2::{Digest, Sha256};

fn leaves<'m, 'a>(part: &'m ParsedMail<'a>, out: &mut Vec<&'m ParsedMail<'a>>) {
    if part.subparts.is_empty() {
        out.push(part);
    }
    for sub in &part.subparts {
        leaves(sub, out);
    }
}

fn leaf_parts<'m, 'a>(mail: &'m ParsedMail<'a>) -> Vec<&'m ParsedMail<'a>> {
    let mut out = Vec::new();
    leaves(mail, &mut out);
    out
}

/// The MIME types of the mail's parts, leaves only, in order: `["text/plain"]` for a mail of
/// text alone, `["text/plain", "text/html", "image/png"]` for one with its board picture.
pub fn part_types(raw: &[u8]) -> Vec<String> {
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    leaf_parts(&mail).iter().map(|p| p.ctype.mimetype.clone()).collect()
}

/// The decoded text of the mail's `text/plain` part (line ends as `\n`): the first one, or the
/// body of a mail of one part.
pub fn plain_text(raw: &[u8]) -> String {
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    let parts = leaf_parts(&mail);
    let part = parts.iter().find(|p| p.ctype.mimetype == "text/plain").expect("a text/plain part");
    part.get_body().expect("a decodable text").replace("\r\n", "\n")
}

/// The decoded HTML part, if the mail has one.
pub fn html(raw: &[u8]) -> Option<String> {
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    let parts = leaf_parts(&mail);
    parts.iter().find(|p| p.ctype.mimetype == "text/html").map(|p| p.get_body().expect("a decodable HTML part"))
}

/// The pictures the mail carries: Content-ID (without angle brackets) and bytes.
pub fn images(raw: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    leaf_parts(&mail)
        .into_iter()
        .filter(|p| p.ctype.mimetype.starts_with("image/"))
        .map(|p| {
            let id = p.headers.get_first_value("Content-ID").unwrap_or_default();
            (id.trim().trim_start_matches('<').trim_end_matches('>').to_string(), p.get_body_raw().expect("decodable"))
        })
        .collect()
}

/// Everything the mail shows a reader at once, however it is encoded: its header block as
/// sent, then each part's headers and decoded text (HTML with its character references read); a picture as its type, size and a digest
/// (its first 16 bytes as a decimal number: no letters, which `hashes::mask_hashes` leaves
/// alone), since its base64 or hex letters would read as words ("Nf3", "e6") to a test that
/// looks for one, while two different pictures still differ here.
pub fn readable(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or_default().to_string();
    let mail = mailparse::parse_mail(raw).expect("a parseable mail");
    let mut out = format!("{head}\n");
    for part in leaf_parts(&mail) {
        if part.subparts.is_empty() && !std::ptr::eq(part, &mail) {
            for h in &part.headers {
                out.push_str(&format!("{}: {}\n", h.get_key(), h.get_value()));
            }
        }
        if part.ctype.mimetype == "text/html" {
            // As a reader sees it: character references read as the characters they stand for.
            let html = part.get_body().expect("a decodable HTML part").replace("\r\n", "\n");
            let read = html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'");
            out.push_str(&read.replace("&amp;", "&"));
        } else if part.ctype.mimetype.starts_with("text/") {
            out.push_str(&part.get_body().expect("a decodable text").replace("\r\n", "\n"));
        } else {
            let bytes = part.get_body_raw().expect("a decodable part");
            let digest = Sha256::digest(&bytes);
            let number = u128::from_be_bytes(digest[..16].try_into().unwrap());
            out.push_str(&format!("[{}: {} bytes, sha256 {number}…]", part.ctype.mimetype, bytes.len()));
        }
        out.push('\n');
    }
    out
}

/// An opened secret as a mail's text shows it: `LABEL = VALUE, nonce N` (on one line where it
/// fits; else under `LABEL =` the value and the nonce, or the nonce alone, on lines indented
/// two spaces more), the hash on the line under it, then the check command, on lines that end
/// with ` \` but the last (`... | sha256sum`), which a shell reads as one command. `(the
/// opening read as one line, the hash, the command's lines joined by newlines)`; `None` if
/// `label` is not opened in `text`.
pub fn opening(text: &str, label: &str) -> Option<(String, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let head = format!("{label} =");
    for (at, first) in lines.iter().enumerate() {
        let trimmed = first.trim();
        if trimmed != head && !trimmed.starts_with(&format!("{head} ")) {
            continue;
        }
        // The lines it goes on in: two spaces further in.
        let more = (at + 1..lines.len()).take_while(|&i| indent(lines[i]) == indent(first) + 2).count();
        let opened = lines[at..=at + more].iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
        if !opened.contains(", nonce ") {
            continue;
        }
        let hash = lines.get(at + more + 1)?.trim().to_string();
        let end = (at + more + 2..lines.len()).find(|&i| lines[i].trim_end().ends_with("| sha256sum"))?;
        return Some((opened, hash, lines[at + more + 2..=end].join("\n")));
    }
    None
}

/// A check command of [`opening`] as a shell reads it: its lines, each but the last ending
/// with ` \`, as one line.
pub fn one_command(lines: &str) -> String {
    lines.lines().map(|l| l.trim()).map(|l| l.strip_suffix(" \\").unwrap_or(l)).collect::<Vec<_>>().join(" ")
}

/// The hash of the secret `label` that the move a mail tells of decided: under the paragraph
/// "The move ... decided ...", the label on a line of its own and the hash on the next.
pub fn new_commitment(text: &str, label: &str) -> Option<String> {
    let lines: Vec<&str> =
        text.lines().skip_while(|l| !(l.starts_with("The move ") && l.contains(" decided "))).collect();
    let at = lines.iter().position(|l| l.starts_with("    ") && l.trim() == label)?;
    let hash = lines.get(at + 1)?.trim();
    (hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hash.to_string())
}

/// How the mail's list of the game's commitments (under "Commitments") shows `label`: its
/// entry (`white.stone1, made with 19. S@e4,f5: sealed`, read as one line if it wrapped) and
/// the hash on the line under it, further in.
pub fn listed_commitment(text: &str, label: &str) -> Option<(String, String)> {
    let lines = text.lines().skip_while(|l| !l.starts_with("Commitments")).skip(1);
    let mut entry: Vec<&str> = Vec::new();
    for line in lines {
        if !line.starts_with("    ") {
            return None;
        }
        let item = line.trim();
        if entry.is_empty() {
            if !line.starts_with("        ")
                && (item.starts_with(&format!("{label}:")) || item.starts_with(&format!("{label},")))
            {
                entry.push(item);
            }
        } else if line.starts_with("        ") {
            return Some((entry.join(" "), item.to_string()));
        } else {
            entry.push(item);
        }
    }
    None
}

/// The moves a mail's text lists under "Your legal moves:" (on indented lines under it, as
/// many as the list takes); `None` if it lists none.
pub fn legal_moves(text: &str) -> Option<Vec<String>> {
    let mut lines = text.lines().skip_while(|l| *l != "Your legal moves:");
    lines.next()?;
    let list: Vec<&str> = lines.take_while(|l| l.starts_with("    ")).collect();
    Some(list.join(" ").split(',').map(|m| m.trim().to_string()).filter(|m| !m.is_empty()).collect())
}

/// The lines of a mail's text that list its legal moves: the heading and the list under it.
pub fn is_legal_moves_line(text: &str, line: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = lines.iter().position(|l| *l == "Your legal moves:") else { return false };
    line == "Your legal moves:" || lines[at + 1..].iter().take_while(|l| l.starts_with("    ")).any(|l| *l == line)
}

/// The head of the move log a mail's text shows, on the line under "Move log: ... head:".
pub fn chain_head(text: &str) -> Option<String> {
    let mut lines = text.lines().skip_while(|l| !l.starts_with("Move log: "));
    lines.next()?;
    Some(lines.next()?.trim().to_string())
}

/// A mail's text as its wrapped paragraphs read: its words with one space between them, so
/// that a phrase a paragraph broke over lines is found whole.
pub fn unwrapped(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Asserts that a mail's text says `expected`, read as its paragraphs read ([`unwrapped`]): the
/// words in order, wherever the mail's 78-column wrapping broke their lines.
#[track_caller]
pub fn says(text: &str, expected: &str) {
    assert!(unwrapped(text).contains(&unwrapped(expected)), "expected {expected:?} in:\n{text}");
}

/// Asserts that a mail's text never says `unexpected`, on one line or wrapped over several.
#[track_caller]
pub fn never_says(text: &str, unexpected: &str) {
    assert!(!unwrapped(text).contains(&unwrapped(unexpected)), "did not expect {unexpected:?} in:\n{text}");
}
