import type { BusinessRole } from '@helixis/contract';
import type { Session, User } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../features/workspaces/api/get-me';
import { AuthContext, type AuthState } from '../../lib/auth-context';
import { recordSignUp } from '../../lib/auth-storage';
import { queryKeys } from '../../lib/query-keys';
import { RequireAuth } from './require-auth';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const userId = '5b0f4f1e-7f7c-4d2e-9a1b-2c3d4e5f6a7b';
const workspaceId = '0b7c1a52-8d7e-4c8e-9a43-5f0e2d7c9b11';
const now = new Date().toISOString();

const user = {
  id: userId,
  aud: 'authenticated',
  role: 'authenticated',
  email: 'manager@oakridge.co',
  app_metadata: {},
  user_metadata: {},
  identities: [],
  is_anonymous: false,
  created_at: now,
  updated_at: now,
} satisfies Me['user'];

function authState(signedIn: boolean, ready = true): AuthState {
  const noop = async () => ({ session: null, error: null });
  return {
    authReady: ready,
    session: signedIn ? ({ user } as unknown as Session) : null,
    user: signedIn ? (user as unknown as User) : null,
    signedOutByUser: false,
    signIn: noop,
    signUp: noop,
    signOut: async () => undefined,
    clearAuth: async () => undefined,
  };
}

function SignInProbe() {
  const location = useLocation();
  return <p>sign-in page at {location.pathname + location.search}</p>;
}

function renderGuarded(
  auth: AuthState,
  businessRole: BusinessRole | null,
  path = '/admin?tab=users',
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } }),
) {
  if (businessRole) {
    const me: Me = {
      user,
      workspace: { id: workspaceId, name: 'Oakridge Workspace', created_at: now },
      role: businessRole === 'owner' ? 'OWNER' : businessRole === 'manager' ? 'ADMIN' : 'MEMBER',
      businessRole,
    };
    queryClient.setQueryData(queryKeys.me, me);
  }
  const router = createMemoryRouter(
    [
      { path: '/signin', Component: SignInProbe },
      {
        element: <RequireAuth needsWorkspace requireRole="manager" />,
        children: [{ path: '/admin', element: <h1>Admin page</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  it('shows Loading until the auth state is ready', async () => {
    renderGuarded(authState(false, false), null);
    expect((await screen.findByRole('status')).textContent).toBe('Loading');
  });

  it('sends a visitor to sign in with the page and its query as the return path', async () => {
    renderGuarded(authState(false), null);
    expect((await screen.findByText(/sign-in page at/)).textContent).toBe(
      'sign-in page at /signin?next=%2Fadmin%3Ftab%3Dusers',
    );
  });

  it('says why when the session ended on its own', async () => {
    renderGuarded({ ...authState(false), sessionLost: true }, null);
    expect((await screen.findByText(/sign-in page at/)).textContent).toBe(
      'sign-in page at /signin?next=%2Fadmin%3Ftab%3Dusers&reason=session_expired',
    );
  });

  it('waits instead of redirecting right after sign-up', async () => {
    recordSignUp();
    renderGuarded(authState(false), null);
    expect((await screen.findByRole('status')).textContent).toBe('Completing sign up...');
  });

  it('blocks an employee from a manager page', async () => {
    renderGuarded(authState(true), 'employee');
    expect(await screen.findByText('Access Restricted')).not.toBeNull();
    expect(screen.getByText('This page requires manager permissions to access.')).not.toBeNull();
    expect(screen.getByText('Manager access required')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).not.toBeNull();
    expect(screen.queryByText('Admin page')).toBeNull();
  });

  it.each<BusinessRole>(['manager', 'owner'])('lets a %s through', async (role) => {
    renderGuarded(authState(true), role);
    expect(await screen.findByRole('heading', { name: 'Admin page' })).not.toBeNull();
  });

  it('tells the user when the workspace is slow, then offers a way out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A workspace request that never answers.
    vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
    renderGuarded(authState(true), null, '/admin', queryClient);
    expect((await screen.findByRole('status')).textContent).toBe('Preparing your workspace...');
    expect(screen.queryByText('This is taking longer than usual...')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('This is taking longer than usual...')).not.toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('Setup Taking Too Long')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Setup' }).getAttribute('href')).toBe('/get-started');
  });

  it('shows Workspace Setup Failed with the catalogue text when the workspace cannot load', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { code: 'workspace_missing', message: 'Your workspace is missing or corrupted...' } },
        { status: 500 },
      ),
    );
    renderGuarded(authState(true), null, '/admin', queryClient);
    expect(await screen.findByText('Workspace Setup Failed')).not.toBeNull();
    expect(screen.getByText('Your workspace is missing or corrupted...')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).not.toBeNull();
  });
});
