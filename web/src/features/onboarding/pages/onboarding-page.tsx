import { ONBOARDING_STORAGE_KEYS } from '@helixis/contract';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBusinessProfile } from '../../profile/api/business-profile';
import { useMe } from '../../workspaces/api/get-me';
import { WorkspaceRepairPanel } from '../../workspaces/components/workspace-repair-panel';
import { WorkspaceSetupFailedCard } from '../../workspaces/components/workspace-setup-failed-card';
import { useOnboardingRounds } from '../api/onboarding';
import { IntegrationsStep } from '../components/integrations-step';
import { OAuthReturnBanner } from '../components/oauth-return-banner';
import { RoundsWizard } from '../components/rounds-wizard';
import { SummaryScreen } from '../components/summary-screen';

/** fresh=1|true, or the force flag left by a reset, opens the rounds from the start. */
function startsFresh(params: URLSearchParams): boolean {
  const fresh = params.get('fresh');
  if (fresh === '1' || fresh === 'true') return true;
  return globalThis.localStorage.getItem(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding) === 'true';
}

/** /onboarding: the rounds, then the onboarding summary screen; step=integrations shows the integrations step. */
export function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const [params] = useSearchParams();
  const me = useMe();
  const workspaceReady = me.data !== undefined;
  const profile = useBusinessProfile();
  const rounds = useOnboardingRounds();
  const [view, setView] = useState<'auto' | 'rounds' | 'summary'>(() => (startsFresh(params) ? 'rounds' : 'auto'));
  const [dismissedError, setDismissedError] = useState(false);
  const integrationsStep = params.get('step') === 'integrations';

  const finishFresh = () => {
    globalThis.localStorage.removeItem(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding);
    setView('summary');
  };

  let body: React.ReactNode;
  if (integrationsStep) {
    body = workspaceReady ? <IntegrationsStep /> : null;
  } else if (profile.isPending || rounds.isPending) {
    body = <PageStatus label="Loading your onboarding..." />;
  } else if (profile.isError || rounds.isError) {
    body = (
      <Alert variant="destructive">
        <p>{(profile.error ?? rounds.error)?.message}</p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void profile.refetch();
            void rounds.refetch();
          }}
        >
          Try Again
        </Button>
      </Alert>
    );
  } else if (profile.data && rounds.data) {
    const roundsLeft = rounds.data.progress.currentRound <= rounds.data.rounds.length;
    const showRounds = view === 'rounds' || (view === 'auto' && roundsLeft);
    body = showRounds ? (
      <RoundsWizard
        rounds={rounds.data.rounds}
        startRound={view === 'rounds' ? 1 : rounds.data.progress.currentRound}
        profile={profile.data.profile}
        onFinished={finishFresh}
      />
    ) : (
      <SummaryScreen result={profile.data} onEditRounds={() => setView('rounds')} />
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="space-y-2">
        <p className="font-medium text-primary text-sm">Onboarding</p>
        <h1 className="font-semibold text-3xl tracking-tight">Set up your assistant</h1>
        <p className="text-muted-foreground">
          {integrationsStep
            ? 'Connect the tools your business runs on.'
            : 'Teach your assistant about your business, then review what it learned.'}
        </p>
        <div className="flex items-center gap-2 text-muted-foreground">
          <Building2 aria-hidden="true" className="size-4" />
          {me.isPending ? <Spinner label="Loading your workspace..." /> : null}
          {me.data ? (
            <p>
              Workspace: <span className="font-medium text-foreground">{me.data.workspace.name}</span>
            </p>
          ) : null}
          {me.isError && !me.data ? <p>Workspace unavailable</p> : null}
        </div>
      </header>

      {me.isError && !me.data && !dismissedError ? (
        <WorkspaceSetupFailedCard
          error={me.error}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
          onContinue={() => setDismissedError(true)}
        />
      ) : null}

      <OAuthReturnBanner />

      {body}

      {me.isError ? <WorkspaceRepairPanel /> : null}
    </div>
  );
}
