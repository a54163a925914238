//! The body of a mail: which MIME part holds the sender's text, and that text decoded as its
//! writer sees it. When no part gives text, [`PartWalk::text`] says why, in terms the sender
//! can act on ([`NoText`]).

use std::borrow::Cow;

use mailparse::{DispositionType, MailParseError, ParsedMail};

use super::NoText;
use super::automatic::report_type;

/// Most MIME parts looked at when choosing the body. A reply has a handful;
/// beyond this we are looking at an archive, not a move.
const MAX_PARTS: usize = 1000;
/// Wrap width for HTML rendering. Wide enough that an attribution line
/// ("On ..., Name <address> wrote:") usually stays on one line, narrow enough
/// that html2text's width-sized output for `<hr>` stays small.
const HTML_WIDTH: usize = 200;
/// Most bytes of an HTML part handed to the renderer, and most start tags in
/// them. html5ever's tree building is quadratic in nesting depth (scope checks
/// walk the stack of open elements): 250 KiB of `<div>` takes seconds. HTML
/// clients top-post, so the reply sits at the start; what is cut is quoted
/// history. An HTML reply's own text is a few dozen tags even from Outlook.
const MAX_HTML_BYTES: usize = 64 * 1024;
/// See [`MAX_HTML_BYTES`].
const MAX_HTML_TAGS: usize = 1000;

/// What one pass over the MIME tree found.
pub(super) struct PartWalk<'m, 'a> {
    /// Non-attachment `text/plain` parts, in document order.
    plain: Vec<&'m ParsedMail<'a>>,
    /// Non-attachment `text/html` parts, in document order.
    html: Vec<&'m ParsedMail<'a>>,
    /// A `multipart/*` part in which no part was found: its boundary is missing, or is not
    /// the one its parts are separated by.
    broken_multipart: bool,
    /// The first report-ish MIME type seen, for [`super::AutomaticReason::Report`].
    pub(super) report: Option<&'static str>,
}

impl PartWalk<'_, '_> {
    /// The decoded text of the preferred part: plain first, then HTML, as its writer sees it
    /// (see [`visible`]). A part that fails to decode (broken base64) or is blank is skipped
    /// rather than ending the search, so a client's empty text/plain alternative does not
    /// hide its HTML. When no part gives text, why, the most actionable reason first: a part
    /// that could not be decoded, HTML that could not be read, a broken MIME structure, no
    /// text part at all, or text that is only blank.
    pub(super) fn text(&self) -> Result<String, NoText> {
        let blank = |text: &str| text.trim().is_empty();
        let mut undecodable = None;
        for part in &self.plain {
            match plain_text(part) {
                Some(text) if !blank(&text) => return Ok(text),
                Some(_) => {}
                None => undecodable = undecodable.or_else(|| Some(transfer_encoding(part))),
            }
        }
        let mut unreadable_html = false;
        for part in &self.html {
            let Some(html) = part_text(part) else {
                undecodable = undecodable.or_else(|| Some(transfer_encoding(part)));
                continue;
            };
            let bounded = bounded_html(&html);
            match html_to_text(bounded).map(|t| visible(&normalize_newlines(&t))) {
                Some(text) if !blank(&text) => return Ok(text),
                // What was rendered is blank, but the renderer did not see it all: the text
                // may be in the part that was cut.
                Some(_) if bounded.len() < html.len() => unreadable_html = true,
                Some(_) => {}
                None => unreadable_html = true,
            }
        }
        Err(if let Some(encoding) = undecodable {
            NoText::Undecodable(encoding)
        } else if unreadable_html {
            NoText::UnreadableHtml
        } else if self.broken_multipart {
            NoText::BrokenStructure("its MIME boundary is missing or does not match its parts".to_string())
        } else if self.plain.is_empty() && self.html.is_empty() {
            NoText::NoTextPart
        } else {
            NoText::Blank
        })
    }
}

