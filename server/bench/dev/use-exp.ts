import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createLocalEncoder } from '../../src/features/knowledge/local-encoder';
import { rankUnits, unitsOf } from '../../src/llm/answer-match';

const rows = (JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as any[]).filter((r) =>
  ['answerable', 'unanswerable', 'onboarding'].includes(r.kind),
);
const enc = createLocalEncoder();
const cacheFile = '/tmp/use-cache.json';
const cache: Record<string, number[]> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
const texts = new Set<string>();
for (const r of rows) {
  texts.add(r.question);
  for (const u of unitsOf(r.evidence)) texts.add(u.kind === 'fact' ? `${u.evidence.title}: ${u.text}` : u.text);
}
const todo = [...texts].filter((t) => !cache[t]);
console.error(`encoding ${todo.length} texts`);
const t0 = Date.now();
for (let i = 0; i < todo.length; i += 32) {
  const vs = await enc.embed(todo.slice(i, i + 32));
  vs.forEach((v, j) => {
    cache[todo[i + j]!] = v;
  });
}
console.error(`took ${Date.now() - t0} ms`);
writeFileSync(cacheFile, JSON.stringify(cache));
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
for (const r of rows) {
  const q = cache[r.question]!;
  const units = unitsOf(r.evidence)
    .map((u) => ({ u, s: cos(q, cache[u.kind === 'fact' ? `${u.evidence.title}: ${u.text}` : u.text]!) }))
    .sort((a, b) => b.s - a.s);
  const exp = (r.expected ?? []).map(norm);
  const ci = units.findIndex(({ u }) =>
    exp.some(
      (e: string) =>
        norm(u.text + ' ' + (u.leadIn ?? '')).includes(e) || norm(u.evidence.title + ': ' + u.text).includes(e),
    ),
  );
  console.log(
    `${r.kind.slice(0, 5)} ${r.id} rank ${ci} correct ${ci >= 0 ? units[ci]!.s.toFixed(2) : '-'} top ${units[0]?.s.toFixed(2)} ${units[0]?.u.text.slice(0, 60)}`,
  );
}
