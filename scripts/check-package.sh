#!/usr/bin/env bash
# Checks the Debian package scripts/package.sh built (target/debian/herald_*.deb), as
# scripts/test.sh runs it: what it installs, its conffile, its maintainer scripts, the binary
# inside it, and its systemd unit, verified by systemd-analyze in a scratch root that holds the
# package's files beside this machine's own units (systemd need not run: none is started).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "scripts/check-package.sh: $*" >&2; exit 1; }
deb="$(ls target/debian/herald_*.deb | tail -n 1)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# What it installs.
dpkg-deb --info "$deb"
contents="$(dpkg-deb --contents "$deb")"
echo "$contents"
for path in ./usr/bin/herald ./etc/herald/herald.yaml ./usr/lib/systemd/system/herald.service \
    ./usr/share/man/man1/herald.1.gz ./usr/share/man/man1/herald-serve.1.gz \
    ./usr/share/man/man1/herald-backup.1.gz ./usr/share/man/man1/herald-doctor.1.gz \
    ./usr/share/bash-completion/completions/herald ./usr/share/zsh/vendor-completions/_herald \
    ./usr/share/fish/vendor_completions.d/herald.fish ./usr/share/doc/herald/examples/herald.yaml \
    ./usr/share/doc/herald/DejaVu-font-LICENSE; do
  grep -q " $path\$" <<<"$contents" || fail "the package lacks $path"
done

# The configuration is a conffile (an upgrade keeps the club's), installed as the example is.
dpkg-deb --control "$deb" "$scratch/control"
grep -qx /etc/herald/herald.yaml "$scratch/control/conffiles" || fail "/etc/herald/herald.yaml is not a conffile"
mkdir -p "$scratch/root/usr/lib/systemd/system"
cp -a /usr/lib/systemd/system/. "$scratch/root/usr/lib/systemd/system/"
dpkg-deb --extract "$deb" "$scratch/root"
cmp "$scratch/root/etc/herald/herald.yaml" config.example.yaml || fail "the installed configuration is not config.example.yaml"

# The maintainer scripts parse, with cargo-deb's systemd snippets in place of #DEBHELPER#, and
# make the system user and its state directory.
for script in preinst postinst prerm postrm; do
  [ -f "$scratch/control/$script" ] || continue
  sh -n "$scratch/control/$script" || fail "$script does not parse"
  ! grep -q '#DEBHELPER#' "$scratch/control/$script" || fail "$script still has #DEBHELPER#"
done
grep -q 'useradd --system' "$scratch/control/postinst" || fail "postinst makes no system user"
grep -q 'install -d -o herald -g herald -m 0700 /var/lib/herald' "$scratch/control/postinst" \
  || fail "postinst makes no /var/lib/herald"

# The binary inside runs; its completions and man pages are whole.
"$scratch/root/usr/bin/herald" --version
bash -n "$scratch/root/usr/share/bash-completion/completions/herald" || fail "the bash completion does not parse"
for page in "$scratch"/root/usr/share/man/man1/*.gz; do
  gzip -t "$page" || fail "$page is broken"
  zcat "$page" | grep -q '^\.TH ' || fail "$page has no .TH header"
done

# The unit: verified by systemd, and sandboxed as README says.
unit="$scratch/root/usr/lib/systemd/system/herald.service"
systemd-analyze verify --man=no --root="$scratch/root" herald.service || fail "systemd-analyze verify failed"
for line in 'ExecStart=/usr/bin/herald serve' User=herald Restart=on-failure ProtectSystem=strict \
    ReadWritePaths=/var/lib/herald NoNewPrivileges=yes PrivateTmp=yes; do
  grep -qx "$line" "$unit" || fail "the unit lacks $line"
done
systemd-analyze security --offline=true --root="$scratch/root" herald.service | tail -n 1
echo "scripts/check-package.sh: $deb is whole"
