#!/usr/bin/env python3
"""No file imports another that imports it back: list file-level import cycles.

Why: files that import each other, directly or through others, are one unit in disguise
(none can be read, moved or tested alone; in the UI, module initialisation order gets
fragile). Parts: src-tauri/src, each crates/*/src, tests/src, ui/src. Exit 1 naming every
cycle (each edge on a cycle with the shortest cycle through it), else exit 0 with one
summary line per part. Textual and dependency-free, hence approximate:
  Rust: A -> the file of the longest module prefix of each `use` path, and of each path in
  code starting with crate::, self::, super::, the crate's name or a child module's name.
  Not edges: comments, strings, `mod x;`, `#[cfg(test)]` items, macro-built paths
  ($domain::...). `include!`d files belong to the includer; `#[path]` is honoured.
  UI: relative `import ... from`, `import '...'`, `export ... from` in .ts files and in
  the <script> blocks of .svelte files (*.test.ts skipped; import() is not an edge).
Usage: scripts/import-cycles.py [--root DIR] [--self-test]
"""
import argparse, os, re, sys, tempfile
from collections import deque
from pathlib import Path

RS_LEX = re.compile(
    r'(?P<keep>#\[\s*path\s*=\s*"[^"]*"\s*\]|\binclude!\s*\(\s*"[^"]*"\s*\))'
    r'|(?P<com>//[^\n]*|/\*.*?\*/)'
    r'|(?<!\w)b?r(?P<h>#*)".*?"(?P=h)|b?"(?:\\.|[^"\\])*"'
    r"|b?'(?:\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n])'", re.S)
INCLUDE = re.compile(r'\binclude!\s*\(\s*"([^"]*)"\s*\)')
CFG_TEST = re.compile(r'#\[cfg\(test\)\](?:\s*#!?\[[^\]]*\])*')  # and the item's other attributes
PUB_IN = re.compile(r'\bpub\s*\(\s*in\s[^)]*\)')
INLINE_MOD = re.compile(r'\bmod\s+(\w+)\s*\{')
MOD_DECL = re.compile(r'((?:#\[[^\]]*\]\s*)*)(?:\bpub(?:\s*\([^)]*\))?\s+)?\bmod\s+(\w+)\s*;')
PATH_ATTR = re.compile(r'#\[\s*path\s*=\s*"([^"]*)"')
USE = re.compile(r'(?<![\w$])use\s+([^;]+);')
PATH = re.compile(r'(?<!::)(?<![\w$])(\$?\w+)((?:\s*::\s*\w+)+)')

TS_LEX = re.compile(r"""(?P<str>'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)"""
                    r'|(?P<com>//[^\n]*|/\*.*?\*/)', re.S)
TS_IMPORT = re.compile(r"""(?<![\w$.])(?:import|export)\s+(?:[^'";]*?\bfrom\s*)?(['"])(\.\.?/[^'"]*)\1""")
SCRIPT = re.compile(r'<script\b[^>]*>(.*?)</script>', re.S)


def rs_strip(text):
    """Comments out, string and char literals emptied; `#[path]` and `include!` kept."""
    return RS_LEX.sub(lambda m: m.group() if m.group('keep') else ' ' if m.group('com') else '""', text)


def load_rs(path, read):
    """The stripped text of `path` with its `include!`d files inlined."""
    read.add(path)
    text = rs_strip(path.read_text(encoding='utf-8'))
    inc = lambda p: load_rs(p, read) if p.is_file() else ' '
    return INCLUDE.sub(lambda m: inc(Path(os.path.normpath(path.parent / m.group(1)))), text)


def block_end(text, i):
    """Index just past the `}` that closes the `{` at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        depth += {'{': 1, '}': -1}.get(text[j], 0)
        if depth == 0:
            break
    return j + 1


def drop_test_items(text):
    """Removes each item under `#[cfg(test)]` (a tests module, a `mod tests;`, a fn...)."""
    while m := CFG_TEST.search(text):
        j, depth = m.end(), 0
        for j in range(j, len(text)):  # the item ends at `;` or `}` at depth 0 (or before an unmatched closer)
            depth += 1 if text[j] in '([{' else -1 if text[j] in ')]}' else 0
            if depth < 0 or (depth == 0 and text[j] in ';}'):
                j += depth >= 0
                break
        text = text[:m.start()] + ' ' + text[j:]
    return text


def scope_at(spans, pos):
    """The inline modules (outermost first) around `pos`."""
    return tuple(name for start, end, name in spans if start <= pos < end)


def use_paths(tree, prefix=()):
    """`a::{b::C, d::{self, E}}` -> [(a, b, C), (a, d), (a, d, E)]."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(tree):
        depth += {'{': 1, '}': -1}.get(c, 0)
        if c == ',' and depth == 0:
            parts.append(tree[start:i])
            start = i + 1
    out = []
    for p in filter(None, parts + [tree[start:]]):
        if '{' in p:
            head, inner = p.split('{', 1)
            out += use_paths(inner.rsplit('}', 1)[0], prefix + tuple(s for s in head.split('::') if s))
        elif p == 'self':
            out.append(prefix)
        else:
            out.append(prefix + tuple(s for s in p.split('::') if s and s != '*'))
    return out


