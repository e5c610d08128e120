import { availableParallelism } from 'node:os';

/**
 * Browser-test files run at once (each with its own Chromium): one file alone left a third of the 2-core
 * machine idle, waiting on its server and browser (decision 039). Also the number of shared servers
 * (global-setup.ts): one per worker.
 */
export const E2E_WORKERS = Math.max(2, Math.floor(availableParallelism() / 2));
