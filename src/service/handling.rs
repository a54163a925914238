//! One mail handled inside a transaction: read as far as it can be, decided by the referee
//! core, written with its inbox row and its mails; and, when anything fails, undone and
//! answered with an apology instead.

use super::log::{Line, Pending};
use super::{ANSWER_OUTSIDE_GAMES_EVERY, Ingested, ServiceError};
use crate::clock::Timestamp;
use crate::mail::reader;
use crate::referee::gate::Admission;
use crate::referee::gate::Claim;
use crate::referee::records::{Effects, Event, Verdict};
use crate::referee::templates::Templates;
use crate::referee::token::Tokens;
use crate::referee::{Referee, Settings};
use crate::store::{InboxMail, Store, Tx};

/// An incoming mail as far as it could be read.
pub(super) enum Incoming {
    /// Read, possibly only its headers when it was too large (with its size and the limit);
    /// with its delivery report (RFC 3464), if it is a bounce that carries one.
    Read {
        mail: Box<reader::IncomingMail>,
        too_large: Option<(usize, usize)>,
        report: Option<Box<reader::DeliveryReport>>,
    },
    /// Not readable at all: its dedupe key (a hash of its bytes) and why.
    Unreadable(String, String),
}

/// The dedupe key of a mail that cannot be read: the hash of its bytes.
pub(super) fn unreadable_key(raw: &[u8]) -> String {
    format!("sha256:{}", crate::hex::sha256(raw))
}

/// What the service lends the referee core to handle mails inside a transaction.
pub(super) struct Handler<'a> {
    pub(super) settings: &'a Settings,
    pub(super) templates: &'a Templates,
    pub(super) tokens: &'a Tokens,
    pub(super) nonces: &'a (dyn Fn() -> [u8; 16] + Send + Sync),
    pub(super) from: &'a str,
    /// The log lines of the transaction in progress, written when it commits.
    pub(super) log: Pending,
}

