//! The site `herald serve` keeps current in `site.dir` (docs/site.md, "Always current"): a
//! club's tournament played through the referee's daemon pass (a real SQLite file, Maildirs, an
//! injected clock), the files each pass writes, the Atom feeds read back by a real XML parser,
//! a game with secrets on the live path, a change the daemon did not see written by the next
//! one, and `site.publish_command` with its pause after a failure.

use crate::support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use herald::config::Config;
use herald::referee::records::Player;
use herald::service::{NewTournament, SitePass};
use herald::tournament::{Points, System, Tournament};
use support::table::Table;

const ANN: &str = "ann@players.test";
const BEN: &str = "ben@players.test";
const CY: &str = "cy@players.test";
const DI: &str = "di@players.test";
const ATOM: &str = "http://www.w3.org/2005/Atom";

/// A club whose daemon keeps its site in `ROOT/site`.
fn live_club(name: &str) -> (Table, PathBuf) {
    let table = Table::deterministic_with(name, |root, config: &mut Config| {
        config.site.dir = Some(root.join("site"));
        config.site.title = Some("Riverside <Chess> & Draughts".into());
    });
    let dir = table.root.join("site");
    (table, dir)
}

/// A Swiss of four in three rounds (one player named with markup), started: round 1's two
/// games are on.
fn tournament(table: &mut Table) -> (i64, Vec<(i64, String, String)>) {
    let names = [(ANN, "Ann"), (BEN, "Ben"), (CY, "Cy <b>&</b> \"Co\""), (DI, "Di")];
    let players = names.iter().map(|(e, n)| Player { email: e.to_string(), name: Some(n.to_string()) }).collect();
    let terms = Tournament { system: System::Swiss, rounds: 3, ..support::tournament::terms("Riverside <Spring> Cup") };
    let id = table.service.create_tournament(NewTournament { terms, players }).unwrap();
    table.service.start_tournament(id).unwrap();
    table.pass_after(0);
    (id, games(table, id))
}

/// The games of tournament `id`: (game, White's address, Black's) by round and board.
fn games(table: &mut Table, id: i64) -> Vec<(i64, String, String)> {
    let pairings = table.service.store().read(|tx| tx.pairings(id)).unwrap();
    let entries = table.service.store().read(|tx| tx.entries(id)).unwrap();
    let email = |n: u32| entries.iter().find(|e| e.entrant.number == n).unwrap().entrant.email.clone();
    pairings.iter().filter_map(|p| Some((p.game?, email(p.white), email(p.black?)))).collect()
}

/// `who` answers their latest mail of game `game` with `text`, into the inbox, where it waits
/// for the daemon's next pass.
fn to_inbox(table: &Table, who: &str, game: i64, text: &str) {
    let mail = herald::mail::reply::compose_reply(&table.latest_in(who, game), who, text).unwrap();
    herald::mail::maildir::Maildir::create(&table.root.join("inbox")).unwrap().deliver(&mail).unwrap();
}

/// The names of the files a pass wrote.
fn names(pass: &SitePass) -> BTreeSet<String> {
    pass.written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect()
}

/// Every file in `dir`, by name, with its contents.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A feed's entries as RFC 4287 has them, read by an XML parser: (id, title, updated, link).
struct Feed {
    id: String,
    updated: String,
    entries: Vec<(String, String, String, String)>,
}

