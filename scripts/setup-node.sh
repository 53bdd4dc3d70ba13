#!/usr/bin/env bash
# npm ci in ui/ when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/../ui"
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
