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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'helixis' },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
