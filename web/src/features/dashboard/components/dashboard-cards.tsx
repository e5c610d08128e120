import { DASHBOARD_CARD_TITLES, type DashboardCardId } from '@helixis/contract';
import { BookOpen, CheckCircle2, CircleDashed, FileText, ListTodo } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PropertyKpis } from '../../integrations';
import { useDocuments } from '../../knowledge';
import { TaskList } from '../../tasks';
import { SuggestionsCard, useFactProfile } from '../../teach';
import { useDashboardOverview } from '../api/overview';
import { CardErrorBoundary } from './card-error-boundary';
import { DashboardCard, ErrorLine } from './dashboard-card';
import { InsightsCard, QuickActionsCard, SetupCard, WorkflowsCard } from './overview-cards';

/** How many open tasks and documents the overview lists before pointing elsewhere. */
const CARD_ITEMS = 5;

/** The KPI strip is itself the "Property KPIs" region: no second landmark of the same name around it. */
function KpiCard() {
  return <PropertyKpis variant="strip" />;
}

/** All open tasks of the workspace (the list below shows the caller's and the pending ones). */
function OpenTasksBadge() {
  const overview = useDashboardOverview();
  if (!overview.data) return null;
  return (
    <Badge variant={overview.data.tasks.open > 0 ? 'default' : 'outline'} data-testid="open-tasks-count">
      {overview.data.tasks.open} open
    </Badge>
  );
}

function TasksCard() {
  return (
    <DashboardCard title={DASHBOARD_CARD_TITLES.tasks} icon={<ListTodo />} action={<OpenTasksBadge />}>
      <TaskList limit={CARD_ITEMS} />
    </DashboardCard>
  );
}

function KnowledgeCard({ onTeach }: { onTeach: () => void }) {
  const profile = useFactProfile();
  let body: ReactNode;
  if (profile.isPending) body = <Spinner label="Loading knowledge" />;
  else if (profile.isError)
    body = (
      <ErrorLine
        message={`Failed to load knowledge: ${profile.error.message}`}
        onRetry={() => void profile.refetch()}
      />
    );
  else {
    const { completeness, essentialFacts, facts } = profile.data;
    const missing = essentialFacts.filter((f) => !f.present);
    body = (
      <div className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold text-xl tabular-nums" data-testid="knowledge-completeness">
            {completeness}% Complete
          </p>
          <p className="text-muted-foreground text-sm">
            {facts.length} {facts.length === 1 ? 'fact' : 'facts'} learned
          </p>
        </div>
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Knowledge completeness"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={completeness}
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${completeness}%` }} />
        </div>
        {essentialFacts.length === 0 ? null : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Essential facts">
            {essentialFacts.map((f) => (
              <li key={f.key}>
                <Badge variant={f.present ? 'success' : 'outline'} className="gap-1 font-normal">
                  {f.present ? (
                    <CheckCircle2 aria-hidden="true" className="size-3" />
                  ) : (
                    <CircleDashed aria-hidden="true" className="size-3 text-muted-foreground" />
                  )}
                  {f.label}
                  <span className="sr-only">{f.present ? ' (known)' : ' (missing)'}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {missing.length > 0 ? (
          <p className="text-muted-foreground text-sm">
            {missing.length} essential {missing.length === 1 ? 'fact is' : 'facts are'} still missing.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <DashboardCard title={DASHBOARD_CARD_TITLES.knowledge} icon={<BookOpen />}>
      <div className="space-y-3">
        {body}
        <Button size="sm" variant="outline" onClick={onTeach}>
          Teach Your AI
        </Button>
      </div>
    </DashboardCard>
  );
}

const STATUS_BADGE = {
  READY: { label: 'Ready', variant: 'success', className: '' },
  PENDING: { label: 'Processing', variant: 'outline', className: '' },
  failed: { label: 'Failed', variant: 'outline', className: 'border-destructive/40 text-destructive' },
} as const;

function DocumentsCard({ onTeach }: { onTeach: () => void }) {
  const documents = useDocuments();
  let body: ReactNode;
  if (documents.isPending) body = <Spinner label="Loading documents" />;
  else if (documents.isError)
    body = (
      <ErrorLine
        message={`Failed to load documents: ${documents.error.message}`}
        onRetry={() => void documents.refetch()}
      />
    );
  else if (documents.data.documents.length === 0)
    body = (
      <div className="space-y-2 text-sm">
        <p className="text-muted-foreground">No documents yet. Upload one to teach your assistant.</p>
        <Button size="sm" onClick={onTeach}>
          Upload Documents
        </Button>
      </div>
    );
  else
    body = (
      <ul className="divide-y">
        {documents.data.documents.slice(0, CARD_ITEMS).map((d) => {
          const badge = STATUS_BADGE[d.status];
          return (
            <li key={d.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 truncate" title={d.title}>
                {d.title}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="text-muted-foreground text-xs">
                  {new Date(d.created_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
                </span>
                <Badge variant={badge.variant} className={badge.className}>
                  {badge.label}
                </Badge>
              </span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <DashboardCard
      title={DASHBOARD_CARD_TITLES.documents}
      icon={<FileText />}
      action={
        <Button size="sm" variant="link" asChild>
          <Link to="/documents">View all</Link>
        </Button>
      }
    >
      {body}
    </DashboardCard>
  );
}

/** One overview card by id, each behind its own error boundary. */
export function DashboardCardView({ id, onTeach }: { id: DashboardCardId; onTeach: () => void }) {
  const cards: Record<DashboardCardId, ReactNode> = {
    kpis: <KpiCard />,
    setup: <SetupCard onTeach={onTeach} />,
    workflows: <WorkflowsCard />,
    quick_actions: <QuickActionsCard />,
    tasks: <TasksCard />,
    insights: <InsightsCard />,
    knowledge: <KnowledgeCard onTeach={onTeach} />,
    documents: <DocumentsCard onTeach={onTeach} />,
    suggestions: <SuggestionsCard />,
  };
  return (
    <div
      data-testid={`dashboard-card-${id}`}
      className={id === 'kpis' || id === 'insights' ? 'lg:col-span-2' : undefined}
    >
      <CardErrorBoundary title={DASHBOARD_CARD_TITLES[id]}>{cards[id]}</CardErrorBoundary>
    </div>
  );
}
