/// <reference types="node" />
/**
 * The landing page's first-screen weight, measured on the built app (run after `vite build`): the
 * entry script of dist/index.html, every chunk it imports statically (transitively) and the style
 * sheets index.html links, each gzipped. Chunks loaded with import() (pages, dialogs, the auth
 * library) are not part of it. Prints a table and a warning when the total is over the budget; the
 * browser-test suite's bundle-size test is what fails on it (e2e/tests/bundle-size.e2e.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 28: the landing page's initial JavaScript and CSS, gzipped. */
export const INITIAL_BUDGET_BYTES = 160_000;

export interface BundleFile {
  /** Path relative to dist, e.g. assets/index-abc.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialBundle {
  files: BundleFile[];
  totalGzipBytes: number;
}

/** `import … from "./x.js"`, `export … from "./x.js"` and `import "./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;

/** The relative chunks a built chunk imports statically. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1] as string);
}

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1] ?? null;
}

/** The entry scripts and style sheets index.html loads before any page code. */
export function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel') === 'stylesheet') styles.push(href);
  }
  return { scripts, styles };
}

function sizeOf(distDir: string, file: string): BundleFile {
  const content = readFileSync(path.join(distDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** Measures the first screen of a built app in `distDir` (its index.html and assets). */
export function measureInitialBundle(distDir: string): InitialBundle {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const { scripts, styles } = htmlAssets(html);
  const seen = new Set<string>();
  const pending = scripts.map((src) => src.replace(/^\//, ''));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      pending.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    }
  }
  const files = [...[...seen].sort(), ...styles.map((href) => href.replace(/^\//, ''))].map((file) =>
    sizeOf(distDir, file),
  );
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function report(bundle: InitialBundle, budget = INITIAL_BUDGET_BYTES): string {
  const rows = [...bundle.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)} ${kb(f.gzipBytes).padStart(10)} gzip`);
  return [
    'Landing page initial JS + CSS (index.html entry, its static imports, its style sheets):',
    ...rows,
    `  ${'total'.padEnd(48)} ${''.padStart(10)} ${kb(bundle.totalGzipBytes).padStart(10)} gzip (budget ${kb(budget)})`,
  ].join('\n');
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run vite build first.`);
    process.exit(1);
  }
  const bundle = measureInitialBundle(distDir);
  console.log(report(bundle));
  if (bundle.totalGzipBytes > INITIAL_BUDGET_BYTES) {
    console.warn(`WARNING: over budget by ${kb(bundle.totalGzipBytes - INITIAL_BUDGET_BYTES)}.`);
  }
}
