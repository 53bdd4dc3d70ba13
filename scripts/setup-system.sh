#!/usr/bin/env bash
# Installs the Debian packages Escrow Desk needs to build, run and test (idempotent:
# only what dpkg says is missing). Run as root, or with sudo available.
set -euo pipefail

PKGS=(
  # Tauri / WebKitGTK build
  libwebkit2gtk-4.1-dev libgtk-3-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev
  librsvg2-dev libayatana-appindicator3-dev libxdo-dev libssl-dev build-essential pkg-config file
  # real window headless, screenshots, WebDriver
  xvfb xauth imagemagick x11-utils xdotool webkit2gtk-driver
  # the X clipboard read back in tests ("Copy diagnostics")
  xclip
  # keychain for tests: Secret Service over a private D-Bus session
  gnome-keyring dbus dbus-x11 libsecret-tools
  # hosted pages open in the browser through xdg-open
  xdg-utils
  # fonts so screenshots render text
  fonts-dejavu-core
  # package checks: desktop entry validation, size arithmetic, Debian's policy (lintian),
  # software centres' metadata (appstreamcli)
  desktop-file-utils bc lintian appstream
  # the release's APT repository: its index and its OpenPGP signature (release-test.sh)
  dpkg-dev gnupg
  # the PDF statements' text read back and checked against the ledger (pdftotext)
  poppler-utils
  # Schemathesis's own virtual environment (scripts/schemathesis.sh)
  python3-venv
  # the team store's tests: a throwaway cluster of their own (scripts/with-postgres.sh)
  postgresql
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "setup: installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
