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

# The maintainer scripts parse, hold no debhelper token left unfilled, make the system user and
# its state directory, and carry the systemd unit's steps; every file's checksum is listed.
for script in preinst postinst prerm postrm; do
  [ -f "$scratch/control/$script" ] || continue
  sh -n "$scratch/control/$script" || fail "$script does not parse"
  ! grep -q '#DEBHELPER#' "$scratch/control/$script" || fail "$script still has #DEBHELPER#"
done
grep -q 'useradd --system' "$scratch/control/postinst" || fail "postinst makes no system user"
grep -q 'install -d -o herald -g herald -m 0700 /var/lib/herald' "$scratch/control/postinst" \
  || fail "postinst makes no /var/lib/herald"
grep -q 'deb-systemd-helper update-state herald.service' "$scratch/control/postinst" || fail "postinst does not register the unit"
grep -q 'deb-systemd-invoke stop herald.service' "$scratch/control/prerm" || fail "prerm does not stop the service"
grep -q 'deb-systemd-helper purge herald.service' "$scratch/control/postrm" || fail "postrm does not forget the unit on purge"
(cd "$scratch/root" && md5sum --quiet -c "$scratch/control/md5sums") || fail "md5sums does not match the files"
[ "$(grep -c . "$scratch/control/md5sums")" -eq "$(grep -c '^-' <<<"$contents")" ] || fail "md5sums does not list every file"

# The binary inside runs; its completions and man pages are whole.
"$scratch/root/usr/bin/herald" --version
bash -n "$scratch/root/usr/share/bash-completion/completions/herald" || fail "the bash completion does not parse"
for page in "$scratch"/root/usr/share/man/man1/*.gz; do
  gzip -t "$page" || fail "$page is broken"
  # grep reads to the end (no -q): under pipefail, zcat's SIGPIPE would fail the check.
  zcat "$page" | grep '^\.TH ' >/dev/null || fail "$page has no .TH header"
done

# The unit: verified by systemd, and sandboxed as README says.
unit="$scratch/root/usr/lib/systemd/system/herald.service"
systemd-analyze verify --man=no --root="$scratch/root" herald.service || fail "systemd-analyze verify failed"
for line in 'ExecStart=/usr/bin/herald serve' User=herald Restart=on-failure ProtectSystem=strict \
    RestartPreventExitStatus=78 ReadWritePaths=/var/lib/herald NoNewPrivileges=yes PrivateTmp=yes ProtectHome=yes PrivateDevices=yes \
    CapabilityBoundingSet= UMask=0077 SystemCallFilter=@system-service SystemCallArchitectures=native \
    'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6' RestrictNamespaces=yes MemoryDenyWriteExecute=yes; do
  grep -qx "$line" "$unit" || fail "the unit lacks $line"
done
# systemd's own rating of the sandbox, held to a bound: README says 1.8 ("OK"); a unit that
# loses a setting rates higher, and 2.0 is the most this check lets pass (systemd-analyze's
# --threshold counts in tenths).
security() { systemd-analyze security --offline=true --root="$scratch/root" "$@" herald.service; }
overall="$(security | sed -n 's/^.*Overall exposure level for herald\.service: \([0-9.]*\).*$/\1/p')"
[ -n "$overall" ] || fail "systemd-analyze security printed no overall exposure level"
echo "systemd-analyze security: exposure $overall"
awk -v x="$overall" 'BEGIN { exit !(x <= 2.0) }' || fail "the unit's exposure is $overall, above 2.0"
security --threshold=20 >/dev/null || fail "systemd-analyze security --threshold=20 refuses the unit"
# Every sandboxing check systemd knows holds, except these, each for a reason: herald talks to
# its mail servers (PrivateNetwork, IPAddressDeny, the address families: AF_UNIX for sendmail
# and the journal, AF_INET/AF_INET6 for SMTP and IMAP), runs as its own user on the host's
# file system (PrivateUsers, RootDirectory/RootImage, PrivateMounts, ProtectProc, ProcSubset,
# RemoveIPC, DeviceAllow: ProtectSystem=strict and PrivateDevices do the confining), and its
# system-call allow list is @system-service, which includes @resources and @privileged.
allowed=" SystemCallFilter_resources SystemCallFilter_privileged RemoveIPC RootDirectoryOrRootImage PrivateMounts \
RestrictAddressFamilies_AF_UNIX RestrictAddressFamilies_AF_INET_INET6 ProtectProc ProcSubset PrivateNetwork \
PrivateUsers DeviceAllow IPAddressDeny "
unset_checks="$(security --json=short | python3 -c '
import json, sys
for check in json.load(sys.stdin):
    if not check["set"]:
        print(check["json_field"])
')"
[ -n "$(security --json=short | python3 -c 'import json, sys; print(len(json.load(sys.stdin)) or "")')" ] \
  || fail "systemd-analyze security --json=short listed no checks"
for check in $unset_checks; do
  case "$allowed" in
    *" $check "*) ;;
    *) fail "the unit fails systemd's sandboxing check $check" ;;
  esac
done
echo "scripts/check-package.sh: $deb is whole"
