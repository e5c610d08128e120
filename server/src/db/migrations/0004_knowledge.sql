-- Knowledge: documents, their chunks, and the BM25 index kept on ingest.
-- The tokenizer/stemmer runs in TypeScript (server/src/features/knowledge/tokenizer.ts) at index and
-- query time alike, so the same SQL ranks on PGlite (PG 18) and PostgreSQL 15.
--
--   documents         one uploaded file / web page / text; status PENDING → READY | failed
--   document_uploads  the raw bytes waiting for the ingest job (deleted once it has run)
--   document_chunks   chunk text with title, index, heading path and its length in terms (dl)
--   chunk_postings    (lexeme, chunk) → term frequency; dl copied in so ranking needs no join
--   knowledge_terms   per-workspace document frequency of each lexeme (df)
--   knowledge_stats   per-workspace chunk count and total length (→ avgdl)
-- Chunks, postings, df and stats of a document are written, and removed, in one transaction.

CREATE TABLE documents (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL,
  bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
  -- pdf, docx, doc, txt, md, csv, xlsx, html
  format text NOT NULL,
  -- upload, url, or the feature that added a text (facts, integration, email, ...)
  source text NOT NULL,
  source_url text,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'READY', 'failed')),
  chunk_count integer NOT NULL DEFAULT 0 CHECK (chunk_count >= 0),
  error text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX documents_recent_idx ON documents (workspace_id, created_at DESC, id DESC);

CREATE TABLE document_uploads (
  workspace_id uuid NOT NULL,
  document_id uuid NOT NULL,
  filename text NOT NULL,
  content_type text,
  data bytea NOT NULL,
  PRIMARY KEY (workspace_id, document_id),
  FOREIGN KEY (workspace_id, document_id) REFERENCES documents (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE document_chunks (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  document_id uuid NOT NULL,
  chunk_index integer NOT NULL CHECK (chunk_index >= 0),
  title text NOT NULL,
  heading_path text[] NOT NULL DEFAULT '{}',
  content text NOT NULL,
  -- number of indexed terms (BM25 document length)
  token_count integer NOT NULL CHECK (token_count >= 0),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, document_id, chunk_index),
  FOREIGN KEY (workspace_id, document_id) REFERENCES documents (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE chunk_postings (
  workspace_id uuid NOT NULL,
  lexeme text NOT NULL,
  chunk_id uuid NOT NULL,
  tf integer NOT NULL CHECK (tf > 0),
  dl integer NOT NULL CHECK (dl > 0),
  -- workspace first: a query reads only its own workspace's posting lists
  PRIMARY KEY (workspace_id, lexeme, chunk_id),
  FOREIGN KEY (workspace_id, chunk_id) REFERENCES document_chunks (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX chunk_postings_chunk_idx ON chunk_postings (workspace_id, chunk_id);

CREATE TABLE knowledge_terms (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  df integer NOT NULL CHECK (df >= 0),
  PRIMARY KEY (workspace_id, lexeme)
);

CREATE TABLE knowledge_stats (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  chunk_count bigint NOT NULL DEFAULT 0 CHECK (chunk_count >= 0),
  total_length bigint NOT NULL DEFAULT 0 CHECK (total_length >= 0),
  PRIMARY KEY (workspace_id)
);

ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE document_uploads ENABLE ROW LEVEL SECURITY;
ALTER TABLE document_chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE chunk_postings ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_terms ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_stats ENABLE ROW LEVEL SECURITY;
CREATE POLICY documents_tenant ON documents USING (workspace_id = app_workspace_id());
CREATE POLICY document_uploads_tenant ON document_uploads USING (workspace_id = app_workspace_id());
CREATE POLICY document_chunks_tenant ON document_chunks USING (workspace_id = app_workspace_id());
CREATE POLICY chunk_postings_tenant ON chunk_postings USING (workspace_id = app_workspace_id());
CREATE POLICY knowledge_terms_tenant ON knowledge_terms USING (workspace_id = app_workspace_id());
CREATE POLICY knowledge_stats_tenant ON knowledge_stats USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON documents, document_uploads, document_chunks, chunk_postings,
  knowledge_terms, knowledge_stats TO helixis_app;
