import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBusinessRole } from './use-business-role';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  const { role, settled } = useBusinessRole();
  return (
    <p>
      {role} {settled ? 'settled' : 'checking'}
    </p>
  );
}

function renderProbe() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Probe />
    </QueryClientProvider>,
  );
}

describe('useBusinessRole', () => {
  it('defaults to employee once the role check has taken 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
    renderProbe();
    expect((await screen.findByText(/employee/)).textContent).toBe('employee checking');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_900);
    });
    expect(screen.getByText(/employee/).textContent).toBe('employee checking');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByText(/employee/).textContent).toBe('employee settled');
  });

  it('defaults to employee when the check fails', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'unknown_error', message: 'x' } }, { status: 500 }),
    );
    renderProbe();
    expect((await screen.findByText('employee settled')).textContent).toBe('employee settled');
  });

  it('uses the membership role when it arrives', async () => {
    const now = new Date().toISOString();
    vi.stubGlobal('fetch', async () =>
      Response.json({
        user: {
          id: '5b0f4f1e-7f7c-4d2e-9a1b-2c3d4e5f6a7b',
          aud: 'authenticated',
          role: 'authenticated',
          app_metadata: {},
          user_metadata: {},
          identities: [],
          is_anonymous: false,
          created_at: now,
          updated_at: now,
        },
        workspace: { id: '0b7c1a52-8d7e-4c8e-9a43-5f0e2d7c9b11', name: 'Oakridge Workspace', created_at: now },
        role: 'ADMIN',
        businessRole: 'manager',
      }),
    );
    renderProbe();
    expect((await screen.findByText('manager settled')).textContent).toBe('manager settled');
  });
});
