//! Tournaments at the edge: each step a transaction with the mails it causes. The TD's
//! commands (make, open, start, pair, adjudicate, withdraw), entries by mail, and what follows
//! a tournament game's end in the same transaction as that end: its result in the pairing,
//! both players' ratings, the standings mail, and, when a round is over, the next round (a
//! Swiss) or the final crosstable.

use super::handling::Handler;
use super::log::Line;
use super::{Service, ServiceError};
use crate::clock::Timestamp;
use crate::engine::Color;
use crate::mail::reader::IncomingMail;
use crate::referee::Decision;
use crate::referee::gate::{EntrantMail, StrangerMail};
use crate::referee::records::{Effects, Event, GameStatus, Player, TournamentGame};
use crate::referee::tournaments::{EntryChange, StandingsMail, TournamentNews};
use crate::store::{RatingRow, Tx};
use crate::tournament::ratings::{self, Rating};
use crate::tournament::{
    Entrant, Pairing, Points, Stage, System, Tournament, berger, crosstable, director, dutch, trf, withdrawal,
};
use crate::untrusted::shown_name;
use crate::variants;

/// What the TD gives to make a tournament.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// The tournament's terms (its `id` and `stage` are ignored).
    pub terms: Tournament,
    /// Players the TD enters at once (confirmed).
    pub players: Vec<Player>,
}

impl Service {
    /// Makes a tournament with the TD's players entered; returns its number.
    pub fn create_tournament(&mut self, new: NewTournament) -> Result<i64, ServiceError> {
        let NewTournament { mut terms, players } = new;
        check_variant(&terms.variant)?;
        if terms.system == System::Swiss && terms.rounds == 0 {
            return Err(ServiceError::Usage("a Swiss needs --rounds".into()));
        }
        if let Some(control) = terms.time_control {
            super::check_reminders(&self.settings, control)?;
        }
        terms.stage = Stage::New;
        terms.created_at = self.clock.now();
        let now = terms.created_at;
        self.store.write(|tx| -> Result<i64, ServiceError> {
            let id = tx.create_tournament(&terms)?;
            for p in &players {
                check_address(&p.email)?;
                tx.add_entry(id, p, None, true, now)?;
            }
            Ok(id)
        })
    }

    /// Opens entries by mail.
    pub fn open_tournament(&mut self, id: i64) -> Result<(), ServiceError> {
        self.store.write(|tx| -> Result<(), ServiceError> {
            let t = load(tx, id)?;
            if t.stage != Stage::New {
                return Err(ServiceError::Usage(format!(
                    "{} is {}: only a new tournament opens",
                    t.name,
                    t.stage.as_str()
                )));
            }
            tx.set_tournament_stage(id, Stage::Open, t.rounds)?;
            Ok(())
        })
    }

    /// Enters a player for the TD (confirmed at once).
    pub fn enter_player(&mut self, id: i64, player: Player) -> Result<(), ServiceError> {
        check_address(&player.email)?;
        let now = self.clock.now();
        self.store.write(|tx| -> Result<(), ServiceError> {
            let t = load(tx, id)?;
            if !matches!(t.stage, Stage::New | Stage::Open) {
                return Err(ServiceError::Usage(format!("{} has started: no more entries", t.name)));
            }
            if !tx.add_entry(id, &player, None, true, now)? {
                tx.confirm_entry(id, &player.email)?;
            }
            Ok(())
        })
    }

