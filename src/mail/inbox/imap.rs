//! An IMAP folder as the inbox (RFC 9051/3501, with IDLE RFC 2177, MOVE RFC 6851 and
//! UIDPLUS RFC 4315 where the server has them), through the `imap` crate.
//!
//! # What waits, and what "handled" does
//!
//! Every mail in `inbox.imap.folder` that is not deleted and carries neither keyword below
//! waits (`UID SEARCH UNDELETED UNKEYWORD $HeraldDone UNKEYWORD $HeraldSetAside`). After
//! the commit, a handled mail
//!
//! * with `done_folder`: is moved there (`UID MOVE`; without MOVE, `UID COPY`, then
//!   `\Deleted` and, with UIDPLUS, `UID EXPUNGE` of exactly those UIDs, never a plain
//!   EXPUNGE that would remove what another client deleted; without UIDPLUS it stays,
//!   `\Deleted` and `$HeraldDone`, for the next expunge of whoever owns the mailbox);
//! * without `done_folder`: stays, marked `\Seen` and `$HeraldDone`.
//!
//! A mail that can never be handled is set aside: it stays in the folder, `\Flagged` and
//! `$HeraldSetAside`, unseen, so it stands out in a mail client.
//!
//! # Crashes, drops and UIDVALIDITY
//!
//! Nothing is remembered between sessions: each pass searches afresh. A mail handled but
//! not yet moved when herald died or the connection dropped is found again and its second
//! handling is a no-op (the inbox table's delivery key). A UID is only ever used in the
//! session that read it (a [`MailRef`] carries the session's number and, for the logs, the
//! UIDVALIDITY): a UID from before a reconnect is never used, since the folder's UIDVALIDITY
//! may have changed meanwhile (the server rebuilt its index and numbered the mails anew) and
//! the UID may name another mail now; those mails are simply found again.
//!
//! # Waiting
//!
//! With IDLE the wait ends ~0.5 s after new mail arrives (Dovecot), at the daemon's next
//! pass, or when `stop` is raised (a watcher shuts the socket down, which ends the IDLE at
//! once). Each IDLE lasts one pass (`inbox.poll_seconds`, at most 28 minutes, below the
//! 29 that RFC 2177 allows). Without IDLE herald polls: a NOOP and a search each pass (the
//! NOOP so that the server tells of mail that came since its last answer, which a SEARCH
//! alone would not see).
//!
//! # TLS
//!
//! `tls` (implicit, port 993) or `starttls` (port 143, refused if the server will not
//! upgrade: no downgrade to plain text); `none` only to this machine, which the
//! configuration checks. Server certificates are checked against the system's roots plus
//! those of `inbox.imap.ca_file` ([`ImapSettings::extra_root_pem`]).

use std::fmt;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use imap::types::UnsolicitedResponse;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};

use super::{Inbox, InboxError, MailRef};
use crate::config::{self, Login, TlsMode};
use crate::mail::oauth;

/// The keyword of a handled mail left in the folder (no `done_folder`).
pub const DONE_KEYWORD: &str = "$HeraldDone";
/// The keyword of a mail set aside.
pub const SET_ASIDE_KEYWORD: &str = "$HeraldSetAside";

/// How herald proves who it is.
#[derive(Clone)]
pub enum ImapLogin {
    /// LOGIN with this password.
    Password(String),
    /// AUTHENTICATE XOAUTH2 with the token this command prints ([`oauth::run_token_command`]).
    TokenCommand(String),
}

/// Everything [`ImapInbox`] needs: `inbox.imap` with the password read and the defaults
/// filled in.
#[derive(Clone)]
pub struct ImapSettings {
    /// Host name or IP address; also the name the certificate must match.
    pub host: String,
    /// Port.
    pub port: u16,
    /// TLS mode.
    pub tls: TlsMode,
    /// The login name.
    pub user: String,
    /// The password or the token command.
    pub login: ImapLogin,
    /// The folder mail arrives in.
    pub folder: String,
    /// Where handled mail goes; `None`: it stays, marked.
    pub done_folder: Option<String>,
    /// Limit for connecting and for each read or write outside IDLE.
    pub timeout: Duration,
    /// Further root certificates (PEM) trusted besides the system's: the contents of
    /// `inbox.imap.ca_file`.
    pub extra_root_pem: Vec<Vec<u8>>,
}

