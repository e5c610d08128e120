import { z } from 'zod';

/**
 * POST /__client-log: a crash report from the browser (the error boundaries send one per crash).
 * Public, rate-limited per client address, and capped at MAX_CLIENT_LOG_BYTES per request.
 */
export const ClientLogKind = z.enum(['auth', 'integration', 'general']);
export type ClientLogKind = z.infer<typeof ClientLogKind>;

export const ClientLogInput = z.object({
  /** Which error screen was shown (auth, integration or generic). */
  kind: ClientLogKind,
  message: z.string().trim().min(1, 'This field is required').max(2_000, 'Must be no more than 2000 characters'),
  stack: z.string().max(8_000, 'Must be no more than 8000 characters').optional(),
  componentStack: z.string().max(4_000, 'Must be no more than 4000 characters').optional(),
  /** Path and query of the page that crashed; never a full URL of another site. */
  path: z.string().max(1_000, 'Must be no more than 1000 characters').regex(/^\//, 'Invalid format'),
  /** Where the crash was caught: the top-level boundary or the router's error element. */
  boundary: z.enum(['top-level', 'route']),
});
export type ClientLogInput = z.infer<typeof ClientLogInput>;

export const ClientLogOutput = z.object({ id: z.string(), stored: z.literal(true) });
export type ClientLogOutput = z.infer<typeof ClientLogOutput>;
