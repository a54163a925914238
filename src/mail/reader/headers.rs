//! The header fields a referee reads: who sent a mail, to whom, in which thread, and the key
//! that tells a second delivery of a mail from a different mail.

use mailparse::{MailAddr, MailHeader, MailHeaderMap};

/// Longest message-id we accept; same reasoning as [`super::MAX_TEXT_CHARS`].
const MAX_MSG_ID_BYTES: usize = 998;
/// Longest address we accept: RFC 5321 §4.5.3.1 allows 64 octets of local
/// part and 255 of domain.
const MAX_ADDR_BYTES: usize = 64 + 1 + 255;
/// Most entries kept in a recipient list or in `references`. A real reply
/// chain or recipient list is far shorter; the cap keeps a hostile header
/// from turning into thousands of strings.
const MAX_LIST_ENTRIES: usize = 100;

/// One mailbox: an address and its optional display name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// `local@domain`, with the domain lowercased (domains are
    /// case-insensitive) and the local part kept as sent (RFC 5321 §2.4 lets
    /// the receiving server treat it case-sensitively). A From without any
    /// `@`, such as a bare `MAILER-DAEMON`, is kept as it is.
    pub addr: String,
    /// The display name, decoded from RFC 2047 if needed, then made one line of at most
    /// [`crate::untrusted::NAME_CHARS`] characters without control or bidirectional
    /// characters (`untrusted::OneLine`): it is shown to other players and the director.
    /// `None` when absent or blank.
    pub name: Option<String>,
}

/// The delivery key of a mail (see [`super::IncomingMail::dedupe_key`]): `delivery:` and the
/// SHA-256 of each field as its length in bytes, `:`, the field and a newline, in this order:
/// the Message-ID (empty if none), the From address (lowercased), the Date as written, the
/// Subject as decoded, and the SHA-256 (hex) of the body's bytes with CRLF as LF and the white
/// space at its end removed (a mail server that hands a mail on may change both).
/// Length-prefixed, so no choice of one field can shift another's bytes into it.
pub(super) fn delivery_key(
    message_id: Option<&str>,
    from: Option<&str>,
    date: Option<&str>,
    subject: &str,
    body: &[u8],
) -> String {
    let mut normalized = Vec::with_capacity(body.len());
    for (i, &b) in body.iter().enumerate() {
        if !(b == b'\r' && body.get(i + 1) == Some(&b'\n')) {
            normalized.push(b);
        }
    }
    while normalized.last().is_some_and(u8::is_ascii_whitespace) {
        normalized.pop();
    }
    let body_hash = crate::hex::sha256(&normalized);
    let from = from.map(str::to_lowercase).unwrap_or_default();
    let mut fields = String::new();
    for field in [message_id.unwrap_or(""), &from, date.unwrap_or(""), subject, &body_hash] {
        fields.push_str(&format!("{}:{field}\n", field.len()));
    }
    format!("delivery:{}", crate::hex::sha256(fields.as_bytes()))
}

/// The message-ids of References, oldest first; when there are too many, the newest
/// [`MAX_LIST_ENTRIES`], which matter most for threading.
pub(super) fn references(headers: &[MailHeader<'_>]) -> Vec<String> {
    let mut references = headers.get_first_value("References").map(|v| message_ids(&v)).unwrap_or_default();
    if references.len() > MAX_LIST_ENTRIES {
        references.drain(..references.len() - MAX_LIST_ENTRIES);
    }
    references
}

/// The message-ids in a Message-ID / In-Reply-To / References value, without
/// angle brackets. More tolerant than `mailparse::msgidparse`, which rejects
/// the whole field at the first comment or phrase: real In-Reply-To fields
/// carry things like `<id@host> (Alice's message of ...)`. Without any `<`,
/// whitespace-separated tokens containing `@` are taken as bare ids.
pub(super) fn message_ids(value: &str) -> Vec<String> {
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

/// How many mailboxes the From fields of a header block name together (RFC 5322 §3.6 allows
/// one From field; more than one mailbox in it needs a Sender field, which herald does not
/// read). A mail whose From names other than exactly one mailbox has no one author: a DKIM
/// verifier may have checked the signature over another mailbox than the one herald reads
/// ([`super::IncomingMail::single_author`]).
pub(super) fn from_mailboxes(headers: &[MailHeader<'_>]) -> usize {
    headers
        .iter()
        .filter(|h| h.get_key_ref().trim().eq_ignore_ascii_case("From"))
        .map(|h| header_mailboxes(h).len().max(1))
        .sum()
}

/// The first usable mailbox of a From field.
pub(super) fn first_mailbox(header: &MailHeader<'_>) -> Option<Address> {
    header_mailboxes(header).into_iter().find_map(|(name, addr)| {
        Some(Address { addr: normalize_addr(&addr)?, name: name.and_then(|n| crate::untrusted::name(&n)) })
    })
}

/// Lowercased, deduplicated addresses from every field named in `names`,
/// at most [`MAX_LIST_ENTRIES`]. Lowercased whole (unlike [`Address::addr`])
/// because these are compared with the club's own game addresses, which the
/// club's server treats case-insensitively.
pub(super) fn recipients(headers: &[MailHeader<'_>], names: &[&str]) -> Vec<String> {
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
pub(super) fn parse_return_path(value: &str) -> Option<String> {
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
