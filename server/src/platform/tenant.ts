import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { AppError, isPermissionDenied } from './errors';

export interface TenantScope {
  workspaceId: string | null;
  userId: string | null;
}

/**
 * The one place where tenant scope is applied. Runs `fn` in a short transaction as the
 * non-superuser role `helixis_app` with app.workspace_id / app.user_id set, so row-level
 * security hides every other workspace even from a query whose own filter was forgotten.
 * Keep upstream calls outside: PGlite has a single connection.
 */
export async function withTenant<T>(database: Database, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await database.db.transaction(async (tx) => {
      // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
      await tx.execute(
        sql`select set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true), set_config('app.user_id', ${scope.userId ?? ''}, true), set_config('role', 'helixis_app', true)`,
      );
      return fn(tx);
    });
  } catch (err) {
    if (isPermissionDenied(err)) throw new AppError('permission_denied', { cause: err });
    throw err;
  }
}

/**
 * A transaction as the owning role, for the few platform operations that must cross the tenant
 * wall by design (bootstrapping a workspace for a user who has none, auth, jobs).
 */
export async function withSystem<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(fn);
}
