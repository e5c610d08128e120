import {
  type ApiErrorBody,
  type Endpoint,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
  endpoints,
  errorCatalogue,
} from '@helixis/contract';
import { ApiError } from './api-error';
import { getAccessToken, sessionRecovery } from './auth-client';

// Kept in its own module so the app shell can recognise API errors without loading every endpoint's schema.
export { ApiError };

type InputRecord = Record<string, unknown>;

/** Refusals that a fresh token can cure. */
const SESSION_PROBLEMS = new Set(['authentication_invalid', 'session_not_found']);

/** Replaces `:param` segments with values taken from the input; returns the path and the remaining input. */
export function fillPath(template: string, input: InputRecord): { path: string; rest: InputRecord } {
  const rest: InputRecord = { ...input };
  const path = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    const value = rest[key];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${key}"`);
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

function appendQuery(url: URL, input: InputRecord): void {
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values)
      url.searchParams.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Calls a contract endpoint by name. GET and DELETE send the input as a query string, other methods as a
 * JSON body; the caller's access token goes along as a bearer token; the answer is checked against the
 * endpoint's output schema.
 */
export async function invoke<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointOutput<N>> {
  const endpoint: Endpoint = endpoints[name];
  const { path, rest } = fillPath(endpoint.path, (input ?? {}) as InputRecord);
  const url = new URL(path, globalThis.location.origin);
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    appendQuery(url, rest);
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }
  const send = async (): Promise<Response> => {
    const token = await getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    else delete headers.authorization;
    try {
      return await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0);
    }
  };

  let response = await send();
  let payload = await readJson(response);
  // A token the server refused (expired, revoked, damaged): recover the session once, then retry.
  if (
    response.status === 401 &&
    headers.authorization &&
    isApiErrorBody(payload) &&
    SESSION_PROBLEMS.has(payload.error.code) &&
    (await sessionRecovery.recover())
  ) {
    response = await send();
    payload = await readJson(response);
  }
  if (!response.ok) {
    if (isApiErrorBody(payload)) throw new ApiError(payload.error.code, payload.error.message, response.status);
    throw new ApiError('unknown_error', errorCatalogue.unknown_error.message, response.status);
  }
  const parsed = endpoint.output.safeParse(payload);
  if (!parsed.success) throw new ApiError('invalid_response', errorCatalogue.unknown_error.message, response.status);
  return parsed.data as EndpointOutput<N>;
}
