-- Widget appearance (issue 28 item 8): what visitors of the owner's site see, one row per workspace
-- (chat_widgets already is). NULL greeting = the product's default text; the checks repeat the
-- contract's rules so nothing else can reach the script's styles.
ALTER TABLE chat_widgets
  ADD COLUMN greeting text CHECK (greeting IS NULL OR char_length(greeting) BETWEEN 1 AND 300),
  ADD COLUMN accent_color text NOT NULL DEFAULT '#1d4ed8' CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  ADD COLUMN suggested_questions text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(suggested_questions) <= 4),
  ADD COLUMN position text NOT NULL DEFAULT 'bottom-right' CHECK (position IN ('bottom-right', 'bottom-left')),
  ADD COLUMN appearance_updated_at timestamptz;
