-- The dashboard's figures of a result (migration 021) are computed by the worker's pipeline thread,
-- in JavaScript, and written with the result (jobs/analysis-batch.ts): reading them out of each
-- result in this trigger cost a fifth of the worker's CPU per analysis on the embedded database.
-- The trigger still computes them for any other writer (a result written without them: tests, an
-- aborted analysis's trace), and clears them when a result is taken back.
CREATE OR REPLACE FUNCTION analysis_dashboard_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.result IS NOT NULL THEN
    -- Given by the writer with the result: nothing to read.
    IF (TG_OP = 'INSERT' AND NEW.step_ms IS NOT NULL)
       OR (TG_OP = 'UPDATE' AND NEW.step_ms IS DISTINCT FROM OLD.step_ms) THEN
      RETURN NEW;
    END IF;
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
