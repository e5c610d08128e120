import { z } from 'zod';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';
import { Uuid } from './workspaces';

/**
 * Knowledge: documents (uploaded files, web pages, texts from other features) cut into chunks and
 * ranked with BM25 (upload rules, ingest / preview-website).
 */

/** Document status: PENDING while the job runs, READY when searchable; anything else is failed. */
export const DocumentStatus = z.enum(['PENDING', 'READY', 'failed']);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const KnowledgeDocument = z.object({
  id: Uuid,
  title: z.string(),
  /** Size of the uploaded file (or of the fetched page / text) in bytes. */
  bytes: z.number().int().min(0),
  status: DocumentStatus,
  chunk_count: z.number().int().min(0),
  /** Why the document failed, in words for the user; null otherwise. */
  error: z.string().nullable(),
  created_at: z.string(),
  source_url: z.string().optional(),
  /** Marked public: the embeddable chat widget may answer from it (default off). */
  public: z.boolean().default(false),
});
export type KnowledgeDocument = z.infer<typeof KnowledgeDocument>;

/** Path of the ingest function: multipart `file`, or JSON {url}; `?workspaceId=` or header x-workspace-id. */
export const INGEST_PATH = '/functions/v1/ingest';
/** The multipart field that carries the file. */
export const INGEST_FILE_FIELD = 'file';

/** JSON body of POST /functions/v1/ingest for a web page. */
export const IngestUrlInput = z
  .object({
    url: z.string().trim().min(1, 'URL ingestion needs a non-empty value.').max(2048),
    workspaceId: Uuid.optional(),
    workspace_id: Uuid.optional(),
  })
  .strict();
export type IngestUrlInput = z.infer<typeof IngestUrlInput>;

/** Answer of POST /functions/v1/ingest: at once, before the document is parsed. */
export const IngestOutput = z.object({
  document_id: Uuid,
  status: DocumentStatus,
  /** Chunks so far (0 while PENDING); GET /api/v1/documents/:id gives the final count. */
  chunks: z.number().int().min(0),
  error: z.string().nullable(),
  document: KnowledgeDocument,
});
export type IngestOutput = z.infer<typeof IngestOutput>;

/** Where a chunk sits in its document: headings from the outermost in (or a page / sheet name). */
export const HeadingPath = z.array(z.string());

/** How many earlier turns a search, rag-answer or chat request may send for a follow-up rewrite. */
export const RECENT_TURNS_MAX = 10;
export const RecentTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(8_000),
});
export type RecentTurn = z.infer<typeof RecentTurn>;

/** Why a chunk ranks where it does: the parts that add up to its score. */
export const ScoreParts = z.object({
  /** BM25 of the query (with feedback lexemes, when the ranking expands the query). */
  lexical: z.number(),
  /** Vector similarity's share (0 when no embeddings endpoint is configured). */
  vector: z.number(),
  /** Boosts: query words near each other. */
  proximity: z.number(),
});
export type ScoreParts = z.infer<typeof ScoreParts>;

/** The query that was ranked, when it differs from what the user typed (a rewritten follow-up, mended spelling). */
export const QueryRewrite = z.object({
  original: z.string(),
  rewritten: z.string(),
  /**
   * offline: earlier turns' salient words carried over; model: the rewrite prompt's answer; spelling:
   * typing slips mended from the workspace's own words ("parkign" → "parking").
   */
  method: z.enum(['offline', 'model', 'spelling']),
});
export type QueryRewrite = z.infer<typeof QueryRewrite>;

export const SearchInput = z
  .object({
    query: z.string().trim().min(1, 'Please enter a question or some words to search for.').max(2000),
    workspace_id: Uuid.optional(),
    workspaceId: Uuid.optional(),
    k: z.number().int().min(1).max(100).default(10),
    /** Earlier turns of the conversation (oldest first): a follow-up question is rewritten with them. */
    recent_turns: z.array(RecentTurn).max(RECENT_TURNS_MAX).optional(),
  })
  .strict();
