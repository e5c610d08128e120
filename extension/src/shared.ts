/** What the extension keeps in chrome.storage.local after the bootstrap handshake with the web app. */
export interface StoredConnection {
  token: string;
  tokenId: string;
  expiresAt: string;
  apiBase: string;
  allowedHosts: string[];
  assistantName: string;
  workspaceId: string;
}

export const STORAGE_KEY = 'helixisConnection';
export const READ_PAGE = 'helixis:read-page';

export interface PageReadResult {
  ok: boolean;
  url?: string;
  title?: string;
  text?: string;
  error?: string;
}

export async function loadConnection(): Promise<StoredConnection | null> {
  const stored = await chrome.storage.local.get(STORAGE_KEY);
  const value = stored[STORAGE_KEY] as StoredConnection | undefined;
  if (!value || typeof value.token !== 'string' || typeof value.apiBase !== 'string') return null;
  return value;
}

export function isStoredConnection(value: unknown): value is StoredConnection {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    typeof v.tokenId === 'string' &&
    typeof v.expiresAt === 'string' &&
    typeof v.apiBase === 'string' &&
    Array.isArray(v.allowedHosts) &&
    v.allowedHosts.every((h) => typeof h === 'string') &&
    typeof v.assistantName === 'string' &&
    typeof v.workspaceId === 'string'
  );
}