    /// Starts a tournament: the start list (confirmed entries by rating; unconfirmed ones are
    /// dropped), the rounds, and the games — every game of a round robin at once, as ICCF
    /// sections start, or the first round of a Swiss — with their invitations and a mail to
    /// every entrant. Returns the games started.
    pub fn start_tournament(&mut self, id: i64) -> Result<Vec<i64>, ServiceError> {
        let now = self.clock.now();
        let (handler, store) = self.handler();
        handler.commit(store, |tx| {
            let mut t = load(tx, id)?;
            if !matches!(t.stage, Stage::New | Stage::Open) {
                return Err(ServiceError::Usage(format!("{} has started already", t.name)));
            }
            let entries = tx.entries(id)?;
            let mut confirmed = Vec::new();
            for e in entries {
                if e.confirmed {
                    let rating = tx.rating(&e.entrant.email, &t.variant)?.map(|r| r.rating.round() as u32);
                    confirmed.push(Entrant { rating: rating.or(e.entrant.rating), ..e.entrant });
                } else {
                    tx.remove_entry(id, &e.entrant.email)?;
                }
            }
            if confirmed.len() < 2 {
                return Err(ServiceError::Usage(format!(
                    "{} has {} confirmed player(s): two at least",
                    t.name,
                    confirmed.len()
                )));
            }
            let entrants = director::start_list(confirmed);
            for e in &entrants {
                tx.set_entrant_number(id, &e.email, e.number)?;
                // The rating the start list was made from, for the TRF's rating column.
                tx.set_entrant_rating(id, e.number, e.rating)?;
            }
            t.rounds = director::rounds(t.system, entrants.len() as u32, t.rounds);
            if t.system == System::Swiss {
                // The initial colour is drawn by lot (C.04.2), from the referee's random source,
                // and kept: Art. 5.2.5 gives it in every round, not only the first.
                t.initial_colour = if (handler.nonces)()[0] & 1 == 0 { Color::White } else { Color::Black };
                tx.set_initial_colour(id, t.initial_colour)?;
            }
            tx.set_tournament_stage(id, Stage::Running, t.rounds)?;
            t.stage = Stage::Running;
            let pairings = match t.system {
                System::RoundRobin => berger::schedule(entrants.len() as u32, 1),
                System::DoubleRoundRobin => berger::schedule(entrants.len() as u32, 2),
                System::Swiss => pair_swiss(tx, &t, &entrants, &[], 1)?.map_err(ServiceError::Usage)?,
            };
            let games = handler.start_pairings(tx, &t, &entrants, pairings, now)?;
            let news = TournamentNews {
                event: "begins",
                players: Some(entrants.len()),
                pairings: Some(crosstable::round_text_in(
                    &entrants,
                    &tx.pairings(id)?,
                    1,
                    &handler.referee().table_words(&t),
                )),
                ..TournamentNews::default()
            };
            handler.news_to_all(tx, &t, &entrants, "begins", &news, now)?;
            Ok(games)
        })
    }

    /// Pairs and starts the next round of a Swiss whose rounds so far are over (the TD's
    /// command; a round also starts by itself when its last game ends). Returns the round, or
    /// `None` when no round was left to pair: the tournament is over now, its final mail sent.
    /// A round that cannot be paired is refused with the reason.
    pub fn pair_next_round(&mut self, id: i64) -> Result<Option<u32>, ServiceError> {
        let now = self.clock.now();
        let (handler, store) = self.handler();
        handler.commit(store, |tx| {
            let t = load(tx, id)?;
            if t.system != System::Swiss || t.stage != Stage::Running {
                return Err(ServiceError::Usage(format!("{} is not a running Swiss", t.name)));
            }
            match handler.advance(tx, id, now)? {
                Advance::Paired(round) => Ok(Some(round)),
                Advance::Finished => Ok(None),
                Advance::PairingFailed(reason) => Err(ServiceError::Usage(reason)),
                Advance::Waiting => Err(ServiceError::Usage(format!(
                    "round {} of {} still has games in play",
                    director::latest_round(&tx.pairings(id)?),
                    t.name
                ))),
            }
        })
    }

    /// Tournament `id` as FIDE's Tournament Report File: the colour drawn by lot once there
    /// is one (`XXC`), the start list's ratings, and the Swiss's pairing-allocated byes as
    /// such whatever they score.
    pub fn export_trf(&mut self, id: i64) -> Result<String, ServiceError> {
        let (t, entries, pairings) = self.store.read(|tx| Ok((load(tx, id), tx.entries(id)?, tx.pairings(id)?)))?;
        let t = t?;
        let entrants: Vec<Entrant> =
            entries.into_iter().filter(|e| e.confirmed && e.entrant.number > 0).map(|e| e.entrant).collect();
        let report = trf::TrfTournament {
            name: t.name.clone(),
            start_date: Some(t.created_at.strftime("%Y/%m/%d").to_string()),
            end_date: None,
            kind: Some(format!("{} ({})", t.system.as_str(), t.variant)),
            total_rounds: t.rounds,
            initial_colour: t.drawn_colour(),
            pab_points: t.pab_points(),
            entrants,
            pairings,
        };
        Ok(trf::export(&report))
    }

