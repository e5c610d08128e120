import { z } from 'zod';
import { type Endpoint, NoInput } from './endpoint';

// ── Final dashboard layout: which cards a user sees, in what order ──

/** The cards of the final dashboard's overview, in their default order. */
export const DASHBOARD_CARD_IDS = [
  'kpis',
  'setup',
  'workflows',
  'quick_actions',
  'tasks',
  'insights',
  'knowledge',
  'documents',
  'suggestions',
] as const;
export const DashboardCardId = z.enum(DASHBOARD_CARD_IDS);
export type DashboardCardId = z.infer<typeof DashboardCardId>;

/** The titles the dashboard and its Customize dialog show for each card. */
export const DASHBOARD_CARD_TITLES = {
  kpis: 'Property KPIs',
  setup: 'AI Assistant Setup',
  workflows: 'Active Workflows',
  quick_actions: 'Quick Actions',
  tasks: 'Tasks',
  insights: 'Business Insights',
  knowledge: 'Knowledge Completeness',
  documents: 'Recent Documents',
  suggestions: 'Suggestions',
} as const satisfies Record<DashboardCardId, string>;

export const DashboardCardPref = z.object({
  id: DashboardCardId,
  visible: z.boolean(),
});
export type DashboardCardPref = z.infer<typeof DashboardCardPref>;

/** A user's layout: every card exactly once, in display order. */
export const DashboardPrefs = z.object({
  cards: z
    .array(DashboardCardPref)
    .length(DASHBOARD_CARD_IDS.length, `List each of the ${DASHBOARD_CARD_IDS.length} dashboard cards exactly once.`)
    .refine((cards) => new Set(cards.map((c) => c.id)).size === cards.length, {
      message: 'Each dashboard card may appear only once.',
    }),
});
export type DashboardPrefs = z.infer<typeof DashboardPrefs>;

export const GetDashboardPrefsOutput = DashboardPrefs.extend({
  /** False while the user still has the default layout (nothing saved yet). */
  saved: z.boolean(),
});
export type GetDashboardPrefsOutput = z.infer<typeof GetDashboardPrefsOutput>;

export const SaveDashboardPrefsInput = DashboardPrefs.strict();
export type SaveDashboardPrefsInput = z.infer<typeof SaveDashboardPrefsInput>;

export const defaultDashboardPrefs = (): DashboardPrefs => ({
  cards: DASHBOARD_CARD_IDS.map((id) => ({ id, visible: true })),
});

export const dashboardEndpoints = {
  getDashboardPrefs: {
    method: 'GET',
    path: '/api/v1/dashboard/prefs',
    access: 'workspace',
    summary: "The caller's final-dashboard layout in this workspace (the default when none is saved).",
    input: NoInput,
    output: GetDashboardPrefsOutput,
  },
  saveDashboardPrefs: {
    method: 'PUT',
    path: '/api/v1/dashboard/prefs',
    access: 'workspace',
    summary: "Saves the caller's final-dashboard layout: card order and which cards are shown.",
    input: SaveDashboardPrefsInput,
    output: GetDashboardPrefsOutput,
  },
} as const satisfies Record<string, Endpoint>;
