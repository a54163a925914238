//! A private certificate authority for the tests' TLS servers (Postfix, Dovecot, aiosmtpd):
//! rustls refuses a self-signed certificate as a server's own, so each test makes a CA and a
//! server certificate it signed, and trusts the CA alone.

use std::fs;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};

use super::harness::harness_error;

/// Writes into `dir` a test CA (`ca.pem`, `ca.key`) and a server certificate it signed
/// (`server.pem`, `server.key`) whose subjectAltName is `names`, e.g.
/// `IP:127.0.0.1,DNS:localhost`; P-256 keys, valid for two days.
pub fn make_test_certificates(dir: &Path, names: &str) -> io::Result<()> {
    let openssl = |args: &[&str]| -> io::Result<()> {
        let out =
            Command::new("openssl").args(args).current_dir(dir).stdin(Stdio::null()).output().map_err(|e| {
                harness_error(format!("openssl cannot be run ({e}); install the Debian package openssl"))
            })?;
        if !out.status.success() {
            return Err(harness_error(format!("openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr))));
        }
        Ok(())
    };
    let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
    openssl(
        &[
            &["req", "-x509"][..],
            &ec,
            &["-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=herald test CA"],
            &["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
        ]
        .concat(),
    )?;
    openssl(
        &[&["req"][..], &ec, &["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=herald test server"]]
            .concat(),
    )?;
    fs::write(
        dir.join("server.ext"),
        format!(
            "subjectAltName={names}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n\
             extendedKeyUsage=serverAuth\n"
        ),
    )?;
    openssl(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-set_serial",
        "2",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        "server.pem",
    ])
}
