import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_BUDGET_BYTES, measureInitialBundle, report, staticImports } from '../../web/scripts/bundle-size';
import { repoRoot } from '../support/server';

const DIST = path.join(repoRoot, 'web/dist');

describe('initial bundle measurement', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'helixis-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the entry, its static imports (transitively) and the style sheets, never import() chunks', () => {
    mkdirSync(path.join(dir, 'assets'));
    const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
    write(
      'index.html',
      `<!doctype html><html><head>
        <script type="module" crossorigin src="/assets/entry.js"></script>
        <link rel="modulepreload" crossorigin href="/assets/shared.js">
        <link rel="stylesheet" crossorigin href="/assets/app.css">
      </head><body></body></html>`,
    );
    write('assets/entry.js', `import{a as b}from"./shared.js";import"./side.js";const p=()=>import("./page.js");b(p);`);
    write('assets/shared.js', `export{c as a}from"./deep.js";`);
    write('assets/deep.js', `export const c=x=>x;`);
    write('assets/side.js', `globalThis.x=1;`);
    write('assets/page.js', `import"./page-only.js";export default 1;`);
    write('assets/page-only.js', 'x'.repeat(5000));
    write('assets/app.css', 'body{color:red}');

    expect(staticImports(readFileSync(path.join(dir, 'assets/entry.js'), 'utf8'))).toEqual([
      './shared.js',
      './side.js',
    ]);
    const bundle = measureInitialBundle(dir);
    expect(bundle.files.map((f) => f.file).sort()).toEqual([
      'assets/app.css',
      'assets/deep.js',
      'assets/entry.js',
      'assets/shared.js',
      'assets/side.js',
    ]);
    expect(bundle.totalGzipBytes).toBe(bundle.files.reduce((sum, f) => sum + f.gzipBytes, 0));
    expect(bundle.files.every((f) => f.gzipBytes > 0 && f.bytes > 0)).toBe(true);
  });
});

describe('the built app', () => {
  it('keeps the landing page initial JS + CSS within 160 kB gzipped, with every page in its own chunk', () => {
    expect(existsSync(path.join(DIST, 'index.html')), 'run `npm run build` first').toBe(true);
    const bundle = measureInitialBundle(DIST);
    process.stdout.write(`${report(bundle)}\n`);
    expect(bundle.totalGzipBytes).toBeLessThanOrEqual(INITIAL_BUDGET_BYTES);
    // The React runtime is part of it (the measurement is not empty), the pages are not.
    expect(bundle.files.some((f) => f.file.startsWith('assets/react-'))).toBe(true);
    const initial = new Set(bundle.files.map((f) => f.file));
    const chunks = readdirSync(path.join(DIST, 'assets'));
    for (const page of ['landing-page', 'sign-in-page', 'dashboard-page', 'chat-page', 'documents-page']) {
      const chunk = chunks.find((name) => name.startsWith(`${page}-`) && name.endsWith('.js'));
      expect(chunk, `${page} has its own chunk`).toBeDefined();
      expect(initial.has(`assets/${chunk}`), `${page} is not in the initial bundle`).toBe(false);
    }
    // Off the first screen: the auth library's client, the sign-up dialog's forms and the contract's schemas.
    const initialCode = bundle.files
      .filter((f) => f.file.endsWith('.js'))
      .map((f) => readFileSync(path.join(DIST, f.file), 'utf8'))
      .join('\n');
    expect(initialCode.includes('_recoverAndRefresh'), 'the auth client class is not in it').toBe(false);
    expect(initialCode.includes('Create Account'), 'the sign-up form is not in it').toBe(false);
  });
});
