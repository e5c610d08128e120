import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessSummaryCard } from './business-summary-card';

const invoke = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ invoke }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const summary = (text: string) => ({
  summary_json: { text, industry: null, confidence: 40, what_we_learned: [], gaps: [] },
  last_refreshed_at: '2026-11-23T10:00:00.000Z',
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BusinessSummaryCard />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  invoke.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe('BusinessSummaryCard', () => {
  it('truncates at 200 characters with Show more / Show less', async () => {
    const long = `${'Oakridge manages 120 apartments in Columbus. '.repeat(6)}The end.`;
    invoke.mockResolvedValue(summary(long));
    renderCard();
    const preview = await screen.findByText((content) => content.endsWith('…'));
    expect(preview.textContent?.length).toBeLessThanOrEqual(201);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText((content) => content.endsWith('The end.'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText((content) => content.endsWith('The end.'))).toBeNull();
  });

  it('shows a short summary whole, and the spec toasts for Refresh', async () => {
    invoke.mockResolvedValueOnce(summary('Short summary.'));
    renderCard();
    await screen.findByText('Short summary.');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    invoke.mockResolvedValueOnce(summary('Rebuilt summary.'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Rebuilt summary.');
    expect(invoke).toHaveBeenLastCalledWith('refreshTeachSummary', {});
    expect(toast.success).toHaveBeenCalledWith('Summary updated');

    invoke.mockRejectedValueOnce(new Error('boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to refresh summary'));
    expect(screen.getByText('Rebuilt summary.')).toBeTruthy();
  });

  it('says so when the summary cannot be loaded', async () => {
    invoke.mockRejectedValue(new Error('down'));
    renderCard();
    await screen.findByText('Failed to load summary');
  });
});
