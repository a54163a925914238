//! `herald doctor` and `herald status`: what a club's volunteer cannot see for themselves.
//! The doctor checks the configuration, the permissions of the files that hold secrets, the
//! database's integrity, the outbox, the clock and the mail servers' logins, and says for each
//! problem what to do; it changes nothing and sends no mail.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::{ServiceError, load_templates};
use crate::clock::Timestamp;
use crate::config::{self, Config};
use crate::store::{Health, SCHEMA_VERSION, Store};

/// How long the oldest waiting mail may wait before the doctor calls it a problem: longer
/// than a few retries of a relay that is briefly away.
pub const WAITING_TOO_LONG: jiff::SignedDuration = jiff::SignedDuration::from_hours(1);

/// How long after its deadline a game may wait for the clock before the doctor calls it a
/// problem: a club on pipe delivery runs `herald serve --once` from cron, hourly say.
pub const OVERDUE_AFTER: jiff::SignedDuration = jiff::SignedDuration::from_hours(2);

/// One thing the doctor looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it found, in a line.
    pub found: String,
    /// For a problem, what to do about it; `None` when all is well.
    pub todo: Option<String>,
}

impl Finding {
    fn ok(found: impl Into<String>) -> Finding {
        Finding { found: found.into(), todo: None }
    }

    fn problem(found: impl Into<String>, todo: impl Into<String>) -> Finding {
        Finding { found: found.into(), todo: Some(todo.into()) }
    }

    /// True when this is a problem.
    pub fn is_problem(&self) -> bool {
        self.todo.is_some()
    }
}

/// Runs every check on the club that the configuration at `config_path` (or the defaults)
/// describes, at `now`.
pub fn doctor(config_path: Option<&Path>, now: Timestamp) -> Vec<Finding> {
    let mut findings = Vec::new();
    let config = match Config::load_or_default(config_path) {
        Ok(config) => {
            findings.push(match config_path {
                Some(path) => Finding::ok(format!("configuration {}: every key known and valid", path.display())),
                None => Finding::problem(
                    format!(
                        "no configuration file (none given, no ./herald.yaml, no /etc/herald/herald.yaml): herald \
                         runs on its built-in defaults under ./{}, and its mail goes to a local Maildir, to nobody",
                        config::DEFAULT_DATA_DIR
                    ),
                    "copy config.example.yaml to ./herald.yaml or /etc/herald/herald.yaml and edit it, or name the \
                     file with --config or HERALD_CONFIG",
                ),
            });
            config
        }
        Err(e) => {
            findings.push(Finding::problem(
                e.to_string(),
                "correct the key it names (on the line it names); config.example.yaml explains every key",
            ));
            return findings;
        }
    };
    for placeholder in config.placeholders() {
        findings.push(Finding::problem(
            format!("{}: {placeholder}", config_path.map_or("the defaults".into(), |p| p.display().to_string())),
            "put the club's own value there: herald serve does not start while one is left",
        ));
    }
    let default_control = crate::clock::TimeControl::PerMove { days: config.games.days_per_move };
    let control = config.settings().time_control;
    findings.push(Finding::ok(if control == default_control {
        format!("new games are played at {control}, README's default")
    } else {
        format!(
            "new games are played at {control} (games.time_control), not README's default of {default_control}: \
             make sure the club chose it"
        )
    }));
    if let Some(dir) = config.templates.as_ref().filter(|dir| !dir.is_dir()) {
        findings.push(Finding::problem(
            format!("templates: the folder {} does not exist", dir.display()),
            "make it and copy into it the templates to change (templates/ in herald's source), or remove the \
             templates key to use the built-in wording",
        ));
    } else if let Some(dir) = &config.templates {
        findings.push(match load_templates(Some(dir)) {
            Ok(_) => Finding::ok(format!("templates in {}: they load", dir.display())),
            Err(e) => Finding::problem(
                format!("templates in {}: {e}", dir.display()),
                "correct the template it names, or remove the file to use the built-in one",
            ),
        });
    }
    let database = &config.database;
    if !database.is_file() {
        findings.push(Finding::problem(
            format!("the database {} does not exist", database.display()),
            "run `herald init`, or `herald restore BACKUP` to go on from a backup",
        ));
        return findings;
    }
    findings.extend(private_files(database));
    findings.extend(maildirs(&config));
    findings.extend(database_state(database, now));
    findings.extend(mail_servers(&config));
    findings
}

