//! `herald site build DIR`: the club's static web site — an index, a page per tournament
//! (standings with tie-breaks, crosstable, each round's pairings) and a page per game (the
//! moves, a board diagram after each move, the chain head and the archive to download).
//!
//! The site is rendered from what the caller hands over ([`Site`]): stored game records and
//! already computed standings; this module computes no standings and reads no database. Like
//! mails, every page of a game is drawn from a [`crate::variants::View`], never from the full
//! state: while a game with secrets goes on, only [`crate::variants::Observer::Public`]'s view
//! and move list are shown (what `herald game show` shows without `--reveal`), and its
//! archive holds only what [`Archive::of`] publishes (commitments' hashes, the secrets opened
//! so far). Finished games and open-information games are replayed to draw the board after
//! every move.
//!
//! Players appear by name, never by address ([`public_name`]); the archive beside a game's
//! page leaves the addresses out ([`Archive::without_addresses`]) unless the club opts in
//! ([`Site::publish_addresses`]), and a game whose archive cannot be checked without them (its
//! genesis names the players by their addresses: an older herald's) gets none. A club can
//! leave games and tournaments out ([`LeaveOut`]); times are in the club's time zone.
//!
//! Each game page offers its PGN, each tournament page its TRF, and the site has Atom feeds of
//! rounds and results, a tournament's and the club's (`feed`).
//!
//! Rendering ([`render`], [`render_scope`]) is pure and gives the files' names and contents:
//! all of them, or those a change touches ([`Scope::Touched`]: some games' and tournaments'
//! files, with the index and the club's feed, which list them all), which is how `herald
//! serve` keeps `site.dir` current (`service::site`). [`build`] and [`update`] write them, each
//! beside its place and renamed into it, and remove the files of its own naming that the site
//! no longer has (a game left out after it was published). The pages read without JavaScript, fetch nothing from elsewhere (the diagrams are inline
//! SVG, the style sheet is `style.css` beside them), and everything that comes from outside
//! (names, addresses, labels) is escaped by the templates' automatic HTML escaping.

mod feed;
mod game;
pub mod svg;
mod tournament;

pub use feed::{CLUB_FEED, tournament_feed_name};

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use minijinja::Environment;
use serde::Serialize;

use crate::referee::archive::Archive;
use crate::referee::commitment::Commitment;
use crate::referee::records::{GameRecord, MoveRecord};
use crate::tournament::standings::{Standing, TieBreak};
use crate::tournament::{Entrant, Pairing, System};

/// Everything the site shows.
#[derive(Clone, Debug)]
pub struct Site {
    /// The site's title, on every page: the club's name, or what the configuration's
    /// `site.title` says.
    pub club: String,
    /// The tournaments, in the order the index lists them.
    pub tournaments: Vec<TournamentPage>,
    /// The games to publish, each with a page of its own.
    pub games: Vec<GamePage>,
    /// The club's time zone, which the pages' dates and times are in.
    pub zone: jiff::tz::TimeZone,
    /// The games and tournaments the club leaves out of the site.
    pub leave_out: LeaveOut,
    /// The club opted in to publishing the archives as `herald game export` writes them, with
    /// the players' addresses (`site.publish_addresses`); by default they are left out.
    pub publish_addresses: bool,
    /// The club's own style sheet (`site.stylesheet`), written into `style.css` after herald's.
    pub stylesheet: Option<String>,
    /// Where the site is published (`site.url`), if the club said: the PGN files' `Site` tag
    /// and the feeds' base.
    pub url: Option<String>,
    /// The domain the feeds' `tag:` ids are minted under: the club's (`site.url`'s host, else
    /// the referee's address's domain).
    pub authority: String,
}

