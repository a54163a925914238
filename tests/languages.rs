//! The shipped languages against English and against the glossary (docs/languages.md): every
//! message of English's in every language, no variable a message is not passed, no reference
//! to a message that does not exist, command words that are unambiguous in all languages at
//! once and never read as a move, and the chess terms of each language's glossary used where
//! the files speak of them.

use std::collections::{BTreeMap, BTreeSet};

use crate::support;
use fluent_syntax::ast;
use herald::language::{self, COMMAND_WORDS, Languages};

/// A Fluent file's messages: each id (with `.attribute` for its attributes) and the variables
/// and message references its pattern holds.
#[derive(Default, Debug)]
struct Uses {
    variables: BTreeSet<String>,
    references: BTreeSet<String>,
}

fn collect_pattern(pattern: &ast::Pattern<&str>, uses: &mut Uses) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            collect_expression(expression, uses);
        }
    }
}

fn collect_expression(expression: &ast::Expression<&str>, uses: &mut Uses) {
    match expression {
        ast::Expression::Inline(inline) => collect_inline(inline, uses),
        ast::Expression::Select { selector, variants } => {
            collect_inline(selector, uses);
            for variant in variants {
                collect_pattern(&variant.value, uses);
            }
        }
    }
}

fn collect_inline(inline: &ast::InlineExpression<&str>, uses: &mut Uses) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            uses.variables.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, attribute } => {
            let name = match attribute {
                Some(a) => format!("{}.{}", id.name, a.name),
                None => id.name.to_string(),
            };
            uses.references.insert(name);
        }
        ast::InlineExpression::Placeable { expression } => collect_expression(expression, uses),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                collect_inline(a, uses);
            }
        }
        _ => {}
    }
}

/// Every message and attribute of a language's files, with what each uses; a file that does
/// not parse fails the test.
fn messages(code: &str) -> BTreeMap<String, Uses> {
    let mut all = BTreeMap::new();
    for (i, text) in language::shipped_files(code).unwrap().iter().enumerate() {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("{code} file {i} does not parse: {errors:?}"));
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut uses = Uses::default();
                    if let Some(value) = &m.value {
                        collect_pattern(value, &mut uses);
                    }
                    for attribute in &m.attributes {
                        let mut attribute_uses = Uses::default();
                        collect_pattern(&attribute.value, &mut attribute_uses);
                        let id = format!("{}.{}", m.id.name, attribute.id.name);
                        assert!(all.insert(id.clone(), attribute_uses).is_none(), "{code}: {id} twice");
                    }
                    assert!(all.insert(m.id.name.to_string(), uses).is_none(), "{code}: {} twice", m.id.name);
                }
                ast::Entry::Junk { content } => panic!("{code}: cannot read {content:?}"),
                _ => {}
            }
        }
    }
    all
}

#[test]
fn every_language_says_every_message_with_the_variables_english_passes() {
    let english = messages(language::ENGLISH);
    // English's own references name messages that exist.
    for (id, uses) in &english {
        for reference in &uses.references {
            assert!(english.contains_key(reference), "en: {id} refers to {reference}, which does not exist");
        }
    }
    for code in language::shipped_codes().filter(|c| *c != language::ENGLISH) {
        let translated = messages(code);
        // `.also` (other ways to write a command) is a language's own: one may have none.
        let needed: BTreeSet<&String> = english.keys().filter(|id| !id.ends_with(".also")).collect();
        let missing: Vec<&&String> = needed.iter().filter(|id| !translated.contains_key(id.as_str())).collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        for (id, uses) in &translated {
            if id.ends_with(".also") {
                continue;
            }
            let Some(english_uses) = english.get(id) else { panic!("{code} has {id}, which English does not") };
            let extra: Vec<&String> = uses.variables.difference(&english_uses.variables).collect();
            assert!(extra.is_empty(), "{code}: {id} uses {extra:?}, which the mails never pass it");
            for reference in &uses.references {
                assert!(translated.contains_key(reference), "{code}: {id} refers to {reference}, which it lacks");
            }
        }
    }
}

