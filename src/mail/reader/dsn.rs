//! Delivery status notifications (RFC 3464): what a bounce says about each recipient.
//!
//! A DSN is a `multipart/report; report-type=delivery-status` (RFC 6522) whose second part,
//! `message/delivery-status`, is a block of fields about the message (`Reporting-MTA`, ...)
//! followed, after a blank line, by one block per recipient (`Final-Recipient`, `Action`,
//! `Status`, `Diagnostic-Code`, ...). [`parse_delivery_status`] reads that part's text; it is
//! tolerant (a block without `Action` is still a recipient if it names one, unknown fields are
//! skipped, folded lines are unfolded) and bounded (at most [`MAX_RECIPIENTS`] recipients,
//! values capped like header values), so any text gives an answer and never a panic.
//!
//! What a report means for herald ([`DeliveryReport::failure`]): a recipient whose `Action` is
//! `failed` with a `Status` of class 5 (RFC 3463: a permanent failure) is a permanent failure;
//! `failed` with any other status, and `delayed`, are transient (the address may work
//! tomorrow); `delivered`, `relayed` and `expanded` are no failure at all.

use mailparse::ParsedMail;

/// Most recipients read from one report; a real bounce of herald's names one.
pub const MAX_RECIPIENTS: usize = 100;

/// Longest field value kept, as for header values (RFC 5322's line limit).
const MAX_VALUE_CHARS: usize = 998;

/// What a delivery report says, recipient by recipient.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeliveryReport {
    /// `Reporting-MTA` of the per-message block, without its type (`dns; `), if given.
    pub reporting_mta: Option<String>,
    /// One entry per recipient block, in order.
    pub recipients: Vec<RecipientStatus>,
}

/// The fields of one recipient block that herald reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecipientStatus {
    /// `Original-Recipient` (the address as herald gave it, before any forwarding), or else
    /// `Final-Recipient`, without its type (`rfc822; `).
    pub recipient: Option<String>,
    /// `Action`.
    pub action: Action,
    /// `Status`: the RFC 3463 code (`5.1.1`), if the field holds a well-formed one.
    pub status: Option<String>,
    /// `Diagnostic-Code` without its type (`smtp; `): what the remote server said.
    pub diagnostic: Option<String>,
}

/// The `Action` of a recipient block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The mail could not be delivered and will not be tried again.
    Failed,
    /// Not delivered yet; the reporting server goes on trying.
    Delayed,
    /// Delivered.
    Delivered,
    /// Handed to a system that sends no reports.
    Relayed,
    /// Delivered and forwarded to several addresses.
    Expanded,
    /// Missing, or a value RFC 3464 does not define (held lowercased).
    Other(String),
}

/// What a report means for the mail it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// A recipient failed permanently: `failed` with a 5.x.x status.
    Permanent,
    /// A recipient failed for now, or the report says nothing certain: `delayed`, or `failed`
    /// without a permanent status.
    Transient,
    /// Every recipient was delivered, relayed or expanded.
    None,
}

impl RecipientStatus {
    /// True for a permanent failure: `failed` with a status of class 5.
    pub fn is_permanent(&self) -> bool {
        self.action == Action::Failed && self.status.as_deref().is_some_and(|s| s.starts_with('5'))
    }

    /// True when this recipient's mail was not delivered (yet).
    pub fn is_failure(&self) -> bool {
        !matches!(self.action, Action::Delivered | Action::Relayed | Action::Expanded)
    }
}

impl DeliveryReport {
    /// The worst that happened to any recipient.
    pub fn failure(&self) -> Failure {
        if self.recipients.iter().any(RecipientStatus::is_permanent) {
            Failure::Permanent
        } else if self.recipients.is_empty() || self.recipients.iter().any(RecipientStatus::is_failure) {
            Failure::Transient
        } else {
            Failure::None
        }
    }

    /// The recipient block that decided [`DeliveryReport::failure`]: the first permanent
    /// failure, else the first failure, else the first block.
    pub fn worst(&self) -> Option<&RecipientStatus> {
        self.recipients
            .iter()
            .find(|r| r.is_permanent())
            .or_else(|| self.recipients.iter().find(|r| r.is_failure()))
            .or_else(|| self.recipients.first())
    }
}

