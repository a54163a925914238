//! The FIDE Dutch system (Handbook C.04.3).
