//! A club in one process, for tests that need the whole referee (store, templates, mail)
//! but no mail server: a real SQLite file and real Maildirs in a temporary folder, mail
//! written by a Maildir sink, players replying as a mail client would.

use std::path::PathBuf;
use std::sync::Arc;

use herald::clock::{FixedClock, Timestamp};
use herald::config::{Authentication, Config, ConfirmGameEnding, Games, Inbox, Outgoing, Referee, Transport};
use herald::mail::maildir::Maildir;
use herald::mail::reply::compose_reply;
use herald::mail::transport::MaildirSink;
use herald::referee::records::Player;
use herald::service::{SendLock, Service};

/// One club: its folder, its service and its clock.
pub struct Table {
    pub root: PathBuf,
    pub service: Service,
    pub sink: MaildirSink,
    pub clock: Arc<FixedClock>,
    lock: SendLock,
}

impl Table {
    /// A new club in a fresh temporary folder.
    pub fn new(name: &str) -> Table {
        Table::with_games(name, Games::default())
    }

    /// A new club whose randomness is fixed: the token secret, every commitment nonce and
    /// referee seed come from a counter. Two such clubs that play the same game alike but for a
    /// secret differ only where the secret shows.
    pub fn deterministic(name: &str) -> Table {
        Table::deterministic_with(name, |_, _| {})
    }

    /// A club as [`Table::deterministic`] makes it, its configuration changed by `change`
    /// (which may name folders in the club's own, passed to it).
    pub fn deterministic_with(name: &str, change: impl FnOnce(&std::path::Path, &mut Config)) -> Table {
        let mut table = Table::new(name);
        table.service.store().write(|tx| tx.set_meta("reply_token_secret", &"ab".repeat(32))).unwrap();
        let mut config = table.service.config().clone();
        change(&table.root, &mut config);
        let counter = std::sync::atomic::AtomicU8::new(0);
        let nonces: herald::service::Nonces =
            Arc::new(move || [counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst); 16]);
        table.service = Service::open(config, table.clock.clone()).unwrap().with_nonces(nonces);
        table
    }

    /// A new club with these game settings (days per move, reminders, timeouts).
    pub fn with_games(name: &str, games: Games) -> Table {
        let root = std::env::temp_dir().join(format!(
            "herald-{name}-{}-{}",
            std::process::id(),
            Timestamp::now().as_nanosecond()
        ));
        let config = Config {
            referee: Referee {
                address: "referee@club.test".into(),
                name: "herald referee".into(),
                domain: None,
                director: None,

                commitments_url: None,
                language: None,
            },
            database: root.join("herald.db"),
            // The tests here end games with one mail, as a club that trusts its players' mail
            // does; tests/sender_authentication.rs tests the default confirmation.
            inbox: Inbox {
                maildir: Some(root.join("inbox")),
                authentication: Authentication { confirm_game_ending: ConfirmGameEnding::Never, ..Default::default() },
                ..Inbox::default()
            },
            outgoing: Outgoing { transport: Transport::Maildir { path: root.join("sent") }, ..Default::default() },
            games,
            ..Config::default()
        };
        Service::init(&config).unwrap();
        let clock = Arc::new(FixedClock::new("2026-11-21T12:00:00Z".parse().unwrap()));
        let service = Service::open(config, clock.clone()).unwrap();
        let lock = service.try_send_lock().unwrap().unwrap();
        Table { sink: MaildirSink::new(root.join("sent")), root, service, clock, lock }
    }

    /// Starts a game between Alice (White) and Bob (Black).
    pub fn new_game(&mut self, variant: &str) -> i64 {
        let alice = Player { email: "alice@players.test".into(), name: Some("Alice".into()) };
        let bob = Player { email: "bob@players.test".into(), name: Some("Bob".into()) };
        let id = self.service.new_game(variant, alice, bob).unwrap();
        self.service.send_due(&self.lock, &self.sink).unwrap();
        id
    }

    /// Starts a game between Alice (White) and Bob (Black) with its own time control.
    pub fn new_game_with(&mut self, variant: &str, control: herald::clock::TimeControl) -> i64 {
        let alice = Player { email: "alice@players.test".into(), name: Some("Alice".into()) };
        let bob = Player { email: "bob@players.test".into(), name: Some("Bob".into()) };
        let id = self.service.new_game_with(variant, alice, bob, Some(control)).unwrap();
        self.service.send_due(&self.lock, &self.sink).unwrap();
        id
    }

    /// Every mail `who` received, oldest first.
    pub fn mails(&self, who: &str) -> Vec<Vec<u8>> {
        let maildir = Maildir::create(&self.sink.maildir(who)).unwrap();
        maildir.all_mail().unwrap().iter().map(|p| std::fs::read(p).unwrap()).collect()
    }

    /// The last mail `who` got in game `game` (whose Subject begins `[herald #game]`).
    pub fn latest_in(&self, who: &str, game: i64) -> Vec<u8> {
        let tag = format!("[herald #{game}]");
        self.mails(who)
            .into_iter()
            .rev()
            .find(|raw| {
                herald::mail::reader::read_mail(raw, &Default::default()).is_ok_and(|m| m.subject.contains(&tag))
            })
            .expect("a mail of the game")
    }

    /// `from` answers `who`'s last mail of game `game` with `text` (`from` is `who`, but for a
    /// forger); then a daemon's pass runs.
    pub fn reply_in_as(&mut self, who: &str, from: &str, game: i64, text: &str) {
        let mail = compose_reply(&self.latest_in(who, game), from, text).unwrap();
        self.clock.advance(60);
        self.service.ingest(&mail, None).unwrap();
        self.pass_after(0);
    }

    /// `who` answers their last mail of game `game` with `text`; then a daemon's pass runs.
    pub fn reply_in(&mut self, who: &str, game: i64, text: &str) {
        self.reply_in_as(who, who, game, text);
    }

    /// `who` replies `text` to the last mail they got; the referee handles it and sends.
    pub fn reply(&mut self, who: &str, text: &str) {
        let latest = self.mails(who).pop().expect("a mail to reply to");
        let mail = compose_reply(&latest, who, text).unwrap();
        self.clock.advance(60);
        self.service.ingest(&mail, None).unwrap();
        self.service.send_due(&self.lock, &self.sink).unwrap();
    }

    /// Each `(who, text)` in turn, as [`Table::reply`].
    pub fn play(&mut self, moves: &[(&str, &str)]) {
        for (who, text) in moves {
            self.reply(who, text);
        }
    }

    /// Scholar's mate, 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#, `white` against `black`.
    pub fn scholars_mate(&mut self, white: &str, black: &str) {
        self.play(&[
            (white, "e4"),
            (black, "e5"),
            (white, "Bc4"),
            (black, "Nc6"),
            (white, "Qh5"),
            (black, "Nf6"),
            (white, "Qxf7#"),
        ]);
    }

    /// Game `id` as the site publishes it: its stored record and moves, outside a tournament.
    pub fn game_page(&mut self, id: i64) -> herald::site::GamePage {
        let (record, moves) = self.service.store().read(|tx| Ok((tx.game(id)?, tx.moves(id)?))).unwrap();
        herald::site::GamePage { record: record.expect("the game is stored"), moves, tournament: None }
    }
}

