-- Final dashboard (doc 3 §2, §3, §4): weekly business insights, Teach Your AI integration mode
-- (per-source "Learn from this" switches and tracked learning sessions), workspace secrets saved by
-- secrets--add_secret (encrypted), and the embeddable chat widget (public id per workspace, documents
-- marked public).

CREATE TABLE business_insights (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- {questions_asked, tasks_created, tasks_answered, facts_learned, documents_added, automation_runs}
  metrics jsonb NOT NULL,
  -- the same counts over the 7 days before period_start
  previous jsonb NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX business_insights_recent_idx ON business_insights (workspace_id, generated_at DESC);

CREATE TABLE learning_sources (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  source_key text NOT NULL CHECK (source_key ~ '^[a-z0-9:_-]{1,80}$'),
  enabled boolean NOT NULL DEFAULT true,
  last_sync_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, source_key)
);

CREATE TABLE learning_sessions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed')),
  sources jsonb NOT NULL,
  -- per source: {key, before, after, error}
  results jsonb NOT NULL DEFAULT '[]'::jsonb,
  items_learned integer NOT NULL DEFAULT 0,
  job_id uuid,
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX learning_sessions_recent_idx ON learning_sessions (workspace_id, started_at DESC);

CREATE TABLE workspace_secrets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[A-Z][A-Z0-9_]{1,63}$'),
  value_encrypted text NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, name)
);

CREATE TABLE chat_widgets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  public_id text NOT NULL UNIQUE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

ALTER TABLE documents ADD COLUMN public boolean NOT NULL DEFAULT false;

ALTER TABLE business_insights ENABLE ROW LEVEL SECURITY;
CREATE POLICY business_insights_tenant ON business_insights USING (workspace_id = app_workspace_id());
ALTER TABLE learning_sources ENABLE ROW LEVEL SECURITY;
CREATE POLICY learning_sources_tenant ON learning_sources USING (workspace_id = app_workspace_id());
ALTER TABLE learning_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY learning_sessions_tenant ON learning_sessions USING (workspace_id = app_workspace_id());
ALTER TABLE workspace_secrets ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_secrets_tenant ON workspace_secrets USING (workspace_id = app_workspace_id());
ALTER TABLE chat_widgets ENABLE ROW LEVEL SECURITY;
CREATE POLICY chat_widgets_tenant ON chat_widgets USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, DELETE ON business_insights TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON learning_sources TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON learning_sessions TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON workspace_secrets TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON chat_widgets TO helixis_app;
