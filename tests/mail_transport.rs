//! Outgoing mail against real parts: composed mail read back by herald's own reader, SMTP
//! to Postfix's smtp-sink with injected faults, to a private Postfix (plain and STARTTLS)
//! into a player's Maildir, STARTTLS and implicit TLS with authentication against
//! aiosmtpd (tests/support/smtp_tls_server.py) with a test CA made here with openssl, a
//! fake sendmail, and the Maildir sink. Nothing is skipped: a missing piece fails with
//! instructions.

use crate::support;

use std::collections::HashSet;
use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use herald::config::{self, Login, TlsMode};
use herald::mail::compose::{AutoSubmitted, OutgoingMail, render};
use herald::mail::reader::{AutomaticReason, ReadLimits, read_mail};
use herald::mail::transport::{
    Envelope, MaildirSink, SendError, SendErrorKind, Sendmail, Smtp, SmtpLogin, SmtpSettings, Transport, from_config,
};
use support::certs::make_test_certificates;
use support::dovecot::{Dovecot, DovecotOptions};
use support::harness::free_port;
use support::postfix::{PostfixInstance, PostfixOptions};
use support::sink::{Fault, SmtpSink};
use support::tempdir::TempDir;

/// Upper bound for anything to arrive; normally milliseconds.
const WAIT: Duration = Duration::from_secs(15);

const REFEREE: &str = "referee@game.test";
const PLAYER: &str = "u1@players.test";

/// A board line longer than the 76 characters of a quoted-printable line, with
/// non-ASCII pieces and a trailing space, which must all survive.
const BOARD_LINE: &str =
    "8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ | 7 | ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ | 6 | · · · · · · · · | 5 | · · · · · · · · | Läufer ";

fn sample_mail() -> OutgoingMail {
    OutgoingMail {
        from_name: "Herald – Schiedsrichter".into(),
        from: REFEREE.into(),
        to: PLAYER.into(),
        reply_to: Some("referee+t0k3n@game.test".into()),
        subject: "Partie 7: Läufer ♞ schlägt auf e7 — ein ziemlich langer Betreff, der gefaltet werden muss".into(),
        body: format!(
            "Dein Gegner hat gezogen: Läufer ♞ nach e7.\n\n{BOARD_LINE}\n.a line that needs dot-stuffing\n.\nEnde.\n"
        ),
        message_id: "o42.g7@game.test".into(),
        in_reply_to: Some("CAB+x1@players.test".into()),
        references: vec!["o41.g7@game.test".into(), "CAB+x1@players.test".into()],
        date: jiff::Timestamp::from_second(1_763_740_800).unwrap(),
        auto_submitted: AutoSubmitted::AutoReplied,
        html: None,
    }
}

fn envelope(to: &[&str]) -> Envelope {
    Envelope { from: REFEREE.into(), to: to.iter().map(|s| s.to_string()).collect() }
}

/// CRLF → LF, as local delivery and smtp-sink's dumps store mail.
fn lf(bytes: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(bytes).replace("\r\n", "\n").into_bytes()
}

fn smtp_config(port: u16, tls: TlsMode) -> config::Transport {
    config::Transport::Smtp {
        host: "127.0.0.1".into(),
        port: Some(port),
        tls,
        user: None,
        password_env: None,
        auth: Default::default(),
        token_command: None,
        timeout_seconds: 10,
        ca_file: None,
    }
}

fn header(raw: &[u8], name: &str) -> Option<String> {
    let (headers, _) = mailparse::parse_headers(raw).ok()?;
    mailparse::MailHeaderMap::get_first_value(&headers[..], name)
}

#[track_caller]
fn expect_kind(result: Result<(), SendError>, kind: SendErrorKind) -> SendError {
    let err = result.expect_err("the send should fail");
    assert_eq!(err.kind, kind, "{err}");
    err
}

// ---------------------------------------------------------------------------
// Composing