/// Reads an Atom feed with a real XML parser and checks what RFC 4287 requires of it: the
/// `feed` element in Atom's namespace with one `id`, `title` and `updated` and an author
/// (the feed's, as no entry has one); each entry with one `id`, `title`, `updated` and an
/// alternate link (it has no content); every `updated` an RFC 3339 time; every id a `tag:` URI
/// of the club's domain (RFC 4151); no two entries with one id.
fn feed(text: &str) -> Feed {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"));
    let root = doc.root_element();
    assert_eq!((root.tag_name().namespace(), root.tag_name().name()), (Some(ATOM), "feed"));
    let one = |parent: roxmltree::Node<'_, '_>, name: &str| -> String {
        let found: Vec<_> = parent.children().filter(|c| c.is_element() && c.tag_name().name() == name).collect();
        assert_eq!(found.len(), 1, "one <{name}> in <{}>", parent.tag_name().name());
        assert_eq!(found[0].tag_name().namespace(), Some(ATOM));
        found[0].text().unwrap_or("").to_string()
    };
    let time = |text: &str| {
        text.parse::<jiff::Timestamp>().unwrap_or_else(|e| panic!("{text} is not an RFC 3339 time: {e}"));
        assert!(text.ends_with('Z'), "{text}");
        text.to_string()
    };
    let tag = |id: &str| {
        let rest = id.strip_prefix("tag:club.test,").unwrap_or_else(|| panic!("{id} is not a tag: URI of club.test"));
        let (date, specific) = rest.split_once(':').unwrap();
        jiff::civil::Date::strptime("%Y-%m-%d", date).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(!specific.is_empty());
        id.to_string()
    };
    let author = root.children().find(|c| c.tag_name().name() == "author").expect("the feed has an author");
    assert!(!one(author, "name").is_empty());
    assert!(!one(root, "title").is_empty());
    let links = |node: roxmltree::Node<'_, '_>| -> Vec<(String, String)> {
        node.children()
            .filter(|c| c.tag_name().name() == "link")
            .map(|l| (l.attribute("rel").unwrap_or("alternate").to_string(), l.attribute("href").unwrap().to_string()))
            .collect()
    };
    assert!(links(root).iter().any(|(rel, _)| rel == "self"));
    let mut entries = Vec::new();
    for entry in root.children().filter(|c| c.tag_name().name() == "entry") {
        let link = links(entry).into_iter().find(|(rel, _)| rel == "alternate").expect("an entry links to its page").1;
        entries.push((tag(&one(entry, "id")), one(entry, "title"), time(&one(entry, "updated")), link));
    }
    let ids: BTreeSet<&String> = entries.iter().map(|e| &e.0).collect();
    assert_eq!(ids.len(), entries.len(), "no two entries with one id:\n{text}");
    Feed { id: tag(&one(root, "id")), updated: time(&one(root, "updated")), entries }
}

/// Whether `html`'s head names the feed `href` as its Atom alternate.
fn links_feed(html: &str, href: &str) -> bool {
    let head = &html[..html.find("</head>").unwrap()];
    support::dom::elements(&format!("{head}</link>"), "link", "rel=\"alternate\"").iter().any(|(tag, _)| {
        support::dom::attribute(tag, "type").as_deref() == Some("application/atom+xml")
            && support::dom::attribute(tag, "href").as_deref() == Some(href)
    })
}

