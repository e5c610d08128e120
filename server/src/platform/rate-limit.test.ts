import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/db';
import { createRateLimiter } from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('rate limiter (SQL table)', () => {
  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const limiter = createRateLimiter(database);
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.consume('ip:198.51.100.1', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(results[0]?.retryAfterSeconds).toBe(0);
    expect(results[4]?.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[4]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Keys are independent.
    expect((await limiter.consume('ip:198.51.100.2', rule)).allowed).toBe(true);
  });

  it('starts a new window once the old one has ended, and forgets a key on reset', async () => {
    const limiter = createRateLimiter(database);
    const rule = { limit: 1, windowSeconds: 1 };
    expect((await limiter.consume('window', rule)).allowed).toBe(true);
    expect((await limiter.consume('window', rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await limiter.consume('window', rule)).allowed).toBe(true);

    const long = { limit: 1, windowSeconds: 3600 };
    expect((await limiter.consume('reset-me', long)).allowed).toBe(true);
    expect((await limiter.consume('reset-me', long)).allowed).toBe(false);
    await limiter.reset('reset-me');
    expect((await limiter.consume('reset-me', long)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly, also across separate limiter instances (processes)', async () => {
    const a = createRateLimiter(database);
    const b = createRateLimiter(database);
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).consume('shared-key', rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('stores only a hash of the key', async () => {
    const limiter = createRateLimiter(database);
    await limiter.consume('signin-failures:maria@example.com', { limit: 5, windowSeconds: 60 });
    const rows = await database.query<{ key_hash: string }>('select key_hash from rate_limits');
    expect(rows.some((r) => r.key_hash.includes('maria'))).toBe(false);
    const expected = createHash('sha256').update('signin-failures:maria@example.com').digest('hex');
    expect(rows.map((r) => r.key_hash)).toContain(expected);
  });
});
