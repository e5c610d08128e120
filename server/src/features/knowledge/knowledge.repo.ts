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
  const rows = items.flatMap(({ document, chunks }) =>
    chunks.map((c) => ({
      id: c.id,
      document_id: document.id,
      title: document.title,
      chunk_index: c.chunkIndex,
      heading_path: c.headingPath,
      content: c.content,
      token_count: c.length,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT) {
    await tx.execute(sql`
      insert into document_chunks (workspace_id, id, document_id, chunk_index, title, heading_path, content, token_count)
      select ${workspaceId}::uuid, x.id, x.document_id, x.chunk_index, x.title,
             array(select jsonb_array_elements_text(x.heading_path)), x.content, x.token_count
        from jsonb_to_recordset(${json(rows.slice(i, i + CHUNKS_PER_STATEMENT))}::jsonb)
          as x(id uuid, document_id uuid, chunk_index integer, title text, heading_path jsonb, content text,
               token_count integer)`);
  }

  const df = new Map<string, number>();
  let postings: { l: string; c: string; t: number; d: number }[] = [];
  const flushPostings = async () => {
    if (postings.length === 0) return;
    await tx.execute(sql`
      insert into chunk_postings (workspace_id, lexeme, chunk_id, tf, dl)
      select ${workspaceId}::uuid, x.l, x.c, x.t, x.d
        from jsonb_to_recordset(${json(postings)}::jsonb) as x(l text, c uuid, t integer, d integer)`);
    postings = [];
  };
  for (const { chunks } of items) {
    for (const chunk of chunks) {
      for (const [lexeme, tf] of chunk.tf) {
        postings.push({ l: lexeme, c: chunk.id, t: tf, d: chunk.length });
        df.set(lexeme, (df.get(lexeme) ?? 0) + 1);
        if (postings.length >= POSTINGS_PER_STATEMENT) await flushPostings();
      }
    }
  }
  await flushPostings();

  // Sorted: concurrent writers of one workspace are serialised anyway, but a stable order never deadlocks.
  const terms = [...df.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < terms.length; i += POSTINGS_PER_STATEMENT) {
    const batch = terms.slice(i, i + POSTINGS_PER_STATEMENT).map(([l, n]) => ({ l, n }));
    await tx.execute(sql`
      insert into knowledge_terms (workspace_id, lexeme, df)
      select ${workspaceId}::uuid, x.l, x.n from jsonb_to_recordset(${json(batch)}::jsonb) as x(l text, n integer)
      on conflict (workspace_id, lexeme) do update set df = knowledge_terms.df + excluded.df`);
  }

  const indexed = items.flatMap(({ chunks }) => chunks.filter((c) => c.length > 0));
  const totalLength = indexed.reduce((sum, c) => sum + c.length, 0);
  await tx.execute(sql`
    insert into knowledge_stats (workspace_id, chunk_count, total_length)
    values (${workspaceId}::uuid, ${indexed.length}, ${totalLength})
    on conflict (workspace_id) do update
      set chunk_count = knowledge_stats.chunk_count + excluded.chunk_count,
          total_length = knowledge_stats.total_length + excluded.total_length`);
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
        select p.lexeme, count(*)::integer as n
          from document_chunks c
          join chunk_postings p on p.workspace_id = c.workspace_id and p.chunk_id = c.id
         where c.workspace_id = ${workspaceId}::uuid and c.document_id = ${documentId}::uuid
         group by p.lexeme)
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
  await tx.execute(sql`
    delete from chunk_postings p using document_chunks c
     where p.workspace_id = ${workspaceId}::uuid and c.workspace_id = ${workspaceId}::uuid
       and c.document_id = ${documentId}::uuid and p.chunk_id = c.id`);
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

/**
 * BM25 over the workspace's postings: idf = ln(1 + (N − df + 0.5) / (df + 0.5)), term weight
 * tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)), summed over the query's distinct lexemes, each
 * multiplied by its query weight (1 for a typed word; feedback lexemes weigh less). N, avgdl and df
 * are this workspace's own (knowledge_stats, knowledge_terms): another workspace never shifts them.
 */
export async function rankChunks(
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
