-- How an analysis's large values are stored (docs/decisions/platform-result-as-json-text.md).
--
-- 1. The result is `json`, the text the pipeline wrote, no longer `jsonb`. Every analysis writes
-- its result once and a client reads it back once as text; jsonb parsed it on the way in and printed
-- it on the way out. Measured on PGlite, a 16 KB result: 280 µs of the worker's main thread to parse
-- it into jsonb against 50 µs to check it as json; 150 µs to print it back against 50 µs. Queries
-- that look inside results (testing centre, error log, dashboard figures of a result written without
-- them) cast it to jsonb once per row. The triggers that name the column are set up again around
-- the change, as PostgreSQL requires.
DROP TRIGGER analyses_dashboard_figures_insert ON analyses;
DROP TRIGGER analyses_dashboard_figures_update ON analyses;
ALTER TABLE analyses ALTER COLUMN result TYPE json USING result::json;
-- The change of type resets the column's storage: out of line and uncompressed, as migration 012 set.
ALTER TABLE analyses ALTER COLUMN result SET STORAGE EXTERNAL;

CREATE OR REPLACE FUNCTION analysis_dashboard_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  IF NEW.result IS NOT NULL THEN
    IF (TG_OP = 'INSERT' AND NEW.step_ms IS NOT NULL)
       OR (TG_OP = 'UPDATE' AND NEW.step_ms IS DISTINCT FROM OLD.step_ms) THEN
      RETURN NEW;
    END IF;
    r := NEW.result::jsonb;
    NEW.categories := ARRAY(
      SELECT DISTINCT c->>'name'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'categories') = 'array'
                                     THEN r->'categories' ELSE '[]'::jsonb END) c
      WHERE jsonb_typeof(c) = 'object' AND c->>'name' IS NOT NULL);
    NEW.extracted_fields := ARRAY(
      SELECT DISTINCT d->>'name'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'extractedData') = 'array'
                                     THEN r->'extractedData' ELSE '[]'::jsonb END) d
      WHERE jsonb_typeof(d) = 'object' AND d->>'name' IS NOT NULL
        AND coalesce(d->>'value', '') <> '');
    NEW.step_ms := ARRAY(
      SELECT (SELECT (t->>'durationMs')::float8
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r->'trace') = 'array'
                                             THEN r->'trace' ELSE '[]'::jsonb END) t
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

CREATE TRIGGER analyses_dashboard_figures_insert BEFORE INSERT ON analyses
  FOR EACH ROW WHEN (NEW.result IS NOT NULL AND NEW.step_ms IS NULL)
  EXECUTE FUNCTION analysis_dashboard_figures();
CREATE TRIGGER analyses_dashboard_figures_update BEFORE UPDATE OF result ON analyses
  FOR EACH ROW WHEN (NEW.step_ms IS NOT DISTINCT FROM OLD.step_ms)
  EXECUTE FUNCTION analysis_dashboard_figures();

-- 2. On PostgreSQL, large values are compressed with lz4. A value of over about 2 KB is compressed
-- before it is stored, with pglz by default; lz4 does it in a quarter of the time. Measured on this
-- machine (2,000 inserts each, the server's time per insert): a 16 KB result of the bench http
-- workload, 220 µs with pglz, 73 µs stored out of line uncompressed (21 KB stored), 51 µs with lz4
-- (7 KB stored); a 4 KB email file, 44 µs with pglz, 28 µs with lz4. So the columns each analysis
-- writes get lz4 (its file, its text, its result, its extraction in the cache, its webhook
-- payload), and results are compressed again there. Only values written from now on change.
-- The embedded database (PGlite) is built without lz4: there this block changes nothing, and
-- results stay uncompressed, as pglz would cost more than it saves (migration 012).
DO $$
BEGIN
  ALTER TABLE blobs ALTER COLUMN bytes SET COMPRESSION lz4;
  ALTER TABLE analyses ALTER COLUMN input_text SET COMPRESSION lz4,
                       ALTER COLUMN result SET COMPRESSION lz4,
                       ALTER COLUMN result SET STORAGE EXTENDED;
  ALTER TABLE extraction_cache ALTER COLUMN extraction SET COMPRESSION lz4;
  ALTER TABLE webhook_deliveries ALTER COLUMN payload SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
