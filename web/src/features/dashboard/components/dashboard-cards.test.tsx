import type { DashboardCardId } from '@helixis/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardCardView } from './dashboard-cards';

vi.mock('../../../lib/auth-client', () => ({ getAccessToken: async () => 'test-token' }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let reply: (url: string) => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: URL) => reply(String(url)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(id: DashboardCardId, onTeach = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardCardView id={id} onTeach={onTeach} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onTeach;
}

const doc = (title: string, status: 'READY' | 'PENDING' | 'failed') => ({
  id: crypto.randomUUID(),
  title,
  bytes: 10,
  status,
  chunk_count: 1,
  error: status === 'failed' ? 'Could not read it' : null,
  created_at: '2026-11-20T10:00:00.000Z',
});

describe('dashboard cards', () => {
  it('documents: the empty state offers an upload that opens Teach Your AI', async () => {
    reply = () => json({ documents: [], total: 0 });
    const onTeach = show('documents');
    await screen.findByText('No documents yet. Upload one to teach your assistant.');
    fireEvent.click(screen.getByRole('button', { name: 'Upload Documents' }));
    expect(onTeach).toHaveBeenCalledOnce();
  });

  it('documents: lists the newest five with their status', async () => {
    reply = () =>
      json({
        documents: [
          doc('Lease.pdf', 'READY'),
          doc('Rules.txt', 'PENDING'),
          doc('Broken.docx', 'failed'),
          doc('Four.md', 'READY'),
          doc('Five.md', 'READY'),
          doc('Six.md', 'READY'),
        ],
        total: 6,
      });
    show('documents');
    await screen.findByText('Lease.pdf');
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByText('Six.md')).toBeNull();
  });

  it('knowledge: shows the server error with a working Retry', async () => {
    let calls = 0;
    reply = () => {
      calls += 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    };
    show('knowledge');
    await screen.findByText(/Failed to load knowledge/);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(calls).toBe(2));
  });
});
