//! Proves the Postfix / smtp-sink harness in `tests/support/` against the real
//! programs. Needs root and the Debian packages `postfix` and `postfix-sqlite`
//! (see `.ci/postfix-setup.sh`); without them every test fails with
//! installation instructions (nothing is skipped).

use crate::support;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use support::postfix::{PostfixInstance, PostfixOptions};
use support::sink::{Fault, SmtpSink};
use support::smtp::{self, SmtpClient};
use support::tempdir::{self, TempDir};

/// Generous: each wait normally ends within a second.
const WAIT: Duration = Duration::from_secs(10);

/// A stand-in for `herald ingest`: a shell script, run by pipe(8) as
/// `nobody`, that stores each delivery as `<n>.args` (its argv, then its uid)
/// and `<n>.eml` (stdin) in its own directory. With `fail_first`, the first
/// attempt exits 75 (EX_TEMPFAIL) instead.
struct PipeRecorder {
    dir: TempDir,
}

const RECORDER_SCRIPT: &str = r#"#!/bin/sh
set -eu
dir=$(dirname "$0")
echo attempt >> "$dir/attempts"
if [ -e "$dir/fail-first" ]; then
    rm "$dir/fail-first"
    echo "simulated outage, try again later" >&2
    exit 75
fi
n=$(date +%s%N).$$
{ printf '%s\n' "$@"; echo "uid=$(id -u)"; } > "$dir/.tmp.$n.args"
cat > "$dir/.tmp.$n.eml"
mv "$dir/.tmp.$n.args" "$dir/$n.args"
# The .eml appears last: a complete delivery once it is there.
mv "$dir/.tmp.$n.eml" "$dir/$n.eml"
"#;

impl PipeRecorder {
    fn new(fail_first: bool) -> PipeRecorder {
        let dir = tempdir::pipe_user_dir().expect("pipe user dir");
        let script = dir.path().join("record.sh");
        fs::write(&script, RECORDER_SCRIPT).unwrap();
        fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        if fail_first {
            fs::write(dir.path().join("fail-first"), "").unwrap();
            tempdir::give_to_pipe_user(dir.path()).unwrap();
        }
        PipeRecorder { dir }
    }

    /// The pipe command: the script plus the pipe(8) macros herald may use.
    fn options(&self) -> PostfixOptions {
        PostfixOptions::new([
            self.dir.path().join("record.sh").to_string_lossy().into_owned(),
            "${recipient}".into(),
            "${extension}".into(),
            "${user}".into(),
            "${sender}".into(),
            "${original_recipient}".into(),
        ])
    }

    /// Completed deliveries, oldest first: (argv lines, message).
    fn deliveries(&self) -> Vec<(Vec<String>, Vec<u8>)> {
        let mut names: Vec<PathBuf> = fs::read_dir(self.dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "eml"))
            .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
            .collect();
        names.sort();
        names
            .into_iter()
            .map(|eml| {
                let args = fs::read_to_string(eml.with_extension("args")).unwrap();
                let args = args.lines().map(str::to_string).collect();
                (args, fs::read(&eml).unwrap())
            })
            .collect()
    }

    fn attempts(&self) -> usize {
        fs::read_to_string(self.dir.path().join("attempts")).map(|s| s.lines().count()).unwrap_or(0)
    }
}

fn message(from: &str, to: &str, subject: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\n\
         Message-ID: <{}.{}@players.test>\r\n\r\n\
         1. e4 e5\r\n.a line that needs dot-stuffing\r\n",
        subject.replace(' ', "-"),
        std::process::id()
    )
    .into_bytes()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The value of the first header `name` (no unfolding; test headers are short).
fn header(message: &[u8], name: &str) -> Option<String> {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    text(message)
        .lines()
        .take_while(|l| !l.is_empty())
        .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
        .map(|l| l[prefix.len()..].trim().to_string())
}

