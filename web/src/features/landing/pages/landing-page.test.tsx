import type { Session, User } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { recordSignUp } from '../../../lib/auth-storage';
import { LandingPage } from './landing-page';

// The sign-up dialog loads lazily; load its module once up front so the test measures the page, not the compile.
beforeAll(async () => {
  await import('../components/auth-modal');
}, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function authState(signedIn: boolean): AuthState {
  const noop = async () => ({ session: null, error: null });
  const user = { id: 'u', email: 'dana@sunrise-rentals.com' } as User;
  return {
    authReady: true,
    session: signedIn ? ({ user } as Session) : null,
    user: signedIn ? user : null,
    signedOutByUser: false,
    signIn: noop,
    signUp: noop,
    signOut: async () => undefined,
    clearAuth: async () => undefined,
  };
}

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderLanding(signedIn = false) {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingPage },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={authState(signedIn)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('LandingPage', () => {
  it('has the hero, three differentiators, four feature blocks, five FAQs and the 2025 footer', () => {
    renderLanding();
    expect(screen.getAllByRole('link', { name: /Build Your AI Assistant/ })[0]?.getAttribute('href')).toBe(
      '/signin?mode=signup',
    );
    const why = screen.getByRole('region', { name: 'Careful by design' });
    expect(within(why).getAllByRole('article')).toHaveLength(3);
    for (const feature of [
      'Customer service automation',
      'Team knowledge base',
      'Task management and scheduling',
      'Document processing',
    ]) {
      expect(screen.getByText(feature)).not.toBeNull();
    }
    const faq = screen.getByRole('region', { name: 'Questions property managers ask us' });
    expect(within(faq).getAllByRole('button')).toHaveLength(5);
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2025 Helixis');
    expect(screen.getByRole('button', { name: 'Try the demo chat' })).not.toBeNull();
  });

  it('shows Login and Sign Up to visitors; Sign Up opens the auth modal on its Sign Up tab', async () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/signin');
    fireEvent.click(within(header).getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('form', { name: 'Create Account' })).not.toBeNull();
  });

  it("shows 'Welcome back' and Sign Out to a signed-in user, with the app reached through auth-redirect", () => {
    renderLanding(true);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Welcome back')).not.toBeNull();
    expect(within(header).getByRole('button', { name: 'Sign Out' })).not.toBeNull();
    expect(within(header).getByRole('link', { name: 'Open app' }).getAttribute('href')).toBe(
      '/auth-redirect?next=%2Fget-started',
    );
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('sends a sign-up of the last 30 seconds on to onboarding, once', async () => {
    recordSignUp(Date.now() - 5_000);
    renderLanding();
    expect((await screen.findByText(/^at /)).textContent).toBe('at /onboarding?step=integrations');
    expect(localStorage.getItem('recent_sign_up')).toBeNull();
  });

  it('ignores a sign-up older than 30 seconds', () => {
    recordSignUp(Date.now() - 31_000);
    renderLanding();
    expect(screen.queryByText(/^at /)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).not.toBeNull();
  });
});