/// The transfer encoding a part declares, lowercased ("base64").
fn transfer_encoding(part: &ParsedMail<'_>) -> String {
    use mailparse::MailHeaderMap;
    part.headers
        .get_first_value("Content-Transfer-Encoding")
        .map(|v| v.trim().to_ascii_lowercase())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "its transfer encoding".to_string())
}

/// Walks the tree depth-first in document order with an explicit stack
/// (no recursion on input-controlled depth), looking at most at
/// [`MAX_PARTS`] parts.
pub(super) fn walk<'m, 'a>(root: &'m ParsedMail<'a>) -> PartWalk<'m, 'a> {
    let mut walk = PartWalk { plain: Vec::new(), html: Vec::new(), broken_multipart: false, report: None };
    let mut stack = vec![root];
    let mut seen = 0;
    while let Some(part) = stack.pop() {
        seen += 1;
        if seen > MAX_PARTS {
            break;
        }
        let mime = part.ctype.mimetype.as_str();
        if walk.report.is_none() {
            walk.report = report_type(mime);
        }
        if part.get_content_disposition().disposition == DispositionType::Attachment {
            continue;
        }
        match mime {
            "text/plain" => walk.plain.push(part),
            "text/html" => walk.html.push(part),
            multipart if multipart.starts_with("multipart/") && part.subparts.is_empty() => {
                walk.broken_multipart = true;
            }
            _ => {}
        }
        stack.extend(part.subparts.iter().rev());
    }
    walk
}

/// Why the MIME tree could not be parsed, in the sender's terms.
pub(super) fn structure_error(error: &MailParseError) -> String {
    let text = error.to_string();
    if text.to_ascii_lowercase().contains("recursion") {
        "its MIME parts are nested too deeply".to_string()
    } else {
        format!("its MIME structure is broken ({text})")
    }
}

/// The text of an inline PGP-signed message (RFC 4880 §7, "cleartext signature"): the lines
/// between the armor header block after `-----BEGIN PGP SIGNED MESSAGE-----` and
/// `-----BEGIN PGP SIGNATURE-----`, dash-escaping undone (`- ` before a line that began with
/// a dash), with whatever stands before and after the signed block kept. The signature is not
/// checked: the sender is verified by address and token, and the signed text is what the
/// player wrote. Text without such a block is returned as it is.
pub(super) fn signed_text(text: &str) -> Cow<'_, str> {
    const BEGIN: &str = "-----BEGIN PGP SIGNED MESSAGE-----";
    const SIGNATURE: &str = "-----BEGIN PGP SIGNATURE-----";
    const END: &str = "-----END PGP SIGNATURE-----";
    let lines: Vec<&str> = text.lines().collect();
    let Some(begin) = lines.iter().position(|l| l.trim_end() == BEGIN) else { return Cow::Borrowed(text) };
    // Armor headers ("Hash: SHA256") end at the first blank line.
    let Some(blank) = lines[begin + 1..].iter().position(|l| l.trim().is_empty()) else {
        return Cow::Borrowed(text);
    };
    let signed_start = begin + 1 + blank + 1;
    let signature = lines[signed_start..].iter().position(|l| l.trim_end() == SIGNATURE).map(|i| signed_start + i);
    let signed_end = signature.unwrap_or(lines.len());
    let after = signature
        .and_then(|s| lines[s..].iter().position(|l| l.trim_end() == END).map(|e| s + e + 1))
        .unwrap_or(lines.len());
    let mut out: Vec<&str> = lines[..begin].to_vec();
    out.extend(lines[signed_start..signed_end].iter().map(|l| l.strip_prefix("- ").unwrap_or(l)));
    out.extend(&lines[after..]);
    Cow::Owned(out.join("\n"))
}

