import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app';
import { decryptSecret, encryptSecret } from './crypto';
import { AppError } from './errors';

const key = randomBytes(32);
const otherKey = randomBytes(32);

/** Asserts that decrypting fails as `secret_unreadable` and that the operator-facing cause names the reason. */
function expectUnreadable(fn: () => unknown, reason: RegExp) {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(AppError);
  const error = thrown as AppError;
  expect(error.code).toBe('secret_unreadable');
  expect(error.status).toBe(500);
  expect(String((error.cause as Error).message)).toMatch(reason);
}

function parts(blob: string) {
  const [version, iv, tag, ciphertext] = blob.split('.') as [string, string, string, string];
  return { version, iv, tag, ciphertext };
}

/** Flips one bit of a base64url part's decoded bytes and re-encodes it canonically. */
function flipBit(part: string, byte = 0): string {
  const bytes = Buffer.from(part, 'base64url');
  bytes[byte] = (bytes[byte] as number) ^ 0x01;
  return bytes.toString('base64url');
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips a secret in the versioned compact format', () => {
    const blob = encryptSecret(key, 'sk-live-1234567890');
    expect(blob).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(blob).not.toContain('sk-live');
    expect(decryptSecret(key, blob)).toBe('sk-live-1234567890');
  });

  it('uses a fresh IV every time, so equal secrets give different blobs', () => {
    const a = encryptSecret(key, 'same');
    const b = encryptSecret(key, 'same');
    expect(parts(a).iv).not.toBe(parts(b).iv);
    expect(a).not.toBe(b);
  });

  it('round-trips unicode, the empty string and a large value', () => {
    const unicode = 'pässwörd 秘密 🔑 \u0000 end';
    expect(decryptSecret(key, encryptSecret(key, unicode))).toBe(unicode);
    const empty = encryptSecret(key, '');
    expect(parts(empty).ciphertext).toBe('');
    expect(decryptSecret(key, empty)).toBe('');
    const large = 'x'.repeat(200_000);
    expect(decryptSecret(key, encryptSecret(key, large))).toBe(large);
  });

  it('refuses a tampered ciphertext', () => {
    const blob = encryptSecret(key, 'refresh-token-value');
    const p = parts(blob);
    for (let byte = 0; byte < Buffer.from(p.ciphertext, 'base64url').length; byte++) {
      const tampered = ['v1', p.iv, p.tag, flipBit(p.ciphertext, byte)].join('.');
      expectUnreadable(() => decryptSecret(key, tampered), /authentication failed/);
    }
  });

  it('refuses a tampered, truncated or extended tag', () => {
    const p = parts(encryptSecret(key, 'value'));
    const tag = Buffer.from(p.tag, 'base64url');
    expectUnreadable(
      () => decryptSecret(key, ['v1', p.iv, flipBit(p.tag, 15), p.ciphertext].join('.')),
      /authentication/,
    );
    const truncated = tag.subarray(0, 12).toString('base64url');
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, truncated, p.ciphertext].join('.')), /tag must be 16 bytes/);
    const extended = Buffer.concat([tag, Buffer.from([0])]).toString('base64url');
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, extended, p.ciphertext].join('.')), /tag must be 16 bytes/);
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, '', p.ciphertext].join('.')), /tag must be 16 bytes/);
  });

  it('refuses a tampered or wrong-length IV', () => {
    const p = parts(encryptSecret(key, 'value'));
    expectUnreadable(
      () => decryptSecret(key, ['v1', flipBit(p.iv, 3), p.tag, p.ciphertext].join('.')),
      /authentication/,
    );
    const short = Buffer.from(p.iv, 'base64url').subarray(0, 8).toString('base64url');
    expectUnreadable(() => decryptSecret(key, ['v1', short, p.tag, p.ciphertext].join('.')), /iv must be 12 bytes/);
  });

  it('refuses non-canonical or foreign characters instead of decoding around them', () => {
    const p = parts(encryptSecret(key, 'value'));
    // The tag's last character carries 4 unused bits: changing them alone must not pass unnoticed.
    const last = p.tag.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] as string;
    const sameBytes = `${p.tag.slice(0, -1)}${sibling}`;
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, sameBytes, p.ciphertext].join('.')), /canonical/);
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, p.tag, `${p.ciphertext}!`].join('.')), /canonical/);
    expectUnreadable(() => decryptSecret(key, ['v1', `${p.iv}==`, p.tag, p.ciphertext].join('.')), /canonical/);
  });

  it('refuses a wrong key', () => {
    const blob = encryptSecret(key, 'value');
    expectUnreadable(() => decryptSecret(otherKey, blob), /authentication failed/);
  });

  it('binds the blob to its aad', () => {
    const blob = encryptSecret(key, 'client-secret', 'integration:ws-1:buildium');
    expect(decryptSecret(key, blob, 'integration:ws-1:buildium')).toBe('client-secret');
    expectUnreadable(() => decryptSecret(key, blob, 'integration:ws-2:buildium'), /authentication failed/);
    expectUnreadable(() => decryptSecret(key, blob), /authentication failed/);
    const unbound = encryptSecret(key, 'client-secret');
    expectUnreadable(() => decryptSecret(key, unbound, 'integration:ws-1:buildium'), /authentication failed/);
  });

  it('reads secrets written under a retired key when it is listed after the current one', () => {
    const oldBlob = encryptSecret(otherKey, 'written-before-rotation', 'row-1');
    const newBlob = encryptSecret(key, 'written-after-rotation', 'row-1');
    expect(decryptSecret([key, otherKey], oldBlob, 'row-1')).toBe('written-before-rotation');
    expect(decryptSecret([key, otherKey], newBlob, 'row-1')).toBe('written-after-rotation');
    expectUnreadable(() => decryptSecret([key], oldBlob, 'row-1'), /authentication failed/);
    expect(() => decryptSecret([], newBlob)).toThrow(/at least one key/);
  });

  it('checks the format version and shape', () => {
    const p = parts(encryptSecret(key, 'value'));
    expectUnreadable(
      () => decryptSecret(key, ['v2', p.iv, p.tag, p.ciphertext].join('.')),
      /unsupported format version "v2"/,
    );
    expectUnreadable(
      () => decryptSecret(key, ['V1', p.iv, p.tag, p.ciphertext].join('.')),
      /unsupported format version/,
    );
    expectUnreadable(() => decryptSecret(key, 'plain-text-secret'), /not an encrypted secret/);
    expectUnreadable(() => decryptSecret(key, ''), /not an encrypted secret/);
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, p.tag].join('.')), /expected 4 parts, found 3/);
    expectUnreadable(() => decryptSecret(key, ['v1', p.iv, p.tag, p.ciphertext, 'x'].join('.')), /expected 4 parts/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret(randomBytes(16), 'value')).toThrow(/32 bytes/);
    expect(() => decryptSecret(randomBytes(31), encryptSecret(key, 'value'))).toThrow(/32 bytes/);
  });

  it('is usable with the key the configuration provides', () => {
    const config = testConfig();
    expect(config.encryptionKey).toHaveLength(32);
    expect(decryptSecret(config.encryptionKey, encryptSecret(config.encryptionKey, 'value'))).toBe('value');
  });
});
