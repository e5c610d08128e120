import { termFrequencies } from '@helixis/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { withTenant } from '../../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, ownerContext, type TestUser } from '../../../test/factories';
import { knowledgeMaintenanceJob } from '../knowledge.jobs';
import { ingestAndWait, searchFor } from '../test-helpers';
import { searchKnowledge } from './search';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let workspaceA: string;
let workspaceB: string;

// In A "boiler" is common and "heating" rare; in B the other way round.
const TEXTS_A = {
  'a1.txt': 'The boiler is serviced every autumn by our contractor.',
  'a2.txt': 'A new boiler was installed in building two last year, and the boiler works well.',
  'a3.txt': 'Boiler questions go to the office.',
  'a4.txt': 'Radiant heating keeps the lobby warm.',
  'a5.txt': 'Tenants pay water and sewer; the landlord pays trash.',
};
const TEXTS_B = {
  'b1.txt': 'Heating is included in the rent.',
  'b2.txt': 'Heating complaints go to maintenance within a day.',
  'b3.txt': 'Heating runs from October to April, and heating checks happen monthly.',
  'b4.txt': 'The boiler room is locked at all times.',
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  a = await createUserWithSession(t);
  b = await createUserWithSession(t);
  workspaceA = (await api<any>(t, 'GET', '/api/v1/me', { token: a.token })).body.workspace.id;
  workspaceB = (await api<any>(t, 'GET', '/api/v1/me', { token: b.token })).body.workspace.id;
  for (const [name, text] of Object.entries(TEXTS_A)) ids[name] = (await ingestAndWait(t, a.token, name, text)).id;
  for (const [name, text] of Object.entries(TEXTS_B)) ids[name] = (await ingestAndWait(t, b.token, name, text)).id;
});
afterAll(async () => {
  await t?.close();
});

/** BM25 (k1 0.9, b 0.4) computed here from the texts alone, with one workspace's own N, avgdl and df. */
function expectedScores(texts: Record<string, string>, query: string): Map<string, number> {
  // A chunk is indexed with its document's title (the file name without its extension), counted three
  // times (title weight 3, decision 021).
  const docs = Object.entries(texts).map(([name, text]) => {
    const body = termFrequencies(text);
    const title = termFrequencies(name.replace(/\.txt$/, ''));
    for (const [l, n] of title.tf) body.tf.set(l, (body.tf.get(l) ?? 0) + 3 * n);
    return { name, tf: body.tf, length: body.length + 3 * title.length };
  });
  const n = docs.length;
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / n;
  const terms = new Set(termFrequencies(query).tf.keys());
  const scores = new Map<string, number>();
  for (const d of docs) {
    let score = 0;
    for (const term of terms) {
      const tf = d.tf.get(term) ?? 0;
      if (tf === 0) continue;
      const df = docs.filter((x) => x.tf.has(term)).length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * tf * (0.9 + 1)) / (tf + 0.9 * (1 - 0.4 + (0.4 * d.length) / avgdl));
    }
    if (score > 0) scores.set(d.name, score);
  }
  return scores;
}

function nameOf(id: string): string {
  return Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
}

