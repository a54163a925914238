//! A private Dovecot IMAP server per test, on 127.0.0.1 and a free port, with its own users
//! and folders: the IMAP inbox's tests run against the real server.
//!
//! # The set-up
//!
//! [`Dovecot::start`] makes a short temporary directory `D` (Dovecot's sockets live in its
//! `base_dir`, and a long path fails with "File name too long"), writes `D/dovecot.conf`
//! and runs `dovecot -F -c D/dovecot.conf` as a child, as root (as the Postfix harness
//! does). Its processes run as `nobody` (`default_internal_user`, `default_login_user`, the
//! static userdb), without chroot; a user's mail is the Maildir `D/home/USER/Maildir`, folders
//! as `.NAME` in it (a test may put a symbolic link there, to serve a Maildir of its own).
//!
//! * Passwords: a static passdb, [`PASSWORD`] for every user name: one mailbox per user.
//! * [`DovecotOptions::tls`]: IMAPS and STARTTLS with a leaf certificate for `IP:127.0.0.1`
//!   signed by a test CA made here with openssl ([`Dovecot::ca_pem`] to trust it).
//! * [`DovecotOptions::oauth2`]: SASL XOAUTH2/OAUTHBEARER checked offline: an `oauth2`
//!   passdb validating JWTs locally against an HS256 key this module writes;
//!   [`Dovecot::jwt`] makes tokens (signed with that key, or another to test refusal).
//! * [`DovecotOptions::auth_port`]: Dovecot's auth service also listens on that TCP port,
//!   so a Postfix can authenticate SMTP clients against these users:
//!   `smtpd_sasl_type = dovecot`, `smtpd_sasl_path = inet:127.0.0.1:PORT`,
//!   `smtpd_sasl_auth_enable = yes` (plain-text mechanisms are allowed: loopback only).
//!
//! [`Dovecot::restart`] kills the server (its whole process group, so that open connections
//! end too) and starts it again on the same port and files, as
//! a server restart looks to a client. Dropping the value kills it and removes `D`; a test
//! process that dies without unwinding is covered by a watchdog, as for Postfix (see
//! `harness.rs`).
//!
//! # Versions
//!
//! The configuration is Dovecot 2.3's (Debian 12's `dovecot-core`, `dovecot-imapd`). 2.4
//! rewrote the configuration format: on 2.4 [`Dovecot::start`] fails and says so.

#![allow(dead_code)]

use std::fs;
use std::io;
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use hmac::{KeyInit, Mac};

use super::certs::make_test_certificates;
use super::harness::{Watchdog, context, free_port, harness_error};
use super::tempdir::TempDir;

/// Every user's password.
pub const PASSWORD: &str = "s3cret";

/// The Debian packages the harness needs.
pub const INSTALL_HINT: &str = "install them as root with:\n  \
     DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends dovecot-core dovecot-imapd openssl";

/// What to switch on.
#[derive(Clone, Debug, Default)]
pub struct DovecotOptions {
    /// IMAPS (and STARTTLS on the plain port) with a test CA's certificate.
    pub tls: bool,
    /// XOAUTH2/OAUTHBEARER with locally validated HS256 JWTs.
    pub oauth2: bool,
    /// Every user's mail in this Maildir instead of `D/home/USER/Maildir` (it must be
    /// writable by `nobody`).
    pub maildir: Option<PathBuf>,
    /// A TCP port for Dovecot's auth service (SMTP AUTH for Postfix).
    pub auth_port: Option<u16>,
    /// The capabilities announced after login (`imap_capability`), to play a server that
    /// lacks IDLE, MOVE or UIDPLUS; `None`: Dovecot's own.
    pub capabilities: Option<String>,
    /// Passwords checked by a checkpassword program that [`Dovecot::set_logins_unavailable`]
    /// can make fail for now, as a password database that is down: Dovecot then answers
    /// `NO [UNAVAILABLE] Temporary authentication failure` (RFC 5530).
    pub fallible_passdb: bool,
}

/// A running private Dovecot.
pub struct Dovecot {
    child: Option<Child>,
    watchdog: Option<Watchdog>,
    port: u16,
    tls_port: Option<u16>,
    opts: DovecotOptions,
    /// Declared last: removed after the server stopped.
    dir: TempDir,
}

