/**
 * `tsx bench/assistant-diagnose.ts m04 b16 …`: for questions of the development set, what search returned
 * and how the answer matcher scored the best sentences (a developer's look inside a failure).
 * `--set b` (or `--set <dir>`) diagnoses a question of another set.
 */

import { settleJobs, signUp, upload } from '../src/features/chat/bench/assistant-run';
import { assistantSetDir, documentBytes, loadAssistantSet } from '../src/features/chat/bench/assistant-set';
import { searchKnowledge } from '../src/features/knowledge/search/search';
import { rankUnits, unitsOf } from '../src/llm/answer-match';
import { docCitation, type Evidence } from '../src/llm/provider';
import { systemWorkspaceContext } from '../src/platform/system-context';
import { startBenchApp } from './assistant';

const args = process.argv.slice(2);
const setAt = args.indexOf('--set');
const setName = setAt >= 0 ? args[setAt + 1] : undefined;
const ids = args.filter((_, i) => setAt < 0 || (i !== setAt && i !== setAt + 1));
const set = loadAssistantSet(assistantSetDir(setName));
const app = await startBenchApp();
try {
  for (const business of set.businesses) {
    const questions = set.questions.filter(
      (q) => q.business === business.key && (ids.length === 0 || ids.includes(q.id)),
    );
    if (questions.length === 0) continue;
    const account = await signUp(app, business.key);
    for (const doc of Object.values(business.documents)) {
      await upload(app, account.token, doc.uploadName, await documentBytes(doc));
    }
    await settleJobs(app, account.token);
    for (const q of questions) {
      const ctx = systemWorkspaceContext(app.deps, app.deps.log, account.workspaceId, 'diagnose');
      const results = await searchKnowledge(ctx, { query: q.question, k: 5 });
      const top = Math.max(0, ...results.map((r) => r.score));
      const evidence: Evidence[] = results.map((r) => ({
        kind: 'document',
        id: `${r.document_title}#${r.chunk_index}`,
        title: r.document_title,
        chunkIndex: r.chunk_index,
        citation: docCitation(r.document_title, r.chunk_index),
        text: r.content,
        similarity: top > 0 ? r.score / top : 0,
        fromHuman: false,
      }));
      console.log(`\n[${q.id}] ${q.question}  expected: ${(q.expected ?? []).join(' | ')}`);
      const hit = results.findIndex((r) =>
        (q.expected ?? []).some((e) => r.content.toLowerCase().replace(/\s+/g, ' ').includes(e.toLowerCase())),
      );
      console.log(`  search: expected text in result #${hit}`);
      for (const u of rankUnits(q.question, unitsOf(evidence)).slice(0, 4)) {
        console.log(
          `  ${u.score.toFixed(2)} cov ${u.coverage.toFixed(2)} own ${u.ownTopicHits} type ${u.typeMatch} ${u.kind} #${u.evidence.chunkIndex}: ${u.text.slice(0, 110)}`,
        );
      }
    }
  }
} finally {
  await app.close();
}
