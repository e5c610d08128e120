import { INGEST_FILE_FIELD, INGEST_PATH, IngestOutput, type KnowledgeDocument } from '@helixis/contract';
import { ApiError, invoke } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-client';

const POLL_MS = 1_000;
const POLL_LIMIT_MS = 120_000;

function errorOf(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError(error?.code ?? 'unknown_error', error?.message ?? 'Upload failed', status);
}

/** Uploads a file to the knowledge ingest function, reporting upload progress (0-100). */
export async function uploadDocument(file: File, onProgress: (percent: number) => void): Promise<IngestOutput> {
  const token = await getAccessToken();
  const form = new FormData();
  form.append(INGEST_FILE_FIELD, file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', INGEST_PATH);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('service_unavailable', 'Upload failed', 0));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr.status, body));
      const parsed = IngestOutput.safeParse(body);
      if (!parsed.success) return reject(new ApiError('invalid_response', 'Upload failed', xhr.status));
      resolve(parsed.data);
    };
    xhr.send(form);
  });
}

/** Ingests a web page through the knowledge ingest function. */
export async function ingestWebsite(url: string): Promise<IngestOutput> {
  const token = await getAccessToken();
  const response = await fetch(INGEST_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ url }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOf(response.status, body);
  const parsed = IngestOutput.safeParse(body);
  if (!parsed.success) throw new ApiError('invalid_response', 'Ingestion failed', response.status);
  return parsed.data;
}

/** Waits until the ingestion job has finished the document (READY or failed). */
export async function waitForDocument(id: string): Promise<KnowledgeDocument> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const doc = await invoke('getDocument', { id });
    if (doc.status !== 'PENDING') return doc;
    if (Date.now() > deadline) return doc;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