/// The HS256 key the oauth2 passdb checks tokens against.
const JWT_KEY: &[u8] = b"herald-test-jwt-key-0123456789abcdef";

impl Dovecot {
    /// Starts a Dovecot with these options.
    pub fn start(opts: DovecotOptions) -> io::Result<Dovecot> {
        let version = Command::new("dovecot")
            .arg("--version")
            .output()
            .map_err(|e| harness_error(format!("dovecot cannot be run ({e}): it is not installed; {INSTALL_HINT}")))?;
        let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
        if !version.starts_with("2.3") {
            return Err(harness_error(format!(
                "Dovecot {version} is installed; this harness writes Dovecot 2.3's configuration (2.4 changed \
                 the format): install Debian 12's dovecot-core and dovecot-imapd"
            )));
        }
        let dir = TempDir::new("hdc")?;
        let port = free_port()?;
        let tls_port = if opts.tls { Some(free_port()?) } else { None };
        let mut dovecot = Dovecot { child: None, watchdog: None, port, tls_port, opts, dir };
        dovecot.write_config()?;
        dovecot.run()?;
        Ok(dovecot)
    }

    /// The plain (and STARTTLS) IMAP port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The IMAPS port (with [`DovecotOptions::tls`]).
    pub fn tls_port(&self) -> u16 {
        self.tls_port.expect("started with tls")
    }

    /// The test CA's certificate (with [`DovecotOptions::tls`]).
    pub fn ca_pem(&self) -> Vec<u8> {
        fs::read(self.dir.path().join("ca.pem")).expect("the test CA")
    }

    /// The server's directory.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The Maildir of `user`.
    pub fn maildir(&self, user: &str) -> PathBuf {
        match &self.opts.maildir {
            Some(dir) => dir.clone(),
            None => self.dir.path().join("home").join(user).join("Maildir"),
        }
    }

    /// With [`DovecotOptions::fallible_passdb`]: every login fails for now (`true`) or is
    /// checked again (`false`).
    pub fn set_logins_unavailable(&self, unavailable: bool) {
        assert!(self.opts.fallible_passdb, "started without fallible_passdb");
        let flag = self.dir.path().join("auth-unavailable");
        if unavailable {
            fs::write(&flag, "").expect("the auth-unavailable flag");
        } else {
            let _ = fs::remove_file(&flag);
        }
    }

    /// The log so far.
    pub fn log(&self) -> String {
        fs::read_to_string(self.dir.path().join("dovecot.log")).unwrap_or_default()
    }

    /// The ports the server listens on: IMAP, and the auth service's when it has one.
    fn ports(&self) -> impl Iterator<Item = u16> {
        std::iter::once(self.port).chain(self.opts.auth_port)
    }

    /// Kills the server (SIGKILL, as a crash) and starts it again on the same port.
    pub fn restart(&mut self) -> io::Result<()> {
        self.kill();
        self.run()
    }

