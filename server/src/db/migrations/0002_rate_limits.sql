-- Fixed-window counters for rate limits (platform/rate-limit.ts), shared by every server process.
-- key_hash is the SHA-256 of the caller's key, so no e-mail address or IP is stored in clear.
CREATE TABLE rate_limits (
  key_hash text PRIMARY KEY,
  hits integer NOT NULL,
  window_start timestamptz NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
