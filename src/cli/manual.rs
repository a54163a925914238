//! herald's man pages, from the command line's own definitions: `herald(1)` and a page for
//! every command and subcommand (`herald-game(1)`, `herald-game-new(1)`, as git names its
//! pages), each with clap_mangen's NAME, SYNOPSIS, DESCRIPTION, OPTIONS and SUBCOMMANDS, and
//! herald's own EXAMPLES (the command's `--help` examples), FILES, ENVIRONMENT and SEE ALSO,
//! which names only pages that are written here or that the system has.

use std::io::Write;

/// The pages of the system a page may name in SEE ALSO, per page: what a club's volunteer
/// reaches for beside herald (the service manager and its journal; `sha256sum`, which checks
/// an opened commitment by hand). Every one is in a Debian system's base (coreutils, systemd).
const SYSTEM_PAGES: &[(&str, &[&str])] = &[
    ("herald", &["systemctl(1)", "journalctl(1)"]),
    ("herald-serve", &["systemctl(1)", "journalctl(1)"]),
    ("herald-verify", &["sha256sum(1)"]),
    ("herald-audit", &["sha256sum(1)"]),
    ("herald-demo", &["sha256sum(1)"]),
];

/// herald's pages that a page names in SEE ALSO beside herald(1), its parent and its own
/// subcommands: the commands used with it.
const RELATED: &[(&str, &[&str])] = &[
    ("herald-setup", &["herald-init", "herald-doctor"]),
    ("herald-init", &["herald-setup", "herald-serve"]),
    ("herald-serve", &["herald-ingest", "herald-doctor", "herald-status", "herald-outbox"]),
    ("herald-ingest", &["herald-serve", "herald-log"]),
    ("herald-doctor", &["herald-status", "herald-setup"]),
    ("herald-status", &["herald-doctor", "herald-outbox"]),
    ("herald-outbox", &["herald-serve", "herald-log"]),
    ("herald-log", &["herald-outbox", "herald-game-show"]),
    ("herald-verify", &["herald-audit", "herald-game-export"]),
    ("herald-audit", &["herald-verify", "herald-game-export"]),
    ("herald-game-export", &["herald-verify"]),
    ("herald-tournament", &["herald-ratings", "herald-site"]),
    ("herald-backup", &["herald-restore"]),
    ("herald-restore", &["herald-backup", "herald-doctor"]),
    ("herald-demo", &["herald-verify", "herald-variants"]),
    ("herald-variants", &["herald-perft", "herald-replay"]),
    ("herald-perft", &["herald-variants", "herald-bench"]),
    ("herald-replay", &["herald-variants", "herald-game-export"]),
];

/// A page: its name (`herald-game-new`) and its roff text.
pub struct Page {
    pub name: String,
    pub text: Vec<u8>,
}

/// Every page of `command` (built, so that each subcommand knows its full name), herald(1)
/// first. The `help` subcommands and hidden commands have none.
pub fn pages(command: &clap::Command) -> std::io::Result<Vec<Page>> {
    let mut commands = Vec::new();
    collect(command, "herald", None, &mut commands);
    let names: Vec<String> = commands.iter().map(|(name, _, _)| name.clone()).collect();
    commands
        .iter()
        .map(|(name, command, parent)| {
            let text = page(name, command, parent.as_deref(), &names)?;
            Ok(Page { name: name.clone(), text })
        })
        .collect()
}

/// The commands that get a page, with their page's name and their parent's.
fn collect(
    command: &clap::Command,
    name: &str,
    parent: Option<&str>,
    out: &mut Vec<(String, clap::Command, Option<String>)>,
) {
    out.push((name.to_string(), command.clone(), parent.map(str::to_string)));
    for sub in documented(command) {
        collect(sub, &format!("{name}-{}", sub.get_name()), Some(name), out);
    }
}

/// The subcommands of `command` that have a page.
fn documented(command: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    command.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
}

fn page(name: &str, command: &clap::Command, parent: Option<&str>, names: &[String]) -> std::io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(command.clone().version(env!("CARGO_PKG_VERSION")))
        .title(name.to_uppercase())
        .manual("herald");
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if command.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    let subcommands: Vec<&clap::Command> = documented(command).collect();
    if !subcommands.is_empty() {
        // clap_mangen's own section would name herald-help(1), which has no page.
        writeln!(out, ".SH COMMANDS")?;
        for sub in subcommands {
            writeln!(out, ".TP\n\\fB{}\\fR(1)", escape(&format!("{name}-{}", sub.get_name())))?;
            if let Some(about) = sub.get_about() {
                writeln!(out, "{}", text_line(&about.to_string()))?;
            }
        }
    }
    if let Some(examples) = command.get_after_help() {
        writeln!(out, ".SH EXAMPLES\n.RS 4\n.nf")?;
        for line in examples.to_string().lines().skip(1) {
            writeln!(out, "{}", text_line(line.strip_prefix("  ").unwrap_or(line)))?;
        }
        writeln!(out, ".fi\n.RE")?;
    }
    files(&mut out)?;
    environment(&mut out)?;
    man.render_version_section(&mut out)?;
    see_also(&mut out, name, parent, names)?;
    Ok(out)
}