/// Charset labels that say nothing reliable about 8-bit bytes: we read parts
/// carrying them like parts with no charset at all. Clients that declare
/// `us-ascii` over UTF-8 text exist, and for true ASCII the result is equal.
const UNDECLARED_CHARSETS: &[&str] = &["", "us-ascii", "ascii", "ansi_x3.4-1968", "unknown-8bit", "x-unknown"];

/// A text part's content as a string, transfer encoding and charset undone,
/// line ends still as sent. `None` if the transfer encoding is broken.
fn part_text(part: &ParsedMail<'_>) -> Option<String> {
    let declared = part.ctype.params.get("charset").map(|c| c.trim().to_ascii_lowercase());
    match declared {
        Some(label) if !UNDECLARED_CHARSETS.contains(&label.as_str()) => part.get_body().ok(),
        // mailparse would decode these as windows-1252 and garble UTF-8.
        _ => part.get_body_raw().ok().map(utf8_or_latin1),
    }
}

/// A text/plain part as text with `\n` line ends, unwrapped if flowed, as its writer sees it.
fn plain_text(part: &ParsedMail<'_>) -> Option<String> {
    let text = normalize_newlines(&part_text(part)?);
    let param_is =
        |name: &str, value: &str| part.ctype.params.get(name).is_some_and(|v| v.trim().eq_ignore_ascii_case(value));
    let text = if param_is("format", "flowed") { unflow(&text, param_is("delsp", "yes")) } else { text };
    Some(visible(&text))
}

/// Windows-1252's characters for bytes 0x80–0x9F. Latin-1 has only invisible
/// C1 controls there, which nobody types; Windows clients put curly quotes and
/// dashes there, which is why WHATWG (and so mailparse) reads the label
/// "iso-8859-1" as windows-1252. Unassigned slots keep their C1 code point.
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{02C6}',
    '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}', '\u{0090}', '\u{2018}',
    '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}',
    '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// Bytes of unknown charset as text: UTF-8 if they are valid UTF-8, else
/// Latin-1 (with the Windows-1252 printable characters in 0x80–0x9F).
fn utf8_or_latin1(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|err| {
        err.as_bytes()
            .iter()
            .map(|&b| match b {
                0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
                _ => char::from(b),
            })
            .collect()
    })
}

/// CRLF and lone CR become LF.
fn normalize_newlines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Characters that show nothing: byte-order marks (anywhere: concatenating tools leave them
/// mid-text), zero-width spaces, joiners and non-joiners, the word joiner, invisible operators,
/// soft hyphens, the Mongolian vowel separator. A mail client or a copy from a web page puts
/// them around a move, and a player cannot see why "Nf3" would be refused.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{FEFF}' | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{00AD}' | '\u{180E}')
}

/// Spaces that are not U+0020: no-break, figure, narrow no-break, the typographic spaces
/// U+2000–U+200A and the ideographic space of East Asian input methods.
fn is_exotic_space(c: char) -> bool {
    matches!(c, '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}')
}

/// Text as its writer sees it: invisible characters removed, exotic spaces made plain.
pub(super) fn visible(text: &str) -> String {
    text.chars().filter(|&c| !is_invisible(c)).map(|c| if is_exotic_space(c) { ' ' } else { c }).collect()
}

