import { EXTENSION_MESSAGE as M } from '../../packages/contract/src/extension-protocol';
import { isStoredConnection, STORAGE_KEY } from './shared';

/**
 * Runs on the Helixis web app's own origin (the manifest is made per server). Answers the page's
 * probe with an acknowledgement, and stores the token the page hands over in a bootstrap message.
 * Only messages from this very window and origin are considered.
 */
function reply(type: string, extra: Record<string, unknown> = {}): void {
  window.postMessage(
    { source: M.extensionSource, type, version: chrome.runtime.getManifest().version, ...extra },
    window.location.origin,
  );
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const data = event.data as { source?: string; type?: string; payload?: unknown } | null;
  if (!data || data.source !== M.appSource) return;
  if (data.type === M.probe) {
    void chrome.storage.local.get(STORAGE_KEY).then((stored) => {
      reply(M.acknowledgement, { of: M.probe, connected: isStoredConnection(stored[STORAGE_KEY]) });
    });
  } else if (data.type === M.bootstrap) {
    const payload = { ...(data.payload as Record<string, unknown>), apiBase: window.location.origin };
    if (!isStoredConnection(payload)) {
      reply(M.acknowledgement, { of: M.bootstrap, ok: false, error: 'The bootstrap message is incomplete.' });
      return;
    }
    void chrome.storage.local.set({ [STORAGE_KEY]: payload }).then(() => {
      reply(M.acknowledgement, { of: M.bootstrap, ok: true });
    });
  } else if (data.type === M.disconnect) {
    void chrome.storage.local.remove(STORAGE_KEY).then(() => reply(M.acknowledgement, { of: M.disconnect, ok: true }));
  }
});

// Announce presence once, for a page that probed before this script ran.
reply(M.acknowledgement, { of: 'load' });
