#!/usr/bin/env bash
# Known vulnerabilities in what the app ships: the RustSec advisories of the Rust crates
# (cargo-deny, deny.toml) and npm's audit of the UI's runtime packages. Both read a database
# over the network (GitHub for RustSec, the npm registry's audit endpoint).
#
#   advisories.sh                   both must be checked: an unreachable database fails (`make advisories`)
#   advisories.sh --where-reachable `make test`: a finding fails; a database that cannot be
#                                   reached is reported as not checked (CI machines reach
#                                   neither GitHub nor the audit endpoint)
set -uo pipefail
cd "$(dirname "$0")/.."
lenient=false
[[ "${1:-}" == "--where-reachable" ]] && lenient=true
status=0
unreachable() {
  if $lenient; then echo "advisories: $1: NOT CHECKED, its database cannot be reached from here ($2)"; else
    echo "advisories: $1: its database cannot be reached ($2)" >&2
    status=1
  fi
}

# What npm's JSON report says: "found N", or "unreachable <why>" (an error object, no metadata).
audit_verdict() {
  python3 -c '
import json, sys
try:
    report = json.loads(sys.stdin.read() or "{}")
except ValueError:
    report = {}
meta = report.get("metadata", {}).get("vulnerabilities")
if meta is None:
    print("unreachable " + str(report.get("statusCode") or report.get("error", {}).get("code") or "no answer"))
else:
    print("found %d" % meta.get("total", 0))
'
}

if [[ "${1:-}" == "--self-test" ]]; then
  [[ $(audit_verdict <<<'{"statusCode":405,"body":""}') == "unreachable 405" ]] &&
    [[ $(audit_verdict <<<'{"error":{"code":"ENOTFOUND"}}') == "unreachable ENOTFOUND" ]] &&
    [[ $(audit_verdict <<<'{"metadata":{"vulnerabilities":{"total":2}}}') == "found 2" ]] &&
    [[ $(audit_verdict <<<'') == "unreachable no answer" ]] ||
    { echo "advisories self-test: npm's report misread" >&2; exit 1; }
  echo "advisories self-test: npm's reports read as expected"
  exit 0
fi

deny_out=$(cargo deny check advisories 2>&1)
deny_rc=$?
if [[ $deny_rc -eq 0 ]]; then
  echo "advisories: Rust crates (RustSec): none"
elif grep -q "failed to fetch advisory database" <<<"$deny_out"; then
  unreachable "Rust crates (RustSec)" "github.com"
else
  echo "$deny_out"
  echo "advisories: Rust crates (RustSec): FOUND (above)" >&2
  status=1
fi

verdict=$(cd ui && npm audit --omit=dev --json 2>/dev/null | audit_verdict)
case "$verdict" in
  "found 0") echo "advisories: UI runtime packages (npm audit --omit=dev): none" ;;
  found*)
    (cd ui && npm audit --omit=dev)
    echo "advisories: UI runtime packages (npm audit --omit=dev): FOUND (above)" >&2
    status=1 ;;
  *) unreachable "UI runtime packages (npm audit --omit=dev)" "the npm registry's audit endpoint: ${verdict#unreachable }" ;;
esac
exit $status
