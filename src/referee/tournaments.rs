//! The referee's part in tournaments: entries by mail (a `join` answered with a request to
//! confirm, so nobody is entered by a forged From), the tournament's own mails (the start, each
//! round, each result with the standings, the final crosstable), and the decisions of the
//! tournament director on a game (adjudication, forfeit). Like the rest of the core it does no
//! I/O: the service hands it the tournament and entries it loaded, and writes what it returns.

use serde::{Deserialize, Serialize};

use super::gate::{EntrantMail, StrangerMail};
use super::records::{Effects, Event, GameRecord, GameResult, GameStatus, OutgoingRecord, Player, Verdict};
use super::templates::Rendered;
use super::{Decision, Referee, RefereeError, ids};
use crate::clock::Timestamp;
use crate::language::Language;
use crate::mail::compose::{self, AutoSubmitted, OutgoingMail};
use crate::mail::reader::IncomingMail;
use crate::store::Entry;
use crate::tournament::{Points, Stage, Tournament};
use crate::untrusted::{self, OneLine};
use crate::variants;

/// When a tournament's players get its standings (the club's `tournaments.standings_mail`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum StandingsMail {
    /// After each game's end: its result and the standings.
    #[default]
    EachGame,
    /// Once a day, when results came in: the standings and the crosstable.
    Daily,
    /// Only at the end (the final crosstable).
    None,
}

/// What an entry mail changes, for the service to write.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EntryChange {
    /// Nothing.
    None,
    /// An unconfirmed entry to add.
    Ask,
    /// The entry is confirmed.
    Confirm,
    /// The entry is removed (before the start).
    Remove,
    /// The player withdraws from a running tournament.
    Withdraw,
}

/// The public header of a tournament in template contexts.
#[derive(Serialize)]
struct TournamentHeader {
    id: i64,
    name: String,
    variant_name: String,
    system: &'static str,
    rounds: u32,
}

impl TournamentHeader {
    fn of(t: &Tournament) -> TournamentHeader {
        TournamentHeader {
            id: t.id,
            name: t.name.clone(),
            variant_name: variants::by_id(&t.variant).map_or(t.variant.clone(), |v| v.name().to_string()),
            system: t.system.as_str(),
            rounds: t.rounds,
        }
    }
}

/// How a tournament mail is identified and threaded.
struct Envelope {
    message_id: String,
    /// The Message-ID of the mail it answers, when it can be repeated in our headers.
    thread: Option<String>,
    auto_submitted: AutoSubmitted,
}

impl Envelope {
    /// An answer to `mail`: its Message-ID derives from `purpose` and the mail's delivery key,
    /// so handling the same mail twice could never produce two different answers.
    fn answering(mail: &IncomingMail, purpose: &str, domain: &str) -> Envelope {
        Envelope {
            message_id: ids::answer_message_id(purpose, &mail.dedupe_key, domain),
            thread: mail.message_id.clone().filter(|id| ids::reusable_message_id(id)),
            auto_submitted: AutoSubmitted::AutoReplied,
        }
    }
}

/// Everything `tournament.txt` may use: nothing but what every entrant may know.
#[derive(Serialize, Default)]
pub struct TournamentNews {
    /// What happened: `begins`, `round`, `result`, `final`.
    pub event: &'static str,
    /// The round, for `round`.
    pub round: Option<u32>,
    /// The result in one line, for `result`.
    pub headline: Option<String>,
    /// Players at the start, for `begins`.
    pub players: Option<usize>,
    /// A round's pairings as text.
    pub pairings: Option<String>,
    /// The standings as text.
    pub standings: Option<String>,
    /// The crosstable as text.
    pub crosstable: Option<String>,
}

#[derive(Serialize)]
struct EntryContext {
    tournament: TournamentHeader,
    name: String,
    event: &'static str,
    refusal: Option<String>,
    refusal_subject: Option<String>,
    withdrawal: Option<String>,
}

