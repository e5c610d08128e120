-- Property-management connections (Buildium, AppFolio) per workspace and the KPI snapshots read
-- from them. The secret is stored only encrypted (platform/crypto.ts, AES-256-GCM, bound to the
-- workspace and provider); client ids and hosts are not secret and stay readable for the settings page.

CREATE TABLE integration_connections (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('buildium', 'appfolio')),
  client_id text NOT NULL,
  secret_encrypted text NOT NULL,
  -- Buildium: API base URL (null = production host); AppFolio: the customer's host.
  base_url text,
  status text NOT NULL DEFAULT 'never' CHECK (status IN ('never', 'connected', 'invalid')),
  last_verified_at timestamptz,
  last_error_code text,
  last_error text,
  last_trace_id text,
  -- The data read after connecting: pending while the refresh job runs, then ready or failed.
  sync_status text NOT NULL DEFAULT 'idle' CHECK (sync_status IN ('idle', 'pending', 'ready', 'failed')),
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, provider)
);

CREATE TABLE integration_kpi_snapshots (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  provider text NOT NULL CHECK (provider IN ('buildium', 'appfolio')),
  kpis jsonb NOT NULL,
  pages integer NOT NULL DEFAULT 0,
  duration_ms integer NOT NULL DEFAULT 0,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX integration_kpi_snapshots_recent_idx ON integration_kpi_snapshots (workspace_id, provider, fetched_at DESC);

ALTER TABLE integration_connections ENABLE ROW LEVEL SECURITY;
CREATE POLICY integration_connections_tenant ON integration_connections USING (workspace_id = app_workspace_id());
ALTER TABLE integration_kpi_snapshots ENABLE ROW LEVEL SECURITY;
CREATE POLICY integration_kpi_snapshots_tenant ON integration_kpi_snapshots USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON integration_connections TO helixis_app;
GRANT SELECT, INSERT, DELETE ON integration_kpi_snapshots TO helixis_app;