impl fmt::Debug for ImapSettings {
    /// Everything but the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("login", &matches!(self.login, ImapLogin::Password(_)).then_some("password").unwrap_or("xoauth2"))
            .field("folder", &self.folder)
            .field("done_folder", &self.done_folder)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl ImapSettings {
    /// The settings of `inbox.imap`; the password is read from the variable `password_env`
    /// names.
    ///
    /// # Errors
    ///
    /// When the variable is not set (the message names it) or the configuration lacks what
    /// its `auth` needs.
    pub fn from_config(config: &config::Imap) -> Result<ImapSettings, String> {
        let login = match config.auth {
            Login::Password => {
                let var = config.password_env.as_deref().ok_or("inbox.imap.password_env is not set")?;
                match std::env::var(var) {
                    Ok(password) => ImapLogin::Password(password),
                    Err(_) => {
                        return Err(format!(
                            "the environment variable {var} (inbox.imap.password_env) is not set or not UTF-8: it \
                             must hold the IMAP password of {}",
                            config.user
                        ));
                    }
                }
            }
            Login::Xoauth2 => ImapLogin::TokenCommand(
                config.token_command.clone().ok_or("inbox.imap.auth is xoauth2 but token_command is not set")?,
            ),
        };
        Ok(ImapSettings {
            host: config.host.clone(),
            port: config.port.unwrap_or(if config.tls == TlsMode::Tls { 993 } else { 143 }),
            tls: config.tls,
            user: config.user.clone(),
            login,
            folder: config.folder.clone(),
            done_folder: config.done_folder.clone(),
            timeout: Duration::from_secs(config.timeout_seconds.max(1)),
            extra_root_pem: config
                .ca_file
                .as_deref()
                .map(|path| config::read_ca_file("inbox.imap.ca_file", path))
                .transpose()?
                .into_iter()
                .collect(),
        })
    }

    fn server(&self) -> String {
        format!("IMAP {}:{}", self.host, self.port)
    }
}

type Session = imap::Session<imap::Connection>;

/// One logged-in session with the folder selected.
struct Open {
    session: Session,
    /// The same socket as the session's, to set its timeouts and to end an IDLE from the
    /// watcher when `stop` is raised.
    socket: TcpStream,
    /// This session's number: a [`MailRef`] is used only in the session that read it.
    serial: u64,
    /// The folder's UIDVALIDITY at SELECT.
    validity: u32,
    idle: bool,
    moves: bool,
    uidplus: bool,
}

/// The IMAP inbox: connects at first use and again after any failure.
pub struct ImapInbox {
    settings: ImapSettings,
    open: Option<Open>,
}

impl ImapInbox {
    /// An inbox that will connect with `settings` when first used.
    pub fn new(settings: ImapSettings) -> ImapInbox {
        ImapInbox { settings, open: None }
    }

    /// The session, opened (logged in, folder selected) if there is none.
    fn session(&mut self) -> Result<&mut Open, InboxError> {
        if self.open.is_none() {
            self.open = Some(connect(&self.settings)?);
        }
        Ok(self.open.as_mut().expect("opened above"))
    }