    /// The TD ends tournament game `game` with these points (an adjudication, or with
    /// `forfeit` a loss by forfeit); what follows a game's end follows.
    pub fn direct_game(&mut self, game: i64, white: Points, black: Points, forfeit: bool) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let (handler, store) = self.handler();
        handler.commit(store, |tx| {
            let record = tx.game(game)?.ok_or_else(|| ServiceError::Usage(format!("there is no game #{game}")))?;
            if record.tournament.is_none() {
                return Err(ServiceError::Usage(format!("game #{game} is not a tournament game")));
            }
            if record.status == GameStatus::Finished {
                return Err(ServiceError::Usage(format!("game #{game} is over already")));
            }
            let decision = handler.referee().decided_by_director(record, white, black, forfeit, now)?;
            tx.apply(&decision.effects, handler.from, now, None)?;
            handler.follow_up(tx, &decision.effects, now)
        })
    }

    /// Forbids two entrants of tournament `id` to meet (a Swiss's pairings respect it).
    pub fn forbid_pair(&mut self, id: i64, a: &str, b: &str) -> Result<(), ServiceError> {
        self.store.write(|tx| -> Result<(), ServiceError> {
            let t = load(tx, id)?;
            if t.system != System::Swiss {
                return Err(ServiceError::Usage(format!("{} is a round robin: everyone meets everyone", t.name)));
            }
            let entries = tx.entries(id)?;
            for email in [a, b] {
                if !entries.iter().any(|e| e.entrant.email.eq_ignore_ascii_case(email)) {
                    return Err(ServiceError::Usage(format!("{email} is not entered in {}", t.name)));
                }
            }
            tx.forbid_pair(id, a, b)?;
            Ok(())
        })
    }

    /// Mails the daily digest of every running tournament that has one due (the club's
    /// `tournaments.standings_mail: daily`): the standings and crosstable, when results came
    /// in since the last one, a day or more ago. Each tournament in a transaction of its own.
    /// Returns how many went out.
    pub fn send_digests(&mut self) -> Result<usize, ServiceError> {
        if self.settings.standings_mail != StandingsMail::Daily {
            return Ok(0);
        }
        let now = self.clock.now();
        let due = self.store.read(|tx| tx.digests_due(now))?;
        for &(id, results) in &due {
            let (handler, store) = self.handler();
            handler.commit(store, |tx| {
                let t = load(tx, id)?;
                let entrants = entrants(tx, id)?;
                let pairings = tx.pairings(id)?;
                let table = t.standings(&entrants, &pairings);
                let words = handler.referee().table_words(&t);
                let news = TournamentNews {
                    event: "digest",
                    headline: Some(handler.referee().digest_headline(&t, results)),
                    standings: Some(crosstable::standings_text_in(&entrants, &table, &words)),
                    crosstable: Some(crosstable::text_in(&entrants, &pairings, &table, &words)),
                    ..TournamentNews::default()
                };
                handler.news_to_all(tx, &t, &entrants, &format!("digest-{results}"), &news, now)?;
                tx.digest_sent(id, results, now)?;
                Ok(())
            })?;
        }
        Ok(due.len())
    }

    /// Withdraws `email` from tournament `id` for the TD.
    pub fn withdraw_player(&mut self, id: i64, email: &str) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let (handler, store) = self.handler();
        handler.commit(store, |tx| {
            let t = load(tx, id)?;
            let entry = tx
                .entries(id)?
                .into_iter()
                .find(|e| e.entrant.email.eq_ignore_ascii_case(email))
                .ok_or_else(|| ServiceError::Usage(format!("{email} is not entered in {}", t.name)))?;
            match t.stage {
                Stage::New | Stage::Open => {
                    tx.remove_entry(id, &entry.entrant.email)?;
                    Ok(())
                }
                Stage::Running if entry.entrant.withdrawn_after.is_none() => {
                    handler.withdraw(tx, &t, &entry.entrant, now)
                }
                Stage::Running => Err(ServiceError::Usage(format!("{email} has withdrawn already"))),
                Stage::Finished => Err(ServiceError::Usage(format!("{} is over", t.name))),
            }
        })
    }
}

