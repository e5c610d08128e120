/**
 * Developer tool (issue 25): where the answerable questions of dumped sets are lost, by the gold unit's
 * place in the matcher's ranking (top and refused, below a wrong answer, below nothing, not retrieved),
 * and what the unanswerables' best unit looks like.
 *   tsx bench/dev/answer-classes.ts dump.json… [--list]
 */
import { readFileSync } from 'node:fs';
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers, lacksRequiredType, rankUnits, unitsOf } from '../../src/llm/answer-match';
import type { Evidence } from '../../src/llm/provider';

interface Row {
  id: string;
  kind: string;
  question: string;
  expected?: string[];
  rewrite: { rewritten: string; original: string; method: string } | null;
  evidence: Evidence[];
}
const args = process.argv.slice(2);
const list = args.includes('--list');
const counts = new Map<string, number>();
const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const f = (n: number) => n.toFixed(2);
for (const file of args.filter((a) => !a.startsWith('--'))) {
  for (const row of JSON.parse(readFileSync(file, 'utf8')) as Row[]) {
    if (row.kind !== 'answerable' && row.kind !== 'unanswerable') continue;
    const rewrite = row.rewrite;
    const offline = rewrite?.method === 'offline' && rewrite.rewritten.startsWith(rewrite.original);
    const searched = offline ? row.question : (rewrite?.rewritten ?? row.question);
    const carried = offline && rewrite ? rewrite.rewritten.slice(rewrite.original.length).trim() : '';
    const ranked = rankUnits(searched, unitsOf(row.evidence), carried).filter(
      (u) => !lacksRequiredType(u) && !u.conflict,
    );
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
