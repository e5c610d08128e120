import {
  EXT_ANSWER_PATH,
  EXTENSION_CONNECTED_KEY,
  type ExtAnswerOutput,
  type ExtBootstrapOutput,
  EXTENSION_MESSAGE as M,
} from '@helixis/contract';

/**
 * The web app's half of the extension handshake: the page posts probe / bootstrap /
 * disconnect messages to itself; the extension's bridge script (running on this origin) answers with
 * an acknowledgement. The connected flag and the token live in local storage.
 */
const TOKEN_KEY = 'extension_token';
const ACK_TIMEOUT_MS = 1_500;

interface Ack {
  source: string;
  type: string;
  of?: string;
  ok?: boolean;
  connected?: boolean;
  error?: string;
}

export function isExtensionConnected(): boolean {
  return localStorage.getItem(EXTENSION_CONNECTED_KEY) === 'true';
}

export function storedExtensionToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

function markConnected(): void {
  localStorage.setItem(EXTENSION_CONNECTED_KEY, 'true');
}

/** Posts a message to the extension and waits for its acknowledgement (null when none arrives). */
function send(type: string, payload?: unknown): Promise<Ack | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, ACK_TIMEOUT_MS);
    function onMessage(event: MessageEvent) {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const data = event.data as Ack | null;
      if (data?.source !== M.extensionSource || data.type !== M.acknowledgement || data.of !== type) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(data);
    }
    window.addEventListener('message', onMessage);
    window.postMessage({ source: M.appSource, type, payload }, window.location.origin);
  });
}

/** Asks whether the extension is installed here; an acknowledgement sets the connected flag. */
export async function probeExtension(): Promise<boolean> {
  const ack = await send(M.probe);
  if (ack) markConnected();
  return ack !== null;
}

/** Hands a fresh bootstrap result to the extension; success sets the connected flag. */
export async function deliverBootstrap(result: ExtBootstrapOutput): Promise<{ delivered: boolean }> {
  localStorage.setItem(TOKEN_KEY, result.tenantJwt);
  markConnected();
  const ack = await send(M.bootstrap, {
    token: result.tenantJwt,
    tokenId: result.tokenId,
    expiresAt: result.expiresAt,
    allowedHosts: result.allowedHosts,
    assistantName: result.assistantName,
    workspaceId: result.workspaceId,
  });
  return { delivered: ack?.ok === true };
}

/** Disconnect: the flag goes false, the token is dropped here and in the extension. */
export async function disconnectExtension(): Promise<void> {
  localStorage.setItem(EXTENSION_CONNECTED_KEY, 'false');
  localStorage.removeItem(TOKEN_KEY);
  await send(M.disconnect);
}

/** ext-answer with the stored extension token (the connect card's test). */
export async function askWithExtensionToken(query: string): Promise<ExtAnswerOutput> {
  const token = storedExtensionToken();
  if (!token) throw new Error('Connect first');
  const res = await fetch(EXT_ANSWER_PATH, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, pageContext: { url: window.location.href } }),
  });
  const body = (await res.json().catch(() => null)) as
    | (Omit<ExtAnswerOutput, 'error'> & { error: { message: string } | null })
    | null;
  if (!res.ok || !body) throw new Error(body?.error?.message ?? `The server answered ${res.status}`);
  return { ...body, error: null };
}
