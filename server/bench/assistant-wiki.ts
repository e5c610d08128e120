/**
 * Extractive accuracy on rag-mini-wikipedia (`npm run bench:assistant -- --wiki`).
 *
 * The 3,200 passages go into one workspace of a signed-up account through the bulk upload path
 * (`ingestTexts`, as bench/retrieval.ts does: PENDING .txt documents, then the ingest job's function);
 * each of the 510 questions whose gold answer is not yes/no is then asked through the public API:
 * POST /functions/v1/rag-answer (the answer path of chat, offline provider) for the answer, and
 * POST /functions/v1/search for retrieval hit@5 (the gold answer occurs in one of the top 5 distinct
 * passages). An answer counts when it contains the gold answer, both normalised (lower case, citation
 * markers removed, punctuation as spaces, whitespace collapsed).
 *
 * Datasets are read in place (HELIXIS_DATASETS_DIR or ../shared/datasets), never copied.
 */
import path from 'node:path';
import { signUp } from '../src/features/chat/bench/assistant-run';
import { ingestTexts } from '../src/features/knowledge/ingest/bulk';
import type { Deps } from '../src/platform/context';
import { assertDatasets, DATASETS_DIR } from './knowledge/scorer';
import { readJsonl } from './knowledge-bench';

export interface WikiReport {
  questions: number;
  passages: number;
  /** Share of questions whose offline answer contains the gold answer. */
  answerContainsGold: number;
  /** Share of questions whose gold answer occurs in one of the top 5 passages of search. */
  hit5: number;
  /** Answered (not "I don't know") share, and among those the share containing the gold answer. */
  answered: number;
  precisionWhenAnswered: number;
  examples: { question: string; gold: string; answer: string }[];
  ms: number;
}

/** Lower case, citation markers out, anything but letters and digits as one space. */
export function normalizeForGold(text: string): string {
  return ` ${text
    .replace(/\[(?:Doc|Fact):[^\]]*\]/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const containsGold = (answer: string, gold: string) => normalizeForGold(answer).includes(normalizeForGold(gold));

async function post<T>(url: string, pathname: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

export async function runWikiAnswers(
  app: { url: string; deps: Deps },
  progress: (line: string) => void,
): Promise<WikiReport> {
  assertDatasets(['rag-mini-wikipedia/passages.jsonl', 'rag-mini-wikipedia/question-answer.jsonl']);
  const dir = path.join(DATASETS_DIR, 'rag-mini-wikipedia');
  const passages = readJsonl<{ id: string | number; passage: string }>(path.join(dir, 'passages.jsonl'));
  const pairs = readJsonl<{ question: string; answer: string }>(path.join(dir, 'question-answer.jsonl'));
  const questions = pairs.filter((p) => !/^(yes|no)\.?$/i.test(p.answer.trim()));
  const started = performance.now();

  const account = await signUp(app, 'wiki');
  progress(`  ingesting ${passages.length} passages through the bulk upload path …`);
  const ids = await ingestTexts(
    { deps: app.deps, workspaceId: account.workspaceId, userId: null, log: app.deps.log },
    // The same title for every passage weighs next to nothing in the index (as in bench/retrieval.ts).
    passages.map((p) => ({ title: 'Wikipedia passage', text: p.passage })),
    { source: 'bench' },
  );
  const textOf = new Map<string, string>();
  ids.forEach((id, i) => {
    if (id) textOf.set(id, passages[i]?.passage ?? '');
  });
  progress(`  ${textOf.size} passages ready; asking ${questions.length} questions …`);

  let contains = 0;
  let hits = 0;
  let answered = 0;
  let answeredRight = 0;
  const examples: WikiReport['examples'] = [];
  for (const [i, { question, answer: gold }] of questions.entries()) {
    const reply = await post<{ answer: string; sources: unknown[] }>(
      app.url,
      '/functions/v1/rag-answer',
      account.token,
      {
        query: question,
      },
    );
    const search = await post<{ results: { document_id: string }[] }>(app.url, '/functions/v1/search', account.token, {
      query: question,
      k: 20,
    });
    const top5 = [...new Set(search.results.map((r) => r.document_id))].slice(0, 5);
    if (top5.some((id) => containsGold(textOf.get(id) ?? '', gold))) hits++;
    const right = containsGold(reply.answer, gold);
    if (right) contains++;
    if (reply.sources.length > 0) {
      answered++;
      if (right) answeredRight++;
    }
    if (!right && examples.length < 15) {
      examples.push({ question, gold, answer: reply.answer.replace(/\s+/g, ' ').slice(0, 240) });
    }
    if ((i + 1) % 100 === 0) progress(`  ${i + 1}/${questions.length}`);
  }
  return {
    questions: questions.length,
    passages: textOf.size,
    answerContainsGold: contains / questions.length,
    hit5: hits / questions.length,
    answered: answered / questions.length,
    precisionWhenAnswered: answered === 0 ? 0 : answeredRight / answered,
    examples,
    ms: performance.now() - started,
  };
}

export function printWikiReport(r: WikiReport, out: (line: string) => void): void {
  out('');
  out(
    `rag-mini-wikipedia (${r.passages} passages, ${r.questions} questions whose answer is not yes/no), offline provider:`,
  );
  out(`  answer contains the gold answer (extractive accuracy)   ${(100 * r.answerContainsGold).toFixed(1)} %`);
  out(`  retrieval hit@5 (gold answer in a top-5 passage)         ${(100 * r.hit5).toFixed(1)} %`);
  out(`  answered with a source (not "I don't know")              ${(100 * r.answered).toFixed(1)} %`);
  out(`  of those, containing the gold answer                     ${(100 * r.precisionWhenAnswered).toFixed(1)} %`);
  out(`  ${(r.ms / 1000).toFixed(0)} s`);
  out('  first misses:');
  for (const e of r.examples) out(`    ${e.question} — gold "${e.gold}" — got: ${e.answer}`);
}
