import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OAuthProvider } from '@helixis/contract';

/**
 * The OAuth `state` value: user id, workspace, provider, nonce, return_to and expiry, signed with
 * HMAC-SHA256 under a key derived from the server's secret. The nonce also names the stored PKCE
 * verifier, which is consumed once, so a replayed or forged state goes nowhere.
 */
export interface OAuthStatePayload {
  userId: string;
  workspaceId: string;
  provider: OAuthProvider;
  nonce: string;
  returnTo: string;
  /** Unix seconds. */
  expiresAt: number;
}

function mac(secret: Uint8Array, data: string): Buffer {
  return createHmac('sha256', secret).update(`helixis.oauth-state.v1\0${data}`).digest();
}

export function signState(secret: Uint8Array, payload: OAuthStatePayload): string {
  const body = Buffer.from(
    JSON.stringify({
      u: payload.userId,
      w: payload.workspaceId,
      p: payload.provider,
      n: payload.nonce,
      r: payload.returnTo,
      e: payload.expiresAt,
    }),
  ).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload of a genuine, unexpired state; null for anything else. */
export function verifyState(secret: Uint8Array, state: string, now = Date.now()): OAuthStatePayload | null {
  const [body, signature, extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const payload: OAuthStatePayload = {
      userId: String(raw.u),
      workspaceId: String(raw.w),
      provider: raw.p === 'outlook' ? 'outlook' : 'gmail',
      nonce: String(raw.n),
      returnTo: String(raw.r),
      expiresAt: Number(raw.e),
    };
    if (raw.p !== 'gmail' && raw.p !== 'outlook') return null;
    if (!Number.isFinite(payload.expiresAt) || payload.expiresAt * 1000 < now) return null;
    return payload;
  } catch {
    return null;
  }
}

/** Only same-site paths: no scheme, no `//host`, no backslashes. */
export function safeReturnTo(value: string | undefined, fallback = '/onboarding'): string {
  if (!value) return fallback;
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.includes('\\') || /[\r\n]/.test(v)) return fallback;
  return v.slice(0, 300);
}
