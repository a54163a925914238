//! A game's page as data for its template: who played, the result, the move list as the
//! page's observer may read it, and the diagrams.
//!
//! The observer is chosen as the command line chooses it for someone who is not a player:
//! while a game with secrets goes on, [`Observer::Public`], and only the current position is
//! drawn (replaying the moves would need the secrets); once it is over, [`Observer::Everyone`].
//! A game without secrets is replayed, so the board is drawn after every move.

use serde::Serialize;

use super::{SiteError, game_archive_name, public_name, svg};
use crate::engine::piece::Color;
use crate::referee::export::PgnHeader;
use crate::referee::records::{GameRecord, GameStatus};
use crate::variants::{self, Cell, Observer, Secret, Variant, VariantGame, View};

use super::GamePage;

/// The tournament a game belongs to, as its page links to it.
#[derive(Clone, Debug, Serialize)]
pub(super) struct TournamentLink {
    /// Its page, if the site has it.
    pub href: Option<String>,
    pub name: String,
    pub round: u32,
}

/// One move of the move list.
#[derive(Clone, Debug, Serialize)]
pub(super) struct MoveCell {
    pub text: String,
    /// The diagram after it, if the page draws one.
    pub href: Option<String>,
}

/// One line of the move list: a move number and White's and Black's moves.
#[derive(Clone, Debug, Serialize)]
pub(super) struct MoveLine {
    pub number: u32,
    pub white: Option<MoveCell>,
    pub black: Option<MoveCell>,
}

/// A board with its caption.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Diagram {
    /// The anchor other parts of the page link to.
    pub anchor: String,
    pub caption: String,
    /// The inline SVG (already escaped where it holds outside text).
    pub svg: String,
}

/// A letter of the legend.
#[derive(Clone, Debug, Serialize)]
pub(super) struct LegendEntry {
    pub letter: char,
    pub name: String,
}

/// Everything the game's template shows.
#[derive(Clone, Debug, Serialize)]
pub(super) struct GameModel {
    pub id: i64,
    pub title: String,
    pub variant: String,
    pub white: String,
    pub black: String,
    /// "1-0 · White wins by checkmate", or "In play".
    pub state: String,
    pub score: Option<String>,
    pub reason: Option<String>,
    pub to_move: Option<&'static str>,
    pub started: String,
    pub deadline: Option<String>,
    pub tournament: Option<TournamentLink>,
    /// True while the game keeps secrets: the page shows what both players may know.
    pub sealed: bool,
    /// The board now.
    pub current: Diagram,
    /// The board after each move (the start first), when the moves could be replayed.
    pub diagrams: Vec<Diagram>,
    /// Why there is no diagram after each move, when there is none.
    pub no_diagrams: Option<String>,
    pub moves: Vec<MoveLine>,
    pub plies: usize,
    pub notices: Vec<String>,
    pub legend: Vec<LegendEntry>,
    pub has_hidden: bool,
    pub has_crowds: bool,
    /// A crown of Krithala is on some board (carried or lying).
    pub has_crowns: bool,
    pub chain_head: Option<String>,
    pub genesis: Option<String>,
    /// The archive beside the page, when the site publishes it.
    pub archive: Option<String>,
    /// The same archive's JSON as the page embeds it for the in-browser check (`check.js`),
    /// every `<` written `\u003c` so that nothing in it ends the script element.
    pub archive_json: Option<String>,
    /// The game's PGN beside the page.
    pub pgn: String,
    /// Whether the archive names the players by commitments to their addresses (format 3).
    pub players_committed: bool,
    /// The commitments, by label and hash, each with its opening once public.
    pub commitments: Vec<CommitmentLine>,
}

/// What a player is called on the site when they gave no name.
pub(super) const UNNAMED: &str = "Unnamed player";

/// What the archive's genesis fixes as the game's start.
pub(super) fn public_start(page: &GamePage) -> Result<String, SiteError> {
    let record = &page.record;
    let variant = variants::by_id(&record.variant)
        .ok_or_else(|| SiteError::UnknownVariant { game: record.id, variant: record.variant.clone() })?;
    let game =
        variant.restore(&record.snapshot).map_err(|e| SiteError::Snapshot { game: record.id, error: e.to_string() })?;
    Ok(game.public_start())
}

