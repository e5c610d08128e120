import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Kills its worker the first time (as V8 does in nodejs/node#64500), passes when run again; with
// FIXTURE_CRASH=always it dies every time. The marker lives in the folder the test hands over.
test('survives a second run', () => {
  const marker = path.join(process.env.FIXTURE_DIR ?? '', 'crashed-once');
  if (process.env.FIXTURE_CRASH === 'always' || !existsSync(marker)) {
    writeFileSync(marker, '');
    process.kill(process.pid, 'SIGSEGV');
  }
  expect(existsSync(marker)).toBe(true);
});
