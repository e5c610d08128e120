import type { ComplianceFinding, ComplianceSettings, DraftCompliance } from '@helixis/contract';
import { COMPLIANCE_RULES_VERSION, checkOutbound, knownAmountsFromFacts } from '@helixis/domain';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { complianceSettings } from '../../db/schema';
import type { Deps } from '../../platform/context';
import type { EndpointHandler } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { systemWorkspaceContext } from '../../platform/system-context';
import { withTenant } from '../../platform/tenant';
import { listFacts } from '../facts';

/**
 * Outbound compliance (issue 30 part 3, decision 034): the rules of @helixis/domain run on every
 * draft before it reaches the approval queue, with the workspace's settings (state classes, notice
 * periods) and the money facts it knows. The result is stored on the draft.
 */

/** Notice periods used until the owner sets their own (common statutory minimums). */
export const DEFAULT_NOTICE = { entryNoticeHours: 24, rentIncreaseNoticeDays: 30, terminationNoticeDays: 30 } as const;

type SettingsRow = typeof complianceSettings.$inferSelect;

function present(row: SettingsRow | null): ComplianceSettings {
  return {
    state_classes: row?.stateClasses ?? [],
    entry_notice_hours: row ? row.entryNoticeHours : DEFAULT_NOTICE.entryNoticeHours,
    rent_increase_notice_days: row ? row.rentIncreaseNoticeDays : DEFAULT_NOTICE.rentIncreaseNoticeDays,
    termination_notice_days: row ? row.terminationNoticeDays : DEFAULT_NOTICE.terminationNoticeDays,
    rules_version: COMPLIANCE_RULES_VERSION,
  };
}

async function findSettings(db: Queryable, workspaceId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(complianceSettings).where(eq(complianceSettings.workspaceId, workspaceId));
  return row ?? null;
}

export const complianceSettingsHandler: EndpointHandler<'complianceSettings'> = async ({ ctx }) => {
  return present(await ctx.tenant((tx) => findSettings(tx, ctx.workspace.id)));
};

export const updateComplianceSettings: EndpointHandler<'updateComplianceSettings'> = async ({ ctx, input }) => {
  const row = await ctx.tenant(async (tx) => {
    const current = present(await findSettings(tx, ctx.workspace.id));
    const next = {
      stateClasses: [...new Set(input.state_classes ?? current.state_classes)],
      entryNoticeHours: input.entry_notice_hours !== undefined ? input.entry_notice_hours : current.entry_notice_hours,
      rentIncreaseNoticeDays:
        input.rent_increase_notice_days !== undefined
          ? input.rent_increase_notice_days
          : current.rent_increase_notice_days,
      terminationNoticeDays:
        input.termination_notice_days !== undefined ? input.termination_notice_days : current.termination_notice_days,
      updatedBy: ctx.user.id || null,
    };
    const [saved] = await tx
      .insert(complianceSettings)
      .values({ workspaceId: ctx.workspace.id, ...next })
      .onConflictDoUpdate({ target: complianceSettings.workspaceId, set: { ...next, updatedAt: sql`now()` } })
      .returning();
    return saved ?? null;
  });
  ctx.log.info({ stateClasses: row?.stateClasses.length ?? 0 }, 'compliance settings updated');
  return present(row);
};

/** Runs every rule on a text with the workspace's settings and money facts. */
export async function checkWorkspaceText(
  deps: Deps,
  log: Logger,
  workspaceId: string,
  text: string,
): Promise<{ version: string; findings: ComplianceFinding[] }> {
  const settings = present(
    await withTenant(deps.database, { workspaceId, userId: null }, (tx) => findSettings(tx, workspaceId)),
  );
  const facts = await listFacts(systemWorkspaceContext(deps, log, workspaceId, 'compliance-check'));
  return checkOutbound(text, {
    stateClasses: settings.state_classes,
    notice: {
      entryNoticeHours: settings.entry_notice_hours,
      rentIncreaseNoticeDays: settings.rent_increase_notice_days,
      terminationNoticeDays: settings.termination_notice_days,
    },
    knownAmounts: knownAmountsFromFacts(facts),
  });
}

/** The check as stored on a draft (subject and body are both what the resident reads). */
export async function checkDraft(
  deps: Deps,
  log: Logger,
  workspaceId: string,
  draft: { subject: string; body: string },
): Promise<DraftCompliance> {
  const text = draft.subject ? `${draft.subject}\n${draft.body}` : draft.body;
  const result = await checkWorkspaceText(deps, log, workspaceId, text);
  return {
    version: result.version,
    checked_at: new Date().toISOString(),
    findings: result.findings,
    acknowledged_by: null,
    acknowledged_at: null,
  };
}

export const checkCompliance: EndpointHandler<'checkCompliance'> = async ({ ctx, input }) => {
  return checkWorkspaceText(ctx.deps, ctx.log, ctx.workspace.id, input.text);
};

/** One line for the audit trail and run log: "2 compliance findings: Fair housing (no children); …". */
export function describeFindings(findings: readonly ComplianceFinding[]): string {
  const parts = findings.slice(0, 3).map((f) => `${f.kind.replace('_', ' ')} ("${f.excerpt.slice(0, 60)}")`);
  const more = findings.length > 3 ? `; and ${findings.length - 3} more` : '';
  return `${findings.length} compliance finding${findings.length === 1 ? '' : 's'}: ${parts.join('; ')}${more}`;
}
