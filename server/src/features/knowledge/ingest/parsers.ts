import path from 'node:path';
import {
  DOCUMENT_TITLE_MAX_CHARS,
  INGEST_FILE_EXTENSIONS,
  INGEST_IMAGE_EXTENSIONS,
  KNOWLEDGE_LIMITS,
} from '@helixis/contract';
import { Unzip, UnzipInflate } from 'fflate';
import { parseHTML } from 'linkedom';
import Papa from 'papaparse';
import { AppError } from '../../../platform/errors';
import { type Block, markdownToBlocks, textToBlocks } from './chunking';

// The spreadsheet, Word and PDF readers are loaded when a file of their kind is first read (in the
// parsing worker), not when the server starts: together they are a third of a second of every start.

/** Formats the ingest job reads. `html` comes only from fetched web pages. */
export type DocumentFormat = 'pdf' | 'docx' | 'doc' | 'txt' | 'md' | 'csv' | 'xlsx' | 'html';

export interface ParsedDocument {
  blocks: Block[];
  /**
   * The title the document gives itself, if any: a Markdown file's first level-1 heading (else its
   * first heading), a PDF's metadata Title, a Word file's dc:title (else its first heading).
   */
  title?: string;
}

/** A title as stored: inline Markdown and spacing removed, at most DOCUMENT_TITLE_MAX_CHARS; undefined when empty. */
export function cleanTitle(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const text = raw
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text || !/[\p{L}\p{N}]/u.test(text)) return undefined;
  return text.length > DOCUMENT_TITLE_MAX_CHARS ? `${text.slice(0, DOCUMENT_TITLE_MAX_CHARS - 1).trimEnd()}…` : text;
}

/**
 * The title of a file that names itself nothing: its name without the extension, underscores and
 * dashes read as spaces ('resident_handbook-2026.pdf' → 'resident handbook 2026').
 */
export function titleFromFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return cleanTitle(stem.replace(/[_-]+/g, ' ')) ?? cleanTitle(base) ?? 'Untitled document';
}

/**
 * The document's own title: its level-1 heading when it has exactly one, else its first heading when
 * that heading is the only one of its level. A document made of several "# Section" headings has no
 * title heading (the file name is used). Quiet headings (PDF page numbers) never count.
 */
export function firstHeading(blocks: readonly Block[]): string | undefined {
  const headings = blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && !b.quiet);
  const first = headings[0];
  if (!first) return undefined;
  const top = Math.min(...headings.map((h) => h.level));
  const atTop = headings.filter((h) => h.level === top);
  if (atTop.length === 1) return cleanTitle(atTop[0]?.text);
  return undefined;
}

/** Metadata titles that name a tool or a template rather than the document. */
const PLACEHOLDER_TITLE = /^(?:untitled(?: document)?|document\d*|title|microsoft word|slide \d+|\(?anonymous\)?)$/i;

function metadataTitle(raw: string | null | undefined): string | undefined {
  // Word's PDF export writes "Microsoft Word - handbook.docx": the file name is all it knows.
  const title = cleanTitle(raw?.replace(/^Microsoft Word\s*-\s*/i, ''));
  if (!title || PLACEHOLDER_TITLE.test(title)) return undefined;
  return /\.(?:docx?|pdf|txt|md|rtf|odt)$/i.test(title) ? titleFromFileName(title) : title;
}

const unreadable = (userMessage?: string, cause?: unknown) =>
  new AppError('file_unreadable', { ...(userMessage ? { userMessage } : {}), cause });

/**
 * The format of an uploaded file, from its extension (the browser's content type is only a hint and
 * is often empty or generic). Images and unknown types are refused before anything is stored.
 */
