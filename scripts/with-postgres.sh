#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster of its own: `initdb` in a temporary
# folder (as the `postgres` user when run as root: PostgreSQL refuses root), a free port on
# 127.0.0.1, password logins over TCP. The command gets the superuser's URL in
# ESCROW_TEST_POSTGRES_URL; the cluster and its folder are removed when it ends. Tests never
# touch a server that happens to be running.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[[ -n "$bin" && -x "$bin/initdb" ]] ||
  { echo "with-postgres: PostgreSQL's server is not installed (make setup installs the postgresql package)" >&2; exit 1; }
dir=$(mktemp -d /tmp/escrow-postgres.XXXXXX)
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
(umask 077 && printf '%s\n' "$password" >"$dir/password")
[[ ${#as_owner[@]} -eq 0 ]] || chown postgres "$dir/password"
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/password" \
  --auth-local=trust --auth-host=scram-sha-256 --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# In the cluster's own configuration, so that a test that stops and starts it (`pg_ctl start`)
# gets the same. fsync off: a throwaway cluster, never a team's. max_connections covers 20
# desks, each with its connection and its listener, and the tests beside them.
cat >>"$dir/data/postgresql.conf" <<CONF
port = $port
unix_socket_directories = '$dir'
listen_addresses = '127.0.0.1'
fsync = off
max_connections = 300
CONF
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >/dev/null || { cat "$dir/log" >&2; exit 1; }
export ESCROW_TEST_POSTGRES_URL="postgres://postgres:$password@127.0.0.1:$port/postgres"
# What the tests that restart the server need (`pg_ctl` as the cluster's owner).
export ESCROW_TEST_POSTGRES_DATA="$dir/data" ESCROW_TEST_POSTGRES_BIN="$bin"
"$@"