/// The database and the files beside it hold every secret and the reply-token key: no one but
/// their owner may read them.
fn private_files(database: &Path) -> Vec<Finding> {
    let mut findings = Vec::new();
    let beside = |suffix: &str| PathBuf::from(format!("{}{suffix}", database.display()));
    for path in [database.to_path_buf(), beside("-wal"), beside("-shm"), beside(".sent")] {
        let Ok(metadata) = std::fs::metadata(&path) else { continue };
        let mode = metadata.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            findings.push(Finding::problem(
                format!("{} can be read or written by others than its owner (mode {mode:04o})", path.display()),
                format!(
                    "chmod 600 {}: it holds every game's secrets and the reply-token key, with which anyone can \
                     play as any player",
                    path.display()
                ),
            ));
        }
    }
    if findings.is_empty() {
        findings.push(Finding::ok(format!("{} and the files beside it: owner only", database.display())));
    }
    findings
}

/// The Maildirs hold the players' mails (whose addresses carry reply tokens) and herald's:
/// they must be whole and closed to others.
fn maildirs(config: &Config) -> Vec<Finding> {
    let mut dirs = Vec::new();
    if let Some(inbox) = &config.inbox.maildir {
        dirs.push(("inbox.maildir", inbox.clone(), true));
    }
    if let config::Transport::Maildir { path } = &config.outgoing.transport {
        dirs.push(("outgoing.transport.path", path.clone(), false));
    }
    let mut findings = Vec::new();
    for (key, dir, is_maildir) in dirs {
        let parts: &[&str] = if is_maildir { &["", "new", "cur", "tmp"] } else { &[""] };
        let mut problem = None;
        for part in parts {
            let path = dir.join(part);
            match std::fs::metadata(&path) {
                Err(e) => {
                    problem = Some(Finding::problem(
                        format!("{key} {}: {e}", path.display()),
                        "run `herald init`, which makes the Maildir folders",
                    ));
                    break;
                }
                Ok(metadata) if metadata.permissions().mode() & 0o007 != 0 => {
                    let mode = metadata.permissions().mode() & 0o777;
                    problem = Some(Finding::problem(
                        format!("{key} {} is open to every user (mode {mode:04o})", path.display()),
                        format!("chmod -R o-rwx {}: the mails in it carry the players' reply tokens", dir.display()),
                    ));
                    break;
                }
                Ok(_) => {}
            }
        }
        findings
            .push(problem.unwrap_or_else(|| Finding::ok(format!("{key} {}: whole, closed to others", dir.display()))));
    }
    findings
}

