-- Posting blocks (decision 027): one row per lexeme and ingest batch instead of one row per posting.
--
-- posting_blocks        (workspace, lexeme, block) → the postings of that lexeme written by one ingest:
--                       chunk ids, term frequencies and chunk lengths as parallel arrays.
--                       A bulk ingest of 500 SciFact documents writes ~9,000 rows instead of ~47,000, and
--                       ranking reads a lexeme's list as a few arrays instead of thousands of index entries.
-- document_chunks.block the block its postings were written in: deleting chunks finds their entries by
--                       primary key (lexeme from the chunk's terms, block from the chunk).
--
-- document_chunks.terms  now {lexeme: tf}: the stored impacts (migration 0022) ordered posting rows for
--                       a pruned SQL ranking that blocks replace (large workspaces rank in memory).
--
-- Existing postings become one block per chunk (block = the chunk's id), so nothing is re-ingested.

CREATE TABLE posting_blocks (
  workspace_id uuid NOT NULL,
  lexeme text NOT NULL,
  block uuid NOT NULL,
  chunk_ids uuid[] NOT NULL,
  tfs integer[] NOT NULL,
  dls integer[] NOT NULL,
  PRIMARY KEY (workspace_id, lexeme, block),
  CHECK (cardinality(chunk_ids) > 0 AND cardinality(tfs) = cardinality(chunk_ids)
         AND cardinality(dls) = cardinality(chunk_ids))
);
CREATE INDEX posting_blocks_block_idx ON posting_blocks (workspace_id, block);

ALTER TABLE posting_blocks ENABLE ROW LEVEL SECURITY;
CREATE POLICY posting_blocks_tenant ON posting_blocks USING (workspace_id = app_workspace_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON posting_blocks TO helixis_app;

ALTER TABLE document_chunks ADD COLUMN block uuid;
UPDATE document_chunks SET block = id;
ALTER TABLE document_chunks ALTER COLUMN block SET NOT NULL;
CREATE INDEX document_chunks_block_idx ON document_chunks (workspace_id, block);

INSERT INTO posting_blocks (workspace_id, lexeme, block, chunk_ids, tfs, dls)
SELECT workspace_id, lexeme, chunk_id, ARRAY[chunk_id], ARRAY[tf], ARRAY[dl] FROM chunk_postings;

UPDATE document_chunks c
   SET terms = coalesce((SELECT jsonb_object_agg(t.key, t.value -> 0) FROM jsonb_each(c.terms) t), '{}'::jsonb);
ALTER TABLE knowledge_stats DROP COLUMN impact_avgdl;

DROP TABLE chunk_postings;

-- Deleted chunks take their postings with them, in one pass per statement: blocks with no chunk left go
-- whole (a document ingested alone, a whole workspace); blocks shared with chunks that remain lose the
-- deleted chunks' entries, found by primary key through the chunks' terms. (The statement trigger of
-- migration 0021 on document_chunks calls this function.)
CREATE OR REPLACE FUNCTION knowledge_drop_chunk_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM posting_blocks p
   USING (SELECT DISTINCT workspace_id, block FROM gone_chunks) g
   WHERE p.workspace_id = g.workspace_id AND p.block = g.block
     AND NOT EXISTS (SELECT 1 FROM document_chunks c WHERE c.workspace_id = g.workspace_id AND c.block = g.block);

  WITH gone AS (
    SELECT g.workspace_id, g.block, t.lexeme, array_agg(g.id) AS ids
      FROM gone_chunks g
      CROSS JOIN LATERAL jsonb_object_keys(g.terms) AS t(lexeme)
     WHERE EXISTS (SELECT 1 FROM document_chunks c WHERE c.workspace_id = g.workspace_id AND c.block = g.block)
     GROUP BY g.workspace_id, g.block, t.lexeme),
  kept AS (
    SELECT p.workspace_id, p.lexeme, p.block, k.chunk_ids, k.tfs, k.dls
      FROM gone
      JOIN posting_blocks p
        ON p.workspace_id = gone.workspace_id AND p.lexeme = gone.lexeme AND p.block = gone.block
      CROSS JOIN LATERAL (
        SELECT array_agg(u.c ORDER BY u.o) AS chunk_ids, array_agg(u.t ORDER BY u.o) AS tfs,
               array_agg(u.d ORDER BY u.o) AS dls
          FROM unnest(p.chunk_ids, p.tfs, p.dls) WITH ORDINALITY AS u(c, t, d, o)
         WHERE u.c <> ALL (gone.ids)) k),
  emptied AS (
    DELETE FROM posting_blocks p
     USING kept
     WHERE kept.chunk_ids IS NULL
       AND p.workspace_id = kept.workspace_id AND p.lexeme = kept.lexeme AND p.block = kept.block)
  UPDATE posting_blocks p
     SET chunk_ids = kept.chunk_ids, tfs = kept.tfs, dls = kept.dls
    FROM kept
   WHERE kept.chunk_ids IS NOT NULL
     AND p.workspace_id = kept.workspace_id AND p.lexeme = kept.lexeme AND p.block = kept.block;
  RETURN NULL;
END;
$$;