    /// Runs `work` on the session; any failure drops the session, so that the next call
    /// starts a new one.
    fn with_session<T>(
        &mut self,
        work: impl FnOnce(&mut Open, &ImapSettings) -> Result<T, InboxError>,
    ) -> Result<T, InboxError> {
        self.session()?;
        let open = self.open.as_mut().expect("opened above");
        let result = work(open, &self.settings);
        if result.is_err() {
            self.open = None;
        }
        result
    }
}

impl Open {
    fn mail(&self, uid: u32) -> MailRef {
        MailRef::Uid { session: self.serial, validity: self.validity, uid }
    }
}

impl Drop for ImapInbox {
    fn drop(&mut self) {
        self.close();
    }
}

impl Inbox for ImapInbox {
    fn waiting(&mut self) -> Result<Vec<MailRef>, InboxError> {
        self.with_session(|open, settings| {
            // A server tells of new mail only at the end of a command (RFC 3501 §5.2, §7),
            // and a SEARCH looks only at the mails it has told of: without a NOOP first, a
            // mail that came since the last command would wait for the next poll. (After an
            // IDLE the server has told already; the NOOP is one round trip.)
            open.session.noop().map_err(|e| transient(settings, "asking for news", &e))?;
            // What arrived is in the search's answer; the notices of it are not needed.
            drop(open.session.take_all_unsolicited());
            let query = format!("UNDELETED UNKEYWORD {DONE_KEYWORD} UNKEYWORD {SET_ASIDE_KEYWORD}");
            let found = open.session.uid_search(&query).map_err(|e| transient(settings, "searching the folder", &e))?;
            let mut uids: Vec<u32> = found.into_iter().collect();
            uids.sort_unstable();
            Ok(uids.into_iter().map(|uid| open.mail(uid)).collect())
        })
    }

    fn fetch(&mut self, mails: &[MailRef], limit: usize) -> Result<Vec<(MailRef, Vec<u8>)>, InboxError> {
        self.with_session(|open, settings| {
            let uids = current_uids(open.serial, mails);
            if uids.is_empty() {
                return Ok(Vec::new());
            }
            // A partial fetch: the server sends at most limit + 1 bytes of each.
            let items = format!("(UID BODY.PEEK[]<0.{}>)", limit.saturating_add(1));
            let fetches =
                open.session.uid_fetch(uid_set(&uids), items).map_err(|e| transient(settings, "fetching mail", &e))?;
            let mut bodies = std::collections::HashMap::new();
            for fetch in fetches.iter() {
                if let (Some(uid), Some(body)) = (fetch.uid, fetch.body()) {
                    bodies.insert(uid, body.to_vec());
                }
            }
            Ok(uids.iter().filter_map(|uid| bodies.remove(uid).map(|raw| (open.mail(*uid), raw))).collect())
        })
    }

    fn mark_handled(&mut self, mails: &[MailRef]) -> Result<(), InboxError> {
        self.with_session(|open, settings| {
            let uids = current_uids(open.serial, mails);
            if uids.is_empty() {
                return Ok(());
            }
            let set = uid_set(&uids);
            let failed = |e: &imap::Error| transient(settings, "marking handled mail", e);
            let Some(done) = &settings.done_folder else {
                open.session
                    .uid_store(&set, format!("+FLAGS.SILENT (\\Seen {DONE_KEYWORD})"))
                    .map_err(|e| failed(&e))?;
                return Ok(());
            };
            if open.moves {
                open.session.uid_mv(&set, done).map_err(|e| failed(&e))?;
                return Ok(());
            }
            open.session.uid_copy(&set, done).map_err(|e| failed(&e))?;
            if open.uidplus {
                open.session.uid_store(&set, "+FLAGS.SILENT (\\Deleted)").map_err(|e| failed(&e))?;
                open.session.uid_expunge(&set).map_err(|e| failed(&e))?;
            } else {
                // A plain EXPUNGE would also remove what other clients marked deleted; the
                // keyword keeps the copy left behind out of the waiting set.
                open.session
                    .uid_store(&set, format!("+FLAGS.SILENT (\\Deleted {DONE_KEYWORD})"))
                    .map_err(|e| failed(&e))?;
            }
            Ok(())
        })
    }

    fn set_aside(&mut self, mails: &[MailRef]) -> Result<(), InboxError> {
        self.with_session(|open, settings| {
            let uids = current_uids(open.serial, mails);
            if uids.is_empty() {
                return Ok(());
            }
            open.session
                .uid_store(uid_set(&uids), format!("+FLAGS.SILENT (\\Flagged {SET_ASIDE_KEYWORD})"))
                .map_err(|e| transient(settings, "setting mail aside", &e))?;
            Ok(())
        })
    }

