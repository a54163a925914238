//! The club's site from the database: what [`crate::site`] renders, read in one transaction,
//! for `herald site build DIR` (every file) and for the daemon, which keeps `site.dir`
//! current (only the files a change touches) and runs `site.publish_command` after.
//!
//! # What changed
//!
//! After each pass the daemon takes a fingerprint (SHA-256) of each game's record and each
//! tournament's terms, players and pairings as the database holds them now, and compares them
//! with those of what it last wrote into `site.dir`, which it keeps in the database (meta
//! `site_written`, written after the files, in a transaction of its own). A game whose
//! fingerprint changed is rewritten with its tournament, the index and the club's feed; a
//! tournament whose fingerprint changed (a pairing, a withdrawal, a director's decision, from
//! whatever process made it) likewise. A change committed but not yet written (the daemon
//! stopped between the two) differs from what was written, so the next pass, of this daemon or
//! the next one, writes it: no change is lost, and nothing depends on who made it. When the
//! folder, the site's settings or herald's version differ from what was written (or nothing
//! was), the whole site is written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::daemon::Backoff;
use super::{Service, ServiceError};
use crate::site::{GamePage, LeaveOut, Scope, Site, TournamentPage};
use crate::store::{StoreError, Tx};
use crate::tournament::Stage;

/// The meta key of what the daemon last wrote into `site.dir`.
const SITE_WRITTEN: &str = "site_written";

/// How long `site.publish_command` may run before it is stopped and counted as failed.
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(600);

/// What the daemon last wrote into `site.dir`: the fingerprints of the records it was written
/// from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Written {
    dir: PathBuf,
    /// The site's settings and herald's version.
    settings: String,
    games: BTreeMap<i64, String>,
    tournaments: BTreeMap<i64, String>,
}

/// The meta key of what `site.publish_command` last published: the fingerprint of the
/// [`Written`] it published. A site written but not published (the command failed, or the
/// daemon stopped before it ran) differs from it, so a later pass, of this daemon or the next
/// `herald serve --once`, publishes it.
const SITE_PUBLISHED: &str = "site_published";

/// The daemon's pause after failures of `site.publish_command`: when to try again.
#[derive(Debug, Default)]
pub(super) struct Publishing {
    backoff: Backoff,
    not_before: Option<Instant>,
}

/// What one pass over the site did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SitePass {
    /// The files written (none when nothing changed).
    pub written: Vec<PathBuf>,
    /// Whether the whole site was written (the first pass, or new settings).
    pub whole: bool,
    /// Whether `site.publish_command` ran and succeeded; `Some(false)`: it failed (logged).
    pub published: Option<bool>,
}

impl Service {
    /// The site as the configuration's `site` section describes it, from one read of the
    /// database: every tournament with its standings, every game with its moves.
    pub fn site(&mut self) -> Result<Site, ServiceError> {
        let stylesheet = self.site_stylesheet()?;
        let mut site = self.site_frame(stylesheet);
        let (tournaments, games) =
            self.store.read(|tx| Ok::<_, StoreError>((tournament_pages(tx)?, game_pages(tx)?)))?;
        site.tournaments = tournaments;
        site.games = games;
        Ok(site)
    }

    /// `herald site build DIR`: writes every file of the site into `dir`
    /// ([`crate::site::build`]); the paths written.
    pub fn build_site(&mut self, dir: &Path) -> Result<Vec<PathBuf>, ServiceError> {
        let site = self.site()?;
        crate::site::build(&site, dir).map_err(site_error)
    }

