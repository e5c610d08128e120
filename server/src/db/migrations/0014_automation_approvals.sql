-- Automations that really run (issue 10): drafts waiting for an owner/manager decision, the audit
-- trail of every decision and send, per-workspace Twilio credentials, and the mailbox sync state of
-- the background mail sync.

CREATE TABLE automation_drafts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  automation_id uuid NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  to_address text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  citations jsonb NOT NULL DEFAULT '[]'::jsonb,
  intent text NOT NULL,
  -- What the draft answers: a stored mail, an inbound SMS or a missed call.
  source_kind text NOT NULL CHECK (source_kind IN ('mail', 'sms', 'call')),
  source_provider text NOT NULL CHECK (source_provider IN ('alias', 'gmail', 'outlook', 'twilio')),
  source_ref text NOT NULL,
  source_from text,
  source_text text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'sent', 'rejected', 'failed')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  sent_at timestamptz,
  send_error text,
  provider_message_id text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, automation_id) REFERENCES automations (workspace_id, id) ON DELETE CASCADE,
  -- One draft per source and automation: a retried pipeline job finds the draft it made before.
  UNIQUE (workspace_id, automation_id, source_kind, source_ref)
);
CREATE INDEX automation_drafts_status_idx ON automation_drafts (workspace_id, status, created_at DESC);

-- Append-only: every queueing, decision (user or auto-send policy) and send outcome.
CREATE TABLE automation_audit (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  draft_id uuid NOT NULL,
  automation_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('queued', 'approved', 'edited', 'rejected', 'auto_approved', 'sent', 'send_failed')),
  actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  detail text NOT NULL DEFAULT '',
  ts timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, draft_id) REFERENCES automation_drafts (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX automation_audit_draft_idx ON automation_audit (workspace_id, draft_id, ts);

CREATE TABLE twilio_accounts (
  workspace_id uuid NOT NULL PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  account_sid text NOT NULL,
  auth_token_encrypted text NOT NULL,
  from_number text NOT NULL,
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When each connected mailbox was last read by the background sync.
CREATE TABLE mail_sync_state (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('gmail', 'outlook')),
  last_synced_at timestamptz,
  last_error text,
  imported integer NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, user_id, provider)
);

ALTER TABLE automation_drafts ENABLE ROW LEVEL SECURITY;
CREATE POLICY automation_drafts_tenant ON automation_drafts USING (workspace_id = app_workspace_id());
ALTER TABLE automation_audit ENABLE ROW LEVEL SECURITY;
CREATE POLICY automation_audit_tenant ON automation_audit USING (workspace_id = app_workspace_id());
ALTER TABLE twilio_accounts ENABLE ROW LEVEL SECURITY;
CREATE POLICY twilio_accounts_tenant ON twilio_accounts USING (workspace_id = app_workspace_id());
ALTER TABLE mail_sync_state ENABLE ROW LEVEL SECURITY;
CREATE POLICY mail_sync_state_tenant ON mail_sync_state USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE ON automation_drafts TO helixis_app;
GRANT SELECT, INSERT ON automation_audit TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON twilio_accounts TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON mail_sync_state TO helixis_app;
