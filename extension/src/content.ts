import { EXT_PAGE_TEXT_MAX_CHARS, hostAllowed } from '../../packages/contract/src/extension-protocol';
import { type PageReadResult, READ_PAGE, STORAGE_KEY, type StoredConnection } from './shared';

/**
 * Reads the page's text for the popup, and only on an allowed domain (the workspace's list, received
 * at bootstrap). Injected by the manifest on the default domains, or by the popup (activeTab) elsewhere.
 */
const marker = window as unknown as { __helixisContent?: boolean };
if (!marker.__helixisContent) {
  marker.__helixisContent = true;
  chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if ((message as { type?: string } | null)?.type !== READ_PAGE) return undefined;
    void chrome.storage.local.get(STORAGE_KEY).then((stored) => {
      const connection = stored[STORAGE_KEY] as StoredConnection | undefined;
      const hosts = connection?.allowedHosts ?? [];
      let result: PageReadResult;
      if (!hostAllowed(window.location.hostname, hosts)) {
        result = { ok: false, error: 'not_allowed' };
      } else {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted (no scripts, styles or hidden parts)
        const text = (document.body?.innerText ?? '').replace(/\n{3,}/g, '\n\n').trim();
        result = {
          ok: true,
          url: window.location.href,
          title: document.title,
          text: text.slice(0, EXT_PAGE_TEXT_MAX_CHARS),
        };
      }
      sendResponse(result);
    });
    return true;
  });
}
