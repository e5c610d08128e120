import { inputRuleMessages as M } from '@helixis/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** A NUL, or a UTF-16 surrogate without its partner: text PostgreSQL cannot store and no person types. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

export function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first string (key or value) in `value` that breaks the text rule, or null. */
export function findBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return path || 'body';
    const found = findBadText(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 of the text rule when `value` holds a NUL or an unpaired surrogate. */
export function assertCleanText(value: unknown, path: string): void {
  const found = findBadText(value, path);
  if (found) throw new AppError('validation_failed', { status: 400, userMessage: M.badText(found) });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body's bytes as text, refusing bytes that are not UTF-8 (instead of replacing them with U+FFFD). */
export function decodeUtf8Body(body: Buffer | string): string {
  if (typeof body === 'string') return body;
  try {
    return utf8.decode(body);
  } catch (err) {
    throw new AppError('invalid_json', { status: 400, userMessage: M.invalidUtf8, cause: err });
  }
}

/**
 * The one input rule of every request, before any handler reads it: JSON bodies must be UTF-8, and no
 * string of the body, query or path parameters may hold a NUL or an unpaired surrogate (400 with the
 * field's name). Multipart parts are read by their routes, which check file names with `assertCleanText`.
 */
export function installInputRules(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeUtf8Body(body);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    defaultJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    assertCleanText(request.params, 'path');
    assertCleanText(request.query, 'query');
    assertCleanText(request.body, '');
  });
}
