import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client';
import { documentChunks, documents, documentUploads, knowledgeStats } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
export type UploadRow = typeof documentUploads.$inferSelect;

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
  // Bytes as base64 text decoded by the database: PGlite's own bytea parameter encoding builds a
  // string per byte on the API's thread (4.4 s for a 4.4 MB file; base64 is native: ~0.1 s).
  await tx.execute(sql`
    insert into document_uploads (workspace_id, document_id, filename, content_type, data)
    values (${values.workspaceId}::uuid, ${values.documentId}::uuid, ${values.filename}, ${values.contentType},
            decode(${values.data.toString('base64')}, 'base64'))`);
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
  // The ids as one JSON parameter: an IN list of hundreds of parameters cost ~40 ms to bind on PGlite.
  const idList = sql`(select x::uuid from jsonb_array_elements_text(${json(ids)}::jsonb) as x)`;
  const docs = await db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), sql`${documents.id} in ${idList}`));
  // Bytes as base64 text: PGlite's own bytea decoding cost ~140 µs per 1.5 kB document.
  const uploads = (
    await rowsOf<{ document_id: string; filename: string; content_type: string | null; data: string }>(
      db,
      sql`select u.document_id, u.filename, u.content_type, encode(u.data, 'base64') as data
            from document_uploads u where u.workspace_id = ${workspaceId}::uuid and u.document_id in ${idList}`,
    )
  ).map(
    (u): UploadRow => ({
      workspaceId,
      documentId: u.document_id,
      filename: u.filename,
      contentType: u.content_type,
      data: Buffer.from(u.data, 'base64'),
    }),
  );
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
 * few statements: chunks go in batches of rows (one JSON parameter each); the postings become one
 * posting block per lexeme (decision 027: the lexeme's chunk ids, tfs and lengths as arrays, under one
 * block id the chunks keep), up to POSTINGS_PER_STATEMENT postings per statement; the df of every
 * lexeme is added in one upsert per POSTINGS_PER_STATEMENT lexemes, and the statistics row is updated
 * once. Statistics stay incremental (added to, never recomputed).
 */
