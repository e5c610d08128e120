import { randomUUID } from 'node:crypto';
import { errorCatalogue, type JobState } from '@helixis/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobWithMetadata,
  PgBoss,
  type QueuePolicy,
} from 'pg-boss';
import { z } from 'zod';
import { type Database, rowsOf, type Tx } from '../db/client';
import { jobStatus } from '../db/schema';
import type { Deps } from './context';
import { isAppError } from './errors';
import { publishEvent } from './events';
import { parseInput } from './http';
import type { Logger } from './logger';
import { jobDuration, jobRuns, jobsEnqueued } from './metrics';
import { withTenant } from './tenant';

/** pg-boss keeps its tables in a schema of its own, which it creates and migrates itself at start. */
const BOSS_SCHEMA = 'pgboss';
const NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/** What a handler is given for one attempt of one job. */
export interface JobRun<P> {
  /** The payload, validated again against the definition's schema. */
  payload: P;
  job: {
    id: string;
    name: string;
    workspaceId: string | null;
    /** 1 for the first run, 2 for the first retry, ... */
    attempt: number;
    retryLimit: number;
    /** Aborted when the queue gives up on this attempt (expiry, shutdown): stop early if you can. */
    signal: AbortSignal;
  };
  log: Logger;
  deps: Deps;
  /** Reports progress (0-100) to the workspace: stored in job_status and published as `job.progress`. */
  progress(percent: number): Promise<void>;
}

/**
 * A background job. Handlers must be idempotent: a job runs at least once, and again after a crash,
 * an expiry, or a failure to record its outcome, so a second run of the same payload must converge on
 * the same result (upserts, "where not done" guards), never do the work twice.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** `feature.action`, e.g. `auth.cleanup`; also the pg-boss queue name. */
  name: string;
  /** Self-contained payload (ids, not rows), validated on enqueue and on run. */
  payload: S;
  /** Retries after the first failure before the job is failed. Default 2. */
  retryLimit?: number;
  /** Seconds before a retry. Default 5. */
  retryDelay?: number;
  /** Exponential backoff from retryDelay (with jitter). Default true. */
  retryBackoff?: boolean;
  /** Seconds an attempt may run before it is failed (and retried). Default 900. */
  expireInSeconds?: number;
  /**
   * A running attempt proves it is alive every half of this many seconds; one whose worker died
   * (killed, crashed machine) is failed and retried after it, rather than after expireInSeconds.
   * Default 30 (pg-boss's minimum is 10).
   */
  heartbeatSeconds?: number;
  /** pg-boss queue policy; `enqueue`'s singletonKey only de-duplicates under a policy other than standard. */
  policy?: Exclude<QueuePolicy, 'key_strict_fifo'>;
  /** A cron expression (UTC): pg-boss sends the job with an empty payload on this schedule, once per tick. */
  schedule?: string;
  run(args: JobRun<z.output<S>>): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  if (!NAME.test(definition.name)) {
    throw new Error(`Job name "${definition.name}" must look like feature.action (lower case).`);
  }
  return definition;
}

export interface EnqueueOptions {
  /** Insert the job in the caller's transaction: it exists only if that transaction commits. */
  tx?: Tx;
  /** The workspace the job works for; only such jobs get a user-visible status. */
  workspaceId?: string;
  /** With a de-duplicating policy: while a job with this key is queued, enqueue returns null. */
  singletonKey?: string;
}

export interface JobsOptions {
  /**
   * Seconds between polls for jobs that came due (retries after their delay, deferred jobs). New jobs
   * do not wait for it: their insert wakes the workers through NOTIFY.
   */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing them. */
  stopTimeoutMs?: number;
  /**
   * false: this process only enqueues (HELIXIS_ROLE=api): queues are created, but no workers, no
   * schedules and no queue maintenance run here. Default true.
   */
  workers?: boolean;
  /** Seconds between supervision passes (expiry, lost heartbeats, maintenance). Default 60. */
  superviseIntervalSeconds?: number;
  /**
   * false: schedules are stored but never fire in this process (tests: a half-hourly refresh firing in
   * the middle of a test would send requests the test does not expect). Default true.
   */
  cron?: boolean;
}

