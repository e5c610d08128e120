import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { documentChunks, documents, documentUploads, knowledgeStats } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type UploadRow = typeof documentUploads.$inferSelect;

/** Rows of a raw `execute`: both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows go to SQL as one JSON parameter (jsonb_to_recordset): the same on PGlite and node-postgres, any size. */
const json = (value: unknown) => JSON.stringify(value);
const POSTINGS_PER_STATEMENT = 20_000;
const CHUNKS_PER_STATEMENT = 500;

// ── documents ───────────────────────────────────────────────────────────────────────────────────

export async function insertDocument(
  tx: Tx,
  values: {
    workspaceId: string;
    title: string;
    bytes: number;
    format: string;
    source: string;
    sourceUrl: string | null;
    createdBy: string | null;
  },
): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

export async function insertUpload(tx: Tx, values: UploadRow): Promise<void> {
  await tx.insert(documentUploads).values(values);
}

/** Many PENDING documents with their bytes in two statements (bulk imports); ids in input order. */
export async function insertDocumentsWithUploads(
  tx: Tx,
  workspaceId: string,
  items: readonly {
    title: string;
    format: string;
    source: string;
    createdBy: string | null;
    upload: { filename: string; contentType: string | null; data: Buffer };
  }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const ids = items.map(() => randomUUID());
  const rows = items.map((item, i) => ({
    i: ids[i],
    t: item.title,
    b: item.upload.data.length,
    f: item.format,
    s: item.source,
    u: item.createdBy,
    n: item.upload.filename,
    c: item.upload.contentType,
    d: item.upload.data.toString('base64'),
  }));
  await tx.execute(sql`
    insert into documents (workspace_id, id, title, bytes, format, source, created_by)
    select ${workspaceId}::uuid, x.i, x.t, x.b, x.f, x.s, x.u
      from jsonb_to_recordset(${json(rows)}::jsonb) as x(i uuid, t text, b bigint, f text, s text, u uuid)`);
  await tx.execute(sql`
    insert into document_uploads (workspace_id, document_id, filename, content_type, data)
    select ${workspaceId}::uuid, x.i, x.n, x.c, decode(x.d, 'base64')
      from jsonb_to_recordset(${json(rows)}::jsonb) as x(i uuid, n text, c text, d text)`);
  return ids;
}

export async function findUpload(
  db: Queryable,
  workspaceId: string,
  documentId: string,
): Promise<UploadRow | undefined> {
  const rows = await db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.workspaceId, workspaceId), eq(documentUploads.documentId, documentId)))
    .limit(1);
  return rows[0];
}

export async function deleteUpload(db: Queryable, workspaceId: string, documentId: string): Promise<void> {
  await db
    .delete(documentUploads)
    .where(and(eq(documentUploads.workspaceId, workspaceId), eq(documentUploads.documentId, documentId)));
}

export async function findDocument(db: Queryable, workspaceId: string, id: string): Promise<DocumentRow | undefined> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, id)))
    .limit(1);
  return rows[0];
}

/** The document row, locked until the end of the transaction (ingest and delete both take it first). */
export async function lockDocument(tx: Tx, workspaceId: string, id: string): Promise<DocumentRow | undefined> {
  const rows = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, id)))
    .for('update');
  return rows[0];
}

/** Documents and their stored bytes by id (one statement each, for batch ingestion). */
export async function findDocumentsWithUploads(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ doc: DocumentRow; upload: UploadRow | undefined }[]> {
  if (ids.length === 0) return [];
  const docs = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, [...ids])));
  const uploads = await db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.workspaceId, workspaceId), inArray(documentUploads.documentId, [...ids])));
  const uploadOf = new Map(uploads.map((u) => [u.documentId, u]));
  const byId = new Map(docs.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [{ doc, upload: uploadOf.get(id) }] : [];
  });
}

/** The documents' rows, locked until the end of the transaction, in id order (no lock-order deadlock). */
export async function lockDocuments(tx: Tx, workspaceId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, [...ids])))
    .orderBy(documents.id)
    .for('update');
}

