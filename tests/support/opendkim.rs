//! The club's receiving server checks DKIM: a private OpenDKIM in verify mode, a milter on
//! 127.0.0.1 for the test Postfix, as a club runs it (`Mode v`, its own `AuthservID`,
//! `AlwaysAddARHeader yes`), with the players' public keys from a file instead of DNS
//! (`TestPublicKeys`). And the players' side: [`DkimKey`] signs their mail with an
//! implementation independent of herald and of OpenDKIM, dkimpy (Debian's `python3-dkim`),
//! with RSA keys made by `openssl`.
//!
//! [`OpenDkim::postfix_settings`] gives the `main.cf` lines that put the milter in front of
//! the club's Postfix and drop every incoming `Authentication-Results` field (README: what
//! the club's server must do); headers added by the milter are not subject to
//! `header_checks`, so the milter's own field arrives.
//!
//! Requirements: the Debian packages `opendkim` and `python3-dkim` (and `openssl`); missing
//! ones make [`OpenDkim::start`] and [`DkimKey::new`] fail with the package to install.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::harness::{Watchdog, context, free_port, harness_error, tail};
use super::tempdir::TempDir;

/// The Python with Debian's packages (a `python3` earlier on PATH may lack them).
const DEBIAN_PYTHON: &str = "/usr/bin/python3";
/// How to get the programs onto a Debian machine.
const INSTALL_HINT: &str = "install them as root with:\n  \
     DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends opendkim python3-dkim openssl";

/// One signing key of a players' domain: a private key for dkimpy and the DNS record
/// OpenDKIM reads its public half from.
pub struct DkimKey {
    /// The signing domain (`d=`).
    pub domain: String,
    /// The selector (`s=`).
    pub selector: String,
    private_pem: PathBuf,
    /// `s1._domainkey.example.org v=DKIM1; k=rsa; p=...`, a `TestPublicKeys` line.
    record: String,
}

impl DkimKey {
    /// A fresh 1024-bit RSA key for `selector._domainkey.domain`, kept in `dir`.
    pub fn new(dir: &Path, domain: &str, selector: &str) -> io::Result<DkimKey> {
        let private_pem = dir.join(format!("{selector}.{domain}.pem"));
        let made = Command::new("openssl")
            .args(["genrsa", "-out"])
            .arg(&private_pem)
            .arg("1024")
            .output()
            .map_err(|e| harness_error(format!("running openssl: {e}; {INSTALL_HINT}")))?;
        if !made.status.success() {
            return Err(harness_error(format!("openssl genrsa: {}", String::from_utf8_lossy(&made.stderr))));
        }
        let public = Command::new("openssl")
            .args(["rsa", "-pubout", "-outform", "DER", "-in"])
            .arg(&private_pem)
            .output()
            .map_err(context("running openssl rsa"))?;
        if !public.status.success() {
            return Err(harness_error(format!("openssl rsa: {}", String::from_utf8_lossy(&public.stderr))));
        }
        let record = format!("{selector}._domainkey.{domain} v=DKIM1; k=rsa; p={}", base64(&public.stdout));
        Ok(DkimKey { domain: domain.into(), selector: selector.into(), private_pem, record })
    }

    /// `raw` with a DKIM-Signature by this key prepended (dkimpy, relaxed/relaxed, over From,
    /// To, Subject, Date, Message-ID, In-Reply-To and References). Line ends become CRLF first,
    /// as on the wire.
    pub fn sign(&self, raw: &[u8]) -> Vec<u8> {
        let crlf = to_crlf(raw);
        let script = "import sys, dkim\n\
            msg = sys.stdin.buffer.read()\n\
            key = open(sys.argv[3], 'rb').read()\n\
            heads = [b'from', b'to', b'subject', b'date', b'message-id', b'in-reply-to', b'references']\n\
            sig = dkim.sign(msg, sys.argv[2].encode(), sys.argv[1].encode(), key, include_headers=heads,\n\
                            canonicalize=(b'relaxed', b'relaxed'))\n\
            sys.stdout.buffer.write(sig + msg)\n";
        let mut child = Command::new(DEBIAN_PYTHON)
            .arg("-c")
            .arg(script)
            .arg(&self.domain)
            .arg(&self.selector)
            .arg(&self.private_pem)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("running {DEBIAN_PYTHON}: {e}; {INSTALL_HINT}"));
        child.stdin.take().unwrap().write_all(&crlf).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "dkimpy failed to sign (is python3-dkim installed? {INSTALL_HINT}):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }
}

