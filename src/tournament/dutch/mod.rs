//! The FIDE Dutch system (Handbook C.04.3).

mod matching;
mod wide;