/// The daemon's passes keep the site current move by move, writing only what a change touches:
/// a move, that game's files, its tournament's page, TRF and feed, the index and the club's
/// feed; every other file stays as it was. A result and a new round come into the feeds, whose
/// ids and times stay the same when nothing happened, however often the site is built.
#[test]
fn the_daemon_rewrites_what_each_change_touches() {
    let (mut table, dir) = live_club("site-live");
    let (t, round1) = tournament(&mut table);
    assert_eq!(round1.len(), 2, "round 1 of four players: two games");
    let (g1, white1, black1) = round1[0].clone();
    let (g2, _, _) = round1[1].clone();
    for name in ["index.html", "feed.atom", "style.css", "check.js", "commitments.html"] {
        assert!(dir.join(name).exists(), "{name} written at the first pass");
    }
    for ext in ["html", "trf", "atom"] {
        assert!(dir.join(format!("tournament-{t}.{ext}")).exists());
    }
    for g in [g1, g2] {
        for ext in ["html", "json", "pgn"] {
            assert!(dir.join(format!("game-{g}.{ext}")).exists());
        }
    }
    // A pass with nothing new writes nothing.
    assert_eq!(table.pass_after(60).site, SitePass::default());

    // A move: that game's files, its tournament's, the index and the club's feed.
    let before = snapshot(&dir);
    table.reply_in(&white1, g1, "e4");
    let pass = table.pass_after(0);
    assert!(pass.site.written.is_empty(), "the pass after the move's own has nothing left to write");
    let after = snapshot(&dir);
    let changed: BTreeSet<String> = after
        .iter()
        .filter(|(name, bytes)| before.iter().find(|(n, _)| n == name).is_none_or(|(_, b)| b != bytes))
        .map(|(name, _)| name.clone())
        .collect();
    let game_page = read(&dir, &format!("game-{g1}.html"));
    assert!(support::dom::texts_of(&game_page, "table", "class=\"moves\"").iter().any(|t| t.contains("e4")));
    assert!(read(&dir, &format!("game-{g1}.pgn")).contains("1. e4"), "the PGN has the move");
    let touched = [
        format!("game-{g1}.html"),
        format!("game-{g1}.json"),
        format!("game-{g1}.pgn"),
        format!("tournament-{t}.html"),
        format!("tournament-{t}.trf"),
        format!("tournament-{t}.atom"),
        "index.html".to_string(),
        "feed.atom".to_string(),
    ];
    assert!(changed.iter().all(|name| touched.contains(name)), "only the move's files changed: {changed:?}");
    assert!(changed.contains(&format!("game-{g1}.html")) && changed.contains(&format!("game-{g1}.json")));
    assert_eq!(after.len(), before.len(), "no file left beside: {:?}", after.iter().map(|f| &f.0).collect::<Vec<_>>());

    // What a pass wrote, by name: the move's set exactly.
    table.clock.advance(60);
    to_inbox(&table, &round1[1].1, g2, "d4");
    let pass = table.pass_after(0);
    let g2_files = [format!("game-{g2}.html"), format!("game-{g2}.json"), format!("game-{g2}.pgn")];
    let expected: BTreeSet<String> = g2_files.iter().cloned().chain(touched[3..].iter().cloned()).collect();
    assert_eq!(names(&pass.site), expected);
    assert!(!pass.site.whole);

    // The head of every page names the club's feed; a tournament's page, its own too.
    assert!(links_feed(&read(&dir, "index.html"), "feed.atom"));
    assert!(links_feed(&read(&dir, &format!("game-{g1}.html")), "feed.atom"));
    let tournament_page = read(&dir, &format!("tournament-{t}.html"));
    assert!(links_feed(&tournament_page, "feed.atom") && links_feed(&tournament_page, &format!("tournament-{t}.atom")));

    // Round 1 is in the feeds, dated when its games began, and nothing else yet.
    let club = feed(&read(&dir, "feed.atom"));
    let cup = feed(&read(&dir, &format!("tournament-{t}.atom")));
    let started = table.service.store().read(|tx| tx.game(g1)).unwrap().unwrap().created_at;
    let rfc3339 = |t: jiff::Timestamp| t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string();
    assert_eq!(cup.entries.len(), 1, "round 1 paired, no result yet");
    let round_entry = cup.entries[0].clone();
    assert!(round_entry.0.ends_with(&format!(":tournament-{t}/round-1")), "{}", round_entry.0);
    assert_eq!(round_entry.1, "Riverside <Spring> Cup: round 1 paired", "the name is text, unescaped by the parser");
    assert_eq!(round_entry.2, rfc3339(started));
    assert_eq!(round_entry.3, format!("tournament-{t}.html#round-1"));
    assert_eq!(club.entries, cup.entries, "the club's feed holds the tournament's entries");
    assert_eq!(cup.updated, round_entry.2, "a feed is as new as its newest entry");

    // A game ends: its result comes into both feeds, dated when it ended.
    table.clock.advance(3600);
    table.reply_in(&black1, g1, "resign");
    let ended = table.service.store().read(|tx| tx.game(g1)).unwrap().unwrap();
    assert!(ended.result.is_some());
    let cup = feed(&read(&dir, &format!("tournament-{t}.atom")));
    let result: Vec<_> = cup.entries.iter().filter(|e| e.0.ends_with(&format!(":game-{g1}/result"))).collect();
    assert_eq!(result.len(), 1, "{:?}", cup.entries);
    assert_eq!(result[0].2, rfc3339(ended.updated_at));
    assert_eq!(result[0].3, format!("game-{g1}.html"));
    assert!(result[0].1.contains("1-0"), "{}", result[0].1);
    assert_eq!(cup.entries[0], *result[0], "newest first");
    assert!(cup.entries.contains(&round_entry), "the round's entry stays as it was");
    assert_eq!(cup.updated, result[0].2);

    // Time passes, nothing happens: every pass, and a full build anywhere, write the same
    // feeds, ids, times and all.
    let cup_text = read(&dir, &format!("tournament-{t}.atom"));
    let club_text = read(&dir, "feed.atom");
    table.clock.advance(12 * 3600);
    assert!(table.pass_after(0).site.written.is_empty());
    let elsewhere = table.root.join("site-again");
    table.service.build_site(&elsewhere).unwrap();
    assert_eq!(read(&elsewhere, &format!("tournament-{t}.atom")), cup_text);
    assert_eq!(read(&elsewhere, "feed.atom"), club_text);
    let again = feed(&club_text);
    assert_eq!((again.id, again.entries.len()), (club.id, 2));

    // A director's decision, made outside the daemon (the command line): the next pass finds it.
    table.service.direct_game(g2, Points::HALF, Points::HALF, false).unwrap();
    let pass = table.pass_after(0);
    assert!(names(&pass.site).contains(&format!("game-{g2}.html")));
    assert!(names(&pass.site).contains(&format!("tournament-{t}.html")));
    // Round 1 is over: round 2 is paired, and comes into the feeds.
    let cup = feed(&read(&dir, &format!("tournament-{t}.atom")));
    assert!(cup.entries.iter().any(|e| e.0.ends_with(&format!(":tournament-{t}/round-2"))), "{:?}", cup.entries);
    let round2 = games(&mut table, t);
    assert_eq!(round2.len(), 4, "round 2's games are on");
    for (g, _, _) in &round2[2..] {
        assert!(dir.join(format!("game-{g}.html")).exists(), "round 2's game {g} is on the site");
    }

    // A withdrawal: the tournament's files are written again.
    table.service.withdraw_player(t, DI).unwrap();
    let pass = table.pass_after(0);
    assert!(names(&pass.site).contains(&format!("tournament-{t}.html")), "{:?}", names(&pass.site));
    assert!(read(&dir, &format!("tournament-{t}.html")).contains("withdrew"));
}