#[test]
fn every_language_s_words_are_what_its_mails_need() {
    let languages = Languages::shipped();
    let expected_letters =
        [("en", "K Q R B N"), ("ru", "Кр Ф Л С К"), ("de", "K D T L S"), ("es", "R D T A C"), ("fr", "R D T F C")];
    for (code, letters) in expected_letters {
        let language = languages.get(code).unwrap();
        assert_eq!(language.letters().all().join(" "), letters, "{code}");
    }
    // Each language's plural rules, as CLDR gives them: Russian one/few/many.
    let russian = languages.get("ru").unwrap();
    let days = |n: i64| russian.say("days", &[("days", n.into())]);
    assert_eq!(
        [days(1), days(2), days(5), days(11), days(21), days(22)],
        ["1 день", "2 дня", "5 дней", "11 дней", "21 день", "22 дня"]
    );
    // The tables' headings fit their columns (herald::tournament::crosstable::TableWords).
    for language in languages.all() {
        for (id, most) in [("table-rank", 3), ("table-number", 2), ("table-points", 3)] {
            let heading = language.say(id, &[]);
            assert!(heading.chars().count() <= most, "{}: {id} {heading:?} is wider than {most}", language.code());
        }
    }
    let german = languages.get("de").unwrap();
    assert_eq!(german.say("days", &[("days", 1.into())]), "1 Tag");
    assert_eq!(german.say("days", &[("days", 3.into())]), "3 Tage");
}

/// Every word herald reads as a command, in every language, with the command it stands for.
fn command_words() -> Vec<(String, &'static str, String)> {
    let languages = Languages::shipped();
    let mut words = Vec::new();
    for language in languages.all() {
        for id in COMMAND_WORDS {
            for phrase in language.phrases(id) {
                words.push((language.code().to_string(), *id, phrase));
            }
        }
    }
    words
}

#[test]
fn no_command_word_means_two_things_in_any_languages() {
    let words = command_words();
    for (code, id, phrase) in &words {
        assert!(
            phrase.chars().count() >= 2 && phrase.chars().all(|c| c.is_alphabetic() || c == ' '),
            "{code}: {id} {phrase:?}: letters and spaces only"
        );
        for (other_code, other_id, other) in &words {
            assert!(phrase != other || id == other_id, "{code} {id} and {other_code} {other_id} both say {phrase:?}");
        }
    }
}

