//! Lower-case hexadecimal, the one way herald writes bytes as text: hashes, nonces, seeds,
//! token MACs and the token secret.

use sha2::{Digest, Sha256};

/// `bytes` as lower-case hex, two digits a byte.
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// The bytes of hex text (either case); `None` for an odd length or a character that is not a
/// hex digit.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let value = |d: u8| char::from(d).to_digit(16).map(|v| v as u8);
    digits.chunks(2).map(|pair| Some(value(pair[0])? << 4 | value(pair[1])?)).collect()
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256(bytes: &[u8]) -> String {
    HASHED.with(|n| n.set(n.get() + bytes.len() as u64));
    encode(&Sha256::digest(bytes))
}

thread_local! {
    /// How many bytes [`sha256`] has hashed on this thread: what the tests count to hold the
    /// verification of a stranger's archive to a bound linear in its size (a count, unlike a
    /// timer, does not depend on the machine).
    static HASHED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many bytes [`sha256`] has hashed on this thread so far.
pub fn hashed_bytes() -> u64 {
    HASHED.with(|n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_not_hex() {
        assert_eq!(encode(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
        assert_eq!(decode("000fa5ff"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
        assert_eq!(decode("000FA5FF"), Some(vec![0x00, 0x0f, 0xa5, 0xff]));
        assert_eq!(decode("abc"), None);
        assert_eq!(decode("zz"), None);
        assert_eq!(decode("+1"), None);
        assert_eq!(decode(""), Some(vec![]));
        // `printf '' | sha256sum`
        assert_eq!(sha256(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