def resolve(segs, tree, scope, modules, crate):
    """The file of the longest module prefix that `segs`, seen from `scope`, names."""
    first, rest = segs[0], list(segs[1:])
    if first in ('crate', '$crate'):
        base = ()
    elif first == crate and ('lib', ()) in modules:
        tree, base = 'lib', ()
    elif first in ('self', 'super'):
        base, rest = scope, list(segs[first == 'self':])
        while rest and rest[0] == 'super':
            base, rest = base[:-1], rest[1:]
    elif (tree, scope + (first,)) in modules:
        base, rest = scope, list(segs)
    else:
        return None
    return next((modules[key] for k in range(len(rest), -1, -1)
                 if (key := (tree, base + tuple(rest[:k]))) in modules), None)


EXTERN_USE = re.compile(r'^pub use (\w+)((?:::\w+)*)(?: as (\w+))?;', re.M)


def extern_reexports(root_text):
    """Names a crate root re-exports from another crate (`pub use desk_core::error;`,
    `pub use desk_journal as journal;`): paths through them leave this crate."""
    return {m.group(3) or (m.group(2).rsplit('::', 1)[-1] or m.group(1))
            for m in EXTERN_USE.finditer(root_text) if m.group(1) not in ('crate', 'self', 'super')
            and not re.search(rf'^\s*(pub(\([^)]*\))?\s+)?mod {m.group(1)}\b', root_text, re.M)}


def rust_part(src, crate):
    """(files read, edges) of the crate(s) rooted at src/lib.rs and src/main.rs."""
    modules, files, read = {}, {}, set()
    queue = deque((tree, (), src / root) for tree, root in (('lib', 'lib.rs'), ('main', 'main.rs'))
                  if (src / root).is_file())
    while queue:
        tree, mp, f = queue.popleft()
        if f in files:
            continue
        text = PUB_IN.sub(' ', drop_test_items(load_rs(f, read)))
        spans = [(m.start(), block_end(text, m.end() - 1), m.group(1)) for m in INLINE_MOD.finditer(text)]
        files[f] = (tree, mp, text, spans)
        modules[(tree, mp)] = f
        if mp == ():  # `pub use other_crate::x;` at the root: `crate::x` is that crate's, a leaf
            modules |= {(tree, (name,)): None for name in extern_reexports(text)}
        modules |= {(tree, mp + scope_at(spans, start)): f for start, _, _ in spans}
        base = f.parent if mp == () or f.name == 'mod.rs' else f.parent / f.stem
        for m in MOD_DECL.finditer(text):
            inner, name = scope_at(spans, m.start()), m.group(2)
            pa, where = PATH_ATTR.search(m.group(1)), base.joinpath(*inner)
            cands = ([(where if inner else f.parent) / pa.group(1)] if pa
                     else [where / f'{name}.rs', where / name / 'mod.rs'])
            if child := next((c for c in cands if c.is_file()), None):
                queue.append((tree, mp + inner + (name,), Path(os.path.normpath(child))))
    edges = {}
    for f, (tree, mp, text, spans) in files.items():
        found = [(m.start(), p) for m in USE.finditer(text)
                 for p in use_paths(re.sub(r'\s+', '', re.sub(r'\s+as\s+\w+', '', m.group(1))))]
        body = USE.sub(lambda m: ' ' * len(m.group()), text)
        found += [(m.start(), (m.group(1), *re.findall(r'\w+', m.group(2)))) for m in PATH.finditer(body)]
        edges[f] = {t for pos, segs in found if segs
                    for t in [resolve(segs, tree, mp + scope_at(spans, pos), modules, crate)] if t and t != f}
    return len(read), edges


