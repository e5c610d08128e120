import { type AccessTokenClaims, AccessTokenClaims as ClaimsSchema } from '@helixis/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors';

const ALG = 'HS256';
const AUDIENCE = 'authenticated';

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  email?: string | null;
  isAnonymous: boolean;
}

export async function signAccessToken(
  secret: Uint8Array,
  subject: AccessTokenSubject,
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({
    session_id: subject.sessionId,
    typ: 'access',
    role: 'authenticated',
    email: subject.email ?? undefined,
    is_anonymous: subject.isAnonymous,
  })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(subject.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

/**
 * Verifies signature (HS256 only: `none` and every other algorithm are refused), expiry, audience
 * and the claim shape (`typ: access`). Whether the session still exists is checked by the caller.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], audience: AUDIENCE });
    const parsed = ClaimsSchema.safeParse(payload);
    if (!parsed.success) throw new AppError('bad_jwt', { status: 403, userMessage: 'invalid JWT: unexpected claims' });
    return parsed.data;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const expired = err instanceof joseErrors.JWTExpired;
    throw new AppError('bad_jwt', {
      status: 403,
      userMessage: expired ? 'invalid JWT: token is expired' : 'invalid JWT: unable to parse or verify signature',
      cause: err,
    });
  }
}
