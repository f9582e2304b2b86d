-- Access keys of an environment (spec platform-shell §3): machines authenticate the public API
-- (DESIGN.md §5) with them. Only a hash of the secret is kept; the secret is shown once.
CREATE TABLE access_keys (
  id             uuid PRIMARY KEY,
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name           text NOT NULL,
  prefix         text NOT NULL,
  secret_hash    text NOT NULL UNIQUE,
  owner_id       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz
);
CREATE INDEX access_keys_environment_idx ON access_keys (environment_id)
