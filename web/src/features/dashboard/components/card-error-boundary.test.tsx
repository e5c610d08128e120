import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardErrorBoundary } from './card-error-boundary';

vi.mock('../../../lib/client-log', () => ({ reportCrash: vi.fn(), crashReport: vi.fn() }));
vi.mock('../../../lib/auth-storage', () => ({ clearStoredAuth: vi.fn() }));

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

const flaky = { fail: true };
function Flaky() {
  if (flaky.fail) throw new Error('Cannot read properties of undefined');
  return <p>Recovered</p>;
}

afterEach(cleanup);

describe('CardErrorBoundary (error screens per card)', () => {
  it('one failing card shows its error while the others keep working', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <CardErrorBoundary title="Property KPIs">
          <Boom message="Buildium upstream failed" />
        </CardErrorBoundary>
        <CardErrorBoundary title="Tasks">
          <p>Two open tasks</p>
        </CardErrorBoundary>
      </div>,
    );
    expect(screen.getByText('Integration Error')).toBeTruthy();
    expect(screen.getByText(/Property KPIs could not be shown: Buildium upstream failed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Integration Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByText('Two open tasks')).toBeTruthy();
  });

  it('auth errors offer Sign In Again and Refresh Page; others Try Again, which re-renders the card', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CardErrorBoundary title="Setup">
        <Boom message="authentication failed: invalid session" />
      </CardErrorBoundary>,
    );
    expect(screen.getByText('Authentication Error')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    cleanup();

    flaky.fail = true;
    render(
      <CardErrorBoundary title="Insights">
        <Flaky />
      </CardErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    flaky.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered')).toBeTruthy();
  });
});