impl Handler<'_> {
    /// A stranger's `join`, decided in `tx`, with the tournament in which an unconfirmed entry
    /// is to be noted if the answer asking to confirm it goes out ([`Handler::ask_entry`]);
    /// `None` when the mail asks no such thing.
    pub(super) fn join_mail(
        &self,
        tx: &Tx<'_>,
        stranger: &StrangerMail<'_>,
        now: Timestamp,
    ) -> Result<Option<(Decision, Option<i64>)>, ServiceError> {
        let referee = self.referee();
        let Some(wanted) = referee.join_request(stranger) else { return Ok(None) };
        let mail = stranger.mail();
        let sender = mail.from.as_ref().map(|a| a.addr.to_ascii_lowercase()).unwrap_or_default();
        let tournament = match wanted.trim_start_matches('#').parse::<i64>() {
            Ok(id) => tx.tournament(id)?,
            Err(_) => tx.tournament_named(&wanted)?,
        };
        let entry = match &tournament {
            Some(t) => tx.entries(t.id)?.into_iter().find(|e| e.entrant.email.eq_ignore_ascii_case(&sender)),
            None => None,
        };
        let (decision, change) = referee.on_join(stranger, &wanted, tournament.as_ref(), entry.as_ref(), now)?;
        let asked = tournament.filter(|_| change == EntryChange::Ask).map(|t| t.id);
        Ok(Some((decision, asked)))
    }

    /// Adds the unconfirmed entry a stranger's `join` asked for, once the answer that asks them
    /// to confirm it is sure to go out (the once-a-day limit may hold it back: then nothing is
    /// entered, and a later `join` asks again).
    pub(super) fn ask_entry(
        &self,
        tx: &Tx<'_>,
        tournament: i64,
        mail: &IncomingMail,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let sender = mail.from.as_ref().map(|a| a.addr.to_ascii_lowercase()).unwrap_or_default();
        let name = mail.from.as_ref().and_then(|a| a.name.clone());
        tx.add_entry(tournament, &Player { email: sender, name }, None, false, now)?;
        Ok(())
    }

    /// An entrant's reply in their tournament's thread, decided and written in `tx`: confirms
    /// the entry, removes it, or withdraws the entrant (once confirmed where the club asks).
    /// A tournament this database does not hold gets the stranger's answer.
    pub(super) fn entrant_mail(
        &self,
        tx: &Tx<'_>,
        entrant: &EntrantMail<'_>,
        now: Timestamp,
    ) -> Result<Decision, ServiceError> {
        let referee = self.referee();
        let Some(t) = tx.tournament(entrant.tournament())? else {
            let why = format!(
                "mail from {} about tournament {}, which this database does not hold",
                entrant.email(),
                entrant.tournament()
            );
            return Ok(referee.answer_unverified(entrant.mail(), why, now)?);
        };
        let entry = tx.entries(t.id)?.into_iter().find(|e| e.entrant.email.eq_ignore_ascii_case(entrant.email()));
        let (decision, change) = referee.on_entry_reply(entrant, &t, entry.as_ref(), now)?;
        match change {
            EntryChange::Confirm => {
                tx.confirm_entry(t.id, entrant.email())?;
            }
            EntryChange::Remove => {
                tx.remove_entry(t.id, entrant.email())?;
            }
            EntryChange::Withdraw => {
                if let Some(e) = &entry {
                    // The answer goes out first; the withdrawal's own mails follow.
                    return self.withdrawn_by_mail(tx, &t, &e.entrant, decision, now);
                }
            }
            EntryChange::None | EntryChange::Ask => {}
        }
        Ok(decision)
    }

    fn withdrawn_by_mail(
        &self,
        tx: &Tx<'_>,
        t: &Tournament,
        entrant: &Entrant,
        decision: Decision,
        now: Timestamp,
    ) -> Result<Decision, ServiceError> {
        tx.apply(&decision.effects, self.from, now, None)?;
        self.withdraw(tx, t, entrant, now)?;
        Ok(Decision { effects: Effects::default(), verdict: decision.verdict })
    }

    /// Withdraws `entrant` from running tournament `t` by the club's rule
    /// ([`withdrawal::withdraw`]): their games are annulled or forfeited, games in progress
    /// stopped (a herald game ends by forfeit, whatever its pairing then counts), and a
    /// Swiss pairs them no more.
    fn withdraw(&self, tx: &Tx<'_>, t: &Tournament, entrant: &Entrant, now: Timestamp) -> Result<(), ServiceError> {
        let pairings = tx.pairings(t.id)?;
        let annulled = tx.annulled_pairings(t.id)?;
        let between_rounds = director::all_settled(&pairings, |p| annulled.contains(&(p.round, p.board)));
        let round = director::latest_round(&pairings);
        let after = if t.system == System::Swiss { round } else { 0 };
        tx.set_withdrawn(t.id, entrant.number, after)?;
        let rule = withdrawal::withdraw(t.system, &pairings, entrant.number, after, t.withdrawal);
        for change in &rule.changes {
            let (round, board) = match *change {
                withdrawal::Change::Annul { round, board } | withdrawal::Change::Forfeit { round, board, .. } => {
                    (round, board)
                }
            };
            let Some(p) = pairings.iter().find(|p| p.round == round && p.board == board) else { continue };
            if let withdrawal::Change::Annul { .. } = change {
                tx.annul_pairing(t.id, round, board)?;
            }
            let in_play = match p.game {
                Some(game) => tx.game(game)?.filter(|g| g.status == GameStatus::Active),
                None => None,
            };
            match (change, in_play) {
                (withdrawal::Change::Forfeit { score, .. }, Some(record)) => {
                    let decision = self.referee().decided_by_director(record, score.white, score.black, true, now)?;
                    tx.apply(&decision.effects, self.from, now, None)?;
                    self.follow_up(tx, &decision.effects, now)?;
                }
                (withdrawal::Change::Forfeit { score, .. }, None) => {
                    tx.save_pairing(t.id, &Pairing { score: Some(*score), ..p.clone() })?;
                }
                (withdrawal::Change::Annul { .. }, Some(record)) => {
                    // The game stops as a forfeit; its pairing stays annulled.
                    let withdrawn_white = p.white == entrant.number;
                    let (white, black) =
                        if withdrawn_white { (Points::ZERO, Points::ONE) } else { (Points::ONE, Points::ZERO) };
                    let decision = self.referee().decided_by_director(record, white, black, true, now)?;
                    tx.apply(&decision.effects, self.from, now, None)?;
                }
                (withdrawal::Change::Annul { .. }, None) => {}
            }
        }
        // A round that waited only for the withdrawn player's games may be over now (when a
        // forfeit above ended its last game, that forfeit's follow-up has advanced already).
        // Between rounds nothing ended: the next round starts when the director or the end of
        // a game says, so that a second withdrawal lands in the same round as the first.
        if !between_rounds {
            self.advance(tx, t.id, now)?;
        }
        Ok(())
    }

    /// What follows a decision in the same transaction: when it ended a tournament game, the
    /// game's result in its pairing, the ratings, the standings to every entrant, and what a
    /// finished round brings.
    pub(super) fn follow_up(&self, tx: &Tx<'_>, effects: &Effects, now: Timestamp) -> Result<(), ServiceError> {
        let Some(game) = &effects.game else { return Ok(()) };
        let (Some(result), Some(_)) = (&game.result, &game.tournament) else { return Ok(()) };
        let Some((id, mut pairing)) = tx.pairing_of_game(game.id)? else { return Ok(()) };
        if pairing.score.is_some() || tx.annulled_pairings(id)?.contains(&(pairing.round, pairing.board)) {
            return Ok(());
        }
        let t = load(tx, id)?;
        pairing.score = Some(director::score_of(result));
        tx.save_pairing(id, &pairing)?;
        if t.rated && pairing.score.is_some_and(|s| s.finish.was_played()) {
            self.rate(tx, &t.variant, &game.white, &game.black, &result.score, now)?;
        }
        let entrants = entrants(tx, id)?;
        let pairings = tx.pairings(id)?;
        let table = t.standings(&entrants, &pairings);
        let name = |n: u32| {
            entrants.iter().find(|e| e.number == n).map_or("?".to_string(), |e| shown_name(&e.name).into_owned())
        };
        let words = self.referee().table_words(&t);
        let players = (name(pairing.white), pairing.black.map_or(words.bye.clone(), name));
        let headline = self.referee().result_headline(&t, pairing.round, pairing.board, players, result);
        if self.settings.standings_mail == StandingsMail::EachGame {
            let news = TournamentNews {
                event: "result",
                headline: Some(headline),
                standings: Some(crosstable::standings_text_in(&entrants, &table, &words)),
                ..TournamentNews::default()
            };
            self.news_to_all(tx, &t, &entrants, &format!("result-g{}", game.id), &news, now)?;
        }
        self.advance(tx, id, now)?;
        Ok(())
    }

    /// When every game so far is over: the next Swiss round, or, after the last round (a round
    /// robin's rounds are all paired at the start), the end of the tournament with the final
    /// crosstable. Returns what it did.
    ///
    /// It takes the tournament's number, not a `Tournament`: its stage is read here, in `tx`,
    /// so that whatever a caller did before in the same transaction (a withdrawal's forfeits
    /// each follow up, and the last of them may have finished the tournament) is seen, and no
    /// caller can finish a tournament twice or pair a round twice from a stale copy.
    fn advance(&self, tx: &Tx<'_>, id: i64, now: Timestamp) -> Result<Advance, ServiceError> {
        let t = &load(tx, id)?;
        let pairings = tx.pairings(t.id)?;
        let latest = director::latest_round(&pairings);
        let annulled = tx.annulled_pairings(t.id)?;
        if t.stage != Stage::Running || !director::all_settled(&pairings, |p| annulled.contains(&(p.round, p.board))) {
            return Ok(Advance::Waiting);
        }
        let entrants = entrants(tx, t.id)?;
        let still_playing = entrants.iter().filter(|e| e.plays_in(latest + 1)).count();
        if t.system == System::Swiss && latest < t.rounds && still_playing >= 2 {
            let round = latest + 1;
            let new = match pair_swiss(tx, t, &entrants, &pairings, round)? {
                Ok(new) => new,
                Err(reason) => {
                    // The game that ended stays ended; the TD is told (in the log, and by mail
                    // when the club names a director) and decides what gives way, then pairs.
                    let notice = self.referee().pairing_failed_notice(t, round, &reason, now)?;
                    let told = match &notice {
                        Some(mail) => format!("; the director ({}) is told", mail.recipient),
                        None => String::new(),
                    };
                    let event = Event { game_id: None, kind: "pairing-failed", detail: format!("{reason}{told}") };
                    let effects =
                        Effects { events: vec![event], mails: notice.into_iter().collect(), ..Effects::default() };
                    tx.apply(&effects, self.from, now, None)?;
                    return Ok(Advance::PairingFailed(reason));
                }
            };
            self.start_pairings(tx, t, &entrants, new, now)?;
            let news = TournamentNews {
                event: "round",
                round: Some(round),
                pairings: Some(crosstable::round_text_in(
                    &entrants,
                    &tx.pairings(t.id)?,
                    round,
                    &self.referee().table_words(t),
                )),
                ..TournamentNews::default()
            };
            self.news_to_all(tx, t, &entrants, &format!("round-{round}"), &news, now)?;
            return Ok(Advance::Paired(round));
        }
        tx.set_tournament_stage(t.id, Stage::Finished, t.rounds)?;
        let table = t.standings(&entrants, &pairings);
        let news = TournamentNews {
            event: "final",
            standings: Some(crosstable::standings_text_in(&entrants, &table, &self.referee().table_words(t))),
            crosstable: Some(crosstable::text_in(&entrants, &pairings, &table, &self.referee().table_words(t))),
            ..TournamentNews::default()
        };
        // The final mail goes to everyone who played, the withdrawn too.
        for e in &entrants {
            let player = Player { email: e.email.clone(), name: Some(e.name.clone()) };
            if let Some(mail) = self.referee().tournament_news(t, &player, "final", &news, now)? {
                tx.apply(&Effects { mails: vec![mail], ..Effects::default() }, self.from, now, None)?;
            }
        }
        Ok(Advance::Finished)
    }

    /// Stores `pairings` and starts a game for each board with two players; a bye is scored
    /// at once. Returns the games started.
    fn start_pairings(
        &self,
        tx: &Tx<'_>,
        t: &Tournament,
        entrants: &[Entrant],
        pairings: Vec<Pairing>,
        now: Timestamp,
    ) -> Result<Vec<i64>, ServiceError> {
        let variant =
            variants::by_id(&t.variant).ok_or_else(|| ServiceError::Usage(format!("unknown variant {}", t.variant)))?;
        let player = |n: u32| -> Result<Player, ServiceError> {
            let e = entrants
                .iter()
                .find(|e| e.number == n)
                .ok_or_else(|| ServiceError::Usage(format!("pairing names entrant {n}, who is not entered")))?;
            Ok(Player { email: e.email.clone(), name: Some(e.name.clone()) })
        };
        let mut games = Vec::new();
        // Each round's games, for the log: a round robin's rounds are all paired at once.
        let mut rounds: Vec<u32> = pairings.iter().map(|p| p.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        let mut started = Vec::new();
        for mut p in pairings {
            if let Some(black) = p.black {
                started.push(p.round);
                let id = tx.next_game_id()?;
                let rating = |email: &str| -> Result<Option<u32>, ServiceError> {
                    Ok(tx.rating(email, &t.variant)?.map(|r| r.rating.round() as u32))
                };
                let (white, black) = (player(p.white)?, player(black)?);
                let tag = TournamentGame {
                    id: t.id,
                    name: t.name.clone(),
                    round: p.round,
                    board: p.board,
                    ratings: [rating(&white.email)?, rating(&black.email)?],
                    language: t.language.clone(),
                };
                let own = tx.players_own(&white, &black, now)?;
                let effects =
                    self.referee().start_game_in(id, variant, white, black, t.time_control, Some(tag), own, now)?;
                tx.apply(&effects, self.from, now, None)?;
                p.game = Some(id);
                games.push(id);
            }
            tx.save_pairing(t.id, &p)?;
        }
        for round in rounds {
            let games = started.iter().filter(|&&r| r == round).count();
            self.log.push(Line::Paired { tournament: t.id, round, games });
        }
        Ok(games)
    }

    /// The same news to every entrant still playing.
    fn news_to_all(
        &self,
        tx: &Tx<'_>,
        t: &Tournament,
        entrants: &[Entrant],
        purpose: &str,
        news: &TournamentNews,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let mut mails = Vec::new();
        for e in entrants.iter().filter(|e| e.withdrawn_after.is_none()) {
            let player = Player { email: e.email.clone(), name: Some(e.name.clone()) };
            mails.extend(self.referee().tournament_news(t, &player, purpose, news, now)?);
        }
        tx.apply(&Effects { mails, ..Effects::default() }, self.from, now, None)?;
        Ok(())
    }

    /// Both players' ratings in `variant` after a rated game with PGN result `result`.
    fn rate(
        &self,
        tx: &Tx<'_>,
        variant: &str,
        white: &Player,
        black: &Player,
        result: &str,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let current = |p: &Player| -> Result<(Rating, u32), ServiceError> {
            Ok(tx.rating(&p.email, variant)?.map_or((ratings::START, 0), |r| {
                (Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }, r.games)
            }))
        };
        let ((w, w_games), (b, b_games)) = (current(white)?, current(black)?);
        let Some((w, b)) = ratings::rate(w, b, result) else { return Ok(()) };
        for (p, r, games) in [(white, w, w_games), (black, b, b_games)] {
            let row = RatingRow {
                email: p.email.clone(),
                name: p.name.clone(),
                variant: variant.to_string(),
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                games: games + 1,
            };
            tx.set_rating(&row, now)?;
        }
        Ok(())
    }
}

