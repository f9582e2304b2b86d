-- What every analysis's writes cost (the worker's CPU per analysis on the embedded
-- database; docs/decisions/queue-fewer-index-writes.md). An analysis's row is written three times
-- (submitted, claimed, finished), and since its status changes each time, each version is a new
-- entry in every index of the table.

-- 1. (environment_id, created_at DESC) is served as well by the dashboard's (environment_id,
-- created_at) INCLUDE (status, duration_ms) (migration 021): a B-tree is read in either direction,
-- and the analyses list's ORDER BY created_at DESC, id DESC sorts the same rows either way. One
-- index fewer to write three times per analysis.
DROP INDEX analyses_environment_created_idx;

-- 2. The dashboard figures' trigger (migration 022) is needed only when a result comes without its
-- figures; the worker writes them with the result. A trigger's WHEN is evaluated by the executor
-- without calling PL/pgSQL, which each result write of a batch paid for nothing. INSERT and UPDATE
-- need their own triggers, as only UPDATE has OLD.
DROP TRIGGER analyses_dashboard_figures ON analyses;
CREATE TRIGGER analyses_dashboard_figures_insert BEFORE INSERT ON analyses
  FOR EACH ROW WHEN (NEW.result IS NOT NULL AND NEW.step_ms IS NULL)
  EXECUTE FUNCTION analysis_dashboard_figures();
CREATE TRIGGER analyses_dashboard_figures_update BEFORE UPDATE OF result ON analyses
  FOR EACH ROW WHEN (NEW.step_ms IS NOT DISTINCT FROM OLD.step_ms)
  EXECUTE FUNCTION analysis_dashboard_figures();