/** Marks many documents READY with their chunk counts and titles in one statement; drops their uploads. */
export async function markManyReady(
  tx: Tx,
  workspaceId: string,
  updates: readonly { id: string; chunkCount: number; title: string; bytes?: number }[],
): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map((u) => ({ id: u.id, n: u.chunkCount, t: u.title, b: u.bytes ?? null }));
  await tx.execute(sql`
    update documents d
       set status = 'READY', error = null, chunk_count = x.n, title = x.t, bytes = coalesce(x.b, d.bytes),
           updated_at = now()
      from jsonb_to_recordset(${json(rows)}::jsonb) as x(id uuid, n integer, t text, b bigint)
     where d.workspace_id = ${workspaceId}::uuid and d.id = x.id`);
  await tx.delete(documentUploads).where(
    and(
      eq(documentUploads.workspaceId, workspaceId),
      inArray(
        documentUploads.documentId,
        updates.map((u) => u.id),
      ),
    ),
  );
}

export async function listDocuments(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; offset: number },
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.workspaceId, workspaceId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDocuments(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function markFailed(tx: Tx, workspaceId: string, id: string, error: string): Promise<boolean> {
  const rows = await tx
    .update(documents)
    .set({ status: 'failed', error, chunkCount: 0, updatedAt: sql`now()` })
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, id), eq(documents.status, 'PENDING')))
    .returning({ id: documents.id });
  return rows.length > 0;
}

export async function markReady(
  tx: Tx,
  workspaceId: string,
  id: string,
  update: { chunkCount: number; title?: string; bytes?: number },
): Promise<void> {
  await tx
    .update(documents)
    .set({
      status: 'READY',
      error: null,
      chunkCount: update.chunkCount,
      updatedAt: sql`now()`,
      ...(update.title ? { title: update.title } : {}),
      ...(update.bytes !== undefined ? { bytes: update.bytes } : {}),
    })
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, id)));
}

// ── index ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Serialises writers of one workspace's index (ingest and delete): they all touch the statistics row
 * and many term rows, and one lock taken first keeps them from deadlocking on PostgreSQL.
 */
export async function lockWorkspaceIndex(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helixis.knowledge:${workspaceId}`}, 0))`);
}

/**
 * The workspace's index statistics as `db` sees them: zeros and generation -1 when it has none. The
 * generation tells an in-memory copy of the index whether it is current (memory-index.ts).
 */
export async function readStats(
  db: Queryable,
  workspaceId: string,
): Promise<{ chunkCount: number; totalLength: number; generation: number }> {
  const rows = await db.select().from(knowledgeStats).where(eq(knowledgeStats.workspaceId, workspaceId)).limit(1);
  return {
    chunkCount: Number(rows[0]?.chunkCount ?? 0),
    totalLength: Number(rows[0]?.totalLength ?? 0),
    generation: Number(rows[0]?.generation ?? -1),
  };
}

export interface IndexedChunk {
  id: string;
  chunkIndex: number;
  headingPath: string[];
  content: string;
  tf: Map<string, number>;
  length: number;
}

/** One document's chunks to index (see insertDocumentsIndex). */
export interface DocumentToIndex {
  document: { id: string; title: string };
  chunks: readonly IndexedChunk[];
}

/** Writes a document's chunks, postings, document frequencies and workspace statistics. */
export async function insertChunks(
  tx: Tx,
  workspaceId: string,
  document: { id: string; title: string },
  chunks: readonly IndexedChunk[],
): Promise<void> {
  await insertDocumentsIndex(tx, workspaceId, [{ document, chunks }]);
}

/**
 * Writes the chunks, postings, document frequencies and workspace statistics of many documents with
 * few statements: chunks and postings go in batches of rows (one JSON parameter each), the df of every
 * lexeme of the whole batch is added in one upsert per POSTINGS_PER_STATEMENT lexemes, and the
 * statistics row is updated once. Statistics stay incremental (added to, never recomputed).
 */
