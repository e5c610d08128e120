import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from './errors';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

function assertKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new Error(
      `Encryption key must be ${KEY_BYTES} bytes (got ${Buffer.isBuffer(key) ? key.length : typeof key}).`,
    );
  }
}

/** The version is authenticated with the caller's context, so a blob cannot be replayed under another format. */
function associatedData(aad: string | undefined): Buffer {
  return Buffer.from(`${VERSION}\0${aad ?? ''}`, 'utf8');
}

function unreadable(reason: string, cause?: unknown): AppError {
  return new AppError('secret_unreadable', { cause: new Error(`Cannot decrypt secret: ${reason}`, { cause }) });
}

/**
 * Canonical base64url only: Buffer.from skips stray characters and ignores trailing bits, so a
 * damaged or altered part could otherwise decode to the same bytes.
 */
function decodePart(part: string, name: string): Buffer {
  const bytes = Buffer.from(part, 'base64url');
  if (bytes.toString('base64url') !== part) throw unreadable(`${name} is not canonical base64url`);
  return bytes;
}

/**
 * Encrypts a secret for storage: AES-256-GCM, fresh 12-byte IV, 16-byte tag, as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). `aad` binds the blob to its owner (e.g. a row id):
 * decrypting it under another context fails.
 */
export function encryptSecret(key: Buffer, plaintext: string, aad?: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Decrypts a blob from `encryptSecret`. `keys` lists the current key first and retired keys after it,
 * so secrets written before a key rotation stay readable. Any damage, wrong key or wrong `aad`
 * throws `secret_unreadable`; it never returns unauthenticated bytes.
 */
export function decryptSecret(keys: Buffer | readonly Buffer[], blob: string, aad?: string): string {
  const keyList: readonly Buffer[] = Buffer.isBuffer(keys) ? [keys] : keys;
  if (keyList.length === 0) throw new Error('decryptSecret needs at least one key.');
  for (const key of keyList) assertKey(key);

  const parts = blob.split('.');
  if (parts[0] !== VERSION) {
    throw unreadable(parts.length > 1 ? `unsupported format version "${parts[0]}"` : 'not an encrypted secret');
  }
  if (parts.length !== 4) throw unreadable(`expected 4 parts, found ${parts.length}`);
  const iv = decodePart(parts[1] as string, 'iv');
  const tag = decodePart(parts[2] as string, 'tag');
  const ciphertext = decodePart(parts[3] as string, 'ciphertext');
  if (iv.length !== IV_BYTES) throw unreadable(`iv must be ${IV_BYTES} bytes, found ${iv.length}`);
  if (tag.length !== TAG_BYTES) throw unreadable(`tag must be ${TAG_BYTES} bytes, found ${tag.length}`);

  let lastError: unknown;
  for (const key of keyList) {
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(aad));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch (err) {
      lastError = err;
    }
  }
  throw unreadable('authentication failed (wrong key, wrong context or tampered data)', lastError);
}
