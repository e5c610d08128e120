// @vitest-environment jsdom
import type { Session } from '@supabase/auth-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from './auth-storage';
import { createSessionRecovery, type RecoverableAuthClient } from './session-recovery';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

afterEach(() => localStorage.clear());

const live = { access_token: 'a', expires_at: Math.floor(Date.now() / 1000) + 3600 } as Session;

function client(results: { refresh: (Session | null)[]; read: (Session | null)[] }) {
  const signOut = vi.fn(async () => undefined);
  const c: RecoverableAuthClient = {
    refreshSession: vi.fn(async () => ({ data: { session: results.refresh.shift() ?? null }, error: null })),
    getSession: vi.fn(async () => ({ data: { session: results.read.shift() ?? null }, error: null })),
    signOut,
  };
  return { c, signOut };
}

describe('session recovery', () => {
  it('succeeds on a refresh and resets the counter', async () => {
    const { c } = client({ refresh: [null, live], read: [null] });
    const recovery = createSessionRecovery(c);
    expect(await recovery.recover()).toBe(true);
    expect(c.refreshSession).toHaveBeenCalledTimes(2);
    expect(recovery.attempts).toBe(0);
  });

  it('falls back to reading the stored session', async () => {
    const { c } = client({ refresh: [null], read: [live] });
    expect(await createSessionRecovery(c).recover()).toBe(true);
    expect(c.getSession).toHaveBeenCalledTimes(1);
  });

  it('clears the corrupted auth data after 3 failed attempts, and stops trying until reset', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"broken":');
    const { c, signOut } = client({ refresh: [], read: [] });
    const recovery = createSessionRecovery(c);
    expect(await recovery.recover()).toBe(false);
    expect(c.refreshSession).toHaveBeenCalledTimes(3);
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();

    expect(await recovery.recover()).toBe(false);
    expect(c.refreshSession).toHaveBeenCalledTimes(3);
    recovery.reset();
    await recovery.recover();
    expect(c.refreshSession).toHaveBeenCalledTimes(6);
  });

  it('shares one run between concurrent callers', async () => {
    const { c } = client({ refresh: [live], read: [] });
    const recovery = createSessionRecovery(c);
    const [a, b] = await Promise.all([recovery.recover(), recovery.recover()]);
    expect([a, b]).toEqual([true, true]);
    expect(c.refreshSession).toHaveBeenCalledTimes(1);
  });
});