/// Reads the text of a `message/delivery-status` part.
pub fn parse_delivery_status(text: &str) -> DeliveryReport {
    let mut report = DeliveryReport::default();
    for (index, block) in blocks(text).into_iter().enumerate() {
        let field = |name: &str| block.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
        let is_recipient =
            field("Action").is_some() || field("Final-Recipient").is_some() || field("Original-Recipient").is_some();
        if !is_recipient {
            if index == 0 {
                report.reporting_mta = field("Reporting-MTA").map(without_type);
            }
            continue;
        }
        if report.recipients.len() == MAX_RECIPIENTS {
            break;
        }
        let action = match field("Action").map(|a| first_word(a).to_ascii_lowercase()) {
            Some(a) if a == "failed" => Action::Failed,
            Some(a) if a == "delayed" => Action::Delayed,
            Some(a) if a == "delivered" => Action::Delivered,
            Some(a) if a == "relayed" => Action::Relayed,
            Some(a) if a == "expanded" => Action::Expanded,
            other => Action::Other(other.unwrap_or_default()),
        };
        report.recipients.push(RecipientStatus {
            recipient: field("Original-Recipient").or_else(|| field("Final-Recipient")).map(without_type),
            action,
            status: field("Status").map(first_word).filter(|s| is_status_code(s)).map(str::to_string),
            diagnostic: field("Diagnostic-Code").map(without_type).filter(|d| !d.is_empty()),
        });
    }
    report
}

/// The delivery report of a parsed mail: its first `message/delivery-status` (or RFC 6533's
/// `message/global-delivery-status`) part, wherever it is in the MIME tree.
pub(super) fn find(part: &ParsedMail<'_>) -> Option<DeliveryReport> {
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    if mime == "message/delivery-status" || mime == "message/global-delivery-status" {
        let body = part.get_body_raw().ok()?;
        return Some(parse_delivery_status(&String::from_utf8_lossy(&body)));
    }
    part.subparts.iter().find_map(find)
}

/// The text's blocks of fields (separated by blank lines), each field unfolded, as (name,
/// value) pairs. A line that is neither a field nor a continuation is skipped.
fn blocks(text: &str) -> Vec<Vec<(String, String)>> {
    let mut blocks = Vec::new();
    let mut block: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !block.is_empty() {
                blocks.push(std::mem::take(&mut block));
            }
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = block.last_mut() {
                append_capped(value, " ");
                append_capped(value, line.trim());
            }
            continue;
        }
        let Some((name, value)) = line.split_once(':') else { continue };
        let name = name.trim();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic()) {
            continue;
        }
        let mut kept = String::new();
        append_capped(&mut kept, value.trim());
        block.push((name.to_string(), kept));
    }
    if !block.is_empty() {
        blocks.push(block);
    }
    blocks
}

/// Appends `more` to `value` up to [`MAX_VALUE_CHARS`] characters in all.
fn append_capped(value: &mut String, more: &str) {
    let room = MAX_VALUE_CHARS.saturating_sub(value.chars().count());
    value.extend(more.chars().take(room));
}

/// A typed value (`rfc822; bob@example.org`, `smtp; 550 ...`) without its type.
fn without_type(value: &str) -> String {
    value.split_once(';').map_or(value, |(_, rest)| rest).trim().to_string()
}

/// The first word of a value (`5.1.1 (bad mailbox)` → `5.1.1`).
fn first_word(value: &str) -> &str {
    value.split_whitespace().next().unwrap_or("")
}

