import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProfileAutosave } from './use-profile-autosave';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('../../../lib/auth-client', () => ({ getAccessToken: async () => 'test-token' }));

const profileId = '9d4c7a5e-1b2f-4c3d-8e9f-0a1b2c3d4e5f';
const now = new Date().toISOString();
const result = {
  profile: {
    id: profileId,
    user_id: '5b0f4f1e-7f7c-4d2e-9a1b-2c3d4e5f6a7b',
    workspace_id: '0b7c1a52-8d7e-4c8e-9a43-5f0e2d7c9b11',
    business_description: null,
    business_data: { officialName: 'Sunrise Rentals', industry: 'Property management' },
    essential_info: {},
    onboarding_data: {},
    onboarding_progress: { currentRound: 1, rounds: [] },
    onboarding_completed: false,
    session_id: null,
    created_at: now,
    updated_at: now,
  },
  confidence: { score: 16, tier: 'I barely know anything about your business.', contradictions: [] },
  mode: 'onboarding',
};

let requests: { method: string; url: string; body: unknown }[] = [];
let answer: () => Response;

beforeEach(() => {
  vi.useFakeTimers();
  requests = [];
  answer = () => new Response(JSON.stringify(result), { status: 200 });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requests.push({ method: init.method ?? 'GET', url: String(url), body: JSON.parse(String(init.body ?? 'null')) });
    return answer();
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useProfileAutosave (1 s debounce; Saved / Save failed toasts)', () => {
  it('saves once, one second after the last change, with the changes merged, then says Saved', async () => {
    const { result: hook } = renderHook(() => useProfileAutosave(profileId), { wrapper });
    act(() => hook.current.queue({ business_data: { officialName: 'Sunrise' } }));
    await act(() => vi.advanceTimersByTimeAsync(600));
    act(() =>
      hook.current.queue({ business_data: { officialName: 'Sunrise Rentals', industry: 'Property management' } }),
    );
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(requests).toHaveLength(0);
    expect(hook.current.state).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.url).toMatch(new RegExp(`/api/v1/business-profiles/${profileId}$`));
    expect(requests[0]?.body).toEqual({
      business_data: { officialName: 'Sunrise Rentals', industry: 'Property management' },
    });
    expect(toast.success).toHaveBeenCalledWith('Saved');
    expect(hook.current.state).toBe('saved');
  });

  it('shows Save failed with the spec text and keeps the changes for the next attempt', async () => {
    answer = () => new Response(JSON.stringify({ error: { code: 'unknown_error', message: 'boom' } }), { status: 500 });
    const { result: hook } = renderHook(() => useProfileAutosave(profileId), { wrapper });
    act(() => hook.current.queue({ business_data: { serviceArea: 'Columbus, OH' } }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(toast.error).toHaveBeenCalledWith('Save failed', {
      description: 'Could not save your changes. Please try again.',
    });
    expect(hook.current.state).toBe('error');
    expect(hook.current.hasPending()).toBe(true);

    answer = () => new Response(JSON.stringify(result), { status: 200 });
    await act(async () => {
      await hook.current.flush();
    });
    expect(requests.at(-1)?.body).toEqual({ business_data: { serviceArea: 'Columbus, OH' } });
    expect(toast.success).toHaveBeenCalledWith('Saved');
  });

  it('upserts on the user when there is no profile yet', async () => {
    const { result: hook } = renderHook(() => useProfileAutosave(null), { wrapper });
    act(() => hook.current.queue({ business_data: { industry: 'HOA management' } }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ action: 'upsert', profile: { business_data: { industry: 'HOA management' } } });
  });
});
