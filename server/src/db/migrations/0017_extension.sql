-- Browser extension and desktop-assistant sync (doc 3 §2, §3, §7, §9).
-- Workspace tokens are random strings; only their SHA-256 hash is stored. A token is scoped to one
-- workspace and one member, expires, and can be revoked at once.

CREATE TABLE extension_tokens (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('extension', 'desktop')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX extension_tokens_user_idx ON extension_tokens (workspace_id, user_id, created_at DESC);

-- Allowed extension domains per workspace; no row means the spec's defaults.
CREATE TABLE extension_settings (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  allowed_hosts jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One desktop-assistant (cluely) integration per member (doc 3 §3: user_id, is_active, scriptUrl).
-- The script URL embeds the token, so it is shown once and never stored.
CREATE TABLE cluely_integrations (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_active boolean NOT NULL DEFAULT true,
  token_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_synced_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, user_id)
);

ALTER TABLE extension_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY extension_tokens_tenant ON extension_tokens USING (workspace_id = app_workspace_id());
ALTER TABLE extension_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY extension_settings_tenant ON extension_settings USING (workspace_id = app_workspace_id());
ALTER TABLE cluely_integrations ENABLE ROW LEVEL SECURITY;
CREATE POLICY cluely_integrations_tenant ON cluely_integrations USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE ON extension_tokens TO helixis_app;
GRANT SELECT, INSERT, UPDATE ON extension_settings TO helixis_app;
GRANT SELECT, INSERT, UPDATE ON cluely_integrations TO helixis_app;
