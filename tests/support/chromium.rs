//! Headless Chromium (Debian's `chromium`), to look at herald's pages and mails as a person's
//! browser shows them: each run in an empty profile of its own, with no network.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn binary() -> PathBuf {
    for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] {
        if Path::new(candidate).exists() {
            return PathBuf::from(candidate);
        }
    }
    panic!("these tests render pages in headless Chromium, which is missing: apt-get install chromium");
}

/// Runs Chromium headless on `page` with `extra` arguments; its standard output.
pub fn run(page: &Path, extra: &[String]) -> String {
    let profile = std::env::temp_dir().join(format!("herald-chromium-{}-{}", std::process::id(), next_profile()));
    std::fs::create_dir_all(&profile).unwrap();
    let mut child = Command::new(binary())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts (apt-get install chromium)");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut out).unwrap();
        out
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("chromium did not finish rendering {} within 90 s", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&profile);
    reader.join().unwrap()
}

/// A number for each Chromium run's own empty profile.
fn next_profile() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    COUNTER.fetch_add(1, Ordering::SeqCst)
}
