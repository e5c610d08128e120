import {
  integrationTexts,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyCredentialInput,
  type PropertyProvider,
} from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { FORM_VALIDATION_MODE } from '../../../lib/form-rules';
import { queryKeys } from '../../../lib/query-keys';
import { useMe } from '../../workspaces';
import {
  type KpisResult,
  propertySystemHealth,
  type TypedPropertyCredentials,
  usePropertyConnect,
  useRefreshKpis,
  waitForSummary,
} from '../api/integrations';
import { formatCents, formatTime, rentalsLabel } from '../lib/format';
import { ConnectError, type ConnectFailure } from './connect-error';

type Key = PropertyCredentialInput['key'];
type Values = Record<Key, string>;

const EMPTY: Values = { clientId: '', secret: '', endpoint: '' };
const KEBAB: Record<Key, string> = { clientId: 'client-id', secret: 'secret', endpoint: 'endpoint' };

/** The id of a credential input on a screen ('buildium-client-id', 'settings-endpoint'). */
export const credentialInputId = (prefix: string, key: Key) => `${prefix}-${KEBAB[key]}`;

/** The values as sent: trimmed, a host-only field without its https://. */
export function typedCredentials(fields: readonly PropertyCredentialInput[], values: Values): TypedPropertyCredentials {
  const hostOnly = fields.some((f) => f.key === 'endpoint' && f.hostOnly);
  const endpoint = values.endpoint.trim();
  return {
    clientId: values.clientId.trim(),
    secret: values.secret.trim(),
    endpoint: hostOnly ? endpoint.replace(/^https:\/\//i, '') : endpoint,
  };
}

/** Required fields left empty (after trimming, a host-only field without its https://). */
export function missingFields(fields: readonly PropertyCredentialInput[], values: Values): PropertyCredentialInput[] {
  const typed = typedCredentials(fields, values);
  return fields.filter((f) => f.required && !typed[f.key]);
}

function schemaOf(fields: readonly PropertyCredentialInput[]) {
  const shape = Object.fromEntries(
    (Object.keys(EMPTY) as Key[]).map((key) => {
      const field = fields.find((f) => f.key === key);
      return [key, field?.required ? z.string().trim().min(1, `${field.label} is required`) : z.string().trim()];
    }),
  ) as Record<Key, z.ZodString>;
  return z.object(shape);
}

interface CredentialInputsProps {
  provider: PropertyProvider;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

/** The system's credential fields, in its catalogue's order. */
function CredentialInputs({ provider, register, errors }: CredentialInputsProps) {
  return PROPERTY_SYSTEM_SCREENS[provider].fields.map((field) => {
    const id = credentialInputId(provider, field.key);
    const error = errors[field.key]?.message;
    return (
      <div className="flex flex-col gap-2" key={field.key}>
        <Label htmlFor={id}>{field.label}</Label>
        <Input
          id={id}
          type={field.secret ? 'password' : undefined}
          placeholder={field.placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          {...register(field.key)}
        />
        {field.help ? <p className="text-muted-foreground text-xs">{field.help}</p> : null}
        {error ? <p className="text-destructive text-sm">{error}</p> : null}
      </div>
    );
  });
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

/** The failure an exception stands for: the server's words, or the network error. */
function failureOf(err: unknown): ConnectFailure {
  const message = err instanceof ApiError && err.status !== 0 ? err.message : integrationTexts.networkError;
  return { message, traceId: null, httpStatus: null, errorCode: null };
}

interface FlowProps {
  provider: PropertyProvider;
  /** Closes the dialog (resetting it). */
  close: () => void;
  onConnected?: () => void;
}

type Phase =
  | { step: 'form' }
  | { step: 'connecting' }
  | { step: 'connected'; kpis: KpisResult | null }
  | ({ step: 'error' } & ConnectFailure);

/**
 * The 'verify' flow: Connect is enabled once the required fields are filled; the server configuration
 * check (where the system has one), then connect (the server retries up to 3 times), then the first KPI
 * read with Done, or the error with its trace ID; afterwards summary-status is polled until ready.
 */
function VerifyFlow({ provider, close, onConnected }: FlowProps) {
  const { fields } = PROPERTY_SYSTEM_SCREENS[provider];
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const connect = usePropertyConnect(provider);
  const queryClient = useQueryClient();
  const refresh = useRefreshKpis();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schemaOf(fields)), mode: FORM_VALIDATION_MODE, defaultValues: EMPTY });
  const values = useWatch({ control }) as Values;
  const incomplete = missingFields(fields, { ...EMPTY, ...values }).length > 0;

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

  const submit = async (typedValues: Values) => {
    setPhase({ step: 'connecting' });
    try {
      const health = await propertySystemHealth(provider);
      if (health && !health.ok) {
        setPhase({
          step: 'error',
          message: health.message,
          traceId: null,
          httpStatus: null,
          errorCode: health.error_code,
        });
        return;
      }
      const result = await connect.mutateAsync(typedCredentials(fields, typedValues));
      if (!result.ok) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.message });
        setPhase({ step: 'error', ...result });
        return;
      }
      toast.success(integrationTexts.toastConnected);
      await loadKpis(integrationTexts.toastKpisLoaded);
      // The data read after connecting lands in a job: poll until it is ready, then refresh what shows it.
      void waitForSummary().then(() => queryClient.invalidateQueries({ queryKey: queryKeys.integrations }));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0) {
        toast.error(integrationTexts.toastNetworkError, { description: integrationTexts.toastNetworkErrorBody });
      }
      setPhase({ step: 'error', ...failureOf(err) });
    }
  };

  if (phase.step === 'connected') {
    return (
      <div className="flex flex-col gap-4">
        <p className="font-medium text-sm text-success">{PROPERTY_SYSTEM_NAMES[provider]} is connected.</p>
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
              close();
              onConnected?.();
            }}
          >
            Done
          </Button>
        </div>
      </div>
    );
  }
  if (phase.step === 'error') {
    return (
      <div className="flex flex-col gap-4">
        <ConnectError provider={provider} failure={phase} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          <Button onClick={() => setPhase({ step: 'form' })}>Try again</Button>
        </div>
      </div>
    );
  }
  const connecting = phase.step === 'connecting';
  return (
    <CredentialsForm provider={provider} onSubmit={(e) => void handleSubmit(submit)(e)}>
      <CredentialInputs provider={provider} register={register} errors={errors} />
      <SubmitRow close={close} connecting={connecting} disabled={connecting || incomplete} />
    </CredentialsForm>
  );
}

