/**
 * `npm run start:cluster`: Helixis as it scales out on one PostgreSQL server — 2 API processes
 * (HELIXIS_ROLE=api) and 1 worker process (HELIXIS_ROLE=worker) behind a small round-robin proxy
 * (http-proxy-3, WebSocket upgrades included). Every process is the ordinary server (src/main.ts).
 *
 *   npm run start:cluster -w server -- [--port 3000] [--database-url postgres://…/helixis_cluster]
 *
 * The database (default helixis_cluster on 127.0.0.1:5432, or DATABASE_URL) is created when missing and
 * migrated once before the processes start. Ports: proxy --port, API processes port+1 and port+2, the
 * worker's health/metrics port+3 (with --port 0 every port is picked free). Ctrl-C stops everything
 * with SIGTERM (graceful shutdown of each process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProxyServer } from 'http-proxy-3';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/helixis_cluster';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Creates the database when the server does not have it (CREATE DATABASE cannot take parameters). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Unusable database name "${name}".`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      process.stdout.write(`created database ${name}\n`);
    }
  } finally {
    await client.end();
  }
}

async function waitReady(port: number, child: ChildProcess, label: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode} during start-up.`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} was not ready within ${timeoutMs / 1000} s.`);
}

/** Each child's output, line by line, prefixed with its name. */
function prefixOutput(child: ChildProcess, label: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
    });
  }
}

async function main() {
  const databaseUrl = argument('database-url') ?? process.env.DATABASE_URL ?? DEFAULT_URL;
  const requested = Number(argument('port') ?? process.env.PORT ?? 3000);
  const dataDir = path.resolve(argument('data-dir') ?? path.join(SERVER_DIR, '.data', 'cluster'));
  const ports =
    requested === 0
      ? await Promise.all([freePort(), freePort(), freePort(), freePort()])
      : [requested, requested + 1, requested + 2, requested + 3];
  const [proxyPort, api1, api2, workerPort] = ports as [number, number, number, number];

  await ensureDatabase(databaseUrl);
  // Once, before any process starts (each would wait on the migration lock anyway).
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  await migrate(database);
  await database.close();
  // Every process must share the JWT secret and encryption key: created once here in the data folder
  // (unless set in the environment), then read by each process from the same folder.
  loadConfig({ ...process.env, HELIXIS_DATA_DIR: dataDir });

  const publicUrl = `http://localhost:${proxyPort}`;
  const children: { label: string; child: ChildProcess }[] = [];
  const start = (label: string, role: 'api' | 'worker', port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        HELIXIS_DATA_DIR: dataDir,
        HELIXIS_ROLE: role,
        PORT: String(port),
        HOST: '127.0.0.1',
        HELIXIS_PUBLIC_URL: process.env.HELIXIS_PUBLIC_URL ?? publicUrl,
        // The round-robin proxy below runs on loopback and adds X-Forwarded-For: believe it, and only it.
        HELIXIS_TRUSTED_PROXIES: process.env.HELIXIS_TRUSTED_PROXIES ?? 'loopback',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixOutput(child, label);
    children.push({ label, child });
    return child;
  };

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    // The worker first: it installs or migrates pg-boss's schema before the API processes use it.
    const worker = start('worker', 'worker', workerPort);
    await waitReady(workerPort, worker, 'worker');
    const apis = [start('api-1', 'api', api1), start('api-2', 'api', api2)];
    await Promise.all(apis.map((child, i) => waitReady(ports[i + 1] as number, child, `api-${i + 1}`)));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    await stopAll(1);
    return;
  }
  for (const { label, child } of children) {
    child.on('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`${label} stopped (${signal ?? code}); stopping the cluster\n`);
      void stopAll(1);
    });
  }

  const targets = [api1, api2].map((port) => `http://127.0.0.1:${port}`);
  let next = 0;
  const pick = () => targets[next++ % targets.length] as string;
  const proxy = createProxyServer({ xfwd: true, ws: true });
  proxy.on('error', (_err, _req, res) => {
    if (res instanceof http.ServerResponse && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'upstream_unavailable', message: 'An API process did not answer.' } }));
    } else if (res instanceof net.Socket) {
      res.destroy();
    }
  });
  const server = http.createServer((req, res) => {
    // Metrics are scraped per process, never through the public entry point.
    if (req.url?.split('?')[0] === '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'route_not_found', message: 'Scrape each process directly.' } }));
      return;
    }
    proxy.web(req, res, { target: pick() });
  });
  server.on('upgrade', (req, socket, head) => {
    proxy.ws(req, socket, head, { target: pick() });
  });
  await new Promise<void>((resolve) => server.listen(proxyPort, '127.0.0.1', resolve));

  const summary = {
    url: `http://127.0.0.1:${proxyPort}`,
    api: [api1, api2].map((port) => `http://127.0.0.1:${port}`),
    worker: `http://127.0.0.1:${workerPort}`,
    database: new URL(databaseUrl).pathname.slice(1),
  };
  process.stdout.write(`CLUSTER_READY ${JSON.stringify(summary)}\n`);
  process.stdout.write(
    `Helixis cluster is running on ${publicUrl} (2 API processes on ports ${api1} and ${api2}, 1 worker with health and metrics on ${workerPort}, database ${summary.database}). Ctrl-C stops it.\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`start:cluster failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
