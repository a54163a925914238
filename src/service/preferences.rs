//! Preferences in the service: a player's `zone NAME`, `notation STYLE`, `format text` or `language CODE` kept with their
//! address in the mail's transaction (what it decides is `referee::preferences`'s).

use super::handling::Handler;
use super::{Ingested, ServiceError};
use crate::clock::Timestamp;
use crate::mail::reader::IncomingMail;
use crate::referee::preferences::PreferenceRequest;
use crate::store::{InboxMail, Tx};

impl Handler<'_> {
    /// A verified player's preference, inside `tx`: the referee decides; the new preferences,
    /// the answer and the mail's inbox record are written together.
    pub(super) fn preference(
        &self,
        tx: &Tx<'_>,
        mail: &IncomingMail,
        request: PreferenceRequest,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let player = request.record.player(request.color).clone();
        let decided = self.referee().preference(request, now)?;
        if let Some(preferences) = &decided.preferences {
            tx.set_time_zone(&player, preferences.zone.as_deref())?;
            tx.set_notation(&player, preferences.notation)?;
            tx.set_plain_text(&player, preferences.plain_text)?;
            tx.set_language(&player, preferences.language.as_deref())?;
        }
        let decision = decided.decision;
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        let game_id = decision.effects.game.as_ref().map(|g| g.id);
        let recorded = InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let inbox_id = self.record_inbox(tx, &mail.dedupe_key, now, recorded, decision.verdict)?;
        tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        Ok(Ingested::Handled(decision.verdict))
    }
}