/// The game's PGN as the site offers it: `herald game export --pgn` as the public may read it
/// (while the game keeps secrets, what both players may know: [`crate::referee::export::pgn`]
/// for [`Observer::Public`]), the players by the names the page shows them by.
pub(super) fn pgn(page: &GamePage, model: &GameModel, site: &str) -> Result<String, SiteError> {
    let record = &page.record;
    let variant = variants::by_id(&record.variant)
        .ok_or_else(|| SiteError::UnknownVariant { game: record.id, variant: record.variant.clone() })?;
    let game =
        variant.restore(&record.snapshot).map_err(|e| SiteError::Snapshot { game: record.id, error: e.to_string() })?;
    let observer = if sealed(record, game.as_ref()) { Observer::Public } else { Observer::Everyone };
    let header = PgnHeader::of(record, site.to_string(), model.white.clone(), model.black.clone());
    Ok(crate::referee::export::pgn(&header, game.as_ref(), observer))
}

/// The game's state in a few words: its result, or that it waits for the players' secret
/// choices (`waiting`: its variant still asks for some), or that it is in play.
fn state(record: &GameRecord, waiting: impl FnOnce() -> bool) -> String {
    match &record.result {
        Some(r) => format!("{} · {}", r.score, r.reason),
        None if record.genesis.is_none() && waiting() => "Waiting for the players' secret choices".to_string(),
        None => "In play".to_string(),
    }
}

/// The game's line in the index, from its record alone (its moves are not needed, and its
/// stored state is read only for a game still in its setup).
pub(super) fn line(page: &GamePage, tournament: Option<&TournamentLink>) -> Result<super::GameLine, SiteError> {
    let record = &page.record;
    let variant = variants::by_id(&record.variant)
        .ok_or_else(|| SiteError::UnknownVariant { game: record.id, variant: record.variant.clone() })?;
    let mut broken = None;
    let state = state(record, || match variant.restore(&record.snapshot) {
        Ok(game) => !game.setup_requests().is_empty(),
        Err(e) => {
            broken = Some(SiteError::Snapshot { game: record.id, error: e.to_string() });
            false
        }
    });
    if let Some(e) = broken {
        return Err(e);
    }
    Ok(super::GameLine {
        id: record.id,
        href: super::game_page_name(record.id),
        white: public_name(record.white.name.as_deref(), &record.white.email, UNNAMED),
        black: public_name(record.black.name.as_deref(), &record.black.email, UNNAMED),
        variant: variant.name().to_string(),
        state,
        tournament: tournament.map(|t| format!("{}, round {}", t.name, t.round)),
    })
}

/// A commitment as the page lists it.
#[derive(Clone, Debug, Serialize)]
pub(super) struct CommitmentLine {
    pub label: String,
    pub hash: String,
    /// The value, once opened.
    pub value: Option<String>,
    /// The command that checks the opening with `sha256sum`, once opened.
    pub check: Option<String>,
}

/// Whether a game keeps secrets now: it goes on, and it has committed secrets or its variant
/// holds some (or still waits for a secret choice). As `herald game show` decides, with the
/// variant's own word as a second guard, so that no secret shows before it is committed.
pub(super) fn sealed(record: &GameRecord, game: &dyn VariantGame) -> bool {
    let over = record.status == GameStatus::Finished || record.result.is_some();
    !over && (!record.commitments.is_empty() || !game.secrets().is_empty() || !game.setup_requests().is_empty())
}

/// The caption of the diagram after ply `ply` (1-based) of `view`'s move list.
fn caption_after(view: &View, ply: usize) -> String {
    let index = ply - 1;
    let first_white = view.first_mover.is_white();
    // Plies are counted from the first mover; White's moves are the even ones if White began.
    let white_moves = index.is_multiple_of(2) == first_white;
    let offset = if first_white { index / 2 } else { ply / 2 };
    let number = view.first_move_number as usize + offset;
    let text = view.moves.get(index).map_or("", String::as_str);
    if white_moves { format!("After {number}. {text}") } else { format!("After {number}... {text}") }
}

