#!/usr/bin/env bash
# herald's whole test suite, as CI runs it: installs what the tests need on a fresh Debian
# machine (as root), then runs every test. Nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests use:
# - fairy-stockfish: the independent oracle for legal moves and the benchmark's reference;
# - postfix, postfix-sqlite: private Postfix instances on 127.0.0.1 for the end-to-end mail
#   tests (tests/support/postfix.rs), and postfix's smtp-sink for fault injection;
# - chromium: the tournament site's pages rendered as a person sees them (tests/site.rs);
# - python3-venv: the virtual environments of the Swiss pairing oracle (scripts/oracle-venv.sh)
#   and of tiebreak-core, the independent tie-break implementation tests/tournament_tables.rs
#   compares against (scripts/tiebreak-venv.sh);
# - opendkim, python3-dkim: the club's receiving server checks DKIM as a milter
#   (tests/support/opendkim.rs), the players' mail is signed by an independent implementation
#   (dkimpy), for tests/sender_authentication.rs.
# - dovecot-core, dovecot-imapd: private Dovecot IMAP servers on 127.0.0.1 for the IMAP inbox's
#   tests (tests/support/dovecot.rs) and `herald bench mail --imap`.
# - systemd: `systemd-analyze verify` checks the Debian package's unit (scripts/check-package.sh;
#   systemd need not run as PID 1 for it).
# - faketime: libfaketime runs the herald binary at the days a correspondence game by mail
#   passes through (tests/clock_mail.rs), herald itself reading the time as ever.
packages=(fairy-stockfish postfix postfix-sqlite python3-aiosmtpd openssl chromium python3-venv opendkim python3-dkim dovecot-core dovecot-imapd systemd faketime)
missing=()
for pkg in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null)" = installed ] || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/test.sh: please install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  # Postfix's only question, answered up front: "No configuration" means no system mail
  # service; the tests run their own instances.
  echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
for program in postfix postqueue postconf smtp-sink; do
  [ -x "/usr/sbin/$program" ] || { echo "scripts/test.sh: /usr/sbin/$program is missing" >&2; exit 1; }
done

# A run of the whole suite builds everything once, from scratch on CI: incremental compilation
# would only add its bookkeeping (and, at the test profile's opt-level 3, split the code into
# 256 units instead of 16).
export CARGO_INCREMENTAL=0

# The Swiss pairing oracle (caissify-pairings, pinned) and the tie-break oracle (tiebreak-core,
# pinned), each in a virtual environment under target/.
bash scripts/oracle-venv.sh
bash scripts/tiebreak-venv.sh

# The tests are built first, then run. Much of their running is waiting (on Postfix, Dovecot,
# Chromium, timeouts), so meanwhile the tools for the package and the fuzz targets are built
# in the background at the lowest priority, on the CPU the tests leave idle; the script waits
# for them, and fails with them, after the tests. (The package itself needs only Debian's
# dpkg-deb: scripts/package.sh.)
cargo test --locked --all-targets --no-run
mkdir -p target
background_log=target/background-build.log
(
  set -e
  if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install --locked cargo-fuzz --version 0.13.2
  fi
  # cargo-fuzz passes nightly-only flags to rustc, which RUSTC_BOOTSTRAP=1 unlocks on the
  # stable toolchain. Unoptimised (--dev): built in under half the CPU (fuzz/Cargo.toml).
  RUSTC_BOOTSTRAP=1 cargo fuzz build -s none --dev
) >"$background_log" 2>&1 &
background=$!
renice -n 19 -p "$background" >/dev/null
cargo test --locked --all-targets
if ! wait "$background"; then
  cat "$background_log" >&2
  echo "scripts/test.sh: building cargo-fuzz or the fuzz targets failed (above)" >&2
  exit 1
fi

# The Debian package (README "Operating herald"): built with dpkg-deb around the tests' own
# herald binary (a release build would cost minutes), then listed and checked, its unit verified.
bash scripts/package.sh target/debug/herald
bash scripts/check-package.sh
# And installed for real, in a scratch overlay of this machine (nothing of it changes):
# the user, the directories, `herald init`, an upgrade that keeps the configuration, a purge.
bash scripts/install-check.sh

# The fuzz targets (fuzz/), built above with cargo-fuzz, each run for a bounded time from its
# saved seeds, so that none can rot unseen: a smoke run, not a fuzzing session (the targets
# are unoptimised; a session runs them with -O for hours). (Every test run above also runs each target's
# check over its seeds and their mutations: tests/fuzz_corpus.rs.)
export RUSTC_BOOTSTRAP=1
fuzz_seconds="${HERALD_FUZZ_SECONDS:-3}"
mkdir -p fuzz/artifacts
# Each target is one single-threaded process: as many run at once as the machine has cores.
fuzz_one() {
  local target="$1" log="fuzz/artifacts/$1.log"
  mkdir -p "fuzz/corpus/$target"
  if ! cargo fuzz run -s none --dev "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
      -max_total_time="$fuzz_seconds" -timeout=10 >"$log" 2>&1; then
    cat "$log" >&2
    echo "scripts/test.sh: the fuzz target $target failed (its input is in fuzz/artifacts/$target/)" >&2
    return 1
  fi
  echo "fuzz $target: $(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1)"
}
export -f fuzz_one
export fuzz_seconds
cargo fuzz list | xargs -P "$(nproc)" -I{} bash -c 'fuzz_one "$1"' _ {}