#[test]
fn a_rendered_mail_reads_back_and_counts_as_automatic() {
    let mail = sample_mail();
    let raw = render(&mail).unwrap();
    assert_eq!(raw, render(&mail).unwrap(), "rendering must be deterministic");
    assert!(raw.is_ascii(), "7-bit clean:\n{}", String::from_utf8_lossy(&raw));
    assert!(raw.split(|&b| b == b'\n').all(|line| line.len() <= 78), "no line over 78 characters");

    let read = read_mail(&raw, &ReadLimits::default()).unwrap();
    assert_eq!(read.subject, mail.subject);
    assert_eq!(read.message_id.as_deref(), Some("o42.g7@game.test"));
    assert_eq!(read.in_reply_to.as_deref(), Some("CAB+x1@players.test"));
    assert_eq!(read.references, mail.references);
    let from = read.from.as_ref().unwrap();
    assert_eq!((from.addr.as_str(), from.name.as_deref()), (REFEREE, Some("Herald – Schiedsrichter")));
    assert_eq!(read.to, [PLAYER]);
    assert_eq!(read.automatic, Some(AutomaticReason::AutoSubmitted("auto-replied".into())));
    assert!(read.body.contains("Läufer ♞ nach e7"), "{}", read.body);
    assert!(read.body.contains(BOARD_LINE.trim_end()), "{}", read.body);
    // The reader tidies the text (trailing spaces, blank runs); the MIME body itself is
    // exactly what was written.
    let parsed = mailparse::parse_mail(&raw).unwrap();
    assert_eq!(parsed.get_body().unwrap().replace("\r\n", "\n"), mail.body);
    assert_eq!(header(&raw, "Reply-To").as_deref(), Some("referee+t0k3n@game.test"));
    assert_eq!(header(&raw, "Date").as_deref(), Some("Fri, 21 Nov 2025 16:00:00 +0000"));

    let generated = OutgoingMail { auto_submitted: AutoSubmitted::AutoGenerated, ..mail };
    let read = read_mail(&render(&generated).unwrap(), &ReadLimits::default()).unwrap();
    assert_eq!(read.automatic, Some(AutomaticReason::AutoSubmitted("auto-generated".into())));
}

// ---------------------------------------------------------------------------
// SMTP against smtp-sink

#[test]
fn smtp_plain_delivers_the_exact_bytes() {
    let sink = SmtpSink::start(None).expect("start smtp-sink");
    let transport = from_config(&smtp_config(sink.port(), TlsMode::None)).unwrap();
    let raw = render(&sample_mail()).unwrap();
    transport.send(&envelope(&[PLAYER, "u2@players.test"]), &raw).expect("send");
    let messages = sink.wait_for_messages(1, WAIT);
    assert_eq!(messages[0].mail_from, REFEREE);
    assert_eq!(messages[0].rcpt_to, [PLAYER, "u2@players.test"]);
    // Dot-stuffing undone, LF line endings (smtp-sink's dump format): otherwise identical.
    assert_eq!(String::from_utf8_lossy(&messages[0].content), String::from_utf8_lossy(&lf(&raw)));
}

#[test]
fn smtp_sink_faults_are_classified() {
    let raw = render(&sample_mail()).unwrap();
    let mut sink = SmtpSink::start(Some(Fault::RcptTempFail)).expect("start smtp-sink");
    let transport = from_config(&smtp_config(sink.port(), TlsMode::None)).unwrap();
    let send = || transport.send(&envelope(&[PLAYER]), &raw);

    let err = expect_kind(send(), SendErrorKind::Transient);
    assert!(err.message.contains("450"), "{err}");

    sink.restart(Some(Fault::DataPermFail)).unwrap();
    let err = expect_kind(send(), SendErrorKind::Permanent);
    assert!(err.message.contains("500"), "{err}");

    sink.restart(Some(Fault::ShutdownAtMail)).unwrap();
    let err = expect_kind(send(), SendErrorKind::Transient);
    assert!(err.message.contains("421"), "{err}");

    // No reply after the final dot: the sink has the mail, we cannot know; retried.
    sink.restart(Some(Fault::DropAfterData)).unwrap();
    let err = expect_kind(send(), SendErrorKind::Transient);
    assert!(err.message.contains("may or may not"), "{err}");
    assert_eq!(sink.wait_for_messages(1, WAIT).len(), 1);

    // Nobody listening.
    sink.stop();
    let err = expect_kind(send(), SendErrorKind::Transient);
    assert!(err.message.contains(&format!("127.0.0.1:{}", sink.port())), "{err}");
}