export async function insertDocumentsIndex(
  tx: Tx,
  workspaceId: string,
  items: readonly DocumentToIndex[],
): Promise<void> {
  const indexed = items.flatMap(({ chunks }) => chunks.filter((c) => c.length > 0));
  const totalLength = indexed.reduce((sum, c) => sum + c.length, 0);
  // Impacts are computed with the average chunk length the workspace has once this batch is in (A0).
  const before = await readStats(tx, workspaceId);
  const avgdl = Math.max((before.totalLength + totalLength) / Math.max(before.chunkCount + indexed.length, 1), 1);

  const df = new Map<string, number>();
  const postings: { l: string; i: number; c: string; t: number; d: number }[] = [];
  const rows = items.flatMap(({ document, chunks }) =>
    chunks.map((c) => {
      const terms: Record<string, [number, number]> = {};
      for (const [lexeme, tf] of c.tf) {
        const impact = postingImpact(tf, c.length, avgdl);
        terms[lexeme] = [tf, impact];
        postings.push({ l: lexeme, i: impact, c: c.id, t: tf, d: c.length });
        df.set(lexeme, (df.get(lexeme) ?? 0) + 1);
      }
      return {
        id: c.id,
        document_id: document.id,
        title: document.title,
        chunk_index: c.chunkIndex,
        heading_path: c.headingPath,
        content: c.content,
        token_count: c.length,
        terms,
      };
    }),
  );
  for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT) {
    await tx.execute(sql`
      insert into document_chunks (workspace_id, id, document_id, chunk_index, title, heading_path, content, token_count, terms)
      select ${workspaceId}::uuid, x.id, x.document_id, x.chunk_index, x.title,
             array(select jsonb_array_elements_text(x.heading_path)), x.content, x.token_count, x.terms
        from jsonb_to_recordset(${json(rows.slice(i, i + CHUNKS_PER_STATEMENT))}::jsonb)
          as x(id uuid, document_id uuid, chunk_index integer, title text, heading_path jsonb, content text,
               token_count integer, terms jsonb)`);
  }

  // In key order: neighbouring inserts touch the same index pages (measured ~10% less CPU).
  postings.sort((a, b) => (a.l < b.l ? -1 : a.l > b.l ? 1 : b.i - a.i));
  for (let i = 0; i < postings.length; i += POSTINGS_PER_STATEMENT) {
    await tx.execute(sql`
      insert into chunk_postings (workspace_id, lexeme, impact, chunk_id, tf, dl)
      select ${workspaceId}::uuid, x.l, x.i, x.c, x.t, x.d
        from jsonb_to_recordset(${json(postings.slice(i, i + POSTINGS_PER_STATEMENT))}::jsonb)
          as x(l text, i smallint, c uuid, t integer, d integer)`);
  }

  // Sorted: concurrent writers of one workspace are serialised anyway, but a stable order never deadlocks.
  const terms = [...df.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < terms.length; i += POSTINGS_PER_STATEMENT) {
    const batch = terms.slice(i, i + POSTINGS_PER_STATEMENT).map(([l, n]) => ({ l, n }));
    await tx.execute(sql`
      insert into knowledge_terms (workspace_id, lexeme, df)
      select ${workspaceId}::uuid, x.l, x.n from jsonb_to_recordset(${json(batch)}::jsonb) as x(l text, n integer)
      on conflict (workspace_id, lexeme) do update set df = knowledge_terms.df + excluded.df`);
  }

  await tx.execute(sql`
    insert into knowledge_stats (workspace_id, chunk_count, total_length, impact_avgdl, generation)
    values (${workspaceId}::uuid, ${indexed.length}, ${totalLength}, ${avgdl}::float8, 1)
    on conflict (workspace_id) do update
      set generation = knowledge_stats.generation + 1,
          chunk_count = knowledge_stats.chunk_count + excluded.chunk_count,
          total_length = knowledge_stats.total_length + excluded.total_length,
          impact_avgdl = least(coalesce(knowledge_stats.impact_avgdl, excluded.impact_avgdl), excluded.impact_avgdl)`);
}