impl Handler<'_> {
    pub(super) fn referee(&self) -> Referee<'_> {
        Referee::new(self.settings, self.templates, self.tokens, self.nonces)
    }

    /// Runs `f` in one transaction of `store` (see [`Store::write`]) and writes its log lines
    /// if it commits.
    pub(super) fn commit<T>(
        &self,
        store: &mut Store,
        f: impl FnOnce(&Tx<'_>) -> Result<T, ServiceError>,
    ) -> Result<T, ServiceError> {
        let result = store.write(f);
        match &result {
            Ok(_) => self.log.committed(),
            Err(_) => self.log.rolled_back(),
        }
        result
    }

    /// Records `mail` in the inbox with what became of it (see [`Tx::record_inbox`]), and
    /// the log line that says so.
    pub(super) fn record_inbox(
        &self,
        tx: &Tx<'_>,
        key: &str,
        now: Timestamp,
        mail: InboxMail<'_>,
        outcome: Verdict,
    ) -> Result<i64, ServiceError> {
        let id = tx.record_inbox(key, now, mail, outcome)?;
        self.log.push(Line::Mail { game: mail.game_id, player: mail.sender.map(str::to_string), outcome });
        Ok(id)
    }

    /// [`Ingested::Duplicate`] if the mail under inbox key `key` was read before (herald
    /// crashed before marking it handled, the mail server delivered it twice, someone copied
    /// it back): nothing is done again, but the log and `herald log` say that it came again.
    pub(super) fn read_before(&self, tx: &Tx<'_>, key: &str, now: Timestamp) -> Result<Option<Ingested>, ServiceError> {
        let Some((first_read, game, outcome)) = tx.inbox_reading(key)? else { return Ok(None) };
        self.log.push(Line::Duplicate { game, first_read });
        let detail = format!("the same mail again (first read at {first_read}: {outcome}); nothing done");
        let event = Event { game_id: game, kind: "duplicate", detail };
        tx.apply(&Effects { events: vec![event], ..Effects::default() }, "", now, None)?;
        Ok(Some(Ingested::Duplicate))
    }

    /// Handles one mail inside `tx`: at most once per delivery; the decision, its inbox row
    /// and its mails are written to `tx`. Whatever goes wrong but a passing fault of the
    /// database (a broken stored game or template, a bug, a panic) undoes what the mail did
    /// and answers it with an apology instead (see [`Handler::failed`]): a mail must never
    /// vanish, loop or be retried forever.
    pub(super) fn handle(&self, tx: &Tx<'_>, incoming: &Incoming, now: Timestamp) -> Result<Ingested, ServiceError> {
        let (mail, too_large, report) = match incoming {
            Incoming::Read { mail, too_large, report } => (mail, too_large, report.as_deref()),
            Incoming::Unreadable(key, why) => return self.record_unreadable(tx, key, why, now),
        };
        if let Some(again) = self.read_before(tx, &mail.dedupe_key, now)? {
            return Ok(again);
        }
        let mark = self.log.mark();
        let attempt = tx.savepoint(|tx| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.decide(tx, mail, *too_large, report, now)))
                .unwrap_or_else(|panic| Err(ServiceError::Bug(panic_message(panic.as_ref()))))
        });
        if attempt.is_err() {
            self.log.undo_to(mark);
        }
        let handled = match attempt {
            Err(e) if !e.is_transient() => self.failed(tx, mail, &e, now),
            other => other,
        };
        if handled.is_err() {
            self.log.undo_to(mark);
        }
        handled
    }

    /// The referee's decision on a readable mail, written to `tx`.
    ///
    /// The inbox keeps each mail under its delivery key. A verified player's mail (and one
    /// herald failed on) is handled once per key; a mail whose sender was not verified is
    /// recorded under `unverified:` and the key, so that it can never make a later verified
    /// mail with the same key look handled: a forger who copies a real mail's Message-ID, or
    /// the whole mail, cannot silence it.
    fn decide(
        &self,
        tx: &Tx<'_>,
        mail: &reader::IncomingMail,
        too_large: Option<(usize, usize)>,
        report: Option<&reader::DeliveryReport>,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let referee = self.referee();
        let game = match referee.claimed_identity(mail) {
            Some((id, _)) => tx.game(id)?,
            None => None,
        };
        // The one gate: every mail is a bounce, silence, a player's, an entrant's or a
        // stranger's, decided once, here, before anything it asks is looked at.
        let mut admission = referee.admit(mail, game);
        // A player's mail first lets their paused clocks run again (see `bounces`), their game's
        // among them: it is read anew.
        if let Admission::Player(player) = &admission
            && self.heard_from(tx, player, now)?
        {
            let id = player.record().id;
            admission = referee.admit(mail, tx.game(id)?);
        }
        let someones = matches!(admission, Admission::Player(_) | Admission::Entrant(_));
        let mut asked_entry = None;
        let mut decision = match admission {
            // A bounce comes back to a return path of herald's own, and is never answered.
            Admission::Bounce(path) => return self.bounce(tx, mail, report, path, now),
            Admission::Silent(silence) => silence,
            Admission::Player(player) => {
                match too_large {
                    Some((size, limit)) => referee.too_large(mail, size, limit, now)?,
                    None => {
                        // A vacation is the player's, in all their games: carried out across them.
                        if let Some(request) = referee.leave_request(&player) {
                            return self.leave(tx, mail, request, now);
                        }
                        // So are preferences, and the overview: the player's games, or another
                        // game's mail.
                        if let Some(request) = referee.preference_request(&player) {
                            return self.preference(tx, mail, request, now);
                        }
                        if let Some(request) = referee.overview_request(&player) {
                            let games = match request.game_asked() {
                                Some(asked) => tx.game(asked)?.into_iter().collect(),
                                None => tx.active_games_of(&request.record.player(request.color).email)?,
                            };
                            referee.overview(mail, request, games, now)?
                        } else {
                            referee.player_mail(player, now)?
                        }
                    }
                }
            }
            Admission::Entrant(entrant) => match too_large {
                Some((size, limit)) => referee.too_large(mail, size, limit, now)?,
                None => self.entrant_mail(tx, &entrant, now)?,
            },
            Admission::Stranger(stranger) => match too_large {
                Some((size, limit)) => referee.too_large(mail, size, limit, now)?,
                None => match self.join_mail(tx, &stranger, now)? {
                    Some((decision, asked)) => {
                        asked_entry = asked;
                        decision
                    }
                    None => referee.answer_stranger(&stranger, now)?,
                },
            },
        };
        let players = someones && decision.verdict.is_players();
        let key = if players { mail.dedupe_key.clone() } else { format!("unverified:{}", mail.dedupe_key) };
        if !players && let Some(again) = self.read_before(tx, &key, now)? {
            return Ok(again);
        }
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        // One answer a day, at most, to an address that speaks for nobody (a mail that could
        // not be verified, a `join`) or whose mail was too large to read: whoever forges
        // someone's address in From cannot make the referee a source of mail to them
        // (backscatter), and a player writing from a wrong address, or with a huge attachment,
        // has had the answer.
        if let Some(held_back) = decision.verdict.held_back()
            && !decision.effects.mails.is_empty()
            && let Some(from) = sender
            && tx.answered_outside_games_since(from, now.checked_sub(ANSWER_OUTSIDE_GAMES_EVERY).unwrap_or(now))?
        {
            decision.effects.mails.clear();
            decision.verdict = held_back;
            asked_entry = None;
            for event in &mut decision.effects.events {
                event.detail.push_str("; not answered: this address had an answer within the last day");
            }
        }
        if let Some(tournament) = asked_entry {
            self.ask_entry(tx, tournament, mail, now)?;
        }
        // A request to confirm the end of a game, or a withdrawal, is one mail per action (its
        // Message-ID is the action's): while one waits, asking again sends nothing more.
        if decision.verdict == Verdict::ConfirmationAsked {
            let before = decision.effects.mails.len();
            for mail in std::mem::take(&mut decision.effects.mails) {
                if !tx.outbox_holds(&mail.message_id)? {
                    decision.effects.mails.push(mail);
                }
            }
            if decision.effects.mails.len() < before {
                for event in &mut decision.effects.events {
                    event.detail.push_str("; the request sent before still waits, none sent again");
                }
            }
        }
        let game_id = decision.effects.game.as_ref().map(|g| g.id);
        if players
            && let Some(message_id) = &mail.message_id
            && tx.message_id_reused(message_id, &key)?
        {
            decision.effects.events.push(Event {
                game_id,
                kind: "message-id-reused",
                detail: format!(
                    "a mail from {} reuses the Message-ID <{message_id}> of an earlier, different mail; both are handled",
                    sender.unwrap_or("?")
                ),
            });
        }
        let recorded = InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let inbox_id = self.record_inbox(tx, &key, now, recorded, decision.verdict)?;
        tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        self.follow_up(tx, &decision.effects, now)?;
        Ok(Ingested::Handled(decision.verdict))
    }

    /// herald failed to handle `mail` with `error`, and everything the mail did was undone.
    /// The mail is recorded as handled (so that the mail server does not offer it again and
    /// again), the operator's log (the event log and standard error) gets the error with a
    /// reference, and a verified sender gets an answer saying what went wrong and that nothing
    /// changed, whatever kind of token their mail carried: a game's token from that game's
    /// player, or an entry token from the entrant it was made for (a reply to a tournament's
    /// mail), authenticated as the club requires ([`Referee::failure_claim`]). Each is checked
    /// against the store's addresses alone, without loading the game or the tournament, which
    /// may be what failed. A sender herald cannot verify gets nothing: a forger must not be
    /// able to make herald write to anyone.
    fn failed(
        &self,
        tx: &Tx<'_>,
        mail: &reader::IncomingMail,
        error: &ServiceError,
        now: Timestamp,
    ) -> Result<Ingested, ServiceError> {
        let reference = crate::hex::sha256(mail.dedupe_key.as_bytes())[..12].to_string();
        let sender = mail.from.as_ref().map(|a| a.addr.as_str());
        tracing::error!(player = sender, reference, error = %error, "a mail could not be handled; nothing changed");
        let referee = self.referee();
        // The gate's first half, which needs nothing stored: the stored game or tournament may
        // be what failed, so the claim is checked against the players' and entrants' addresses
        // alone.
        let (verified, game_id) = match (referee.failure_claim(mail), sender) {
            (Some(Claim::Player { game, color }), Some(from)) => {
                let verified = tx.players_of(game)?.is_some_and(|(white, black)| {
                    let email = if color.is_white() { white } else { black };
                    email.eq_ignore_ascii_case(from)
                });
                (verified, Some(game).filter(|_| verified))
            }
            (Some(Claim::Entrant { tournament }), Some(from)) => (tx.is_entered(tournament, from)?, None),
            _ => (false, None),
        };
        let mut decision = referee.failed(mail, error.in_players_terms(), &reference, now);
        for event in &mut decision.effects.events {
            event.game_id = game_id;
            event.detail.push_str(&format!(": {error}"));
            if !verified {
                event.detail.push_str("; not answered: the sender is not a verified player or entrant");
            }
        }
        if !verified {
            decision.effects.mails.clear();
        }
        let recorded = InboxMail { sender, subject: &mail.subject, message_id: mail.message_id.as_deref(), game_id };
        let inbox_id = self.record_inbox(tx, &mail.dedupe_key, now, recorded, decision.verdict)?;
        tx.apply(&decision.effects, self.from, now, Some(inbox_id))?;
        Ok(Ingested::Handled(decision.verdict))
    }

    /// A mail that cannot be parsed at all (not even a header block): recorded (so a
    /// redelivery is recognised) and logged, never answered, since its sender cannot be known.
    fn record_unreadable(&self, tx: &Tx<'_>, key: &str, why: &str, now: Timestamp) -> Result<Ingested, ServiceError> {
        if let Some(again) = self.read_before(tx, key, now)? {
            return Ok(again);
        }
        let verdict = Verdict::Unreadable;
        self.record_inbox(tx, key, now, InboxMail::default(), verdict)?;
        let event = Event { game_id: None, kind: verdict.as_str(), detail: why.to_string() };
        tx.apply(&Effects { events: vec![event], ..Effects::default() }, "", now, None)?;
        Ok(Ingested::Handled(verdict))
    }
}

/// What a caught panic said.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}
