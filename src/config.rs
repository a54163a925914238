//! The club's configuration: one YAML file (see `config.example.yaml`), or the embedded
//! defaults when there is none.
//!
//! Every section rejects unknown keys, so a misspelt key is an error that names it and its
//! line instead of a setting silently ignored.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// Where everything lives when no configuration file is given.
pub const DEFAULT_DATA_DIR: &str = "herald-data";

/// Where herald looks for its configuration file when neither `--config` nor `HERALD_CONFIG`
/// names one, in this order: the working folder's, then the system's (the Debian package's).
pub const SEARCHED: [&str; 2] = ["herald.yaml", "/etc/herald/herald.yaml"];

/// The configuration file to read: the one given (`--config`, or `HERALD_CONFIG`), whether or
/// not it exists (reading it says so if not); else the first of `searched` that is a file,
/// made absolute (so that every message names it unmistakably); else none, and herald runs
/// on its defaults under [`DEFAULT_DATA_DIR`].
pub fn find(given: Option<&Path>, searched: &[&Path]) -> Option<PathBuf> {
    if let Some(path) = given {
        return Some(path.to_path_buf());
    }
    let found = searched.iter().find(|path| path.is_file())?;
    Some(std::path::absolute(found).unwrap_or_else(|_| found.to_path_buf()))
}

/// The whole configuration.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Who the referee is.
    pub referee: Referee,
    /// The SQLite database file.
    #[serde(default = "default_database")]
    pub database: PathBuf,
    /// Where incoming mail is read from by `herald serve`.
    #[serde(default)]
    pub inbox: Inbox,
    /// How mail leaves.
    #[serde(default)]
    pub outgoing: Outgoing,
    /// A directory of templates that replace the built-in wording; missing files fall back
    /// to the built-in ones.
    #[serde(default)]
    pub templates: Option<PathBuf>,
    /// Time zone for the dates shown to players (IANA name, e.g. "Europe/Berlin").
    #[serde(default = "default_time_zone")]
    pub time_zone: String,
    /// Game defaults.
    #[serde(default)]
    pub games: Games,
    /// Tournament settings.
    #[serde(default)]
    pub tournaments: Tournaments,
    /// What herald does when its mail to a player bounces.
    #[serde(default)]
    pub bounces: Bounces,
    /// The club's public site (`herald site build`).
    #[serde(default)]
    pub site: SiteSettings,
}

/// The club's public site (`herald site build`, docs/site.md).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SiteSettings {
    /// The site's title, on every page; default: `referee.name`.
    #[serde(default)]
    pub title: Option<String>,
    /// Where the club publishes the site (`https://chess.example.org/herald/`): the mails then
    /// link to its page on commitments (`commitments.html`) unless `referee.commitments_url`
    /// names another.
    #[serde(default)]
    pub url: Option<String>,
    /// Games and tournaments the site leaves out.
    #[serde(default)]
    pub leave_out: SiteLeaveOut,
    /// Publish each game's archive as `herald game export` writes it, with the players' mail
    /// addresses; default false: the archives leave them out, and a game whose archive cannot
    /// be checked without them (begun by an older herald) has none on the site.
    #[serde(default)]
    pub publish_addresses: bool,
    /// A style sheet of the club's (a CSS file), written into the site's `style.css` after
    /// herald's own, so that its rules win; relative to the configuration file.
    #[serde(default)]
    pub stylesheet: Option<PathBuf>,
    /// The folder `herald serve` keeps the site in, current after every pass (only the files a
    /// change touches are written, each atomically); relative to the configuration file.
    /// Default: none, and the site is only what `herald site build DIR` writes.
    #[serde(default)]
    pub dir: Option<PathBuf>,
    /// A shell command (`sh -c`, in `dir`, with `HERALD_SITE_DIR` set) that `herald serve` runs
    /// after each pass that wrote the site, e.g. an `rsync` to the club's web host; on failure
    /// it logs one line and tries again after a pause doubling from 1 s to 5 minutes.
    #[serde(default)]
    pub publish_command: Option<String>,
}

/// What `site.leave_out` names.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SiteLeaveOut {
    /// Games by number.
    #[serde(default)]
    pub games: Vec<i64>,
    /// Tournaments by number: their pages and all their games.
    #[serde(default)]
    pub tournaments: Vec<i64>,
}

/// What herald does when its mail to a player bounces (see `referee::bounces`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Bounces {
    /// Permanent failures (of mails written at different moves) after which a player is
    /// unreachable; counted since the player last wrote.
    #[serde(default = "default_unreachable_after")]
    pub unreachable_after: u32,
    /// What happens to the clocks of an unreachable player's games.
    #[serde(default)]
    pub on_unreachable: OnUnreachable,
    /// Days at most that bounces stop a game's clock; then it runs again and the director
    /// decides (at least 1).
    #[serde(default = "default_max_pause_days")]
    pub max_pause_days: u32,
}

pub use crate::referee::bounces::OnUnreachable;

/// Tournament settings.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tournaments {
    /// When the players get the standings: `each-game`, `daily` or `none` (the final
    /// crosstable goes out in every case).
    #[serde(default)]
    pub standings_mail: StandingsMail,
}

pub use crate::referee::tournaments::StandingsMail;

/// The referee's identity.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Referee {
    /// The referee's mail address. Players reply to `local+TOKEN@domain` of it.
    pub address: String,
    /// The name shown in From.
    #[serde(default = "default_referee_name")]
    pub name: String,
    /// The domain of Message-IDs; by default the address's domain.
    #[serde(default)]
    pub domain: Option<String>,
    /// The tournament director's (the club's organiser's) address, told when a player becomes
    /// unreachable or a Swiss round cannot be paired; none: the event log only.
    #[serde(default)]
    pub director: Option<String>,
    /// The club's page that explains the commitments (salted hashes) in the mails of games
    /// with secrets and how to check them (a page of the club's site, say); the mails link to
    /// it. None: the mails say it in a few words.
    #[serde(default)]
    pub commitments_url: Option<String>,
    /// The language herald writes to players in who chose none (`language CODE`) and whose
    /// tournament names none: en (the default), ru, de, es, fr, or a language the club added.
    #[serde(default)]
    pub language: Option<String>,
}

