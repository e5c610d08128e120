import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralLow, freePort } from './wait';

describe('freePort', () => {
  it('gives a port below the range of outgoing connections, which a child process can then listen on', async () => {
    const low = ephemeralLow();
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(low);
    }
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
