-- Webhooks of an environment (spec platform-shell §3, pipeline §3–§4; DESIGN.md §6 Output) and
-- their deliveries. The secret signs each body (HMAC-SHA256), so it is kept as it is; the
-- authorization value is never read back by the console. A webhook failing since `failing_since`
-- for a day is deactivated (server/delivery/worker.ts).
CREATE TABLE webhooks (
  id                   uuid PRIMARY KEY,
  environment_id       uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  url                  text NOT NULL,
  type                 text NOT NULL DEFAULT 'processed' CHECK (type IN ('processed', 'finished')),
  format               text NOT NULL DEFAULT 'full' CHECK (format IN ('full', 'light')),
  active               boolean NOT NULL DEFAULT true,
  authorization_name   text,
  authorization_value  text,
  secret               text NOT NULL,
  owner_id             uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The language of the mails its owner gets (the console's language when they created it).
  owner_locale         text NOT NULL DEFAULT 'fr',
  failing_since        timestamptz,
  deactivated_reason   text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_environment_idx ON webhooks (environment_id) WHERE active;

-- One delivery per (analysis end, webhook). `payload` is the exact JSON body, signed at each
-- attempt; `attempts` counts the attempts made, replays included.
CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY,
  webhook_id      uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  environment_id  uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  analysis_id     uuid REFERENCES analyses (id) ON DELETE SET NULL,
  analysis_name   text,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  payload         jsonb NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  -- The attempt count when the current series began (0, or where a replay started): a series has
  -- 7 attempts.
  series_start    integer NOT NULL DEFAULT 0,
  status_code     integer,
  -- The last failure: the server's words, and a stable code with its parameters for the console's.
  error           text,
  error_code      text,
  error_params    jsonb,
  duration_ms     integer,
  next_attempt_at timestamptz DEFAULT now(),
  delivered_at    timestamptz,
  error_at        timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC);
CREATE INDEX webhook_deliveries_environment_idx ON webhook_deliveries (environment_id, created_at DESC);
CREATE INDEX webhook_deliveries_analysis_idx ON webhook_deliveries (analysis_id);

-- Every attempt of a delivery, as the receiver answered it.
CREATE TABLE webhook_attempts (
  delivery_id  uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt      integer NOT NULL,
  started_at   timestamptz NOT NULL,
  duration_ms  integer NOT NULL,
  status_code  integer,
  error        text,
  error_code   text,
  error_params jsonb,
  PRIMARY KEY (delivery_id, attempt)
);

-- The body of a delivery: the output module's payload with the analysis's final status, lightened
-- for the light format (no HTML body, no NLU output, attachments without their data); for an
-- analysis without payload (in error, or without output module), its identity, status and error.
CREATE FUNCTION webhook_payload(output jsonb, format text, id uuid, name text, status text, error text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN output IS NULL OR status <> 'processed' THEN
      jsonb_build_object('analysisId', id, 'name', name, 'status', status)
        || CASE WHEN error IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('error', error) END
    WHEN format = 'light' THEN
      CASE WHEN jsonb_typeof(output -> 'attachments') = 'array' THEN
        jsonb_set(jsonb_set(output, '{status}', to_jsonb(status)) - 'htmlBody' - 'nlu', '{attachments}',
          (SELECT coalesce(jsonb_agg(a - 'data'), '[]'::jsonb) FROM jsonb_array_elements(output -> 'attachments') a))
      ELSE jsonb_set(output, '{status}', to_jsonb(status)) - 'htmlBody' - 'nlu' END
    ELSE jsonb_set(output, '{status}', to_jsonb(status))
  END
$$;
