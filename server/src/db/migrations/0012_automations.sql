-- Automations (doc 3 §3, §4): one row per automation of a workspace, its status kept by the domain's
-- automationReducer, and a run log from which the stats {today, 7d} are counted.

CREATE TABLE automations (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('email_inbox', 'sms_text', 'call_followup', 'smart_rescheduler')),
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('connected', 'needs_auth', 'paused', 'error')),
  enabled boolean NOT NULL DEFAULT false,
  error_msg text,
  connections jsonb NOT NULL DEFAULT '{"gmail":false,"ms365":false,"twilio":false,"voice":false}'::jsonb,
  config jsonb NOT NULL,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CHECK ((status = 'error') OR (error_msg IS NULL))
);
CREATE INDEX automations_created_idx ON automations (workspace_id, created_at);

CREATE TABLE automation_runs (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  automation_id uuid NOT NULL,
  ts timestamptz NOT NULL DEFAULT clock_timestamp(),
  msg text NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'error')),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, automation_id) REFERENCES automations (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX automation_runs_recent_idx ON automation_runs (workspace_id, automation_id, ts DESC);

ALTER TABLE automations ENABLE ROW LEVEL SECURITY;
CREATE POLICY automations_tenant ON automations USING (workspace_id = app_workspace_id());
ALTER TABLE automation_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY automation_runs_tenant ON automation_runs USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON automations TO helixis_app;
GRANT SELECT, INSERT, DELETE ON automation_runs TO helixis_app;
