//! The site's Atom feeds (RFC 4287): one per tournament (`tournament-N.atom`: each round when
//! it is paired, each game's result) and the club's (`feed.atom`: every tournament's entries and
//! the results of the games played outside tournaments), for feed readers and club news pages.
//!
//! A feed is rebuilt from the records alone: each entry's id is a `tag:` URI (RFC 4151) made of
//! the club's domain, the day its game or tournament was made, and its number, and its
//! `updated` is a time the database recorded (a round: when its games began; a result: when
//! the game last changed, which is when it ended), never the time of the build. So building
//! again writes the same bytes until something happens, and a reader never sees an entry twice.

use std::fmt::Write as _;

use super::{GamePage, Site, TournamentPage, game_page_name, public_name, tournament_page_name};
use crate::referee::records::GameStatus;

/// The name of the club's feed.
pub const CLUB_FEED: &str = "feed.atom";

/// The name of a tournament's feed.
pub fn tournament_feed_name(id: i64) -> String {
    format!("tournament-{id}.atom")
}

/// One entry of a feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    id: String,
    title: String,
    updated: jiff::Timestamp,
    /// The page it links to, relative to the site.
    href: String,
    summary: String,
}

/// A `tag:` URI of the club's: `tag:AUTHORITY,DATE:SPECIFIC`, dated the day (UTC) the thing it
/// names was made, which never changes.
fn tag(site: &Site, made: jiff::Timestamp, specific: &str) -> String {
    format!("tag:{},{}:{specific}", site.authority, made.strftime("%Y-%m-%d"))
}

/// A time as Atom writes it (RFC 3339, UTC, whole seconds).
fn atom_time(t: jiff::Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `text` as XML character data or an attribute's value: the markup characters escaped as
/// everywhere on the site ([`crate::markup::escape`]), and first the characters XML 1.0
/// forbids (control characters a name could hold) replaced, which no reference could write.
fn escape(text: &str) -> String {
    let allowed = |c: char| matches!(c, '\t' | '\n' | '\r') || !(c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}');
    let text: String = text.chars().map(|c| if allowed(c) { c } else { '\u{FFFD}' }).collect();
    crate::markup::escape(&text)
}

/// A game's players as the site names them.
fn players(page: &GamePage) -> (String, String) {
    let record = &page.record;
    (
        public_name(record.white.name.as_deref(), &record.white.email, super::game::UNNAMED),
        public_name(record.black.name.as_deref(), &record.black.email, super::game::UNNAMED),
    )
}

/// The entry of a finished game's result, if it is over: dated when the game last changed,
/// which is when it ended (a finished game changes no more).
fn result_entry(site: &Site, page: &GamePage, place: Option<(&TournamentPage, u32)>) -> Option<Entry> {
    let record = &page.record;
    let result = record.result.as_ref().filter(|_| record.status == GameStatus::Finished)?;
    let (white, black) = players(page);
    let place = match place {
        Some((t, round)) => format!(" {}, round {round}.", t.name),
        None => String::new(),
    };
    Some(Entry {
        id: tag(site, record.created_at, &format!("game-{}/result", record.id)),
        title: format!("{white} – {black}: {}", result.score),
        updated: record.updated_at,
        href: game_page_name(record.id),
        summary: format!("Game #{}: {}.{place}", record.id, result.reason),
    })
}

/// Tournament `t`'s entries: each round whose games have begun, dated when its first game
/// began, and each result of its games on the site (`games`).
pub(super) fn tournament_entries(site: &Site, t: &TournamentPage, games: &[&GamePage]) -> Vec<Entry> {
    let mut entries = Vec::new();
    let rounds = t.pairings.iter().map(|p| p.round).max().unwrap_or(0);
    for round in 1..=rounds {
        let mut boards: Vec<_> = t.pairings.iter().filter(|p| p.round == round).collect();
        if boards.is_empty() {
            continue;
        }
        boards.sort_by_key(|p| p.board);
        // A round is news when its games begin (a round robin's all at the start); a round
        // without a game of herald's (all byes, or taken over from a TRF file) is none.
        let Some(began) = boards
            .iter()
            .filter_map(|p| p.game)
            .filter_map(|id| site.games.iter().find(|g| g.record.id == id))
            .map(|g| g.record.created_at)
            .min()
        else {
            continue;
        };
        let mut summary = String::new();
        for p in &boards {
            let name = |number: u32| super::tournament::name_of(&t.entrants, number);
            let _ = match p.black {
                Some(black) => write!(summary, "Board {}: {} – {}. ", p.board, name(p.white), name(black)),
                None => write!(summary, "Board {}: {} has the bye. ", p.board, name(p.white)),
            };
        }
        entries.push(Entry {
            id: tag(site, t.created_at, &format!("tournament-{}/round-{round}", t.id)),
            title: format!("{}: round {round} paired", t.name),
            updated: began,
            href: format!("{}#round-{round}", tournament_page_name(t.id)),
            summary: summary.trim_end().to_string(),
        });
    }
    for p in &t.pairings {
        let Some(page) = p.game.and_then(|id| games.iter().find(|g| g.record.id == id)) else { continue };
        entries.extend(result_entry(site, page, Some((t, p.round))));
    }
    entries
}

/// The results of the games on the site that no tournament on the site holds.
pub(super) fn other_results(site: &Site, games: &[&GamePage], tournaments: &[&TournamentPage]) -> Vec<Entry> {
    games
        .iter()
        .filter(|g| !tournaments.iter().any(|t| t.pairings.iter().any(|p| p.game == Some(g.record.id))))
        .filter_map(|g| result_entry(site, g, None))
        .collect()
}

/// What a feed says of itself.
pub(super) struct FeedHead<'a> {
    /// Its `tag:` id.
    pub id: String,
    pub title: &'a str,
    /// Its own name on the site (`rel="self"`).
    pub name: &'a str,
    /// The page it is the feed of (`rel="alternate"`).
    pub page: &'a str,
    /// When it changed, if it has no entry.
    pub empty_since: jiff::Timestamp,
}