/// A change committed while no daemon wrote the site (one stopped between the commit and its
/// pass over the site) is written by the next daemon's first pass: what was written is
/// compared with the database, not remembered as done.
#[test]
fn a_change_the_daemon_did_not_write_is_written_by_the_next() {
    let (mut table, dir) = live_club("site-live-heal");
    let game = table.new_game("chess");
    table.pass_after(0);
    assert!(!read(&dir, &format!("game-{game}.pgn")).contains("1. e4"));
    // Committed, but no pass follows: the daemon stopped.
    table.reply("alice@players.test", "e4");
    assert!(!read(&dir, &format!("game-{game}.pgn")).contains("1. e4"), "no pass yet");
    let config = table.service.config().clone();
    table.reopen(config);
    let pass = table.pass_after(0);
    assert!(!pass.site.whole, "the new daemon writes only what it finds unwritten");
    assert!(names(&pass.site).contains(&format!("game-{game}.html")));
    assert!(read(&dir, &format!("game-{game}.pgn")).contains("1. e4"));
    // A site folder emptied by hand is written whole again.
    std::fs::remove_dir_all(&dir).unwrap();
    let pass = table.pass_after(0);
    assert!(pass.site.whole && dir.join(format!("game-{game}.html")).exists());
}

/// A Crown game on the live site, in two clubs alike but for which piece each player crowned:
/// after every pass of the game, its page, archive and PGN are the same in both but for the
/// commitments' hashes, until the game ends and the crowns are opened.
#[test]
fn a_game_with_secrets_on_the_live_site_shows_only_the_public_view() {
    let mut clubs: Vec<(Table, PathBuf)> =
        ["a", "b"].iter().map(|n| live_club(&format!("site-live-crown-{n}"))).collect();
    let crowns = [("queen", "king"), ("king", "queen")];
    let ids: Vec<i64> = clubs.iter_mut().map(|(t, _)| t.new_game("crown")).collect();
    assert_eq!(ids[0], ids[1]);
    let id = ids[0];
    // Its page, archive (none before the setup is committed) and PGN.
    let files = |dir: &Path| -> String {
        let file = |ext: &str| std::fs::read_to_string(dir.join(format!("game-{id}.{ext}"))).unwrap_or_default();
        ["html", "json", "pgn"].map(file).join("\n")
    };
    let mask = |text: String| {
        let mut out = String::new();
        let mut run = String::new();
        for c in text.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_hexdigit() && !c.is_ascii_uppercase() {
                run.push(c);
            } else {
                out.push_str(if run.len() >= 64 { "<hash>" } else { &run });
                run.clear();
                out.push(c);
            }
        }
        out
    };
    let moves = ["crown", "crown", "e4", "d5", "exd5", "Qxd5", "Nc3"];
    for (ply, text) in moves.iter().enumerate() {
        let mut pages = Vec::new();
        for (i, (table, dir)) in clubs.iter_mut().enumerate() {
            let who = if ply % 2 == 0 { "alice@players.test" } else { "bob@players.test" };
            let text = match *text {
                "crown" => format!("crown {}", if ply == 0 { crowns[i].0 } else { crowns[i].1 }),
                other => other.to_string(),
            };
            table.clock.advance(60);
            table.reply_to_inbox(who, &text);
            let pass = table.pass_after(0);
            assert!(names(&pass.site).contains(&format!("game-{id}.html")), "ply {ply}: the pass wrote the page");
            pages.push(mask(files(dir)));
        }
        assert_eq!(pages[0], pages[1], "after {text}: the live pages differ by more than the hashes");
    }
    let mut pages = Vec::new();
    for (table, dir) in clubs.iter_mut() {
        table.clock.advance(60);
        table.reply_to_inbox("alice@players.test", "resign");
        table.pass_after(0);
        pages.push(mask(files(dir)));
    }
    assert_ne!(pages[0], pages[1], "the game is over: its page opens the crowns");
}

