/**
 * The assistant's answer-quality development sets: set A (server/bench/assistant-set/, the default) and
 * held-out sets beside it (server/bench/assistant-set-b/ …). A set folder holds businesses.json (the
 * fictional businesses and their documents), the documents' sources, questions.json with the expected
 * answer strings and, optionally, onboarding.json (one owner's scripted onboarding answers). This
 * module reads a set, builds the uploaded files (hard-wrapped Markdown as is; the
 * PDF and the DOCX from their readable `.pdf.md` / `.docx.md` sources) and checks that the set is
 * consistent (every expected string of a document question occurs in its document).
 *
 * Used by `npm run bench:assistant` (server/bench/assistant.ts) and the floor test
 * (features/chat/assistant-quality.test.ts), both through assistant-run.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/bench/assistant-set, beside the other benchmarks: the default set (set A). */
export const ASSISTANT_SET_DIR = path.resolve(here, '../../../../bench/assistant-set');

/**
 * The folder of a set named on the command line: a letter or name of a set beside set A
 * (`b` → server/bench/assistant-set-b; `a` or nothing → set A), or a path to any folder holding a set.
 */
export function assistantSetDir(set?: string): string {
  if (!set || set === 'a' || set === 'A') return ASSISTANT_SET_DIR;
  if (/^[A-Za-z0-9_-]+$/.test(set)) {
    const sibling = path.join(path.dirname(ASSISTANT_SET_DIR), `assistant-set-${set.toLowerCase()}`);
    if (existsSync(sibling)) return sibling;
  }
  // `npm run bench:assistant` runs in server/: a relative folder is meant from where npm was started.
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), set);
}

export const QUESTION_KINDS = [
  'answerable',
  'unanswerable',
  'sensitive',
  'followup',
  'standalone',
  'onboarding',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface SetQuestion {
  id: string;
  business: string;
  kind: QuestionKind;
  /** followup / standalone: the question asked just before, in the same thread. */
  before?: string;
  question: string;
  /** Alternatives: the answer is right when it contains one of them (case- and whitespace-insensitive). */
  expected?: string[];
  /** The source file (key in `SetBusiness.documents`) the answer must cite. */
  document?: string;
}

export interface SetDocument {
  /** Source file: relative to the set folder in businesses.json; absolute once the set is loaded. */
  source: string;
  /** The name the file is uploaded with (its title in the product). */
  uploadName: string;
  format: 'md' | 'pdf' | 'docx';
  /** A PDF's title metadata (optional). */
  title?: string;
  /** A PDF printed justified: long words are hyphenated at the end of a line ("mainte-" / "nance"). */
  hyphenate?: boolean;
}

export interface SetBusiness {
  key: string;
  name: string;
  documents: Record<string, SetDocument>;
}

export interface ScriptedOnboarding {
  business: string;
  /** The owner's answers to onboarding rounds 1–3, in the rounds' question order. */
  rounds: string[][];
}

export interface AssistantSet {
  /** The folder the set was read from. */
  dir: string;
  businesses: readonly SetBusiness[];
  questions: SetQuestion[];
  /** The owner's scripted onboarding for one business; null when the set has no onboarding.json. */
  onboarding: ScriptedOnboarding | null;
}

const readSetFile = (dir: string, name: string) => readFileSync(path.join(dir, name), 'utf8');

const DOCUMENT_FORMATS: readonly SetDocument['format'][] = ['md', 'pdf', 'docx'];

/**
 * A set's businesses and their documents (businesses.json; the keys of `documents` are the questions'
 * `document` values), with every document's source resolved against the set folder.
 */
export function loadSetBusinesses(dir: string = ASSISTANT_SET_DIR): SetBusiness[] {
  const { businesses } = JSON.parse(readSetFile(dir, 'businesses.json')) as { businesses: SetBusiness[] };
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const b of businesses) {
    if (keys.has(b.key)) problems.push(`${b.key}: duplicate business`);
    keys.add(b.key);
    for (const [key, doc] of Object.entries(b.documents)) {
      if (!DOCUMENT_FORMATS.includes(doc.format)) problems.push(`${b.key}/${key}: unknown format ${doc.format}`);
      if (!existsSync(path.join(dir, doc.source))) problems.push(`${b.key}/${key}: no file ${doc.source}`);
    }
  }
  if (problems.length > 0) throw new Error(`businesses.json in ${dir} is inconsistent:\n  ${problems.join('\n  ')}`);
  return businesses.map((b) => ({
    ...b,
    documents: Object.fromEntries(
      Object.entries(b.documents).map(([key, doc]) => [key, { ...doc, source: path.resolve(dir, doc.source) }]),
    ),
  }));
}

