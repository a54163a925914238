//! `herald bench games`: what a move mail costs as the club grows. Two databases are built
//! through the library's own paths (games started as `herald game new` starts them, every
//! move a player's mail handled by the daemon's batch path): a small one of 100 active games
//! and a large one of `--games`, in each of which every game stands at ply 10 and a few long
//! games at ply `--plies`. Then, in the same run and interleaved, move mails go through
//! [`Service::ingest`] (read, load the game, play, commit durably, queue the two answers) in
//! four cases: short or long game, small or large database; each mail's wall time and the CPU
//! time of the thread that handles it are taken on their own (the wall time of a durable
//! commit is mostly the disk's; the CPU time is the work that could grow with a game or a
//! database).
//! Last, the real `herald serve` daemon is started on the large database with a batch of move
//! mails waiting in its Maildir, and its peak resident memory (VmHWM) is read from /proc once
//! it has answered them all.
//!
//! The moves are real: each is chosen from the engine's legal moves by a fixed rule (see
//! [`pick`]) that keeps the game going: never a move that ends it, never a position seen
//! before, few captures, and a pawn move or capture well before the seventy-five-move rule.

use crate::outln;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;

use crate::clock::SystemClock;
use crate::config::{Config, Transport};
use crate::engine::game::Game;
use crate::engine::position::Move;
use crate::mail::maildir::Maildir;
use crate::mail::reply::compose_reply;
use crate::notation::san;
use crate::referee::records::{Player, Verdict};
use crate::service::{Ingested, Service};
use crate::variants;

use super::{mix, thread_cpu};

/// Plies every game has been played to.
const SHORT_PLIES: usize = 10;
/// Long games in each database.
const LONG_GAMES: usize = 20;
/// Games in the small database.
const SMALL_DATABASE: usize = 100;
/// Measured mails in each measured short game (its plies 10 to 14).
const MAILS_PER_SHORT_GAME: usize = 5;
/// Mails per transaction while building.
const BUILD_BATCH: usize = 1000;
/// How long the daemon may take to answer its batch.
const DAEMON_TIMEOUT: Duration = Duration::from_secs(600);

/// Arguments of `herald bench games`.
#[derive(Args, Debug)]
pub struct GamesBenchArgs {
    /// Active games in the large database.
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Plies of the long games when they are measured.
    #[arg(long, default_value_t = 300)]
    plies: usize,
    /// Move mails measured in each of the four cases.
    #[arg(long, default_value_t = 300)]
    mails: usize,
    /// Move mails waiting in the Maildir when the daemon whose memory is measured starts.
    #[arg(long, default_value_t = 1000)]
    daemon_mails: usize,
    /// Folder for the databases and Maildirs.
    #[arg(long, default_value = "herald-bench-data")]
    dir: PathBuf,
    /// Keep the databases afterwards.
    #[arg(long)]
    keep: bool,
    /// The measured mails' answers as text alone, without the board picture (a club's
    /// `outgoing.plain_text`).
    #[arg(long)]
    text_only: bool,
}

/// One game as its players see it: their addresses, the invitations they reply to, and the
/// game as their own engine follows it (to choose the next move).
pub(super) struct Board {
    pub(super) id: i64,
    players: [String; 2],
    invitations: [Vec<u8>; 2],
    game: Game,
    plies: usize,
}

impl Board {
    /// Plies played.
    fn plies(&self) -> usize {
        self.plies
    }

    /// The mail of the next move, a reply to the mover's invitation with the numbered move
    /// ("12. Nf3", "12... Nf6"), and the move.
    pub(super) fn next_mail(&self) -> Result<(Vec<u8>, Move), String> {
        self.mail_of(pick(&self.game, self.id, self.plies)?)
    }

    /// The mail of the next move, as [`Board::next_mail`] chooses it among those whose board
    /// (where the pieces stand) is not in `shown`, which gets it.
    pub(super) fn next_mail_to_a_new_board(
        &self,
        shown: &mut std::collections::HashSet<String>,
    ) -> Result<(Vec<u8>, Move), String> {
        let moves = preferred(&self.game, self.id, self.plies)?;
        let board_after = |m: Move| {
            let mut next = self.game.clone();
            next.play(m).ok()?;
            Some(crate::notation::fen::write_board(next.position()))
        };
        let first_new = moves.iter().copied().find(|&m| board_after(m).is_some_and(|board| shown.insert(board)));
        let m = first_new.ok_or_else(|| format!("game {}: every move shows a board already shown", self.id))?;
        self.mail_of(m)
    }

