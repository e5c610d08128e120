-- In-memory term index (decision 026): knowledge_stats.generation counts the writes to a workspace's
-- search index. Every ingest and every document delete adds one, in the same transaction as its chunk
-- rows, so a process holding a copy of the index in memory knows, with one primary-key read, whether
-- its copy is exactly what the database holds.
ALTER TABLE knowledge_stats ADD COLUMN generation bigint NOT NULL DEFAULT 0;