    fn wait(&mut self, until: Instant, stop: &AtomicBool) -> Result<(), InboxError> {
        let idle = self.session()?.idle;
        if !idle {
            while Instant::now() < until && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(100).min(until.saturating_duration_since(Instant::now())));
            }
            return Ok(());
        }
        let result = self.with_session(|open, settings| idle_until(open, settings, until, stop));
        if stop.load(Ordering::SeqCst) {
            // The watcher shut the socket down: this session is over.
            self.open = None;
        }
        result
    }

    fn close(&mut self) {
        if let Some(mut open) = self.open.take() {
            let _ = open.session.logout();
        }
    }
}

/// One IDLE, until new mail, `until`, or `stop`.
fn idle_until(open: &mut Open, settings: &ImapSettings, until: Instant, stop: &AtomicBool) -> Result<(), InboxError> {
    // Mail that arrived while herald was busy was announced then: no need to idle.
    let announced = open
        .session
        .take_all_unsolicited()
        .any(|response| matches!(response, UnsolicitedResponse::Exists(_) | UnsolicitedResponse::Recent(_)));
    let left = until.saturating_duration_since(Instant::now());
    if announced || left < Duration::from_millis(50) || stop.load(Ordering::SeqCst) {
        return Ok(());
    }
    let watcher_socket = open.socket.try_clone().map_err(|e| transient_io(settings, "idling", &e))?;
    let finished = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::SeqCst) {
                if stop.load(Ordering::SeqCst) {
                    let _ = watcher_socket.shutdown(Shutdown::Both);
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        let outcome =
            open.session.idle().timeout(left).keepalive(false).wait_while(imap::extensions::idle::stop_on_any);
        finished.store(true, Ordering::SeqCst);
        outcome
    });
    if stop.load(Ordering::SeqCst) {
        return Ok(());
    }
    outcome.map_err(|e| transient(settings, "idling", &e))?;
    // The crate leaves the socket without a read timeout after an IDLE.
    open.socket.set_read_timeout(Some(settings.timeout)).map_err(|e| transient_io(settings, "idling", &e))?;
    Ok(())
}

/// Connects, logs in, learns the capabilities, makes `done_folder` if missing, and selects
/// the folder.
fn connect(settings: &ImapSettings) -> Result<Open, InboxError> {
    let server = settings.server();
    let socket = open_socket(settings)?;
    let watch = socket.try_clone().map_err(|e| transient_io(settings, "connecting", &e))?;
    let client = match settings.tls {
        TlsMode::None => greeted(imap::Client::new(Box::new(socket) as imap::Connection), settings)?,
        TlsMode::Tls => {
            let tls = handshake(settings, socket)?;
            greeted(imap::Client::new(tls), settings)?
        }
        TlsMode::Starttls => {
            let mut socket = socket;
            starttls_exchange(&mut socket, &settings.server())?;
            let mut client = imap::Client::new(handshake(settings, socket)?);
            // The greeting came before STARTTLS.
            client.greeting_read = true;
            client
        }
    };
    let mut session = log_in(client, settings)?;
    let capabilities = session.capabilities().map_err(|e| transient(settings, "asking for capabilities", &e))?;
    let (idle, moves, uidplus) =
        (capabilities.has_str("IDLE"), capabilities.has_str("MOVE"), capabilities.has_str("UIDPLUS"));
    drop(capabilities);
    if let Some(done) = &settings.done_folder {
        let exists =
            !session.list(None, Some(done)).map_err(|e| transient(settings, "listing folders", &e))?.is_empty();
        if !exists {
            session.create(done).map_err(|e| {
                InboxError::permanent(format!(
                    "{server}: inbox.imap.done_folder {done:?} cannot be created: {}",
                    reason(&e)
                ))
            })?;
        }
    }
    let mailbox = session.select(&settings.folder).map_err(|e| match e {
        imap::Error::No(_) | imap::Error::Bad(_) => InboxError::permanent(format!(
            "{server}: inbox.imap.folder {:?} cannot be opened: {}",
            settings.folder,
            reason(&e)
        )),
        other => transient(settings, "opening the folder", &other),
    })?;
    // RFC 3501 makes UIDVALIDITY mandatory in SELECT's answer; it is kept for the logs,
    // since herald uses a UID only in the session that read it anyway.
    let validity = mailbox.uid_validity.unwrap_or(0);
    static SESSIONS: AtomicU64 = AtomicU64::new(0);
    let serial = SESSIONS.fetch_add(1, Ordering::Relaxed);
    Ok(Open { session, socket: watch, serial, validity, idle, moves, uidplus })
}

