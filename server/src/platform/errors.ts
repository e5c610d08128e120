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
