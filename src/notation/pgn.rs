//! PGN reading (placeholder, filled in below).