    /// Brings the site in `site.dir` up to date with the database, if the club has one: writes
    /// the files of what changed since the last pass ([module docs](self)), then runs
    /// `site.publish_command` if something was written (or an earlier publish failed and its
    /// pause is over). Never inside a transaction: the records are read in one, the files
    /// written after it, and what was written recorded in another.
    pub fn keep_site_current(&mut self) -> Result<SitePass, ServiceError> {
        let Some(dir) = self.config.site.dir.clone() else { return Ok(SitePass::default()) };
        let stylesheet = self.site_stylesheet()?;
        let mut site = self.site_frame(stylesheet);
        let settings = settings_fingerprint(&site);
        let before: Option<Written> = self
            .store
            .read(|tx| tx.meta(SITE_WRITTEN))?
            .and_then(|json| serde_json::from_str(&json).ok())
            .filter(|w: &Written| w.dir == dir && w.settings == settings && dir.join("index.html").exists());
        let (tournaments, games, now, scope) = self.store.read(|tx| {
            let tournaments = tournament_pages(tx)?;
            let records: Vec<_> = tx.games()?.into_iter().map(|g| g.record).collect();
            let now = Written {
                dir: dir.clone(),
                settings: settings.clone(),
                games: records.iter().map(|r| (r.id, game_fingerprint(r))).collect(),
                tournaments: tournaments.iter().map(|t| (t.id, fingerprint(&format!("{t:?}")))).collect(),
            };
            let scope = match &before {
                None => Scope::All,
                Some(before) => touched(before, &now, &records),
            };
            let mut games = Vec::with_capacity(records.len());
            for record in records {
                // Only the games rewritten need their moves; the others give the index a line.
                let moves = if scope_has_game(&scope, record.id) { tx.moves(record.id)? } else { Vec::new() };
                let tournament = record.tournament.as_ref().map(|t| (t.id, t.round));
                games.push(GamePage { record, moves, tournament });
            }
            Ok((tournaments, games, now, scope))
        })?;
        let mut pass = SitePass { whole: scope == Scope::All, ..SitePass::default() };
        let json = serde_json::to_string(&now).map_err(|e| ServiceError::Bug(e.to_string()))?;
        if !matches!(&scope, Scope::Touched { games, tournaments } if games.is_empty() && tournaments.is_empty()) {
            site.tournaments = tournaments;
            site.games = games;
            pass.written = crate::site::update(&site, &dir, &scope).map_err(site_error)?;
            self.store.write_relaxed(|tx| tx.set_meta(SITE_WRITTEN, &json))?;
        }
        pass.published = self.publish_site(&dir, &fingerprint(&json))?;
        Ok(pass)
    }

    /// Runs `site.publish_command` when the site as written (`written`, the fingerprint of its
    /// [`Written`]) is not the one last published and no pause after a failure holds it back:
    /// `None` when it did not run.
    fn publish_site(&mut self, dir: &Path, written: &str) -> Result<Option<bool>, ServiceError> {
        let Some(command) = self.config.site.publish_command.clone() else { return Ok(None) };
        if self.publishing.not_before.is_some_and(|t| Instant::now() < t) {
            return Ok(None);
        }
        if self.store.read(|tx| tx.meta(SITE_PUBLISHED))?.as_deref() == Some(written) {
            return Ok(None);
        }
        let publishing = &mut self.publishing;
        Ok(match run_publish(&command, dir) {
            Ok(()) => {
                *publishing = Publishing::default();
                tracing::info!(dir = %dir.display(), "site published");
                self.store.write_relaxed(|tx| tx.set_meta(SITE_PUBLISHED, written))?;
                Some(true)
            }
            Err(why) => {
                let pause = publishing.backoff.next();
                publishing.not_before = Some(Instant::now() + pause);
                tracing::warn!(
                    error = why.as_str(),
                    "site.publish_command failed; trying again in {} s",
                    pause.as_secs()
                );
                Some(false)
            }
        })
    }

    /// The club's own style sheet (`site.stylesheet`), read at each build.
    fn site_stylesheet(&self) -> Result<Option<String>, ServiceError> {
        match &self.config.site.stylesheet {
            Some(path) => std::fs::read_to_string(path)
                .map(Some)
                .map_err(|e| ServiceError::Io(format!("site.stylesheet: {}", path.display()), e)),
            None => Ok(None),
        }
    }

    /// The site's settings, with no tournament or game yet.
    fn site_frame(&self, stylesheet: Option<String>) -> Site {
        let settings = &self.config.site;
        let club = settings.title.clone().unwrap_or_else(|| self.config.referee.name.clone());
        let mut site = Site::new(club, Vec::new(), Vec::new());
        site.zone = self.config.zone();
        site.leave_out =
            LeaveOut { games: settings.leave_out.games.clone(), tournaments: settings.leave_out.tournaments.clone() };
        site.publish_addresses = settings.publish_addresses;
        site.stylesheet = stylesheet;
        site.url = settings.url.clone();
        site.authority = feed_authority(settings.url.as_deref(), &self.config.referee.address);
        site
    }
}

/// The domain the feeds' ids are minted under (RFC 4151's tagging entity): the host of the
/// site's address when the club gave it, else the domain of the referee's address; both are
/// the club's.
fn feed_authority(url: Option<&str>, referee: &str) -> String {
    let host = url.and_then(|url| {
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
        let host = host.split(':').next().unwrap_or("");
        (!host.is_empty()).then(|| host.to_ascii_lowercase())
    });
    host.unwrap_or_else(|| referee.rsplit_once('@').map_or(referee, |(_, domain)| domain).to_ascii_lowercase())
}

/// Every tournament, with its standings computed.
fn tournament_pages(tx: &Tx<'_>) -> Result<Vec<TournamentPage>, StoreError> {
    let mut pages = Vec::new();
    for t in tx.tournaments()? {
        let entrants: Vec<_> =
            tx.entries(t.id)?.into_iter().filter(|e| e.entrant.number > 0).map(|e| e.entrant).collect();
        let pairings = tx.pairings(t.id)?;
        let standings = t.standings(&entrants, &pairings);
        pages.push(TournamentPage {
            drawn_colour: t.drawn_colour(),
            pab_points: t.pab_points(),
            created_at: t.created_at,
            id: t.id,
            name: t.name,
            variant: t.variant,
            system: t.system,
            rounds_total: t.rounds,
            entrants,
            pairings,
            standings,
            tiebreaks: t.tiebreaks,
            finished: t.stage == Stage::Finished,
        });
    }
    Ok(pages)
}