def crate_name(d):
    toml = d / 'Cargo.toml'
    sections = {s.split(']')[0]: s for s in re.split(r'^\[', toml.read_text(), flags=re.M)} if toml.is_file() else {}
    for key in ('lib', 'package'):
        if m := re.search(r'^name\s*=\s*"([^"]+)"', sections.get(key, ''), re.M):
            return m.group(1).replace('-', '_')
    return d.name.replace('-', '_')


def ts_token(m):
    """A comment becomes a space; a string keeps its quotes but loses quotes inside it, so
    an import written inside a string (`"import x from './c'"`) is no longer one."""
    s = m.group()
    return s[0] + re.sub('[\'"`]', '', s[1:-1]) + s[-1] if m.group('str') else ' '


def ts_part(src):
    nodes = {p for p in src.rglob('*') if p.suffix in ('.ts', '.svelte') and not p.name.endswith('.test.ts')}
    edges = {}
    for f in nodes:
        text = f.read_text(encoding='utf-8')
        if f.suffix == '.svelte':
            text = '\n'.join(SCRIPT.findall(text))
        text = TS_LEX.sub(ts_token, text)
        edges[f] = set()
        for m in TS_IMPORT.finditer(text):
            p = os.path.normpath(f.parent / m.group(2))
            cands = (p, p + '.ts', p + '.svelte', p + '.svelte.ts', p + '/index.ts', re.sub(r'\.js$', '.ts', p))
            if (t := next((Path(c) for c in cands if Path(c) in nodes), None)) and t != f:
                edges[f].add(t)
    return len(nodes), edges


def cycles(edges):
    """For each edge u -> v on a cycle, the shortest cycle through it, rotated to start at
    its smallest file: every file-level cycle is named at least by one of its edges."""
    found = set()
    for u in sorted(edges):
        for v in sorted(edges[u]):
            prev, queue = {v: None}, deque([v])
            while queue and u not in prev:
                x = queue.popleft()
                for y in sorted(edges.get(x, ())):
                    if y not in prev:
                        prev[y] = x
                        queue.append(y)
            if u in prev:
                ring = [u]  # u, then v ... back to u: walk prev from u, reversed
                while ring[-1] != v:
                    ring.append(prev[ring[-1]])
                ring = [u] + ring[:0:-1]
                i = ring.index(min(ring))
                found.add(tuple(ring[i:] + ring[:i]))
    return sorted(found)


def parts(root):
    """[(part's src folder, (files read, edges))] of the tree at root (resolved)."""
    crates = sorted(p for p in (root / 'crates').glob('*') if p.is_dir())
    found = [(d / 'src', rust_part(d / 'src', crate_name(d)))
             for d in [root, root / 'src-tauri', *crates, root / 'tests']
             if (d / 'src' / 'lib.rs').is_file() or (d / 'src' / 'main.rs').is_file()]
    if (root / 'ui' / 'src').is_dir():
        found.append((root / 'ui' / 'src', ts_part(root / 'ui' / 'src')))
    return found


def check(root):
    """[(part, files read, edges, [cycle as 'a -> b -> a'])] of the tree at root."""
    root = Path(root).resolve()
    parts_found = parts(root)
    rel = lambda p: p.relative_to(root).as_posix() or '.'
    return [(rel(src), n, sum(map(len, edges.values())),
             [' -> '.join(rel(p) for p in ring + ring[:1]) for ring in cycles(edges)])
            for src, (n, edges) in parts_found]


