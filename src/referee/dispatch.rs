//! A verified player's mail carried out: setup answers, moves, draws, resignations, the board
//! and the help. Every command that changes nothing still gets an answer that says why.

use super::commands::{Command, label};
use super::conditions::{self, Conditions, Matched, WrittenLine};
use super::records::{CommitmentRecord, MoveRecord, OutgoingRecord, Verdict};
use super::senders::Ending;
use super::{Decision, Loaded, Referee, RefereeError, Said, Source, chain, commitment, result_of};
use crate::clock::Timestamp;
use crate::engine::{Color, DrawReason, Outcome, WinReason};
use crate::language::Language;
use crate::mail::reader::NoText;
use crate::notation::input::MoveInputError;
use crate::notation::reason::Reason;
use crate::untrusted::OneLine;
use crate::variants::{PlayedMove, Secret};

use super::records::{Effects, Event, GameStatus};

/// Why a verified player's mail held no command, in the player's terms: the first line of the
/// answer that follows with the help.
fn no_command(said: &Said<'_>, language: &Language) -> String {
    match said.mail.no_text.as_ref() {
        None | Some(NoText::Blank) => language.say("no-command-empty", &[]),
        Some(NoText::AllQuoted) => language.say("no-command-quoted", &[]),
        Some(NoText::OnlySignature) => language.say("no-command-signature", &[]),
        Some(NoText::NoTextPart) => language.say("no-command-attachments", &[]),
        Some(NoText::Undecodable(encoding)) => {
            language.say("no-command-undecodable", &[("encoding", encoding.to_string().into())])
        }
        Some(NoText::BrokenStructure(why)) => language.say("no-command-broken", &[("why", why.to_string().into())]),
        Some(NoText::UnreadableHtml) => language.say("no-command-html", &[]),
    }
}

/// Why a move was not accepted, in `language`, the reason no legal move matches included.
fn move_error(error: &MoveInputError, language: &Language) -> String {
    match error {
        MoveInputError::Empty => language.say("move-error-empty", &[]),
        MoveInputError::Unreadable { input } => {
            language.say("move-error-unreadable", &[("input", input.clone().into())])
        }
        MoveInputError::NoMatch { input, reason } => language
            .say("move-error-illegal", &[("input", input.clone().into()), ("reason", reason.say(language).into())]),
        MoveInputError::UnclearLetter { input, letter } => language.say(
            "move-error-unclear-letter",
            &[("input", input.clone().into()), ("letter", letter.to_string().into())],
        ),
        MoveInputError::Ambiguous { input, candidates } => {
            let candidates = candidates.iter().map(|c| language.letters().written(c)).collect::<Vec<_>>().join(", ");
            language.say("move-error-ambiguous", &[("input", input.clone().into()), ("candidates", candidates.into())])
        }
    }
}

/// Why a line that is neither a move nor a command was not understood. The line is quoted
/// back bounded ([`OneLine::echo`]): it may be any length.
fn unreadable(text: &str, source: Source, language: &Language) -> String {
    let text = OneLine::echo(text).into_string();
    match source {
        Source::Body => language.say("unreadable-line", &[("text", text.into())]),
        Source::Subject => language.say("unreadable-subject", &[("text", text.into())]),
    }
}

