#!/usr/bin/env bash
# Builds the installable packages (deb) from the repository: the release app, the `escrow`
# CLI next to it in /usr/bin, with the Tauri CLI pinned in ui/package.json.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
# The UI it embeds, built only when stale (`make ui`; CI has built it before the tests).
make --no-print-directory -C "$root" ui/dist/index.html
# One cargo invocation for the app and the CLI, so the crates they share are compiled once
# (two invocations resolve features apart and compile them twice); `tauri bundle` then packs
# what was built. `custom-protocol` is what `tauri build` adds: the app serves its embedded UI.
cargo build --release --locked -p escrow-desk -p escrow-cli --features tauri/custom-protocol
# The CLI's path depends on the target folder, so it is handed to the bundler here rather than
# written into tauri.conf.json.
extra=$(printf '{"bundle":{"linux":{"deb":{"files":{"/usr/bin/escrow":"%s"}}}}}' "$target/release/escrow")
ui/node_modules/.bin/tauri bundle --ci --bundles deb --config "$extra"
deb=$(ls -t "$target"/release/bundle/deb/*.deb | head -1)
# Tauri's bundler writes data.tar.gz; Debian's own packages use xz, which dpkg reads as well.
# xz -9's 64 MiB window also finds what the app and the CLI binaries share: 19 → ~10 MiB.
repack=$(mktemp -d)
trap 'rm -rf "$repack"' EXIT
dpkg-deb -R "$deb" "$repack/root"
dpkg-deb --root-owner-group -Zxz -z9 -b "$repack/root" "$repack/out.deb" >/dev/null
mv "$repack/out.deb" "$deb"
echo "package: $deb ($(du -h "$deb" | cut -f1))"