impl Site {
    /// A site titled `club` of these tournaments and games, in UTC, leaving nothing out and
    /// publishing no address.
    pub fn new(club: impl Into<String>, tournaments: Vec<TournamentPage>, games: Vec<GamePage>) -> Site {
        Site {
            club: club.into(),
            tournaments,
            games,
            zone: jiff::tz::TimeZone::UTC,
            leave_out: LeaveOut::default(),
            publish_addresses: false,
            stylesheet: None,
            url: None,
            authority: "herald.invalid".to_string(),
        }
    }
}

/// What a club leaves out of its site (`site.leave_out` in the configuration).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaveOut {
    /// Games, by number.
    pub games: Vec<i64>,
    /// Tournaments, by number: their pages and every game played in them.
    pub tournaments: Vec<i64>,
}

impl LeaveOut {
    /// Whether `page` is left out: by its number, or as a game of a tournament left out.
    fn game(&self, page: &GamePage) -> bool {
        self.games.contains(&page.record.id)
            || page.tournament.is_some_and(|(t, _)| self.tournaments.contains(&t))
            || page.record.tournament.as_ref().is_some_and(|t| self.tournaments.contains(&t.id))
    }
}

/// How the site names a player: the name they gave, never their address. A player with no
/// name, or whose name holds a mail address (a mail program's From line often repeats the
/// address as the name), is `fallback`.
pub fn public_name(name: Option<&str>, email: &str, fallback: &str) -> String {
    let player = crate::referee::records::Player { email: email.to_string(), name: name.map(str::to_string) };
    let shown = player.display_name();
    let holds_address = |text: &str| {
        text.to_lowercase().contains(&email.to_lowercase())
            || text
                .split(|c: char| c.is_whitespace() || "<>()[]\"',;".contains(c))
                .any(|word| word.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty()))
    };
    match name {
        Some(_) if !holds_address(&shown) => shown.into_owned(),
        _ => fallback.to_string(),
    }
}

/// One tournament, with its standings already computed.
#[derive(Clone, Debug)]
pub struct TournamentPage {
    /// The tournament's number (its page is `tournament-ID.html`).
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The variant's identifier.
    pub variant: String,
    /// How it pairs.
    pub system: System,
    /// Rounds planned.
    pub rounds_total: u32,
    /// The players, by starting number.
    pub entrants: Vec<Entrant>,
    /// Every pairing made so far, with the results known.
    pub pairings: Vec<Pairing>,
    /// The standings after the results known, best first.
    pub standings: Vec<Standing>,
    /// The tie-breaks, in the order of each standing's `tiebreaks`.
    pub tiebreaks: Vec<TieBreak>,
    /// Whether every round is played and the standings are final.
    pub finished: bool,
    /// When the director made it: the TRF's start date.
    pub created_at: jiff::Timestamp,
    /// The colour of starting number 1 in round 1, once drawn (TRF's `XXC`):
    /// [`crate::tournament::Tournament::drawn_colour`].
    pub drawn_colour: Option<crate::engine::Color>,
    /// What a pairing-allocated bye scores, in a Swiss (TRF's `BBU`):
    /// [`crate::tournament::Tournament::pab_points`].
    pub pab_points: Option<crate::tournament::Points>,
}

/// One game as stored.
#[derive(Clone, Debug)]
pub struct GamePage {
    /// The game (its snapshot holds the full state: it is only ever read through a view).
    pub record: GameRecord,
    /// Its moves with their chain records, in order.
    pub moves: Vec<MoveRecord>,
    /// The tournament and round it belongs to, if any.
    pub tournament: Option<(i64, u32)>,
}

/// One file of the site: its name in the site's folder and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFile {
    /// The file's name, e.g. `game-7.html`.
    pub name: String,
    /// What it holds.
    pub contents: String,
}

