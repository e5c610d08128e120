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

/** A TCP port on 127.0.0.1 that was free a moment ago (for a child process to listen on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