/// Several mails in one call: pipelined on one connection (each mail's data written with
/// the next mail's commands), every mail arriving whole, each result reported in order.
#[test]
fn a_batch_is_pipelined_and_each_mail_arrives_whole() {
    let sink = SmtpSink::start(None).expect("start smtp-sink");
    let transport = from_config(&smtp_config(sink.port(), TlsMode::None)).unwrap();
    let raws: Vec<Vec<u8>> = (0..5)
        .map(|i| {
            let mut mail = sample_mail();
            mail.to = format!("u{i}@players.test");
            mail.message_id = format!("o{i}.batch@game.test");
            render(&mail).unwrap()
        })
        .collect();
    let recipients: Vec<String> = (0..5).map(|i| format!("u{i}@players.test")).collect();
    let mails: Vec<(Envelope, &[u8])> =
        raws.iter().zip(&recipients).map(|(raw, to)| (envelope(&[to]), &raw[..])).collect();
    let mut results = Vec::new();
    transport.send_each(&mails, &mut |i, result| {
        results.push((i, result.is_ok()));
        true
    });
    assert_eq!(results, (0..5).map(|i| (i, true)).collect::<Vec<_>>());
    let messages = sink.wait_for_messages(5, WAIT);
    assert_eq!(messages.len(), 5);
    for (i, raw) in raws.iter().enumerate() {
        let got = messages.iter().find(|m| m.rcpt_to == [recipients[i].clone()]).expect("each recipient got a mail");
        assert_eq!(String::from_utf8_lossy(&got.content), String::from_utf8_lossy(&lf(raw)));
    }
}

/// Failures in a pipelined batch: each mail gets its own verdict, and a dropped connection
/// after a mail's data ends the batch without sending the next mail, whose commands were
/// already on the wire.
#[test]
fn a_batch_reports_each_failure_and_sends_nothing_it_did_not_mean_to() {
    let raw = render(&sample_mail()).unwrap();
    let mails: Vec<(Envelope, &[u8])> = (0..3).map(|_| (envelope(&[PLAYER]), &raw[..])).collect();

    let mut sink = SmtpSink::start(Some(Fault::RcptTempFail)).expect("start smtp-sink");
    let transport = from_config(&smtp_config(sink.port(), TlsMode::None)).unwrap();
    let mut kinds = Vec::new();
    transport.send_each(&mails, &mut |_, result| {
        kinds.push(result.map_err(|e| e.kind));
        true
    });
    assert_eq!(kinds, vec![Err(SendErrorKind::Transient); 3]);
    assert!(sink.messages().is_empty());

    // The first mail's data is taken but the reply never comes: its fate is unknown
    // (transient); the caller stops, and the second mail, announced but without data, is
    // never delivered.
    sink.restart(Some(Fault::DropAfterData)).unwrap();
    let transport = from_config(&smtp_config(sink.port(), TlsMode::None)).unwrap();
    let mut calls = Vec::new();
    transport.send_each(&mails, &mut |i, result| {
        calls.push((i, result.map_err(|e| e.kind)));
        false
    });
    assert_eq!(calls, vec![(0, Err(SendErrorKind::Transient))]);
    // The transport has returned and holds no connection: no data of the second mail can
    // still be on its way.
    assert_eq!(sink.wait_for_messages(1, WAIT).len(), 1);
    assert_eq!(sink.messages().len(), 1, "only the first mail reached the sink");
}

#[test]
fn required_starttls_never_falls_back_to_plain_text() {
    // smtp-sink offers no STARTTLS.
    let sink = SmtpSink::start(None).expect("start smtp-sink");
    let transport = from_config(&smtp_config(sink.port(), TlsMode::Starttls)).unwrap();
    let err = expect_kind(transport.send(&envelope(&[PLAYER]), b"Subject: x\r\n\r\nsecret\r\n"), SendErrorKind::Setup);
    assert!(err.message.contains("does not offer STARTTLS"), "{err}");
    assert!(sink.messages().is_empty(), "a mail went out in plain text: {:?}", sink.messages());
}

// ---------------------------------------------------------------------------
// TLS and authentication

/// A private CA and a server certificate it signed for 127.0.0.1 and localhost (rustls
/// refuses a self-signed certificate as a server's own).
struct TestCerts {
    dir: TempDir,
}

impl TestCerts {
    /// Certificates for 127.0.0.1 and localhost.
    fn make() -> TestCerts {
        TestCerts::for_names("IP:127.0.0.1,DNS:localhost")
    }