/// Why the site could not be built.
#[derive(Debug)]
pub enum SiteError {
    /// A game of an unknown variant.
    UnknownVariant {
        /// The game.
        game: i64,
        /// Its variant identifier.
        variant: String,
    },
    /// A stored game that cannot be resumed.
    Snapshot {
        /// The game.
        game: i64,
        /// Why.
        error: String,
    },
    /// Two games or tournaments with the same number would write the same file.
    Duplicate(String),
    /// A page could not be rendered (a bug in the built-in templates).
    Template(String),
    /// A file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteError::UnknownVariant { game, variant } => write!(f, "game #{game}: unknown variant {variant:?}"),
            SiteError::Snapshot { game, error } => write!(f, "game #{game}: {error}"),
            SiteError::Duplicate(name) => write!(f, "two pages would be written as {name}"),
            SiteError::Template(error) => write!(f, "rendering the site: {error}"),
            SiteError::Write { path, error } => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for SiteError {}

/// The style sheet every page links to.
pub const STYLE_SHEET: &str = include_str!("style.css");

/// The site's `style.css`: herald's sheet, then the club's own when it has one, whose rules
/// therefore win over herald's of the same specificity.
fn style_sheet(club: Option<&str>) -> String {
    match club {
        None => STYLE_SHEET.to_string(),
        Some(club) => format!("{STYLE_SHEET}\n/* The club's own style sheet (site.stylesheet). */\n{club}\n"),
    }
}

/// The script behind each game page's "Check this game": it checks the archive the page
/// embeds in the reader's browser (commitments, the move log, Secret Intelligence's setup and
/// ciphered entries) with WebCrypto, and fetches nothing (docs/site.md, "Checking a game").
pub const CHECK_SCRIPT: &str = include_str!("check.js");

/// The name of [`CHECK_SCRIPT`] in the site's folder.
pub const CHECK_SCRIPT_NAME: &str = "check.js";

/// An archive's JSON as a page embeds it in `<script type="application/json">`: JSON's own
/// escape `\u003c` for every `<`, so that no `</script>` or `<!--` in a name or a reason can
/// end the element or change how it is read; `JSON.parse` reads back the same archive.
fn embedded_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The pages' templates, built into herald (auto-escaped, as their names end in `.html`).
const TEMPLATES: &[(&str, &str)] = &[
    ("layout.html", include_str!("templates/layout.html")),
    ("index.html", include_str!("templates/index.html")),
    ("tournament.html", include_str!("templates/tournament.html")),
    ("game.html", include_str!("templates/game.html")),
    ("commitments.html", include_str!("templates/commitments.html")),
];

/// The page that says what a commitment is and how a player checks one, with a worked example
/// computed by herald's own commitment code: the page a club points `referee.commitments_url`
/// at.
pub const COMMITMENTS_PAGE: &str = "commitments.html";

fn environment() -> Result<Environment<'static>, SiteError> {
    let mut env = Environment::new();
    let syntax = minijinja::syntax::SyntaxConfig::builder()
        .trim_blocks(true)
        .lstrip_blocks(true)
        .build()
        .map_err(|e| SiteError::Template(e.to_string()))?;
    env.set_syntax(syntax);
    for &(name, text) in TEMPLATES {
        env.add_template(name, text).map_err(|e| SiteError::Template(format!("{name}: {e}")))?;
    }
    Ok(env)
}

fn render_page(env: &Environment<'_>, template: &str, context: impl Serialize) -> Result<String, SiteError> {
    env.get_template(template)
        .and_then(|t| t.render(minijinja::value::Serde(&context)))
        .map_err(|e| SiteError::Template(format!("{template}: {e:#}")))
}

/// The name of a game's page.
pub fn game_page_name(id: i64) -> String {
    format!("game-{id}.html")
}

/// The name of a game's archive, written beside its page.
pub fn game_archive_name(id: i64) -> String {
    format!("game-{id}.json")
}

/// The name of a game's PGN, written beside its page.
pub fn game_pgn_name(id: i64) -> String {
    format!("game-{id}.pgn")
}

/// The endings of the files the site writes for each game.
const GAME_FILES: &[&str] = &[".html", ".json", ".pgn"];

