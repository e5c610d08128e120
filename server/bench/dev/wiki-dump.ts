/**
 * Developer tool (issue 25): asks rag-mini-wikipedia's 510 non-yes/no questions through the real answer
 * pipeline once and writes each question's evidence to JSON in answer-dump.ts's format (kind
 * "answerable", expected = the gold answer), so answer-eval.ts re-scores the wiki in seconds.
 *   tsx bench/dev/wiki-dump.ts <out.json>
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { answerQuestion } from '../../src/features/chat/answer';
import { signUp } from '../../src/features/chat/bench/assistant-run';
import { ingestTexts } from '../../src/features/knowledge/ingest/bulk';
import { createOfflineProvider } from '../../src/llm/offline-provider';
import { systemWorkspaceContext } from '../../src/platform/system-context';
import { startBenchApp } from '../assistant';
import { DATASETS_DIR } from '../knowledge/scorer';
import { readJsonl } from '../knowledge-bench';
import { answeredFields } from './dump-row';

const outFile = process.argv[2] ?? '/tmp/wiki-dump.json';
const dir = path.join(DATASETS_DIR, 'rag-mini-wikipedia');
const passages = readJsonl<{ passage: string }>(path.join(dir, 'passages.jsonl'));
const pairs = readJsonl<{ question: string; answer: string }>(path.join(dir, 'question-answer.jsonl'));
const questions = pairs.filter((p) => !/^(yes|no)\.?$/i.test(p.answer.trim()));
const app = await startBenchApp();
const rows: unknown[] = [];
try {
  const account = await signUp(app, 'wiki');
  const ctx = systemWorkspaceContext(app.deps, app.deps.log, account.workspaceId, 'dump');
  await ingestTexts(
    { deps: app.deps, workspaceId: account.workspaceId, userId: null, log: app.deps.log },
    passages.map((p) => ({ title: 'Wikipedia passage', text: p.passage })),
    { source: 'bench' },
  );
  const provider = createOfflineProvider();
  for (const [i, q] of questions.entries()) {
    const result = await answerQuestion(ctx, provider, {
      mode: 'operational',
      testMode: false,
      businessContext: '',
      history: [{ role: 'user', content: q.question }],
      question: q.question,
      recentTurns: [],
    });
    rows.push({
      id: `w${i}`,
      business: 'wiki',
      kind: 'answerable',
      question: q.question,
      expected: [q.answer.trim().replace(/\.$/, '')],
      ...answeredFields(result),
    });
  }
} finally {
  await app.close();
}
writeFileSync(outFile, JSON.stringify(rows));
console.log(`wrote ${rows.length} questions to ${outFile}`);
