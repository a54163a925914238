//! Text compared across games that differ only in a secret: the commitment hashes differ with
//! the values (they reveal nothing without the nonce), so they are masked first.

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