/** Set A's businesses and their documents (server/bench/assistant-set/businesses.json). */
export const SET_BUSINESSES: readonly SetBusiness[] = loadSetBusinesses(ASSISTANT_SET_DIR);

/** Lower case, one space for any whitespace, straight quotes and hyphens: how answers and expectations compare. */
export function normalizeText(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The source text of a document as a reader sees it (Markdown markers kept; compared normalised). */
export function documentText(doc: SetDocument): string {
  return readFileSync(path.resolve(ASSISTANT_SET_DIR, doc.source), 'utf8');
}

/**
 * Reads the set in `dir` (default set A) and fails on an inconsistency: unknown business or document,
 * missing expectation, or an expected string absent from its document. onboarding.json is optional.
 */
export function loadAssistantSet(dir: string = ASSISTANT_SET_DIR): AssistantSet {
  const businesses = loadSetBusinesses(dir);
  const { questions } = JSON.parse(readSetFile(dir, 'questions.json')) as { questions: SetQuestion[] };
  const onboarding = existsSync(path.join(dir, 'onboarding.json'))
    ? (JSON.parse(readSetFile(dir, 'onboarding.json')) as ScriptedOnboarding)
    : null;
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const q of questions) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    const business = businesses.find((b) => b.key === q.business);
    if (!business) {
      problems.push(`${q.id}: unknown business ${q.business}`);
      continue;
    }
    if (!QUESTION_KINDS.includes(q.kind)) problems.push(`${q.id}: unknown kind ${q.kind}`);
    const needsExpected = q.kind !== 'unanswerable' && q.kind !== 'sensitive';
    if (needsExpected && !q.expected?.length) problems.push(`${q.id}: no expected answer`);
    if ((q.kind === 'followup' || q.kind === 'standalone') && !q.before) problems.push(`${q.id}: no preceding turn`);
    if (q.kind === 'onboarding' && q.business !== onboarding?.business) {
      problems.push(`${q.id}: onboarding question for a business without the scripted onboarding`);
    }
    if (q.document) {
      const doc = business.documents[q.document];
      if (!doc) problems.push(`${q.id}: unknown document ${q.document}`);
      else {
        const text = normalizeText(documentText(doc));
        if (!(q.expected ?? []).some((e) => text.includes(normalizeText(e)))) {
          problems.push(`${q.id}: none of ${JSON.stringify(q.expected)} occurs in ${q.document}`);
        }
      }
    } else if (q.kind === 'answerable' || q.kind === 'followup' || q.kind === 'standalone') {
      problems.push(`${q.id}: a ${q.kind} question names the document it is answered from`);
    }
  }
  if (onboarding) {
    if (!businesses.some((b) => b.key === onboarding.business)) {
      problems.push(`onboarding.json: unknown business ${onboarding.business}`);
    }
    if (!Array.isArray(onboarding.rounds) || onboarding.rounds.length !== 3) {
      problems.push('onboarding.json: the answers of the three onboarding rounds are needed');
    }
  }
  if (problems.length > 0) throw new Error(`The assistant set in ${dir} is inconsistent:\n  ${problems.join('\n  ')}`);
  return { dir, businesses, questions, onboarding };
}

// ── Files as uploaded ─────────────────────────────────────────────────────────────────────────────

/**
 * Greedy word wrap at `width` columns. With `hyphenate`, a word of 7+ letters that does not fit is
 * split as a typesetter would: at least 3 letters stay on the line with a hyphen, at least 3 go on.
 */
