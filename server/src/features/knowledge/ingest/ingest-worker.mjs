// Entry of the ingest worker thread (ingest-pool.ts). A worker does not inherit tsx's loader in every
// setting (vitest, `node --import tsx`, `tsx src/main.ts`), so it registers tsx itself (decision 004)
// and then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-worker.ts');
