//! Looking after a club's herald: `backup`, `restore`, `doctor`, `status`, and the files a
//! package installs beside the binary (`assets`: shell completions and man pages).

use std::path::Path;

use clap::CommandFactory;

use super::Cli;
use super::referee::ConfigPath;
use crate::config::Config;
use crate::outln;
use crate::service::{backup, doctor};

fn load_config(config: ConfigPath<'_>) -> Result<Config, String> {
    Config::load_or_default(config).map_err(|e| e.to_string())
}

/// `herald backup FILE`.
pub fn backup(config: ConfigPath<'_>, file: &Path) -> Result<(), String> {
    let config = load_config(config)?;
    let checked = backup::backup(&config, file).map_err(|e| e.to_string())?;
    outln!(
        "backup of {} written to {} (mode 0600; {} game(s), schema version {}). It holds every game's secrets and \
         the reply-token key: keep it as private as the database.",
        config.database.display(),
        file.display(),
        checked.games,
        checked.schema_version
    );
    Ok(())
}

/// `herald restore FILE`.
pub fn restore(config: ConfigPath<'_>, file: &Path) -> Result<(), String> {
    let config = load_config(config)?;
    let checked = backup::restore(&config, file).map_err(|e| e.to_string())?;
    outln!(
        "restored {} as {}: integrity checked, schema version {}, {} game(s). Start herald again (systemctl \
         start herald); `herald doctor` checks the rest.",
        file.display(),
        config.database.display(),
        checked.schema_version,
        checked.games
    );
    Ok(())
}

/// `herald doctor`: every check, each problem with what to do; an error (exit status 1)
/// unless all is well.
pub fn doctor(config: ConfigPath<'_>) -> Result<(), String> {
    let findings = doctor::doctor(config, jiff::Timestamp::now());
    print_findings(&findings, "");
    match findings.iter().filter(|f| f.is_problem()).count() {
        0 => {
            outln!("all is well");
            Ok(())
        }
        n => Err(format!("doctor: {n} problem(s) found")),
    }
}

/// The doctor's findings, one line each (a problem with what to do on the next), each line
/// after `indent`.
pub(super) fn print_findings(findings: &[doctor::Finding], indent: &str) {
    for finding in findings {
        match &finding.todo {
            None => outln!("{indent}ok       {}", finding.found),
            Some(todo) => {
                outln!("{indent}PROBLEM  {}", finding.found);
                outln!("{indent}         what to do: {todo}");
            }
        }
    }
}

/// `herald status`: what the club's herald has in hand.
pub fn status(config: ConfigPath<'_>, json: bool) -> Result<(), String> {
    let config = load_config(config)?;
    let (health, inbox) = doctor::status(&config).map_err(|e| e.to_string())?;
    if json {
        let counts = serde_json::json!({
            "games_in_play": health.games_in_play,
            "games_finished": health.games_finished,
            "inbox_waiting": inbox,
            "mails_waiting": health.mails_waiting,
            "oldest_waiting": health.oldest_waiting.map(|at| at.to_string()),
            "dead_letters": health.dead_letters,
            "last_pass": health.last_pass.map(|at| at.to_string()),
        });
        outln!("{}", serde_json::to_string_pretty(&counts).map_err(|e| e.to_string())?);
        return Ok(());
    }
    outln!("games in play: {}", health.games_in_play);
    outln!("games finished: {}", health.games_finished);
    if let Some(waiting) = inbox {
        outln!("mails waiting in the inbox: {waiting}");
    }
    match health.oldest_waiting {
        Some(oldest) => outln!("mails waiting to be sent: {} (the oldest since {oldest})", health.mails_waiting),
        None => outln!("mails waiting to be sent: 0"),
    }
    outln!("dead letters: {}", health.dead_letters);
    match health.last_pass {
        Some(at) => outln!("last pass: {at}"),
        None => outln!("last pass: none yet"),
    }
    Ok(())
}

/// `herald assets DIR`: the shell completions (bash, zsh, fish) and the man pages (one for
/// herald, one per command and subcommand: [`super::manual`]), generated from the command line's own definitions, for a
/// package to install.
pub fn assets(dir: &Path) -> Result<(), String> {
    let io = |what: &Path| {
        let what = what.display().to_string();
        move |e: std::io::Error| format!("writing {what}: {e}")
    };
    let completions = dir.join("completions");
    let man = dir.join("man");
    for path in [&completions, &man] {
        std::fs::create_dir_all(path).map_err(io(path))?;
    }
    let mut command = Cli::command();
    for (shell, name) in [
        (clap_complete::Shell::Bash, "herald"),
        (clap_complete::Shell::Zsh, "_herald"),
        (clap_complete::Shell::Fish, "herald.fish"),
    ] {
        let path = completions.join(name);
        let mut file = std::fs::File::create(&path).map_err(io(&path))?;
        clap_complete::generate(shell, &mut command, "herald", &mut file);
    }
    // Built, so that each command knows its full name (`herald game new`) for its synopsis.
    command.build();
    for page in super::manual::pages(&command).map_err(io(&man))? {
        let path = man.join(format!("{}.1", page.name));
        std::fs::write(&path, page.text).map_err(io(&path))?;
    }
    outln!("completions in {}, man pages in {}", completions.display(), man.display());
    Ok(())
}
