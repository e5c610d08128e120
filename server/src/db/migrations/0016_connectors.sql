-- Business-app connectors (doc 3 §3, §7): API-key connections of the connectors that have no table of
-- their own (HubSpot, Jobber, Shopify; Buildium/AppFolio keep integration_connections and Gmail/Outlook
-- oauth_tokens), the fields each workspace lets a connector share, the cache policy per connector, and
-- the facts cached from relationship lookups in mode 'facts' (until expires_at).

CREATE TABLE connector_connections (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z0-9_]+$'),
  -- The credentials as JSON, encrypted (AES-256-GCM, bound to workspace and kind); never returned.
  secret_encrypted text NOT NULL,
  -- Non-secret facts about the account (shop domain, portal id) for links and the status list.
  account text,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'error')),
  last_error text,
  last_verified_at timestamptz,
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind)
);

CREATE TABLE connector_fields (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL,
  field_key text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind, field_key)
);

CREATE TABLE connector_cache_policies (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL,
  mode text NOT NULL DEFAULT 'pointer' CHECK (mode IN ('pointer', 'facts')),
  ttl_seconds integer NOT NULL DEFAULT 3600 CHECK (ttl_seconds BETWEEN 3600 AND 2592000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind)
);

-- One stored snapshot per looked-up subject. subject_hash is a SHA-256 of the lookup (e-mail or id),
-- so the e-mail address itself is not kept; facts holds only enabled, non-PII fields.
CREATE TABLE connector_facts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL,
  subject_hash text NOT NULL,
  found boolean NOT NULL,
  facts jsonb NOT NULL,
  sources jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, kind, subject_hash)
);
CREATE INDEX connector_facts_expiry_idx ON connector_facts (workspace_id, expires_at);

ALTER TABLE connector_connections ENABLE ROW LEVEL SECURITY;
CREATE POLICY connector_connections_tenant ON connector_connections USING (workspace_id = app_workspace_id());
ALTER TABLE connector_fields ENABLE ROW LEVEL SECURITY;
CREATE POLICY connector_fields_tenant ON connector_fields USING (workspace_id = app_workspace_id());
ALTER TABLE connector_cache_policies ENABLE ROW LEVEL SECURITY;
CREATE POLICY connector_cache_policies_tenant ON connector_cache_policies USING (workspace_id = app_workspace_id());
ALTER TABLE connector_facts ENABLE ROW LEVEL SECURITY;
CREATE POLICY connector_facts_tenant ON connector_facts USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON connector_connections TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON connector_fields TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON connector_cache_policies TO helixis_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON connector_facts TO helixis_app;
