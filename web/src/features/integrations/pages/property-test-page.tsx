import { integrationTexts, isPropertyProvider, PROPERTY_SYSTEM_NAMES, type PropertyProvider } from '@helixis/contract';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { invoke } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** A few rows of a resource, reduced by the server to ids, names and statuses. */
function SampleTable({ rows }: { rows: Record<string, string | number | boolean | null>[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <div className="overflow-x-auto rounded border">
      <table className="w-full text-left text-xs">
        <thead className="bg-muted">
          <tr>
            {columns.map((c) => (
              <th key={c} className="px-2 py-1 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={columns.map((c) => String(row[c])).join('|')} className="border-t">
              {columns.map((c) => (
                <td key={c} className="px-2 py-1 tabular-nums">
                  {row[c] === undefined || row[c] === null ? '—' : String(row[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One system's test panel: health where it has one, verify, KPIs and a sample of each resource. */
function SystemTestPanel({ provider }: { provider: PropertyProvider }) {
  const name = PROPERTY_SYSTEM_NAMES[provider];
  useDocumentTitle(`${name} test panel`);
  const run = useMutation({
    mutationFn: () => invoke('propertySystemTest', { provider }),
    onSuccess: (result) => {
      const failed = result.checks.find((c) => !c.ok && c.status);
      if (failed)
        toast.error(integrationTexts.toastSystemError(name), {
          description: `${failed.status} ${failed.path ?? ''}`,
        });
    },
    onError: (err) => toast.error(integrationTexts.toastKpiCheckFailed, { description: err.message }),
  });
  const result = run.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">{name} test panel</h1>
          <p className="mt-1 text-muted-foreground">Runs every check against the connected {name} account.</p>
        </div>
        <Button onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {run.isPending ? 'Running checks...' : 'Run all checks'}
        </Button>
      </div>
      {result ? (
        <Alert variant={result.ok ? 'success' : 'destructive'} role="status">
          {result.message}
        </Alert>
      ) : null}
      {result?.checks.map((check) => (
        <Card key={check.name}>
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="flex items-center gap-2 text-base">
              {check.ok ? (
                <CircleCheck className="size-5 text-success" aria-label="passed" />
              ) : (
                <CircleX className="size-5 text-destructive" aria-label="failed" />
              )}
              {check.name}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 text-sm">
            <p>{check.message}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-muted-foreground text-xs">
              <dt>Status</dt>
              <dd>{check.status ?? '—'}</dd>
              <dt>Path</dt>
              <dd>
                <code>{check.path ?? '—'}</code>
              </dd>
              <dt>Trace ID</dt>
              <dd>
                <code>{check.trace_id ?? '—'}</code>
              </dd>
            </dl>
            {check.sample.length ? <SampleTable rows={check.sample} /> : null}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/**
 * /settings/integrations/:provider/test, and a system's own spec address (its catalogue entry's testRoute,
 * /buildium-test), which names the system through `provider`.
 */
export function PropertyTestPage({ provider: fixed }: { provider?: PropertyProvider }) {
  const { provider = fixed } = useParams();
  if (!isPropertyProvider(provider)) return <Navigate replace to="/settings/integrations" />;
  return <SystemTestPanel key={provider} provider={provider} />;
}
