//! `herald setup`: a club's first run. It asks (on a terminal) or takes by flags (for scripts)
//! the club's name and address and where its mail lives, writes a commented `herald.yaml`
//! that herald's own reader accepts, makes the database and folders with the modes they need
//! (as `herald init`), and ends with `herald doctor`'s findings, which say what is left to do
//! (a password in an environment variable, say).

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::config::Config;
use crate::outln;
use crate::service::{Service, doctor};

/// `herald setup`.
#[derive(Args, Debug)]
pub struct SetupArgs {
    /// The folder to set the club up in: herald.yaml and herald-data/ are made there.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// The club's name, as the referee's mails are signed ("Riverside Chess Club").
    #[arg(long)]
    club: Option<String>,
    /// The referee's mail address, which players reply to.
    #[arg(long)]
    address: Option<String>,
    /// Where the club's mail lives.
    #[arg(long, value_enum)]
    provider: Option<Provider>,
    /// The IMAP server (with --provider imap).
    #[arg(long)]
    imap_host: Option<String>,
    /// The SMTP submission server (with --provider imap).
    #[arg(long)]
    smtp_host: Option<String>,
    /// The command that prints an OAuth 2.0 access token (Gmail, Microsoft 365).
    #[arg(long)]
    token_command: Option<String>,
    /// The name the provider writes first in Authentication-Results (a received mail's source
    /// shows it; Gmail's is mx.google.com); "none" leaves it for later.
    #[arg(long)]
    authserv_id: Option<String>,
}

/// Where a club's mail lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Provider {
    /// Gmail or Google Workspace (IMAP and SMTP with OAuth 2.0).
    Gmail,
    /// Microsoft 365 or Outlook.com (IMAP and SMTP with OAuth 2.0).
    Microsoft365,
    /// Fastmail (IMAP and SMTP with an app password).
    Fastmail,
    /// Another provider's or host's IMAP and SMTP servers, with a password.
    Imap,
    /// The club's own Postfix on this machine: it delivers into a Maildir herald reads.
    Postfix,
}

impl Provider {
    const MENU: [(Provider, &'static str); 5] = [
        (Provider::Gmail, "Gmail / Google Workspace"),
        (Provider::Microsoft365, "Microsoft 365 / Outlook.com"),
        (Provider::Fastmail, "Fastmail"),
        (Provider::Imap, "another IMAP and SMTP host (a web host's mail, say)"),
        (Provider::Postfix, "the club's own Postfix on this machine"),
    ];
}

/// The environment variable the written configuration names for the mailbox's password.
const PASSWORD_VAR: &str = "HERALD_MAIL_PASSWORD";

/// Asks on the terminal for what the flags did not give; without a terminal, a missing value
/// is an error naming its flag.
struct Asker<R> {
    input: R,
    interactive: bool,
}

impl<R: BufRead> Asker<R> {
    /// `given`, or the answer to `question` (`default` on an empty answer).
    fn ask(
        &mut self,
        given: Option<String>,
        flag: &str,
        question: &str,
        default: Option<&str>,
    ) -> Result<String, String> {
        if let Some(value) = given {
            return Ok(value);
        }
        if !self.interactive {
            return default
                .map(str::to_string)
                .ok_or_else(|| format!("herald setup: --{flag} is needed (or run it on a terminal)"));
        }
        loop {
            match default {
                Some(default) if !default.is_empty() => crate::out!("{question} [{default}]: "),
                _ => crate::out!("{question}: "),
            }
            std::io::stdout().flush().map_err(|e| e.to_string())?;
            let mut line = String::new();
            if self.input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("herald setup: the input ended before every question was answered".into());
            }
            let answer = line.trim();
            match (answer.is_empty(), default) {
                (false, _) => return Ok(answer.to_string()),
                (true, Some(default)) => return Ok(default.to_string()),
                (true, None) => outln!("  (an answer is needed)"),
            }
        }
    }
}

/// `herald setup`.
pub fn run(args: SetupArgs) -> Result<(), String> {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    run_with(args, Asker { input: stdin.lock(), interactive })
}

