/// <reference types="node" />
/**
 * The import graph of web/src, read from the source files (no bundler, no type checker), and the rules
 * of decision 042 checked on it:
 * - a feature's public face is its index.ts: another feature, or app/, imports `features/<f>` and nothing
 *   under it. The one exception: app/ loads a feature's route modules lazily with `import('…/pages/…')`,
 *   so every page stays in its own chunk and no page reaches the landing bundle;
 * - a feature does not import its own index.ts (it would import itself through its face);
 * - layers point one way: components/ and lib/ import no feature and nothing in app/; features import
 *   nothing in app/ (composition of several features lives in app/);
 * - the features import each other without a cycle.
 * `npx tsx web/scripts/feature-graph.ts` prints the counts and every offending import;
 * web/src/feature-boundaries.test.ts fails on them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One import of one source file; paths are relative to web/src, with `/` and without extension. */
export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  /** `import('…')`: loaded on first use, in a chunk of its own. */
  dynamic: boolean;
}

export interface Violation {
  rule: 'internal' | 'own-face' | 'layer' | 'no-face';
  /** Absent for 'no-face' (a feature without index.ts). */
  edge?: ImportEdge;
  message: string;
}

/** Two or more features that import each other (directly or around a circle), with the imports doing it. */
export interface FeatureCycle {
  features: string[];
  edges: ImportEdge[];
}

export interface FeatureGraphReport {
  features: string[];
  edges: ImportEdge[];
  /** Imports from one feature into another (each import statement of each file counts once). */
  crossFeature: ImportEdge[];
  /** Pairs of features that import each other directly, as 'a<->b' with a < b. */
  twoWayPairs: string[];
  violations: Violation[];
  cycles: FeatureCycle[];
}

const SOURCE = /\.(ts|tsx)$/;

/** `from '…'` (import and export), `import '…'`, `import('…')` and vitest's module mocks. */
const IMPORT =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\s*\(\s*['"]([^'"]+)['"]/g;

/** The relative imports of one file's source text. */
export function importsOf(code: string): { specifier: string; dynamic: boolean }[] {
  const found: { specifier: string; dynamic: boolean }[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const specifier = (m[1] ?? m[2] ?? m[3] ?? m[4]) as string;
    if (specifier.startsWith('.')) found.push({ specifier, dynamic: m[3] !== undefined });
  }
  return found;
}

/** Every .ts/.tsx file under `srcDir`, relative and with `/`. */
export function sourceFiles(srcDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(srcDir, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (SOURCE.test(entry.name)) files.push(rel);
    }
  };
  walk('');
  return files.sort();
}

const withoutExtension = (file: string) => file.replace(/\.(ts|tsx|js|jsx|css)$/, '');

/** The module an import names, relative to web/src and without extension (a folder stays a folder). */
export function resolveImport(fromFile: string, specifier: string): string {
  return withoutExtension(path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier)));
}

/** 'features/chat/pages/chat-page' → 'chat'; null outside web/src/features. */
export function featureOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'features' && parts.length > 2 ? (parts[1] as string) : null;
}

const layerOf = (file: string) => file.split('/')[0] as string;

/** `features/<f>` or `features/<f>/index`: the feature's public face. */
function isFace(module: string): boolean {
  const parts = module.split('/');
  return parts[0] === 'features' && (parts.length === 2 || (parts.length === 3 && parts[2] === 'index'));
}

const faceFeature = (module: string) => (isFace(module) ? (module.split('/')[1] as string) : null);

/** The feature an import reaches (through its face or into its files), or null. */
function targetFeature(module: string): string | null {
  return faceFeature(module) ?? featureOf(module);
}

const edgeText = (edge: ImportEdge) => `${edge.from} -> '${edge.specifier}'${edge.dynamic ? ' (import())' : ''}`;

