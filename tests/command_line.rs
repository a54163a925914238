//! The command line as a volunteer meets it: every command's `--help` ends with examples that
//! herald's own parser accepts; the man pages have FILES, ENVIRONMENT, EXAMPLES and a SEE ALSO
//! that names only pages that exist; the shell completions offer every variant id; and the
//! `--json` of the show and list commands says what their text says.

use crate::support;

use std::path::Path;
use std::process::Command;

use clap::{CommandFactory, Parser};
use support::table::Table;
use support::tempdir::TempDir;

/// `text` split into words as a POSIX shell splits a simple command: single and double quotes
/// (a backslash escapes in double quotes), `$(...)` kept whole; the words end at an unquoted
/// redirection (`<`, `>`), which is the shell's, not the command's.
fn shell_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(c),
                    }
                }
            }
            '$' if chars.peek() == Some(&'(') => {
                in_word = true;
                word.push(c);
                let mut depth = 0;
                for c in chars.by_ref() {
                    word.push(c);
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 1 => break,
                        ')' => depth -= 1,
                        _ => {}
                    }
                }
            }
            '<' | '>' if !in_word => break,
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The commands of an "Examples:" section: each `$ ` line with its `\` continuations, split at
/// unquoted pipes into the commands of the pipeline.
fn example_commands(examples: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut lines = examples.lines().skip(1).map(str::trim);
    while let Some(line) = lines.next() {
        let Some(mut command) = line.strip_prefix("$ ").map(str::to_string) else {
            assert!(line.starts_with("# "), "an example line is a `$ ` command or a `# ` comment: {line:?}");
            continue;
        };
        while command.ends_with('\\') {
            command.pop();
            command.push(' ');
            command.push_str(lines.next().expect("a continued line"));
        }
        // A pipe outside quotes splits the pipeline (the examples quote their pipes in jq's
        // filter only).
        let mut quoted = None;
        let mut start = 0;
        for (i, c) in command.char_indices() {
            match (quoted, c) {
                (None, '\'' | '"') => quoted = Some(c),
                (Some(q), c) if c == q => quoted = None,
                (None, '|') => {
                    commands.push(command[start..i].trim().to_string());
                    start = i + 1;
                }
                _ => {}
            }
        }
        commands.push(command[start..].trim().to_string());
    }
    commands
}

/// Every command of `command`'s tree but clap's own `help`, with its path (`["game", "new"]`).
fn every_command(command: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, clap::Command)>) {
    out.push((path.clone(), command.clone()));
    for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
        let mut path = path.clone();
        path.push(sub.get_name().to_string());
        every_command(sub, path, out);
    }
}

#[test]
fn every_command_has_examples_that_herald_itself_parses() {
    let mut cli = herald::cli::Cli::command();
    cli.build();
    let mut commands = Vec::new();
    every_command(&cli, Vec::new(), &mut commands);
    assert!(commands.len() > 40, "{}", commands.len());
    for (path, command) in &commands {
        let name = format!("herald {}", path.join(" "));
        let help = command.clone().render_help().to_string();
        let examples = help.split_once("\nExamples:\n").map(|(_, after)| format!("Examples:\n{after}"));
        let examples = examples.unwrap_or_else(|| panic!("{name} --help has no examples:\n{help}"));
        let mut own = 0;
        for example in example_commands(&examples) {
            let words = shell_words(&example);
            if words.first().map(String::as_str) != Some("herald") {
                continue;
            }
            if let Err(e) = herald::cli::Cli::try_parse_from(&words) {
                panic!("{name}: the example `{example}` does not parse ({words:?}):\n{e}");
            }
            if words[1..].iter().take(path.len()).eq(path.iter()) {
                own += 1;
            }
        }
        assert!(own > 0, "{name} has no example of itself:\n{examples}");
    }
}

