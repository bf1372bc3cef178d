#!/usr/bin/env bash
# Installs the .deb that the packaging test built on a clean Debian 12 root, as a user would:
# dpkg -i, then apt-get -f install to bring in what it depends on from the archive, then
# `lockscope --version`; then what it recommends (the sandbox's redis-server), and
# `lockscope scan --sandbox`. Nothing of the
# build machine's Qt, hiredis or redis-server is visible inside, so a dependency missing from
# the package fails here.
#
# The root is a debootstrap --variant=minbase of bookworm from the host's own Debian mirror,
# kept as a tarball in ~/.cache/lockscope (LOCKSCOPE_DEBIAN_ROOT_CACHE) for a week, so a
# second run spends its time on the package, not on debootstrap.
#
# It downloads a few hundred MB the first time and runs as root, so CI (CI=true: 2 cores, a
# fresh machine, every push) skips it unless LOCKSCOPE_TEST_PACKAGE_INSTALL=1 asks for it;
# LOCKSCOPE_TEST_PACKAGE_INSTALL=0 skips it anywhere.
#   packageinstall.sh BUILD_DIR      exit 0 passed, 77 skipped (not asked for, not root,
#                                    no debootstrap, no Debian mirror reachable)
set -euo pipefail
build=$(cd "$1" && pwd)
skip() { echo "SKIPPED: $*"; exit 77; }
wanted=${LOCKSCOPE_TEST_PACKAGE_INSTALL:-}
[[ $wanted != 0 ]] || skip "LOCKSCOPE_TEST_PACKAGE_INSTALL=0"
[[ ${CI:-} != true || $wanted == 1 ]] || skip "in CI only with LOCKSCOPE_TEST_PACKAGE_INSTALL=1 (it debootstraps a Debian root)"
[[ $(id -u) -eq 0 ]] || skip "installing into a root needs root (debootstrap, chroot)"
command -v debootstrap >/dev/null || skip "no debootstrap (installer/install-deps.sh installs it)"

shopt -s nullglob
debs=("$build"/package/lockscope_*.deb)
[[ ${#debs[@]} -eq 1 ]] || { echo "expected one .deb in $build/package (the packaging test makes it), found ${#debs[@]}"; exit 1; }
deb=${debs[0]}

root=$build/package-root
cache=${LOCKSCOPE_DEBIAN_ROOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lockscope/debian12-minbase.tar.gz}
# Nothing of the root may stay mounted, even after a run that was killed: rm -rf must never
# walk into the host's /proc or /dev through it.
unmount_all() {
    local m
    for m in proc sys dev/pts dev; do
        if mountpoint -q "$root/$m" 2>/dev/null; then umount -l "$root/$m" 2>/dev/null || true; fi
    done
}
cleanup() {
    unmount_all
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT
unmount_all
rm -rf --one-file-system "$root"
mkdir -p "$root"
start=$SECONDS

# The host's Debian mirror for bookworm (deb822 .sources or a one-line sources.list entry);
# debootstrap's own default otherwise.
mirror=""
for f in /etc/apt/sources.list.d/*.sources; do
    mirror=$(awk '/^URIs:/ && !found { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; found = 1; exit } }' "$f")
    [[ -n $mirror ]] && break
done
if [[ -z $mirror && -f /etc/apt/sources.list ]]; then
    mirror=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list)
fi

if [[ -f $cache && -n $(find "$cache" -mtime -7 2>/dev/null) ]]; then
    echo "== clean bookworm root from the cache ($cache)"
    tar -xzf "$cache" -C "$root"
else
    echo "== debootstrap --variant=minbase bookworm ${mirror:-(the default mirror of debootstrap)}"
    debootstrap --variant=minbase bookworm "$root" ${mirror:+"$mirror"} > "$build/package-debootstrap.log" 2>&1 \
        || { tail -20 "$build/package-debootstrap.log"; exit 1; }
    mkdir -p "$(dirname "$cache")"
    tar -czf "$cache.tmp" -C "$root" . && mv "$cache.tmp" "$cache"
fi
echo "   ready after $((SECONDS - start)) s"

# The host's sources (bookworm-updates and security too: the package was built against
# them); services are not started inside (policy-rc.d), the sandbox starts its own server.
if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
    cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/"
    rm -f "$root/etc/apt/sources.list"
fi
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
cp "$deb" "$root/tmp/"
mount -t proc proc "$root/proc" 2>/dev/null || true

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

echo "== dpkg -i $(basename "$deb"), then apt-get -f install"
in_root apt-get update -qq > "$build/package-apt-update.log" 2>&1 \
    || skip "the root's apt-get update failed (offline?): $(tail -1 "$build/package-apt-update.log")"
in_root dpkg -i "/tmp/$(basename "$deb")" > "$build/package-dpkg.log" 2>&1 || true # its dependencies are missing yet
in_root apt-get -f install -y -qq -o Dpkg::Use-Pty=0 > "$build/package-apt.log" 2>&1 \
    || { tail -30 "$build/package-apt.log"; exit 1; }
status=$(in_root dpkg-query -W -f='${Status}' lockscope)
[[ $status == "install ok installed" ]] || { echo "lockscope is '$status' after apt-get -f install"; cat "$build/package-dpkg.log"; exit 1; }
for p in libqt6svg6 libsecret-1-0; do
    [[ $(in_root dpkg-query -W -f='${Status}' "$p" 2>/dev/null) == "install ok installed" ]] \
        || { echo "apt did not install $p, which lockscope depends on"; exit 1; }
done
echo "   installed after $((SECONDS - start)) s: $(in_root dpkg-query -W -f='${Version}' lockscope)"

# With its dependencies alone it must run (a redis-server elsewhere is all it needs then).
echo "== lockscope --version"
version=$(in_root lockscope --version)
echo "   $version"
[[ $version == "lockscope "* ]] || exit 1

# apt-get -f install brings what the package depends on, not what it recommends, which
# `apt install ./lockscope.deb` would bring too: the sandbox's redis-server. Install the
# recommendations as the .deb declares them, so a missing one fails here.
recommends=$(dpkg-deb --field "$deb" Recommends | sed 's/([^)]*)//g; s/|[^,]*//g; s/,/ /g')
echo "== apt-get install its recommendations: $recommends"
# shellcheck disable=SC2086 # one package name per word
in_root apt-get install -y -qq -o Dpkg::Use-Pty=0 $recommends >> "$build/package-apt.log" 2>&1 \
    || { tail -30 "$build/package-apt.log"; exit 1; }
in_root sh -c 'command -v redis-server' >/dev/null || { echo "no redis-server after installing the recommendations"; exit 1; }

echo "== lockscope scan --sandbox"
if ! out=$(in_root timeout 120 lockscope scan --sandbox 2>&1); then
    echo "$out"
    exit 1
fi
echo "$out" | sed 's/^/   /'
grep -q "lock:orders:checkout" <<<"$out" || { echo "the sandbox's sample locks are not in the scan"; exit 1; }
grep -qE "[0-9]+ lock(\(s\))? among" <<<"$out" || { echo "no summary line"; exit 1; }

echo "== man page and desktop files in place"
for f in /usr/share/man/man1/lockscope.1.gz /usr/share/applications/lockscope.desktop \
         /usr/share/icons/hicolor/48x48/apps/lockscope.png /usr/share/metainfo/io.github.lockscope.LockScope.metainfo.xml; do
    [[ -f $root$f ]] || { echo "missing: $f"; exit 1; }
done
echo "package install ok in $((SECONDS - start)) s"
