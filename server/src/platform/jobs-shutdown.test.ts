import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../test/app';
import { defineJob, Jobs } from './jobs';

/**
 * Stopping the job queue (SIGTERM) with a job still running: after the grace period the attempt is
 * failed back into the queue as a retry, and the next worker to start runs it to completion.
 */

const started: string[] = [];
const hangJob = defineJob({
  name: 'test.hang',
  payload: z.object({}).strict(),
  retryLimit: 3,
  retryDelay: 1,
  retryBackoff: false,
  async run({ job }) {
    started.push(job.id);
    // Runs until the queue gives up on it.
    await new Promise<void>((_, reject) => job.signal.addEventListener('abort', () => reject(new Error('stopped'))));
  },
});
const finished: string[] = [];
const finishingJob = defineJob({ ...hangJob, run: async ({ job }) => void finished.push(job.id) });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.deps.jobs.register(hangJob);
});
afterAll(async () => {
  await t?.close();
});

async function stateOf(id: string): Promise<{ state: string; retry_count: number } | undefined> {
  const [row] = await t.database.query<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where id = $1`,
    [id],
  );
  return row;
}

async function until<T>(probe: () => Promise<T | undefined>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('stopping the queue with a job running', () => {
  it('returns the unfinished job to the queue, and the next worker completes it', async () => {
    const id = await t.deps.jobs.enqueue(hangJob, {});
    if (!id) throw new Error('not enqueued');
    await until(
      async () => started,
      (s) => s.includes(id),
    );
    await t.deps.jobs.stop();
    const after = await stateOf(id);
    expect(after?.state).toBe('retry');

    const next = new Jobs(
      { config: t.config, database: t.database, log: t.deps.log },
      { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2_000 },
    );
    await next.register(finishingJob);
    await next.start();
    try {
      const done = await until(
        () => stateOf(id),
        (s) => s.state === 'completed',
      );
      expect(done.retry_count).toBe(1);
      expect(finished).toEqual([id]);
    } finally {
      await next.stop();
    }
  });
});