    /// Kills the server, leaving its files; [`Dovecot::restart`] brings it back.
    pub fn kill(&mut self) {
        self.watchdog = None;
        if let Some(mut child) = self.child.take() {
            // The whole process group: the imap processes would otherwise go on serving
            // the connections they have, and a client would never see the server go.
            let _ = Command::new("kill").args(["-9", "--", &format!("-{}", child.id())]).status();
            let _ = child.kill();
            let _ = child.wait();
        }
        // The master's children end within a second of its death; wait until none holds
        // the port, so the next start can bind it.
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.ports().any(|port| TcpStream::connect(("127.0.0.1", port)).is_ok()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A JWT for `user` valid for `seconds` (negative: expired), signed with the key the
    /// server trusts, or with another when `trusted` is false.
    pub fn jwt(&self, user: &str, seconds: i64, trusted: bool) -> String {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64;
        let header = base64url(br#"{"alg":"HS256","typ":"JWT"}"#);
        let claims = base64url(format!(r#"{{"sub":"{user}","iat":{now},"exp":{}}}"#, now + seconds).as_bytes());
        let key: &[u8] = if trusted { JWT_KEY } else { b"not-the-key-the-server-has-000000" };
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(key).unwrap();
        mac.update(format!("{header}.{claims}").as_bytes());
        format!("{header}.{claims}.{}", base64url(&mac.finalize().into_bytes()))
    }

    /// Logs in as `user` over plain IMAP (a test's own client).
    pub fn session(&self, user: &str) -> imap::Session<imap::Connection> {
        let client = imap::ClientBuilder::new("127.0.0.1", self.port)
            .mode(imap::ConnectionMode::Plaintext)
            .connect()
            .expect("connect to the test Dovecot");
        client.login(user, PASSWORD).map_err(|(e, _)| e).expect("log in to the test Dovecot")
    }

    /// Appends `raw` to `folder` of `user` (creating the folder if needed).
    pub fn append(&self, user: &str, folder: &str, raw: &[u8]) {
        let mut session = self.session(user);
        if folder != "INBOX" && session.list(None, Some(folder)).unwrap().is_empty() {
            session.create(folder).unwrap();
        }
        session.append(folder, raw).finish().expect("APPEND");
        let _ = session.logout();
    }

    /// The raw mails in `folder` of `user`, in UID order, with their flags.
    pub fn mails(&self, user: &str, folder: &str) -> Vec<(Vec<u8>, Vec<String>)> {
        let mut session = self.session(user);
        if folder != "INBOX" && session.list(None, Some(folder)).unwrap().is_empty() {
            return Vec::new();
        }
        let mailbox = session.examine(folder).unwrap();
        if mailbox.exists == 0 {
            let _ = session.logout();
            return Vec::new();
        }
        let fetches = session.uid_fetch("1:*", "(UID FLAGS BODY.PEEK[])").unwrap();
        let mut out: Vec<(u32, Vec<u8>, Vec<String>)> = fetches
            .iter()
            .map(|f| {
                let flags = f.flags().iter().map(|flag| flag.to_string()).collect();
                (f.uid.unwrap(), f.body().unwrap_or_default().to_vec(), flags)
            })
            .collect();
        let _ = session.logout();
        out.sort_by_key(|(uid, ..)| *uid);
        out.into_iter().map(|(_, raw, flags)| (raw, flags)).collect()
    }

    fn write_config(&self) -> io::Result<()> {
        let d = self.dir.path();
        for sub in ["run", "state", "home", "keys/default/HS256"] {
            fs::create_dir_all(d.join(sub)).map_err(context("making Dovecot's directories"))?;
        }
        let b64 = base64(JWT_KEY);
        fs::write(d.join("keys/default/HS256/default"), b64).map_err(context("writing the JWT key"))?;
        let mail = match &self.opts.maildir {
            Some(dir) => format!("mail=maildir:{}", dir.display()),
            None => String::new(),
        };
        let mut mechanisms = "plain login".to_owned();
        let mut passdbs = format!("passdb {{\n  driver = static\n  args = password={PASSWORD}\n}}\n");
        if self.opts.fallible_passdb {
            // The checkpassword protocol: the user name and password NUL-terminated on fd 3;
            // exit 111 is a temporary failure, 1 a wrong password, and success runs the
            // program Dovecot passes as the arguments.
            let script = d.join("checkpassword");
            fs::write(
                &script,
                format!(
                    "#!/bin/bash\n[ -e {flag} ] && exit 111\nIFS= read -r -d '' user <&3\n\
                     IFS= read -r -d '' password <&3\n[ \"$password\" = '{PASSWORD}' ] || exit 1\nexec \"$@\"\n",
                    flag = d.join("auth-unavailable").display()
                ),
            )
            .map_err(context("writing the checkpassword program"))?;
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&script, fs::Permissions::from_mode(0o755))
                .map_err(context("making the checkpassword program executable"))?;
            passdbs = format!("passdb {{\n  driver = checkpassword\n  args = {}\n}}\n", script.display());
        }
        if self.opts.oauth2 {
            mechanisms.push_str(" xoauth2 oauthbearer");
            fs::write(
                d.join("oauth2.conf"),
                format!(
                    "introspection_mode = local\nlocal_validation_key_dict = fs:posix:prefix={}/keys/\n\
                     username_attribute = sub\n",
                    d.display()
                ),
            )
            .map_err(context("writing oauth2.conf"))?;
            passdbs = format!(
                "passdb {{\n  driver = static\n  args = password={PASSWORD}\n  mechanisms = plain login\n}}\n\
                 passdb {{\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = {}/oauth2.conf\n}}\n",
                d.display()
            );
        }
        let mut ssl = "ssl = no\n".to_owned();
        let mut imaps = 0;
        if let Some(port) = self.tls_port {
            // rustls refuses a self-signed leaf: a test CA and a leaf it signed.
            make_test_certificates(d, "IP:127.0.0.1")?;
            ssl = format!("ssl = yes\nssl_cert = <{0}/server.pem\nssl_key = <{0}/server.key\n", d.display());
            imaps = port;
        }
        let auth = match self.opts.auth_port {
            Some(port) => {
                format!("service auth {{\n  inet_listener {{\n    address = 127.0.0.1\n    port = {port}\n  }}\n}}\n")
            }
            None => String::new(),
        };
        let capability = match &self.opts.capabilities {
            Some(list) => format!("imap_capability = {list}\n"),
            None => String::new(),
        };
        let conf = format!(
            "base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap
listen = 127.0.0.1
{ssl}disable_plaintext_auth = no
auth_mechanisms = {mechanisms}
auth_failure_delay = 0
default_internal_user = nobody
default_internal_group = nogroup
default_login_user = nobody
{passdbs}userdb {{
  driver = static
  args = uid=65534 gid=65534 home={d}/home/%u {mail}
}}
mail_location = maildir:~/Maildir
# During IDLE Dovecot learns of new mail from inotify, and checks the folder itself every
# mailbox_idle_check_interval (30 s by default) for what inotify missed: a mail delivered just
# as an IDLE begins. The tests wait 15 s for an answer, so the check comes every second.
mailbox_idle_check_interval = 1 secs
{capability}service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    port = {port}
  }}
  inet_listener imaps {{
    port = {imaps}
  }}
}}
{auth}",
            d = d.display(),
            port = self.port,
        );
        fs::write(d.join("dovecot.conf"), conf).map_err(context("writing dovecot.conf"))?;
        // nobody makes the homes and Maildirs.
        let chown = Command::new("chown").args(["-R", "nobody:nogroup"]).arg(d.join("home")).status();
        if !chown.is_ok_and(|s| s.success()) {
            return Err(harness_error("chown of Dovecot's home directories to nobody failed"));
        }
        Ok(())
    }

