#!/usr/bin/env bash
# make cross-check: the app, the client and the sandbox keep compiling for Windows and macOS.
# `cargo check` only (type-checks, never links, seconds when warm). The C code that build
# scripts compile (SQLite, aws-lc, the Windows resource) needs an SDK this machine lacks, so a
# stand-in compiler (scripts/cross/stub-cc) answers for it: what is checked is the Rust code,
# with each target's own cfg branches and dependencies (keychain store, TLS, windowing).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
stub="$root/scripts/cross/stub-cc"
targets=(x86_64-pc-windows-msvc x86_64-pc-windows-gnu x86_64-apple-darwin)

installed=$(rustup target list --installed)
for t in "${targets[@]}"; do
  grep -qx "$t" <<<"$installed" || rustup target add "$t"
done

for t in "${targets[@]}"; do
  tu=${t//-/_}
  echo "== cargo check --target $t (escrow-api, escrow-sandbox, escrow-desk, escrow-cli)"
  # aws-lc's Windows assembly comes prebuilt (no NASM here).
  env "CC_$tu=$stub" "AR_$tu=$stub" "RC_$tu=$stub" AWS_LC_SYS_PREBUILT_NASM=1 \
    cargo check --locked --quiet --target "$t" -p escrow-api -p escrow-sandbox -p escrow-desk -p escrow-cli
done
echo "cross-check: ok (${targets[*]})"
