import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_CATALOG } from '../features/connectors/connectors.catalog';
import { CONNECTOR_REGISTRY } from '../features/connectors/connectors.registry';
import { PROPERTY_SYSTEMS } from './registry';

/** Decision 038: the catalogue and the registry agree, and no system is named outside its folder. */

const ROOT = path.resolve(__dirname, '../../..');

describe('property systems: catalogue and registry', () => {
  it('has one registry entry per provider of the contract, each naming its own provider', () => {
    expect(Object.keys(PROPERTY_SYSTEMS).sort()).toEqual([...PROPERTY_PROVIDERS].sort());
    for (const provider of PROPERTY_PROVIDERS) {
      expect(PROPERTY_SYSTEMS[provider].provider).toBe(provider);
      expect(PROPERTY_SYSTEM_NAMES[provider]).toBeTruthy();
    }
  });

  it('lists exactly the registered systems on the connect screen, each with a working connector', () => {
    const property = CONNECTOR_CATALOG.filter((e) => e.category === 'Property');
    expect(property.map((e) => e.kind).sort()).toEqual([...PROPERTY_PROVIDERS].sort());
    for (const entry of property) {
      const system = PROPERTY_SYSTEMS[entry.kind as keyof typeof PROPERTY_SYSTEMS];
      expect(entry).toMatchObject({
        status: 'available',
        name: PROPERTY_SYSTEM_NAMES[system.provider],
        credential_fields: system.catalog.credential_fields,
      });
      expect(CONNECTOR_REGISTRY.get(entry.kind)?.kind).toBe(entry.kind);
    }
  });

  it('gives every system a probe path, test-panel resources and credential fields for id and secret', () => {
    for (const system of Object.values(PROPERTY_SYSTEMS)) {
      expect(system.probePath).toMatch(/^\//);
      expect(system.testPanel.resources.length).toBeGreaterThan(0);
      const keys = system.catalog.credential_fields.map((f) => f.key);
      expect(keys).toEqual(expect.arrayContaining(['clientId', 'secret']));
      if (system.endpoint === 'required') expect(keys.some((k) => k === 'host' || k === 'baseUrl')).toBe(true);
    }
  });
});

/**
 * Source trees whose product code must not name a property system (tests and fakes may). The web
 * app has its own check (web/src/property-systems.test.ts): its screens render from the contract's
 * catalogue, and only the spec's addresses (/onboarding/buildium) and wire names keep a system's name.
 */
const TREES = ['packages/contract/src', 'packages/domain/src', 'server/src', 'extension/src'];

/**
 * Where a system may be named: its own folder, the contract's catalogue, the one registry line, and
 * the original system-named endpoints (wire names a later system does not get).
 */
const ALLOWED_FILES = new Set([
  'packages/contract/src/property-systems-catalog.ts',
  'server/src/property-systems/registry.ts',
  'packages/contract/src/integrations.ts',
  'server/src/features/integrations/integrations.wire-names.ts',
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** Each file of the product trees that names a system outside the places above, as `file: provider`. */
function vendorLiteralsOutsideTheirFolder(root: string, providers: readonly string[]): string[] {
  const found: string[] = [];
  for (const tree of TREES) {
    let files: string[];
    try {
      files = sourceFiles(path.join(root, tree));
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (ALLOWED_FILES.has(rel)) continue;
      const text = readFileSync(file, 'utf8').toLowerCase();
      for (const provider of providers) {
        if (rel.startsWith(`server/src/property-systems/${provider}/`)) continue;
        if (text.includes(provider.toLowerCase())) found.push(`${rel}: ${provider}`);
      }
    }
  }
  return found;
}

describe('property systems: named only in their folder and the catalogue', () => {
  it('finds no system name in product code elsewhere', () => {
    expect(vendorLiteralsOutsideTheirFolder(ROOT, PROPERTY_PROVIDERS)).toEqual([]);
  });

  it('reports a system named in a feature, and not the same name inside its own folder', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vendor-fitness-'));
    try {
      mkdirSync(path.join(root, 'server/src/features/x'), { recursive: true });
      mkdirSync(path.join(root, 'server/src/property-systems/acme'), { recursive: true });
      writeFileSync(
        path.join(root, 'server/src/features/x/x.service.ts'),
        "export const label = (p: string) => (p === 'acme' ? 'Acme' : 'Other');\n",
      );
      writeFileSync(path.join(root, 'server/src/features/x/x.test.ts'), "it('acme', () => {});\n");
      writeFileSync(path.join(root, 'server/src/property-systems/acme/system.ts'), "export const id = 'acme';\n");
      expect(vendorLiteralsOutsideTheirFolder(root, ['acme'])).toEqual(['server/src/features/x/x.service.ts: acme']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
