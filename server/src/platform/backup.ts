import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { withSystem } from './tenant';

/**
 * Backup and restore (docs/decisions/020). A workspace export is JSON lines: a header, then one line
 * per row of every table that has a workspace_id column (found in information_schema, so tables added
 * later are covered), plus the workspace row and the users who are its members. Rows go in foreign-key
 * order and come back in one transaction. The whole database: pg_dump/pg_restore for PostgreSQL, the
 * PGlite data dump (tar.gz) for the embedded database.
 */

const run = promisify(execFile);
export const WORKSPACE_BACKUP_KIND = 'helixis-workspace-backup';

interface Header {
  kind: typeof WORKSPACE_BACKUP_KIND;
  version: 1;
  workspaceId: string;
  createdAt: string;
  tables: string[];
}

interface RowLine {
  table: string;
  row: Record<string, unknown>;
}

/** Tables holding a workspace's data, parents before children (foreign keys among them). */
async function tenantTables(database: Database): Promise<string[]> {
  const tables = await database.query<{ name: string }>(
    `select distinct c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'workspace_id' and t.table_type = 'BASE TABLE'`,
  );
  const names = new Set(tables.map((t) => t.name));
  const edges = await database.query<{ child: string; parent: string }>(
    `select con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where n.nspname = 'public' and con.contype = 'f'`,
  );
  const parents = new Map<string, Set<string>>();
  for (const name of names) parents.set(name, new Set());
  for (const e of edges)
    if (names.has(e.child) && names.has(e.parent) && e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.size) {
    const ready = [...names].filter((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error('The tenant tables reference each other in a cycle; cannot order a backup.');
    for (const n of ready.sort()) {
      ordered.push(n);
      placed.add(n);
    }
  }
  return ordered;
}

async function insertableColumns(database: Database, table: string): Promise<string[]> {
  const rows = await database.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes one workspace as JSON lines to `file`; returns the row count per table. */
export async function exportWorkspace(database: Database, workspaceId: string, file: string) {
  const [workspace] = await database.query('select id from workspaces where id = $1', [workspaceId]);
  if (!workspace) throw new Error(`No workspace ${workspaceId} in this database.`);
  const tables = await tenantTables(database);
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (line: unknown) => {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  };
  const header: Header = {
    kind: WORKSPACE_BACKUP_KIND,
    version: 1,
    workspaceId,
    createdAt: new Date().toISOString(),
    tables: ['users', 'workspaces', ...tables],
  };
  await write(header);
  const counts: Record<string, number> = {};
  const dump = async (table: string, where: string) => {
    const rows = await database.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from ${quote(table)} t where ${where}`,
      [workspaceId],
    );
    for (const { row } of rows) await write({ table, row } satisfies RowLine);
    counts[table] = rows.length;
  };
  // Members and the owner first (memberships and others point at them), then the workspace, then its data.
  await dump(
    'users',
    `t.id in (select user_id from memberships where workspace_id = $1 union select owner_id from workspaces where id = $1)`,
  );
  await dump('workspaces', 't.id = $1');
  for (const table of tables) await dump(table, 't.workspace_id = $1');
  out.end();
  await once(out, 'finish');
  return counts;
}

/**
 * Restores a workspace export in one transaction. The workspace must not exist (or `replace` deletes
 * it first, with everything that cascades from it); users already present are kept as they are.
 */
export async function importWorkspace(database: Database, file: string, options: { replace?: boolean } = {}) {
  const lines = readline.createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let header: Header | null = null;
  const byTable = new Map<string, Record<string, unknown>[]>();
  for await (const line of lines) {
    if (!line.trim()) continue;
    const parsed = JSON.parse(line) as Header | RowLine;
    if (!header) {
      if ((parsed as Header).kind !== WORKSPACE_BACKUP_KIND)
        throw new Error(`${file} is not a Helixis workspace backup.`);
      header = parsed as Header;
      continue;
    }
    const { table, row } = parsed as RowLine;
    if (!header.tables.includes(table)) throw new Error(`The backup names an unexpected table "${table}".`);
    const list = byTable.get(table) ?? [];
    list.push(row);
    byTable.set(table, list);
  }
  if (!header) throw new Error(`${file} is empty.`);
  const known = new Set(['users', 'workspaces', ...(await tenantTables(database))]);
  const missing = header.tables.filter((t) => !known.has(t));
  if (missing.length) throw new Error(`This database has no table ${missing.join(', ')}: migrate it first.`);
  const { workspaceId } = header;
  const counts: Record<string, number> = {};
  const columnsOf = new Map<string, string>();
  for (const table of header.tables) {
    columnsOf.set(table, (await insertableColumns(database, table)).map(quote).join(', '));
  }
  await withSystem(database, async (tx) => {
    const found = await rowsOf(tx, sql`select 1 from workspaces where id = ${workspaceId}`);
    const exists = found.length > 0;
    if (exists && !options.replace) {
      throw new Error(`Workspace ${workspaceId} already exists here. Restore with --replace to overwrite it.`);
    }
    if (exists) await tx.execute(sql`delete from workspaces where id = ${workspaceId}`);
    for (const table of header.tables) {
      const rows = byTable.get(table) ?? [];
      const target = sql.raw(quote(table));
      const columns = sql.raw(columnsOf.get(table) ?? '');
      const conflict = sql.raw(table === 'users' ? ' on conflict do nothing' : '');
      for (const row of rows) {
        await tx.execute(
          sql`insert into ${target} (${columns})
              select ${columns} from jsonb_populate_record(null::${target}, ${JSON.stringify(row)}::jsonb)${conflict}`,
        );
      }
      counts[table] = rows.length;
    }
  });
  return { workspaceId, counts };
}

/** The whole database to `file`: pg_dump (custom format) for PostgreSQL, a PGlite data dump otherwise. */
export async function exportDatabase(database: Database, file: string, url?: string): Promise<string> {
  if (database.kind === 'postgres') {
    if (!url) throw new Error('DATABASE_URL is needed to dump PostgreSQL.');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url]);
    return 'pg_dump';
  }
  const dump = await database.pglite?.dumpDataDir('gzip');
  if (!dump) throw new Error('The embedded database could not be dumped.');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return 'pglite';
}

/** Restores a whole-database backup: pg_restore into DATABASE_URL, or a PGlite dump into `dataDir`. */
export async function importDatabase(file: string, target: { url?: string; dataDir?: string }): Promise<string> {
  if (target.url) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${target.url}`,
      file,
    ]);
    return 'pg_restore';
  }
  if (!target.dataDir) throw new Error('A data folder is needed to restore the embedded database.');
  if (existsSync(target.dataDir)) {
    // The current data is kept next to it, never deleted by a restore.
    renameSync(target.dataDir, `${target.dataDir}.before-restore-${Date.now()}`);
  }
  const db = await openDatabase({
    dataDir: target.dataDir,
    loadDataDir: new Blob([new Uint8Array(readFileSync(file))]),
  });
  await db.close();
  return 'pglite';
}
