-- Named versions of an environment's configuration (docs/decisions/resources-versions.md): a
-- snapshot of the document that export and import also use (server/environments/configuration.ts).
CREATE TABLE environment_versions (
  id             uuid PRIMARY KEY,
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name           text NOT NULL,
  configuration  jsonb NOT NULL,
  owner_id       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX environment_versions_environment_idx ON environment_versions (environment_id, created_at DESC)
