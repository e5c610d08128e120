import { z } from 'zod';

/**
 * In a browser, zod parses without its compiler: the compiler (and its probe, `Function('')`, run
 * when the first object schema is built) is `eval`, which the web app's Content-Security-Policy
 * refuses. Imported first by index.ts, so it runs before any schema of the contract is built.
 * The server keeps the compiled parsers.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });
