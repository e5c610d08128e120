import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A child process of the real server code (through tsx), its output kept for assertions and failures. */
export interface Spawned {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first output line that matches, or rejects on exit or timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then the exit code (or signal); SIGKILL after `killAfterMs`. */
  stop(killAfterMs?: number): Promise<number | string | null>;
}

/** `env` joins the test's environment; a key set to undefined is removed from it. */
export function spawnServerScript(script: string, args: string[], env: Record<string, string | undefined>): Spawned {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, script), ...args], {
    cwd: SERVER_DIR,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of waiters) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const w of waiters) w();
      resolve(signal ?? code);
    }),
  );
  return {
    child,
    output: () => text,
    waitFor(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${text.slice(-3000)}`));
        }, timeoutMs);
        const check = () => {
          const line = text.split('\n').find((l) => pattern.test(l));
          if (line !== undefined) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(line);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(
              new Error(
                `process exited (${child.signalCode ?? child.exitCode}) before ${pattern}:\n${text.slice(-3000)}`,
              ),
            );
          }
        };
        waiters.add(check);
        check();
      });
    },
    async stop(killAfterMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
}

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL's, dropped by `drop()`. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}
