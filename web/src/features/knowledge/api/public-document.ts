import { PUBLIC_DOCUMENT_UNAVAILABLE, WIDGET_DOCUMENT_PATH, WidgetDocument } from '@helixis/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';

/**
 * GET /functions/v1/widget-document: a document the business made public for its website chat, as a
 * visitor reads it (decision 040). No token goes along: the page is public and the visitor anonymous.
 */
async function fetchPublicDocument(widget: string, document: string, signal: AbortSignal): Promise<WidgetDocument> {
  const url = new URL(WIDGET_DOCUMENT_PATH, globalThis.location.origin);
  url.searchParams.set('workspace', widget);
  url.searchParams.set('document', document);
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal, credentials: 'omit' });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    throw new ApiError(
      res.status === 404 ? 'not_found' : 'request_failed',
      message ?? PUBLIC_DOCUMENT_UNAVAILABLE,
      res.status,
    );
  }
  const parsed = WidgetDocument.safeParse(body);
  if (!parsed.success) throw new ApiError('invalid_response', PUBLIC_DOCUMENT_UNAVAILABLE, res.status);
  return parsed.data;
}

export function usePublicDocument(widget: string, document: string) {
  return useQuery({
    queryKey: ['public-document', widget, document],
    queryFn: ({ signal }) => fetchPublicDocument(widget, document, signal),
    // A 404 or a rate limit does not get better by asking again at once.
    retry: false,
    staleTime: 60_000,
  });
}