fn move_lines(view: &View, with_links: bool) -> Vec<MoveLine> {
    let mut lines: Vec<MoveLine> = Vec::new();
    let mut number = view.first_move_number;
    let mut color = view.first_mover;
    for (i, text) in view.moves.iter().enumerate() {
        let cell = MoveCell { text: text.clone(), href: with_links.then(|| format!("#after-{}", i + 1)) };
        if color.is_white() || lines.is_empty() {
            lines.push(MoveLine { number, white: None, black: None });
        }
        let line = lines.last_mut().expect("a line was just pushed");
        match color {
            Color::White => line.white = Some(cell),
            Color::Black => {
                line.black = Some(cell);
                number += 1;
            }
        }
        color = color.other();
    }
    lines
}

/// The board after every move, the start first, replayed on the opened secrets; an error in
/// words when the stored moves do not replay to the stored position (an older herald's game).
fn replay(
    variant: &'static dyn Variant,
    page: &GamePage,
    stored: &dyn VariantGame,
    observer: Observer,
) -> Result<Vec<View>, String> {
    let secrets: Vec<Secret> = page
        .record
        .commitments
        .iter()
        .filter(|c| c.revealed)
        .map(|c| Secret { label: c.commitment.label.clone(), value: c.commitment.value.clone() })
        .collect();
    let mut game = variant.game_with_secrets(&secrets)?;
    if game.start_fen() != stored.start_fen() {
        return Err("the game did not begin from the variant's starting position".to_string());
    }
    let mut views = vec![game.view(observer)];
    for m in &page.moves {
        game.play(&m.notation).map_err(|e| format!("move {} {} does not replay: {e}", m.number, m.notation))?;
        views.push(game.view(observer));
    }
    let now = stored.view(observer);
    if views.last().map(|v| &v.cells) != Some(&now.cells) {
        return Err("the replayed moves do not reach the stored position".to_string());
    }
    Ok(views)
}

/// The piece letters `views` show, with their names from the variant's piece table.
fn legend(variant: &dyn Variant, views: &[&View]) -> Vec<LegendEntry> {
    let mut letters: Vec<char> = Vec::new();
    for view in views {
        for (_, cell) in &view.cells {
            let shown: Vec<char> = match cell {
                Cell::Piece(_, c) | Cell::Crowned(_, c) => vec![c.to_ascii_uppercase()],
                Cell::Crowd(pieces) => pieces.iter().map(|(_, c)| c.to_ascii_uppercase()).collect(),
                Cell::Empty | Cell::Hidden(..) | Cell::Crown(_) => Vec::new(),
            };
            for c in shown {
                if !letters.contains(&c) {
                    letters.push(c);
                }
            }
        }
    }
    let pieces = variant.rules().pieces();
    let order = |c: &char| pieces.iter().position(|p| p.letter == *c).unwrap_or(usize::MAX);
    letters.sort_by_key(order);
    letters
        .into_iter()
        .map(|letter| LegendEntry {
            letter,
            name: pieces.iter().find(|p| p.letter == letter).map_or("(unknown piece)", |p| p.name).to_string(),
        })
        .collect()
}

fn has(views: &[&View], test: impl Fn(&Cell) -> bool) -> bool {
    views.iter().any(|v| v.cells.iter().any(|(_, c)| test(c)))
}

