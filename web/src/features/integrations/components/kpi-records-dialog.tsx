import { KPI_LABELS, type KpiName, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { invoke } from '../../../lib/api-client';
import { integrationKeys } from '../api/integrations';
import { formatCents, formatTime } from '../lib/format';

const PAGE = 100;
const MONEY: ReadonlySet<KpiName> = new Set(['unpaid_bills', 'receivables']);

function useKpiRecords(kpi: KpiName, open: boolean, offset: number) {
  return useQuery({
    queryKey: [...integrationKeys.kpis, 'records', kpi, offset] as const,
    queryFn: ({ signal }) => invoke('integrationKpiRecords', { kpi, limit: PAGE, offset }, { signal }),
    enabled: open,
  });
}

/**
 * A KPI figure's drill-down (issue 30 part 4): the upstream records it was computed from, as stored
 * with the snapshot the figure came from — id, name, amount, date and a link into the vendor's app
 * where there is one. `children` is the trigger (the tile's figure).
 */
export function KpiRecordsDialog({ kpi, label, children }: { kpi: KpiName; label?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState(0);
  const query = useKpiRecords(kpi, open, offset);
  const data = query.data;
  const title = label ?? KPI_LABELS[kpi];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setOffset(0);
      }}
    >
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="flex max-h-[90dvh] flex-col sm:max-w-2xl" data-testid="kpi-records-dialog">
        <DialogHeader>
          <DialogTitle>{title}: the records behind the figure</DialogTitle>
          <DialogDescription>
            {data?.snapshot
              ? `From the ${PROPERTY_SYSTEM_NAMES[data.snapshot.provider]} read of ${formatTime(data.snapshot.fetched_at)}.`
              : 'Records stored with the KPI snapshot.'}
          </DialogDescription>
        </DialogHeader>
        {query.isPending && <Spinner label="Loading records..." />}
        {query.isError && <Alert variant="destructive">Could not load the records: {query.error.message}</Alert>}
        {data && (
          <div className="flex min-h-0 flex-col gap-3">
            <p className="text-sm" data-testid="kpi-records-summary">
              {MONEY.has(kpi) && data.amount_cents !== null ? (
                <>
                  <span className="font-semibold">{formatCents(data.amount_cents)}</span> over{' '}
                  {data.total.toLocaleString('en-US')} {data.total === 1 ? 'record' : 'records'}
                </>
              ) : (
                <>
                  <span className="font-semibold">{data.value.toLocaleString('en-US')}</span> ={' '}
                  {data.total.toLocaleString('en-US')} {data.total === 1 ? 'record' : 'records'}
                </>
              )}
            </p>
            {!data.traced && (
              <Alert>This figure was read before Helixis kept its records; they appear after the next refresh.</Alert>
            )}
            {data.traced && data.total === 0 && (
              <p className="text-muted-foreground text-sm">No records: the figure is zero.</p>
            )}
            {data.records.length > 0 && (
              <ul
                className="flex min-h-0 flex-col divide-y overflow-y-auto rounded-lg border"
                aria-label={`${title} records`}
              >
                {data.records.map((r) => (
                  <li
                    key={`${r.id}|${r.name}`}
                    className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
                    data-testid="kpi-record"
                  >
                    <span className="min-w-0 break-words font-medium">
                      {r.url ? (
                        <a
                          href={r.url}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                        >
                          {r.name} <ExternalLink aria-hidden="true" className="size-3.5" />
                        </a>
                      ) : (
                        r.name
                      )}
                    </span>
                    <span className="text-right tabular-nums">
                      {r.amount_cents !== null ? formatCents(r.amount_cents) : ''}
                    </span>
                    <span className="text-muted-foreground text-xs">ID {r.id}</span>
                    <span className="text-right text-muted-foreground text-xs">{r.date ?? ''}</span>
                  </li>
                ))}
              </ul>
            )}
            {data.total > PAGE && (
              <div className="flex items-center justify-between gap-2 text-sm">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  Previous
                </Button>
                <span className="text-muted-foreground">
                  {offset + 1}–{Math.min(offset + PAGE, data.total)} of {data.total.toLocaleString('en-US')}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={offset + PAGE >= data.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Next
                </Button>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
