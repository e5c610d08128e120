import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../lib/auth-storage';
import { TopLevelErrorBoundary } from './error-boundary';

function Crash({ message }: { message: string }): never {
  throw new Error(message);
}

const fetchMock = vi.fn(async () => new Response('{}', { status: 201 }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function sentReports(): Record<string, unknown>[] {
  return (fetchMock.mock.calls as unknown as [string, RequestInit][])
    .filter(([url]) => String(url) === '/__client-log')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
}

describe('TopLevelErrorBoundary', () => {
  it('shows the crash screen and posts the crash to /__client-log', () => {
    render(
      <TopLevelErrorBoundary>
        <Crash message="Cannot read properties of undefined (reading 'units')" />
      </TopLevelErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong.');
    const [report] = sentReports();
    expect(report).toMatchObject({
      kind: 'general',
      boundary: 'top-level',
      message: "Cannot read properties of undefined (reading 'units')",
      path: '/',
    });
    expect(String(report?.componentStack)).toContain('Crash');
  });

  it('clears the stored sign-in for an authentication error', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x","refresh_token":"y"}');
    localStorage.setItem('unrelated', 'kept');
    render(
      <TopLevelErrorBoundary>
        <Crash message="Invalid ID for profile: session_8f2a. Must be a valid UUID, not a local session ID." />
      </TopLevelErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Authentication Error');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(sentReports()[0]).toMatchObject({ kind: 'auth' });
  });
});