/// The endings of the files the site writes for each tournament.
const TOURNAMENT_FILES: &[&str] = &[".html", ".trf", ".atom"];

/// Whether `name` is one of the files the site writes for a game or a tournament
/// (`game-N.html`, `.json`, `.pgn`; `tournament-N.html`, `.trf`, `.atom`): those [`build`] may remove.
fn own_page_name(name: &str) -> bool {
    let numbered = |prefix: &str, endings: &[&str]| {
        name.strip_prefix(prefix).is_some_and(|rest| {
            endings.iter().any(|ending| {
                rest.strip_suffix(ending).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
        })
    };
    numbered("game-", GAME_FILES) || numbered("tournament-", TOURNAMENT_FILES)
}

/// The name of a tournament's page.
pub fn tournament_page_name(id: i64) -> String {
    format!("tournament-{id}.html")
}

/// The name of a tournament's Tournament Report File, written beside its page.
pub fn tournament_trf_name(id: i64) -> String {
    format!("tournament-{id}.trf")
}

/// What every page's frame needs.
#[derive(Serialize)]
struct Frame<'a> {
    club: &'a str,
    title: String,
    /// The feeds the page's head links to.
    feeds: Vec<FeedLink>,
}

/// A feed a page's head names (`<link rel="alternate" type="application/atom+xml">`).
#[derive(Serialize)]
struct FeedLink {
    href: String,
    title: String,
}

/// What the index's template is given.
#[derive(Serialize)]
struct IndexContext<'a> {
    frame: Frame<'a>,
    tournaments: Vec<TournamentLine>,
    games: Vec<GameLine>,
}

/// What a game's template is given.
#[derive(Serialize)]
struct GameContext<'a> {
    frame: Frame<'a>,
    game: &'a game::GameModel,
}

/// What a tournament's template is given.
#[derive(Serialize)]
struct TournamentContext<'a> {
    frame: Frame<'a>,
    t: &'a tournament::TournamentModel,
}

/// A line of the index's list of games.
#[derive(Serialize)]
pub(super) struct GameLine {
    pub id: i64,
    pub href: String,
    pub white: String,
    pub black: String,
    pub variant: String,
    pub state: String,
    pub tournament: Option<String>,
}

/// A line of the index's list of tournaments.
#[derive(Serialize)]
struct TournamentLine {
    href: String,
    name: String,
    variant: String,
    system: &'static str,
    state: String,
}

/// The commitments page's context.
#[derive(Serialize)]
struct CommitmentsContext<'a> {
    frame: Frame<'a>,
    example: WorkedExample<'a>,
}

/// A commitment opened, with the command that checks it.
#[derive(Serialize)]
struct WorkedExample<'a> {
    game: i64,
    label: &'a str,
    value: &'a str,
    nonce: &'a str,
    hash: &'a str,
    check: String,
}

/// Which files a render gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every file of the site.
    All,
    /// The files of these games (page, archive, PGN) and tournaments (page, TRF, feed), with
    /// the index and the club's feed, which list every game and tournament: what a change to
    /// them touches. Only these games' moves are read; the others' records give the index its
    /// lines (their [`GamePage::moves`] may be left empty).
    Touched {
        /// Games by number.
        games: BTreeSet<i64>,
        /// Tournaments by number.
        tournaments: BTreeSet<i64>,
    },
}

impl Scope {
    fn game(&self, id: i64) -> bool {
        match self {
            Scope::All => true,
            Scope::Touched { games, .. } => games.contains(&id),
        }
    }

    fn tournament(&self, id: i64) -> bool {
        match self {
            Scope::All => true,
            Scope::Touched { tournaments, .. } => tournaments.contains(&id),
        }
    }
}

