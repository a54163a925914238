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
    /// unreachable; none: the event log only.
    #[serde(default)]
    pub director: Option<String>,
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
}

/// Outgoing mail.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Outgoing {
    /// The transport.
    #[serde(default)]
    pub transport: Transport,
    /// Retry policy for transient failures.
    #[serde(default)]
    pub retry: Retry,
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
        /// Seconds to wait for the server.
        #[serde(default = "default_smtp_timeout")]
        timeout_seconds: u64,
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
    /// Days a player has for each move; shown in every mail as the reply-by date.
    #[serde(default = "default_days_per_move")]
    pub days_per_move: u32,
    /// Hours before a deadline at which the player it runs against is reminded; 0: never.
    #[serde(default = "default_reminder_hours")]
    pub reminder_hours: u32,
    /// What happens when a deadline passes.
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

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
fn default_unreachable_after() -> u32 {
    2
}

impl Default for Bounces {
    fn default() -> Bounces {
        Bounces { unreachable_after: default_unreachable_after(), on_unreachable: OnUnreachable::default() }
    }
}

impl Default for Inbox {
    fn default() -> Inbox {
        Inbox {
            maildir: Some(Path::new(DEFAULT_DATA_DIR).join("inbox")),
            max_message_bytes: default_max_message_bytes(),
            poll_seconds: default_poll_seconds(),
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
            days_per_move: default_days_per_move(),
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
            },
            database: default_database(),
            inbox: Inbox::default(),
            outgoing: Outgoing::default(),
            templates: None,
            time_zone: default_time_zone(),
            games: Games::default(),
            tournaments: Tournaments::default(),
            bounces: Bounces::default(),
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
        if games.days_per_move == 0 {
            return Err(ConfigError::Invalid("games.days_per_move must be at least 1".into()));
        }
        if u64::from(games.reminder_hours) >= 24 * u64::from(games.days_per_move) {
            return Err(ConfigError::Invalid(format!(
                "games.reminder_hours ({}) must be less than the {} hours of games.days_per_move, or every \
                 move would be followed at once by a reminder",
                games.reminder_hours,
                24 * u64::from(games.days_per_move)
            )));
        }
        if let Some(director) = &self.referee.director
            && !director.split_once('@').is_some_and(|(l, d)| !l.is_empty() && !d.is_empty())
        {
            return Err(ConfigError::Invalid(format!("referee.director {director:?} is not a mail address")));
        }
        if self.bounces.unreachable_after == 0 {
            return Err(ConfigError::Invalid("bounces.unreachable_after must be at least 1".into()));
        }
        if jiff::tz::TimeZone::get(&self.time_zone).is_err() {
            return Err(ConfigError::Invalid(format!("time_zone {:?} is not a known time zone", self.time_zone)));
        }
        if let Transport::Smtp { password_env: Some(var), user: None, .. } = &self.outgoing.transport {
            return Err(ConfigError::Invalid(format!(
                "outgoing.transport.password_env {var:?} is set but user is not"
            )));
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
        if let Transport::Maildir { path } = &mut self.outgoing.transport {
            fix(path);
        }
        self
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
            reminder_hours: self.games.reminder_hours,
            on_timeout: self.games.on_timeout,
            zone: self.zone(),
            standings_mail: self.tournaments.standings_mail,
            bounces: crate::referee::bounces::BounceSettings {
                director: self.referee.director.clone(),
                unreachable_after: self.bounces.unreachable_after,
                on_unreachable: self.bounces.on_unreachable,
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
                timeout_seconds: 30
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
        assert!(games("  on_timeout: never\n").is_err());
        let remind = games("  on_timeout: remind\n").unwrap();
        assert_eq!((remind.games.on_timeout, remind.games.reminder_hours), (OnTimeout::Remind, 24));
    }

    #[test]
    fn the_bounce_settings_are_read_and_checked() {
        let config = Config::parse("referee:\n  address: r@y.org\n").unwrap();
        assert_eq!(config.bounces, Bounces { unreachable_after: 2, on_unreachable: OnUnreachable::Pause });
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
        std::fs::write(&path, "referee:\n  address: r@y.org\ndatabase: games.db\n").unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.database, dir.join("games.db"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn defaults_live_under_herald_data() {
        let config = Config::default();
        assert_eq!(config.database, Path::new("herald-data/herald.db"));
        assert_eq!(config.domain(), "herald.localhost");
    }
}