SELF_TEST = {
    'crates/direct/src/lib.rs': 'mod a;\nmod b;\n',
    'crates/direct/src/a.rs': 'use crate::b::X;\npub struct Y;\n',
    'crates/direct/src/b.rs': 'use crate::a::Y;\npub struct X;\n',
    'crates/viasuper/src/lib.rs': 'mod m;\n',
    'crates/viasuper/src/m/mod.rs': 'pub mod c;\npub mod d;\npub use c::make;  // a re-export is an import\npub struct P;\n',
    'crates/viasuper/src/m/c.rs': 'use super::{d::D, P};\npub fn make() {}\n',
    'crates/viasuper/src/m/d.rs': 'pub struct D;\nfn f() {\n    super::c::make()\n}\n',
    'crates/grouped/src/lib.rs': 'mod a;\nmod b;\nmod c;\n',
    'crates/grouped/src/a.rs': 'use crate::{\n    b::X,\n    c::{self, Z as Zed},\n};\npub struct A;\n',
    'crates/grouped/src/b.rs': 'pub struct X;\nfn f() -> escrow_grouped::a::A { todo!() }\n',
    'crates/grouped/src/c.rs': 'pub struct Z;\n',
    'crates/grouped/Cargo.toml': '[package]\nname = "escrow-grouped"\n',
    'crates/declares/src/lib.rs': 'pub mod m;\n',
    'crates/declares/src/m/mod.rs': '//! Uses crate::m::x? No.\npub mod x;\npub mod y;\n',
    'crates/declares/src/m/x.rs': 'use super::y::Y;\npub struct X;\n',
    'crates/declares/src/m/y.rs': 'pub struct Y;\n// use super::x::X;\nconst S: &str = "crate::m::x::X";\n',
    'crates/inline/src/lib.rs': 'mod a;\npub use a::X;\n',  # `super` in `inner` is `a`, not the root
    'crates/inline/src/a.rs': 'pub struct X;\npub mod inner {\n    use super::X;\n}\n',
    'crates/testmod/src/lib.rs': 'mod a;\nmod b;\n',
    'crates/testmod/src/a.rs': 'use crate::b::B;\npub struct A;\n',
    'crates/testmod/src/b.rs': 'pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n    fn t() { crate::a::f() }\n}\n',
    'crates/reexport/src/lib.rs': 'mod a;\nmod b;\npub use b::B;\npub use other_crate::error;\npub use journal_crate as journal;\n',
    'crates/reexport/src/a.rs': 'use crate::error::E;\nuse crate::journal::run;\npub struct A;\n',  # leaves the crate
    'crates/reexport/src/b.rs': 'use crate::a::A;\npub struct B;\n',  # no cycle through the root
    'crates/pathinc/src/lib.rs': '#[path = "other/thing.rs"]\nmod a;\nmod b;\n',
    'crates/pathinc/src/other/thing.rs': 'use crate::b::B;\npub struct A;\n',
    'crates/pathinc/src/b.rs': 'pub struct B;\ninclude!("inc.rs");\n',
    'crates/pathinc/src/inc.rs': 'fn g() -> crate::a::A { todo!() }\n',
    'ui/src/a.ts': "import Comp from './x/Comp.svelte';\nexport const a = 1;\n",
    'ui/src/x/Comp.svelte': "<script lang=\"ts\">\n  import {\n    a,\n  } from '../a';\n</script>\n<p>import d from '../d'</p>\n",
    'ui/src/c.ts': "export * from './d';\nexport type T = number;\nimport { t } from './c.test';\n",
    'ui/src/d.ts': "// import { c } from './c';\nexport const s = \"import x from './c'\";\nimport C from './x/Comp.svelte';\n",
    'ui/src/c.test.ts': "import { c } from './c';\nexport const t = 1;\n",
}
EXPECTED = {  # the cycles of each part, paths relative to it
    'crates/direct/src': ['a.rs -> b.rs -> a.rs'],
    'crates/viasuper/src': ['m/c.rs -> m/d.rs -> m/c.rs', 'm/c.rs -> m/mod.rs -> m/c.rs'],
    'crates/grouped/src': ['a.rs -> b.rs -> a.rs'],
    'crates/declares/src': [],
    'crates/testmod/src': [],
    'crates/inline/src': [],
    'crates/reexport/src': [],
    'crates/pathinc/src': ['b.rs -> other/thing.rs -> b.rs'],
    'ui/src': ['a.ts -> x/Comp.svelte -> a.ts'],
}


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in SELF_TEST.items():
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / rel).write_text(text)
        got = {part: [c.replace(part + '/', '') for c in found] for part, _, _, found in check(tmp)}
    bad = [f'  {part}: expected {EXPECTED.get(part)}, got {got.get(part)}'
           for part in sorted(set(got) | set(EXPECTED)) if got.get(part) != EXPECTED.get(part)]
    print(f'self-test: {len(EXPECTED) - len(bad)}/{len(EXPECTED)} cases as expected', *bad, sep='\n')
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=Path(__file__).resolve().parent.parent, help='tree to check (default: this repo)')
    ap.add_argument('--self-test', action='store_true', help='check the checker on temp trees with known cycles')
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    results = check(args.root)
    for part, n, e, found in results:
        print(f'{part}: {n} files read, {e} edges, cycles: {len(found)}')
    found = [c for *_, cs in results for c in cs]
    if found:
        print(*(f'import cycle: {c}' for c in found), sep='\n')
        print(f'{len(found)} import cycle(s): no file may import one that imports it back', file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