/// Renders every file of the site: `index.html`, `style.css`, `check.js`, `commitments.html`,
/// the club's feed, a page, a TRF and a feed per tournament, and a page, a PGN and an archive
/// per game. Pure: nothing is read or written.
pub fn render(site: &Site) -> Result<Vec<SiteFile>, SiteError> {
    render_scope(site, &Scope::All)
}

/// The links to feeds in a page's head: the club's, and the tournament's the page is about.
fn feed_links(site: &Site, tournament: Option<&TournamentPage>) -> Vec<FeedLink> {
    let mut links =
        vec![FeedLink { href: feed::CLUB_FEED.to_string(), title: format!("{}: results and rounds", site.club) }];
    if let Some(t) = tournament {
        links.push(FeedLink {
            href: feed::tournament_feed_name(t.id),
            title: format!("{}: results and rounds", t.name),
        });
    }
    links
}

/// Renders the files of `scope` (see [`Scope`]). Pure: nothing is read or written.
pub fn render_scope(site: &Site, scope: &Scope) -> Result<Vec<SiteFile>, SiteError> {
    let env = environment()?;
    let mut files = Vec::new();
    if *scope == Scope::All {
        files.push(SiteFile { name: "style.css".to_string(), contents: style_sheet(site.stylesheet.as_deref()) });
        files.push(SiteFile { name: CHECK_SCRIPT_NAME.to_string(), contents: CHECK_SCRIPT.to_string() });
        files.push(commitments_page(&env, site)?);
    }
    let mut published: Vec<&GamePage> = site.games.iter().filter(|g| !site.leave_out.game(g)).collect();
    published.sort_by_key(|g| std::cmp::Reverse(g.record.id));
    let tournaments: Vec<&TournamentPage> =
        site.tournaments.iter().filter(|t| !site.leave_out.tournaments.contains(&t.id)).collect();
    let linked_games: Vec<i64> = published.iter().map(|g| g.record.id).collect();

    let mut game_lines = Vec::new();
    for &page in &published {
        let record = &page.record;
        let on_site = page.tournament.and_then(|(id, _)| tournaments.iter().find(|t| t.id == id).copied());
        let tournament = page.tournament.map(|(id, round)| game::TournamentLink {
            href: on_site.map(|t| tournament_page_name(t.id)),
            name: on_site.map_or_else(|| format!("Tournament #{id}"), |t| t.name.clone()),
            round,
        });
        game_lines.push(game::line(page, tournament.as_ref())?);
        if scope.game(record.id) {
            files.extend(game_files(&env, site, page, tournament, feed_links(site, on_site))?);
        }
    }

    let mut tournament_lines = Vec::new();
    let mut club_entries = feed::other_results(site, &published, &tournaments);
    for &t in &tournaments {
        let model = tournament::model(t, &linked_games);
        tournament_lines.push(TournamentLine {
            href: tournament_page_name(t.id),
            name: t.name.clone(),
            variant: model.variant.clone(),
            system: model.system,
            state: model.state.clone(),
        });
        let entries = feed::tournament_entries(site, t, &published);
        if scope.tournament(t.id) {
            let frame = Frame { club: &site.club, title: t.name.clone(), feeds: feed_links(site, Some(t)) };
            let html = render_page(&env, "tournament.html", TournamentContext { frame, t: &model })?;
            files.push(SiteFile { name: tournament_page_name(t.id), contents: html });
            files.push(SiteFile { name: tournament_trf_name(t.id), contents: tournament::trf(t) });
            let (name, page) = (feed::tournament_feed_name(t.id), tournament_page_name(t.id));
            let title = format!("{}: results and rounds", t.name);
            let head = feed::FeedHead {
                id: feed::tournament_feed_id(site, t),
                title: &title,
                name: &name,
                page: &page,
                empty_since: t.created_at,
            };
            files.push(SiteFile { contents: feed::feed(site, &head, entries.clone()), name });
        }
        club_entries.extend(entries);
    }

    let title = format!("{}: results and rounds", site.club);
    let empty_since = tournaments.iter().map(|t| t.created_at).max().unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    let head = feed::FeedHead {
        id: feed::club_feed_id(site),
        title: &title,
        name: feed::CLUB_FEED,
        page: "index.html",
        empty_since,
    };
    files.push(SiteFile { name: feed::CLUB_FEED.to_string(), contents: feed::feed(site, &head, club_entries) });

    let frame = Frame { club: &site.club, title: site.club.clone(), feeds: feed_links(site, None) };
    let index =
        render_page(&env, "index.html", IndexContext { frame, tournaments: tournament_lines, games: game_lines })?;
    files.push(SiteFile { name: "index.html".to_string(), contents: index });

    let mut names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(SiteError::Duplicate(pair[0].to_string()));
    }
    Ok(files)
}

