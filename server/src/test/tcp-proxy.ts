import net from 'node:net';

/**
 * A TCP relay a test puts between the app and PostgreSQL, to break the connection without touching
 * the shared server: `hold()` stops relaying (queries hang in flight; what they sent is dropped, so
 * held connections are only good for a `cut()` after), `cut()` drops every connection
 * and refuses new ones, `restore()` relays again.
 */
export interface TcpProxy {
  port: number;
  hold(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let mode: 'relay' | 'hold' | 'cut' = 'relay';
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (data) => {
      if (mode === 'relay') upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (mode === 'relay') client.write(data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    mode = 'cut';
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    hold() {
      mode = 'hold';
    },
    cut,
    restore() {
      mode = 'relay';
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
