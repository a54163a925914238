#!/usr/bin/env bash
# The Dutch Swiss oracle for tests/swiss_oracle.rs and `herald bench pairing`: a Python
# virtual environment under the cargo target directory with caissify-pairings pinned.
# Idempotent: does nothing when the pinned version is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
venv="$target/oracle-venv"
pin="caissify-pairings==0.5.0"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -m pip show caissify-pairings 2>/dev/null | grep -x 'Version: 0.5.0' >/dev/null; then
  exit 0
fi
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/oracle-venv.sh: please install as root: apt-get install python3-venv" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends python3-venv
fi
mkdir -p "$target"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "$pin"
echo "scripts/oracle-venv.sh: $pin in $venv"