/// SQLite's integrity check, then the outbox and the clock.
fn database_state(database: &Path, now: Timestamp) -> Vec<Finding> {
    let checked = match crate::store::backup::check(database) {
        Ok(checked) => checked,
        Err(e) => {
            return vec![Finding::problem(
                format!("the database {}: {e}", database.display()),
                "stop herald and restore the latest backup (`herald restore`, README \"Operating herald\")",
            )];
        }
    };
    let mut findings = vec![Finding::ok(format!(
        "the database passes SQLite's integrity check (schema version {}, {} game(s))",
        checked.schema_version, checked.games
    ))];
    if checked.schema_version < SCHEMA_VERSION {
        findings.push(Finding::ok(format!(
            "the database's schema (version {}) is brought to this herald's ({SCHEMA_VERSION}) when herald next \
             starts; the outbox and the clock are checked after that",
            checked.schema_version
        )));
        return findings;
    }
    let overdue_before = now.checked_sub(OVERDUE_AFTER).unwrap_or(now);
    let health = Store::open(database).and_then(|mut store| store.read(|tx| tx.health(overdue_before)));
    let health = match health {
        Ok(health) => health,
        Err(e) => return vec![Finding::problem(format!("the database cannot be read: {e}"), "see the error")],
    };
    findings.push(if health.dead_letters > 0 {
        Finding::problem(
            format!("{} dead letter(s): mail herald gave up sending", health.dead_letters),
            "`herald outbox` lists them with the server's answer: correct the cause (a player's address, the \
             relay's settings), then `herald outbox retry` sends them again (or `herald outbox retry ID`, one); \
             `herald game show ID` shows a game's state",
        )
    } else {
        Finding::ok("no dead letters")
    });
    match health.oldest_waiting {
        Some(queued) if now.duration_since(queued) > WAITING_TOO_LONG => findings.push(Finding::problem(
            format!("{} mail(s) wait to be sent, the oldest since {queued}", health.mails_waiting),
            "is `herald serve` running (systemctl status herald)? `herald outbox` shows the last error of each: \
             is the relay reachable, does it take herald's login?",
        )),
        _ => findings.push(Finding::ok(format!("{} mail(s) waiting, none for long", health.mails_waiting))),
    }
    findings.push(match health.overdue.first() {
        Some((game, deadline)) => Finding::problem(
            format!(
                "{} game(s) past their deadline by more than {} hours and not acted on (the oldest: game #{game}, \
                 due {deadline})",
                health.overdue.len(),
                OVERDUE_AFTER.as_hours()
            ),
            "run `herald serve` (systemctl start herald), or `herald serve --once` from cron at least hourly: \
             the clock acts in its passes",
        ),
        None => Finding::ok("every game past its deadline was acted on"),
    });
    findings.push(Finding::ok(match health.last_pass {
        Some(at) => format!("the daemon's last pass ended at {at}"),
        None => "no daemon pass recorded yet".to_string(),
    }));
    findings
}

/// A live login to the outgoing SMTP server and the IMAP inbox, where configured; no mail
/// is sent or moved.
fn mail_servers(config: &Config) -> Vec<Finding> {
    let mut findings = Vec::new();
    let transport = crate::mail::transport::from_config(&config.outgoing.transport);
    let what = match &config.outgoing.transport {
        config::Transport::Smtp { host, port, .. } => {
            format!("the SMTP server {host}{}", port.map(|p| format!(":{p}")).unwrap_or_default())
        }
        config::Transport::Sendmail { command } => format!("the sendmail program {}", command.display()),
        config::Transport::Maildir { path } => format!("outgoing mail into the Maildir {}", path.display()),
    };
    findings.push(match transport.map_err(|e| e.to_string()).and_then(|t| t.check().map_err(|e| e.to_string())) {
        Ok(()) => Finding::ok(format!("{what}: reached, logged in")),
        Err(e) => Finding::problem(
            format!("{what}: {e}"),
            "check outgoing.transport (host, port, tls, user, ca_file) and the password's environment variable \
             or token_command; until this works, every answer waits in the outbox, and herald tries again \
             at doubling intervals",
        ),
    });
    if let Some(imap) = &config.inbox.imap {
        let what = format!("the IMAP server {} (folder {})", imap.host, imap.folder);
        let checked = crate::mail::inbox::from_config(&config.inbox).and_then(|inbox| match inbox {
            Some(mut inbox) => {
                let waiting = inbox.waiting().map(|w| w.len());
                inbox.close();
                waiting
            }
            None => Ok(0),
        });
        findings.push(match checked {
            Ok(waiting) => Finding::ok(format!("{what}: logged in, {waiting} mail(s) waiting")),
            Err(e) => Finding::problem(
                format!("{what}: {e}"),
                "check inbox.imap (host, port, tls, user, folder, ca_file) and the password's environment \
                 variable or token_command; until this works, no mail is read",
            ),
        });
    }
    findings
}

/// What `herald status` shows: the database's counts, and the mails waiting in the inbox
/// Maildir, if there is one.
pub fn status(config: &Config) -> Result<(Health, Option<usize>), ServiceError> {
    let mut store = Store::open(&config.database)?;
    // Nothing counts as overdue for the status: it only counts.
    let health = store.read(|tx| tx.health(Timestamp::UNIX_EPOCH))?;
    let inbox = match &config.inbox.maildir {
        Some(dir) => {
            let new = dir.join("new");
            let entries =
                std::fs::read_dir(&new).map_err(|e| ServiceError::Io(format!("reading {}", new.display()), e))?;
            Some(entries.filter(|entry| entry.is_ok()).count())
        }
        None => None,
    };
    Ok((health, inbox))
}
