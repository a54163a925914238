//! What a player's mail client does when the player presses "Reply": answer to the Reply-To
//! address, keep the subject with "Re: ", thread with In-Reply-To and References, and quote
//! the original below the player's text. `herald demo` plays its scripted game with it, and
//! the end-to-end tests play like real players with it.

use std::sync::atomic::{AtomicU64, Ordering};

use mailparse::MailHeaderMap;

/// Writes a plain-text reply from `from` to the mail `original`, with `text` on top.
pub fn compose_reply(original: &[u8], from: &str, text: &str) -> Result<Vec<u8>, String> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let parsed = mailparse::parse_mail(original).map_err(|e| format!("the original mail: {e}"))?;
    let headers = &parsed.headers;
    let reply_to = headers
        .get_first_value("Reply-To")
        .or_else(|| headers.get_first_value("From"))
        .ok_or("the original mail has no From")?;
    let to = mailparse::addrparse(&reply_to)
        .ok()
        .and_then(|list| list.extract_single_info())
        .map(|info| info.addr)
        .ok_or_else(|| format!("cannot read the address {reply_to:?}"))?;
    let subject = headers.get_first_value("Subject").unwrap_or_default();
    let subject = if subject.to_ascii_lowercase().starts_with("re:") { subject } else { format!("Re: {subject}") };
    let original_id = headers.get_first_value("Message-ID").unwrap_or_default();
    let mut references = headers.get_first_value("References").unwrap_or_default();
    if !original_id.is_empty() {
        if !references.is_empty() {
            references.push(' ');
        }
        references.push_str(original_id.trim());
    }
    let body = super::plain_part(&parsed).get_body().map_err(|e| format!("the original body: {e}"))?;
    let quoted: String =
        body.lines().map(|l| if l.is_empty() { ">\n".to_string() } else { format!("> {l}\n") }).collect();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    let message_id = format!("<reply.{}.{}.{n}@{domain}>", std::process::id(), jiff::Timestamp::now().as_nanosecond());
    let date = jiff::Timestamp::now().strftime("%a, %d %b %Y %H:%M:%S +0000").to_string();
    let mut mail = String::new();
    mail.push_str(&format!("From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nDate: {date}\r\n"));
    mail.push_str(&format!("Message-ID: {message_id}\r\n"));
    if !original_id.is_empty() {
        mail.push_str(&format!("In-Reply-To: {}\r\n", original_id.trim()));
    }
    if !references.is_empty() {
        mail.push_str(&format!("References: {references}\r\n"));
    }
    mail.push_str(
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n",
    );
    mail.push_str(&format!("{text}\r\n\r\nOn {date}, the referee wrote:\r\n"));
    mail.push_str(&quoted.replace('\n', "\r\n"));
    Ok(mail.into_bytes())
}