    /// The mail of move `m`, a reply to the mover's invitation with the numbered move.
    fn mail_of(&self, m: Move) -> Result<(Vec<u8>, Move), String> {
        let pos = self.game.position();
        let side = usize::from(!pos.turn().is_white());
        let dots = if side == 0 { "." } else { "..." };
        let text = format!("{}{dots} {}", pos.fullmoves(), san::write(pos, m));
        let raw = compose_reply(&self.invitations[side], &self.players[side], &text)?;
        Ok((raw, m))
    }

    pub(super) fn played(&mut self, m: Move) {
        self.game.play(m).expect("picked from the legal moves");
        self.plies += 1;
    }
}

/// The move to play next in `game` (number `id`, at ply `ply`): the first of [`preferred`].
fn pick(game: &Game, id: i64, ply: usize) -> Result<Move, String> {
    preferred(game, id, ply)?.first().copied().ok_or_else(|| format!("game {id}: no move keeps it going"))
}

/// The moves that may be played next in `game` (number `id`, at ply `ply`), best first: among
/// the legal moves that do not end the game, those that reach a position not seen before, then
/// those of the wanted kind — a pawn move or capture once 30 moves passed without one, else no
/// capture (so the material stays) — and among equals an order a hash of the position, the ply
/// and the game shuffles.
fn preferred(game: &Game, id: i64, ply: usize) -> Result<Vec<Move>, String> {
    let pos = game.position();
    let mut ranked = Vec::new();
    for m in pos.legal_moves() {
        let mut next = game.clone();
        next.play(m).map_err(|e| format!("game {id}: {e:?}"))?;
        if next.outcome().is_some() {
            continue;
        }
        let wanted = if pos.halfmoves() >= 60 { next.position().halfmoves() == 0 } else { !pos.is_capture(m) };
        ranked.push((u8::from(next.repetitions() > 1) * 2 + u8::from(!wanted), m));
    }
    let hash = mix(pos.repetition_key() ^ mix(ply as u64 ^ mix(id as u64)));
    // Within a rank, from the hashed place on, round: the first is what one hash picks.
    let mut ordered: Vec<(u8, usize, Move)> = Vec::with_capacity(ranked.len());
    for rank in 0..4 {
        let same: Vec<Move> = ranked.iter().filter(|r| r.0 == rank).map(|r| r.1).collect();
        let start = if same.is_empty() { 0 } else { (hash % same.len() as u64) as usize };
        ordered.extend((0..same.len()).map(|k| (rank, k, same[(start + k) % same.len()])));
    }
    Ok(ordered.into_iter().map(|(_, _, m)| m).collect())
}

/// A benchmark database and its games.
pub(super) struct Database {
    root: PathBuf,
    pub(super) config: Config,
    pub(super) service: Service,
    pub(super) boards: Vec<Board>,
    /// Indices in `boards` of the long games.
    long: Vec<usize>,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The configuration of a benchmark database in `root`: its inbox Maildir there, answers
/// into a Maildir sink there.
fn config(root: &Path, text_only: bool) -> Config {
    let mut config = super::bench_config(root, Transport::Maildir { path: root.join("sent") });
    config.outgoing.plain_text = text_only;
    config
}

impl Database {
    /// `games` active chess games in a new database in `root` (with `config`), each played to
    /// ply `plies` and `long` of them, spread over the numbers, to ply `long_plies`; every
    /// mail so far sent.
    pub(super) fn build(
        root: &Path,
        config: Config,
        games: usize,
        plies: usize,
        long: usize,
        long_plies: usize,
    ) -> Result<Database, String> {
        std::fs::create_dir_all(root).map_err(|e| format!("{}: {e}", root.display()))?;
        Service::init(&config).map_err(err)?;
        // The answers of the games' preparation are never read: they are text alone, whatever
        // the measured mails are, so that a database of 10,000 games is built in minutes.
        let mut building = config.clone();
        building.outgoing.plain_text = true;
        let mut service = Service::open(building, Arc::new(SystemClock)).map_err(err)?;
        let started = Instant::now();
        let chess = variants::by_id("chess").ok_or("no chess")?;
        let mut boards = Vec::with_capacity(games);
        for i in 0..games {
            let players = [format!("white{i}@players.test"), format!("black{i}@players.test")];
            let [white, black] = players.clone().map(|email| Player { email, name: None });
            let id = service.new_game("chess", white, black).map_err(err)?;
            let game = Game::new(chess.start_position());
            boards.push(Board { id, players, invitations: [Vec::new(), Vec::new()], game, plies: 0 });
        }
        let invitations = service.store().read(|tx| tx.outbox(false)).map_err(err)?;
        for row in invitations {
            let board = row.game_id.and_then(|id| boards.get_mut(id as usize - 1)).ok_or("invitation without game")?;
            let side = usize::from(board.players[1] == row.recipient);
            board.invitations[side] = row.bytes;
        }
        if boards.iter().enumerate().any(|(i, b)| b.id != i as i64 + 1 || b.invitations.iter().any(Vec::is_empty)) {
            return Err("the games are not numbered 1.. or an invitation is missing".into());
        }
        let created = started.elapsed();
        let mut db = Database { root: root.to_path_buf(), config, service, boards, long: Vec::new() };
        db.long = (0..long).map(|k| k * games / long).collect();
        let all: Vec<usize> = (0..games).collect();
        let mails = db.play_to(&all, plies)? + db.play_to(&db.long.clone(), long_plies)?;
        db.mark_all_sent()?;
        db.service = Service::open(db.config.clone(), Arc::new(SystemClock)).map_err(err)?;
        eprintln!(
            "herald bench: {games} games started in {:.1} s, {mails} move mails played in {:.1} s",
            created.as_secs_f64(),
            (started.elapsed() - created).as_secs_f64()
        );
        Ok(db)
    }