/** Removes a document with its chunks, postings, document frequencies and its share of the statistics. */
export async function deleteDocumentIndex(tx: Tx, workspaceId: string, documentId: string): Promise<void> {
  const [totals] = await rowsOf<{ n: string | number; len: string | number | null }>(
    tx,
    sql`select count(*) filter (where token_count > 0) as n, sum(token_count) as len
          from document_chunks where workspace_id = ${workspaceId}::uuid and document_id = ${documentId}::uuid`,
  );
  const chunkCount = Number(totals?.n ?? 0);
  if (chunkCount > 0) {
    const updated = await rowsOf<{ lexeme: string; df: number }>(
      tx,
      sql`
      with gone as (
        select t.lexeme, count(*)::integer as n
          from document_chunks c
          cross join lateral jsonb_object_keys(c.terms) as t(lexeme)
         where c.workspace_id = ${workspaceId}::uuid and c.document_id = ${documentId}::uuid
         group by t.lexeme)
      update knowledge_terms t set df = t.df - gone.n
        from gone
       where t.workspace_id = ${workspaceId}::uuid and t.lexeme = gone.lexeme
      returning t.lexeme, t.df`,
    );
    const emptied = updated.filter((r) => Number(r.df) <= 0);
    if (emptied.length > 0) {
      await tx.execute(sql`
        delete from knowledge_terms
         where workspace_id = ${workspaceId}::uuid and df <= 0
           and lexeme in (select jsonb_array_elements_text(${json(emptied.map((r) => r.lexeme))}::jsonb))`);
    }
    await tx.execute(sql`
      update knowledge_stats
         set generation = generation + 1,
             chunk_count = greatest(chunk_count - ${chunkCount}, 0),
             total_length = greatest(total_length - ${Number(totals?.len ?? 0)}, 0)
       where workspace_id = ${workspaceId}::uuid`);
  }
  // The chunks' postings go with them (trigger of migration 0022: by primary key through `terms`).
  await tx
    .delete(documentChunks)
    .where(and(eq(documentChunks.workspaceId, workspaceId), eq(documentChunks.documentId, documentId)));
  await tx.delete(documents).where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, documentId)));
}

// ── ranking ─────────────────────────────────────────────────────────────────────────────────────

export interface RankedChunk {
  chunk_id: string;
  score: number;
  matched: string[];
  document_id: string;
  chunk_index: number;
  title: string;
  heading_path: string[];
  content: string;
}

/** BM25 parameters (the measured setting of reference/retrieval-measurements.md; see decision 021). */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;

/** Document frequencies of some lexemes in the workspace (absent lexemes: 0). */
export async function termDfs(
  db: Queryable,
  workspaceId: string,
  lexemes: readonly string[],
): Promise<Map<string, number>> {
  if (lexemes.length === 0) return new Map();
  const rows = await rowsOf<{ lexeme: string; df: number }>(
    db,
    sql`select k.lexeme, k.df from jsonb_array_elements_text(${json([...new Set(lexemes)])}::jsonb) as w(lexeme)
        cross join lateral (
          select t.lexeme, t.df from knowledge_terms t
           where t.workspace_id = ${workspaceId}::uuid and t.lexeme = w.lexeme offset 0) k`,
  );
  return new Map(rows.map((r) => [r.lexeme, Number(r.df)]));
}

/** Stored impacts are BM25 term weights × IMPACT_SCALE, rounded up (migration 0022). */
const IMPACT_SCALE = 1000;

/**
 * A posting's impact: its BM25 term weight for the shipped k1 and b, with the average chunk length
 * `avgdl` of the moment it is written, × IMPACT_SCALE rounded up. It only orders a lexeme's postings
 * and bounds the unread ones; scores are always computed from tf and dl.
 */
export function postingImpact(tf: number, dl: number, avgdl: number): number {
  const weight = (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * dl) / avgdl));
  return Math.max(1, Math.ceil(weight * IMPACT_SCALE + 1e-6));
}

/**
 * BM25 over the workspace's postings: idf = ln(1 + (N − df + 0.5) / (df + 0.5)), term weight
 * tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)), summed over the query's distinct lexemes, each
 * multiplied by its query weight (1 for a typed word; feedback lexemes weigh less). N, avgdl and df
 * are this workspace's own (knowledge_stats, knowledge_terms): another workspace never shifts them.
 *
 * With the shipped k1 and b the top k is found without reading every posting (rankChunksPruned,
 * exact: the same chunks and scores as the full statement); other settings (experiments) run the
 * full statement, rankChunksExhaustive.
 */
