-- Sessions (docs/security.md, "Sessions"): one row per token issued, named by the token's `jti`.
-- The per-request user query reads the row with the user (server/repositories/tenancy.ts), so a
-- logout or a revocation written by any process is refused by every process at the next request.
-- Tokens issued before this migration carry no `jti` and are refused: their users sign in again
-- once (docs/decisions/hardening-sessions.md).
CREATE TABLE sessions (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute (server/plugins/auth.ts), not at every request.
  last_used_at   timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  user_agent     text NOT NULL DEFAULT '',
  client_address text NOT NULL DEFAULT '',
  revoked_at     timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
