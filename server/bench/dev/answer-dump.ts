/**
 * Developer tool (issue 25): plays a development set's questions through the real answer pipeline once
 * (chat/answer.ts on a fresh in-process server) and writes each question's gathered evidence to JSON, so
 * answer-eval.ts can re-score answers in milliseconds while the matcher changes.
 *   tsx bench/dev/answer-dump.ts [--set <dir>] <out.json>
 */
import { writeFileSync } from 'node:fs';
import { answerQuestion } from '../../src/features/chat/answer';
import { call, settleJobs, signUp, upload } from '../../src/features/chat/bench/assistant-run';
import { assistantSetDir, documentBytes, loadAssistantSet } from '../../src/features/chat/bench/assistant-set';
import { createOfflineProvider } from '../../src/llm/offline-provider';
import { systemWorkspaceContext } from '../../src/platform/system-context';
import { startBenchApp } from '../assistant';
import { answeredFields } from './dump-row';

const args = process.argv.slice(2);
const setAt = args.indexOf('--set');
const setDir = setAt >= 0 ? args[setAt + 1] : undefined;
const outFile = args.filter((_, i) => setAt < 0 || (i !== setAt && i !== setAt + 1))[0] ?? '/tmp/answer-dump.json';
const set = loadAssistantSet(assistantSetDir(setDir));
const app = await startBenchApp();
const provider = createOfflineProvider();
const rows: unknown[] = [];
try {
  for (const business of set.businesses) {
    const questions = set.questions.filter((q) => q.business === business.key);
    if (questions.length === 0) continue;
    const account = await signUp(app, business.key);
    for (const doc of Object.values(business.documents)) {
      await upload(app, account.token, doc.uploadName, await documentBytes(doc));
    }
    if (set.onboarding?.business === business.key) {
      for (const [i, answers] of set.onboarding.rounds.entries()) {
        await call(app, 'POST', `/api/v1/onboarding/rounds/${i + 1}`, {
          token: account.token,
          body: { answers, complete: true },
        });
      }
      await call(app, 'POST', '/functions/v1/onboarding-summary', { token: account.token, body: {} });
      await call(app, 'POST', '/api/v1/onboarding/complete', { token: account.token, body: {} });
    }
    await settleJobs(app, account.token);
    if (process.env.DUMP_FACTS) {
      const { facts } = await call<{ facts: { label: string; value: string; provenance: { type: string } }[] }>(
        app,
        'GET',
        '/functions/v1/facts-ingest',
        { token: account.token },
      );
      for (const f of facts) console.log(`${business.key} fact [${f.provenance.type}] ${f.label}: ${f.value}`);
    }
    const ctx = systemWorkspaceContext(app.deps, app.deps.log, account.workspaceId, 'dump');
    for (const q of questions) {
      const base = { mode: 'operational' as const, testMode: false, businessContext: '' };
      let recentTurns: { role: 'user' | 'assistant'; content: string }[] = [];
      if (q.before) {
        const first = await answerQuestion(ctx, provider, {
          ...base,
          history: [{ role: 'user', content: q.before }],
          question: q.before,
        });
        recentTurns = [
          { role: 'user', content: q.before },
          { role: 'assistant', content: first.text },
        ];
      }
      const result = await answerQuestion(ctx, provider, {
        ...base,
        history: [...recentTurns, { role: 'user', content: q.question }],
        question: q.question,
        recentTurns,
      });
      rows.push({
        ...q,
        ...answeredFields(result),
      });
    }
  }
} finally {
  await app.close();
}
writeFileSync(outFile, JSON.stringify(rows));
console.log(`wrote ${rows.length} questions to ${outFile}`);