export async function rankChunks(
  db: Queryable,
  workspaceId: string,
  lexemes: readonly string[] | ReadonlyMap<string, number>,
  k: number,
  params: { k1: number; b: number } = { k1: BM25_K1, b: BM25_B },
  /** Rank only the chunks of these documents (the widget's public documents); statistics stay the workspace's. */
  documentIds?: readonly string[],
): Promise<RankedChunk[]> {
  if (documentIds) return rankChunksExhaustive(db, workspaceId, lexemes, k, params, documentIds);
  const weights = queryWeights(lexemes);
  const usable =
    params.k1 === BM25_K1 &&
    params.b === BM25_B &&
    weights.size <= MAX_PRUNED_LEXEMES &&
    [...weights.values()].every((w) => Number.isFinite(w) && w > 0);
  if (usable) {
    const pruned = await rankChunksPruned(db, workspaceId, weights, k);
    if (pruned) return pruned;
  }
  return rankChunksExhaustive(db, workspaceId, lexemes, k, params);
}

function queryWeights(lexemes: readonly string[] | ReadonlyMap<string, number>): Map<string, number> {
  return Array.isArray(lexemes)
    ? new Map((lexemes as readonly string[]).map((l) => [l, 1]))
    : new Map(lexemes as ReadonlyMap<string, number>);
}

/** Postings read per lexeme in the first round (lists up to 4× this are read whole). */
const FIRST_DEPTH = 128;
/** A list read deeper is read to GROWTH times its previous depth. */
const GROWTH = 4;
/** Give up (and run the full statement) past this many rounds, or once the rounds so far have cost
 * WORK_LIMIT × the full statement's postings (a candidate made exact counts REFINE_COST postings). */
const MAX_ROUNDS = 8;
const WORK_LIMIT = 1;
const REFINE_COST = 20;
/** Candidates made exact from their chunks' terms in one round, at most. */
const MAX_REFINE = 2_000;
const MAX_PRUNED_LEXEMES = 64;
/** Below this many postings in the query's lists the full statement is cheaper than rounds (measured
 * on PostgreSQL at 10k chunks: pruned p50 48 ms, full 16 ms). */
const PRUNE_MIN_POSTINGS = 20_000;

/** One round's answer (see rankChunksPruned). */
interface RoundResult {
  /** The k best exact candidates: [chunk id, score]. */
  top: [string, number][] | null;
  /** The k-th best known score (a lower bound of the k-th score). */
  theta: number | null;
  /** Σ τ: the most a chunk read in no list can score. */
  unseen: number;
  /** Candidates not exact whose bound is above theta. */
  open: number;
  /** Candidates made exact from their terms this round. */
  refined: number;
  lists: { i: number; cnt: number; tau: number }[];
}

/**
 * Exact top k by reading each query lexeme's postings best impact first (threshold algorithm), in
 * rounds of one statement each:
 *
 * - every list is read to its depth (index order: impact desc); a chunk read in no list scores at most
 *   Σ τ, where τ of a lexeme is idf × the smallest impact read (0 once the list is read to its end),
 *   scaled by max(1, avgdl / A0) because impacts were stored with an earlier average length A0
 *   (knowledge_stats.impact_avgdl, the smallest one used);
 * - a chunk read in some lists scores at least its known weights and at most those + τ of the lists it
 *   was not read in; the `refine` candidates with the highest bounds get their exact score from their
 *   own `terms`;
 * - the answer is proven when the k-th best known score θ is at least Σ τ and no candidate that is not
 *   exact has a bound above θ. Otherwise the next round reads deeper (the lists whose τ falls most per
 *   posting) or refines more candidates.
 *
 * All aggregation runs in SQL: only a few numbers and the k winners come back. Returns null when the
 * query's lists hold fewer than `minPostings` postings (default PRUNE_MIN_POSTINGS), or when the
 * proof would cost more than the full statement (WORK_LIMIT, MAX_ROUNDS): the caller runs that.
 * Scores are the full statement's (same formula, summed in another order).
 */
