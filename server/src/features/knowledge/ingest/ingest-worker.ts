/**
 * The ingest worker thread (ingest-pool.ts): prepares one document per message, one at a time.
 * Loaded through ingest-worker.mjs, which registers tsx first (decision 004: the server runs its
 * TypeScript through tsx, in dev, tests and `npm start` alike).
 */
import { parentPort, threadId } from 'node:worker_threads';
import { type PrepareInput, prepareChunks } from './prepare';

interface Task {
  id: number;
  input: PrepareInput;
}

const port = parentPort;
if (!port) throw new Error('ingest-worker.ts runs only as a worker thread');
/**
 * Chunks go back in parts of this many, the next one when the pool asks for it: the API's thread
 * decodes a message in one go (and all messages waiting on a port in one go), so the 9,000 chunks of a
 * 100k-row CSV sent at once would hold it for seconds; a part is a few ms, with other work in between.
 */
const PART_CHUNKS = 100;

let resume: (() => void) | null = null;

port.on('message', async (msg: Task | { next: true }) => {
  if ('next' in msg) {
    resume?.();
    resume = null;
    return;
  }
  const { id, input } = msg;
  const result = await prepareChunks(input, threadId);
  if (result.ok) {
    for (let i = 0; i < result.chunks.length; i += PART_CHUNKS) {
      const asked = new Promise<void>((resolve) => {
        resume = resolve;
      });
      port.postMessage({ id, part: result.chunks.slice(i, i + PART_CHUNKS) });
      await asked;
    }
    port.postMessage({ id, result: { ...result, chunks: [] } });
  } else {
    port.postMessage({ id, result });
  }
});
// Loaded: the pool starts a document's time budget from here (booting is not the document's doing).
port.postMessage({ ready: true });
