/**
 * `npm run bench:ingest-load`: does a large ingest in one workspace slow down everybody else?
 *
 * Starts the server (src/main.ts) on a fresh PGlite folder, signs up two accounts (two workspaces),
 * gives the second one a small document, then uploads three generated CSVs of 100,000 rows (about 5 MB
 * each) to the first one at once. While they are parsed, chunked and indexed, two loops measure the
 * other workspace's experience: POST /functions/v1/search (one request at a time) and GET /healthz
 * (one at a time). Prints p50 / p95 / max of both during the ingest (and for an idle second before it),
 * the ingest's wall time and its outcome. Targets (issue 27 item 4): search p95 < 200 ms, /healthz
 * p95 < 100 ms. A benchmark, not a test: figures depend on the machine.
 *
 * BENCH_INGEST_ROWS (default 100000) and BENCH_INGEST_FILES (default 3) change the load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 100_000);
const FILES = Number(process.env.BENCH_INGEST_FILES ?? 3);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let stopping = false;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`server exited (${code ?? signal}):\n${tail}`);
  });
  const kill = child.kill.bind(child);
  child.kill = (sig?: NodeJS.Signals | number) => {
    stopping = true;
    return kill(sig);
  };
  return child;
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready');
}

async function signUp(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Ingest-load-password-42' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(body)}`);
  // The first authenticated read creates the workspace.
  await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
  return body.access_token;
}

async function upload(url: string, token: string, filename: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), filename);
  const res = await fetch(`${url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { document_id?: string };
  if (res.status !== 202 || !body.document_id)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return body.document_id;
}

interface Doc {
  id: string;
  status: string;
  chunk_count: number;
  error: string | null;
}

async function documentsOf(url: string, token: string): Promise<Doc[]> {
  const res = await fetch(`${url}/api/v1/documents?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { documents: Doc[] }).documents;
}

/**
 * A property manager's ledger export: 100k rows of about 46 bytes (4.6 MB), distinct per file. Every
 * row becomes "Id: …; Unit: …; …", so a file is about 9,000 chunks (under the 10,000 a document may have).
 */
function ledgerCsv(file: number, rows: number): Buffer {
  const streets = ['Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Birch', 'Willow', 'Aspen', 'Spruce', 'Harbor'];
  const notes = ['ACH', 'check', 'late fee', 'partial', 'deposit', 'refund'];
  const lines = ['Id,Unit,Street,Rent,Due,Paid'];
  for (let i = 0; i < rows; i++) {
    const n = file * rows + i;
    const due = `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
    lines.push(
      `T${n},${(n % 40) + 1}${String.fromCharCode(65 + (n % 6))},${streets[n % 10]} ${100 + (n % 900)},${(900 + (n % 1700)).toFixed(2)},${due},${notes[n % 6]}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(0)} ms`;
  return `n ${String(sorted.length).padStart(4)}  p50 ${f(percentile(sorted, 50)).padStart(8)}  p95 ${f(percentile(sorted, 95)).padStart(8)}  max ${f(sorted.at(-1) ?? Number.NaN).padStart(8)}`;
}

/** Sends one request after another until `stop()` and records each one's latency. */
function loop(send: () => Promise<Response>): { times: number[]; errors: number; stop: () => Promise<void> } {
  const state = { times: [] as number[], errors: 0, running: true };
  const done = (async () => {
    while (state.running) {
      const t0 = performance.now();
      try {
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) state.errors++;
      } catch {
        state.errors++;
      }
      state.times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    times: state.times,
    get errors() {
      return state.errors;
    },
    stop: async () => {
      state.running = false;
      await done;
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-ingest-load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    HELIXIS_DATA_DIR: dataDir,
    NODE_ENV: 'development',
    HELIXIS_AUTH_IP_LIMIT: '100000',
  });
  try {
    await waitReady(url);
    const busy = await signUp(url, 'busy@example.com');
    const other = await signUp(url, 'other@example.com');
    const handbook = await upload(
      url,
      other,
      'handbook.txt',
      Buffer.from('Pets: cats and small dogs are welcome with a deposit of $300.\n\nThe pool opens at 9 am.\n'),
    );
    for (;;) {
      const doc = (await documentsOf(url, other)).find((d) => d.id === handbook);
      if (doc && doc.status !== 'PENDING') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const csvs = Array.from({ length: FILES }, (_, i) => ledgerCsv(i, ROWS));
    const mb = (csvs[0]?.length ?? 0) / 1024 / 1024;

    const searchBody = JSON.stringify({ query: 'Is there a pet deposit?' });
    const search = () =>
      fetch(`${url}/functions/v1/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
        body: searchBody,
      });
    const health = () => fetch(`${url}/healthz`);

    // Idle figures first (one second each).
    const idleSearch = loop(search);
    const idleHealth = loop(health);
    await new Promise((r) => setTimeout(r, 1500));
    await idleSearch.stop();
    await idleHealth.stop();

    const searching = loop(search);
    const probing = loop(health);
    const started = performance.now();
    const ids = await Promise.all(csvs.map((data, i) => upload(url, busy, `ledger-${i + 1}.csv`, data)));
    let docs: Doc[] = [];
    for (;;) {
      docs = (await documentsOf(url, busy)).filter((d) => ids.includes(d.id));
      if (docs.length === ids.length && docs.every((d) => d.status !== 'PENDING')) break;
      if (performance.now() - started > 15 * 60_000) throw new Error('ingest did not finish in 15 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const ingestMs = performance.now() - started;
    await searching.stop();
    await probing.stop();

    console.log(
      `\nIngest under load (PGlite): ${FILES} CSVs × ${ROWS.toLocaleString('en-US')} rows (${mb.toFixed(1)} MB each)`,
    );
    console.log(`  ingest wall time            ${(ingestMs / 1000).toFixed(1)} s`);
    for (const d of docs)
      console.log(
        `  document ${d.id.slice(0, 8)}  ${d.status}  ${d.chunk_count} chunks${d.error ? `  (${d.error})` : ''}`,
      );
    console.log('Other workspace, idle:');
    console.log(`  search   ${summary(idleSearch.times)}`);
    console.log(`  /healthz ${summary(idleHealth.times)}`);
    console.log('Other workspace, during the ingest:');
    console.log(`  search   ${summary(searching.times)}  errors ${searching.errors}   (target p95 < 200 ms)`);
    console.log(`  /healthz ${summary(probing.times)}  errors ${probing.errors}   (target p95 < 100 ms)`);
    const p95 = (t: number[]) =>
      percentile(
        [...t].sort((a, b) => a - b),
        95,
      );
    const met = p95(searching.times) < 200 && p95(probing.times) < 100;
    console.log(met ? 'Targets met.' : 'Targets NOT met.');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
