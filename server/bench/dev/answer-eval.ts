/**
 * Developer tool (issue 25): re-answers the questions of an answer-dump.ts file with the current offline
 * provider and answer assessment, in milliseconds, and prints the figures and the misses.
 *   tsx bench/dev/answer-eval.ts /tmp/answer-dump.json [--verbose] [--kind answerable]
 */
import { assessAnswer } from '../../src/features/chat/answer';
import { answerText, containsExpected } from '../../src/features/chat/bench/assistant-run';
import { createOfflineProvider } from '../../src/llm/offline-provider';
import { readDump, searchedAndCarried } from './dump-row';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? '/tmp/answer-dump.json';
const verbose = args.includes('--verbose');
const kindAt = args.indexOf('--kind');
const onlyKind = kindAt >= 0 ? args[kindAt + 1] : undefined;
const rows = readDump(file);
const provider = createOfflineProvider();
const tally = new Map<string, { ok: number; n: number; tasksOnRight: number }>();
for (const row of rows) {
  if (onlyKind && row.kind !== onlyKind) continue;
  const rewrite = row.rewrite;
  const { searched, carried } = searchedAndCarried(row);
  let text = '';
  for await (const piece of provider.stream({
    mode: 'operational',
    systemPrompt: '',
    temperature: 0,
    history: [{ role: 'user', content: row.question }],
    query: searched,
    carried,
    evidence: row.evidence,
    businessContext: '',
  }))
    text += piece;
  const a = assessAnswer({
    text,
    question: row.question,
    searched,
    carried,
    evidence: row.evidence,
    operational: true,
  });
  const right = containsExpected(text, row.expected ?? []) && a.cited.length > 0;
  // The API's figure also wants the expected document cited: an answer citing only facts may miss it there.
  if (right && row.kind === 'answerable' && a.cited.every((e) => e.kind === 'fact')) {
    console.log(`FACT-ONLY [${row.id}] ${row.question} → ${a.cited.map((e) => e.title).join(', ')}`);
  }
  let ok: boolean;
  switch (row.kind) {
    case 'unanswerable':
    case 'sensitive':
      ok = a.taskNeeded;
      break;
    case 'standalone':
      ok = right && rewrite === null;
      break;
    default:
      ok = right;
  }
  const t = tally.get(row.kind) ?? { ok: 0, n: 0, tasksOnRight: 0 };
  t.n++;
  if (ok) t.ok++;
  if (right && a.taskNeeded && row.kind !== 'sensitive') {
    t.tasksOnRight++;
    console.log(
      `TASK ON A RIGHT ANSWER [${row.id}] ${row.question}: ${answerText(text).slice(0, 160)} (conf ${a.confidence})`,
    );
  }
  tally.set(row.kind, t);
  if (!ok || verbose) {
    console.log(`${ok ? 'ok  ' : 'MISS'} [${row.id} ${row.kind}] ${row.question}`);
    if (!ok) {
      const at = row.evidence.findIndex((e) => containsExpected(e.text, row.expected ?? []));
      const held = at >= 0 ? `${row.evidence[at]?.kind} #${at} of ${row.evidence.length}` : 'not in evidence';
      console.log(`      expected: ${(row.expected ?? []).join(' | ')}   (${held})`);
      console.log(`      got:      ${answerText(text).slice(0, 200)} (task ${a.taskNeeded}, conf ${a.confidence})`);
    }
  }
}
for (const [kind, t] of tally) {
  console.log(
    `${kind.padEnd(14)} ${t.ok}/${t.n}  (${((100 * t.ok) / t.n).toFixed(1)} %)  tasks on right answers: ${t.tasksOnRight}`,
  );
}
