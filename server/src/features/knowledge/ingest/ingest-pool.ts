/**
 * Parsing and chunking off the API's thread (decision 031). A small pool of worker threads (one by
 * default) prepares documents (prepare.ts) one at a time each; every document runs under a budget:
 * a wall-clock timeout and a heap limit (`resourceLimits`). A document over its budget fails with a
 * text for its owner, its worker is replaced, and the next document goes on. Idle workers end after
 * IDLE_MS, and a worker keeps the process alive only while it works.
 */
import { Worker } from 'node:worker_threads';
import type { PreparedChunk, PrepareInput, PrepareResult } from './prepare';

export interface IngestPoolOptions {
  /** Worker threads (documents prepared at once). */
  workers: number;
  /** Wall-clock budget of one document, in ms (from the moment a worker takes it). */
  timeoutMs: number;
  /** Heap budget of a worker, in MB (old generation). */
  memoryMb: number;
}

/** A worker with nothing to do for this long ends (its parsers' memory goes with it). */
const IDLE_MS = 60_000;
/** A worker that has not loaded its code after this long is given up (its document fails). */
const BOOT_MS = 60_000;

const WORKER_URL = new URL('./ingest-worker.mjs', import.meta.url);

interface Task {
  id: number;
  input: PrepareInput;
  transfer: ArrayBuffer[];
  resolve: (result: PrepareResult) => void;
}

interface Slot {
  worker: Worker | null;
  /** The worker has loaded its code (budgets start then). */
  ready: boolean;
  /** Chunks of the current task received so far (the worker sends them in parts). */
  parts: PreparedChunk[][];
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return s >= 1 && Number.isInteger(s) ? `${s} second${s === 1 ? '' : 's'}` : `${s.toFixed(1)} seconds`;
}

export class IngestPool {
  readonly #options: IngestPoolOptions;
  readonly #slots: Slot[];
  readonly #queue: Task[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: IngestPoolOptions) {
    this.#options = options;
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: null,
      ready: false,
      parts: [],
      task: null,
      timer: null,
      idle: null,
    }));
  }

  /**
   * Prepares one document in a worker. Resolves with the worker's result, or with a failure when the
   * document passed its budget or the worker died. `transfer` moves buffers instead of copying them.
   */
  prepare(input: PrepareInput, transfer: ArrayBuffer[] = []): Promise<PrepareResult> {
    if (this.#closed) return Promise.reject(new Error('the ingest pool is closed'));
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, input, transfer, resolve });
      this.#pump();
    });
  }

  /** Ends every worker; documents still waiting fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.resolve(this.#failure('the server is stopping', 0));
    await Promise.all(
      this.#slots.map(async (slot) => {
        const worker = slot.worker;
        if (slot.task) this.#finish(slot, this.#failure('the server is stopping', worker?.threadId ?? 0));
        if (slot.idle) clearTimeout(slot.idle);
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  #failure(reason: string, threadId: number): PrepareResult {
    return {
      ok: false,
      code: 'file_unreadable',
      message: 'This file could not be processed. Please try uploading it again.',
      internal: reason,
      threadId,
    };
  }

  #pump(): void {
    for (const slot of this.#slots) {
      if (slot.task || this.#queue.length === 0) continue;
      const task = this.#queue.shift() as Task;
      this.#start(slot, task);
    }
  }

  #spawn(slot: Slot): Worker {
    slot.ready = false;
    const worker = new Worker(WORKER_URL, {
      // tsx is registered by the entry itself; flags of the parent (inspector, loaders) are not needed.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.#options.memoryMb },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (msg: { id?: number; result?: PrepareResult; part?: PreparedChunk[]; ready?: boolean }) => {
      if (slot.worker !== worker) return;
      if (msg.ready) {
        slot.ready = true;
        if (slot.task) this.#arm(slot, slot.task, this.#options.timeoutMs);
        return;
      }
      if (!slot.task || msg.id !== slot.task.id) return;
      if (msg.part) {
        slot.parts.push(msg.part);
        // The next part after a turn of the event loop (requests waiting get in first).
        const task = slot.task;
        setImmediate(() => {
          if (slot.worker === worker && slot.task === task) worker.postMessage({ next: true });
        });
      } else if (msg.result?.ok) this.#finish(slot, { ...msg.result, chunks: slot.parts.flat() });
      else if (msg.result) this.#finish(slot, msg.result);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (!slot.task) return;
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(err.message);
      this.#finish(
        slot,
        outOfMemory
          ? {
              ok: false,
              code: 'file_unreadable',
              message: `This file needs more than ${this.#options.memoryMb} MB of memory to read and was not processed. Please split it into smaller files.`,
              threadId: worker.threadId,
            }
          : this.#failure(err.stack ?? err.message, worker.threadId),
      );
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.task) this.#finish(slot, this.#failure(`the ingest worker exited (${code})`, worker.threadId));
    });
    worker.unref();
    return worker;
  }

  #start(slot: Slot, task: Task): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.worker ??= this.#spawn(slot);
    const worker = slot.worker;
    slot.task = task;
    slot.parts = [];
    // Busy: the process waits for this document (a script awaiting it must not exit under it).
    worker.ref();
    // A fresh worker first loads its code: the document's budget starts once it has (see 'ready').
    this.#arm(slot, task, slot.ready ? this.#options.timeoutMs : BOOT_MS + this.#options.timeoutMs);
    worker.postMessage({ id: task.id, input: task.input }, task.transfer);
  }

  /** The document's time budget: past it, the worker is ended and the document fails. */
  #arm(slot: Slot, task: Task, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    const worker = slot.worker as Worker;
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return;
      slot.worker = null;
      void worker.terminate();
      this.#finish(slot, {
        ok: false,
        code: 'file_unreadable',
        message: `This file took longer than ${seconds(this.#options.timeoutMs)} to read and was not processed. Please split it into smaller files.`,
        threadId: worker.threadId,
      });
    }, ms);
  }

  #finish(slot: Slot, result: PrepareResult): void {
    const task = slot.task;
    slot.parts = [];
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    const worker = slot.worker;
    if (worker) {
      worker.unref();
      slot.idle = setTimeout(() => {
        if (slot.worker === worker && !slot.task) {
          slot.worker = null;
          void worker.terminate();
        }
      }, IDLE_MS);
      slot.idle.unref();
    }
    task?.resolve(result);
    if (!this.#closed) this.#pump();
  }
}

const pools = new Map<string, IngestPool>();

/** The process's pool for these settings (one per distinct setting: tests start apps with other budgets). */
export function ingestPoolFor(options: IngestPoolOptions): IngestPool {
  const key = `${options.workers}/${options.timeoutMs}/${options.memoryMb}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new IngestPool(options);
    pools.set(key, pool);
  }
  return pool;
}
