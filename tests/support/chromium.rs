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
    run_url(&format!("file://{}", page.display()), extra)
}

/// Runs Chromium headless on the address `url` with `extra` arguments; its standard output.
pub fn run_url(url: &str, extra: &[String]) -> String {
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
        .arg(url)
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
            panic!("chromium did not finish rendering {url} within 90 s");
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

/// What [`overflow`] found on a page at one width.
#[derive(Debug)]
pub struct Overflow {
    /// The viewport's width the page was laid out in, as the browser measured it.
    pub viewport: f64,
    /// The document's scroll width: more than the viewport when the page scrolls sideways.
    pub scroll_width: f64,
    /// Every element whose box (or text) extends past the viewport's left or right edge and is
    /// not inside a box that scrolls sideways within the viewport, described as
    /// `tag#id.class "text" left..right` (a box that clips its content is no excuse: what it
    /// clips is cut off).
    pub outside: Vec<String>,
}

/// The script [`overflow`] adds at the end of a page's body: it measures every element's box
/// in the laid-out page and writes what it found, as JSON, into `<pre id="overflow-report">`.
const OVERFLOW_CHECK: &str = r#"<script>
(function () {
  var width = document.documentElement.clientWidth;
  var fits = function (r) { return r.left >= -0.5 && r.right <= width + 0.5; };
  var clipper = function (el) {
    for (var a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      var o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll') return a;
    }
    return null;
  };
  var describe = function (el) {
    var text = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    var cls = typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '';
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + ' "' + text + '"';
  };
  var outside = [];
  var all = document.body.getElementsByTagName('*');
  for (var i = 0; i < all.length; i++) {
    var el = all[i];
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (fits(r)) continue;
    var box = clipper(el);
    if (box && fits(box.getBoundingClientRect())) continue;
    outside.push(describe(el) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  // Text runs past its element's box when it cannot wrap: measured on the text itself.
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('script')) continue;
    var range = document.createRange();
    range.selectNodeContents(node);
    var t = range.getBoundingClientRect();
    if ((t.width === 0 && t.height === 0) || fits(t)) continue;
    var holder = clipper(node.parentElement) || (getComputedStyle(node.parentElement).overflowX.match(/auto|scroll/) ? node.parentElement : null);
    if (holder && fits(holder.getBoundingClientRect())) continue;
    outside.push('text in ' + describe(node.parentElement) + ' ' + Math.round(t.left) + '..' + Math.round(t.right));
  }
  var report = document.createElement('pre');
  report.id = 'overflow-report';
  report.textContent = JSON.stringify({ viewport: width, scroll_width: document.documentElement.scrollWidth, outside: outside });
  document.body.appendChild(report);
})();
</script>"#;

/// A page beside `page` that shows it in a frame `width` px wide and `height` px high: headless
/// Chromium's window is never narrower than 500 px, so a phone's width is a frame's. (The frame
/// is the page's viewport: its media queries and layout are a phone's.) `script`, if any, runs
/// in the outer page when the frame has loaded, with the frame as `frame`. The caller removes
/// the file; run it with [`frame_args`].
pub fn framed(page: &Path, width: u32, height: u32, script: &str) -> PathBuf {
    let name = page.file_name().unwrap().to_string_lossy();
    let frame = page.with_file_name(format!(".frame-{width}-{name}"));
    let html = format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body {{ margin: 0 }}</style></head><body>\
         <iframe id=\"frame\" src=\"{name}\" style=\"width: {width}px; height: {height}px; border: 0; display: block\">\
         </iframe><script>document.getElementById('frame').addEventListener('load', function () {{ var frame = \
         this; {script} }});</script></body></html>"
    );
    std::fs::write(&frame, html).unwrap();
    frame
}

/// What a run of a [`framed`] page needs: a window wide enough for any frame, and a page read
/// from a file allowed to read its frame, read from a file beside it.
pub fn frame_args(width: u32, height: u32) -> Vec<String> {
    vec!["--allow-file-access-from-files".to_string(), format!("--window-size={},{}", width.max(500) + 20, height + 20)]
}

/// Lays `page` out in headless Chromium in a viewport `width` x `height` px and measures, in
/// the browser, which elements extend past the viewport (see [`Overflow`]). The page is copied
/// beside itself with a check script added at the end of its body (so that its style sheet
/// and links resolve as they do for the page) and shown in a frame of that size
/// ([`framed`]); the DOM Chromium dumps carries the script's report.
pub fn overflow(page: &Path, width: u32, height: u32) -> Overflow {
    let html = std::fs::read_to_string(page).unwrap();
    let end = html.rfind("</body>").expect("the page has a body");
    let checked = format!("{}{OVERFLOW_CHECK}{}", &html[..end], &html[end..]);
    let name = page.file_name().unwrap().to_string_lossy();
    let copy = page.with_file_name(format!(".overflow-{width}-{name}"));
    std::fs::write(&copy, checked).unwrap();
    let frame = framed(
        &copy,
        width,
        height,
        "var report = frame.contentDocument.getElementById('overflow-report'); var out = \
         document.createElement('pre'); out.id = 'overflow-report'; out.textContent = report ? report.textContent : \
         'no report'; document.body.appendChild(out);",
    );
    let mut args = frame_args(width, height);
    args.push("--dump-dom".to_string());
    let dom = run(&frame, &args);
    let _ = std::fs::remove_file(&copy);
    let _ = std::fs::remove_file(&frame);
    let start = dom.find("<pre id=\"overflow-report\">").unwrap_or_else(|| panic!("no report from {}", page.display()));
    let rest = &dom[start + "<pre id=\"overflow-report\">".len()..];
    let json = rest[..rest.find("</pre>").unwrap()].replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">");
    let json = json.replace("&amp;", "&");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    Overflow {
        viewport: value["viewport"].as_f64().unwrap(),
        scroll_width: value["scroll_width"].as_f64().unwrap(),
        outside: value["outside"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect(),
    }
}
