#!/usr/bin/env bash
# Every test of the project: UI checks and unit tests, Rust unit and integration tests
# (against the sandbox over real HTTP, with a real keychain), and the end-to-end tests
# in the real app window through tauri-driver.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export ESCROW_DESK_BIN="${CARGO_TARGET_DIR:-$root/target}/debug/escrow-desk"
export ESCROW_DESK_ARTIFACTS="$root/tests/artifacts"

# Each section's time, printed at the end (the CI budget is made of these).
section_start=$SECONDS
section_name=""
section_times=()
section() {
  [ -n "$section_name" ] && section_times+=("$(printf '%5d s  %s' $((SECONDS - section_start)) "$section_name")")
  section_name="$1"
  section_start=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}
trap 'section ""; echo "== make test: time per section"; printf "  %s\n" "${section_times[@]}"' EXIT

# The property tests (fuzzing what faces the outside) draw the same cases on every run, so a red
# CI is never luck; `make fuzz` draws fresh ones, many more.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261127}"

section "Rust: formatting (rustfmt.toml; \`make fmt\` fixes it)"
cargo fmt --all --check >/dev/null || { echo "Rust code is not formatted: run make fmt" >&2; cargo fmt --all --check | head -40; exit 1; }
section "Structure: no import cycles, no new two-way tie between folders"
python3 scripts/import-cycles.py --self-test && python3 scripts/import-cycles.py || exit 1
python3 scripts/folder-ties.py --self-test && python3 scripts/folder-ties.py || exit 1
section "Rust: clippy, warnings are errors (clippy.toml)"
cargo clippy --workspace --all-targets --quiet -- -D warnings
section "Dependencies: licences, no new duplicate crate, crates.io only (deny.toml)"
# cargo-deny reads every platform's crates, which a build for this one does not download.
cargo fetch --locked --quiet
cargo deny --offline check licenses bans sources
section "Known vulnerabilities: RustSec advisories, npm audit of the UI's runtime packages"
# Each reads a database over the network: a finding fails; a database this machine cannot
# reach is printed as not checked (`make advisories` insists on both).
bash scripts/advisories.sh --self-test && bash scripts/advisories.sh --where-reachable
section "Set-up: the Node.js version rules"; bash scripts/check-node.sh --self-test

section "escrow-api as a crate: docs without warnings, packages, builds with the other TLS stack"
RUSTDOCFLAGS="-D warnings" cargo doc -p escrow-api --no-deps --quiet
cargo package -p escrow-api --no-verify --allow-dirty --quiet
cargo check -p escrow-api --no-default-features --features native-tls --quiet

section "Release: signing step and update manifest (throwaway key)"
bash scripts/release-test.sh

section "Rust: build the app and every test binary (once, for every run below)"
# One build of the whole workspace, whose report names each binary. The runs below select
# targets, never packages: `-p`/`--exclude` resolve features anew and build it all again.
# (The app the end-to-end tests drive is this build's: `cargo test` builds it as well.)
plan="${CARGO_TARGET_DIR:-$root/target}/test-build.json"
cargo test --workspace --no-run --message-format=json-render-diagnostics >"$plan"
[ -x "$ESCROW_DESK_BIN" ] || { echo "the build did not make $ESCROW_DESK_BIN" >&2; exit 1; }

# Every part runs even when one before it failed; `make test` fails at the end, naming them.
failed=()
section "Rust: unit and integration tests"
mapfile -t others < <(python3 scripts/test-targets.py "$plan" others)
[ ${#others[@]} -gt 0 ] || { echo "no integration test targets in the build's report ($plan)" >&2; exit 1; }
# The last resort after each test's own bounds: 20 minutes is ~10x a loaded run.
# The team store's tests get a throwaway PostgreSQL cluster of their own (with-postgres.sh).
timeout --kill-after=30 1200 scripts/with-postgres.sh scripts/with-session.sh \
  cargo test --workspace --lib --bins "${others[@]}" --no-fail-fast \
  || failed+=("Rust unit and integration tests")
cargo test --workspace --doc || failed+=("Rust doc tests")
section "make team-demo's set-up, without its windows (a team store, two desks joined)"
timeout --kill-after=10 300 scripts/with-session.sh scripts/team-demo.sh --check || failed+=("team demo set-up")

section "Schemathesis against the sandbox's own OpenAPI document, both dialects (fixed seed)"
timeout --kill-after=10 900 scripts/schemathesis.sh || failed+=("Schemathesis")

section "End-to-end tests in the real window, ${E2E_JOBS:-2} binaries at a time (the UI's checks beside them)"
# The windows mostly wait (on WebKit, on the sandbox): svelte-check and Vitest take the CPU
# they leave, at a lower priority so that the windows come first.
ui_log="$(mktemp)"
ui_start=$SECONDS
(cd ui && nice -n 10 npm run --silent check && nice -n 10 npm test --silent) >"$ui_log" 2>&1 &
ui_checks=$!
# Each end-to-end test has its own cap (tests/src/cap.rs) and every WebDriver call its own
# bound (tests/src/window.rs); this is the last resort: 45 minutes is ~10x a cold run.
timeout --kill-after=30 2700 scripts/with-postgres.sh scripts/with-session.sh scripts/e2e.sh "$plan" \
  || failed+=("end-to-end tests")

section "UI: type check and unit tests (beside the end-to-end tests; the time here is what was left)"
ui_rc=0
wait "$ui_checks" || ui_rc=$?
cat "$ui_log"
rm -f "$ui_log"
echo "UI checks: $((SECONDS - ui_start)) s from their start"
[ "$ui_rc" -eq 0 ] || failed+=("UI type check or unit tests")

if [ ${#failed[@]} -gt 0 ]; then
  printf 'make test: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
