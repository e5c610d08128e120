import type { DraftAuditAction, DraftStatus } from '@helixis/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { automationAudit, automationDrafts, automations, twilioAccounts } from '../../db/schema';

export type DraftRow = typeof automationDrafts.$inferSelect;
export type NewDraft = Omit<
  typeof automationDrafts.$inferInsert,
  'workspaceId' | 'id' | 'createdAt' | 'updatedAt' | 'decidedBy' | 'decidedAt' | 'sentAt' | 'sendError'
>;
export type AuditRow = typeof automationAudit.$inferSelect;
export type TwilioRow = typeof twilioAccounts.$inferSelect;

/** Inserts a draft once per (automation, source); a rerun gets null and the existing row stays. */
export async function insertDraft(db: Queryable, workspaceId: string, draft: NewDraft): Promise<DraftRow | null> {
  const rows = await db
    .insert(automationDrafts)
    .values({ ...draft, workspaceId })
    .onConflictDoNothing({
      target: [
        automationDrafts.workspaceId,
        automationDrafts.automationId,
        automationDrafts.sourceKind,
        automationDrafts.sourceRef,
      ],
    })
    .returning();
  return rows[0] ?? null;
}

/** The draft made for one (automation, source), if any. */
export async function findDraftBySource(
  db: Queryable,
  workspaceId: string,
  source: { automationId: string; sourceKind: DraftRow['sourceKind']; sourceRef: string },
): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(automationDrafts)
    .where(
      and(
        eq(automationDrafts.workspaceId, workspaceId),
        eq(automationDrafts.automationId, source.automationId),
        eq(automationDrafts.sourceKind, source.sourceKind),
        eq(automationDrafts.sourceRef, source.sourceRef),
      ),
    );
  return row ?? null;
}

export async function findDraft(db: Queryable, workspaceId: string, id: string): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(automationDrafts)
    .where(and(eq(automationDrafts.workspaceId, workspaceId), eq(automationDrafts.id, id)));
  return row ?? null;
}

export async function listDrafts(
  db: Queryable,
  workspaceId: string,
  filter: { status?: DraftStatus; limit: number },
): Promise<(DraftRow & { automationName: string; automationKind: string })[]> {
  const where = filter.status
    ? and(eq(automationDrafts.workspaceId, workspaceId), eq(automationDrafts.status, filter.status))
    : eq(automationDrafts.workspaceId, workspaceId);
  const rows = await db
    .select({ draft: automationDrafts, name: automations.name, kind: automations.kind })
    .from(automationDrafts)
    .innerJoin(
      automations,
      and(eq(automations.workspaceId, automationDrafts.workspaceId), eq(automations.id, automationDrafts.automationId)),
    )
    .where(where)
    .orderBy(desc(automationDrafts.createdAt))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r.draft, automationName: r.name, automationKind: r.kind }));
}

export async function countPending(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(automationDrafts)
    .where(and(eq(automationDrafts.workspaceId, workspaceId), eq(automationDrafts.status, 'pending')));
  return Number(row?.n ?? 0);
}

/**
 * The send guard: moves a draft from one of `from` to `to` and returns it, or null when another
 * decision got there first (so an approval retried or clicked twice sends once).
 */
export async function transitionDraft(
  db: Queryable,
  workspaceId: string,
  id: string,
  from: DraftStatus[],
  set: Partial<
    Pick<
      DraftRow,
      | 'status'
      | 'subject'
      | 'body'
      | 'decidedBy'
      | 'decidedAt'
      | 'sentAt'
      | 'sendError'
      | 'providerMessageId'
      | 'compliance'
    >
  >,
): Promise<DraftRow | null> {
  const rows = await db
    .update(automationDrafts)
    .set({ ...set, updatedAt: sql`now()` as unknown as string })
    .where(
      and(
        eq(automationDrafts.workspaceId, workspaceId),
        eq(automationDrafts.id, id),
        inArray(automationDrafts.status, from),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function insertAudit(
  db: Queryable,
  workspaceId: string,
  entry: {
    draftId: string;
    automationId: string;
    action: DraftAuditAction;
    actorUserId: string | null;
    detail?: string;
  },
): Promise<void> {
  await db.insert(automationAudit).values({ ...entry, detail: entry.detail ?? '', workspaceId });
}

export async function listAudit(db: Queryable, workspaceId: string, draftId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(automationAudit)
    .where(and(eq(automationAudit.workspaceId, workspaceId), eq(automationAudit.draftId, draftId)))
    .orderBy(asc(automationAudit.ts))
    .limit(200);
}

// ── Twilio credentials ──────────────────────────────────────────────────────────────────────────
export async function findTwilio(db: Queryable, workspaceId: string): Promise<TwilioRow | null> {
  const [row] = await db.select().from(twilioAccounts).where(eq(twilioAccounts.workspaceId, workspaceId));
  return row ?? null;
}

export async function saveTwilio(
  db: Queryable,
  workspaceId: string,
  row: { accountSid: string; authTokenEncrypted: string; fromNumber: string; connectedBy: string | null },
): Promise<TwilioRow> {
  const [saved] = await db
    .insert(twilioAccounts)
    .values({ ...row, workspaceId })
    .onConflictDoUpdate({ target: twilioAccounts.workspaceId, set: { ...row, updatedAt: sql`now()` } })
    .returning();
  if (!saved) throw new Error('twilio insert returned no row');
  return saved;
}

export async function deleteTwilio(db: Queryable, workspaceId: string): Promise<void> {
  await db.delete(twilioAccounts).where(eq(twilioAccounts.workspaceId, workspaceId));
}
