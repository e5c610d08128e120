import { sql } from 'drizzle-orm';
import { type Database, type Queryable, rowsOf } from '../../../db/client';

const vectorColumnCache = new WeakMap<Database, Promise<boolean>>();

/**
 * Whether chunk_embeddings has the pgvector column (migration 0013 adds it only where the extension is
 * installable). Asked once per database.
 */
export function hasVectorColumn(database: Database): Promise<boolean> {
  let known = vectorColumnCache.get(database);
  if (!known) {
    known = database
      .query<{ found: boolean }>(
        `select exists (select 1 from information_schema.columns
           where table_name = 'chunk_embeddings' and column_name = 'vec') as found`,
      )
      .then((rows) => rows[0]?.found === true);
    vectorColumnCache.set(database, known);
  }
  return known;
}

export interface ChunkToEmbed {
  id: string;
  title: string;
  content: string;
}

/** Chunks of a READY document that have no vector of this model yet, in chunk order. */
export function chunksWithoutEmbedding(
  tx: Queryable,
  workspaceId: string,
  documentId: string,
  model: string,
): Promise<ChunkToEmbed[]> {
  return rowsOf<ChunkToEmbed>(
    tx,
    sql`
      select c.id, c.title, c.content
      from document_chunks c
      join documents d on d.workspace_id = c.workspace_id and d.id = c.document_id
      where c.workspace_id = ${workspaceId} and c.document_id = ${documentId} and d.status = 'READY'
        and not exists (
          select 1 from chunk_embeddings e
          where e.workspace_id = c.workspace_id and e.chunk_id = c.id and e.model = ${model}
        )
      order by c.chunk_index`,
  );
}

/** PostgreSQL array literal of floats: '{0.1,-2,3e-7}'. */
function arrayLiteral(vector: readonly number[]): string {
  return `{${vector.join(',')}}`;
}

/**
 * Stores (or replaces) the vectors of chunks. Chunks deleted meanwhile are skipped (the insert reads
 * from document_chunks). Writes the pgvector column too where it exists. Returns the rows written.
 */
export async function upsertEmbeddings(
  tx: Queryable,
  workspaceId: string,
  documentId: string,
  model: string,
  items: ReadonlyArray<{ chunkId: string; vector: readonly number[] }>,
  withVector: boolean,
): Promise<number> {
  if (items.length === 0) return 0;
  const json = JSON.stringify(items.map((i) => ({ chunk_id: i.chunkId, embedding: arrayLiteral(i.vector) })));
  const rows = withVector
    ? await rowsOf<{ chunk_id: string }>(
        tx,
        sql`
          insert into chunk_embeddings (workspace_id, chunk_id, document_id, model, dims, embedding, vec)
          select c.workspace_id, c.id, c.document_id, ${model}, cardinality(x.embedding::real[]),
                 x.embedding::real[], x.embedding::real[]::vector
          from jsonb_to_recordset(${json}::jsonb) as x(chunk_id uuid, embedding text)
          join document_chunks c on c.workspace_id = ${workspaceId} and c.id = x.chunk_id
          where c.document_id = ${documentId}
          on conflict (workspace_id, chunk_id) do update
            set model = excluded.model, dims = excluded.dims, embedding = excluded.embedding,
                vec = excluded.vec, created_at = now()
          returning chunk_id`,
      )
    : await rowsOf<{ chunk_id: string }>(
        tx,
        sql`
          insert into chunk_embeddings (workspace_id, chunk_id, document_id, model, dims, embedding)
          select c.workspace_id, c.id, c.document_id, ${model}, cardinality(x.embedding::real[]), x.embedding::real[]
          from jsonb_to_recordset(${json}::jsonb) as x(chunk_id uuid, embedding text)
          join document_chunks c on c.workspace_id = ${workspaceId} and c.id = x.chunk_id
          where c.document_id = ${documentId}
          on conflict (workspace_id, chunk_id) do update
            set model = excluded.model, dims = excluded.dims, embedding = excluded.embedding, created_at = now()
          returning chunk_id`,
      );
  return rows.length;
}

export interface VectorRow {
  chunk_id: string;
  document_id: string;
  title: string;
  chunk_index: number;
  heading_path: string[] | null;
  content: string;
  score: number;
}

/** Nearest chunks by cosine similarity, computed by pgvector (`<=>` is cosine distance). */
export function nearestByPgvector(
  tx: Queryable,
  workspaceId: string,
  model: string,
  query: readonly number[],
  k: number,
): Promise<VectorRow[]> {
  const q = `[${query.join(',')}]`;
  return rowsOf<VectorRow>(
    tx,
    sql`
      select e.chunk_id, c.document_id, c.title, c.chunk_index, c.heading_path, c.content,
             (1 - (e.vec <=> ${q}::vector))::float8 as score
      from chunk_embeddings e
      join document_chunks c on c.workspace_id = e.workspace_id and c.id = e.chunk_id
      where e.workspace_id = ${workspaceId} and e.model = ${model} and e.dims = ${query.length}
        and e.vec is not null
      order by e.vec <=> ${q}::vector, e.chunk_id
      limit ${k}`,
  );
}

/** One page of stored vectors (keyset on chunk_id), for comparing in the application. */
export function embeddingPage(
  tx: Queryable,
  workspaceId: string,
  model: string,
  dims: number,
  after: string | null,
  limit: number,
): Promise<Array<{ chunk_id: string; embedding: number[] }>> {
  return rowsOf(
    tx,
    sql`
      select chunk_id, embedding
      from chunk_embeddings
      where workspace_id = ${workspaceId} and model = ${model} and dims = ${dims}
        ${after ? sql`and chunk_id > ${after}` : sql``}
      order by chunk_id
      limit ${limit}`,
  );
}

/** Chunk details for the given ids (any order). */
export function chunkDetails(
  tx: Queryable,
  workspaceId: string,
  chunkIds: readonly string[],
): Promise<Omit<VectorRow, 'score'>[]> {
  if (chunkIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    tx,
    sql`
      select c.id as chunk_id, c.document_id, c.title, c.chunk_index, c.heading_path, c.content
      from document_chunks c
      where c.workspace_id = ${workspaceId} and c.id in (select jsonb_array_elements_text(${JSON.stringify(chunkIds)}::jsonb)::uuid)`,
  );
}

/** Stored vectors of the model for the given chunks (those without one are simply absent). */
export function embeddingsOf(
  tx: Queryable,
  workspaceId: string,
  model: string,
  dims: number,
  chunkIds: readonly string[],
): Promise<Array<{ chunk_id: string; embedding: number[] }>> {
  if (chunkIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    tx,
    sql`
      select chunk_id, embedding
      from chunk_embeddings
      where workspace_id = ${workspaceId} and model = ${model} and dims = ${dims}
        and chunk_id in (select jsonb_array_elements_text(${JSON.stringify(chunkIds)}::jsonb)::uuid)`,
  );
}
