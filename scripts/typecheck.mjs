// Type-checks the seven TypeScript projects, as many at once as the machine has cores (at least two):
// one after the other they took about 115 s on the 2-core CI machine, each on one core while the other idled.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

// Longest first, so the short ones fill in beside them.
const projects = ['server', 'web', 'e2e', 'packages/contract', 'packages/domain', 'extension', 'scripts'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const queue = [...projects];
let failed = false;

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      if (code !== 0) failed = true;
      resolve();
    });
  });
}

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) await check(project);
}

await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
process.exit(failed ? 1 : 0);
