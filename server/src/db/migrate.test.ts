import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../test/db';
import { openDatabase } from './client';
import { migrate } from './migrate';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const allMigrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'helixis-migrate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('migrate', () => {
  it('applies every migration once and is idempotent', async () => {
    const db = await openDatabase({});
    try {
      const first = await migrate(db);
      expect(first.applied).toEqual(allMigrations);
      const second = await migrate(db);
      expect(second.applied).toEqual([]);
      const rows = await db.query<{ id: string }>('select id from helixis_migrations order by id');
      expect(rows.map((r) => r.id)).toEqual(allMigrations);
    } finally {
      await db.close();
    }
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = path.join(tmp, 'edited');
    cpSync(migrationsDir, dir, { recursive: true });
    const db = await openDatabase({});
    try {
      await migrate(db, dir);
      const first = allMigrations[0] as string;
      writeFileSync(path.join(dir, first), '-- edited\nselect 1;');
      await expect(migrate(db, dir)).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await db.close();
    }
  });

  it('rolls back a failing migration completely', async () => {
    const dir = path.join(tmp, 'failing');
    cpSync(migrationsDir, dir, { recursive: true });
    writeFileSync(path.join(dir, '9999_broken.sql'), 'create table half_done (id int);\nselect * from no_such_table;');
    const db = await openDatabase({});
    try {
      await expect(migrate(db, dir)).rejects.toThrow();
      const rows = await db.query(`select to_regclass('half_done') as t`);
      expect(rows[0]).toEqual({ t: null });
      const applied = await db.query<{ id: string }>('select id from helixis_migrations');
      expect(applied.map((r) => r.id)).not.toContain('9999_broken.sql');
    } finally {
      await db.close();
    }
  });

  // Only a PostgreSQL server can have two processes migrating it; PGlite is one process by design.
  if (testDbKind === 'postgres')
    it('two servers migrating one PostgreSQL at once apply each file once', async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = `helixis_tmig_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const a = await openDatabase({ url: u.toString(), poolSize: 2 });
      const b = await openDatabase({ url: u.toString(), poolSize: 2 });
      try {
        const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
        expect([...ra.applied, ...rb.applied].sort()).toEqual(allMigrations);
        const rows = await a.query<{ n: string }>('select count(*)::text as n from helixis_migrations');
        expect(rows[0]?.n).toBe(String(allMigrations.length));
      } finally {
        await a.close();
        await b.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
});
