#!/usr/bin/env bash
# Known vulnerabilities in what the app ships: the RustSec advisories of the Rust crates
# (cargo-deny, deny.toml) and npm's audit of the UI's runtime packages. Both read a database
# over the network (GitHub for RustSec, the npm registry's audit endpoint), which the CI
# machines cannot reach, so `make test` leaves them out; run `make advisories` where they can.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
cargo deny check advisories || status=1
(cd ui && npm audit --omit=dev) || status=1
exit $status
