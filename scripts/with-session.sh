#!/usr/bin/env bash
# Runs a command the way the tests need it: inside a private D-Bus session with an
# unlocked, throwaway gnome-keyring (a real Secret Service; the user's own keyring is
# never touched), and under Xvfb when there is no display.
set -euo pipefail
KR_DIR=$(mktemp -d)
trap 'rm -rf "$KR_DIR"' EXIT
export KR_DIR
inner='echo -n throwaway-password | XDG_DATA_HOME="$KR_DIR" gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"'
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- bash -c "$inner" _ "$@"
else
  dbus-run-session -- bash -c "$inner" _ "$@"
fi
