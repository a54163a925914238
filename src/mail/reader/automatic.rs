//! Mail that must never be answered (RFC 3834): auto-replies, bounces, list traffic and
//! mail from mail systems.

use mailparse::{MailHeader, MailHeaderMap};

use super::Address;

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

/// The MIME types that mark a report ([`AutomaticReason::Report`]).
pub(super) fn report_type(mime: &str) -> Option<&'static str> {
    match mime {
        "multipart/report" => Some("multipart/report"),
        "message/delivery-status" => Some("message/delivery-status"),
        _ => None,
    }
}

/// The report type of the top-level Content-Type alone, for a mail whose MIME tree is not
/// walked (too large, or too deeply nested to parse).
pub(super) fn top_level_report(headers: &[MailHeader<'_>]) -> Option<&'static str> {
    headers.get_first_value("Content-Type").and_then(|v| report_type(&mailparse::parse_content_type(&v).mimetype))
}

/// The first keyword of a structured header value, lowercased: what comes
/// before any `;` parameter, `(` comment or whitespace. Capped, since it ends
/// up inside an [`AutomaticReason`].
fn first_token(value: &str) -> String {
    let token = value.trim().split(|c: char| c == ';' || c == '(' || c.is_whitespace()).next().unwrap_or("");
    token.chars().take(64).collect::<String>().to_lowercase()
}

/// Applies the rules documented on [`AutomaticReason`], in that order.
pub(super) fn reason(
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