/// Incoming mail.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Inbox {
    /// The Maildir `herald serve` watches. Pipe delivery (`herald ingest`) needs none.
    #[serde(default)]
    pub maildir: Option<PathBuf>,
    /// Mails larger than this are answered with a refusal and not read.
    #[serde(default = "default_max_message_bytes")]
    pub max_message_bytes: usize,
    /// Seconds between two passes of `herald serve` over the Maildir and the outbox.
    #[serde(default = "default_poll_seconds")]
    pub poll_seconds: u64,
    /// Which mail counts as a player's: the receiving server herald trusts, what it must
    /// have authenticated, and when ending a game needs a confirmation.
    #[serde(default)]
    pub authentication: Authentication,
    /// An IMAP mailbox `herald serve` reads instead of a Maildir (exclusive with `maildir`).
    #[serde(default)]
    pub imap: Option<Imap>,
}

/// An IMAP mailbox as the inbox.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Imap {
    /// Host name; also the name the TLS certificate must match.
    pub host: String,
    /// Port; by default 993 for `tls`, 143 for `starttls` and `none`.
    #[serde(default)]
    pub port: Option<u16>,
    /// TLS mode; `none` only for a server on this machine.
    #[serde(default = "default_imap_tls")]
    pub tls: TlsMode,
    /// The login name.
    pub user: String,
    /// How herald logs in.
    #[serde(default)]
    pub auth: Login,
    /// For `auth: password`: the environment variable holding the password.
    #[serde(default)]
    pub password_env: Option<String>,
    /// For `auth: xoauth2`: a command (run by `sh -c`) whose standard output is an OAuth 2.0
    /// access token, run at each login.
    #[serde(default)]
    pub token_command: Option<String>,
    /// The folder mail arrives in.
    #[serde(default = "default_imap_folder")]
    pub folder: String,
    /// Where handled mail is moved; without it handled mail stays, marked `\Seen` and
    /// `$HeraldDone`.
    #[serde(default)]
    pub done_folder: Option<String>,
    /// Seconds to wait for the server on each read or write (not while idling).
    #[serde(default = "default_imap_timeout")]
    pub timeout_seconds: u64,
    /// A PEM file of CA certificates trusted besides the system's, for a server whose
    /// certificate comes from a private CA or is self-signed.
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
}

/// True for a domain RFC 2606 reserves for examples: `example.org`, `example.com`,
/// `example.net`, anything below them, and the `.example` top-level domain.
fn is_example_domain(domain: &str) -> bool {
    let domain = domain.trim_end_matches('.').to_ascii_lowercase();
    domain.ends_with(".example")
        || ["example.org", "example.com", "example.net"]
            .iter()
            .any(|reserved| domain == *reserved || domain.ends_with(&format!(".{reserved}")))
}

/// The certificates of a `ca_file` setting (`key` names it in errors), checked to hold at
/// least one PEM certificate, so that a wrong file fails at start and by name rather than as
/// an untrusted server later.
///
/// # Errors
///
/// The file cannot be read, or holds no certificate.
pub fn read_ca_file(key: &str, path: &Path) -> Result<Vec<u8>, String> {
    let pem = std::fs::read(path).map_err(|e| format!("{key} {}: cannot be read: {e}", path.display()))?;
    if !pem.windows(27).any(|w| w == b"-----BEGIN CERTIFICATE-----") {
        return Err(format!("{key} {}: holds no PEM certificate (-----BEGIN CERTIFICATE-----)", path.display()));
    }
    Ok(pem)
}

/// `inbox.authentication`: sender authentication (see `referee::senders`).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Authentication {
    /// The authserv-id with which the club's own receiving server writes
    /// `Authentication-Results` (it must remove incoming fields with that id).
    #[serde(default)]
    pub trusted_authserv_id: Option<String>,
    /// `none`, `dkim` or `dkim-or-spf`.
    #[serde(default)]
    pub require: Required,
    /// `unauthenticated`, `always` or `never`.
    #[serde(default)]
    pub confirm_game_ending: ConfirmGameEnding,
}

pub use crate::referee::senders::{ConfirmGameEnding, Required};

/// Outgoing mail.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Outgoing {
    /// The transport.
    #[serde(default)]
    pub transport: Transport,
    /// Retry policy for transient failures.
    #[serde(default)]
    pub retry: Retry,
    /// Every mail in plain text alone, without the HTML alternative and its board picture
    /// (default false: game mails carry both; a player may ask for text alone, `format text`).
    #[serde(default)]
    pub plain_text: bool,
    /// Days a sent mail's body stays in the outbox, for the operator to look at (`herald
    /// outbox show`); after them only what the guarantees need stays: its Message-ID (a mail is
    /// never made twice), recipient, return path (what a bounce is matched by), game and times.
    /// 0: the body goes as soon as the mail is sent. Default 7.
    #[serde(default = "default_keep_sent_days")]
    pub keep_sent_days: u32,
}

fn default_keep_sent_days() -> u32 {
    7
}

impl Default for Outgoing {
    fn default() -> Outgoing {
        Outgoing {
            transport: Transport::default(),
            retry: Retry::default(),
            plain_text: false,
            keep_sent_days: default_keep_sent_days(),
        }
    }
}

/// One of the transports.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Transport {
    /// An SMTP server.
    Smtp {
        /// Host name.
        host: String,
        /// Port; by default 587 for STARTTLS, 465 for TLS, 25 without.
        #[serde(default)]
        port: Option<u16>,
        /// TLS mode.
        #[serde(default)]
        tls: TlsMode,
        /// User name for authentication, if the server wants one.
        #[serde(default)]
        user: Option<String>,
        /// Name of the environment variable holding the password (never the password
        /// itself, so the file can be shared and versioned).
        #[serde(default)]
        password_env: Option<String>,
        /// How herald logs in: with the password, or with an OAuth 2.0 access token.
        #[serde(default)]
        auth: Login,
        /// For `auth: xoauth2`: the command that prints an access token (see
        /// [`crate::mail::oauth`]).
        #[serde(default)]
        token_command: Option<String>,
        /// Seconds to wait for the server.
        #[serde(default = "default_smtp_timeout")]
        timeout_seconds: u64,
        /// A PEM file of CA certificates trusted besides the system's, for a server whose
        /// certificate comes from a private CA or is self-signed.
        #[serde(default)]
        ca_file: Option<PathBuf>,
    },
    /// The local `sendmail` program.
    Sendmail {
        /// Path of the program.
        #[serde(default = "default_sendmail")]
        command: PathBuf,
    },
    /// Write each mail into a Maildir instead of sending it (local use, demos, tests).
    Maildir {
        /// The Maildir; each recipient gets a subfolder named after the address.
        path: PathBuf,
    },
}

