-- The question as it was searched when a follow-up was rewritten with the earlier turns (issue 17):
-- kept with the assistant's message so the answer's details still show it after a reload.
ALTER TABLE messages ADD COLUMN rewrite jsonb;
