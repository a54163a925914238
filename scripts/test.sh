#!/usr/bin/env bash
# herald's whole test suite, as CI runs it: installs what the tests need on a fresh Debian
# machine (as root), then runs every test. Nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests use:
# - fairy-stockfish: the independent oracle for legal moves and the benchmark's reference;
# - postfix, postfix-sqlite: private Postfix instances on 127.0.0.1 for the end-to-end mail
#   tests (tests/support/postfix.rs), and postfix's smtp-sink for fault injection.
packages=(fairy-stockfish postfix postfix-sqlite python3-aiosmtpd openssl)
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

cargo test --locked --all-targets
