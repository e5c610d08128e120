/**
 * Developer tool (issue 25): where the matcher ranks the first sentence holding the expected answer,
 * for answerable questions; a histogram over one or more dumps.
 *   tsx bench/dev/answer-gold-rank.ts dump.json [dump.json …] [--list]
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers } from '../../src/llm/answer-match';
import { rankedRows } from './dump-row';

const args = process.argv.slice(2);
const list = args.includes('--list');
const hist = new Map<string, number>();
for (const { row, ranked } of rankedRows(args.filter((a) => !a.startsWith('--')))) {
  if (row.kind !== 'answerable') continue;
  const at = ranked.findIndex((u) => containsExpected(u.text, row.expected ?? []));
  const key = at < 0 ? 'none' : at >= 5 ? '5+' : String(at);
  const top = ranked[0];
  const tag = `${key}${top && answers(top) ? ' A' : ' -'}`;
  hist.set(tag, (hist.get(tag) ?? 0) + 1);
  if (list && at >= 1 && at < 5) {
    const g = ranked[at];
    console.log(
      `[${row.id}] ${row.question}\n   top ${top?.score.toFixed(2)} "${top?.text.slice(0, 90)}"\n   gold#${at} ${g?.score.toFixed(2)} "${g?.text.slice(0, 90)}"`,
    );
  }
}
for (const [k, v] of [...hist].sort()) console.log(k.padEnd(8), v);