impl Referee<'_> {
    /// The tournament a stranger's mail asks to join, as they wrote it: a first line (or,
    /// without one, a Subject) `join ID` or `join NAME`. Joining is all a stranger may ask of
    /// the tournaments, and it only asks them to confirm at their own address. What follows
    /// `join` is a stranger's text, quoted back in the answer's Subject and text: one line, no
    /// longer than a tournament's name can be.
    pub fn join_request(&self, stranger: &StrangerMail<'_>) -> Option<String> {
        let words = super::command_line(stranger.mail(), self.templates.languages()).unwrap_or_default();
        let (verb, rest) = words.trim().split_once(char::is_whitespace)?;
        verb.eq_ignore_ascii_case("join")
            .then(|| OneLine::new(rest.trim().trim_end_matches('.'), untrusted::TITLE_CHARS).into_string())
    }

    /// A `join` for `wanted`: a request to confirm, by a reply, to the sender's address (which
    /// a forger does not read), or a refusal saying why. `tournament` is the one `wanted` names,
    /// `entry` the sender's entry to it, if any. A request already sent is not sent again, so
    /// repeated forged joins cannot make herald mail anyone over and over.
    pub fn on_join(
        &self,
        stranger: &StrangerMail<'_>,
        wanted: &str,
        tournament: Option<&Tournament>,
        entry: Option<&Entry>,
        now: Timestamp,
    ) -> Result<(Decision, EntryChange), RefereeError> {
        let mail = stranger.mail();
        let sender = mail.from.as_ref().map_or("?", |a| a.addr.as_str()).to_ascii_lowercase();
        // The answer goes to the address, whose owner may not have sent this mail: it greets
        // the address, never a display name a forger chose (the entry keeps the name, cleaned,
        // for the tables once its owner confirms). A join answered is an answer to a stranger
        // (`Verdict::Join`, which the service limits to one a day per address, like every
        // answer to a stranger); one that needs none is not answered.
        let name = None;
        let quiet = |detail: String| {
            let verdict = Verdict::JoinUnanswered;
            let event = Event { game_id: None, kind: verdict.as_str(), detail };
            Decision { effects: Effects { events: vec![event], ..Effects::default() }, verdict }
        };
        let answered = |detail: String, mails: Option<OutgoingRecord>| {
            let event = Event { game_id: None, kind: Verdict::Join.as_str(), detail };
            let effects = Effects { events: vec![event], mails: mails.into_iter().collect(), ..Effects::default() };
            Decision { effects, verdict: Verdict::Join }
        };
        let (tournament, refusal) = match tournament {
            None => {
                let wanted = OneLine::echo(wanted).into_string();
                let text = self.club_language().say("entry-no-such-tournament", &[("wanted", wanted.into())]);
                (None, Some(("no such tournament", text)))
            }
            Some(t) if t.stage != Stage::Open => {
                let text = self.tournament_language(t).say(
                    "entry-not-open",
                    &[("tournament", t.name.clone().into()), ("stage", t.stage.as_str().into())],
                );
                (Some(t), Some(("entries are not open", text)))
            }
            Some(t) => (Some(t), None),
        };
        let player = Player { email: sender.clone(), name };
        let Some(t) = tournament else {
            let (subject, refusal) = refusal.expect("no tournament is a refusal");
            let mail_out = self.refusal(mail, &player, wanted, subject, refusal, now)?;
            return Ok((
                answered(format!("join {wanted:?} from {sender}: no such tournament"), mail_out),
                EntryChange::None,
            ));
        };
        if let Some((subject, refusal)) = refusal {
            let mail_out = self.entry_mail(t, &player, "refused", Some((subject, refusal)), mail, now)?;
            return Ok((answered(format!("join {} from {sender}: {subject}", t.id), mail_out), EntryChange::None));
        }
        match entry {
            Some(_) => Ok((quiet(format!("join {} from {sender}: entered or asked already", t.id)), EntryChange::None)),
            None => {
                let mail_out = self.entry_mail(t, &player, "confirm", None, mail, now)?;
                Ok((answered(format!("join {} from {sender}: asked to confirm", t.id), mail_out), EntryChange::Ask))
            }
        }
    }

    /// A reply in `tournament`'s thread from the entrant its token names: confirms their entry,
    /// or, when its first line is `withdraw`, withdraws it (before the start: removed; while it
    /// runs: a withdrawal, which the service carries out by the club's rule). A withdrawal ends
    /// the entrant's games by their own word, so it is confirmed as `resign` is: where the club
    /// asks for it (`inbox.authentication.confirm_game_ending`), the entrant is first asked, at
    /// their address, to answer with the code of this withdrawal, and nothing changes yet.
    pub fn on_entry_reply(
        &self,
        entrant: &EntrantMail<'_>,
        tournament: &Tournament,
        entry: Option<&Entry>,
        now: Timestamp,
    ) -> Result<(Decision, EntryChange), RefereeError> {
        let mail = entrant.mail();
        let sender = entrant.email().to_string();
        let withdraw = super::command_line(mail, self.templates.languages())
            .unwrap_or_default()
            .trim()
            .trim_end_matches(['.', '!'])
            .eq_ignore_ascii_case("withdraw");
        let language = self.tournament_language(tournament);
        let player = Player {
            email: sender.clone(),
            name: entry.map(|e| e.entrant.name.clone()).or_else(|| mail.from.as_ref().and_then(|a| a.name.clone())),
        };
        let open = matches!(tournament.stage, Stage::New | Stage::Open);
        let running = |e: &Entry| tournament.stage == Stage::Running && e.entrant.withdrawn_after.is_none();
        let (event, change, refusal) = match (entry, withdraw) {
            (None, _) => {
                ("refused", EntryChange::None, Some(("you are not entered", language.say("entry-not-entered", &[]))))
            }
            (Some(_), true) if open => ("removed", EntryChange::Remove, None),
            (Some(e), true) if running(e) && !self.withdrawal_confirmed(entrant) => {
                ("confirm-withdrawal", EntryChange::None, None)
            }
            (Some(e), true) if running(e) => ("withdrawn", EntryChange::Withdraw, None),
            (Some(_), true) => (
                "refused",
                EntryChange::None,
                Some(("nothing to withdraw", language.say("entry-nothing-to-withdraw", &[]))),
            ),
            (Some(e), false) if !e.confirmed && open => ("entered", EntryChange::Confirm, None),
            (Some(_), false) => ("", EntryChange::None, None),
        };
        let what = match event {
            "" => "a reply that asks nothing; not answered",
            "confirm-withdrawal" => "asked to withdraw; confirmation requested",
            event => event,
        };
        let detail = format!("{sender} in tournament {}: {what}", tournament.id);
        let (kind, verdict) = match event {
            "confirm-withdrawal" => (Verdict::ConfirmationAsked.as_str(), Verdict::ConfirmationAsked),
            _ => (Verdict::Entry.as_str(), Verdict::Entry),
        };
        let mut effects = Effects { events: vec![Event { game_id: None, kind, detail }], ..Effects::default() };
        if event == "confirm-withdrawal" {
            effects.mails.extend(self.withdrawal_confirmation(tournament, &player, now)?);
        } else if !event.is_empty() {
            effects.mails.extend(self.entry_mail(tournament, &player, event, refusal, mail, now)?);
        }
        Ok((Decision { effects, verdict }, change))
    }

    /// Whether `entrant`'s `withdraw` may take effect now: the club does not ask for a
    /// confirmation of this mail, or its Subject carries the code of this entrant's withdrawal.
    fn withdrawal_confirmed(&self, entrant: &EntrantMail<'_>) -> bool {
        !self.settings.senders.confirmation_needed(entrant.authenticated())
            || self.tokens.confirms_entry(&entrant.mail().subject, entrant.tournament(), entrant.email(), "withdraw")
    }

    /// The request to confirm a withdrawal, to the entrant's address. Its Message-ID is the
    /// withdrawal's own, not the asking mail's, so however many mails ask (a forger's among
    /// them), one request waits in the entrant's mailbox, never a second.
    fn withdrawal_confirmation(
        &self,
        t: &Tournament,
        to: &Player,
        now: Timestamp,
    ) -> Result<Option<OutgoingRecord>, RefereeError> {
        let code = self.tokens.entry_confirmation(t.id, &to.email, "withdraw");
        let context = EntryContext {
            tournament: TournamentHeader::of(t),
            name: to.display_name().into_owned(),
            event: "confirm-withdrawal",
            refusal: None,
            refusal_subject: None,
            withdrawal: None,
        };
        let Rendered { subject, body } =
            self.templates.render("tournament.txt", self.tournament_language(t), &context)?;
        let tag = self.tokens.tag(&format!("confirm-withdrawal:{}:{}", t.id, to.email.to_ascii_lowercase()));
        let envelope = Envelope {
            message_id: format!("herald.t{}.confirm-withdrawal.{tag}@{}", t.id, self.settings.domain),
            thread: None,
            auto_submitted: AutoSubmitted::AutoReplied,
        };
        Ok(self.compose(Some(t), to, envelope, Rendered { subject: format!("{subject} [confirm:{code}]"), body }, now))
    }

    /// The words of `t`'s tables (crosstable, standings, a round's boards) in its language.
    pub fn table_words(&self, t: &Tournament) -> crate::tournament::crosstable::TableWords {
        let language = self.tournament_language(t);
        let say = |id: &str| language.say(id, &[]);
        crate::tournament::crosstable::TableWords {
            rank: say("table-rank"),
            name: say("table-name"),
            points: say("table-points"),
            number: say("table-number"),
            round: say("table-round"),
            bye: say("table-bye"),
            annulled: say("table-annulled"),
            forfeit: say("table-forfeit"),
            time: say("table-time"),
            pts: say("table-pts"),
        }
    }

    /// One game's result as `t`'s players read it: "Round 2, board 1: Ann - Ben 1-0 (White
    /// wins by checkmate)", in the tournament's language.
    pub fn result_headline(
        &self,
        t: &Tournament,
        round: u32,
        board: u32,
        players: (String, String),
        result: &GameResult,
    ) -> String {
        let language = self.tournament_language(t);
        language.say(
            "tournament-result-headline",
            &[
                ("round", round.into()),
                ("board", board.into()),
                ("white", players.0.into()),
                ("black", players.1.into()),
                ("score", result.score.clone().into()),
                ("reason", crate::language::result_words(&result.reason, language).into()),
            ],
        )
    }

    /// The day's digest's headline in `t`'s language: "3 results".
    pub fn digest_headline(&self, t: &Tournament, results: u32) -> String {
        self.tournament_language(t).say("tournament-digest-results", &[("results", results.into())])
    }

    /// The language of `t`'s mails to its entrants: the tournament's, else the club's.
    fn tournament_language(&self, t: &Tournament) -> &Language {
        t.language.as_deref().and_then(|code| self.templates.languages().get(code)).unwrap_or(self.club_language())
    }

    /// An answer to `mail` in `t`'s thread, with the sender's entry token as its Reply-To.
    fn entry_mail(
        &self,
        t: &Tournament,
        to: &Player,
        event: &'static str,
        refusal: Option<(&'static str, String)>,
        answered: &IncomingMail,
        now: Timestamp,
    ) -> Result<Option<OutgoingRecord>, RefereeError> {
        let language = self.tournament_language(t);
        let (refusal_subject, refusal) =
            refusal.map_or((None, None), |(s, r)| (Some(language.say(refusal_subject_id(s), &[])), Some(r)));
        let context = EntryContext {
            tournament: TournamentHeader::of(t),
            name: to.display_name().into_owned(),
            event,
            refusal,
            refusal_subject,
            withdrawal: (event == "withdrawn").then(|| language.say("entry-withdrawn-games", &[])),
        };
        let rendered = self.templates.render("tournament.txt", self.tournament_language(t), &context)?;
        let envelope = Envelope::answering(answered, &format!("entry-{event}"), &self.settings.domain);
        Ok(self.compose(Some(t), to, envelope, rendered, now))
    }

    /// A refusal of a `join` that names no tournament: no thread of a tournament, no token.
    fn refusal(
        &self,
        mail: &IncomingMail,
        to: &Player,
        wanted: &str,
        subject: &'static str,
        refusal: String,
        now: Timestamp,
    ) -> Result<Option<OutgoingRecord>, RefereeError> {
        let subject = self.club_language().say(refusal_subject_id(subject), &[]);
        let context = EntryContext {
            tournament: TournamentHeader {
                id: 0,
                // Quoted back in the Subject: an echo of what the stranger wrote.
                name: OneLine::echo(wanted).into_string(),
                variant_name: String::new(),
                system: "",
                rounds: 0,
            },
            name: to.display_name().into_owned(),
            event: "refused",
            refusal: Some(refusal),
            refusal_subject: Some(subject),
            withdrawal: None,
        };
        let rendered = self.templates.render("tournament.txt", self.club_language(), &context)?;
        let envelope = Envelope::answering(mail, "entry-refused", &self.settings.domain);
        Ok(self.compose(None, to, envelope, rendered, now))
    }

    /// News of tournament `t` for entrant `to` (`tournament.txt`): its Reply-To is the
    /// entrant's entry token, so a reply can withdraw. `purpose` names the news uniquely
    /// within the tournament (e.g. `result-g12`), so the same news is never mailed twice.
    pub fn tournament_news(
        &self,
        t: &Tournament,
        to: &Player,
        purpose: &str,
        news: &TournamentNews,
        now: Timestamp,
    ) -> Result<Option<OutgoingRecord>, RefereeError> {
        #[derive(Serialize)]
        struct Context<'a> {
            tournament: TournamentHeader,
            name: &'a str,
            #[serde(flatten)]
            news: &'a TournamentNews,
        }
        let name = to.display_name();
        let context = Context { tournament: TournamentHeader::of(t), name: &name, news };
        let rendered = self.templates.render("tournament.txt", self.tournament_language(t), &context)?;
        let tag = self.tokens.tag(&format!("tournament:{}:{purpose}:{}", t.id, to.email));
        let envelope = Envelope {
            message_id: format!("herald.t{}.{purpose}.{tag}@{}", t.id, self.settings.domain),
            thread: None,
            auto_submitted: AutoSubmitted::AutoGenerated,
        };
        Ok(self.compose(Some(t), to, envelope, rendered, now))
    }

    /// The director's notice that round `round` of Swiss `t` cannot be paired, for `reason`
    /// (`pairing_failed.txt`); `None` when the club names no director (`referee.director`):
    /// then the event log alone tells. One notice a round: its Message-ID names the round.
    pub fn pairing_failed_notice(
        &self,
        t: &Tournament,
        round: u32,
        reason: &str,
        now: Timestamp,
    ) -> Result<Option<OutgoingRecord>, RefereeError> {
        let Some(director) = &self.settings.bounces.director else { return Ok(None) };
        #[derive(Serialize)]
        struct Context<'a> {
            tournament: TournamentHeader,
            round: u32,
            reason: &'a str,
        }
        let rendered = self.templates.render(
            "pairing_failed.txt",
            self.club_language(),
            Context { tournament: TournamentHeader::of(t), round, reason },
        )?;
        let message_id = format!("herald.t{}.pairing-failed-{round}@{}", t.id, self.settings.domain);
        Ok(Some(self.director_notice(director, None, message_id, rendered, now)?))
    }

    /// Composes a mail to `to`; in `tournament`'s thread, its Reply-To and Subject carry the
    /// recipient's entry token. An address that cannot be written to gets nothing: the
    /// tournament goes on.
    fn compose(
        &self,
        tournament: Option<&Tournament>,
        to: &Player,
        envelope: Envelope,
        Rendered { subject, body }: Rendered,
        now: Timestamp,
    ) -> Option<OutgoingRecord> {
        let token = tournament.map(|t| self.tokens.entry_token(t.id, &to.email));
        let outgoing = OutgoingMail {
            from_name: self.settings.name.clone(),
            from: self.settings.address.clone(),
            to: to.email.clone(),
            reply_to: token
                .as_ref()
                .map(|token| format!("{}+{token}@{}", self.settings.local_part(), self.settings.address_domain())),
            subject: match &token {
                Some(token) => format!("{subject} [ref:{token}]"),
                None => subject,
            },
            body,
            message_id: envelope.message_id,
            in_reply_to: envelope.thread.clone(),
            references: envelope.thread.into_iter().collect(),
            date: now,
            auto_submitted: envelope.auto_submitted,
            html: None,
        };
        compose::render(&outgoing).ok().map(|bytes| OutgoingRecord {
            picture: None,
            game_id: None,
            recipient: to.email.clone(),
            message_id: outgoing.message_id.clone(),
            bytes,
            return_path: None,
        })
    }

    /// The tournament director's decision on a game still going on: it ends with `white` and
    /// `black` points (in the variant's unit), as an adjudication or, with `forfeit`, as a
    /// game lost by forfeit. Both players are told; every secret is opened, as at any end.
    pub fn decided_by_director(
        &self,
        record: GameRecord,
        white: Points,
        black: Points,
        forfeit: bool,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let mut g = self.load(record)?;
        if g.record.status == GameStatus::Finished {
            return Err(RefereeError::Compose(format!("game #{} is over already", g.record.id)));
        }
        let result = director_result(white, black, forfeit);
        let detail = format!("{} ({})", result.score, result.reason);
        self.close(&mut g, result, now);
        let mails = self.both(&mut g, "finished", None, now)?;
        Ok(self.decided(&g, mails, Vec::new(), Verdict::Directed, detail))
    }
}

