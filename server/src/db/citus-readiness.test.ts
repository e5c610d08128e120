import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db';
import type { Database } from './client';

/**
 * The schema stays ready for Citus distribution by workspace_id (docs/decisions/020): read from the
 * catalogue of the migrated database, so every new table is checked without being listed here —
 * unless it has no workspace_id, in which case it must be classified below with a reason.
 */

/** Replicated to every node (Citus reference tables): small or global, looked up by every tenant. */
const REFERENCE_TABLES: Record<string, string> = {
  workspaces: 'the tenants themselves; distributed tables reference them (workspace_id → id)',
  users: 'one person may belong to several workspaces',
  profiles: 'one row per user',
  auth_sessions: 'sessions of users, not of workspaces',
  refresh_tokens: 'belong to sessions',
  auth_one_time_tokens: 'mailed sign-in links of users, not of workspaces',
  email_aliases: 'the alias (local_part) is unique across all workspaces: inbound mail is routed by it',
  extension_tokens: 'a bearer token (its hash, unique across workspaces) is what finds the workspace',
  chat_widgets: 'the public widget id, unique across workspaces, routes a visitor to the workspace',
  active_workspaces: 'one row per user: which of their workspaces a request works in',
};

/** Kept on the coordinator only: platform bookkeeping that no tenant query joins. */
const COORDINATOR_TABLES: Record<string, string> = {
  helixis_migrations: 'migration ledger',
  rate_limits: 'per key (IP, e-mail), across workspaces',
  client_logs: 'crash reports, may come before sign-in',
  mail_outbox: 'outgoing auth mail, before a workspace exists',
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f';
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
  [key: string]: unknown;
}

async function tables(): Promise<{ name: string; tenant: boolean }[]> {
  return database.query<{ name: string; tenant: boolean }>(
    `select t.table_name as name,
            exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name
                       and c.column_name = 'workspace_id') as tenant
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by 1`,
  );
}

async function constraints(): Promise<Constraint[]> {
  return database.query<Constraint>(
    `select con.conrelid::regclass::text as table, con.conname as name, con.contype as type,
            array(select a.attname::text from unnest(con.conkey) k join pg_attribute a
                   on a.attrelid = con.conrelid and a.attnum = k) as columns,
            case when con.contype = 'f' then con.confrelid::regclass::text end as ref_table,
            case when con.contype = 'f' then array(select a.attname::text from unnest(con.confkey) k
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k) end as ref_columns
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')`,
  );
}

describe('Citus readiness (distribution column workspace_id)', () => {
  it('classifies every table: tenant tables carry workspace_id, the others are listed with a reason', async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThan(20);
    const unclassified = all
      .filter((t) => !t.tenant && !(t.name in REFERENCE_TABLES) && !(t.name in COORDINATOR_TABLES))
      .map((t) => t.name);
    expect(unclassified, 'tables without workspace_id must be classified in this test').toEqual([]);
    const names = new Set(all.map((t) => t.name));
    for (const listed of [...Object.keys(REFERENCE_TABLES), ...Object.keys(COORDINATOR_TABLES)]) {
      expect(names.has(listed), `${listed} is listed but does not exist`).toBe(true);
    }
  });

  it('has workspace_id in the primary key of every tenant table, and in each of its unique keys', async () => {
    const tenant = new Set(
      (await tables()).filter((t) => t.tenant && !(t.name in REFERENCE_TABLES)).map((t) => t.name),
    );
    const keys = (await constraints()).filter((c) => c.type !== 'f' && tenant.has(c.table));
    const withPk = new Set(keys.filter((c) => c.type === 'p').map((c) => c.table));
    expect(
      [...tenant].filter((t) => !withPk.has(t)),
      'tenant tables without a primary key',
    ).toEqual([]);
    const missing = keys.filter((c) => !c.columns.includes('workspace_id')).map((c) => `${c.table}.${c.name}`);
    expect(missing, 'a distributed table can only enforce keys that contain workspace_id').toEqual([]);
  });

  it('joins tenant tables to each other only on workspace_id, and reference tables never point at tenant tables', async () => {
    const all = await tables();
    const distributed = new Set(all.filter((t) => t.tenant && !(t.name in REFERENCE_TABLES)).map((t) => t.name));
    const foreign = (await constraints()).filter((c) => c.type === 'f');
    const problems: string[] = [];
    for (const fk of foreign) {
      const from = distributed.has(fk.table);
      const to = fk.ref_table !== null && distributed.has(fk.ref_table);
      if (from && to) {
        const i = fk.columns.indexOf('workspace_id');
        if (i < 0 || fk.ref_columns?.[i] !== 'workspace_id') problems.push(`${fk.table}.${fk.name}`);
      } else if (!from && to) {
        problems.push(`${fk.table}.${fk.name} (reference → distributed)`);
      } else if (from && fk.ref_table === 'workspaces' && !fk.columns.includes('workspace_id')) {
        problems.push(`${fk.table}.${fk.name} (to workspaces without workspace_id)`);
      }
    }
    expect(problems).toEqual([]);
    expect(foreign.length).toBeGreaterThan(10);
  });
});