export type SearchInput = z.input<typeof SearchInput>;

export const SearchHit = z.object({
  chunk_id: Uuid,
  document_id: Uuid,
  document_title: z.string(),
  chunk_index: z.number().int().min(0),
  heading_path: HeadingPath,
  /** BM25 score within the workspace; only comparable within one answer. */
  score: z.number(),
  /** A short piece of the chunk around the first matched word. */
  snippet: z.string(),
  /** The query's words (as typed, lower-cased) that occur in the chunk. */
  matched_terms: z.array(z.string()),
  /** [start, end) character ranges of the snippet where a matched word occurs (to mark them). */
  highlights: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  score_parts: ScoreParts,
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchOutput = z.object({
  results: z.array(SearchHit),
  /** Set when the query was rewritten from the recent turns before ranking. */
  rewrite: QueryRewrite.nullable(),
});
export type SearchOutput = z.infer<typeof SearchOutput>;

export const ListDocumentsInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(500),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type ListDocumentsInput = z.input<typeof ListDocumentsInput>;

/** Newest first. `total` counts every document of the workspace. */
export const DocumentList = z.object({ documents: z.array(KnowledgeDocument), total: z.number().int().min(0) });
export type DocumentList = z.infer<typeof DocumentList>;

export const DocumentIdInput = z.object({ id: Uuid }).strict();
export type DocumentIdInput = z.infer<typeof DocumentIdInput>;

/** Longest document title (a rename; titles found at ingest are cut to it too). */
export const DOCUMENT_TITLE_MAX_CHARS = 200;

/** PATCH /api/v1/documents/:id: the document's new title, trimmed, 1-200 characters. */
export const RenameDocumentInput = z
  .object({
    id: Uuid,
    title: z
      .string({ error: 'A title is required.' })
      .trim()
      .min(1, 'A title is required.')
      .max(DOCUMENT_TITLE_MAX_CHARS, `A title can have at most ${DOCUMENT_TITLE_MAX_CHARS} characters.`),
  })
  .strict();
export type RenameDocumentInput = z.infer<typeof RenameDocumentInput>;

/**
 * How people number passages: a chunk's index + 1. Search results, chat sources and the document viewer
 * all say "passage N" with this number, and links open /documents/:id?passage=N (decision 033). The
 * citation marker inside answers keeps the spec's 0-based index ([Doc:Title#Idx]).
 */
export const passageNumber = (chunkIndex: number): number => chunkIndex + 1;
/** The viewer's URL for one passage of a document (a chat citation, a search result). */
export const passageHref = (documentId: string, chunkIndex: number): string =>
  `/documents/${documentId}?passage=${passageNumber(chunkIndex)}`;

/** One passage of a document as the viewer shows it: its text under its headings, in document order. */
export const DocumentPassage = z.object({
  /** chunk_index + 1: the number search and chat show. */
  number: z.number().int().min(1),
  chunk_index: z.number().int().min(0),
  heading_path: HeadingPath,
  content: z.string(),
});
export type DocumentPassage = z.infer<typeof DocumentPassage>;

/** GET /api/v1/documents/:id/passages: the document and its parsed text, passage by passage. */
export const DocumentPassages = z.object({
  document: KnowledgeDocument,
  passages: z.array(DocumentPassage),
});
export type DocumentPassages = z.infer<typeof DocumentPassages>;

export const DeleteDocumentOutput = z.object({ id: Uuid, deleted: z.literal(true) });
export type DeleteDocumentOutput = z.infer<typeof DeleteDocumentOutput>;

export const PreviewWebsiteInput = z
  .object({ url: z.string().trim().min(1, 'URL ingestion needs a non-empty value.').max(2048) })
  .strict();
export type PreviewWebsiteInput = z.infer<typeof PreviewWebsiteInput>;

export const PreviewWebsiteOutput = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
});
export type PreviewWebsiteOutput = z.infer<typeof PreviewWebsiteOutput>;