export async function rankChunksPruned(
  db: Queryable,
  workspaceId: string,
  weights: ReadonlyMap<string, number>,
  k: number,
  options: { minPostings?: number } = {},
): Promise<RankedChunk[] | null> {
  if (weights.size === 0) return [];
  const [head] = await rowsOf<{ n: number; total: number; a0: number | null; dfs: Record<string, number> | null }>(
    db,
    sql`
    select s.chunk_count::float8 as n, s.total_length::float8 as total, s.impact_avgdl as a0,
           (select jsonb_object_agg(t.lexeme, t.df)
              from jsonb_array_elements_text(${json([...weights.keys()])}::jsonb) as w(lexeme)
              cross join lateral (
                select k.lexeme, k.df from knowledge_terms k
                 where k.workspace_id = ${workspaceId}::uuid and k.lexeme = w.lexeme offset 0) t) as dfs
      from knowledge_stats s where s.workspace_id = ${workspaceId}::uuid`,
  );
  if (!head) return [];
  if (head.a0 === null) return null;
  const n = Number(head.n);
  const avgdl = Math.max(Number(head.total) / Math.max(n, 1), 1);
  const scale = (Math.max(1, avgdl / Number(head.a0)) * (1 + 1e-9)) / IMPACT_SCALE;
  const terms: { l: string; c: number; df: number; depth: number }[] = [];
  for (const [lexeme, w] of weights) {
    const df = Number(head.dfs?.[lexeme] ?? 0);
    if (df <= 0) continue;
    const c = w * Math.log(1 + (n - df + 0.5) / (df + 0.5));
    terms.push({ l: lexeme, c, df, depth: df <= 4 * FIRST_DEPTH ? df : FIRST_DEPTH });
  }
  if (terms.length === 0) return [];
  const K1 = sql.raw(BM25_K1.toFixed(3));
  const B = sql.raw(BM25_B.toFixed(3));
  let refine = 2 * k + 10;
  const fullWork = terms.reduce((sum, t) => sum + t.df, 0);
  if (fullWork < (options.minPostings ?? PRUNE_MIN_POSTINGS)) return null;
  let work = 0;

  for (let round = 0; ; round++) {
    // A list asked for one posting more than it has comes back short: read to its end (τ 0).
    const plan = terms.map((t, i) => ({ i, l: t.l, c: t.c, n: t.depth >= t.df ? t.df + 1 : t.depth }));
    const [r] = await rowsOf<RoundResult>(
      db,
      sql`
      with x as (
        select * from jsonb_to_recordset(${json(plan)}::jsonb) as x(i integer, l text, c float8, n integer)),
      p as (
        select x.i, x.c, r.chunk_id, r.impact, r.tf, r.dl
          from x cross join lateral (
            select q.chunk_id, q.impact, q.tf, q.dl from chunk_postings q
             where q.workspace_id = ${workspaceId}::uuid and q.lexeme = x.l
             order by q.impact desc, q.chunk_id desc
             limit x.n) r),
      lx as (
        select x.i, count(p.chunk_id)::integer as cnt,
               case when count(p.chunk_id) < x.n then 0::float8
                    else x.c * ${scale}::float8 * min(p.impact) end as tau
          from x left join p on p.i = x.i
         group by x.i, x.n, x.c),
      tot as (
        select sum(tau) as unseen, count(*) filter (where tau > 0) as lists from lx),
      cand as (
        select p.chunk_id,
               sum(p.c * p.tf * (${K1} + 1) / (p.tf + ${K1} * (1 - ${B} + ${B} * p.dl / ${avgdl}::float8))) as known,
               sum(lx.tau) as seen_tau,
               count(*) filter (where lx.tau > 0) as seen_lists
          from p join lx on lx.i = p.i
         group by p.chunk_id),
      bounded as (
        select c.chunk_id, c.known, c.known + tot.unseen - c.seen_tau as ub, c.seen_lists = tot.lists as exact
          from cand c cross join tot),
      refined as (
        select b.chunk_id,
               (select sum(x.c * e.tf * (${K1} + 1) / (e.tf + ${K1} * (1 - ${B} + ${B} * d.token_count / ${avgdl}::float8)))
                  from x cross join lateral (select (d.terms -> x.l ->> 0)::integer as tf) e
                 where e.tf is not null) as score
          from (select chunk_id, ub from bounded where not exact order by ub desc limit ${refine}) b
          cross join lateral (
            select t.terms, t.token_count from document_chunks t
             where t.workspace_id = ${workspaceId}::uuid and t.id = b.chunk_id offset 0) d),
      fin as (
        select b.chunk_id, coalesce(f.score, b.known) as lb, b.ub, b.exact or f.score is not null as exact
          from bounded b left join refined f on f.chunk_id = b.chunk_id),
      th as (
        select (select lb from fin order by lb desc offset ${k - 1} limit 1) as theta)
      select (select json_agg(json_build_array(w.chunk_id, w.lb))
                from (select chunk_id, lb from fin where exact order by lb desc, chunk_id limit ${k}) w) as top,
             th.theta,
             tot.unseen,
             (select count(*)::integer from fin where not exact and ub > coalesce(th.theta, 0)) as open,
             (select count(*)::integer from refined) as refined,
             (select json_agg(json_build_object('i', i, 'cnt', cnt, 'tau', tau)) from lx) as lists
        from th cross join tot`,
    );
    if (!r) return null;
    const theta = r.theta === null ? 0 : Number(r.theta);
    const unseen = Number(r.unseen);
    const open = Number(r.open);
    const read = r.lists.reduce((sum, l) => sum + Number(l.cnt), 0);
    if (unseen <= theta && open === 0) {
      const top = (r.top ?? []).map(([id, score]) => [id, Number(score)] as const);
      if (top.length === 0) return [];
      return chunkRows(
        db,
        workspaceId,
        top,
        terms.map((t) => t.l),
      );
    }
    work += read + REFINE_COST * Math.min(refine, Number(r.refined ?? 0));
    if (round + 1 >= MAX_ROUNDS || work > WORK_LIMIT * fullWork) return null;
    // Open candidates are made exact from their terms while that stays cheap; past MAX_REFINE reading
    // deeper tightens every bound at once.
    // (`open` counts the candidates beyond the `refine` already made exact.)
    const refineMore = open > 0 && refine + open + k <= MAX_REFINE;
    if (refineMore) refine += open + k;
    if (unseen > theta || !refineMore) {
      // Deeper: short lists to their end, and the lists whose τ can fall most per posting read
      // (the best one and any within half of it), each to GROWTH times its depth.
      const tau = new Map(r.lists.map((l) => [Number(l.i), Number(l.tau)]));
      const ratios: { i: number; ratio: number; next: number }[] = [];
      terms.forEach((t, i) => {
        if (t.depth >= t.df) return;
        const next = t.depth * GROWTH;
        if (next >= t.df / 2) ratios.push({ i, ratio: Number.POSITIVE_INFINITY, next: t.df });
        else ratios.push({ i, ratio: (tau.get(i) ?? 0) / (next - t.depth), next });
      });
      if (ratios.length === 0) return null;
      const best = Math.max(0, ...ratios.filter((x) => Number.isFinite(x.ratio)).map((x) => x.ratio));
      for (const x of ratios) if (x.ratio >= best / 2) (terms[x.i] as { depth: number }).depth = x.next;
    }
  }
}

