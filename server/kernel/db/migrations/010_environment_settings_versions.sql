-- The pipeline configuration of an environment (analyses/pipeline-config.ts) is its documents, its
-- content settings (environments.settings) and its extractor settings. The documents already give
-- resource_versions a new value on every write (migration 009); these triggers do the same for the
-- two settings, under the resource '#settings' of the environment's scope. The greatest version of
-- an environment's scope therefore changes on every write of anything its pipeline reads, and the
-- analysis worker keeps the configuration in memory exactly while it does not
-- (analyses/pipeline-config-cache.ts).
CREATE FUNCTION bump_settings_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO resource_versions (resource, scope_key, version)
     SELECT ''#settings'', k.environment_id, nextval(''resource_version_seq'')
     FROM (SELECT DISTINCT %I AS environment_id FROM %I) k
     ORDER BY 2
     ON CONFLICT (resource, scope_key) DO UPDATE SET version = EXCLUDED.version',
    TG_ARGV[0], CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
  RETURN NULL;
END
$$;

CREATE TRIGGER environments_settings_updated AFTER UPDATE ON environments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_settings_version('id');
CREATE TRIGGER extractor_settings_inserted AFTER INSERT ON extractor_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_settings_version('environment_id');
CREATE TRIGGER extractor_settings_updated AFTER UPDATE ON extractor_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_settings_version('environment_id');
CREATE TRIGGER extractor_settings_deleted AFTER DELETE ON extractor_settings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_settings_version('environment_id');

-- The worker reads the greatest version of a scope with each batch it claims.
CREATE INDEX resource_versions_scope_idx ON resource_versions (scope_key, version);