/// How herald logs in to a mail server.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Login {
    /// SASL PLAIN or LOGIN with the user's password (from `password_env`).
    #[default]
    Password,
    /// SASL XOAUTH2 with an access token printed by `token_command`: what the large
    /// providers (Gmail, Microsoft 365) require instead of passwords.
    Xoauth2,
}

/// TLS for SMTP.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum TlsMode {
    /// Plain text (only for a server on the same machine).
    None,
    /// STARTTLS, required (no downgrade).
    #[default]
    Starttls,
    /// Implicit TLS from the first byte.
    Tls,
}

/// Retries of transient sending failures.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    /// Delay before the first retry; each further retry waits twice as long.
    #[serde(default = "default_first_delay")]
    pub first_delay_seconds: u64,
    /// The longest wait between two attempts.
    #[serde(default = "default_max_delay")]
    pub max_delay_seconds: u64,
    /// After this many failed attempts the mail is a dead letter (see `herald outbox`).
    #[serde(default = "default_max_attempts")]
    pub max_attempts: u32,
}

/// Game defaults.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Games {
    /// The time control of a new game for which none is given (`herald game new
    /// --time-control`, a tournament's): "3 days per move", "10 moves in 50 days", "3 days per
    /// move, at most 15 banked"; none: `days_per_move` days per move.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Days per move: without `time_control`, the control of new games; always, that of
    /// games begun before time controls, which keep none of their own.
    #[serde(default = "default_days_per_move")]
    pub days_per_move: u32,
    /// Vacation days a player may take in a calendar year (`vacation N`); 0: none. The
    /// director may grant a player more (`herald player leave`).
    #[serde(default = "default_vacation_days_per_year")]
    pub vacation_days_per_year: u32,
    /// Hours before a deadline at which the player it runs against is reminded; 0: never.
    #[serde(default = "default_reminder_hours")]
    pub reminder_hours: u32,
    /// What happens when a deadline passes.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

pub use crate::clock::TimeControl;
pub use crate::referee::OnTimeout;

fn default_database() -> PathBuf {
    Path::new(DEFAULT_DATA_DIR).join("herald.db")
}
fn default_time_zone() -> String {
    "UTC".to_string()
}
fn default_referee_name() -> String {
    "herald referee".to_string()
}
fn default_max_message_bytes() -> usize {
    256 * 1024
}
fn default_poll_seconds() -> u64 {
    5
}
fn default_imap_tls() -> TlsMode {
    TlsMode::Tls
}
fn default_imap_folder() -> String {
    "INBOX".to_string()
}
fn default_imap_timeout() -> u64 {
    60
}
fn default_smtp_timeout() -> u64 {
    30
}
fn default_sendmail() -> PathBuf {
    PathBuf::from("/usr/sbin/sendmail")
}
fn default_first_delay() -> u64 {
    60
}
fn default_max_delay() -> u64 {
    3600
}
fn default_max_attempts() -> u32 {
    12
}
fn default_days_per_move() -> u32 {
    3
}
fn default_reminder_hours() -> u32 {
    24
}
fn default_vacation_days_per_year() -> u32 {
    35
}
fn default_unreachable_after() -> u32 {
    2
}

fn default_max_pause_days() -> u32 {
    14
}

impl Default for Bounces {
    fn default() -> Bounces {
        Bounces {
            unreachable_after: default_unreachable_after(),
            on_unreachable: OnUnreachable::default(),
            max_pause_days: default_max_pause_days(),
        }
    }
}

impl Default for Inbox {
    fn default() -> Inbox {
        Inbox {
            maildir: Some(Path::new(DEFAULT_DATA_DIR).join("inbox")),
            max_message_bytes: default_max_message_bytes(),
            poll_seconds: default_poll_seconds(),
            authentication: Authentication::default(),
            imap: None,
        }
    }
}

impl Default for Transport {
    fn default() -> Transport {
        Transport::Maildir { path: Path::new(DEFAULT_DATA_DIR).join("sent") }
    }
}

impl Default for Retry {
    fn default() -> Retry {
        Retry {
            first_delay_seconds: default_first_delay(),
            max_delay_seconds: default_max_delay(),
            max_attempts: default_max_attempts(),
        }
    }
}

impl Default for Games {
    fn default() -> Games {
        Games {
            time_control: None,
            days_per_move: default_days_per_move(),
            vacation_days_per_year: default_vacation_days_per_year(),
            reminder_hours: default_reminder_hours(),
            on_timeout: OnTimeout::default(),
        }
    }
}

impl Default for Config {
    /// The embedded defaults: everything under `./herald-data/`, mail written to Maildirs.
    fn default() -> Config {
        Config {
            referee: Referee {
                address: "referee@herald.localhost".to_string(),
                name: default_referee_name(),
                domain: None,
                director: None,

                commitments_url: None,
                language: None,
            },
            database: default_database(),
            inbox: Inbox::default(),
            outgoing: Outgoing::default(),
            templates: None,
            time_zone: default_time_zone(),
            games: Games::default(),
            tournaments: Tournaments::default(),
            bounces: Bounces::default(),
            site: SiteSettings::default(),
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug)]
pub enum ConfigError {
    /// The file cannot be read.
    Read(PathBuf, std::io::Error),
    /// The YAML is malformed, a key is unknown or a value has the wrong type; the message
    /// names the key and the line.
    Parse(PathBuf, String),
    /// A value is of the right type but not usable.
    Invalid(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Read(path, e) => write!(f, "cannot read {}: {e}", path.display()),
            ConfigError::Parse(path, e) => write!(f, "{}: {e}", path.display()),
            ConfigError::Invalid(e) => write!(f, "configuration: {e}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The login keys of a mail server's section (`section`): a password needs a user and
/// `password_env`; `xoauth2` needs a user and `token_command`, and no password.
fn check_login(
    section: &str,
    user: Option<&str>,
    password_env: Option<&str>,
    auth: Login,
    token_command: Option<&str>,
) -> Result<(), ConfigError> {
    let invalid = |message: String| Err(ConfigError::Invalid(format!("{section}.{message}")));
    match auth {
        Login::Password => {
            if let (Some(var), None) = (password_env, user) {
                return invalid(format!("password_env {var:?} is set but user is not"));
            }
            if token_command.is_some() {
                return invalid("token_command is set but auth is not xoauth2".to_string());
            }
        }
        Login::Xoauth2 => {
            if user.is_none() {
                return invalid("auth is xoauth2 but user is not set: XOAUTH2 names the account".to_string());
            }
            if token_command.is_none_or(|c| c.trim().is_empty()) {
                return invalid(
                    "auth is xoauth2 but token_command is not set: name the command that prints an access token"
                        .to_string(),
                );
            }
            if password_env.is_some() {
                return invalid(
                    "password_env is set but auth is xoauth2, which logs in with a token, not a password".to_string(),
                );
            }
        }
    }
    Ok(())
}

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read(path.to_path_buf(), e))?;
        let config = Config::parse(&text).map_err(|e| match e {
            ConfigError::Parse(_, message) => ConfigError::Parse(path.to_path_buf(), message),
            other => other,
        })?;
        Ok(config.relative_to(path.parent().unwrap_or(Path::new("."))))
    }

