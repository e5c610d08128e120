-- Read cache invalidation (docs/decisions/020, "Load"). Each API process keeps verified sessions,
-- workspace resolutions and a few GET answers in memory, tagged with data versions. These
-- statement-level triggers tell every process which versions to bump: after a write commits,
-- PostgreSQL delivers one NOTIFY on `helixis_cache` per touched workspace ('w:<id>') or user
-- ('u:<id>'), or '*' when one statement touches too many to list (the listeners then drop everything).
-- A NOTIFY of a rolled-back transaction is never delivered.
CREATE FUNCTION helixis_cache_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  col text := TG_ARGV[1];
  ids text[];
  id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM old_rows', col) INTO ids;
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM new_rows', col) INTO ids;
  ELSE
    EXECUTE format(
      'SELECT array_agg(DISTINCT v) FROM (SELECT %1$I::text AS v FROM new_rows UNION SELECT %1$I::text FROM old_rows) t',
      col
    ) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('helixis_cache', '*');
    RETURN NULL;
  END IF;
  FOREACH id IN ARRAY ids LOOP
    IF id IS NOT NULL THEN
      PERFORM pg_notify('helixis_cache', kind || ':' || id);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
GRANT EXECUTE ON FUNCTION helixis_cache_notify() TO helixis_app;

-- Installs the three statement-level triggers (a trigger with transition tables has one event).
CREATE FUNCTION helixis_cache_watch(tbl regclass, kind text, col text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  base text := 'helixis_cache_' || kind || '_' || replace(tbl::text, '.', '_');
BEGIN
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION helixis_cache_notify(%L, %L)',
    base || '_ins', tbl, kind, col);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION helixis_cache_notify(%L, %L)',
    base || '_upd', tbl, kind, col);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION helixis_cache_notify(%L, %L)',
    base || '_del', tbl, kind, col);
END;
$$;

-- Who a request is: its session and user rows, its memberships and chosen workspace.
SELECT helixis_cache_watch('users', 'u', 'id');
SELECT helixis_cache_watch('profiles', 'u', 'id');
SELECT helixis_cache_watch('auth_sessions', 'u', 'user_id');
SELECT helixis_cache_watch('refresh_tokens', 'u', 'user_id');
SELECT helixis_cache_watch('memberships', 'u', 'user_id');
SELECT helixis_cache_watch('active_workspaces', 'u', 'user_id');
SELECT helixis_cache_watch('workspaces', 'w', 'id');

-- Every tenant table (a base table with a workspace_id column) bumps its workspace, except the search
-- index's own tables: ingestion writes hundreds of thousands of their rows in bulk, no cached read
-- depends on them, and the document row that says READY is written in the same transaction. A tenant
-- table added by a later migration calls `SELECT helixis_cache_watch('<table>', 'w', 'workspace_id');`
-- (db/read-cache.test.ts checks the tables the cached reads depend on).
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
     WHERE c.table_schema = 'public' AND c.column_name = 'workspace_id' AND tb.table_type = 'BASE TABLE'
       AND c.table_name NOT IN ('document_chunks', 'chunk_postings', 'knowledge_terms', 'knowledge_stats',
                                'chunk_embeddings')
     ORDER BY c.table_name
  LOOP
    PERFORM helixis_cache_watch(t::regclass, 'w', 'workspace_id');
  END LOOP;
END
$$;