export function formatOfUpload(filename: string): DocumentFormat {
  const ext = path.extname(filename).toLowerCase();
  if ((INGEST_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('images_not_supported');
  if ((INGEST_FILE_EXTENSIONS as readonly string[]).includes(ext)) return ext.slice(1) as DocumentFormat;
  throw new AppError('unsupported_file_type', {
    userMessage: `Files of type "${ext || filename}" are not supported. Please upload a PDF, Word, text, Markdown, CSV or Excel file.`,
  });
}

// ── zip-bomb guard ──────────────────────────────────────────────────────────────────────────────

const u16 = (d: Uint8Array, at: number) => (d[at] ?? 0) | ((d[at + 1] ?? 0) << 8);
const u32 = (d: Uint8Array, at: number) => (u16(d, at) + u16(d, at + 2) * 0x10000) >>> 0;
const u64 = (d: Uint8Array, at: number) => u32(d, at) + u32(d, at + 4) * 0x1_0000_0000;

/**
 * What a zip archive's central directory declares: its number of entries and the sum of their
 * uncompressed sizes (ZIP64 sizes included), read without inflating anything. Throws when the archive
 * has no readable central directory (every Office file has one: their readers start from it).
 */
export function zipDirectory(data: Uint8Array): { entries: number; uncompressedBytes: number } {
  const invalid = () => unreadable('This file is not a valid Office document.');
  // End of central directory: 22 bytes plus a comment of up to 65,535, at the end of the file.
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (u32(data, at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw invalid();
  let entries = u16(data, eocd + 10);
  let offset = u32(data, eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator just before the record points at the ZIP64 end of central directory.
    const locator = eocd - 20;
    if (locator < 0 || u32(data, locator) !== 0x07064b50) throw invalid();
    const record = u64(data, locator + 8);
    if (record + 56 > data.length || u32(data, record) !== 0x06064b50) throw invalid();
    entries = u64(data, record + 32);
    offset = u64(data, record + 48);
  }
  let uncompressedBytes = 0;
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || u32(data, at) !== 0x02014b50) throw invalid();
    let size = u32(data, at + 24);
    const nameLength = u16(data, at + 28);
    const extraLength = u16(data, at + 30);
    const commentLength = u16(data, at + 32);
    if (size === 0xffffffff) {
      // The real size is the first field of the ZIP64 extra block (id 0x0001).
      let extra = at + 46 + nameLength;
      const end = extra + extraLength;
      size = Number.POSITIVE_INFINITY;
      while (extra + 4 <= end) {
        const id = u16(data, extra);
        const length = u16(data, extra + 2);
        if (id === 0x0001 && length >= 8) {
          size = u64(data, extra + 4);
          break;
        }
        extra += 4 + length;
      }
    }
    uncompressedBytes += size;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes };
}

/**
 * .docx and .xlsx are zip archives. Before a parser inflates one, the archive is refused past
 * KNOWLEDGE_LIMITS.maxUnzippedBytes or maxZipEntries as its central directory declares them (nothing
 * inflated), then every entry is inflated here in a stream that only counts bytes, with the same cap
 * on the running total: counting real output also stops archives whose directory lies.
 */
export function assertZipWithinLimits(
  data: Uint8Array,
  limits: { maxBytes: number; maxEntries: number } = {
    maxBytes: KNOWLEDGE_LIMITS.maxUnzippedBytes,
    maxEntries: KNOWLEDGE_LIMITS.maxZipEntries,
  },
  /** Entries whose bytes are kept (up to KEPT_ENTRY_MAX_BYTES each) while they are counted, by name. */
  keep: readonly string[] = [],
): Map<string, Uint8Array> {
  const kept = new Map<string, Uint8Array[]>();
  const tooBig = () =>
    unreadable(`This file unpacks to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB and was not processed.`);
  const declared = zipDirectory(data);
  if (declared.entries > limits.maxEntries) {
    throw unreadable(`This file contains more than ${limits.maxEntries} parts and was not processed.`);
  }
  if (declared.uncompressedBytes > limits.maxBytes) throw tooBig();
  let total = 0;
  let entries = 0;
  let failure: AppError | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    entries++;
    if (entries > limits.maxEntries) {
      failure = unreadable(`This file contains more than ${limits.maxEntries} parts and was not processed.`);
      return;
    }
    if ((file.originalSize ?? 0) > limits.maxBytes) {
      failure = tooBig();
      return;
    }
    const parts: Uint8Array[] | null = keep.includes(file.name) ? [] : null;
    if (parts) kept.set(file.name, parts);
    let keptBytes = 0;
    file.ondata = (err, chunk) => {
      if (failure) return;
      if (err) {
        failure = unreadable(undefined, err);
        return;
      }
      if (parts && keptBytes + chunk.length <= KEPT_ENTRY_MAX_BYTES) {
        parts.push(chunk);
        keptBytes += chunk.length;
      }
      total += chunk.length;
      if (total > limits.maxBytes) {
        failure = tooBig();
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const step = 64 * 1024;
  try {
    for (let offset = 0; offset < data.length && !failure; offset += step) {
      const end = Math.min(offset + step, data.length);
      unzip.push(data.subarray(offset, end), end === data.length);
    }
  } catch (err) {
    throw failure ?? unreadable(undefined, err);
  }
  if (failure) throw failure;
  if (entries === 0) throw unreadable('This file is not a valid Office document.');
  const out = new Map<string, Uint8Array>();
  for (const [name, parts] of kept) out.set(name, Buffer.concat(parts));
  return out;
}

/** Most bytes kept of one entry the guard is asked to keep (docProps/core.xml is a few hundred bytes). */
const KEPT_ENTRY_MAX_BYTES = 64 * 1024;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The dc:title of an Office package's docProps/core.xml, if it has one. */
export function coreXmlTitle(xml: string): string | undefined {
  const match = /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml);
  if (!match?.[1]) return undefined;
  const text = match[1].replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return XML_ENTITIES[entity.toLowerCase()] ?? whole;
  });
  return metadataTitle(text);
}

// ── HTML (mammoth output and web pages) ─────────────────────────────────────────────────────────

const BLOCK_TAGS = new Set(['P', 'LI', 'PRE', 'BLOCKQUOTE', 'TR', 'DT', 'DD', 'FIGCAPTION', 'CAPTION']);
const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'NAV', 'FOOTER', 'HEADER', 'FORM']);

