#!/usr/bin/env bash
# The end-to-end test binaries (tests/tests/*.rs of escrow-desk-e2e), E2E_JOBS at a time
# (default 2), longest first. Each binary already opens its windows on private displays
# with drivers on free ports, and takes turns with its own windows (tests/src/cap.rs), so
# at most E2E_JOBS windows are up at once (decision 0009).
#
# Usage: scripts/e2e.sh [PLAN] [-- LIBTEST ARGS]. PLAN is what `cargo test --workspace
# --no-run --message-format=json-render-diagnostics` printed (make test builds once and
# hands it over); without one the build is done here. The binaries are run directly: a
# `cargo test -p escrow-desk-e2e` would resolve features for that package alone and build
# the app and the sandbox a second time.
#
# Each binary's output goes to $ESCROW_DESK_ARTIFACTS/logs/<binary>.log and is printed whole
# when it ends (never interleaved). Fails, naming every failed binary, if any fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
at_once="${E2E_JOBS:-2}"
[[ "$at_once" =~ ^[1-9][0-9]*$ ]] || { echo "e2e: E2E_JOBS must be a whole number from 1: $at_once" >&2; exit 2; }
artifacts="${ESCROW_DESK_ARTIFACTS:-$root/tests/artifacts}"
logs="$artifacts/logs"
# Each binary's last time, kept with the builds: the next run starts the longest first.
times_file="${E2E_TIMES_FILE:-$target/e2e-times.tsv}"

plan="${1:-}"
[ "$plan" = "--" ] && plan=""
[ -n "$plan" ] && shift
[ "${1:-}" = "--" ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$plan" ]; then
  plan="$work/plan.json"
  cargo test --workspace --no-run --message-format=json-render-diagnostics >"$plan"
fi

python3 scripts/test-targets.py "$plan" e2e >"$work/binaries"
[ -s "$work/binaries" ] || { echo "e2e: no end-to-end test binaries in the build's report ($plan)" >&2; exit 1; }

# Longest first by the last run (a binary not timed yet counts as the longest).
touch "$times_file" 2>/dev/null || times_file="$work/times.tsv"
mapfile -t order < <(awk -F'\t' 'FILENAME == ARGV[1] { t[$1] = $2; next } { print ((($1 in t) ? t[$1] : 100000) "\t" $0) }' \
  "$times_file" "$work/binaries" | sort -t$'\t' -k1,1nr -k2,2 | cut -f2-)

rm -rf "$logs"
mkdir -p "$logs"
results="$work/results"
: >"$results"
echo "e2e: ${#order[@]} binaries, $at_once at a time (logs: $logs)"

# One binary, from the package's folder as cargo runs it; its log printed whole at the end.
run_one() {
  local name=$1 exe=$2 start=$SECONDS rc=0
  (cd "$root/tests" && exec "$exe" "${@:3}") >"$logs/$name.log" 2>&1 || rc=$?
  local took=$((SECONDS - start)) outcome=ok
  [ "$rc" -eq 0 ] || outcome="FAILED (exit $rc)"
  {
    flock 9
    echo "== e2e: $name: $outcome in $took s"
    cat "$logs/$name.log"
  } 9>"$work/print.lock"
  printf '%s\t%s\t%s\n' "$name" "$took" "$rc" >>"$results"
}

for entry in "${order[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$at_once" ]; do wait -n || true; done
  run_one "${entry%%$'\t'*}" "${entry#*$'\t'}" "$@" &
done
wait

# The times for the next run's order (binaries not run this time keep theirs).
awk -F'\t' 'FILENAME == ARGV[1] { new[$1] = $2; next } !($1 in new) { print } END { for (n in new) print n "\t" new[n] }' \
  "$results" "$times_file" >"$work/times.new" 2>/dev/null && cp "$work/times.new" "$times_file" || true

echo "== e2e: time per binary ($at_once at a time)"
sort -t$'\t' -k2,2nr "$results" | awk -F'\t' '{ printf "  %5d s  %s%s\n", $2, $1, ($3 == 0 ? "" : "  FAILED (exit " $3 ")") }'
ran=$(wc -l <"$results")
failed=$(awk -F'\t' '$3 != 0 { print $1 }' "$results")
if [ "$ran" -ne "${#order[@]}" ]; then
  echo "e2e: FAILED: only $ran of ${#order[@]} binaries reported" >&2
  exit 1
fi
if [ -n "$failed" ]; then
  for name in $failed; do echo "e2e: FAILED: $name (log: $logs/$name.log)" >&2; done
  exit 1
fi
echo "e2e: ok (${#order[@]} binaries)"
