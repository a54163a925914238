//! Turning one raw inbound e-mail into what the referee needs.
//!
//! [`read_mail`] takes the bytes exactly as the mail server delivered them
//! (an mbox/maildir message, or what an MTA pipes to us) and returns an
//! [`IncomingMail`]: who sent it, which thread it belongs to, whether it
//! must never be answered (auto-replies, bounces, list traffic), and the
//! player's own new text with quotes and signatures removed — the place where
//! their move is written — or, when there is none, why ([`NoText`]).
//!
//! The pipeline, in order, one module a step:
//!
//! 1. **Size cap** before anything else: `mailparse` has no limits of its
//!    own, so [`ReadLimits::max_bytes`] is what bounds every allocation below
//!    (each one is linear in the input, see the notes on the helpers). A
//!    refused mail can still be answered: [`read_headers`] reads just its
//!    header block.
//! 2. **Headers** (`headers`): Message-ID, From, Return-Path, recipients,
//!    Subject, threading headers, Date, each tolerant of sloppy clients and
//!    capped in length and count; the delivery key that tells a second
//!    delivery of a mail from another mail.
//! 3. **Automatic mail** per RFC 3834 (`automatic`), see [`AutomaticReason`]; the
//!    `Authentication-Results` fields (`authentication`), judged later against the
//!    server the club trusts ([`IncomingMail::authentication`]).
//! 4. **Body part** (`body`): see [`read_mail`] for which MIME part is chosen
//!    and how its charset is decided; invisible characters go; an inline
//!    PGP-signed message gives its signed text.
//! 5. **Reply stripping** (`quotes`): see [`strip_quoted_text`].
//! 6. **Body cap**: [`ReadLimits::max_body_chars`].
//!
//! A bounce's delivery report (RFC 3464) is read apart, by [`read_delivery_report`] (`dsn`):
//! the service asks for it of automatic mail only, which every bounce is.
//!
//! A mail whose header block can be read is always an [`IncomingMail`], even
//! when its body cannot be (a MIME tree nested beyond the parser's limit,
//! broken base64): its sender is told why, in [`IncomingMail::no_text`].

pub mod authentication;
mod automatic;
mod body;
mod dsn;
mod headers;
mod quotes;

use std::fmt;

use mailparse::{MailHeader, MailHeaderMap};

pub use authentication::{Authenticated, AuthenticationResults, MethodResult};
pub use automatic::AutomaticReason;
pub use dsn::{Action, DeliveryReport, Failure, RecipientStatus, parse_delivery_status};
pub use headers::Address;
pub use quotes::strip_quoted_text;

/// Longest header-derived text we keep (subject, date, display name).
/// RFC 5322 §2.1.1 caps a line at 998 characters; a value longer than that is
/// not something a mail client composed, and keeping it whole would let one
/// header dictate how much memory every later stage holds on to.
const MAX_TEXT_CHARS: usize = 998;

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

/// Why a mail gave no text of its sender's own: [`IncomingMail::body`] is
/// empty, and this says what the sender can do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoText {
    /// The mail's text is empty, or only whitespace and invisible characters.
    Blank,
    /// Everything in the text was quoted from an earlier mail: quote marks,
    /// an attribution line, an original or forwarded message.
    AllQuoted,
    /// The text held only a signature.
    OnlySignature,
    /// The mail has no text part at all: only attachments, or parts of types
    /// herald does not read.
    NoTextPart,
    /// The text part's transfer encoding is broken. Holds the encoding as the
    /// mail declares it ("base64").
    Undecodable(String),
    /// The MIME structure cannot be read. Holds why, in the sender's terms
    /// ("its MIME boundary is missing or does not match").
    BrokenStructure(String),
    /// The mail's only text is HTML that herald does not render: nested or
    /// sized beyond what it reads (see `body`).
    UnreadableHtml,
}

/// What the referee needs from one inbound mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingMail {
    /// The Message-ID without angle brackets, if the mail has a usable one.
    pub message_id: Option<String>,
    /// Key for "have I already handled this delivery?": `delivery:` and the
    /// SHA-256 of the Message-ID, the From address, the Date, the Subject and
    /// the bytes of the body (everything after the header block), each
    /// length-prefixed. A mail delivered again, or by a second route (with
    /// other trace headers), has the same key; a different mail reusing a
    /// Message-ID (a forger's, or a mail program's that gives every mail the
    /// same one) has another.
    pub dedupe_key: String,
    /// The first mailbox of the first From field.
    pub from: Option<Address>,
    /// Whether the header block has exactly one From field naming exactly one mailbox. When
    /// it has more (two From fields, or `From: a@x, b@y`), herald reads the first while a DKIM
    /// verifier may have judged another, so such a mail is never authenticated
    /// ([`IncomingMail::authentication`]).
    pub single_author: bool,
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
    /// Every `Authentication-Results` field that parses, in header order: whoever wrote
    /// them; [`IncomingMail::authentication`] reads only the trusted server's.
    pub authentication_results: Vec<AuthenticationResults>,
    /// The sender's own new text: decoded, invisible characters removed,
    /// quotes and signature stripped ([`strip_quoted_text`]), line ends as
    /// `\n`, trimmed.
    pub body: String,
    /// Whether `body` was cut at [`ReadLimits::max_body_chars`].
    pub body_truncated: bool,
    /// Why `body` is empty, when it is.
    pub no_text: Option<NoText>,
}

impl IncomingMail {
    /// Whether this mail must never be answered (see [`AutomaticReason`]).
    pub fn is_automatic(&self) -> bool {
        self.automatic.is_some()
    }