/// What [`Handler::advance`] did.
enum Advance {
    /// A game of the latest round is still without a result (or the tournament is not running).
    Waiting,
    /// This Swiss round was paired and its games started.
    Paired(u32),
    /// The next round could not be paired, for this reason (logged as `pairing-failed`).
    PairingFailed(String),
    /// The last round was over: the tournament ended.
    Finished,
}

/// Round `round` of Swiss `t`, by the Dutch system, with the pairs the TD forbade; an error
/// is the reason, in words, with the tournament's name.
fn pair_swiss(
    tx: &Tx<'_>,
    t: &Tournament,
    entrants: &[Entrant],
    previous: &[Pairing],
    round: u32,
) -> Result<Result<Vec<Pairing>, String>, ServiceError> {
    let number = |email: &str| entrants.iter().find(|e| e.email.eq_ignore_ascii_case(email)).map(|e| e.number);
    let forbidden: Vec<(u32, u32)> =
        tx.forbidden_pairs(t.id)?.iter().filter_map(|(a, b)| Some((number(a)?, number(b)?))).collect();
    let input = dutch::SwissRound {
        entrants,
        previous,
        round,
        total_rounds: t.rounds,
        initial_colour: t.initial_colour,
        forbidden: &forbidden,
        bye_points: t.bye_points,
    };
    // The error's own words say which round cannot be paired and why.
    Ok(dutch::pair(&input).map_err(|e| format!("{}: {e}", t.name)))
}

