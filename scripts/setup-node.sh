#!/usr/bin/env bash
# Checks Node.js (scripts/check-node.sh), then runs `npm ci` in ui/ when node_modules is
# missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")"
bash ./check-node.sh
cd ../ui
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
