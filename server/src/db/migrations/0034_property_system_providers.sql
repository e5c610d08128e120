-- Property systems as plugins (issue 29 item 4, decision 038): the provider column no longer lists
-- Buildium and AppFolio by name, so adding a system is its folder and one registry line. The contract's
-- provider list guards every write; the database keeps a check of the form of a provider key.

ALTER TABLE integration_connections DROP CONSTRAINT IF EXISTS integration_connections_provider_check;
ALTER TABLE integration_connections
  ADD CONSTRAINT integration_connections_provider_key CHECK (provider ~ '^[a-z][a-z0-9_-]{1,39}$');

ALTER TABLE integration_kpi_snapshots DROP CONSTRAINT IF EXISTS integration_kpi_snapshots_provider_check;
ALTER TABLE integration_kpi_snapshots
  ADD CONSTRAINT integration_kpi_snapshots_provider_key CHECK (provider ~ '^[a-z][a-z0-9_-]{1,39}$');
