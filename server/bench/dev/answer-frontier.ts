/**
 * Developer tool (issue 25): the matcher's features of the best unit, for answerable questions whose
 * best unit holds the answer but is not taken, and for unanswerable questions whose best unit is taken.
 *   tsx bench/dev/answer-frontier.ts dump.json [dump.json …]
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers } from '../../src/llm/answer-match';
import { rankedRows } from './dump-row';

const f = (n: number) => n.toFixed(2);
for (const { row, ranked } of rankedRows(process.argv.slice(2))) {
  const top = ranked[0];
  if (!top) continue;
  const gold = row.kind === 'answerable' && containsExpected(top.text, row.expected ?? []);
  const took = answers(top);
  const tag = row.kind === 'answerable' ? (gold && !took ? 'GOLD-REFUSED' : null) : took ? 'UNAN-TAKEN' : null;
  if (!tag) continue;
  console.log(
    `${tag.padEnd(13)} s ${f(top.score)} m ${f(top.margin)} cov ${f(top.coverage)} pas ${f(top.passage)} ex ${f(top.exact)} miss ${f(top.missing)} own ${top.ownTopicHits}/${top.topics} ${top.type ?? '-'}:${top.typeMatch} ${top.kind} [${row.id}] ${row.question.slice(0, 70)} || ${top.text.slice(0, 70)}`,
  );
}
