#!/usr/bin/env bash
# `make e2e-stress`: the whole end-to-end suite as `make test` runs it (two binaries at a
# time), ROUNDS times in a row (default 10), while
# a busy loop keeps one of the machine's cores occupied (CI shares the machine with other
# work; E2E_STRESS_LOAD=0 turns it off). Prints each round's passes, failures and slowest
# test; fails on any failure, hang (a test over its cap) or missing test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
rounds="${ROUNDS:-10}"
export ESCROW_DESK_BIN="${CARGO_TARGET_DIR:-$root/target}/debug/escrow-desk"
export ESCROW_DESK_ARTIFACTS="${ESCROW_DESK_ARTIFACTS:-$root/tests/artifacts/stress}"
mkdir -p "$ESCROW_DESK_ARTIFACTS"

# One build of the workspace, as `make test` does (the app included); each round runs its
# end-to-end binaries as `make test` does, E2E_JOBS at a time (scripts/e2e.sh).
plan="${CARGO_TARGET_DIR:-$root/target}/stress-build.json"
cargo test --workspace --no-run --message-format=json-render-diagnostics >"$plan"
# How many end-to-end tests run (ignored ones do not): every round must report each of them.
count() { "$@" 2>/dev/null | grep -c ': test$' || true; }
expected=0
while IFS=$'\t' read -r _ exe; do
  expected=$((expected + $(count "$exe" --list) - $(count "$exe" --list --ignored)))
done < <(python3 scripts/test-targets.py "$plan" e2e)

burner=""
if [ "${E2E_STRESS_LOAD:-1}" = "1" ]; then
  bash -c 'while :; do :; done' &
  burner=$!
  echo "load: a busy loop (pid $burner) keeps one core occupied"
fi
trap '[ -n "$burner" ] && kill "$burner" 2>/dev/null || true' EXIT

green=0
summary=()
for round in $(seq 1 "$rounds"); do
  timings=$(mktemp)
  started=$(date +%s)
  set +e
  ESCROW_E2E_TIMINGS="$timings" timeout --kill-after=30 1800 \
    scripts/with-postgres.sh scripts/with-session.sh scripts/e2e.sh "$plan" -- -q >"$timings.log" 2>&1
  rc=$?
  set -e
  took=$(( $(date +%s) - started ))
  passed=$(awk -F'\t' '$2=="pass"' "$timings" | wc -l)
  failed=$(awk -F'\t' '$2!="pass"' "$timings" | wc -l)
  # The harness's own cap test waits for its cap on purpose: the slowest *product* test is the signal.
  slowest=$(grep -v '_over_its_cap_' "$timings" | sort -t$'\t' -k3 -n -r | head -1 | awk -F'\t' '{printf "%s (%s s)", $1, $3}')
  line=$(printf 'round %2d: %d passed, %d failed of %d, slowest %s, round %d s' "$round" "$passed" "$failed" "$expected" "$slowest" "$took")
  if [ "$rc" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$passed" -eq "$expected" ]; then
    green=$((green + 1))
  else
    line="$line  <- RED (exit $rc; log: $ESCROW_DESK_ARTIFACTS/round-$round.log)"
    cp "$timings.log" "$ESCROW_DESK_ARTIFACTS/round-$round.log"
    awk -F'\t' '$2!="pass" {print "    " $1 ": " $2 " after " $3 " s"}' "$timings"
    grep -E "panicked|exceeded its cap|screenshot from" "$timings.log" | head -20 | sed 's/^/    /' || true
  fi
  echo "$line"
  summary+=("$line")
  rm -f "$timings" "$timings.log"
done

echo
echo "e2e-stress: $green of $rounds rounds green (load on one core: ${E2E_STRESS_LOAD:-1})"
for l in "${summary[@]}"; do echo "  $l"; done
[ "$green" -eq "$rounds" ]