/// True for an RFC 3463 status code: class 2, 4 or 5, then 1-3 digits, then 1-3 digits.
fn is_status_code(code: &str) -> bool {
    let mut parts = code.split('.');
    let class_ok = parts.next().is_some_and(|c| matches!(c, "2" | "4" | "5"));
    let digits =
        |p: Option<&str>| p.is_some_and(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    class_ok && digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3464 appendix B's first example ("simple DSN"), its delivery-status part.
    const RFC3464_SIMPLE: &str = "Reporting-MTA: dns; cs.utk.edu\r\n\
        \r\n\
        Original-Recipient: rfc822;louisl@larry.slip.umd.edu\r\n\
        Final-Recipient: rfc822;louisl@larry.slip.umd.edu\r\n\
        Action: failed\r\n\
        Status: 4.0.0\r\n\
        Diagnostic-Code: smtp; 426 connection timed out\r\n\
        Last-Attempt-Date: Thu, 7 Jul 1994 17:15:49 -0400\r\n";

    /// RFC 3464 appendix B's "multi-recipient DSN", its delivery-status part.
    const RFC3464_MULTI: &str = "Reporting-MTA: dns; cs.utk.edu\n\
        \n\
        Original-Recipient: rfc822;arathib@vnet.ibm.com\n\
        Final-Recipient: rfc822;arathib@vnet.ibm.com\n\
        Action: failed\n\
        Status: 5.0.0 (permanent failure)\n\
        Diagnostic-Code: smtp;  550 'arathib@vnet.IBM.COM' is not a\n\
        \x20registered gateway user\n\
        Remote-MTA: dns; vnet.ibm.com\n\
        \n\
        Original-Recipient: rfc822;johnh@hpnjld.njd.hp.com\n\
        Final-Recipient: rfc822;johnh@hpnjld.njd.hp.com\n\
        Action: delayed\n\
        Status: 4.0.0 (hpnjld.njd.jp.com: host name lookup failure)\n\
        \n\
        Original-Recipient: rfc822;wsnell@sdcc13.ucsd.edu\n\
        Final-Recipient: rfc822;wsnell@sdcc13.ucsd.edu\n\
        Action: failed\n\
        Status: 5.0.0\n\
        Diagnostic-Code: smtp; 550 user unknown\n\
        Remote-MTA: dns; sdcc13.ucsd.edu\n";

    #[test]
    fn the_rfc_3464_simple_example_is_a_failure_that_is_not_permanent() {
        let report = parse_delivery_status(RFC3464_SIMPLE);
        assert_eq!(report.reporting_mta.as_deref(), Some("cs.utk.edu"));
        assert_eq!(
            report.recipients,
            vec![RecipientStatus {
                recipient: Some("louisl@larry.slip.umd.edu".into()),
                action: Action::Failed,
                status: Some("4.0.0".into()),
                diagnostic: Some("426 connection timed out".into()),
            }]
        );
        // "failed" with a class 4 status: the server gave up, but nothing says the address is
        // dead (RFC 3463 §3.1: class 4 is a persistent transient failure).
        assert_eq!(report.failure(), Failure::Transient);
    }

    #[test]
    fn the_rfc_3464_multi_recipient_example_is_read_block_by_block() {
        let report = parse_delivery_status(RFC3464_MULTI);
        assert_eq!(report.recipients.len(), 3);
        let first = &report.recipients[0];
        assert_eq!(first.action, Action::Failed);
        assert_eq!(first.status.as_deref(), Some("5.0.0"));
        assert_eq!(first.diagnostic.as_deref(), Some("550 'arathib@vnet.IBM.COM' is not a registered gateway user"));
        assert_eq!(report.recipients[1].action, Action::Delayed);
        assert_eq!(report.recipients[1].status.as_deref(), Some("4.0.0"));
        assert_eq!(report.recipients[2].recipient.as_deref(), Some("wsnell@sdcc13.ucsd.edu"));
        assert_eq!(report.failure(), Failure::Permanent);
        assert_eq!(report.worst(), Some(first));
    }

    #[test]
    fn delayed_and_delivered_are_not_permanent() {
        let delayed = "Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@b.test\nAction: delayed\nStatus: 4.2.2\n";
        assert_eq!(parse_delivery_status(delayed).failure(), Failure::Transient);
        let delivered =
            "Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; a@b.test\nAction: delivered\nStatus: 2.0.0\n";
        assert_eq!(parse_delivery_status(delivered).failure(), Failure::None);
        assert_eq!(parse_delivery_status("").failure(), Failure::Transient, "a report that says nothing");
    }

    #[test]
    fn a_malformed_status_is_not_taken_for_a_permanent_one() {
        for status in ["5", "5.1", "5.1.1.1", "6.1.1", "5.1234.1", "5.x.1", ""] {
            let text = format!("Final-Recipient: rfc822; a@b.test\nAction: failed\nStatus: {status}\n");
            let report = parse_delivery_status(&text);
            assert_eq!(report.recipients[0].status, None, "{status:?}");
            assert_eq!(report.failure(), Failure::Transient, "{status:?}");
        }
    }

    #[test]
    fn values_and_recipients_are_bounded() {
        let long =
            format!("Final-Recipient: rfc822; a@b.test\nAction: failed\nDiagnostic-Code: smtp; {}\n", "x".repeat(5000));
        let report = parse_delivery_status(&long);
        assert!(report.recipients[0].diagnostic.as_ref().unwrap().chars().count() <= MAX_VALUE_CHARS);
        let many = "Final-Recipient: rfc822; a@b.test\nAction: failed\n\n".repeat(MAX_RECIPIENTS + 5);
        assert_eq!(parse_delivery_status(&many).recipients.len(), MAX_RECIPIENTS);
    }
}
