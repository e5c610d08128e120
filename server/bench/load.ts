/**
 * `npm run bench:load [-- --quick]`: HTTP load test with autocannon against a running Helixis server
 * (started here as its own process, src/main.ts, on a fresh PGlite folder — or on DATABASE_URL when
 * set), next to a bare Fastify "hello" server measured in the same run. Prints throughput and latency
 * percentiles per path, the ratio of each to the bare route, errors, the CPU time the serving process
 * spent per request (user + system, from /proc: less sensitive than req/s to what else the machine
 * runs), the load average, and the server's RSS at the start and end of a sustained mixed run
 * (60 s; 10 s with --quick), sampled every 5 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const PER_PATH_SECONDS = quick ? 3 : 10;
const SOAK_SECONDS = quick ? 10 : 60;
const CONNECTIONS = 10;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once the output matches `ready` (null: at once; the caller polls /readyz). */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp | null): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    if (!ready) resolve(child);
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (ready?.test(text)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${text.slice(-2000)}`)));
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready');
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** User + system CPU time of a process, in microseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMicros(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Row {
  name: string;
  cpuPerRequest: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
}

/** One autocannon run, with every response time kept (autocannon's own summary has no p95). */
function fire(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

async function measure(name: string, pid: number | undefined, options: autocannon.Options): Promise<Row> {
  const cpuBefore = cpuMicros(pid);
  const { result, times } = await fire({ connections: CONNECTIONS, duration: PER_PATH_SECONDS, ...options });
  const cpu = cpuMicros(pid) - cpuBefore;
  const sorted = times.sort((a, b) => a - b);
  return {
    name,
    cpuPerRequest: Math.round(cpu / Math.max(1, result.requests.total)),
    rps: Math.round(result.requests.average),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-load-'));
  const [appPort, helloPort] = [await freePort(), await freePort()];
  const app = await start(
    ['src/main.ts'],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      HELIXIS_DATA_DIR: dataDir,
      NODE_ENV: 'development',
      HELIXIS_AUTH_IP_LIMIT: '100000',
    },
    null,
  );
  const hello = await start(['bench/hello-server.ts'], { PORT: String(helloPort) }, /hello listening/);
  const url = `http://127.0.0.1:${appPort}`;
  try {
    await waitReady(url);
    const signUp = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load@example.com', password: 'Load-test-password-42' }),
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${url}/api/v1/me`, { headers: auth });
    await fetch(`${url}/api/v1/facts/teach-text`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Office notes', text: 'Late fee: $45 after the 5th\nWe accept ACH and Check.' }),
    });

    const chatBody = JSON.stringify({ messages: [{ role: 'user', content: 'What is the late fee?' }] });
    const rows: Row[] = [];
    const loadBefore = loadAverage();
    const cpuStart = process.cpuUsage();
    rows.push(await measure('bare Fastify GET /hello', hello.pid, { url: `http://127.0.0.1:${helloPort}/hello` }));
    rows.push(await measure('GET /healthz', app.pid, { url: `${url}/healthz` }));
    rows.push(await measure('GET /api/v1/me', app.pid, { url: `${url}/api/v1/me`, headers: auth }));
    rows.push(await measure('GET /api/v1/documents', app.pid, { url: `${url}/api/v1/documents`, headers: auth }));
    rows.push(await measure('GET /api/v1/tasks', app.pid, { url: `${url}/api/v1/tasks`, headers: auth }));
    rows.push(
      await measure('POST chat-with-context (offline)', app.pid, {
        url: `${url}/functions/v1/chat-with-context`,
        method: 'POST',
        headers: auth,
        body: chatBody,
        connections: 4,
      }),
    );

    const rssStart = rssMb(app.pid);
    const rssSamples: number[] = [];
    const sampler = setInterval(() => rssSamples.push(rssMb(app.pid)), 5_000);
    const soakCpuBefore = cpuMicros(app.pid);
    const { result: soak, times: soakTimes } = await fire({
      url,
      connections: CONNECTIONS,
      duration: SOAK_SECONDS,
      requests: [
        { method: 'GET', path: '/api/v1/me', headers: auth },
        { method: 'GET', path: '/api/v1/documents', headers: auth },
        { method: 'GET', path: '/api/v1/tasks', headers: auth },
      ],
    });
    clearInterval(sampler);
    const soakCpu = cpuMicros(app.pid) - soakCpuBefore;
    const rssEnd = rssMb(app.pid);
    const client = process.cpuUsage(cpuStart);
    const cacheEvents = await fetch(`${url}/metrics`)
      .then((r) => r.text())
      .then((text) =>
        ['hit', 'miss', 'drop'].map(
          (o) =>
            `${o} ${new RegExp(`read_cache_events_total\\{[^}]*outcome="${o}"[^}]*\\} (\\d+)`).exec(text)?.[1] ?? 0}`,
        ),
      );
    const soakSorted = soakTimes.sort((a, b) => a - b);

    const bare = rows[0]?.rps ?? 1;
    const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    const out = [
      `Load test (${quick ? 'quick' : 'full'}): ${CONNECTIONS} connections, ${PER_PATH_SECONDS} s per path, ${os.cpus().length} CPUs, Node ${process.version}`,
      '',
      line(['path', 'req/s', 'vs bare', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'requests', 'server CPU µs/req']),
      line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
      ...rows.map((r) =>
        line([
          r.name,
          r.rps,
          `${Math.round((r.rps / bare) * 100)}%`,
          r.p50,
          r.p95,
          r.p99,
          r.errors,
          r.requests,
          r.cpuPerRequest,
        ]),
      ),
      '',
      `Sustained mixed reads (${SOAK_SECONDS} s): ${Math.round(soak.requests.average)} req/s, p50 ${percentile(soakSorted, 50)} ms, p95 ${percentile(soakSorted, 95)} ms, p99 ${percentile(soakSorted, 99)} ms, errors ${soak.errors + soak.timeouts + soak.non2xx} of ${soak.requests.total}`,
      `Read cache over the whole run: ${cacheEvents.join(', ')}`,
      `Server CPU in the sustained run: ${Math.round(soakCpu / Math.max(1, soak.requests.total))} µs/req`,
      `Server RSS: ${rssStart} MB at start, ${rssEnd} MB at end of the sustained run (every 5 s: ${rssSamples.join(', ')})`,
      `Load average (1/5/15 min): ${loadBefore} before, ${loadAverage()} after; load generator CPU ${Math.round((client.user + client.system) / 1000)} ms`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    app.kill('SIGTERM');
    hello.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`bench:load failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
