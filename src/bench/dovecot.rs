//! A private Dovecot for `herald bench mail --imap`: IMAP on 127.0.0.1 and a free port, one
//! user with a random password, mail in `DIR/home/bench/Maildir`, every process as `nobody`
//! (as the tests' harness in tests/support/dovecot.rs runs it; see there for why each line).

use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::config::TlsMode;
use crate::mail::inbox::ImapSettings;
use crate::mail::inbox::imap::ImapLogin;

const USER: &str = "bench";
const DONE: &str = "Done";

/// The running server; killed (with its process group) on drop.
pub struct Dovecot {
    child: Child,
    port: u16,
    password: String,
    dir: PathBuf,
}

impl Dovecot {
    /// Starts Dovecot 2.3 with its files in `dir`, which should have a short path (its
    /// sockets live there).
    pub fn start(dir: &Path) -> Result<Dovecot, String> {
        let version = Command::new("dovecot").arg("--version").output().map_err(|e| {
            format!("dovecot cannot be run ({e}): install the Debian packages dovecot-core and dovecot-imapd")
        })?;
        if !String::from_utf8_lossy(&version.stdout).starts_with("2.3") {
            return Err("the IMAP benchmark writes Dovecot 2.3's configuration; this is another version".into());
        }
        let dir = std::path::absolute(dir).map_err(|e| e.to_string())?;
        for sub in ["run", "state", "home"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
            listener.local_addr().map_err(|e| e.to_string())?.port()
        };
        let password = format!("{:016x}", getrandom::u64().map_err(|e| e.to_string())?);
        let d = dir.display().to_string();
        let conf = format!(
            "base_dir = {d}/run\nstate_dir = {d}/state\nlog_path = {d}/dovecot.log\nprotocols = imap\n\
             listen = 127.0.0.1\nssl = no\ndisable_plaintext_auth = no\nauth_mechanisms = plain login\n\
             default_internal_user = nobody\ndefault_internal_group = nogroup\ndefault_login_user = nobody\n\
             passdb {{\n  driver = static\n  args = password={password}\n}}\n\
             userdb {{\n  driver = static\n  args = uid=65534 gid=65534 home={d}/home/%u\n}}\n\
             mail_location = maildir:~/Maildir\nservice anvil {{\n  chroot =\n}}\n\
             service imap-login {{\n  chroot =\n  inet_listener imap {{\n    port = {port}\n  }}\n  \
             inet_listener imaps {{\n    port = 0\n  }}\n}}\n"
        );
        std::fs::write(dir.join("dovecot.conf"), conf).map_err(|e| e.to_string())?;
        // The mail processes run as nobody and make the user's home.
        std::os::unix::fs::chown(dir.join("home"), Some(65534), Some(65534)).map_err(|e| e.to_string())?;
        let child = Command::new("dovecot")
            .arg("-F")
            .arg("-c")
            .arg(dir.join("dovecot.conf"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("starting dovecot: {e}"))?;
        let dovecot = Dovecot { child, port, password, dir };
        let deadline = Instant::now() + Duration::from_secs(15);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err(format!(
                    "dovecot did not listen on port {port}; see {}/dovecot.log",
                    dovecot.dir.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        Ok(dovecot)
    }

    /// What herald's IMAP inbox needs to read the user's INBOX, moving handled mail to Done.
    pub fn settings(&self) -> ImapSettings {
        ImapSettings {
            host: "127.0.0.1".into(),
            port: self.port,
            tls: TlsMode::None,
            user: USER.into(),
            login: ImapLogin::Password(self.password.clone()),
            folder: "INBOX".into(),
            done_folder: Some(DONE.into()),
            timeout: Duration::from_secs(60),
            extra_root_pem: Vec::new(),
        }
    }

    fn session(&self) -> Result<imap::Session<imap::Connection>, String> {
        let client = imap::ClientBuilder::new("127.0.0.1", self.port)
            .mode(imap::ConnectionMode::Plaintext)
            .connect()
            .map_err(|e| e.to_string())?;
        client.login(USER, &self.password).map_err(|(e, _)| e.to_string())
    }

    /// Appends each mail to INBOX.
    pub fn append(&self, mails: &[Vec<u8>]) -> Result<(), String> {
        let mut session = self.session()?;
        for mail in mails {
            session.append("INBOX", mail).finish().map_err(|e| format!("APPEND: {e}"))?;
        }
        let _ = session.logout();
        Ok(())
    }

    /// How many mails `folder` holds.
    pub fn count(&self, folder: &str) -> Result<usize, String> {
        let mut session = self.session()?;
        let mailbox = session.examine(folder).map_err(|e| format!("EXAMINE {folder}: {e}"))?;
        let _ = session.logout();
        Ok(mailbox.exists as usize)
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-9", "--", &format!("-{}", self.child.id())]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
