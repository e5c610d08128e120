/**
 * Builds the Manifest V3 extension into extension/dist (run by `npm run build`). The scripts are
 * bundled with esbuild; the manifest names the spec's default domains for the content script. The
 * server adds its own origin (bridge script, API permission) when it serves /extension.zip.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DEFAULT_EXTENSION_HOSTS, matchPatternsFor } from '../packages/contract/src/extension-protocol';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');

export const manifest = {
  manifest_version: 3,
  name: 'Helixis Assistant',
  version: '0.1.0',
  description: "Ask your Helixis assistant about the page you are on, answered from your workspace's knowledge.",
  icons: { '16': 'icons/icon-16.png', '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' },
  action: {
    default_title: 'Ask Helixis',
    default_popup: 'popup.html',
    default_icon: { '16': 'icons/icon-16.png', '48': 'icons/icon-48.png' },
  },
  background: { service_worker: 'background.js' },
  permissions: ['storage', 'activeTab', 'scripting'],
  host_permissions: [] as string[],
  content_scripts: [
    { matches: matchPatternsFor(DEFAULT_EXTENSION_HOSTS), js: ['content.js'], run_at: 'document_idle' },
  ],
  minimum_chrome_version: '110',
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: ['background', 'bridge', 'content', 'popup'].map((name) => path.join(root, 'src', `${name}.ts`)),
  outdir: dist,
  bundle: true,
  format: 'iife',
  target: 'chrome110',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(path.join(root, 'static'), dist, { recursive: true });
writeFileSync(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`extension built in ${path.relative(process.cwd(), dist) || dist}`);
