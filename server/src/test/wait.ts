import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Calls `fn` until `done` accepts its value (every `intervalMs`), and returns that value; after
 * `timeoutMs` it fails with the last value, so a test failure says what was seen instead.
 */
export async function waitFor<T>(
  fn: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Where ports for child processes are drawn from: above the well-known and common service ports. */
const LISTEN_LOW = 20_000;

/**
 * The lowest port the kernel hands to outgoing connections (Linux: 32768 unless configured). A port taken
 * from that range for a child process to listen on later can meanwhile become the local port of some
 * client socket of a parallel test (the cluster test once lost its SMTP port that way). Read once.
 */
let ephemeral: number | undefined;
export function ephemeralLow(): number {
  if (ephemeral === undefined) {
    try {
      const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
      ephemeral = Number.isInteger(low) && low > LISTEN_LOW + 1000 ? low : 32_768;
    } catch {
      ephemeral = 32_768;
    }
  }
  return ephemeral;
}

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A TCP port on 127.0.0.1 that was free a moment ago (for a child process to listen on), drawn at random
 * below the range of outgoing connections' ports, so no client socket takes it before the child binds it.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LISTEN_LOW + Math.floor(Math.random() * (high - LISTEN_LOW));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${LISTEN_LOW} and ${high} after 50 tries`);
}