/// The id of the club's feed: dated the day the club's first game or tournament was made.
pub(super) fn club_feed_id(site: &Site) -> String {
    let first = site
        .games
        .iter()
        .map(|g| g.record.created_at)
        .chain(site.tournaments.iter().map(|t| t.created_at))
        .min()
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    tag(site, first, "feed")
}

/// The id of tournament `t`'s feed.
pub(super) fn tournament_feed_id(site: &Site, t: &TournamentPage) -> String {
    tag(site, t.created_at, &format!("tournament-{}", t.id))
}

/// A feed of `entries`, newest first; its `updated` is its newest entry's.
pub(super) fn feed(site: &Site, head: &FeedHead<'_>, mut entries: Vec<Entry>) -> String {
    entries.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    entries.dedup_by(|a, b| a.id == b.id);
    let updated = entries.iter().map(|e| e.updated).max().unwrap_or(head.empty_since);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\"");
    // Links are relative to the site; with its address known, a reader resolves them against
    // it even when the feed was copied elsewhere.
    if let Some(url) = &site.url {
        let base = if url.ends_with('/') { url.clone() } else { format!("{url}/") };
        let _ = write!(out, " xml:base=\"{}\"", escape(&base));
    }
    out.push_str(">\n");
    let _ = writeln!(out, "  <id>{}</id>", escape(&head.id));
    let _ = writeln!(out, "  <title>{}</title>", escape(head.title));
    let _ = writeln!(out, "  <updated>{}</updated>", atom_time(updated));
    let _ = writeln!(out, "  <author><name>{}</name></author>", escape(&site.club));
    let _ = writeln!(out, "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>", escape(head.name));
    let _ = writeln!(out, "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>", escape(head.page));
    out.push_str("  <generator>herald</generator>\n");
    for entry in &entries {
        out.push_str("  <entry>\n");
        let _ = writeln!(out, "    <id>{}</id>", escape(&entry.id));
        let _ = writeln!(out, "    <title>{}</title>", escape(&entry.title));
        let _ = writeln!(out, "    <updated>{}</updated>", atom_time(entry.updated));
        let _ = writeln!(out, "    <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>", escape(&entry.href));
        let _ = writeln!(out, "    <summary>{}</summary>", escape(&entry.summary));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a name may hold cannot make the feed malformed: markup is escaped, and the control
    /// characters XML 1.0 has no place for are replaced.
    #[test]
    fn names_are_text_in_a_feed() {
        assert_eq!(escape("Zoë <b>\"O'Neil\"</b> & Co"), "Zoë &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt; &amp; Co");
        assert_eq!(escape("a\u{1}b\u{1b}c\td"), "a\u{FFFD}b\u{FFFD}c\td");
    }

    #[test]
    fn times_are_rfc_3339_in_utc() {
        let t: jiff::Timestamp = "2026-11-21T12:00:00.123456Z".parse().unwrap();
        assert_eq!(atom_time(t), "2026-11-21T12:00:00Z");
    }
}