interface HtmlNode {
  nodeType: number;
  tagName?: string;
  textContent: string | null;
  childNodes: ArrayLike<HtmlNode>;
}

/** Walks an HTML tree into heading and text blocks (tables become one line per row). */
export function htmlToBlocks(html: string): Block[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks: Block[] = [];
  let inline = '';
  const flushInline = () => {
    const text = inline.replace(/\s+/g, ' ').trim();
    if (text) blocks.push({ kind: 'text', text });
    inline = '';
  };
  const visit = (node: HtmlNode) => {
    if (node.nodeType === 3) {
      inline += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node.tagName ?? '').toUpperCase();
    if (SKIP_TAGS.has(tag)) return;
    const heading = /^H([1-6])$/.exec(tag);
    if (heading?.[1]) {
      flushInline();
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ kind: 'heading', level: Number(heading[1]), text });
      return;
    }
    if (tag === 'TR') {
      flushInline();
      const cells = Array.from(node.childNodes)
        .filter((c) => c.nodeType === 1)
        .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter(Boolean);
      if (cells.length) blocks.push({ kind: 'text', text: cells.join(' | ') });
      return;
    }
    if (tag === 'BR') {
      inline += '\n';
      return;
    }
    const isBlock = BLOCK_TAGS.has(tag) || tag === 'DIV' || tag === 'SECTION' || tag === 'ARTICLE' || tag === 'TABLE';
    if (isBlock) flushInline();
    for (const child of Array.from(node.childNodes)) visit(child);
    if (isBlock) flushInline();
  };
  for (const child of Array.from((document.body as unknown as HtmlNode).childNodes)) visit(child);
  flushInline();
  return blocks;
}

// ── formats ─────────────────────────────────────────────────────────────────────────────────────

function decodeText(data: Uint8Array): string {
  // UTF-8 with or without BOM; invalid sequences become U+FFFD rather than failing.
  const text = new TextDecoder('utf-8').decode(data);
  if (text.includes('\u0000')) throw unreadable('This file does not look like text.');
  return text;
}

function capText(text: string): string {
  return text.length > KNOWLEDGE_LIMITS.maxTextChars ? text.slice(0, KNOWLEDGE_LIMITS.maxTextChars) : text;
}

/** One spreadsheet row as "Header: value; …" (or the bare values when there is no header). */
function rowText(header: readonly string[], values: readonly string[]): string {
  const parts: string[] = [];
  values.forEach((value, i) => {
    const v = value.trim();
    if (!v) return;
    const h = header[i]?.trim();
    parts.push(h ? `${h}: ${v}` : v);
  });
  return parts.join('; ');
}

function tooManyRows(): AppError {
  return unreadable(
    `This file has more than ${KNOWLEDGE_LIMITS.maxRows.toLocaleString('en-US')} rows. Please split it into smaller files.`,
  );
}

