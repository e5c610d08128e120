import {
  type ApiErrorBody,
  type EndpointInput,
  type EndpointOutput,
  errorCatalogue,
  INGEST_ICS_FILE_FIELD,
  INGEST_ICS_PATH,
  IngestIcsResult,
} from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, invoke } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';

/** Mail connections, alias and calendar: under the integrations prefix so its invalidations reach them. */
export const mailStatusKey = [...queryKeys.integrations, 'mail-status'] as const;

export type MailStatus = EndpointOutput<'mailStatus'>;

export function mailStatusQueryOptions() {
  return queryOptions({ queryKey: mailStatusKey, queryFn: ({ signal }) => invoke('mailStatus', {}, { signal }) });
}

export function useMailStatus() {
  return useQuery(mailStatusQueryOptions());
}

export function oauthStart(input: EndpointInput<'oauthStart'>) {
  return invoke('oauthStart', input);
}

export function oauthCallback(input: EndpointInput<'oauthCallback'>) {
  return invoke('oauthCallback', input);
}

export function useOAuthDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: 'gmail' | 'outlook') => invoke('oauthDisconnect', { provider }),
    onSettled: () => client.invalidateQueries({ queryKey: mailStatusKey }),
  });
}

export function useCreateEmailAlias() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('createEmailAlias', {}),
    onSettled: () => client.invalidateQueries({ queryKey: mailStatusKey }),
  });
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  const error = body?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(error.code, error.message, response.status);
  }
  return new ApiError('unknown_error', errorCatalogue.unknown_error.message, response.status);
}

/** POST /functions/v1/ingest-ics with a file (multipart) or a link (JSON {icsUrl}). */
export async function ingestIcs(source: { file: File } | { icsUrl: string }): Promise<IngestIcsResult> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit;
  if ('file' in source) {
    const form = new FormData();
    form.append(INGEST_ICS_FILE_FIELD, source.file, source.file.name);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ icsUrl: source.icsUrl });
  }
  let response: Response;
  try {
    response = await fetch(INGEST_ICS_PATH, { method: 'POST', headers, body });
  } catch {
    throw new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0);
  }
  if (!response.ok) throw await errorFrom(response);
  return IngestIcsResult.parse(await response.json());
}

export function useIngestIcs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ingestIcs,
    onSettled: () => client.invalidateQueries({ queryKey: mailStatusKey }),
  });
}

/** "Run intake now": reads the connected inboxes once. */
export function useEmailIntake() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('emailIntake', {}),
    onSettled: () => client.invalidateQueries({ queryKey: mailStatusKey }),
  });
}

/** Why Connect is off for a mailbox provider this server has no OAuth client for (issue 28: honest states). */
export function oauthNotConfiguredReason(provider: 'gmail' | 'outlook'): string {
  return provider === 'gmail'
    ? 'Gmail sign-in is not set up on this server yet: an administrator adds HELIXIS_GOOGLE_CLIENT_ID and HELIXIS_GOOGLE_CLIENT_SECRET.'
    : 'Outlook sign-in is not set up on this server yet: an administrator adds HELIXIS_MS_CLIENT_ID and HELIXIS_MS_CLIENT_SECRET.';
}

/**
 * Whether this server can start Gmail / Outlook sign-in (it has the provider's OAuth client id), and
 * when not, the reason to show beside a disabled Connect button. Unknown while the status loads.
 */
export function useOAuthReadiness(): (provider: 'gmail' | 'outlook') => { ready: boolean; reason: string | null } {
  const status = useMailStatus();
  return (provider) => {
    const config = status.data?.config;
    if (!config) return { ready: false, reason: null };
    const ready = provider === 'gmail' ? !!config.google_client_id : !!config.ms_client_id;
    return { ready, reason: ready ? null : oauthNotConfiguredReason(provider) };
  };
}
