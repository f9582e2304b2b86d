-- Files of the platform (uploads, originals of analyses), through the BlobStore of DESIGN.md §2:
-- kept in the database by default, so every process on every machine reads them.
CREATE TABLE blobs (
  id             uuid PRIMARY KEY,
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  bytes          bytea NOT NULL,
  size           integer NOT NULL,
  sha256         text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blobs_environment_idx ON blobs (environment_id);

-- Analyses (spec pipeline-and-testing §3–4, DESIGN.md §6). A row and its queue job are created in
-- one transaction. A worker claims a waiting row by giving it its token and keeps a heartbeat while
-- it works; a row pending with a stale heartbeat lost its worker and is queued again.
CREATE TABLE analyses (
  id                  uuid PRIMARY KEY,
  environment_id      uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  name                text NOT NULL,
  input_type          text NOT NULL CHECK (input_type IN ('file', 'text', 'mail')),
  status              text NOT NULL DEFAULT 'waiting'
                      CHECK (status IN ('waiting', 'pending', 'processed', 'error', 'aborted')),
  filename            text,
  mime                text,
  size                integer NOT NULL DEFAULT 0,
  blob_id             uuid REFERENCES blobs (id) ON DELETE SET NULL,
  input_text          text,
  metadata            jsonb NOT NULL DEFAULT '{}',
  manual_final_status boolean NOT NULL DEFAULT false,
  result              jsonb,
  error               text,
  exchange_labels     jsonb,
  idempotency_key     text,
  created_by          uuid REFERENCES users (id) ON DELETE SET NULL,
  access_key_id       uuid REFERENCES access_keys (id) ON DELETE SET NULL,
  worker_token        text,
  attempts            integer NOT NULL DEFAULT 0,
  duration_ms         integer,
  created_at          timestamptz NOT NULL DEFAULT now(),
  queued_at           timestamptz,
  started_at          timestamptz,
  heartbeat_at        timestamptz,
  finished_at         timestamptz,
  anonymized_at       timestamptz
);
CREATE UNIQUE INDEX analyses_idempotency_idx ON analyses (environment_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX analyses_environment_created_idx ON analyses (environment_id, created_at DESC);
CREATE INDEX analyses_unfinished_idx ON analyses (status, heartbeat_at)
  WHERE status IN ('waiting', 'pending');

-- Extractor settings of an environment (spec pipeline-and-testing §3), one document each.
CREATE TABLE extractor_settings (
  environment_id uuid PRIMARY KEY REFERENCES environments (id) ON DELETE CASCADE,
  settings       jsonb NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The extractor's cache ("use cache", spec pipeline §3): the extraction of a file already read with
-- the same settings in the environment. Entries live one day at most (the retention job purges them).
CREATE TABLE extraction_cache (
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  key            text NOT NULL,
  extraction     jsonb NOT NULL,
  warnings       jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment_id, key)
);