/// `site.publish_command` runs after a pass that wrote the site (in the site's folder, with
/// HERALD_SITE_DIR), not after one that wrote nothing; after a failure it waits a pause (1 s
/// after the first) before it runs again, whatever passes come meanwhile, and a success ends
/// the pause.
#[test]
fn the_publish_command_runs_after_a_rebuild_and_pauses_after_a_failure() {
    let (mut table, dir) = live_club("site-live-publish");
    let root = table.root.clone();
    let command = "printf '%s\\n' \"$HERALD_SITE_DIR\" >> ../publish.log; \
                   if [ -e ../fail ]; then echo 'web host unreachable' >&2; exit 3; fi; \
                   rm -rf ../published && cp -R . ../published";
    let mut config = table.service.config().clone();
    config.site.publish_command = Some(command.to_string());
    table.reopen(config);
    let runs = || std::fs::read_to_string(root.join("publish.log")).map_or(0, |log| log.lines().count());
    let game = table.new_game("chess");
    let pass = table.pass_after(0);
    assert_eq!(pass.site.published, Some(true));
    assert_eq!(runs(), 1);
    assert_eq!(std::fs::read_to_string(root.join("publish.log")).unwrap().trim(), dir.display().to_string());
    assert_eq!(snapshot(&root.join("published")), snapshot(&dir), "the command published the site as written");
    assert_eq!(table.pass_after(60).site.published, None, "nothing written, nothing to publish");
    assert_eq!(runs(), 1);

    std::fs::write(root.join("fail"), "").unwrap();
    table.reply("alice@players.test", "e4");
    assert_eq!(table.pass_after(0).site.published, Some(false));
    assert_eq!(runs(), 2);
    // Within the pause, no pass runs it, even one that wrote the site again.
    table.reply("bob@players.test", "e5");
    let pass = table.pass_after(0);
    assert!(!pass.site.written.is_empty());
    assert_eq!((pass.site.published, runs()), (None, 2));
    std::fs::remove_file(root.join("fail")).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert_eq!(table.pass_after(0).site.published, Some(true), "after the pause it runs, and what waited is published");
    assert_eq!(runs(), 3);
    assert!(read(&root.join("published"), &format!("game-{game}.pgn")).contains("1. e4 e5"));
}

/// The moves a game page's move list shows, in order: the text of each cell of its table.
fn move_cells(html: &str) -> Vec<String> {
    let Some(start) = html.find("<table class=\"moves\"") else { return Vec::new() };
    let table = &html[start..start + html[start..].find("</table>").unwrap_or(html.len() - start)];
    support::dom::texts_of(table, "td", "").into_iter().filter(|t| !t.is_empty() && t != "…").collect()
}

