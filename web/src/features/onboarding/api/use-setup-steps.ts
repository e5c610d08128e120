import { connectedPropertySystems } from '@helixis/contract';
import { useQuery } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { defaultAssistant, useAssistants } from '../../assistants';
import { businessProfileQueryOptions } from '../../profile';
import { useMe } from '../../workspaces';
import { type SetupStep, setupSteps } from '../lib/setup-steps';
import { useOnboardingRounds } from './onboarding';

/** Whether a property-management system is connected. */
function usePmsConnected(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.integrations, 'status', 'setup-steps'],
    queryFn: ({ signal }) => invoke('integrationsStatus', {}, { signal }),
    select: (status) => connectedPropertySystems(status).length > 0,
    enabled,
  });
}

/**
 * Where the signed-in user stands in setup (workspace, assistant, onboarding rounds, integrations, launch).
 * Everything but the workspace is read once it exists, so first requests never race to create it.
 */
export function useSetupSteps(): { steps: SetupStep[]; assistantMissing: boolean } {
  const me = useMe();
  const ready = me.data !== undefined;
  const assistants = useAssistants({ enabled: ready });
  const rounds = useOnboardingRounds();
  const pms = usePmsConnected(ready);
  const profile = useQuery({ ...businessProfileQueryOptions(), enabled: ready });
  const assistant = defaultAssistant(assistants.data);
  const steps = setupSteps({
    workspaceReady: ready,
    hasAssistant: assistants.isSuccess ? assistant !== null : null,
    roundsDone: rounds.data
      ? { done: rounds.data.rounds.filter((r) => r.completed).length, total: rounds.data.rounds.length }
      : null,
    pmsConnected: pms.data ?? null,
    launched: profile.isSuccess ? profile.data.profile?.onboarding_completed === true : null,
  });
  return { steps, assistantMissing: assistants.isSuccess && assistant === null };
}