/** What pg-boss stores as a job's data. */
const Envelope = z.object({ workspaceId: z.string().uuid().nullable(), payload: z.unknown() });
type Envelope = z.infer<typeof Envelope>;

interface StatusChange {
  state: JobState;
  progress?: number;
  error?: string | null;
  started?: boolean;
  finished?: boolean;
}

/** Only AppError texts are written for users; anything else may carry internals and stays in the log. */
function userMessageFor(err: unknown): string {
  return isAppError(err) ? err.userMessage : errorCatalogue.unknown_error.message;
}

/** pg-boss statements run in the caller's transaction; both drivers answer `{ rows }`, which is all pg-boss reads. */
function inTransaction(tx: Tx) {
  const executor: DrizzleTransactionLike = {
    execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] },
  };
  return fromDrizzle(executor, sql);
}

function createBoss(
  database: Database,
  workers: boolean,
  cron: boolean,
  superviseIntervalSeconds: number | undefined,
): PgBoss {
  // A process without workers neither supervises (maintenance, expiry) nor fires cron schedules.
  const common = {
    schema: BOSS_SCHEMA,
    useListenNotify: true,
    ...(workers ? {} : { supervise: false }),
    ...(workers && cron ? {} : { schedule: false }),
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds } : {}),
  };
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The job queue needs the embedded database instance.');
    // One process owns a PGlite folder: pg-boss's registry of instances would only add heartbeat writes.
    return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite', registerInstance: false });
  }
  const connectionString = database.pool?.options.connectionString;
  if (!connectionString) throw new Error('The job queue needs the PostgreSQL connection string.');
  return new PgBoss({ ...common, connectionString, max: 4 });
}

/**
 * The job queue: pg-boss on the product's own database (PGlite through pg-boss's adapter, or
 * PostgreSQL through its own small pool). Every process runs workers for every registered job;
 * pg-boss hands each job to one of them. Jobs with a workspace keep a row in job_status that follows
 * them (created → active → retry/completed/failed) and is published as `job.progress` on each change.
 */
export class Jobs {
  readonly #deps: Omit<Deps, 'jobs'>;
  readonly #boss: PgBoss;
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #pollingIntervalSeconds: number;
  readonly #stopTimeoutMs: number;
  readonly #workers: boolean;
  #started = false;

  constructor(deps: Omit<Deps, 'jobs'>, options: JobsOptions = {}) {
    this.#deps = deps;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 5;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.#workers = options.workers ?? true;
    this.#boss = createBoss(deps.database, this.#workers, options.cron ?? true, options.superviseIntervalSeconds);
    // pg-boss emits its own failures (a poll that hit a closed pool, a maintenance error) here.
    this.#boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
    this.#boss.on('warning', (warning) => deps.log.warn({ warning }, 'job queue warning'));
  }

