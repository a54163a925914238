//! Bounces in the service: a mail to one of herald's return paths recorded with what the
//! referee core decides of it (`referee::bounces`), in the transaction of the mail; and a
//! player who had bounces, heard from again.

use super::handling::Handler;
use super::{Ingested, ServiceError};
use crate::clock::Timestamp;
use crate::mail::reader::{DeliveryReport, Failure, IncomingMail};
use crate::referee::bounces::{ReturnPath, Standing};
use crate::referee::gate::PlayerMail;
use crate::referee::records::{Effects, Event, Verdict};
use crate::store::{InboxMail, PermanentBounce, Tx};

impl Handler<'_> {
    /// A mail to one of herald's return paths, inside `tx`: never answered. A forged one is
    /// logged; a bounce of a game's mail to a player is counted when it is a permanent
    /// failure, and may make the player unreachable (the opponents and the director told,
    /// the clocks paused, all in this transaction).
    pub(super) fn bounce(
        &self,
        tx: &Tx<'_>,
        mail: &IncomingMail,
        report: Option<&DeliveryReport>,
        path: ReturnPath,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let referee = self.referee();
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        let recorded =
            |game_id| InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let bounced = match path {
            ReturnPath::Bounced(bounced) => bounced,
            ReturnPath::Forged => return self.record_silently(tx, mail, referee.forged_bounce(mail).effects, now),
        };
        // A valid token of a game this database does not hold (restored from an older backup):
        // nothing to count it against.
        let Some(record) = tx.game(bounced.game)? else {
            let event = Event {
                game_id: None,
                kind: Verdict::Bounce.as_str(),
                detail: format!("a bounce for game #{}, which this database does not hold; ignored", bounced.game),
            };
            let inbox_id = self.record_inbox(tx, &mail.dedupe_key, now, recorded(None), Verdict::Bounce)?;
            tx.apply(&Effects { events: vec![event], ..Effects::default() }, self.from, now, Some(inbox_id))?;
            return Ok(Ingested::Handled(Verdict::Bounce));
        };
        let player = record.player(bounced.color).clone();
        let reading = referee.read_bounce(report);
        // A report of a mail the player answered after it was written says nothing of whether
        // they can be reached now (a late report, or a forger replaying an old return path).
        let answered_since = reading.failure == Failure::Permanent
            && tx.wrote_after_mail(&player.email, &referee.return_path(bounced.game, bounced.color, bounced.moves))?;
        let standing = if reading.failure == Failure::Permanent && !answered_since {
            let permanent = PermanentBounce {
                email: &player.email,
                game_id: bounced.game,
                color: bounced.color,
                moves: bounced.moves,
                status: reading.status.as_deref(),
                diagnostic: reading.diagnostic.as_deref(),
            };
            tx.record_permanent_bounce(&permanent, now)?
        } else {
            Standing {
                permanent_failures: 0,
                counted_now: false,
                unreachable: tx.unreachable_since(&player.email)?.is_some(),
                answered_since,
            }
        };
        let games = if reading.failure == Failure::Permanent
            && !answered_since
            && standing.counted_now
            && !standing.unreachable
        {
            tx.active_games_of(&player.email)?
        } else {
            Vec::new()
        };
        let decided = referee.bounced(mail, bounced, &player, &reading, &standing, games, now)?;
        if decided.unreachable {
            tx.mark_unreachable(&player.email, now)?;
        }
        for &game in &decided.pause {
            tx.pause_clock(game, now)?;
        }
        let inbox_id = self.record_inbox(tx, &mail.dedupe_key, now, recorded(Some(bounced.game)), Verdict::Bounce)?;
        for decision in &decided.decisions {
            tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        }
        Ok(Ingested::Handled(Verdict::Bounce))
    }

    /// A forged bounce: recorded under `unverified:` and its delivery key (so that it can never
    /// make a real mail with the same key look handled), logged, nothing else.
    fn record_silently(
        &self,
        tx: &Tx<'_>,
        mail: &IncomingMail,
        effects: Effects,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let key = format!("unverified:{}", mail.dedupe_key);
        if let Some(again) = self.read_before(tx, &key, now)? {
            return Ok(again);
        }
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        let recorded =
            InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id: None };
        let inbox_id = self.record_inbox(tx, &key, now, recorded, Verdict::ForgedBounce)?;
        tx.apply(&effects, self.from, now, Some(inbox_id))?;
        Ok(Ingested::Handled(Verdict::ForgedBounce))
    }

    /// `player`'s mail passed the gate: if that player had bounces, they are forgotten, and if
    /// the player was unreachable, the clocks paused for them run again, before the mail is
    /// handled (so that a move in it starts its deadline from a running clock). Only a mail
    /// that counts as the player's does: automatic mail never does, nor mail that fails the
    /// authentication the club requires (a forger must not be able to start an unreachable
    /// player's clock).
    /// True when a paused clock ran again, so that the mail's game must be read anew.
    pub(super) fn heard_from(
        &self,
        tx: &Tx<'_>,
        player: &PlayerMail<'_>,
        now: Timestamp,
    ) -> Result<bool, ServiceError> {
        let referee = self.referee();
        let email = player.email();
        // Most players never had a bounce: one look-up by address, and nothing more.
        if !tx.has_bounces(email)? {
            return Ok(false);
        }
        let was_unreachable = tx.unreachable_since(email)?.is_some();
        tx.clear_bounces(email)?;
        if !was_unreachable {
            return Ok(false);
        }
        let mut paused = Vec::new();
        for clock in tx.paused_clocks_of(email)? {
            paused.extend(tx.game(clock.game)?.map(|record| (clock, record)));
        }
        let (deadlines, events) = referee.reachable_again(email, paused, now)?;
        let resumed = !deadlines.is_empty();
        for (game, deadline) in deadlines {
            tx.resume_clock(game, deadline)?;
        }
        tx.apply(&Effects { events, ..Effects::default() }, self.from, now, None)?;
        Ok(resumed)
    }
}