/// Every game, with its moves.
fn game_pages(tx: &Tx<'_>) -> Result<Vec<GamePage>, StoreError> {
    let mut pages = Vec::new();
    for summary in tx.games()? {
        let record = summary.record;
        let moves = tx.moves(record.id)?;
        let tournament = record.tournament.as_ref().map(|t| (t.id, t.round));
        pages.push(GamePage { record, moves, tournament });
    }
    Ok(pages)
}

/// The hex SHA-256 of `text`.
fn fingerprint(text: &str) -> String {
    crate::hex::encode(&Sha256::digest(text.as_bytes()))
}

/// A game's fingerprint: every field of its record (its `Debug` leaves the snapshot out, so it
/// is added), so that any change to what its page may show changes it.
fn game_fingerprint(record: &crate::referee::records::GameRecord) -> String {
    fingerprint(&format!("{record:?}\n{}", record.snapshot))
}

/// The fingerprint of the site's settings (title, address, what is left out, addresses, the
/// club's style sheet, time zone) and of herald's version, whose templates make the pages.
fn settings_fingerprint(site: &Site) -> String {
    fingerprint(&format!(
        "{}\n{:?}\n{:?}\n{:?}\n{}\n{:?}\n{:?}\n{}",
        env!("CARGO_PKG_VERSION"),
        site.club,
        site.url,
        site.leave_out,
        site.publish_addresses,
        site.stylesheet,
        site.zone.iana_name(),
        site.authority
    ))
}

/// What changed between what was written and the database now: the games whose record changed
/// (or that are new, or gone), and the tournaments whose terms, players or pairings changed,
/// with the tournaments of those games (their pages list them).
fn touched(before: &Written, now: &Written, records: &[crate::referee::records::GameRecord]) -> Scope {
    fn changed(before: &BTreeMap<i64, String>, now: &BTreeMap<i64, String>) -> BTreeSet<i64> {
        let new = now.iter().filter(|(id, fp)| before.get(id) != Some(fp)).map(|(id, _)| *id);
        let gone = before.keys().filter(|id| !now.contains_key(id)).copied();
        new.chain(gone).collect()
    }
    let games = changed(&before.games, &now.games);
    let mut tournaments = changed(&before.tournaments, &now.tournaments);
    tournaments
        .extend(records.iter().filter(|r| games.contains(&r.id)).filter_map(|r| r.tournament.as_ref()).map(|t| t.id));
    Scope::Touched { games, tournaments }
}

fn scope_has_game(scope: &Scope, id: i64) -> bool {
    match scope {
        Scope::All => true,
        Scope::Touched { games, .. } => games.contains(&id),
    }
}

/// Runs `command` with `sh -c` in the site's folder (also in `HERALD_SITE_DIR`), its output
/// kept for the log; stopped after [`PUBLISH_TIMEOUT`]. Why it failed, in one line.
fn run_publish(command: &str, dir: &Path) -> Result<(), String> {
    let mut child = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("HERALD_SITE_DIR", dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run /bin/sh: {e}"))?;
    // The command's error output is read while it runs, so that a long one cannot fill the
    // pipe and stop it.
    let stderr = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
            text
        })
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if started.elapsed() >= PUBLISH_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("stopped after {} s", PUBLISH_TIMEOUT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => break Err(e.to_string()),
        }
    };
    let said = stderr.and_then(|t| t.join().ok()).unwrap_or_default();
    let last = said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
    match status {
        Ok(status) if status.success() => Ok(()),
        Ok(status) if last.is_empty() => Err(format!("it exited with {status}")),
        Ok(status) => Err(format!("it exited with {status}: {last}")),
        Err(why) => Err(why),
    }
}

/// A site that could not be built, as the service reports it.
fn site_error(e: crate::site::SiteError) -> ServiceError {
    match e {
        crate::site::SiteError::Write { path, error } => ServiceError::Io(format!("writing {}", path.display()), error),
        other => ServiceError::Usage(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::feed_authority;

    #[test]
    fn the_feeds_are_minted_under_the_club_s_domain() {
        assert_eq!(feed_authority(Some("https://Chess.Example.org/herald/"), "referee@club.test"), "chess.example.org");
        assert_eq!(
            feed_authority(Some("http://user@chess.example.org:8080"), "referee@club.test"),
            "chess.example.org"
        );
        assert_eq!(feed_authority(None, "referee@Club.test"), "club.test");
    }
}
