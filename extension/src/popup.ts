import { extensionMessages, hostAllowed } from '../../packages/contract/src/extension-protocol';
import { loadConnection, type PageReadResult, READ_PAGE, STORAGE_KEY, type StoredConnection } from './shared';

interface Source {
  kind: string;
  title: string;
  chunk_index: number | null;
  similarity: number;
  citation: string;
}
interface AnswerBody {
  answer?: string;
  sources?: Source[];
  error?: { code?: string; message?: string } | null;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function show(id: string, visible: boolean): void {
  $(id).hidden = !visible;
}

function setStatus(text: string, tone: 'info' | 'error' = 'info'): void {
  const el = $('status');
  el.textContent = text;
  el.dataset.tone = tone;
  el.hidden = text === '';
}

/** The tab the question is about: the active tab, or `?tabId=` when the popup is opened as a page. */
async function targetTab(): Promise<chrome.tabs.Tab | null> {
  const given = Number(new URLSearchParams(window.location.search).get('tabId'));
  if (Number.isInteger(given) && given > 0) return chrome.tabs.get(given).catch(() => null);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab ?? null;
}

async function readPage(tab: chrome.tabs.Tab, connection: StoredConnection): Promise<PageReadResult> {
  if (tab.id === undefined) return { ok: false, error: 'no_tab' };
  let host: string | null = null;
  try {
    host = tab.url ? new URL(tab.url).hostname : null;
  } catch {
    return { ok: false, error: 'not_allowed' };
  }
  if (host !== null && !hostAllowed(host, connection.allowedHosts)) return { ok: false, error: 'not_allowed' };
  try {
    // The content script checks the allowed domains again before it reads anything.
    return await chrome.tabs.sendMessage<PageReadResult>(tab.id, { type: READ_PAGE });
  } catch {
    // Unknown address and no content script: the tab is not on one of the manifest's domains.
    if (host === null) return { ok: false, error: 'not_allowed' };
    // No content script yet (a domain added in Settings): inject it through activeTab, then ask again.
    try {
      await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ['content.js'] });
      return await chrome.tabs.sendMessage<PageReadResult>(tab.id, { type: READ_PAGE });
    } catch {
      return { ok: false, error: 'unreadable' };
    }
  }
}

function renderAnswer(body: AnswerBody): void {
  $('answer-text').textContent = body.answer ?? '';
  const list = $('sources');
  list.replaceChildren();
  for (const s of body.sources ?? []) {
    const item = document.createElement('li');
    const label = s.kind === 'document' && s.chunk_index !== null ? `${s.title} #${s.chunk_index}` : s.title;
    item.textContent = `${label} · ${Math.round(s.similarity * 100)}%`;
    item.title = s.citation;
    list.append(item);
  }
  show('sources-block', (body.sources ?? []).length > 0);
  show('answer', true);
}

async function ask(connection: StoredConnection, tab: chrome.tabs.Tab | null, question: string): Promise<void> {
  setStatus('Reading the page…');
  show('answer', false);
  const page = tab ? await readPage(tab, connection) : { ok: false, error: 'no_tab' };
  $('page-note').textContent = page.ok
    ? `Using this page: ${page.title || page.url}`
    : page.error === 'not_allowed'
      ? extensionMessages.pageNotAllowed
      : 'The page could not be read; answering from your workspace knowledge only.';
  setStatus('Asking your assistant…');
  let res: Response;
  try {
    res = await fetch(`${connection.apiBase}/functions/v1/ext-answer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${connection.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: question,
        pageContext: page.ok
          ? { url: page.url, title: page.title, text: page.text }
          : tab?.url
            ? { url: tab.url }
            : undefined,
      }),
    });
  } catch {
    setStatus(`${extensionMessages.connectionFailed}: the Helixis server did not answer.`, 'error');
    return;
  }
  const body = (await res.json().catch(() => ({}))) as AnswerBody;
  if (!res.ok) {
    if (res.status === 401) await chrome.storage.local.remove(STORAGE_KEY);
    setStatus(body.error?.message ?? `${extensionMessages.connectionFailed} (${res.status})`, 'error');
    if (res.status === 401) void init();
    return;
  }
  setStatus('');
  renderAnswer(body);
}

async function init(): Promise<void> {
  const connection = await loadConnection();
  const expired = connection ? new Date(connection.expiresAt).getTime() <= Date.now() : false;
  show('connect', !connection || expired);
  show('ask-form', Boolean(connection) && !expired);
  if (!connection || expired) {
    $('connect-text').textContent = expired
      ? 'Your connection has expired. Open Helixis and click Connect again.'
      : `${extensionMessages.connectFirst}: open Helixis, go to Settings → Extension (or the Connect page) and click Connect.`;
    return;
  }
  $('assistant-name').textContent = connection.assistantName;
  const tab = await targetTab();
  const form = $<HTMLFormElement>('ask-form');
  form.onsubmit = (event) => {
    event.preventDefault();
    const question = $<HTMLTextAreaElement>('question').value.trim();
    if (!question) {
      setStatus('Please type a question.', 'error');
      return;
    }
    const button = $<HTMLButtonElement>('ask-button');
    button.disabled = true;
    void ask(connection, tab, question).finally(() => {
      button.disabled = false;
    });
  };
}

void init();
