#!/usr/bin/env bash
# Runs a command against a throwaway keychain setup, never the user's own keyring:
#
#   with-keyring.sh MODE COMMAND [ARGUMENT...]
#
#   unlocked           a private D-Bus session bus with gnome-keyring-daemon's Secret Service,
#                      its login keyring created and unlocked with a throwaway password
#   locked             a private session bus on which gnome-keyring is started on demand (D-Bus
#                      activation) but nothing unlocks it and no prompt can be shown: a server
#                      with gnome-keyring installed and no desktop session
#   no-secret-service  a private session bus on which nothing provides a keychain
#   no-bus             no session bus at all, and no address of one
#   dead-bus           the bus address points at a socket that is not there (a bus gone away)
#
# HOME, the XDG directories, XDG_RUNTIME_DIR and TMPDIR point into a new temporary directory,
# and the display and desktop variables are unset, so nothing reaches the user's session. The
# command gets LOCKSCOPE_KEYRING_MODE and LOCKSCOPE_KEYRING_ROOT (that directory). Every
# process started for the run must end with it: one still running afterwards fails the run.
# Works as root in a headless container; needs dbus (dbus-run-session), gnome-keyring.
set -euo pipefail

# The second stage of "unlocked", run by dbus-run-session inside the new session.
if [[ "${1:-}" == --inside-session ]]; then
    shift
    # --unlock reads the password from stdin and creates the login keyring (the default
    # collection) with it. --daemonize returns before the daemon has taken its bus name, and
    # dbus-send cannot wait for a name, so ask until it is there (it takes a few ms).
    printf '%s' lockscope-test-keyring |
        gnome-keyring-daemon --daemonize --unlock --components=secrets >/dev/null
    for _ in $(seq 100); do
        owner=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets)
        [[ "$owner" == *"boolean true"* ]] && break
        sleep 0.05
    done
    if [[ "$owner" != *"boolean true"* ]]; then
        echo "with-keyring.sh: gnome-keyring-daemon did not provide org.freedesktop.secrets" >&2
        exit 1
    fi
    exec "$@"
fi

usage() {
    echo "usage: $0 unlocked|locked|no-secret-service|no-bus|dead-bus COMMAND [ARGUMENT...]" >&2
    exit 2
}
[[ $# -ge 2 ]] || usage
mode=$1
shift
case "$mode" in
    unlocked | locked | no-secret-service | no-bus | dead-bus) ;;
    *) usage ;;
esac

root=$(mktemp -d "${TMPDIR:-/tmp}/lockscope-keyring.XXXXXX")
# Only the command's environment carries this marker, so it finds the processes started for
# this run (the command, the bus, keyring daemons the bus started) and nothing else: not this
# script, not a parallel run. A zombie shows no environment and does not count: it has ended,
# only its parent has not reaped it.
marker="LOCKSCOPE_KEYRING_ROOT=$root"
leftovers() {
    grep -lzxF "$marker" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 || true
}
# Also when the run is cut short (a CTest timeout): no daemon of ours outlives the script.
cleanup() {
    for pid in $(leftovers); do
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$root"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$root/home/.config" "$root/home/.local/share" "$root/home/.local/state" "$root/home/.cache" \
    "$root/run" "$root/tmp"
chmod 700 "$root/run"

unset DISPLAY WAYLAND_DISPLAY XDG_CURRENT_DESKTOP XDG_SESSION_DESKTOP XDG_SESSION_TYPE DESKTOP_SESSION \
    GNOME_DESKTOP_SESSION_ID KDE_FULL_SESSION KDE_SESSION_VERSION GNOME_KEYRING_CONTROL SSH_AUTH_SOCK \
    DBUS_SESSION_BUS_ADDRESS
export HOME="$root/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_STATE_HOME="$HOME/.local/state"
export XDG_CACHE_HOME="$HOME/.cache" XDG_RUNTIME_DIR="$root/run" TMPDIR="$root/tmp"
run=(env "$marker" LOCKSCOPE_KEYRING_MODE="$mode")

status=0
case "$mode" in
    unlocked)
        "${run[@]}" dbus-run-session -- "$0" --inside-session "$@" || status=$?
        ;;
    locked)
        "${run[@]}" dbus-run-session -- "$@" || status=$?
        ;;
    no-secret-service)
        # The standard session configuration, less the service directories: nothing can be
        # started on demand, so no keyring daemon either.
        cat >"$root/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir=$root/run</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
        "${run[@]}" dbus-run-session --config-file="$root/session.conf" -- "$@" || status=$?
        ;;
    no-bus)
        # With no address, D-Bus clients look for $XDG_RUNTIME_DIR/bus (not in this new
        # directory) and X11 autolaunch (no DISPLAY): neither finds a bus.
        "${run[@]}" "$@" || status=$?
        ;;
    dead-bus)
        "${run[@]}" DBUS_SESSION_BUS_ADDRESS="unix:path=$root/run/no-such-bus" "$@" || status=$?
        ;;
esac

# dbus-run-session stops its bus when the command ends, and the keyring daemon leaves when its
# bus goes; both happen a moment later, in processes this script is not the parent of (so
# it cannot wait for them), hence the short polling.
for _ in $(seq 100); do
    [[ -z "$(leftovers)" ]] && break
    sleep 0.05
done
left=$(leftovers)
if [[ -n "$left" ]]; then
    for pid in $left; do
        echo "with-keyring.sh: still running after the run: $pid $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" >&2
    done
    [[ $status -ne 0 ]] || status=1
fi
exit "$status"
