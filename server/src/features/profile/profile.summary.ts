import type { EndpointHandler } from '../../platform/http';
import { refreshBusinessSummary, saveBusinessSummary } from './profile.service';

/**
 * The Business Summary card's Refresh (on the Teach page): rebuilds the summary
 * from the current profile, facts, documents and integrations, then returns it.
 */
export const refreshTeachSummary: EndpointHandler<'refreshTeachSummary'> = async ({ ctx }) => {
  await refreshBusinessSummary(ctx);
  return saveBusinessSummary({ ctx, input: { action: 'get' } });
};
