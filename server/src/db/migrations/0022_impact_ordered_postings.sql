-- Search at scale (decision 021 §8): postings ordered by their BM25 weight, and each chunk's own terms.
--
-- chunk_postings.impact   the posting's BM25 term weight tf·(k1+1) / (tf + k1·(1 − b + b·dl/A0)) for the
--                         shipped k1 0.9, b 0.4, times 1000 and rounded up, where A0 is the workspace's
--                         average chunk length when the posting was written. The primary key becomes
--                         (workspace, lexeme, impact, chunk): a lexeme's postings are read best first, so
--                         the ranking can stop once the unread rest cannot reach the top k.
-- document_chunks.terms   {lexeme: [tf, impact]} of the chunk: the ranking reads a candidate's missing
--                         term weights from it, and deleting chunks finds their postings by primary key
--                         with it, so the (workspace, chunk) index on postings is no longer needed.
-- knowledge_stats.impact_avgdl  the smallest A0 any stored impact was computed with: with the current
--                         average length A, every unread weight is at most impact/1000 · max(1, A/A0).

ALTER TABLE document_chunks ADD COLUMN terms jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE chunk_postings ADD COLUMN impact smallint NOT NULL DEFAULT 0;
ALTER TABLE knowledge_stats ADD COLUMN impact_avgdl double precision;

UPDATE knowledge_stats
   SET impact_avgdl = greatest(total_length::float8 / greatest(chunk_count, 1), 1);

UPDATE chunk_postings p
   SET impact = ceil(1000 * p.tf * 1.9 / (p.tf + 0.9 * (0.6 + 0.4 * p.dl / s.impact_avgdl)))::smallint
  FROM knowledge_stats s
 WHERE s.workspace_id = p.workspace_id;

UPDATE document_chunks c
   SET terms = t.terms
  FROM (SELECT p.workspace_id, p.chunk_id, jsonb_object_agg(p.lexeme, jsonb_build_array(p.tf, p.impact)) AS terms
          FROM chunk_postings p
         GROUP BY p.workspace_id, p.chunk_id) t
 WHERE c.workspace_id = t.workspace_id AND c.id = t.chunk_id;

ALTER TABLE chunk_postings ALTER COLUMN impact DROP DEFAULT;
ALTER TABLE chunk_postings ADD CONSTRAINT chunk_postings_impact_check CHECK (impact > 0);
ALTER TABLE chunk_postings DROP CONSTRAINT chunk_postings_pkey;
ALTER TABLE chunk_postings ADD PRIMARY KEY (workspace_id, lexeme, impact, chunk_id) INCLUDE (tf, dl);
DROP INDEX chunk_postings_chunk_idx;

-- Deleted chunks take their postings with them, found by primary key through the chunks' terms (one
-- probe per posting; a large delete, such as a whole workspace, joins instead).
CREATE OR REPLACE FUNCTION knowledge_drop_chunk_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF (SELECT count(*) FROM gone_chunks) > 2000 THEN
    DELETE FROM chunk_postings p
     USING gone_chunks g
     WHERE p.workspace_id = g.workspace_id AND p.chunk_id = g.id;
    RETURN NULL;
  END IF;
  FOR r IN
    SELECT g.workspace_id, g.id, t.key AS lexeme, (t.value ->> 1)::smallint AS impact
      FROM gone_chunks g, jsonb_each(g.terms) t
  LOOP
    DELETE FROM chunk_postings p
     WHERE p.workspace_id = r.workspace_id AND p.lexeme = r.lexeme AND p.impact = r.impact AND p.chunk_id = r.id;
  END LOOP;
  RETURN NULL;
END;
$$;
