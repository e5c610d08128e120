import { CONNECTOR_CONSTANTS } from '@helixis/contract';

/**
 * The authorization URL opens in a 480×720 popup; the status is polled 1.5 s after
 * opening, then every 2 s, until the connector reports connected or 90 s pass.
 */
export function openAuthPopup(): Window | null {
  const { popupWidth: w, popupHeight: h } = CONNECTOR_CONSTANTS;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - w) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - h) / 2));
  // Opened empty on the click itself (so blockers allow it); the URL follows once the server answers.
  return window.open('about:blank', 'helixis-connect', `popup=yes,width=${w},height=${h},left=${left},top=${top}`);
}

export function pollUntilConnected(
  isConnected: () => Promise<boolean>,
  options: { signal?: AbortSignal; now?: () => number } = {},
): Promise<boolean> {
  const { pollFirstMs, pollEveryMs, pollMaxMs } = CONNECTOR_CONSTANTS;
  const now = options.now ?? Date.now;
  const started = now();
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = (value: boolean) => {
      if (timer) clearTimeout(timer);
      resolve(value);
    };
    options.signal?.addEventListener('abort', () => stop(false), { once: true });
    const tick = async () => {
      if (options.signal?.aborted) return;
      const ok = await isConnected().catch(() => false);
      if (ok) return stop(true);
      if (now() - started + pollEveryMs > pollMaxMs) return stop(false);
      timer = setTimeout(() => void tick(), pollEveryMs);
    };
    timer = setTimeout(() => void tick(), pollFirstMs);
  });
}