function parseCsv(data: Uint8Array): Block[] {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  if (rows.length > KNOWLEDGE_LIMITS.maxRows + 1) throw tooManyRows();
  const [header = [], ...body] = rows;
  if (body.length === 0) return header.length ? [{ kind: 'text', text: header.join(', ') }] : [];
  return body.map((row) => ({ kind: 'text' as const, text: rowText(header, row) })).filter((b) => b.text);
}

async function parseXlsx(data: Uint8Array): Promise<Block[]> {
  assertZipWithinLimits(data);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch (err) {
    throw unreadable(undefined, err);
  }
  const blocks: Block[] = [];
  let rowCount = 0;
  workbook.eachSheet((sheet) => {
    rowCount += sheet.actualRowCount;
    if (rowCount > KNOWLEDGE_LIMITS.maxRows) throw tooManyRows();
    blocks.push({ kind: 'heading', level: 1, text: sheet.name });
    let header: string[] | null = null;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = cell.text ?? '';
      });
      const filled = Array.from(values, (v) => v ?? '');
      if (!header) {
        header = filled;
        return;
      }
      const text = rowText(header, filled);
      if (text) blocks.push({ kind: 'text', text });
    });
    // A sheet of one row (no header/body split) still counts.
    if (header && blocks.at(-1)?.kind === 'heading') {
      const only = (header as string[]).filter(Boolean).join(', ');
      if (only) blocks.push({ kind: 'text', text: only });
    }
  });
  return blocks;
}

async function parseDocx(data: Uint8Array): Promise<ParsedDocument> {
  const core = assertZipWithinLimits(data, undefined, ['docProps/core.xml']).get('docProps/core.xml');
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(data) })).value;
  } catch (err) {
    throw unreadable('This Word document could not be read. It may be damaged or password-protected.', err);
  }
  const blocks = htmlToBlocks(html);
  const title = (core ? coreXmlTitle(new TextDecoder('utf-8').decode(core)) : undefined) ?? firstHeading(blocks);
  return title ? { blocks, title } : { blocks };
}

async function parseDoc(data: Uint8Array): Promise<Block[]> {
  const { default: WordExtractor } = await import('word-extractor');
  let body: string;
  try {
    const document = await new WordExtractor().extract(Buffer.from(data));
    body = document.getBody();
  } catch (err) {
    throw unreadable('This Word (.doc) document could not be read. It may be damaged or password-protected.', err);
  }
  return textToBlocks(capText(body));
}

/** True when a page's last paragraph stops mid-sentence and the next page's first line carries it on. */
function continuesOnNextPage(before: string, after: string): boolean {
  return !/[.!?:;)"'”’]\s*$/.test(before) && /^[\p{Ll}\d(,;]/u.test(after.trimStart());
}

/** The pdf.js text item fields the line reader uses. */
interface PdfTextItem {
  str: string;
  hasEOL: boolean;
  height: number;
  fontName: string;
  transform: number[];
}

/** A gap between lines this much wider than the line step inside a paragraph is a paragraph break. */
const PARAGRAPH_GAP = 1.4;
/** A line in another font than the body's, or this much taller, and short, is a heading. */
const HEADING_HEIGHT = 1.15;
const HEADING_MAX_CHARS = 80;

interface PdfLine {
  text: string;
  y: number;
  height: number;
  font: string;
}