/// A process that no longer exists, or is a zombie nobody reaps (PID 1 in a
/// sandbox may not reap orphans).
fn process_gone(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

#[test]
fn player_mail_lands_in_its_own_maildir() {
    let rec = PipeRecorder::new(false);
    let pf = PostfixInstance::start(rec.options()).expect("start postfix");

    let first = message("referee@game.test", "u1@players.test", "board after move 1");
    pf.send(&first, "referee@game.test", "u1@players.test").expect("send to u1");
    let mail = pf.wait_for_mail("u1@players.test", 1, WAIT);
    assert_eq!(mail.len(), 1);
    let got = &mail[0];
    assert_eq!(header(got, "Return-Path").as_deref(), Some("<referee@game.test>"));
    assert_eq!(header(got, "Delivered-To").as_deref(), Some("u1@players.test"));
    assert_eq!(header(got, "Subject").as_deref(), Some("board after move 1"));
    assert!(text(got).contains("\n.a line that needs dot-stuffing"), "dot-stuffing must be undone: {}", text(got));

    // Case and +extension do not split a player's mailbox (as on a real
    // server); another player gets a Maildir of their own.
    let second = message("referee@game.test", "U1+games@players.test", "move 2");
    pf.send(&second, "referee@game.test", "U1+games@players.test").expect("send to U1+games");
    pf.send(&message("referee@game.test", "u2@players.test", "hello u2"), "referee@game.test", "u2@players.test")
        .expect("send to u2");
    let mail = pf.wait_for_mail("u1@players.test", 2, WAIT);
    assert_eq!(header(&mail[0], "Subject").as_deref(), Some("board after move 1"));
    assert_eq!(header(&mail[1], "Subject").as_deref(), Some("move 2"));
    let u2 = pf.wait_for_mail("u2@players.test", 1, WAIT);
    assert_eq!(header(&u2[0], "Subject").as_deref(), Some("hello u2"));

    let dir = pf.maildir("u1@players.test");
    assert_eq!(dir, pf.base_dir().join("mail/players.test/u1/"));
    assert!(dir.join("new").is_dir() && dir.join("cur").is_dir() && dir.join("tmp").is_dir());
    let owner = std::os::unix::fs::MetadataExt::uid(&fs::metadata(dir.join("new")).unwrap());
    assert_eq!(owner, 65534, "Maildirs belong to nobody");
    assert!(rec.deliveries().is_empty(), "nothing went to the referee");
}

#[test]
fn bad_player_addresses_are_refused_at_rcpt() {
    let rec = PipeRecorder::new(false);
    let pf = PostfixInstance::start(rec.options()).expect("start postfix");
    for bad in ["../etc@players.test", ".hidden@players.test", "a/b@players.test"] {
        let err = pf.send(&message("x@players.test", bad, "bad"), "x@players.test", bad).expect_err(bad);
        let reply = err.reply().unwrap_or_else(|| panic!("{bad}: {err}"));
        assert_eq!(reply.code, 550, "{bad}: {reply}");
    }
}

#[test]
fn referee_mail_reaches_the_pipe_with_headers_and_extension() {
    let rec = PipeRecorder::new(false);
    let pf = PostfixInstance::start(rec.options()).expect("start postfix");

    let raw = message("alice@players.test", "referee+abc@game.test", "my move");
    pf.send(&raw, "alice@players.test", "referee+abc@game.test").expect("send to the referee");
    pf.wait_for("one pipe delivery", WAIT, || (rec.deliveries().len() == 1).then_some(()));
    let (args, msg) = rec.deliveries().remove(0);
    assert_eq!(
        args,
        [
            "referee+abc@game.test", // ${recipient}
            "abc",                   // ${extension}
            "referee",               // ${user}
            "alice@players.test",    // ${sender}
            "referee+abc@game.test", // ${original_recipient}
            "uid=65534",             // run as nobody
        ]
    );
    // flags=DORX: the envelope is visible in the headers, first thing.
    let msg_text = text(&msg);
    assert!(msg_text.starts_with("Return-Path: <alice@players.test>\n"), "{msg_text}");
    assert_eq!(header(&msg, "Delivered-To").as_deref(), Some("referee+abc@game.test"));
    assert_eq!(header(&msg, "X-Original-To").as_deref(), Some("referee+abc@game.test"));
    assert_eq!(header(&msg, "Subject").as_deref(), Some("my move"));
    // The pipe gets LF line endings, like every local delivery agent.
    assert!(msg_text.contains("\n\n1. e4 e5\n.a line that needs dot-stuffing\n"));

    // Postfix keeps the case of the address for the pipe: a token like
    // "AbC" arrives as sent (herald may still want to compare tokens
    // case-insensitively, since people and MUAs do not preserve case).
    pf.send(&raw, "alice@players.test", "Referee+AbC@game.test").expect("send mixed case");
    pf.wait_for("a second pipe delivery", WAIT, || (rec.deliveries().len() == 2).then_some(()));
    let (args, _) = rec.deliveries().remove(1);
    assert_eq!(args[..3], ["Referee+AbC@game.test", "AbC", "Referee"]);
}

#[test]
fn a_program_the_pipe_user_cannot_reach_is_run_from_a_copy() {
    // Like a cargo target directory under /root (mode 0700).
    let private = TempDir::new("herald-private").unwrap();
    fs::set_permissions(private.path(), std::os::unix::fs::PermissionsExt::from_mode(0o700)).unwrap();
    let program = private.path().join("ingest.sh");
    // Written aside and renamed, so that the test never reads a mail the program is still
    // writing.
    fs::write(&program, "#!/bin/sh\ncat > \"$1/got.tmp\" && mv \"$1/got.tmp\" \"$1/got.eml\"\n").unwrap();
    fs::set_permissions(&program, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = tempdir::pipe_user_dir().unwrap();

    let pf = PostfixInstance::start(PostfixOptions::new([
        program.to_string_lossy().into_owned(),
        out.path().to_string_lossy().into_owned(),
    ]))
    .expect("start postfix");
    pf.send(&message("alice@players.test", "referee@game.test", "copied"), "alice@players.test", "referee@game.test")
        .unwrap();
    let got = pf.wait_for("the copied program's delivery", WAIT, || fs::read(out.path().join("got.eml")).ok());
    assert_eq!(header(&got, "Subject").as_deref(), Some("copied"));
    assert!(pf.base_dir().join("bin/ingest.sh").is_file());
}

#[test]
fn exit_75_defers_and_the_retry_delivers_exactly_once() {
    let rec = PipeRecorder::new(true);
    let pf = PostfixInstance::start(rec.options()).expect("start postfix");
    let raw = message("alice@players.test", "referee+t1@game.test", "retry me");
    pf.send(&raw, "alice@players.test", "referee+t1@game.test").expect("send");

    pf.wait_for("the deferral in the log", WAIT, || pf.log().contains("status=deferred").then_some(()));
    assert!(rec.deliveries().is_empty());
    assert!(pf.log().contains("temporary failure. Command output: simulated outage"), "{}", pf.log());

    pf.flush().expect("postqueue -f");
    pf.wait_for("the retried delivery", WAIT, || (!rec.deliveries().is_empty()).then_some(()));
    pf.wait_for_empty_queue(WAIT);
    // Once the queue is empty there is nothing left to deliver twice.
    let deliveries = rec.deliveries();
    assert_eq!(deliveries.len(), 1, "{}", pf.diagnostics());
    assert_eq!(rec.attempts(), 2);
    assert_eq!(header(&deliveries[0].1, "Subject").as_deref(), Some("retry me"));
    let log = pf.log();
    assert_eq!(log.matches("relay=referee").count(), 2, "{log}");
    assert_eq!(log.matches("status=sent").count(), 1, "{log}");
}

#[test]
fn flush_waits_while_a_delivery_agent_holds_the_message() {
    // Also an argument with spaces: written as `{ ... }` into master.cf.
    let pf = PostfixInstance::start(PostfixOptions::new(["/bin/sh", "-c", "sleep 1; exit 75"])).expect("start postfix");
    pf.send(&message("alice@players.test", "referee@game.test", "slow"), "alice@players.test", "referee@game.test")
        .unwrap();
    pf.wait_for("the pipe command to run", WAIT, || (pf.queue_files_in_delivery() == 1).then_some(()));
    // Returns once the agent has let go; the retry it triggers is a second
    // delivery, not a message parked for 60 s as "still being delivered".
    pf.flush().expect("flush");
    pf.wait_for("the second attempt's deferral", WAIT, || {
        (pf.log().matches("status=deferred").count() >= 2).then_some(())
    });
    assert!(!pf.log().contains("still being delivered"), "{}", pf.diagnostics());
}

#[test]
fn exit_75_is_retried_by_the_timers_alone() {
    let rec = PipeRecorder::new(true);
    let pf = PostfixInstance::start(rec.options()).expect("start postfix");
    pf.send(&message("alice@players.test", "referee@game.test", "no flush"), "alice@players.test", "referee@game.test")
        .expect("send");
    // No flush is ever asked for: Postfix's own timers bring the second attempt.
    pf.wait_for("a delivery without postqueue -f", WAIT, || (!rec.deliveries().is_empty()).then_some(()));
    assert_eq!(rec.attempts(), 2);
}

#[test]
fn two_instances_run_side_by_side() {
    // Start both at the same time, as parallel tests do.
    let starter = || {
        thread::spawn(|| {
            let rec = PipeRecorder::new(false);
            let pf = PostfixInstance::start(rec.options()).expect("start postfix");
            (rec, pf)
        })
    };
    let (a, b) = (starter(), starter());
    let (rec_a, pf_a) = a.join().unwrap();
    let (rec_b, pf_b) = b.join().unwrap();
    assert_ne!(pf_a.smtp_port(), pf_b.smtp_port());
    assert_ne!(pf_a.base_dir(), pf_b.base_dir());

    for (pf, name) in [(&pf_a, "A"), (&pf_b, "B")] {
        pf.send(&message("referee@game.test", "u1@players.test", name), "referee@game.test", "u1@players.test")
            .unwrap();
        pf.send(&message("u1@players.test", "referee@game.test", name), "u1@players.test", "referee@game.test")
            .unwrap();
    }
    for (pf, rec, name) in [(&pf_a, &rec_a, "A"), (&pf_b, &rec_b, "B")] {
        let mail = pf.wait_for_mail("u1@players.test", 1, WAIT);
        pf.wait_for("the referee delivery", WAIT, || (!rec.deliveries().is_empty()).then_some(()));
        pf.wait_for_empty_queue(WAIT);
        assert_eq!(mail.len(), 1);
        assert_eq!(header(&mail[0], "Subject").as_deref(), Some(name));
        let deliveries = rec.deliveries();
        assert_eq!(deliveries.len(), 1);
        assert_eq!(header(&deliveries[0].1, "Subject").as_deref(), Some(name));
    }
}

#[test]
fn dropping_an_instance_stops_postfix_and_removes_its_files() {
    let pf = PostfixInstance::start(PostfixOptions::new(["/bin/true"])).expect("start postfix");
    let master = pf.master_pid().expect("master pid");
    let base = pf.base_dir().to_path_buf();
    assert!(!process_gone(master));
    drop(pf);
    assert!(process_gone(master), "master {master} survived the drop");
    assert!(!base.exists(), "{} survived the drop", base.display());
}

/// The child half of the next test: start Postfix, report it, and die the
/// way a killed test does, without unwinding.
const CRASH_CHILD_ENV: &str = "HERALD_HARNESS_CRASH_CHILD";

#[test]
fn a_crashed_test_process_leaves_no_postfix_behind() {
    if std::env::var_os(CRASH_CHILD_ENV).is_some() {
        let pf = PostfixInstance::start(PostfixOptions::new(["/bin/true"])).expect("start");
        println!("CRASH-CHILD {} {}", pf.master_pid().expect("pid"), pf.base_dir().display());
        std::io::stdout().flush().unwrap();
        std::process::abort();
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "postfix_harness::a_crashed_test_process_leaves_no_postfix_behind",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CRASH_CHILD_ENV, "1")
        .output()
        .expect("run the crashing child");
    assert!(!out.status.success(), "the child should have aborted");
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        // libtest prints "test <name> ... " without a newline first.
        .find_map(|l| l.split_once("CRASH-CHILD ").map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("no report from the child:\n{stdout}{}", text(&out.stderr)));
    let (pid, base) = line.split_once(' ').unwrap();
    let (pid, base): (u32, &Path) = (pid.parse().unwrap(), Path::new(base));

    let deadline = Instant::now() + WAIT;
    while !process_gone(pid) || base.exists() {
        assert!(
            Instant::now() < deadline,
            "the watchdog left master {pid} (gone: {}) or {} (exists: {}) behind",
            process_gone(pid),
            base.display(),
            base.exists()
        );
        thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn smtp_sink_captures_messages() {
    let sink = SmtpSink::start(None).expect("start smtp-sink");
    let raw = message("referee@game.test", "u1@players.test", "to the sink");
    smtp::send_mail(sink.addr(), &raw, "referee@game.test", &["u1@players.test", "u2@players.test"])
        .expect("send to smtp-sink");
    let messages = sink.wait_for_messages(1, WAIT);
    assert_eq!(messages.len(), 1);
    let m = &messages[0];
    assert_eq!(m.mail_from, "referee@game.test");
    assert_eq!(m.rcpt_to, ["u1@players.test", "u2@players.test"]);
    // Content as sent, dot-stuffing undone, LF line endings.
    let expected = text(&raw).replace("\r\n", "\n");
    assert_eq!(text(&m.content), expected);
}

#[test]
fn smtp_sink_faults_give_the_documented_replies_then_recover() {
    let from = "referee@game.test";
    let to = "u1@players.test";
    let raw = message(from, to, "fault test");

    // -r RCPT: transient 450 at RCPT.
    let mut sink = SmtpSink::start(Some(Fault::RcptTempFail)).expect("start smtp-sink");
    let port = sink.port();
    let err = smtp::send_mail(sink.addr(), &raw, from, &[to]).expect_err("RCPT must fail");
    let reply = err.reply().unwrap_or_else(|| panic!("{err}"));
    assert_eq!((reply.code, reply.class()), (450, 4), "{err}");
    assert!(err.to_string().contains("RCPT TO"), "{err}");

    // -f DATA: permanent 5xx at DATA.
    sink.restart(Some(Fault::DataPermFail)).expect("restart");
    assert_eq!(sink.port(), port, "restart keeps the port");
    let err = smtp::send_mail(sink.addr(), &raw, from, &[to]).expect_err("DATA must fail");
    let reply = err.reply().unwrap_or_else(|| panic!("{err}"));
    assert_eq!(reply.class(), 5, "{err}");
    assert!(err.to_string().contains("DATA"), "{err}");
    assert!(sink.messages().is_empty(), "nothing captured so far: {:?}", sink.messages());

    // -Q MAIL: 421 at MAIL FROM, then the connection is gone.
    sink.restart(Some(Fault::ShutdownAtMail)).expect("restart");
    let mut client = SmtpClient::connect(sink.addr()).expect("connect");
    assert_eq!(client.greeting().code, 220);
    assert_eq!(client.command("EHLO herald.test").unwrap().code, 250);
    let reply = client.command(&format!("MAIL FROM:<{from}>")).unwrap();
    assert_eq!(reply.code, 421, "{reply}");
    let after = client.command("RSET").expect_err("connection should be closed");
    assert!(after.is_disconnect(), "{after}");

    // -q .: no reply at all after the final dot; the sink did take the mail.
    sink.restart(Some(Fault::DropAfterData)).expect("restart");
    let err = smtp::send_mail(sink.addr(), &raw, from, &[to]).expect_err("no reply to '.'");
    assert!(err.is_disconnect(), "{err}");
    assert!(err.reply().is_none());
    assert_eq!(sink.wait_for_messages(1, WAIT).len(), 1);

    // Recovery on the same port: the next attempt is accepted.
    sink.restart(None).expect("restart without fault");
    assert_eq!(sink.port(), port);
    assert_eq!(sink.fault(), None);
    smtp::send_mail(sink.addr(), &raw, from, &[to]).expect("accepted after recovery");
    let messages = sink.wait_for_messages(2, WAIT);
    assert_eq!(messages.len(), 2);
    assert!(messages.iter().all(|m| m.rcpt_to == [to]));
}

#[test]
fn dot_stuffing_normalises_line_endings() {
    assert_eq!(smtp::dot_stuff(b""), b".\r\n");
    assert_eq!(smtp::dot_stuff(b"a\nb"), b"a\r\nb\r\n.\r\n");
    assert_eq!(smtp::dot_stuff(b"a\r\n.\r\n..x\n\n"), b"a\r\n..\r\n...x\r\n\r\n.\r\n");
}
