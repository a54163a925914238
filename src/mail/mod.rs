//! Mail in and out of the referee: reading what arrives, composing and sending what leaves.
//! Nothing here knows the rules of a game.

pub mod reader;
