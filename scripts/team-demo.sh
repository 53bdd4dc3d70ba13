#!/usr/bin/env bash
# `make team-demo`: a team in one command. A throwaway PostgreSQL cluster (scripts/with-postgres.sh)
# becomes a team store (`escrow-desk team init`) with two staff members, anna (operator) and
# bo (admin, so also an approver); one sandbox server with the demo data is the Sandbox of
# both; each desk, a data folder of its own, joins the store (`escrow-desk team join`, the
# password into the OS keychain); a rule makes every payout of 10,000 DKK or more wait for a
# second person. Then two windows open, Anna's and Bo's: ask for a payout in one, approve it
# in the other. Everything is removed when both windows are closed.
#
# `--check`: everything but the windows, then each desk's team status (make test runs it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target="${CARGO_TARGET_DIR:-$root/target}/debug"
app="$target/escrow-desk"
sandbox="$target/escrow-sandbox"
check=false
[[ "${1:-}" == "--check" ]] && check=true
for bin in "$app" "$sandbox"; do
  [[ -x "$bin" ]] || { echo "team-demo: $bin is not built (make team-demo builds it)" >&2; exit 1; }
done
if [[ -z "${ESCROW_TEST_POSTGRES_URL:-}" ]]; then
  exec bash "$root/scripts/with-postgres.sh" bash "$0" "$@"
fi
if ! $check && [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "team-demo: no display found; run it in a desktop session (or under xvfb-run -a dbus-run-session)" >&2
  exit 1
fi

demo=$(mktemp -d /tmp/escrow-team-demo.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Each desk's team password leaves the keychain with the link.
  for who in anna bo; do ESCROW_DESK_DATA_DIR="$demo/$who" "$app" team leave >/dev/null 2>&1 || true; done
  rm -rf "$demo"
}
trap cleanup EXIT

# The cluster's superuser: postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres.
super="$ESCROW_TEST_POSTGRES_URL"
admin_password=$(sed -E 's#^postgres://[^:]+:([^@]+)@.*#\1#' <<<"$super")
server=$(sed -E 's#^postgres://[^@]+@([^/]+)/.*#\1#' <<<"$super")
store="postgres://$server/escrow_team"
psql=("$ESCROW_TEST_POSTGRES_BIN/psql" -X -q -v ON_ERROR_STOP=1)
[[ -x "${psql[0]}" ]] || psql[0]=psql
"${psql[@]}" "$super" -c 'CREATE DATABASE escrow_team'

export ESCROW_TEAM_ADMIN_PASSWORD="$admin_password"
"$app" team init --url "$store" --admin postgres
password_of() { "$app" team add-staff "$1" --group "$2" --url "$store" --admin postgres | tail -1; }
anna_password=$(password_of anna operator)
bo_password=$(password_of bo admin)
unset ESCROW_TEAM_ADMIN_PASSWORD

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sandbox_url="http://127.0.0.1:$port"
"$sandbox" serve --listen "127.0.0.1:$port" --data-dir "$demo/sandbox" --own-receiver --log-level warn &
pids+=($!)
for _ in $(seq 100); do
  curl -fsS -o /dev/null "$sandbox_url/openapi.json" 2>/dev/null && break
  sleep 0.1
done

# The team names an environment by its service's address: the shared sandbox's.
"${psql[@]}" "postgres://postgres:$admin_password@$server/escrow_team" -c \
  "INSERT INTO escrow.approval_rules (environment_id, kind, currency, from_amount) VALUES ('$sandbox_url', 'payout', 'DKK', 10000)"

for who in anna bo; do
  password=$anna_password
  [[ $who == bo ]] && password=$bo_password
  ESCROW_DESK_DATA_DIR="$demo/$who" ESCROW_TEAM_PASSWORD="$password" "$app" team join --url "$store" --user "$who"
done

if $check; then
  for who in anna bo; do
    status=$(ESCROW_DESK_DATA_DIR="$demo/$who" "$app" team status)
    echo "$who: $status"
    [[ "$status" == "joined: $store as $who" ]] || { echo "team-demo: $who's desk did not join" >&2; exit 1; }
  done
  exit 0
fi

echo "Two desks on the team store $store and the sandbox $sandbox_url."
echo "In Anna's window, pay out a paid deal of 10,000 DKK or more: it waits. In Bo's, open Approvals and approve it."
for who in anna bo; do
  ESCROW_DESK_DATA_DIR="$demo/$who" ESCROW_DESK_SANDBOX_URL="$sandbox_url" "$app" &
  pids+=($!)
done
wait "${pids[@]:1}"