/// Where herald looks for its configuration, and what it keeps where.
fn files(out: &mut Vec<u8>) -> std::io::Result<()> {
    let data = crate::config::DEFAULT_DATA_DIR;
    let entries: [(String, String); 8] = [
        (
            "./herald.yaml".into(),
            "The configuration, when neither --config nor HERALD_CONFIG names one. herald reads the file \
             --config names, else the one HERALD_CONFIG names, else ./herald.yaml, else \
             /etc/herald/herald.yaml; every command that reads or sends mail names the file it uses in a log line."
                .into(),
        ),
        (
            "/etc/herald/herald.yaml".into(),
            format!(
                "The configuration of the Debian package (mode 0640 root:herald), when none of the above is there. \
                 Without any, herald runs on its defaults under ./{data}/ and says so in a warning."
            ),
        ),
        (
            "/etc/herald/environment".into(),
            "The packaged service's environment file (mode 0640 root:herald): the mailbox's password, \
             HERALD_MAIL_PASSWORD=..., never in the configuration."
                .into(),
        ),
        (
            format!("/var/lib/herald/herald.db, ./{data}/herald.db"),
            "The database (the configuration's database; the second without one), mode 0600: every game with \
             its secrets, the reply-token key, the inbox, the outbox and the event log. Beside it herald.db.sent, \
             the journal of mails sent, and SQLite's -wal and -shm files. Keep backups (herald backup) as \
             private."
                .into(),
        ),
        (
            format!("./{data}/inbox/"),
            "The Maildir herald serve reads the referee's mail from (inbox.maildir), unless the configuration \
             reads an IMAP folder (inbox.imap) or the mail server pipes each mail into herald ingest."
                .into(),
        ),
        (
            format!("./{data}/sent/"),
            "Without a configuration: the Maildirs outgoing mail is written into (outgoing.transport kind \
             maildir), one per recipient, sent to nobody."
                .into(),
        ),
        (
            "templates/".into(),
            "The club's own wording of the mails (the configuration's templates: folder); a file missing there \
             falls back to herald's built-in one."
                .into(),
        ),
        (
            "DIR/index.html".into(),
            "The club's static site, written by herald site build DIR: every tournament and every game.".into(),
        ),
    ];
    writeln!(out, ".SH FILES")?;
    for (path, what) in entries {
        writeln!(out, ".TP\n\\fI{}\\fR\n{}", escape(&path), text_line(&what))?;
    }
    Ok(())
}

/// The environment variables herald reads.
fn environment(out: &mut Vec<u8>) -> std::io::Result<()> {
    let entries: [(&str, &str); 5] = [
        (
            "HERALD_CONFIG",
            "The configuration file, when --config is not given (the packaged service sets \
             /etc/herald/herald.yaml).",
        ),
        (
            "HERALD_LOG_FORMAT",
            "How log lines (standard error) are written, when --log-format is not given: text or json.",
        ),
        (
            "HERALD_LOG_LEVEL",
            "The least severe events logged, when --log-level is not given: error, warn, info or debug.",
        ),
        (
            "HERALD_MAIL_PASSWORD",
            "The mailbox's password, as herald setup writes the configuration: the variable that inbox.imap.password_env \
             and outgoing.transport.password_env name (any name a club chooses) is read when herald logs in.",
        ),
        ("TZ", "The time zone herald setup proposes for the club (time_zone), when it names one; UTC otherwise."),
    ];
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, what) in entries {
        writeln!(out, ".TP\n\\fB{}\\fR\n{}", escape(name), text_line(what))?;
    }
    Ok(())
}

/// SEE ALSO: herald(1), the parent's page, the subcommands' pages, the related commands',
/// then the system's.
fn see_also(out: &mut Vec<u8>, name: &str, parent: Option<&str>, names: &[String]) -> std::io::Result<()> {
    let mut herald_pages: Vec<&str> = Vec::new();
    if name != "herald" {
        herald_pages.push("herald");
    }
    herald_pages.extend(parent.filter(|p| *p != "herald"));
    let children = names.iter().filter(|n| {
        n.strip_prefix(name).and_then(|rest| rest.strip_prefix('-')).is_some_and(|rest| !rest.contains('-'))
    });
    herald_pages.extend(children.map(String::as_str));
    let related = RELATED.iter().find(|(page, _)| *page == name).map_or(&[][..], |(_, pages)| *pages);
    for page in related {
        if !herald_pages.contains(page) {
            herald_pages.push(page);
        }
    }
    let mut references: Vec<String> = herald_pages.iter().map(|page| format!("\\fB{}\\fR(1)", escape(page))).collect();
    let system = SYSTEM_PAGES.iter().find(|(page, _)| *page == name).map_or(&[][..], |(_, pages)| *pages);
    references.extend(system.iter().map(|page| {
        let (title, section) = page.split_once('(').unwrap_or((*page, ""));
        format!("\\fB{}\\fR({section}", escape(title))
    }));
    writeln!(out, ".SH \"SEE ALSO\"\n{}", references.join(",\n"))
}

/// Text for roff: a backslash and a hyphen written as roff writes them (a hyphen as `\-`, so
/// that options copy and search as typed).
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// A line of text for roff: escaped, and kept from being read as a request when it starts
/// with a period or an apostrophe.
fn text_line(text: &str) -> String {
    let escaped = escape(text);
    if escaped.starts_with(['.', '\'']) { format!("\\&{escaped}") } else { escaped }
}