    /// Reads and checks a configuration from YAML text.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let config: Config = serde_yaml::from_str(text)
            .map_err(|e| ConfigError::Parse(PathBuf::from("configuration"), e.to_string()))?;
        config.check()?;
        Ok(config)
    }

    /// The configuration file if one is given, else the embedded defaults.
    pub fn load_or_default(path: Option<&Path>) -> Result<Config, ConfigError> {
        match path {
            Some(path) => Config::load(path),
            None => Ok(Config::default()),
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        let address = &self.referee.address;
        let Some((local, domain)) = address.rsplit_once('@') else {
            return Err(ConfigError::Invalid(format!("referee.address {address:?} is not a mail address")));
        };
        if local.is_empty() || domain.is_empty() || local.contains('+') {
            return Err(ConfigError::Invalid(format!(
                "referee.address {address:?} must be local@domain without a '+' (herald adds +TOKEN itself)"
            )));
        }
        let games = &self.games;
        // The same bounds as a time control's days ("3 days per move"), which the club's
        // default becomes in every game it starts.
        let most = crate::clock::control::MOST_DAYS;
        if !(1..=most).contains(&games.days_per_move) {
            return Err(ConfigError::Invalid(format!(
                "games.days_per_move must be from 1 to {most} (a year), not {}",
                games.days_per_move
            )));
        }
        if u64::from(games.reminder_hours) >= 24 * u64::from(games.days_per_move) {
            return Err(ConfigError::Invalid(format!(
                "games.reminder_hours ({}) must be less than the {} hours of games.days_per_move, or every \
                 move would be followed at once by a reminder",
                games.reminder_hours,
                24 * u64::from(games.days_per_move)
            )));
        }
        if let Some(control) = games.time_control
            && u64::from(games.reminder_hours) >= 24 * u64::from(control.days_for_one_move())
        {
            return Err(ConfigError::Invalid(format!(
                "games.reminder_hours ({}) must be less than the {} hours of one move of games.time_control \
                 ({control}), or every move would be followed at once by a reminder",
                games.reminder_hours,
                24 * u64::from(control.days_for_one_move())
            )));
        }
        if let Some(director) = &self.referee.director
            && !director.split_once('@').is_some_and(|(l, d)| !l.is_empty() && !d.is_empty())
        {
            return Err(ConfigError::Invalid(format!("referee.director {director:?} is not a mail address")));
        }
        if let Some(code) = &self.referee.language
            && crate::language::shipped_files(code).is_none()
            && self.templates.is_none()
        {
            return Err(ConfigError::Invalid(format!(
                "referee.language {code:?} is not a language herald ships ({}); a club's own language is a \
                 folder locales/{code}/ in its templates folder",
                crate::language::shipped_codes().collect::<Vec<_>>().join(", ")
            )));
        }
        if self.bounces.unreachable_after == 0 {
            return Err(ConfigError::Invalid("bounces.unreachable_after must be at least 1".into()));
        }
        if !(1..=366).contains(&self.bounces.max_pause_days) {
            return Err(ConfigError::Invalid("bounces.max_pause_days must be from 1 to 366".into()));
        }
        if let Some(url) = &self.site.url
            && (!(url.starts_with("https://") || url.starts_with("http://")) || url.contains(char::is_whitespace))
        {
            return Err(ConfigError::Invalid(format!("site.url {url:?} must be an http:// or https:// address")));
        }
        if let Some(title) = &self.site.title
            && (title.trim().is_empty() || title.chars().any(char::is_control))
        {
            return Err(ConfigError::Invalid(format!("site.title {title:?} must be one line of text")));
        }
        if jiff::tz::TimeZone::get(&self.time_zone).is_err() {
            return Err(ConfigError::Invalid(format!("time_zone {:?} is not a known time zone", self.time_zone)));
        }
        let authentication = &self.inbox.authentication;
        let trusted = authentication.trusted_authserv_id.as_deref().map(str::trim);
        if trusted.is_some_and(|id| id.is_empty() || id.contains(|c: char| c.is_whitespace() || c == ';')) {
            return Err(ConfigError::Invalid(format!(
                "inbox.authentication.trusted_authserv_id {:?} is not a server name",
                authentication.trusted_authserv_id.as_deref().unwrap_or_default()
            )));
        }
        if authentication.require != Required::None && trusted.is_none() {
            return Err(ConfigError::Invalid(
                "inbox.authentication.require needs inbox.authentication.trusted_authserv_id: the server whose \
                 Authentication-Results herald may believe"
                    .into(),
            ));
        }
        if let Transport::Smtp { user, password_env, auth, token_command, .. } = &self.outgoing.transport {
            check_login(
                "outgoing.transport",
                user.as_deref(),
                password_env.as_deref(),
                *auth,
                token_command.as_deref(),
            )?;
        }
        self.check_imap()?;
        self.check_site()?;
        Ok(())
    }

    /// `site.publish_command` publishes `site.dir`, so it needs one, and says something; the
    /// site's folder is not one herald keeps its own files in.
    fn check_site(&self) -> Result<(), ConfigError> {
        let site = &self.site;
        let invalid = |message: &str| Err(ConfigError::Invalid(format!("site.{message}")));
        if let Some(command) = &site.publish_command {
            if command.trim().is_empty() {
                return invalid("publish_command is empty: remove it, or give the command that publishes the site");
            }
            if site.dir.is_none() {
                return invalid(
                    "publish_command is set but dir is not: it publishes the site herald serve keeps in dir",
                );
            }
        }
        if let Some(dir) = &site.dir {
            let ours = [Some(self.database.parent().unwrap_or(Path::new(""))), self.inbox.maildir.as_deref()];
            if ours.into_iter().flatten().any(|own| own == dir) {
                return invalid(&format!(
                    "dir {} is a folder of herald's own (the database's or the inbox's): give the site a folder of its own",
                    dir.display()
                ));
            }
        }
        Ok(())
    }

    fn check_imap(&self) -> Result<(), ConfigError> {
        let Some(imap) = &self.inbox.imap else { return Ok(()) };
        let invalid = |message: String| Err(ConfigError::Invalid(message));
        if self.inbox.maildir.is_some() {
            return invalid("inbox.maildir and inbox.imap are both set: herald reads one inbox, keep one".into());
        }
        match imap.auth {
            Login::Password if imap.password_env.is_none() => {
                return invalid("inbox.imap.password_env is not set: name the variable that holds the password".into());
            }
            Login::Password if imap.token_command.is_some() => {
                return invalid("inbox.imap.token_command is set but inbox.imap.auth is not xoauth2".into());
            }
            Login::Xoauth2 if imap.token_command.is_none() => {
                return invalid("inbox.imap.auth is xoauth2 but inbox.imap.token_command is not set".into());
            }
            Login::Xoauth2 if imap.password_env.is_some() => {
                return invalid("inbox.imap.password_env is set but inbox.imap.auth is xoauth2 (a token)".into());
            }
            _ => {}
        }
        if imap.tls == TlsMode::None && !crate::mail::transport::is_loopback(&imap.host) {
            return invalid(format!(
                "inbox.imap.tls is none but inbox.imap.host {:?} is not this machine: the password would cross \
                 the network in plain text",
                imap.host
            ));
        }
        if self.inbox.poll_seconds > 28 * 60 {
            return invalid(format!(
                "inbox.poll_seconds is {} but inbox.imap is set: each IDLE lasts one pass, and RFC 2177 has \
                 servers end an IDLE after 30 minutes; use at most 1680",
                self.inbox.poll_seconds
            ));
        }
        if imap.folder.is_empty() || imap.done_folder.as_deref() == Some(imap.folder.as_str()) {
            return invalid(
                "inbox.imap.done_folder must differ from inbox.imap.folder, which must not be empty".into(),
            );
        }
        Ok(())
    }

    /// Resolves relative paths against the directory of the configuration file, so the
    /// daemon's working directory does not matter.
    fn relative_to(mut self, base: &Path) -> Config {
        let fix = |p: &mut PathBuf| {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        };
        fix(&mut self.database);
        if let Some(p) = self.inbox.maildir.as_mut() {
            fix(p);
        }
        if let Some(p) = self.templates.as_mut() {
            fix(p);
        }
        match &mut self.outgoing.transport {
            Transport::Maildir { path } => fix(path),
            Transport::Smtp { ca_file: Some(path), .. } => fix(path),
            _ => {}
        }
        if let Some(path) = self.inbox.imap.as_mut().and_then(|imap| imap.ca_file.as_mut()) {
            fix(path);
        }
        if let Some(path) = self.site.stylesheet.as_mut() {
            fix(path);
        }
        if let Some(path) = self.site.dir.as_mut() {
            fix(path);
        }
        self
    }

    /// The page the mails link to for what commitments are and how to check one:
    /// `referee.commitments_url`, else the site's own page on them when `site.url` says where
    /// the site is; none: the mails say it in a few words.
    pub fn commitments_url(&self) -> Option<String> {
        self.referee.commitments_url.clone().or_else(|| {
            let base = self.site.url.as_deref()?;
            Some(format!("{}/{}", base.trim_end_matches('/'), crate::site::COMMITMENTS_PAGE))
        })
    }

    /// The settings still holding an example's value (`config.example.yaml`'s, or any domain
    /// RFC 2606 reserves for examples: `example.org`, `.com`, `.net` and below them, and
    /// the `.example` top-level domain): each as "KEY is still the example (VALUE)". A club
    /// that left one has not finished its configuration: `herald serve` refuses to start on
    /// it and `herald doctor` names each.
    pub fn placeholders(&self) -> Vec<String> {
        let mut values: Vec<(&str, Option<&str>)> = vec![
            ("referee.address", Some(&self.referee.address)),
            ("referee.domain", self.referee.domain.as_deref()),
            ("referee.director", self.referee.director.as_deref()),
            ("inbox.authentication.trusted_authserv_id", self.inbox.authentication.trusted_authserv_id.as_deref()),
            ("referee.commitments_url", self.referee.commitments_url.as_deref()),
            ("site.url", self.site.url.as_deref()),
        ];
        if let Some(imap) = &self.inbox.imap {
            values.extend([("inbox.imap.host", Some(imap.host.as_str())), ("inbox.imap.user", Some(&imap.user))]);
        }
        if let Transport::Smtp { host, user, .. } = &self.outgoing.transport {
            values.extend([
                ("outgoing.transport.host", Some(host.as_str())),
                ("outgoing.transport.user", user.as_deref()),
            ]);
        }
        values
            .into_iter()
            .filter_map(|(key, value)| Some((key, value?)))
            .filter(|(_, value)| {
                // An address's domain, or a URL's host.
                let host = value.split_once("://").map_or(*value, |(_, rest)| rest);
                let host = host.split(['/', ':', '?', '#']).next().unwrap_or(host);
                is_example_domain(host.rsplit('@').next().unwrap_or(host))
            })
            .map(|(key, value)| format!("{key} is still the example ({value})"))
            .collect()
    }

    /// The domain of Message-IDs and reply addresses.
    pub fn domain(&self) -> &str {
        self.referee.domain.as_deref().unwrap_or_else(|| self.referee.address.rsplit_once('@').map_or("", |(_, d)| d))
    }

    /// The time zone for dates shown to players.
    pub fn zone(&self) -> jiff::tz::TimeZone {
        jiff::tz::TimeZone::get(&self.time_zone).unwrap_or(jiff::tz::TimeZone::UTC)
    }

    /// What the referee core needs of this configuration: its identity and the games' rules
    /// of time.
    pub fn settings(&self) -> crate::referee::Settings {
        crate::referee::Settings {
            address: self.referee.address.clone(),
            name: self.referee.name.clone(),
            domain: self.domain().to_string(),
            days_per_move: self.games.days_per_move,
            time_control: self.games.time_control.unwrap_or(TimeControl::PerMove { days: self.games.days_per_move }),
            vacation_days_per_year: self.games.vacation_days_per_year,
            reminder_hours: self.games.reminder_hours,
            on_timeout: self.games.on_timeout,
            zone: self.zone(),
            standings_mail: self.tournaments.standings_mail,
            plain_text: self.outgoing.plain_text,
            senders: crate::referee::senders::SenderPolicy {
                trusted_authserv_id: self.inbox.authentication.trusted_authserv_id.clone(),
                require: self.inbox.authentication.require,
                confirm_game_ending: self.inbox.authentication.confirm_game_ending,
            },
            commitments_url: self.commitments_url(),
            language: self.referee.language.clone().unwrap_or_else(|| crate::language::ENGLISH.to_string()),
            bounces: crate::referee::bounces::BounceSettings {
                director: self.referee.director.clone(),
                unreachable_after: self.bounces.unreachable_after,
                on_unreachable: self.bounces.on_unreachable,
                max_pause_days: self.bounces.max_pause_days,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_valid_and_complete() {
        let text = include_str!("../config.example.yaml");
        let config = Config::parse(text).unwrap();
        assert_eq!(config.referee.address, "referee@chess.example.org");
        assert!(matches!(config.outgoing.transport, Transport::Smtp { tls: TlsMode::Starttls, .. }));
        assert_eq!(config.referee.director.as_deref(), Some("td@chess.example.org"));
        assert_eq!(config.bounces, Bounces::default());
        // README's default control, so that a club that copies the example does not get
        // another one by accident.
        assert_eq!(config.games.time_control, None);
        assert_eq!(config.settings().time_control, TimeControl::PerMove { days: 3 });
        // The example's domains are named as what they are, not taken for a club's.
        let placeholders = config.placeholders();
        assert!(
            placeholders.contains(&"referee.address is still the example (referee@chess.example.org)".to_string()),
            "{placeholders:?}"
        );
        assert!(placeholders.iter().any(|p| p.starts_with("inbox.authentication.trusted_authserv_id")));
        assert!(placeholders.iter().any(|p| p.starts_with("outgoing.transport.host")));
        assert!(placeholders.iter().any(|p| p.starts_with("site.url")), "{placeholders:?}");
        // The mails link to the site's page on commitments, where the site is.
        assert_eq!(config.referee.commitments_url, None);
        assert_eq!(config.commitments_url().as_deref(), Some("https://chess.example.org/herald/commitments.html"));
        assert!(config.templates.is_none(), "no folder the package does not make");
        for (domain, example) in [
            ("example.org", true),
            ("chess.EXAMPLE.com", true),
            ("mx.club.example", true),
            ("example.net.", true),
            ("myexample.org", false),
            ("example.org.uk", false),
            ("game.test", false),
        ] {
            assert_eq!(is_example_domain(domain), example, "{domain}");
        }
        assert_eq!(config.games.vacation_days_per_year, 35);
    }

    #[test]
    fn the_time_control_is_read_and_checked_with_its_line() {
        let games = |yaml: &str| Config::parse(&format!("referee:\n  address: r@y.org\ngames:\n{yaml}"));
        let default = games("  days_per_move: 4\n").unwrap();
        assert_eq!(default.settings().time_control, TimeControl::PerMove { days: 4 });
        let bank = games("  time_control: 3 days per move, at most 15 banked\n").unwrap();
        assert_eq!(bank.settings().time_control, TimeControl::Bank { start: 3, increment: 3, max: 15 });
        let wrong = games("  time_control: fast\n").unwrap_err().to_string();
        assert!(wrong.contains("not a time control") && wrong.contains("line 4"), "{wrong}");
        // One move of 2 moves in 2 days is a day: a reminder 24 hours before would come at once.
        let early = games("  time_control: 2 moves in 2 days\n").unwrap_err().to_string();
        assert!(early.contains("one move of games.time_control (2 moves in 2 days)"), "{early}");
        assert!(games("  time_control: 2 moves in 2 days\n  reminder_hours: 12\n").is_ok());
        assert_eq!(games("  vacation_days_per_year: 0\n").unwrap().settings().vacation_days_per_year, 0);
    }

    /// `site.publish_command` publishes `site.dir`: it needs one, and says something; the site
    /// has a folder of its own, which a relative path finds beside the configuration file.
    #[test]
    fn the_site_s_folder_and_publish_command_are_checked() {
        let site = |yaml: &str| {
            Config::parse(&format!("referee:\n  address: r@y.org\ndatabase: /srv/herald/herald.db\nsite:\n{yaml}"))
        };
        let without_dir = site("  publish_command: rsync -a ./ web:/srv/www/\n").unwrap_err().to_string();
        assert!(without_dir.contains("site.publish_command") && without_dir.contains("dir"), "{without_dir}");
        let empty = site("  dir: /srv/www\n  publish_command: '  '\n").unwrap_err().to_string();
        assert!(empty.contains("site.publish_command is empty"), "{empty}");
        let own = site("  dir: /srv/herald\n").unwrap_err().to_string();
        assert!(own.contains("site.dir /srv/herald") && own.contains("herald's own"), "{own}");
        let good = site("  dir: /srv/www\n  publish_command: rsync -a ./ web:/srv/www/\n").unwrap();
        assert_eq!(good.site.dir.as_deref(), Some(Path::new("/srv/www")));
        assert_eq!(good.site.publish_command.as_deref(), Some("rsync -a ./ web:/srv/www/"));

        let dir = std::env::temp_dir().join(format!("herald-config-site-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("herald.yaml");
        std::fs::write(&path, "referee:\n  address: r@y.org\nsite:\n  dir: www\n").unwrap();
        assert_eq!(Config::load(&path).unwrap().site.dir, Some(dir.join("www")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unknown_key_is_named_with_its_line() {
        let text = "referee:\n  address: r@x.org\ndatabse: x.db\n";
        let err = Config::parse(text).unwrap_err().to_string();
        assert!(err.contains("databse"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn a_wrong_type_is_named_with_its_line() {
        let text = "referee:\n  address: r@x.org\ninbox:\n  max_message_bytes: lots\n";
        let err = Config::parse(text).unwrap_err().to_string();
        assert!(err.contains("max_message_bytes") || err.contains("invalid type"), "{err}");
        assert!(err.contains("line 4"), "{err}");
    }

    #[test]
    fn unknown_transport_and_tls_modes_are_errors() {
        let base = "referee:\n  address: r@x.org\noutgoing:\n  transport:\n";
        assert!(Config::parse(&format!("{base}    kind: pigeon\n")).is_err());
        assert!(Config::parse(&format!("{base}    kind: smtp\n    host: h\n    tls: maybe\n")).is_err());
        let ok = Config::parse(&format!("{base}    kind: smtp\n    host: h\n    tls: none\n    port: 2525\n")).unwrap();
        assert_eq!(
            ok.outgoing.transport,
            Transport::Smtp {
                host: "h".into(),
                port: Some(2525),
                tls: TlsMode::None,
                user: None,
                password_env: None,
                auth: Login::Password,
                token_command: None,
                timeout_seconds: 30,
                ca_file: None
            }
        );
    }

    #[test]
    fn bad_values_are_explained() {
        assert!(Config::parse("referee:\n  address: nobody\n").unwrap_err().to_string().contains("not a mail address"));
        assert!(Config::parse("referee:\n  address: r+x@y.org\n").is_err());
        assert!(Config::parse("referee:\n  address: r@y.org\ntime_zone: Mars/Olympus\n").is_err());
        let games = |yaml: &str| Config::parse(&format!("referee:\n  address: r@y.org\ngames:\n{yaml}"));
        let overlap = games("  days_per_move: 2\n  reminder_hours: 48\n").unwrap_err().to_string();
        assert!(overlap.contains("games.reminder_hours (48) must be less than the 48 hours"), "{overlap}");
        assert!(games("  days_per_move: 2\n  reminder_hours: 47\n").is_ok());
        assert!(games("  days_per_move: 0\n  reminder_hours: 0\n").is_err());
        // A year at most, as in a time control ("366 days per move" is the longest).
        assert!(games("  days_per_move: 366\n").is_ok());
        let long = games("  days_per_move: 3650\n").unwrap_err().to_string();
        assert!(long.contains("games.days_per_move must be from 1 to 366"), "{long}");
        assert!(games("  on_timeout: never\n").is_err());
        let remind = games("  on_timeout: remind\n").unwrap();
        assert_eq!((remind.games.on_timeout, remind.games.reminder_hours), (OnTimeout::Remind, 24));
    }

    #[test]
    fn logins_need_their_keys() {
        let smtp = |keys: &str| {
            Config::parse(&format!(
                "referee:\n  address: r@y.org\noutgoing:\n  transport:\n    kind: smtp\n    host: h\n{keys}"
            ))
        };
        let err = |keys: &str| smtp(keys).unwrap_err().to_string();
        assert!(err("    password_env: P\n").contains("outgoing.transport.password_env \"P\" is set but user is not"));
        assert!(
            err("    user: u\n    auth: xoauth2\n").contains("outgoing.transport.auth is xoauth2 but token_command")
        );
        assert!(err("    auth: xoauth2\n    token_command: t\n").contains("user is not set"));
        assert!(
            err("    user: u\n    auth: xoauth2\n    token_command: t\n    password_env: P\n")
                .contains("password_env is set")
        );
        assert!(err("    user: u\n    token_command: t\n").contains("token_command is set but auth is not xoauth2"));
        assert!(smtp("    user: u\n    auth: oauth\n").is_err());
        let ok =
            smtp("    user: u@gmail.com\n    auth: xoauth2\n    token_command: oama access u@gmail.com\n").unwrap();
        assert!(matches!(ok.outgoing.transport, Transport::Smtp { auth: Login::Xoauth2, token_command: Some(_), .. }));
    }

    #[test]
    fn sender_authentication_is_read_and_checked() {
        let auth =
            |yaml: &str| Config::parse(&format!("referee:\n  address: r@y.org\ninbox:\n  authentication:\n{yaml}"));
        let default = Config::parse("referee:\n  address: r@y.org\n").unwrap().settings().senders;
        assert_eq!(default.require, Required::None);
        assert_eq!(default.confirm_game_ending, ConfirmGameEnding::Unauthenticated);
        assert_eq!(default.trusted_authserv_id, None);
        let set =
            auth("    trusted_authserv_id: mx.y.org\n    require: dkim-or-spf\n    confirm_game_ending: always\n")
                .unwrap()
                .settings()
                .senders;
        assert_eq!(set.trusted_authserv_id.as_deref(), Some("mx.y.org"));
        assert_eq!((set.require, set.confirm_game_ending), (Required::DkimOrSpf, ConfirmGameEnding::Always));
        let untrusted = auth("    require: dkim\n").unwrap_err().to_string();
        assert!(untrusted.contains("inbox.authentication.require needs inbox.authentication.trusted_authserv_id"));
        assert!(auth("    trusted_authserv_id: \"mx y\"\n").is_err());
        let unknown = auth("    trusted_authserv_id: mx.y.org\n    requires: dkim\n").unwrap_err().to_string();
        assert!(unknown.contains("requires") && unknown.contains("line 6"), "{unknown}");
        let wrong = auth("    trusted_authserv_id: mx.y.org\n    require: spf\n").unwrap_err().to_string();
        assert!(wrong.contains("line 6"), "{wrong}");
    }

    #[test]
    fn an_imap_inbox_is_checked_by_key() {
        let inbox = |yaml: &str| Config::parse(&format!("referee:\n  address: r@y.org\ninbox:\n{yaml}"));
        let imap = "  imap:\n    host: imap.y.org\n    user: r@y.org\n";
        let config = inbox(&format!("{imap}    password_env: PW\n    done_folder: Done\n")).unwrap();
        let parsed = config.inbox.imap.unwrap();
        assert_eq!((parsed.tls, parsed.auth, parsed.folder.as_str()), (TlsMode::Tls, Login::Password, "INBOX"));
        assert_eq!(config.inbox.maildir, None);
        let error = |yaml: &str| inbox(yaml).unwrap_err().to_string();
        let both = error(&format!("  maildir: /m\n{imap}    password_env: PW\n"));
        assert!(both.contains("inbox.maildir and inbox.imap"), "{both}");
        assert!(error(imap).contains("inbox.imap.password_env"));
        let no_command = error(&format!("{imap}    auth: xoauth2\n"));
        assert!(no_command.contains("inbox.imap.token_command"), "{no_command}");
        let plain = error(&format!("{imap}    password_env: PW\n    tls: none\n"));
        assert!(plain.contains("inbox.imap.tls is none"), "{plain}");
        let local = "  imap:\n    host: 127.0.0.1\n    user: r\n    password_env: PW\n    tls: none\n";
        assert!(inbox(local).is_ok());
        let same = error(&format!("{imap}    password_env: PW\n    done_folder: INBOX\n"));
        assert!(same.contains("done_folder"), "{same}");
        let unknown = error(&format!("{imap}    password_env: PW\n    idle: yes\n"));
        assert!(unknown.contains("idle") && unknown.contains("line 8"), "{unknown}");
        let long = error(&format!("  poll_seconds: 3600\n{imap}    password_env: PW\n"));
        assert!(long.contains("inbox.poll_seconds"), "{long}");
    }

    #[test]
    fn the_hosted_mailbox_configuration_in_readme_is_complete() {
        let readme = include_str!("../README.md");
        let section = &readme[readme.find("### With a mailbox at a provider").expect("the section")..];
        let start = section.find("```yaml\n").expect("its configuration") + "```yaml\n".len();
        let yaml = &section[start..start + section[start..].find("```").unwrap()];
        assert!(yaml.lines().count() <= 10, "README promises ten lines:\n{yaml}");
        let config = Config::parse(yaml).unwrap();
        assert_eq!(config.inbox.maildir, None);
        let imap = config.inbox.imap.as_ref().expect("an IMAP inbox");
        assert_eq!(
            (imap.tls, imap.auth, imap.done_folder.as_deref()),
            (TlsMode::Tls, Login::Password, Some("Processed"))
        );
        assert_eq!(config.settings().senders.require, Required::DkimOrSpf);
        assert!(matches!(config.outgoing.transport, Transport::Smtp { tls: TlsMode::Tls, .. }));
    }

    #[test]
    fn the_bounce_settings_are_read_and_checked() {
        let config = Config::parse("referee:\n  address: r@y.org\n").unwrap();
        assert_eq!(
            config.bounces,
            Bounces { unreachable_after: 2, on_unreachable: OnUnreachable::Pause, max_pause_days: 14 }
        );
        assert_eq!(config.referee.director, None);
        let set = Config::parse(
            "referee:\n  address: r@y.org\n  director: td@y.org\nbounces:\n  unreachable_after: 3\n  on_unreachable: continue\n",
        )
        .unwrap();
        assert_eq!(set.settings().bounces.director.as_deref(), Some("td@y.org"));
        assert_eq!((set.bounces.unreachable_after, set.bounces.on_unreachable), (3, OnUnreachable::Continue));
        let bounces = |yaml: &str| Config::parse(&format!("referee:\n  address: r@y.org\nbounces:\n{yaml}"));
        let zero = bounces("  unreachable_after: 0\n").unwrap_err().to_string();
        assert!(zero.contains("bounces.unreachable_after"), "{zero}");
        let never = bounces("  on_unreachable: never\n").unwrap_err().to_string();
        assert!(never.contains("on_unreachable") && never.contains("line 4"), "{never}");
        let typo = bounces("  unreachable_afer: 2\n").unwrap_err().to_string();
        assert!(typo.contains("unreachable_afer") && typo.contains("line 4"), "{typo}");
        let director = Config::parse("referee:\n  address: r@y.org\n  director: nobody\n").unwrap_err().to_string();
        assert!(director.contains("referee.director"), "{director}");
    }

    #[test]
    fn relative_paths_follow_the_file() {
        let dir = std::env::temp_dir().join(format!("herald-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("herald.yaml");
        std::fs::write(
            &path,
            "referee:\n  address: r@y.org\ndatabase: games.db\ninbox:\n  imap:\n    host: 127.0.0.1\n    tls: none\n    \
             user: r\n    password_env: P\n    ca_file: imap-ca.pem\noutgoing:\n  transport:\n    kind: smtp\n    \
             host: h\n    ca_file: certs/smtp-ca.pem\nsite:\n  stylesheet: club.css\n",
        )
        .unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.site.stylesheet, Some(dir.join("club.css")));
        assert_eq!(config.database, dir.join("games.db"));
        assert_eq!(config.inbox.imap.unwrap().ca_file, Some(dir.join("imap-ca.pem")));
        let Transport::Smtp { ca_file, .. } = config.outgoing.transport else { panic!("smtp") };
        assert_eq!(ca_file, Some(dir.join("certs/smtp-ca.pem")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_file_given_comes_first_then_the_working_folders_then_the_systems() {
        let dir = std::env::temp_dir().join(format!("herald-find-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (local, system, given) = (dir.join("herald.yaml"), dir.join("etc-herald.yaml"), dir.join("given.yaml"));
        let searched = [local.as_path(), system.as_path()];
        assert_eq!(find(None, &searched), None, "nothing there");
        std::fs::write(&system, "").unwrap();
        assert_eq!(find(None, &searched), Some(system.clone()));
        std::fs::write(&local, "").unwrap();
        assert_eq!(find(None, &searched), Some(local.clone()), "the working folder's before the system's");
        assert_eq!(find(Some(&given), &searched), Some(given.clone()), "a file given is used even if missing");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(SEARCHED, ["herald.yaml", "/etc/herald/herald.yaml"]);
    }

    #[test]
    fn defaults_live_under_herald_data() {
        let config = Config::default();
        assert_eq!(config.database, Path::new("herald-data/herald.db"));
        assert_eq!(config.domain(), "herald.localhost");
    }
}
