import { integrationTexts, type KpiName, type PropertyKpis as Kpis, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { Building2, ClipboardList, DollarSign, FileWarning, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useKpiHistory, usePropertyKpis, useRefreshKpis } from '../api/integrations';
import { formatCents, formatTime, kpiSentence } from '../lib/format';
import { KpiRecordsDialog } from './kpi-records-dialog';

interface PropertyKpisProps {
  /** 'strip': tiles with charts (dashboard); 'sentence': one line with a Re-check button (completion screen). */
  variant?: 'strip' | 'sentence';
  /** Show the comparison and trend charts under the tiles (strip only). Default true. */
  showCharts?: boolean;
  className?: string;
}

/** A figure that opens the records it was computed from (issue 30) when it names its KPI. */
function Traced({
  kpi,
  label,
  className,
  children,
}: {
  kpi?: KpiName;
  label: string;
  className: string;
  children: ReactNode;
}) {
  if (!kpi) return <p className={className}>{children}</p>;
  return (
    <KpiRecordsDialog kpi={kpi} label={label}>
      <button
        type="button"
        className={cn(
          className,
          'cursor-pointer text-left underline decoration-dotted underline-offset-4 hover:text-primary',
        )}
        aria-label={`${label}: ${typeof children === 'string' ? children : ''} (show records)`}
      >
        {children}
      </button>
    </KpiRecordsDialog>
  );
}

function Tile({
  icon,
  label,
  value,
  detail,
  kpi,
  detailKpi,
  detailLabel,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail?: string;
  kpi?: KpiName;
  detailKpi?: KpiName;
  detailLabel?: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-card p-4">
      <div className="rounded-md bg-accent p-2 text-primary [&>svg]:size-5">{icon}</div>
      <div className="min-w-0">
        <p className="text-muted-foreground text-sm">{label}</p>
        <Traced kpi={kpi} label={label} className="break-words font-semibold text-2xl tabular-nums tracking-tight">
          {value}
        </Traced>
        {detail ? (
          <Traced kpi={detailKpi} label={detailLabel ?? label} className="text-muted-foreground text-xs">
            {detail}
          </Traced>
        ) : null}
      </div>
    </div>
  );
}

function ComparisonChart({ kpis }: { kpis: Kpis }) {
  const data = [
    { name: kpis.accountType === 'associations' ? 'Associations' : 'Rentals', value: kpis.rentals },
    { name: 'Unpaid bills', value: kpis.unpaidBills.count },
    { name: 'Open tasks', value: kpis.openTasks },
    { name: 'Work orders', value: kpis.openWorkOrders },
  ];
  return (
    <figure className="rounded-lg border bg-card p-4" aria-label="KPI comparison chart">
      <figcaption className="mb-2 font-medium text-sm">Portfolio at a glance</figcaption>
      <div className="h-48">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar
              dataKey="value"
              name="Count"
              fill="var(--color-primary, #2563eb)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function TrendChart() {
  const history = useKpiHistory();
  const points = (history.data?.snapshots ?? []).map((s) => ({
    at: new Date(s.fetchedAt).toLocaleString('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
    'Unpaid bills': s.unpaidBillsCount,
    'Open tasks': s.openTasks,
  }));
  return (
    <figure className="rounded-lg border bg-card p-4" aria-label="KPI trend chart">
      <figcaption className="mb-2 font-medium text-sm">Trend of stored snapshots</figcaption>
      {points.length < 2 ? (
        <p className="flex h-48 items-center justify-center text-center text-muted-foreground text-sm">
          The trend appears after the next refresh.
        </p>
      ) : (
        <div className="h-48">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="at" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="Unpaid bills" stroke="#d97706" isAnimationActive={false} />
              <Line type="monotone" dataKey="Open tasks" stroke="#2563eb" isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

/**
 * Property KPIs from the connected system: rentals or associations,
 * unpaid bills count and total, open tasks, the fetched time and a refresh; failure and empty states
 * with the spec's texts; charts comparing the figures and their stored history.
 */
export function PropertyKpis({ variant = 'strip', showCharts = true, className }: PropertyKpisProps) {
  const query = usePropertyKpis();
  const refresh = useRefreshKpis();
  const result = query.data;

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (r) => {
        if (r.ok) toast.success(integrationTexts.toastKpisRefreshed);
        else toast.error(integrationTexts.toastKpiRefreshFailed, { description: r.message ?? undefined });
      },
      onError: (err) => toast.error(integrationTexts.toastKpiRefreshFailed, { description: err.message }),
    });

  if (query.isPending) {
    return (
      <div className={cn('rounded-lg border p-4', className)}>
        <Spinner label="Loading KPIs..." />
      </div>
    );
  }
  const failure = query.isError
    ? query.error.message
    : result && !result.ok && !result.data && result.error_code !== 'not_connected'
      ? (result.message ?? '')
      : null;
  if (failure !== null) {
    return (
      <Alert variant="destructive" className={cn('items-center justify-between', className)} role="alert">
        <span>{integrationTexts.kpisFailed(failure)}</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const kpis = result?.data ?? null;
  if (!kpis) {
    return (
      <div className={cn('rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm', className)}>
        {integrationTexts.noKpis}
      </div>
    );
  }
  const refreshButton = (label: string) => (
    <Button size="sm" variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
      <RefreshCw className={cn(refresh.isPending && 'animate-spin')} aria-hidden="true" />
      {label}
    </Button>
  );
  const staleLine = result?.stale ? (
    <p className="text-amber-700 text-sm" role="status">
      {result.message} {integrationTexts.usingLastKnown}
    </p>
  ) : null;

  if (variant === 'sentence') {
    return (
      <div className={cn('flex flex-col gap-2', className)} data-testid="kpi-sentence">
        <p className="text-base">{kpiSentence(kpis)}</p>
        {staleLine}
        <div className="flex items-center gap-3">
          {refreshButton('Re-check KPIs')}
          <span className="text-muted-foreground text-xs">Last updated {formatTime(kpis.fetchedAt)}</span>
        </div>
      </div>
    );
  }

  const rentalsName = kpis.accountType === 'associations' ? 'Associations' : 'Rentals';
  return (
    <section className={cn('@container flex flex-col gap-3', className)} aria-label="Property KPIs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          Fetched {formatTime(kpis.fetchedAt)} from {PROPERTY_SYSTEM_NAMES[kpis.provider]}
        </p>
        {refreshButton('Refresh')}
      </div>
      {staleLine}
      <div className="grid @lg:grid-cols-2 @4xl:grid-cols-4 gap-3">
        <Tile
          icon={<Building2 />}
          label={rentalsName}
          value={kpis.rentals.toLocaleString('en-US')}
          detail={`${kpis.units.toLocaleString('en-US')} units`}
          kpi="rentals"
          detailKpi="units"
          detailLabel="Units"
        />
        <Tile
          icon={<FileWarning />}
          label="Unpaid bills"
          value={kpis.unpaidBills.count.toLocaleString('en-US')}
          kpi="unpaid_bills"
        />
        <Tile
          icon={<DollarSign />}
          label="Unpaid bills total"
          value={formatCents(kpis.unpaidBills.amount)}
          detail={`Receivables ${formatCents(kpis.arOutstandingCents)}`}
          kpi="unpaid_bills"
          detailKpi="receivables"
          detailLabel="Receivables"
        />
        <Tile
          icon={<ClipboardList />}
          label="Open tasks"
          value={kpis.openTasks.toLocaleString('en-US')}
          detail={`${kpis.openWorkOrders.toLocaleString('en-US')} open work orders`}
          kpi="open_tasks"
        />
      </div>
      {kpis.partial && kpis.limit_hint ? <p className="text-muted-foreground text-xs">{kpis.limit_hint}</p> : null}
      {showCharts ? (
        <div className="grid @3xl:grid-cols-2 gap-3">
          <ComparisonChart kpis={kpis} />
          <TrendChart />
        </div>
      ) : null}
    </section>
  );
}
