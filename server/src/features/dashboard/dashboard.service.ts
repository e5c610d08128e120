import { DASHBOARD_CARD_IDS, DashboardCardId, type DashboardCardPref } from '@helixis/contract';
import type { EndpointHandler } from '../../platform/http';
import * as repo from './dashboard.repo';

/**
 * A stored layout made whole: cards no longer offered are dropped, cards added since the layout was
 * saved are appended (shown), so a release that adds a card never hides it from existing users.
 */
export function normalizeCards(stored: readonly DashboardCardPref[]): DashboardCardPref[] {
  const seen = new Set<string>();
  const cards: DashboardCardPref[] = [];
  for (const card of stored) {
    const id = DashboardCardId.safeParse(card.id);
    if (!id.success || seen.has(id.data)) continue;
    seen.add(id.data);
    cards.push({ id: id.data, visible: card.visible !== false });
  }
  for (const id of DASHBOARD_CARD_IDS) if (!seen.has(id)) cards.push({ id, visible: true });
  return cards;
}

export const getDashboardPrefs: EndpointHandler<'getDashboardPrefs'> = async ({ ctx }) => {
  const stored = await ctx.tenant((tx) => repo.findPrefs(tx, ctx.workspace.id, ctx.user.id));
  return { cards: normalizeCards(stored ?? []), saved: stored !== undefined };
};

export const saveDashboardPrefs: EndpointHandler<'saveDashboardPrefs'> = async ({ ctx, input }) => {
  const cards = await ctx.tenant((tx) => repo.upsertPrefs(tx, ctx.workspace.id, ctx.user.id, input.cards));
  return { cards: normalizeCards(cards), saved: true };
};