/**
 * The 'save' flow: Connect is always enabled and names missing fields in a toast; connecting needs the
 * workspace; a failure shows under the fields, a success closes the dialog.
 */
function SaveFlow({ provider, close, onConnected }: FlowProps) {
  const { fields } = PROPERTY_SYSTEM_SCREENS[provider];
  const me = useMe();
  const connect = usePropertyConnect(provider);
  const [failure, setFailure] = useState<ConnectFailure | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: EMPTY });

  const submit = async (values: Values) => {
    setFailure(null);
    if (missingFields(fields, values).length > 0) {
      toast.error(integrationTexts.missingInfoTitle, { description: integrationTexts.missingInfoBody });
      return;
    }
    const workspaceId = me.data?.workspace.id;
    if (!workspaceId) {
      toast.error(integrationTexts.toastWorkspaceRequired, { description: integrationTexts.noWorkspace });
      return;
    }
    try {
      const result = await connect.mutateAsync({ ...typedCredentials(fields, values), workspaceId });
      if (!result.ok) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.message || undefined });
        setFailure(result);
        return;
      }
      toast.success(integrationTexts.toastConnected);
      close();
      onConnected?.();
    } catch (err) {
      setFailure(failureOf(err));
    }
  };

  return (
    <CredentialsForm provider={provider} onSubmit={(e) => void handleSubmit(submit)(e)}>
      <CredentialInputs provider={provider} register={register} errors={formState.errors} />
      {failure ? <ConnectError provider={provider} failure={failure} /> : null}
      <SubmitRow close={close} connecting={connect.isPending} disabled={connect.isPending} />
    </CredentialsForm>
  );
}

function CredentialsForm(props: {
  provider: PropertyProvider;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={`${PROPERTY_SYSTEM_NAMES[props.provider]} credentials`}
      onSubmit={props.onSubmit}
    >
      {props.children}
    </form>
  );
}

function SubmitRow({ close, connecting, disabled }: { close: () => void; connecting: boolean; disabled: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={close}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled}>
        {connecting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {connecting ? 'Connecting...' : 'Connect'}
      </Button>
    </div>
  );
}

interface PropertyConnectDialogProps {
  provider: PropertyProvider;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful connection. */
  onConnected?: () => void;
}

/**
 * The connect dialog of any property system, rendered from its catalogue entry (PROPERTY_SYSTEM_SCREENS):
 * the title names the system, the fields are its credential inputs, and the entry's dialogFlow picks the
 * steps. Closing it forgets what was typed.
 */
export function PropertyConnectDialog({ provider, open, onOpenChange, onConnected }: PropertyConnectDialogProps) {
  const name = PROPERTY_SYSTEM_NAMES[provider];
  const descriptionId = `${provider}-connect-description`;
  const [round, setRound] = useState(0);
  const change = (next: boolean) => {
    if (!next) setRound((n) => n + 1);
    onOpenChange(next);
  };
  const Flow = PROPERTY_SYSTEM_SCREENS[provider].dialogFlow === 'verify' ? VerifyFlow : SaveFlow;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent aria-describedby={descriptionId}>
        <DialogHeader>
          <DialogTitle>{`Connect ${name}`}</DialogTitle>
          <DialogDescription id={descriptionId}>{PROPERTY_SYSTEM_SCREENS[provider].connectHelp}</DialogDescription>
        </DialogHeader>
        <Flow key={round} provider={provider} close={() => change(false)} onConnected={onConnected} />
      </DialogContent>
    </Dialog>
  );
}