/// The shell splitting the example test relies on.
#[test]
fn example_lines_are_split_as_a_shell_splits_them() {
    assert_eq!(
        shell_words(r#"herald game new --white "Ann Smith <ann@x.org>" --black 'b@x' < in.eml"#),
        ["herald", "game", "new", "--white", "Ann Smith <ann@x.org>", "--black", "b@x"]
    );
    assert_eq!(shell_words("herald backup /b/herald-$(date +%F).db"), ["herald", "backup", "/b/herald-$(date +%F).db"]);
    let commands =
        example_commands("Examples:\n  # all\n  $ herald game list --json | jq '.[] | .id'\n  $ herald a \\\n    b");
    assert_eq!(commands, ["herald game list --json", "jq '.[] | .id'", "herald a  b"]);
}

/// Runs `herald assets` into a fresh folder; the folder.
fn assets() -> TempDir {
    let dir = TempDir::new("herald-assets").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_herald")).arg("assets").arg(dir.path()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// The variant ids README lists under "## Variants" (each bullet's backquoted ids before its
/// first colon).
fn readme_variant_ids() -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("\n## Variants\n").nth(1).unwrap().split("\n## ").next().unwrap();
    let mut ids = Vec::new();
    let mut bullet: Option<String> = None;
    for line in section.lines().chain(["- end"]) {
        if line.starts_with("- ") {
            if let Some(text) = bullet.take() {
                let head = text.split("`:").next().unwrap();
                for (i, part) in head.split('`').enumerate() {
                    let id_like =
                        part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '+');
                    if i % 2 == 1 && id_like && !part.starts_with('-') {
                        ids.push(part.to_string());
                    }
                }
            }
            bullet = Some(line.to_string());
        } else if let Some(text) = bullet.as_mut().filter(|_| line.starts_with("  ")) {
            text.push(' ');
            text.push_str(line.trim());
        } else {
            bullet = None;
        }
    }
    ids
}

#[test]
fn the_shell_completions_offer_every_variant_id_wherever_a_variant_is_taken() {
    let ids: Vec<&str> = herald::variants::all().iter().map(|v| v.id()).collect();
    assert_eq!(ids.len(), 18, "{ids:?}");
    let mut listed = readme_variant_ids();
    listed.sort();
    let mut registry: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    registry.sort();
    assert_eq!(listed, registry, "README's variants and the registry's");

    let dir = assets();
    let bash = std::fs::read_to_string(dir.path().join("completions/herald")).unwrap();
    // Each command that takes --variant offers the ids after it: game new, tournament new,
    // tournament import, ratings, demo, perft, replay.
    let offered = format!("compgen -W \"{}\"", ids.join(" "));
    assert_eq!(bash.matches(&offered).count(), 7, "{offered}\n{bash}");
    for (shell, file) in [("zsh", "_herald"), ("fish", "herald.fish")] {
        let script = std::fs::read_to_string(dir.path().join("completions").join(file)).unwrap();
        for id in &ids {
            assert!(script.contains(id), "{shell} completion lacks {id}");
        }
    }
}

/// A man page's sections, by their `.SH` titles, each with its text.
fn sections(page: &str) -> Vec<(String, String)> {
    page.split("\n.SH ")
        .skip(1)
        .map(|section| {
            let (title, body) = section.split_once('\n').unwrap_or((section, ""));
            (title.trim_matches('"').to_string(), body.to_string())
        })
        .collect()
}

/// The pages a page's text names: `\fBname\fR(section)`, hyphens unescaped.
fn references(text: &str) -> Vec<(String, String)> {
    text.split("\\fB")
        .skip(1)
        .filter_map(|part| {
            let (name, rest) = part.split_once("\\fR(")?;
            let (section, _) = rest.split_once(')')?;
            Some((name.replace("\\-", "-"), section.to_string()))
        })
        .collect()
}

