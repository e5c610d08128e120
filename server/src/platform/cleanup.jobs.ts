import { z } from 'zod';
import { defineJob } from './jobs';

/**
 * Hourly housekeeping of the auth tables: refresh tokens revoked more than a day ago (they only
 * matter for reuse detection, which looks back seconds), rate-limit windows that have ended and
 * expired Idempotency-Key answers.
 * Idempotent by nature: a second run finds nothing left to delete.
 */
export const authCleanupJob = defineJob({
  name: 'auth.cleanup',
  payload: z.object({}).strict(),
  schedule: '0 * * * *',
  retryDelay: 60,
  async run({ deps, log }) {
    const { database } = deps;
    const [tokens] = await database.query<{ deleted: number }>(
      `with gone as (
         delete from refresh_tokens where revoked and updated_at < now() - interval '1 day' returning 1)
       select count(*)::int as deleted from gone`,
    );
    // rate_limits comes with the rate-limit migration; a database without it has nothing to sweep.
    const [table] = await database.query<{ present: boolean }>(
      `select to_regclass('public.rate_limits') is not null as present`,
    );
    let windows = 0;
    if (table?.present) {
      const [swept] = await database.query<{ deleted: number }>(
        `with gone as (delete from rate_limits where reset_at < now() returning 1)
         select count(*)::int as deleted from gone`,
      );
      windows = swept?.deleted ?? 0;
    }
    // Idempotency-Key answers are kept 24 h (platform/idempotency.ts).
    const [keys] = await database.query<{ deleted: number }>(
      `with gone as (delete from idempotency_keys where expires_at < now() returning 1)
       select count(*)::int as deleted from gone`,
    );
    log.info(
      { refreshTokens: tokens?.deleted ?? 0, rateLimitWindows: windows, idempotencyKeys: keys?.deleted ?? 0 },
      'auth cleanup done',
    );
  },
});