/// Standard base64 of `bytes`, as a DKIM key record writes it.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `raw` with every line ending in CRLF.
pub fn to_crlf(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 32);
    for (i, &b) in raw.iter().enumerate() {
        if b == b'\n' && (i == 0 || raw[i - 1] != b'\r') {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

/// A running OpenDKIM milter that verifies with the keys it was given.
pub struct OpenDkim {
    child: Child,
    port: u16,
    dir: TempDir,
    _watchdog: Watchdog,
}

impl OpenDkim {
    /// Starts OpenDKIM writing `Authentication-Results: authserv_id; ...`, trusting the
    /// public halves of `keys`.
    pub fn start(authserv_id: &str, keys: &[&DkimKey]) -> io::Result<OpenDkim> {
        let program = Path::new("/usr/sbin/opendkim");
        if !program.is_file() {
            return Err(harness_error(format!(
                "{} not found: OpenDKIM is not installed; {INSTALL_HINT}",
                program.display()
            )));
        }
        let dir = TempDir::new("herald-opendkim")?;
        let records: String = keys.iter().map(|k| format!("{}\n", k.record)).collect();
        fs::write(dir.path().join("keys"), records)?;
        // The header_checks table Postfix's cleanup reads, as the unprivileged postfix user.
        fs::write(dir.path().join("header_checks"), "/^Authentication-Results:/ IGNORE\n")?;
        for attempt in 0.. {
            let port = free_port()?;
            let conf = dir.path().join("opendkim.conf");
            fs::write(
                &conf,
                format!(
                    "Mode v\nAuthservID {authserv_id}\nAlwaysAddARHeader yes\nTestPublicKeys {}\n\
                     Socket inet:{port}@127.0.0.1\nBackground no\nSyslog no\nLogWhy yes\n",
                    dir.path().join("keys").display()
                ),
            )?;
            let log = fs::File::create(dir.path().join("opendkim.log"))?;
            let mut child = Command::new(program)
                .arg("-f")
                .arg("-x")
                .arg(&conf)
                .stdin(Stdio::null())
                .stdout(log.try_clone()?)
                .stderr(log)
                .spawn()
                .map_err(context("starting opendkim"))?;
            let pid = child.id().to_string();
            let watchdog = Watchdog::spawn("kill -KILL \"$1\"", &[std::ffi::OsStr::new(&pid)])?;
            let deadline = Instant::now() + Duration::from_secs(10);
            while Instant::now() < deadline {
                if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Ok(OpenDkim { child, port, dir, _watchdog: watchdog });
                }
                if child.try_wait()?.is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(25));
            }
            let _ = child.kill();
            let _ = child.wait();
            let log = fs::read_to_string(dir.path().join("opendkim.log")).unwrap_or_default();
            if attempt >= 4 || !log.contains("Address already in use") {
                return Err(harness_error(format!("opendkim did not start:\n{}", tail(&log, 20))));
            }
        }
        unreachable!()
    }

    /// The `main.cf` settings that make a Postfix check every incoming mail with this
    /// milter (and defer mail while it is down, rather than accept it unchecked), and drop
    /// the `Authentication-Results` fields a sender wrote.
    pub fn postfix_settings(&self) -> Vec<(String, String)> {
        vec![
            ("smtpd_milters".into(), format!("inet:127.0.0.1:{}", self.port)),
            ("milter_default_action".into(), "tempfail".into()),
            ("header_checks".into(), format!("regexp:{}", self.dir.path().join("header_checks").display())),
        ]
    }

    /// What OpenDKIM logged.
    pub fn log(&self) -> String {
        fs::read_to_string(self.dir.path().join("opendkim.log")).unwrap_or_default()
    }
}

impl Drop for OpenDkim {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