fn open_socket(settings: &ImapSettings) -> Result<TcpStream, InboxError> {
    let addresses = (settings.host.as_str(), settings.port)
        .to_socket_addrs()
        .map_err(|e| transient_io(settings, "looking up the host", &e))?;
    let mut last = None;
    for address in addresses {
        match TcpStream::connect_timeout(&address, settings.timeout) {
            Ok(socket) => {
                socket
                    .set_read_timeout(Some(settings.timeout))
                    .map_err(|e| transient_io(settings, "connecting", &e))?;
                socket
                    .set_write_timeout(Some(settings.timeout))
                    .map_err(|e| transient_io(settings, "connecting", &e))?;
                return Ok(socket);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) => transient_io(settings, "connecting", &e),
        None => InboxError::transient(format!("{}: the host has no address", settings.server())),
    })
}

/// The plain-text half of STARTTLS (RFC 3501 6.2.1) on `stream`: the greeting, `STARTTLS`,
/// and its tagged OK; `server` names the server in errors. The `imap` crate does this only
/// inside its own connector, which cannot take herald's root certificates or give back the
/// socket; the exchange is three lines. Reads nothing past the OK line, which the TLS
/// handshake follows. A server that refuses is a permanent error: no fallback to plain text.
pub fn starttls_exchange<S: Read + Write>(stream: &mut S, server: &str) -> Result<(), InboxError> {
    let failed = |e: std::io::Error| InboxError::transient(format!("{server} starting TLS: {e}"));
    let greeting = read_line(stream).map_err(failed)?;
    if !greeting.starts_with(b"* OK") {
        return Err(InboxError::transient(format!("{server}: the server did not greet with OK")));
    }
    stream.write_all(b"h0 STARTTLS\r\n").map_err(failed)?;
    loop {
        let line = read_line(stream).map_err(failed)?;
        if line.starts_with(b"h0 OK") {
            return Ok(());
        }
        if line.starts_with(b"h0 ") {
            return Err(InboxError::permanent(format!(
                "{server} does not offer STARTTLS, which inbox.imap.tls asks for (herald does not fall back to plain text)"
            )));
        }
    }
}

/// The longest line [`starttls_exchange`] reads.
pub const LONGEST_LINE: usize = 64 * 1024;

/// One line, read a byte at a time: nothing after it may be consumed.
fn read_line(stream: &mut impl Read) -> std::io::Result<Vec<u8>> {
    let mut line = Vec::new();
    let mut byte = [0u8];
    while !line.ends_with(b"\n") {
        if stream.read(&mut byte)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        line.push(byte[0]);
        if line.len() > LONGEST_LINE {
            return Err(std::io::Error::other("a line of more than 64 KiB"));
        }
    }
    Ok(line)
}

fn greeted(
    mut client: imap::Client<imap::Connection>,
    settings: &ImapSettings,
) -> Result<imap::Client<imap::Connection>, InboxError> {
    client.read_greeting().map_err(|e| transient(settings, "reading the greeting", &e))?;
    Ok(client)
}

/// The TLS session over the socket: rustls, the same as the SMTP transport's (lettre's), with
/// the ring provider. The IMAP crate takes any stream that can set its read timeout.
#[derive(Debug)]
struct TlsSocket(rustls::StreamOwned<rustls::ClientConnection, TcpStream>);

