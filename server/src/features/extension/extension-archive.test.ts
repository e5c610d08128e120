import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EXTENSION_HOSTS, matchPatternsFor } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { extensionArchive } from './extension-archive';
import { crc32 } from './zip';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Manifest {
  manifest_version: number;
  name: string;
  version: string;
  permissions: string[];
  host_permissions: string[];
  action: { default_popup: string; default_icon: Record<string, string> };
  icons: Record<string, string>;
  background: { service_worker: string };
  content_scripts: Array<{ matches: string[]; js: string[] }>;
}

let t: TestApp;
let work: string;
beforeAll(async () => {
  // The archive is made from the build output: build it as `npm run build` does.
  execFileSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['extension/build.ts'], { cwd: repoRoot, stdio: 'pipe' });
  t = await startTestApp();
  work = mkdtempSync(path.join(os.tmpdir(), 'helixis-ext-zip-'));
});
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('/extension.zip', () => {
  it('is a valid archive with manifest.json at its root naming files that exist', async () => {
    const res = await fetch(`${t.url}/extension.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('helixis-extension.zip');
    const zipFile = path.join(work, 'helixis-extension.zip');
    writeFileSync(zipFile, Buffer.from(await res.arrayBuffer()));
    // Info-ZIP checks every entry's CRC and sizes.
    expect(execFileSync('unzip', ['-t', zipFile], { encoding: 'utf8' })).toContain('No errors detected');
    const out = path.join(work, 'unpacked');
    execFileSync('unzip', ['-q', zipFile, '-d', out]);

    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.name).toBe('Helixis Assistant');
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.permissions.sort()).toEqual(['activeTab', 'scripting', 'storage']);
    // The API origin is this server only; no blanket host access.
    const origin = new URL(t.url).origin;
    expect(manifest.host_permissions).toEqual([`${origin}/*`]);
    expect(JSON.stringify(manifest)).not.toContain('<all_urls>');

    const content = manifest.content_scripts.find((c) => c.js.includes('content.js'));
    expect(content?.matches).toEqual(matchPatternsFor(DEFAULT_EXTENSION_HOSTS));
    expect(content?.matches).toEqual(
      expect.arrayContaining(['*://mail.google.com/*', '*://*.zendesk.com/*', '*://*.freshdesk.com/*']),
    );
    expect(content?.matches.some((m) => m.includes('outlook'))).toBe(true);
    const bridge = manifest.content_scripts.find((c) => c.js.includes('bridge.js'));
    expect(bridge?.matches).toEqual([`${origin}/*`]);

    const named = [
      manifest.background.service_worker,
      manifest.action.default_popup,
      ...Object.values(manifest.icons),
      ...Object.values(manifest.action.default_icon),
      ...manifest.content_scripts.flatMap((c) => c.js),
    ];
    for (const file of named) expect(existsSync(path.join(out, file)), file).toBe(true);
    const popup = readFileSync(path.join(out, 'popup.html'), 'utf8');
    for (const ref of popup.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(existsSync(path.join(out, ref[1] ?? '')), ref[1]).toBe(true);
    }
    // The scripts are bundled for the browser: no module imports left.
    for (const js of ['background.js', 'bridge.js', 'content.js', 'popup.js']) {
      expect(readFileSync(path.join(out, js), 'utf8')).not.toMatch(/^\s*import\s/m);
    }
  });

  it('uses HELIXIS_PUBLIC_URL as the app origin when it is set', async () => {
    const saved = t.config.publicUrl;
    t.config.publicUrl = 'https://app.helixis.example';
    try {
      const res = await fetch(`${t.url}/extension.zip`);
      const zipFile = path.join(work, 'public.zip');
      writeFileSync(zipFile, Buffer.from(await res.arrayBuffer()));
      const manifest = JSON.parse(execFileSync('unzip', ['-p', zipFile, 'manifest.json'], { encoding: 'utf8' }));
      expect(manifest.host_permissions).toEqual(['https://app.helixis.example/*']);
    } finally {
      t.config.publicUrl = saved;
    }
  });

  it('says clearly when the extension was not built', () => {
    expect(() => extensionArchive('http://localhost:3000', path.join(work, 'missing'))).toThrow(
      'The browser extension has not been built on this server. Run `npm run build` and restart.',
    );
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789')).toString(16)).toBe('cbf43926');
  });
});