    /// Plays the games `which` to ply `plies`, one ply of each at a time, by move mails
    /// through the daemon's batch path in transactions of up to [`BUILD_BATCH`] mails.
    /// Returns the number of mails.
    fn play_to(&mut self, which: &[usize], plies: usize) -> Result<usize, String> {
        let mut mails = 0;
        loop {
            let behind: Vec<usize> = which.iter().copied().filter(|&i| self.boards[i].plies() < plies).collect();
            if behind.is_empty() {
                return Ok(mails);
            }
            for chunk in behind.chunks(BUILD_BATCH) {
                let mut raws = Vec::with_capacity(chunk.len());
                let mut moves = Vec::with_capacity(chunk.len());
                for &i in chunk {
                    let (raw, m) = self.boards[i].next_mail()?;
                    raws.push(raw);
                    moves.push(m);
                }
                let results = self.service.ingest_batch(&raws).map_err(err)?;
                if results.len() != chunk.len() {
                    return Err(format!("{} of {} mails handled", results.len(), chunk.len()));
                }
                for ((&i, m), result) in chunk.iter().zip(moves).zip(results) {
                    let board = &mut self.boards[i];
                    check(board, result)?;
                    board.played(m);
                }
                mails += chunk.len();
                // As the sender and `outgoing.keep_sent_days` would leave them by the time a
                // club has this many games: sent, their bodies dropped.
                self.mark_all_sent()?;
            }
        }
    }

    /// Marks every queued mail sent, as the daemon's sender would have by now, drops the sent
    /// bodies, as the daemon does `outgoing.keep_sent_days` after sending, and checkpoints the
    /// WAL.
    fn mark_all_sent(&mut self) -> Result<(), String> {
        let conn = rusqlite::Connection::open(&self.config.database).map_err(err)?;
        conn.execute("UPDATE outbox SET status = 'sent', sent_at = created_at WHERE status = 'pending'", [])
            .map_err(err)?;
        self.service
            .store()
            .write_relaxed::<_, crate::store::StoreError>(|tx| tx.drop_sent_bodies(crate::clock::Timestamp::MAX))
            .map_err(err)?;
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).map_err(err)?;
        Ok(())
    }

    /// Rows of a table.
    fn count(&self, table: &str) -> Result<i64, String> {
        let conn = rusqlite::Connection::open(&self.config.database).map_err(err)?;
        conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0)).map_err(err)
    }

    /// The database file's size in MB.
    fn megabytes(&self) -> f64 {
        std::fs::metadata(&self.config.database).map_or(0.0, |m| m.len() as f64 / 1e6)
    }
}

/// A move mail's result must be a move played.
fn check(board: &Board, result: Result<Ingested, crate::service::ServiceError>) -> Result<(), String> {
    match result {
        Ok(Ingested::Handled(Verdict::Move)) => Ok(()),
        other => Err(format!("game {} at ply {}: a move mail gave {other:?}", board.id, board.plies())),
    }
}

/// One measured case: the mails of some games of one database, in order.
struct Case {
    db: usize,
    label: &'static str,
    /// Board indices, one per mail, in the order the mails go.
    queue: Vec<usize>,
    /// Plies of the games when the first and the last mail went.
    plies: (usize, usize),
    /// Each mail's wall time.
    times: Vec<Duration>,
    /// Each mail's CPU time (of the thread that handles it: the time not spent waiting for
    /// the disk).
    cpu: Vec<Duration>,
}

