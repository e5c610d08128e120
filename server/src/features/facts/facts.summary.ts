import type { SaveBusinessSummaryOutput } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { refreshBusinessSummary, saveBusinessSummary } from '../profile';

/**
 * The Business Summary card's Refresh: the profile feature owns the summary; this asks it to rebuild
 * from the current profile, facts, documents and integrations, then returns it.
 */
export async function refreshTeachSummary({ ctx }: { ctx: WorkspaceContext }): Promise<SaveBusinessSummaryOutput> {
  await refreshBusinessSummary(ctx);
  return saveBusinessSummary({ ctx, input: { action: 'get' } });
}