/// The result the tournament director gives, as the record and the archive say it: the score
/// is `1-0` when White gets more points, `0-1` when Black does, `1/2-1/2` when they get the
/// same; the reason is `White wins`, `Black wins` or `Draw`, then `by forfeit` or `by the
/// The message of a refusal's Subject, by the words the log keeps.
fn refusal_subject_id(subject: &str) -> &'static str {
    match subject {
        "no such tournament" => "entry-subject-no-such-tournament",
        "entries are not open" => "entry-subject-not-open",
        "you are not entered" => "entry-subject-not-entered",
        _ => "entry-subject-nothing-to-withdraw",
    }
}

/// director's decision`, then, for points other than 1:0, 0:1 and ½:½, the points in brackets
/// (`White wins by the director's decision (0.7:0.25)`), so that the chain, which covers the
/// reason, covers what the decision scored and not only who got more.
pub fn director_result(white: Points, black: Points, forfeit: bool) -> GameResult {
    let how = if forfeit { "by forfeit" } else { "by the director's decision" };
    let (score, mut reason) = if white > black {
        ("1-0", format!("White wins {how}"))
    } else if black > white {
        ("0-1", format!("Black wins {how}"))
    } else {
        ("1/2-1/2", format!("Draw {how}"))
    };
    if !matches!(
        (white, black),
        (Points::ONE, Points::ZERO) | (Points::ZERO, Points::ONE) | (Points::HALF, Points::HALF)
    ) {
        reason.push_str(&format!(" ({white}:{black})"));
    }
    GameResult {
        score: score.to_string(),
        reason,
        white_points: white.thousandths() as u16,
        black_points: black.thousandths() as u16,
    }
}

/// True if `reason` is one the tournament director gives with `score` (see
/// [`director_result`]): the archive of a tournament game may end so, though its moves decide
/// nothing. Points in brackets must be written as herald writes them and agree with the score.
pub fn is_director_reason(score: &str, reason: &str) -> bool {
    let (base, points) = crate::tournament::director::reason_points(reason);
    let base_fits = matches!(
        (score, base),
        ("1-0", "White wins by forfeit")
            | ("0-1", "Black wins by forfeit")
            | ("1/2-1/2", "Draw by forfeit")
            | ("1-0", "White wins by the director's decision")
            | ("0-1", "Black wins by the director's decision")
            | ("1/2-1/2", "Draw by the director's decision")
    );
    base_fits
        && match points {
            None => true,
            Some((white, black)) => {
                let forfeit = base.ends_with("by forfeit");
                let written = director_result(white, black, forfeit);
                written.score == score && written.reason == reason
            }
        }
}