impl Case {
    /// `per_game` mails to each game of `games` in database `db`, one round over them at a
    /// time.
    fn new(db: usize, label: &'static str, games: &[usize], per_game: usize) -> Case {
        let queue = (0..per_game).flat_map(|_| games.iter().copied()).collect();
        Case { db, label, queue, plies: (usize::MAX, 0), times: Vec::new(), cpu: Vec::new() }
    }

    /// The wall time's (`cpu` false) or CPU time's percentile `p`, in ms.
    fn pct(&self, cpu: bool, p: f64) -> f64 {
        let mut times = if cpu { self.cpu.clone() } else { self.times.clone() };
        times.sort();
        ms(times[((times.len() as f64 - 1.0) * p).round() as usize])
    }
}

/// Runs the benchmark.
pub fn run(args: GamesBenchArgs) -> Result<(), String> {
    let games = args.games.max(SMALL_DATABASE);
    let plies = args.plies.max(SHORT_PLIES);
    let per_long = args.mails.div_ceil(LONG_GAMES).max(1);
    let short_games = args.mails.div_ceil(MAILS_PER_SHORT_GAME).clamp(1, SMALL_DATABASE - LONG_GAMES);
    let root = args.dir.join(format!("games-{}", std::process::id()));
    let result = measure(&args, &root, games, plies, per_long, short_games);
    if !args.keep {
        let _ = std::fs::remove_dir_all(&root);
    }
    result
}

