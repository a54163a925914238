//! Hashes as README specifies them, computed here; and text compared across games that differ
//! only in a secret: the commitment hashes differ with the values (they reveal nothing without
//! the nonce), so they are masked first.

/// SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The hash of a chain record: SHA-256 of its lines, each ending with one newline
/// (README, "The move log").
pub fn record_hash(lines: &[String]) -> String {
    sha256_hex(lines.iter().map(|l| format!("{l}\n")).collect::<String>().as_bytes())
}

/// Every run of exactly 64 lower-case hex digits (a SHA-256) replaced by `<hash>`.
pub fn mask_hashes(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()).count();
        if run == 64 {
            out.push_str("<hash>");
            i += 64;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}
