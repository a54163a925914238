#!/usr/bin/env bash
# Builds herald's Debian package into target/debian/ (see README "Operating herald"):
#   scripts/package.sh            the release build (cargo build --release), then the package;
#   scripts/package.sh BINARY     the package around an herald binary already built (the tests
#                                 use their own build rather than pay for a release build).
# Debian's own dpkg-deb builds it from a tree laid out here: what the package installs is this
# file's list, its maintainer scripts are packaging/debian/ whole (the systemd unit's steps
# written out in them, as debhelper would add them), its dependencies are read from the
# binary. The shell completions and man pages come from the binary's own command line
# (`herald assets`).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "scripts/package.sh: $*" >&2; exit 1; }
if [ $# -eq 0 ]; then
  cargo build --locked --release --bin herald
  binary=target/release/herald
  compression=(-Zxz)
else
  binary="$1"
  # A package for the tests: gzip rather than xz, for time.
  compression=(-Zgzip -z1)
fi
[ -x "$binary" ] || fail "$binary is not an executable"
# (No reader in a pipeline here stops before its input ends, as `head` or awk's `exit` do:
# under pipefail the writer's SIGPIPE would fail the script, now and then, by timing.)
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | awk 'NR == 1')-1"
arch="$(dpkg --print-architecture)"

tree="target/debian/tree"
rm -rf "$tree" target/assets
mkdir -p "$tree/DEBIAN" target/debian
"$binary" assets target/assets >/dev/null

# install MODE SOURCE DESTINATION: one file of the package, its folders made as root's 0755.
put() {
  install -D -m "$1" "$2" "$tree/$3"
}
put 755 "$binary" usr/bin/herald
# Stripped: the release profile keeps line tables for backtraces, which a package leaves out.
strip --strip-unneeded "$tree/usr/bin/herald"
put 640 config.example.yaml etc/herald/herald.yaml
put 644 config.example.yaml usr/share/doc/herald/examples/herald.yaml
put 644 README.md usr/share/doc/herald/README.md
# The licence of the font built into the binary for the board pictures (assets/fonts/).
put 644 assets/fonts/DejaVu-LICENSE usr/share/doc/herald/DejaVu-font-LICENSE
put 644 packaging/herald.service usr/lib/systemd/system/herald.service
put 644 target/assets/completions/herald usr/share/bash-completion/completions/herald
put 644 target/assets/completions/_herald usr/share/zsh/vendor-completions/_herald
put 644 target/assets/completions/herald.fish usr/share/fish/vendor_completions.d/herald.fish
for page in target/assets/man/*.1; do
  put 644 "$page" "usr/share/man/man1/$(basename "$page")"
  gzip -9n "$tree/usr/share/man/man1/$(basename "$page")"
done
cat >"$tree/usr/share/doc/herald/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: herald
Copyright: herald's authors
License: MIT OR Apache-2.0
EOF
chmod 644 "$tree/usr/share/doc/herald/copyright"

# Depends: the package of each shared library the binary needs, and for the C library the
# newest symbol version the binary uses (what dpkg-shlibdeps would say); passwd for useradd.
depends=()
glibc="$(objdump -T "$tree/usr/bin/herald" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)"
while read -r library; do
  path="$(ldconfig -p | awk -v lib="$library" '$1 == lib && !found { print $NF; found = 1 }')"
  [ -n "$path" ] || fail "the binary needs $library, which this machine does not have"
  package="$(dpkg-query -S "$(realpath "$path")" 2>/dev/null | awk -F: 'NR == 1 { print $1 }')" \
    || package="$(dpkg-query -S "$path" | awk -F: 'NR == 1 { print $1 }')"
  [ -n "$package" ] || fail "no package holds $path"
  if [ "$package" = libc6 ]; then
    depends+=("libc6 (>= $glibc)")
  else
    depends+=("$package")
  fi
done < <(objdump -p "$tree/usr/bin/herald" | awk '$1 == "NEEDED" { print $2 }')
depends+=(passwd)
depends_line="$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"

# The control files: the configuration is a conffile (an upgrade keeps the club's).
for script in postinst prerm postrm; do
  install -m 755 "packaging/debian/$script" "$tree/DEBIAN/$script"
done
echo /etc/herald/herald.yaml >"$tree/DEBIAN/conffiles"
(cd "$tree" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$tree/DEBIAN/md5sums"
cat >"$tree/DEBIAN/control" <<EOF
Package: herald
Version: $version
Architecture: $arch
Section: games
Priority: optional
Maintainer: herald's maintainers
Installed-Size: $(du -sk --exclude=DEBIAN "$tree" | cut -f1)
Depends: $depends_line
Description: A play-by-email referee for chess variants with secrets
 herald referees correspondence games of chess variants by mail: players reply
 to the referee's mail, herald checks each move, keeps the game in SQLite and
 mails each player what that player may know. Secrets are committed by salted
 hashes and opened when the rules say. The package runs \`herald serve\` as a
 systemd service under its own user.
EOF
rm -f target/debian/herald_*.deb
dpkg-deb --root-owner-group "${compression[@]}" --build "$tree" "target/debian/herald_${version}_${arch}.deb"
