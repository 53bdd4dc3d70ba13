#!/usr/bin/env python3
"""The test binaries of one workspace build, from cargo's report of it (`cargo test
--workspace --no-run --message-format=json-render-diagnostics`).

  test-targets.py PLAN e2e     name<TAB>executable of each end-to-end binary (escrow-desk-e2e's tests)
  test-targets.py PLAN others  `--test NAME` for every other integration test target

`make test` builds once for the whole workspace and then runs parts of it; the parts are
named here rather than by package (`-p`, `--exclude`), because selecting packages resolves
their features anew and builds the app a second time."""

import json
import sys

E2E_PACKAGE = "escrow-desk-e2e"


def artifacts(plan):
    with open(plan, encoding="utf-8") as f:
        for line in f:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("reason") == "compiler-artifact":
                yield message


def package_name(package_id):
    # path+file:///…/tests#escrow-desk-e2e@0.1.0, or …/crates/escrow-api#0.1.0 (name = folder)
    tail = package_id.rsplit("#", 1)[-1]
    if "@" in tail:
        return tail.split("@", 1)[0]
    return package_id.rsplit("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("e2e", "others"):
        sys.exit(__doc__)
    plan, part = sys.argv[1], sys.argv[2]
    seen = set()
    for m in artifacts(plan):
        target = m.get("target", {})
        if target.get("kind") != ["test"] or not m.get("executable"):
            continue
        e2e = package_name(m.get("package_id", "")) == E2E_PACKAGE
        if part == "e2e" and e2e:
            print(f"{target['name']}\t{m['executable']}")
        elif part == "others" and not e2e and target["name"] not in seen:
            seen.add(target["name"])
            print(f"--test\n{target['name']}")


if __name__ == "__main__":
    main()
