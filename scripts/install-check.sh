#!/usr/bin/env bash
# Installs herald's Debian package for real, in a scratch copy of this machine: a private
# mount namespace with an overlay over / whose changes go to a temporary folder, chrooted
# into, so nothing of the machine changes. Then: the maintainer scripts made the herald user,
# /var/lib/herald (0700) and the configuration (0640 root:herald); systemd verifies the
# installed unit; `herald init` runs as herald; `herald serve` refuses the configuration as
# installed (the example) in one line, with the status the unit does not restart; reinstalling keeps a changed configuration
# (a conffile); a purge removes /etc/herald and keeps the club's games. Run as root (as
# scripts/test.sh runs it), with the package scripts/package.sh built.
set -euo pipefail
cd "$(dirname "$0")/.."
deb="$(realpath "$(ls target/debian/herald_*.deb | tail -n 1)")"
[ "$(id -u)" -eq 0 ] || { echo "scripts/install-check.sh: run as root (it mounts an overlay in a namespace of its own)" >&2; exit 1; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/upper" "$scratch/work" "$scratch/root"
cp "$deb" "$scratch/herald.deb"
unshare --mount --propagation private bash -euo pipefail -s "$scratch" <<'INSIDE'
scratch="$1"
root="$scratch/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$scratch/upper,workdir=$scratch/work" "$root"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t tmpfs tmpfs "$root/tmp"
mount -t tmpfs tmpfs "$root/run"
cp "$scratch/herald.deb" "$root/tmp/herald.deb"
in_root() { chroot "$root" "$@"; }
fail() { echo "scripts/install-check.sh: $*" >&2; exit 1; }
in_root dpkg -r herald >/dev/null 2>&1 || true
in_root env DEBIAN_FRONTEND=noninteractive dpkg -i /tmp/herald.deb
in_root getent passwd herald | grep ':/var/lib/herald:/usr/sbin/nologin$' >/dev/null || fail "no system user herald"
[ "$(in_root stat -c '%U:%G %a' /var/lib/herald)" = "herald:herald 700" ] || fail "/var/lib/herald: $(in_root stat -c '%U:%G %a' /var/lib/herald)"
[ "$(in_root stat -c '%U:%G %a' /etc/herald/herald.yaml)" = "root:herald 640" ] || fail "/etc/herald/herald.yaml: $(in_root stat -c '%U:%G %a' /etc/herald/herald.yaml)"
in_root systemd-analyze verify --man=no /usr/lib/systemd/system/herald.service || fail "the installed unit does not verify"
in_root man -w herald-backup >/dev/null 2>&1 || [ -f "$root/usr/share/man/man1/herald-backup.1.gz" ] || fail "no man page"
# The administrator's first steps, as README says.
in_root runuser -u herald -- env HERALD_CONFIG=/etc/herald/herald.yaml HERALD_LOG_LEVEL=error herald init
[ "$(in_root stat -c '%U %a' /var/lib/herald/herald.db)" = "herald 600" ] || fail "the database: $(in_root stat -c '%U %a' /var/lib/herald/herald.db)"
# The service, started on the configuration as installed (the example), refuses at once with
# one line that says what to edit, and the status its unit does not restart.
status=0
said="$(in_root runuser -u herald -- env HERALD_CONFIG=/etc/herald/herald.yaml HERALD_LOG_LEVEL=error herald serve 2>&1)" || status=$?
[ "$status" -eq 78 ] || fail "herald serve on the packaged configuration exited $status: $said"
grep -qx 'herald: edit /etc/herald/herald.yaml: referee.address is still the example (referee@chess.example.org)' <<<"$said" \
  || fail "herald serve on the packaged configuration said: $said"
# An upgrade (the same package again) keeps the club's configuration.
echo "# the club's own line" >> "$root/etc/herald/herald.yaml"
in_root env DEBIAN_FRONTEND=noninteractive dpkg -i --force-confold /tmp/herald.deb
grep -q "the club's own line" "$root/etc/herald/herald.yaml" || fail "reinstalling replaced the configuration"
# A purge removes the package and its configuration, and keeps the games.
in_root dpkg --purge herald
[ ! -e "$root/usr/bin/herald" ] && [ ! -e "$root/etc/herald" ] || fail "the purge left herald's files"
[ -f "$root/var/lib/herald/herald.db" ] || fail "the purge removed the club's database"
echo "scripts/install-check.sh: installed, initialised, reinstalled and purged in a scratch root"
INSIDE