/// A game's files: its page, its archive (when the site publishes it) and its PGN.
fn game_files(
    env: &Environment<'_>,
    site: &Site,
    page: &GamePage,
    tournament: Option<game::TournamentLink>,
    feeds: Vec<FeedLink>,
) -> Result<Vec<SiteFile>, SiteError> {
    let record = &page.record;
    let archive = Archive::of(record, &game::public_start(page)?, &page.moves);
    let archive = if site.publish_addresses { Some(archive) } else { archive.without_addresses() };
    let json = match &archive {
        Some(archive) => {
            Some(serde_json::to_string_pretty(archive).map_err(|e| SiteError::Template(e.to_string()))? + "\n")
        }
        None => None,
    };
    let mut model = game::model(page, &site.zone, tournament, archive.is_some())?;
    model.archive_json = json.as_deref().map(embedded_json);
    let pgn = game::pgn(page, &model, site.url.as_deref().unwrap_or(&site.club))?;
    let frame = Frame { club: &site.club, title: model.title.clone(), feeds };
    let html = render_page(env, "game.html", GameContext { frame, game: &model })?;
    let mut files = vec![SiteFile { name: game_page_name(record.id), contents: html }];
    if let Some(json) = json {
        files.push(SiteFile { name: game_archive_name(record.id), contents: json });
    }
    files.push(SiteFile { name: game_pgn_name(record.id), contents: pgn });
    Ok(files)
}

/// The page on commitments, with README's worked example: game 42, White crowned the king,
/// the nonce 00 01 ... 0f.
fn commitments_page(env: &Environment<'_>, site: &Site) -> Result<SiteFile, SiteError> {
    let example =
        Commitment::new(42, "white.crown", "king", std::array::from_fn(|i| i as u8)).map_err(SiteError::Template)?;
    let frame = Frame { club: &site.club, title: "Commitments".to_string(), feeds: feed_links(site, None) };
    let example = WorkedExample {
        game: example.game,
        label: &example.label,
        value: &example.value,
        nonce: &example.nonce,
        hash: &example.hash,
        check: example.check_command(),
    };
    let page = render_page(env, COMMITMENTS_PAGE, CommitmentsContext { frame, example })?;
    Ok(SiteFile { name: COMMITMENTS_PAGE.to_string(), contents: page })
}

/// Writes `contents` as `dir/name` so that a reader (a web server) sees the old file or the
/// new one, never part of one: written beside it under a hidden name, then renamed over it.
fn write_atomically(dir: &Path, name: &str, contents: &str) -> Result<PathBuf, SiteError> {
    let path = dir.join(name);
    let beside = dir.join(format!(".{name}.herald-new"));
    std::fs::write(&beside, contents).map_err(|error| SiteError::Write { path: beside.clone(), error })?;
    std::fs::rename(&beside, &path).map_err(|error| SiteError::Write { path: path.clone(), error })?;
    Ok(path)
}

