import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { documentChunks, documents, documentUploads, knowledgeStats } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type UploadRow = typeof documentUploads.$inferSelect;

/** Rows of a raw `execute`: both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
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

export async function readStats(
  db: Queryable,
  workspaceId: string,
): Promise<{ chunkCount: number; totalLength: number }> {
  const rows = await db.select().from(knowledgeStats).where(eq(knowledgeStats.workspaceId, workspaceId)).limit(1);
  return { chunkCount: Number(rows[0]?.chunkCount ?? 0), totalLength: Number(rows[0]?.totalLength ?? 0) };
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
    insert into knowledge_stats (workspace_id, chunk_count, total_length, impact_avgdl)
    values (${workspaceId}::uuid, ${indexed.length}, ${totalLength}, ${avgdl}::float8)
    on conflict (workspace_id) do update
      set chunk_count = knowledge_stats.chunk_count + excluded.chunk_count,
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
         set chunk_count = greatest(chunk_count - ${chunkCount}, 0),
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
): Promise<RankedChunk[]> {
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

/** Postings read per lexeme in the first round; later rounds double a lexeme's depth. */
const FIRST_DEPTH = 64;
/** Give up (and run the full statement) past this many postings read or rounds. */
const MAX_POSTINGS_READ = 60_000;
const MAX_ROUNDS = 24;
/** Candidates whose missing weights are read from their chunks in one statement, at most. */
const MAX_REFINE = 4_000;
const MAX_PRUNED_LEXEMES = 64;
const LAST_KEY = { impact: 32_767, chunk: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

interface TermCursor {
  lexeme: string;
  /** idf × query weight. */
  c: number;
  df: number;
  read: number;
  /** The smallest (impact, chunk) read so far: the next read starts below it. */
  last: { impact: number; chunk: string };
  exhausted: boolean;
}

interface CandidateState {
  /** Sum of the weights known so far (a lower bound of the score; the score once exact). */
  known: number;
  /** Query lexemes (indexes) whose weight is known for this chunk. */
  seen: Set<number>;
  exact: boolean;
}

/**
 * Exact top k by reading each query lexeme's postings best impact first (threshold algorithm):
 *
 * - a chunk never read in any list scores at most Σ τ, where τ of a lexeme is idf × its next unread
 *   impact (0 once its list is read to the end), scaled by max(1, avgdl / A0) because impacts were
 *   stored with an earlier average length A0 (knowledge_stats.impact_avgdl, the smallest one used);
 * - a chunk read in some lists scores at most its known weights + τ of the lists it was not read in;
 *   when that bound can still reach the k-th score, its missing weights are read from its own
 *   `terms` (exact score);
 * - reading stops when the k-th exact score is at least Σ τ and every chunk that could beat it is
 *   exact. Lists are read deeper (doubling, the lexeme whose τ falls most per posting first) until then.
 *
 * Returns null when the proof would cost more than the full statement (MAX_POSTINGS_READ, MAX_ROUNDS):
 * the caller runs that instead. Scores are the full statement's (same formula, summed in another order).
 */
export async function rankChunksPruned(
  db: Queryable,
  workspaceId: string,
  weights: ReadonlyMap<string, number>,
  k: number,
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
  const weight = (tf: number, dl: number) =>
    (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * dl) / avgdl));
  const terms: TermCursor[] = [];
  for (const [lexeme, w] of weights) {
    const df = Number(head.dfs?.[lexeme] ?? 0);
    if (df <= 0) continue;
    terms.push({
      lexeme,
      c: w * Math.log(1 + (n - df + 0.5) / (df + 0.5)),
      df,
      read: 0,
      last: LAST_KEY,
      exhausted: false,
    });
  }
  if (terms.length === 0) return [];
  const lexemesJson = json(terms.map((t) => t.lexeme));
  const tau = (t: TermCursor) => (t.exhausted ? 0 : t.c * (t.read === 0 ? BM25_K1 + 1 : t.last.impact * scale));
  const candidates = new Map<string, CandidateState>();
  let postingsRead = 0;

  const readPostings = async (plan: { t: number; limit: number }[]) => {
    const rows = await rowsOf<{ i: number; chunk_id: string; impact: number; tf: number; dl: number }>(
      db,
      sql`
      select x.i, p.chunk_id, p.impact, p.tf, p.dl
        from jsonb_to_recordset(${json(
          plan.map(({ t, limit }) => {
            const term = terms[t] as TermCursor;
            return { i: t, l: term.lexeme, n: limit, imp: term.last.impact, cid: term.last.chunk };
          }),
        )}::jsonb) as x(i integer, l text, n integer, imp smallint, cid uuid)
        cross join lateral (
          select c.chunk_id, c.impact, c.tf, c.dl from chunk_postings c
           where c.workspace_id = ${workspaceId}::uuid and c.lexeme = x.l
             and (c.impact, c.chunk_id) < (x.imp, x.cid)
           order by c.impact desc, c.chunk_id desc
           limit x.n) p`,
    );
    const got = new Map<number, number>();
    for (const r of rows) {
      const i = Number(r.i);
      const term = terms[i] as TermCursor;
      const impact = Number(r.impact);
      got.set(i, (got.get(i) ?? 0) + 1);
      if (impact < term.last.impact || (impact === term.last.impact && r.chunk_id < term.last.chunk)) {
        term.last = { impact, chunk: r.chunk_id };
      }
      let state = candidates.get(r.chunk_id);
      if (!state) {
        state = { known: 0, seen: new Set(), exact: false };
        candidates.set(r.chunk_id, state);
      }
      if (!state.exact && !state.seen.has(i)) {
        state.known += term.c * weight(Number(r.tf), Number(r.dl));
        state.seen.add(i);
      }
    }
    postingsRead += rows.length;
    for (const { t, limit } of plan) {
      const term = terms[t] as TermCursor;
      const count = got.get(t) ?? 0;
      term.read += count;
      if (count < limit || term.read >= term.df) term.exhausted = true;
    }
  };

  /** Exact scores of some candidates from their chunks' own terms. */
  const refine = async (ids: string[]) => {
    if (ids.length === 0) return;
    const rows = await rowsOf<{ chunk_id: string; dl: number; lexeme: string; tf: number }>(
      db,
      sql`
      select c.id as chunk_id, c.token_count as dl, w.lexeme, (c.terms -> w.lexeme ->> 0)::integer as tf
        from jsonb_array_elements_text(${json(ids)}::jsonb) as i(id)
        cross join lateral (
          select d.id, d.token_count, d.terms from document_chunks d
           where d.workspace_id = ${workspaceId}::uuid and d.id = i.id::uuid offset 0) c
        cross join jsonb_array_elements_text(${lexemesJson}::jsonb) as w(lexeme)
       where c.terms ? w.lexeme`,
    );
    const cOf = new Map(terms.map((t) => [t.lexeme, t.c]));
    const exact = new Map<string, number>(ids.map((id) => [id, 0]));
    for (const r of rows) {
      exact.set(
        r.chunk_id,
        (exact.get(r.chunk_id) ?? 0) + (cOf.get(r.lexeme) ?? 0) * weight(Number(r.tf), Number(r.dl)),
      );
    }
    for (const [id, score] of exact) {
      const state = candidates.get(id);
      if (state) {
        state.known = score;
        state.exact = true;
      }
    }
  };

  const upperBound = (s: CandidateState, taus: number[]) => {
    if (s.exact) return s.known;
    let ub = s.known;
    for (let i = 0; i < terms.length; i++) if (!s.seen.has(i)) ub += taus[i] as number;
    return ub;
  };
  const kthKnown = () => {
    if (candidates.size < k) return 0;
    const known = [...candidates.values()].map((s) => s.known).sort((a, b) => b - a);
    return known[k - 1] ?? 0;
  };

  await readPostings(terms.map((t, i) => ({ t: i, limit: Math.min(FIRST_DEPTH, t.df) })));
  for (let round = 0; ; round++) {
    const taus = terms.map(tau);
    // A candidate is exact once every list it was not read in is read to the end.
    for (const s of candidates.values()) {
      if (!s.exact && terms.every((t, i) => t.exhausted || s.seen.has(i))) s.exact = true;
    }
    let theta = kthKnown();
    const unseen = taus.reduce((a, b) => a + b, 0);
    const open = [...candidates.entries()]
      .filter(([, s]) => !s.exact)
      .map(([id, s]) => ({ id, ub: upperBound(s, taus) }))
      .filter((c) => c.ub >= theta)
      .sort((a, b) => b.ub - a.ub);
    if (unseen <= theta && open.length <= MAX_REFINE) {
      await refine(open.map((c) => c.id));
      theta = kthKnown();
      const stillOpen = [...candidates.values()].some((s) => !s.exact && upperBound(s, taus) > theta);
      if (!stillOpen) break;
      continue;
    }
    if (round >= MAX_ROUNDS || postingsRead > MAX_POSTINGS_READ) return null;
    // The k-th score is known better once the most promising candidates are exact.
    await refine(open.slice(0, 2 * k).map((c) => c.id));
    theta = kthKnown();
    if (unseen <= theta && open.length <= MAX_REFINE + 2 * k) continue;
    // Read deeper: short remaining lists to their end, and the list whose τ can fall most per posting.
    const plan: { t: number; limit: number }[] = [];
    let best = -1;
    let bestRatio = -1;
    terms.forEach((t, i) => {
      if (t.exhausted) return;
      const next = Math.max(FIRST_DEPTH, t.read);
      if (t.df - t.read <= next) plan.push({ t: i, limit: t.df - t.read + 1 });
      else if ((taus[i] as number) / next > bestRatio) {
        bestRatio = (taus[i] as number) / next;
        best = i;
      }
    });
    if (best >= 0) plan.push({ t: best, limit: Math.max(FIRST_DEPTH, (terms[best] as TermCursor).read) });
    if (plan.length === 0) return null;
    await readPostings(plan);
  }

  const top = [...candidates.entries()]
    .filter(([, s]) => s.exact && s.known > 0)
    .sort(([a, x], [b, y]) => y.known - x.known || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, k);
  if (top.length === 0) return [];
  const rows = await rowsOf<Omit<RankedChunk, 'score'>>(
    db,
    sql`
    select c.id as chunk_id, c.document_id, c.chunk_index, c.title, c.heading_path, c.content,
           array(select w.lexeme from jsonb_array_elements_text(${lexemesJson}::jsonb) as w(lexeme)
                  where c.terms ? w.lexeme) as matched
      from jsonb_array_elements_text(${json(top.map(([id]) => id))}::jsonb) as i(id)
      cross join lateral (
        select d.id, d.document_id, d.chunk_index, d.title, d.heading_path, d.content, d.terms from document_chunks d
         where d.workspace_id = ${workspaceId}::uuid and d.id = i.id::uuid offset 0) c`,
  );
  const byId = new Map(rows.map((r) => [r.chunk_id, r]));
  return top.flatMap(([id, s]) => {
    const row = byId.get(id);
    return row ? [{ ...row, score: s.known, chunk_index: Number(row.chunk_index) }] : [];
  });
}

/** The full BM25 statement: every posting of every query lexeme (any k1 and b). */
export async function rankChunksExhaustive(
  db: Queryable,
  workspaceId: string,
  lexemes: readonly string[] | ReadonlyMap<string, number>,
  k: number,
  params: { k1: number; b: number } = { k1: BM25_K1, b: BM25_B },
): Promise<RankedChunk[]> {
  const weights = Array.isArray(lexemes)
    ? Object.fromEntries((lexemes as readonly string[]).map((l) => [l, 1]))
    : Object.fromEntries(lexemes as ReadonlyMap<string, number>);
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
