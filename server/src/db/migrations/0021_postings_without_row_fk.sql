-- Bulk ingestion: chunk_postings loses its row-by-row foreign key to document_chunks.
-- Every posting insert paid a foreign-key check (measured ~40% of the CPU of writing postings on
-- PGlite); ingestion writes a chunk and its postings in the same transaction, so the check never
-- caught anything. The cascade it gave (deleting chunks, directly or through a document or a
-- workspace, removes their postings) is kept by a statement-level trigger that deletes the postings
-- of all deleted chunks at once.
ALTER TABLE chunk_postings DROP CONSTRAINT IF EXISTS chunk_postings_workspace_id_chunk_id_fkey;

CREATE FUNCTION knowledge_drop_chunk_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM chunk_postings p
   USING gone_chunks g
   WHERE p.workspace_id = g.workspace_id AND p.chunk_id = g.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER document_chunks_drop_postings
  AFTER DELETE ON document_chunks
  REFERENCING OLD TABLE AS gone_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION knowledge_drop_chunk_postings();
