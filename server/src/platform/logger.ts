import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths never written to logs: tokens, passwords, secrets, cookies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'headers.authorization',
  'headers.cookie',
  'headers.apikey',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.secret',
  '*.secret_value',
  '*.client_secret',
  '*.apiKey',
  '*.api_key',
  'password',
  'access_token',
  'refresh_token',
];

/** Error fields that hold the values a statement was run with (chat text, fact values, e-mails). */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where'];
/** Drizzle writes the parameters into the message too: `Failed query: …\nparams: …`. */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function withoutValues(serialized: unknown, depth: number): unknown {
  if (!serialized || typeof serialized !== 'object' || depth > 6) return serialized;
  const out: Record<string, unknown> = { ...(serialized as Record<string, unknown>) };
  for (const field of VALUE_FIELDS) delete out[field];
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the value they could not take.
  const quotesValue = typeof out.code === 'string' && out.code.startsWith('22');
  const scrub = (text: string) => {
    const plain = text.replace(PARAMS_IN_TEXT, '');
    return quotesValue ? plain.replace(/"[^\n]*"/, '"[value withheld]"') : plain;
  };
  if (typeof out.message === 'string') out.message = scrub(out.message);
  if (typeof out.stack === 'string') out.stack = scrub(out.stack);
  if (out.cause) out.cause = withoutValues(out.cause, depth + 1);
  return out;
}

/** pino's error serializer, minus the SQL parameters and row values a failed query carries. */
export function errorWithoutValues(err: unknown): unknown {
  const serialized = err instanceof Error ? pino.stdSerializers.errWithCause(err) : err;
  return withoutValues(serialized, 0);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: errorWithoutValues, error: errorWithoutValues },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'helixis' },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
