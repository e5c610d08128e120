import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPanel } from './search-panel';

const invoke = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ invoke }));

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SearchPanel />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  invoke.mockReset();
});

describe('SearchPanel', () => {
  it('says when a typing slip in the search was mended', async () => {
    invoke.mockResolvedValue({
      results: [],
      rewrite: { original: 'laundyr room', rewritten: 'laundry room', method: 'spelling' },
    });
    renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search your documents' }), {
      target: { value: 'laundyr room' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const line = await screen.findByTestId('search-spelling');
    expect(invoke).toHaveBeenCalledWith('search', { query: 'laundyr room', k: 5 });
    expect(line.textContent).toBe(
      'Showing results for “laundry room” (spelling corrected — you searched “laundyr room”)',
    );
  });

  it('says nothing about spelling for a search as typed', async () => {
    invoke.mockResolvedValue({ results: [], rewrite: null });
    renderPanel();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search your documents' }), {
      target: { value: 'laundry room' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('search-empty');
    expect(screen.queryByTestId('search-spelling')).toBeNull();
  });
});
