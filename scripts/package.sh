#!/usr/bin/env bash
# Builds herald's Debian package into target/debian/ (see README "Operating herald"):
#   scripts/package.sh            the release build (cargo build --release), then the package;
#   scripts/package.sh BINARY     the package around an herald binary already built (the tests
#                                 use their own build rather than pay for a release build).
# Needs cargo-deb (`cargo install --locked cargo-deb --version 3.8.0`). The shell completions
# and man pages are generated from the binary's own command line (`herald assets`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  cargo build --locked --release --bin herald
  binary=target/release/herald
  target_dir=target
  compression=()
else
  binary="$1"
  # cargo-deb finds the binary under <target dir>/release/: a directory of the package's own.
  target_dir=target/package
  mkdir -p "$target_dir/release"
  cp "$binary" "$target_dir/release/herald"
  # A package for the tests: gzip rather than xz, for time.
  compression=(--fast)
fi
rm -rf target/assets
"$binary" assets target/assets >/dev/null
mkdir -p target/debian
# Stripped: the release profile keeps line tables for backtraces, which a package leaves out.
CARGO_TARGET_DIR="$target_dir" cargo deb --locked --no-build --strip "${compression[@]}" --output target/debian/
