-- Mail connectors (docs/connectors.md): a mailbox of an environment whose new mail becomes
-- analyses, and to which labels and drafts are written back. `settings` are the app type's
-- (server/integrations/mailboxes/settings.ts); `secrets` their secret values as one sealed JSON
-- (server/kernel/secrets.ts), never read back; `cursor` where the fetching stands in the mailbox
-- (UIDVALIDITY and last UID for IMAP). A run holds the connector's lease (`lease_until`), so that
-- one mailbox is fetched by one worker at a time whatever the number of workers.
CREATE TABLE connectors (
  id                 uuid PRIMARY KEY,
  environment_id     uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name               text NOT NULL,
  app_type           text NOT NULL CHECK (app_type IN ('imap')),
  active             boolean NOT NULL DEFAULT false,
  settings           jsonb NOT NULL,
  secrets            text,
  secret_fields      text[] NOT NULL DEFAULT '{}',
  cursor             jsonb NOT NULL DEFAULT '{}',
  health             text NOT NULL DEFAULT 'unknown' CHECK (health IN ('unknown', 'healthy', 'unhealthy')),
  health_problem     jsonb,
  failing_since      timestamptz,
  failure_mailed_at  timestamptz,
  last_execution_at  timestamptz,
  rate_limited_until timestamptz,
  token_expires_at   timestamptz,
  next_run_at        timestamptz NOT NULL DEFAULT now(),
  lease_until        timestamptz,
  lease_owner        uuid,
  owner_id           uuid REFERENCES users (id) ON DELETE SET NULL,
  owner_locale       text NOT NULL DEFAULT 'fr',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connectors_environment_idx ON connectors (environment_id);
CREATE INDEX connectors_due_idx ON connectors (next_run_at) WHERE active;

-- Each message a connector brought in, once: `message_key` is its Message-ID (or the SHA-256 of its
-- bytes when it has none), so a message is not analysed twice, across restarts and UIDVALIDITY
-- changes alike. `location` is where it is in the mailbox, for the write-back. The row stays when
-- its analysis is deleted (retention): the message is still not fetched again.
CREATE TABLE connector_messages (
  connector_id      uuid NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
  message_key       text NOT NULL,
  analysis_id       uuid REFERENCES analyses (id) ON DELETE SET NULL,
  location          jsonb NOT NULL,
  fetched_at        timestamptz NOT NULL DEFAULT now(),
  written_back_at   timestamptz,
  write_back_tries  int NOT NULL DEFAULT 0,
  write_back_error  jsonb,
  PRIMARY KEY (connector_id, message_key)
);
CREATE INDEX connector_messages_analysis_idx ON connector_messages (analysis_id);
CREATE INDEX connector_messages_pending_idx ON connector_messages (connector_id, fetched_at)
  WHERE written_back_at IS NULL;

-- A connector's runs, scheduled and manual, with what each found and did (the detail page's log).
CREATE TABLE connector_runs (
  id                uuid PRIMARY KEY,
  connector_id      uuid NOT NULL REFERENCES connectors (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('scheduled', 'manual')),
  state             text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  from_date         timestamptz,
  to_date           timestamptz,
  force_duplicates  boolean NOT NULL DEFAULT false,
  requested_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  found             int NOT NULL DEFAULT 0,
  fetched           int NOT NULL DEFAULT 0,
  duplicates        int NOT NULL DEFAULT 0,
  blacklisted       int NOT NULL DEFAULT 0,
  too_large         int NOT NULL DEFAULT 0,
  written_back      int NOT NULL DEFAULT 0,
  problem           jsonb
);
CREATE INDEX connector_runs_connector_idx ON connector_runs (connector_id, created_at DESC);
