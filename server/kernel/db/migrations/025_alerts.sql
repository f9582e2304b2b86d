-- Alerts of an environment (spec pipeline-and-testing §3, §4, §9;
-- docs/decisions/dashboard-alerts.md). A timeout alert fires once per analysis left unfinished
-- (waiting or pending) longer than `minutes`; a threshold alert once per crossing: when more than
-- `threshold` analyses (of a status, of a category) were created in the current hour, day, week,
-- month or quarter (UTC). It fires again after it re-armed: the count fell back to the threshold or
-- below, or a new period began (`fired_period` keeps the start of the period it fired in, NULL once
-- re-armed).
CREATE TABLE alerts (
  id              uuid PRIMARY KEY,
  environment_id  uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('timeout', 'threshold')),
  minutes         integer CHECK (minutes > 0),
  threshold       integer CHECK (threshold >= 0),
  period          text CHECK (period IN ('hour', 'day', 'week', 'month', 'quarter')),
  category        text,
  status          text CHECK (status IN ('waiting', 'pending', 'processed', 'error', 'aborted')),
  email           text NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  -- The language of its mails: the console's language of whoever saved it last.
  locale          text NOT NULL DEFAULT 'fr',
  fired_period    timestamptz,
  last_fired_at   timestamptz,
  owner_id        uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'timeout' OR minutes IS NOT NULL),
  CHECK (kind <> 'threshold' OR (threshold IS NOT NULL AND period IS NOT NULL))
);
CREATE INDEX alerts_environment_idx ON alerts (environment_id, created_at DESC);
CREATE INDEX alerts_enabled_idx ON alerts (kind) WHERE enabled;

-- Each time an alert fired: for a timeout alert, one row per analysis (unique: once per analysis);
-- for a threshold alert, the period it crossed in and the count it saw. `mail_id` is its mail in the
-- outbox (one mail per alert and evaluation).
CREATE TABLE alert_firings (
  id              uuid PRIMARY KEY,
  alert_id        uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  environment_id  uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  analysis_id     uuid REFERENCES analyses (id) ON DELETE SET NULL,
  analysis_name   text,
  period_start    timestamptz,
  count           integer,
  email           text NOT NULL,
  mail_id         uuid,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alert_firings_analysis_idx ON alert_firings (alert_id, analysis_id)
  WHERE analysis_id IS NOT NULL;
CREATE INDEX alert_firings_alert_idx ON alert_firings (alert_id, created_at DESC);
CREATE INDEX alert_firings_environment_idx ON alert_firings (environment_id, created_at DESC);

-- Unfinished analyses are few among an environment's history: a timeout alert reads them by this
-- partial index (environment, creation) without visiting the finished ones. Threshold alerts count
-- the period's analyses by the dashboard's (environment_id, created_at) INCLUDE (status) index.
CREATE INDEX analyses_unfinished_created_idx ON analyses (environment_id, created_at)
  WHERE status IN ('waiting', 'pending');