impl Read for TlsSocket {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

impl Write for TlsSocket {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

impl imap::extensions::idle::SetReadTimeout for TlsSocket {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        self.0.sock.set_read_timeout(timeout).map_err(imap::Error::Io)
    }
}

/// The roots a server's certificate is checked against: the system's and `inbox.imap.ca_file`'s.
fn roots(settings: &ImapSettings) -> Result<rustls::RootCertStore, InboxError> {
    let server = settings.server();
    let native = rustls_native_certs::load_native_certs();
    if native.certs.is_empty() && settings.extra_root_pem.is_empty() {
        let why = native.errors.first().map_or_else(|| "none found".to_string(), |e| e.to_string());
        return Err(InboxError::permanent(format!("{server}: the system's root certificates cannot be read: {why}")));
    }
    let mut roots = rustls::RootCertStore::empty();
    // As lettre does: a certificate of the system's store that rustls cannot use is left out.
    roots.add_parsable_certificates(native.certs);
    for pem in &settings.extra_root_pem {
        let certificates: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<_, _>>()
            .map_err(|e| InboxError::permanent(format!("an extra root certificate cannot be read: {e:?}")))?;
        roots.add_parsable_certificates(certificates);
    }
    Ok(roots)
}

fn handshake(settings: &ImapSettings, mut socket: TcpStream) -> Result<imap::Connection, InboxError> {
    let server = settings.server();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| InboxError::permanent(format!("{server}: cannot set up TLS: {e}")))?
        .with_root_certificates(roots(settings)?)
        .with_no_client_auth();
    let name = ServerName::try_from(settings.host.clone()).map_err(|e| {
        InboxError::permanent(format!("{server}: {:?} is not a server name for TLS: {e}", settings.host))
    })?;
    let mut session = rustls::ClientConnection::new(Arc::new(config), name)
        .map_err(|e| InboxError::permanent(format!("{server}: cannot set up TLS: {e}")))?;
    // The handshake whole, here, so that its failure is told as one.
    while session.is_handshaking() {
        session.complete_io(&mut socket).map_err(|e| {
            let message = format!(
                "{server}: TLS handshake failed: {e} (the server's certificate must be valid for {} and signed by a \
                 CA the system trusts or one in inbox.imap.ca_file)",
                settings.host
            );
            // rustls's own verdicts (a certificate the roots do not vouch for, no common
            // protocol) come as InvalidData: retrying will not change them. A connection lost
            // or timed out on the way may go better next time.
            if e.kind() == std::io::ErrorKind::InvalidData {
                InboxError::permanent(message)
            } else {
                InboxError::transient(message)
            }
        })?;
    }
    Ok(Box::new(TlsSocket(rustls::StreamOwned::new(session, socket))))
}

/// Logs in. A refusal is read by its RFC 5530 response code (see [`LoginRefusal`]): a server
/// that cannot check credentials just now is tried again, one that refuses them is not; a
/// connection lost during the login is tried again.
fn log_in(client: imap::Client<imap::Connection>, settings: &ImapSettings) -> Result<Session, InboxError> {
    let server = settings.server();
    let user = &settings.user;
    let refused = |e: imap::Error, how: &str| match e {
        imap::Error::No(_) | imap::Error::Bad(_) => {
            let words = reason(&e);
            match LoginRefusal::of(&words) {
                LoginRefusal::ForNow => InboxError::transient(format!(
                    "{server} could not check the {how} login of {user} just now: {words}"
                )),
                LoginRefusal::Refused => {
                    InboxError::permanent(format!("{server} refused the {how} login of {user}: {words}"))
                }
            }
        }
        other => transient(settings, "logging in", &other),
    };
    match &settings.login {
        ImapLogin::Password(password) => client.login(user, password).map_err(|(e, _)| refused(e, "password")),
        ImapLogin::TokenCommand(command) => {
            let token = oauth::run_token_command(command, "inbox.imap.token_command", oauth::TOKEN_COMMAND_TIMEOUT)
                .map_err(|e| InboxError::transient(e.to_string()))?;
            let authenticator =
                Xoauth2 { response: oauth::xoauth2_response(user, &token), sent: AtomicBool::new(false) };
            client.authenticate("XOAUTH2", &authenticator).map_err(|(e, _)| refused(e, "XOAUTH2"))
        }
    }
}

/// What a NO (or BAD) to LOGIN or AUTHENTICATE means, by its response code (RFC 5530 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoginRefusal {
    /// The server could not decide just now: `UNAVAILABLE` (its password database or token
    /// check is down), `SERVERBUG`, `INUSE`, `LIMIT`. Worth trying again later.
    ForNow,
    /// The credentials (or the account) are refused: `AUTHENTICATIONFAILED`,
    /// `AUTHORIZATIONFAILED`, `EXPIRED`, `PRIVACYREQUIRED`, `CONTACTADMIN`, any other code, or
    /// none (servers before RFC 5530 answer a wrong password with a plain NO). Trying again
    /// fails the same way, and providers lock accounts that keep trying.
    Refused,
}

