//! Turning one raw inbound e-mail into what the referee needs.
//!
//! [`read_mail`] takes the bytes exactly as the mail server delivered them
//! (an mbox/maildir message, or what an MTA pipes to us) and returns an
//! [`IncomingMail`]: who sent it, which thread it belongs to, whether it
//! must never be answered (auto-replies, bounces, list traffic), and the
//! player's own new text with quotes and signatures removed — the place where
//! their move is written.
//!
//! The pipeline, in order:
//!
//! 1. **Size cap** before anything else: `mailparse` has no limits of its
//!    own, so [`ReadLimits::max_bytes`] is what bounds every allocation below
//!    (each one is linear in the input, see the notes on the helpers). A
//!    refused mail can still be answered: [`read_headers`] reads just its
//!    header block.
//! 2. **Headers**: Message-ID, From, Return-Path, recipients, Subject,
//!    threading headers, Date, each tolerant of sloppy clients and capped in
//!    length and count.
//! 3. **Automatic mail** per RFC 3834, see [`AutomaticReason`].
//! 4. **Body part**: see [`read_mail`] for which MIME part is chosen and how
//!    its charset is decided.
//! 5. **Reply stripping**: see [`strip_quoted_text`].
//! 6. **Body cap**: [`ReadLimits::max_body_chars`].

use std::fmt;

use mailparse::{DispositionType, MailAddr, MailHeader, MailHeaderMap, ParsedMail};
use sha2::{Digest, Sha256};

/// Longest header-derived text we keep (subject, date, display name).
/// RFC 5322 §2.1.1 caps a line at 998 characters; a value longer than that is
/// not something a mail client composed, and keeping it whole would let one
/// header dictate how much memory every later stage holds on to.
const MAX_TEXT_CHARS: usize = 998;
/// Longest message-id we accept; same reasoning as [`MAX_TEXT_CHARS`].
const MAX_MSG_ID_BYTES: usize = 998;
/// Longest address we accept: RFC 5321 §4.5.3.1 allows 64 octets of local
/// part and 255 of domain.
const MAX_ADDR_BYTES: usize = 64 + 1 + 255;
/// Most entries kept in a recipient list or in `references`. A real reply
/// chain or recipient list is far shorter; the cap keeps a hostile header
/// from turning into thousands of strings.
const MAX_LIST_ENTRIES: usize = 100;
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

/// How much of a mail [`read_mail`] is willing to look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadLimits {
    /// Largest raw mail accepted, in bytes; larger ones are
    /// [`ReadError::TooLarge`]. A move plus a quoted board fits in a few KiB;
    /// the default (256 KiB) leaves room for HTML clients and small inline
    /// images while keeping parsing cheap.
    pub max_bytes: usize,
    /// Most characters of the stripped body kept in [`IncomingMail::body`]
    /// (default 16 KiB). Anything longer is cut and
    /// [`IncomingMail::body_truncated`] is set.
    pub max_body_chars: usize,
}

impl ReadLimits {
    /// Default for [`ReadLimits::max_bytes`]: 256 KiB.
    pub const DEFAULT_MAX_BYTES: usize = 256 * 1024;
    /// Default for [`ReadLimits::max_body_chars`]: 16 Ki characters.
    pub const DEFAULT_MAX_BODY_CHARS: usize = 16 * 1024;
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits { max_bytes: Self::DEFAULT_MAX_BYTES, max_body_chars: Self::DEFAULT_MAX_BODY_CHARS }
    }
}

/// One mailbox: an address and its optional display name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// `local@domain`, with the domain lowercased (domains are
    /// case-insensitive) and the local part kept as sent (RFC 5321 §2.4 lets
    /// the receiving server treat it case-sensitively). A From without any
    /// `@`, such as a bare `MAILER-DAEMON`, is kept as it is.
    pub addr: String,
    /// The display name, decoded from RFC 2047 if needed; `None` when absent
    /// or blank.
    pub name: Option<String>,
}

