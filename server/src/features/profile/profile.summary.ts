import type { SaveBusinessSummaryOutput } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { refreshBusinessSummary, saveBusinessSummary } from './profile.service';

/**
 * The Business Summary card's Refresh (on the Teach page): rebuilds the summary
 * from the current profile, facts, documents and integrations, then returns it.
 */
export async function refreshTeachSummary({ ctx }: { ctx: WorkspaceContext }): Promise<SaveBusinessSummaryOutput> {
  await refreshBusinessSummary(ctx);
  return saveBusinessSummary({ ctx, input: { action: 'get' } });
}
