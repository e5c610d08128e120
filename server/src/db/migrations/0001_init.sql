-- Platform spine: auth, workspaces, memberships, profiles, assistants, activity logs.
-- Tenant tables have workspace_id in their primary key and row-level security on workspace_id.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'helixis_app') THEN
    CREATE ROLE helixis_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on the same server created it at the same moment
END
$$;

-- The connecting role must be able to SET ROLE helixis_app (a no-op for superusers).
DO $$
BEGIN
  EXECUTE format('GRANT helixis_app TO %I', current_user);
EXCEPTION WHEN others THEN
  NULL;
END
$$;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_token_hash text,
  confirmation_sent_at timestamptz,
  is_anonymous boolean NOT NULL DEFAULT false,
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  parent_hash text,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profiles (
  id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  business_role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'MEMBER')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE assistants (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  system_prompt text NOT NULL DEFAULT '',
  temperature real NOT NULL DEFAULT 0.2 CHECK (temperature >= 0 AND temperature <= 2),
  use_rag boolean NOT NULL DEFAULT true,
  assistant_type text NOT NULL DEFAULT 'personal',
  is_shared boolean NOT NULL DEFAULT false,
  is_test_version boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX assistants_one_default ON assistants (workspace_id) WHERE is_default;

CREATE TABLE activity_logs (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id bigserial NOT NULL,
  user_id uuid,
  event_type text NOT NULL,
  event_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);

-- Row-level security: the second wall behind the app's own scoping.
-- app.workspace_id and app.user_id are set per transaction by platform/tenant.ts.
CREATE FUNCTION app_workspace_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.workspace_id', true), '')::uuid $$;
CREATE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;

ALTER TABLE workspaces ENABLE ROW LEVEL SECURITY;
CREATE POLICY workspaces_tenant ON workspaces USING (id = app_workspace_id());

ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
CREATE POLICY memberships_tenant ON memberships
  USING (workspace_id = app_workspace_id() OR user_id = app_user_id())
  WITH CHECK (workspace_id = app_workspace_id());

ALTER TABLE assistants ENABLE ROW LEVEL SECURITY;
CREATE POLICY assistants_tenant ON assistants USING (workspace_id = app_workspace_id());

ALTER TABLE activity_logs ENABLE ROW LEVEL SECURITY;
CREATE POLICY activity_logs_tenant ON activity_logs USING (workspace_id = app_workspace_id());

GRANT USAGE ON SCHEMA public TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON workspaces, memberships, assistants, activity_logs TO helixis_app;
GRANT SELECT ON profiles TO helixis_app;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO helixis_app;
GRANT EXECUTE ON FUNCTION app_workspace_id(), app_user_id() TO helixis_app;