function wrap(text: string, width: number, hyphenate = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      const room = width - line.length - 2;
      if (hyphenate && /^[A-Za-z]{7,}[,.;:]?$/.test(word) && room >= 3) {
        const cut = Math.min(room, word.replace(/[,.;:]$/, '').length - 3);
        if (cut >= 3) {
          lines.push(`${line} ${word.slice(0, cut)}-`);
          line = word.slice(cut);
          continue;
        }
      }
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Markdown-ish source blocks: headings, list items and paragraphs (each one line in the source). */
function sourceBlocks(source: string): { kind: 'heading' | 'item' | 'paragraph'; level: number; text: string }[] {
  return source
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const heading = line.match(/^(#{1,3})\s+(.*)$/);
      if (heading) return { kind: 'heading' as const, level: heading[1]?.length ?? 1, text: heading[2] ?? '' };
      if (line.startsWith('- ')) return { kind: 'item' as const, level: 0, text: line.slice(2) };
      return { kind: 'paragraph' as const, level: 0, text: line };
    });
}

/** PDF text lines per page and characters per line (Helvetica 12 pt on a US Letter page). */
const PDF_LINES_PER_PAGE = 36;
const PDF_LINE_CHARS = 84;

/**
 * The PDF as a word processor would print it: every text line its own text-show operation, lines
 * broken mid-sentence, a blank line between paragraphs, and pages cut wherever the page is full
 * (so a paragraph runs on over a page break).
 */
export async function buildPdf(source: string, title?: string, hyphenate = false): Promise<Buffer> {
  const lines: string[] = [];
  for (const block of sourceBlocks(source)) {
    if (block.kind === 'heading' && lines.length > 0) lines.push('');
    if (block.kind === 'item') {
      wrap(block.text, PDF_LINE_CHARS - 2, hyphenate).forEach((l, i) => {
        lines.push(i === 0 ? `• ${l}` : `  ${l}`);
      });
    } else {
      lines.push(...wrap(block.text, PDF_LINE_CHARS, hyphenate));
      if (block.kind === 'paragraph') lines.push('');
    }
  }
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const headings = new Set(
    sourceBlocks(source)
      .filter((b) => b.kind === 'heading')
      .map((b) => b.text),
  );
  for (let start = 0; start < lines.length; start += PDF_LINES_PER_PAGE) {
    const page = pdf.addPage([612, 792]);
    lines.slice(start, start + PDF_LINES_PER_PAGE).forEach((line, i) => {
      if (line) page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font: headings.has(line) ? bold : font });
    });
  }
  if (title) pdf.setTitle(title);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A .docx as Word writes one: Heading 1/2 styles for headings, body paragraphs, and bulleted list
 * items through a numbering part (which mammoth turns into a list).
 */
export function buildDocx(source: string): Buffer {
  const paragraph = (block: ReturnType<typeof sourceBlocks>[number]) => {
    const props =
      block.kind === 'heading'
        ? `<w:pPr><w:pStyle w:val="Heading${block.level}"/></w:pPr>`
        : block.kind === 'item'
          ? '<w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
          : '';
    return `<w:p>${props}<w:r><w:t xml:space="preserve">${escapeXml(block.text)}</w:t></w:r></w:p>`;
  };
  const ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const styles = [
    ['Heading1', 'heading 1'],
    ['Heading2', 'heading 2'],
    ['Heading3', 'heading 3'],
    ['ListParagraph', 'List Paragraph'],
  ]
    .map(([id, name]) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`)
    .join('');
  const parts = {
    '[Content_Types].xml':
      `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
      '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
    'word/_rels/document.xml.rels':
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
      '</Relationships>',
    'word/styles.xml': `${head}<w:styles ${ns}>${styles}</w:styles>`,
    'word/numbering.xml':
      `${head}<w:numbering ${ns}>` +
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/>' +
      '<w:lvlText w:val="•"/></w:lvl></w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
    'word/document.xml': `${head}<w:document ${ns}><w:body>${sourceBlocks(source).map(paragraph).join('')}</w:body></w:document>`,
  };
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])), { level: 6 }),
  );
}

/** The bytes uploaded for a document of the set. */
export async function documentBytes(doc: SetDocument): Promise<Buffer> {
  const source = documentText(doc);
  if (doc.format === 'pdf') return buildPdf(source, doc.title, doc.hyphenate === true);
  if (doc.format === 'docx') return buildDocx(source);
  return Buffer.from(source, 'utf8');
}
