/**
 * Developer tool (issue 25): fits a logistic model over the matcher's unit features on one dumped set
 * and scores the question-level outcome on another (train on A, check on B), beside today's rule.
 *   tsx bench/dev/answer-learn.ts trainDump.json testDump.json
 */
import { containsExpected } from '../../src/features/chat/bench/assistant-run';
import { answers, rankUnits, type ScoredUnit, unitsOf } from '../../src/llm/answer-match';
import { readDump, searchedAndCarried } from './dump-row';

const KINDS = new Set(['answerable', 'unanswerable', 'followup', 'standalone', 'onboarding']);

export function features(u: ScoredUnit, rankAt: number): number[] {
  return [
    1,
    u.score,
    u.coverage,
    u.exact,
    u.passage,
    u.missing,
    u.topics > 0 ? u.ownTopicHits / u.topics : 0,
    u.typeMatch === true ? 1 : 0,
    u.typeMatch === false ? 1 : 0,
    u.evidence.similarity,
    u.kind === 'fact' ? 1 : 0,
    u.margin,
    rankAt === 0 ? 1 : 0,
  ];
}

function load(file: string) {
  const rows = readDump(file).filter((r) => KINDS.has(r.kind));
  return rows.map((row) => {
    const { searched, carried } = searchedAndCarried(row);
    const ranked = rankUnits(searched, unitsOf(row.evidence), carried).slice(0, 12);
    const answerable = row.kind !== 'unanswerable';
    const labels = ranked.map((u) => answerable && containsExpected(u.text, row.expected ?? []));
    return { row, ranked, labels, answerable, x: ranked.map((u, i) => features(u, i)) };
  });
}

const sig = (z: number) => 1 / (1 + Math.exp(-z));
function fit(data: ReturnType<typeof load>, l2 = 0.01, epochs = 3000, lr = 0.3): number[] {
  const xs: number[][] = [];
  const ys: number[] = [];
  for (const q of data)
    q.x.forEach((x, i) => {
      xs.push(x);
      ys.push(q.labels[i] ? 1 : 0);
    });
  const d = xs[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  const pos = ys.filter((y) => y === 1).length;
  const wPos = (ys.length - pos) / Math.max(1, pos); // balance the classes
  for (let e = 0; e < epochs; e++) {
    const g = new Array<number>(d).fill(0);
    let wsum = 0;
    xs.forEach((x, n) => {
      const y = ys[n] ?? 0;
      const p = sig(x.reduce((a, v, j) => a + v * (w[j] ?? 0), 0));
      const k = y === 1 ? wPos : 1;
      wsum += k;
      for (let j = 0; j < d; j++) g[j] = (g[j] ?? 0) + k * (p - y) * (x[j] ?? 0);
    });
    for (let j = 0; j < d; j++) w[j] = (w[j] ?? 0) - lr * ((g[j] ?? 0) / wsum + (j > 0 ? l2 * (w[j] ?? 0) : 0));
  }
  return w;
}

function evaluate(data: ReturnType<typeof load>, w: number[] | null, tau: number) {
  let ansOk = 0;
  let ansN = 0;
  let unOk = 0;
  let unN = 0;
  for (const q of data) {
    let pick = -1;
    if (w) {
      let best = -1;
      q.x.forEach((x, i) => {
        const p = sig(x.reduce((a, v, j) => a + v * (w[j] ?? 0), 0));
        if (p > best) {
          best = p;
          pick = i;
        }
      });
      if (best < tau) pick = -1;
    } else {
      const top = q.ranked[0];
      pick = top && answers(top) ? 0 : -1;
    }
    if (q.answerable) {
      ansN++;
      if (pick >= 0 && q.labels[pick]) ansOk++;
    } else {
      unN++;
      if (pick < 0) unOk++;
    }
  }
  return `answerable ${ansOk}/${ansN}  unanswerable ${unOk}/${unN}`;
}

const [trainFile, testFile] = process.argv.slice(2);
const train = load(trainFile ?? '');
const test = load(testFile ?? '');
console.log(`rule      train ${evaluate(train, null, 0)}   test ${evaluate(test, null, 0)}`);
const w = fit(train);
console.log(`weights ${w.map((v) => v.toFixed(2)).join(' ')}`);
for (const tau of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8])
  console.log(`tau ${tau}  train ${evaluate(train, w, tau)}   test ${evaluate(test, w, tau)}`);
for (const [name, data] of [
  ['train', train],
  ['test', test],
] as const) {
  const hist = new Map<string, number>();
  for (const q of data) {
    if (!q.answerable) continue;
    const at = q.labels.indexOf(true);
    const key = at < 0 ? 'none' : at > 3 ? '4+' : String(at);
    hist.set(key, (hist.get(key) ?? 0) + 1);
  }
  console.log(
    name,
    [...hist]
      .sort()
      .map(([k, v]) => `${k}:${v}`)
      .join(' '),
  );
  // today's rule: among gold-at-0, how many abstain
  let abst = 0;
  for (const q of data) if (q.answerable && q.labels[0] && !(q.ranked[0] && answers(q.ranked[0]))) abst++;
  console.log(`  gold at 0 but abstained: ${abst}`);
}
if (process.env.LIST)
  for (const [name, data] of [
    ['train', train],
    ['test', test],
  ] as const) {
    console.log(
      name,
      data
        .filter((q) => q.answerable && q.labels.indexOf(true) > 0)
        .map((q) => `${q.row.id}@${q.labels.indexOf(true)}`)
        .join(' '),
    );
  }
