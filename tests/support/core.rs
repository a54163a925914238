//! The referee core on its own, as tests drive it without a database or a mail server: the
//! club's settings and a player's mail as the mail reader hands it over.

use herald::mail::reader::{Address, IncomingMail};
use herald::referee::Settings;

/// The settings of a club with the default configuration and the referee at club.test, but
/// for the confirmation of a game's end, which only tests/sender_authentication.rs asks for:
/// the tests of the core end games with one mail.
pub fn club_settings() -> Settings {
    let referee = herald::config::Referee {
        address: "referee@club.test".into(),
        name: "herald referee".into(),
        domain: None,
        director: None,

        commitments_url: None,
        language: None,
    };
    let mut settings = herald::config::Config { referee, ..herald::config::Config::default() }.settings();
    settings.senders.confirm_game_ending = herald::config::ConfirmGameEnding::Never;
    settings
}

/// The `n`-th mail of a test, from `from` to the reply address of `token`, saying `body`.
pub fn player_mail(n: u32, from: &str, token: &str, subject: &str, body: &str) -> IncomingMail {
    IncomingMail {
        message_id: Some(format!("m{n}@players.test")),
        dedupe_key: format!("mid:m{n}@players.test"),
        from: Some(Address { addr: from.into(), name: None }),
        single_author: true,
        return_path: Some(from.into()),
        delivered_to: vec![format!("referee+{token}@club.test")],
        to: vec![format!("referee+{token}@club.test")],
        subject: subject.into(),
        in_reply_to: None,
        references: Vec::new(),
        date: None,
        automatic: None,
        authentication_results: Vec::new(),
        body: body.into(),
        body_truncated: false,
        no_text: None,
    }
}
