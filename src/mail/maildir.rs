//! Maildir folders (the format of Qmail, Dovecot and Postfix's virtual delivery): new mail
//! is written to `tmp/` and renamed into `new/`, so a reader never sees half a mail; a reader
//! moves what it has handled to `cur/` with the info suffix `:2,S` (seen). The one writer of
//! Maildirs in herald: the inbox's, the Maildir sink's and the tests' deliveries all go
//! through [`Maildir::deliver`].

use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A Maildir.
#[derive(Clone, Debug)]
pub struct Maildir {
    root: PathBuf,
}

impl Maildir {
    /// Opens the Maildir at `root`, creating it and its `new/`, `cur/` and `tmp/` if missing
    /// (mode 0700: the mails in it carry reply tokens), each new directory's entry flushed to
    /// disk so that it survives a crash.
    pub fn create(root: &Path) -> io::Result<Maildir> {
        ensure_dir(root)?;
        for sub in ["tmp", "new", "cur"] {
            ensure_dir(&root.join(sub))?;
        }
        Ok(Maildir { root: root.to_path_buf() })
    }

    /// The folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The mails in `new/`, oldest name first (delivery names begin with the time).
    pub fn new_mail(&self) -> io::Result<Vec<PathBuf>> {
        list(&self.root.join("new"))
    }

    /// Every mail in `new/` and `cur/`, oldest name first.
    pub fn all_mail(&self) -> io::Result<Vec<PathBuf>> {
        let mut all = list(&self.root.join("new"))?;
        all.extend(list(&self.root.join("cur"))?);
        all.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
        Ok(all)
    }

    /// Moves a handled mail from `new/` to `cur/`, marked seen.
    pub fn mark_seen(&self, path: &Path) -> io::Result<PathBuf> {
        self.move_to_cur(path, "S")
    }

    /// Moves a mail that could not be handled from `new/` to `cur/`, flagged and unseen, so
    /// that it is not read again and stands out in a mail client.
    pub fn set_aside(&self, path: &Path) -> io::Result<PathBuf> {
        self.move_to_cur(path, "F")
    }

    fn move_to_cur(&self, path: &Path, flags: &str) -> io::Result<PathBuf> {
        let name = path.file_name().ok_or_else(|| io::Error::other("not a file"))?.to_string_lossy();
        let base = name.split(':').next().unwrap_or(&name);
        let target = self.root.join("cur").join(format!("{base}:2,{flags}"));
        fs::rename(path, &target)?;
        Ok(target)
    }

    /// Delivers `bytes` as a new mail, exactly as given, by the Maildir protocol, so that a
    /// reader never sees half a mail even after a crash: written under a unique name
    /// ([`unique_name`]) in `tmp/` (created new, mode 0600), flushed to disk, renamed into
    /// `new/`, and the directory flushed so the rename persists. A crash leaves at most a
    /// file in `tmp/`, which readers ignore.
    pub fn deliver(&self, bytes: &[u8]) -> io::Result<PathBuf> {
        let (name, mut file) = loop {
            let name = unique_name();
            match OpenOptions::new().write(true).create_new(true).mode(0o600).open(self.root.join("tmp").join(&name)) {
                Ok(file) => break (name, file),
                // Unique by construction; a collision (a clock stepped back and the same pid
                // and random number) just takes the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        };
        let tmp = self.root.join("tmp").join(&name);
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        drop(file);
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
        let target = self.root.join("new").join(&name);
        fs::rename(&tmp, &target)?;
        sync_dir(&self.root.join("new"))?;
        Ok(target)
    }
}

/// Creates `dir` (and missing parents, mode 0700) if needed, and then flushes its parent so
/// that the new entry survives a crash.
fn ensure_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => sync_dir(parent),
        _ => Ok(()),
    }
}

fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    out.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(out)
}

/// A Maildir file name, `seconds.M<micros>P<pid>Q<counter>R<random>.<host>`, unique on
/// this machine (the random part guards against a pid reused after the clock stepped back).
/// The microseconds and the counter are zero-padded so that names sort in delivery order:
/// readers that take "the latest mail" by name (the demo, the tests' players) depend on it.
pub(crate) fn unique_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    // A failure of the random source leaves the other parts, which are unique on their own.
    let random = getrandom::u64().unwrap_or(0);
    name_of(now, count, random, &maildir_host())
}

fn name_of(now: Duration, count: u64, random: u64, host: &str) -> String {
    let (seconds, micros, pid) = (now.as_secs(), now.subsec_micros(), std::process::id());
    format!("{seconds}.M{micros:06}P{pid}Q{count:010}R{random:016x}.{host}")
}

/// The host name with `/` and `:` escaped as the Maildir convention asks (`:` separates
/// the flags in cur/, `/` would be a directory).
fn maildir_host() -> String {
    let host = hostname::get().ok().and_then(|h| h.into_string().ok()).filter(|h| !h.is_empty());
    host.unwrap_or_else(|| "localhost".to_owned()).replace('/', "\\057").replace(':', "\\072")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_well_formed_and_sort_in_the_order_they_were_made() {
        // Where the width of a number changes: 99,999 to 100,000 microseconds, counter 9 to 10.
        let at = |micros: u64| Duration::from_micros(1_700_000_000_000_000 + micros);
        let made = [
            name_of(at(99_999), 9, 1, "h"),
            name_of(at(99_999), 10, 0, "h"),
            name_of(at(100_000), 11, 0, "h"),
            name_of(at(1_000_000), 12, 0, "h"),
        ];
        let mut sorted = made.clone();
        sorted.sort();
        assert_eq!(sorted, made);
        let names: Vec<String> = (0..1000).map(|_| unique_name()).collect();
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct, names);
        let a = &names[0];
        assert_eq!(a.split('.').next().unwrap().len(), 10, "{a}");
        assert!(!a.contains(['/', ':']), "{a}");
    }

    #[test]
    fn delivered_mail_is_new_until_seen() {
        let dir = std::env::temp_dir().join(format!("herald-maildir-{}", std::process::id()));
        let md = Maildir::create(&dir).unwrap();
        let a = md.deliver(b"first").unwrap();
        let b = md.deliver(b"second").unwrap();
        assert_ne!(a, b);
        assert_eq!(md.new_mail().unwrap(), vec![a.clone(), b.clone()]);
        let seen = md.mark_seen(&a).unwrap();
        assert!(seen.to_string_lossy().ends_with(":2,S"));
        assert_eq!(md.new_mail().unwrap(), vec![b]);
        assert_eq!(fs::read(&seen).unwrap(), b"first");
        assert!(list(&dir.join("tmp")).unwrap().is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }
}
