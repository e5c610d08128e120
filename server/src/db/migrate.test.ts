import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

  it('0027 turns stored posting rows into blocks and chunk terms into counts, keeping every posting', async () => {
    const dir = path.join(tmp, 'before-blocks');
    mkdirSync(dir);
    for (const f of allMigrations.filter((f) => f < '0027')) cpSync(path.join(migrationsDir, f), path.join(dir, f));
    const db = await openDatabase({});
    try {
      await migrate(db, dir);
      const [ws] = await db.query<{ id: string }>(`insert into workspaces (name) values ('w') returning id`);
      const w = ws?.id as string;
      const [doc] = await db.query<{ id: string }>(
        `insert into documents (workspace_id, title, format, source, status) values ($1, 'd', 'txt', 'test', 'READY')
         returning id`,
        [w],
      );
      const chunk = async (index: number, terms: Record<string, [number, number]>, length: number) => {
        const [row] = await db.query<{ id: string }>(
          `insert into document_chunks (workspace_id, document_id, chunk_index, title, content, token_count, terms)
           values ($1, $2, $3, 'd', 'text', $4, $5::jsonb) returning id`,
          [w, doc?.id, index, length, JSON.stringify(terms)],
        );
        for (const [lexeme, [tf, impact]] of Object.entries(terms)) {
          await db.query(
            'insert into chunk_postings (workspace_id, lexeme, impact, chunk_id, tf, dl) values ($1, $2, $3, $4, $5, $6)',
            [w, lexeme, impact, row?.id, tf, length],
          );
        }
        return row?.id as string;
      };
      const first = await chunk(0, { alpha: [2, 1500], beta: [1, 900] }, 3);
      const second = await chunk(1, { alpha: [1, 1000] }, 1);

      cpSync(path.join(migrationsDir, '0027_posting_blocks.sql'), path.join(dir, '0027_posting_blocks.sql'));
      expect((await migrate(db, dir)).applied).toEqual(['0027_posting_blocks.sql']);
      const blocks = await db.query(
        'select lexeme, block, chunk_ids, tfs, dls from posting_blocks where workspace_id = $1 order by lexeme, block',
        [w],
      );
      expect(blocks).toEqual(
        [
          { lexeme: 'alpha', block: first, chunk_ids: [first], tfs: [2], dls: [3] },
          { lexeme: 'alpha', block: second, chunk_ids: [second], tfs: [1], dls: [1] },
          { lexeme: 'beta', block: first, chunk_ids: [first], tfs: [1], dls: [3] },
        ].sort((a, b) => a.lexeme.localeCompare(b.lexeme) || a.block.localeCompare(b.block)),
      );
      const chunks = await db.query<{ id: string; block: string; terms: unknown }>(
        'select id, block, terms from document_chunks where workspace_id = $1',
        [w],
      );
      expect(new Map(chunks.map((c) => [c.id, [c.block, c.terms]]))).toEqual(
        new Map([
          [first, [first, { alpha: 2, beta: 1 }]],
          [second, [second, { alpha: 1 }]],
        ]),
      );
      expect(await db.query(`select to_regclass('chunk_postings') as t`)).toEqual([{ t: null }]);
      // The delete trigger works on converted rows too.
      await db.query('delete from document_chunks where workspace_id = $1 and id = $2', [w, first]);
      expect(await db.query('select lexeme, block from posting_blocks where workspace_id = $1', [w])).toEqual([
        { lexeme: 'alpha', block: second },
      ]);
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

  it('0034 lets a new property system be stored without a migration, and only a provider key', async () => {
    const db = await openDatabase({});
    try {
      await migrate(db);
      const [ws] = await db.query<{ id: string }>("insert into workspaces (name) values ('Plugin check') returning id");
      const insert = (provider: string) =>
        db.query(
          'insert into integration_connections (workspace_id, provider, client_id, secret_encrypted) values ($1, $2, $3, $4)',
          [ws?.id, provider, 'client', 'secret'],
        );
      await insert('rentmanager');
      await expect(insert('Rent Manager; drop')).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
