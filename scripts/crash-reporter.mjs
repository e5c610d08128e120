// A vitest reporter for scripts/test-unit.mjs: writes to $HELIXIS_CRASH_REPORT the test files left
// unfinished by a worker that exited (state still pending or queued when the run ends), the number of
// failed tests, and the number of unhandled errors that are not such a worker exit.
import { writeFileSync } from 'node:fs';

const WORKER_EXIT = /Worker exited unexpectedly/;

export default class CrashReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const out = process.env.HELIXIS_CRASH_REPORT;
    if (!out) return;
    const crashed = [];
    let failedTests = 0;
    for (const testModule of testModules) {
      const state = testModule.state();
      if (state === 'pending' || state === 'queued') {
        crashed.push({ project: testModule.project.name, file: testModule.moduleId });
      }
      for (const test of testModule.children.allTests()) if (test.result().state === 'failed') failedTests++;
      if (state === 'failed' && testModule.errors().length > 0) failedTests++;
    }
    const otherErrors = unhandledErrors.filter(
      (e) => !WORKER_EXIT.test(`${e?.message ?? ''} ${e?.cause?.message ?? ''}`),
    ).length;
    writeFileSync(out, JSON.stringify({ crashed, failedTests, otherErrors }));
  }
}
