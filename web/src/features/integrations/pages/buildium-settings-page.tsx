import { INTEGRATION_CONSTANTS, integrationTexts, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { ChevronDown, ChevronRight, LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
import { useBuildiumConnect, useBuildiumVerify, useIntegrationsStatus } from '../api/integrations';
import { AppfolioConnectModal } from '../components/appfolio-connect-modal';
import { ConnectError } from '../components/connect-error';
import { PropertyKpis } from '../components/property-kpis';
import { formatTime } from '../lib/format';

const STATUS_TEXT = { never: 'Never connected', connected: 'Connected', invalid: 'Invalid' } as const;

function Countdown({ onStay }: { onStay: () => void }) {
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
      <p>Buildium is connected. Continuing onboarding in {left} seconds...</p>
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

/** Connection settings for the first system. */
export function BuildiumSettingsPage() {
  useDocumentTitle('Buildium settings');
  const { user } = useAuth();
  const me = useMe();
  const status = useIntegrationsStatus();
  const connect = useBuildiumConnect();
  const verify = useBuildiumVerify();
  const [params] = useSearchParams();
  const fromOnboarding = params.get('from') === 'onboarding';
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [host, setHost] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{
    message: string;
    traceId: string | null;
    httpStatus: number | null;
    code: string | null;
  } | null>(null);
  const [countdown, setCountdown] = useState(false);
  const [appfolioOpen, setAppfolioOpen] = useState(false);

  if (!user)
    return <Alert variant="destructive">{integrationTexts.signInToConnect(PROPERTY_SYSTEM_NAMES.buildium)}</Alert>;
  if (me.isPending) return <PageStatus label={integrationTexts.loadingWorkspace} />;
  if (me.isError) return <Alert variant="destructive">{integrationTexts.workspaceLoadFailed}</Alert>;
  if (!me.data.workspace) return <Alert>{integrationTexts.createWorkspace(PROPERTY_SYSTEM_NAMES.buildium)}</Alert>;

  const buildium = status.data?.buildium;
  const appfolio = status.data?.appfolio;
  const busy = connect.isPending || verify.isPending;
  const disabled = busy || !clientId.trim() || !secret.trim();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!clientId.trim() || !secret.trim()) {
      setFormError(integrationTexts.bothRequired);
      return;
    }
    setFormError(null);
    try {
      const result = await connect.mutateAsync({
        clientId: clientId.trim(),
        secret: secret.trim(),
        workspaceId: me.data.workspace.id,
        ...(host.trim() ? { host: host.trim() } : {}),
      });
      if (!result.ok) {
        toast.error(integrationTexts.toastConnectionFailed, { description: result.message });
        setFailure({
          message: result.message,
          traceId: result.trace_id,
          httpStatus: result.http_status,
          code: result.error_code,
        });
        return;
      }
      toast.success(integrationTexts.toastConnected);
      setSecret('');
      if (fromOnboarding) setCountdown(true);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        toast.error(integrationTexts.toastConnectionFailed, { description: err.message });
        setFailure({ message: err.message, traceId: null, httpStatus: null, code: null });
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
        toast.error(
          result.status === 'invalid' ? integrationTexts.toastConnectionInvalid : integrationTexts.toastReverifyFailed,
          {
            description: result.message,
          },
        );
        setFailure({
          message: result.message,
          traceId: result.trace_id,
          httpStatus: result.http_status,
          code: result.error_code,
        });
      }
    } catch {
      toast.error(integrationTexts.toastReverifyFailed);
    }
  };

  const current = buildium?.status ?? 'never';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Buildium integration</h1>
        <p className="mt-1 text-muted-foreground">
          Connect your Buildium account so the assistant knows your portfolio.
        </p>
      </div>
      {countdown ? <Countdown onStay={() => setCountdown(false)} /> : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Connection</CardTitle>
          <CardDescription>
            Status:{' '}
            <Badge
              variant={current === 'connected' ? 'success' : current === 'invalid' ? 'outline' : 'secondary'}
              className={current === 'invalid' ? 'border-destructive/40 text-destructive' : undefined}
              data-testid="buildium-status"
            >
              {STATUS_TEXT[current]}
            </Badge>{' '}
            · Last verified: {formatTime(buildium?.lastVerifiedAt)}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-4"
            aria-label="Buildium settings"
            onSubmit={(e) => void save(e)}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-client-id">Client ID</Label>
              <Input
                id="settings-client-id"
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                placeholder={buildium?.clientId ?? ''}
                autoComplete="off"
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-secret">Secret</Label>
              <Input
                id="settings-secret"
                type="password"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                autoComplete="off"
              />
            </div>
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
            {advanced ? (
              <div className="flex flex-col gap-2">
                <Label htmlFor="settings-host">API Host</Label>
                <Input
                  id="settings-host"
                  value={host}
                  onChange={(e) => setHost(e.target.value)}
                  placeholder={buildium?.baseUrl ?? 'https://api.buildium.com'}
                />
              </div>
            ) : null}
            {formError ? <p className="text-destructive text-sm">{formError}</p> : null}
            {failure ? (
              <ConnectError
                provider="buildium"
                message={failure.message}
                traceId={failure.traceId}
                httpStatus={failure.httpStatus}
                errorCode={failure.code}
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={disabled}>
                {connect.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Save &amp; Verify
              </Button>
              <Button variant="outline" disabled={busy || current === 'never'} onClick={() => void reverify()}>
                {verify.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Re-verify
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">How to get your API key</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>In Buildium, open Settings › Application settings › API settings.</li>
            <li>Create an API key with read-only (view) access.</li>
            <li>
              Grant view permission on rental properties and units, leases, tenants, work orders, tasks and outstanding
              balances.
            </li>
            <li>
              Copy the Client ID and Secret here and press Save &amp; Verify. Use Advanced › API Host for the sandbox
              (https://apisandbox.buildium.com).
            </li>
          </ol>
        </CardContent>
      </Card>
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
      <Card>
        <CardHeader>
          <CardTitle as="h2">AppFolio</CardTitle>
          <CardDescription>
            Status: {STATUS_TEXT[appfolio?.status ?? 'never']}
            {appfolio?.host ? ` · ${appfolio.host}` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => setAppfolioOpen(true)}>
            {appfolio?.connected ? 'Reconnect AppFolio' : 'Connect AppFolio'}
          </Button>
        </CardContent>
      </Card>
      <AppfolioConnectModal open={appfolioOpen} onOpenChange={setAppfolioOpen} />
    </div>
  );
}
