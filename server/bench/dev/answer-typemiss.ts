/**
 * Developer tool (issue 25): how often the unit the offline answer is taken from lacks the answer type
 * asked for, among right answers, wrong answers and unanswerable questions answered; by type.
 *   tsx bench/dev/answer-typemiss.ts dump.json [dump.json …]
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers } from '../../src/llm/answer-match';
import { rankedRows } from './dump-row';

const tally = new Map<string, number>();
for (const { row, ranked } of rankedRows(process.argv.slice(2))) {
  const top = ranked[0];
  if (!top || !answers(top)) continue;
  const outcome =
    row.kind === 'unanswerable' ? 'unan' : containsExpected(top.text, row.expected ?? []) ? 'right' : 'wrong';
  const key = `${String(top.type).padEnd(12)} ${String(top.typeMatch).padEnd(5)} ${outcome}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
}
for (const [k, v] of [...tally].sort()) console.log(k, v);
