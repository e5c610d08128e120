import {
  createECDH,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Jwk } from '@helixis/contract';

/** The key new access tokens are signed with (ES256, P-256) and its id (`kid`). */
export interface JwtSigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: Jwk;
}

/**
 * Everything access tokens are signed and verified with (docs/decisions/030): the current ES256 key,
 * the public keys of earlier ones still accepted after a rotation, and the shared HS256 secret that
 * earlier tokens were signed with (accepted while `acceptHs256` is on — the migration window).
 */
export interface JwtKeys {
  /** Null in production without HELIXIS_JWT_SIGNING_KEY: tokens are then still signed HS256 (start-up warning). */
  signing: JwtSigningKey | null;
  /** Public keys by kid: the signing key's and the previous ones'. */
  verify: Map<string, KeyObject>;
  /** What GET /auth/v1/.well-known/jwks.json publishes. */
  published: Jwk[];
  hsSecret: Uint8Array;
  acceptHs256: boolean;
}

/** The JWK's RFC 7638 thumbprint (SHA-256, base64url): a stable kid that names the key itself. */
function thumbprint(jwk: { crv?: string; kty?: string; x?: string; y?: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

function publicJwkOf(key: KeyObject, kid: string | undefined): Jwk {
  const exported = key.export({ format: 'jwk' }) as { kty?: string; crv?: string; x?: string; y?: string };
  if (exported.kty !== 'EC' || exported.crv !== 'P-256') throw new Error('JWT keys must be EC P-256 (ES256) keys.');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: exported.x,
    y: exported.y,
    kid: kid ?? thumbprint(exported),
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
  };
}

function parseJwk(text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${what} must be a JSON Web Key (JSON).`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${what} must be a JSON object.`);
  return parsed as Record<string, unknown>;
}

function signingKeyFrom(jwk: Record<string, unknown>, what: string): JwtSigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
  } catch (err) {
    throw new Error(`${what} is not a usable private EC key: ${(err as Error).message}`);
  }
  const kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : undefined;
  const publicJwk = publicJwkOf(createPublicKey(privateKey), kid);
  return { kid: publicJwk.kid, privateKey, publicJwk };
}

function generateSigningJwk(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kid: thumbprint(jwk), alg: 'ES256', use: 'sig' };
}

/**
 * A P-256 key derived from the HS256 secret: the processes of one test cluster share the secret and so
 * sign with one key, without a key file (tests keep nothing on disk). Only ever used under NODE_ENV=test.
 */
function derivedSigningJwk(secret: Uint8Array): Record<string, unknown> {
  // The order of P-256's group; a private scalar must lie in [1, n-1].
  const order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
  for (let round = 0; ; round++) {
    const d = createHmac('sha256', secret).update(`helixis test es256 key ${round}`).digest();
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= order) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    return { ...jwk, kid: thumbprint(jwk), alg: 'ES256', use: 'sig' };
  }
}

/**
 * The signing key: HELIXIS_JWT_SIGNING_KEY (a private JWK) if set; in tests one derived from the HS256
 * secret (so a test's API processes share it);
 * in production none (secrets there come from the environment only, so HS256 goes on until one is set);
 * otherwise `jwt-signing-key.json` in the data folder, created once like the other generated secrets.
 */
function loadSigningKey(options: {
  envValue: string | undefined;
  dataDir: string;
  ephemeral: boolean;
  production: boolean;
  hsSecret: Uint8Array;
}): JwtSigningKey | null {
  if (options.envValue?.trim()) {
    return signingKeyFrom(parseJwk(options.envValue, 'HELIXIS_JWT_SIGNING_KEY'), 'HELIXIS_JWT_SIGNING_KEY');
  }
  if (options.ephemeral) return signingKeyFrom(derivedSigningJwk(options.hsSecret), 'the test key');
  if (options.production) return null;
  const file = path.join(options.dataDir, 'jwt-signing-key.json');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      // `wx`: when two processes start at once, the second keeps the first one's key.
      writeFileSync(file, `${JSON.stringify(generateSigningJwk())}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return signingKeyFrom(parseJwk(readFileSync(file, 'utf8'), file), file);
}

/** HELIXIS_JWT_PREVIOUS_KEYS: a JSON array of public JWKs (with kid) of keys rotated out. */
function previousKeys(envValue: string | undefined): Jwk[] {
  if (!envValue?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(envValue);
  } catch {
    throw new Error('HELIXIS_JWT_PREVIOUS_KEYS must be a JSON array of public JSON Web Keys.');
  }
  if (!Array.isArray(parsed))
    throw new Error('HELIXIS_JWT_PREVIOUS_KEYS must be a JSON array of public JSON Web Keys.');
  return parsed.map((entry, i) => {
    if (!entry || typeof entry !== 'object') throw new Error(`HELIXIS_JWT_PREVIOUS_KEYS[${i}] is not a JWK object.`);
    const { d: _private, ...pub } = entry as Record<string, unknown>;
    let key: KeyObject;
    try {
      key = createPublicKey({ key: pub as never, format: 'jwk' });
    } catch (err) {
      throw new Error(`HELIXIS_JWT_PREVIOUS_KEYS[${i}] is not a usable EC public key: ${(err as Error).message}`);
    }
    const kid = typeof pub.kid === 'string' && pub.kid ? pub.kid : undefined;
    return publicJwkOf(key, kid);
  });
}

export function loadJwtKeys(options: {
  signingKeyEnv: string | undefined;
  previousKeysEnv: string | undefined;
  dataDir: string;
  ephemeral: boolean;
  production: boolean;
  hsSecret: Uint8Array;
  acceptHs256: boolean;
}): JwtKeys {
  const signing = loadSigningKey({
    envValue: options.signingKeyEnv,
    dataDir: options.dataDir,
    ephemeral: options.ephemeral,
    production: options.production,
    hsSecret: options.hsSecret,
  });
  const own = signing ? [signing.publicJwk] : [];
  const published = [...own, ...previousKeys(options.previousKeysEnv)].filter(
    (jwk, i, all) => all.findIndex((other) => other.kid === jwk.kid) === i,
  );
  const verify = new Map<string, KeyObject>();
  for (const jwk of published) verify.set(jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' }));
  // Without a signing key the server itself still signs HS256, so those tokens must stay accepted.
  const acceptHs256 = options.acceptHs256 || signing === null;
  return { signing, verify, published, hsSecret: options.hsSecret, acceptHs256 };
}