    /// What the server named by `trusted_authserv_id` vouched for about this mail's From
    /// domain (see [`authentication::judge`]); nothing for a mail without one author
    /// ([`IncomingMail::single_author`]).
    pub fn authentication(&self, trusted_authserv_id: &str) -> Authenticated {
        if !self.single_author {
            return Authenticated::default();
        }
        let from_domain = self.from.as_ref().and_then(|a| a.addr.rsplit_once('@')).map(|(_, d)| d);
        authentication::judge(&self.authentication_results, trusted_authserv_id, from_domain)
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
/// Invisible characters (byte-order marks, zero-width spaces and joiners, soft
/// hyphens) are removed and exotic spaces (no-break, ideographic) become
/// spaces, so that a move looks to herald as it looks to its writer. An
/// inline PGP-signed message (`-----BEGIN PGP SIGNED MESSAGE-----`) is read
/// as its signed text.
///
/// When no part gives text of the sender's own, [`IncomingMail::no_text`]
/// says why. A mail whose MIME tree cannot be parsed at all (nested deeper
/// than the parser goes) is still read from its header block, with the reason
/// in `no_text`.
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
    let (headers, body_offset) = mailparse::parse_headers(raw).map_err(|e| ReadError::Malformed(e.to_string()))?;
    let body_bytes = &raw[body_offset.min(raw.len())..];
    let parsed = match mailparse::parse_mail(raw) {
        Ok(parsed) => parsed,
        Err(e) => {
            // The header block was read; the MIME tree below it was not (mailparse stops at
            // a nesting depth of about a hundred). The sender can still be told.
            let mut mail = from_headers(&headers, body_bytes, automatic::top_level_report(&headers))?;
            mail.no_text = Some(NoText::BrokenStructure(body::structure_error(&e)));
            return Ok(mail);
        }
    };
    let walk = body::walk(&parsed);
    let mut mail = from_headers(&parsed.headers, body_bytes, walk.report)?;
    match walk.text() {
        Ok(text) => {
            let stripped = quotes::strip_reply(&body::signed_text(&text));
            let (body, truncated) = truncate_chars(stripped.text, limits.max_body_chars);
            // The cut may land after a space or newline; the body stays trimmed.
            mail.body = body.trim_end().to_owned();
            mail.body_truncated = truncated;
            if mail.body.is_empty() {
                mail.no_text = Some(if stripped.quoted {
                    NoText::AllQuoted
                } else if stripped.signature {
                    NoText::OnlySignature
                } else {
                    NoText::Blank
                });
            }
        }
        Err(why) => mail.no_text = Some(why),
    }
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
    let (headers, body_offset) = mailparse::parse_headers(head).map_err(|e| ReadError::Malformed(e.to_string()))?;
    // The delivery key hashes the whole body as given (hashing is linear and the caller has
    // capped what it read), so it is the key [`read_mail`] would give the same bytes.
    from_headers(&headers, &raw[body_offset.min(raw.len())..], automatic::top_level_report(&headers))
}

/// The delivery report (RFC 3464, see `dsn`) a raw mail carries, if it has one: its first
/// `message/delivery-status` part, wherever it is in the MIME tree. The service asks for it of
/// automatic mail only (every bounce is); a mail larger than `limits.max_bytes` is not
/// parsed. Never panics.
pub fn read_delivery_report(raw: &[u8], limits: &ReadLimits) -> Option<DeliveryReport> {
    if raw.len() > limits.max_bytes {
        return None;
    }
    dsn::find(&mailparse::parse_mail(raw).ok()?)
}

/// Everything but the body; `body_bytes` (what follows the header block) is
/// read only for the delivery key, `report` is what the MIME walk found.
fn from_headers(
    headers: &[MailHeader<'_>],
    body_bytes: &[u8],
    report: Option<&'static str>,
) -> Result<IncomingMail, ReadError> {
    if headers.is_empty() {
        return Err(ReadError::Malformed("no header fields".to_owned()));
    }
    let message_id = headers.get_first_value("Message-ID").and_then(|v| headers::message_ids(&v).into_iter().next());
    let from = headers.get_first_header("From").and_then(headers::first_mailbox);
    let return_path = headers.get_first_value("Return-Path").and_then(|v| headers::parse_return_path(&v));
    let references = headers::references(headers);
    let subject = headers.get_first_value("Subject").map(|s| cap_chars(s.trim())).unwrap_or_default();
    let date = headers.get_first_value("Date").map(|d| cap_chars(d.trim())).filter(|d| !d.is_empty());
    let dedupe_key = headers::delivery_key(
        message_id.as_deref(),
        from.as_ref().map(|a| a.addr.as_str()),
        date.as_deref(),
        &subject,
        body_bytes,
    );
    let automatic = automatic::reason(headers, from.as_ref(), return_path.as_deref(), report);
    Ok(IncomingMail {
        message_id,
        dedupe_key,
        from,
        single_author: headers::from_mailboxes(headers) == 1,
        return_path,
        delivered_to: headers::recipients(headers, &["Delivered-To", "X-Original-To"]),
        to: headers::recipients(headers, &["To", "Cc"]),
        subject,
        in_reply_to: headers.get_first_value("In-Reply-To").and_then(|v| headers::message_ids(&v).into_iter().next()),
        references,
        date,
        automatic,
        authentication_results: authentication::fields(headers),
        body: String::new(),
        body_truncated: false,
        no_text: None,
    })
}

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