impl Table {
    /// `seconds` pass; then a daemon's pass runs (the inbox Maildir, the clock, the outbox).
    pub fn pass_after(&mut self, seconds: i64) -> herald::service::Pass {
        self.clock.advance(seconds);
        let stop = std::sync::atomic::AtomicBool::new(false);
        self.service.serve_pass(&self.lock, &self.sink, &stop).unwrap()
    }

    /// `who` replies `text` to the last mail they got, into the inbox Maildir, where it
    /// waits for the next pass.
    pub fn reply_to_inbox(&mut self, who: &str, text: &str) {
        let latest = self.mails(who).pop().expect("a mail to reply to");
        let mail = compose_reply(&latest, who, text).unwrap();
        Maildir::create(&self.root.join("inbox")).unwrap().deliver(&mail).unwrap();
    }
}

impl Table {
    /// Opens the service again with `config` (the same database), as a restarted daemon would.
    pub fn reopen(&mut self, config: Config) {
        self.service = Service::open(config, self.clock.clone()).unwrap();
    }

    /// The event log, oldest first, one "kind: detail" line an event.
    pub fn log(&mut self) -> Vec<String> {
        let events = self.service.store().read(|tx| tx.recent_events(None, 10_000)).unwrap();
        events.into_iter().map(|e| format!("{}: {}", e.kind, e.detail)).collect()
    }

    /// How many mails the sink holds, to anyone.
    pub fn sent_count(&self) -> usize {
        let sent = self.root.join("sent");
        let Ok(people) = std::fs::read_dir(&sent) else { return 0 };
        people
            .filter_map(Result::ok)
            .map(|person| Maildir::create(&person.path()).unwrap().all_mail().unwrap().len())
            .sum()
    }

    /// Writes this club's configuration as a YAML file for the `herald` binary; its path.
    pub fn write_config(&self) -> PathBuf {
        let path = self.root.join("herald.yaml");
        let yaml = format!(
            "referee:\n  address: referee@club.test\ndatabase: {}\ninbox:\n  maildir: {}\n  authentication:\n    \
             confirm_game_ending: never\noutgoing:\n  transport:\n    kind: maildir\n    path: {}\n",
            self.root.join("herald.db").display(),
            self.root.join("inbox").display(),
            self.root.join("sent").display()
        );
        std::fs::write(&path, yaml).unwrap();
        path
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