fn run_with<R: BufRead>(args: SetupArgs, mut asker: Asker<R>) -> Result<(), String> {
    let file = args.dir.join("herald.yaml");
    if file.exists() {
        return Err(format!("{} exists: herald setup never writes over a configuration", file.display()));
    }
    if asker.interactive {
        outln!("herald setup: a few questions, then {} is written and checked.", file.display());
    }
    let club = asker.ask(args.club.clone(), "club", "The club's name, as the referee's mails are signed", None)?;
    let address = loop {
        let answer =
            asker.ask(args.address.clone(), "address", "The referee's mail address (players reply to it)", None)?;
        match crate::referee::records::Player::parse(&answer) {
            Ok(player) if player.name.is_none() && !answer.contains('+') => break player.email,
            _ if asker.interactive && args.address.is_none() => {
                outln!("  (a plain address such as referee@club.org, without '+', is needed)")
            }
            _ => return Err(format!("herald setup: {answer:?} is not a plain mail address without '+'")),
        }
    };
    let provider = match args.provider {
        Some(provider) => provider,
        None if !asker.interactive => return Err("herald setup: --provider is needed (or run it on a terminal)".into()),
        None => {
            outln!("Where does the club's mail live?");
            for (i, (_, what)) in Provider::MENU.iter().enumerate() {
                outln!("  {}. {what}", i + 1);
            }
            loop {
                let answer = asker.ask(None, "provider", "Number", None)?;
                match answer.parse::<usize>().ok().and_then(|n| Provider::MENU.get(n.wrapping_sub(1))) {
                    Some((provider, _)) => break *provider,
                    None => outln!("  (a number from 1 to {})", Provider::MENU.len()),
                }
            }
        }
    };
    let mail = mail_section(provider, &address, &args, &mut asker)?;
    let yaml = configuration(&club, &address, &mail);
    // Never a file herald itself would refuse.
    Config::parse(&yaml)
        .map_err(|e| format!("herald setup: the configuration made is refused ({e}); nothing was written"))?;
    std::fs::create_dir_all(&args.dir).map_err(|e| format!("making {}: {e}", args.dir.display()))?;
    write_new(&file, &yaml)?;
    let config = Config::load(&file).map_err(|e| e.to_string())?;
    // The data folder for herald's user alone: the database holds every game's secrets.
    let data = args.dir.join(crate::config::DEFAULT_DATA_DIR);
    std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
        .create(&data)
        .map_err(|e| format!("making {}: {e}", data.display()))?;
    let database = Service::init(&config).map_err(|e| e.to_string())?;
    outln!("wrote {} and made the database {}", file.display(), database.display());
    if mail.password {
        outln!(
            "the mailbox's password goes in the environment variable {PASSWORD_VAR}, never in the file: \
             export {PASSWORD_VAR}=... (for the service: /etc/herald/environment)"
        );
    }
    outln!("herald doctor says:");
    let absolute = std::path::absolute(&file).unwrap_or(file.clone());
    super::ops::print_findings(&doctor::doctor(Some(&absolute), jiff::Timestamp::now()), "  ");
    outln!("then: herald serve (README \"Running a club\")");
    Ok(())
}

/// The inbox and transport of a provider, as YAML, and whether they need a password.
struct MailSection {
    inbox: String,
    outgoing: String,
    authentication: String,
    password: bool,
}

