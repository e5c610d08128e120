import { propertySystemList } from '@helixis/contract';

/**
 * Where a user stands in setting up Helixis (the /get-started status page): each step is done, to do,
 * or unknown (its status could not be read), and the next step is the first one not done.
 */
export type StepState = 'done' | 'todo' | 'unknown';

export interface SetupFacts {
  workspaceReady: boolean;
  /** null while unknown (still loading or failed). */
  hasAssistant: boolean | null;
  /** Completed onboarding rounds out of the total; null while unknown. */
  roundsDone: { done: number; total: number } | null;
  /** A property-management system is connected; null while unknown. */
  pmsConnected: boolean | null;
  /** Onboarding was launched (the profile's onboarding_completed, set by Launch); null while unknown. */
  launched: boolean | null;
}

export interface SetupStep {
  id: 'workspace' | 'assistant' | 'teach' | 'connect' | 'launch';
  title: string;
  state: StepState;
  detail: string;
  action: { label: string; to: string };
}

function stateOf(value: boolean | null): StepState {
  if (value === null) return 'unknown';
  return value ? 'done' : 'todo';
}

export function setupSteps(facts: SetupFacts): SetupStep[] {
  const rounds = facts.roundsDone;
  const taught = rounds === null ? null : rounds.done >= rounds.total && rounds.total > 0;
  return [
    {
      id: 'workspace',
      title: 'Create your workspace',
      state: facts.workspaceReady ? 'done' : 'todo',
      detail: facts.workspaceReady ? 'Your workspace is ready.' : 'Your workspace is being prepared.',
      action: { label: 'Open onboarding', to: '/onboarding' },
    },
    {
      id: 'assistant',
      title: 'Default assistant',
      state: stateOf(facts.hasAssistant),
      detail:
        facts.hasAssistant === false
          ? 'No assistant was found. The workspace repair on the onboarding page recreates it.'
          : facts.hasAssistant
            ? 'Your personal assistant was created with the workspace.'
            : 'Checking your assistant...',
      action: { label: 'Repair workspace', to: '/onboarding' },
    },
    {
      id: 'teach',
      title: 'Teach Helixis about your business',
      state: stateOf(taught),
      detail:
        rounds === null
          ? 'Your onboarding progress could not be read yet.'
          : `${rounds.done} of ${rounds.total} onboarding rounds answered.`,
      action: { label: 'Continue onboarding', to: '/onboarding' },
    },
    {
      id: 'connect',
      title: 'Connect your property-management system',
      state: stateOf(facts.pmsConnected),
      detail:
        facts.pmsConnected === null
          ? 'The connection status could not be read yet.'
          : facts.pmsConnected
            ? 'Connected: rentals, unpaid bills and open tasks flow into your dashboard.'
            : `Connect ${propertySystemList('or')} to see your rentals, unpaid bills and open tasks.`,
      action: { label: 'Connect a system', to: '/onboarding/buildium' },
    },
    {
      id: 'launch',
      title: 'Review and launch',
      state: stateOf(facts.launched),
      detail:
        facts.launched === null
          ? 'Whether your assistant was launched could not be read yet.'
          : facts.launched
            ? 'Launched. Your assistant is working; your dashboard shows what it does.'
            : 'Check what your assistant learned, then launch it and work from your dashboard.',
      action: { label: 'Open dashboard', to: '/final-dashboard' },
    },
  ];
}

/** The first step that is not done (unknown counts as not done); null when everything is. */
export function nextStep(steps: SetupStep[]): SetupStep | null {
  return steps.find((s) => s.state !== 'done') ?? null;
}
