-- The dashboard's figures summarised per environment and day of UTC
-- (docs/decisions/dashboard-daily-summaries.md), so that a year of a million analyses reads 365
-- rows instead of a million. A periodic job (server/dashboard/rollup.ts) writes them for the days
-- that ended over a day ago, never the writers of analyses; the dashboard reads these rows for the
-- whole UTC days of a period and the analyses themselves for the rest (the days at its ends, cut by
-- its time zone, the last one or two days, and any day whose summary was taken back).
--
-- A day's row exists only while it is exact: the triggers below delete it whenever an analysis of
-- that day is inserted, changed in what the dashboard counts, or deleted, more than a day after
-- its creation (reanalysis, a late final status, retention, a test's rows in the past); fresh
-- analyses, younger than any summarised day, never fire them. The job takes the day again later.
CREATE TABLE dashboard_days (
  environment_id uuid NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
  -- The day's first instant (UTC midnight).
  day            timestamptz NOT NULL,
  -- Analyses per status: {"processed": 2710, "error": 140, …}.
  statuses       jsonb NOT NULL,
  -- Analyses per message category: {"Claim": 91, …}.
  categories     jsonb NOT NULL,
  -- Processed analyses that got a value, per extracted field name: {"amount": 1800, …}.
  fields         jsonb NOT NULL,
  PRIMARY KEY (environment_id, day)
);

-- Analyses per status and quarter of an hour of the day: every time zone's offset is a whole number
-- of quarters, so the quarters give any zone's local days, weeks and months exactly.
CREATE TABLE dashboard_quarters (
  environment_id uuid NOT NULL,
  day            timestamptz NOT NULL,
  quarter        timestamptz NOT NULL,
  waiting        integer NOT NULL,
  pending        integer NOT NULL,
  processed      integer NOT NULL,
  error          integer NOT NULL,
  aborted        integer NOT NULL,
  PRIMARY KEY (environment_id, day, quarter),
  FOREIGN KEY (environment_id, day) REFERENCES dashboard_days ON DELETE CASCADE
);

-- Processing times per series (0: the whole analysis, i: the step at position i of step_ms) as a
-- histogram of logarithmic bins (server/dashboard/histogram.ts: bin 0 below 0.01 ms, then bins 2 %
-- wide), with the exact count, minimum and maximum. Percentiles read from it are within 1 % of the
-- exact ones.
CREATE TABLE dashboard_durations (
  environment_id uuid NOT NULL,
  day            timestamptz NOT NULL,
  series         smallint NOT NULL,
  runs           integer NOT NULL,
  min_ms         float8 NOT NULL,
  max_ms         float8 NOT NULL,
  bins           integer[] NOT NULL,
  counts         integer[] NOT NULL,
  PRIMARY KEY (environment_id, day, series),
  FOREIGN KEY (environment_id, day) REFERENCES dashboard_days ON DELETE CASCADE
);

-- The same histograms per UTC month, made from the days' once the whole month is summarised: a year
-- reads 12 of them per series instead of 365 (the days' bins are 250,000 values to add up). A month's
-- rows go whenever one of its days' summaries is taken back.
-- Its columns are dashboard_durations', `day` renamed `month` (the month's first instant, UTC).
CREATE TABLE dashboard_months (LIKE dashboard_durations);
ALTER TABLE dashboard_months RENAME COLUMN day TO month;
ALTER TABLE dashboard_months ADD PRIMARY KEY (environment_id, month, series),
  ADD FOREIGN KEY (environment_id) REFERENCES environments (id) ON DELETE CASCADE;

-- How far the job has summarised each environment: every day before `summarised_until` was summarised
-- once (a day without analyses has no row) or is listed in dashboard_stale.
CREATE TABLE dashboard_watermarks (
  environment_id   uuid PRIMARY KEY REFERENCES environments (id) ON DELETE CASCADE,
  summarised_until timestamptz NOT NULL
);

-- Days whose summary a trigger took back, for the job to make again. No foreign key: an environment's
-- deletion marks its days while it goes; the job forgets the marks of environments gone.
CREATE TABLE dashboard_stale (
  environment_id uuid NOT NULL,
  day            timestamptz NOT NULL,
  PRIMARY KEY (environment_id, day)
);

CREATE FUNCTION dashboard_mark_stale(env uuid, at timestamptz) RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_days
  WHERE environment_id = env AND day = date_bin('1 day', at, TIMESTAMPTZ '2000-01-01 00:00:00+00');
  DELETE FROM dashboard_months
  WHERE environment_id = env AND month = date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  INSERT INTO dashboard_stale (environment_id, day)
  VALUES (env, date_bin('1 day', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'))
  ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION analyses_dashboard_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM dashboard_mark_stale(OLD.environment_id, OLD.created_at); END IF;
  PERFORM dashboard_mark_stale(NEW.environment_id, NEW.created_at);
  RETURN NULL;
END
$$;

-- The job summarises a day only once it ended a day and an hour ago: any later change to one of its
-- analyses comes from a statement whose now() is past its creation + 1 day, so fires these. A day is
-- past the 24 hours that a manual final status may take, so only the rare late writers fire them.
CREATE TRIGGER analyses_dashboard_stale_insert AFTER INSERT ON analyses
  FOR EACH ROW WHEN (NEW.created_at < now() - interval '24 hours')
  EXECUTE FUNCTION analyses_dashboard_stale();

CREATE TRIGGER analyses_dashboard_stale_update AFTER UPDATE ON analyses
  FOR EACH ROW WHEN ((OLD.created_at < now() - interval '24 hours' OR NEW.created_at < now() - interval '24 hours')
    AND (OLD.environment_id, OLD.created_at, OLD.status, OLD.duration_ms, OLD.categories,
         OLD.extracted_fields, OLD.step_ms)
        IS DISTINCT FROM (NEW.environment_id, NEW.created_at, NEW.status, NEW.duration_ms,
                          NEW.categories, NEW.extracted_fields, NEW.step_ms))
  EXECUTE FUNCTION analyses_dashboard_stale();

-- Deletions once per statement (an environment's deletion removes all its analyses in one).
CREATE FUNCTION analyses_dashboard_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_mark_stale(g.environment_id, g.day)
  FROM (SELECT DISTINCT environment_id, date_bin('1 day', created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS day
        FROM gone WHERE created_at < now() - interval '24 hours') AS g;
  RETURN NULL;
END
$$;

CREATE TRIGGER analyses_dashboard_deleted AFTER DELETE ON analyses
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION analyses_dashboard_deleted();
