#!/usr/bin/env bash
# Checks the toolchains and installs the pinned Rust tools the tests use (idempotent).
set -euo pipefail
TAURI_DRIVER_VERSION=2.1.0
CARGO_DENY_VERSION=0.20.2

if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found. Install Rust with rustup (https://rustup.rs), then re-run." >&2
  exit 1
fi
# Node.js is checked by setup-node.sh, next to the npm install it is for.
# `make test` checks formatting; a minimal rustup profile lacks rustfmt.
if ! cargo fmt --version >/dev/null 2>&1; then
  echo "setup: adding rustfmt"
  rustup component add rustfmt
fi
# `make test` runs clippy with warnings as errors; a minimal profile lacks it too.
if ! cargo clippy --version >/dev/null 2>&1; then
  echo "setup: adding clippy"
  rustup component add clippy
fi
# `make test` checks licences, duplicate crates and sources with cargo-deny (deny.toml).
if ! cargo deny --version 2>/dev/null | grep -q " $CARGO_DENY_VERSION$"; then
  echo "setup: installing cargo-deny $CARGO_DENY_VERSION"
  cargo install cargo-deny --version "=$CARGO_DENY_VERSION" --locked --quiet
fi
# tauri-driver has no --version; cargo's install list records it.
if ! command -v tauri-driver >/dev/null || ! cargo install --list | grep -q "^tauri-driver v$TAURI_DRIVER_VERSION:"; then
  echo "setup: installing tauri-driver $TAURI_DRIVER_VERSION"
  cargo install tauri-driver --version "=$TAURI_DRIVER_VERSION" --locked --quiet
fi
# `make test` runs Schemathesis (PyPI, pinned) against the sandbox's OpenAPI document, from a
# virtual environment of its own in the cache (scripts/schemathesis.sh).
bash scripts/schemathesis.sh --install
