import {
  AUTOMATION_KIND_LABELS,
  DASHBOARD_CARD_TITLES,
  INSIGHT_METRIC_LABELS,
  INSIGHT_METRICS,
  ONBOARDING_STORAGE_KEYS,
} from '@helixis/contract';
import { BarChart3, Bot, CircleCheck, FileUp, PlugZap, RefreshCw, Rocket, UserPlus, Workflow, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useBusinessInsights, useDashboardOverview, useRefreshInsights } from '../api/overview';
import { DashboardCard, ErrorLine } from './dashboard-card';
import { DeployChatbotDialog } from './deploy-chatbot-dialog';

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
    </div>
  );
}

function useOverviewBody<T>(render: (data: NonNullable<ReturnType<typeof useDashboardOverview>['data']>) => T) {
  const overview = useDashboardOverview();
  if (overview.isPending) return <Spinner label="Loading" />;
  if (overview.isError)
    return (
      <ErrorLine
        message={`Failed to load the overview: ${overview.error.message}`}
        onRetry={() => void overview.refetch()}
      />
    );
  return render(overview.data);
}

/** AI Assistant Setup: completion from the profile, fact completeness and connections. */
export function SetupCard({ onTeach }: { onTeach: () => void }) {
  const navigate = useNavigate();
  const body = useOverviewBody((data) => {
    const { setup } = data;
    const continueSetup = () => {
      if (!setup.has_essential_info) {
        globalThis.localStorage.setItem(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding, 'true');
        navigate('/onboarding?fresh=1');
      } else onTeach();
    };
    return (
      <div className="space-y-3">
        <p className="font-semibold text-xl tabular-nums" data-testid="setup-percent">
          {setup.percent}% Complete
        </p>
        <Progress value={setup.percent} label="AI assistant setup" />
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Business profile</dt>
            <dd className="tabular-nums">{setup.profile_percent}%</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Knowledge Training</dt>
            <dd className="tabular-nums" data-testid="setup-knowledge">
              {setup.knowledge_percent}%
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Integration Setup</dt>
            <dd data-testid="setup-integrations">
              {setup.connected_integrations.length === 0 ? (
                <Badge variant="outline">Pending</Badge>
              ) : (
                <Badge variant="success">{setup.connected_integrations.join(', ')}</Badge>
              )}
            </dd>
          </div>
        </dl>
        {setup.percent < 100 ? (
          <Button size="sm" onClick={continueSetup}>
            Continue Setup
          </Button>
        ) : (
          <p className="flex items-center gap-1 text-sm text-success">
            <CircleCheck aria-hidden="true" className="size-4" /> Setup complete
          </p>
        )}
      </div>
    );
  });
  return (
    <DashboardCard title={DASHBOARD_CARD_TITLES.setup} icon={<Bot />}>
      {body}
    </DashboardCard>
  );
}

const STATUS_LABEL = { connected: 'active', needs_auth: 'needs sign-in', paused: 'paused', error: 'error' } as const;

/** Active Workflows: the workspace's real automations. */
export function WorkflowsCard() {
  const body = useOverviewBody(({ workflows }) =>
    workflows.total === 0 ? (
      <p className="text-muted-foreground text-sm">No automations yet. Add one to handle routine work.</p>
    ) : (
      <div className="space-y-2">
        <p className="text-muted-foreground text-sm" data-testid="workflows-summary">
          {workflows.active} of {workflows.total} {workflows.total === 1 ? 'automation' : 'automations'} active
        </p>
        <ul className="divide-y">
          {workflows.automations.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium">{a.name}</span>
                <span className="text-muted-foreground text-xs">
                  {AUTOMATION_KIND_LABELS[a.kind]} · {a.runs_7d} {a.runs_7d === 1 ? 'run' : 'runs'} in 7 days
                </span>
              </span>
              <Badge variant={a.enabled && a.status === 'connected' ? 'success' : 'outline'}>
                {a.enabled ? STATUS_LABEL[a.status] : 'off'}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
    ),
  );
  return (
    <DashboardCard
      title={DASHBOARD_CARD_TITLES.workflows}
      icon={<Workflow />}
      action={
        <Button size="sm" variant="link" asChild>
          <Link to="/automations">Add Automation</Link>
        </Button>
      }
    >
      {body}
    </DashboardCard>
  );
}

function QuickLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button variant="outline" className="h-auto justify-start whitespace-normal py-3 text-left [&_svg]:size-4" asChild>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}

/** Quick Actions. */
export function QuickActionsCard() {
  return (
    <DashboardCard title={DASHBOARD_CARD_TITLES.quick_actions} icon={<Zap />}>
      <div className="grid gap-2 xl:grid-cols-2">
        <DeployChatbotDialog
          trigger={
            <Button variant="outline" className="h-auto justify-start whitespace-normal py-3 text-left [&_svg]:size-4">
              <Rocket aria-hidden="true" /> Deploy New Chatbot
            </Button>
          }
        />
        <QuickLink to="/documents" icon={<FileUp aria-hidden="true" />}>
          Upload Documents
        </QuickLink>
        <QuickLink to="/connect" icon={<PlugZap aria-hidden="true" />}>
          Connect Integration
        </QuickLink>
        <QuickLink to="/settings#team" icon={<UserPlus aria-hidden="true" />}>
          Invite Team Members
        </QuickLink>
      </div>
    </DashboardCard>
  );
}

/** Business Insights: the weekly digest, this week against last week. */
export function InsightsCard() {
  const insights = useBusinessInsights();
  const refresh = useRefreshInsights();
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success('Insights updated'),
      onError: (err) => toast.error('Failed to refresh insights', { description: err.message }),
    });
  let body: ReactNode;
  if (insights.isPending) body = <Spinner label="Loading insights" />;
  else if (insights.isError)
    body = (
      <ErrorLine
        message={`Failed to load insights: ${insights.error.message}`}
        onRetry={() => void insights.refetch()}
      />
    );
  else if (!insights.data.latest)
    body = (
      <p className="text-muted-foreground text-sm">
        No weekly digest yet. Refresh to compute the last 7 days now; it also runs every Monday.
      </p>
    );
  else {
    const { metrics, previous, period_start, period_end, generated_at } = insights.data.latest;
    const data = INSIGHT_METRICS.map((m) => ({
      name: INSIGHT_METRIC_LABELS[m],
      'This week': metrics[m],
      'Last week': previous[m],
    }));
    const day = (v: string) => new Date(v).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
    body = (
      <div className="space-y-3">
        <p className="text-muted-foreground text-xs">
          {day(period_start)} – {day(period_end)} · generated {new Date(generated_at).toLocaleString('en-US')}
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="insight-metrics">
          {INSIGHT_METRICS.map((m) => (
            <div key={m} className="rounded-md border p-2">
              <dt className="text-muted-foreground text-xs">{INSIGHT_METRIC_LABELS[m]}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`insight-${m}`}>
                {metrics[m]}
              </dd>
            </div>
          ))}
        </dl>
        <div className="h-56 w-full" role="img" aria-label="This week compared with last week">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" interval={0} tick={{ fontSize: 10 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="Last week" fill="var(--color-muted-foreground)" radius={[3, 3, 0, 0]} />
              <Bar dataKey="This week" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>
    );
  }
  return (
    <DashboardCard
      title={DASHBOARD_CARD_TITLES.insights}
      icon={<BarChart3 />}
      action={
        <Button size="sm" variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
          <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} /> Refresh
        </Button>
      }
    >
      {body}
    </DashboardCard>
  );
}