/**
 * The chunks of a ranking, in its order, with the query lexemes each one contains. The ids are cast in
 * a fenced subquery: a cast in the lateral's condition kept PostgreSQL under row-level security from
 * using the primary key (see memory-index.ts).
 */
async function chunkRows(
  db: Queryable,
  workspaceId: string,
  top: readonly (readonly [string, number])[],
  lexemes: readonly string[],
): Promise<RankedChunk[]> {
  const rows = await rowsOf<Omit<RankedChunk, 'score'>>(
    db,
    sql`
    select c.id as chunk_id, c.document_id, c.chunk_index, c.title, c.heading_path, c.content,
           array(select w.lexeme from jsonb_array_elements_text(${json(lexemes)}::jsonb) as w(lexeme)
                  where c.terms ? w.lexeme) as matched
      from (select x::uuid as id from jsonb_array_elements_text(${json(top.map(([id]) => id))}::jsonb) as x offset 0) i
      cross join lateral (
        select d.id, d.document_id, d.chunk_index, d.title, d.heading_path, d.content, d.terms from document_chunks d
         where d.workspace_id = ${workspaceId}::uuid and d.id = i.id offset 0) c`,
  );
  const byId = new Map(rows.map((r) => [r.chunk_id, r]));
  return top.flatMap(([id, score]) => {
    const row = byId.get(id);
    return row ? [{ ...row, score, chunk_index: Number(row.chunk_index) }] : [];
  });
}

