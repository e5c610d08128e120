/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { describe, expect, it } from 'vitest';

/**
 * Decision 038 (Web): the web app renders every property system from the contract's catalogue
 * (PROPERTY_SYSTEM_SCREENS), so no product file of web/src branches on a system. Tests may name systems;
 * comments, the spec's addresses ('/onboarding/buildium') and wire names ('buildiumConnect') are not branches.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The source split into its code (every string literal and comment blanked) and its string literals. */
export function splitSource(source: string): { code: string; literals: string[] } {
  let code = '';
  const literals: string[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] ?? '';
    const next = source[i + 1];
    if (ch === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      code += ' ';
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== ch) {
        if (source[j] === '\\') {
          value += source[j + 1] ?? '';
          j += 2;
        } else {
          value += source[j];
          j += 1;
        }
      }
      literals.push(value);
      code += `${ch}${ch}`;
      i = j + 1;
      continue;
    }
    code += ch;
    i += 1;
  }
  return { code, literals };
}

/** Each place a source names a property system in code: a literal that is a system's id or name, or a key of one. */
export function vendorBranches(source: string): string[] {
  const { code, literals } = splitSource(source);
  const ids = PROPERTY_PROVIDERS as readonly string[];
  const names = ids.map((p) => PROPERTY_SYSTEM_NAMES[p as keyof typeof PROPERTY_SYSTEM_NAMES]);
  const found = literals.filter((l) => ids.includes(l) || names.includes(l)).map((l) => `'${l}'`);
  for (const id of ids) {
    // status.data?.buildium, PROPERTY_SYSTEM_NAMES.buildium, { buildium: ... }
    const access = new RegExp(`\\??\\.${id}\\b|[{,]\\s*${id}\\s*:`, 'g');
    found.push(...(code.match(access) ?? []).map((m) => m.replace(/\s+/g, ' ')));
  }
  return found;
}

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('web/src and the property systems', () => {
  it('names no system in a code branch: every screen renders from the contract catalogue', () => {
    const files = productFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((file) =>
      vendorBranches(readFileSync(file, 'utf8')).map((hit) => `${path.relative(SRC, file)}: ${hit}`),
    );
    expect(offences, `name the system through PROPERTY_SYSTEM_SCREENS instead:\n${offences.join('\n')}`).toEqual([]);
  });
});

describe('the vendor-branch check', () => {
  it('reports ternaries, unions, comparisons, name replacements and keyed reads', () => {
    const source = [
      `const label = provider === 'buildium' ? 'Buildium' : "AppFolio";`,
      `type P = 'buildium' | \`appfolio\`;`,
      `const text = message.replace('Buildium', 'AppFolio');`,
      'const ok = status.data?.buildium?.connected;',
      'const modal = { appfolio: <Dialog /> };',
    ].join('\n');
    expect(vendorBranches(source)).toEqual([
      "'buildium'",
      "'Buildium'",
      "'AppFolio'",
      "'buildium'",
      "'appfolio'",
      "'Buildium'",
      "'AppFolio'",
      '?.buildium',
      '{ appfolio:',
    ]);
  });

  it('leaves comments, addresses, wire names and longer texts alone', () => {
    const source = [
      '// Buildium and AppFolio: provider === "buildium"',
      "/* { buildium: 1 } 'appfolio' */",
      "navigate('/onboarding/buildium');",
      "invoke('buildiumKpis', {});",
      "const hint = 'Use the sandbox (https://apisandbox.buildium.com).';",
      "const url = '/settings/integrations/' + provider; // 'buildium'",
    ].join('\n');
    expect(vendorBranches(source)).toEqual([]);
  });
});
