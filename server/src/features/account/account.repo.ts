import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';

// Deleting an account crosses the tenant wall by design (it removes whole workspaces and a user), so
// these run as the owning role inside one withSystem transaction.

/** Serialises deletions touching one user (account deletion vs. delete-all-users). */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account:${userId}`}))`);
}

/**
 * The user's memberships, each with how many OWNERs the workspace has. The owners' rows of those workspaces
 * are locked first, so two owners deleting their accounts at once cannot both leave a workspace ownerless.
 */
export async function membershipsOf(
  tx: Tx,
  userId: string,
): Promise<{ workspace_id: string; role: string; owners: number }[]> {
  await tx.execute(sql`
    select 1 from memberships o
     where o.role = 'OWNER' and o.workspace_id in (select m.workspace_id from memberships m where m.user_id = ${userId})
     order by o.workspace_id, o.user_id
       for update of o`);
  const rows = await rowsOf<{ workspace_id: string; role: string; owners: number }>(
    tx,
    sql`
    select m.workspace_id, m.role,
           (select count(*)::int from memberships o where o.workspace_id = m.workspace_id and o.role = 'OWNER') as owners
      from memberships m where m.user_id = ${userId} for update of m`,
  );
  return rows;
}

/** Workspaces created by the user that no membership points to any more (an orphan is theirs to delete). */
export async function orphanWorkspacesOwnedBy(tx: Tx, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`
    select w.id from workspaces w
     where w.owner_id = ${userId}
       and not exists (select 1 from memberships m where m.workspace_id = w.id)`,
  );
  return rows.map((r) => r.id);
}

/**
 * Every base table of the application schema with the given column. Read from information_schema at
 * run time, so a table added by a later migration is covered without touching this code.
 */
export async function tablesWithColumn(tx: Tx, column: 'workspace_id' | 'user_id'): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    tx,
    sql`
    select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and c.column_name = ${column} and t.table_type = 'BASE TABLE'
     order by c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Deletes every row whose `column` equals `id` in the given tables. Foreign keys between them may make an
 * order necessary; a delete refused by one is retried after the others (inside a savepoint each).
 */
export async function deleteRowsIn(
  tx: Tx,
  tables: string[],
  column: 'workspace_id' | 'user_id',
  id: string,
): Promise<void> {
  let pending = tables;
  while (pending.length > 0) {
    const failed: string[] = [];
    let lastError: unknown;
    for (const table of pending) {
      try {
        await tx.transaction(async (sp) => {
          await sp.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`);
        });
      } catch (err) {
        failed.push(table);
        lastError = err;
      }
    }
    if (failed.length === pending.length) throw lastError;
    pending = failed;
  }
}

export async function deleteWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(sql`delete from workspaces where id = ${workspaceId}`);
}

export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`delete from users where id = ${userId}`);
}

export async function allUserIdsExcept(tx: Tx, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(tx, sql`select id from users where id <> ${userId} order by created_at`);
  return rows.map((r) => r.id);
}
