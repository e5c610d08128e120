import {
  INTEGRATION_CONSTANTS,
  integrationTexts,
  isPropertyProvider,
  PROPERTY_PROVIDERS,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyProvider,
} from '@helixis/contract';
import { ChevronDown, ChevronRight, LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../../workspaces';
import { canReverify, useIntegrationsStatus, usePropertyConnect, usePropertyVerify } from '../api/integrations';
import { ConnectError, type ConnectFailure } from '../components/connect-error';
import {
  credentialInputId,
  missingFields,
  PropertyConnectDialog,
  typedCredentials,
} from '../components/property-connect-dialog';
import { PropertyKpis } from '../components/property-kpis';
import { formatTime } from '../lib/format';

const STATUS_TEXT = { never: 'Never connected', connected: 'Connected', invalid: 'Invalid' } as const;

function Countdown({ name, onStay }: { name: string; onStay: () => void }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState<number>(INTEGRATION_CONSTANTS.redirectCountdownSeconds);
  useEffect(() => {
    if (left <= 0) {
      navigate('/onboarding/confirm');
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Alert variant="success" className="flex-col" role="status">
      <p>
        {name} is connected. Continuing onboarding in {left} seconds...
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => navigate('/onboarding/confirm')}>
          Continue Onboarding Now
        </Button>
        <Button size="sm" variant="outline" onClick={onStay}>
          Stay Here
        </Button>
      </div>
    </Alert>
  );
}

/** Another system's status, with its connect dialog. */
function OtherSystemCard({ provider }: { provider: PropertyProvider }) {
  const status = useIntegrationsStatus();
  const [open, setOpen] = useState(false);
  const name = PROPERTY_SYSTEM_NAMES[provider];
  const state = status.data?.[provider];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{name}</CardTitle>
        <CardDescription>
          Status: {STATUS_TEXT[state?.status ?? 'never']}
          {state?.host ? ` · ${state.host}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {`${state?.connected ? 'Reconnect' : 'Connect'} ${name}`}
        </Button>
      </CardContent>
      <PropertyConnectDialog provider={provider} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/** Connection settings of one system: its credentials, re-verify, how to get a key, its KPIs, and the other systems. */
function SystemSettings({ provider }: { provider: PropertyProvider }) {
  const name = PROPERTY_SYSTEM_NAMES[provider];
  const screens = PROPERTY_SYSTEM_SCREENS[provider];
  useDocumentTitle(`${name} settings`);
  const { user } = useAuth();
  const me = useMe();
  const status = useIntegrationsStatus();
  const connect = usePropertyConnect(provider);
  const verify = usePropertyVerify(provider);
  const [params] = useSearchParams();
  const fromOnboarding = params.get('from') === 'onboarding';
  const [values, setValues] = useState({ clientId: '', secret: '', endpoint: '' });
  const [advanced, setAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ConnectFailure | null>(null);
  const [countdown, setCountdown] = useState(false);

  if (!user) return <Alert variant="destructive">{integrationTexts.signInToConnect(name)}</Alert>;
  if (me.isPending) return <PageStatus label={integrationTexts.loadingWorkspace} />;
  if (me.isError) return <Alert variant="destructive">{integrationTexts.workspaceLoadFailed}</Alert>;
  if (!me.data.workspace) return <Alert>{integrationTexts.createWorkspace(name)}</Alert>;
  const workspaceId = me.data.workspace.id;

  const state = status.data?.[provider];
  const busy = connect.isPending || verify.isPending;
  const incomplete = missingFields(screens.fields, values).length > 0;
  const shown = screens.fields.filter((f) => f.required);
  const hidden = screens.fields.filter((f) => !f.required);
  const placeholderOf = (key: keyof typeof values, fallback: string | undefined) =>
    key === 'clientId' ? (state?.clientId ?? fallback) : key === 'endpoint' ? (state?.baseUrl ?? fallback) : fallback;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (incomplete) {
      setFormError(integrationTexts.missingInfoBody);
      return;
    }
    setFormError(null);
    try {
      const result = await connect.mutateAsync({ ...typedCredentials(screens.fields, values), workspaceId });
      if (!result.ok) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.message });
        setFailure(result);
        return;
      }
      toast.success(integrationTexts.toastConnected);
      setValues((v) => ({ ...v, secret: '' }));
      if (fromOnboarding) setCountdown(true);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        toast.error(integrationTexts.toastConnectionFailed, { description: err.message });
        setFailure({ message: err.message, traceId: null, httpStatus: null, errorCode: null });
      } else {
        toast.error(integrationTexts.toastNetworkError, { description: integrationTexts.toastNetworkErrorBody });
      }
    }
  };

  const reverify = async () => {
    setFailure(null);
    try {
      const result = await verify.mutateAsync();
      if (result.ok) toast.success(integrationTexts.toastConnected);
      else {
        const title =
          result.status === 'invalid' ? integrationTexts.toastConnectionInvalid : integrationTexts.toastReverifyFailed;
        toast.error(title, { description: result.message });
        setFailure(result);
      }
    } catch {
      toast.error(integrationTexts.toastReverifyFailed);
    }
  };

  const input = (field: (typeof screens.fields)[number], label: string) => {
    const id = credentialInputId('settings', field.key);
    return (
      <div className="flex flex-col gap-2" key={field.key}>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={field.secret ? 'password' : undefined}
          value={values[field.key]}
          onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
          placeholder={placeholderOf(field.key, field.placeholder)}
          autoComplete="off"
        />
        {field.help ? <p className="text-muted-foreground text-xs">{field.help}</p> : null}
      </div>
    );
  };

  const current = state?.status ?? 'never';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">{name} integration</h1>
        <p className="mt-1 text-muted-foreground">Connect your {name} account so the assistant knows your portfolio.</p>
      </div>
      {countdown ? <Countdown name={name} onStay={() => setCountdown(false)} /> : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Connection</CardTitle>
          <CardDescription>
            Status:{' '}
            <Badge
              variant={current === 'connected' ? 'success' : current === 'invalid' ? 'outline' : 'secondary'}
              className={current === 'invalid' ? 'border-destructive/40 text-destructive' : undefined}
              data-testid={`${provider}-status`}
            >
              {STATUS_TEXT[current]}
            </Badge>{' '}
            · Last verified: {formatTime(state?.lastVerifiedAt)}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-4"
            aria-label={`${name} settings`}
            onSubmit={(e) => void save(e)}
          >
            {shown.map((field) => input(field, field.label))}
            {hidden.length ? (
              <button
                type="button"
                className="flex w-fit cursor-pointer items-center gap-1 text-primary text-sm"
                aria-expanded={advanced}
                onClick={() => setAdvanced((a) => !a)}
              >
                {advanced ? (
                  <ChevronDown className="size-4" aria-hidden="true" />
                ) : (
                  <ChevronRight className="size-4" aria-hidden="true" />
                )}
                Advanced
              </button>
            ) : null}
            {advanced ? hidden.map((field) => input(field, field.settingsLabel ?? field.label)) : null}
            {formError ? <p className="text-destructive text-sm">{formError}</p> : null}
            {failure ? <ConnectError provider={provider} failure={failure} /> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy || incomplete}>
                {connect.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Save &amp; Verify
              </Button>
              {canReverify(provider) ? (
                <Button variant="outline" disabled={busy || current === 'never'} onClick={() => void reverify()}>
                  {verify.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  Re-verify
                </Button>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>
      {screens.apiKeySteps.length ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">How to get your API key</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {screens.apiKeySteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}
      {current !== 'never' ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Property KPIs</CardTitle>
          </CardHeader>
          <CardContent>
            <PropertyKpis />
          </CardContent>
        </Card>
      ) : null}
      {PROPERTY_PROVIDERS.filter((p) => p !== provider).map((p) => (
        <OtherSystemCard key={p} provider={p} />
      ))}
    </div>
  );
}

/**
 * /settings/integrations/:provider (the spec's /settings/integrations/buildium among them): the settings
 * page of the system the address names; an unknown one goes back to /settings/integrations.
 */
export function PropertySettingsPage() {
  const { provider } = useParams();
  if (!isPropertyProvider(provider)) return <Navigate replace to="/settings/integrations" />;
  return <SystemSettings key={provider} provider={provider} />;
}
