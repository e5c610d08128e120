import { PROPERTY_PROVIDERS } from '@helixis/contract';
import { clearStoredAuth } from './auth-storage';
import { crashReport, reportCrash } from './client-log';

export type ErrorKind = 'auth' | 'integration' | 'general';

/** Words of an integration failure: the property systems' ids among them (their names are the ids' letters). */
const INTEGRATION_HINT = new RegExp(
  ['integration', ...PROPERTY_PROVIDERS, 'oauth', 'connector', 'upstream'].join('|'),
  'i',
);
const AUTH_HINT = /uuid|invalid|authentication|session_/i;

/** Doc 1 §4: auth when the message speaks of UUIDs, invalid data, authentication or a session id, unless it is about an integration. */
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

/**
 * What every error boundary (the app's, the router's, a dashboard card's) does with a caught error: auth
 * errors drop the stored sign-in (doc 1 §4), all are reported.
 */
export function handleCaughtError(error: unknown, boundary: 'top-level' | 'route', componentStack?: string | null) {
  const kind = classifyError(errorText(error));
  if (kind === 'auth') clearStoredAuth();
  reportCrash(crashReport(error, kind, boundary, componentStack));
}
