import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntilConnected } from './oauth-popup';

describe('pollUntilConnected (first after 1.5 s, then every 2 s, stop after 90 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks first after 1.5 s and then every 2 s until connected', async () => {
    const asked: number[] = [];
    const start = Date.now();
    const done = pollUntilConnected(async () => {
      asked.push(Date.now() - start);
      return asked.length === 3;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe(true);
    expect(asked).toEqual([1_500, 3_500, 5_500]);
  });

  it('gives up after 90 s', async () => {
    let calls = 0;
    const done = pollUntilConnected(async () => {
      calls++;
      return false;
    });
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(done).resolves.toBe(false);
    // 1.5 s, 3.5 s, … 89.5 s: the last ask that starts before 90 s.
    expect(calls).toBe(45);
  });

  it('stops when aborted and counts a failed status call as not yet connected', async () => {
    const controller = new AbortController();
    let calls = 0;
    const done = pollUntilConnected(
      async () => {
        calls++;
        throw new Error('network');
      },
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(4_000);
    controller.abort();
    await expect(done).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(2);
  });
});
