//! herald's integration tests, built as one test binary.
//!
//! Each file in `tests/` is a module of this crate, named after what it tests; the helpers
//! they share are `support`. One binary instead of one per file: each of those binaries
//! linked all of herald and its dependencies and compiled its own copy of `support`. Cargo's discovery of `tests/*.rs` is off
//! (`autotests = false` in Cargo.toml), so a file is only run once it is listed below;
//! `every_test_file_is_in_the_suite` fails for a file that is not.
//!
//! Run one file's tests with `cargo test --test integration FILE::`, e.g.
//! `cargo test --test integration imap_inbox::`.

mod support;

mod archive;
mod board_picture;
mod bounces;
mod cli_secrecy;
mod clock_mail;
mod command_line;
mod commitments;
mod conditional_moves;
mod crown2_mail;
mod crown2_movegen;
mod crown2_rules;
mod crown2_secrecy;
mod crown3_mail;
mod crown3_movegen;
mod crown3_rules;
mod crown3_secrecy;
mod crown4_mail;
mod crown4_movegen;
mod crown4_rules;
mod crown4_secrecy;
mod crown_mail;
mod crown_ninja;
mod crown_ninja_mail;
mod crown_ninja_movegen;
mod crown_rules;
mod crown_secrecy;
mod deadlines;
mod demo;
mod e2e_mail;
mod every_mail_answered;
mod export_replay;
mod fuzz_corpus;
mod imap_inbox;
mod krithala_game;
mod krithala_mail;
mod krithala_perft;
mod krithala_rules;
mod languages;
mod mail_reader;
mod mail_transport;
mod mail_words;
mod move_commitments;
mod ninja_mail;
mod ninja_rules;
mod notation;
mod operations;
mod oracle;
mod outbox_retention;
mod outcome;
mod overview;
mod perft;
mod perft_cli;
mod postfix_harness;
mod preferences;
mod referee;
mod replay;
mod royal_game;
mod royal_mail;
mod royal_rules;
mod safety_in_numbers_mail;
mod safety_in_numbers_perft;
mod safety_in_numbers_rules;
mod secret_intelligence_mail;
mod secret_intelligence_rules;
mod sender_authentication;
mod sender_gate;
mod service_batch;
mod short_answers;
mod site;
mod site_checker;
mod site_live;
mod strangers;
mod swiss_oracle;
mod time_controls;
mod tournament_endings;
mod tournament_mail;
mod tournament_swiss;
mod tournament_tables;
mod tournaments;
mod upgrades;
mod views;

/// A file in `tests/` that is not declared above would never run, silently.
#[test]
fn every_test_file_is_in_the_suite() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let suite = std::fs::read_to_string(tests.join("integration.rs")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        if path.extension().is_some_and(|e| e == "rs")
            && name != "integration"
            && !suite.contains(&format!("\nmod {name};\n"))
        {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "tests/integration.rs does not declare: {missing:?}");
}
