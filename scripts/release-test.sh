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
head -c 4096 /dev/urandom >"$deb"
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
echo "release-test: ok (refusals, latest.json, signature bound to $version)"