impl Referee<'_> {
    /// Carries out a verified player's command.
    pub(super) fn command(
        &self,
        g: &mut Loaded,
        color: Color,
        said: Said<'_>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let finished = g.record.status == GameStatus::Finished;
        let opponent = color.other();
        match said.command.clone() {
            Command::Board => {
                let mail = self.game_mail(g, color, "board", None, now)?;
                Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Board, format!("{color} asked for the board")))
            }
            Command::Help => self.help(g, color, None, format!("{color} asked for help"), now),
            Command::Empty => {
                let reason = no_command(&said, &self.language_of(&g.record, color));
                let detail = format!("{color} sent no command: {reason}");
                self.help(g, color, Some(reason), detail, now)
            }
            _ if finished => {
                let message = self.say(g, color, "refused-game-over", &[]);
                self.reject(g, color, None, &message, now)
            }
            // Until every secret of the setup is committed there is no game to resign, draw or
            // play: the move log has not even begun.
            _ if g.record.genesis.is_none() => {
                let language = self.language_of(&g.record, color);
                let waiting = g.game.setup_requests().into_iter().map(|r| r.prompt).next().unwrap_or_default();
                let waiting = super::variant_words::prompt(&waiting, &language);
                let message = language.say("refused-not-begun", &[("waiting", waiting.into())]);
                self.reject(g, color, None, &message, now)
            }
            Command::Resign => {
                if let Some(asked) = self.unconfirmed(g, color, Ending::Resign, &said, now)? {
                    return Ok(asked);
                }
                let outcome = Outcome::Win { winner: opponent, reason: WinReason::Resignation };
                self.finish(g, outcome, now);
                let mails = self.both(g, "finished", None, now)?;
                Ok(self.decided(g, mails, Vec::new(), Verdict::Resigned, format!("{color} resigned")))
            }
            Command::Accept => {
                if g.record.draw_offer != Some(opponent) {
                    let message = self.say(g, color, "refused-no-offer-to-accept", &[]);
                    return self.reject(g, color, None, &message, now);
                }
                if let Some(asked) = self.unconfirmed(g, color, Ending::AcceptDraw, &said, now)? {
                    return Ok(asked);
                }
                self.finish(g, Outcome::Draw { reason: DrawReason::Agreement }, now);
                let mails = self.both(g, "finished", None, now)?;
                Ok(self.decided(g, mails, Vec::new(), Verdict::Draw, format!("{color} accepted the draw offer")))
            }
            Command::Decline => {
                if g.record.draw_offer != Some(opponent) {
                    let message = self.say(g, color, "refused-no-offer-to-decline", &[]);
                    return self.reject(g, color, None, &message, now);
                }
                g.record.draw_offer = None;
                g.record.updated_at = now;
                let mut mails = vec![self.game_mail_with(g, color, "draw_declined", None, true, now)?];
                mails.push(self.game_mail_with(g, opponent, "draw_declined", None, false, now)?);
                Ok(self.decided(g, mails, Vec::new(), Verdict::Declined, format!("{color} declined the draw offer")))
            }
            Command::Draw => self.draw(g, color, &said, now),
            Command::Move { number: Some(number), text, .. } if text.is_empty() => {
                let reason = self.say(g, color, "no-command-number-only", &[("number", number.label().into())]);
                let detail = format!("{color} sent no command: {reason}");
                self.help(g, color, Some(reason), detail, now)
            }
            Command::Conditions(lines) => self.conditions_left(g, color, &lines, &said, now),
            Command::Cancel => {
                if g.record.conditions[color.index()].take().is_none() {
                    let message = self.say(g, color, "refused-nothing-to-cancel", &[]);
                    return self.reject(g, color, None, &message, now);
                }
                g.record.updated_at = now;
                let mail = self.game_mail(g, color, "conditions_cancelled", None, now)?;
                let detail = format!("{color} cancelled their conditional moves");
                Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Conditions, detail))
            }
            Command::Move { number, text, offer_draw, conditions } => {
                if g.game.turn() != color {
                    let side = if opponent.is_white() { "white" } else { "black" };
                    let to_move = label(g.game.move_number(), opponent);
                    let message = self.say(
                        g,
                        color,
                        "refused-not-your-move",
                        &[("side", side.into()), ("label", to_move.into())],
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                let current = label(g.game.move_number(), color);
                if let Some(number) = number
                    && (number.number != g.game.move_number() || number.color.is_some_and(|c| c != color))
                {
                    let message = self.say(
                        g,
                        color,
                        "refused-wrong-number",
                        &[
                            ("number", number.label().into()),
                            ("move", text.clone().into()),
                            ("current", current.clone().into()),
                        ],
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                // A move without its number is checked against the mail it answers: one that
                // answers a mail from before the latest move is an old mail resent, or a
                // second thought that crossed the opponent's move, and is not what the
                // player would play now.
                if number.is_none()
                    && let Some(seen) = said.answered
                    && seen < g.game.plies()
                {
                    let message = self.say(
                        g,
                        color,
                        "refused-stale-move",
                        &[("move", text.clone().into()), ("current", current.clone().into())],
                    );
                    return self.reject(g, color, Some(&text), &message, now);
                }
                // Conditional moves sent with the move are read before anything is played, and
                // checked on copies of the game after it: a mail whose conditions cannot all be
                // taken is refused whole, its move too.
                let written = match self.written_conditions(g, color, &conditions) {
                    Ok(written) => written,
                    Err(why) => return self.reject(g, color, Some(&text), &why, now),
                };
                match self.play_written(g, color, &text) {
                    Ok(played) => {
                        let left = match written.map(|w| conditions::validate(&*g.game, color, &w)).transpose() {
                            Ok(left) => left,
                            Err(why) => {
                                let why = why.said(&self.language_of(&g.record, color));
                                let record = g.record.clone();
                                *g = self.load(record)?;
                                return self.reject(g, color, Some(&text), &why, now);
                            }
                        };
                        self.moved(g, color, played, offer_draw, left, now)
                    }
                    // Text that is no move at all, without a number that would make it one: the
                    // player did not write a move; tell them what was read and how to write one.
                    Err(MoveInputError::Unreadable { .. } | MoveInputError::Empty) if number.is_none() => {
                        let reason = unreadable(&text, said.source, &self.language_of(&g.record, color));
                        let detail = format!("{color} sent no command: {reason}");
                        self.help(g, color, Some(reason), self.redacted(g, color, detail), now)
                    }
                    Err(e) => {
                        let why = move_error(&e, &self.language_of(&g.record, color));
                        self.reject_move(g, color, &text, &why, now)
                    }
                }
            }
        }
    }

    /// Plays the move `color` wrote, read as chess's piece letters are written in the player's
    /// language first (a French "Re2" is the king's move), then in English's, then in each
    /// other language's: the first reading the game accepts is the move. A reading that
    /// changes nothing is not tried twice; where none is accepted, the first reading's error
    /// says why.
    fn play_written(&self, g: &mut Loaded, color: Color, text: &str) -> Result<PlayedMove, MoveInputError> {
        let own = self.language_of(&g.record, color);
        let languages = self.templates.languages();
        let mut readings: Vec<String> = Vec::new();
        readings.extend(own.letters().to_english(text));
        readings.push(text.to_string());
        for language in languages.all() {
            readings.extend(language.letters().to_english(text));
        }
        let mut first_error = None;
        let mut tried: Vec<&str> = Vec::new();
        for reading in &readings {
            if tried.contains(&reading.as_str()) {
                continue;
            }
            tried.push(reading);
            match g.game.play(reading) {
                Ok(played) => return Ok(played),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or(MoveInputError::Empty))
    }

    /// "draw": claims a claimable draw, accepts an open offer, or makes an offer.
    fn draw(&self, g: &mut Loaded, color: Color, said: &Said<'_>, now: Timestamp) -> Result<Decision, RefereeError> {
        let opponent = color.other();
        if let Some(claim) = g.game.claimable_draws_by(color).first().copied() {
            if let Some(asked) = self.unconfirmed(g, color, Ending::ClaimDraw, said, now)? {
                return Ok(asked);
            }
            self.finish(g, Outcome::Draw { reason: claim.into() }, now);
            let mails = self.both(g, "finished", None, now)?;
            return Ok(self.decided(g, mails, Vec::new(), Verdict::Draw, format!("{color} claimed a draw: {claim:?}")));
        }
        if g.record.draw_offer == Some(opponent) {
            if let Some(asked) = self.unconfirmed(g, color, Ending::AcceptDraw, said, now)? {
                return Ok(asked);
            }
            self.finish(g, Outcome::Draw { reason: DrawReason::Agreement }, now);
            let mails = self.both(g, "finished", None, now)?;
            return Ok(self.decided(g, mails, Vec::new(), Verdict::Draw, format!("{color} accepted the draw offer")));
        }
        if g.record.draw_offer == Some(color) {
            let message = self.say(g, color, "refused-offer-already-open", &[]);
            return self.reject(g, color, None, &message, now);
        }
        g.record.draw_offer = Some(color);
        g.record.updated_at = now;
        let mails = vec![
            self.game_mail(g, color, "draw_offer_sent", None, now)?,
            self.game_mail(g, opponent, "draw_offered", None, now)?,
        ];
        Ok(self.decided(g, mails, Vec::new(), Verdict::DrawOffer, format!("{color} offered a draw")))
    }

    /// A player's answer to the game's setup request.
    pub(super) fn setup_answered(
        &self,
        g: &mut Loaded,
        color: Color,
        text: &str,
        answer: Result<(), Reason>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        if let Err(why) = answer {
            let why = why.say(&self.language_of(&g.record, color));
            return self.reject(g, color, Some(text), &why, now);
        }
        g.record.snapshot = g.game.snapshot();
        g.record.updated_at = now;
        self.commit_new_secrets(g)?;
        if g.game.setup_requests().is_empty() {
            self.begin(g);
            self.start_clock(g, now);
            let mails = self.both(g, "game_begins", None, now)?;
            let detail = format!("{color} answered the setup; the game begins");
            return Ok(self.decided(g, mails, Vec::new(), Verdict::Setup, detail));
        }
        let mail = self.game_mail(g, color, "setup_recorded", None, now)?;
        Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Setup, format!("{color} answered the setup")))
    }

    /// Conditional moves sent alone, while the opponent is to move: checked from the position
    /// now and kept in place of any left before; only their owner hears of them.
    fn conditions_left(
        &self,
        g: &mut Loaded,
        color: Color,
        lines: &[String],
        said: &Said<'_>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        if g.game.turn() == color {
            let (n, opponent) = (g.game.move_number(), color.other());
            let next = if color.is_white() { n } else { n + 1 };
            let message = self.say(
                g,
                color,
                "refused-conditions-on-your-move",
                &[
                    ("yours", label(n, color).into()),
                    ("theirs", label(next, opponent).into()),
                    ("answer", label(n + 1, color).into()),
                ],
            );
            return self.reject(g, color, None, &message, now);
        }
        let written = match self.written_conditions(g, color, lines) {
            Ok(Some(written)) => written,
            Ok(None) => {
                let message = self.say(g, color, "refused-no-conditions", &[]);
                return self.reject(g, color, None, &message, now);
            }
            Err(why) => return self.reject(g, color, None, &why, now),
        };
        // Unnumbered, they are read against the position now: refused when the mail answers
        // one from before the latest move, as a move without its number is.
        let unnumbered = written.iter().any(|line| line.first().is_some_and(|step| step.expect.number.is_none()));
        if unnumbered && said.answered.is_some_and(|seen| seen < g.game.plies()) {
            let message = self.say(g, color, "refused-stale-conditions", &[]);
            return self.reject(g, color, None, &message, now);
        }
        let left = match conditions::validate(&*g.game, color, &written) {
            Ok(left) => left,
            Err(why) => {
                let why = why.said(&self.language_of(&g.record, color));
                return self.reject(g, color, None, &why, now);
            }
        };
        let detail = format!("{color} left conditional moves ({} lines)", left.lines().len());
        g.record.conditions[color.index()] = Some(left);
        g.record.updated_at = now;
        let mail = self.game_mail(g, color, "conditions_left", None, now)?;
        Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Conditions, detail))
    }

    /// The lines of conditional moves a mail holds, read (`None`: it holds none); `Err` says why
    /// they cannot be taken: the variant offers none, or a line cannot be read.
    fn written_conditions(
        &self,
        g: &Loaded,
        color: Color,
        lines: &[String],
    ) -> Result<Option<Vec<WrittenLine>>, String> {
        if lines.is_empty() {
            return Ok(None);
        }
        g.game.variant().conditional_moves().map_err(str::to_string)?;
        // Moves in the player's own piece letters are read as English's (see `play_written`;
        // the conditions are checked on copies, which read English's only).
        let own = self.language_of(&g.record, color);
        let lines: Vec<String> =
            lines.iter().map(|line| own.letters().to_english(line).unwrap_or_else(|| line.clone())).collect();
        conditions::read(&lines).map(Some).map_err(|e| e.said(&own))
    }

    /// A legal move was played: record it, end the game if the rules say so, carry out the
    /// conditional moves that wait for it (and for each answer they make), tell both.
    ///
    /// `left` are the mover's new conditional moves. The opponent's pending ones waited for
    /// this move: the answer of the one that matches is played at once, as an ordinary move with
    /// its own time, which may in turn be one the mover's new conditions wait for; when none
    /// matches, they are dropped. An answer is never played while the other side's draw offer is
    /// open (a move would decline it: the player decides): the conditions are cancelled.
    fn moved(
        &self,
        g: &mut Loaded,
        color: Color,
        played: PlayedMove,
        offer_draw: bool,
        left: Option<Conditions>,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let mut records = vec![self.record_move(g, color, &played, now)?];
        if offer_draw {
            g.record.draw_offer = Some(color);
        }
        let left_lines = left.as_ref().map(|c| c.lines().len());
        g.record.conditions[color.index()] = left;
        // The log shows the move as the opponent read it: in a game that hides moves, the
        // sealed entry, never the move itself.
        let chained = played.sealed.as_deref().unwrap_or(&played.notation);
        let mut logged = format!("{color} played {} {}", label(played.number, color), chained);
        let mut last = played.clone();
        while g.game.outcome().is_none() {
            let waiting = last.by.other();
            let Some(pending) = g.record.conditions[waiting.index()].take() else { break };
            let Matched::Answer(answer, then) = pending.answer_to(&last.notation) else {
                let played = format!("{} {}", label(last.number, last.by), last.notation);
                let player = g.record.player(last.by).display_name().to_string();
                g.condition_news[waiting.index()] = Some(self.say(
                    g,
                    waiting,
                    "conditions-dropped",
                    &[("player", player.into()), ("move", played.into())],
                ));
                logged.push_str(&format!("; {waiting}'s conditional moves dropped"));
                break;
            };
            if g.record.draw_offer == Some(last.by) {
                let unplayed = format!("{} {answer}", label(g.game.move_number(), waiting));
                let player = g.record.player(last.by).display_name().to_string();
                g.condition_news[waiting.index()] = Some(self.say(
                    g,
                    waiting,
                    "conditions-offer-open",
                    &[("player", player.into()), ("move", unplayed.into())],
                ));
                logged.push_str(&format!("; {waiting}'s conditional moves cancelled by the open draw offer"));
                break;
            }
            // The answer starts the waiting player's clock and stops it at once.
            self.start_clock(g, now);
            let reply = match g.game.play(&answer) {
                Ok(reply) => reply,
                Err(e) => {
                    g.condition_news[waiting.index()] = Some(self.say(
                        g,
                        waiting,
                        "conditions-unplayable",
                        &[("move", answer.clone().into()), ("why", e.to_string().into())],
                    ));
                    break;
                }
            };
            records.push(self.record_move(g, waiting, &reply, now)?);
            logged.push_str(&format!(
                "; {waiting}'s conditional move {} {}",
                label(reply.number, waiting),
                reply.notation
            ));
            if !then.is_empty() {
                g.record.conditions[waiting.index()] =
                    Some(Conditions { plies: g.game.plies() as u32, branches: then });
            }
            g.sequel.push(reply.clone());
            last = reply;
        }
        if let Some(lines) = left_lines {
            logged.push_str(&format!("; {color} left conditional moves ({lines} lines)"));
        }
        if let Some(outcome) = g.game.outcome() {
            self.finish(g, outcome, now);
            let mails = self.both(g, "finished", Some(&played), now)?;
            return Ok(self.decided(g, mails, records, Verdict::Move, format!("{logged}; {outcome}")));
        }
        self.start_clock(g, now);
        let mover = self.game_mail(g, color, "moved", Some(&played), now)?;
        let other = self.game_mail(
            g,
            color.other(),
            if offer_draw { "draw_offered" } else { "opponent_moved" },
            Some(&played),
            now,
        )?;
        Ok(self.decided(g, vec![mover, other], records, Verdict::Move, logged))
    }

    /// Records the legal move `played` of `color`, the game's next: charged to the mover's clock,
    /// linked into the chain with the secrets it decided, the secrets it opens opened, and an
    /// open draw offer of the opponent's declined (as over the board).
    fn record_move(
        &self,
        g: &mut Loaded,
        color: Color,
        played: &PlayedMove,
        now: Timestamp,
    ) -> Result<MoveRecord, RefereeError> {
        // The move has been played on the game: it is the plies-th.
        let ply = g.game.plies() as u32;
        // The move stops the mover's clock: what it took is charged (in a control counted in
        // days), before the opponent's clock starts. Players alternate, so the mover of the
        // ply-th move has made (ply + 1) / 2 moves.
        self.charge_move(g, color, ply.div_ceil(2), now);
        let prev_hash = g.record.chain_head.clone().unwrap_or_default();
        let chained = played.sealed.as_deref().unwrap_or(&played.notation);
        // The secrets this move decided are committed with it, and its record links them.
        let committed = self.commit_decided(g, played, ply)?;
        let hash = chain::link(&prev_hash, ply, color, played.number, chained, &committed);
        let record = MoveRecord {
            ply,
            color,
            number: played.number,
            notation: played.notation.clone(),
            sealed: played.sealed.clone(),
            played_at: now,
            prev_hash,
            hash: hash.clone(),
        };
        g.record.chain_head = Some(hash);
        self.reveal(g, &played.reveal);
        g.record.snapshot = g.game.snapshot();
        g.record.updated_at = now;
        if g.record.draw_offer == Some(color.other()) {
            g.record.draw_offer = None;
        }
        Ok(record)
    }

    /// Commits every secret of the setup the game has decided and the record does not hold
    /// yet (before the first move: the genesis will fix them).
    pub(super) fn commit_new_secrets(&self, g: &mut Loaded) -> Result<(), RefereeError> {
        for secret in g.game.secrets() {
            if g.record.commitments.iter().any(|c| c.commitment.label == secret.label) {
                continue;
            }
            self.commit(g, &secret, 0)?;
        }
        Ok(())
    }

    /// Commits the secrets the move `played`, the `ply`-th, decided (crown-2's stones, say):
    /// each with a fresh nonce, as a setup's secret is, noted as made after `ply` moves and
    /// named in this move's mails. Returns their (label, hash) for the move's chain record.
    /// A label committed before is the variant's mistake: the mail is not carried out.
    fn commit_decided(
        &self,
        g: &mut Loaded,
        played: &PlayedMove,
        ply: u32,
    ) -> Result<Vec<(String, String)>, RefereeError> {
        let mut linked = Vec::new();
        for secret in &played.commit {
            if g.record.commitments.iter().any(|c| c.commitment.label == secret.label) {
                return Err(RefereeError::Snapshot(format!(
                    "move {} decides the secret {}, which was committed before",
                    ply, secret.label
                )));
            }
            let hash = self.commit(g, secret, ply)?;
            g.committed_now.push(secret.label.clone());
            linked.push((secret.label.clone(), hash));
        }
        Ok(linked)
    }

    /// Commits one secret after `ply` moves; returns its hash.
    fn commit(&self, g: &mut Loaded, secret: &Secret, ply: u32) -> Result<String, RefereeError> {
        let commitment = commitment::Commitment::new(g.record.id, &secret.label, &secret.value, (self.nonces)())
            .map_err(RefereeError::Snapshot)?;
        let hash = commitment.hash.clone();
        g.record.commitments.push(CommitmentRecord {
            commitment,
            revealed: false,
            revealed_at_ply: None,
            committed_at_ply: ply,
        });
        Ok(hash)
    }

    /// The game begins: every secret of the setup is committed, so the chain's genesis record
    /// can fix them together with the players and the start. (Secrets decided by moves are
    /// linked by those moves' records, never by the genesis.)
    pub(super) fn begin(&self, g: &mut Loaded) {
        let commitments: Vec<(String, String)> = g
            .record
            .commitments
            .iter()
            .filter(|c| c.committed_at_ply == 0)
            .map(|c| (c.commitment.label.clone(), c.commitment.hash.clone()))
            .collect();
        // The players are named by commitments to their addresses, each with a nonce of its own,
        // so that the archive can be published without the addresses.
        if g.record.address_nonces.is_none() {
            g.record.address_nonces =
                Some([crate::hex::encode(&(self.nonces)()), crate::hex::encode(&(self.nonces)())]);
        }
        let [white, black] = g.record.genesis_players();
        let genesis = chain::genesis(
            g.record.id,
            &g.record.variant,
            &white,
            &black,
            &g.game.public_start(),
            g.record.tournament.as_ref().map(|t| chain::Place { tournament: t.id, round: t.round, board: t.board }),
            &commitments,
        );
        g.record.genesis = Some(genesis.clone());
        g.record.chain_head = Some(genesis);
    }

    /// Publishes the secrets named by `labels`, noting after how many moves they were opened.
    fn reveal(&self, g: &mut Loaded, labels: &[String]) {
        let plies = g.game.plies() as u32;
        for c in &mut g.record.commitments {
            if labels.contains(&c.commitment.label) && !c.revealed {
                c.revealed = true;
                c.revealed_at_ply = Some(plies);
                g.revealed_now.push(c.commitment.label.clone());
            }
        }
    }

    /// Ends the game as the rules decide it; every secret still hidden is opened.
    pub(super) fn finish(&self, g: &mut Loaded, outcome: Outcome, now: Timestamp) {
        let result = result_of(g.game.variant(), outcome);
        self.close(g, result, now);
    }

    /// Ends the game with `result`; every secret still hidden is opened. A game that ends
    /// before it began (the tournament director's decision while secret choices are awaited)
    /// gets its genesis now, over what was committed so far, so its archive is a whole chain.
    pub(super) fn close(&self, g: &mut Loaded, result: super::records::GameResult, now: Timestamp) {
        if g.record.genesis.is_none() {
            self.begin(g);
        }
        let hidden: Vec<String> =
            g.record.commitments.iter().filter(|c| !c.revealed).map(|c| c.commitment.label.clone()).collect();
        self.reveal(g, &hidden);
        g.record.status = GameStatus::Finished;
        let prev = g.record.chain_head.clone().unwrap_or_default();
        g.record.chain_head = Some(chain::close(&prev, &result.score, &result.reason));
        g.record.result = Some(result);
        g.record.draw_offer = None;
        g.record.deadline = None;
        g.record.conditions = [None, None];
        g.record.updated_at = now;
    }

    /// The same kind of game mail to both players.
    pub(super) fn both(
        &self,
        g: &mut Loaded,
        event: &'static str,
        played: Option<&PlayedMove>,
        now: Timestamp,
    ) -> Result<Vec<OutgoingRecord>, RefereeError> {
        Color::BOTH.into_iter().map(|c| self.game_mail(g, c, event, played, now)).collect()
    }

    /// The decision: the game's new record (written even when only a mail was sent: its mail
    /// counter moved), the moves, the mails and one event.
    pub(super) fn decided(
        &self,
        g: &Loaded,
        mails: Vec<OutgoingRecord>,
        moves: Vec<MoveRecord>,
        verdict: Verdict,
        detail: String,
    ) -> Decision {
        let event = Event { game_id: Some(g.record.id), kind: verdict.as_str(), detail };
        Decision { effects: Effects { game: Some(g.record.clone()), moves, mails, events: vec![event] }, verdict }
    }

    /// Refuses a move the rules or the notation do not accept, with `error` and the variant's
    /// own words on how moves are written; nothing changes but the mail counter.
    fn reject_move(
        &self,
        g: &mut Loaded,
        color: Color,
        attempted: &str,
        error: &str,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        self.refuse(g, color, Some(attempted), error, true, now)
    }

    /// Refuses a command or move with `error`; nothing changes but the mail counter.
    pub(super) fn reject(
        &self,
        g: &mut Loaded,
        color: Color,
        attempted: Option<&str>,
        error: &str,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        self.refuse(g, color, attempted, error, false, now)
    }

    /// [`Self::reject`] and [`Self::reject_move`].
    fn refuse(
        &self,
        g: &mut Loaded,
        color: Color,
        attempted: Option<&str>,
        error: &str,
        move_refused: bool,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let mut context = self.context(g, color, "rejected", None, now);
        // Both quote what the player wrote, which may be any length: the attempt goes into the
        // Subject, cut to an echo; the reason is one bounded line of the body, every long word
        // in it (the move, as the variant quotes it) cut to an echo.
        context.error = Some(OneLine::message(error).into_string());
        context.attempted = attempted.map(|a| OneLine::echo(a).into_string());
        context.move_refused = move_refused;
        let mail = self.mail(g, color, "rejected.txt", &context, now)?;
        let detail =
            format!("{color}: {} refused: {}", OneLine::echo(attempted.unwrap_or("command")), OneLine::message(error));
        Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Rejected, self.redacted(g, color, detail)))
    }

    /// The help, word for word the answer to `help`, after `reason` when the mail held no
    /// command.
    fn help(
        &self,
        g: &mut Loaded,
        color: Color,
        reason: Option<String>,
        detail: String,
        now: Timestamp,
    ) -> Result<Decision, RefereeError> {
        let mut context = self.context(g, color, "help", None, now);
        context.reason = reason.map(|r| OneLine::message(&r).into_string());
        let mail = self.mail(g, color, "help.txt", &context, now)?;
        Ok(self.decided(g, vec![mail], Vec::new(), Verdict::Help, detail))
    }

    /// An event's detail as the log may keep it: in a game with secrets, what a player typed
    /// may name them (a setup answer, a piece's square in a game that hides pieces), so the
    /// log says only that something was refused.
    fn redacted(&self, g: &Loaded, color: Color, detail: String) -> String {
        if g.record.commitments.is_empty() || g.record.status == GameStatus::Finished {
            detail
        } else {
            format!("{color}: a mail in a game with secrets was not carried out (what it said is not logged)")
        }
    }
}
