-- Throttling counters (server/auth/login-throttle.ts), one row per key: a sign-in account, client
-- address or device, a forgotten-password address or account, a current-password check. An attempt
-- is counted by one INSERT … ON CONFLICT DO UPDATE before anything slow is checked, so parallel
-- attempts cannot all read the same count
-- (docs/decisions/auth-attempts-counted-before-checked.md). `refused` says whether the last attempt
-- found the limit reached (the statement's answer: RETURNING sees only the new row). A fixed window
-- starts at the first attempt counted and lasts the limit's window.
CREATE TABLE attempt_counters (
  key          text PRIMARY KEY,
  count        integer NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now(),
  refused      boolean NOT NULL DEFAULT false
);
CREATE INDEX attempt_counters_window_idx ON attempt_counters (window_start);

-- Replaced by attempt_counters (read-then-write counts let parallel attempts through).
DROP TABLE login_failures;
