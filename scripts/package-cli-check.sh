#!/usr/bin/env bash
# The installed `escrow` with --profile, as a support engineer runs it: the app's profile in
# its database, its key in the real Secret Service (run inside scripts/with-session.sh, whose
# keyring is a throwaway one), a sandbox server as the service; the answer is checked, and the
# key appears in no output. `escrow profiles list` lists the profile with its key stored.
#   package-cli-check.sh INSTALLED_ESCROW SANDBOX_BINARY
set -euo pipefail
escrow=$1
sandbox=$2
[[ -n "${KR_DIR:-}" ]] || { echo "package-cli-check: run inside scripts/with-session.sh (a throwaway keyring)" >&2; exit 1; }
work=$(mktemp -d)
pid=
cleanup() {
  [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package-cli-check: FAIL: $*" >&2; exit 1; }

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
"$sandbox" serve --listen "127.0.0.1:$port" --data-dir "$work/sandbox" --log-level warn &
pid=$!
for _ in $(seq 100); do curl -fsS -o /dev/null "$url/openapi.json" 2>/dev/null && break; sleep 0.1; done

# The app's database as the command line reads it: a profile named as staff name it.
id="package-check-$RANDOM$RANDOM"
mkdir -p "$work/data"
python3 - "$work/data/escrow-desk.sqlite" "$id" "$url" <<'PY'
import sqlite3, sys
path, pid, url = sys.argv[1:]
db = sqlite3.connect(path)
db.execute("CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, base_url TEXT NOT NULL, dialect TEXT)")
db.execute("INSERT INTO profiles VALUES (?, 'Support Sandbox', ?, 'spec')", (pid, url))
db.commit()
PY
key=sandbox-demo-key
printf '%s' "$key" | secret-tool store --label "Escrow Desk: $id" service dk.escrowdesk.app username "$id"

export ESCROW_DESK_DATA_DIR="$work/data"
out=$("$escrow" --profile "support sandbox" transactions list --take 3 --json) || fail "escrow --profile exited $?"
count=$(python3 -c 'import json, sys; v = json.load(sys.stdin); print(v["count"] if len(v["items"]) == 3 else -1)' <<<"$out")
[[ "$count" -gt 0 ]] || fail "escrow --profile did not list the sandbox's transactions: $out"
listed=$("$escrow" profiles list) || fail "escrow profiles list exited $?"
grep -q "Support Sandbox.*stored in the keychain" <<<"$listed" || fail "escrow profiles list: $listed"
grep -qF "$key" <<<"$out$listed" && fail "the API key is in the output"
secret-tool clear service dk.escrowdesk.app username "$id"
echo "package-cli-check: the installed escrow --profile listed $count transactions; the key stayed in the keychain"
