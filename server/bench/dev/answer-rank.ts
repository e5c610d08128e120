/**
 * Developer tool (issue 25): the matcher's ranking of one dumped question's evidence, best first, with the
 * gates of answers() that refuse each unit (an FAQ's question, another level, a thing not named…).
 *   tsx bench/dev/answer-rank.ts dump.json <id> [how many]
 */
import { answers, rankUnits, unitsOf } from '../../src/llm/answer-match';
import { readDump, searchedAndCarried } from './dump-row';

const [file, id, many] = process.argv.slice(2);
const row = readDump(file ?? '').find((r) => r.id === id);
if (!row) throw new Error(`no question ${id} in ${file}`);
const { searched, carried } = searchedAndCarried(row);
console.log(`[${row.id} ${row.kind}] ${row.question}${carried ? `  (carried: ${carried})` : ''}`);
const f = (n: number) => n.toFixed(2);
for (const u of rankUnits(searched, unitsOf(row.evidence), carried).slice(0, Number(many ?? 8))) {
  const gates = (['asks', 'conflict', 'absentThing', 'pricedMissing', 'thingUnnamed'] as const).filter((g) => u[g]);
  console.log(
    `  ${answers(u) ? 'A' : '-'} s ${f(u.score)} m ${f(u.margin)} cov ${f(u.coverage)} pas ${f(u.passage)} own ${u.ownTopicHits}/${u.topics} ${u.type}:${u.typeMatch} ${u.kind} [${gates.join(',')}] "${u.text.slice(0, 110)}"`,
  );
}
