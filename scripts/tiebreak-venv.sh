#!/usr/bin/env bash
# A Python venv under target/ holding tiebreak-core, the independent tie-break
# implementation that tests/tournament_tables.rs compares herald's standings against.
# Idempotent: a venv already holding the pinned version is left alone. Several tests call it at
# once from the one test binary, so one of them builds the venv while the others wait on the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/tiebreak-venv
mkdir -p target
exec 9>target/tiebreak-venv.lock
flock 9
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import importlib.metadata as m; assert m.version("tiebreak-core") == "1.2.0"' 2>/dev/null; then
  exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'tiebreak-core==1.2.0'
