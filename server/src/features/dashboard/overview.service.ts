import { DASHBOARD_MAX_AUTOMATIONS, INSIGHTS_WINDOW_DAYS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { missingRequiredFields } from '@helixis/domain';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { withTenant } from '../../platform/tenant';
import { listAutomations } from '../automations';
import { getFactProfile } from '../facts';
import { findOwnProfile } from '../profile';
import * as repo from './overview.repo';

export const INSIGHTS_JOB = 'dashboard.insights';
const REQUIRED_FIELDS = 5;
const DAY_MS = 86_400_000;

/** Labels of everything connected: property systems, mailboxes, the alias, imported calendars. */
export function connectedLabels(facts: repo.SourceFacts): string[] {
  const labels: string[] = [];
  for (const c of facts.connections) {
    if (c.status === 'connected') labels.push(PROPERTY_SYSTEM_NAMES[c.provider]);
  }
  for (const t of facts.tokens) {
    if (t.status === 'connected') labels.push(t.provider === 'gmail' ? 'Gmail' : 'Outlook');
  }
  if (facts.alias) labels.push('E-mail alias');
  if (facts.calendar.imports > 0) labels.push('Calendar');
  return labels;
}

/** A profile "has essential info" once any of the essential business fields has a value. */
export function hasEssentialInfo(info: Record<string, unknown> | undefined): boolean {
  if (!info) return false;
  return ['business_name', 'business_type', 'location', 'services', 'target_audience'].some((key) => {
    const value = info[key];
    return typeof value === 'string' && value.trim().length > 0;
  });
}

/** POST /functions/v1/dashboard-overview */
export const dashboardOverview: EndpointHandler<'dashboardOverview'> = async ({ ctx }) => {
  const ws = ctx.workspace.id;
  const [profile, factProfile, automations, counts, sources] = await Promise.all([
    findOwnProfile(ctx),
    getFactProfile({ ctx, input: {} }),
    listAutomations({ ctx, input: {} }),
    ctx.tenant((tx) => repo.overviewCounts(tx, ws)),
    ctx.tenant((tx) => repo.sourceFacts(tx, ws)),
  ]);
  const missing = missingRequiredFields(profile?.businessData ?? null).length;
  const profilePercent = Math.round(((REQUIRED_FIELDS - missing) / REQUIRED_FIELDS) * 100);
  const knowledgePercent = factProfile.completeness;
  const connected = connectedLabels(sources);
  const integrationPercent = connected.length > 0 ? 100 : 0;
  const list = automations.automations;
  return {
    setup: {
      percent: Math.round((profilePercent + knowledgePercent + integrationPercent) / 3),
      profile_percent: profilePercent,
      knowledge_percent: knowledgePercent,
      integration_percent: integrationPercent,
      connected_integrations: connected,
      has_essential_info: hasEssentialInfo(profile?.essentialInfo as Record<string, unknown> | undefined),
      documents_ready: counts.documentsReady,
    },
    workflows: {
      total: list.length,
      active: list.filter((a) => a.enabled && a.status === 'connected').length,
      automations: list.slice(0, DASHBOARD_MAX_AUTOMATIONS).map((a) => ({
        id: a.id,
        name: a.name,
        kind: a.kind,
        status: a.status,
        enabled: a.enabled,
        last_run_at: a.lastRunAt,
        runs_7d: a.stats['7d'],
      })),
    },
    tasks: { open: counts.openTasks },
  };
};

// ── business insights ───────────────────────────────────────────────────────────────────────────

/**
 * Computes and stores one weekly digest for a workspace: the last 7 days, and the 7 before for the
 * comparison. Idempotent enough for a job: a rerun stores one more (identical) snapshot.
 */
export async function generateInsight(deps: Deps, workspaceId: string, now = new Date()): Promise<void> {
  const end = now.toISOString();
  const start = new Date(now.getTime() - INSIGHTS_WINDOW_DAYS * DAY_MS).toISOString();
  const before = new Date(now.getTime() - 2 * INSIGHTS_WINDOW_DAYS * DAY_MS).toISOString();
  await withTenant(deps.database, { workspaceId, userId: null }, async (tx) => {
    const metrics = await repo.countActivity(tx, workspaceId, start, end);
    const previous = await repo.countActivity(tx, workspaceId, before, start);
    await repo.insertInsight(tx, workspaceId, { periodStart: start, periodEnd: end, metrics, previous });
  });
}

export const getBusinessInsights: EndpointHandler<'getBusinessInsights'> = async ({ ctx }) => {
  const latest = await ctx.tenant((tx) => repo.latestInsight(tx, ctx.workspace.id));
  return { latest };
};

export const refreshBusinessInsights: EndpointHandler<'refreshBusinessInsights'> = async ({ ctx }) => {
  const id = await ctx.deps.jobs.enqueue(INSIGHTS_JOB, {}, { workspaceId: ctx.workspace.id });
  if (!id) throw new AppError('unknown_error');
  return { job_id: id };
};
