//! Mail in and out of the referee: reading what arrives, composing and sending what leaves,
//! Maildir folders. Nothing here knows the rules of a game.

pub mod compose;
pub mod inbox;
pub mod maildir;
pub mod oauth;
pub mod reader;
pub mod reply;
pub mod transport;
