import { STORAGE_KEY } from './shared';

/** Drops an expired connection so the popup asks to connect again rather than failing on the server. */
async function dropExpired(): Promise<void> {
  const stored = await chrome.storage.local.get(STORAGE_KEY);
  const value = stored[STORAGE_KEY] as { expiresAt?: string } | undefined;
  if (value?.expiresAt && new Date(value.expiresAt).getTime() <= Date.now()) {
    await chrome.storage.local.remove(STORAGE_KEY);
  }
}

chrome.runtime.onInstalled.addListener(() => {
  void dropExpired();
});
void dropExpired();
