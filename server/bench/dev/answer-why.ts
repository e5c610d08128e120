/**
 * Developer tool (issue 25): why the best units of one dumped question answer or not (the gates of answers()).
 *   tsx bench/dev/answer-why.ts dump.json <id> [how many]
 */
import { answers, rankUnits, unitsOf } from '../../src/llm/answer-match';
import { readDump, searchedAndCarried } from './dump-row';

const [file, id, many] = process.argv.slice(2);
const row = readDump(file ?? '').find((r) => r.id === id);
if (!row) throw new Error(`no question ${id} in ${file}`);
const { searched, carried } = searchedAndCarried(row);
console.log(
  `[${row.id} ${row.kind}] ${row.question}  (searched: ${searched}${carried ? `; carried: ${carried}` : ''})`,
);
for (const u of rankUnits(searched, unitsOf(row.evidence), carried).slice(0, Number(many ?? 3))) {
  const gates = Object.entries({
    asks: u.asks,
    conflict: u.conflict,
    absentThing: u.absentThing,
    pricedMissing: u.pricedMissing,
    thingUnnamed: u.thingUnnamed,
  })
    .filter(([, v]) => v)
    .map(([k]) => k);
  console.log(
    `  ${answers(u) ? 'A' : '-'} s ${u.score.toFixed(2)} m ${u.margin.toFixed(2)} cov ${u.coverage.toFixed(2)} pas ${u.passage.toFixed(2)} own ${u.ownTopicHits}/${u.topics} ${u.type}:${u.typeMatch} [${gates.join(',')}] ${u.text.slice(0, 110)}`,
  );
}
