#!/usr/bin/env bash
# Builds the installable packages (deb) from the repository: the release app, the `escrow`
# CLI next to it in /usr/bin, with the Tauri CLI pinned in ui/package.json.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build -p escrow-cli --release --locked
# The CLI's path depends on the target folder, so it is handed to the bundler here rather than
# written into tauri.conf.json.
extra=$(printf '{"bundle":{"linux":{"deb":{"files":{"/usr/bin/escrow":"%s"}}}}}' "$target/release/escrow")
ui/node_modules/.bin/tauri build --ci --bundles deb --config "$extra"
deb=$(ls -t "$target"/release/bundle/deb/*.deb | head -1)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
