import { readFileSync } from 'node:fs';
import { rankUnits, unitsOf } from '../../src/llm/answer-match';

const rows = (JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as any[]).filter((r) =>
  ['answerable', 'unanswerable', 'onboarding'].includes(r.kind),
);
const cache: Record<string, number[]> = JSON.parse(readFileSync('/tmp/use-cache.json', 'utf8'));
const cos = (a: number[], b: number[]) => {
  let d = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return d / Math.sqrt(na * nb);
};
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const key = (u: any) => (u.kind === 'fact' ? `${u.evidence.title}: ${u.text}` : u.text);
const data = rows.map((r) => {
  const q = cache[r.question]!;
  const exp = (r.expected ?? []).map(norm);
  const units = rankUnits(r.question, unitsOf(r.evidence)).map((u) => ({
    lex: u.score,
    cov: u.coverage,
    pas: u.passage,
    own: u.ownTopicHits,
    c: cos(q, cache[key(u)]!),
    ok: exp.some(
      (e: string) =>
        norm(u.text + ' ' + (u.leadIn ?? '')).includes(e) || norm(u.evidence.title + ': ' + u.text).includes(e),
    ),
  }));
  return { id: r.id, kind: r.kind, units };
});
for (const w of [0, 0.5, 1, 1.5, 2])
  for (const base of [0.3, 0.4]) {
    const res = data.map((d) => {
      const best = [...d.units].map((u) => ({ ...u, f: u.lex + w * (u.c - base) })).sort((a, b) => b.f - a.f)[0];
      return { d, best };
    });
    for (const tau of [0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
      let ans = 0,
        nA = 0,
        un = 0,
        nU = 0;
      for (const { d, best } of res) {
        const answered = best && best.f >= tau && best.own > 0;
        if (d.kind === 'unanswerable') {
          nU++;
          if (!answered) un++;
        } else {
          nA++;
          if (answered && best.ok) ans++;
        }
      }
      console.log(`w ${w} base ${base} tau ${tau}: answerable ${ans}/${nA}, unanswerable ${un}/${nU}`);
    }
  }
