import { ESSENTIAL_FACT_KEYS } from '@helixis/contract';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFactProfile, useFacts } from '../../teach/api/facts';
import { useMe } from '../../workspaces/api/get-me';
import { ChatView } from './chat-view';

/**
 * Workspace dashboard (/chat?workspace=<id>): live Collected Facts (refreshed by the realtime
 * facts events) and 'Make me smarter' completeness on the left, the chat on the right.
 */
export function WorkspaceDashboard({ workspaceId }: { workspaceId: string }) {
  const me = useMe();
  const facts = useFacts();
  const profile = useFactProfile();
  const workspace = me.data?.workspace.id === workspaceId ? me.data.workspace : null;
  useDocumentTitle(workspace ? `${workspace.name} - AI Assistant Dashboard` : 'Workspace');

  if (me.isPending) return <PageStatus label="Loading workspace..." />;
  if (!workspace) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-lg">
        <p>{me.isError ? 'Could not load workspace' : 'Workspace not found'}</p>
      </Alert>
    );
  }

  const completeness = profile.data?.completeness ?? 0;
  const present = new Set(profile.data?.essentialFacts.filter((f) => f.present).map((f) => f.key));

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-4">
      <h1 className="font-semibold text-2xl tracking-tight">{workspace.name} - AI Assistant Dashboard</h1>
      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <div className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Collected Facts</CardTitle>
            </CardHeader>
            <CardContent>
              {facts.isPending ? <Spinner label="Loading facts" /> : null}
              {facts.isError ? <p className="text-destructive text-sm">{facts.error.message}</p> : null}
              {facts.data?.length === 0 ? (
                <p className="text-muted-foreground text-sm">No facts yet. Chat with the assistant to teach it.</p>
              ) : null}
              <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto" data-testid="collected-facts">
                {facts.data?.map((f) => (
                  <li key={f.id} className="rounded-md border px-3 py-2 text-sm">
                    <span className="font-medium">{f.label ?? f.key}</span>
                    <span className="text-muted-foreground">: {f.value}</span>
                    <span className="ml-1 text-muted-foreground text-xs">({f.confidence}%)</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Make me smarter</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <div>
                <p className="text-sm" data-testid="completeness">
                  {completeness === 100 ? 'Complete' : `${completeness}% complete`}
                </p>
                <div
                  className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label="Completeness"
                  aria-valuenow={completeness}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="h-full bg-primary" style={{ width: `${completeness}%` }} />
                </div>
              </div>
              <ul className="grid gap-1 text-sm">
                {ESSENTIAL_FACT_KEYS.map((k) => (
                  <li key={k.key} className="flex items-center gap-2">
                    {present.has(k.key) ? (
                      <CircleCheck aria-hidden="true" className="size-4 text-primary" />
                    ) : (
                      <CircleDashed aria-hidden="true" className="size-4 text-muted-foreground" />
                    )}
                    <span className={present.has(k.key) ? '' : 'text-muted-foreground'}>{k.label}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
        <ChatView className="h-[calc(100svh-12rem)]" hideThreads />
      </div>
    </section>
  );
}
