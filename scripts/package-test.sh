#!/usr/bin/env bash
# Checks the deb that `make package` built: its control fields, its files and desktop entry,
# its size against the target, an install into a throwaway root with dpkg, the installed CLI,
# and the installed app started under Xvfb far enough to render its first page.
#
#   package-test.sh                    the release deb (`make package`)
#   package-test.sh --from-test-build  the deb packed from the test build (CI, decision 0010);
#                                      every check but the size, which only the release deb has
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root_dir/target}"
profile=release
[[ "${1:-}" == "--from-test-build" ]] && profile=debug
deb=$(ls -t "$target/$profile"/bundle/deb/*.deb 2>/dev/null | head -1 || true)
[ -n "$deb" ] || { echo "package-test: no deb under $target/$profile/bundle/deb: run make package"; exit 1; }
fail() { echo "package-test: FAIL: $*"; exit 1; }

control=$(dpkg-deb -f "$deb")
for field in "Package: escrow-desk" "Depends: .*libwebkit2gtk-4.1-0" "Depends: .*libgtk-3-0" \
  "Recommends: .*gnome-keyring" "Maintainer: Escrow Desk" "Homepage: https://" "Description: "; do
  grep -Eq "^$field" <<<"$control" || fail "control lacks '$field'"
done

# Paths as listed, without any leading "./" (names may hold spaces).
files=$(dpkg-deb -c "$deb" | sed -E 's/^([^ ]+ +){5}//; s|^\./||')
for f in usr/bin/escrow-desk usr/bin/escrow "usr/share/applications/Escrow Desk.desktop" \
  usr/share/icons/hicolor/128x128/apps/escrow-desk.png usr/share/doc/escrow-desk/copyright \
  usr/share/doc/escrow-desk/changelog.gz usr/share/man/man1/escrow-desk.1.gz usr/share/man/man1/escrow.1.gz \
  usr/share/man/man1/escrow-transactions-payout.1.gz usr/share/man/man1/escrow-trades-create.1.gz \
  usr/share/bash-completion/completions/escrow usr/share/zsh/vendor-completions/_escrow \
  usr/share/fish/vendor_completions.d/escrow.fish; do
  grep -qxF -- "$f" <<<"$files" || fail "the deb lacks $f"
done
# The CLI's completions and manual pages are generated from its definitions: one page per subcommand.
pages=$(grep -c '^usr/share/man/man1/escrow-.*\.1\.gz$' <<<"$files" || true)
((pages > 80)) || fail "the deb has $pages manual pages of escrow's subcommands (expected one each)"

# Debian's policy, as lintian reads it: no error and no warning. The test build's binaries
# are not stripped (they are the ones the tests ran); the release's are.
suppress=()
[[ "$profile" == debug ]] && suppress=(--suppress-tags unstripped-binary-or-object)
findings=$(lintian --tag-display-limit 0 "${suppress[@]}" "$deb" 2>/dev/null | grep -E '^[EW]: ' || true)
[ -z "$findings" ] || fail "lintian: $findings"
echo "lintian: no error, no warning"

# The size is a figure next to its target (like `make bench`'s), not a pass/fail check; the
# debug deb is neither stripped nor compressed as shipped, so it has no target.
mib=$(echo "scale=2; $(stat -c %s "$deb") / 1048576" | bc -l)
if [[ "$profile" == debug ]]; then
  echo "deb size: $mib MiB (debug binaries: no target)"
elif (($(stat -c %s "$deb") < 15 * 1024 * 1024)); then
  echo "deb size: $mib MiB (target < 15 MiB): met"
else
  echo "deb size: $mib MiB (target < 15 MiB): NOT MET"
fi

# Dependencies resolve on this Debian (nothing is changed: a dry run).
dpkg --dry-run -i "$deb" >/dev/null || fail "dpkg would not install it here"

# A real install, into a throwaway root.
inst=$(mktemp -d)
trap 'rm -rf "$inst"' EXIT
mkdir -p "$inst/var/lib/dpkg/info" "$inst/var/lib/dpkg/updates"
touch "$inst/var/lib/dpkg/status"
dpkg --root="$inst" --force-depends --force-not-root --force-script-chrootless -i "$deb" >/dev/null \
  || fail "dpkg could not install it into a throwaway root"
dpkg --root="$inst" -L escrow-desk | grep -q '^/usr/bin/escrow-desk$' || fail "dpkg does not list the app"

desktop="$inst/usr/share/applications/Escrow Desk.desktop"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop" || fail "the desktop entry is not valid"
fi
grep -q '^Exec=escrow-desk %u$' "$desktop" || fail "the desktop entry does not start escrow-desk with the link it opens"
grep -q '^MimeType=x-scheme-handler/escrow-desk;$' "$desktop" || fail "the desktop entry does not open escrow-desk:// links"
grep -q '^Categories=.*Finance' "$desktop" || fail "the desktop entry has no Finance category"
# What software centres show (GNOME Software, Discover): AppStream metadata they accept.
appstreamcli validate --no-net "$inst/usr/share/metainfo/dk.escrowdesk.app.metainfo.xml" >/dev/null \
  || fail "the AppStream metadata does not validate"

"$inst/usr/bin/escrow" --version | grep -q "escrow" || fail "the installed CLI does not run"
# The installed completions are what the installed CLI generates, and each names a subcommand.
for shell_file in bash:usr/share/bash-completion/completions/escrow zsh:usr/share/zsh/vendor-completions/_escrow \
  fish:usr/share/fish/vendor_completions.d/escrow.fish; do
  shell=${shell_file%%:*}
  cmp -s <("$inst/usr/bin/escrow" completions "$shell") "$inst/${shell_file#*:}" \
    || fail "the installed $shell completions are not the CLI's"
  grep -q 'business-users' "$inst/${shell_file#*:}" || fail "the $shell completions lack the subcommands"
done
zcat "$inst/usr/share/man/man1/escrow.1.gz" | grep -q 'EXIT STATUS' || fail "escrow(1) lacks its exit codes"
# Without a display and without opening a window: an IT person's check of what is installed.
version=$(env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 "$inst/usr/bin/escrow-desk" --version) \
  || fail "escrow-desk --version did not answer without a window"
[[ "$version" == "escrow-desk $(dpkg-deb -f "$deb" Version)" ]] || fail "escrow-desk --version said '$version'"

# The installed CLI with --profile: the key from a real Secret Service, a sandbox as the service.
sandbox_bin="$target/$profile/escrow-sandbox"
[[ -x "$sandbox_bin" ]] || sandbox_bin="$target/debug/escrow-sandbox"
if [[ ! -x "$sandbox_bin" ]]; then
  cargo build --quiet -p escrow-sandbox
  sandbox_bin="$target/debug/escrow-sandbox"
fi
bash "$root_dir/scripts/with-session.sh" bash "$root_dir/scripts/package-cli-check.sh" "$inst/usr/bin/escrow" "$sandbox_bin"

# The installed app renders its first page (through the end-to-end harness, under Xvfb).
# `--workspace` resolves features as `make test` does, so its build is reused (`-p` would
# build the harness and the sandbox again).
ESCROW_DESK_BIN="$inst/usr/bin/escrow-desk" bash "$root_dir/scripts/with-session.sh" \
  cargo test --workspace --test package_e2e -- --ignored --test-threads=1
echo "package-test: ok ($deb)"