/// The page's model of one game; times in `zone`; `archive` says whether the site publishes
/// the game's archive beside it.
pub(super) fn model(
    page: &GamePage,
    zone: &jiff::tz::TimeZone,
    tournament: Option<TournamentLink>,
    archive: bool,
) -> Result<GameModel, SiteError> {
    let record = &page.record;
    let variant = variants::by_id(&record.variant)
        .ok_or_else(|| SiteError::UnknownVariant { game: record.id, variant: record.variant.clone() })?;
    let game =
        variant.restore(&record.snapshot).map_err(|e| SiteError::Snapshot { game: record.id, error: e.to_string() })?;
    let sealed = sealed(record, game.as_ref());
    let over = record.status == GameStatus::Finished || record.result.is_some();
    let observer = if over { Observer::Everyone } else { Observer::Public };
    // A game that ended, by the rules or by a decision they do not see (a resignation, time),
    // has no secret left: its notices say so.
    let now = if over { game.ended_view(observer) } else { game.view(observer) };

    let (views, no_diagrams) = if sealed {
        (Vec::new(), Some("The board after each move is shown when the game ends.".to_string()))
    } else {
        match replay(variant, page, game.as_ref(), observer) {
            Ok(views) => (views, None),
            Err(why) => (Vec::new(), Some(format!("No diagram after each move: {why}."))),
        }
    };
    let last_move = match views.as_slice() {
        [.., before, after] => svg::changed_squares(before, after),
        // No replay (a game that keeps secrets): the squares the public's move list names,
        // as a player's mail marks them, so the mark says no more than the list.
        _ => now.moves.last().map_or_else(Vec::new, |last| crate::picture::named_squares(last, &now, false)),
    };
    let white = public_name(record.white.name.as_deref(), &record.white.email, UNNAMED);
    let black = public_name(record.black.name.as_deref(), &record.black.email, UNNAMED);
    let title = format!("Game #{}: {white} – {black}", record.id);
    let current_caption = match now.moves.len() {
        0 => "The starting position".to_string(),
        plies => caption_after(&now, plies).replacen("After", "Now, after", 1),
    };
    let current = Diagram {
        anchor: "now".to_string(),
        svg: svg::board(&now, Color::White, &last_move, &current_caption),
        caption: current_caption,
    };
    let diagrams: Vec<Diagram> = views
        .iter()
        .enumerate()
        .map(|(ply, view)| {
            let caption = if ply == 0 { "Start".to_string() } else { caption_after(&now, ply) };
            let marked = if ply == 0 { Vec::new() } else { svg::changed_squares(&views[ply - 1], view) };
            Diagram { anchor: format!("after-{ply}"), svg: svg::board(view, Color::White, &marked, &caption), caption }
        })
        .collect();
    let mut shown: Vec<&View> = views.iter().collect();
    shown.push(&now);
    let state = state(record, || !game.setup_requests().is_empty());
    Ok(GameModel {
        id: record.id,
        title,
        variant: variant.name().to_string(),
        white,
        black,
        state,
        score: record.result.as_ref().map(|r| r.score.clone()),
        reason: record.result.as_ref().map(|r| r.reason.clone()),
        to_move: now.to_move.map(Color::title),
        started: record.created_at.to_zoned(zone.clone()).strftime("%Y-%m-%d").to_string(),
        deadline: record
            .deadline
            .filter(|_| !over)
            .map(|d| d.to_zoned(zone.clone()).strftime("%Y-%m-%d %H:%M %Z").to_string()),
        tournament,
        sealed,
        current,
        no_diagrams,
        moves: move_lines(&now, !diagrams.is_empty()),
        plies: now.moves.len(),
        diagrams,
        notices: now.notices.clone(),
        legend: legend(variant, &shown),
        has_hidden: has(&shown, |c| matches!(c, Cell::Hidden(..))),
        has_crowds: has(&shown, |c| matches!(c, Cell::Crowd(_))),
        has_crowns: has(&shown, |c| matches!(c, Cell::Crowned(..) | Cell::Crown(_))),
        chain_head: record.chain_head.clone(),
        genesis: record.genesis.clone(),
        archive: archive.then(|| game_archive_name(record.id)),
        archive_json: None,
        pgn: super::game_pgn_name(record.id),
        players_committed: record.address_nonces.is_some(),
        commitments: record
            .commitments
            .iter()
            .map(|c| CommitmentLine {
                label: c.commitment.label.clone(),
                hash: c.commitment.hash.clone(),
                value: c.revealed.then(|| c.commitment.value.clone()),
                check: c.revealed.then(|| c.commitment.check_command()),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_and_move_lines_number_from_the_first_mover() {
        let chess = variants::by_id("chess").unwrap();
        let mut game = chess.game_from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7").unwrap();
        for text in ["Kd7", "e4", "Kc6"] {
            game.play(text).unwrap();
        }
        let view = game.view(Observer::Everyone);
        assert_eq!(caption_after(&view, 1), "After 7... Kd7");
        assert_eq!(caption_after(&view, 2), "After 8. e4");
        assert_eq!(caption_after(&view, 3), "After 8... Kc6");
        let lines = move_lines(&view, true);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].number, 7);
        assert!(lines[0].white.is_none());
        assert_eq!(lines[0].black.as_ref().unwrap().href.as_deref(), Some("#after-1"));
        assert_eq!(lines[1].white.as_ref().unwrap().text, "e4");
    }
}
