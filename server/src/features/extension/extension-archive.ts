import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../platform/errors';
import { type ZipEntry, zipFiles } from './zip';

/** The unpacked extension built by `npm run build` (extension/build.mjs). */
export const EXTENSION_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../extension/dist');

interface Manifest {
  host_permissions?: string[];
  content_scripts?: Array<{ matches: string[]; js: string[]; run_at?: string }>;
  [key: string]: unknown;
}

function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, `${prefix}${name}/`));
    else out.push(`${prefix}${name}`);
  }
  return out;
}

/**
 * The manifest for one server: the bridge script (probe / acknowledgement / bootstrap with the web app)
 * runs on this app's origin, and the popup may call this origin's API.
 */
export function manifestForOrigin(manifest: Manifest, appOrigin: string): Manifest {
  const pattern = `${new URL(appOrigin).origin}/*`;
  return {
    ...manifest,
    host_permissions: [...new Set([...(manifest.host_permissions ?? []), pattern])],
    content_scripts: [
      ...(manifest.content_scripts ?? []),
      { matches: [pattern], js: ['bridge.js'], run_at: 'document_start' },
    ],
  };
}

/** extension.zip: the built extension with manifest.json at the root, made for `appOrigin`. */
export function extensionArchive(appOrigin: string, dist = EXTENSION_DIST): Buffer {
  if (!existsSync(path.join(dist, 'manifest.json'))) {
    throw new AppError('service_unavailable', {
      userMessage: 'The browser extension has not been built on this server. Run `npm run build` and restart.',
    });
  }
  const entries: ZipEntry[] = filesUnder(dist).map((name) => {
    const data = readFileSync(path.join(dist, name));
    if (name !== 'manifest.json') return { name, data };
    const manifest = manifestForOrigin(JSON.parse(data.toString('utf8')) as Manifest, appOrigin);
    return { name, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
  });
  return zipFiles(entries);
}