/// Writes `files` into `dir` (created if missing), each atomically; returns the paths written.
pub fn write(files: &[SiteFile], dir: &Path) -> Result<Vec<PathBuf>, SiteError> {
    std::fs::create_dir_all(dir).map_err(|error| SiteError::Write { path: dir.to_path_buf(), error })?;
    files.iter().map(|file| write_atomically(dir, &file.name, &file.contents)).collect()
}

/// Removes from `dir` the files of herald's naming for games and tournaments (`game-N.*`,
/// `tournament-N.*`) that `keep` does not name and `gone` says are no longer wanted.
fn remove_own(dir: &Path, keep: &[SiteFile], gone: impl Fn(&str) -> bool) -> Result<(), SiteError> {
    let keep: std::collections::HashSet<&str> = keep.iter().map(|f| f.name.as_str()).collect();
    let entries = std::fs::read_dir(dir).map_err(|error| SiteError::Write { path: dir.to_path_buf(), error })?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if own_page_name(name) && gone(name) && !keep.contains(name) {
            let path = entry.path();
            std::fs::remove_file(&path).map_err(|error| SiteError::Write { path: path.clone(), error })?;
        }
    }
    Ok(())
}

/// Renders the site and writes its files into `dir` (created if missing; files of the same
/// names are replaced, each atomically). A game's or a tournament's file from an earlier build
/// that the site no longer has (left out since, or an archive no longer published) is removed;
/// every other file is left alone. Returns the paths written.
pub fn build(site: &Site, dir: &Path) -> Result<Vec<PathBuf>, SiteError> {
    update(site, dir, &Scope::All)
}

/// Renders the files of `scope` and writes them into `dir`, as [`build`] does: with
/// [`Scope::All`] every file; with [`Scope::Touched`] those of the games and tournaments it
/// names (removing those of its games and tournaments the site no longer has) and the index and
/// club feed. Returns the paths written.
pub fn update(site: &Site, dir: &Path, scope: &Scope) -> Result<Vec<PathBuf>, SiteError> {
    let files = render_scope(site, scope)?;
    let written = write(&files, dir)?;
    remove_own(dir, &files, |name| match scope {
        Scope::All => true,
        Scope::Touched { games, tournaments } => {
            let number = |prefix: &str| {
                name.strip_prefix(prefix).and_then(|rest| rest.split('.').next()).and_then(|n| n.parse::<i64>().ok())
            };
            number("game-").is_some_and(|n| games.contains(&n))
                || number("tournament-").is_some_and(|n| tournaments.contains(&n))
        }
    })?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    /// The club's style sheet follows herald's in `style.css`, whole, and only when it has one.
    #[test]
    fn the_club_s_style_sheet_comes_after_herald_s() {
        let style = |site: &super::Site| {
            super::render(site).unwrap().into_iter().find(|f| f.name == "style.css").unwrap().contents
        };
        let mut site = super::Site::new("Club", Vec::new(), Vec::new());
        assert_eq!(style(&site), super::STYLE_SHEET);
        let club = "body { font-family: Georgia, serif; }\nh1 { color: #600; }";
        site.stylesheet = Some(club.to_string());
        let sheet = style(&site);
        assert!(sheet.starts_with(super::STYLE_SHEET), "herald's first");
        assert!(sheet.trim_end().ends_with(club), "the club's last, whole:\n{sheet}");
    }

    /// Nothing in an archive (a tournament's name, a reason) can end the script element the
    /// page embeds it in, and the embedded text reads back as the same JSON.
    #[test]
    fn an_embedded_archive_cannot_end_its_script_element() {
        let archive = serde_json::json!({
            "name": "Cup </script><script>alert(1)</script> <!-- & </SCRIPT",
            "escaped": "a\\<b \\\\< \u{2028}",
        });
        let json = serde_json::to_string_pretty(&archive).unwrap();
        let embedded = super::embedded_json(&json);
        assert!(!embedded.contains('<'), "{embedded}");
        let back: serde_json::Value = serde_json::from_str(&embedded).unwrap();
        assert_eq!(back, archive);
    }
}
