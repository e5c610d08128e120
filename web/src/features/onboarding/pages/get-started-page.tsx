import { Bot, Building2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { PageStatus } from '../../../components/page-status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type Assistant, defaultAssistant, useAssistants } from '../../assistants';
import { useMe, WorkspaceRepairPanel, WorkspaceSetupFailedCard } from '../../workspaces';
import { useSetupSteps } from '../api/use-setup-steps';
import { SetupChecklist } from '../components/setup-checklist';

const roleLabels = { owner: 'Owner', manager: 'Manager', employee: 'Employee' } as const;

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b py-2.5 last:border-b-0">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="text-right font-medium text-sm">{children}</dd>
    </div>
  );
}

function AssistantDetails({ assistant }: { assistant: Assistant }) {
  return (
    <dl>
      <Detail term="Name">{assistant.name}</Detail>
      <Detail term="Description">{assistant.description || '—'}</Detail>
      <Detail term="Temperature">{assistant.temperature.toFixed(1)}</Detail>
      <Detail term="Answers from your documents (RAG)">
        <Badge variant={assistant.use_rag ? 'success' : 'secondary'}>{assistant.use_rag ? 'On' : 'Off'}</Badge>
      </Detail>
    </dl>
  );
}

/** /get-started: the setup entry. Where the user stands (workspace, onboarding, integrations) and the next step. */
export function GetStartedPage() {
  useDocumentTitle('Get started');
  const { user } = useAuth();
  const me = useMe();
  // Everything else is read once the workspace exists, so two first requests never race to create it.
  const ready = me.data !== undefined;
  const assistants = useAssistants({ enabled: ready });
  const { steps, assistantMissing } = useSetupSteps();
  // Once a missing assistant was seen, the repair panel stays so its outcome remains readable.
  const [showRepair, setShowRepair] = useState(false);
  useEffect(() => {
    if (assistantMissing) setShowRepair(true);
  }, [assistantMissing]);

  if (!me.data) {
    if (me.isError) {
      return <WorkspaceSetupFailedCard error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
    }
    return <PageStatus label="Preparing your workspace..." />;
  }

  const { workspace, businessRole } = me.data;
  const assistant = defaultAssistant(assistants.data);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="space-y-2">
        <p className="font-medium text-primary text-sm">Get started</p>
        <h1 className="font-semibold text-3xl tracking-tight">Welcome to {workspace.name}</h1>
        <p className="text-muted-foreground">
          Signed in as {user?.email ?? me.data.user.email}. Here is where your setup stands and what to do next.
        </p>
      </header>

      <SetupChecklist steps={steps} />

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Building2 aria-hidden="true" className="size-5 text-primary" />
              <CardTitle as="h2">Your workspace</CardTitle>
            </div>
            <CardDescription>Where your team, documents and assistant live.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl>
              <Detail term="Name">{workspace.name}</Detail>
              <Detail term="Your role">{roleLabels[businessRole]}</Detail>
              <Detail term="Created">{formatDate(workspace.created_at)}</Detail>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Bot aria-hidden="true" className="size-5 text-primary" />
              <CardTitle as="h2">Your assistant</CardTitle>
            </div>
            <CardDescription>The default assistant created with your workspace.</CardDescription>
          </CardHeader>
          <CardContent>
            {assistants.isPending ? <Spinner label="Loading your assistant..." /> : null}
            {assistants.isError && !assistants.data ? (
              <div role="alert" className="space-y-3 text-sm">
                <p className="text-destructive">{assistants.error.message}</p>
                <Button size="sm" variant="outline" onClick={() => void assistants.refetch()}>
                  Try Again
                </Button>
              </div>
            ) : null}
            {assistants.isSuccess && !assistant ? (
              <p className="text-muted-foreground text-sm">
                No assistant was found in this workspace. Run the workspace repair below to recreate it.
              </p>
            ) : null}
            {assistant ? <AssistantDetails assistant={assistant} /> : null}
          </CardContent>
        </Card>
      </div>

      {showRepair ? <WorkspaceRepairPanel /> : null}
    </div>
  );
}
