/// <reference types="node" />
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseFeatures, describeCycles, importsOf } from '../scripts/feature-graph';

/** Decision 042: features import each other only through index.ts, and without a cycle. */
const SRC = path.dirname(fileURLToPath(import.meta.url));

describe('the features of web/src', () => {
  const report = analyseFeatures(SRC);

  it('import one another only through index.ts, and keep the layers one way', () => {
    expect(report.features.length).toBeGreaterThan(10);
    expect(report.edges.length).toBeGreaterThan(500);
    const broken = report.violations.map((v) => `[${v.rule}] ${v.message}`);
    expect(broken, `imports that break decision 042:\n${broken.join('\n')}`).toEqual([]);
  });

  it('import one another without a cycle', () => {
    expect(report.cycles, describeCycles(report.cycles)).toEqual([]);
    expect(report.twoWayPairs).toEqual([]);
  });
});

describe('the feature graph reader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'helixis-features-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('reads static, type, re-export, side-effect, dynamic and mocked imports, packages left out', () => {
    const code = [
      `import {\n  a,\n  type B,\n} from '../x/y';`,
      `import type { C } from './c';`,
      `export * from './d';`,
      `import './e.css';`,
      `const P = lazy(() => import( '../f/pages/p' ));`,
      `vi.mock('../../lib/g', () => ({}));`,
      `import { useState } from 'react';`,
    ].join('\n');
    expect(importsOf(code)).toEqual([
      { specifier: '../x/y', dynamic: false },
      { specifier: './c', dynamic: false },
      { specifier: './d', dynamic: false },
      { specifier: './e.css', dynamic: false },
      { specifier: '../f/pages/p', dynamic: true },
      { specifier: '../../lib/g', dynamic: false },
    ]);
  });

  it('names every import of internals, every layer crossed the wrong way and every cycle, with its files', () => {
    write('features/alpha/index.ts', `export { A } from './components/a';`);
    write(
      'features/alpha/components/a.tsx',
      `import { B } from '../../beta';\nimport { helper } from '../../beta/lib/helper';\nexport const A = 1;`,
    );
    write('features/alpha/components/own.tsx', `import { A } from '../index';`);
    write('features/beta/index.ts', `export { B } from './b';`);
    write('features/beta/b.ts', `import { A } from '../alpha';\nexport const B = 2;`);
    write('features/beta/lib/helper.ts', `import { handle } from '../../../app/handle';\nexport const helper = 3;`);
    write('features/beta/pages/beta-page.tsx', 'export function BetaPage() {}');
    write('features/gamma/pages/gamma-page.tsx', `const p = () => import('../../beta/pages/beta-page');`);
    write(
      'app/routes.tsx',
      `import { A } from '../features/alpha';\nconst p = () => import('../features/beta/pages/beta-page');`,
    );
    write('app/compose.tsx', `import { BetaPage } from '../features/beta/pages/beta-page';`);
    write('lib/util.ts', `import { B } from '../features/beta';`);

    const report = analyseFeatures(dir);

    expect(report.features).toEqual(['alpha', 'beta', 'gamma']);
    expect(report.violations.map((v) => `[${v.rule}] ${v.message}`).sort()).toEqual([
      `[internal] app/compose -> '../features/beta/pages/beta-page': import 'beta' through features/beta/index.ts`,
      `[internal] features/alpha/components/a -> '../../beta/lib/helper': import 'beta' through features/beta/index.ts`,
      `[internal] features/gamma/pages/gamma-page -> '../../beta/pages/beta-page' (import()): import 'beta' through features/beta/index.ts`,
      `[layer] features/beta/lib/helper -> '../../../app/handle': a feature imports nothing in app/`,
      `[layer] lib/util -> '../features/beta': lib/ imports no feature and nothing in app/`,
      `[no-face] features/gamma has no index.ts (its public face)`,
      `[own-face] features/alpha/components/own -> '../index': a feature imports its own files, not its index.ts`,
    ]);
    expect(report.twoWayPairs).toEqual(['alpha<->beta']);
    expect(report.cycles.map((c) => c.features)).toEqual([['alpha', 'beta']]);
    expect(describeCycles(report.cycles).split('\n')).toEqual([
      'cycle between alpha, beta:',
      `  features/alpha/components/a -> '../../beta'`,
      `  features/alpha/components/a -> '../../beta/lib/helper'`,
      `  features/beta/b -> '../alpha'`,
    ]);
    expect(report.crossFeature).toHaveLength(4);
  });
});
