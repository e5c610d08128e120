-- The assistant: chat threads and messages, tasks for humans, and the test copy's link to its live assistant.

ALTER TABLE assistants ADD COLUMN parent_assistant_id uuid;
-- A live assistant has one test version (doc 3 §3).
CREATE UNIQUE INDEX assistants_one_test_copy ON assistants (workspace_id, parent_assistant_id) WHERE is_test_version;

CREATE TABLE threads (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX threads_user_recent_idx ON threads (workspace_id, user_id, updated_at DESC);

CREATE TABLE messages (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  confidence real CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1)),
  task_id uuid,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, thread_id) REFERENCES threads (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_thread_idx ON messages (workspace_id, thread_id, created_at);

CREATE TABLE tasks (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'completed')),
  priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('high', 'medium', 'low')),
  task_type text NOT NULL CHECK (task_type IN ('unanswered_question', 'sensitive_question', 'follow_up')),
  due_date date,
  assigned_to uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  question text,
  -- Normalised question, so one open task is kept per question.
  question_key text,
  thread_id uuid,
  answer text,
  fact_id text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
CREATE INDEX tasks_status_idx ON tasks (workspace_id, status, created_at DESC);
CREATE INDEX tasks_assignee_idx ON tasks (workspace_id, assigned_to);
CREATE UNIQUE INDEX tasks_one_open_per_question ON tasks (workspace_id, question_key)
  WHERE status <> 'completed' AND question_key IS NOT NULL;

ALTER TABLE threads ENABLE ROW LEVEL SECURITY;
CREATE POLICY threads_tenant ON threads USING (workspace_id = app_workspace_id());
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY messages_tenant ON messages USING (workspace_id = app_workspace_id());
ALTER TABLE tasks ENABLE ROW LEVEL SECURITY;
CREATE POLICY tasks_tenant ON tasks USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON threads, messages, tasks TO helixis_app;
