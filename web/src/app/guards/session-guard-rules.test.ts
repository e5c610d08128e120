// @vitest-environment jsdom
import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/auth-js';
import { afterEach, describe, expect, it } from 'vitest';
import { activeGrace, markGrace } from '../../lib/grace-windows';
import { classifyUserCheck, isCorruptedEntry, reasonForCode, skipReason } from './session-guard-rules';

afterEach(() => localStorage.clear());

const now = 1_750_000_000_000;
const base = { now, lastSignUpAt: null, grace: null };

describe('route guard skips', () => {
  it.each(['/', '/signin', '/auth', '/signup', '/auth-redirect', '/onboarding', '/onboarding/buildium'])(
    'skips %s',
    (pathname) => {
      expect(skipReason({ ...base, pathname })).toBe('auth or onboarding page');
    },
  );

  it('validates app pages', () => {
    expect(skipReason({ ...base, pathname: '/final-dashboard' })).toBeNull();
    expect(skipReason({ ...base, pathname: '/authors' })).toBeNull();
  });

  it('skips for 3 minutes after sign-up', () => {
    expect(skipReason({ ...base, pathname: '/chat', lastSignUpAt: now - 179_000 })).toBe('recent sign-up');
    expect(skipReason({ ...base, pathname: '/chat', lastSignUpAt: now - 180_000 })).toBeNull();
  });

  it.each([
    ['integration', 60_000],
    ['bootstrap', 90_000],
    ['summary', 45_000],
  ] as const)('holds the %s grace window for %i ms', (kind, windowMs) => {
    markGrace(kind, now);
    expect(activeGrace(now + windowMs - 1)).toBe(kind);
    expect(activeGrace(now + windowMs)).toBeNull();
    expect(skipReason({ ...base, pathname: '/chat', grace: activeGrace(now + 1) })).toBe(`${kind} grace window`);
  });
});

describe('current-user check codes', () => {
  it.each([
    [new AuthApiError('Too many requests', 429, 'over_request_rate_limit'), 'session_temporary_error'],
    [new DOMException('slow', 'TimeoutError'), 'session_temporary_error'],
    [
      new AuthApiError('Session from session_id claim in JWT does not exist', 403, 'session_not_found'),
      'session_error',
    ],
    [new AuthApiError('invalid JWT', 401, 'bad_jwt'), 'session_error'],
    [new AuthRetryableFetchError('Bad gateway', 502), 'session_unavailable'],
    [new AuthSessionMissingError(), 'not_authenticated'],
    [new Error('something odd'), 'auth_check_failed'],
  ])('%s → %s', (error, code) => {
    expect(classifyUserCheck(error)).toBe(code);
  });

  it('sends each definite failure to sign-in with its reason', () => {
    expect(reasonForCode).toEqual({
      session_temporary_error: null,
      session_error: 'invalid_session',
      session_unavailable: null,
      not_authenticated: 'session_expired',
      authentication_corrupted: 'corrupt_token',
      auth_check_failed: 'validation_error',
    });
  });

  it('recognises a corrupted stored session', () => {
    expect(isCorruptedEntry(null)).toBe(false);
    expect(isCorruptedEntry('{"access_token":"a","refresh_token":"b"}')).toBe(false);
    expect(isCorruptedEntry('{"access_token":')).toBe(true);
    expect(isCorruptedEntry('{"user":{}}')).toBe(true);
    expect(isCorruptedEntry('null')).toBe(true);
  });
});
