#!/usr/bin/env bash
# Opens the app (built by `make run`) on the built-in Sandbox.
set -euo pipefail
bin="${CARGO_TARGET_DIR:-$(cd "$(dirname "$0")/.." && pwd)/target}/debug/escrow-desk"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found. To run under Xvfb: xvfb-run -a dbus-run-session -- $bin"
  exit 1
fi
exec "$bin"
