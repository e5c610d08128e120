-- Business profiles (one per user), the workspace's business summary and the onboarding activity.
-- business_profiles: doc 1 §3. business_profiles_v3: the business summary (doc 1 §3, §7).

CREATE TABLE business_profiles (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  business_description text,
  business_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  essential_info jsonb NOT NULL DEFAULT '{}'::jsonb,
  onboarding_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  onboarding_progress jsonb NOT NULL DEFAULT '{"currentRound": 1, "rounds": []}'::jsonb,
  onboarding_completed boolean NOT NULL DEFAULT false,
  session_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
-- Upsert on user_id (one profile per user and workspace).
CREATE UNIQUE INDEX business_profiles_user_key ON business_profiles (workspace_id, user_id);
CREATE INDEX business_profiles_recent_idx ON business_profiles (workspace_id, updated_at DESC);

CREATE TABLE business_profiles_v3 (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  summary_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_refreshed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

ALTER TABLE business_profiles ENABLE ROW LEVEL SECURITY;
CREATE POLICY business_profiles_tenant ON business_profiles USING (workspace_id = app_workspace_id());

ALTER TABLE business_profiles_v3 ENABLE ROW LEVEL SECURITY;
CREATE POLICY business_profiles_v3_tenant ON business_profiles_v3 USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON business_profiles, business_profiles_v3 TO helixis_app;