/// Done when (issue 30): a game played by mail through the real Postfix shows up on the site
/// after each move, with no command: `herald serve` reads each move from its Maildir and its
/// pass writes the game's page, whose move list Chromium shows.
#[test]
fn a_game_played_by_mail_through_postfix_shows_on_the_site_after_each_move() {
    use support::club::{ALICE, BOB, Club, ClubOptions, Inbound, WAIT};
    let mut club = Club::with(ClubOptions { inbound: Inbound::Maildir, poll_seconds: 1, ..ClubOptions::default() });
    let site = club.dir().join("www");
    let yaml = format!("site:\n  title: Postfix Chess Club\n  dir: {}\n", site.display());
    club.reconfigure(|o| o.extra_config = yaml);
    let mut daemon = club.spawn(&["serve"]);
    club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB, "--white-name", "Alice", "--black-name", "Bob"]);
    club.pf.wait_for_mail(ALICE, 1, WAIT);
    let page = site.join("game-1.html");
    club.wait_until("the new game's page", WAIT, || page.exists());
    // The moves as the page lists them, read from the file the web server would serve.
    let listed = || move_cells(&std::fs::read_to_string(&page).unwrap_or_default());
    let moves = [(ALICE, "1. e4", "e4"), (BOB, "1... e5", "e5"), (ALICE, "2. Nf3", "Nf3"), (BOB, "2... Nc6", "Nc6")];
    let mut played: Vec<&str> = Vec::new();
    for (i, (who, text, san)) in moves.iter().enumerate() {
        let latest = club.latest(who);
        club.reply(who, &latest, text);
        let opponent = if *who == ALICE { BOB } else { ALICE };
        club.pf.wait_for_mail(opponent, 2 + i, WAIT);
        played.push(san);
        let deadline = std::time::Instant::now() + WAIT;
        while !played.iter().all(|m| listed().iter().any(|s| s == m)) {
            if daemon.try_wait().is_some() || std::time::Instant::now() > deadline {
                let page = std::fs::read_to_string(&page).unwrap_or_default();
                let out = support::club::output_text(&daemon.finish(true));
                panic!("{san} is not on the site: it lists {:?}\n{page}\nherald serve:\n{out}", listed());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    // As a reader's browser shows it: the four moves, the PGN and archive offered, the feeds.
    let dom = support::chromium::run(&page, &["--dump-dom".to_string()]);
    let shown: Vec<String> = moves.iter().map(|(_, _, san)| san.to_string()).collect();
    assert_eq!(move_cells(&dom), shown);
    assert!(dom.contains("href=\"game-1.pgn\"") && dom.contains("href=\"game-1.json\""));
    assert!(std::fs::read_to_string(site.join("game-1.pgn")).unwrap().contains("1. e4 e5 2. Nf3 Nc6"));
    let index = support::chromium::run(&site.join("index.html"), &["--dump-dom".to_string()]);
    assert!(index.contains("Postfix Chess Club") && index.contains("href=\"game-1.html\""));
    support::club::signal(daemon.id(), "TERM");
    let status = daemon.wait_timeout(Duration::from_secs(10));
    let out = daemon.finish(status.is_none());
    assert!(status.is_some_and(|s| s.success()), "{status:?}\n{}", support::club::output_text(&out));
}

/// `herald serve --once` as cron runs it: a failed `site.publish_command` is one log line (with
/// what the command said) and does not fail the pass; the next run publishes the site that
/// waited, though nothing new was written, since what was published is recorded, not
/// remembered by a process.
#[test]
fn a_failed_publish_is_one_log_line_and_the_next_run_publishes() {
    use support::club::{ALICE, BOB, Club, ClubOptions, Inbound};
    let mut club = Club::with(ClubOptions { inbound: Inbound::Maildir, ..ClubOptions::default() });
    let root = club.dir().to_path_buf();
    let yaml = format!(
        "site:\n  dir: {}\n  publish_command: \"if [ -e ../fail ]; then echo 'web host unreachable' >&2; exit 3; fi; \
         rm -rf ../published && cp -R . ../published\"\n",
        root.join("www").display()
    );
    club.reconfigure(|o| o.extra_config = yaml);
    club.herald_ok(&["game", "new", "--white", ALICE, "--black", BOB]);
    std::fs::write(root.join("fail"), "").unwrap();
    let out = club.herald(&["serve", "--once"]);
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{}", support::club::output_text(&out));
    let lines: Vec<&str> = log.lines().filter(|l| l.contains("publish_command")).collect();
    assert_eq!(lines.len(), 1, "one line for the failure:\n{log}");
    assert!(lines[0].contains("web host unreachable") && lines[0].contains("WARN"), "{}", lines[0]);
    assert!(root.join("www/game-1.html").exists() && !root.join("published").exists());

    std::fs::remove_file(root.join("fail")).unwrap();
    let out = club.herald(&["serve", "--once"]);
    assert!(out.status.success(), "{}", support::club::output_text(&out));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("publish_command failed"));
    assert_eq!(snapshot(&root.join("published")), snapshot(&root.join("www")), "the site that waited is published");
    // Published and unchanged: the next run has nothing to do.
    std::fs::remove_dir_all(root.join("published")).unwrap();
    assert!(club.herald(&["serve", "--once"]).status.success());
    assert!(!root.join("published").exists());
}
