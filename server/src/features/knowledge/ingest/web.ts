import { KNOWLEDGE_LIMITS } from '@helixis/contract';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Config } from '../../../config';
import { AppError } from '../../../platform/errors';
import { safeFetch } from '../../../platform/safe-fetch';
import { type Block, markdownToBlocks, textToBlocks } from './chunking';
import { htmlToBlocks } from './parsers';

export interface WebPage {
  /** The address that answered, after redirects. */
  url: string;
  title: string;
  description: string;
  /** The main text (readability), plain. */
  text: string;
  blocks: Block[];
  bytes: number;
}

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const TEXT_TYPES = ['text/plain', 'text/markdown'];

function decodeBody(body: Buffer, contentType: string | null): string {
  const charset = /charset=([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Readability's main content of an HTML page, with the page's title and description. */
export function extractReadable(html: string, url: string): Omit<WebPage, 'bytes'> {
  const { document } = parseHTML(html);
  const metaDescription =
    document.querySelector('meta[name="description"]')?.getAttribute('content') ??
    document.querySelector('meta[property="og:description"]')?.getAttribute('content') ??
    '';
  const pageTitle = squash(document.querySelector('title')?.textContent ?? '');
  // Readability changes the tree it reads; it gets a second parse of the page.
  const article = new Readability(
    parseHTML(html).document as unknown as ConstructorParameters<typeof Readability>[0],
  ).parse();
  const host = new URL(url).hostname;
  const title = squash(article?.title ?? '') || pageTitle || host;
  const content = article?.content ?? document.body?.innerHTML ?? '';
  const blocks = htmlToBlocks(content);
  const text = blocks.map((b) => b.text).join('\n\n');
  const description = squash(metaDescription) || squash(article?.excerpt ?? '') || text.slice(0, 200);
  return { url, title: title.slice(0, 300), description: description.slice(0, 500), text, blocks };
}

/**
 * Fetches a user-supplied web page through safeFetch (SSRF-safe, size and time capped) and extracts
 * its main text. HTML goes through readability; plain text and Markdown are taken as they are.
 */
export async function fetchWebPage(config: Pick<Config, 'trustedUpstreams'>, url: string): Promise<WebPage> {
  const response = await safeFetch(config, url, {
    maxBytes: KNOWLEDGE_LIMITS.maxPageBytes,
    headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.8,*/*;q=0.1' },
  });
  if (response.status >= 400) {
    throw new AppError('url_fetch_failed', {
      userMessage: `The website answered with an error (HTTP ${response.status}).`,
      details: { httpStatus: response.status },
    });
  }
  const type = (response.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const body = decodeBody(response.body, response.contentType);
  if (HTML_TYPES.includes(type) || (!type && /<html[\s>]/i.test(body))) {
    const page = extractReadable(body, response.url);
    if (!page.text.trim()) {
      throw new AppError('file_unreadable', { userMessage: 'No readable text was found on this page.' });
    }
    return { ...page, bytes: response.body.length };
  }
  if (TEXT_TYPES.includes(type)) {
    const text = body.trim();
    if (!text) throw new AppError('file_unreadable', { userMessage: 'No readable text was found on this page.' });
    const host = new URL(response.url).hostname;
    const blocks = type === 'text/markdown' ? markdownToBlocks(text) : textToBlocks(text);
    return {
      url: response.url,
      title: host,
      description: text.slice(0, 200),
      text,
      blocks,
      bytes: response.body.length,
    };
  }
  throw new AppError('unsupported_file_type', {
    userMessage: `This address returned ${type || 'an unknown type of content'}, not a web page.`,
  });
}
