-- Mail and calendars (doc 2, doc 3): OAuth flows and tokens for Gmail / Outlook, the inbound
-- e-mail alias and the mails it receives, and calendar events imported from .ics files.
-- Tokens and PKCE verifiers are stored only encrypted (platform/crypto.ts, bound to their row).

CREATE TABLE oauth_states (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('gmail', 'outlook')),
  code_verifier_encrypted text NOT NULL,
  redirect_uri text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, nonce)
);

CREATE TABLE oauth_tokens (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('gmail', 'outlook')),
  access_token_encrypted text NOT NULL,
  refresh_token_encrypted text,
  expires_at timestamptz,
  scopes text NOT NULL DEFAULT '',
  account_hint text,
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'error')),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id, provider)
);

-- One inbound address per workspace; the local part is unique across workspaces because the SMTP
-- listener finds the workspace from it.
CREATE TABLE email_aliases (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  local_part text NOT NULL UNIQUE,
  address text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

CREATE TABLE mail_messages (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('alias', 'gmail', 'outlook')),
  external_id text,
  from_address text,
  to_address text,
  subject text NOT NULL DEFAULT '',
  body_text text NOT NULL DEFAULT '',
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  document_id uuid,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX mail_messages_recent_idx ON mail_messages (workspace_id, received_at DESC);

CREATE TABLE calendar_imports (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source_type text NOT NULL CHECK (source_type IN ('file', 'url')),
  source_name text,
  calendar_name text,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  error text,
  events integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);

CREATE TABLE calendar_events (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  import_id uuid NOT NULL,
  uid text NOT NULL,
  summary text NOT NULL DEFAULT '',
  location text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  all_day boolean NOT NULL DEFAULT false,
  recurring boolean NOT NULL DEFAULT false,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX calendar_events_start_idx ON calendar_events (workspace_id, starts_at);

ALTER TABLE oauth_states ENABLE ROW LEVEL SECURITY;
CREATE POLICY oauth_states_tenant ON oauth_states USING (workspace_id = app_workspace_id());
ALTER TABLE oauth_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY oauth_tokens_tenant ON oauth_tokens USING (workspace_id = app_workspace_id());
ALTER TABLE email_aliases ENABLE ROW LEVEL SECURITY;
CREATE POLICY email_aliases_tenant ON email_aliases USING (workspace_id = app_workspace_id());
ALTER TABLE mail_messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY mail_messages_tenant ON mail_messages USING (workspace_id = app_workspace_id());
ALTER TABLE calendar_imports ENABLE ROW LEVEL SECURITY;
CREATE POLICY calendar_imports_tenant ON calendar_imports USING (workspace_id = app_workspace_id());
ALTER TABLE calendar_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY calendar_events_tenant ON calendar_events USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON oauth_states TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON oauth_tokens TO helixis_app;
GRANT SELECT, INSERT, DELETE ON email_aliases TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON mail_messages TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON calendar_imports TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON calendar_events TO helixis_app;
