//! The check command printed beside every opened secret (`printf '...' | sha256sum`) must
//! compute the commitment's hash in a real shell, for every value a commitment may hold:
//! README promises players that they can check the referee without herald. The hash it must
//! give is the one SHA-256 of the documented preimage, computed here by `sha256sum` from the
//! preimage's bytes written to a file, not by herald.

use std::io::Write;
use std::process::{Command, Stdio};

use herald::referee::commitment::Commitment;

/// `sha256sum` of `bytes`, through the real program.
fn sha256sum(bytes: &[u8]) -> String {
    let mut child = Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
}

/// What `shell -c command` prints, as the hash `sha256sum` wrote.
fn run_in(shell: &str, command: &str) -> String {
    let out = Command::new(shell).arg("-c").arg(command).output().unwrap();
    assert!(out.status.success(), "{shell} -c {command:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap_or_default().to_string()
}

#[test]
fn the_printed_check_command_gives_the_hash_in_real_shells_for_every_printable_value() {
    // Every printable ASCII character alone, inside a word, doubled, and the empty value
    // (a player who answers `seed` alone).
    let mut values = vec![String::new(), "king".to_string(), "%s%n".to_string(), "'\"\\".to_string()];
    for b in 0x20u8..=0x7e {
        let c = char::from(b);
        values.push(c.to_string());
        values.push(format!("a{c}b"));
        values.push(format!("{c}{c}"));
    }
    for (i, value) in values.iter().enumerate() {
        let nonce = [i as u8; 16];
        let c = Commitment::new(42, "white.seed", value, nonce).unwrap();
        let preimage = format!(
            "herald-commitment-v1\ngame:42\nlabel:white.seed\nvalue:{value}\nnonce:{}\n",
            nonce.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
        let expected = sha256sum(preimage.as_bytes());
        assert_eq!(c.hash, expected, "the commitment of {value:?} is the SHA-256 of the documented preimage");
        let command = c.check_command();
        // dash (Debian's sh) and bash, each with its own printf builtin.
        for shell in ["sh", "bash"] {
            assert_eq!(run_in(shell, &command), expected, "{shell}: {command}");
        }
    }
}
