/**
 * Developer tool (issue 25): where the answerable questions of dumped sets are lost, by the gold unit's
 * place in the matcher's ranking (top and refused, below a wrong answer, below nothing, not retrieved),
 * and what the unanswerables' best unit looks like.
 *   tsx bench/dev/answer-classes.ts dump.json… [--list]
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers, passedOver, rankUnits, unitsOf } from '../../src/llm/answer-match';
import { readDump, searchedAndCarried } from './dump-row';

const args = process.argv.slice(2);
const list = args.includes('--list');
const counts = new Map<string, number>();
const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const f = (n: number) => n.toFixed(2);
for (const file of args.filter((a) => !a.startsWith('--'))) {
  for (const row of readDump(file)) {
    if (row.kind !== 'answerable' && row.kind !== 'unanswerable') continue;
    const { searched, carried } = searchedAndCarried(row);
    const ranked = rankUnits(searched, unitsOf(row.evidence), carried).filter((u) => !passedOver(u));
    const top = ranked[0];
    const desc = (u: (typeof ranked)[number] | undefined) =>
      u
        ? `s ${f(u.score)} cov ${f(u.coverage)} pas ${f(u.passage)} m ${f(u.margin)} own ${u.ownTopicHits}/${u.topics} t ${u.typeMatch} sim ${f(u.evidence.similarity)} ${answers(u) ? 'A' : '-'} "${u.text.slice(0, 70)}"`
        : '-';
    let cls: string;
    if (row.kind === 'unanswerable') {
      cls = top && answers(top) ? 'U:answered' : 'U:refused';
    } else {
      const at = ranked.findIndex((u) => containsExpected(u.text, row.expected ?? []));
      if (at < 0)
        cls = row.evidence.some((e) => containsExpected(e.text, row.expected ?? [])) ? 'A:split' : 'A:notRetrieved';
      else if (at === 0) cls = top && answers(top) ? 'A:topAnswered' : 'A:topRefused';
      else cls = top && answers(top) ? `A:belowWrong` : 'A:belowRefused';
      if (list && cls !== 'A:topAnswered') {
        console.log(`${cls} [${row.id}] ${row.question}\n    top  ${desc(top)}\n    gold@${at} ${desc(ranked[at])}`);
      }
    }
    if (list && cls.startsWith('U')) console.log(`${cls} [${row.id}] ${row.question}\n    top  ${desc(top)}`);
    bump(cls);
  }
}
console.log(
  [...counts]
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join('\n'),
);
