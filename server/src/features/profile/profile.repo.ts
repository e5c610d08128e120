import type { BusinessSummaryJson, OnboardingProgress } from '@helixis/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activityLogs, businessProfiles, businessSummaries, workspaces } from '../../db/schema';
import type { ProfileState } from './profile-merge';

export type BusinessProfileRow = typeof businessProfiles.$inferSelect;
export type BusinessSummaryRow = typeof businessSummaries.$inferSelect;

export async function findProfileByUser(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<BusinessProfileRow | undefined> {
  const rows = await db
    .select()
    .from(businessProfiles)
    .where(and(eq(businessProfiles.workspaceId, workspaceId), eq(businessProfiles.userId, userId)))
    .orderBy(desc(businessProfiles.updatedAt))
    .limit(1);
  return rows[0];
}

/** The profile a workspace-wide summary is built from: the one changed last. */
export async function findLatestProfile(db: Queryable, workspaceId: string): Promise<BusinessProfileRow | undefined> {
  const rows = await db
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.workspaceId, workspaceId))
    .orderBy(desc(businessProfiles.updatedAt))
    .limit(1);
  return rows[0];
}

/** Serialises changes to one user's profile for the rest of the transaction (read-merge-write). */
export async function lockProfile(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`profile:${workspaceId}:${userId}`}))`);
}

export interface ProfileWrite extends ProfileState {
  onboardingProgress?: OnboardingProgress;
  onboardingCompleted?: boolean;
  sessionId?: string | null;
}

/** Upsert on user_id. */
export async function upsertProfile(
  tx: Tx,
  workspaceId: string,
  userId: string,
  write: ProfileWrite,
): Promise<BusinessProfileRow> {
  const values = {
    businessDescription: write.businessDescription,
    businessData: write.businessData,
    essentialInfo: write.essentialInfo,
    onboardingData: write.onboardingData,
    ...(write.onboardingProgress ? { onboardingProgress: write.onboardingProgress } : {}),
    ...(write.onboardingCompleted !== undefined ? { onboardingCompleted: write.onboardingCompleted } : {}),
    ...(write.sessionId !== undefined ? { sessionId: write.sessionId } : {}),
  };
  const rows = await tx
    .insert(businessProfiles)
    .values({ workspaceId, userId, ...values })
    .onConflictDoUpdate({
      target: [businessProfiles.workspaceId, businessProfiles.userId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('upsert into business_profiles returned no row');
  return row;
}

/** Inserts an empty profile when the user has none; answers whether it did. */
export async function ensureProfile(tx: Tx, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(businessProfiles)
    .values({ workspaceId, userId })
    .onConflictDoNothing()
    .returning({ id: businessProfiles.id });
  return rows.length > 0;
}

export async function setOnboardingCompleted(
  tx: Tx,
  workspaceId: string,
  id: string,
  completed: boolean,
): Promise<BusinessProfileRow | undefined> {
  const rows = await tx
    .update(businessProfiles)
    .set({ onboardingCompleted: completed, updatedAt: sql`now()` })
    .where(and(eq(businessProfiles.workspaceId, workspaceId), eq(businessProfiles.id, id)))
    .returning();
  return rows[0];
}

/** reset_user_onboarding: the user's onboarding data back to a fresh start. */
export async function resetProfile(tx: Tx, workspaceId: string, userId: string): Promise<number> {
  const rows = await tx
    .update(businessProfiles)
    .set({
      businessDescription: null,
      businessData: {},
      essentialInfo: {},
      onboardingData: {},
      onboardingProgress: { currentRound: 1, rounds: [] },
      onboardingCompleted: false,
      updatedAt: sql`now()`,
    })
    .where(and(eq(businessProfiles.workspaceId, workspaceId), eq(businessProfiles.userId, userId)))
    .returning({ id: businessProfiles.id });
  return rows.length;
}

export async function findSummary(db: Queryable, workspaceId: string): Promise<BusinessSummaryRow | undefined> {
  const rows = await db.select().from(businessSummaries).where(eq(businessSummaries.workspaceId, workspaceId));
  return rows[0];
}

export async function upsertSummary(tx: Tx, workspaceId: string, summary: BusinessSummaryJson): Promise<void> {
  await tx
    .insert(businessSummaries)
    .values({ workspaceId, summaryJson: summary })
    .onConflictDoUpdate({
      target: businessSummaries.workspaceId,
      set: { summaryJson: summary, lastRefreshedAt: sql`now()` },
    });
}

export async function insertActivity(
  tx: Tx,
  workspaceId: string,
  userId: string,
  eventType: string,
  eventData: Record<string, unknown>,
): Promise<void> {
  await tx.insert(activityLogs).values({ workspaceId, userId, eventType, eventData });
}

/**
 * Names the workspace after the business onboarding learned, only while it still carries the sign-up
 * default (name_source 'signup'): one statement, so a rename racing it always wins. True when it changed.
 */
export async function nameWorkspaceAfterBusiness(tx: Tx, workspaceId: string, name: string): Promise<boolean> {
  const rows = await tx
    .update(workspaces)
    .set({ name, nameSource: 'onboarding', updatedAt: sql`now()` })
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.nameSource, 'signup')))
    .returning({ id: workspaces.id });
  return rows.length > 0;
}
