#!/usr/bin/env bash
# Builds the installable packages (deb) from the repository: the release app, the `escrow`
# CLI next to it in /usr/bin, with the Tauri CLI pinned in ui/package.json.
#
#   package.sh                    the release build (fat LTO), packed and compressed as shipped
#   package.sh --from-test-build  packs the debug binaries `make test` built, without building
#                                 anything: what CI installs and starts (decision 0010)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
profile=release
bundle_flags=()
if [[ "${1:-}" == "--from-test-build" ]]; then
  profile=debug
  bundle_flags=(--debug)
  for bin in escrow-desk escrow; do
    [[ -x "$target/debug/$bin" ]] || { echo "package: no $target/debug/$bin: run make test first" >&2; exit 1; }
  done
else
  # The UI it embeds, built only when stale (`make ui`; CI has built it before the tests).
  make --no-print-directory -C "$root" ui/dist/index.html
  # One cargo invocation for the app and the CLI, so the crates they share are compiled once
  # (two invocations resolve features apart and compile them twice); `tauri bundle` then packs
  # what was built. `custom-protocol` is what `tauri build` adds: the app serves its embedded UI.
  cargo build --release --locked -p escrow-desk -p escrow-cli --features tauri/custom-protocol
fi
# The CLI's path depends on the target folder, so it is handed to the bundler here rather than
# written into tauri.conf.json.
extra=$(printf '{"bundle":{"linux":{"deb":{"files":{"/usr/bin/escrow":"%s"}}}}}' "$target/$profile/escrow")
rm -f "$target/$profile"/bundle/deb/*.deb
ui/node_modules/.bin/tauri bundle --ci --bundles deb "${bundle_flags[@]}" --config "$extra"
deb=$(ls -t "$target/$profile"/bundle/deb/*.deb | head -1)
if [[ "$profile" == debug ]]; then
  # Not shipped: the xz pass below would take minutes over unstripped debug binaries.
  echo "package (from the test build): $deb ($(du -h "$deb" | cut -f1))"
  exit 0
fi
# Tauri's bundler writes data.tar.gz; Debian's own packages use xz, which dpkg reads as well.
# xz -9's 64 MiB window also finds what the app and the CLI binaries share: 19 → ~10 MiB.
repack=$(mktemp -d)
trap 'rm -rf "$repack"' EXIT
dpkg-deb -R "$deb" "$repack/root"
dpkg-deb --root-owner-group -Zxz -z9 -b "$repack/root" "$repack/out.deb" >/dev/null
mv "$repack/out.deb" "$deb"
echo "package: $deb ($(du -h "$deb" | cut -f1))"