impl LoginRefusal {
    /// Reads the server's text after `NO`: `[CODE] words`. The `imap` crate leaves codes it
    /// does not know (all of RFC 5530's) in the text.
    pub fn of(text: &str) -> LoginRefusal {
        let code = text
            .trim_start()
            .strip_prefix('[')
            .and_then(|rest| rest.split(']').next())
            .map(|code| code.split_whitespace().next().unwrap_or("").to_ascii_uppercase());
        match code.as_deref() {
            Some("UNAVAILABLE" | "SERVERBUG" | "INUSE" | "LIMIT") => LoginRefusal::ForNow,
            _ => LoginRefusal::Refused,
        }
    }
}

/// SASL XOAUTH2: the response once; after a failure the server sends a JSON error as a
/// challenge and wants an empty answer before its NO.
struct Xoauth2 {
    response: String,
    sent: AtomicBool,
}

impl imap::Authenticator for Xoauth2 {
    type Response = String;

    fn process(&self, _challenge: &[u8]) -> String {
        if self.sent.swap(true, Ordering::SeqCst) { String::new() } else { self.response.clone() }
    }
}

/// The UIDs of `mails` read in session `serial`; others are from an earlier session, whose
/// numbering may no longer hold (a new UIDVALIDITY), and are left to be found again.
fn current_uids(serial: u64, mails: &[MailRef]) -> Vec<u32> {
    mails
        .iter()
        .filter_map(|mail| match mail {
            MailRef::Uid { session, uid, .. } if *session == serial => Some(*uid),
            _ => None,
        })
        .collect()
}

/// `1,2,5`: an IMAP sequence set of UIDs.
fn uid_set(uids: &[u32]) -> String {
    uids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// The server's words for a NO or BAD, else the error.
fn reason(e: &imap::Error) -> String {
    match e {
        imap::Error::No(no) => no.information.clone(),
        imap::Error::Bad(bad) => bad.information.clone(),
        other => other.to_string(),
    }
}

fn transient(settings: &ImapSettings, doing: &str, e: &imap::Error) -> InboxError {
    InboxError::transient(format!("{} {doing}: {}", settings.server(), reason(e)))
}

fn transient_io(settings: &ImapSettings, doing: &str, e: &std::io::Error) -> InboxError {
    InboxError::transient(format!("{} {doing}: {e}", settings.server()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_login_is_read_by_its_rfc_5530_code() {
        for text in [
            "[UNAVAILABLE] Temporary authentication failure. [vm:2026-11-27 17:49:22]",
            "[unavailable] down",
            "[SERVERBUG] oops",
            "[INUSE] mailbox locked",
            "[LIMIT] too many connections",
        ] {
            assert_eq!(LoginRefusal::of(text), LoginRefusal::ForNow, "{text}");
        }
        for text in [
            "[AUTHENTICATIONFAILED] Authentication failed.",
            "[AUTHORIZATIONFAILED] no",
            "[EXPIRED] password expired",
            "[PRIVACYREQUIRED] use TLS",
            "[CONTACTADMIN] locked",
            "Invalid credentials",
            "",
            "UNAVAILABLE without brackets",
        ] {
            assert_eq!(LoginRefusal::of(text), LoginRefusal::Refused, "{text}");
        }
    }

    #[test]
    fn uids_of_another_session_are_never_used() {
        let mails = [
            MailRef::Uid { session: 7, validity: 1, uid: 3 },
            MailRef::Uid { session: 8, validity: 1, uid: 4 },
            MailRef::Uid { session: 7, validity: 1, uid: 9 },
        ];
        assert_eq!(current_uids(7, &mails), [3, 9]);
        assert_eq!(uid_set(&current_uids(7, &mails)), "3,9");
        assert!(current_uids(9, &mails).is_empty());
    }
}
