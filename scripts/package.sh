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
# What Debian's policy asks of a package beyond the binaries (lintian checks it): the manual
# pages and the changelog, compressed without a timestamp (the changelog's date is the commit's,
# so two builds of one commit are alike). The copyright file is in tauri.conf.json.
docs=$(mktemp -d)
trap 'rm -rf "$docs"' EXIT
gzip -9n <"$root/src-tauri/packaging/man/escrow-desk.1" >"$docs/escrow-desk.1.gz"
# The CLI's manual pages (escrow(1) and one per subcommand) and its bash, zsh and fish
# completions are generated from its own command-line definitions by the binary just built.
"$target/$profile/escrow" __generate-docs "$docs/cli"
mkdir -p "$docs/man"
for page in "$docs"/cli/man1/*.1; do
  gzip -9n <"$page" >"$docs/man/$(basename "$page").gz"
done
# The deb's version is the app's (tauri.conf.json).
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$root/src-tauri/tauri.conf.json")
when=$(git -C "$root" log -1 --format=%cD 2>/dev/null || date -R)
{
  echo "escrow-desk ($version) unstable; urgency=medium"
  echo
  echo "  * What changed for staff and administrators: CHANGELOG.md.gz, here."
  echo
  echo " -- Escrow Desk <support@escrowdesk.dk>  $when"
} | gzip -9n >"$docs/changelog.gz"
gzip -9n <"$root/CHANGELOG.md" >"$docs/CHANGELOG.md.gz"
# The CLI's path and the generated files depend on the target folder and this run, so they are
# handed to the bundler here rather than written into tauri.conf.json.
extra=$(python3 -c 'import json, os, sys; t, p, d = sys.argv[1:]; files = {
    "/usr/bin/escrow": f"{t}/{p}/escrow",
    "/usr/share/man/man1/escrow-desk.1.gz": f"{d}/escrow-desk.1.gz",
    "/usr/share/bash-completion/completions/escrow": f"{d}/cli/completions/escrow.bash",
    "/usr/share/zsh/vendor-completions/_escrow": f"{d}/cli/completions/_escrow",
    "/usr/share/fish/vendor_completions.d/escrow.fish": f"{d}/cli/completions/escrow.fish",
    "/usr/share/doc/escrow-desk/changelog.gz": f"{d}/changelog.gz",
    "/usr/share/doc/escrow-desk/CHANGELOG.md.gz": f"{d}/CHANGELOG.md.gz"}
files.update({f"/usr/share/man/man1/{n}": f"{d}/man/{n}" for n in sorted(os.listdir(f"{d}/man"))})
print(json.dumps({"bundle": {"linux": {"deb": {"files": files}}}}))' "$target" "$profile" "$docs")
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
trap 'rm -rf "$repack" "$docs"' EXIT
dpkg-deb -R "$deb" "$repack/root"
dpkg-deb --root-owner-group -Zxz -z9 -b "$repack/root" "$repack/out.deb" >/dev/null
mv "$repack/out.deb" "$deb"
echo "package: $deb ($(du -h "$deb" | cut -f1))"
