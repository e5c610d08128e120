import { DOCUMENT_TITLE_MAX_CHARS } from '@helixis/contract';

/** Document size as shown: kilobytes with one decimal. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The status a document shows: READY, PENDING, or failed for anything else. */
export function displayStatus(status: string): 'READY' | 'PENDING' | 'failed' {
  return status === 'READY' || status === 'PENDING' ? status : 'failed';
}

/** What the upload box accepts (onboarding list without images). */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.md,.csv,.xlsx';

export function formatCreatedAt(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** What is wrong with a title the user typed, or null (the server checks the same: 1-200 characters, trimmed). */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return 'A title is required.';
  if (trimmed.length > DOCUMENT_TITLE_MAX_CHARS)
    return `A title can have at most ${DOCUMENT_TITLE_MAX_CHARS} characters.`;
  return null;
}
