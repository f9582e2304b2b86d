-- The dashboard (docs/decisions/dashboard-counts-beside-the-row.md): what it counts of an analysis's result is
-- kept beside the row, small, so that its figures never read the results themselves (5 to 40 KB of
-- JSON stored out of line each) and outlive anonymization, which empties the result but keeps the row
-- for the counts:
--   categories        the names of the message categories decided;
--   extracted_fields  the names of the extracted data that got a value;
--   step_ms           the milliseconds of each trace step that ran (done or error), at the step's
--                     position in schemas/analysis-result.ts TRACE_STEPS (1-based), NULL for the
--                     others: one percentile aggregate per position reads it without unnesting
--                     (8 times faster than a jsonb object per analysis). A new step needs a migration.
-- A trigger writes them whenever the result is written (any writer: worker, reanalyze, tests), and
-- clears them when a result is taken back (reanalyze) but not when the row is anonymized.
ALTER TABLE analyses ADD COLUMN categories text[];
ALTER TABLE analyses ADD COLUMN extracted_fields text[];
ALTER TABLE analyses ADD COLUMN step_ms float8[];

CREATE FUNCTION analysis_dashboard_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.result IS NOT NULL THEN
    NEW.categories := ARRAY(
      SELECT DISTINCT c->>'name'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.result->'categories') = 'array'
                                     THEN NEW.result->'categories' ELSE '[]'::jsonb END) c
      WHERE jsonb_typeof(c) = 'object' AND c->>'name' IS NOT NULL);
    NEW.extracted_fields := ARRAY(
      SELECT DISTINCT d->>'name'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.result->'extractedData') = 'array'
                                     THEN NEW.result->'extractedData' ELSE '[]'::jsonb END) d
      WHERE jsonb_typeof(d) = 'object' AND d->>'name' IS NOT NULL
        AND coalesce(d->>'value', '') <> '');
    NEW.step_ms := ARRAY(
      SELECT (SELECT (t->>'durationMs')::float8
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.result->'trace') = 'array'
                                             THEN NEW.result->'trace' ELSE '[]'::jsonb END) t
              WHERE jsonb_typeof(t) = 'object' AND t->>'step' = steps.name
                AND t->>'status' IN ('done', 'error') AND jsonb_typeof(t->'durationMs') = 'number'
              LIMIT 1)
      FROM unnest(ARRAY['source', 'extractor', 'nlu', 'categorization', 'ocrDataExtraction',
                        'postProcessing', 'visionEngine', 'extraction', 'replyTemplate',
                        'consolidation', 'outputDelivery']) WITH ORDINALITY AS steps (name, position)
      ORDER BY steps.position);
  ELSIF NEW.anonymized_at IS NULL THEN
    NEW.categories := NULL;
    NEW.extracted_fields := NULL;
    NEW.step_ms := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER analyses_dashboard_figures BEFORE INSERT OR UPDATE OF result ON analyses
  FOR EACH ROW EXECUTE FUNCTION analysis_dashboard_figures();

-- The results already stored (rewritten once, by the trigger).
UPDATE analyses SET result = result WHERE result IS NOT NULL;

-- Every widget reads one environment's analyses of a period: this index serves the counts by status
-- and bucket and the analysis durations without visiting the table (index-only scans).
CREATE INDEX analyses_dashboard_idx ON analyses (environment_id, created_at) INCLUDE (status, duration_ms);
