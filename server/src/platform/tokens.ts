import { type AccessTokenClaims, AccessTokenClaims as ClaimsSchema } from '@helixis/contract';
import { type JWTHeaderParameters, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors';
import type { JwtKeys, JwtSigningKey } from './jwt-keys';

const AUDIENCE = 'authenticated';

/** One entry of the `amr` claim: how and when the session was authenticated. */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  email?: string | null;
  isAnonymous: boolean;
  /** GoTrue's further claims; the ones left out are not sent. */
  phone?: string;
  issuer?: string;
  amr?: AmrEntry[];
  appMetadata?: Record<string, unknown>;
  userMetadata?: Record<string, unknown>;
}

/**
 * Signs an access token: ES256 with the key's `kid` when given the signing key (what the server issues),
 * HS256 when given the shared secret (tokens of the migration window; tests and tools still make them).
 */
export async function signAccessToken(
  key: JwtSigningKey | Uint8Array,
  subject: AccessTokenSubject,
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ttlSeconds;
  const jwt = new SignJWT({
    session_id: subject.sessionId,
    typ: 'access',
    role: 'authenticated',
    email: subject.email ?? undefined,
    phone: subject.phone,
    app_metadata: subject.appMetadata,
    user_metadata: subject.userMetadata,
    aal: subject.amr ? 'aal1' : undefined,
    amr: subject.amr,
    is_anonymous: subject.isAnonymous,
  })
    .setSubject(subject.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt);
  if (subject.issuer) jwt.setIssuer(subject.issuer);
  const token =
    key instanceof Uint8Array
      ? await jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key)
      : await jwt.setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid }).sign(key.privateKey);
  return { token, expiresAt };
}

function keyResolver(keys: JwtKeys | Uint8Array) {
  if (keys instanceof Uint8Array) return { algorithms: ['HS256'], key: () => keys };
  return {
    algorithms: keys.acceptHs256 ? ['ES256', 'HS256'] : ['ES256'],
    key: (header: JWTHeaderParameters) => {
      if (header.alg === 'HS256') return keys.hsSecret;
      const key = header.kid ? keys.verify.get(header.kid) : undefined;
      if (!key) throw new joseErrors.JWKSNoMatchingKey();
      return key;
    },
  };
}

/**
 * Verifies signature (ES256 by a known kid, or HS256 with the shared secret while that window is
 * open: `none` and every other algorithm are refused), expiry, audience and the claim shape
 * (`typ: access`). Whether the session still exists is checked by the caller.
 */
export async function verifyAccessToken(keys: JwtKeys | Uint8Array, token: string): Promise<AccessTokenClaims> {
  const { algorithms, key } = keyResolver(keys);
  try {
    const { payload } = await jwtVerify(token, key, { algorithms, audience: AUDIENCE });
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
