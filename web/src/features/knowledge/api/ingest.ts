import { type ApiErrorBody, errorCatalogue, INGEST_FILE_FIELD, INGEST_PATH, IngestOutput } from '@helixis/contract';
import { ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-client';

function errorFrom(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(error.code, error.message, status);
  }
  return new ApiError('unknown_error', errorCatalogue.unknown_error.message, status);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * POST /functions/v1/ingest with the file as multipart `file`. Uses XMLHttpRequest because fetch
 * cannot report upload progress; `onProgress` gets 0-100 as the bytes leave the browser.
 */
export async function uploadDocument(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<IngestOutput> {
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', INGEST_PATH);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFrom(xhr.status, body));
      const parsed = IngestOutput.safeParse(body);
      if (!parsed.success)
        return reject(new ApiError('invalid_response', errorCatalogue.unknown_error.message, xhr.status));
      onProgress(100);
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(INGEST_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
}

/** POST /functions/v1/ingest with JSON {url}: the server fetches the page in a job. */
export async function ingestWebsite(url: string): Promise<IngestOutput> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(INGEST_PATH, { method: 'POST', headers, body: JSON.stringify({ url }) });
  } catch {
    throw new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0);
  }
  const body = parseJson(await response.text());
  if (!response.ok) throw errorFrom(response.status, body);
  return IngestOutput.parse(body);
}
