-- Fact ledger and regression questions (issue 30 parts 1-2, decision 035).
--
-- facts                 one current value per (workspace, key, scope): scope is the workspace, a property or a
--                       unit (scope_id '' for the workspace); expires_at marks a value that needs review after.
-- fact_versions         every value any source stated for a fact (document and passage, onboarding round,
--                       task and who answered, integration and sync time), kept after it stops being current.
-- fact_conflicts        two sources disagreeing on a fact; at most one open per fact, with the task that asks
--                       the owner to settle it.
-- regression_questions  completed tasks' questions with the person's answer (one per task).
-- assistant_apply_checks the run of the regression set and the saved questions before Apply to Live.

ALTER TABLE facts ADD COLUMN scope_type text NOT NULL DEFAULT 'workspace'
  CHECK (scope_type IN ('workspace', 'property', 'unit'));
ALTER TABLE facts ADD COLUMN scope_id text NOT NULL DEFAULT '';
ALTER TABLE facts ADD COLUMN scope_label text;
ALTER TABLE facts ADD COLUMN expires_at timestamptz;
ALTER TABLE facts ADD CONSTRAINT facts_scope_id_check
  CHECK ((scope_type = 'workspace') = (scope_id = '') AND length(scope_id) <= 120);
ALTER TABLE facts DROP CONSTRAINT facts_workspace_id_key_key;
ALTER TABLE facts ADD CONSTRAINT facts_workspace_key_scope_key UNIQUE (workspace_id, key, scope_type, scope_id);

CREATE TABLE fact_versions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  fact_id uuid NOT NULL,
  value text NOT NULL,
  confidence integer NOT NULL CHECK (confidence >= 0 AND confidence <= 100),
  source text NOT NULL CHECK (source IN ('integration', 'document', 'conversation', 'manual')),
  provenance jsonb NOT NULL,
  -- document, onboarding, task, integration, profile, correction, manual, conversation
  source_kind text NOT NULL,
  -- Who is speaking: 'team' for the owner and staff, 'document:<title>', 'integration:<provider>'.
  speaker text NOT NULL,
  recorded_by uuid,
  expires_at timestamptz,
  status text NOT NULL CHECK (status IN ('current', 'superseded', 'disputed', 'rejected')),
  observed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, fact_id) REFERENCES facts (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX fact_versions_fact_idx ON fact_versions (workspace_id, fact_id, observed_at DESC);

CREATE TABLE fact_conflicts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  fact_id uuid NOT NULL,
  -- The value answered from and the one that disagrees with it.
  current_version_id uuid NOT NULL,
  other_version_id uuid NOT NULL,
  task_id uuid,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_value text,
  resolved_by uuid,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, fact_id) REFERENCES facts (workspace_id, id) ON DELETE CASCADE,
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
);
CREATE UNIQUE INDEX fact_conflicts_one_open ON fact_conflicts (workspace_id, fact_id) WHERE status = 'open';

-- Existing facts become the first version of their ledger.
INSERT INTO fact_versions (workspace_id, fact_id, value, confidence, source, provenance, source_kind, speaker, status, observed_at)
SELECT f.workspace_id, f.id, f.value, f.confidence, f.source, f.provenance,
       CASE WHEN f.provenance ->> 'type' IN ('document', 'onboarding', 'task', 'integration', 'profile', 'correction', 'manual')
            THEN f.provenance ->> 'type' ELSE 'conversation' END,
       CASE WHEN f.provenance ->> 'type' = 'document' THEN 'document:' || (f.provenance ->> 'source')
            WHEN f.provenance ->> 'type' = 'integration' THEN 'integration:' || (f.provenance ->> 'source')
            ELSE 'team' END,
       'current', f.updated_at
  FROM facts f;

ALTER TABLE tasks DROP CONSTRAINT tasks_task_type_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_task_type_check
  CHECK (task_type IN ('unanswered_question', 'sensitive_question', 'follow_up', 'fact_conflict'));

CREATE TABLE regression_questions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL,
  question text NOT NULL,
  expected_answer text NOT NULL,
  fact_id uuid,
  answered_by uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, task_id)
);

CREATE TABLE assistant_apply_checks (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  run_by uuid NOT NULL,
  live jsonb NOT NULL,
  test jsonb NOT NULL,
  results jsonb NOT NULL,
  blocking integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX assistant_apply_checks_recent_idx ON assistant_apply_checks (workspace_id, created_at DESC);

ALTER TABLE fact_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE fact_conflicts ENABLE ROW LEVEL SECURITY;
ALTER TABLE regression_questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE assistant_apply_checks ENABLE ROW LEVEL SECURITY;
CREATE POLICY fact_versions_tenant ON fact_versions USING (workspace_id = app_workspace_id());
CREATE POLICY fact_conflicts_tenant ON fact_conflicts USING (workspace_id = app_workspace_id());
CREATE POLICY regression_questions_tenant ON regression_questions USING (workspace_id = app_workspace_id());
CREATE POLICY assistant_apply_checks_tenant ON assistant_apply_checks USING (workspace_id = app_workspace_id());
GRANT SELECT, INSERT, UPDATE, DELETE ON fact_versions, fact_conflicts, regression_questions, assistant_apply_checks
  TO helixis_app;
