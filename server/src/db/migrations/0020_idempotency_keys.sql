-- Idempotency-Key (platform/idempotency.ts): the first answer of a retried mutating request, kept
-- 24 hours per workspace, user, endpoint and key. A row is 'running' while the first request works
-- and 'done' with its status and body once it answered; a failed first request leaves no row.

CREATE TABLE idempotency_keys (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  endpoint text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours',
  PRIMARY KEY (workspace_id, user_id, endpoint, key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);

ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY idempotency_keys_tenant ON idempotency_keys USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO helixis_app;
