#!/usr/bin/env bash
# herald's whole test suite, as CI runs it: installs what the tests need on a fresh Debian
# machine (as root), then runs every test. Nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests use: Fairy-Stockfish is the independent oracle for legal moves.
needed=()
for pkg in fairy-stockfish; do
  dpkg -s "$pkg" >/dev/null 2>&1 || needed+=("$pkg")
done
if [ ${#needed[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/test.sh: please install: ${needed[*]} (apt-get install ${needed[*]})" >&2
    exit 1
  fi
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${needed[@]}"
fi

cargo test --locked --all-targets
