-- Accounts v2 (issue 26, decision 030): password recovery, magic links and 6-digit codes, e-mail change.
--
-- auth_one_time_tokens   one row per mailed link that is still open: what it is for (recovery, magiclink,
--                        email_change), the address it went to, and SHA-256 hashes of the link's token and
--                        of the 6-digit code mailed with it. A new mail of the same purpose replaces the
--                        row (one open link per user and purpose); using the link or the code deletes it,
--                        so each works once. Links expire by created_at (EMAIL_OTP_TTL_SECONDS).
-- users.new_email        an e-mail change waiting for the link mailed to the new address.
-- users.*_sent_at        when the last recovery / e-mail change mail went out (GoTrue's user fields).
-- auth_sessions.sign_in_method   how the session was opened (password, otp, recovery, anonymous): the
--                        access token's `amr` claim.

CREATE TABLE auth_one_time_tokens (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('recovery', 'magiclink', 'email_change')),
  email text NOT NULL,
  token_hash text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX auth_one_time_tokens_hash_key ON auth_one_time_tokens (token_hash);
CREATE UNIQUE INDEX auth_one_time_tokens_user_purpose_key ON auth_one_time_tokens (user_id, purpose);
CREATE INDEX auth_one_time_tokens_email_idx ON auth_one_time_tokens (email);

ALTER TABLE users
  ADD COLUMN new_email text,
  ADD COLUMN email_change_sent_at timestamptz,
  ADD COLUMN recovery_sent_at timestamptz;

ALTER TABLE auth_sessions ADD COLUMN sign_in_method text NOT NULL DEFAULT 'password';