#[test]
fn the_man_pages_have_files_environment_examples_and_see_also_only_pages_that_exist() {
    let dir = assets();
    let man = dir.path().join("man");
    let written: Vec<String> = std::fs::read_dir(&man)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".1").to_string())
        .collect();
    for page in ["herald", "herald-serve", "herald-game", "herald-game-new", "herald-tournament-pair", "herald-demo"] {
        assert!(written.iter().any(|w| w == page), "{page} is not written: {written:?}");
    }
    // Every variable a flag reads names itself in ENVIRONMENT, beside those herald reads by
    // the configuration's word (the mailbox's password) and setup's TZ.
    let mut variables = vec!["HERALD_MAIL_PASSWORD".to_string(), "TZ".to_string()];
    let mut commands = Vec::new();
    every_command(&herald::cli::Cli::command(), Vec::new(), &mut commands);
    for (_, command) in &commands {
        for arg in command.get_arguments() {
            if let Some(env) = arg.get_env() {
                variables.push(env.to_string_lossy().into_owned());
            }
        }
    }
    assert!(variables.iter().any(|v| v == "HERALD_CONFIG"), "{variables:?}");
    let man_available = Command::new("man").arg("--version").output().is_ok_and(|o| o.status.success());
    for name in &written {
        let page = std::fs::read_to_string(man.join(format!("{name}.1"))).unwrap();
        let sections = sections(&page);
        let section = |title: &str| {
            sections
                .iter()
                .find(|(t, _)| t == title)
                .map(|(_, body)| body.as_str())
                .unwrap_or_else(|| panic!("{name}(1) has no {title}:\n{page}"))
        };
        let files = section("FILES").replace("\\-", "-");
        let search = files.split_once("herald reads the file").map(|(_, search)| search).unwrap_or_default();
        let order: Vec<usize> = ["--config", "HERALD_CONFIG", "./herald.yaml", "/etc/herald/herald.yaml"]
            .iter()
            .map(|searched| search.find(searched).unwrap_or_else(|| panic!("{name}(1) FILES lacks {searched}")))
            .collect();
        assert!(order.is_sorted(), "{name}(1): the search order as herald searches: {files}");
        for kept in ["herald.db", "Maildir", "templates", "herald site build"] {
            assert!(files.contains(kept), "{name}(1) FILES lacks {kept}: {files}");
        }
        let environment = section("ENVIRONMENT").replace("\\-", "-");
        for variable in &variables {
            assert!(environment.contains(variable.as_str()), "{name}(1) ENVIRONMENT lacks {variable}");
        }
        assert!(section("EXAMPLES").contains("$ herald"), "{name}(1) EXAMPLES: {}", section("EXAMPLES"));
        // Every page named, in SEE ALSO and in the list of commands, is written here or is the
        // system's.
        let mut named = references(section("SEE ALSO"));
        assert!(!named.is_empty(), "{name}(1) SEE ALSO is empty");
        if name != "herald" {
            assert!(named.iter().any(|(n, _)| n == "herald"), "{name}(1) SEE ALSO lacks herald(1)");
        }
        if let Some((_, commands)) = sections.iter().find(|(t, _)| t == "COMMANDS") {
            named.extend(references(commands));
        }
        for (page, number) in named {
            if page.starts_with("herald") {
                assert!(
                    written.contains(&page) && number == "1",
                    "{name}(1) names {page}({number}), which is not written"
                );
            } else if man_available {
                let found = Command::new("man").args(["-w", &format!("{page}.{number}")]).output().unwrap();
                assert!(found.status.success(), "{name}(1) names {page}({number}), which this system has not");
            }
        }
    }
    // As man shows it: the sections in order, the examples as typed.
    if man_available {
        let shown = Command::new("man")
            .arg("-l")
            .arg(man.join("herald-game-new.1"))
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "0")
            .env("PAGER", "cat")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&shown.stdout).replace(['\u{2010}', '\u{2212}'], "-");
        let plain: String = strip_overstrike(&text);
        let at = |title: &str| plain.find(&format!("\n{title}\n")).unwrap_or_else(|| panic!("{title}:\n{plain}"));
        assert!(at("EXAMPLES") < at("FILES") && at("FILES") < at("ENVIRONMENT") && at("ENVIRONMENT") < at("SEE ALSO"));
        assert!(plain.contains("$ herald game new --white ann@example.org --black bob@example.org"), "{plain}");
    }
}

/// Text as `man` prints it to a pipe, without its bold and underline (a character, a
/// backspace, the character again).
fn strip_overstrike(text: &str) -> String {
    let mut out: Vec<char> = Vec::new();
    for c in text.chars() {
        if c == '\u{8}' {
            out.pop();
            continue;
        }
        out.push(c);
    }
    out.into_iter().collect()
}

