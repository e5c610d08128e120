/**
 * Backup and restore, for PGlite and PostgreSQL (docs/decisions/020):
 *
 *   npm run backup -w server -- --out file [--workspace <id>]
 *   npm run restore -w server -- --in file [--replace]
 *
 * With --workspace: that workspace as JSON lines (every table with a workspace_id). Without: the whole
 * database — pg_dump/pg_restore when DATABASE_URL is set, the PGlite data folder's dump otherwise (stop
 * the server first: one process owns a PGlite folder). A restore reads the file's kind by itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import {
  exportDatabase,
  exportWorkspace,
  importDatabase,
  importWorkspace,
  WORKSPACE_BACKUP_KIND,
} from '../src/platform/backup';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function isWorkspaceBackup(file: string): boolean {
  const start = readFileSync(file).subarray(0, 200).toString('utf8');
  return start.startsWith('{') && start.includes(WORKSPACE_BACKUP_KIND);
}

async function main() {
  const mode = process.argv[2];
  const config = loadConfig();
  const dataDir = path.join(config.dataDir, 'pgdata');
  const open = () => openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : dataDir });

  if (mode === 'backup') {
    const out = argument('out');
    if (!out) throw new Error('Say where to write the backup: --out <file>.');
    const workspaceId = argument('workspace');
    const database = await open();
    try {
      if (workspaceId) {
        const counts = await exportWorkspace(database, workspaceId, out);
        const rows = Object.values(counts).reduce((a, b) => a + b, 0);
        process.stdout.write(
          `Workspace ${workspaceId}: ${rows} rows from ${Object.keys(counts).length} tables → ${out}\n`,
        );
      } else {
        const how = await exportDatabase(database, out, config.databaseUrl);
        process.stdout.write(`Whole ${database.kind} database (${how}) → ${out}\n`);
      }
    } finally {
      await database.close();
    }
    return;
  }
  if (mode === 'restore') {
    const file = argument('in');
    if (!file) throw new Error('Say which backup to restore: --in <file>.');
    if (isWorkspaceBackup(file)) {
      const database = await open();
      try {
        await migrate(database);
        const { workspaceId, counts } = await importWorkspace(database, file, {
          replace: process.argv.includes('--replace'),
        });
        const rows = Object.values(counts).reduce((a, b) => a + b, 0);
        process.stdout.write(`Workspace ${workspaceId} restored: ${rows} rows.\n`);
      } finally {
        await database.close();
      }
    } else {
      const how = await importDatabase(file, {
        url: config.databaseUrl,
        dataDir: config.databaseUrl ? undefined : dataDir,
      });
      process.stdout.write(`Whole database restored (${how}) from ${file}.\n`);
    }
    return;
  }
  throw new Error('Use npm run backup or npm run restore.');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