    fn run(&mut self) -> io::Result<()> {
        let conf = self.dir.path().join("dovecot.conf");
        let child = Command::new("dovecot")
            .arg("-F")
            .arg("-c")
            .arg(&conf)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| harness_error(format!("dovecot cannot be started ({e}); {INSTALL_HINT}")))?;
        let pid = child.id().to_string();
        self.watchdog = Some(Watchdog::spawn("kill -9 -- \"-$1\"", &[std::ffi::OsStr::new(&pid)])?);
        self.child = Some(child);
        // Ready when every listener is: the auth service too, or a Postfix smtpd started
        // in between finds no SASL service and closes its connection without a greeting.
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.ports().any(|port| TcpStream::connect(("127.0.0.1", port)).is_err()) {
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                let mut stderr = String::new();
                if let Some(mut err) = self.child.take().and_then(|mut c| c.stderr.take()) {
                    let _ = io::Read::read_to_string(&mut err, &mut stderr);
                }
                return Err(harness_error(format!("dovecot exited ({status}):\n{stderr}\n{}", self.log())));
            }
            if Instant::now() > deadline {
                let ports: Vec<String> = self.ports().map(|port| port.to_string()).collect();
                return Err(harness_error(format!("dovecot did not open ports {}:\n{}", ports.join(", "), self.log())));
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        Ok(())
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        self.kill();
    }
}

fn base64(bytes: &[u8]) -> String {
    encode(bytes, b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", true)
}

fn base64url(bytes: &[u8]) -> String {
    encode(bytes, b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", false)
}

/// Base64 (RFC 4648) with `alphabet`, padded or not.
fn encode(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(alphabet[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
        if pad {
            out.push_str(&"=".repeat(3 - chunk.len()));
        }
    }
    out
}

#[test]
fn base64_matches_rfc_4648_test_vectors() {
    let vectors =
        [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE=")];
    for (plain, encoded) in vectors {
        assert_eq!(base64(plain.as_bytes()), encoded);
        assert_eq!(base64url(plain.as_bytes()), encoded.trim_end_matches('='));
    }
}
