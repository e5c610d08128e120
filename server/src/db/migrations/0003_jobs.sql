-- What users see of background jobs. The queue itself lives in the `pgboss` schema, which pg-boss
-- creates and migrates on its own at start-up; this table holds only the workspace's view of a job
-- (state, progress, a user-readable error), keyed like every tenant table.

CREATE TABLE job_status (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL,
  state text NOT NULL CHECK (state IN ('created', 'active', 'completed', 'failed', 'retry')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 100),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX job_status_recent_idx ON job_status (workspace_id, created_at DESC);

ALTER TABLE job_status ENABLE ROW LEVEL SECURITY;
CREATE POLICY job_status_tenant ON job_status USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON job_status TO helixis_app;
