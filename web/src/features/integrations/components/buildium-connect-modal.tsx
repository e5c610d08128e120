import { integrationTexts } from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { FORM_VALIDATION_MODE } from '../../../lib/form-rules';
import { queryKeys } from '../../../lib/query-keys';
import {
  buildiumHealth,
  type ConnectResult,
  type KpisResult,
  useBuildiumConnect,
  useRefreshKpis,
  waitForSummary,
} from '../api/integrations';
import { formatCents, formatTime, rentalsLabel } from '../lib/format';
import { ConnectError } from './connect-error';

const schema = z.object({
  clientId: z.string().trim().min(1, integrationTexts.clientIdRequired),
  secret: z.string().trim().min(1, integrationTexts.secretRequired),
  baseUrl: z.string().trim(),
});
type Values = z.infer<typeof schema>;

type Phase =
  | { step: 'form' }
  | { step: 'connecting' }
  | { step: 'connected'; kpis: KpisResult | null }
  | { step: 'error'; message: string; traceId: string | null; httpStatus: number | null; errorCode: string | null };

interface BuildiumConnectModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful connection (Done). */
  onConnected?: () => void;
}

function KpiDisplay({ result }: { result: KpisResult | null }) {
  const kpis = result?.data;
  if (!kpis) {
    return <p className="text-muted-foreground text-sm">{result?.message ?? integrationTexts.noKpis}</p>;
  }
  const rows: [string, string][] = [
    [kpis.accountType === 'associations' ? 'Associations' : 'Rentals', String(kpis.rentals)],
    ['Unpaid bills', `${kpis.unpaidBills.count} (${formatCents(kpis.unpaidBills.amount)})`],
    ['Open tasks', String(kpis.openTasks)],
  ];
  return (
    <div className="rounded-lg border p-4" data-testid="modal-kpis">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="text-right font-medium tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-muted-foreground text-xs">
        {kpis.rentals} {rentalsLabel(kpis)} · fetched {formatTime(kpis.fetchedAt)}
      </p>
    </div>
  );
}

/**
 * Connect modal for the first system: Client ID, Secret, optional Base URL; form →
 * connecting → KPIs with Done, or an error with the trace ID. Health check first, then connect
 * (the server retries up to 3 times), then KPIs; afterwards summary-status is polled until ready.
 */
export function BuildiumConnectModal({ open, onOpenChange, onConnected }: BuildiumConnectModalProps) {
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const connect = useBuildiumConnect();
  const queryClient = useQueryClient();
  const refresh = useRefreshKpis();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { clientId: '', secret: '', baseUrl: '' },
  });
  const [clientId, secret] = useWatch({ control, name: ['clientId', 'secret'] });

  const showError = (r: Pick<ConnectResult, 'message' | 'trace_id' | 'http_status' | 'error_code'>) =>
    setPhase({
      step: 'error',
      message: r.message,
      traceId: r.trace_id,
      httpStatus: r.http_status,
      errorCode: r.error_code,
    });

  const loadKpis = async (successToast: string) => {
    try {
      const result = await refresh.mutateAsync();
      if (result.ok) toast.success(successToast);
      else toast.error(integrationTexts.toastKpiError(result.message ?? ''));
      setPhase({ step: 'connected', kpis: result });
    } catch (err) {
      toast.error(integrationTexts.toastKpiError(err instanceof Error ? err.message : ''));
      setPhase({ step: 'connected', kpis: null });
    }
  };

  const submit = async (values: Values) => {
    setPhase({ step: 'connecting' });
    try {
      const health = await buildiumHealth();
      if (!health.ok) {
        showError({ message: health.message, trace_id: null, http_status: null, error_code: health.error_code });
        return;
      }
      const result = await connect.mutateAsync({
        clientId: values.clientId.trim(),
        secret: values.secret.trim(),
        ...(values.baseUrl.trim() ? { baseUrl: values.baseUrl.trim() } : {}),
      });
      if (!result.ok) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.message });
        showError(result);
        return;
      }
      toast.success(integrationTexts.toastConnected);
      await loadKpis(integrationTexts.toastKpisLoaded);
      // The data read after connecting lands in a job: poll until it is ready, then refresh what shows it.
      void waitForSummary().then(() => queryClient.invalidateQueries({ queryKey: queryKeys.integrations }));
    } catch (err) {
      const message = err instanceof ApiError && err.status !== 0 ? err.message : integrationTexts.networkError;
      if (!(err instanceof ApiError) || err.status === 0) {
        toast.error(integrationTexts.toastNetworkError, { description: integrationTexts.toastNetworkErrorBody });
      }
      showError({ message, trace_id: null, http_status: null, error_code: null });
    }
  };

  const close = (next: boolean) => {
    if (!next) {
      setPhase({ step: 'form' });
      reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent aria-describedby="buildium-connect-description">
        <DialogHeader>
          <DialogTitle>Connect Buildium</DialogTitle>
          <DialogDescription id="buildium-connect-description">
            Enter the API client ID and secret of a read-only Buildium API key.
          </DialogDescription>
        </DialogHeader>

        {phase.step === 'form' || phase.step === 'connecting' ? (
          <form
            noValidate
            className="flex flex-col gap-4"
            aria-label="Buildium credentials"
            onSubmit={handleSubmit(submit)}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="buildium-client-id">Client ID</Label>
              <Input
                id="buildium-client-id"
                autoComplete="off"
                aria-invalid={errors.clientId ? true : undefined}
                {...register('clientId')}
              />
              {errors.clientId ? <p className="text-destructive text-sm">{errors.clientId.message}</p> : null}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="buildium-secret">Secret</Label>
              <Input
                id="buildium-secret"
                type="password"
                autoComplete="off"
                aria-invalid={errors.secret ? true : undefined}
                {...register('secret')}
              />
              {errors.secret ? <p className="text-destructive text-sm">{errors.secret.message}</p> : null}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="buildium-base-url">Base URL (optional)</Label>
              <Input
                id="buildium-base-url"
                placeholder="https://api.buildium.com"
                autoComplete="off"
                {...register('baseUrl')}
              />
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={phase.step === 'connecting' || !clientId.trim() || !secret.trim()}>
                {phase.step === 'connecting' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {phase.step === 'connecting' ? 'Connecting...' : 'Connect'}
              </Button>
            </div>
          </form>
        ) : null}

        {phase.step === 'connected' ? (
          <div className="flex flex-col gap-4">
            <p className="font-medium text-sm text-success">Buildium is connected.</p>
            <KpiDisplay result={phase.kpis} />
            <div className="flex justify-end gap-2">
              <Button
                variant="outline"
                disabled={refresh.isPending}
                onClick={() => void loadKpis(integrationTexts.toastKpisRefreshed)}
              >
                <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
                {phase.kpis?.ok ? 'Re-check KPIs' : 'Retry KPIs'}
              </Button>
              <Button
                onClick={() => {
                  close(false);
                  onConnected?.();
                }}
              >
                Done
              </Button>
            </div>
          </div>
        ) : null}

        {phase.step === 'error' ? (
          <div className="flex flex-col gap-4">
            <ConnectError
              provider="buildium"
              message={phase.message}
              traceId={phase.traceId}
              httpStatus={phase.httpStatus}
              errorCode={phase.errorCode}
            />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                Close
              </Button>
              <Button onClick={() => setPhase({ step: 'form' })}>Try again</Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
