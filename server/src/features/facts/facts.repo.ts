import type { FactScopeType, SuggestionStatus } from '@helixis/contract';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { factQuestions, factSuggestions, facts, faqPairs } from '../../db/schema';

export type FactRow = typeof facts.$inferSelect;
export type NewFactRow = Omit<typeof facts.$inferInsert, 'workspaceId' | 'id'>;
export type SuggestionRow = typeof factSuggestions.$inferSelect;
export type NewSuggestionRow = Omit<typeof factSuggestions.$inferInsert, 'workspaceId' | 'id'>;
export type FaqRow = typeof faqPairs.$inferSelect;

/** Every fact would be a few hundred at most; a cap keeps a runaway workspace from loading without bound. */
const MAX_FACTS = 2_000;
/** Questions considered for automation suggestions. */
const RECENT_QUESTIONS = 200;

export async function listFacts(db: Queryable, workspaceId: string): Promise<FactRow[]> {
  return db
    .select()
    .from(facts)
    .where(eq(facts.workspaceId, workspaceId))
    .orderBy(desc(facts.updatedAt), asc(facts.key))
    .limit(MAX_FACTS);
}

/** Where a fact holds: the workspace (id ''), a property or a unit (migration 0032). */
export interface ScopeKey {
  type: FactScopeType;
  id: string;
}
export const WORKSPACE_SCOPE_KEY: ScopeKey = { type: 'workspace', id: '' };

/** The fact of a key and scope, locked until the transaction ends (upserts and corrections of one key queue up). */
export async function findFactForUpdate(
  db: Queryable,
  workspaceId: string,
  key: string,
  scope: ScopeKey = WORKSPACE_SCOPE_KEY,
): Promise<FactRow | undefined> {
  const rows = await db
    .select()
    .from(facts)
    .where(
      and(
        eq(facts.workspaceId, workspaceId),
        eq(facts.key, key),
        eq(facts.scopeType, scope.type),
        eq(facts.scopeId, scope.id),
      ),
    )
    .for('update');
  return rows[0];
}

export async function findFactByIdForUpdate(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<FactRow | undefined> {
  const rows = await db
    .select()
    .from(facts)
    .where(and(eq(facts.workspaceId, workspaceId), eq(facts.id, id)))
    .for('update');
  return rows[0];
}

/** Inserts a new fact; undefined when another transaction inserted the same key and scope first. */
export async function insertFact(db: Queryable, workspaceId: string, row: NewFactRow): Promise<FactRow | undefined> {
  const rows = await db
    .insert(facts)
    .values({ ...row, workspaceId })
    .onConflictDoNothing({ target: [facts.workspaceId, facts.key, facts.scopeType, facts.scopeId] })
    .returning();
  return rows[0];
}

export async function updateFact(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: Partial<NewFactRow>,
): Promise<FactRow> {
  const rows = await db
    .update(facts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(facts.workspaceId, workspaceId), eq(facts.id, id)))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('fact vanished inside its transaction');
  return row;
}

export async function recordQuestion(db: Queryable, workspaceId: string, question: string, topic: string | null) {
  await db.insert(factQuestions).values({ workspaceId, question, topic });
}

/** Topics of the most recent questions (null: about nothing an automation knows). */
export async function recentQuestionTopics(db: Queryable, workspaceId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ topic: factQuestions.topic })
    .from(factQuestions)
    .where(eq(factQuestions.workspaceId, workspaceId))
    .orderBy(desc(factQuestions.askedAt))
    .limit(RECENT_QUESTIONS);
  return rows.map((r) => r.topic);
}

/** Adds suggestions not raised before (by dedupe key; a dismissed one stays dismissed). */
export async function insertSuggestions(db: Queryable, workspaceId: string, rows: NewSuggestionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(factSuggestions)
    .values(rows.map((r) => ({ ...r, workspaceId })))
    .onConflictDoNothing({ target: [factSuggestions.workspaceId, factSuggestions.dedupeKey] });
}

/** Pending suggestions whose situation is over (the gap was filled) are withdrawn. */
export async function deleteStalePendingSuggestions(
  db: Queryable,
  workspaceId: string,
  currentKeys: string[],
): Promise<void> {
  const conditions = [eq(factSuggestions.workspaceId, workspaceId), eq(factSuggestions.status, 'pending')];
  if (currentKeys.length > 0) conditions.push(notInArray(factSuggestions.dedupeKey, currentKeys));
  await db.delete(factSuggestions).where(and(...conditions));
}

export async function listSuggestions(
  db: Queryable,
  workspaceId: string,
  status: SuggestionStatus,
  limit: number,
): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(factSuggestions)
    .where(and(eq(factSuggestions.workspaceId, workspaceId), eq(factSuggestions.status, status)))
    .orderBy(desc(factSuggestions.priority), asc(factSuggestions.createdAt), asc(factSuggestions.dedupeKey))
    .limit(limit);
}

export async function findSuggestionForUpdate(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<SuggestionRow | undefined> {
  const rows = await db
    .select()
    .from(factSuggestions)
    .where(and(eq(factSuggestions.workspaceId, workspaceId), eq(factSuggestions.id, id)))
    .for('update');
  return rows[0];
}

export async function setSuggestionStatus(
  db: Queryable,
  workspaceId: string,
  id: string,
  status: SuggestionStatus,
): Promise<SuggestionRow> {
  const rows = await db
    .update(factSuggestions)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(factSuggestions.workspaceId, workspaceId), eq(factSuggestions.id, id)))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('suggestion vanished inside its transaction');
  return row;
}

export async function countFaqs(db: Queryable, workspaceId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(faqPairs).where(eq(faqPairs.workspaceId, workspaceId));
  return Number(rows[0]?.n ?? 0);
}

export async function existingFaqKeys(db: Queryable, workspaceId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: faqPairs.questionKey })
    .from(faqPairs)
    .where(and(eq(faqPairs.workspaceId, workspaceId), inArray(faqPairs.questionKey, keys)));
  return new Set(rows.map((r) => r.key));
}

/** Inserts FAQ pairs whose question is new; returns the ones inserted. */
export async function insertFaqs(
  db: Queryable,
  workspaceId: string,
  rows: { question: string; questionKey: string; answer: string; source: string }[],
): Promise<FaqRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(faqPairs)
    .values(rows.map((r) => ({ ...r, workspaceId })))
    .onConflictDoNothing({ target: [faqPairs.workspaceId, faqPairs.questionKey] })
    .returning();
}
