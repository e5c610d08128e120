import type { EndpointOutput } from '@helixis/contract';
import { useMutation } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export type ApplyCheckResult = EndpointOutput<'runApplyCheck'>;

/** Answers the regression set and the saved questions with live and test before Apply to Live (decision 035). */
export function useRunApplyCheck() {
  return useMutation({ mutationFn: () => invoke('runApplyCheck', {}) });
}
