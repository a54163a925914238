//! Temporary directories, and the user that Postfix's pipe command runs as.
//!
//! # The pipe user
//!
//! `pipe(8)` refuses to run commands as root, so the command runs as the
//! user in `PostfixOptions::pipe_user` (`nobody`, uid 65534 on Debian).
//! Everything the command touches must be reachable by that user:
//!
//! * the program itself: if `nobody` cannot execute it (for instance a cargo
//!   target directory under `/root`, which is mode 0700), the harness copies
//!   it into `B/bin/` and runs the copy;
//! * its arguments: an absolute path in the command line that exists but is
//!   not readable by the pipe user is refused at start, with an explanation;
//! * files it writes (herald's database, its outbox): put them in a
//!   directory from [`pipe_user_dir`], and hand over files that the test
//!   created there as root with [`give_to_pipe_user`].
//!
//! The Maildirs belong to the same user (`virtual_uid_maps`); the test runs
//! as root and reads everything.
//!
#![allow(dead_code)]

use std::fs::{self, Permissions};
use std::io;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::harness::{context, harness_error};

/// The default user for the pipe command and the owner of the Maildirs.
pub const DEFAULT_PIPE_USER: &str = "nobody";

/// A directory removed on drop (std-only stand-in for `tempfile::TempDir`).
/// Set `HERALD_KEEP_TEST_DIRS=1` to keep it for inspection.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates `$TMPDIR/<prefix>-<pid>-<n>-<nanos>`, mode 0755 so that
    /// Postfix's unprivileged processes and the pipe user can traverse it.
    pub fn new(prefix: &str) -> io::Result<TempDir> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let root = std::env::temp_dir();
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
            let path = root.join(format!("{prefix}-{}-{n}-{nanos:x}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => {
                    fs::set_permissions(&path, Permissions::from_mode(0o755))?;
                    return Ok(TempDir { path });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(context(format!("creating {}", path.display()))(e)),
            }
        }
    }

    /// The directory's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::env::var_os("HERALD_KEEP_TEST_DIRS").is_some() {
            eprintln!("keeping {}", self.path.display());
        } else {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

/// Numeric ids of a system user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UserIds {
    /// User id.
    pub uid: u32,
    /// Primary group id.
    pub gid: u32,
}

/// Looks a user up in /etc/passwd (test machines have no other user
/// database worth asking).
pub fn lookup_user(name: &str) -> io::Result<UserIds> {
    let passwd = fs::read_to_string("/etc/passwd").map_err(context("reading /etc/passwd"))?;
    for line in passwd.lines() {
        let fields: Vec<&str> = line.split(':').collect();
        if fields.len() >= 4
            && fields[0] == name
            && let (Ok(uid), Ok(gid)) = (fields[2].parse(), fields[3].parse())
        {
            return Ok(UserIds { uid, gid });
        }
    }
    Err(harness_error(format!("user {name:?} not found in /etc/passwd")))
}

/// A fresh temporary directory owned by the default pipe user (`nobody`),
/// for files the pipe command must write: herald's database, its outbox, a
/// test script's output. Files the test creates inside it as root stay
/// root's; hand them over with [`give_to_pipe_user`].
pub fn pipe_user_dir() -> io::Result<TempDir> {
    let dir = TempDir::new("herald-pipe")?;
    give_to_pipe_user(dir.path())?;
    Ok(dir)
}

/// Recursively gives `path` to the default pipe user (`nobody`), without
/// following symbolic links.
pub fn give_to_pipe_user(path: &Path) -> io::Result<()> {
    let ids = lookup_user(DEFAULT_PIPE_USER)?;
    chown_recursive(path, ids)
}

pub(crate) fn chown_recursive(path: &Path, ids: UserIds) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(ids.uid), Some(ids.gid))
        .map_err(context(format!("chown {}", path.display())))?;
    if fs::symlink_metadata(path)?.is_dir() {
        for entry in fs::read_dir(path)? {
            chown_recursive(&entry?.path(), ids)?;
        }
    }
    Ok(())
}

/// Whether `ids` may use `path` with the permission bits `need` (4 = read,
/// 1 = execute/search), including search permission on every ancestor
/// directory. Supplementary groups are ignored: `nobody` has none.
pub(crate) fn accessible_to(path: &Path, ids: UserIds, need: u32) -> bool {
    let Ok(real) = path.canonicalize() else {
        return false;
    };
    let permits = |p: &Path, bits: u32| {
        fs::metadata(p).is_ok_and(|m| {
            let shift = if m.uid() == ids.uid {
                6
            } else if m.gid() == ids.gid {
                3
            } else {
                0
            };
            (m.mode() >> shift) & bits == bits
        })
    };
    real.ancestors().skip(1).all(|dir| permits(dir, 0o1)) && permits(&real, need)
}
