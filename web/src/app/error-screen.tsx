import { CircleAlert, KeyRound, PlugZap, RefreshCw } from 'lucide-react';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';

export type ErrorKind = 'auth' | 'integration' | 'general';

const INTEGRATION_HINT = /integration|buildium|appfolio|oauth|connector|upstream/i;
const AUTH_HINT = /uuid|invalid|authentication|session_/i;

/** Auth when the message speaks of UUIDs, invalid data, authentication or a session id, unless it is about an integration. */
export function classifyError(message: string): ErrorKind {
  if (INTEGRATION_HINT.test(message)) return 'integration';
  if (AUTH_HINT.test(message)) return 'auth';
  return 'general';
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'statusText' in error) return String(error.statusText);
  return 'Unknown error';
}

const reload = () => globalThis.location.reload();

/**
 * The crash screen of the error boundaries. Links are plain anchors (a full page load) so it works with or
 * without the router, and a fresh start is what a crashed app needs.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = errorText(error);
  const kind = classifyError(message);
  const title = { auth: 'Authentication Error', integration: 'Integration Error', general: 'Something went wrong.' }[
    kind
  ];
  const Icon = { auth: KeyRound, integration: PlugZap, general: CircleAlert }[kind];
  const primary = buttonVariants();
  const secondary = buttonVariants({ variant: 'outline' });

  return (
    <main className="flex min-h-svh items-center justify-center bg-background px-4 py-10">
      <Card role="alert" className="w-full max-w-lg">
        <CardHeader>
          <div className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-5 text-destructive" />
            <CardTitle as="h1">{title}</CardTitle>
          </div>
          <CardDescription>
            {kind === 'auth'
              ? 'Your sign-in could not be verified. Signing in again starts a fresh session.'
              : kind === 'integration'
                ? 'A connected service caused a problem. Try again, or check the integration settings.'
                : 'The page stopped working. Reloading usually fixes it.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted px-3 py-2 font-mono text-muted-foreground text-xs">
            {message}
          </pre>
        </CardContent>
        <CardFooter className="flex-wrap">
          {kind === 'auth' ? (
            <>
              <a className={primary} href="/signin?clearauth=true&reason=error_boundary">
                Sign In Again
              </a>
              <button type="button" className={secondary} onClick={reload}>
                <RefreshCw aria-hidden="true" />
                Refresh Page
              </button>
            </>
          ) : kind === 'integration' ? (
            <>
              <button type="button" className={primary} onClick={reload}>
                <RefreshCw aria-hidden="true" />
                Try Again
              </button>
              <a className={secondary} href="/settings">
                Check Integration Settings
              </a>
            </>
          ) : (
            <button type="button" className={primary} onClick={reload}>
              <RefreshCw aria-hidden="true" />
              Reload
            </button>
          )}
        </CardFooter>
      </Card>
    </main>
  );
}
