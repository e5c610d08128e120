import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs the unit-stage wrapper on the fixture project; the env outside vitest's own variables. */
function runWrapper(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'helixis-wrapper-'));
  dirs.push(dir);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const result = spawnSync(
    process.execPath,
    ['scripts/test-unit.mjs', '--config', 'scripts/test-unit-fixture/vitest.config.mjs', '--no-color'],
    { cwd: root, encoding: 'utf8', env: { ...clean, FIXTURE_DIR: dir, FORCE_COLOR: '0', ...env }, timeout: 60_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Each test runs a whole vitest process on the fixture (up to 60 s, as spawnSync allows): the default 5 s
// timed out on a slow day while the process was still running.
describe('the unit stage wrapper (scripts/test-unit.mjs)', { timeout: 60_000 }, () => {
  it('runs a file whose worker died once more, and passes when it passes then', () => {
    const { status, output } = runWrapper({});
    expect(output).toMatch(/A test worker died in 1 file\(s\)/);
    expect(output).toContain('crash-once.fixture.ts');
    expect(status).toBe(0);
  });

  it('fails when the file dies again', () => {
    const { status, output } = runWrapper({ FIXTURE_CRASH: 'always' });
    expect(output).toMatch(/A test worker died in 1 file\(s\)/);
    expect(status).not.toBe(0);
  });

  it('reruns nothing and fails when a test failed beside the dead worker', () => {
    const { status, output } = runWrapper({ FIXTURE_FAIL: '1' });
    expect(output).not.toMatch(/A test worker died/);
    expect(status).not.toBe(0);
  });
});
