-- Issue 30 parts 3 and 4 (decision 034).
--
-- Outbound compliance: each draft keeps the check it got before it reached the approval queue
--   automation_drafts.compliance   {version, checked_at, findings[], acknowledged_by, acknowledged_at};
--                                   null for drafts made before this migration (never checked).
--   automation_audit actions        + 'flagged' (the check found something; auto-send held)
--                                   + 'acknowledged' (a person approved despite the findings)
--   compliance_settings             the state protected classes and notice periods of a workspace.
--
-- KPIs traced to records: the upstream records each KPI figure of a snapshot was computed from
--   integration_kpi_records         one row per (snapshot, KPI, record), dropped with its snapshot.

ALTER TABLE automation_drafts ADD COLUMN compliance jsonb;

ALTER TABLE automation_audit DROP CONSTRAINT automation_audit_action_check;
ALTER TABLE automation_audit ADD CONSTRAINT automation_audit_action_check CHECK (
  action IN ('queued', 'approved', 'edited', 'rejected', 'auto_approved', 'sent', 'send_failed', 'flagged', 'acknowledged')
);

CREATE TABLE compliance_settings (
  workspace_id uuid NOT NULL PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  state_classes text[] NOT NULL DEFAULT '{}',
  entry_notice_hours integer CHECK (entry_notice_hours BETWEEN 0 AND 720),
  rent_increase_notice_days integer CHECK (rent_increase_notice_days BETWEEN 0 AND 365),
  termination_notice_days integer CHECK (termination_notice_days BETWEEN 0 AND 365),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE integration_kpi_records (
  workspace_id uuid NOT NULL,
  snapshot_id uuid NOT NULL,
  kpi text NOT NULL CHECK (kpi IN ('rentals', 'units', 'unpaid_bills', 'receivables', 'open_tasks')),
  ord integer NOT NULL,
  record_id text NOT NULL,
  name text NOT NULL,
  amount_cents bigint,
  record_date text,
  url text,
  PRIMARY KEY (workspace_id, snapshot_id, kpi, ord),
  FOREIGN KEY (workspace_id, snapshot_id) REFERENCES integration_kpi_snapshots (workspace_id, id) ON DELETE CASCADE
);

ALTER TABLE compliance_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY compliance_settings_tenant ON compliance_settings USING (workspace_id = app_workspace_id());
ALTER TABLE integration_kpi_records ENABLE ROW LEVEL SECURITY;
CREATE POLICY integration_kpi_records_tenant ON integration_kpi_records USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE ON compliance_settings TO helixis_app;
GRANT SELECT, INSERT, DELETE ON integration_kpi_records TO helixis_app;
