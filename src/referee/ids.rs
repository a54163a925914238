//! herald's Message-IDs. Every game is one thread in each player's mail client, rooted at the
//! invitation; every later mail says, in the clear, how many moves had been played when it was
//! written, so that a reply's In-Reply-To tells a stale move from a fresh one; and what is
//! secret (how many mails the opponent received) is hidden in a keyed hash.

use super::Referee;
use super::records::GameRecord;
use super::token::Tokens;
use crate::engine::Color;

/// The Message-ID of a game's first mail to `color`, which every later mail to that player
/// refers to, so each game is one thread in each player's mail client. Keyed by the club's
/// secret, so a database made anew never repeats an old game's Message-IDs (mail services
/// drop a mail whose Message-ID they have seen).
pub fn thread_root(tokens: &Tokens, game: i64, color: Color, domain: &str) -> String {
    format!("herald.{game}.{}.{}@{domain}", color.name(), tokens.tag(&format!("root:{game}:{}", color.name())))
}

/// The Message-ID of a later mail of `record`'s game to `color`, written after `moves` moves:
/// `herald.<game>.<colour>.p<moves>.<tag>@<domain>`. The tag hides the game's mail counter
/// (which numbers every mail, to either player) in a keyed hash, so that a player cannot count
/// the mails the opponent received; the number of moves is public.
pub(super) fn game_message_id(
    tokens: &Tokens,
    record: &GameRecord,
    color: Color,
    moves: usize,
    domain: &str,
) -> String {
    let tag = tokens.tag(&format!("message:{}:{}:{}", record.id, color.name(), record.mail_seq));
    format!("herald.{}.{}.p{moves}.{tag}@{domain}", record.id, color.name())
}

/// The Message-ID of the request to confirm the action whose code is `code` (see
/// `senders`), written after `moves` moves: a game mail's (see [`game_message_id`]) whose tag
/// is the code's rather than the mail counter's, so every request for the same action at the
/// same move is the same mail, and the service queues it once.
pub(super) fn confirmation_message_id(
    tokens: &Tokens,
    record: &GameRecord,
    color: Color,
    moves: usize,
    code: &str,
    domain: &str,
) -> String {
    let tag = tokens.tag(&format!("confirm:{}:{}:{code}", record.id, color.name()));
    format!("herald.{}.{}.p{moves}.{tag}@{domain}", record.id, color.name())
}

/// How many moves had been played when the referee wrote its mail `id` to `color` in
/// `record`'s game, if `id` is the Message-ID of such a mail: the invitation (before any
/// move) or a later mail, whose Message-ID says it (see [`game_message_id`]).
pub(super) fn moves_when_written(referee: &Referee<'_>, id: &str, record: &GameRecord, color: Color) -> Option<usize> {
    let domain = &referee.settings.domain;
    if id == thread_root(referee.tokens, record.id, color, domain) {
        return Some(0);
    }
    let rest = id.strip_prefix(&format!("herald.{}.{}.p", record.id, color.name()))?;
    rest.split_once('.')?.0.parse().ok()
}

/// The Message-ID of an answer outside any game: derived from what it answers (`purpose`, and
/// the incoming mail's delivery key), so handling the same mail twice could never produce two
/// different answers.
pub(super) fn answer_message_id(purpose: &str, dedupe_key: &str, domain: &str) -> String {
    let digest = crate::hex::sha256(format!("{purpose}:{dedupe_key}").as_bytes());
    format!("herald.reply.{}@{domain}", &digest[..24])
}

/// True if a Message-ID from someone else's mail can be repeated in our thread headers: the
/// plain `left@right` form of RFC 5322 (no spaces, quotes, brackets or control characters)
/// and of a sane length.
pub(super) fn reusable_message_id(id: &str) -> bool {
    id.len() <= 250
        && id.split_once('@').is_some_and(|(l, r)| !l.is_empty() && !r.is_empty() && !r.contains('@'))
        && id.bytes().all(|b| b.is_ascii_graphic() && !b"<>\"\\()[],;: ".contains(&b))
}
