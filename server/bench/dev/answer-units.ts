/** Developer tool: the best-scored units of dumped questions.  tsx bench/dev/answer-units.ts dump.json id… */
import { readFileSync } from 'node:fs';
import { answers, profileQuestion, rankUnits, unitsOf } from '../../src/llm/answer-match';
import type { Evidence } from '../../src/llm/provider';

const [file, ...ids] = process.argv.slice(2);
const rows = JSON.parse(readFileSync(file ?? '', 'utf8')) as {
  id: string;
  question: string;
  expected?: string[];
  evidence: Evidence[];
}[];
for (const row of rows.filter((r) => ids.includes(r.id))) {
  const p = profileQuestion(row.question);
  console.log(`\n[${row.id}] ${row.question}  expected: ${(row.expected ?? []).join(' | ')}  type ${p.type}`);
  console.log(
    `  terms: ${p.terms.map((t) => `${t.lexeme}:${t.weight}${t.synonyms.size ? `(${[...t.synonyms].join(',')})` : ''}`).join(' ')}`,
  );
  for (const u of rankUnits(row.question, unitsOf(row.evidence)).slice(0, 6)) {
    const mark = (row.expected ?? []).some((e) => u.text.toLowerCase().includes(e.toLowerCase())) ? '*' : ' ';
    console.log(
      `  ${mark}${u.score.toFixed(2)} cov ${u.coverage.toFixed(2)} pas ${u.passage.toFixed(2)} own ${u.ownTopicHits} ${answers(u) ? 'A' : '-'} type ${u.typeMatch} ${u.kind} ${u.evidence.title.slice(0, 12)}#${u.evidence.chunkIndex} sim ${u.evidence.similarity}: ${u.text.slice(0, 100)}`,
    );
  }
}