/// What `herald ARGS` prints for the club of `config`.
fn herald(config: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_herald")).arg("--config").arg(config).args(args).output().unwrap();
    assert!(out.status.success(), "herald {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The text's line that starts with `prefix`, without it.
fn line_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines().find_map(|line| line.strip_prefix(prefix))
}

/// `game show --json` against the text, for one way of showing the game.
fn same_facts(config: &Path, args: &[&str]) -> serde_json::Value {
    let text = herald(config, args);
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let json: serde_json::Value = serde_json::from_str(&herald(config, &json_args)).unwrap();
    let heading = format!(
        "Game #{}: {} ({})",
        json["id"],
        json["variant_name"].as_str().unwrap(),
        json["variant"].as_str().unwrap()
    );
    assert_eq!(text.lines().next(), Some(heading.as_str()), "{text}\n{json}");
    for side in ["white", "black"] {
        let name = json[side]["name"].as_str().unwrap();
        let title = if side == "white" { "White: " } else { "Black: " };
        assert_eq!(line_after(&text, title), Some(name), "{text}");
    }
    assert!(text.contains(json["board"].as_str().unwrap()), "the board:\n{text}\n{json}");
    let mut moves = String::new();
    for m in json["moves"].as_array().unwrap() {
        let white = m["color"] == "white";
        if white {
            moves.push_str(&format!(
                "{}{}. {}",
                if moves.is_empty() { "" } else { " " },
                m["number"],
                m["move"].as_str().unwrap()
            ));
        } else if moves.is_empty() {
            moves.push_str(&format!("{}... {}", m["number"], m["move"].as_str().unwrap()));
        } else {
            moves.push_str(&format!(" {}", m["move"].as_str().unwrap()));
        }
    }
    assert_eq!(line_after(&text, "Moves: ").map(str::trim_end), Some(moves.as_str()), "{text}");
    match json["result"].as_object() {
        Some(result) => assert_eq!(
            line_after(&text, "Result: "),
            Some(format!("{} ({})", result["score"].as_str().unwrap(), result["reason"].as_str().unwrap()).as_str())
        ),
        None => {
            let to_move = if json["to_move"] == "white" { "White to move" } else { "Black to move" };
            assert!(text.lines().any(|l| l == to_move), "{to_move}: {text}");
        }
    }
    assert_eq!(line_after(&text, "Time control: "), json["time_control"].as_str());
    assert_eq!(line_after(&text, "FEN: "), json["fen"].as_str(), "the FEN only where the text shows it");
    assert_eq!(text.contains("This game keeps secrets"), json["sealed"] == true, "{text}");
    for notice in json["notices"].as_array().unwrap() {
        assert!(text.contains(notice.as_str().unwrap()), "{notice}: {text}");
    }
    json
}

#[test]
fn game_show_json_says_what_the_text_says_and_keeps_the_same_secrets() {
    let mut table = Table::new("show-json");
    let config = table.write_config();
    let id = table.new_game("crown");
    table.reply("alice@players.test", "crown king");
    table.reply("bob@players.test", "crown queen");
    for (who, text) in [("alice@players.test", "e4"), ("bob@players.test", "d5"), ("alice@players.test", "exd5")] {
        table.reply(who, text);
    }
    let id = id.to_string();
    let public = same_facts(&config, &["game", "show", &id]);
    assert_eq!((public["shown_as"].as_str(), public["sealed"].as_bool()), (Some("public"), Some(true)));
    assert_eq!(public["to_move"], "black");
    assert_eq!(public["moves"].as_array().unwrap().len(), 3);
    let sealed = serde_json::to_string(&public).unwrap();
    assert!(!sealed.contains("king") && !sealed.contains("queen"), "no crown named while sealed: {sealed}");
    let white = same_facts(&config, &["game", "show", &id, "--as", "white"]);
    assert_eq!(white["shown_as"], "white");
    let revealed = same_facts(&config, &["game", "show", &id, "--reveal"]);
    assert_eq!(revealed["shown_as"], "everyone");
    assert!(revealed["fen"].as_str().is_some_and(|fen| fen.starts_with("rnbqkbnr/ppp1pppp/8/3P4/")), "{revealed}");

    table.reply("bob@players.test", "resign");
    let over = same_facts(&config, &["game", "show", &id]);
    assert_eq!(over["result"]["score"], "1-0");
    assert_eq!(over["to_move"], serde_json::Value::Null);
}

#[test]
fn tournament_show_and_list_json_say_what_the_text_says() {
    let table = Table::new("tournament-json");
    let config = table.write_config();
    let players = "Ann <ann@players.test>,Ben <ben@players.test>,Cy <cy@players.test>";
    let id = herald(&config, &["tournament", "new", "--name", "Cup", "--system", "round-robin", "--players", players]);
    let id = id.trim();
    herald(&config, &["tournament", "start", id]);
    let text = herald(&config, &["tournament", "show", id]);
    let json: serde_json::Value =
        serde_json::from_str(&herald(&config, &["tournament", "show", id, "--json"])).unwrap();
    assert_eq!(text.lines().next(), Some(format!("Tournament #{id}: {}", json["name"].as_str().unwrap()).as_str()));
    assert!(
        text.contains(&format!(
            "Variant: {}   System: {}   Rounds: {}   Status: {}",
            json["variant"].as_str().unwrap(),
            json["system"].as_str().unwrap(),
            json["rounds"],
            json["status"].as_str().unwrap()
        )),
        "{text}\n{json}"
    );
    assert_eq!(line_after(&text, "Time control: "), json["time_control"].as_str());
    let entrants = json["entrants"].as_array().unwrap();
    assert_eq!(entrants.len(), 3);
    for e in entrants {
        let number = e["number"].as_u64().unwrap();
        let line = format!("{number:>3}  {} <{}>", e["name"].as_str().unwrap(), e["email"].as_str().unwrap());
        assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
    }
    // Each round: its boards in the text's order, each with its game, the bye with none.
    let rounds = json["paired_rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "a round robin of three is paired at its start: {json}");
    let name = |number: &serde_json::Value| {
        entrants.iter().find(|e| e["number"] == *number).map(|e| e["name"].as_str().unwrap().to_string()).unwrap()
    };
    for round in rounds {
        let round_text = text.split(&format!("Round {}\n", round["round"])).nth(1).unwrap();
        let lines: Vec<&str> = round_text.lines().take_while(|l| !l.is_empty()).collect();
        let boards = round["boards"].as_array().unwrap();
        assert_eq!(lines.len(), boards.len(), "{text}");
        for (line, board) in lines.iter().zip(boards) {
            assert!(line.trim_start().starts_with(&board["board"].to_string()), "{line}");
            assert!(line.contains(&name(&board["white"])), "{line} {board}");
            if board["bye"] == true {
                assert!(line.contains("bye") && board["game"].is_null() && board["black"].is_null(), "{line} {board}");
            } else {
                assert!(line.contains(&name(&board["black"])), "{line} {board}");
                assert!(line.ends_with(&format!("game #{}", board["game"])), "{line} {board}");
            }
        }
        assert!(boards.iter().any(|b| b["bye"] == true), "three players: a bye in every round");
    }

    let list: serde_json::Value = serde_json::from_str(&herald(&config, &["tournament", "list", "--json"])).unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    for key in ["id", "name", "variant", "system", "rounds", "status", "tiebreaks", "rated"] {
        assert_eq!(list[0][key], json[key], "{key}");
    }
    let listed = herald(&config, &["tournament", "list"]);
    assert!(listed.starts_with(&format!("#{id}")) && listed.contains("Cup") && listed.contains("running"), "{listed}");
}

#[test]
fn variants_status_and_ratings_json_say_what_the_text_says() {
    let table = Table::new("small-json");
    let config = table.write_config();
    let text = herald(&config, &["variants"]);
    let json: serde_json::Value = serde_json::from_str(&herald(&config, &["variants", "--json"])).unwrap();
    let listed = json.as_array().unwrap();
    assert_eq!(listed.len(), text.lines().count());
    for (line, variant) in text.lines().zip(listed) {
        let (id, summary) = line.split_once(' ').unwrap();
        assert_eq!((id, summary.trim_start()), (variant["id"].as_str().unwrap(), variant["summary"].as_str().unwrap()));
    }

    // A tournament game ended by the director: its players are rated.
    let players = "Ann <ann@players.test>,Ben <ben@players.test>";
    let id = herald(&config, &["tournament", "new", "--name", "Duel", "--system", "round-robin", "--players", players]);
    herald(&config, &["tournament", "start", id.trim()]);
    let games: serde_json::Value = serde_json::from_str(&herald(&config, &["game", "list", "--json"])).unwrap();
    let game = games[0]["id"].to_string();
    herald(&config, &["tournament", "adjudicate", &game, "1-0"]);
    let text = herald(&config, &["ratings"]);
    let json: serde_json::Value = serde_json::from_str(&herald(&config, &["ratings", "--json"])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!((rows.len(), text.lines().count()), (2, 2), "{text}\n{json}");
    for (line, row) in text.lines().zip(rows) {
        let mark = if row["provisional"] == true { "?" } else { " " };
        let rating = format!("{:>6.0}{mark}", row["rating"].as_f64().unwrap());
        assert!(line.starts_with(&format!("{:<12} {rating}", row["variant"].as_str().unwrap())), "{line} / {row}");
        assert!(line.contains(&format!("±{:.0}", row["deviation"].as_f64().unwrap())), "{line} / {row}");
        assert!(
            line.ends_with(&format!("{} <{}>", row["name"].as_str().unwrap(), row["email"].as_str().unwrap())),
            "{line}"
        );
    }

    let text = herald(&config, &["status"]);
    let json: serde_json::Value = serde_json::from_str(&herald(&config, &["status", "--json"])).unwrap();
    assert_eq!(line_after(&text, "games in play: "), Some(json["games_in_play"].to_string().as_str()), "{text}");
    assert_eq!(line_after(&text, "games finished: "), Some(json["games_finished"].to_string().as_str()), "{text}");
    assert_eq!(line_after(&text, "dead letters: "), Some(json["dead_letters"].to_string().as_str()), "{text}");
    assert_eq!(line_after(&text, "mails waiting in the inbox: "), Some(json["inbox_waiting"].to_string().as_str()));
    let waiting = line_after(&text, "mails waiting to be sent: ").unwrap();
    assert!(waiting.starts_with(&json["mails_waiting"].to_string()), "{waiting} / {json}");
    assert_eq!(json["games_finished"], 1, "{json}");
}

#[test]
fn standings_crosstable_outbox_log_and_leave_json_say_what_the_text_says() {
    let table = Table::new("more-json");
    let config = table.write_config();
    // Ann beats Ben by the director's decision: by the rules, Ann 1 point and first with one
    // win, Ben 0 and second.
    let players = "Ann <ann@players.test>,Ben <ben@players.test>";
    let id = herald(&config, &["tournament", "new", "--name", "Duel", "--system", "round-robin", "--players", players]);
    let id = id.trim();
    herald(&config, &["tournament", "start", id]);
    let games: serde_json::Value = serde_json::from_str(&herald(&config, &["game", "list", "--json"])).unwrap();
    let game = games[0]["id"].as_i64().unwrap();
    herald(&config, &["tournament", "adjudicate", &game.to_string(), "1-0"]);

    let text = herald(&config, &["tournament", "standings", id]);
    let json: serde_json::Value =
        serde_json::from_str(&herald(&config, &["tournament", "standings", id, "--json"])).unwrap();
    assert_eq!(json["name"], "Duel");
    let standings = json["standings"].as_array().unwrap();
    let facts: Vec<(u64, &str, &str)> = standings
        .iter()
        .map(|s| (s["rank"].as_u64().unwrap(), s["name"].as_str().unwrap(), s["points"].as_str().unwrap()))
        .collect();
    assert_eq!(facts, [(1, "Ann", "1"), (2, "Ben", "0")], "{json}");
    let wins = |s: &serde_json::Value| {
        s["tiebreaks"].as_array().unwrap().iter().find(|t| t["tiebreak"] == "wins").map(|t| t["value"].clone())
    };
    assert_eq!((wins(&standings[0]), wins(&standings[1])), (Some("1".into()), Some("0".into())));
    // Each row of the text holds what the JSON says, its tie-breaks in the same order.
    let heading: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
    for (line, s) in text.lines().skip(2).zip(standings) {
        let mut expected = vec![
            s["rank"].to_string(),
            s["name"].as_str().unwrap().to_string(),
            s["points"].as_str().unwrap().to_string(),
        ];
        let tiebreaks = s["tiebreaks"].as_array().unwrap();
        expected.extend(tiebreaks.iter().map(|t| t["value"].as_str().unwrap().to_string()));
        assert_eq!(line.split_whitespace().collect::<Vec<_>>(), expected, "{text}\n{json}");
        let labels: Vec<&str> = tiebreaks.iter().map(|t| t["label"].as_str().unwrap()).collect();
        assert_eq!(heading[3..], labels[..], "{text}");
    }

    let crosstable: serde_json::Value =
        serde_json::from_str(&herald(&config, &["tournament", "crosstable", id, "--json"])).unwrap();
    assert_eq!(crosstable["standings"], json["standings"]);
    let names: Vec<&str> =
        crosstable["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Ben"]);
    let pairings = crosstable["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 1, "two players meet once: {crosstable}");
    assert_eq!(pairings[0]["game"], game);
    assert_eq!(
        (pairings[0]["result"]["white"].as_str(), pairings[0]["result"]["black"].as_str()),
        (Some("1"), Some("0"))
    );

    // The outbox: the same counts and the same mails as its text.
    let text = herald(&config, &["outbox", "--all"]);
    let json: serde_json::Value = serde_json::from_str(&herald(&config, &["outbox", "--all", "--json"])).unwrap();
    let counts: Vec<String> = json["counts"].as_object().unwrap().iter().map(|(k, n)| format!("{n} {k}")).collect();
    assert_eq!(text.lines().next(), Some(format!("outbox: {}", counts.join(", ")).as_str()), "{json}");
    let mails = json["mails"].as_array().unwrap();
    assert_eq!(mails.len(), text.lines().count() - 1, "{text}");
    for (line, mail) in text.lines().skip(1).zip(mails) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!((words[0], words[1]), (mail["id"].to_string().as_str(), mail["status"].as_str().unwrap()), "{line}");
        assert!(line.contains(&format!(
            "to {}  <{}>",
            mail["to"].as_str().unwrap(),
            mail["message_id"].as_str().unwrap()
        )));
    }
    assert!(mails.iter().any(|m| m["to"] == "ann@players.test") && mails.iter().any(|m| m["to"] == "ben@players.test"));

    // The log: one event a line, oldest first, the game's creation and the decision among them.
    let text = herald(&config, &["log"]);
    let json: serde_json::Value = serde_json::from_str(&herald(&config, &["log", "--json"])).unwrap();
    let events = json.as_array().unwrap();
    assert_eq!(events.len(), text.lines().count(), "{text}");
    for (line, event) in text.lines().zip(events) {
        assert!(line.contains(&format!(" {} ", event["kind"].as_str().unwrap())), "{line} / {event}");
        assert!(line.ends_with(event["detail"].as_str().unwrap()), "{line} / {event}");
    }
    let kinds: Vec<&str> = events.iter().filter(|e| e["game"] == game).map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"created") && kinds.contains(&"directed"), "{kinds:?}");

    // A player's leave: the club's allowance (35 days by default), then ten days granted.
    let json: serde_json::Value =
        serde_json::from_str(&herald(&config, &["player", "leave", "ann@players.test", "--year", "2026", "--json"]))
            .unwrap();
    assert_eq!(
        (json["year"].as_i64(), json["allowed"].as_u64(), json["left"].as_u64()),
        (Some(2026), Some(35), Some(35))
    );
    let text = herald(&config, &["player", "leave", "ann@players.test", "--year", "2026", "--grant", "10"]);
    assert_eq!(
        text.trim(),
        "ann@players.test: 45 vacation days in 2026 (10 granted by the director), 0 taken or booked, 45 left"
    );
    let json: serde_json::Value =
        serde_json::from_str(&herald(&config, &["player", "leave", "ann@players.test", "--year", "2026", "--json"]))
            .unwrap();
    assert_eq!(
        (json["allowed"].as_u64(), json["granted"].as_u64(), json["left"].as_u64()),
        (Some(45), Some(10), Some(45))
    );
}