/// Undoes RFC 3676 `format=flowed`: a line ending in a space (other than
/// the signature separator `-- `) continues on the next line of the same
/// quote depth; space-stuffing (one leading space added by the sender) is
/// removed; with `DelSp=yes` the trailing space itself was added by the
/// sender and is dropped too. Quoted lines are written back as `> ` + text.
fn unflow(text: &str, delsp: bool) -> String {
    fn emit(out: &mut String, depth: usize, content: &str) {
        for _ in 0..depth {
            out.push('>');
        }
        if depth > 0 {
            out.push(' ');
        }
        out.push_str(content);
        out.push('\n');
    }
    let mut out = String::with_capacity(text.len());
    let mut pending: Option<(usize, String)> = None;
    for line in text.split('\n') {
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let content = &line[depth..];
        let content = content.strip_prefix(' ').unwrap_or(content);
        let flowed = content.ends_with(' ') && content != "-- ";
        let content = match content.strip_suffix(' ') {
            Some(without) if flowed && delsp => without,
            _ => content,
        };
        match &mut pending {
            Some((d, buf)) if *d == depth => buf.push_str(content),
            _ => {
                if let Some((d, buf)) = pending.take() {
                    emit(&mut out, d, &buf);
                }
                pending = Some((depth, content.to_owned()));
            }
        }
        if !flowed && let Some((d, buf)) = pending.take() {
            emit(&mut out, d, &buf);
        }
    }
    if let Some((d, buf)) = pending {
        emit(&mut out, d, &buf);
    }
    out
}

/// Renders HTML to plain text. Blockquotes come out as `> ` lines, links as
/// `[text]`; tables are read cell by cell (raw mode), since layout tables
/// would otherwise scatter a short reply across columns. Only the start of a
/// long document is rendered ([`bounded_html`]). A panic inside the
/// third-party renderer is caught: one odd HTML mail must not take the daemon
/// down. (Under the fuzzer, libfuzzer's panic hook aborts first, so such a
/// panic is still reported there.)
fn html_to_text(html: &str) -> Option<String> {
    std::panic::catch_unwind(|| {
        html2text::config::plain_no_decorate()
            .raw_mode(true)
            .allow_width_overflow()
            .string_from_read(html.as_bytes(), HTML_WIDTH)
            .ok()
    })
    .ok()
    .flatten()
}

/// The prefix of `html` within [`MAX_HTML_BYTES`] and before its
/// [`MAX_HTML_TAGS`]+1-th start tag (`<` followed by a letter): all of the
/// HTML that herald renders.
fn bounded_html(html: &str) -> &str {
    let mut end = html.len().min(MAX_HTML_BYTES);
    while !html.is_char_boundary(end) {
        end -= 1;
    }
    let mut tags = 0;
    for (i, pair) in html.as_bytes()[..end].windows(2).enumerate() {
        if pair[0] == b'<' && pair[1].is_ascii_alphabetic() {
            tags += 1;
            if tags > MAX_HTML_TAGS {
                // `<` is ASCII, so `i` is a char boundary.
                return &html[..i];
            }
        }
    }
    &html[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The renderer's work is bounded by what it is handed, counted here rather than timed:
    /// at most [`MAX_HTML_BYTES`] bytes and [`MAX_HTML_TAGS`] start tags of any HTML, however
    /// hostile, and the whole of an ordinary reply.
    #[test]
    fn the_renderer_is_handed_a_bounded_prefix() {
        let start_tags =
            |html: &str| html.as_bytes().windows(2).filter(|w| w[0] == b'<' && w[1].is_ascii_alphabetic()).count();
        for unit in ["<div>", "<blockquote>", "<ul><li>", "<table><tr><td>", "<hr>", "<b><i>", "é<p>", "<x a=1>"] {
            let hostile = unit.repeat(256 * 1024 / unit.len());
            let handed = bounded_html(&hostile);
            assert!(handed.len() <= MAX_HTML_BYTES, "{unit}: {} bytes", handed.len());
            assert!(start_tags(handed) <= MAX_HTML_TAGS, "{unit}: {} tags", start_tags(handed));
            assert!(!handed.is_empty() && hostile.starts_with(handed), "{unit}: a prefix");
        }
        let reply = "<div dir=\"ltr\">Nf3</div><blockquote>Your move</blockquote>";
        assert_eq!(bounded_html(reply), reply);
    }

    #[test]
    fn invisible_characters_go_and_odd_spaces_are_spaces() {
        assert_eq!(visible("\u{feff}N\u{00ad}f\u{200b}3\u{00a0}+\u{3000}!"), "Nf3 + !");
    }
}
