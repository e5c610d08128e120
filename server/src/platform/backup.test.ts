import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { waitForDocument } from '../features/knowledge/test-helpers';
import { api, startTestApp, type TestApp } from '../test/app';
import { testDbKind } from '../test/db';
import { createUserWithSession, type TestUser } from '../test/factories';
import { exportDatabase, exportWorkspace, importDatabase, importWorkspace } from './backup';

/** Backup and restore round trips: one workspace (JSON lines) and the whole database. */

let t: TestApp;
let owner: TestUser;
let workspaceId: string;
let documentId: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'helixis-backup-'));
  t = await startTestApp();
  owner = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
  workspaceId = me.body.workspace.id;
  const taught = await api<{ document_id: string }>(t, 'POST', '/api/v1/facts/teach-text', {
    token: owner.token,
    body: { title: 'Office notes', text: 'Late fee: $45 after the 5th\nWe accept ACH and Check for rent.' },
  });
  expect(taught.status).toBe(200);
  documentId = taught.body.document_id;
  expect((await waitForDocument(t, owner.token, documentId)).status).toBe('READY');
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every row of the workspace in every tenant table, as sorted JSON (the thing a restore must give back). */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await t.database.query<{ name: string }>(
    `select distinct table_name as name from information_schema.columns
      where table_schema = 'public' and column_name = 'workspace_id' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await t.database.query<{ j: string }>(
      `select to_jsonb(x)::text as j from "${name}" x where workspace_id = $1`,
      [workspaceId],
    );
    out[name] = rows.map((r) => r.j).sort();
  }
  return out;
}

describe('workspace backup', () => {
  it('restores every row of the workspace after it was deleted', async () => {
    const before = await snapshot();
    expect(before.documents).toHaveLength(1);
    expect(before.document_chunks?.length).toBeGreaterThan(0);
    expect(before.facts?.length).toBeGreaterThanOrEqual(2);
    expect(before.memberships).toHaveLength(1);

    const file = path.join(dir, 'workspace.jsonl');
    const counts = await exportWorkspace(t.database, workspaceId, file);
    expect(counts.documents).toBe(1);
    expect(counts.users).toBe(1);

    await t.database.query('delete from workspaces where id = $1', [workspaceId]);
    expect((await snapshot()).documents).toEqual([]);

    const restored = await importWorkspace(t.database, file);
    expect(restored.workspaceId).toBe(workspaceId);
    expect(await snapshot()).toEqual(before);
    // And the product reads it again.
    const docs = await api<{ documents: { id: string }[] }>(t, 'GET', '/api/v1/documents', { token: owner.token });
    expect(docs.body.documents.map((d) => d.id)).toContain(documentId);
    const search = await api<{ results: unknown[] }>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: 'late fee' },
    });
    expect(search.body.results.length).toBeGreaterThan(0);
  });

  it('refuses to overwrite an existing workspace unless asked, and then replaces it', async () => {
    const file = path.join(dir, 'again.jsonl');
    await exportWorkspace(t.database, workspaceId, file);
    const before = await snapshot();
    await expect(importWorkspace(t.database, file)).rejects.toThrow(/already exists here/);
    expect(await snapshot()).toEqual(before);
    await importWorkspace(t.database, file, { replace: true });
    expect(await snapshot()).toEqual(before);
  });
});

describe('whole-database backup', () => {
  it('dumps and restores the database with its documents', async () => {
    const file = path.join(dir, testDbKind === 'postgres' ? 'db.dump' : 'db.tar.gz');
    if (testDbKind === 'postgres') {
      const source = t.database.pool?.options.connectionString;
      const base = process.env.TEST_DATABASE_URL as string;
      const name = `helixis_restore_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        expect(await exportDatabase(t.database, file, source)).toBe('pg_dump');
        const target = new URL(base);
        target.pathname = `/${name}`;
        expect(await importDatabase(file, { url: target.toString() })).toBe('pg_restore');
        const copy = await openDatabase({ url: target.toString(), poolSize: 1 });
        const rows = await copy.query<{ title: string }>('select title from documents where id = $1', [documentId]);
        await copy.close();
        expect(rows).toEqual([{ title: 'Office notes' }]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      expect(await exportDatabase(t.database, file)).toBe('pglite');
      const dataDir = path.join(dir, 'restored', 'pgdata');
      expect(await importDatabase(file, { dataDir })).toBe('pglite');
      const copy = await openDatabase({ dataDir });
      const rows = await copy.query<{ title: string }>('select title from documents where id = $1', [documentId]);
      await copy.close();
      expect(rows).toEqual([{ title: 'Office notes' }]);
    }
  });
});