#[test]
fn no_command_word_reads_as_a_move_in_any_language_s_letters() {
    use herald::variants::{self, Variant};
    let languages = Languages::shipped();
    // Positions where every piece has moves to spare: the start, and an open middlegame.
    let chess = variants::by_id("chess").unwrap();
    let capablanca = variants::by_id("capablanca").unwrap();
    let openings: [(&'static dyn Variant, &[&str]); 2] =
        [(chess, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6"]), (capablanca, &["e4", "e5"])];
    for (code, id, phrase) in command_words() {
        for (variant, moves) in openings {
            let mut game = variant.new_game();
            for m in moves {
                game.play(m).unwrap();
            }
            let mut readings = vec![phrase.clone()];
            for language in languages.all() {
                readings.extend(language.letters().to_english(&phrase));
            }
            for reading in readings {
                for text in [reading.clone(), capitalised(&reading)] {
                    assert!(
                        game.play(&text).is_err(),
                        "{code} {id} {phrase:?} reads as the move {text:?} in {}",
                        variant.id()
                    );
                }
            }
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The glossary of `docs/languages.md`: for each language (a `## CODE` heading), its table's
/// rows, English term and the language's.
fn glossary() -> BTreeMap<String, Vec<(String, String)>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/languages.md")).unwrap();
    let mut all: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(code) = line.strip_prefix("## ") {
            let code = code.split_whitespace().next().unwrap_or("").to_string();
            current = language::shipped_codes().any(|c| c == code).then_some(code);
        } else if let Some(code) = &current
            && line.starts_with('|')
        {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            if cells.len() >= 2 && !cells[0].starts_with('-') && !cells[0].eq_ignore_ascii_case("english") {
                all.entry(code.clone()).or_default().push((cells[0].to_string(), cells[1].to_string()));
            }
        }
    }
    all
}

#[test]
fn each_language_uses_its_glossary_s_chess_terms() {
    let english_text = language::shipped_files("en").unwrap().concat().to_lowercase();
    let glossary = glossary();
    for code in language::shipped_codes().filter(|c| *c != language::ENGLISH) {
        let rows = glossary.get(code).unwrap_or_else(|| panic!("docs/languages.md has no glossary for {code}"));
        assert!(rows.len() >= 15, "{code}: a glossary of {} terms", rows.len());
        let text = language::shipped_files(code).unwrap().concat().to_lowercase();
        for (english, term) in rows {
            // A term the mails use in English must be the one the translation uses.
            if english_text.contains(&english.to_lowercase()) {
                let forms: Vec<String> = term.split('/').map(|f| f.trim().to_lowercase()).collect();
                assert!(
                    forms.iter().any(|f| text.contains(f.as_str())),
                    "{code}: the glossary says \"{english}\" is \"{term}\", which its files never use"
                );
            }
        }
    }
    // The terms a Russian player expects, as the issue names them.
    let russian: BTreeMap<String, String> = glossary["ru"].iter().cloned().collect();
    for (english, term) in
        [("checkmate", "мат"), ("stalemate", "пат"), ("castling", "рокировка"), ("en passant", "взятие на проходе")]
    {
        assert_eq!(russian.get(english).map(String::as_str), Some(term), "ru glossary: {english}");
    }
}

/// The word a language writes for a command (its first), as the players of the test type it.
fn word(code: &str, id: &str) -> String {
    Languages::shipped().get(code).unwrap().phrases(id).remove(0)
}

/// Sentences of English's that a mail in another language must not hold: every message of the
/// English files that says something whole without a variable (at least 24 characters), and
/// the openings of the greeting and of the status lines, which do have variables.
fn english_sentences() -> Vec<String> {
    let languages = Languages::shipped();
    let english = languages.english();
    let mut sentences: Vec<String> = messages(language::ENGLISH)
        .into_iter()
        .filter(|(id, uses)| !id.contains('.') && uses.variables.is_empty())
        .map(|(id, _)| english.say(&id, &[]))
        .filter(|text| text.chars().count() >= 24)
        .collect();
    sentences.extend(["Hello ", "It is your move", "is to move", "Moves: ", "Move log: "].map(String::from));
    sentences
}

/// A Russian-speaking and a German-speaking player play a Crown game through the real
/// Postfix, each choosing their language and writing every command, secret choice and piece
/// letter in it: each reads only their language, the moves in their letters, the same
/// commitments and check commands as the other, and the archive verifies.
#[test]
fn a_russian_and_a_german_player_play_crown_by_mail_each_in_their_language() {
    use crate::support::club::{ALICE, BOB, Club};
    let club = Club::start();
    let id = club.new_game_of("crown");
    let languages = Languages::shipped();
    let (ru, de) = (languages.get("ru").unwrap(), languages.get("de").unwrap());
    let play = |who: &str, text: &str| {
        let round = club.answer_latest(who, text);
        (round.alice, round.bob)
    };
    // Each chooses their language in the command word of it.
    let (alice, bob) = play(ALICE, &format!("{} ru", word("ru", "command-language")));
    assert_eq!((alice.len(), bob.len()), (1, 0));
    let (alice, bob) = play(BOB, &format!("{} de", word("de", "command-language")));
    assert_eq!((alice.len(), bob.len()), (0, 1));
    // The secret choices, in their words: "корона король", "Krone Dame".
    let choice = |code: &str, monarch: &str| format!("{} {}", word(code, "word-crown"), word(code, monarch));
    play(ALICE, &choice("ru", "word-king"));
    play(BOB, &choice("de", "word-queen"));
    // 1. e4 d5 2. Bb5 a6 3. Bxe8 Qxe8, each in the player's letters: С is the Russian
    // bishop, D the German queen.
    for (who, text) in [(ALICE, "e4"), (BOB, "d5"), (ALICE, "Сb5"), (BOB, "a6"), (ALICE, "Сxe8"), (BOB, "Dxe8")] {
        let (alice, bob) = play(who, text);
        assert_eq!(
            (alice.len(), bob.len()),
            (1, 1),
            "{who} {text}: {:?}",
            alice.iter().chain(&bob).map(|m| m.subject()).collect::<Vec<_>>()
        );
    }
    let (alice, bob) = play(ALICE, &word("ru", "command-resign"));
    assert_eq!((alice.len(), bob.len()), (1, 1));

    let english = english_sentences();
    let hello = |language: &herald::language::Language, name: &str| language.say("hello", &[("name", name.into())]);
    let check_lines = |body: &str| -> Vec<String> {
        body.lines()
            .map(str::trim)
            .filter(|l| l.starts_with("printf ") || l.starts_with("nonce:"))
            .map(String::from)
            .collect()
    };
    let alice_mails = club.mails(ALICE);
    let bob_mails = club.mails(BOB);
    // From the answer to "язык ru" on, every mail of Alice's is Russian, of Bob's German.
    for (mails, language, name) in [(&alice_mails[1..], ru, "Alice"), (&bob_mails[1..], de, "Bob")] {
        for mail in mails {
            let body = support::mime::unwrapped(&mail.body());
            assert!(body.contains(&hello(language, name)), "{}: {body}", language.code());
            for sentence in &english {
                assert!(
                    !body.contains(sentence.as_str()),
                    "{} mail holds English {sentence:?}:\n{body}",
                    language.code()
                );
            }
            let raw = mail.body();
            assert!(raw.lines().all(|l| l.chars().count() <= 78), "a line over 78 columns:\n{raw}");
        }
    }
    // The moves in each player's letters.
    let last = |mails: &[support::club::Mail]| support::mime::unwrapped(&mails[mails.len() - 1].body());
    let (alice_last, bob_last) = (last(&alice_mails), last(&bob_mails));
    assert!(alice_last.contains("Сb5") && alice_last.contains("Сxe8") && alice_last.contains("Фxe8"), "{alice_last}");
    assert!(bob_last.contains("Lb5") && bob_last.contains("Lxe8") && bob_last.contains("Dxe8"), "{bob_last}");
    // The result in each language, the same score.
    for (body, language) in [(&alice_last, ru), (&bob_last, de)] {
        let reason = language
            .say("result-win", &[("winner", "black".into()), ("how", language.say("how-resignation", &[]).into())]);
        assert!(body.contains("0-1") && body.contains(&reason), "{}: {body}", language.code());
    }
    // The commitments' check commands are the same bytes for both, and they check.
    let raw = |mails: &[support::club::Mail]| mails[mails.len() - 1].body();
    let (alice_checks, bob_checks) = (check_lines(&raw(&alice_mails)), check_lines(&raw(&bob_mails)));
    assert!(!alice_checks.is_empty());
    assert_eq!(alice_checks, bob_checks);
    let archive = club.herald_ok(&["game", "export", &id.to_string(), "--json"]);
    let path = club.dir().join("crown-archive.json");
    std::fs::write(&path, &archive).unwrap();
    let verified = club.herald_ok(&["verify", path.to_str().unwrap()]);
    assert!(verified.contains("verified"), "{verified}");
    // The archive keeps the standard letters.
    assert!(archive.contains("\"Bb5\"") || archive.contains("Bb5"), "{archive}");
    assert!(!archive.contains("Сb5") && !archive.contains("Lb5"));
}

/// The English of each variant's help in `locales/en/variants.ftl` is the variant's own words,
/// so the two never drift apart.
#[test]
fn english_says_each_variant_s_help_in_the_variant_s_own_words() {
    let languages = Languages::shipped();
    let english = languages.english();
    for variant in herald::variants::all() {
        let id = language::message_key(variant.id());
        assert_eq!(english.say(&format!("aim-{id}"), &[]), variant.aim(), "{id}");
        assert_eq!(english.say(&format!("notation-help-{id}"), &[]), variant.notation_help(), "{id}");
        match variant.conditional_moves() {
            Ok(()) => assert!(!english.has(&format!("no-conditions-{id}")), "{id}"),
            Err(why) => assert_eq!(english.say(&format!("no-conditions-{id}"), &[]), why, "{id}"),
        }
    }
}

/// A demo's mails: for each player, each mail's text file (with its Subject line) and its
/// HTML page, in order.
fn demo_mails(variant: &str, language: &str, dir: &std::path::Path) -> BTreeMap<String, Vec<(String, Option<String>)>> {
    let out = std::process::Command::new(support::club::herald_bin())
        .args(["demo", "--variant", variant, "--language", language, "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{variant} {language}: {}", String::from_utf8_lossy(&out.stderr));
    let mut all = BTreeMap::new();
    for player in std::fs::read_dir(dir.join("mails")).unwrap() {
        let player = player.unwrap().path();
        let mut texts: Vec<std::path::PathBuf> = std::fs::read_dir(&player)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        texts.sort();
        let mails = texts
            .iter()
            .map(|t| (std::fs::read_to_string(t).unwrap(), std::fs::read_to_string(t.with_extension("html")).ok()))
            .collect();
        all.insert(player.file_name().unwrap().to_string_lossy().to_string(), mails);
    }
    all
}

/// The facts of a mail that no language changes: its hashes (commitments, the move log's
/// head), its check commands, and its board's ranks as the text diagram draws them. Each demo
/// draws its own nonces, so the hashes and nonces of two demos differ: each is kept as where it
/// stands (`#64`, `#32`), and the commands otherwise byte for byte.
fn facts(text: &str) -> Vec<String> {
    let mask = |line: &str| {
        line.split(' ')
            .map(|w| {
                let hex =
                    |n: usize| w.len() == n && w.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
                match w.strip_prefix("nonce:") {
                    Some(n) if n.len() == 32 => "nonce:#32".to_string(),
                    _ if hex(64) => "#64".to_string(),
                    _ if hex(32) => "#32".to_string(),
                    _ => w.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut facts = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        let hex64 = |w: &str| w.len() == 64 && w.bytes().all(|b| b.is_ascii_hexdigit());
        facts.extend(
            trimmed.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| hex64(w)).map(|_| "#64".to_string()),
        );
        if trimmed.starts_with("printf ") || trimmed.starts_with("nonce:") {
            facts.push(mask(trimmed));
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        let last = trimmed.split_whitespace().last().unwrap_or("");
        if line.starts_with(' ') && !first.is_empty() && first == last && first.bytes().all(|b| b.is_ascii_digit()) {
            facts.push(trimmed.to_string());
        }
    }
    facts
}

/// The text of an HTML mail's `<pre>` blocks, as a reader sees it.
fn pre_text(html: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for block in html.split("<pre").skip(1) {
        let inner = block.split_once('>').map_or("", |(_, rest)| rest);
        let inner = inner.split("</pre>").next().unwrap_or("");
        let text = inner
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
        lines.extend(text.lines().map(str::trim_end).filter(|l| !l.is_empty()).map(String::from));
    }
    lines
}

/// Every variant's demo in every shipped language: each mail within 78 columns, the same mails
/// as the English demo with the same facts (hashes, the `printf ... | sha256sum` lines, the
/// board), its HTML part saying its text part's lines in order, and no English sentence in a
/// mail of another language.
#[test]
fn every_variant_s_demo_says_the_same_facts_in_every_language() {
    let root = std::env::temp_dir().join(format!("herald-demo-languages-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let english_sentences = english_sentences();
    let jobs: Vec<&'static str> = herald::variants::all().iter().map(|v| v.id()).collect();
    let next = std::sync::Mutex::new(jobs.into_iter());
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(variant) = next.lock().unwrap().next() else { break };
                let mut by_language = BTreeMap::new();
                for code in language::shipped_codes() {
                    let dir = root.join(format!("{}-{code}", language::message_key(variant)));
                    by_language.insert(code, demo_mails(variant, code, &dir));
                }
                let english = &by_language["en"];
                for (code, mails) in &by_language {
                    let fail = |why: String| failures.lock().unwrap().push(format!("{variant} {code}: {why}"));
                    if mails.keys().collect::<Vec<_>>() != english.keys().collect::<Vec<_>>() {
                        fail("other players".into());
                        continue;
                    }
                    for (player, list) in mails {
                        if list.len() != english[player].len() {
                            fail(format!("{player} got {} mails, in English {}", list.len(), english[player].len()));
                            continue;
                        }
                        for (i, ((text, html), (english_text, _))) in list.iter().zip(&english[player]).enumerate() {
                            let body = text.split_once("\n\n").map_or(text.as_str(), |(_, body)| body);
                            if let Some(long) = body.lines().find(|l| l.chars().count() > 78) {
                                fail(format!("{player} mail {i}: a line of {} columns: {long}", long.chars().count()));
                            }
                            if facts(text) != facts(english_text) {
                                fail(format!(
                                    "{player} mail {i}: other facts than in English: {:?} against {:?}",
                                    facts(text),
                                    facts(english_text)
                                ));
                            }
                            if *code != "en" {
                                let unwrapped = support::mime::unwrapped(body);
                                for sentence in &english_sentences {
                                    if unwrapped.contains(sentence.as_str()) {
                                        fail(format!("{player} mail {i} holds English {sentence:?}"));
                                    }
                                }
                            }
                            // The HTML's words are the text's, in order (the text wraps what the
                            // HTML leaves to the reader's screen, and draws the board the HTML
                            // shows as a picture).
                            if let Some(html) = html {
                                let words: Vec<&str> = body.split_whitespace().collect();
                                let mut at = 0;
                                for line in pre_text(html) {
                                    for word in line.split_whitespace() {
                                        match words[at..].iter().position(|w| *w == word) {
                                            Some(found) => at += found + 1,
                                            None => {
                                                fail(format!("{player} mail {i}: the HTML's {word:?} in {line:?} is not in its text in order"));
                                                break;
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let _ = std::fs::remove_dir_all(&root);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// A tournament's language is its players' where they chose none; a player's own choice
/// comes before it, and the mails of the other player of the game keep the tournament's.
#[test]
fn a_tournament_s_language_is_its_players_unless_they_chose_their_own() {
    use herald::referee::records::Player;
    use herald::service::NewTournament;
    use herald::tournament::Tournament;
    let mut table = support::table::Table::new("tournament-language");
    let players = [("alice@players.test", "Alice"), ("bob@players.test", "Bob")]
        .iter()
        .map(|(e, n)| Player { email: e.to_string(), name: Some(n.to_string()) })
        .collect();
    let terms = Tournament { language: Some("de".into()), ..support::tournament::terms("Herbstturnier") };
    let id = table.service.create_tournament(NewTournament { terms, players }).unwrap();
    table.service.start_tournament(id).unwrap();
    table.pass_after(0);
    let languages = Languages::shipped();
    let says = |mail: &[u8], code: &str, name: &str| {
        let text = support::mime::plain_text(mail);
        text.contains(&languages.get(code).unwrap().say("hello", &[("name", name.into())]))
    };
    let alice = table.mails("alice@players.test");
    let bob = table.mails("bob@players.test");
    assert!(says(alice.last().unwrap(), "de", "Alice"), "{}", support::mime::plain_text(alice.last().unwrap()));
    assert!(says(bob.last().unwrap(), "de", "Bob"));
    // The tournament's own mail, its round's boards under German headings.
    let begins = alice
        .iter()
        .find(|m| String::from_utf8_lossy(m).contains("Subject: [herald] Herbstturnier"))
        .map(|m| support::mime::plain_text(m))
        .expect("the tournament's mail");
    assert!(begins.contains("Runde 1\n") && !begins.contains("Round 1"), "{begins}");
    // Who plays White in the game: they choose Russian; the other reads on in German.
    let game = table.service.store().read(|tx| tx.pairings(id)).unwrap()[0].game.unwrap();
    let record = table.service.store().read(|tx| tx.game(game)).unwrap().unwrap();
    let (white, black) = (record.white.email.clone(), record.black.email.clone());
    table.reply_in(&white, game, "язык ru");
    let white_name = if white.starts_with("alice") { "Alice" } else { "Bob" };
    let black_name = if white_name == "Alice" { "Bob" } else { "Alice" };
    assert!(says(&table.latest_in(&white, game), "ru", white_name));
    table.reply_in(&white, game, "e4");
    assert!(says(&table.latest_in(&white, game), "ru", white_name));
    assert!(says(&table.latest_in(&black, game), "de", black_name));
    // `language club` goes back to the tournament's.
    table.reply_in(&white, game, "language club");
    assert!(says(&table.latest_in(&white, game), "de", white_name));
}

/// A club adds a language with a folder of Fluent files in its templates folder: the mails
/// say what the folder says and English for the rest; a folder that does not parse, or a club
/// language no folder provides, keeps the service from starting.
#[test]
fn a_club_adds_a_language_in_its_templates_folder() {
    let mut table = support::table::Table::deterministic_with("club-language", |root, config| {
        let folder = root.join("templates").join("locales").join("eo");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(
            folder.join("herald.ftl"),
            "language-name = Esperanto\nhello = Saluton { $name },\nsignature = herald, la arbitracianto\n",
        )
        .unwrap();
        config.templates = Some(root.join("templates"));
        config.referee.language = Some("eo".into());
    });
    table.new_game("chess");
    let invitation = support::mime::plain_text(&table.mails("alice@players.test")[0]);
    assert!(invitation.contains("Saluton Alice,"), "{invitation}");
    assert!(invitation.contains("herald, la arbitracianto"), "{invitation}");
    assert!(invitation.contains("You are invited to a game of Chess"), "English for the rest: {invitation}");
    // A folder that does not parse, and a language nobody provides.
    let mut config = table.service.config().clone();
    let broken = table.root.join("templates").join("locales").join("eo").join("broken.ftl");
    std::fs::write(&broken, "this is not = { fluent\n").unwrap();
    assert!(herald::service::Service::open(config.clone(), table.clock.clone()).is_err());
    std::fs::remove_file(&broken).unwrap();
    config.referee.language = Some("tlh".into());
    let refused = herald::service::Service::open(config, table.clock.clone()).err().expect("refused");
    assert!(refused.to_string().contains("tlh"), "{refused}");
}

/// A Russian player's illegal move is refused with the reason in Russian: the pieces by their
/// Russian names, the legal moves in Russian letters, no English left (issue 31: "every
/// refusal reason").
#[test]
fn a_russian_player_s_illegal_move_is_refused_with_a_russian_reason() {
    use crate::support::club::{ALICE, Club};
    let club = Club::start();
    club.new_game();
    let languages = Languages::shipped();
    let ru = languages.get("ru").unwrap();
    let round = club.answer_latest(ALICE, &format!("{} ru", word("ru", "command-language")));
    assert_eq!(round.alice.len(), 1);
    // The knight on b1 cannot reach d3; its legal moves are Na3 and Nc3, that is Кa3 and Кc3.
    let round = club.answer_latest(ALICE, "Nb1-d3");
    assert_eq!(round.alice.len(), 1, "one refusal to Alice");
    let body = support::mime::unwrapped(&round.alice[0].body());
    let reason = ru.say(
        "reason-piece-cannot-go",
        &[
            ("square", "b1".into()),
            ("piece", "конь".into()),
            ("how", "reach".into()),
            ("target", "d3".into()),
            ("moves", "Кa3, Кc3".into()),
        ],
    );
    assert!(reason.contains("конь") && reason.contains("не может пойти на d3"), "{reason}");
    let illegal = ru.say("move-error-illegal", &[("input", "Nb1-d3".into()), ("reason", reason.into())]);
    assert!(body.contains(&illegal), "{body}");
    // The queen, shut in at the start: no English words of the reason are left.
    let round = club.answer_latest(ALICE, "Фd3");
    let body = support::mime::unwrapped(&round.alice[0].body());
    assert!(body.contains("ферзь") && body.contains("нет допустимых ходов"), "{body}");
    for english in ["legal move", "of yours", "your own", "queen"] {
        assert!(!body.contains(english), "English {english:?} in:\n{body}");
    }
}

/// Secret Intelligence's seed, asked and answered in each player's language: the prompt names
/// the language's word («зерно», "startwert"), the answer in it is read, and the word after it
/// is the player's own, kept as written even where it is a command word of some language
/// ("remis" is German for a draw, "aufgeben" for resigning): the opened seeds say so.
#[test]
fn a_russian_and_a_german_player_answer_the_seed_in_their_words() {
    use crate::support::club::{ALICE, BOB, Club};
    let club = Club::start();
    club.new_game_of("secret-intelligence");
    let languages = Languages::shipped();
    let (ru, de) = (languages.get("ru").unwrap(), languages.get("de").unwrap());
    let round = club.answer_latest(ALICE, &format!("{} ru", word("ru", "command-language")));
    let body = support::mime::unwrapped(&round.alice[0].body());
    assert!(body.contains(&ru.say("prompt-seed", &[])) && body.contains("зерно"), "{body}");
    let round = club.answer_latest(BOB, &format!("{} de", word("de", "command-language")));
    let body = support::mime::unwrapped(&round.bob[0].body());
    assert!(body.contains(&de.say("prompt-seed", &[])) && body.contains("startwert"), "{body}");

    let round = club.answer_latest(ALICE, &format!("{} remis", word("ru", "word-seed")));
    assert_eq!((round.alice.len(), round.bob.len()), (1, 0), "the seed is recorded; the game waits for Bob's");
    let round = club.answer_latest(BOB, &format!("{} aufgeben", word("de", "word-seed")));
    assert_eq!((round.alice.len(), round.bob.len()), (1, 1), "both seeds are in: the game begins");
    let round = club.answer_latest(ALICE, &word("ru", "command-resign"));
    let last = round.bob[0].body();
    let opened = |label: &str| support::mime::opening(&last, label).unwrap_or_else(|| panic!("{label}: {last}")).0;
    assert!(opened("white.seed").starts_with("white.seed = remis, nonce "), "{last}");
    assert!(opened("black.seed").starts_with("black.seed = aufgeben, nonce "), "{last}");
}

/// A setup answer refused is refused in the player's language: Secret Intelligence's seed sent
/// twice or not one word, in Russian; the Crown's choice not a monarch, or made twice, in
/// German (issue 31: "every refusal reason"). No English sentence of the refusal is left.
#[test]
fn a_refused_setup_answer_is_refused_in_the_player_s_language() {
    use crate::support::club::{ALICE, BOB, Club};
    let languages = Languages::shipped();
    let (ru, de) = (languages.get("ru").unwrap(), languages.get("de").unwrap());
    let refused = |body: &str, said: &str, english: &str| {
        assert!(body.contains(said), "{said:?} not in:\n{body}");
        assert!(!body.contains(english), "English {english:?} in:\n{body}");
    };

    let club = Club::start();
    club.new_game_of("secret-intelligence");
    club.answer_latest(ALICE, &format!("{} ru", word("ru", "command-language")));
    let round = club.answer_latest(ALICE, &format!("{} a:b", word("ru", "word-seed")));
    let body = support::mime::unwrapped(&round.alice[0].body());
    let said = herald::notation::reason::Reason::new("reason-seed-not-one-word").text("bad", "':'").say(ru);
    refused(&body, &said, "a seed is one word");
    assert!(said.starts_with("зерно — это одно слово"), "{said}");
    club.answer_latest(ALICE, &format!("{} remis", word("ru", "word-seed")));
    let round = club.answer_latest(ALICE, &format!("{} again", word("ru", "word-seed")));
    let body = support::mime::unwrapped(&round.alice[0].body());
    refused(&body, &ru.say("reason-seed-already-in", &[]), "your seed is already in");

    let club = Club::start();
    club.new_game_of("crown");
    club.answer_latest(BOB, &format!("{} de", word("de", "command-language")));
    let crown = word("de", "word-crown");
    let round = club.answer_latest(BOB, &format!("{crown} läufer"));
    let body = support::mime::unwrapped(&round.bob[0].body());
    refused(&body, &de.say("reason-crown-choose", &[]), "to choose which monarch");
    assert!(body.contains("„krone könig“ oder „krone dame“"), "{body}");
    let round = club.answer_latest(BOB, &format!("{crown} {}", word("de", "word-queen")));
    assert_eq!(round.bob.len(), 1, "the crown is noted");
    let round = club.answer_latest(BOB, &format!("{crown} {}", word("de", "word-king")));
    let body = support::mime::unwrapped(&round.bob[0].body());
    refused(&body, "Ihre Krone ist schon auf Ihrer Dame", "cannot be changed");
}
