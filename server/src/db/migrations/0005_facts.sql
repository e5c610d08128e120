-- Facts the assistant knows about the business (doc 3 §3, richer fact model), the suggestions that
-- follow from them, the questions asked (for automation suggestions) and generated FAQ pairs.
-- `key` is the canonical snake_case key: one fact per key and workspace; corrections keep the history.

CREATE TABLE facts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  key text NOT NULL CHECK (key ~ '^[a-z0-9_]{1,80}$'),
  label text NOT NULL,
  value text NOT NULL,
  confidence integer NOT NULL CHECK (confidence >= 0 AND confidence <= 100),
  source text NOT NULL CHECK (source IN ('integration', 'document', 'conversation', 'manual')),
  provenance jsonb NOT NULL,
  corrections jsonb NOT NULL DEFAULT '[]'::jsonb,
  learned_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, key)
);

CREATE TABLE fact_suggestions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The same situation is suggested once; a dismissed suggestion is not raised again.
  dedupe_key text NOT NULL,
  type text NOT NULL CHECK (type IN ('missing_integration', 'incomplete_profile', 'fact_confidence_low', 'automation_opportunity')),
  category text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  impact jsonb NOT NULL,
  effort jsonb NOT NULL,
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  triggers jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'dismissed')),
  priority integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, dedupe_key)
);
CREATE INDEX fact_suggestions_top_idx ON fact_suggestions (workspace_id, status, priority DESC, created_at);

CREATE TABLE fact_questions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  question text NOT NULL,
  topic text,
  asked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX fact_questions_recent_idx ON fact_questions (workspace_id, asked_at DESC);

CREATE TABLE faq_pairs (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  question text NOT NULL,
  -- Normalised question: a regenerated FAQ with the same question is not added twice.
  question_key text NOT NULL,
  answer text NOT NULL,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, question_key)
);

ALTER TABLE facts ENABLE ROW LEVEL SECURITY;
ALTER TABLE fact_suggestions ENABLE ROW LEVEL SECURITY;
ALTER TABLE fact_questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE faq_pairs ENABLE ROW LEVEL SECURITY;
CREATE POLICY facts_tenant ON facts USING (workspace_id = app_workspace_id());
CREATE POLICY fact_suggestions_tenant ON fact_suggestions USING (workspace_id = app_workspace_id());
CREATE POLICY fact_questions_tenant ON fact_questions USING (workspace_id = app_workspace_id());
CREATE POLICY faq_pairs_tenant ON faq_pairs USING (workspace_id = app_workspace_id());

GRANT SELECT, INSERT, UPDATE, DELETE ON facts, fact_suggestions, fact_questions, faq_pairs TO helixis_app;