fn load(tx: &Tx<'_>, id: i64) -> Result<Tournament, ServiceError> {
    tx.tournament(id)?.ok_or_else(|| ServiceError::Usage(format!("there is no tournament #{id}")))
}

/// The entrants of a started tournament (confirmed, numbered).
fn entrants(tx: &Tx<'_>, id: i64) -> Result<Vec<Entrant>, ServiceError> {
    Ok(tx.entries(id)?.into_iter().filter(|e| e.confirmed && e.entrant.number > 0).map(|e| e.entrant).collect())
}

fn check_variant(id: &str) -> Result<(), ServiceError> {
    if variants::by_id(id).is_some() {
        return Ok(());
    }
    let known: Vec<&str> = variants::all().iter().map(|v| v.id()).collect();
    Err(ServiceError::Usage(format!("unknown variant {id:?}; known: {}", known.join(", "))))
}

fn check_address(email: &str) -> Result<(), ServiceError> {
    if email.contains('@') { Ok(()) } else { Err(ServiceError::Usage(format!("{email:?} is not a mail address"))) }
}

impl Service {
    /// Imports a tournament begun elsewhere from its TRF, with `terms` (name, variant, system,
    /// tie-breaks, ... — the TRF's own name, rounds, initial colour and the PAB's points of its
    /// `BBU` line win) and the players' addresses in
    /// starting-number order (a TRF has none): its players, rounds and results become the
    /// tournament's history, and its next rounds are paired (`pair`) and played here.
    /// Returns its number.
    pub fn import_trf(&mut self, text: &str, mut terms: Tournament, emails: &[String]) -> Result<i64, ServiceError> {
        let report = trf::parse(text).map_err(|e| ServiceError::Usage(format!("the TRF: {e}")))?;
        if emails.len() != report.entrants.len() {
            return Err(ServiceError::Usage(format!(
                "the TRF has {} players: give their addresses with --players, in starting-number order ({} given)",
                report.entrants.len(),
                emails.len()
            )));
        }
        check_variant(&terms.variant)?;
        for email in emails {
            check_address(email)?;
        }
        if !report.name.trim().is_empty() {
            terms.name = report.name.trim().to_string();
        }
        terms.rounds = report.total_rounds;
        // A file without `XXC` is read as bbpPairings reads it: the colour its round 1 shows.
        terms.initial_colour =
            report.initial_colour.or_else(|| director::initial_colour_shown(&report.pairings)).unwrap_or(Color::White);
        // The file's byes were scored so; the next ones score the same.
        if let Some(points) = report.pab_points {
            terms.bye_points = points;
        }
        terms.stage = Stage::Running;
        terms.created_at = self.clock.now();
        let now = terms.created_at;
        self.store.write(|tx| -> Result<i64, ServiceError> {
            let id = tx.create_tournament(&terms)?;
            for (e, email) in report.entrants.iter().zip(emails) {
                let player = Player { email: email.to_ascii_lowercase(), name: Some(e.name.clone()) };
                tx.add_entry(id, &player, e.rating, true, now)?;
                tx.set_entrant_number(id, &player.email, e.number)?;
                if let Some(after) = e.withdrawn_after {
                    tx.set_withdrawn(id, e.number, after)?;
                }
            }
            for p in &report.pairings {
                tx.save_pairing(id, p)?;
            }
            Ok(id)
        })
    }
}