/** File types accepted by ingest, by extension. */
export const INGEST_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.md', '.csv', '.xlsx'] as const;
/** Image types the spec lists for the onboarding chat; refused with a clear message (no offline OCR). */
export const INGEST_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

/** Limits chosen for the platform (not in the spec). */
export const KNOWLEDGE_LIMITS = {
  /** Largest uploaded file. */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Largest total of uncompressed entries inside a .docx / .xlsx (zip-bomb guard). */
  maxUnzippedBytes: 100 * 1024 * 1024,
  /** Most entries inside a .docx / .xlsx. */
  maxZipEntries: 5_000,
  /** Pages read from a PDF. */
  maxPdfPages: 2_000,
  /** Rows read from a spreadsheet or CSV (over all sheets). */
  maxRows: 100_000,
  /** Characters of text kept from one document. */
  maxTextChars: 5_000_000,
  /** Chunks one document may produce. */
  maxChunksPerDocument: 10_000,
  /** Per-workspace quotas. */
  maxDocumentsPerWorkspace: 20_000,
  maxChunksPerWorkspace: 500_000,
  /** Largest web page fetched for ingestion or preview. */
  maxPageBytes: 5 * 1024 * 1024,
  /** Characters of content returned by preview-website. */
  maxPreviewChars: 20_000,
} as const;

/** Dashboard teaching toasts of the knowledge feature. */
export const knowledgeMessages = {
  uploaded: 'Document uploaded',
  /** The toast's "processed into N chunks", in the owner's word: a chunk is a passage (decision 033). */
  uploadedBody: (passages: number) => `Processed into ${passages} ${passages === 1 ? 'passage' : 'passages'}`,
  uploadFailed: 'Upload failed',
  websiteIngested: 'Website ingested',
  ingestionFailed: 'Ingestion failed',
  imagesUnsupported: 'Images are not supported yet. Please upload a PDF, Word, text, Markdown, CSV or Excel file.',
} as const;

export const knowledgeEndpoints = {
  listDocuments: {
    method: 'GET',
    path: '/api/v1/documents',
    access: 'workspace',
    cachedRead: true,
    role: 'manager',
    summary: "The workspace's documents, newest first.",
    input: ListDocumentsInput,
    output: DocumentList,
  },
  getDocument: {
    method: 'GET',
    path: '/api/v1/documents/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'One document: its ingest status, chunk count and, on failure, the reason.',
    input: DocumentIdInput,
    output: KnowledgeDocument,
  },
  documentPassages: {
    method: 'GET',
    path: '/api/v1/documents/:id/passages',
    access: 'workspace',
    summary:
      "One document's parsed text in passage order (with headings), for the viewer a citation opens; any member of the workspace.",
    input: DocumentIdInput,
    output: DocumentPassages,
  },
  renameDocument: {
    method: 'PATCH',
    path: '/api/v1/documents/:id',
    access: 'workspace',
    role: 'manager',
    summary:
      'Renames a document: search ranks its chunks by the new title and answers cite it under that title (re-indexed in one transaction).',
    input: RenameDocumentInput,
    output: KnowledgeDocument,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/v1/documents/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Deletes a document with its chunks, postings and term statistics (one transaction).',
    input: DocumentIdInput,
    output: DeleteDocumentOutput,
  },
  search: {
    method: 'POST',
    path: '/functions/v1/search',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "BM25 search over the workspace's document chunks, best first.",
    input: SearchInput,
    output: SearchOutput,
  },
  previewWebsite: {
    method: 'POST',
    path: '/functions/v1/preview-website',
    access: 'workspace',
    role: 'manager',
    summary: 'Fetches a web page (SSRF-safe) and returns its title, description and main text.',
    input: PreviewWebsiteInput,
    output: PreviewWebsiteOutput,
  },
} as const satisfies Record<string, Endpoint>;
