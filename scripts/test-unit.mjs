#!/usr/bin/env node
// The unit and API stage of `npm test` (decision 043): `vitest run`, and ONE rerun of the test files whose
// worker process died mid-file when nothing else went wrong.
//
// PGlite's WebAssembly occasionally crashes the V8 of Node 20–26 (nodejs/node#64500, open: SIGSEGV or a
// ThreadIsolation CHECK while compiling or freeing wasm code), so now and then a test worker exits in the
// middle of a file that passes when run again. Vitest then reports the file as
// neither passed nor failed ("Worker exited unexpectedly") and the run fails. A failed test, any other
// unhandled error, or a file that dies again on its rerun still fails the stage.
//
//   node scripts/test-unit.mjs [vitest args…]   (what `npm run test:unit` runs)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const reporter = path.join(here, 'crash-reporter.mjs');
const vitest = path.join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');

/** Runs vitest with the default reporter and the crash reporter; the crash reporter's findings. */
function runVitest(args) {
  const dir = mkdtempSync(path.join(tmpdir(), 'helixis-test-unit-'));
  const out = path.join(dir, 'report.json');
  try {
    const result = spawnSync(
      process.execPath,
      [vitest, 'run', '--reporter=default', `--reporter=${reporter}`, ...args],
      {
        stdio: 'inherit',
        env: { ...process.env, HELIXIS_CRASH_REPORT: out },
      },
    );
    let report = { crashed: [], failedTests: 0, otherErrors: 0 };
    try {
      report = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      // No report: vitest itself failed before the run ended; its exit code decides.
    }
    return { status: result.status ?? 1, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
/** Options that take the next argument as their value; any other argument not starting with - is a file filter. */
const VALUED = new Set([
  '--config',
  '-c',
  '--root',
  '-r',
  '--dir',
  '--project',
  '--maxWorkers',
  '--reporter',
  '--outputFile',
]);
const options = args.filter((a, i) => a.startsWith('-') || VALUED.has(args[i - 1] ?? ''));
const first = runVitest(args);
const { crashed, failedTests, otherErrors } = first.report;
if (first.status === 0 || crashed.length === 0 || failedTests > 0 || otherErrors > 0) process.exit(first.status);

console.log(
  `\nA test worker died in ${crashed.length} file(s) with no test failed (nodejs/node#64500); running them once more:`,
);
for (const c of crashed) console.log(`  ${c.project}  ${path.relative(process.cwd(), c.file)}`);
let status = 0;
const byProject = new Map();
for (const c of crashed) byProject.set(c.project, [...(byProject.get(c.project) ?? []), c]);
for (const [project, files] of byProject) {
  const again = runVitest([...options, ...(project ? ['--project', project] : []), ...files.map((c) => c.file)]);
  if (again.status !== 0) status = again.status;
}
process.exit(status);