/// Why a mail must never be answered.
///
/// RFC 3834 §2 asks automatic responders not to answer automatic mail, and
/// the referee is one: answering a vacation notice or a bounce is how two
/// robots end up mailing each other forever. The rules are checked in the
/// order of the variants below and the first match is reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AutomaticReason {
    /// `Auto-Submitted` with any value other than `no` (RFC 3834 §5: only
    /// `no` marks a mail written by a person). An empty field counts as
    /// automatic too: staying silent once is cheaper than a mail loop. Holds
    /// the keyword, lowercased.
    AutoSubmitted(String),
    /// `X-Autoreply` or `X-Autorespond` present with a value other than `no`:
    /// the non-standard marks that several vacation programs set instead of
    /// `Auto-Submitted`. Holds the field name.
    AutoreplyHeader(String),
    /// `Precedence: bulk`, `junk` or `list` (RFC 3834 §2 names these as
    /// grounds to stay silent), and `auto_reply`, which some autoresponders
    /// set. Holds the keyword, lowercased.
    Precedence(String),
    /// `Return-Path: <>`: the null reverse-path that delivery notifications
    /// are sent with (RFC 5321 §4.5.5); there is nobody to answer.
    NullReturnPath,
    /// A `multipart/report` (RFC 6522: bounces, read receipts, abuse reports)
    /// or `message/delivery-status` (RFC 3464) part anywhere in the mail.
    /// Holds that MIME type.
    Report(String),
    /// `List-Id` (RFC 2919) or `List-Unsubscribe` (RFC 2369): the mail came
    /// through a mailing list, and a reply would go to the whole list. Holds
    /// the field name.
    MailingList(String),
    /// The From or Return-Path mailbox is `MAILER-DAEMON` or `postmaster`
    /// (any case, any domain): mail systems, not players. Holds the address.
    SystemSender(String),
}

/// What the referee needs from one inbound mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingMail {
    /// The Message-ID without angle brackets, if the mail has a usable one.
    pub message_id: Option<String>,
    /// Key for "have I already handled this mail?": `mid:<message-id>`, or
    /// `sha256:<lowercase hex of the raw bytes>` when there is no Message-ID.
    /// The hash is of the exact bytes, so the same delivery read twice gives
    /// the same key.
    pub dedupe_key: String,
    /// The first mailbox of the first From field.
    pub from: Option<Address>,
    /// The envelope sender recorded by the delivering server (first
    /// Return-Path field), without angle brackets and with the domain
    /// lowercased; `Some("")` for `<>`, which is a bounce.
    pub return_path: Option<String>,
    /// Envelope recipients recorded by the delivering server (Delivered-To,
    /// X-Original-To), lowercased, deduplicated, in order. These name the
    /// game address even when the player put it in Bcc.
    pub delivered_to: Vec<String>,
    /// Recipients written in To and Cc, lowercased, deduplicated, in order.
    pub to: Vec<String>,
    /// The Subject, RFC 2047 encoded-words decoded, trimmed; empty if none.
    pub subject: String,
    /// The first message-id of In-Reply-To, without angle brackets.
    pub in_reply_to: Option<String>,
    /// The message-ids of References, oldest first, without angle brackets;
    /// when there are too many, the newest ones are kept.
    pub references: Vec<String>,
    /// The Date field as written (not parsed: the referee should trust its
    /// own clock, not the sender's).
    pub date: Option<String>,
    /// `Some` when this mail must never be answered; see [`AutomaticReason`].
    pub automatic: Option<AutomaticReason>,
    /// The sender's own new text: decoded, quotes and signature stripped
    /// ([`strip_quoted_text`]), line ends as `\n`, trimmed.
    pub body: String,
    /// Whether `body` was cut at [`ReadLimits::max_body_chars`].
    pub body_truncated: bool,
}

