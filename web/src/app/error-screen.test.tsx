import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyError } from '../lib/caught-error';
import { ErrorScreen } from './error-screen';

afterEach(cleanup);

describe('classifyError', () => {
  it.each([
    ['Cannot read properties of undefined', 'general'],
    ['Invalid ID for profile: local_123. Must be a valid UUID, not a local session ID.', 'auth'],
    ['Authentication error - please sign in again', 'auth'],
    ['Buildium returned an invalid token', 'integration'],
  ])('%s → %s', (message, kind) => {
    expect(classifyError(message)).toBe(kind);
  });
});

describe('ErrorScreen', () => {
  it('shows the general crash screen with the error text and a Reload button', () => {
    render(<ErrorScreen error={new Error('Cannot read properties of undefined')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong.');
    expect(screen.getByText('Cannot read properties of undefined')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).not.toBeNull();
  });

  it('offers a fresh sign-in for an authentication error', () => {
    render(<ErrorScreen error={new Error('Authentication error - please sign in again')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Authentication Error');
    const signIn = screen.getByRole('link', { name: 'Sign In Again' });
    expect(signIn.getAttribute('href')).toBe('/signin?clearauth=true&reason=error_boundary');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).not.toBeNull();
  });

  it('points an integration error to the settings page', () => {
    render(<ErrorScreen error={new Error('Buildium did not answer')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integration Error');
    expect(screen.getByRole('link', { name: 'Check Integration Settings' }).getAttribute('href')).toBe('/settings');
  });
});
