import { type DataSource, LEARNING_TOASTS } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, CalendarDays, FileText, Globe, Lightbulb, Mail, Play, PlugZap } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { invalidateLearned, useLearningSources, useSetLearningSource, useStartLearning } from '../api/learning';
import { ConfigureIntegrationDialog } from './configure-integration-dialog';

const TYPE_ICON = { email: Mail, calendar: CalendarDays, documents: FileText, website: Globe, crm: Building2 } as const;

const STATUS_STYLE: Record<DataSource['status'], { variant: 'success' | 'default' | 'outline'; label: string }> = {
  connected: { variant: 'success', label: 'connected' },
  learning: { variant: 'default', label: 'learning' },
  disconnected: { variant: 'outline', label: 'disconnected' },
};

function lastSyncText(value: string | null): string {
  if (!value) return 'Never synced';
  return `Last sync ${new Date(value).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`;
}

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card>
      <CardContent className="space-y-1 p-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="font-semibold text-2xl tabular-nums" data-testid={testId}>
          {value.toLocaleString('en-US')}
        </p>
      </CardContent>
    </Card>
  );
}

function SourceRow({ source }: { source: DataSource }) {
  const setSource = useSetLearningSource();
  const Icon = TYPE_ICON[source.type];
  const style = STATUS_STYLE[source.status];
  const disconnected = source.status === 'disconnected';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid={`data-source-${source.id}`}>
      <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {source.name}
          <Badge variant={style.variant} data-testid="source-status">
            {style.label}
          </Badge>
        </p>
        <p className="text-muted-foreground text-xs">
          {[source.detail, lastSyncText(source.lastSync)].filter(Boolean).join(' · ')}
        </p>
      </div>
      <p className="text-right text-sm tabular-nums">
        <span className="font-semibold" data-testid="source-items">
          {source.learnedItems.toLocaleString('en-US')}
        </span>{' '}
        <span className="text-muted-foreground">{source.unit}</span>
      </p>
      <div className="flex items-center gap-2 text-muted-foreground text-xs">
        <Switch
          checked={source.enabled && !disconnected}
          disabled={disconnected || setSource.isPending}
          aria-label={`Learn from ${source.name}`}
          onCheckedChange={(enabled) =>
            setSource.mutate(
              { id: source.id, enabled },
              {
                onSuccess: () => toast.success(LEARNING_TOASTS.preference),
                onError: (err) => toast.error(err.message),
              },
            )
          }
        />
        Learn from this
      </div>
    </li>
  );
}

/** Teach Your AI → Integration Mode: real sources, the switch, and tracked learning sessions. */
export function IntegrationMode() {
  const client = useQueryClient();
  const sources = useLearningSources();
  const start = useStartLearning();
  const session = sources.data?.session ?? null;
  const running = session?.status === 'running';

  // Announce the end of a session this page saw running (not an old one found on load).
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!session) return;
    if (session.status === 'running') watched.current = session.id;
    else if (watched.current === session.id) {
      watched.current = null;
      invalidateLearned(client);
      const failed = session.results.filter((r) => r.error);
      if (session.status === 'failed') toast.error('Learning failed', { description: failed[0]?.error ?? undefined });
      else
        toast.success(LEARNING_TOASTS.complete, {
          description: `${session.items_learned.toLocaleString('en-US')} new items learned${failed.length ? `; ${failed.length} source(s) could not be read` : ''}.`,
        });
    }
  }, [session, client]);

  if (sources.isPending) return <Spinner label="Loading data sources" />;
  if (sources.isError)
    return (
      <div role="alert" className="flex items-center justify-between gap-2 rounded-lg border p-4">
        <p className="text-destructive text-sm">Failed to load data sources: {sources.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void sources.refetch()}>
          Retry
        </Button>
      </div>
    );

  const { counters, insights } = sources.data;
  const startLearning = () => {
    if (counters.learning_from === 0) {
      toast.error(LEARNING_TOASTS.noSources, { description: LEARNING_TOASTS.noSourcesDescription });
      return;
    }
    start.mutate(undefined, {
      onSuccess: (s) => {
        watched.current = s.id;
        toast.success(LEARNING_TOASTS.started);
      },
      onError: (err) => {
        const [title, ...rest] = err.message.split(': ');
        if (rest.length > 0 && title === LEARNING_TOASTS.noSources)
          toast.error(title, { description: rest.join(': ') });
        else toast.error(err.message);
      },
    });
  };

  return (
    <div className="space-y-4" data-testid="integration-mode">
      <div className="grid gap-3 sm:grid-cols-3">
        <Counter label="Connected Sources" value={counters.connected_sources} testId="counter-connected" />
        <Counter label="Learning From" value={counters.learning_from} testId="counter-learning-from" />
        <Counter label="Items Learned" value={counters.items_learned} testId="counter-items" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-2">
            <CardTitle as="h2">Data Sources</CardTitle>
            <div className="flex flex-wrap items-center gap-2">
              <ConfigureIntegrationDialog />
              <Button size="sm" onClick={startLearning} disabled={running || start.isPending}>
                <Play aria-hidden="true" /> {running ? 'Learning…' : 'Start Learning'}
              </Button>
            </div>
          </CardHeader>
          <CardContent className="space-y-3">
            {running ? (
              <div className="space-y-1" data-testid="learning-progress">
                <p className="text-muted-foreground text-sm">
                  Learning from {session.sources.length} {session.sources.length === 1 ? 'source' : 'sources'}…{' '}
                  {session.progress}%
                </p>
                <div
                  className="h-2 w-full overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label="Learning progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={session.progress}
                >
                  <div className="h-full bg-primary transition-all" style={{ width: `${session.progress}%` }} />
                </div>
              </div>
            ) : null}
            <ul className="divide-y">
              {sources.data.sources.map((s) => (
                <SourceRow key={s.id} source={s} />
              ))}
            </ul>
            <p className="text-muted-foreground text-xs">
              Missing a source?{' '}
              <Link className="text-primary underline-offset-2 hover:underline" to="/onboarding?step=integrations">
                <PlugZap aria-hidden="true" className="inline size-3" /> Connect an integration
              </Link>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="flex items-center gap-2">
              <Lightbulb aria-hidden="true" className="size-5" /> Learning Insights
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm" data-testid="learning-insights">
              {insights.map((i) => (
                <div key={i.label}>
                  <dt className="text-muted-foreground text-xs">{i.label}</dt>
                  <dd>{i.value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
