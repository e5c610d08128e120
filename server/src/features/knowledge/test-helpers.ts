import type { IngestOutput, KnowledgeDocument, SearchOutput } from '@helixis/contract';
import { api, type TestApp } from '../../test/app';
import { waitFor } from '../../test/wait';

/** POST /functions/v1/ingest with a multipart `file`, as a browser's FormData sends it. */
export async function uploadFile(
  t: Pick<TestApp, 'url'>,
  token: string,
  filename: string,
  data: Buffer | string,
  options: { contentType?: string; field?: string; query?: string } = {},
): Promise<{ status: number; body: IngestOutput & { error: { code: string; message: string } } }> {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.contentType ?? 'application/octet-stream' }),
    filename,
  );
  const res = await fetch(`${t.url}/functions/v1/ingest${options.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** Polls GET /api/v1/documents/:id until the document leaves PENDING. */
export async function waitForDocument(
  t: Pick<TestApp, 'url'>,
  token: string,
  id: string,
  timeoutMs = 20_000,
): Promise<KnowledgeDocument> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api<KnowledgeDocument>(t, 'GET', `/api/v1/documents/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET document answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status !== 'PENDING') return res.body;
    if (Date.now() > deadline) throw new Error(`document ${id} still PENDING after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits for the outcome. */
export async function ingestAndWait(
  t: Pick<TestApp, 'url'>,
  token: string,
  filename: string,
  data: Buffer | string,
): Promise<KnowledgeDocument> {
  const res = await uploadFile(t, token, filename, data);
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return waitForDocument(t, token, res.body.document_id);
}

export async function searchFor(
  t: Pick<TestApp, 'url'>,
  token: string,
  query: string,
  k?: number,
): Promise<SearchOutput['results']> {
  const res = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
    token,
    body: k === undefined ? { query } : { query, k },
  });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.results;
}

/** Waits until every chunk of the workspace has a vector (the embed jobs run after READY). */
export async function waitForVectors(
  t: Pick<TestApp, 'database'>,
  workspaceId: string,
  timeoutMs: number,
): Promise<number> {
  const row = await waitFor(
    async () =>
      (
        await t.database.query<{ chunks: number; vectors: number }>(
          `select (select count(*)::int from document_chunks where workspace_id = $1) as chunks,
                  (select count(*)::int from chunk_embeddings where workspace_id = $1) as vectors`,
          [workspaceId],
        )
      )[0],
    (r) => r !== undefined && r.chunks > 0 && r.vectors === r.chunks,
    timeoutMs,
  );
  return row?.vectors ?? 0;
}
