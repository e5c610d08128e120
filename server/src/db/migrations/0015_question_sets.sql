-- Test Assistant Mode's saved question set (one per workspace) and the comparisons of live and test
-- answers run from it; the latest comparison is shown before 'Apply to Live'.

CREATE TABLE assistant_question_sets (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
  updated_by uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE assistant_comparisons (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  run_by uuid NOT NULL,
  -- {assistant_id, name, system_prompt, temperature} of each side at run time
  live jsonb NOT NULL,
  test jsonb NOT NULL,
  -- [{question, live: answer, test: answer}]
  results jsonb NOT NULL CHECK (jsonb_typeof(results) = 'array'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX assistant_comparisons_recent_idx ON assistant_comparisons (workspace_id, created_at DESC);

ALTER TABLE assistant_question_sets ENABLE ROW LEVEL SECURITY;
CREATE POLICY assistant_question_sets_tenant ON assistant_question_sets USING (workspace_id = app_workspace_id());
ALTER TABLE assistant_comparisons ENABLE ROW LEVEL SECURITY;
CREATE POLICY assistant_comparisons_tenant ON assistant_comparisons USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON assistant_question_sets TO helixis_app;
GRANT SELECT, INSERT, DELETE ON assistant_comparisons TO helixis_app;