fn mail_section<R: BufRead>(
    provider: Provider,
    address: &str,
    args: &SetupArgs,
    asker: &mut Asker<R>,
) -> Result<MailSection, String> {
    let token = |asker: &mut Asker<R>| {
        asker.ask(
            args.token_command.clone(),
            "token-command",
            "The command that prints an OAuth 2.0 access token for the mailbox (e.g. oama access ADDRESS)",
            None,
        )
    };
    let (imap, smtp, login) = match provider {
        Provider::Postfix => {
            let authserv = asker.ask(
                args.authserv_id.clone(),
                "authserv-id",
                "The AuthservID your OpenDKIM writes in Authentication-Results (\"none\": later)",
                Some("none"),
            )?;
            return Ok(MailSection {
                inbox: "  # Postfix delivers the referee's mail into this Maildir (README \"With the club's own mail\n  \
                        # server\"); herald serve reads it.\n  maildir: herald-data/Maildir\n"
                    .into(),
                outgoing: "  transport:\n    # The local Postfix, which signs and sends.\n    kind: smtp\n    host: 127.0.0.1\n    \
                           port: 25\n    tls: none\n"
                    .into(),
                authentication: authentication(&authserv),
                password: false,
            });
        }
        Provider::Gmail => (
            ("imap.gmail.com".to_string(), "tls"),
            ("smtp.gmail.com".to_string(), "tls", 465),
            Login::Token(token(asker)?),
        ),
        Provider::Microsoft365 => (
            ("outlook.office365.com".to_string(), "tls"),
            ("smtp.office365.com".to_string(), "starttls", 587),
            Login::Token(token(asker)?),
        ),
        Provider::Fastmail => {
            (("imap.fastmail.com".to_string(), "tls"), ("smtp.fastmail.com".to_string(), "tls", 465), Login::Password)
        }
        Provider::Imap => {
            let imap = asker.ask(args.imap_host.clone(), "imap-host", "The IMAP server's host name", None)?;
            let smtp =
                asker.ask(args.smtp_host.clone(), "smtp-host", "The SMTP submission server's host name", None)?;
            ((imap, "tls"), (smtp, "starttls", 587), Login::Password)
        }
    };
    let default_authserv = if provider == Provider::Gmail { "mx.google.com" } else { "none" };
    let authserv = asker.ask(
        args.authserv_id.clone(),
        "authserv-id",
        "The name at the start of Authentication-Results in a mail the mailbox received (\"none\": later)",
        Some(default_authserv),
    )?;
    let credentials = match &login {
        Login::Password => format!("auth: password\n    password_env: {PASSWORD_VAR}\n"),
        Login::Token(command) => format!("auth: xoauth2\n    token_command: {}\n", yaml_string(command)),
    };
    Ok(MailSection {
        inbox: format!(
            "  # The provider's mailbox over IMAP; handled mail is moved to Processed.\n  imap:\n    host: {}\n    \
             tls: {}\n    user: {address}\n    {credentials}    done_folder: Processed\n",
            imap.0, imap.1
        ),
        outgoing: format!(
            "  transport:\n    # The provider's submission server.\n    kind: smtp\n    host: {}\n    port: {}\n    \
             tls: {}\n    user: {address}\n    {credentials}",
            smtp.0, smtp.2, smtp.1
        ),
        authentication: authentication(&authserv),
        password: matches!(login, Login::Password),
    })
}

enum Login {
    Password,
    Token(String),
}

/// `inbox.authentication`: with an authserv-id, a move counts only with the provider's DKIM
/// or SPF pass; without, a commented line says what to set later.
fn authentication(authserv: &str) -> String {
    if authserv.eq_ignore_ascii_case("none") {
        "  # Set trusted_authserv_id (and require: dkim-or-spf) as soon as you know it: until then a\n  \
         # mail counts as a player's by its reply token and From address alone (README \"Authenticated\n  \
         # senders\").\n  authentication: {}\n"
            .into()
    } else {
        format!(
            "  # A move counts only when this server verified the player's DKIM signature or SPF.\n  authentication:\n    \
             trusted_authserv_id: {}\n    require: dkim-or-spf\n",
            yaml_string(authserv)
        )
    }
}

/// The whole file, commented.
fn configuration(club: &str, address: &str, mail: &MailSection) -> String {
    format!(
        "# herald's configuration, written by herald setup. config.example.yaml (in herald's source and\n\
         # /usr/share/doc/herald/examples/) explains every key; relative paths are read from this\n\
         # file's folder. Check it with herald doctor.\n\
         referee:\n  address: {address}\n  name: {}\n\
         database: herald-data/herald.db\n\
         inbox:\n{}{}\
         outgoing:\n{}\
         # The time zone of the dates players read.\n\
         time_zone: {}\n",
        yaml_string(club),
        mail.inbox,
        mail.authentication,
        mail.outgoing,
        std::env::var("TZ").ok().filter(|tz| jiff::tz::TimeZone::get(tz).is_ok()).unwrap_or_else(|| "UTC".into()),
    )
}

/// `text` as a YAML double-quoted string.
fn yaml_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into())
}

/// Writes `text` to `path`, which must not exist, readable by its owner and group only.
fn write_new(path: &Path, text: &str) -> Result<(), String> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o640)
        .open(path)
        .map_err(|e| format!("writing {}: {e}", path.display()))?;
    file.write_all(text.as_bytes()).map_err(|e| format!("writing {}: {e}", path.display()))
}
