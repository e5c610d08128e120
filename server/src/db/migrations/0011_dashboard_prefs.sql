-- Each user's layout of the final dashboard (doc 3 §2 'Customize dashboard'): card order and which
-- cards are shown, per workspace and user. `cards` is the ordered list [{id, visible}], validated by
-- the contract before it is written.

CREATE TABLE dashboard_prefs (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cards jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);

ALTER TABLE dashboard_prefs ENABLE ROW LEVEL SECURITY;
CREATE POLICY dashboard_prefs_tenant ON dashboard_prefs USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON dashboard_prefs TO helixis_app;
