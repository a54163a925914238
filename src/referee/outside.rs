//! Answers outside any game: to a mail whose sender is not the player its token names, to a
//! mail too large to read, and to a mail that herald failed to handle; and the silence owed
//! to automatic mail and to herald's own addresses. None of these answers holds game
//! information.

use super::records::{Effects, Event, OutgoingRecord, Verdict};
use super::templates::Rendered;
use super::{Decision, Referee, RefereeError, ids};
use crate::clock::Timestamp;
use crate::mail::compose::{self, AutoSubmitted, OutgoingMail};
use crate::mail::reader::IncomingMail;

/// Who an answer outside a game goes to, and how it is threaded.
struct Addressed {
    to: String,
    /// The incoming mail's Message-ID, when it can be repeated in our headers.
    thread: Option<String>,
    message_id: String,
}

impl Referee<'_> {
    /// The silence owed to `mail`, if it must never be answered: automatic mail (RFC 3834: an
    /// answer could start a mail loop) and mail from one of the addresses herald sends as
    /// (whoever wrote it, herald would be answering itself).
    pub(super) fn never_answered(&self, mail: &IncomingMail) -> Option<Decision> {
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let (verdict, detail) = if let Some(reason) = &mail.automatic {
            (Verdict::Automatic, format!("ignored automatic mail from {sender}: {reason:?}"))
        } else if self.settings.is_own_address(sender) {
            (Verdict::OwnAddress, format!("ignored mail from {sender}, an address herald sends as"))
        } else {
            return None;
        };
        let event = Event { game_id: None, kind: verdict.as_str(), detail };
        Some(Decision { effects: Effects { events: vec![event], ..Effects::default() }, verdict })
    }

    /// The short answer to a mail that does not count as a player's, with `detail` for the
    /// log: nothing changes.
    pub fn answer_unverified(
        &self,
        mail: &IncomingMail,
        detail: String,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let verdict = Verdict::Unverified;
        let mut effects =
            Effects { events: vec![Event { game_id: None, kind: verdict.as_str(), detail }], ..Effects::default() };
        if let Some(addressed) = self.addressed(&mut effects, mail, "unverified") {
            let Rendered { subject, body } =
                self.templates.render("unverified.txt", self.club_language(), minijinja::Value::UNDEFINED)?;
            self.push_reply(&mut effects, addressed, subject, body, now);
        }
        Ok(Decision { effects, verdict })
    }

    /// A mail too large to read: answered with a short refusal unless it must never be
    /// answered.
    pub fn too_large(
        &self,
        mail: &IncomingMail,
        size: usize,
        limit: usize,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        if let Some(silence) = self.never_answered(mail) {
            return Ok(silence);
        }
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let verdict = Verdict::TooLarge;
        let event =
            Event { game_id: None, kind: verdict.as_str(), detail: format!("{size}-byte mail from {sender} not read") };
        let mut effects = Effects { events: vec![event], ..Effects::default() };
        if let Some(addressed) = self.addressed(&mut effects, mail, "too-large") {
            let Rendered { subject, body } =
                self.templates.render("too_large.txt", self.club_language(), minijinja::context! { size, limit })?;
            self.push_reply(&mut effects, addressed, subject, body, now);
        }
        Ok(Decision { effects, verdict })
    }

    /// herald failed to handle `mail` (its stored game cannot be read, a template or the
    /// database is broken, a bug): nothing was changed, and the sender is told so, with
    /// `what_went_wrong` in their terms and `reference` (which the operator's log also shows),
    /// unless the mail must never be answered. The answer is written here, not from the
    /// templates: a broken template may be what failed. It names no game and no secret, since
    /// the sender may not have been verified.
    pub fn failed(&self, mail: &IncomingMail, what_went_wrong: &str, reference: &str, now: Timestamp) -> Decision {
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str());
        let verdict = Verdict::Failed;
        let detail = format!("mail from {sender} not handled ({what_went_wrong}); reference {reference}");
        let mut effects =
            Effects { events: vec![Event { game_id: None, kind: verdict.as_str(), detail }], ..Effects::default() };
        if self.never_answered(mail).is_none()
            && let Some(addressed) = self.addressed(&mut effects, mail, "failed")
        {
            let subject = "herald: your mail could not be handled".to_string();
            let body = format!(
                "Hello,\n\n\
                 herald could not handle your mail{} because of a fault on the referee's side: \
                 {what_went_wrong}.\n\n\
                 Nothing was changed: no move or other command in it was carried out. The club's \
                 operator has been told (reference {reference}). Please send your mail again later, \
                 or write to the club.\n\n\
                 -- \nherald, play-by-email referee\n",
                if mail.subject.is_empty() {
                    String::new()
                } else {
                    format!(" \"{}\"", crate::untrusted::OneLine::echo(&mail.subject))
                },
            );
            self.push_reply(&mut effects, addressed, subject, body, now);
        }
        Decision { effects, verdict }
    }

    /// Where an answer to `mail` goes, or `None` (with an event saying so) when it has no
    /// sender herald may write to. Its Message-ID derives from `purpose` and the incoming
    /// mail's delivery key, so handling the same mail twice could never produce two different
    /// answers. A stranger's Message-ID that cannot be written into a reply is left out of the
    /// thread headers.
    fn addressed(&self, effects: &mut Effects, mail: &IncomingMail, purpose: &str) -> Option<Addressed> {
        let to = mail.from.as_ref().map(|a| a.addr.clone())?;
        let thread = mail.message_id.clone().filter(|id| ids::reusable_message_id(id));
        let message_id = ids::answer_message_id(purpose, &mail.dedupe_key, &self.settings.domain);
        if self.settings.is_own_address(&to) {
            effects.events.push(Event {
                game_id: None,
                kind: "unanswerable",
                detail: format!("no answer to {to:?}: herald sends as that address"),
            });
            return None;
        }
        Some(Addressed { to, thread, message_id })
    }

    /// Composes a short answer outside any game. An address that cannot be written to gets
    /// none (the event log says so): a stranger's odd mail must never stop the referee.
    fn push_reply(&self, effects: &mut Effects, addressed: Addressed, subject: String, body: String, now: Timestamp) {
        let Addressed { to, thread, message_id } = addressed;
        let outgoing = OutgoingMail {
            from_name: self.settings.name.clone(),
            from: self.settings.address.clone(),
            to: to.clone(),
            reply_to: None,
            subject,
            body,
            message_id: message_id.clone(),
            in_reply_to: thread.clone(),
            references: thread.into_iter().collect(),
            date: now,
            auto_submitted: AutoSubmitted::AutoReplied,
            html: None,
        };
        match compose::render(&outgoing) {
            Ok(bytes) => effects.mails.push(OutgoingRecord {
                picture: None,
                game_id: None,
                recipient: to,
                message_id,
                bytes,
                return_path: None,
            }),
            Err(e) => effects.events.push(Event {
                game_id: None,
                kind: "unanswerable",
                detail: format!("no answer to {to:?}: {e}"),
            }),
        }
    }
}
