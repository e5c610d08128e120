/**
 * Ranking-only SciFact benchmark (no HTTP, no job queue): chunks the corpus with the product's
 * chunker, writes the index with the product's repo functions in large transactions, ranks the 300
 * test queries with the product's BM25 SQL, and scores the run with the shared scorer. Fast enough to
 * compare indexing choices; `scifact.ts` measures the whole path.
 *
 *   npx tsx server/bench/knowledge/scifact-direct.ts [--title-only-in-first-chunk]
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryTerms, termFrequencies } from '@helixis/domain';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { chunkBlocks, textToBlocks } from '../../src/features/knowledge/ingest/chunking';
import { indexedText } from '../../src/features/knowledge/ingest/prepare';
import * as repo from '../../src/features/knowledge/knowledge.repo';
import { withTenant } from '../../src/platform/tenant';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATASETS = path.resolve(here, '../../../../../../shared/datasets');
const titleOnlyFirst = process.argv.includes('--title-only-in-first-chunk');

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

async function main() {
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(DATASETS, 'scifact/corpus.jsonl'));
  const queries = readJsonl<{ _id: string; text: string }>(path.join(DATASETS, 'scifact/queries-test.jsonl'));
  const database = await openDatabase({});
  await migrate(database);
  const [ws] = await database.query<{ id: string }>(`insert into workspaces (name) values ('bench') returning id`);
  const workspaceId = ws?.id ?? '';
  const docOf = new Map<string, string>();

  const t0 = Date.now();
  for (let i = 0; i < corpus.length; i += 250) {
    await withTenant(database, { workspaceId, userId: null }, async (tx) => {
      for (const d of corpus.slice(i, i + 250)) {
        const doc = await repo.insertDocument(tx, {
          workspaceId,
          title: d._id,
          bytes: 0,
          format: 'txt',
          source: 'bench',
          sourceUrl: null,
          createdBy: null,
        });
        docOf.set(doc.id, d._id);
        const chunks = chunkBlocks(textToBlocks(`${d.title}\n\n${d.text}`)).map((c, index) => {
          // Product rule (indexedText): the title is indexed with every chunk. The first chunk's text
          // starts with the title here, so it is added to the later ones (measured: nDCG@10 0.675;
          // --title-only-in-first-chunk: 0.661).
          const { tf, length } = termFrequencies(
            !titleOnlyFirst && index > 0 ? indexedText(d.title, c.content) : c.content,
          );
          return { id: randomUUID(), chunkIndex: index, headingPath: c.headingPath, content: c.content, tf, length };
        });
        await repo.insertChunks(tx, workspaceId, { id: doc.id, title: d._id }, chunks);
      }
    });
  }
  console.log(`indexed ${corpus.length} documents in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const lines: string[] = [];
  const latencies: number[] = [];
  for (const q of queries) {
    const s = performance.now();
    const rows = await withTenant(database, { workspaceId, userId: null }, (tx) =>
      repo.rankChunks(tx, workspaceId, [...queryTerms(q.text).keys()], 100),
    );
    latencies.push(performance.now() - s);
    const seen = new Set<string>();
    for (const r of rows) {
      const id = docOf.get(r.document_id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      lines.push(`${q._id} Q0 ${id} ${seen.size} ${r.score} helixis`);
    }
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `rank (k 100): p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]?.toFixed(1)} ms`,
  );
  const runFile = path.join(os.tmpdir(), `helixis-scifact-direct-${process.pid}.trec`);
  writeFileSync(runFile, `${lines.join('\n')}\n`);
  console.log(
    execFileSync('node', [path.join(DATASETS, 'bm25-baseline.mjs'), '--eval', runFile], { encoding: 'utf8' }),
  );
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
