-- Crash reports from the browser (POST /__client-log). Not tenant data: a visitor who is not signed
-- in can crash too, so rows are global and only the server's own connection reads or writes them
-- (row-level security on, no grant to helixis_app). The client address is stored only as a hash.
CREATE TABLE client_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('auth', 'integration', 'general')),
  boundary text NOT NULL CHECK (boundary IN ('top-level', 'route')),
  message text NOT NULL,
  stack text,
  component_stack text,
  path text NOT NULL,
  user_agent text,
  user_id uuid,
  ip_hash text NOT NULL,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_logs_created_idx ON client_logs (created_at DESC);

ALTER TABLE client_logs ENABLE ROW LEVEL SECURITY;