impl IncomingMail {
    /// Whether this mail must never be answered (see [`AutomaticReason`]).
    pub fn is_automatic(&self) -> bool {
        self.automatic.is_some()
    }
}

/// Why a mail could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The raw mail is larger than [`ReadLimits::max_bytes`]; nothing of it
    /// was parsed. To answer it, read its header block with
    /// [`read_headers`], which also tells whether it must not be answered.
    TooLarge {
        /// Size of the raw mail in bytes.
        size: usize,
        /// The limit it exceeded.
        limit: usize,
    },
    /// The bytes are not a mail: no header fields, or a header block the
    /// parser rejects. Holds the parser's explanation.
    Malformed(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::TooLarge { size, limit } => {
                write!(f, "mail is {size} bytes, more than the {limit} accepted")
            }
            ReadError::Malformed(why) => write!(f, "malformed mail: {why}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads one raw mail.
///
/// The body is taken from one MIME part, chosen by walking the tree in
/// document order and skipping parts marked `Content-Disposition: attachment`:
/// the first `text/plain` part with any non-blank text wins; failing that,
/// the first `text/html` part, rendered to text (blockquotes become `> `
/// lines so they are stripped like plain-text quotes). Quoted-printable and
/// base64 are undone. A declared charset is decoded by `mailparse` (through
/// the WHATWG encoding tables). A part with no charset, or one declaring
/// `us-ascii` or an unknown-8bit label, is read as UTF-8 when its bytes are
/// valid UTF-8 and as Latin-1 otherwise: clients that forget the charset
/// almost always send UTF-8 today, ASCII is a subset of it, and valid UTF-8 is
/// vanishingly unlikely by chance. `format=flowed` text (RFC 3676) is
/// unwrapped first, so a long line the client soft-broke reads as one.
///
/// # Errors
///
/// [`ReadError::TooLarge`] when `raw` exceeds `limits.max_bytes`, checked
/// before any parsing; [`ReadError::Malformed`] when the header block cannot
/// be parsed or is empty. Never panics.
pub fn read_mail(raw: &[u8], limits: &ReadLimits) -> Result<IncomingMail, ReadError> {
    if raw.len() > limits.max_bytes {
        return Err(ReadError::TooLarge { size: raw.len(), limit: limits.max_bytes });
    }
    let parsed = mailparse::parse_mail(raw).map_err(|e| ReadError::Malformed(e.to_string()))?;
    let walk = walk_parts(&parsed);
    let mut mail = from_headers(&parsed.headers, raw, walk.report)?;
    let text = walk.body_text().unwrap_or_default();
    let (body, truncated) = truncate_chars(strip_quoted_text(&text), limits.max_body_chars);
    // The cut may land after a space or newline; the body stays trimmed.
    mail.body = body.trim_end().to_owned();
    mail.body_truncated = truncated;
    Ok(mail)
}

/// Reads only the header block, for answering a mail that [`read_mail`]
/// refused as [`ReadError::TooLarge`]: the answer needs the sender and the
/// thread, and must not go out at all if the mail is automatic (a large
/// list digest, say). Only the first `limits.max_bytes` bytes are parsed, so
/// the work stays bounded; the body is left empty. Automatic-mail detection
/// sees the top-level Content-Type only.
///
/// # Errors
///
/// [`ReadError::Malformed`] when that header block cannot be parsed or is
/// empty. Never panics.
pub fn read_headers(raw: &[u8], limits: &ReadLimits) -> Result<IncomingMail, ReadError> {
    let head = &raw[..raw.len().min(limits.max_bytes)];
    let (headers, _) = mailparse::parse_headers(head).map_err(|e| ReadError::Malformed(e.to_string()))?;
    let report =
        headers.get_first_value("Content-Type").and_then(|v| report_type(&mailparse::parse_content_type(&v).mimetype));
    from_headers(&headers, raw, report)
}

/// Everything but the body; `report` is what the MIME walk found.
fn from_headers(
    headers: &[MailHeader<'_>],
    raw: &[u8],
    report: Option<&'static str>,
) -> Result<IncomingMail, ReadError> {
    if headers.is_empty() {
        return Err(ReadError::Malformed("no header fields".to_owned()));
    }
    let message_id = headers.get_first_value("Message-ID").and_then(|v| message_ids(&v).into_iter().next());
    let dedupe_key = match &message_id {
        Some(id) => format!("mid:{id}"),
        None => format!("sha256:{}", sha256_hex(raw)),
    };
    let from = headers.get_first_header("From").and_then(first_mailbox);
    let return_path = headers.get_first_value("Return-Path").and_then(|v| parse_return_path(&v));
    let mut references = headers.get_first_value("References").map(|v| message_ids(&v)).unwrap_or_default();
    if references.len() > MAX_LIST_ENTRIES {
        // The newest ancestors are at the end and matter most for threading.
        references.drain(..references.len() - MAX_LIST_ENTRIES);
    }
    let automatic = automatic_reason(headers, from.as_ref(), return_path.as_deref(), report);
    Ok(IncomingMail {
        message_id,
        dedupe_key,
        from,
        return_path,
        delivered_to: recipients(headers, &["Delivered-To", "X-Original-To"]),
        to: recipients(headers, &["To", "Cc"]),
        subject: headers.get_first_value("Subject").map(|s| cap_chars(s.trim())).unwrap_or_default(),
        in_reply_to: headers.get_first_value("In-Reply-To").and_then(|v| message_ids(&v).into_iter().next()),
        references,
        date: headers.get_first_value("Date").map(|d| cap_chars(d.trim())).filter(|d| !d.is_empty()),
        automatic,
        body: String::new(),
        body_truncated: false,
    })
}

// ---------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------

/// Lowercase hex SHA-256 of `raw`.
fn sha256_hex(raw: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(64);
    for byte in Sha256::digest(raw) {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    out
}

/// The message-ids in a Message-ID / In-Reply-To / References value, without
/// angle brackets. More tolerant than `mailparse::msgidparse`, which rejects
/// the whole field at the first comment or phrase: real In-Reply-To fields
/// carry things like `<id@host> (Alice's message of ...)`. Without any `<`,
/// whitespace-separated tokens containing `@` are taken as bare ids.
fn message_ids(value: &str) -> Vec<String> {
    let usable = |id: &str| !id.is_empty() && id.len() <= MAX_MSG_ID_BYTES && !id.chars().any(char::is_control);
    let mut ids = Vec::new();
    if value.contains('<') {
        let mut rest = value;
        while let Some(start) = rest.find('<') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('>') else { break };
            let id = after[..end].trim();
            if usable(id) {
                ids.push(id.to_owned());
            }
            rest = &after[end + 1..];
        }
    } else {
        ids.extend(value.split_whitespace().filter(|t| t.contains('@') && usable(t)).map(str::to_owned));
    }
    ids
}

/// An address as we store it: trimmed, domain lowercased, local part kept;
/// `None` for empty, over-long or visibly broken addresses.
fn normalize_addr(addr: &str) -> Option<String> {
    let addr = addr.trim();
    if addr.is_empty() || addr.len() > MAX_ADDR_BYTES || addr.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return None;
    }
    Some(match addr.rsplit_once('@') {
        Some((local, domain)) => format!("{local}@{}", domain.to_lowercase()),
        None => addr.to_owned(),
    })
}

/// `(display name, address)` pairs of an address header. Falls back to a
/// plain scan when `mailparse` rejects the field (it refuses, for example, a
/// bare `MAILER-DAEMON` without `@`), so a sloppy From still has a sender.
fn header_mailboxes(header: &MailHeader<'_>) -> Vec<(Option<String>, String)> {
    if let Ok(list) = mailparse::addrparse_header(header) {
        let mut out = Vec::new();
        for entry in list.iter() {
            match entry {
                MailAddr::Single(s) => out.push((s.display_name.clone(), s.addr.clone())),
                MailAddr::Group(g) => out.extend(g.addrs.iter().map(|s| (s.display_name.clone(), s.addr.clone()))),
            }
        }
        return out;
    }
    header
        .get_value()
        .split(',')
        .filter_map(|piece| {
            let piece = piece.trim();
            match (piece.find('<'), piece.rfind('>')) {
                (Some(open), Some(close)) if open < close => {
                    let name = piece[..open].trim().trim_matches('"').trim();
                    let name = (!name.is_empty()).then(|| name.to_owned());
                    Some((name, piece[open + 1..close].to_owned()))
                }
                _ => piece.split_whitespace().next().map(|token| (None, token.to_owned())),
            }
        })
        .collect()
}

/// The first usable mailbox of a From field.
fn first_mailbox(header: &MailHeader<'_>) -> Option<Address> {
    header_mailboxes(header).into_iter().find_map(|(name, addr)| {
        Some(Address {
            addr: normalize_addr(&addr)?,
            name: name.map(|n| cap_chars(n.trim())).filter(|n| !n.is_empty()),
        })
    })
}

/// Lowercased, deduplicated addresses from every field named in `names`,
/// at most [`MAX_LIST_ENTRIES`]. Lowercased whole (unlike [`Address::addr`])
/// because these are compared with the club's own game addresses, which the
/// club's server treats case-insensitively.
fn recipients(headers: &[MailHeader<'_>], names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for header in headers {
        let key = header.get_key_ref();
        if !names.iter().any(|n| key.trim().eq_ignore_ascii_case(n)) {
            continue;
        }
        for (_, addr) in header_mailboxes(header) {
            if out.len() >= MAX_LIST_ENTRIES {
                return out;
            }
            // Without a domain it cannot be one of the club's addresses
            // (and is likely a group name like `undisclosed-recipients:;`).
            if let Some(addr) = normalize_addr(&addr).map(|a| a.to_lowercase())
                && addr.contains('@')
                && !out.contains(&addr)
            {
                out.push(addr);
            }
        }
    }
    out
}

/// The address inside a Return-Path value; `Some("")` for `<>`.
fn parse_return_path(value: &str) -> Option<String> {
    let value = value.trim();
    let inner = match (value.find('<'), value.rfind('>')) {
        (Some(open), Some(close)) if open < close => value[open + 1..close].trim(),
        _ => value,
    };
    if inner.is_empty() {
        return Some(String::new());
    }
    normalize_addr(inner)
}

/// The first keyword of a structured header value, lowercased: what comes
/// before any `;` parameter, `(` comment or whitespace. Capped, since it ends
/// up inside an [`AutomaticReason`].
fn first_token(value: &str) -> String {
    let token = value.trim().split(|c: char| c == ';' || c == '(' || c.is_whitespace()).next().unwrap_or("");
    token.chars().take(64).collect::<String>().to_lowercase()
}

/// Applies the rules documented on [`AutomaticReason`], in that order.
fn automatic_reason(
    headers: &[MailHeader<'_>],
    from: Option<&Address>,
    return_path: Option<&str>,
    report: Option<&str>,
) -> Option<AutomaticReason> {
    for value in headers.get_all_values("Auto-Submitted") {
        let keyword = first_token(&value);
        if keyword != "no" {
            return Some(AutomaticReason::AutoSubmitted(keyword));
        }
    }
    for name in ["X-Autoreply", "X-Autorespond"] {
        if headers.get_all_values(name).iter().any(|v| first_token(v) != "no") {
            return Some(AutomaticReason::AutoreplyHeader(name.to_owned()));
        }
    }
    for value in headers.get_all_values("Precedence") {
        let keyword = first_token(&value);
        if matches!(keyword.as_str(), "bulk" | "junk" | "list" | "auto_reply") {
            return Some(AutomaticReason::Precedence(keyword));
        }
    }
    if return_path == Some("") {
        return Some(AutomaticReason::NullReturnPath);
    }
    if let Some(mime) = report {
        return Some(AutomaticReason::Report(mime.to_owned()));
    }
    for name in ["List-Id", "List-Unsubscribe"] {
        if headers.get_first_header(name).is_some() {
            return Some(AutomaticReason::MailingList(name.to_owned()));
        }
    }
    let is_system = |addr: &str| {
        let local = addr.rsplit_once('@').map_or(addr, |(local, _)| local);
        local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster")
    };
    from.map(|a| a.addr.as_str())
        .into_iter()
        .chain(return_path)
        .find(|addr| is_system(addr))
        .map(|addr| AutomaticReason::SystemSender(addr.to_owned()))
}

// ---------------------------------------------------------------------------
// Body: choosing and decoding a part
// ---------------------------------------------------------------------------

/// What one pass over the MIME tree found.
struct PartWalk<'m, 'a> {
    /// Non-attachment `text/plain` parts, in document order.
    plain: Vec<&'m ParsedMail<'a>>,
    /// Non-attachment `text/html` parts, in document order.
    html: Vec<&'m ParsedMail<'a>>,
    /// The first report-ish MIME type seen, for [`AutomaticReason::Report`].
    report: Option<&'static str>,
}

impl PartWalk<'_, '_> {
    /// The decoded text of the preferred part: plain first, then HTML. A part
    /// that fails to decode (broken base64) or is blank is skipped rather than
    /// ending the search, so a client's empty text/plain alternative does not
    /// hide its HTML.
    fn body_text(&self) -> Option<String> {
        let usable = |text: String| (!text.trim().is_empty()).then_some(text);
        self.plain.iter().find_map(|part| plain_text(part).and_then(usable)).or_else(|| {
            self.html.iter().find_map(|part| {
                let html = part_text(part)?;
                html_to_text(&html).map(|t| normalize_newlines(&t)).and_then(usable)
            })
        })
    }
}

/// Walks the tree depth-first in document order with an explicit stack
/// (no recursion on input-controlled depth), looking at most at
/// [`MAX_PARTS`] parts.
fn walk_parts<'m, 'a>(root: &'m ParsedMail<'a>) -> PartWalk<'m, 'a> {
    let mut walk = PartWalk { plain: Vec::new(), html: Vec::new(), report: None };
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
            _ => {}
        }
        stack.extend(part.subparts.iter().rev());
    }
    walk
}

/// The MIME types that mark a report ([`AutomaticReason::Report`]).
fn report_type(mime: &str) -> Option<&'static str> {
    match mime {
        "multipart/report" => Some("multipart/report"),
        "message/delivery-status" => Some("message/delivery-status"),
        _ => None,
    }
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

/// A text/plain part as text with `\n` line ends, unwrapped if flowed.
fn plain_text(part: &ParsedMail<'_>) -> Option<String> {
    let text = normalize_newlines(&part_text(part)?);
    let param_is =
        |name: &str, value: &str| part.ctype.params.get(name).is_some_and(|v| v.trim().eq_ignore_ascii_case(value));
    Some(if param_is("format", "flowed") { unflow(&text, param_is("delsp", "yes")) } else { text })
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

/// CRLF and lone CR become LF; a leading byte-order mark goes.
fn normalize_newlines(text: &str) -> String {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    text.replace("\r\n", "\n").replace('\r', "\n")
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
/// long document is rendered ([`MAX_HTML_BYTES`]). A panic inside the
/// third-party renderer is caught: one odd HTML mail must not take the daemon
/// down. (Under the fuzzer, libfuzzer's panic hook aborts first, so such a
/// panic is still reported there.)
fn html_to_text(html: &str) -> Option<String> {
    let html = bounded_html(html);
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
/// [`MAX_HTML_TAGS`]+1-th start tag (`<` followed by a letter).
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

// ---------------------------------------------------------------------------
// Reply stripping
// ---------------------------------------------------------------------------

/// Reduces a reply to the sender's own new lines.
///
/// Lines are read top to bottom; trailing whitespace is ignored when
/// matching. The rules:
///
/// * **Quoted lines** — first non-blank character `>` — are dropped, and
///   reading goes on: the sender's text may stand above the quote
///   (top-posting) or below and between quoted blocks (bottom-posting).
/// * **Attribution lines** introduce a quote: `On ... wrote:`, `Am ...
///   schrieb ...:`, `Le ... a écrit :`, `El ... escribió:`, `Op ... schreef
///   ...:` and `Il ... ha scritto:`, on one line or wrapped over up to three.
///   If quoted lines follow (after at most two blank lines) only the
///   attribution is dropped and the quote rule handles the rest; if not, the
///   client pasted the original unquoted and everything from here on is
///   dropped. A wrapped attribution counts only when quoted lines follow,
///   so that a player's sentence starting with "On" is not mistaken for one.
/// * **Separators** end the reply — everything from them on is the original:
///   `-----Original Message-----` (and its German, French and Spanish
///   forms), `---------- Forwarded message ---------` and other dash-framed
///   forward markers, `Begin forwarded message:`, and a line of 20 or more
///   underscores (Outlook's rule above its header block).
/// * **Outlook's header block** ends the reply: a `From:` line (or `Von:`,
///   `De:`, `Da:`, `Van:`) followed within three lines by `Sent:` (or
///   `Date:`, `Gesendet:`, `Datum:`, `Envoyé:`, `Enviado:`, `Inviato:`,
///   `Verzonden:`). A horizontal rule just above it goes too.
/// * **Signature**: a line that is exactly `-- ` (RFC 3676 §4.3), or `--`
///   after a client stripped the trailing space, ends the reply.
/// * A last line `Sent from my ...` or `Get Outlook for ...` (mobile
///   clients' footer) is dropped.
///
/// The result has runs of blank lines collapsed to one, trailing whitespace
/// removed from each line, and is trimmed.
pub fn strip_quoted_text(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_quoted(line) {
            i += 1;
            continue;
        }
        if line == "--" || is_separator(line) {
            break;
        }
        if starts_header_block(&lines, i) {
            while kept.last().is_some_and(|l| is_rule(l) || l.trim().is_empty()) {
                kept.pop();
            }
            break;
        }
        if let Some(n) = attribution_len(&lines, i) {
            if quote_follows(&lines, i + n) {
                i += n;
                continue;
            }
            break;
        }
        kept.push(line);
        i += 1;
    }
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    if kept.last().is_some_and(|l| {
        let l = l.trim();
        l.chars().count() < 80 && (l.starts_with("Sent from my ") || l.starts_with("Get Outlook for "))
    }) {
        kept.pop();
    }

    let mut out = String::new();
    let mut blank_run = false;
    for line in kept {
        if line.trim().is_empty() {
            blank_run = !out.is_empty();
            continue;
        }
        if blank_run {
            out.push('\n');
            blank_run = false;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    // Blank lines are gone from both ends; leading spaces of the first line
    // carry no meaning either.
    out.trim_start().to_owned()
}

/// A quoted line: first non-blank character is `>`.
fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// A line drawn with one repeated rule character (`_`, `-`, `=`, `─`), as
/// html2text renders `<hr>` and as clients put above a quoted header block.
fn is_rule(line: &str) -> bool {
    let line = line.trim();
    line.chars().count() >= 5 && line.chars().all(|c| matches!(c, '_' | '-' | '=' | '─'))
}

/// See the separator rule of [`strip_quoted_text`].
fn is_separator(line: &str) -> bool {
    let line = line.trim();
    if line.len() >= 20 && line.bytes().all(|b| b == b'_') {
        return true;
    }
    if line.eq_ignore_ascii_case("Begin forwarded message:") {
        return true;
    }
    let inner = line.trim_start_matches('-');
    if line.len() - inner.len() < 3 {
        return false;
    }
    let trimmed = inner.trim_end_matches('-');
    if inner.len() - trimmed.len() < 3 {
        return false;
    }
    let marker = trimmed.trim().to_lowercase();
    [
        "original message",
        "ursprüngliche nachricht",
        "message d'origine",
        "mensaje original",
        "forwarded message",
        "weitergeleitete nachricht",
        "message transféré",
        "mensaje reenviado",
    ]
    .contains(&marker.as_str())
}

/// Whether `line` starts with one of `labels` followed by an optional space
/// and a colon, ignoring ASCII case.
fn has_label(line: &str, labels: &[&str]) -> bool {
    let line = line.trim_start();
    labels.iter().any(|label| {
        line.get(..label.len()).is_some_and(|head| head.eq_ignore_ascii_case(label))
            && line[label.len()..].trim_start_matches(' ').starts_with(':')
    })
}

/// See the Outlook header-block rule of [`strip_quoted_text`].
fn starts_header_block(lines: &[&str], i: usize) -> bool {
    const FROM: &[&str] = &["From", "Von", "De", "Da", "Van"];
    const SENT: &[&str] = &["Sent", "Date", "Gesendet", "Datum", "Envoyé", "Enviado", "Inviato", "Verzonden"];
    has_label(lines[i], FROM) && lines[i + 1..].iter().take(3).any(|l| has_label(l, SENT))
}

/// Whether `text` (one line, or wrapped lines joined by spaces) is an
/// attribution line; see [`strip_quoted_text`].
fn is_attribution(text: &str) -> bool {
    // French typography puts a (narrow) no-break space before the colon.
    let text = text.replace(['\u{00A0}', '\u{202F}'], " ");
    let t = text.trim();
    (t.starts_with("On ") && t.ends_with(" wrote:"))
        || (t.starts_with("Am ") && t.ends_with(':') && t.contains(" schrieb"))
        || (t.starts_with("Le ") && (t.ends_with(" a écrit :") || t.ends_with(" a écrit:")))
        || (t.starts_with("El ") && t.ends_with(" escribió:"))
        || (t.starts_with("Op ") && t.ends_with(':') && t.contains(" schreef"))
        || (t.starts_with("Il ") && t.ends_with(" ha scritto:"))
}

/// How many lines (1 to 3) the attribution starting at line `i` spans.
fn attribution_len(lines: &[&str], i: usize) -> Option<usize> {
    let first = lines[i].trim();
    if !["On ", "Am ", "Le ", "El ", "Op ", "Il "].iter().any(|p| first.starts_with(p)) {
        return None;
    }
    let mut joined = first.to_owned();
    for n in 1..=3 {
        if n > 1 {
            let next = lines.get(i + n - 1)?.trim();
            if next.is_empty() || is_quoted(next) {
                return None;
            }
            joined.push(' ');
            joined.push_str(next);
        }
        if is_attribution(&joined) && (n == 1 || quote_follows(lines, i + n)) {
            return Some(n);
        }
    }
    None
}

/// Whether a quoted line comes at `lines[i]`, after at most two blank lines.
fn quote_follows(lines: &[&str], i: usize) -> bool {
    lines.iter().skip(i).take(3).find(|l| !l.trim().is_empty()).is_some_and(|l| is_quoted(l))
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/// At most [`MAX_TEXT_CHARS`] characters of `s`.
fn cap_chars(s: &str) -> String {
    truncate_chars(s.to_owned(), MAX_TEXT_CHARS).0
}

/// `s` cut to at most `max` characters, and whether anything was cut.
fn truncate_chars(mut s: String, max: usize) -> (String, bool) {
    match s.char_indices().nth(max) {
        Some((byte, _)) => {
            s.truncate(byte);
            (s, true)
        }
        None => (s, false),
    }
}
