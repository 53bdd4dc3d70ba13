#!/usr/bin/env bash
# Checks the Node.js on PATH against the supported lines: 22 LTS (22.12+) or 24+ pass;
# 20.19+ passes with a warning (end of life since April 2026); anything older, 21.x, an
# early 22, or none fails with what to do. The floor is the UI toolchain's (Vite 8:
# ^20.19 || >=22.12). `--self-test` checks these rules against fake node binaries.
set -euo pipefail

check() {
  # How to get a supported Node.js; Debian 12's own nodejs package is 18.
  local how="Install Node.js 22 LTS or 24: with only the npm registry,
'sudo npm install -g --prefix /usr/local node@22'
(puts it in /usr/local/bin, ahead of /usr/bin; open a new shell after), or with your version
manager (nvm, fnm, volta) or NodeSource. Then re-run make."
  if ! command -v node >/dev/null; then
    printf 'setup: Node.js not found.\n%s\n' "$how" >&2
    return 1
  fi
  local version major minor
  version=$(node -p 'process.versions.node')
  IFS=. read -r major minor _ <<<"$version"
  if [ "$major" -ge 23 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; }; then
    return 0
  elif [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; then
    printf 'setup: warning: Node.js %s works, but Node.js 20 reached end of life in April 2026.\n%s\n' \
      "$version" "$how" >&2
    return 0
  fi
  printf 'setup: Node.js %s is too old for the UI toolchain (needs 22.12+, 24+, or 20.19+).\n%s\n' \
    "$version" "$how" >&2
  return 1
}

self_test() {
  local dir failures=0
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  # version, expected exit code, expected word in the message ("" = silent)
  local cases=("none 1 found" "18.20.4 1 too old" "20.18.1 1 too old" "20.19.0 0 end of life"
    "21.7.3 1 too old" "22.11.0 1 too old" "22.12.0 0 " "22.23.3 0 " "24.1.0 0 " "26.10.0 0 ")
  for case in "${cases[@]}"; do
    local version expected word out code=0
    read -r version expected word <<<"$case"
    rm -f "$dir/node"
    if [ "$version" != none ]; then
      printf '#!/bin/sh\necho %s\n' "$version" >"$dir/node"
      chmod +x "$dir/node"
    fi
    out=$(PATH="$dir" check 2>&1) || code=$?
    if [ "$code" != "$expected" ] || { [ -n "$word" ] && [[ "$out" != *"$word"* ]]; } ||
      { [ -z "$word" ] && [ -n "$out" ]; }; then
      echo "check-node self-test: node $version gave exit $code (want $expected): $out" >&2
      failures=$((failures + 1))
    fi
  done
  [ "$failures" -eq 0 ] && echo "check-node self-test: ${#cases[@]} cases pass"
}

if [ "${1:-}" = --self-test ]; then
  self_test
else
  check
fi