  /** Adds a job; after start() it gets its queue and workers at once. */
  async register<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    if (this.#definitions.has(definition.name)) throw new Error(`Job "${definition.name}" is registered twice.`);
    this.#definitions.set(definition.name, definition);
    if (this.#started) await this.#activate(definition);
  }

  /** Installs or migrates pg-boss's schema when needed, then starts the workers and schedules. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    this.#started = true;
    for (const definition of this.#definitions.values()) await this.#activate(definition);
  }

  /** Whether this process runs job handlers (false for HELIXIS_ROLE=api). */
  get runsWorkers(): boolean {
    return this.#workers;
  }

  /** Readiness: null when the queue is running and its tables answer, else the reason. */
  async check(): Promise<string | null> {
    if (!this.#started) return 'the job queue is not running';
    try {
      await this.#deps.database.query(`select 1 from ${BOSS_SCHEMA}.version limit 1`);
      return null;
    } catch (err) {
      return `the job queue tables do not answer (${err instanceof Error ? err.message : String(err)})`;
    }
  }

  /**
   * Stops taking jobs and waits (up to stopTimeoutMs) for running handlers; pg-boss then fails the
   * attempts still running, which puts them back in the queue as retries (their handlers are idempotent).
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: this.#stopTimeoutMs });
  }

  /**
   * Validates the payload and queues the job. With `tx`, the job (and its status row) is written in
   * that transaction, so it exists exactly when the row that needs it does. Returns the job id, or
   * null when a job with the same singletonKey is already queued.
   */
  async enqueue<S extends z.ZodType>(
    job: string | JobDefinition<S>,
    payload: z.input<S>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const name = typeof job === 'string' ? job : job.name;
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`No job named "${name}" is registered.`);
    if (!this.#started) throw new Error('The job queue is not running.');
    const workspaceId = options.workspaceId ?? null;
    const data: Envelope = { workspaceId, payload: parseInput(definition.payload, payload) };
    const id = randomUUID();
    jobsEnqueued.inc({ name });
    const send = (tx?: Tx) =>
      this.#boss.send(name, data, {
        id,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(tx ? { db: inTransaction(tx) } : {}),
      });

    if (!workspaceId) return options.tx ? this.#asOwner(options.tx, () => send(options.tx)) : send();
    const insert = async (tx: Tx) => {
      const sent = await this.#asOwner(tx, () => send(tx));
      if (sent) await this.#writeStatus(tx, workspaceId, sent, name, { state: 'created', progress: 0 });
      return sent;
    };
    return options.tx ? insert(options.tx) : withTenant(this.#deps.database, { workspaceId, userId: null }, insert);
  }

  async #activate(definition: JobDefinition): Promise<void> {
    const boss = this.#boss;
    const { name } = definition;
    const settings = {
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelay ?? 5,
      retryBackoff: definition.retryBackoff ?? true,
      expireInSeconds: definition.expireInSeconds ?? 900,
      heartbeatSeconds: definition.heartbeatSeconds ?? 30,
      notify: true,
    };
    const policy = definition.policy ?? 'standard';
    const existing = await boss.getQueue(name);
    if (!existing) {
      await boss.createQueue(name, { ...settings, policy });
    } else {
      if (existing.policy !== policy) {
        // pg-boss cannot change a queue's policy in place; the queue keeps running as it is.
        this.#deps.log.warn({ job: name, policy, current: existing.policy }, 'job policy differs from its queue');
      }
      await boss.updateQueue(name, settings);
    }
    // An enqueue-only process has the queues (send needs them) but neither workers nor schedules.
    if (!this.#workers) return;
    const seconds = this.#pollingIntervalSeconds;
    await boss.work(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const job of jobs) await this.#run(definition, job);
      },
    );
    if (definition.schedule) {
      const data: Envelope = { workspaceId: null, payload: parseInput(definition.payload, {}) };
      await boss.schedule(name, definition.schedule, data, { tz: 'UTC' });
    } else {
      // A schedule dropped from the code must stop firing.
      await boss.unschedule(name);
    }
  }

  async #run(definition: JobDefinition, job: JobWithMetadata<unknown>): Promise<void> {
    const envelope = Envelope.parse(job.data);
    const { workspaceId } = envelope;
    const attempt = job.retryCount + 1;
    const log = this.#deps.log.child({ job: definition.name, jobId: job.id, workspaceId, attempt });
    const endTimer = jobDuration.startTimer({ name: definition.name });
    const status = async (change: StatusChange) => {
      if (!workspaceId) return;
      await withTenant(this.#deps.database, { workspaceId, userId: null }, (tx) =>
        this.#writeStatus(tx, workspaceId, job.id, definition.name, change),
      );
    };

    await status({ state: 'active', progress: 0, error: null, started: true });
    // pg-boss aborts the signal when it gives up on the attempt (expiry, shutdown): the attempt ends
    // there for the status too, and a handler still running cannot report progress over the outcome.
    let over = false;
    let onAbort = () => {};
    const abandoned = new Promise<never>((_, reject) => {
      onAbort = () => reject(new Error('job attempt abandoned: it ran past its expiry or the worker stopped'));
      job.signal.addEventListener('abort', onAbort, { once: true });
    });
    abandoned.catch(() => undefined);
    try {
      const running = definition.run({
        payload: parseInput(definition.payload, envelope.payload),
        job: {
          id: job.id,
          name: definition.name,
          workspaceId,
          attempt,
          retryLimit: job.retryLimit,
          signal: job.signal,
        },
        log,
        deps: { ...this.#deps, jobs: this },
        progress: async (percent) => {
          if (!Number.isFinite(percent)) throw new Error('progress must be a number from 0 to 100');
          if (over) return;
          await status({ state: 'active', progress: Math.min(100, Math.max(0, Math.round(percent))) });
        },
      });
      await Promise.race([running, abandoned]);
    } catch (err) {
      const final = job.retryCount >= job.retryLimit;
      const outcome = final ? 'failed' : 'retry';
      endTimer({ outcome });
      jobRuns.inc({ name: definition.name, outcome });
      if (final) log.error({ err }, 'job failed');
      else log.warn({ err }, 'job attempt failed; it will be retried');
      // The status write must not hide the job's own error, which pg-boss records for the retry.
      await status({ state: final ? 'failed' : 'retry', error: userMessageFor(err), finished: final }).catch(
        (statusErr) => log.error({ err: statusErr }, 'job status not saved'),
      );
      throw err;
    } finally {
      over = true;
      job.signal.removeEventListener('abort', onAbort);
    }
    await status({ state: 'completed', progress: 100, error: null, finished: true });
    endTimer({ outcome: 'completed' });
    jobRuns.inc({ name: definition.name, outcome: 'completed' });
    log.debug('job completed');
  }

  /** Upserts the status row and publishes the change, both in `tx` (so only a committed change is heard). */
  async #writeStatus(tx: Tx, workspaceId: string, id: string, name: string, change: StatusChange): Promise<void> {
    const now = sql`now()`;
    const rows = await tx
      .insert(jobStatus)
      .values({
        workspaceId,
        id,
        name,
        state: change.state,
        progress: change.progress ?? 0,
        error: change.error ?? null,
        startedAt: change.started ? now : null,
        finishedAt: change.finished ? now : null,
      })
      .onConflictDoUpdate({
        target: [jobStatus.workspaceId, jobStatus.id],
        set: {
          state: change.state,
          updatedAt: now,
          ...(change.progress !== undefined ? { progress: change.progress } : {}),
          ...(change.error !== undefined ? { error: change.error } : {}),
          ...(change.started ? { startedAt: now, finishedAt: null } : {}),
          ...(change.finished ? { finishedAt: now } : {}),
        },
      })
      .returning({ progress: jobStatus.progress });
    const progress = rows[0]?.progress ?? 0;
    await publishEvent(tx, { type: 'job.progress', workspaceId, jobId: id, name, state: change.state, progress });
  }

  /**
   * pg-boss's tables belong to the owning role, not to helixis_app: inside a tenant transaction its
   * statements run with the tenant role lifted, which is restored right after (SET LOCAL keeps both
   * inside this transaction).
   */
  async #asOwner<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
    const [row] = await rowsOf<{ tenant: boolean }>(tx, sql`select current_user = 'helixis_app' as tenant`);
    const tenant = row?.tenant === true;
    if (!tenant) return fn();
    await tx.execute(sql`set local role none`);
    let value: T;
    try {
      value = await fn();
    } catch (err) {
      // The transaction may be aborted already; the caller's rollback ends the lifted role either way.
      await tx.execute(sql`set local role helixis_app`).catch(() => undefined);
      throw err;
    }
    await tx.execute(sql`set local role helixis_app`);
    return value;
  }
}
