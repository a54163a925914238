// Fuzzes herald::mail::reader: no input may panic, hang, or break the
// documented shape of the result.
//
// Run from the crate root (stable toolchain; cargo-fuzz passes nightly-only
// flags such as -Zsanitizer, which RUSTC_BOOTSTRAP=1 unlocks):
//
//   RUSTC_BOOTSTRAP=1 cargo fuzz run mail_reader fuzz/corpus/mail_reader tests/fixtures/mail \
//       -- -dict=fuzz/mail.dict -max_len=65536 -timeout=10 -max_total_time=300
//
// The first corpus directory collects new inputs; the fixtures seed it.
// Adding -len_control=0 makes libFuzzer try long inputs from the start
// instead of growing them slowly (it stays near 3 KiB in five minutes).
#![no_main]

use herald::mail::reader::{ReadError, ReadLimits, read_headers, read_mail, strip_quoted_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits::default();
    match read_mail(data, &limits) {
        Ok(mail) => {
            assert!(mail.body.chars().count() <= limits.max_body_chars);
            assert_eq!(mail.body.trim(), mail.body, "body is trimmed");
            assert!(!mail.body.contains('\r'), "body has LF line ends only");
            match &mail.message_id {
                Some(id) => assert_eq!(mail.dedupe_key, format!("mid:{id}")),
                None => assert!(mail.dedupe_key.starts_with("sha256:")),
            }
            assert!(mail.to.len() <= 100 && mail.delivered_to.len() <= 100);
            assert!(mail.references.len() <= 100);
            assert!(mail.subject.chars().count() <= 998);
            // Reading is deterministic (the dedupe key relies on it).
            assert_eq!(read_mail(data, &limits).ok(), Some(mail));
        }
        Err(ReadError::TooLarge { .. }) => assert!(data.len() > limits.max_bytes),
        Err(ReadError::Malformed(_)) => {}
    }
    // The header-only path used for too-large mails, with a limit small
    // enough that the fuzzer's inputs often exceed it.
    let small = ReadLimits {
        max_bytes: 512,
        ..limits
    };
    if let Ok(head) = read_headers(data, &small) {
        assert!(head.body.is_empty());
    }
    // The stripper is public: exercise it on raw text too.
    if let Ok(text) = std::str::from_utf8(data) {
        let stripped = strip_quoted_text(text);
        assert!(stripped.len() <= text.len());
    }
});
