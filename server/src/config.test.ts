import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'helixis-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const strong = () => randomBytes(32).toString('base64url');

describe('production secrets', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a default', 'changeme'],
    ['a default', 'secret'],
  ])('refuses to start with HELIXIS_JWT_SECRET %s', (_label, value) => {
    const dir = tempDir();
    const env = { NODE_ENV: 'production', HELIXIS_DATA_DIR: dir, HELIXIS_ENCRYPTION_KEY: strong() };
    expect(() => loadConfig(value === undefined ? env : { ...env, HELIXIS_JWT_SECRET: value })).toThrow(
      /HELIXIS_JWT_SECRET must be set to a strong secret in production/,
    );
    // Nothing was generated in its place.
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['a default', 'default'],
    ['a default', 'helixis'],
  ])('refuses to start with HELIXIS_ENCRYPTION_KEY %s', (_label, value) => {
    const dir = tempDir();
    const env = { NODE_ENV: 'production', HELIXIS_DATA_DIR: dir, HELIXIS_JWT_SECRET: strong() };
    expect(() => loadConfig(value === undefined ? env : { ...env, HELIXIS_ENCRYPTION_KEY: value })).toThrow(
      /HELIXIS_ENCRYPTION_KEY must be set to a strong secret in production/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a short JWT secret and an encryption key that is not 32 bytes', () => {
    const dir = tempDir();
    const base = { NODE_ENV: 'production', HELIXIS_DATA_DIR: dir };
    expect(() =>
      loadConfig({ ...base, HELIXIS_JWT_SECRET: 'too-short-secret', HELIXIS_ENCRYPTION_KEY: strong() }),
    ).toThrow(/at least 32 characters/);
    const sixteen = randomBytes(16).toString('base64url');
    expect(() => loadConfig({ ...base, HELIXIS_JWT_SECRET: strong(), HELIXIS_ENCRYPTION_KEY: sixteen })).toThrow(
      /must be 32 bytes/,
    );
  });

  it('starts with strong secrets and takes them from the environment only', () => {
    const dir = tempDir();
    const jwt = strong();
    const key = strong();
    const config = loadConfig({
      NODE_ENV: 'production',
      HELIXIS_DATA_DIR: dir,
      HELIXIS_JWT_SECRET: jwt,
      HELIXIS_ENCRYPTION_KEY: key,
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(jwt);
    expect(config.encryptionKey.equals(Buffer.from(key, 'base64url'))).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops the server process at start-up, before touching the database', () => {
    const dir = tempDir();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HELIXIS_DATA_DIR: dir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Helixis failed to start: .*HELIXIS_JWT_SECRET must be set/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('embedded setup', () => {
  it('generates both secrets into the data folder once and reuses them', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const env = { NODE_ENV: 'development', HELIXIS_DATA_DIR: dir };
    const first = loadConfig(env);
    const jwtFile = path.join(dir, 'jwt-secret');
    const keyFile = path.join(dir, 'encryption-key');
    expect(existsSync(jwtFile)).toBe(true);
    expect(existsSync(keyFile)).toBe(true);
    // Owner-only: other local users must not read the keys.
    expect(statSync(jwtFile).mode & 0o777).toBe(0o600);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const fileContents = [readFileSync(jwtFile, 'utf8'), readFileSync(keyFile, 'utf8')];

    const second = loadConfig(env);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect([readFileSync(jwtFile, 'utf8'), readFileSync(keyFile, 'utf8')]).toEqual(fileContents);

    const elsewhere = loadConfig({ NODE_ENV: 'development', HELIXIS_DATA_DIR: tempDir() });
    expect(elsewhere.encryptionKey.equals(first.encryptionKey)).toBe(false);
  });

  it('treats a placeholder as unset outside production, and lets a real value win over the file', () => {
    const dir = tempDir();
    const generated = loadConfig({ NODE_ENV: 'development', HELIXIS_DATA_DIR: dir, HELIXIS_JWT_SECRET: 'changeme' });
    expect(new TextDecoder().decode(generated.jwtSecret)).toBe(
      readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim(),
    );
    const jwt = strong();
    const given = loadConfig({ NODE_ENV: 'development', HELIXIS_DATA_DIR: dir, HELIXIS_JWT_SECRET: jwt });
    expect(new TextDecoder().decode(given.jwtSecret)).toBe(jwt);
  });
});

describe('environment parsing', () => {
  const base = () => ({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: tempDir(),
    HELIXIS_JWT_SECRET: strong(),
    HELIXIS_ENCRYPTION_KEY: strong(),
  });

  it('applies the documented defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustedUpstreams).toEqual([]);
    expect(config.refreshReuseIntervalSeconds).toBe(10);
  });

  it('reads HELIXIS_TRUSTED_UPSTREAMS as host:port pairs and refuses entries without a port', () => {
    const config = loadConfig({
      ...base(),
      HELIXIS_TRUSTED_UPSTREAMS: ' 127.0.0.1:4010, fake-buildium:4020,[::1]:8080 ,',
    });
    expect(config.trustedUpstreams).toEqual(['127.0.0.1:4010', 'fake-buildium:4020', '[::1]:8080']);
    for (const bad of ['localhost', 'http://127.0.0.1:4010', '127.0.0.1:4010/path', '*:80']) {
      expect(() => loadConfig({ ...base(), HELIXIS_TRUSTED_UPSTREAMS: bad }), bad).toThrow(/must be host:port/);
    }
  });

  it('names the variable in an invalid value', () => {
    expect(() => loadConfig({ ...base(), PORT: 'eighty' })).toThrow(/Invalid configuration:\nPORT:/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