/** A page's text items as lines: an end-of-line mark or another baseline ends a line. */
function pdfLines(items: readonly PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfLine | null = null;
  let text = '';
  const end = () => {
    if (current && text.trim()) lines.push({ ...current, text: text.trim() });
    current = null;
    text = '';
  };
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const visible = item.str.trim() !== '';
    if (visible && current && Math.abs(y - current.y) > Math.max(item.height, 1) / 2) end();
    if (visible && !current) current = { text: '', y, height: item.height, font: item.fontName };
    text += item.str;
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/** The value met on most characters of the page's lines (its body font, its body text height). */
function mostOf<T>(lines: readonly PdfLine[], pick: (line: PdfLine) => T): T | undefined {
  const weight = new Map<T, number>();
  for (const line of lines) weight.set(pick(line), (weight.get(pick(line)) ?? 0) + line.text.length);
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * A PDF page as blocks. PDFs draw paragraphs, headings and label lines apart with space and type, not
 * with characters, and text extraction that keeps only the characters runs "Member app: … in the app"
 * into the paragraph below it and a section title into its first sentence. A gap PARAGRAPH_GAP times
 * the line step inside a paragraph (or a line above the one before it: a new column) breaks the
 * paragraph; a short line in another font than the body's, or in larger type, is a heading.
 */
export function pdfPageBlocks(items: readonly PdfTextItem[]): Block[] {
  const lines = pdfLines(items);
  const bodyFont = mostOf(lines, (l) => l.font);
  const bodyHeight = mostOf(lines, (l) => l.height) ?? 0;
  // The line step inside a paragraph: the smallest step between lines (a smaller one is a sub- or
  // superscript, already read as part of its line).
  const usual = Math.min(
    ...lines
      .slice(1)
      .map((line, i) => (lines[i]?.y ?? 0) - line.y)
      .filter((d) => d >= bodyHeight * 0.8 && d > 0),
  );
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(...textToBlocks(paragraph.join('\n')));
    paragraph = [];
  };
  lines.forEach((line, i) => {
    const step = i > 0 ? (lines[i - 1]?.y ?? 0) - line.y : 0;
    if (i > 0 && Number.isFinite(usual) && (step > usual * PARAGRAPH_GAP || step < 0)) flush();
    const heading =
      line.text.length <= HEADING_MAX_CHARS &&
      /\p{L}/u.test(line.text) &&
      !/[.,;:]$/.test(line.text) &&
      (line.font !== bodyFont || line.height > bodyHeight * HEADING_HEIGHT);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: 1, text: line.text });
    } else paragraph.push(line.text);
  });
  flush();
  return blocks;
}

async function parsePdf(data: Uint8Array): Promise<ParsedDocument> {
  let pages: Block[][];
  let title: string | undefined;
  const { getDocumentProxy } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data));
    try {
      if (pdf.numPages > KNOWLEDGE_LIMITS.maxPdfPages) {
        throw unreadable(
          `This PDF has more than ${KNOWLEDGE_LIMITS.maxPdfPages.toLocaleString('en-US')} pages. Please split it into smaller files.`,
        );
      }
      pages = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        pages.push(pdfPageBlocks(content.items.flatMap((item) => ('str' in item ? [item] : []))));
        page.cleanup();
      }
      // The document information dictionary's Title; a PDF without one is named by its file.
      const info = (await pdf.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
      title = typeof info?.Title === 'string' ? metadataTitle(info.Title) : undefined;
    } finally {
      await pdf.destroy();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('This PDF could not be read. It may be damaged or password-protected.', err);
  }
  const blocks: Block[] = [];
  let chars = 0;
  pages.forEach((pageBlocks, i) => {
    const size = pageBlocks.reduce((n, b) => n + b.text.length, 0);
    if (size === 0 || chars > KNOWLEDGE_LIMITS.maxTextChars) return;
    chars += size;
    // A sentence broken by the page end ("… We do not" | "accept cash …") is joined again: a page
    // break is no paragraph break.
    const last = blocks.at(-1);
    const first = pageBlocks[0];
    if (last?.kind === 'text' && first?.kind === 'text' && continuesOnNextPage(last.text, first.text)) {
      last.text = `${last.text} ${first.text}`;
      pageBlocks.shift();
    }
    // The page number sits under the section running over the page break, so the section keeps its title.
    blocks.push({ kind: 'heading', level: 2, text: `Page ${i + 1}`, quiet: true });
    blocks.push(...pageBlocks);
  });
  if (!blocks.some((b) => b.kind === 'text')) {
    throw unreadable('This PDF has no text layer (it may be a scan). Please upload a text-based PDF or DOCX.');
  }
  return title ? { blocks, title } : { blocks };
}

/** Turns the bytes of a document into blocks. Every failure is an AppError with a text for the user. */
export async function parseDocument(format: DocumentFormat, data: Uint8Array): Promise<ParsedDocument> {
  switch (format) {
    case 'txt':
      return { blocks: textToBlocks(capText(decodeText(data))) };
    case 'md': {
      const blocks = markdownToBlocks(capText(decodeText(data)));
      const title = firstHeading(blocks);
      return title ? { blocks, title } : { blocks };
    }
    case 'csv':
      return { blocks: parseCsv(data) };
    case 'xlsx':
      return { blocks: await parseXlsx(data) };
    case 'docx':
      return parseDocx(data);
    case 'doc':
      return { blocks: await parseDoc(data) };
    case 'pdf':
      return parsePdf(data);
    case 'html':
      return { blocks: htmlToBlocks(capText(decodeText(data))) };
  }
}