describe('BM25 ranking', () => {
  it('scores exactly BM25 over the workspace’s own statistics, best first', async () => {
    for (const [user, texts] of [
      [a, TEXTS_A],
      [b, TEXTS_B],
    ] as const) {
      const results = await searchFor(t, user.token, 'boiler heating');
      const expected = expectedScores(texts, 'boiler heating');
      expect(results.map((r) => nameOf(r.document_id)).sort()).toEqual([...expected.keys()].sort());
      for (const r of results) expect(r.score).toBeCloseTo(expected.get(nameOf(r.document_id)) ?? -1, 3);
      const scores = results.map((r) => r.score);
      expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    }
  });

  it('statistics never mix: the same query ranks by each workspace’s own document frequencies', async () => {
    // In A, "heating" is the rare (more telling) word; in B it is "boiler".
    expect(nameOf((await searchFor(t, a.token, 'boiler heating'))[0]?.document_id ?? '')).toBe('a4.txt');
    expect(nameOf((await searchFor(t, b.token, 'boiler heating'))[0]?.document_id ?? '')).toBe('b4.txt');
  });

  it('returns nothing from another workspace', async () => {
    expect(await searchFor(t, a.token, 'locked room')).toEqual([]);
    expect(await searchFor(t, b.token, 'sewer trash landlord')).toEqual([]);
  });

  it('row-level security hides another workspace’s index even from a query without a workspace filter', async () => {
    const seen = await withTenant(t.database, { workspaceId: workspaceA, userId: a.id }, async (tx) => {
      const [row] = await rowsOf<{ postings: number; terms: number; stats: number; all_chunks: number }>(
        tx,
        sql`select (select count(*) from posting_blocks where workspace_id = ${workspaceB}::uuid)::int as postings,
                   (select count(*) from knowledge_terms where workspace_id = ${workspaceB}::uuid)::int as terms,
                   (select count(*) from knowledge_stats where workspace_id = ${workspaceB}::uuid)::int as stats,
                   (select count(*) from document_chunks)::int as all_chunks`,
      );
      return row;
    });
    expect(seen).toEqual({ postings: 0, terms: 0, stats: 0, all_chunks: Object.keys(TEXTS_A).length });
  });

  it('reports matched words as typed, a snippet around the first match, and honours k', async () => {
    const [hit] = await searchFor(t, a.token, 'Boilers contractor');
    expect(hit).toMatchObject({ document_title: 'a1', chunk_index: 0, heading_path: [] });
    expect(hit?.matched_terms).toEqual(['boilers', 'contractor']);
    expect(hit?.snippet).toBe(TEXTS_A['a1.txt']);
    expect(await searchFor(t, a.token, 'boiler', 2)).toHaveLength(2);
    expect(await searchFor(t, a.token, 'the and of')).toEqual([]);
  });

  it('cuts a snippet around the match in a long chunk', async () => {
    const long = `${'Filler words about nothing in particular. '.repeat(12)}The gazebo may be reserved for parties. ${'More filler text follows here. '.repeat(10)}`;
    await ingestAndWait(t, a.token, 'long.txt', long);
    const [hit] = await searchFor(t, a.token, 'gazebo');
    expect(hit?.snippet.startsWith('…')).toBe(true);
    expect(hit?.snippet.endsWith('…')).toBe(true);
    expect(hit?.snippet).toContain('The gazebo may be reserved for parties.');
    expect(hit?.snippet.length).toBeLessThanOrEqual(242);
  });

  it('validates the input', async () => {
    const bad = async (body: unknown) => api<any>(t, 'POST', '/functions/v1/search', { token: a.token, body });
    expect((await bad({ query: '' })).status).toBe(400);
    expect((await bad({ query: 'x', k: 101 })).status).toBe(400);
    expect((await bad({ query: 'x', k: 0 })).status).toBe(400);
    expect((await bad({ query: 'boiler', workspace_id: workspaceB })).status).toBe(403);
    const own = await bad({ query: 'boiler', workspace_id: workspaceA, k: 1 });
    expect(own.status).toBe(200);
    expect(own.body.results).toHaveLength(1);
    expect(Object.keys(own.body.results[0]).sort()).toEqual(
      [
        'chunk_id',
        'chunk_index',
        'document_id',
        'document_title',
        'heading_path',
        'highlights',
        'matched_terms',
        'score',
        'score_parts',
        'snippet',
      ].sort(),
    );
  });

  it('hourly maintenance (VACUUM ANALYZE of the index) leaves rankings unchanged', async () => {
    const before = await searchFor(t, a.token, 'boiler heating');
    await knowledgeMaintenanceJob.run({
      payload: {},
      job: {
        id: 'maintenance-test',
        name: knowledgeMaintenanceJob.name,
        workspaceId: null,
        attempt: 1,
        retryLimit: 2,
        signal: new AbortController().signal,
      },
      log: t.deps.log,
      deps: t.deps,
      progress: async () => undefined,
    });
    expect(await searchFor(t, a.token, 'boiler heating')).toEqual(before);
  });

  it('searchKnowledge gives other features the full chunk text for citing', async () => {
    const results = await searchKnowledge(ownerContext(t, b, workspaceB), { query: 'heating april', k: 1 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ document_title: 'b3', chunk_index: 0, content: TEXTS_B['b3.txt'] });
  });
});
