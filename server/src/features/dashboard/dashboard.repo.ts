import type { DashboardCardPref } from '@helixis/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dashboardPrefs } from '../../db/schema';

export async function findPrefs(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<DashboardCardPref[] | undefined> {
  const [row] = await db
    .select({ cards: dashboardPrefs.cards })
    .from(dashboardPrefs)
    .where(and(eq(dashboardPrefs.workspaceId, workspaceId), eq(dashboardPrefs.userId, userId)));
  return row?.cards;
}

export async function upsertPrefs(
  db: Queryable,
  workspaceId: string,
  userId: string,
  cards: DashboardCardPref[],
): Promise<DashboardCardPref[]> {
  const [row] = await db
    .insert(dashboardPrefs)
    .values({ workspaceId, userId, cards })
    .onConflictDoUpdate({
      target: [dashboardPrefs.workspaceId, dashboardPrefs.userId],
      set: { cards, updatedAt: sql`now()` as unknown as string },
    })
    .returning({ cards: dashboardPrefs.cards });
  if (!row) throw new Error('dashboard prefs upsert returned no row');
  return row.cards;
}
