import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Opaque refresh and confirmation tokens: 32 random bytes, base64url. Only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A key for the refresh-token chain, separate from the signing key it is derived from. */
export function refreshChainKey(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('helixis refresh-token chain v1').digest();
}

/**
 * The token that replaces `parent` on rotation: HMAC(chain key, parent). Deriving it (instead of
 * drawing it at random) lets the server hand the same child to a second tab that presents the
 * parent within the reuse interval, although only hashes are stored (docs/decisions/005-…).
 * Without the server's key it is indistinguishable from a random token.
 */
export function childRefreshToken(chainKey: Buffer, parent: string): string {
  return createHmac('sha256', chainKey).update(parent).digest('base64url');
}
