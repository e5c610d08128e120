import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { connectorCachePolicies, connectorConnections, connectorFacts, connectorFields } from '../../db/schema';

export type ConnectorConnectionRow = typeof connectorConnections.$inferSelect;
export type ConnectorFactsRow = typeof connectorFacts.$inferSelect;

export async function findConnection(db: Queryable, workspaceId: string, kind: string) {
  const rows = await db
    .select()
    .from(connectorConnections)
    .where(and(eq(connectorConnections.workspaceId, workspaceId), eq(connectorConnections.kind, kind)));
  return rows[0] ?? null;
}

export async function listConnections(db: Queryable, workspaceId: string) {
  return db.select().from(connectorConnections).where(eq(connectorConnections.workspaceId, workspaceId));
}

export async function saveConnection(
  db: Queryable,
  workspaceId: string,
  input: {
    kind: string;
    secretEncrypted: string;
    account: string | null;
    settings: Record<string, string>;
    connectedBy: string | null;
  },
) {
  const values = {
    secretEncrypted: input.secretEncrypted,
    account: input.account,
    settings: input.settings,
    status: 'connected' as const,
    lastError: null,
    lastVerifiedAt: sql`now()`,
    connectedBy: input.connectedBy,
    updatedAt: sql`now()`,
  };
  await db
    .insert(connectorConnections)
    .values({ workspaceId, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [connectorConnections.workspaceId, connectorConnections.kind], set: values });
}

export async function markError(db: Queryable, workspaceId: string, kind: string, message: string) {
  await db
    .update(connectorConnections)
    .set({ status: 'error', lastError: message, updatedAt: sql`now()` })
    .where(and(eq(connectorConnections.workspaceId, workspaceId), eq(connectorConnections.kind, kind)));
}

export async function markConnected(db: Queryable, workspaceId: string, kind: string) {
  await db
    .update(connectorConnections)
    .set({ status: 'connected', lastError: null, lastVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(connectorConnections.workspaceId, workspaceId), eq(connectorConnections.kind, kind)));
}

export async function deleteConnection(db: Queryable, workspaceId: string, kind: string) {
  await db
    .delete(connectorConnections)
    .where(and(eq(connectorConnections.workspaceId, workspaceId), eq(connectorConnections.kind, kind)));
}

export async function fieldStates(db: Queryable, workspaceId: string, kind: string): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ fieldKey: connectorFields.fieldKey, enabled: connectorFields.enabled })
    .from(connectorFields)
    .where(and(eq(connectorFields.workspaceId, workspaceId), eq(connectorFields.kind, kind)));
  return new Map(rows.map((r) => [r.fieldKey, r.enabled]));
}

export async function setFields(
  db: Queryable,
  workspaceId: string,
  kind: string,
  updates: readonly { field_key: string; enabled: boolean }[],
) {
  for (const u of updates) {
    await db
      .insert(connectorFields)
      .values({ workspaceId, kind, fieldKey: u.field_key, enabled: u.enabled })
      .onConflictDoUpdate({
        target: [connectorFields.workspaceId, connectorFields.kind, connectorFields.fieldKey],
        set: { enabled: u.enabled, updatedAt: sql`now()` },
      });
  }
}

export async function findPolicy(db: Queryable, workspaceId: string, kind: string) {
  const rows = await db
    .select()
    .from(connectorCachePolicies)
    .where(and(eq(connectorCachePolicies.workspaceId, workspaceId), eq(connectorCachePolicies.kind, kind)));
  return rows[0] ?? null;
}

export async function savePolicy(
  db: Queryable,
  workspaceId: string,
  kind: string,
  mode: 'pointer' | 'facts',
  ttlSeconds: number,
) {
  const [row] = await db
    .insert(connectorCachePolicies)
    .values({ workspaceId, kind, mode, ttlSeconds })
    .onConflictDoUpdate({
      target: [connectorCachePolicies.workspaceId, connectorCachePolicies.kind],
      set: { mode, ttlSeconds, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('policy upsert returned nothing');
  return row;
}

/** Stored facts of a subject that have not expired yet (expiry judged by the database clock). */
export async function freshFacts(db: Queryable, workspaceId: string, kind: string, subjectHash: string) {
  const rows = await db
    .select()
    .from(connectorFacts)
    .where(
      and(
        eq(connectorFacts.workspaceId, workspaceId),
        eq(connectorFacts.kind, kind),
        eq(connectorFacts.subjectHash, subjectHash),
        gt(connectorFacts.expiresAt, sql`now()`),
      ),
    );
  return rows[0] ?? null;
}

export async function storeFacts(
  db: Queryable,
  workspaceId: string,
  input: Pick<ConnectorFactsRow, 'kind' | 'subjectHash' | 'found' | 'facts' | 'sources'> & { ttlSeconds: number },
): Promise<ConnectorFactsRow> {
  const expiresAt = sql`now() + make_interval(secs => ${input.ttlSeconds})`;
  const values = { found: input.found, facts: input.facts, sources: input.sources, fetchedAt: sql`now()`, expiresAt };
  const [row] = await db
    .insert(connectorFacts)
    .values({ workspaceId, kind: input.kind, subjectHash: input.subjectHash, ...values })
    .onConflictDoUpdate({
      target: [connectorFacts.workspaceId, connectorFacts.kind, connectorFacts.subjectHash],
      set: values,
    })
    .returning();
  if (!row) throw new Error('facts upsert returned nothing');
  return row;
}

export async function deleteFacts(db: Queryable, workspaceId: string, kind: string) {
  await db
    .delete(connectorFacts)
    .where(and(eq(connectorFacts.workspaceId, workspaceId), eq(connectorFacts.kind, kind)));
}