export async function insertDocumentsIndex(
  tx: Tx,
  workspaceId: string,
  items: readonly DocumentToIndex[],
): Promise<void> {
  const indexed = items.flatMap(({ chunks }) => chunks.filter((c) => c.length > 0));
  const totalLength = indexed.reduce((sum, c) => sum + c.length, 0);

  // One posting block per ingest: each lexeme's postings of the whole batch go in one row.
  const block = randomUUID();
  const lists = new Map<string, { ids: string[]; tfs: number[]; dls: number[] }>();
  const rows = items.flatMap(({ document, chunks }) =>
    chunks.map((c) => {
      const terms: Record<string, number> = {};
      for (const [lexeme, tf] of c.tf) {
        terms[lexeme] = tf;
        let list = lists.get(lexeme);
        if (!list) {
          list = { ids: [], tfs: [], dls: [] };
          lists.set(lexeme, list);
        }
        list.ids.push(c.id);
        list.tfs.push(tf);
        list.dls.push(c.length);
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
      insert into document_chunks (workspace_id, id, document_id, chunk_index, title, heading_path, content, token_count, terms, block)
      select ${workspaceId}::uuid, x.id, x.document_id, x.chunk_index, x.title,
             array(select jsonb_array_elements_text(x.heading_path)), x.content, x.token_count, x.terms, ${block}::uuid
        from jsonb_to_recordset(${json(rows.slice(i, i + CHUNKS_PER_STATEMENT))}::jsonb)
          as x(id uuid, document_id uuid, chunk_index integer, title text, heading_path jsonb, content text,
               token_count integer, terms jsonb)`);
  }

  // Sorted by lexeme (index order); arrays go as array literals, parsed by the array types themselves.
  const byLexeme = [...lists.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < byLexeme.length; ) {
    const batch: { l: string; c: string; t: string; d: string }[] = [];
    for (let postings = 0; i < byLexeme.length && postings < POSTINGS_PER_STATEMENT; i++) {
      const [l, list] = byLexeme[i] as [string, { ids: string[]; tfs: number[]; dls: number[] }];
      batch.push({ l, c: `{${list.ids.join(',')}}`, t: `{${list.tfs.join(',')}}`, d: `{${list.dls.join(',')}}` });
      postings += list.ids.length;
    }
    await tx.execute(sql`
      insert into posting_blocks (workspace_id, lexeme, block, chunk_ids, tfs, dls)
      select ${workspaceId}::uuid, x.l, ${block}::uuid, x.c::uuid[], x.t::integer[], x.d::integer[]
        from jsonb_to_recordset(${json(batch)}::jsonb) as x(l text, c text, t text, d text)`);
  }

  // Sorted: concurrent writers of one workspace are serialised anyway, but a stable order never deadlocks.
  for (let i = 0; i < byLexeme.length; i += POSTINGS_PER_STATEMENT) {
    const batch = byLexeme.slice(i, i + POSTINGS_PER_STATEMENT).map(([l, list]) => ({ l, n: list.ids.length }));
    await tx.execute(sql`
      insert into knowledge_terms (workspace_id, lexeme, df)
      select ${workspaceId}::uuid, x.l, x.n from jsonb_to_recordset(${json(batch)}::jsonb) as x(l text, n integer)
      on conflict (workspace_id, lexeme) do update set df = knowledge_terms.df + excluded.df`);
  }

  await tx.execute(sql`
    insert into knowledge_stats (workspace_id, chunk_count, total_length, generation)
    values (${workspaceId}::uuid, ${indexed.length}, ${totalLength}, 1)
    on conflict (workspace_id) do update
      set generation = knowledge_stats.generation + 1,
          chunk_count = knowledge_stats.chunk_count + excluded.chunk_count,
          total_length = knowledge_stats.total_length + excluded.total_length`);
}

/** Removes a document with its chunks, postings, document frequencies and its share of the statistics. */
export async function deleteDocumentIndex(tx: Tx, workspaceId: string, documentId: string): Promise<void> {
  await deleteChunksIndex(tx, workspaceId, documentId);
  await tx.delete(documents).where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, documentId)));
}

/** A document's chunks as stored (for re-indexing them under a new title), in chunk order. */
export async function documentChunkTexts(
  db: Queryable,
  workspaceId: string,
  documentId: string,
): Promise<{ chunkIndex: number; headingPath: string[]; content: string }[]> {
  const rows = await db
    .select({
      chunkIndex: documentChunks.chunkIndex,
      headingPath: documentChunks.headingPath,
      content: documentChunks.content,
    })
    .from(documentChunks)
    .where(and(eq(documentChunks.workspaceId, workspaceId), eq(documentChunks.documentId, documentId)))
    .orderBy(documentChunks.chunkIndex);
  return rows.map((r) => ({ ...r, headingPath: r.headingPath ?? [] }));
}

/**
 * Replaces a document's chunks with `chunks` under `title` (a rename): the old chunks go with their
 * postings, df and share of the statistics, the new ones are written like an ingest's. Callers hold
 * lockWorkspaceIndex. The new chunks need new ids: an in-memory copy of the index (memory-index.ts)
 * refreshes by chunk id, so ids that stayed would keep their old terms there.
 */
export async function replaceDocumentChunks(
  tx: Tx,
  workspaceId: string,
  document: { id: string; title: string },
  chunks: readonly IndexedChunk[],
): Promise<void> {
  await deleteChunksIndex(tx, workspaceId, document.id);
  await insertDocumentsIndex(tx, workspaceId, [{ document, chunks }]);
}

export async function setDocumentTitle(
  tx: Tx,
  workspaceId: string,
  id: string,
  title: string,
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(documents)
    .set({ title, updatedAt: sql`now()` })
    .where(and(eq(documents.workspaceId, workspaceId), eq(documents.id, id)))
    .returning();
  return row;
}

/**
 * Removes a document's chunks (not the document): what an interrupted or failed batched ingest wrote
 * before it stopped (decision 031). Callers hold lockWorkspaceIndex.
 */
export async function deleteDocumentChunks(tx: Tx, workspaceId: string, documentId: string): Promise<void> {
  await deleteChunksIndex(tx, workspaceId, documentId);
}

/** Removes a document's chunks with their postings, document frequencies and share of the statistics. */
async function deleteChunksIndex(tx: Tx, workspaceId: string, documentId: string): Promise<void> {
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

/** A few chunk texts of the workspace holding some text (case-insensitive), to read a word's written form. */
export async function chunkTextsHolding(
  db: Queryable,
  workspaceId: string,
  text: string,
  limit = 3,
): Promise<string[]> {
  const rows = await rowsOf<{ content: string }>(
    db,
    sql`select content from document_chunks
         where workspace_id = ${workspaceId}::uuid and strpos(lower(content), lower(${text})) > 0
         limit ${limit}`,
  );
  return rows.map((r) => r.content);
}

/** Which of some words begin a longer lexeme of the workspace ("recert" begins "recertif"). */
export async function lexemePrefixes(
  db: Queryable,
  workspaceId: string,
  words: readonly string[],
): Promise<Set<string>> {
  const plain = [...new Set(words)].filter((w) => /^[a-z]+$/.test(w));
  if (plain.length === 0) return new Set();
  const rows = await rowsOf<{ word: string }>(
    db,
    sql`select w.word from jsonb_array_elements_text(${json(plain)}::jsonb) as w(word)
        where exists (
          select 1 from knowledge_terms t
           where t.workspace_id = ${workspaceId}::uuid and t.lexeme like w.word || '%' and t.lexeme <> w.word)`,
  );
  return new Set(rows.map((r) => r.word));
}

function queryWeights(lexemes: readonly string[] | ReadonlyMap<string, number>): Map<string, number> {
  return Array.isArray(lexemes)
    ? new Map((lexemes as readonly string[]).map((l) => [l, 1]))
    : new Map(lexemes as ReadonlyMap<string, number>);
}

/**
 * BM25 over the workspace's posting blocks: idf = ln(1 + (N − df + 0.5) / (df + 0.5)), term weight
 * tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)), summed over the query's distinct lexemes, each
 * multiplied by its query weight (1 for a typed word; feedback lexemes weigh less). N, avgdl and df
 * are this workspace's own (knowledge_stats, knowledge_terms): another workspace never shifts them.
 * Every posting of every query lexeme is read (a lexeme's list is a few arrays: decision 027); large
 * workspaces are ranked from the in-memory copy instead (memory-index.ts), with the same scores.
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
  if (documentIds?.length === 0) return [];
  const weights = Object.fromEntries(queryWeights(lexemes));
  if (Object.keys(weights).length === 0) return [];
  // Constants inlined as literals: as parameters PostgreSQL would type them from the integer columns.
  const K1 = sql.raw(Number(params.k1).toFixed(3));
  const B = sql.raw(Number(params.b).toFixed(3));
  // Written as lateral lookups fenced with `offset 0`, so every step is an index probe (terms by
  // lexeme, posting blocks by (workspace, lexeme), chunks by id) whatever the planner's row estimates:
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
          select u.chunk_id, u.tf, u.dl from posting_blocks b
           cross join lateral unnest(b.chunk_ids, b.tfs, b.dls) as u(chunk_id, tf, dl)
           where b.workspace_id = ${workspaceId}::uuid and b.lexeme = q.lexeme offset 0) p
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
