import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rules of server/src (decision 037), checked by reading the source files: no database, no server.
//  - A feature's public face is its index.ts. Code in one feature imports another feature only through it;
//    a feature's own files (its tests included) import its internals freely. Tests may also import another
//    feature's test-helpers.ts, which is that feature's face for tests.
//  - The feature graph has no cycle. Its nodes are features/<name>, llm, integrations and platform; an edge is
//    "some production file of A imports a file of B". Test files are left out of the graph: a test composes
//    the whole application and points at everything.
//  - platform and db are below the features: their production files import no feature.

const SRC = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = /\.(ts|mts|mjs)$/;

type ImportEdge = { from: string; to: string; spec: string };

/**
 * Cycles left on purpose, each with who removes it (decision 037). Nothing else may form a cycle, and an
 * entry that no longer exists fails the test below, so the list only shrinks.
 */
const KNOWN_CYCLES: string[] = [];

/** Every source file under dir, as paths relative to server/src with forward slashes. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) out.push(path.relative(SRC, full).split(path.sep).join('/'));
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Relative import specifiers of one file, resolved to paths relative to server/src (no extension). */
function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(SOURCE, '');
    edges.push({ from: file, to: resolved.replace(/\.js$/, ''), spec });
  }
  return edges;
}

/** The graph node a file belongs to, or null for composition roots (app.ts, main.ts, jobs.ts, test/). */
function nodeOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  if (parts[0] === 'llm' || parts[0] === 'integrations' || parts[0] === 'platform' || parts[0] === 'db') {
    return parts.length > 1 ? parts[0] : null;
  }
  return null;
}

const isTest = (file: string) => /\.test\.ts$/.test(file) || /(^|\/)test-helpers\.ts$/.test(file);

/** True when `to` (resolved, no extension) is the public face of feature `node`. */
function isFace(node: string, to: string): boolean {
  return to === node || to === `${node}/index`;
}

const files = sourceFiles(SRC);
const edges = files.flatMap(importsOf);

/** Imports from one feature into another feature's internals. */
function internalImports(): ImportEdge[] {
  return edges.filter((e) => {
    const from = nodeOf(e.from);
    const to = nodeOf(e.to) ?? (e.to.startsWith('features/') ? `features/${e.to.split('/')[1]}` : null);
    if (!from?.startsWith('features/') || !to?.startsWith('features/') || from === to) return false;
    if (isFace(to, e.to)) return false;
    if (isTest(e.from) && e.to === `${to}/test-helpers`) return false;
    return true;
  });
}

/** The node graph of production files: node -> node -> one example import. */
function nodeGraph(): Map<string, Map<string, ImportEdge>> {
  const graph = new Map<string, Map<string, ImportEdge>>();
  for (const e of edges) {
    if (isTest(e.from)) continue;
    const from = nodeOf(e.from);
    const to = nodeOf(e.to) ?? (e.to.startsWith('features/') ? `features/${e.to.split('/')[1]}` : null);
    if (!from || !to || from === to || from === 'db' || to === 'db') continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const out = graph.get(from) as Map<string, ImportEdge>;
    if (!out.has(to)) out.set(to, e);
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(): string[][] {
  const graph = nodeGraph();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The edges inside one component, printed as "a -> b (file: 'spec')". */
function edgesWithin(component: string[]): string[] {
  const graph = nodeGraph();
  const inside = new Set(component);
  const out: string[] = [];
  for (const from of component) {
    for (const [to, e] of graph.get(from) ?? []) {
      if (inside.has(to)) out.push(`${from} -> ${to}  (${e.from}: '${e.spec}')`);
    }
  }
  return out.sort();
}

describe('server import rules (decision 037)', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('features/knowledge/index.ts');
    // The parser sees multi-line, type-only and dynamic imports.
    expect(edges.some((e) => e.from === 'app.ts' && e.to.startsWith('features/'))).toBe(true);
  });

  it('imports another feature only through its index.ts', () => {
    const bad = internalImports().map((e) => `${e.from} imports '${e.spec}'`);
    if (bad.length) console.error(`Imports of another feature's internals (${bad.length}):\n${bad.join('\n')}`);
    expect(bad).toEqual([]);
  });

  it('has no cycle between features, llm, integrations and platform', () => {
    const found = cycles().filter((c) => !KNOWN_CYCLES.includes(c.join(' ')));
    const report = found.map((c) => `{${c.join(', ')}}\n  ${edgesWithin(c).join('\n  ')}`);
    if (report.length) console.error(`Import cycles (${report.length}):\n${report.join('\n')}`);
    expect(report).toEqual([]);
  });

  it('lists only cycles that still exist as known', () => {
    // A known cycle that is gone must leave the list, so it cannot come back unnoticed.
    const present = new Set(cycles().map((c) => c.join(' ')));
    expect(KNOWN_CYCLES.filter((c) => !present.has(c))).toEqual([]);
  });

  it('keeps platform and db below the features', () => {
    const bad = edges
      .filter((e) => !isTest(e.from) && ['platform', 'db'].includes(nodeOf(e.from) ?? ''))
      .filter((e) => e.to.startsWith('features/'))
      .map((e) => `${e.from} imports '${e.spec}'`);
    expect(bad).toEqual([]);
  });
});