/** The full BM25 statement: every posting of every query lexeme (any k1 and b). */
export async function rankChunksExhaustive(
  db: Queryable,
  workspaceId: string,
  lexemes: readonly string[] | ReadonlyMap<string, number>,
  k: number,
  params: { k1: number; b: number } = { k1: BM25_K1, b: BM25_B },
  documentIds?: readonly string[],
): Promise<RankedChunk[]> {
  if (documentIds?.length === 0) return [];
  const weights = Object.fromEntries(queryWeights(lexemes));
  if (Object.keys(weights).length === 0) return [];
  // Constants inlined as literals: as parameters PostgreSQL would type them from the integer columns.
  const K1 = sql.raw(Number(params.k1).toFixed(3));
  const B = sql.raw(Number(params.b).toFixed(3));
  // Written as lateral lookups fenced with `offset 0`, so every step is an index probe (terms by
  // lexeme, postings by (workspace, lexeme), chunks by id) whatever the planner's row estimates:
  // PGlite keeps no fresh statistics, and the hash join it chose instead read all of a workspace's
  // postings (measured 10-15× slower at 1,500 SciFact documents).
  const rows = await rowsOf<RankedChunk>(
    db,
    sql`
    with st as (
      select chunk_count::float8 as n,
             greatest(total_length::float8 / greatest(chunk_count, 1), 1) as avgdl
        from knowledge_stats where workspace_id = ${workspaceId}::uuid),
    q as (
      select t.lexeme, w.weight * ln(1 + (st.n - t.df + 0.5) / (t.df + 0.5)) as idf
        from (select x.key as lexeme, x.value::float8 as weight from jsonb_each_text(${json(weights)}::jsonb) as x) w
        cross join st
        cross join lateral (
          select k.lexeme, k.df from knowledge_terms k
           where k.workspace_id = ${workspaceId}::uuid and k.lexeme = w.lexeme offset 0) t),
    ranked as (
      select p.chunk_id,
             sum(q.idf * p.tf * (${K1} + 1) / (p.tf + ${K1} * (1 - ${B} + ${B} * p.dl / st.avgdl))) as score,
             array_agg(q.lexeme) as matched
        from q
        cross join st
        cross join lateral (
          select c.chunk_id, c.tf, c.dl from chunk_postings c
           where c.workspace_id = ${workspaceId}::uuid and c.lexeme = q.lexeme offset 0) p
       ${
         documentIds
           ? sql`where p.chunk_id in (
               select d.id from document_chunks d
                where d.workspace_id = ${workspaceId}::uuid
                  and d.document_id in (select x::uuid from jsonb_array_elements_text(${json(documentIds)}::jsonb) as x))`
           : sql``
       }
       group by p.chunk_id
       order by score desc, p.chunk_id
       limit ${k})
    select r.chunk_id, r.score, r.matched, c.document_id, c.chunk_index, c.title, c.heading_path, c.content
      from ranked r
      cross join lateral (
        select d.document_id, d.chunk_index, d.title, d.heading_path, d.content from document_chunks d
         where d.workspace_id = ${workspaceId}::uuid and d.id = r.chunk_id offset 0) c
     order by r.score desc, r.chunk_id`,
  );
  return rows.map((r) => ({ ...r, score: Number(r.score), chunk_index: Number(r.chunk_index) }));
}
