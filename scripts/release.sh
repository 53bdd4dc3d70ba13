#!/usr/bin/env bash
# make release: builds the deb (make package), signs it for the in-app updater with
# `tauri signer sign`, and writes latest.json (the update manifest) next to it.
#   TAURI_SIGNING_PRIVATE_KEY           the private key (the text `tauri signer generate` wrote); never in the repo
#   TAURI_SIGNING_PRIVATE_KEY_PASSWORD  its password ("" for a key without one)
#   RELEASE_BASE_URL                    https:// folder the deb and latest.json are uploaded to
#   RELEASE_NOTES                       optional: what is new (default: "Escrow Desk <version>")
#   RELEASE_DEB                         optional: sign this deb instead of building one
#   RELEASE_PUBKEY                      optional: the public key to check against (default: tauri.conf.json's)
#   RELEASE_APT_KEY                     optional: the OpenPGP key (id in GNUPGHOME) that signs the APT repository
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
refuse() { echo "release: $*" >&2; exit 2; }

[[ -n "${TAURI_SIGNING_PRIVATE_KEY:-}" ]] ||
  refuse "TAURI_SIGNING_PRIVATE_KEY is not set: export the release private key (see README, Updates)."
[[ -n "${TAURI_SIGNING_PRIVATE_KEY_PASSWORD+set}" ]] ||
  refuse "TAURI_SIGNING_PRIVATE_KEY_PASSWORD is not set (set it to \"\" for a key without a password)."
[[ "${RELEASE_BASE_URL:-}" == https://* ]] ||
  refuse "RELEASE_BASE_URL must be the https:// folder the release is uploaded to."

version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' src-tauri/tauri.conf.json)
pubkey="${RELEASE_PUBKEY:-$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["plugins"]["updater"]["pubkey"])' src-tauri/tauri.conf.json)}"

if [[ -n "${RELEASE_DEB:-}" ]]; then
  deb="$RELEASE_DEB"
else
  bash scripts/package.sh
  # The shipped build gets every check of the package before it is signed (CI checks the same
  # package packed from its test build: decision 0010).
  bash scripts/package-test.sh
  deb=$(ls -t "$target"/release/bundle/deb/*_"$version"_*.deb | head -1)
fi
[[ -f "$deb" ]] || refuse "no package at $deb"

# --app-version binds the signature to the version (the app requires it: requireSignedVersion).
ui/node_modules/.bin/tauri signer sign --app-version "$version" "$deb" >/dev/null
sig="$deb.sig"

python3 - "$deb" "$sig" "$version" "$RELEASE_BASE_URL" "${RELEASE_NOTES:-Escrow Desk $version}" "$pubkey" <<'PY'
import base64, datetime, json, os, sys, urllib.parse
deb, sig_path, version, base, notes, pubkey = sys.argv[1:]
signature = open(sig_path).read().strip()

def key_id(box_b64):
    """The 8-byte key id in a minisign box (2nd line: algorithm, key id, ...)."""
    lines = base64.b64decode(box_b64).decode().splitlines()
    return base64.b64decode(lines[1])[2:10]

if key_id(signature) != key_id(pubkey):
    sys.exit("release: the private key does not match the app's public key (tauri.conf.json plugins.updater.pubkey); installed apps would refuse this update")
url = base.rstrip("/") + "/" + urllib.parse.quote(os.path.basename(deb))
platform = {"url": url, "signature": signature}
manifest = {
    "version": version,
    "notes": notes,
    "pub_date": datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
    "platforms": {"linux-x86_64": platform, "linux-x86_64-deb": platform},
}
out = os.path.join(os.path.dirname(deb), "latest.json")
with open(out, "w") as f:
    json.dump(manifest, f, indent=2)
    f.write("\n")
print(f"release: {deb}\n         {sig_path}\n         {out} (upload the deb and latest.json to {base})")
PY

# An APT repository next to the deb, for a fleet that updates through its own package manager
# (docs/policy.md says when to prefer it): pool/, dists/stable/main/binary-amd64/Packages(.gz)
# and a Release with every index's size and SHA-256, signed (InRelease, Release.gpg) with the
# OpenPGP key RELEASE_APT_KEY names (a key id in GNUPGHOME) when it is set.
repo="$(dirname "$deb")/apt"
rm -rf "$repo"
mkdir -p "$repo/pool/main" "$repo/dists/stable/main/binary-amd64"
cp "$deb" "$repo/pool/main/escrow-desk_${version}_amd64.deb"
(cd "$repo" && dpkg-scanpackages --multiversion pool /dev/null 2>/dev/null) >"$repo/dists/stable/main/binary-amd64/Packages"
gzip -9nk "$repo/dists/stable/main/binary-amd64/Packages"
python3 - "$repo/dists/stable" "$version" <<'PY'
import datetime, hashlib, os, sys
dist, version = sys.argv[1:]
files = []
for rel in ("main/binary-amd64/Packages", "main/binary-amd64/Packages.gz"):
    data = open(os.path.join(dist, rel), "rb").read()
    files.append((hashlib.sha256(data).hexdigest(), len(data), rel))
date = datetime.datetime.now(datetime.timezone.utc).strftime("%a, %d %b %Y %H:%M:%S UTC")
with open(os.path.join(dist, "Release"), "w") as f:
    f.write(f"Origin: Escrow Desk\nLabel: Escrow Desk\nSuite: stable\nCodename: stable\nVersion: {version}\n")
    f.write(f"Date: {date}\nArchitectures: amd64\nComponents: main\nDescription: Escrow Desk releases\nSHA256:\n")
    for digest, size, rel in files:
        f.write(f" {digest} {size:>8} {rel}\n")
PY
if [[ -n "${RELEASE_APT_KEY:-}" ]]; then
  gpg --batch --yes --local-user "$RELEASE_APT_KEY" --clearsign -o "$repo/dists/stable/InRelease" "$repo/dists/stable/Release"
  gpg --batch --yes --local-user "$RELEASE_APT_KEY" --armor --detach-sign -o "$repo/dists/stable/Release.gpg" "$repo/dists/stable/Release"
  echo "release: APT repository in $repo (signed by $RELEASE_APT_KEY)"
else
  echo "release: APT repository in $repo (not signed: set RELEASE_APT_KEY to sign it)"
fi
