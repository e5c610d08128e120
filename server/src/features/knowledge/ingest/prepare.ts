/**
 * The CPU-heavy half of an ingest: bytes → blocks (parsers) → chunks → indexed terms. It runs in a
 * worker thread (ingest-pool.ts, decision 031), so it imports nothing that touches the database, the
 * network or the process's state: its input and output are plain data a message can carry.
 */
import { KNOWLEDGE_LIMITS } from '@helixis/contract';
import { termFrequencies } from '@helixis/domain';
import { AppError } from '../../../platform/errors';
import { SHIPPED_RANKING } from '../search/ranking';
import { type Block, chunkBlocks } from './chunking';
import { type DocumentFormat, parseDocument, titleFromFileName } from './parsers';

/**
 * What a chunk is indexed as: its document's title (without a file extension) and its text. Titles
 * carry the words a document is about; on SciFact, indexing the title with every chunk (not only the
 * first) raised nDCG@10 from 0.661 to 0.675 (bench/scifact-direct.ts --title-in-every-chunk).
 */
export function indexedText(title: string, content: string): string {
  return `${title.replace(/\.(pdf|docx?|txt|md|csv|xlsx|html?)$/i, '')}\n\n${content}`;
}

/**
 * The terms a chunk is indexed with: its text's, plus its title's counted `titleWeight` times (tf and
 * length alike). Title weight 3 is SHIPPED_RANKING's (decision 021: SciFact nDCG@10 0.6764 → 0.6816,
 * chosen on one half of the queries, +0.003 on the other; wiki unchanged).
 */
export function indexedTerms(
  title: string,
  content: string,
  titleWeight = SHIPPED_RANKING.titleWeight,
): { tf: Map<string, number>; length: number } {
  const body = termFrequencies(content);
  const head = termFrequencies(indexedText(title, ''));
  for (const [lexeme, n] of head.tf) body.tf.set(lexeme, (body.tf.get(lexeme) ?? 0) + n * titleWeight);
  return { tf: body.tf, length: body.length + head.length * titleWeight };
}

export interface PrepareInput {
  /** An uploaded file's bytes and format, or the blocks of a page already fetched and parsed. */
  source:
    | { kind: 'file'; format: DocumentFormat; data: Uint8Array }
    | { kind: 'blocks'; blocks: Block[]; title?: string };
  /** The document's title as listed now. */
  documentTitle: string;
  /** The uploaded file's name (null for a web page). */
  filename: string | null;
}

/** One chunk ready for the index write (the caller gives it an id). */
export interface PreparedChunk {
  chunkIndex: number;
  headingPath: string[];
  content: string;
  tf: Map<string, number>;
  length: number;
}

export type PrepareResult =
  | { ok: true; title: string; chunks: PreparedChunk[]; threadId: number }
  | {
      ok: false;
      /** An AppError code; the message is written for the document's owner. */
      code: string;
      message: string;
      /** Set when the failure was not an AppError (a parser crashed): its text, for the log only. */
      internal?: string;
      threadId: number;
    };

/** The failure text for a file a parser could not read for a reason of its own. */
export const UNREADABLE_FILE = 'This file could not be read. It may be damaged, empty or password-protected.';

/**
 * The title an uploaded file is indexed and cited under. A title someone gave (a text's title, an
 * e-mail attachment's "file (Email: subject)") stays; a document listed under its bare file name is
 * named by its contents: the title it gives itself (first heading, PDF / Word metadata, see
 * parseDocument), else its file name without the extension.
 */
function titleOf(documentTitle: string, filename: string, parsed: string | undefined): string | undefined {
  if (documentTitle !== filename) return undefined;
  return parsed ?? titleFromFileName(filename);
}

/** Parses, chunks and computes the indexed terms of one document. Never throws: failures are results. */
export async function prepareChunks(input: PrepareInput, threadId: number): Promise<PrepareResult> {
  const fail = (code: string, message: string, internal?: string): PrepareResult => ({
    ok: false,
    code,
    message,
    threadId,
    ...(internal ? { internal } : {}),
  });
  let blocks: Block[];
  let title: string | undefined;
  try {
    if (input.source.kind === 'blocks') {
      blocks = input.source.blocks;
      title = input.source.title;
    } else {
      const parsed = await parseDocument(input.source.format, input.source.data);
      blocks = parsed.blocks;
      title = input.filename === null ? undefined : titleOf(input.documentTitle, input.filename, parsed.title);
    }
  } catch (err) {
    if (err instanceof AppError) return fail(err.code, err.userMessage);
    return fail('file_unreadable', UNREADABLE_FILE, err instanceof Error ? (err.stack ?? err.message) : String(err));
  }
  const chunks = chunkBlocks(blocks);
  if (chunks.length === 0) return fail('file_unreadable', 'No text was found in this document.');
  if (chunks.length > KNOWLEDGE_LIMITS.maxChunksPerDocument) {
    return fail('file_unreadable', 'This document is too long. Please split it into smaller files.');
  }
  const finalTitle = title ?? input.documentTitle;
  return {
    ok: true,
    title: finalTitle,
    threadId,
    chunks: chunks.map((chunk, chunkIndex) => ({
      chunkIndex,
      headingPath: chunk.headingPath,
      content: chunk.content,
      ...indexedTerms(finalTitle, chunk.content),
    })),
  };
}
