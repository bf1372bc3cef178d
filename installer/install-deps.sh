#!/usr/bin/env bash
# Installs the Debian 12 packages LockScope builds, runs and tests with; only the missing
# ones, with apt-get as root or through sudo. Used by run.sh and test.sh.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6svg6
    libhiredis-dev libqcustomplot-dev
    redis-server redis-tools redis-sentinel
    libssh-dev openssh-server openssh-client
    python3 python3-redis
    # node-redlock, the Redlock client library tst_noderedlock drives (installed by npm ci
    # into the build tree from tests/noderedlock/package-lock.json).
    nodejs npm
    # The OS keychain: QtKeychain loads libsecret when it runs (its package does not depend on
    # it); the tests start gnome-keyring in a private D-Bus session and read it with secret-tool.
    qtkeychain-qt6-dev libsecret-1-0 gnome-keyring dbus libsecret-tools
    xvfb fonts-dejavu-core openssl
    # The man page, written in scdoc; the icon rendered at the standard sizes; the desktop
    # entry and AppStream metadata checked as desktops read them; a clean Debian root for
    # the package's install test.
    scdoc librsvg2-bin desktop-file-utils appstream debootstrap
    # Chinese text in the window (and its zh_CN pictures) needs a CJK font; Qt's own strings
    # (standard buttons and dialogs) come translated from Qt's catalogues.
    fonts-noto-cjk qt6-translations-l10n
)

# Node.js may come from elsewhere than Debian (NodeSource's nodejs bundles npm, and then
# Debian's npm cannot be installed beside it): a working command is as good as the package.
declare -A provided_by=([nodejs]=node [npm]=npm)

missing=()
for p in "${packages[@]}"; do
    command=${provided_by[$p]:-}
    if [[ -n "$command" ]] && command -v "$command" >/dev/null 2>&1; then
        continue
    fi
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "LockScope needs these Debian packages: ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "Please install them as root: apt-get install ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"

# The Debian package starts a system redis-server on 6379; LockScope never needs it
# (it starts its own on a free port), so leave it as the system configured it.
