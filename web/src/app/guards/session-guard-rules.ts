import { SIGNUP_GRACE_ROUTE_GUARD_MS } from '@helixis/contract';
// The error checks only, from their own module: the auth client itself loads on first use (lib/auth-client.ts).
import {
  isAuthApiError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
} from '@supabase/auth-js/dist/module/lib/errors';
import type { GraceKind } from '../../lib/grace-windows';

/** Current-user check outcomes; a definite failure sends the user to sign in with a reason. */
export type SessionCode =
  | 'session_temporary_error'
  | 'session_error'
  | 'session_unavailable'
  | 'not_authenticated'
  | 'authentication_corrupted'
  | 'auth_check_failed';

/** The sign-in `reason` each failing code sends the user with; null: stay, it may pass. */
export const reasonForCode: Record<SessionCode, string | null> = {
  // Rate limit or timeout: the session may be fine, so nobody is signed out over it.
  session_temporary_error: null,
  session_error: 'invalid_session',
  // The auth service did not answer: signing in again would not help either.
  session_unavailable: null,
  not_authenticated: 'session_expired',
  authentication_corrupted: 'corrupt_token',
  auth_check_failed: 'validation_error',
};

/** Auth pages and onboarding pages are never validated, nor public pages. */
const SKIPPED = [/^\/$/, /^\/signin/, /^\/signup/, /^\/auth(\/|$|-redirect)/, /^\/onboarding/];

export interface GuardInput {
  pathname: string;
  now: number;
  lastSignUpAt: number | null;
  grace: GraceKind | null;
}

/** Why the guard leaves this page alone, or null when it should validate the session. */
export function skipReason({ pathname, now, lastSignUpAt, grace }: GuardInput): string | null {
  if (SKIPPED.some((pattern) => pattern.test(pathname))) return 'auth or onboarding page';
  if (lastSignUpAt !== null && now - lastSignUpAt >= 0 && now - lastSignUpAt < SIGNUP_GRACE_ROUTE_GUARD_MS) {
    return 'recent sign-up';
  }
  if (grace) return `${grace} grace window`;
  return null;
}

/** Classifies a failed current-user read into the session codes above. */
export function classifyUserCheck(error: unknown): SessionCode {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'session_temporary_error';
  if (isAuthSessionMissingError(error)) return 'not_authenticated';
  if (isAuthRetryableFetchError(error)) return error.status === 429 ? 'session_temporary_error' : 'session_unavailable';
  if (isAuthApiError(error)) {
    if (error.status === 429) return 'session_temporary_error';
    if (error.status === 401 || error.status === 403) return 'session_error';
    if (error.status >= 500) return 'session_unavailable';
  }
  return 'auth_check_failed';
}

/** True when the stored session entry exists but is not a readable session (corrupted auth data). */
export function isCorruptedEntry(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const value = JSON.parse(raw) as { access_token?: unknown; refresh_token?: unknown } | null;
    return !(typeof value?.access_token === 'string' && typeof value.refresh_token === 'string');
  } catch {
    return true;
  }
}
