#!/usr/bin/env python3
"""No folder imports a folder that imports it back: list two-way ties between folders.

Why: two folders that import each other are one unit in disguise, as two files are (see
import-cycles.py, whose file-level imports this reads). A folder here is a part's top-level
module (src-tauri/src/mirror, crates/escrow-api/src/v2; a loose file such as desk.rs is a unit
of its own) or, in the UI, a feature or shared area (ui/src/features/transactions,
ui/src/shared/components). The ties that exist are listed in scripts/folder-ties.baseline,
the debt to pay down: a tie not listed fails the check; a listed tie that is gone is reported,
so the list only ever shrinks (remove its line).
Usage: scripts/folder-ties.py [--root DIR] [--baseline FILE] [--write-baseline] [--self-test]
"""
import argparse, importlib.util, sys, tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location('import_cycles', HERE / 'import-cycles.py')
cycles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cycles)

GROUPED = {'features', 'shared'}  # UI folders whose children are the units


def unit(src, f):
    """The folder `f` (a file under `src`) belongs to, relative to the repo's part."""
    parts = f.relative_to(src).parts
    if len(parts) == 1:
        return Path(parts[0]).stem if parts[0].endswith('.rs') else parts[0]
    if parts[0] in GROUPED and len(parts) > 2:
        return f'{parts[0]}/{parts[1]}'
    return parts[0]


def ties(root):
    """Sorted 'part: a <-> b' lines, a < b, for each two-way tie between folders."""
    root = Path(root).resolve()
    found = set()
    for src, (_, edges) in cycles.parts(root):
        part = src.relative_to(root).as_posix()
        between = {(unit(src, a), unit(src, b)) for a, targets in edges.items() for b in targets}
        found |= {f'{part}: {a} <-> {b}' for a, b in between if a < b and (b, a) in between}
    return sorted(found)


def read_baseline(path):
    if not path.is_file():
        return set()
    lines = (line.split('#', 1)[0].strip() for line in path.read_text(encoding='utf-8').splitlines())
    return {line for line in lines if line}


SELF_TEST = {
    'crates/t/src/lib.rs': 'mod a;\nmod b;\nmod c;\nmod d;\n',
    'crates/t/src/a/mod.rs': 'mod x;\nmod y;\n',
    'crates/t/src/a/x.rs': 'use crate::b::B;\n',  # a -> b
    'crates/t/src/a/y.rs': 'pub struct Y;\n',
    'crates/t/src/b.rs': 'pub struct B;\nfn f() { crate::a::y::Y; }\n',  # b -> a: a tie
    'crates/t/src/c.rs': 'use crate::b::B;\n',  # c -> b only
    'crates/t/src/d.rs': 'use crate::c::C;\n',
    'ui/src/features/p/P.svelte': "<script lang=\"ts\">\nimport { s } from '../../shared/x/s';\n</script>\n",
    'ui/src/shared/x/s.ts': "import { q } from '../../features/p/q';\nexport const s = 1;\n",
    'ui/src/features/p/q.ts': 'export const q = 1;\n',
}
EXPECTED = ['crates/t/src: a <-> b', 'ui/src: features/p <-> shared/x']


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in SELF_TEST.items():
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / rel).write_text(text)
        got = ties(tmp)
    ok = got == EXPECTED
    print(f'self-test: folder ties {"as expected" if ok else f"expected {EXPECTED}, got {got}"}')
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=HERE.parent, help='tree to check (default: this repo)')
    ap.add_argument('--baseline', default=HERE / 'folder-ties.baseline', type=Path)
    ap.add_argument('--write-baseline', action='store_true', help='record the ties of today as the baseline')
    ap.add_argument('--self-test', action='store_true', help='check the checker on a temp tree with known ties')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    found = ties(args.root)
    if args.write_baseline:
        head = '# Two-way ties between folders that exist today (scripts/folder-ties.py); remove a line once its tie is gone.\n'
        args.baseline.write_text(head + ''.join(f'{t}\n' for t in found), encoding='utf-8')
        print(f'{len(found)} tie(s) written to {args.baseline}')
        return 0
    known = read_baseline(args.baseline)
    new = [t for t in found if t not in known]
    gone = sorted(known - set(found))
    print(f'folder ties: {len(found)} ({len(known)} in the baseline, {len(new)} new, {len(gone)} gone)')
    for t in gone:
        print(f'tie gone, remove it from {args.baseline.name}: {t}')
    for t in new:
        print(f'new two-way tie between folders: {t}')
    if new:
        print('a folder may not import a folder that imports it back', file=sys.stderr)
    return 1 if new else 0


if __name__ == '__main__':
    sys.exit(main())
