# The two commands: `make run` and `make test`. Each does its own set-up first.
SHELL := /bin/bash
.DEFAULT_GOAL := run
.PHONY: run team-demo test setup ui bindings bench fuzz fmt screenshots e2e-stress package package-test release release-test cross-check ci-time advisories

setup:
	@bash scripts/setup-system.sh
	@bash scripts/setup-tools.sh
	@bash scripts/setup-node.sh

## The UI build that `make run`, `make test` and `make package` embed, redone only when a file
## it is built from changed.
ui: setup
	@$(MAKE) --no-print-directory ui/dist/index.html

UI_INPUTS = $(shell find ui/src ui/index.html ui/vite.config.ts ui/svelte.config.js ui/tsconfig.json \
  ui/package.json ui/node_modules/.package-lock.json -type f 2>/dev/null)
ui/dist/index.html: $(UI_INPUTS)
	cd ui && npm run --silent build

## Opens the desktop app on the built-in Sandbox with demo data.
run: ui
	cargo build -p escrow-desk
	@bash scripts/run-app.sh

## Opens two desks on one team store (a throwaway PostgreSQL) and one shared sandbox:
## Anna asks for a payout over the demo rule, Bo approves it (scripts/team-demo.sh).
team-demo: ui
	cargo build -p escrow-desk -p escrow-sandbox
	@bash scripts/team-demo.sh

## Runs every test (UI, Rust, end-to-end in a real window).
test: ui
	@bash scripts/test.sh

## What CI runs (`.ci/run`: make test, the package checks on the test build, cross-check), with each step's time.
ci-time:
	@bash .ci/run

## The end-to-end suite 10 times in a row with one core kept busy; fails on any hang or flake.
e2e-stress: ui
	@bash scripts/e2e-stress.sh

## Known vulnerabilities: RustSec advisories (cargo-deny) and npm audit of the UI's runtime
## packages; fails when either database cannot be reached (`make test` reports that as not checked).
advisories: setup
	@bash scripts/advisories.sh

## The Rust code keeps compiling for Windows and macOS (`cargo check --target`; installs the targets).
cross-check:
	@bash scripts/cross-check.sh

## Builds the installable package (deb, with the `escrow` CLI) into target/release/bundle/deb.
package: ui
	@bash scripts/package.sh

## Checks the built deb: fields, files, size, a dpkg install into a throwaway root, first page.
package-test: package
	@bash scripts/package-test.sh

## Signs the package for the in-app updater and writes latest.json next to it. Needs
## TAURI_SIGNING_PRIVATE_KEY, TAURI_SIGNING_PRIVATE_KEY_PASSWORD and RELEASE_BASE_URL (see README, Updates).
release: setup
	@bash scripts/release.sh

## Checks the signing step on a stand-in package with a throwaway key (seconds).
release-test: setup
	@bash scripts/release-test.sh

## The parsers that face the outside, fuzzed far longer than `make test` does, with fresh random
## cases each run (make test's are fixed; proptest cases, Schemathesis examples): a link, a policy, route overrides, an audit export, an upload, every
## response of the service, and the sandbox's whole API.
fuzz: setup
	PROPTEST_CASES=20000 cargo test -p escrow-desk --test outside_input
	PROPTEST_CASES=20000 cargo test -p escrow-api --test hostile_input
	PROPTEST_CASES=5000 cargo test -p escrow-sandbox --test body_fuzz
	SCHEMATHESIS_MAX_EXAMPLES=300 bash scripts/schemathesis.sh

## Benchmarks that print their figures (release builds; several minutes on 2 cores).
bench: setup
	cargo bench -p escrow-sandbox --bench list
	cargo bench -p escrow-integration --bench export
	cargo bench -p escrow-integration --bench load
	cargo bench -p escrow-desk --bench mirror_queries
	bash scripts/with-postgres.sh cargo bench -p desk-team --bench team --profile dev
	cd ui && npm run --silent build
	cargo build -p escrow-desk --release --features tauri/custom-protocol
	ESCROW_DESK_BIN=$${CARGO_TARGET_DIR:-$(CURDIR)/target}/release/escrow-desk \
	  bash scripts/with-session.sh cargo bench -p escrow-desk-e2e --bench app --profile dev
	ESCROW_DESK_BIN=$${CARGO_TARGET_DIR:-$(CURDIR)/target}/release/escrow-desk \
	  bash scripts/with-session.sh cargo bench -p escrow-desk-e2e --bench mirror --profile dev
	ESCROW_DESK_BIN=$${CARGO_TARGET_DIR:-$(CURDIR)/target}/release/escrow-desk \
	  bash scripts/with-session.sh cargo bench -p escrow-desk-e2e --bench soak --profile dev

## Regenerates ui/src/lib/bindings.ts from the Rust types.
bindings:
	UPDATE_BINDINGS=1 cargo test -p escrow-desk --lib bindings

fmt:
	cargo fmt --all

## Copies the end-to-end run's screenshots into the README's folder.
screenshots:
	find tests/artifacts -name "*.png" ! -name "failure-*" -exec cp {} docs/screenshots/ \;
