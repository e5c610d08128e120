import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rowsOf, type Tx } from '../db/client';
import type { WorkspaceContext } from './context';
import { AppError } from './errors';
import { withTenant } from './tenant';

/**
 * `Idempotency-Key` for mutating endpoints a client may retry (declared `idempotent: true` in the
 * contract, or wrapped by a raw route). The first request with a key runs and its answer (status and
 * body) is kept 24 h per workspace, user, endpoint and key; a repeat gets that answer again with
 * `idempotency-replayed: true` and has no effect of its own. A repeat while the first is still running
 * gets 409; the same key with a different request gets 422. A first request that fails keeps nothing,
 * so its retry runs for real. A claim left 'running' by a crashed process is taken over after 2 minutes.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;
const STALE_RUNNING = '2 minutes';

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** The key of a request, validated; null when the client sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !KEY.test(key.trim())) {
    throw new AppError('validation_failed', {
      userMessage: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    });
  }
  return key.trim();
}

/** A stable digest of what the request asks for, so a key reused for another request is noticed. */
export function requestFingerprint(...parts: (string | Buffer | unknown)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(Buffer.isBuffer(part) ? part : typeof part === 'string' ? part : JSON.stringify(part ?? null));
    hash.update('\0');
  }
  return hash.digest('hex');
}

interface Row {
  state: 'running' | 'done';
  request_hash: string;
  status: number | null;
  body: unknown;
  stale: boolean;
  [key: string]: unknown;
}

type Claim = { kind: 'run' } | { kind: 'replay'; answer: IdempotentAnswer };

async function claim(tx: Tx, workspaceId: string, userId: string, endpoint: string, key: string, hash: string) {
  const where = sql`workspace_id = ${workspaceId} and user_id = ${userId} and endpoint = ${endpoint} and key = ${key}`;
  // An expired answer no longer counts: the key starts over.
  await tx.execute(sql`delete from idempotency_keys where ${where} and expires_at <= now()`);
  const inserted = await rowsOf(
    tx,
    sql`insert into idempotency_keys (workspace_id, user_id, endpoint, key, request_hash, state)
        values (${workspaceId}, ${userId}, ${endpoint}, ${key}, ${hash}, 'running')
        on conflict do nothing returning 1 as claimed`,
  );
  if (inserted.length > 0) return { kind: 'run' } as Claim;
  const [row] = await rowsOf<Row>(
    tx,
    sql`select state, request_hash, status, body, created_at < now() - ${STALE_RUNNING}::interval as stale
          from idempotency_keys where ${where} for update`,
  );
  if (!row) throw new AppError('conflict', { userMessage: 'Please retry this request.' });
  if (row.request_hash !== hash) {
    throw new AppError('validation_failed', {
      status: 422,
      userMessage: 'This Idempotency-Key was already used for a different request.',
    });
  }
  if (row.state === 'done') return { kind: 'replay', answer: { status: row.status ?? 200, body: row.body } } as Claim;
  if (!row.stale) {
    throw new AppError('conflict', {
      userMessage: 'A request with this Idempotency-Key is still being processed. Please wait and try again.',
      headers: { 'retry-after': '1' },
    });
  }
  await tx.execute(sql`update idempotency_keys set created_at = now() where ${where}`);
  return { kind: 'run' } as Claim;
}

/**
 * Runs `work` once per (workspace, user, endpoint, key): without a key it simply runs. Sends the
 * answer (fresh or replayed) through `reply` and returns the body for Fastify to serialise.
 */
export async function withIdempotency(
  ctx: WorkspaceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  fingerprint: string,
  work: () => Promise<IdempotentAnswer>,
): Promise<unknown> {
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const answer = await work();
    reply.code(answer.status);
    return answer.body;
  }
  const workspaceId = ctx.workspace.id;
  const userId = ctx.user.id;
  const scope = { workspaceId, userId };
  const database = ctx.deps.database;
  const claimed = await withTenant(database, scope, (tx) => claim(tx, workspaceId, userId, endpoint, key, fingerprint));
  if (claimed.kind === 'replay') {
    reply.code(claimed.answer.status).header('idempotency-replayed', 'true');
    return claimed.answer.body;
  }
  const where = sql`workspace_id = ${workspaceId} and user_id = ${userId} and endpoint = ${endpoint} and key = ${key}`;
  let answer: IdempotentAnswer;
  try {
    answer = await work();
  } catch (err) {
    // Nothing happened (the work's own transaction rolled back): the client's retry must run again.
    await withTenant(database, scope, (tx) => tx.execute(sql`delete from idempotency_keys where ${where}`)).catch(
      (cleanupErr) => ctx.log.warn({ err: cleanupErr }, 'idempotency claim not released'),
    );
    throw err;
  }
  await withTenant(database, scope, (tx) =>
    tx.execute(
      sql`update idempotency_keys set state = 'done', status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb
           where ${where}`,
    ),
  );
  reply.code(answer.status);
  return answer.body;
}
