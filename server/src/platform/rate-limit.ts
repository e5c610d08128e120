import { createHash } from 'node:crypto';
import type { Database } from '../db/client';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within the rule. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Forgets every hit of `key` (e.g. failed sign-ins after a successful one). */
  reset(key: string): Promise<void>;
  /** Takes back one hit of `key` (an attempt counted up front that turned out to be no failure). */
  undo(key: string): Promise<void>;
  /** Seconds left of `key`'s live window when it holds at least one hit, else 0 (counts nothing). */
  activeSeconds(key: string): Promise<number>;
}

/** Keys are hashed so e-mail addresses and IPs never sit in the table, and long keys cannot bloat it. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Fixed-window counters in the `rate_limits` table. One upsert per hit: the row lock taken by
 * `ON CONFLICT DO UPDATE` makes concurrent hits from any number of processes count exactly, on
 * PostgreSQL and on PGlite alike, and the database clock is the only clock. Ended windows are
 * swept by the hourly `auth.cleanup` job (platform/cleanup.jobs.ts).
 */
export function createRateLimiter(database: Database): RateLimiter {
  return {
    async consume(key, rule) {
      const limit = Math.max(0, Math.floor(rule.limit));
      const rows = await database.query<{ hits: number; retry_after: number }>(
        `insert into rate_limits as r (key_hash, hits, window_start, reset_at)
           values ($1, 1, now(), now() + make_interval(secs => $2::double precision))
         on conflict (key_hash) do update set
           hits = case when r.reset_at <= now() then 1 else least(r.hits + 1, $3::integer + 1) end,
           window_start = case when r.reset_at <= now() then now() else r.window_start end,
           reset_at = case when r.reset_at <= now()
                           then now() + make_interval(secs => $2::double precision) else r.reset_at end
         returning hits, greatest(1, ceil(extract(epoch from (reset_at - now()))))::integer as retry_after`,
        [keyHash(key), rule.windowSeconds, limit],
      );
      const row = rows[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      const hits = Number(row.hits);
      const allowed = hits <= limit;
      return {
        allowed,
        remaining: Math.max(0, limit - hits),
        retryAfterSeconds: allowed ? 0 : Number(row.retry_after),
      };
    },
    async reset(key) {
      await database.query('delete from rate_limits where key_hash = $1', [keyHash(key)]);
    },
    async undo(key) {
      await database.query('update rate_limits set hits = greatest(hits - 1, 0) where key_hash = $1', [keyHash(key)]);
    },
    async activeSeconds(key) {
      const rows = await database.query<{ seconds: number }>(
        `select greatest(1, ceil(extract(epoch from (reset_at - now()))))::integer as seconds
           from rate_limits where key_hash = $1 and reset_at > now() and hits > 0`,
        [keyHash(key)],
      );
      return rows[0] ? Number(rows[0].seconds) : 0;
    },
  };
}
