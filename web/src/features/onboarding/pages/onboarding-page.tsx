import { BRAND_NAME } from '@helixis/contract';
import { Building2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../../workspaces/api/get-me';
import { WorkspaceRepairPanel } from '../../workspaces/components/workspace-repair-panel';
import { WorkspaceSetupFailedCard } from '../../workspaces/components/workspace-setup-failed-card';

const steps = [
  {
    title: 'Describe your business',
    text: 'Your portfolio, the services you offer and the policies your team follows.',
  },
  { title: 'Connect your tools', text: 'Your property-management system, e-mail and calendar.' },
  {
    title: 'Review and launch',
    text: 'Check the summary Helixis writes about your business, then open your dashboard.',
  },
];

/** /onboarding: the entry of the guided setup, with the workspace repair panel. */
export function OnboardingPage() {
  useDocumentTitle('Onboarding');
  const me = useMe();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="space-y-2">
        <p className="font-medium text-primary text-sm">Onboarding</p>
        <h1 className="font-semibold text-3xl tracking-tight">Set up your assistant</h1>
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

      {me.isError && !me.data ? (
        <WorkspaceSetupFailedCard error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">What setup covers</CardTitle>
          <CardDescription>
            Three short steps take {BRAND_NAME} from a blank assistant to one that knows your business.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <ol className="space-y-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground text-sm">
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium">{step.title}</p>
                  <p className="text-muted-foreground text-sm">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="border-t pt-4 text-muted-foreground text-sm">The guided onboarding steps are coming soon.</p>
        </CardContent>
      </Card>

      <WorkspaceRepairPanel />
    </div>
  );
}
