import { type AuthErrorCode, type ErrorCode, errorCatalogue } from '@helixis/contract';

export type AppErrorCode = ErrorCode | AuthErrorCode;

export interface AppErrorOptions {
  status?: number;
  /** Text for the user; defaults to the catalogue's text for the code. */
  userMessage?: string;
  cause?: unknown;
  /** Extra fields for the wire body (e.g. weak_password reasons, Retry-After seconds). */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one error type of the server. The error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly userMessage: string;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    const known = (errorCatalogue as Record<string, { status: number; message: string }>)[code];
    const userMessage = options.userMessage ?? known?.message ?? 'An unexpected error occurred. Please try again.';
    super(userMessage, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? known?.status ?? 500;
    this.userMessage = userMessage;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** PostgreSQL's insufficient_privilege: what an RLS refusal looks like. */
export function isPermissionDenied(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === '42501') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Unique-violation (23505), used by callers that race on purpose. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not reachable right now". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
  'Cannot use a pool after calling end',
];

/**
 * A lost or refused database connection (pg's own errors or a driver wrapper around them, e.g.
 * Drizzle's DrizzleQueryError): answered as 503 service_unavailable rather than 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The trace id of an upstream call somewhere in an error's cause chain (logged with the failure). */
export function traceIdOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const traceId = (e as { details?: { traceId?: unknown } }).details?.traceId;
    if (typeof traceId === 'string') return traceId;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
