import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { listUsableFacts } from '../facts';
import { integrationsStatus } from '../integrations';
import { listDocuments } from '../knowledge';
import type { SummaryDocument, SummaryFact, SummaryIntegration } from './summary-builder';

/**
 * What the onboarding summary reads from the other features, through their services. A source that
 * fails to answer is left out (null) rather than failing the whole summary; the failure is logged.
 */
export interface SummarySources {
  documents: SummaryDocument[] | null;
  facts: SummaryFact[] | null;
  integrations: SummaryIntegration[] | null;
}

async function orNull<T>(ctx: WorkspaceContext, source: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    ctx.log.warn({ err, source }, 'onboarding summary source unavailable');
    return null;
  }
}

export async function readSummarySources(ctx: WorkspaceContext): Promise<SummarySources> {
  const documents = await orNull(ctx, 'documents', async () => {
    const list = await listDocuments({ ctx, input: { limit: 50, offset: 0 } });
    return list.documents.map((d) => ({ title: d.title, status: d.status }));
  });
  const facts = await orNull(ctx, 'facts', async () => {
    const all = await listUsableFacts(ctx);
    return all.map((f) => ({ label: f.label, value: f.value }));
  });
  const integrations = await orNull(ctx, 'integrations', async () => {
    const status = await integrationsStatus({ ctx, input: { includeKpis: true } });
    const connected: SummaryIntegration[] = [];
    for (const provider of PROPERTY_PROVIDERS) {
      const system = status[provider];
      if (!system?.connected) continue;
      const k = system.kpis;
      connected.push({
        label: PROPERTY_SYSTEM_NAMES[provider],
        kind: 'property_management',
        kpis: k ? { rentals: k.rentals, unpaidBills: k.unpaidBills.count, openTasks: k.openTasks } : null,
      });
    }
    if (status.gmail?.connected) connected.push({ label: 'Gmail', kind: 'email', kpis: null });
    if (status.calendar?.connected) connected.push({ label: 'Calendar', kind: 'calendar', kpis: null });
    return connected;
  });
  return { documents, facts, integrations };
}
