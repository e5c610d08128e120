import type { EndpointOutput } from '@helixis/contract';
import { useQueries } from '@tanstack/react-query';
import { CheckCircle2, CircleDashed, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Preflight = EndpointOutput<'oauthPreflight'>;
type Kind = 'env-check' | 'gmail' | 'outlook-mail';
type CheckState = 'pass' | 'fail' | 'pending';
interface Check {
  id: string;
  title: string;
  state: CheckState;
  detail: string;
}

const KINDS: Kind[] = ['env-check', 'gmail', 'outlook-mail'];

function secretsCheck(id: string, name: string, console: string, p: Preflight | undefined, error: Error | null): Check {
  if (error) return { id, title: `${name} client credentials`, state: 'fail', detail: error.message };
  if (!p) return { id, title: `${name} client credentials`, state: 'pending', detail: 'Checking...' };
  const own = (list: string[]) => list.filter((s) => s !== 'HELIXIS_PUBLIC_URL');
  const missing = own(p.missingSecrets);
  const invalid = own(p.invalidSecrets);
  if (missing.length === 0 && invalid.length === 0) {
    return { id, title: `${name} client credentials`, state: 'pass', detail: 'Client id and secret are configured.' };
  }
  const parts = [
    missing.length ? `Missing: ${missing.join(', ')}.` : '',
    invalid.length ? `Invalid: ${invalid.join(', ')}.` : '',
    `Create an OAuth client in ${console}, then set these variables on the server and restart it.`,
  ];
  return { id, title: `${name} client credentials`, state: 'fail', detail: parts.filter(Boolean).join(' ') };
}

function authUrlCheck(id: string, name: string, p: Preflight | undefined, error: Error | null): Check {
  const title = `${name} authorization request`;
  if (error) return { id, title, state: 'fail', detail: error.message };
  if (!p) return { id, title, state: 'pending', detail: 'Checking...' };
  if (p.authUrl) {
    return {
      id,
      title,
      state: 'pass',
      detail: `Authorization URL built. Register this redirect URI with the provider: ${p.redirectUri ?? '(unknown)'}`,
    };
  }
  return {
    id,
    title,
    state: 'fail',
    detail: 'No authorization URL could be built; fix the failing configuration checks above first.',
  };
}

/** /diagnostics/oauth: pass / fail / pending checks from the real oauth-preflight. */
export function OAuthDiagnosticsPage() {
  useDocumentTitle('OAuth diagnostics');
  const origin = globalThis.location?.origin;
  const results = useQueries({
    queries: KINDS.map((provider) => ({
      queryKey: [...queryKeys.integrations, 'oauth-preflight', provider, origin] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        invoke('oauthPreflight', { provider, origin, return_to: '/diagnostics/oauth' }, { signal }),
      retry: false,
    })),
  });
  const [env, gmail, outlook] = results as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];

  const checks: Check[] = [];
  if (env.error) checks.push({ id: 'public-url', title: 'Public app URL', state: 'fail', detail: env.error.message });
  else if (!env.data)
    checks.push({ id: 'public-url', title: 'Public app URL', state: 'pending', detail: 'Checking...' });
  else {
    const missing = env.data.missingSecrets.includes('HELIXIS_PUBLIC_URL');
    const invalid = env.data.invalidSecrets.includes('HELIXIS_PUBLIC_URL');
    checks.push({
      id: 'public-url',
      title: 'Public app URL',
      state: missing || invalid ? 'fail' : 'pass',
      detail: missing
        ? 'HELIXIS_PUBLIC_URL is not set. Set it to the address users open, so redirect URIs can be built.'
        : invalid
          ? 'HELIXIS_PUBLIC_URL must use https:// in production.'
          : `Configured as ${env.data.publicAppUrl}.`,
    });
    checks.push({
      id: 'origin',
      title: 'Browser address matches the public app URL',
      state: env.data.publicAppUrl === null ? 'pending' : env.data.originMismatch ? 'fail' : 'pass',
      detail:
        env.data.publicAppUrl === null
          ? 'Waiting for a public app URL.'
          : env.data.originMismatch
            ? `This page is open at ${origin}, but the server expects ${env.data.publicAppUrl}. Providers will redirect to the configured address.`
            : 'The address in your browser matches.',
    });
  }
  checks.push(secretsCheck('gmail-secrets', 'Gmail', 'Google Cloud Console', gmail.data, gmail.error));
  checks.push(authUrlCheck('gmail-auth', 'Gmail', gmail.data, gmail.error));
  checks.push(
    secretsCheck('outlook-secrets', 'Outlook', 'the Microsoft Entra admin center', outlook.data, outlook.error),
  );
  checks.push(authUrlCheck('outlook-auth', 'Outlook', outlook.data, outlook.error));

  const busy = results.some((r) => r.isFetching);
  const failed = checks.filter((c) => c.state === 'fail').length;
  const passed = checks.filter((c) => c.state === 'pass').length;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="space-y-2">
        <h1 className="font-semibold text-3xl tracking-tight">OAuth diagnostics</h1>
        <p className="text-muted-foreground">Checks the Gmail and Outlook sign-in configuration of this server.</p>
      </header>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div>
            <CardTitle as="h2">Checks</CardTitle>
            <CardDescription aria-live="polite">
              {busy ? 'Running checks...' : `${passed} passed, ${failed} failed of ${checks.length}.`}
            </CardDescription>
          </div>
          <Button
            disabled={busy}
            size="sm"
            variant="outline"
            onClick={() => {
              for (const r of results) void r.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
            Run again
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {checks.map((c) => (
              <li className="flex items-start gap-3 py-3" data-check={c.id} data-state={c.state} key={c.id}>
                {c.state === 'pass' ? (
                  <CheckCircle2 aria-label="Pass" className="mt-0.5 size-5 shrink-0 text-success" />
                ) : c.state === 'fail' ? (
                  <XCircle aria-label="Fail" className="mt-0.5 size-5 shrink-0 text-destructive" />
                ) : (
                  <CircleDashed aria-label="Pending" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                )}
                <div className="min-w-0">
                  <p className="font-medium text-sm">{c.title}</p>
                  <p className="break-words text-muted-foreground text-sm">{c.detail}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