fn measure(
    args: &GamesBenchArgs,
    root: &Path,
    games: usize,
    plies: usize,
    per_long: usize,
    short_games: usize,
) -> Result<(), String> {
    let sizes = [SMALL_DATABASE, games];
    let mut dbs = Vec::new();
    for (k, &n) in sizes.iter().enumerate() {
        eprintln!("herald bench games: building database {} of {n} games", k + 1);
        let db_root = root.join(format!("db{k}-{n}"));
        dbs.push(Database::build(&db_root, config(&db_root, args.text_only), n, SHORT_PLIES, LONG_GAMES, plies)?);
    }
    // The measured short games: spread over the numbers, none of them long.
    let measured_short = |db: &Database| -> Vec<usize> {
        let short: Vec<usize> = (0..db.boards.len()).filter(|i| !db.long.contains(i)).collect();
        (0..short_games).map(|k| short[k * short.len() / short_games]).collect()
    };
    let mut cases = Vec::new();
    for (k, db) in dbs.iter().enumerate() {
        cases.push(Case::new(k, "short", &measured_short(db), MAILS_PER_SHORT_GAME));
        cases.push(Case::new(k, "long", &db.long, per_long));
    }
    let rounds = cases.iter().map(|c| c.queue.len()).max().unwrap_or(0);
    eprintln!(
        "herald bench games: measuring {} mails, interleaved",
        cases.iter().map(|c| c.queue.len()).sum::<usize>()
    );
    for r in 0..rounds {
        for case in &mut cases {
            let Some(&i) = case.queue.get(r) else { continue };
            let db = &mut dbs[case.db];
            let (raw, m) = db.boards[i].next_mail()?;
            let plies = db.boards[i].plies();
            case.plies = (case.plies.0.min(plies), case.plies.1.max(plies));
            let (started, cpu) = (Instant::now(), thread_cpu());
            let result = db.service.ingest(&raw, None);
            case.cpu.push(thread_cpu().saturating_sub(cpu));
            case.times.push(started.elapsed());
            check(&db.boards[i], result)?;
            db.boards[i].played(m);
        }
    }

    outln!(
        "herald bench games: one move mail through `ingest` (read, load, play, durable commit, 2 answers queued, {})",
        if args.text_only { "text only" } else { "each with its board picture" }
    );
    outln!();
    outln!(
        "| games | moves | outbox rows | MB | game | plies before | mails | wall median / p90 ms | CPU median / p90 ms |"
    );
    outln!("|---|---|---|---|---|---|---|---|---|");
    for case in &cases {
        let db = &dbs[case.db];
        outln!(
            "| {} | {} | {} | {:.0} | {} | {}–{} | {} | {:.3} / {:.3} | {:.3} / {:.3} |",
            db.boards.len(),
            db.count("moves")?,
            db.count("outbox")?,
            db.megabytes(),
            case.label,
            case.plies.0,
            case.plies.1,
            case.times.len(),
            case.pct(false, 0.5),
            case.pct(false, 0.9),
            case.pct(true, 0.5),
            case.pct(true, 0.9)
        );
    }
    outln!();
    let ratio = |a: &Case, b: &Case| {
        let r = |cpu, p| a.pct(cpu, p) / b.pct(cpu, p);
        format!(
            "wall median {:.2}, p90 {:.2}; CPU median {:.2}, p90 {:.2}",
            r(false, 0.5),
            r(false, 0.9),
            r(true, 0.5),
            r(true, 0.9)
        )
    };
    for k in 0..dbs.len() {
        outln!("long / short game, {} games: {}", dbs[k].boards.len(), ratio(&cases[2 * k + 1], &cases[2 * k]));
    }
    for (j, label) in ["short", "long"].iter().enumerate() {
        outln!(
            "{} / {} games, {label} game: {}",
            dbs[1].boards.len(),
            dbs[0].boards.len(),
            ratio(&cases[2 + j], &cases[j])
        );
    }

    let large = dbs.pop().expect("two databases");
    daemon_memory(large, args.daemon_mails, &cases[2].queue)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Starts `herald serve` on `db` with `mails` move mails waiting in its inbox (one each to
/// short games not measured, `measured` excluded), waits until all are answered, and
/// reports the daemon's peak and current resident memory.
fn daemon_memory(mut db: Database, mails: usize, measured: &[usize]) -> Result<(), String> {
    db.mark_all_sent()?;
    let inbox = Maildir::create(&db.root.join("inbox")).map_err(err)?;
    let chosen: Vec<usize> =
        (0..db.boards.len()).filter(|i| !db.long.contains(i) && !measured.contains(i)).take(mails).collect();
    for &i in &chosen {
        let (raw, _) = db.boards[i].next_mail()?;
        inbox.deliver(&raw).map_err(err)?;
    }
    let games = db.boards.len();
    let moves = db.count("moves")?;
    let megabytes = db.megabytes();
    // The daemon's own configuration file, beside the database; relative paths are taken
    // from its folder.
    let file = db.root.join("herald.yaml");
    let yaml = "referee:\n  address: referee@bench.test\ndatabase: herald.db\ninbox:\n  maildir: inbox\n  poll_seconds: 1\noutgoing:\n  transport:\n    kind: maildir\n    path: sent\n";
    std::fs::write(&file, yaml).map_err(|e| format!("{}: {e}", file.display()))?;
    drop(db.service);
    let log = db.root.join("serve.log");
    let stderr = std::fs::File::create(&log).map_err(err)?;
    let exe = std::env::current_exe().map_err(err)?;
    let started = Instant::now();
    let child = Command::new(exe)
        .arg("--config")
        .arg(&file)
        .arg("serve")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("starting herald serve: {e}"))?;
    let mut daemon = Daemon(child);
    let expected = 2 * chosen.len();
    let sent_root = db.root.join("sent");
    let answered = loop {
        if let Some(status) = daemon.0.try_wait().map_err(err)? {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(format!("herald serve ended ({status}): {said}"));
        }
        if started.elapsed() > DAEMON_TIMEOUT {
            return Err(format!("herald serve did not answer {} mails in {DAEMON_TIMEOUT:?}", chosen.len()));
        }
        if inbox.new_mail().map_err(err)?.is_empty() && sent_count(&sent_root) >= expected {
            break started.elapsed();
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let status = std::fs::read_to_string(format!("/proc/{}/status", daemon.0.id())).map_err(err)?;
    let field = |name: &str| -> String {
        status.lines().find_map(|l| l.strip_prefix(name)).map(|v| v.trim().to_string()).unwrap_or_else(|| "?".into())
    };
    let (peak, now) = (field("VmHWM:"), field("VmRSS:"));
    daemon.stop();
    outln!();
    outln!(
        "herald serve on the {games}-game database ({moves} moves, {megabytes:.0} MB), {} move mails waiting: \
         all answered ({expected} mails) after {:.2} s",
        chosen.len(),
        answered.as_secs_f64()
    );
    outln!("daemon's resident memory: peak (VmHWM) {peak}, now (VmRSS) {now}");
    Ok(())
}

/// Mails written by the Maildir sink under `root`.
fn sent_count(root: &Path) -> usize {
    let Ok(recipients) = std::fs::read_dir(root) else { return 0 };
    recipients
        .filter_map(Result::ok)
        .filter_map(|dir| std::fs::read_dir(dir.path().join("new")).ok())
        .map(Iterator::count)
        .sum()
}

/// Stops the daemon when the benchmark ends, however it ends.
struct Daemon(Child);

impl Daemon {
    /// SIGTERM, as an operator stops it, and its exit awaited.
    fn stop(&mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.0.id().to_string()).status();
        for _ in 0..100 {
            if matches!(self.0.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if !matches!(self.0.try_wait(), Ok(Some(_))) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}