    /// `names`: the server certificate's subjectAltName, e.g. `DNS:mail.example.org`.
    fn for_names(names: &str) -> TestCerts {
        let dir = TempDir::new("herald-certs").unwrap();
        make_test_certificates(dir.path(), names).expect("a test CA and server certificate");
        TestCerts { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn ca_pem(&self) -> Vec<u8> {
        fs::read(self.path("ca.pem")).unwrap()
    }
}

/// What the TLS server recorded about one message.
#[derive(serde::Deserialize, Debug)]
struct Received {
    mail_from: String,
    rcpt_tos: Vec<String>,
    login: Option<String>,
    tls: bool,
}

const SMTP_USER: &str = "referee";
const SMTP_PASSWORD: &str = "s3cret pass";

/// tests/support/smtp_tls_server.py: aiosmtpd with STARTTLS or implicit TLS, AUTH required.
struct TlsServer {
    port: u16,
    child: Child,
    /// Held open: the server exits at its end-of-file.
    stdin: Option<ChildStdin>,
    out: TempDir,
}

impl TlsServer {
    fn start(mode: &str, certs: &TestCerts) -> TlsServer {
        let out = TempDir::new("herald-tls-server").unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_tls_server.py");
        let log = fs::File::create(out.path().join("server.log")).unwrap();
        // Debian's python3, which has python3-aiosmtpd (not a python3 that PATH may find
        // first, such as pyenv's).
        let mut child = Command::new("/usr/bin/python3")
            .arg(&script)
            .args(["--mode", mode, "--user", SMTP_USER, "--password", SMTP_PASSWORD, "--out"])
            .arg(out.path())
            .arg("--cert")
            .arg(certs.path("server.pem"))
            .arg("--key")
            .arg(certs.path("server.key"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("python3 must be installed");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let Some(port) = line.strip_prefix("PORT ").and_then(|p| p.trim().parse().ok()) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{} did not start (it needs the Debian package python3-aiosmtpd):\n{}",
                script.display(),
                fs::read_to_string(out.path().join("server.log")).unwrap_or_default()
            );
        };
        let stdin = child.stdin.take();
        TlsServer { port, child, stdin, out }
    }

    fn settings(&self, tls: TlsMode, certs: &TestCerts) -> SmtpSettings {
        let mut settings = SmtpSettings::from_config(&smtp_config(self.port, tls)).unwrap();
        settings.login = Some(SmtpLogin::Password(SMTP_USER.into(), SMTP_PASSWORD.into()));
        settings.extra_root_pem = vec![certs.ca_pem()];
        settings
    }

    fn wait_for_messages(&self, count: usize) -> Vec<(Received, Vec<u8>)> {
        let deadline = Instant::now() + WAIT;
        loop {
            let got: Vec<_> = (1..=count)
                .map_while(|n| {
                    let meta = fs::read_to_string(self.out.path().join(format!("{n}.json"))).ok()?;
                    let content = fs::read(self.out.path().join(format!("{n}.eml"))).ok()?;
                    Some((serde_yaml::from_str::<Received>(&meta).unwrap(), content))
                })
                .collect();
            if got.len() == count {
                return got;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {count} message(s):\n{}", self.log());
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn log(&self) -> String {
        fs::read_to_string(self.out.path().join("server.log")).unwrap_or_default()
    }
}

impl Drop for TlsServer {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn starttls_and_implicit_tls_authenticate_and_deliver() {
    let certs = TestCerts::make();
    let raw = render(&sample_mail()).unwrap();
    for (mode, tls) in [("starttls", TlsMode::Starttls), ("tls", TlsMode::Tls)] {
        let server = TlsServer::start(mode, &certs);
        let transport = Smtp::new(server.settings(tls, &certs)).unwrap();
        transport.send(&envelope(&[PLAYER]), &raw).unwrap_or_else(|e| panic!("{mode}: {e}\n{}", server.log()));
        let (received, content) = server.wait_for_messages(1).remove(0);
        assert_eq!(received.login.as_deref(), Some(SMTP_USER), "{mode}");
        assert!(received.tls, "{mode}: the server saw no TLS");
        assert_eq!((received.mail_from.as_str(), &received.rcpt_tos[..]), (REFEREE, &[PLAYER.to_string()][..]));
        assert_eq!(lf(&content), lf(&raw), "{mode}");

        // A wrong password is refused with 535: herald's configuration, not the mail.
        let mut wrong = server.settings(tls, &certs);
        wrong.login = Some(SmtpLogin::Password(SMTP_USER.into(), "guess".into()));
        let err = expect_kind(Smtp::new(wrong).unwrap().send(&envelope(&[PLAYER]), &raw), SendErrorKind::Setup);
        assert!(err.message.contains("535") && err.message.contains("password_env"), "{mode}: {err}");

        // Without the test CA the certificate is not trusted: the configuration again, and
        // the message names the setting that trusts it.
        let mut untrusting = server.settings(tls, &certs);
        untrusting.extra_root_pem.clear();
        let err = expect_kind(Smtp::new(untrusting).unwrap().send(&envelope(&[PLAYER]), &raw), SendErrorKind::Setup);
        assert!(
            err.message.contains("certificate") && err.message.contains("outgoing.transport.ca_file"),
            "{mode}: {err}"
        );
        assert_eq!(server.wait_for_messages(1).len(), 1);
    }
}

#[test]
fn the_certificate_must_match_the_host() {
    // Signed by the trusted CA, but for another host.
    let certs = TestCerts::for_names("DNS:mail.example.org");
    let server = TlsServer::start("tls", &certs);
    let settings = server.settings(TlsMode::Tls, &certs);
    let err = expect_kind(
        Smtp::new(settings).unwrap().send(&envelope(&[PLAYER]), b"Subject: x\r\n\r\nx\r\n"),
        SendErrorKind::Setup,
    );
    assert!(err.message.contains("certificate"), "{err}");
}

/// Set in the child process of the next test.
const CHILD_PORT_ENV: &str = "HERALD_TRANSPORT_TEST_CHILD_PORT";
/// The password variable the child's configuration names.
const PASSWORD_ENV: &str = "HERALD_TRANSPORT_TEST_PASSWORD";

/// The child's `outgoing.transport.ca_file`.
const CHILD_CA_ENV: &str = "HERALD_TRANSPORT_TEST_CHILD_CA";

/// The production path, `from_config` only: the password from the environment variable,
/// the private CA from `ca_file`, beside the system's roots. Environment variables are set for
/// a child process (setting them in this multi-threaded process would be unsound), which is
/// this test binary running this test alone.
#[test]
fn from_config_reads_the_password_variable_and_the_ca_file() {
    let with_login = |port, ca_file: Option<PathBuf>, login: bool| config::Transport::Smtp {
        host: "localhost".into(),
        port: Some(port),
        tls: TlsMode::Tls,
        user: login.then(|| SMTP_USER.into()),
        password_env: login.then(|| PASSWORD_ENV.into()),
        auth: Default::default(),
        token_command: None,
        timeout_seconds: 10,
        ca_file,
    };
    let config = |port, ca_file| with_login(port, ca_file, true);
    if let Some(port) = std::env::var_os(CHILD_PORT_ENV) {
        let port = port.to_str().unwrap().parse().unwrap();
        let ca_file = std::env::var_os(CHILD_CA_ENV).map(PathBuf::from);
        let transport = from_config(&config(port, ca_file)).expect("from_config in the child");
        transport.send(&envelope(&[PLAYER]), &render(&sample_mail()).unwrap()).expect("send from the child");
        return;
    }

    let certs = TestCerts::make();
    let server = TlsServer::start("tls", &certs);
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "mail_transport::from_config_reads_the_password_variable_and_the_ca_file",
            "--test-threads=1",
        ])
        .env(CHILD_PORT_ENV, server.port.to_string())
        .env(PASSWORD_ENV, SMTP_PASSWORD)
        .env(CHILD_CA_ENV, certs.path("ca.pem"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "child failed:\n{}{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        server.log()
    );
    let (received, _) = server.wait_for_messages(1).remove(0);
    assert_eq!(received.login.as_deref(), Some(SMTP_USER));
    assert!(received.tls);

    // Here the variable is not set: the error names it.
    let err = from_config(&config(server.port, None)).err().expect("no password variable");
    assert!(err.contains(PASSWORD_ENV), "{err}");
    // A ca_file that is missing, or holds no certificate, is named at start.
    for (file, says) in
        [(certs.path("missing.pem"), "cannot be read"), (certs.path("server.key"), "no PEM certificate")]
    {
        let err = SmtpSettings::from_config(&with_login(server.port, Some(file), false)).expect_err("a bad ca_file");
        assert!(err.contains("outgoing.transport.ca_file") && err.contains(says), "{err}");
    }
}

// ---------------------------------------------------------------------------
// A private Postfix

#[test]
fn postfix_delivers_to_the_players_maildir_plain_and_with_starttls() {
    let certs = TestCerts::make();
    let pf = PostfixInstance::start(
        PostfixOptions::new(["/bin/true"])
            .main_cf("smtpd_tls_security_level", "may")
            .main_cf("smtpd_tls_cert_file", &certs.path("server.pem").to_string_lossy())
            .main_cf("smtpd_tls_key_file", &certs.path("server.key").to_string_lossy())
            .main_cf("smtpd_tls_loglevel", "1"),
    )
    .expect("start postfix");

    let first = render(&sample_mail()).unwrap();
    from_config(&smtp_config(pf.smtp_port(), TlsMode::None)).unwrap().send(&envelope(&[PLAYER]), &first).unwrap();

    let second = render(&OutgoingMail { message_id: "o43.g7@game.test".into(), ..sample_mail() }).unwrap();
    let mut settings = SmtpSettings::from_config(&smtp_config(pf.smtp_port(), TlsMode::Starttls)).unwrap();
    settings.extra_root_pem = vec![certs.ca_pem()];
    Smtp::new(settings).unwrap().send(&envelope(&[PLAYER]), &second).unwrap();

    // Postfix's queue manager may deliver the two in either order.
    let mut mail = pf.wait_for_mail(PLAYER, 2, WAIT);
    mail.sort_by_key(|got| header(got, "Message-ID"));
    for (got, id) in mail.iter().zip(["<o42.g7@game.test>", "<o43.g7@game.test>"]) {
        assert_eq!(header(got, "Message-ID").as_deref(), Some(id));
        let read = read_mail(got, &ReadLimits::default()).unwrap();
        assert_eq!(read.subject, sample_mail().subject);
        assert!(read.body.contains("Läufer ♞"), "{}", read.body);
    }
    assert!(pf.log().contains("TLS connection established from"), "{}", pf.diagnostics());
}

/// Submission with XOAUTH2, as Gmail and Microsoft 365 want it: a private Postfix with
/// STARTTLS authenticates SMTP clients through a private Dovecot, which checks the OAuth 2.0
/// token (a JWT) offline; herald gets the token from the configured command at each login.
#[test]
fn xoauth2_submission_takes_the_token_from_the_command() {
    const SENDER: &str = "referee@game.test";
    let certs = TestCerts::make();
    let auth_port = free_port().expect("a free port");
    let dovecot = Dovecot::start(DovecotOptions { oauth2: true, auth_port: Some(auth_port), ..Default::default() })
        .expect("start dovecot");
    let pf = PostfixInstance::start(
        PostfixOptions::new(["/bin/true"])
            .main_cf("smtpd_tls_security_level", "may")
            .main_cf("smtpd_tls_cert_file", &certs.path("server.pem").to_string_lossy())
            .main_cf("smtpd_tls_key_file", &certs.path("server.key").to_string_lossy())
            .main_cf("smtpd_tls_auth_only", "yes")
            .main_cf("smtpd_sasl_auth_enable", "yes")
            .main_cf("smtpd_sasl_type", "dovecot")
            .main_cf("smtpd_sasl_path", &format!("inet:127.0.0.1:{auth_port}")),
    )
    .expect("start postfix");
    let token_file = dovecot.dir().join("smtp-token");
    let transport = |command: &str| {
        let config = config::Transport::Smtp {
            host: "127.0.0.1".into(),
            port: Some(pf.smtp_port()),
            tls: TlsMode::Starttls,
            user: Some(SENDER.into()),
            password_env: None,
            auth: Login::Xoauth2,
            token_command: Some(command.into()),
            timeout_seconds: 10,
            ca_file: None,
        };
        let mut settings = SmtpSettings::from_config(&config).unwrap();
        settings.extra_root_pem = vec![certs.ca_pem()];
        Smtp::new(settings).unwrap()
    };
    let from_file = format!("cat {}", token_file.display());

    fs::write(&token_file, dovecot.jwt(SENDER, 3600, true)).unwrap();
    transport(&from_file).send(&envelope(&[PLAYER]), &render(&sample_mail()).unwrap()).expect("send with XOAUTH2");
    assert_eq!(pf.wait_for_mail(PLAYER, 1, WAIT).len(), 1);
    assert!(pf.log().contains(&format!("sasl_method=XOAUTH2, sasl_username={SENDER}")), "{}", pf.diagnostics());

    // A token the server refuses is herald's configuration, not the mail (the next login runs
    // the command again), says what to check, and never shows the token.
    for (token, what) in
        [(dovecot.jwt(SENDER, -60, true), "an expired token"), (dovecot.jwt(SENDER, 3600, false), "a forged token")]
    {
        fs::write(&token_file, &token).unwrap();
        let err = transport(&from_file).send(&envelope(&[PLAYER]), &render(&sample_mail()).unwrap()).unwrap_err();
        assert_eq!(err.kind, SendErrorKind::Setup, "{what}: {err}");
        assert!(err.message.contains("refused the access token"), "{what}: {err}");
        assert!(!err.message.contains(&token), "{what}: the token is in the message");
    }
    // A command that fails: transient too, naming the key.
    let err = transport("exit 3").send(&envelope(&[PLAYER]), &render(&sample_mail()).unwrap()).unwrap_err();
    assert!(err.is_transient() && err.message.contains("outgoing.transport.token_command"), "{err}");
    // Nothing more was delivered: a last mail sent after the refused ones, once delivered
    // with the queue empty, leaves Postfix holding nothing the refused sends could have handed
    // it, and the mailbox holds exactly the first mail and this one.
    fs::write(&token_file, dovecot.jwt(SENDER, 3600, true)).unwrap();
    let last = OutgoingMail { message_id: "o43.g7@game.test".into(), ..sample_mail() };
    transport(&from_file).send(&envelope(&[PLAYER]), &render(&last).unwrap()).expect("send with XOAUTH2");
    pf.wait_for("the last mail", WAIT, || {
        pf.mail(PLAYER).iter().any(|m| contains(m, b"o43.g7@game.test")).then_some(())
    });
    pf.wait_for_empty_queue(WAIT);
    let delivered = pf.mail(PLAYER);
    assert_eq!(delivered.len(), 2, "the first mail and the last, nothing between\n{}", pf.diagnostics());
    assert_eq!(delivered.iter().filter(|m| contains(m, b"o42.g7@game.test")).count(), 1);
}

// ---------------------------------------------------------------------------
// sendmail

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn sendmail_gets_the_envelope_as_arguments_and_the_mail_on_stdin() {
    let dir = TempDir::new("herald-sendmail").unwrap();
    let d = dir.path().display();
    let recorder = script(dir.path(), "sendmail", &format!("printf '%s\\n' \"$@\" > {d}/argv\ncat > {d}/stdin"));
    let transport = from_config(&config::Transport::Sendmail { command: recorder }).unwrap();
    let raw = render(&sample_mail()).unwrap();
    transport.send(&envelope(&[PLAYER, "-oi@players.test"]), &raw).unwrap();
    let argv = fs::read_to_string(dir.path().join("argv")).unwrap();
    assert_eq!(argv.lines().collect::<Vec<_>>(), ["-i", "-f", REFEREE, "--", PLAYER, "-oi@players.test"]);
    assert_eq!(fs::read(dir.path().join("stdin")).unwrap(), lf(&raw), "LF line endings, otherwise as rendered");
}

#[test]
fn sendmail_exit_status_decides_the_kind() {
    let dir = TempDir::new("herald-sendmail").unwrap();
    let send = |body: &str, name: &str| {
        let command = script(dir.path(), name, body);
        Sendmail::new(command).unwrap().with_timeout(Duration::from_secs(2)).send(&envelope(&[PLAYER]), b"x\r\n")
    };
    let err = expect_kind(send("cat >/dev/null; echo 'queue full' >&2; exit 75", "tempfail"), SendErrorKind::Transient);
    assert!(err.message.contains("75") && err.message.contains("queue full"), "{err}");
    let err = expect_kind(send("echo 'no such user' >&2; exit 67", "nouser"), SendErrorKind::Permanent);
    assert!(err.message.contains("67") && err.message.contains("no such user"), "{err}");
    // Not reading the mail is fine when the program says it succeeded.
    send("exit 0", "lazy").unwrap();
    // A program that hangs is given up at the timeout and killed, not waited for.
    let pid_file = dir.path().join("hangs.pid");
    let err = expect_kind(
        send(&format!("echo $$ > {}; exec sleep 30", pid_file.display()), "hangs"),
        SendErrorKind::Transient,
    );
    assert!(err.message.contains("did not finish"), "{err}");
    let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_string();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    assert!(stat.is_empty() || stat.contains(") Z "), "the hanging program {pid} still runs: {stat}");

    let err = from_config(&config::Transport::Sendmail { command: dir.path().join("missing") }).err().unwrap();
    assert!(err.contains("missing") && err.contains("does not exist"), "{err}");
}

// ---------------------------------------------------------------------------
// Maildir sink

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

#[test]
fn the_maildir_sink_delivers_complete_files_under_unique_names() {
    let root = TempDir::new("herald-maildir").unwrap();
    let sent = root.path().join("sent"); // created by the first delivery
    let transport = from_config(&config::Transport::Maildir { path: sent.clone() }).unwrap();
    let first = render(&sample_mail()).unwrap();
    let second = render(&OutgoingMail { message_id: "o43.g7@game.test".into(), ..sample_mail() }).unwrap();
    transport.send(&envelope(&[PLAYER]), &first).unwrap();
    transport.send(&envelope(&[PLAYER, "u2@players.test"]), &second).unwrap();

    let maildir = sent.join(PLAYER);
    assert!(maildir.join("cur").is_dir());
    assert!(files(&maildir.join("tmp")).is_empty());
    let new = files(&maildir.join("new"));
    assert_eq!(new.len(), 2);
    let contents: HashSet<Vec<u8>> = new.iter().map(|p| fs::read(p).unwrap()).collect();
    assert_eq!(contents, HashSet::from([first, second.clone()]));
    assert_eq!(
        files(&sent.join("u2@players.test/new")).iter().map(|p| fs::read(p).unwrap()).collect::<Vec<_>>(),
        [second]
    );

    let host = hostname::get().unwrap().into_string().unwrap();
    for path in &new {
        let name = path.file_name().unwrap().to_str().unwrap();
        // time.unique.host
        let (time, rest) = name.split_once('.').unwrap();
        assert!(time.parse::<u64>().is_ok(), "{name}");
        let (unique, name_host) = rest.split_once('.').unwrap();
        assert!(unique.starts_with('M') && unique.contains('P') && unique.contains('Q'), "{name}");
        assert_eq!(name_host, host, "{name}");
        assert_eq!(fs::metadata(path).unwrap().permissions().mode() & 0o777, 0o600, "{name}");
    }

    let err = expect_kind(transport.send(&envelope(&["../evil@players.test"]), b"x\r\n"), SendErrorKind::Permanent);
    assert!(err.message.contains("evil"), "{err}");
    assert_eq!(files(&sent).len(), 2, "nothing else was created");

    // The type is usable directly, too.
    let direct = MaildirSink::new(root.path().join("direct"));
    direct.send(&envelope(&[PLAYER]), b"Subject: x\r\n\r\nx\r\n").unwrap();
    assert_eq!(files(&direct.maildir(PLAYER).join("new")).len(), 1);
}

// ---------------------------------------------------------------------------
// Configuration

#[test]
fn from_config_checks_what_it_can_up_front() {
    // Every kind builds.
    from_config(&smtp_config(25, TlsMode::None)).unwrap();
    from_config(&smtp_config(587, TlsMode::Starttls)).unwrap();
    from_config(&smtp_config(465, TlsMode::Tls)).unwrap();
    from_config(&config::Transport::Sendmail { command: "/bin/cat".into() }).unwrap();
    from_config(&config::Transport::Maildir { path: "/nonexistent/yet".into() }).unwrap();

    let smtp = |host: &str, tls, port: Option<u16>, user: Option<&str>, var: Option<&str>| config::Transport::Smtp {
        host: host.into(),
        port,
        tls,
        user: user.map(Into::into),
        password_env: var.map(Into::into),
        auth: Default::default(),
        token_command: None,
        timeout_seconds: 30,
        ca_file: None,
    };
    let err = from_config(&smtp("mail.example.org", TlsMode::Starttls, None, Some("u"), Some("HERALD_NO_SUCH_VAR")))
        .err()
        .unwrap();
    assert!(err.contains("HERALD_NO_SUCH_VAR") && err.contains("not set"), "{err}");
    let err = from_config(&smtp("mail.example.org", TlsMode::Starttls, None, Some("u"), None)).err().unwrap();
    assert!(err.contains("password_env"), "{err}");
    // A password in plain text over the network is refused (PATH stands in for a set
    // variable).
    let err = from_config(&smtp("mail.example.org", TlsMode::None, None, Some("u"), Some("PATH"))).err().unwrap();
    assert!(err.contains("plain text"), "{err}");
    from_config(&smtp("127.0.0.1", TlsMode::None, None, Some("u"), Some("PATH"))).unwrap();

    // Default ports per TLS mode.
    for (tls, port) in [(TlsMode::None, 25), (TlsMode::Starttls, 587), (TlsMode::Tls, 465)] {
        assert_eq!(SmtpSettings::from_config(&smtp("h", tls, None, None, None)).unwrap().port, port);
    }
    // The password never shows in debug output.
    let settings = SmtpSettings::from_config(&smtp("h", TlsMode::Tls, None, Some("u"), Some("PATH"))).unwrap();
    assert!(!format!("{settings:?}").contains(&std::env::var("PATH").unwrap()));
}

/// Whether `needle` occurs in `haystack`.
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
