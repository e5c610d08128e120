-- Chunk embeddings, computed by the knowledge.embed job after a document is READY (already searchable
-- by BM25). They do not join the main ranking (docs/decisions/017-embeddings-storage.md).
--
-- `embedding real[]` always exists, so PostgreSQL without pgvector (Debian's PostgreSQL 15 here)
-- compares vectors in the application. Where the `vector` extension is installable (PGlite ships it),
-- a `vec vector` column mirrors it and cosine distance is computed in SQL. The column has no fixed
-- dimension (the model is configurable), so there is no ANN index: exact scan of one workspace.

CREATE TABLE chunk_embeddings (
  workspace_id uuid NOT NULL,
  chunk_id uuid NOT NULL,
  document_id uuid NOT NULL,
  -- the model that produced the vector; a search compares only vectors of the configured model
  model text NOT NULL,
  dims integer NOT NULL CHECK (dims > 0),
  embedding real[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, chunk_id),
  FOREIGN KEY (workspace_id, chunk_id) REFERENCES document_chunks (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, document_id) REFERENCES documents (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX chunk_embeddings_model_idx ON chunk_embeddings (workspace_id, model, dims);
CREATE INDEX chunk_embeddings_document_idx ON chunk_embeddings (workspace_id, document_id);

ALTER TABLE chunk_embeddings ENABLE ROW LEVEL SECURITY;
CREATE POLICY chunk_embeddings_tenant ON chunk_embeddings USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON chunk_embeddings TO helixis_app;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    EXECUTE 'ALTER TABLE chunk_embeddings ADD COLUMN vec vector';
  END IF;
END
$$;
