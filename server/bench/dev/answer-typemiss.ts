/**
 * Developer tool (issue 25): how often the unit the offline answer is taken from lacks the answer type
 * asked for, among right answers, wrong answers and unanswerable questions answered; by type.
 *   tsx bench/dev/answer-typemiss.ts dump.json [dump.json …]
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers, rankUnits, unitsOf } from '../../src/llm/answer-match';
import { readDump, searchedAndCarried } from './dump-row';

const tally = new Map<string, number>();
for (const file of process.argv.slice(2)) {
  for (const row of readDump(file)) {
    if (row.kind !== 'answerable' && row.kind !== 'unanswerable') continue;
    const { searched, carried } = searchedAndCarried(row);
    const top = rankUnits(searched, unitsOf(row.evidence), carried)[0];
    if (!top || !answers(top)) continue;
    const outcome =
      row.kind === 'unanswerable' ? 'unan' : containsExpected(top.text, row.expected ?? []) ? 'right' : 'wrong';
    const key = `${String(top.type).padEnd(12)} ${String(top.typeMatch).padEnd(5)} ${outcome}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
}
for (const [k, v] of [...tally].sort()) console.log(k, v);
