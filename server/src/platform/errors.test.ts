import { errorCatalogue } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { AppError, isAppError, isPermissionDenied, isUniqueViolation } from './errors';

describe('AppError', () => {
  it.each(Object.entries(errorCatalogue))('%s takes its status and text from the catalogue', (code, entry) => {
    const error = new AppError(code as keyof typeof errorCatalogue);
    expect(error.status).toBe(entry.status);
    expect(error.userMessage).toBe(entry.message);
    expect(error.message).toBe(entry.message);
    expect(isAppError(error)).toBe(true);
  });

  it('lets a caller override status and text, and keeps the cause for the logs', () => {
    const cause = new Error('internal detail');
    const error = new AppError('url_fetch_failed', {
      status: 503,
      userMessage: 'The address redirected too many times.',
      cause,
      details: { hops: 6 },
      headers: { 'retry-after': '5' },
    });
    expect(error).toMatchObject({ code: 'url_fetch_failed', status: 503, details: { hops: 6 } });
    expect(error.userMessage).toBe('The address redirected too many times.');
    expect(error.cause).toBe(cause);
    expect(error.headers).toEqual({ 'retry-after': '5' });
    expect(isAppError(new Error('plain'))).toBe(false);
  });

  it('gives the catalogue codes user texts, never an empty message', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.message.trim().length, code).toBeGreaterThan(0);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
    expect(errorCatalogue.url_not_allowed).toEqual({ status: 400, message: 'This address cannot be fetched.' });
    expect(errorCatalogue.url_fetch_failed.status).toBe(502);
    expect(errorCatalogue.url_too_large.status).toBe(413);
    expect(errorCatalogue.url_timeout.status).toBe(504);
  });
});

describe('database error classification', () => {
  it('finds insufficient_privilege (RLS) and unique_violation through wrapping causes', () => {
    const rls = Object.assign(new Error('new row violates row-level security policy'), { code: '42501' });
    expect(isPermissionDenied(rls)).toBe(true);
    expect(isPermissionDenied(new Error('query failed', { cause: new Error('wrapped', { cause: rls }) }))).toBe(true);
    expect(isPermissionDenied(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isPermissionDenied(undefined)).toBe(false);

    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isUniqueViolation(new Error('insert failed', { cause: unique }))).toBe(true);
    expect(isUniqueViolation(rls)).toBe(false);
  });
});