/** The decision 042 rules broken by one import. */
export function checkEdge(edge: ImportEdge): Violation | null {
  const fromFeature = featureOf(edge.from);
  const target = targetFeature(edge.to);
  const fromLayer = layerOf(edge.from);
  if ((fromLayer === 'components' || fromLayer === 'lib') && (target !== null || layerOf(edge.to) === 'app')) {
    return { rule: 'layer', edge, message: `${edgeText(edge)}: ${fromLayer}/ imports no feature and nothing in app/` };
  }
  if (fromFeature !== null && layerOf(edge.to) === 'app') {
    return { rule: 'layer', edge, message: `${edgeText(edge)}: a feature imports nothing in app/` };
  }
  if (target === null) return null;
  if (target === fromFeature) {
    return isFace(edge.to) && !/\/index$/.test(edge.from)
      ? { rule: 'own-face', edge, message: `${edgeText(edge)}: a feature imports its own files, not its index.ts` }
      : null;
  }
  if (isFace(edge.to)) return null;
  const lazyRoute = fromLayer === 'app' && edge.dynamic && edge.to.split('/')[2] === 'pages';
  if (lazyRoute) return null;
  return {
    rule: 'internal',
    edge,
    message: `${edgeText(edge)}: import '${target}' through features/${target}/index.ts`,
  };
}

/** Strongly connected groups of more than one feature (Tarjan), each with the imports inside it. */
export function featureCycles(crossFeature: ImportEdge[]): FeatureCycle[] {
  const next = new Map<string, Set<string>>();
  for (const e of crossFeature) {
    const a = featureOf(e.from) as string;
    const b = targetFeature(e.to) as string;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)?.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((features) => {
    const inside = new Set(features);
    const edges = crossFeature.filter(
      (e) => inside.has(featureOf(e.from) as string) && inside.has(targetFeature(e.to) as string),
    );
    return { features, edges };
  });
}

/** Reads web/src (or a tree shaped like it) and checks the rules. */
export function analyseFeatures(srcDir: string): FeatureGraphReport {
  const featuresDir = path.join(srcDir, 'features');
  const features = existsSync(featuresDir)
    ? readdirSync(featuresDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const from = withoutExtension(file);
    for (const { specifier, dynamic } of importsOf(readFileSync(path.join(srcDir, file), 'utf8'))) {
      edges.push({ from, to: resolveImport(from, specifier), specifier, dynamic });
    }
  }
  const crossFeature = edges.filter((e) => {
    const a = featureOf(e.from);
    const b = targetFeature(e.to);
    return a !== null && b !== null && a !== b;
  });
  const pairs = new Set(crossFeature.map((e) => `${featureOf(e.from)}>${targetFeature(e.to)}`));
  const twoWayPairs = [...pairs]
    .map((p) => p.split('>') as [string, string])
    .filter(([a, b]) => a < b && pairs.has(`${b}>${a}`))
    .map(([a, b]) => `${a}<->${b}`)
    .sort();
  const violations: Violation[] = features
    .filter((f) => !existsSync(path.join(featuresDir, f, 'index.ts')))
    .map((f) => ({ rule: 'no-face' as const, message: `features/${f} has no index.ts (its public face)` }));
  for (const edge of edges) {
    const violation = checkEdge(edge);
    if (violation) violations.push(violation);
  }
  return { features, edges, crossFeature, twoWayPairs, violations, cycles: featureCycles(crossFeature) };
}

/** The cycles as text: each group of features, then the imports inside it. */
export function describeCycles(cycles: FeatureCycle[]): string {
  return cycles
    .map((c) => [`cycle between ${c.features.join(', ')}:`, ...c.edges.map((e) => `  ${edgeText(e)}`)].join('\n'))
    .join('\n');
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
  const report = analyseFeatures(srcDir);
  const featurePairs = new Set(report.crossFeature.map((e) => `${featureOf(e.from)}>${targetFeature(e.to)}`));
  console.log(`${report.features.length} features`);
  console.log(`${report.crossFeature.length} cross-feature imports (${featurePairs.size} feature-to-feature edges)`);
  console.log(`two-way pairs: ${report.twoWayPairs.join(', ') || 'none'}`);
  console.log(`cycles: ${report.cycles.length}`);
  if (report.cycles.length > 0) console.log(describeCycles(report.cycles));
  console.log(`violations: ${report.violations.length}`);
  for (const v of report.violations) console.log(`  [${v.rule}] ${v.message}`);
}
