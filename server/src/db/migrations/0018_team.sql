-- Team invitations and the workspace a user last chose (a user can belong to several workspaces).

CREATE TABLE workspace_invitations (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
  -- SHA-256 of the random token in the mailed link; the token itself is never stored.
  token_hash text NOT NULL,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX workspace_invitations_token_key ON workspace_invitations (token_hash);
-- At most one open invitation per address and workspace; a new one replaces (revokes) the old.
CREATE UNIQUE INDEX workspace_invitations_open_key ON workspace_invitations (workspace_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

ALTER TABLE workspace_invitations ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspace_invitations_tenant ON workspace_invitations USING (workspace_id = app_workspace_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON workspace_invitations TO helixis_app;

CREATE TABLE active_workspaces (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX active_workspaces_workspace_idx ON active_workspaces (workspace_id);

ALTER TABLE active_workspaces ENABLE ROW LEVEL SECURITY;
CREATE POLICY active_workspaces_own ON active_workspaces USING (user_id = app_user_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON active_workspaces TO helixis_app;