/** A handler map: `= { ... } satisfies Partial<EndpointHandlers>;`, one entry a line. */
const HANDLER_MAP = /=\s*\{\n([\s\S]*?)\n\}\s*satisfies Partial<EndpointHandlers>;/g;
const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

/** The source file a relative import specifier of `from` names (a folder means its index.ts). */
function moduleFile(from: string, spec: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)).replace(/\.js$/, '');
  return files.includes(`${base}.ts`) ? `${base}.ts` : `${base}/index.ts`;
}

/** The file that declares `name` as seen from `file`, following imports and re-exports (`a as b` included). */
function declaringFile(file: string, name: string, depth = 0): string | null {
  const text = read(file);
  if (new RegExp(`\\b(const|function)\\s+${name}\\b`).test(text)) return file;
  if (depth > 5) return null;
  for (const m of text.matchAll(/(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(\.[^']*)'/g)) {
    for (const part of (m[1] as string).split(',')) {
      const [original, local = original] = part
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (local === name && original) return declaringFile(moduleFile(file, m[2] as string), original, depth + 1);
    }
  }
  return null;
}

/**
 * Every entry of the handler maps of one file (spread maps followed), each with what is wrong with it:
 * a named handler must be declared `const name: EndpointHandler<'key'>`; an inline one must leave its
 * parameter to the map's type.
 */
function handlerEntries(file: string): { at: string; key: string; problem: string | null }[] {
  const out: { at: string; key: string; problem: string | null }[] = [];
  for (const map of read(file).matchAll(HANDLER_MAP)) {
    for (const raw of (map[1] as string).split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('//')) continue;
      const spread = /^\.\.\.(\w+),$/.exec(line);
      if (spread) {
        const source = declaringFile(file, spread[1] as string);
        const spreadEntries = source ? handlerEntries(source) : [];
        out.push(...spreadEntries);
        if (!spreadEntries.length) out.push({ at: source ?? file, key: line, problem: 'not a handler map' });
        continue;
      }
      const inline = /^(\w+):\s*(?:async\s*)?\((\w*|\{[\w\s,]*\})\)\s*=>/.exec(line);
      if (inline) {
        out.push({ at: file, key: inline[1] as string, problem: null });
        continue;
      }
      const named = /^(\w+)(?::\s*(\w+))?,$/.exec(line);
      if (!named) {
        out.push({ at: file, key: line, problem: 'not a handler entry this test can read' });
        continue;
      }
      const key = named[1] as string;
      const name = named[2] ?? key;
      const source = declaringFile(file, name);
      const typed = new RegExp(`\\bconst\\s+${name}:\\s*EndpointHandler<'${key}'>\\s*=`);
      out.push({
        at: source ?? file,
        key,
        problem: !source
          ? `declaration of ${name} not found`
          : typed.test(read(source))
            ? null
            : `${name} is not declared as EndpointHandler<'${key}'>`,
      });
    }
  }
  return out;
}

describe('platform rules written once (decision 041)', () => {
  const files = sourceFiles(SRC).filter((f) => !/\.test\.ts$/.test(f));
  it("types every contract handler with EndpointHandler<'name'>, never by hand", () => {
    // The contract says what a handler receives and answers; a hand-written `{ ctx, input }` type can drift
    // from it (a context of the wrong kind, an input field the schema no longer has).
    const entries = files.filter((f) => f.endsWith('.routes.ts')).flatMap((f) => handlerEntries(f));
    expect(entries.length).toBeGreaterThan(100);
    const bad = entries.filter((e) => e.problem).map((e) => `${e.at}: ${e.key}: ${e.problem}`);
    if (bad.length) console.error(`Handlers not typed from the contract (${bad.length}):\n${bad.join('\n')}`);
    expect(bad).toEqual([]);
  });

  it('defines rowsOf (the rows of a raw statement) only in db/client.ts', () => {
    const defining = files.filter((f) =>
      /\b(function|const|let)\s+rowsOf\b/.test(readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(defining).toEqual(['db/client.ts']);
  });

  it('reads the rows of a raw statement through rowsOf, tests included (no cast of an execute result)', () => {
    const casting = sourceFiles(SRC).filter(
      (f) => f !== 'db/client.ts' && /\bas unknown as \{\s*rows\s*:/.test(read(f)),
    );
    expect(casting).toEqual([]);
  });

  it('builds a WorkspaceContext only in platform/ (systemWorkspaceContext, userWorkspaceContext)', () => {
    // A context's tenant scope is what row-level security trusts: one place decides how it is made.
    // Tests included: a test that calls a service directly takes its context from test/factories.ts (ownerContext).
    const building = sourceFiles(SRC).filter(
      (f) => !f.startsWith('platform/') && /\btenant:\s*(async\s*)?\(/.test(read(f)),
    );
    expect(building).toEqual([]);
  });

  it('declares stop-word lists and stemmers only in packages/domain/src/words.ts (server, domain, web, extension)', () => {
    // The variants that must differ are named and documented there; a list or stemmer anywhere else is one
    // more way to cut text that nobody measured. Research copies in server/bench are not product code.
    const root = path.resolve(SRC, '../..');
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(rel);
        return /\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
      });
    const dirs = ['server/src', 'packages/contract/src', 'packages/domain/src', 'web/src', 'extension/src'];
    const declaring = dirs
      .flatMap(walk)
      .filter((f) => f !== 'packages/domain/src/words.ts')
      .filter((f) => {
        const text = readFileSync(path.join(root, f), 'utf8');
        return (
          /\b(?:const|let|var)\s+\w*stop_?words?\w*\s*=/i.test(text) ||
          /\bfunction\s+(?:\w*Stem|stem)\s*\(|\b(?:const|let)\s+(?:\w*Stem|stem)\s*=\s*(?:\(|\w+\s*=>)/.test(text)
        );
      });
    expect(declaring).toEqual([]);
  });
});

describe('test rules (decision 039)', () => {
  it('names every server test that replaces a module *.mock.test.ts (the others share a module graph per worker)', () => {
    // vitest.config.ts runs server tests with isolate: false, so a vi.mock in one of them would reach, or
    // miss, the modules the files before it already loaded; *.mock.test.ts run in an isolated project.
    const mocking = sourceFiles(SRC).filter(
      (f) => /\.test\.ts$/.test(f) && /\bvi\.(?:mock|doMock|stubEnv|stubGlobal|resetModules)\(/.test(read(f)),
    );
    expect(mocking.filter((f) => !f.endsWith('.mock.test.ts'))).toEqual([]);
    expect(mocking.length).toBeGreaterThan(0);
  });
});
