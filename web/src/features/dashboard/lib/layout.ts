import type { DashboardCardPref } from '@helixis/contract';

/** Moves the card at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveCard(cards: readonly DashboardCardPref[], index: number, step: -1 | 1): DashboardCardPref[] {
  const target = index + step;
  const next = [...cards];
  const a = next[index];
  const b = next[target];
  if (!a || !b) return next;
  next[index] = b;
  next[target] = a;
  return next;
}

export function toggleCard(cards: readonly DashboardCardPref[], id: DashboardCardPref['id']): DashboardCardPref[] {
  return cards.map((c) => (c.id === id ? { ...c, visible: !c.visible } : c));
}

/** The name in the dashboard's welcome line: the essential-info name, else the official name. */
export function businessNameOf(
  profile: { essential_info: { business_name?: string }; business_data: { officialName?: string } } | null | undefined,
): string | null {
  const name = profile?.essential_info.business_name?.trim() || profile?.business_data.officialName?.trim();
  return name ? name : null;
}

/** The greeting: "Welcome, {business name}!" or "Welcome!". */
export function welcomeText(businessName: string | null): string {
  return businessName ? `Welcome, ${businessName}!` : 'Welcome!';
}

/** The search string that selects each in-place view of /dashboard (Teach Your AI keeps its own address). */
export const DASHBOARD_VIEW_SEARCH = { dashboard: '', teach: '?view=teach' } as const;
