#!/usr/bin/env bash
# Checks `make release`'s signing step on a stand-in deb with a throwaway key: it refuses
# without a key or with a key that is not the app's, and otherwise writes a latest.json
# whose signature is bound to the app's version. (The signature itself is verified by the
# updater test, src-tauri/tests/updates.rs.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "release-test: FAIL: $*" >&2; exit 1; }
version=$(python3 -c 'import json; print(json.load(open("src-tauri/tauri.conf.json"))["version"])')
deb="$work/Escrow Desk_${version}_amd64.deb"
# A stand-in deb: the package's control fields, no files (signing and the APT index read no more).
dpkg-deb --build "$(python3 - "$work" "$version" <<'PY'
import os, sys
work, version = sys.argv[1:]
root = os.path.join(work, "standin")
os.makedirs(os.path.join(root, "DEBIAN"), exist_ok=True)
with open(os.path.join(root, "DEBIAN", "control"), "w") as f:
    f.write(f"Package: escrow-desk\nVersion: {version}\nArchitecture: amd64\nMaintainer: Escrow Desk <support@escrowdesk.dk>\nDescription: stand-in\n")
print(root)
PY
)" "$deb" >/dev/null
ui/node_modules/.bin/tauri signer generate --ci -p "pw" -w "$work/k.key" >/dev/null
export RELEASE_DEB="$deb" RELEASE_BASE_URL="https://releases.example/escrow-desk/"

out=$(env -u TAURI_SIGNING_PRIVATE_KEY bash scripts/release.sh 2>&1) && fail "ran without a key"
grep -q "TAURI_SIGNING_PRIVATE_KEY is not set" <<<"$out" || fail "unclear refusal: $out"

export TAURI_SIGNING_PRIVATE_KEY="$(cat "$work/k.key")" TAURI_SIGNING_PRIVATE_KEY_PASSWORD="pw"
out=$(RELEASE_BASE_URL=http://plain.example bash scripts/release.sh 2>&1) && fail "took a plain-http base URL"
out=$(bash scripts/release.sh 2>&1) && fail "signed with a key that is not the app's"
grep -q "does not match the app's public key" <<<"$out" || fail "unclear refusal: $out"
[[ ! -e "$work/latest.json" ]] || fail "wrote latest.json after refusing"

RELEASE_PUBKEY="$(cat "$work/k.key.pub")" RELEASE_NOTES="Nyt: hurtigere eksport" bash scripts/release.sh >/dev/null
python3 - "$work/latest.json" "$version" <<'PY' || fail "latest.json is not as expected"
import base64, json, sys
m = json.load(open(sys.argv[1])); version = sys.argv[2]
assert m["version"] == version, m
assert m["notes"] == "Nyt: hurtigere eksport", m
assert m["pub_date"].endswith("Z"), m
p = m["platforms"]["linux-x86_64"]
assert p["url"] == f"https://releases.example/escrow-desk/Escrow%20Desk_{version}_amd64.deb", p["url"]
trusted = base64.b64decode(p["signature"]).decode().splitlines()[2]
assert f"\tversion:{version}" in trusted, trusted
assert m["platforms"]["linux-x86_64-deb"] == p
PY
# The APT repository, signed with a throwaway OpenPGP key, as apt itself reads it: a throwaway
# apt root with only this source finds the package at this version (apt checks the signature
# and every index's hash; a stand-in deb is enough for the index).
export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --passphrase '' --quick-gen-key "Escrow Desk release test <release@example.invalid>" ed25519 sign never
keyid=$(gpg --batch --list-keys --with-colons | awk -F: '/^fpr/ {print $10; exit}')
RELEASE_PUBKEY="$(cat "$work/k.key.pub")" RELEASE_APT_KEY="$keyid" bash scripts/release.sh >/dev/null
repo="$work/apt"
[[ -f "$repo/dists/stable/InRelease" && -f "$repo/dists/stable/Release.gpg" ]] || fail "the APT repository is not signed"
gpg --batch --export "$keyid" >"$work/escrow-desk.gpg"
aptroot="$work/aptroot"
mkdir -p "$aptroot/etc/apt/sources.list.d" "$aptroot/etc/apt/preferences.d" "$aptroot/var/lib/apt/lists/partial" "$aptroot/var/cache/apt/archives/partial" "$aptroot/var/lib/dpkg"
touch "$aptroot/var/lib/dpkg/status"
echo "deb [signed-by=$work/escrow-desk.gpg] file://$repo stable main" >"$aptroot/etc/apt/sources.list"
apt_opts=(-o "Dir=$aptroot" -o "Dir::State::status=$aptroot/var/lib/dpkg/status" -o "Dir::Etc::sourcelist=$aptroot/etc/apt/sources.list" -o "Dir::Etc::sourceparts=-" -o "APT::Architecture=amd64" -o "Debug::NoLocking=1")
apt-get "${apt_opts[@]}" -q update >"$work/apt.log" 2>&1 || fail "apt could not read the repository: $(cat "$work/apt.log")"
grep -qi "NO_PUBKEY\|not signed\|BADSIG" "$work/apt.log" && fail "apt did not trust the repository: $(cat "$work/apt.log")"
# Read whole, then searched: `grep -q` would stop reading early and fail the pipe (pipefail).
offered=$(apt-cache "${apt_opts[@]}" policy escrow-desk)
grep -q "Candidate: $version" <<<"$offered" || fail "apt does not offer escrow-desk $version: $offered"
echo "release-test: ok (refusals, latest.json, signature bound to $version, a signed APT repository apt reads)"
