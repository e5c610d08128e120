/**
 * Developer tool (issue 25): a question of your own ranked against one dumped question's evidence, and
 * the offline answer to it.
 *   tsx bench/dev/answer-ask.ts dump.json <id> "question" [how many]
 */
import { answers, rankUnits, unitsOf } from '../../src/llm/answer-match';
import { bestQuotes } from '../../src/llm/offline-provider';
import { readDump } from './dump-row';

const [file, id, question, many] = process.argv.slice(2);
const row = readDump(file ?? '').find((r) => r.id === id);
if (!row || !question) throw new Error(`usage: answer-ask.ts dump.json <id> "question" [n]`);
const f = (n: number) => n.toFixed(2);
for (const u of rankUnits(question, unitsOf(row.evidence)).slice(0, Number(many ?? 6))) {
  console.log(
    `  s ${f(u.score)} cov ${f(u.coverage)} pas ${f(u.passage)} own ${u.ownTopicHits}/${u.topics} t ${u.typeMatch} ${u.kind} ${answers(u) ? 'A' : '-'} "${u.text.slice(0, 110)}"`,
  );
}
for (const q of bestQuotes(question, row.evidence)) console.log(`  > ${q.sentence.slice(0, 160)}`);
